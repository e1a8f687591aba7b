//! The legend under a picture: one entry for each thing it shows (the
//! shades of a count, the kinds of terrain in view, the ends, the path or
//! its bands, played and finished moves, a square's moves, teleport hops, a
//! closing move, a refused step), each with a swatch drawn as the mark is,
//! laid out in rows as wide as the picture.

use std::fmt::Write;

use super::captions::grouped;
use super::layout::Layout;
use super::marks::{bands, is_hop};
use super::markup::{esc, group, num, text_width};
use super::palette::{
    kind, paint, shade_of, BANDS, CLOSING, END, FAULT, HOP, INK, KINDS, MOVE, PATH, PLAYED, SHADES,
    START,
};
use super::view::View;
use super::Overlay;
use crate::board::Square;
use crate::grid::Int;
use crate::terrain::{Cell, Ground};

/// The legend of one picture: its entries, and the rows they are laid in.
pub(super) struct Legend {
    keys: Vec<Key>,
    rows: Vec<Vec<usize>>,
}

impl Legend {
    /// The legend of `path` over `ground` with `overlay`, as `layout`
    /// draws them.
    pub(super) fn new(
        ground: Ground<'_>,
        layout: &Layout,
        path: &[Square],
        overlay: &Overlay,
    ) -> Legend {
        let keys = keys(ground, layout, path, overlay);
        let rows = lay_out_legend(&keys, layout.small, layout.inner);
        Legend { keys, rows }
    }

    /// Its height.
    pub(super) fn height(&self, layout: &Layout) -> f64 {
        self.rows.len() as f64 * layout.small * 1.7
    }

    /// Writes it with its first row's top at `y`.
    pub(super) fn draw(&self, out: &mut String, layout: &Layout, mut y: f64) {
        let small = layout.small;
        let mut keys = String::new();
        for row in &self.rows {
            y += small * 1.2;
            let mut x = layout.words_left();
            for &item in row {
                draw_key(&mut keys, &self.keys[item], x, y, small);
                x += self.keys[item].width(small) + small * 1.2;
            }
            y += small * 0.5;
        }
        group(
            out,
            format_args!(r#"font-size="{}" fill="{INK}""#, num(small)),
            &keys,
        );
    }
}

/// One entry of the legend.
enum Key {
    /// A kind of square: its fill and name.
    Square(&'static str, String),
    /// A line: colour, dashed, name.
    Line(&'static str, bool, &'static str),
    /// A ring: colour, name.
    Ring(&'static str, &'static str),
    /// A refused step's cross.
    Cross(&'static str),
}

impl Key {
    fn name(&self) -> &str {
        match self {
            Key::Square(_, name) => name,
            Key::Line(_, _, name) | Key::Ring(_, name) | Key::Cross(name) => name,
        }
    }

    /// Swatch, gap and name, in units at font `size`.
    fn width(&self, size: f64) -> f64 {
        size * 1.6 + text_width(self.name(), size)
    }
}

/// What the picture shows, in the legend's order: the shades, the kinds
/// of terrain in view (when there is terrain), then the marks drawn.
fn keys(ground: Ground<'_>, layout: &Layout, path: &[Square], overlay: &Overlay) -> Vec<Key> {
    let mut keys = Vec::new();
    if let Some(top) = overlay.shades.iter().map(|s| s.1).max() {
        shade_keys(&mut keys, &overlay.shades, top);
    }
    if let Ground::Terrain(_) = ground {
        terrain_keys(&mut keys, ground, &layout.view);
    }
    mark_keys(&mut keys, ground, layout, path, overlay);
    keys
}

/// One entry a shade shown: its count, or the range of a band.
fn shade_keys(keys: &mut Vec<Key>, shades: &[(Square, u64)], top: u64) {
    let mut bands: Vec<(u64, u64)> = vec![(u64::MAX, 0); SHADES.len()];
    for &(_, n) in shades {
        let band = &mut bands[shade_of(n, top)];
        *band = (band.0.min(n), band.1.max(n));
    }
    for (fill, &(lo, hi)) in SHADES.iter().zip(&bands).filter(|(_, b)| b.0 <= b.1) {
        let name = match (lo == hi, hi) {
            (true, 1) => "1 move".to_owned(),
            (true, _) => format!("{lo} moves"),
            (false, _) => format!("{lo}–{hi} moves"),
        };
        keys.push(Key::Square(fill, name));
    }
}

/// One entry a kind of terrain in `view`.
fn terrain_keys(keys: &mut Vec<Key>, ground: Ground<'_>, view: &View) {
    let mut seen = [false; 6];
    for rank in view.ranks.clone() {
        for file in view.files.clone() {
            seen[kind(ground.cell(Square::new(file, rank)))] = true;
        }
    }
    for (cell, _) in KINDS.iter().zip(seen).filter(|(_, seen)| *seen) {
        let (fill, _, name) = paint(*cell);
        let name = if *cell == Cell::Plain {
            "plain: costs 1".to_owned()
        } else {
            name.to_owned()
        };
        keys.push(Key::Square(fill, name));
    }
}

/// The marks drawn: ends, the path (its bands, or played and finish), a
/// square's moves, hops, the closing move, a refused step.
fn mark_keys(
    keys: &mut Vec<Key>,
    ground: Ground<'_>,
    layout: &Layout,
    path: &[Square],
    overlay: &Overlay,
) {
    if !path.is_empty() || !overlay.ends.is_empty() {
        keys.push(Key::Ring(START, "start"));
        if path.len() > 1 || overlay.ends.len() > 1 {
            keys.push(Key::Ring(END, "end"));
        }
    }
    let every = layout.every;
    if every > 1 {
        // A sampled path's bands, first to last.
        for (colour, pair) in BANDS.iter().zip(bands(path.len(), every).windows(2)) {
            let name = format!(
                "moves {}–{}",
                grouped(pair[0].u64()),
                grouped(pair[1].u64())
            );
            keys.push(Key::Square(colour, name));
        }
        if overlay.played > 1 {
            keys.push(Key::Line(PLAYED, false, "played"));
        }
    } else if path.len() > 1 && overlay.played > 0 {
        if overlay.played > 1 {
            keys.push(Key::Line(PLAYED, false, "played"));
        }
        if overlay.played < path.len() {
            keys.push(Key::Line(PATH, false, "finish"));
        }
    } else if path.len() > 1 {
        keys.push(Key::Line(PATH, false, "knight move"));
    }
    if overlay.moves_of.is_some() {
        keys.push(Key::Line(MOVE, false, "its knight moves"));
    }
    let hop = path
        .windows(2)
        .zip(layout.moves.windows(2))
        .any(|(pair, moves)| is_hop(ground, pair, moves));
    if hop {
        keys.push(Key::Line(HOP, true, "teleport hop"));
    }
    if overlay.closed && path.len() > 1 {
        keys.push(Key::Line(CLOSING, true, "closing move"));
    }
    if overlay.fault.is_some() {
        keys.push(Key::Cross("refused step"));
    }
}

/// The legend's entries in rows no wider than `width`, each entry whole,
/// and the rows as even as their number allows: laid out in the narrowest
/// width that needs no more rows, so that the last entry never wraps alone
/// under a full row (six shades of a 1000×1000 tour: three and three, not
/// five and one).
fn lay_out_legend(keys: &[Key], size: f64, width: f64) -> Vec<Vec<usize>> {
    let rows = greedy_rows(keys, size, width);
    if rows.len() < 2 {
        return rows;
    }
    let widest = keys.iter().map(|k| k.width(size)).fold(0.0, f64::max);
    let (mut narrow, mut wide) = (widest, width);
    for _ in 0..40 {
        let mid = (narrow + wide) / 2.0;
        if greedy_rows(keys, size, mid).len() <= rows.len() {
            wide = mid;
        } else {
            narrow = mid;
        }
    }
    greedy_rows(keys, size, wide)
}

/// The entries in rows no wider than `width`, each row as full as it goes.
fn greedy_rows(keys: &[Key], size: f64, width: f64) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut x = 0.0;
    for (i, key) in keys.iter().enumerate() {
        let w = key.width(size);
        match rows.last_mut() {
            Some(row) if x + w <= width => row.push(i),
            _ => {
                rows.push(vec![i]);
                x = 0.0;
            }
        }
        x += w + size * 1.2;
    }
    rows
}

/// One legend entry with its swatch at (`x`, baseline `y`).
fn draw_key(out: &mut String, key: &Key, x: f64, y: f64, size: f64) {
    let s = size * 1.05;
    let (top, mid) = (y - size * 0.9, y - size * 0.38);
    match key {
        Key::Square(fill, _) => {
            let _ = write!(
                out,
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="#777" stroke-width="{}"/>"##,
                num(x),
                num(top),
                num(s),
                num(s),
                num(size * 0.06)
            );
        }
        Key::Line(colour, dashed, _) => {
            let dash = if *dashed {
                format!(r#" stroke-dasharray="{} {}""#, num(s * 0.3), num(s * 0.2))
            } else {
                String::new()
            };
            let _ = write!(
                out,
                r#"<path d="M{} {}h{}" stroke="{colour}" stroke-width="{}"{dash}/>"#,
                num(x),
                num(mid),
                num(s),
                num(size * 0.2)
            );
        }
        Key::Ring(colour, _) => {
            let _ = write!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{colour}" stroke-width="{}"/>"#,
                num(x + s / 2.0),
                num(mid),
                num(s * 0.4),
                num(size * 0.16)
            );
        }
        Key::Cross(_) => {
            let _ = write!(
                out,
                r#"<path d="M{} {}l{} {}m0 -{}l-{} {}" stroke="{FAULT}" stroke-width="{}"/>"#,
                num(x + s * 0.15),
                num(top + s * 0.15),
                num(s * 0.7),
                num(s * 0.7),
                num(s * 0.7),
                num(s * 0.7),
                num(s * 0.7),
                num(size * 0.18)
            );
        }
    }
    let _ = write!(
        out,
        r#"<text x="{}" y="{}">{}</text>"#,
        num(x + size * 1.6),
        num(y),
        esc(key.name())
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Six entries of a width, where five fit a row: two rows of three,
    /// not five and one; entries that fit one row stay in one row.
    #[test]
    fn rows_are_even_and_entries_whole() {
        let keys: Vec<Key> = (0..6)
            .map(|k| Key::Square("#000", format!("moves {k}00000–{k}99999")))
            .collect();
        let size = 1.0;
        let one = keys[0].width(size) + size * 1.2;
        let greedy = greedy_rows(&keys, size, one * 5.0);
        assert_eq!(greedy.iter().map(Vec::len).collect::<Vec<_>>(), [5, 1]);
        let rows = lay_out_legend(&keys, size, one * 5.0);
        assert_eq!(rows, [vec![0, 1, 2], vec![3, 4, 5]]);
        let wide = lay_out_legend(&keys, size, one * 7.0);
        assert_eq!(wide, [vec![0, 1, 2, 3, 4, 5]]);
    }
}
