//! The part of a board a picture shows ([`View`]): the whole board when it
//! is at most [`WHOLE_SIDE`] a side, else the squares the picture is about
//! (the path, the squares asked about, a refused step) with a margin, or
//! exactly the shaded squares; and whether it is small enough to draw the
//! way it is asked for ([`Drawing`]).

use std::ops::Range;

use super::{Drawing, Overlay, RenderError, MARGIN, MAX_DRAWN_SQUARES, MIN_VIEW, WHOLE_SIDE};
use crate::board::{widen, Board, Square};

/// Refuses a whole `board` of more than `limit` squares to print as text.
pub(super) fn drawable(board: Board, limit: u64) -> Result<(), RenderError> {
    if board.squares() > limit {
        return Err(RenderError::TooLarge {
            squares: board.squares(),
            limit,
            text: true,
        });
    }
    Ok(())
}

/// The part of a board a drawing shows: files and ranks, 0-based, half open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The files drawn.
    pub files: Range<u32>,
    /// The ranks drawn.
    pub ranks: Range<u32>,
    /// False when the view is the whole board.
    pub cropped: bool,
}

impl View {
    /// All of `board`.
    pub(super) fn whole(board: Board) -> View {
        View {
            files: board.files(),
            ranks: board.ranks(),
            cropped: false,
        }
    }

    /// Its number of squares.
    pub fn squares(&self) -> u64 {
        let side = |r: &Range<u32>| u64::from(r.end - r.start);
        side(&self.files) * side(&self.ranks)
    }

    /// Its files (`by_rows`: the length of a row) or ranks.
    pub(super) fn side(&self, by_rows: bool) -> u32 {
        let r = if by_rows { &self.files } else { &self.ranks };
        r.end - r.start
    }

    /// Its rows (`by_rows`) or columns: the other side.
    pub(super) fn lines(&self, by_rows: bool) -> u32 {
        self.side(!by_rows)
    }

    /// Whether `square` is drawn.
    pub(super) fn contains(&self, square: Square) -> bool {
        self.files.contains(&square.file()) && self.ranks.contains(&square.rank())
    }

    /// The squares, top row first, each row left to right.
    pub(super) fn rows(&self) -> impl Iterator<Item = u32> + '_ {
        self.ranks.clone().rev()
    }
}

/// `view`, if it is not too large to draw as `drawing`.
fn drawable_view(view: View, drawing: Drawing) -> Result<View, RenderError> {
    if drawing != Drawing::Plain && view.squares() > MAX_DRAWN_SQUARES {
        return Err(RenderError::TooLarge {
            squares: view.squares(),
            limit: MAX_DRAWN_SQUARES,
            text: drawing == Drawing::Text,
        });
    }
    Ok(view)
}

/// The part of `board` a drawing of `around` (the squares it is about)
/// shows: the whole board when it is at most `WHOLE_SIDE` a side, else the
/// squares around them; refused when `drawing` draws it square by square
/// and it has more than `MAX_DRAWN_SQUARES`.
pub fn view(board: Board, around: &[Square], drawing: Drawing) -> Result<View, RenderError> {
    let (width, height) = (board.files().end, board.ranks().end);
    let view = if width <= WHOLE_SIDE && height <= WHOLE_SIDE {
        View::whole(board)
    } else {
        let files = span(around.iter().map(|s| s.file()), width);
        let ranks = span(around.iter().map(|s| s.rank()), height);
        let cropped = files != board.files() || ranks != board.ranks();
        View {
            files,
            ranks,
            cropped,
        }
    };
    drawable_view(view, drawing)
}

/// The range of `coords` widened by [`MARGIN`] and to at least [`MIN_VIEW`],
/// within `0..side` (from 0 when there are none).
fn span(coords: impl Iterator<Item = u32>, side: u32) -> Range<u32> {
    let (lo, hi) = coords.fold((u32::MAX, 0), |(lo, hi), c| (lo.min(c), hi.max(c)));
    let (lo, hi) = if lo > hi { (0, 0) } else { (lo, hi) };
    let mut start = lo.saturating_sub(MARGIN);
    let mut end = hi.saturating_add(MARGIN + 1).min(side);
    let want = MIN_VIEW.min(side);
    while end - start < want {
        start = start.saturating_sub(1);
        if end - start < want && end < side {
            end += 1;
        }
    }
    start..end
}

/// The part of the board a drawing shows: exactly the shaded squares when
/// there are any, else [`view`] around the path and the marks.
pub(super) fn view_of(
    board: Board,
    path: &[Square],
    overlay: &Overlay,
    drawing: Drawing,
) -> Result<View, RenderError> {
    // Shaded squares are drawn one by one over a plain board (of any size):
    // past MAX_DRAWN_SQUARES of them the SVG leaves them out (see `svg`).
    if overlay.shades.is_empty()
        || (board.files().end <= WHOLE_SIDE && board.ranks().end <= WHOLE_SIDE)
    {
        return view(board, &overlay.around(path), drawing);
    }
    let squares = || overlay.shades.iter().map(|s| s.0);
    let files = squares().map(|s| s.file()).min().unwrap_or(0)
        ..squares().map(|s| s.file() + 1).max().unwrap_or(1);
    let ranks = squares().map(|s| s.rank()).min().unwrap_or(0)
        ..squares().map(|s| s.rank() + 1).max().unwrap_or(1);
    let cropped = files != board.files() || ranks != board.ranks();
    let view = View {
        files,
        ranks,
        cropped,
    };
    drawable_view(view, drawing)
}

impl Overlay {
    /// The squares a drawing with `path` is about.
    fn around(&self, path: &[Square]) -> Vec<Square> {
        let mut around: Vec<Square> = path.to_vec();
        around.extend(&self.ends);
        if let Some((from, to)) = self.fault {
            around.extend([from, to]);
        }
        around
    }
}

/// Dense numbers of a view's squares.
pub(super) struct Spots {
    files: Range<u32>,
    ranks: Range<u32>,
}

impl Spots {
    pub(super) fn new(view: &View) -> Spots {
        Spots {
            files: view.files.clone(),
            ranks: view.ranks.clone(),
        }
    }

    pub(super) fn len(&self) -> usize {
        self.files.len() * self.ranks.len()
    }

    /// The number of `s`, or `None` when it is not in the view (a path's
    /// square outside the shades that decide the view, say).
    pub(super) fn index(&self, s: Square) -> Option<usize> {
        (self.files.contains(&s.file()) && self.ranks.contains(&s.rank())).then(|| {
            widen(s.rank() - self.ranks.start) * self.files.len()
                + widen(s.file() - self.files.start)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::MAX_DRAWN_SQUARES;

    #[test]
    fn views_are_whole_small_boards_or_the_part_around() {
        let plain = Drawing::Plain;
        let small = Board::new(64, 64).unwrap();
        assert!(!view(small, &[], plain).unwrap().cropped);
        let big = Board::new(1000, 1000).unwrap();
        let v = view(big, &[Square::new(0, 0), Square::new(7, 7)], plain).unwrap();
        assert_eq!((v.files, v.ranks, v.cropped), (0..10, 0..10, true));
        let v = view(big, &[Square::new(500, 999)], plain).unwrap();
        assert_eq!((v.files, v.ranks), (496..504, 992..1000));
        let v = view(big, &[], plain).unwrap();
        assert_eq!((v.files, v.ranks), (0..8, 0..8));
        // A 1×N board keeps its one file.
        let thin = Board::new(1, 1_000_000_000).unwrap();
        let v = view(thin, &[Square::new(0, 5)], plain).unwrap();
        assert_eq!((v.files, v.ranks), (0..1, 1..9));
        // The whole of a 300×300 tour is too many squares for text, or to
        // draw one by one; an SVG of the plain board draws it.
        let tour = Board::new(300, 300).unwrap();
        let corners = [Square::new(0, 0), Square::new(299, 299)];
        for (drawing, text) in [(Drawing::Text, true), (Drawing::Squares, false)] {
            assert_eq!(
                view(tour, &corners, drawing),
                Err(RenderError::TooLarge {
                    squares: 90_000,
                    limit: MAX_DRAWN_SQUARES,
                    text,
                })
            );
        }
        assert_eq!(view(tour, &corners, plain).unwrap().squares(), 90_000);
        let most = Board::new(256, 256).unwrap();
        let v = view(
            most,
            &[Square::new(0, 0), Square::new(255, 255)],
            Drawing::Text,
        )
        .unwrap();
        assert_eq!((v.squares(), v.cropped), (MAX_DRAWN_SQUARES, false));
    }
}
