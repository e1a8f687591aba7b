//! PNG pictures: `?format=png` (or `Accept: image/png`) on every route that
//! draws. The handler draws its SVG and answers it as a PNG to rasterise
//! ([`Rasterise`]); the layer of those routes (`layers::pictured`)
//! rasterises it here (resvg) on the worker the request holds, at `size`
//! pixels along its longer side (default: the SVG's own size), at most
//! `--max-png-side`.
//! HEAD gets the PNG's headers and rasterises nothing. Text is set in the bundled
//! DejaVu Sans (`assets/fonts/`), so a PNG looks the same on every machine.
//!
//! Kept in the service, not the library: the library has no dependencies,
//! and a PNG is a way of sending a picture, like gzip, not a way of
//! drawing one.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

use crate::convert::pixels;
use crate::error::ApiError;

/// The fonts a PNG's text is set in.
const FONTS: [&[u8]; 2] = [
    include_bytes!("../../assets/fonts/DejaVuSans.ttf"),
    include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf"),
];

/// What a PNG answer carries (`picture::png_response`): its body is the
/// SVG to rasterise, its longer side `size` pixels (else the SVG's own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rasterise {
    pub size: Option<u32>,
}

/// The options every PNG is drawn with: the bundled fonts, sans-serif
/// being DejaVu Sans.
fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut fonts = usvg::fontdb::Database::new();
        for font in FONTS {
            fonts.load_font_data(font.to_vec());
        }
        fonts.set_sans_serif_family("DejaVu Sans");
        usvg::Options {
            font_family: "DejaVu Sans".to_owned(),
            fontdb: Arc::new(fonts),
            ..usvg::Options::default()
        }
    })
}

/// `svg` as a PNG on white, its longer side `size` pixels (else the SVG's
/// own size), at most `max` a side.
pub fn rasterise(svg: &[u8], size: Option<u32>, max: u32) -> Result<Vec<u8>, ApiError> {
    let tree = usvg::Tree::from_data(svg, options()).map_err(|_| ApiError::internal())?;
    let own = tree.size();
    let longer = own.width().max(own.height());
    // Sides of at most 65,535 pixels: exact in single precision.
    let side = |n: u32| f32::from(u16::try_from(n).unwrap_or(u16::MAX));
    let want = size.map_or(longer.min(side(max)), side);
    let scale = want / longer;
    // Whole pixels, a thousandth of one forgiven (single precision's
    // rounding would otherwise add a pixel to the side `size` names).
    let (width, height) = (
        pixels(f64::from(own.width() * scale) - 1e-3, max),
        pixels(f64::from(own.height() * scale) - 1e-3, max),
    );
    let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or_else(ApiError::internal)?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|_| ApiError::internal())
}
