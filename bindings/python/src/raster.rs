//! PNG pictures, with the `png` feature: an answer's SVG rasterised by
//! resvg, as knightd rasterises its `format=png`, its text set in the
//! repository's bundled DejaVu Sans so that a PNG looks the same on every
//! machine. A feature, off by default: resvg and its text shaping would
//! more than double the wheel's build.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

use crate::errors::Failure;

/// The fonts a PNG's text is set in (the service's own).
const FONTS: [&[u8]; 2] = [
    include_bytes!("../../../assets/fonts/DejaVuSans.ttf"),
    include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf"),
];

/// The longest side of a PNG, in pixels (knightd's `--max-png-side`).
pub const MAX_SIDE: u32 = 4_096;

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
/// own size, at most [`MAX_SIDE`]).
pub fn rasterise(svg: &str, size: Option<u32>) -> Result<Vec<u8>, Failure> {
    let failed = || Failure::new("render_too_large", "the picture could not be rasterised");
    let tree = usvg::Tree::from_str(svg, options()).map_err(|_| failed())?;
    let own = tree.size();
    let longer = own.width().max(own.height());
    // Sides of at most 65,535 pixels: exact in single precision.
    let exact = |n: u32| f32::from(u16::try_from(n).unwrap_or(u16::MAX));
    let want = size.map_or(longer.min(exact(MAX_SIDE)), exact);
    let scale = want / longer;
    // Whole pixels, a thousandth of one forgiven (single precision's
    // rounding would otherwise add a pixel to the side `size` names): the
    // fewest whole pixels that hold `x`, found among 1..=MAX_SIDE.
    let side = |x: f32| {
        let x = x * scale - 1e-3;
        (1..=MAX_SIDE).find(|&n| exact(n) >= x).unwrap_or(MAX_SIDE)
    };
    let mut pixmap =
        tiny_skia::Pixmap::new(side(own.width()), side(own.height())).ok_or_else(failed)?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|_| failed())
}
