//! The text board: rows top first (the highest rank first), one character
//! a square (or a move number, every column then as wide as the widest),
//! squares one space apart, each row ending in a newline, exactly the
//! layout of the "Knight Board" challenge's board files; a part of a large
//! board with its ranks down the left and its files underneath, and the
//! caption's words after it.

use std::fmt::Write;

use super::captions::caption_text;
use super::view::{drawable, view_of, Spots, View};
use super::{Drawing, Overlay, RenderError, MAX_TEXT_SQUARES};
use crate::board::{file_name, Int, Square};
use crate::terrain::{move_numbers, Ground};

/// The label of each square of `view` (or `None` for its terrain character),
/// written as text in columns `width` wide; `labelled`, with its ranks on
/// the left and its files underneath.
fn write_text(
    out: &mut String,
    ground: Ground<'_>,
    view: &View,
    width: usize,
    labelled: bool,
    label: impl Fn(Square) -> Option<String>,
) {
    let (rank_width, width) = if labelled {
        let files = view.files.clone().map(|f| file_name(u64::from(f)).len());
        (
            view.ranks.end.to_string().len(),
            files.max().unwrap_or(1).max(width),
        )
    } else {
        (0, width)
    };
    for rank in view.rows() {
        if labelled {
            let _ = write!(out, "{:>rank_width$} ", rank + 1);
        }
        for file in view.files.clone() {
            let square = Square::new(file, rank);
            if file > view.files.start {
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
    if labelled {
        let _ = write!(out, "{:rank_width$} ", "");
        for file in view.files.clone() {
            if file > view.files.start {
                out.push(' ');
            }
            let _ = write!(out, "{:>width$}", file_name(u64::from(file)));
        }
        out.push('\n');
    }
}

/// The board as text with the knight, `K`, on `knight`: one frame of the
/// challenge's level 1.
pub fn text_with_knight(ground: Ground<'_>, knight: Square) -> Result<String, RenderError> {
    let board = ground.board();
    drawable(board, MAX_TEXT_SQUARES)?;
    let mut out = String::with_capacity(text_len(board.squares(), 1));
    // The challenge's own frames: the board alone, as its Level 1 prints it.
    write_text(&mut out, ground, &View::whole(board), 1, false, |s| {
        (s == knight).then(|| "K".to_owned())
    });
    Ok(out)
}

/// The board as text with the path's squares numbered by move.
///
/// # Errors
///
/// [`RenderError::TooLarge`] when the board (or the part of it around the
/// path) is too large to print.
///
/// ```
/// use knight::{draw_path_text, shortest_path, Board, Ground, Square};
/// let path = shortest_path(Board::CHESS, Square::new(6, 1), Square::new(0, 7), 100)
///     .unwrap()
///     .unwrap();
/// let text = draw_path_text(Ground::Plain(Board::CHESS), &path)?;
/// assert!(text.contains('4')); // each square is numbered by its move
/// # Ok::<(), knight::RenderError>(())
/// ```
pub fn text_with_path(ground: Ground<'_>, path: &[Square]) -> Result<String, RenderError> {
    text(ground, path, &Overlay::default())
}

/// The board, or the part of it `overlay` and `path` are about, as text
/// with the path's squares numbered by move.
pub fn text(ground: Ground<'_>, path: &[Square], overlay: &Overlay) -> Result<String, RenderError> {
    let view = view_of(ground.board(), path, overlay, Drawing::Text)?;
    let numbers = move_numbers(ground, path);
    let spots = Spots::new(&view);
    // Each square's label, u64::MAX for none; later ones over earlier. A
    // square outside the view (a path going past the shades asked for) is
    // not written.
    let mut by_square = vec![u64::MAX; spots.len()];
    let mut label = |square: Square, n: u64| {
        if let Some(i) = spots.index(square) {
            by_square[i] = n;
        }
    };
    for &(square, n) in &overlay.shades {
        label(square, n);
    }
    for (&square, &n) in path.iter().zip(&numbers) {
        label(square, n);
    }
    if !overlay.clues.is_empty() {
        // A puzzle numbers its steps from 1.
        for (&square, n) in path.iter().zip(1..) {
            label(square, n);
        }
        for &(square, n) in &overlay.clues {
            label(square, n);
        }
    }
    let top = numbers
        .iter()
        .chain(overlay.shades.iter().map(|s| &s.1))
        .chain(overlay.clues.iter().map(|c| &c.1))
        .max()
        .map(|&n| n.max(path.len().u64()));
    let width = top.map_or(1, |n| n.to_string().len());
    let mut out = String::with_capacity(text_len(view.squares(), width + 1));
    write_text(&mut out, ground, &view, width, true, |s| {
        let n = spots.index(s).map_or(u64::MAX, |i| by_square[i]);
        (n != u64::MAX).then(|| n.to_string())
    });
    // What was asked and answered, as under an SVG picture.
    for line in caption_text(&overlay.caption, ground.board()) {
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out)
}

/// The length of a text of `squares` labels `width` wide.
fn text_len(squares: u64, width: usize) -> usize {
    usize::try_from(squares).map_or(0, |squares| squares * (width + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

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
        // Five ranks, each labelled, then the files, then the summary.
        assert!(rows[..6].iter().all(|r| r.len() == 1 + 5 * 3), "{text}");
        assert_eq!(rows[4], "1  0  5 10  .  .");
        assert_eq!(rows[5], "   a  b  c  d  e");
        assert_eq!(rows[6], "The 5×5 board.");
    }

    #[test]
    fn a_path_past_the_shades_is_numbered_where_it_is_shown() {
        // The shades cover a1 to c3 of a large board, the path goes on to
        // e2: the text shows the shades' squares, the path's numbers on them.
        let board = Board::new(100, 100).unwrap();
        let shades: Vec<(Square, u64)> = (0..3)
            .flat_map(|f| (0..3).map(move |r| (Square::new(f, r), 9)))
            .collect();
        let path = [Square::new(0, 0), Square::new(2, 1), Square::new(4, 2)];
        let overlay = Overlay {
            shades,
            ..Overlay::default()
        };
        let text = text(Ground::Plain(board), &path, &overlay).unwrap();
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(
            &rows[..4],
            ["3 9 9 9", "2 9 9 1", "1 0 9 9", "  a b c"],
            "{text}"
        );
    }
}
