//! The SVG picture put together: its layout decided once ([`Layout`]),
//! then the board, the marks over it, the insets, the caption and the
//! legend written in that order (each later one drawn over the earlier),
//! into one `<svg>` with no `<style>`, `style` attribute or `id`, so that it
//! can be inserted into a page with a strict Content-Security-Policy.

use std::fmt::Write;

use super::captions::{self, caption_text};
use super::layout::Layout;
use super::legend::Legend;
use super::markup::{esc, num};
use super::{ground, inset, marks, Overlay, RenderError};
use crate::board::Square;
use crate::terrain::Ground;

/// The board as an SVG picture with `path` drawn over it.
///
/// # Errors
///
/// [`RenderError::TooLarge`] when the picture would hold too many squares.
///
/// ```
/// use knight::{draw_svg, Board, Caption, Ground, Overlay, Square};
/// let path = [Square::new(6, 1), Square::new(4, 2)];
/// let overlay = Overlay {
///     caption: Caption { asked: "One move from g2".into(), moves: Some(1), ..Caption::default() },
///     ..Overlay::default()
/// };
/// let svg = draw_svg(Ground::Plain(Board::CHESS), &path, overlay)?;
/// assert!(svg.starts_with("<svg") && svg.contains(r#"data-square="g2""#));
/// # Ok::<(), knight::RenderError>(())
/// ```
pub fn svg(ground: Ground<'_>, path: &[Square], overlay: Overlay) -> Result<String, RenderError> {
    let layout = Layout::new(ground, path, &overlay)?;
    let overlay = layout.shown(overlay);
    let lines = captions::lines(&layout, path, &overlay);
    let legend = Legend::new(ground, &layout, path, &overlay);
    let pad = layout.pad;
    let height =
        layout.words_top() + captions::height(&lines) + pad * 0.5 + legend.height(&layout) + pad;

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {} {}" width="{}" height="{}" font-family="sans-serif">"#,
        num(-layout.labels.margin_left),
        num(-pad),
        num(layout.width),
        num(height + pad),
        num(layout.pixels(layout.width)),
        num(layout.pixels(height + pad)),
    );
    let title = caption_text(&overlay.caption, layout.board).join(" ");
    let _ = writeln!(
        out,
        "<title>{}{}</title>",
        esc(&overlay.title_prefix),
        esc(&title)
    );

    ground::draw_board(&mut out, ground, &layout, &overlay);
    marks::draw_moves_of(&mut out, &layout, overlay.moves_of);
    ground::draw_terrain_marks(&mut out, ground, &layout);
    ground::draw_labels(&mut out, &layout);
    ground::draw_open_edges(&mut out, &layout);
    marks::draw_casing(&mut out, &layout, path);
    marks::draw_fault(&mut out, &layout, overlay.fault);
    marks::draw_path(&mut out, ground, &layout, path, &overlay);
    inset::draw_boxes(&mut out, &layout);
    marks::draw_ends(&mut out, &layout, path, &overlay);
    marks::draw_numbers(&mut out, &layout, path, &overlay);
    marks::draw_clues(&mut out, &layout, &overlay.clues);
    inset::draw_insets(&mut out, &layout, path);

    let y = captions::draw(&mut out, &lines, &layout, layout.words_top());
    legend.draw(&mut out, &layout, y + pad * 0.5);
    out.push_str("</svg>\n");
    Ok(out)
}
