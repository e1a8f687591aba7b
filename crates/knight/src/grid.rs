//! The searches' side of a board: a board laid out densely in memory
//! ([`Grid`], with a margin so that a step needs no bounds check), a
//! square's number in it ([`Spot`]), a value for every spot ([`SpotMap`]),
//! and the checked integer conversions the searches keep ([`Int`],
//! [`widen`]). Crate-private: a caller of the library speaks of boards and
//! squares ([`crate::board`]); these are how the solvers store them.

use crate::board::{Board, Square, STEPS};

/// A square's number in a solver's dense grid (see [`Grid`]): 32 bits, half
/// a `usize`, so the searches' arrays stay small; [`Spot::NONE`] is the one
/// "no square" every solver uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Spot(u32);

impl Spot {
    /// No square: an unreached square, a missing partner, the end of a path.
    pub const NONE: Spot = Spot(u32::MAX);

    /// The spot numbered `index`, below `u32::MAX`.
    pub fn new(index: usize) -> Spot {
        let spot = u32::try_from(index).expect("grids have fewer than u32::MAX spots");
        debug_assert!(spot != u32::MAX);
        Spot(spot)
    }

    /// The spot numbered `raw`, as kept in a `u32` array.
    pub const fn from_raw(raw: u32) -> Spot {
        Spot(raw)
    }

    /// Its number as an array index.
    #[inline]
    pub fn index(self) -> usize {
        widen(self.0)
    }

    /// Its number as kept in a `u32` array.
    pub const fn raw(self) -> u32 {
        self.0
    }
}

/// `n` as an array position or length. The one place a `u32` is widened to
/// `usize`: lossless, usize being at least 32 bits on every target the
/// library builds for.
#[inline]
pub fn widen(n: u32) -> usize {
    n as usize
}

/// Checked conversions between the integer types the tour searches keep
/// (`u16` block-local indices, `u32` grid numbers, `u64` board indices,
/// `usize` array positions, `i64` offsets). Each value is bounded by the
/// board it belongs to, so a conversion that fails is a bug: it panics
/// (caught as a 500 by the service) rather than wrapping silently as `as`
/// would.
pub(crate) trait Int: Copy {
    /// As an array position.
    fn usize(self) -> usize;
    /// As a board index or count.
    fn u64(self) -> u64;
    /// As a grid number.
    fn u32(self) -> u32;
    /// As a block-local index.
    fn u16(self) -> u16;
    /// As a small count or label.
    fn u8(self) -> u8;
    /// As a signed offset.
    fn i64(self) -> i64;
}

macro_rules! int {
    ($($ty:ty),*) => {$(
        impl Int for $ty {
            int!(@to usize "a position within the board");
            int!(@to u64 "an index within the board");
            int!(@to u32 "a grid number within the board");
            int!(@to u16 "an index within a block");
            int!(@to u8 "a small count");
            int!(@to i64 "an offset within the board");
        }
    )*};
    (@to $to:ident $why:literal) => {
        #[inline]
        fn $to(self) -> $to {
            $to::try_from(self).expect($why)
        }
    };
}

int!(u8, u16, u32, u64, usize, i64);

/// A board laid out densely for a search, rank after rank, with `margin`
/// empty squares around it (so that a step from any square of the board lands
/// inside the grid and needs no bounds check): squares ↔ `Spot`s and steps
/// ↔ offsets between spots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    board: Board,
    margin: u32,
    /// Spots per rank, margins included.
    stride: u32,
    len: u32,
}

impl Grid {
    /// The board numbered `rank * width + file` (its square index); `None`
    /// when it has too many squares for a `Spot`.
    pub fn new(board: Board) -> Option<Grid> {
        Grid::with_margin(board, 0)
    }

    /// The board with `margin` spots on every side; `None` when the grid has
    /// too many spots for a `Spot`.
    pub fn with_margin(board: Board, margin: u32) -> Option<Grid> {
        let stride = board.files().end + 2 * margin;
        let ranks = board.ranks().end + 2 * margin;
        let len = u32::try_from(u64::from(stride) * u64::from(ranks)).ok()?;
        (len < u32::MAX).then_some(Grid {
            board,
            margin,
            stride,
            len,
        })
    }

    /// The board the grid lays out.
    pub fn board(self) -> Board {
        self.board
    }

    /// The number of spots, margins included.
    pub fn len(self) -> usize {
        Spot(self.len).index()
    }

    /// The board's files and ranks, as array sizes.
    pub fn sides(self) -> (usize, usize) {
        (
            Spot(self.board.files().end).index(),
            Spot(self.board.ranks().end).index(),
        )
    }

    /// The spot of a square of the board.
    #[inline]
    pub fn spot(self, square: Square) -> Spot {
        Spot((square.rank() + self.margin) * self.stride + square.file() + self.margin)
    }

    /// The square at a spot of the board (not of the margin).
    #[inline]
    pub fn square(self, spot: Spot) -> Square {
        Square::new(
            spot.0 % self.stride - self.margin,
            spot.0 / self.stride - self.margin,
        )
    }

    /// The board's squares and their spots, in square index order.
    pub fn squares(self) -> impl Iterator<Item = (Square, Spot)> {
        self.board.ranks().flat_map(move |rank| {
            self.board.files().map(move |file| {
                let square = Square::new(file, rank);
                (square, self.spot(square))
            })
        })
    }

    /// How far apart, in spots, are squares `file` files and `rank` ranks
    /// apart.
    pub fn offset(self, file: i8, rank: i8) -> isize {
        let stride = isize::try_from(self.stride).expect("a grid fits in memory");
        isize::from(rank) * stride + isize::from(file)
    }

    /// The spots one knight step from `spot` (a square of the board) that are
    /// on the board, with the step's number in `STEPS`.
    #[inline]
    pub fn neighbours(self, spot: Spot) -> impl Iterator<Item = (usize, Spot)> {
        let square = self.square(spot);
        STEPS
            .iter()
            .enumerate()
            .filter_map(move |(k, step)| self.board.step(square, step).map(|to| (k, self.spot(to))))
    }

    /// Whether two squares of the board are one knight step apart.
    pub fn adjacent(self, a: Spot, b: Spot) -> bool {
        self.square(a).is_knight_move_to(self.square(b))
    }
}

/// A value for every spot of a [`Grid`]: a vector indexed by [`Spot`], so
/// that a search's arrays are read and written without a numeric cast.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpotMap<T>(Vec<T>);

// `fill` and the readers are for the searches that move onto typed vectors
// (tours); until they all have, some go unused.
#[allow(dead_code)]
impl<T: Clone> SpotMap<T> {
    /// `value` at every spot of `grid`, margins included.
    pub fn new(grid: Grid, value: T) -> SpotMap<T> {
        SpotMap(vec![value; grid.len()])
    }

    /// Every spot set back to `value`.
    pub fn fill(&mut self, value: T) {
        self.0.fill(value);
    }
}

#[allow(dead_code)]
impl<T> SpotMap<T> {
    /// The number of spots.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The spots and their values, in spot order.
    pub fn iter(&self) -> impl Iterator<Item = (Spot, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Spot::new(i), v))
    }

    /// The values, in spot order.
    pub fn values(&self) -> &[T] {
        &self.0
    }
}

impl<T> std::ops::Index<Spot> for SpotMap<T> {
    type Output = T;
    #[inline]
    fn index(&self, spot: Spot) -> &T {
        &self.0[spot.index()]
    }
}

impl<T> std::ops::IndexMut<Spot> for SpotMap<T> {
    #[inline]
    fn index_mut(&mut self, spot: Spot) -> &mut T {
        &mut self.0[spot.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spot_maps_are_read_and_written_by_spot() {
        let grid = Grid::with_margin(Board::new(3, 2).unwrap(), 2).unwrap();
        let mut seen = SpotMap::new(grid, false);
        assert_eq!(seen.len(), 7 * 6);
        let spot = grid.spot(Square::new(2, 1));
        seen[spot] = true;
        assert_eq!(
            seen.iter()
                .filter(|(_, &v)| v)
                .map(|(s, _)| s)
                .collect::<Vec<_>>(),
            [spot]
        );
        seen.fill(false);
        assert!(!seen.values().contains(&true));
    }
}
