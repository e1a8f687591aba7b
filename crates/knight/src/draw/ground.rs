//! The board under everything a picture shows: its squares one `<rect>` each
//! (named by `data-square`, painted light, dark or with their terrain), or,
//! past [`PATTERN_SQUARES`](super::PATTERN_SQUARES) plain squares, one
//! checkered pattern (one `<path>` of dark dashes a row) or one plain
//! rectangle, or blocks under a [`Wide`](super::layout::Wide) path; the
//! shaded squares of a count and the moves between them; a terrain's
//! teleports and its `S` and `E`; the files' and ranks' labels, and dashed
//! edges where the board goes on. A pattern or blocks carry `data-view` so
//! that a page can still name the square clicked.

use std::fmt::Write;

use super::layout::Layout;
use super::markup::{group, num};
use super::palette::{
    kind, paint, shade_of, BLOCK, DARK, INK, KINDS, LIGHT, MUTED, PLAIN_BOARD, SHADES,
};
use super::view::View;
use super::{Overlay, GRAPH_SQUARES};
use crate::board::{file_name, widen, Square};
use crate::terrain::{Cell, Ground};

/// The board as `layout` draws it (blocks, one pattern, or square by
/// square), then the shades over it, numbered when legible, and the moves
/// between them when asked for and not too many.
pub(super) fn draw_board(out: &mut String, ground: Ground<'_>, layout: &Layout, overlay: &Overlay) {
    if let Some(w) = &layout.wide {
        draw_blocks(out, &layout.view, w.block);
    } else if layout.patterned {
        draw_pattern(out, &layout.view, layout.checkered);
    } else {
        draw_squares(out, ground, layout);
    }
    if let Some(top) = layout.top_shade {
        let numbered = layout.numbered.then_some(layout.number_size);
        draw_shades(out, layout, &overlay.shades, top, numbered);
        if overlay.shade_moves && overlay.shades.len() <= GRAPH_SQUARES {
            draw_shade_moves(out, layout, &overlay.shades);
        }
    }
}

/// A terrain's teleports ringed, and its start and end lettered `S` and
/// `E`, where they are in view.
pub(super) fn draw_terrain_marks(out: &mut String, ground: Ground<'_>, layout: &Layout) {
    let Ground::Terrain(terrain) = ground else {
        return;
    };
    if let Some(teleports) = terrain.teleports() {
        let mut rings = String::new();
        for t in teleports.into_iter().filter(|&t| layout.view.contains(t)) {
            let (x, y) = layout.centre(t);
            let _ = write!(
                rings,
                r#"<circle cx="{}" cy="{}" r="0.3"/>"#,
                num(x),
                num(y)
            );
        }
        group(
            out,
            format_args!(r##"fill="none" stroke="#f5e6ff" stroke-width="0.08""##),
            &rings,
        );
    }
    for (square, letter) in [(terrain.start(), 'S'), (terrain.end(), 'E')] {
        if let Some(s) = square.filter(|&s| layout.view.contains(s)) {
            let (x, y) = layout.centre(s);
            let _ = writeln!(
                out,
                r##"<text x="{}" y="{}" font-size="0.6" text-anchor="middle" fill="#1b5e20" font-weight="bold">{letter}</text>"##,
                num(x),
                num(y + 0.21)
            );
        }
    }
}

/// One `<rect>` per square of the view, named by `data-square`, grouped by
/// fill: light and dark squares of each kind of terrain.
fn draw_squares(out: &mut String, ground: Ground<'_>, layout: &Layout) {
    let view = &layout.view;
    // [kind][dark]
    let mut groups: [[String; 2]; 6] = Default::default();
    for rank in view.rows() {
        for file in view.files.clone() {
            let square = Square::new(file, rank);
            let dark = usize::from((file + rank) % 2 == 0);
            let _ = write!(
                groups[kind(ground.cell(square))][dark],
                r#"<rect x="{}" y="{}" width="1" height="1" data-square="{square}"/>"#,
                layout.x(file),
                layout.y(rank)
            );
        }
    }
    for (cell, pair) in KINDS.iter().zip(&groups) {
        let (light, dark, name) = paint(*cell);
        for (fill, rects) in [light, dark].iter().zip(pair) {
            if rects.is_empty() {
                continue;
            }
            let title = if *cell == Cell::Plain {
                String::new()
            } else {
                format!("<title>{name}</title>")
            };
            let _ = writeln!(out, r#"<g fill="{fill}">{title}{rects}</g>"#);
        }
    }
}

/// The board of a large plain part: one light rectangle, and one path of
/// dark dashes a unit long and a unit apart, one line along each row (or
/// each file, when there are fewer files than ranks), each starting on its
/// first dark square; dashing starts anew on each line. Plain when not
/// `checkered`.
fn draw_pattern(out: &mut String, view: &View, checkered: bool) {
    let (files, ranks) = (view.files.len(), view.ranks.len());
    let _ = write!(
        out,
        r#"<g data-view="{} {} {files} {ranks}"><title>the board: light and dark squares</title>"#,
        view.files.start, view.ranks.start
    );
    if !checkered {
        let _ = writeln!(
            out,
            r#"<rect x="0" y="0" width="{files}" height="{ranks}" fill="{PLAIN_BOARD}"/></g>"#
        );
        return;
    }
    let _ = write!(
        out,
        r#"<rect x="0" y="0" width="{files}" height="{ranks}" fill="{LIGHT}"/>"#
    );
    // Along rows: x from the left, the row of rank r at y = top - 1 - r.
    let by_rows = files >= ranks;
    let mut d = String::with_capacity(widen(view.lines(by_rows)) * 16);
    for i in 0..view.lines(by_rows) {
        // The line's file and rank of its first square.
        let (file, rank) = if by_rows {
            (view.files.start, view.ranks.end - 1 - i)
        } else {
            (view.files.start + i, view.ranks.end - 1)
        };
        // a1 is dark: a square is dark when file + rank is even.
        let skip = (file + rank) % 2;
        let mid = f64::from(i) + 0.5;
        let (x, y) = if by_rows {
            (f64::from(skip), mid)
        } else {
            (mid, f64::from(skip))
        };
        let run = num(f64::from(view.side(by_rows) - skip));
        let _ = write!(
            d,
            "M{} {}{}{run}",
            num(x),
            num(y),
            if by_rows { 'h' } else { 'v' }
        );
    }
    let _ = writeln!(
        out,
        r#"<path d="{d}" stroke="{DARK}" stroke-width="1" stroke-dasharray="1 1"/></g>"#
    );
}

/// The board of `view` as blocks of `block`×`block` squares, checkered (the
/// block of a1 dark), keeping `data-view` for a page to name a point.
fn draw_blocks(out: &mut String, view: &View, block: u32) {
    let (files, ranks) = (view.files.len(), view.ranks.len());
    let _ = write!(
        out,
        r#"<g data-view="{} {} {files} {ranks}"><title>the board, in blocks of {block}×{block} squares</title><rect x="0" y="0" width="{files}" height="{ranks}" fill="{LIGHT}"/>"#,
        view.files.start, view.ranks.start
    );
    let mut rects = String::new();
    for bf in view.files.start / block..=(view.files.end - 1) / block {
        for br in view.ranks.start / block..=(view.ranks.end - 1) / block {
            if (bf + br) % 2 != 0 {
                continue;
            }
            let (f0, f1) = (
                (bf * block).max(view.files.start),
                ((bf + 1) * block).min(view.files.end),
            );
            let (r0, r1) = (
                (br * block).max(view.ranks.start),
                ((br + 1) * block).min(view.ranks.end),
            );
            let _ = write!(
                rects,
                r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
                f0 - view.files.start,
                view.ranks.end - r1,
                f1 - f0,
                r1 - r0
            );
        }
    }
    let _ = writeln!(out, r#"<g fill="{BLOCK}">{rects}</g></g>"#);
}

/// The shaded squares, each with its number when `numbered` (at that font
/// size). Each carries its `data-square` too, so a click on it names it.
fn draw_shades(
    out: &mut String,
    layout: &Layout,
    shades: &[(Square, u64)],
    top: u64,
    numbered: Option<f64>,
) {
    let mut groups: [String; SHADES.len()] = Default::default();
    let mut numbers: [String; 2] = Default::default();
    for &(square, n) in shades {
        let (x, y) = (layout.x(square.file()), layout.y(square.rank()));
        let shade = shade_of(n, top);
        let _ = write!(
            groups[shade],
            r#"<rect x="{x}" y="{y}" width="1" height="1" data-square="{square}" data-moves="{n}"/>"#
        );
        if let Some(size) = numbered {
            let _ = write!(
                numbers[usize::from(shade >= 5)],
                r#"<text x="{}" y="{}">{n}</text>"#,
                num(x + 0.5),
                num(y + 0.5 + size * 0.36)
            );
        }
    }
    for (fill, rects) in SHADES.iter().zip(&groups) {
        group(
            out,
            format_args!(r#"fill="{fill}" fill-opacity="0.85""#),
            rects,
        );
    }
    if let Some(size) = numbered {
        for (fill, texts) in [INK, "#fff"].iter().zip(&numbers) {
            group(
                out,
                format_args!(
                    r#"text-anchor="middle" font-size="{}" fill="{fill}" pointer-events="none""#,
                    num(size)
                ),
                texts,
            );
        }
    }
}

/// Faint lines for the knight moves from each shaded square to those
/// shaded one more.
fn draw_shade_moves(out: &mut String, layout: &Layout, shades: &[(Square, u64)]) {
    let mut d = String::new();
    for &(a, n) in shades {
        for &(b, m) in shades {
            if m == n + 1 && a.is_knight_move_to(b) {
                let ((x1, y1), (x2, y2)) = (layout.centre(a), layout.centre(b));
                let _ = write!(d, "M{} {}L{} {}", num(x1), num(y1), num(x2), num(y2));
            }
        }
    }
    if !d.is_empty() {
        let _ = writeln!(
            out,
            r#"<path d="{d}" fill="none" stroke="{MUTED}" stroke-opacity="0.45" stroke-width="0.05" pointer-events="none"><title>knight moves of the shortest paths</title></path>"#
        );
    }
}

/// File names under the board and rank numbers left of it.
pub(super) fn draw_labels(out: &mut String, layout: &Layout) {
    let (view, size) = (&layout.view, layout.labels.size);
    let nr = layout.ranks();
    // Every `stride`th line's label (all when `stride` is 1), each at the
    // place `at` gives with the text `name` gives.
    let texts = |lines: std::ops::Range<u32>,
                 stride: u32,
                 at: &dyn Fn(u32) -> (f64, f64),
                 name: &dyn Fn(u32) -> String| {
        let mut texts = String::new();
        for line in lines.filter(|&l| stride <= 1 || (l + 1) % stride == 0) {
            let (x, y) = at(line);
            let _ = write!(
                texts,
                r#"<text x="{}" y="{}">{}</text>"#,
                num(x),
                num(y),
                name(line)
            );
        }
        texts
    };
    let labels = texts(
        view.files.clone(),
        layout.labels.file_stride,
        &|file| (layout.x(file) + 0.5, nr + size * 1.15),
        &|file| file_name(u64::from(file)),
    );
    let ranks = texts(
        view.ranks.clone(),
        layout.labels.rank_stride,
        &|rank| (-size * 0.4, layout.y(rank) + 0.5 + size * 0.35),
        &|rank| (rank + 1).to_string(),
    );
    let _ = writeln!(
        out,
        r#"<g font-size="{}" fill="{MUTED}"><g text-anchor="middle">{labels}</g><g text-anchor="end">{ranks}</g></g>"#,
        num(size)
    );
}

/// Dashed lines along the sides of a cropped view where the board goes on.
pub(super) fn draw_open_edges(out: &mut String, layout: &Layout) {
    let (board, view) = (layout.board, &layout.view);
    if !view.cropped {
        return;
    }
    let (nf, nr) = (layout.files(), layout.ranks());
    let mut d = String::new();
    if view.files.start > 0 {
        let _ = write!(d, "M0 0V{}", num(nr));
    }
    if view.files.end < board.files().end {
        let _ = write!(d, "M{} 0V{}", num(nf), num(nr));
    }
    if view.ranks.end < board.ranks().end {
        let _ = write!(d, "M0 0H{}", num(nf));
    }
    if view.ranks.start > 0 {
        let _ = write!(d, "M0 {}H{}", num(nr), num(nf));
    }
    if !d.is_empty() {
        let _ = writeln!(
            out,
            r##"<path d="{d}" fill="none" stroke="#666" stroke-width="{}" stroke-dasharray="0.3 0.2"><title>the board goes on</title></path>"##,
            num(layout.px(1.5).max(0.04))
        );
    }
}
