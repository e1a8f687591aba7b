//! What is drawn over the board: the path (move by move, each move with its
//! `data-step`, teleport hops dashed, the moves played apart from the rest,
//! a closed tour's closing move; or, past
//! [`STEPPED_POINTS`](super::STEPPED_POINTS) squares, through every k-th
//! square in coloured bands), the white casing under a wide path, a refused
//! step, the rings on the ends, numbered points, a puzzle's clues and a
//! square's own knight moves. Each reads where a square is, and how wide a
//! line, from the picture's [`Layout`].

use std::fmt::Write;

use super::captions::{grouped, ordinal};
use super::layout::{sampling, Layout};
use super::markup::{group, num};
use super::palette::{BANDS, CLOSING, END, FAULT, HOP, INK, MOVE, PATH, PLAYED, START};
use super::Overlay;
use crate::board::{Int, Square};
use crate::terrain::Ground;

/// Whether the move `pair` (with its squares' move numbers `moves`) is a
/// teleport hop: from a teleport to its partner, with no move counted.
pub(super) fn is_hop(ground: Ground<'_>, pair: &[Square], moves: &[u64]) -> bool {
    moves[1] == moves[0] && ground.teleport_partner(pair[0]) == Some(pair[1])
}

/// The path as `layout` draws it: move by move, or through every k-th
/// square with the moves played over it.
pub(super) fn draw_path(
    out: &mut String,
    ground: Ground<'_>,
    layout: &Layout,
    path: &[Square],
    overlay: &Overlay,
) {
    if layout.every > 1 {
        draw_sampled_path(out, layout, path);
        draw_sampled_played(out, layout, path, overlay.played);
    } else {
        draw_moves(out, ground, layout, path, overlay);
    }
}

/// The path one segment per move with its `data-step`: the moves played
/// (see [`Overlay::played`]) wider in their own colour, hops dashed, and a
/// closed tour's closing move.
fn draw_moves(
    out: &mut String,
    ground: Ground<'_>,
    layout: &Layout,
    path: &[Square],
    overlay: &Overlay,
) {
    let Some(&first) = path.first() else {
        return;
    };
    let mut line = String::new();
    let mut played = String::new();
    let mut hops = String::new();
    for (i, pair) in path.windows(2).enumerate() {
        let (a, b) = (layout.centre(pair[0]), layout.centre(pair[1]));
        let into = if is_hop(ground, pair, &layout.moves[i..]) {
            &mut hops
        } else if i + 1 < overlay.played {
            // Move i + 1 lands on a square played.
            &mut played
        } else {
            &mut line
        };
        let _ = write!(
            into,
            r#"<path d="M{} {}L{} {}" data-step="{}"/>"#,
            num(a.0),
            num(a.1),
            num(b.0),
            num(b.1),
            i + 1
        );
    }
    let width = layout.line;
    let stroke = format!(
        r#"fill="none" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round""#,
        num(width)
    );
    group(
        out,
        format_args!(r#"stroke="{PATH}" stroke-opacity="0.9" {stroke}"#),
        &line,
    );
    if !played.is_empty() {
        let _ = writeln!(
            out,
            r#"<g stroke="{PLAYED}" data-played="{}" fill="none" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round"><title>played</title>{played}</g>"#,
            overlay.played,
            num(width * 2.0)
        );
    }
    if !hops.is_empty() {
        let _ = writeln!(
            out,
            r#"<g stroke="{HOP}" stroke-dasharray="0.25 0.2" {stroke}><title>teleport hop</title>{hops}</g>"#
        );
    }
    if overlay.closed && path.len() > 1 {
        let last = path[path.len() - 1];
        let (a, b) = (layout.centre(last), layout.centre(first));
        let _ = writeln!(
            out,
            r#"<path d="M{} {}L{} {}" stroke="{CLOSING}" stroke-dasharray="0.22 0.16" data-step="{}" {stroke}><title>closing move {last} → {first}</title></path>"#,
            num(a.0),
            num(a.1),
            num(b.0),
            num(b.1),
            path.len(),
        );
    }
}

/// The bands of a sampled path of `len` squares drawn through every
/// `every`-th: the positions in the path where each starts, and the last.
pub(super) fn bands(len: usize, every: usize) -> Vec<usize> {
    let last = len - 1;
    let points: Vec<usize> = (0..last).step_by(every).chain([last]).collect();
    let per = (points.len() - 1).div_ceil(BANDS.len()).max(1);
    let mut starts: Vec<usize> = points.iter().step_by(per).copied().collect();
    if starts.last() != Some(&last) {
        starts.push(last);
    }
    starts
}

/// A path too long to draw move by move (on a plain board, so without
/// hops): a line through every `every`-th square and the last, in relative
/// moves (a few bytes a point), in [`BANDS`] from first to last, each band
/// its own `<path>` starting where the one before ends.
fn draw_sampled_path(out: &mut String, layout: &Layout, path: &[Square]) {
    if path.len() < 2 {
        return;
    }
    let every = layout.every;
    let starts = bands(path.len(), every);
    for (band, pair) in starts.windows(2).enumerate() {
        let (from, to) = (pair[0], pair[1]);
        let (mut x, mut y) = layout.centre(path[from]);
        let mut d = format!("M{} {}l", num(x), num(y));
        let points = (from + every..to).step_by(every).chain([to]);
        for (k, i) in points.enumerate() {
            let (nx, ny) = layout.centre(path[i]);
            let (dx, dy) = (num(nx - x), num(ny - y));
            // Numbers apart by a space, or by the minus sign that starts one.
            if k > 0 && !dx.starts_with('-') {
                d.push(' ');
            }
            d.push_str(&dx);
            if !dy.starts_with('-') {
                d.push(' ');
            }
            d.push_str(&dy);
            (x, y) = (nx, ny);
        }
        let _ = writeln!(
            out,
            r#"<path d="{d}" fill="none" stroke="{}" stroke-opacity="0.85" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round"><title>the path, through every {} square: moves {} to {}</title></path>"#,
            BANDS[band % BANDS.len()],
            num(layout.line),
            ordinal(every),
            grouped(from.u64()),
            grouped(to.u64())
        );
    }
}

/// The moves played of a path drawn sampled (see [`Overlay::played`]): one
/// wide line over the bands, through every square played (or every k-th of
/// them, as [`sampling`] says, and the last).
fn draw_sampled_played(out: &mut String, layout: &Layout, path: &[Square], played: usize) {
    let played = &path[..played.min(path.len())];
    if played.len() < 2 {
        return;
    }
    let last = played.len() - 1;
    let mut d = String::new();
    for i in (0..last).step_by(sampling(played.len())).chain([last]) {
        let (x, y) = layout.centre(played[i]);
        let _ = write!(
            d,
            "{}{} {}",
            if d.is_empty() { 'M' } else { 'L' },
            num(x),
            num(y)
        );
    }
    let _ = writeln!(
        out,
        r#"<path d="{d}" data-played="{}" fill="none" stroke="{PLAYED}" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round"><title>played: moves 0 to {}</title></path>"#,
        played.len(),
        num(layout.line * 2.0),
        grouped(last.u64())
    );
}

/// Under a wide path (see [`Layout::wide`]): a white line (through every
/// k-th square, as the path is drawn), so that it stands out from the
/// board.
pub(super) fn draw_casing(out: &mut String, layout: &Layout, path: &[Square]) {
    if layout.wide.is_none() {
        return;
    }
    let last = path.len() - 1;
    let mut d = String::new();
    for (k, i) in (0..last).step_by(layout.every).chain([last]).enumerate() {
        let (x, y) = layout.centre(path[i]);
        let _ = write!(d, "{}{} {}", if k == 0 { 'M' } else { 'L' }, num(x), num(y));
    }
    let _ = writeln!(
        out,
        r##"<path d="{d}" fill="none" stroke="#fff" stroke-opacity="0.9" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round"/>"##,
        num(layout.px(9.0))
    );
}

/// A refused step (see [`Overlay::fault`]): a red dashed line with a cross
/// at its end.
pub(super) fn draw_fault(out: &mut String, layout: &Layout, fault: Option<(Square, Square)>) {
    let Some((from, to)) = fault else {
        return;
    };
    let ((x1, y1), (x2, y2)) = (layout.centre(from), layout.centre(to));
    let _ = writeln!(
        out,
        r##"<g stroke="{FAULT}" stroke-width="{}" stroke-linecap="round"><title>refused step {from} → {to}</title><line x1="{}" y1="{}" x2="{}" y2="{}" stroke-dasharray="0.2 0.15"/><path d="M{} {}l0.4 0.4m0 -0.4l-0.4 0.4"/></g>"##,
        num(layout.line.max(0.1)),
        num(x1),
        num(y1),
        num(x2),
        num(y2),
        num(x2 - 0.2),
        num(y2 - 0.2)
    );
}

/// Rings on the start (green) and end (red) of the path, or on the squares
/// asked about when there is no path; at least 5 px across, however small
/// the squares.
pub(super) fn draw_ends(out: &mut String, layout: &Layout, path: &[Square], overlay: &Overlay) {
    let ends: Vec<(Square, &str, usize, &str)> = match (path.first(), path.last()) {
        (Some(&first), Some(&last)) => {
            let mut ends = vec![(first, START, 0, "start")];
            if path.len() > 1 {
                ends.push((last, END, path.len() - 1, "end"));
            }
            ends
        }
        _ => overlay
            .ends
            .iter()
            .zip([(START, "start"), (END, "end")])
            .map(|(&s, (colour, name))| (s, colour, 0, name))
            .collect(),
    };
    let radius = layout.px(5.0).max(0.43);
    let mut rings = String::new();
    for (square, colour, step, name) in ends {
        if !layout.view.contains(square) {
            continue;
        }
        let (x, y) = layout.centre(square);
        let _ = write!(
            rings,
            r#"<circle cx="{}" cy="{}" r="{}" stroke="{colour}" data-step="{step}"><title>{name}: {square}</title></circle>"#,
            num(x),
            num(y),
            num(radius)
        );
    }
    group(
        out,
        format_args!(
            r#"fill="none" stroke-width="{}""#,
            num((layout.line * 1.2).max(0.1))
        ),
        &rings,
    );
}

/// A numbered point on each square of the path, with its `data-step`, when
/// the numbers are legible and the path is not a puzzle's (whose clues are
/// its numbers).
pub(super) fn draw_numbers(out: &mut String, layout: &Layout, path: &[Square], overlay: &Overlay) {
    if !overlay.clues.is_empty() || !layout.numbered || path.is_empty() {
        return;
    }
    let (moves, size) = (&layout.moves, layout.number_size);
    let last = path.len() - 1;
    let digits = moves.last().map_or(1, |n| n.to_string().len()) as f64;
    let r = (0.31 * size * digits + 0.07).max(0.27);
    let mut points = String::new();
    for (i, (&square, &n)) in path.iter().zip(moves).enumerate() {
        let (x, y) = layout.centre(square);
        let fill = if i == 0 {
            START
        } else if i == last {
            END
        } else if i < overlay.played {
            PLAYED
        } else {
            PATH
        };
        let _ = write!(
            points,
            r#"<g data-step="{i}"><circle cx="{}" cy="{}" r="{}" fill="{fill}"/><text x="{}" y="{}">{n}</text></g>"#,
            num(x),
            num(y),
            num(r),
            num(x),
            num(y + size * 0.36),
        );
    }
    let _ = writeln!(
        out,
        r##"<g text-anchor="middle" font-size="{}" fill="#fff">{points}</g>"##,
        num(size)
    );
}

/// A puzzle's numbered squares: each step written large on its square, on
/// a white plate that keeps it legible over the path's lines.
pub(super) fn draw_clues(out: &mut String, layout: &Layout, clues: &[(Square, u64)]) {
    if clues.is_empty() {
        return;
    }
    let mut plates = String::new();
    for &(square, n) in clues {
        let (x, y) = layout.centre(square);
        let digits = n.to_string().len() as f64;
        let w = 0.26 * digits + 0.14;
        let _ = write!(
            plates,
            r##"<g data-clue="{n}"><rect x="{}" y="{}" width="{}" height="0.5" rx="0.08" fill="#fff" stroke="{INK}" stroke-width="0.03"/><text x="{}" y="{}">{n}</text></g>"##,
            num(x - w / 2.0),
            num(y - 0.25),
            num(w),
            num(x),
            num(y + 0.16),
        );
    }
    let _ = writeln!(
        out,
        r#"<g text-anchor="middle" font-size="0.44" font-weight="bold" fill="{INK}">{plates}</g>"#
    );
}

/// The knight's moves from `from` (see [`Overlay::moves_of`]) to the
/// squares in view, each a line with a dot where it lands, `data-move`
/// naming the square it lands on.
pub(super) fn draw_moves_of(out: &mut String, layout: &Layout, from: Option<Square>) {
    let Some(from) = from.filter(|&s| layout.view.contains(s)) else {
        return;
    };
    let (x1, y1) = layout.centre(from);
    let mut lines = String::new();
    for to in layout.board.knight_moves(from) {
        if !layout.view.contains(to) {
            continue;
        }
        // Stopping short of the square's centre, where its number is.
        let (cx, cy) = layout.centre(to);
        let (dx, dy) = (cx - x1, cy - y1);
        let shorter = 1.0 - 0.3 / dx.hypot(dy);
        let (x2, y2) = (x1 + dx * shorter, y1 + dy * shorter);
        let _ = write!(
            lines,
            r#"<g data-move="{to}"><title>{from} → {to}</title><path d="M{} {}L{} {}"/><circle cx="{}" cy="{}" r="0.08"/></g>"#,
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            num(x2),
            num(y2)
        );
    }
    group(
        out,
        format_args!(
            r#"stroke="{MOVE}" fill="{MOVE}" stroke-opacity="0.85" stroke-width="{}" stroke-linecap="round" pointer-events="none""#,
            num((0.09f64).max(layout.px(2.0)))
        ),
        &lines,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::draw::svg;

    #[test]
    fn the_moves_played_are_drawn_apart_from_the_rest() {
        let board = Board::new(5, 5).unwrap();
        let path: Vec<Square> = [(0, 0), (1, 2), (2, 4), (4, 3), (3, 1)]
            .iter()
            .map(|&(f, r)| Square::new(f, r))
            .collect();
        let svg = |played| {
            let overlay = Overlay {
                played,
                ..Overlay::default()
            };
            svg(Ground::Plain(board), &path, overlay).unwrap()
        };
        // Three squares played: their two moves in the played group, the
        // other two after it; the legend names both.
        let drawn = svg(3);
        let group = drawn.lines().find(|l| l.contains("data-played")).unwrap();
        assert!(group.starts_with(&format!(r#"<g stroke="{PLAYED}" data-played="3""#)));
        assert_eq!(group.matches("data-step").count(), 2);
        assert!(group.contains(r#"data-step="1""#) && group.contains(r#"data-step="2""#));
        let rest = drawn
            .lines()
            .find(|l| l.starts_with(&format!(r#"<g stroke="{PATH}""#)))
            .unwrap();
        assert_eq!(rest.matches("data-step").count(), 2, "{drawn}");
        assert!(rest.contains(r#"data-step="3""#) && rest.contains(r#"data-step="4""#));
        assert!(drawn.contains(">played</text>") && drawn.contains(">finish</text>"));
        assert!(!drawn.contains("knight move<"));
        // The points of the squares played (but the start's) are violet.
        assert_eq!(drawn.matches(&format!(r#"fill="{PLAYED}""#)).count(), 2);
        // Nothing told apart: as before.
        let plain = svg(0);
        assert!(!plain.contains("data-played") && plain.contains(">knight move</text>"));
    }
}
