//! One picture's layout, decided once ([`Layout::new`]) from the board, the
//! part of it shown, the path and the overlay: the scale (pixels a unit, a
//! unit a square), the coordinates of each square, the margins and the
//! sizes of labels and words, and what is numbered, patterned, sampled or
//! left out. Everything the SVG draws reads its geometry from here, so that
//! two marks can never disagree about where a square is or how large a
//! picture is.
//!
//! **Why these sizes.** The board's longer side is at most [`MAX_PIXELS`]
//! (48 pixels a square at most), grown up to [`MAX_NUMBERED_PIXELS`] only
//! when that makes move numbers legible ([`MIN_NUMBER_PX`]); labels, lines
//! and words are given in pixels and turned into units (`px`), so they keep
//! their size on screen whatever the board's. A plain part past
//! [`PATTERN_SQUARES`] squares is one pattern, checkered while a square is
//! at least [`MIN_CHECKER_PX`]; below that a path (not a tour, which covers
//! every square) is drawn [`Wide`]. A path past [`STEPPED_POINTS`] squares
//! is drawn through every k-th ([`sampling`]).

use super::markup::text_width;
use super::palette::{END, START};
use super::view::{view_of, View};
use super::{
    Drawing, Overlay, RenderError, MAX_DRAWN_SQUARES, MAX_NUMBERED_PIXELS, MAX_PIXELS,
    MIN_CHECKER_PX, MIN_NUMBER_PX, NUMBERED_POINTS, PATTERN_SQUARES, SAMPLED_POINTS,
    STEPPED_POINTS,
};
use crate::board::{file_name, widen, Board, Int, Square};
use crate::terrain::{move_numbers, Ground};

/// Where everything of one SVG picture goes, and what it shows. Lengths are
/// in picture units (a square is one); `px` turns pixels into units.
pub(super) struct Layout {
    /// The board drawn (all of it, or the part `view` says).
    pub(super) board: Board,
    /// The part of the board shown.
    pub(super) view: View,
    /// Shaded squares left out, too many to draw one by one (0 when none).
    pub(super) unshaded: usize,
    /// The path's move numbers (see [`move_numbers`]).
    pub(super) moves: Vec<u64>,
    /// Pixels a unit, and what is numbered at that scale.
    scale: f64,
    pub(super) top_shade: Option<u64>,
    pub(super) number_size: f64,
    pub(super) numbered: bool,
    /// The board is one pattern rather than square by square.
    pub(super) patterned: bool,
    /// The board's squares are checkered (they are large enough to see).
    pub(super) checkered: bool,
    /// The path is drawn through every this many squares (1: every one).
    pub(super) every: usize,
    /// The files' and ranks' labels, and the margins they take.
    pub(super) labels: Labels,
    /// Around the picture, and between its parts.
    pub(super) pad: f64,
    /// A path over squares too small to see, when it is drawn so.
    pub(super) wide: Option<Wide>,
    /// The ends' insets of a `wide` path.
    pub(super) insets: Insets,
    /// The picture's width.
    pub(super) width: f64,
    /// The font sizes of the caption, and of the notes and the legend.
    pub(super) text_size: f64,
    pub(super) small: f64,
    /// The width of a line of words.
    pub(super) inner: f64,
    /// The width of the path's line.
    pub(super) line: f64,
}

/// The scale of a picture, and what is numbered at it.
struct Scale {
    /// Pixels a unit: the board at most [`MAX_PIXELS`] (48 a square at
    /// most), more when that keeps the move numbers legible.
    scale: f64,
    /// The largest count of the shades drawn, when there are any.
    top_shade: Option<u64>,
    /// The font size of move numbers and shade counts.
    number_size: f64,
    /// Whether points and shades are numbered (legible at this scale).
    numbered: bool,
}

impl Scale {
    /// The scale of `view` with `path` (its move numbers `moves`) and the
    /// `shades` drawn.
    fn new(view: &View, path: &[Square], shades: &[(Square, u64)], moves: &[u64]) -> Scale {
        let (nf, nr) = (view.files.len() as f64, view.ranks.len() as f64);
        let top_shade = shades.iter().map(|s| s.1).max();
        let top = moves.iter().copied().chain(top_shade).max();
        let digits = top.map_or(1, |n| n.to_string().len());
        let number_size = number_size(digits);
        let long = nf.max(nr) + 1.0;
        let mut scale = (MAX_PIXELS / long).min(48.0);
        let numbered_len = (path.len() <= NUMBERED_POINTS && !path.is_empty())
            || (!shades.is_empty()
                && usize::try_from(view.squares()).is_ok_and(|n| n <= NUMBERED_POINTS));
        // Grown only when that makes the numbers legible.
        let legible = MIN_NUMBER_PX / number_size;
        if numbered_len && scale < legible && legible * long <= MAX_NUMBERED_PIXELS + 1e-9 {
            scale = legible;
        }
        Scale {
            scale,
            top_shade,
            number_size,
            numbered: numbered_len && scale * number_size >= MIN_NUMBER_PX - 1e-9,
        }
    }
}

/// The files' and ranks' labels: at least 10 px, every `stride`-th file
/// and rank when they would overlap.
pub(super) struct Labels {
    /// Their font size.
    pub(super) size: f64,
    /// A label every this many files, and ranks.
    pub(super) file_stride: u32,
    pub(super) rank_stride: u32,
    /// Left of the board (the ranks' labels) and under it (the files').
    pub(super) margin_left: f64,
    margin_bottom: f64,
}

impl Labels {
    fn new(view: &View, scale: f64) -> Labels {
        let px = |p: f64| p / scale;
        let label = (0.32f64).max(px(10.0));
        let widest_file = text_width(&file_name(u64::from(view.files.end - 1)), label);
        Labels {
            size: label,
            file_stride: stride((widest_file + px(6.0)).max(0.0)),
            rank_stride: stride(label * 1.3),
            margin_left: text_width(&view.ranks.end.to_string(), label) + label * 0.8,
            margin_bottom: label * 1.6,
        }
    }
}

/// The ends' insets of a [`Wide`] path, side by side under the board (none
/// for other paths).
pub(super) struct Insets {
    /// The insets, the start's first.
    pub(super) ends: Vec<Inset>,
    /// The font size of their labels.
    pub(super) label: f64,
    /// Left of an inset's squares: its rank labels.
    margin: f64,
    /// Between the two insets.
    gap: f64,
    /// An inset's width, labels included.
    column: f64,
    /// Their height, headings and labels included (0 without).
    pub(super) height: f64,
}

impl Insets {
    fn new(wide: Option<&Wide>, board: Board, path: &[Square], scale: f64, pad: f64) -> Insets {
        let px = |p: f64| p / scale;
        let label = px(12.0);
        let ends = match (wide, path.first(), path.last()) {
            (Some(w), Some(&first), Some(&last)) => vec![
                w.inset(board, first, START, "start"),
                w.inset(board, last, END, "end"),
            ],
            _ => Vec::new(),
        };
        // An inset's column: its rank labels, then its squares.
        let margin = ends
            .iter()
            .map(|i| text_width(&i.window.ranks.end.to_string(), label))
            .fold(0.0, f64::max)
            + label * 0.6;
        Insets {
            ends,
            label,
            margin,
            gap: px(28.0),
            column: wide.map_or(0.0, |w| margin + f64::from(w.side) * w.unit),
            height: wide.map_or(0.0, |w| {
                label * 2.2 + f64::from(w.side) * w.unit + label * 1.6 + pad
            }),
        }
    }
}

/// One end of a [`Wide`] path, drawn square by square under the board.
pub(super) struct Inset {
    /// Its squares.
    pub(super) window: View,
    /// The end's colour.
    pub(super) colour: &'static str,
    /// "start" or "end".
    pub(super) name: &'static str,
    /// The end's square.
    pub(super) square: Square,
}

impl Layout {
    /// The layout of `path` over `ground` with `overlay`, or why it is not
    /// drawn (the part to show has too many squares to draw one by one).
    pub(super) fn new(
        ground: Ground<'_>,
        path: &[Square],
        overlay: &Overlay,
    ) -> Result<Layout, RenderError> {
        let board = ground.board();
        let drawing = match ground {
            Ground::Plain(_) => Drawing::Plain,
            Ground::Terrain(_) => Drawing::Squares,
        };
        let view = view_of(board, path, overlay, drawing)?;
        // Too many shaded squares to draw one by one: left out, with a note
        // (the part shown is still the part they cover).
        let unshaded = if overlay.shades.len().u64() > MAX_DRAWN_SQUARES {
            overlay.shades.len()
        } else {
            0
        };
        let shades: &[(Square, u64)] = if unshaded > 0 { &[] } else { &overlay.shades };
        let moves = move_numbers(ground, path);
        let Scale {
            scale,
            top_shade,
            number_size,
            numbered,
        } = Scale::new(&view, path, shades, &moves);
        let px = |p: f64| p / scale;
        // A large plain part is one pattern, checkered while a square is at
        // least MIN_CHECKER_PX; a long path is drawn through every k-th square.
        let patterned = drawing == Drawing::Plain && view.squares() > PATTERN_SQUARES;
        let checkered = !patterned || scale >= MIN_CHECKER_PX;
        let every = sampling(path.len());
        let labels = Labels::new(&view, scale);
        let pad = px(6.0);
        // A path (not a tour, which covers every square) over squares too
        // small to see: blocks, a wide line, and the ends' insets (`Wide`).
        let wide = (!checkered
            && shades.is_empty()
            && path.len() > 1
            && path.len().u64() < board.squares())
        .then(|| Wide::new(scale, labels.file_stride, labels.rank_stride));
        let insets = Insets::new(wide.as_ref(), board, path, scale, pad);
        // Caption and legend, under the board, as wide as the picture.
        let width = (labels.margin_left + view.files.len() as f64 + pad)
            .max(px(360.0))
            .max(2.0 * (insets.column + pad) + insets.gap);
        // At least a pixel wide, however small the squares (four, to be seen
        // over blocks).
        let line = if wide.is_some() {
            px(4.0)
        } else {
            (0.09f64).max(px(1.5)).min(px(1.0).max(0.25))
        };
        Ok(Layout {
            board,
            view,
            unshaded,
            moves,
            scale,
            top_shade,
            number_size,
            numbered,
            patterned,
            checkered,
            every,
            labels,
            pad,
            wide,
            insets,
            width,
            text_size: px(14.0),
            small: px(12.5),
            inner: width - 2.0 * pad,
            line,
        })
    }

    /// `overlay` as this layout draws it: without its shades (and their
    /// moves) when there are too many to draw.
    pub(super) fn shown(&self, overlay: Overlay) -> Overlay {
        if self.unshaded == 0 {
            return overlay;
        }
        Overlay {
            shades: Vec::new(),
            shade_moves: false,
            ..overlay
        }
    }

    /// `p` pixels in units.
    pub(super) fn px(&self, p: f64) -> f64 {
        p / self.scale
    }

    /// `units` in whole pixels, at least one: the picture's `width` and
    /// `height` attributes.
    pub(super) fn pixels(&self, units: f64) -> f64 {
        (units * self.scale - 1e-6).ceil().max(1.0)
    }

    /// The files shown, in units.
    pub(super) fn files(&self) -> f64 {
        self.view.files.len() as f64
    }

    /// The ranks shown, in units.
    pub(super) fn ranks(&self) -> f64 {
        self.view.ranks.len() as f64
    }

    /// The left side of `file`'s squares (exact: files are below 2^32).
    /// A file left of the view is at a negative `x`, not wrapped around.
    pub(super) fn x(&self, file: u32) -> f64 {
        f64::from(file) - f64::from(self.view.files.start)
    }

    /// The top side of `rank`'s squares: the view's top rank at the top.
    pub(super) fn y(&self, rank: u32) -> f64 {
        f64::from(self.view.ranks.end) - 1.0 - f64::from(rank)
    }

    /// The centre of a square.
    pub(super) fn centre(&self, s: Square) -> (f64, f64) {
        (self.x(s.file()) + 0.5, self.y(s.rank()) + 0.5)
    }

    /// The bottom of the board and its file labels.
    pub(super) fn board_bottom(&self) -> f64 {
        self.ranks() + self.labels.margin_bottom
    }

    /// The top of the words under the board (and the insets).
    pub(super) fn words_top(&self) -> f64 {
        self.board_bottom() + self.insets.height + self.pad
    }

    /// The left of the picture's words (and of its first inset's column).
    pub(super) fn words_left(&self) -> f64 {
        -self.labels.margin_left + self.pad
    }

    /// The top left of the `k`-th inset's squares.
    pub(super) fn inset_at(&self, k: usize) -> (f64, f64) {
        let insets = &self.insets;
        (
            -self.labels.margin_left
                + self.pad
                + insets.margin
                + k as f64 * (insets.column + insets.gap),
            self.board_bottom() + insets.label * 2.2,
        )
    }
}

/// The font size of a move number of `digits` digits, in units.
pub(super) fn number_size(digits: usize) -> f64 {
    match digits {
        0..=2 => 0.36,
        3 => 0.3,
        _ => 0.22,
    }
}

/// A label every this many files or ranks, so that labels `need` units
/// apart do not overlap: 1, 2, 5, 10, 20, 50, …
pub(super) fn stride(need: f64) -> u32 {
    let mut step = 1u32;
    let mut k = 0u32;
    while f64::from(step) < need && step < 1_000_000_000 {
        step = [1, 2, 5][widen((k + 1) % 3)] * 10u32.pow((k + 1) / 3);
        k += 1;
    }
    step
}

/// How many squares apart the points of a path of `len` squares are drawn:
/// 1 (every square) up to [`STEPPED_POINTS`], else the fewest that keep it
/// to [`SAMPLED_POINTS`].
pub(super) fn sampling(len: usize) -> usize {
    if len <= STEPPED_POINTS {
        1
    } else {
        len.div_ceil(SAMPLED_POINTS)
    }
}

/// A path over a board whose squares are too small to see (under
/// [`MIN_CHECKER_PX`]), e.g. across 1000×1000: what a person looks for at
/// that scale. The board in blocks of `block`×`block` squares (a coarse
/// grid, aligned with the labels), the path over a white casing, wide enough
/// to see, and each end's neighbourhood twice: boxed on the board, and drawn
/// square by square in an inset under it (`side` squares a side, `unit`
/// units a square), with the path's moves there numbered.
pub(super) struct Wide {
    /// Squares a side of a block.
    pub(super) block: u32,
    /// Squares a side of an inset.
    pub(super) side: u32,
    /// Units a square of an inset.
    pub(super) unit: f64,
}

/// Squares a side of an end's inset.
const INSET_SIDE: u32 = 9;

/// Pixels a square of an inset.
const INSET_SQUARE_PX: f64 = 28.0;

/// A block of the coarse grid is at least this many pixels a side.
const MIN_BLOCK_PX: f64 = 24.0;

impl Wide {
    /// The blocks and insets at `scale` pixels a unit, with labels every
    /// `file_stride` files and `rank_stride` ranks.
    fn new(scale: f64, file_stride: u32, rank_stride: u32) -> Wide {
        // Block sides at label lines: a multiple of both strides.
        let mut block = stride(MIN_BLOCK_PX / scale);
        while block % file_stride != 0 || block % rank_stride != 0 {
            block = stride(f64::from(block) + 0.5);
        }
        Wide {
            block,
            side: INSET_SIDE,
            unit: INSET_SQUARE_PX / scale,
        }
    }

    /// The inset of the end `at`, drawn in `colour` and called `name`.
    fn inset(&self, board: Board, at: Square, colour: &'static str, name: &'static str) -> Inset {
        Inset {
            window: self.window(board, at),
            colour,
            name,
            square: at,
        }
    }

    /// The insets' squares around `at`: `side` a side, within the board.
    fn window(&self, board: Board, at: Square) -> View {
        let around = |c: u32, end: u32| {
            let side = self.side.min(end);
            let start = c.saturating_sub(side / 2).min(end - side);
            start..start + side
        };
        View {
            files: around(at.file(), board.files().end),
            ranks: around(at.rank(), board.ranks().end),
            cropped: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strides_are_one_two_five() {
        let got: Vec<u32> = [0.5, 1.0, 1.5, 2.0, 3.0, 6.0, 11.0, 40.0]
            .iter()
            .map(|&n| stride(n))
            .collect();
        assert_eq!(got, [1, 1, 2, 2, 5, 10, 20, 50]);
    }
}
