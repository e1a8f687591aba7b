//! Drawing a board with a path or a knight: as text, the way the "Knight
//! Board" challenge prints boards, and as an SVG picture.
//!
//! **Text.** Rows top first (the highest rank first), one character per
//! square, squares separated by single spaces, each row ending in a newline:
//! exactly the board files' layout. A knight is `K`. A path numbers its
//! squares with move numbers (the start is 0; a teleport hop has the number
//! of the move that landed on the teleport; a square listed twice shows its
//! last number). When a number is wider than one character, *every* square
//! is right-aligned in a column as wide as the widest number, still one
//! space apart, so columns stay aligned: `.  0  .` for a path of 10 or more
//! squares. Boards of more than [`MAX_TEXT_SQUARES`] squares are not drawn.
//!
//! **SVG.** One unit per square, a1 at the bottom left, files and ranks
//! labelled on boards of at most [`LABELLED_SIDE`] a side. Light and dark
//! squares come from one pattern, so a plain board of any size is a few
//! hundred bytes; terrain is drawn as one shape per kind with runs of equal
//! squares merged, so the picture grows with the terrain's runs, not its
//! squares. The path is a line through square centres (teleport hops
//! dashed), with numbered points when it lists at most
//! [`NUMBERED_POINTS`] squares and only its ends marked beyond. The
//! `width`/`height` attributes scale the picture to at most
//! [`MAX_PIXELS`] pixels on its longer side (and at most 48 pixels a square);
//! the `viewBox` keeps it sharp at any zoom.

use std::fmt::{self, Write};

use super::board::{file_name, Board, Grid, Square};

use super::terrain::{move_numbers, Cell, Ground};

/// The largest board drawn as text (and, for terrain, as SVG).
pub const MAX_TEXT_SQUARES: u64 = 1_000_000;
/// Paths of at most this many squares get a numbered point on each square.
pub const NUMBERED_POINTS: usize = 1_000;
/// Boards whose longer side is at most this get file and rank labels.
pub const LABELLED_SIDE: u64 = 64;
/// The longer side of a picture, in pixels, at most.
pub const MAX_PIXELS: f64 = 1_024.0;

/// Why a board is not drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenderError {
    TooLarge { squares: u64, limit: u64 },
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::TooLarge { squares, limit } => write!(
                f,
                "a board of {squares} squares is too large to draw; at most {limit} squares are drawn"
            ),
        }
    }
}

impl std::error::Error for RenderError {}

fn drawable(board: Board, limit: u64) -> Result<(), RenderError> {
    if board.squares() > limit {
        return Err(RenderError::TooLarge {
            squares: board.squares(),
            limit,
        });
    }
    Ok(())
}

/// Writes the board as text, each square's label given by `label` (or the
/// terrain character), right-aligned in columns of `width`.
fn write_text(
    out: &mut String,
    ground: Ground<'_>,
    width: usize,
    label: impl Fn(Square) -> Option<String>,
) {
    let board = ground.board();
    for rank in board.ranks().rev() {
        for file in board.files() {
            let square = Square::new(file, rank);
            if file > 0 {
                out.push(' ');
            }
            match label(square) {
                Some(text) => {
                    let _ = write!(out, "{text:>width$}");
                }
                None => {
                    let _ = write!(out, "{:>width$}", ground.cell(square).as_char());
                }
            }
        }
        out.push('\n');
    }
}

/// The board as text with the knight, `K`, on `knight`: one frame of the
/// challenge's level 1.
pub fn text_with_knight(ground: Ground<'_>, knight: Square) -> Result<String, RenderError> {
    let board = ground.board();
    drawable(board, MAX_TEXT_SQUARES)?;
    let mut out = String::with_capacity(text_len(board, 1));
    write_text(&mut out, ground, 1, |s| {
        (s == knight).then(|| "K".to_owned())
    });
    Ok(out)
}

/// The board as text with the path's squares numbered by move.
pub fn text_with_path(ground: Ground<'_>, path: &[Square]) -> Result<String, RenderError> {
    let board = ground.board();
    drawable(board, MAX_TEXT_SQUARES)?;
    let numbers = move_numbers(ground, path);
    let grid = Grid::new(board).ok_or(RenderError::TooLarge {
        squares: board.squares(),
        limit: MAX_TEXT_SQUARES,
    })?;
    let mut by_square = vec![u64::MAX; grid.len()];
    for (&square, &n) in path.iter().zip(&numbers) {
        by_square[grid.spot(square).index()] = n;
    }
    let width = numbers.last().map_or(1, |n| n.to_string().len());
    let mut out = String::with_capacity(text_len(board, width));
    write_text(&mut out, ground, width, |s| {
        let n = by_square[grid.spot(s).index()];
        (n != u64::MAX).then(|| n.to_string())
    });
    Ok(out)
}

/// The length of a board's text with labels `width` wide.
fn text_len(board: Board, width: usize) -> usize {
    usize::try_from(board.squares()).map_or(0, |squares| squares * (width + 1))
}

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

/// How a kind of square is painted: fill colour and a name for its tooltip.
fn paint(cell: Cell) -> Option<(&'static str, &'static str)> {
    match cell {
        Cell::Plain | Cell::Start | Cell::End => None,
        Cell::Water => Some(("#3b82c4", "water (costs 2)")),
        Cell::Lava => Some(("#e4572e", "lava (costs 5)")),
        Cell::Rock => Some(("#8d8d8d", "rock (jumped over, never landed on)")),
        Cell::Barrier => Some(("#2f2f2f", "barrier (never landed on or passed)")),
        Cell::Teleport => Some(("#8e44ad", "teleport (costs 1, hops to its partner)")),
    }
}

/// A number with at most three decimals and no trailing zeros.
fn num(x: f64) -> String {
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

/// What to draw over the board besides the path.
#[derive(Clone, Copy, Debug, Default)]
pub struct Overlay {
    /// A refused step, drawn as a red dashed line with a cross at its end.
    pub fault: Option<(Square, Square)>,
}

/// The board as an SVG picture with `path` drawn over it.
pub fn svg(ground: Ground<'_>, path: &[Square], overlay: Overlay) -> Result<String, RenderError> {
    let board = ground.board();
    if let Ground::Terrain(_) = ground {
        drawable(board, MAX_TEXT_SQUARES)?;
    }
    let (w, h) = (f64::from(board.files().end), f64::from(board.ranks().end));
    let labelled = board.width().max(board.height()) <= LABELLED_SIDE;
    let margin = if labelled { 0.7 } else { 0.0 };
    let (vw, vh) = (w + margin, h + margin);
    let scale = (MAX_PIXELS / vw.max(vh)).min(48.0);
    // Centre of a square in picture units: rank 1 at the bottom.
    let centre = |s: Square| (f64::from(s.file()) + 0.5, h - f64::from(s.rank()) - 0.5);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{} 0 {} {}" width="{}" height="{}" font-family="sans-serif">"#,
        num(-margin),
        num(vw),
        num(vh),
        num((vw * scale).round().max(1.0)),
        num((vh * scale).round().max(1.0)),
    );
    let moves = move_numbers(ground, path);
    let _ = writeln!(
        out,
        "<title>knightd: {board} board{}</title>",
        match moves.last() {
            Some(1) => ", a path of 1 move".to_owned(),
            Some(m) => format!(", a path of {m} moves"),
            None => String::new(),
        }
    );
    // The square at the top left (file 0, top rank) is dark when its
    // file + rank is even; the 2×2 pattern starts there.
    let top_left_dark = (board.height() - 1) % 2 == 0;
    let (first, second) = if top_left_dark {
        (DARK, LIGHT)
    } else {
        (LIGHT, DARK)
    };
    let _ = writeln!(
        out,
        r#"<defs><pattern id="squares" width="2" height="2" patternUnits="userSpaceOnUse"><rect width="2" height="2" fill="{second}"/><rect width="1" height="1" fill="{first}"/><rect x="1" y="1" width="1" height="1" fill="{first}"/></pattern></defs>"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="{}" height="{}" fill="url(#squares)"/>"#,
        num(w),
        num(h)
    );
    if let Ground::Terrain(terrain) = ground {
        draw_terrain(&mut out, terrain.board(), |s| terrain.cell(s), h);
        if let Some([a, b]) = terrain.teleports() {
            let ((ax, ay), (bx, by)) = (centre(a), centre(b));
            let _ = writeln!(
                out,
                r##"<g fill="none" stroke="#f5e6ff" stroke-width="0.08"><circle cx="{}" cy="{}" r="0.3"/><circle cx="{}" cy="{}" r="0.3"/></g>"##,
                num(ax),
                num(ay),
                num(bx),
                num(by)
            );
        }
        for (square, letter) in [(terrain.start(), 'S'), (terrain.end(), 'E')] {
            if let Some(s) = square {
                let (x, y) = centre(s);
                let _ = writeln!(
                    out,
                    r##"<text x="{}" y="{}" font-size="0.6" text-anchor="middle" fill="#1b5e20" font-weight="bold">{letter}</text>"##,
                    num(x),
                    num(y + 0.21)
                );
            }
        }
    }
    if labelled {
        let mut labels = String::new();
        for file in board.files() {
            let _ = write!(
                labels,
                r#"<text x="{}" y="{}">{}</text>"#,
                num(f64::from(file) + 0.5),
                num(h + 0.5),
                file_name(u64::from(file))
            );
        }
        for rank in board.ranks() {
            let _ = write!(
                labels,
                r#"<text x="-0.35" y="{}">{}</text>"#,
                num(h - f64::from(rank) - 0.38),
                rank + 1
            );
        }
        let _ = writeln!(
            out,
            r##"<g font-size="0.35" text-anchor="middle" fill="#555">{labels}</g>"##
        );
    }
    if let Some((from, to)) = overlay.fault {
        let ((x1, y1), (x2, y2)) = (centre(from), centre(to));
        let _ = writeln!(
            out,
            r##"<g stroke="#d00000" stroke-width="0.1" stroke-linecap="round"><title>refused step {from} → {to}</title><line x1="{}" y1="{}" x2="{}" y2="{}" stroke-dasharray="0.2 0.15"/><path d="M{} {}l0.4 0.4m0 -0.4l-0.4 0.4"/></g>"##,
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            num(x2 - 0.2),
            num(y2 - 0.2)
        );
    }
    draw_path(&mut out, ground, path, &moves, centre);
    out.push_str("</svg>\n");
    Ok(out)
}

/// One `<path>` per kind of terrain, each row's runs of that kind merged.
fn draw_terrain(out: &mut String, board: Board, cell: impl Fn(Square) -> Cell, h: f64) {
    let kinds = [
        Cell::Water,
        Cell::Lava,
        Cell::Rock,
        Cell::Barrier,
        Cell::Teleport,
    ];
    for kind in kinds {
        let Some((colour, name)) = paint(kind) else {
            continue;
        };
        let mut d = String::new();
        let width = board.files().end;
        for rank in board.ranks() {
            let mut file = 0;
            while file < width {
                if cell(Square::new(file, rank)) != kind {
                    file += 1;
                    continue;
                }
                let start = file;
                while file < width && cell(Square::new(file, rank)) == kind {
                    file += 1;
                }
                let _ = write!(
                    d,
                    "M{} {}h{}v1h-{}z",
                    start,
                    num(h - f64::from(rank) - 1.0),
                    file - start,
                    file - start
                );
            }
        }
        if !d.is_empty() {
            let _ = writeln!(
                out,
                r#"<path fill="{colour}" fill-opacity="0.85" d="{d}"><title>{name}</title></path>"#
            );
        }
    }
}

fn draw_path(
    out: &mut String,
    ground: Ground<'_>,
    path: &[Square],
    moves: &[u64],
    centre: impl Fn(Square) -> (f64, f64),
) {
    let Some(&first) = path.first() else {
        return;
    };
    let mut line = String::new();
    let mut hops = String::new();
    let (x, y) = centre(first);
    let _ = write!(line, "M{} {}", num(x), num(y));
    for (i, pair) in path.windows(2).enumerate() {
        let (a, b) = (centre(pair[0]), centre(pair[1]));
        let hop = moves[i + 1] == moves[i] && ground.teleport_partner(pair[0]) == Some(pair[1]);
        if hop {
            let _ = write!(hops, "M{} {}L{} {}", num(a.0), num(a.1), num(b.0), num(b.1));
            let _ = write!(line, "M{} {}", num(b.0), num(b.1));
        } else {
            let _ = write!(line, "L{} {}", num(b.0), num(b.1));
        }
    }
    let _ = writeln!(
        out,
        r##"<path d="{line}" fill="none" stroke="#1d3557" stroke-width="0.09" stroke-linejoin="round" stroke-linecap="round" stroke-opacity="0.9"/>"##
    );
    if !hops.is_empty() {
        let _ = writeln!(
            out,
            r##"<path d="{hops}" fill="none" stroke="#8e44ad" stroke-width="0.09" stroke-dasharray="0.25 0.2"><title>teleport hop</title></path>"##
        );
    }
    let last = path.len() - 1;
    let mut points = String::new();
    for (i, (&square, &n)) in path.iter().zip(moves).enumerate() {
        let ends = i == 0 || i == last;
        if path.len() > NUMBERED_POINTS && !ends {
            continue;
        }
        let (x, y) = centre(square);
        let fill = if i == 0 {
            "#2e7d32"
        } else if i == last {
            "#c62828"
        } else {
            "#1d3557"
        };
        let label = n.to_string();
        let size = match label.len() {
            1 | 2 => 0.3,
            3 => 0.22,
            _ => 0.16,
        };
        let _ = write!(
            points,
            r##"<circle cx="{}" cy="{}" r="0.24" fill="{fill}"/><text x="{}" y="{}" font-size="{}">{label}</text>"##,
            num(x),
            num(y),
            num(x),
            num(y + size * 0.35),
            num(size)
        );
    }
    let _ = writeln!(
        out,
        r##"<g text-anchor="middle" fill="#fff" stroke="none">{points}</g>"##
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_numbers_keep_columns() {
        let board = Board::new(5, 5).unwrap();
        let ground = Ground::Plain(board);
        let path: Vec<Square> = [
            (0, 0),
            (1, 2),
            (2, 4),
            (4, 3),
            (3, 1),
            (1, 0),
            (0, 2),
            (1, 4),
            (3, 3),
            (4, 1),
            (2, 0),
        ]
        .iter()
        .map(|&(f, r)| Square::new(f, r))
        .collect();
        let text = text_with_path(ground, &path).unwrap();
        let rows: Vec<&str> = text.lines().collect();
        assert!(rows.iter().all(|r| r.len() == 5 * 2 + 4), "{text}");
        assert_eq!(rows[4], " 0  5 10  .  .");
    }
}
