//! The main tour construction, by blocks, which `/tour` lists and
//! `/tour/step` reads at random: the square at any step, and the step
//! of any square, of a tour of a board of up to 10⁹ × 10⁹, in a few dozen
//! arithmetic operations, without building the tour; and the same tour
//! built whole for boards small enough to list.
//!
//! **The construction.** The board is cut into a grid of blocks: along each
//! side, parts of 6 squares with at most two parts of other sizes (5 to 12),
//! described by runs so that the part holding a file, and the offset of a
//! part, take a constant number of operations. Every block has an even
//! number of squares (one side even), except on a board with an odd number
//! of squares, where the one odd part of each side holds the start, so the
//! start's block `S` is the only odd × odd block. The blocks are visited in
//! one fixed cycle of the block grid (the number of block rows is made even,
//! turning the board over when the columns give the even count instead):
//! along the first block row, then back and forth along the other rows
//! without the first column, and down the first column home. Inside a block
//! the tour is a knight's path through all its squares from an *entry* to an
//! *exit*, found once per (block size, entry, exit) by `cover` and kept.
//!
//! Where two blocks meet, the crossing is one knight move from the exit of
//! the first to the entry of the next, both fixed by a rule on the shared
//! side: going right (up), the exit is on the last file (rank) of the first
//! block, on the first or second rank (file) of the side — whichever has the
//! exit colour — and the entry is two ranks (files) further along, on the
//! first file (rank) of the next block; going left (down), the same from the
//! other end of the side. All exits have one colour and all entries the
//! other, so the path inside a block of an even number of squares, which
//! must join two squares of different colours, can exist, and two crossings
//! of one side in opposite directions never use the same square.
//!
//! **Why it is a tour.** Each block's path visits each of its squares once,
//! and the blocks partition the board; the cycle of blocks visits each block
//! once; consecutive blocks are joined by a knight move (the crossing), and
//! so is the last block to the first. So the whole is a closed knight's tour
//! (a Hamiltonian cycle of the knight's graph). It does not depend on the
//! start: a tour from `start` — closed, or open on a board with an even
//! number of squares — is this cycle read forwards from `start`. On a board
//! with an odd number of squares the block cycle is read from `S`, whose
//! path runs from the start to its exit; the last block's exit toward `S` is
//! simply the end of the open tour. The start must be of the majority colour,
//! `S`'s corner colour (its offsets are sums of even parts), which is also
//! the exit colour there.
//!
//! **Boards one block wide** (a side of 5 to 12 that is not cut) have a
//! column of blocks, which has no cycle: there every middle block is passed
//! twice, up on the left side of each crossing and down on the right, so it
//! holds two paths (found together by `cover`), and the end blocks one
//! path joining the two lanes. On an odd board `S` then holds the path from
//! the start up and the lane down (or one path at an end of the column).
//!
//! Positions: the cycle is a fixed order of (block, path) slots whose lengths
//! are areas or per-run constants, so the number of steps before a slot is a
//! sum over at most a handful of runs, and a step's slot is found by the
//! inverse division. Boards with a side of 3 or 4, and boards too small to
//! cut (sides up to about 11), are given by [`listed_tour`] and indexed from
//! the list, so they stay limited to its size (1,000,000 squares).

use crate::grid::Int;
use std::collections::HashMap;
use std::sync::Arc;

use super::blocks::{
    any_parts, block_paths, counts, crossing, even_parts, key, odd_splits, xy, BlockPaths, Key,
    Rect, Split,
};
use super::existence;
use super::listed::{listed_tour, Asked};
use crate::board::{Board, Square};
use crate::cache::Cache;
use crate::tour::kinds::TourError;

/// The cut of the (possibly turned) board and the colour of every exit.
#[derive(Clone, Debug)]
struct Layout {
    w: u64,
    h: u64,
    xs: Split,
    ys: Split,
    exit_colour: u64,
}

impl Layout {
    fn rect(&self, i: u64, j: u64) -> Rect {
        let (x0, w) = self.xs.part(i);
        let (y0, h) = self.ys.part(j);
        Rect { x0, y0, w, h }
    }

    /// The knight move from block `from` into its neighbour `to`: (exit, entry).
    fn crossing(&self, from: Rect, to: Rect) -> (Square, Square) {
        crossing(from, to, self.exit_colour)
    }
}

/// A tour of a board cut into a grid of at least 2 × 2 blocks, an even
/// number of block rows.
#[derive(Debug)]
struct GridTour {
    layout: Layout,
    /// Odd board: the start's block (i, j), its local start.
    odd_start: Option<(u64, u64, u16)>,
}

impl GridTour {
    fn nx(&self) -> u64 {
        self.layout.xs.parts
    }

    fn ny(&self) -> u64 {
        self.layout.ys.parts
    }

    /// Place of block (i, j) in the cycle of blocks.
    fn cycle_index(&self, i: u64, j: u64) -> u64 {
        let (nx, ny) = (self.nx(), self.ny());
        if j == 0 {
            i
        } else if i == 0 {
            nx + (ny - 1) * (nx - 1) + (ny - 1 - j)
        } else {
            let base = nx + (j - 1) * (nx - 1);
            if j % 2 == 1 {
                base + (nx - 1 - i)
            } else {
                base + (i - 1)
            }
        }
    }

    fn block_at(&self, c: u64) -> (u64, u64) {
        let (nx, ny) = (self.nx(), self.ny());
        if c < nx {
            return (c, 0);
        }
        let c = c - nx;
        if c < (ny - 1) * (nx - 1) {
            let j = 1 + c / (nx - 1);
            let k = c % (nx - 1);
            let i = if j % 2 == 1 { nx - 1 - k } else { 1 + k };
            return (i, j);
        }
        let k = c - (ny - 1) * (nx - 1);
        (0, ny - 1 - k)
    }

    /// Squares of the cycle before block (i, j).
    fn before(&self, i: u64, j: u64) -> u64 {
        let l = &self.layout;
        let (w0, h0) = (l.xs.part(0).1, l.ys.part(0).1);
        let (x0, bw) = l.xs.part(i);
        let (y0, bh) = l.ys.part(j);
        if j == 0 {
            x0 * h0
        } else if i == 0 {
            l.w * h0 + (l.h - h0) * (l.w - w0) + (l.h - y0 - bh) * w0
        } else {
            let base = l.w * h0 + (y0 - h0) * (l.w - w0);
            if j % 2 == 1 {
                base + (l.w - x0 - bw) * bh
            } else {
                base + (x0 - w0) * bh
            }
        }
    }

    /// The block holding cycle position `p`.
    fn block_of_position(&self, p: u64) -> (u64, u64) {
        let l = &self.layout;
        let (w0, h0) = (l.xs.part(0).1, l.ys.part(0).1);
        if p < l.w * h0 {
            return (l.xs.part_of(p / h0).0, 0);
        }
        let p = p - l.w * h0;
        if p < (l.h - h0) * (l.w - w0) {
            let (j, y0, bh) = l.ys.part_of(h0 + p / (l.w - w0));
            let t = (p - (y0 - h0) * (l.w - w0)) / bh;
            let i = if j % 2 == 1 {
                l.xs.part_of(l.w - 1 - t).0
            } else {
                l.xs.part_of(w0 + t).0
            };
            return (i, j);
        }
        let t = (p - (l.h - h0) * (l.w - w0)) / w0;
        (0, l.ys.part_of(l.h - 1 - t).0)
    }

    /// The key of block (i, j)'s path.
    fn key(&self, i: u64, j: u64) -> Key {
        let nb = self.nx() * self.ny();
        let c = self.cycle_index(i, j);
        let here = self.layout.rect(i, j);
        let (pi, pj) = self.block_at((c + nb - 1) % nb);
        let (ni, nj) = self.block_at((c + 1) % nb);
        let (_, entry) = self.layout.crossing(self.layout.rect(pi, pj), here);
        let (exit, _) = self.layout.crossing(here, self.layout.rect(ni, nj));
        let entry = match self.odd_start {
            Some((si, sj, local)) if (si, sj) == (i, j) => local,
            _ => here.local(entry),
        };
        key(here, &[(entry, here.local(exit))])
    }
}

/// One run of slots of a one-block-wide board: `count` blocks from `first`
/// (upwards when `up`), path `path` of each, `len` squares each.
#[derive(Clone, Copy, Debug)]
struct SlotRun {
    first: u64,
    count: u64,
    up: bool,
    path: usize,
    len: u64,
}

/// A tour of a board one block wide and at least two blocks long.
#[derive(Debug)]
struct ColumnTour {
    layout: Layout,
    odd_start: Option<(u64, u16)>,
    slots: Vec<SlotRun>,
}

impl ColumnTour {
    fn ny(&self) -> u64 {
        self.layout.ys.parts
    }

    /// The (entry, exit) pairs of block j's paths.
    fn ends(&self, j: u64) -> Vec<(u16, u16)> {
        let l = &self.layout;
        let n = self.ny();
        let here = l.rect(0, j);
        let cross = |a: u64, b: u64| l.crossing(l.rect(0, a), l.rect(0, b));
        let loc = |c: Square| here.local(c);
        let mut ends = if j == 0 {
            vec![(loc(cross(1, 0).1), loc(cross(0, 1).0))]
        } else if j == n - 1 {
            vec![(loc(cross(j - 1, j).1), loc(cross(j, j - 1).0))]
        } else {
            vec![
                (loc(cross(j - 1, j).1), loc(cross(j, j + 1).0)),
                (loc(cross(j + 1, j).1), loc(cross(j, j - 1).0)),
            ]
        };
        if let Some((sj, local)) = self.odd_start {
            if sj == j {
                ends[0].0 = local;
            }
        }
        ends
    }

    fn key(&self, j: u64) -> Key {
        key(self.layout.rect(0, j), &self.ends(j))
    }
}

#[derive(Debug)]
enum Shape {
    Grid(GridTour),
    Column(ColumnTour),
    /// The tour listed: board indices in order, and each square's step.
    Listed {
        order: Vec<u32>,
        step: Vec<u32>,
    },
}

/// A knight's tour of a board of up to 10⁹ a side that can be read at any
/// step without being built. See the module's documentation.
#[derive(Debug)]
pub struct IndexedTour {
    board: Board,
    width: u64,
    height: u64,
    start: Square,
    closed: bool,
    /// Whether the construction works on the board turned over (file ↔ rank).
    turned: bool,
    shape: Shape,
    /// The cycle position of step 0.
    offset: u64,
    paths: HashMap<Key, Arc<BlockPaths>>,
}

impl IndexedTour {
    /// The tour of `board` from `start` (closed, or open), set up to be read
    /// at any step: always the same tour for the same arguments, and the
    /// same one [`tour`](fn@crate::tour) lists with
    /// [`Method::Construction`](crate::tour::Method::Construction). Boards
    /// with both sides 5 or more are set up in microseconds whatever their
    /// size; the others ([`is_listed`](Self::is_listed)) are listed whole,
    /// up to `max_listed` squares. The paths inside blocks are kept in
    /// `cache`.
    ///
    /// # Errors
    ///
    /// [`TourError::NoTour`] when no such tour exists (a theorem, or a
    /// complete search of a small board); [`TourError::TooLarge`] when the
    /// board must be listed and has more than `max_listed` squares;
    /// [`TourError::NotFound`] for a start off the board.
    ///
    /// ```
    /// use knight::{Board, Cache, Square};
    /// use knight::tour::IndexedTour;
    /// let cache = Cache::default();
    /// let board = Board::new(1_000_000_000, 1_000_000_000).unwrap();
    /// let tour = IndexedTour::new(board, Square::new(0, 0), true, 1_000_000, &cache)?;
    /// let square = tour.square_at(123_456_789_012_345).unwrap();
    /// assert_eq!(tour.step_of(square), Some(123_456_789_012_345));
    /// assert_eq!(tour.square_at(0), Some(Square::new(0, 0)));
    /// # Ok::<(), knight::TourError>(())
    /// ```
    pub fn new(
        board: Board,
        start: Square,
        closed: bool,
        max_listed: u64,
        cache: &Cache,
    ) -> Result<IndexedTour, TourError> {
        if let Some(tour) = Self::cut(board, start, closed, cache)? {
            return Ok(tour);
        }
        let squares = board.squares();
        if squares > max_listed {
            return Err(TourError::TooLarge {
                squares,
                limit: max_listed,
            });
        }
        let tour = listed_tour(Asked {
            board,
            start,
            closed,
            max_squares: max_listed,
            cache,
        })?
        .into_tour();
        let order: Vec<u32> = tour.path.iter().map(|&s| board.index(s).u32()).collect();
        let mut step = vec![0u32; order.len()];
        for (k, &i) in order.iter().enumerate() {
            step[i.usize()] = k.u32();
        }
        Ok(IndexedTour {
            board,
            width: board.width(),
            height: board.height(),
            start,
            closed,
            turned: false,
            shape: Shape::Listed { order, step },
            offset: 0,
            paths: HashMap::new(),
        })
    }

    /// Whether a tour of `board` is listed whole when set up (a side under
    /// 5: the narrow boards' dynamic programme, milliseconds per million
    /// squares) rather than cut into blocks (microseconds). Small boards
    /// with both sides 5 or more that cannot be cut are listed too, but take
    /// little time.
    ///
    /// ```
    /// use knight::Board;
    /// use knight::tour::IndexedTour;
    /// assert!(IndexedTour::is_listed(Board::new(4, 250_000).unwrap()));
    /// assert!(!IndexedTour::is_listed(Board::new(5, 250_000).unwrap()));
    /// ```
    pub fn is_listed(board: Board) -> bool {
        board.width().min(board.height()) < 5
    }

    /// Bytes the tour holds of its own (a listed tour: 8 a square; one by
    /// blocks: a few dozen, its block paths being kept in the cache).
    pub fn bytes(&self) -> usize {
        let own = match &self.shape {
            Shape::Listed { order, step } => 4 * (order.len() + step.len()),
            Shape::Column(c) => c.slots.len() * std::mem::size_of::<SlotRun>(),
            Shape::Grid(_) => 0,
        };
        std::mem::size_of::<Self>() + own + 16 * self.paths.len()
    }

    /// The tour by blocks, without listing: None when the board cannot be
    /// cut (a side under 5, or a small board no cut fits) and its tour must
    /// be listed whole by [`listed_tour`] instead. An error if the start is
    /// off the board or a theorem rules the tour out.
    pub(super) fn cut(
        board: Board,
        start: Square,
        closed: bool,
        cache: &Cache,
    ) -> Result<Option<IndexedTour>, TourError> {
        if !board.contains(start) {
            return Err(TourError::NotFound);
        }
        let (width, height) = (board.width(), board.height());
        let (sx, sy) = xy(start);
        if let Some(why) = existence::ruled_out(width, height, sx, sy, closed) {
            return Err(TourError::NoTour(why));
        }
        if width.min(height) >= 5 {
            for turned in [false, true] {
                if let Some(tour) = Self::constructed(board, start, closed, turned, cache) {
                    return Ok(Some(tour));
                }
            }
        }
        Ok(None)
    }

    /// The tour by blocks on the board as it is or turned over, if some cut
    /// of it works.
    fn constructed(
        board: Board,
        start: Square,
        closed: bool,
        turned: bool,
        cache: &Cache,
    ) -> Option<IndexedTour> {
        let (width, height) = (board.width(), board.height());
        let (w, h) = if turned {
            (height, width)
        } else {
            (width, height)
        };
        let s = if turned {
            Square::new(start.rank(), start.file())
        } else {
            start
        };
        let (sx, sy) = xy(s);
        let odd = w % 2 == 1 && h % 2 == 1;
        let exit_colour = if odd { 0 } else { 1 };
        for (xs, ys) in cuts(w, h, s, odd).into_iter().take(16) {
            let layout = Layout {
                w,
                h,
                xs,
                ys,
                exit_colour,
            };
            let mut tour = IndexedTour {
                board,
                width,
                height,
                start,
                closed,
                turned,
                shape: Shape::Listed {
                    order: vec![],
                    step: vec![],
                },
                offset: 0,
                paths: HashMap::new(),
            };
            let shape = if layout.xs.parts >= 2 {
                let (si, sx0, _) = layout.xs.part_of(sx);
                let (sj, sy0, _) = layout.ys.part_of(sy);
                let local = ((sy - sy0) * layout.xs.part(si).1 + (sx - sx0)).u16();
                let grid = GridTour {
                    layout,
                    odd_start: odd.then_some((si, sj, local)),
                };
                let mut ok = true;
                'all: for &i in &grid.layout.xs.representatives() {
                    for &j in &grid.layout.ys.representatives() {
                        let k = grid.key(i, j);
                        match block_paths(k, cache) {
                            Some(p) => {
                                tour.paths.insert(k, p);
                            }
                            None => {
                                ok = false;
                                break 'all;
                            }
                        }
                    }
                }
                if odd {
                    let k = grid.key(si, sj);
                    match block_paths(k, cache) {
                        Some(p) => {
                            tour.paths.insert(k, p);
                        }
                        None => ok = false,
                    }
                }
                if !ok {
                    continue;
                }
                Shape::Grid(grid)
            } else {
                let (sj, sy0, _) = layout.ys.part_of(sy);
                let local = ((sy - sy0) * layout.w + sx).u16();
                let mut column = ColumnTour {
                    layout,
                    odd_start: odd.then_some((sj, local)),
                    slots: Vec::new(),
                };
                let mut reps = column.layout.ys.representatives();
                if odd {
                    reps.push(sj);
                }
                let mut ok = true;
                for &j in &reps {
                    let k = column.key(j);
                    match block_paths(k, cache) {
                        Some(p) => {
                            tour.paths.insert(k, p);
                        }
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                if !ok {
                    continue;
                }
                column.slots = column_slots(&column, &tour.paths, cache)?;
                Shape::Column(column)
            };
            tour.shape = shape;
            tour.offset = if odd {
                match &tour.shape {
                    Shape::Grid(g) => {
                        let (si, sj, _) = g.odd_start?;
                        g.before(si, sj)
                    }
                    Shape::Column(c) => {
                        let (sj, _) = c.odd_start?;
                        tour.slot_before(c, sj, 0)?
                    }
                    Shape::Listed { .. } => 0,
                }
            } else {
                tour.cycle_position(s)?
            };
            // The whole construction rests on these: check them once.
            let n = w * h;
            let last = tour.square_at(n - 1)?;
            if tour.square_at(0)? != start || tour.step_of(last)? != n - 1 {
                continue;
            }
            return Some(tour);
        }
        None
    }

    /// The number of squares of the board, and of steps of the tour.
    pub fn squares(&self) -> u64 {
        self.width * self.height
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The square at step 0.
    pub fn start(&self) -> Square {
        self.start
    }

    /// Whether the last square is one knight move from the first.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// The paths of a block of the tour, all found when it was set up.
    fn paths(&self, key: Key) -> Option<Arc<BlockPaths>> {
        self.paths.get(&key).cloned()
    }

    /// The square at `step` (from 0), or None past the end.
    pub fn square_at(&self, step: u64) -> Option<Square> {
        let n = self.squares();
        if step >= n {
            return None;
        }
        let p = (step + self.offset) % n;
        let square = match &self.shape {
            Shape::Listed { order, .. } => {
                return self.board.from_index(u64::from(*order.get(step.usize())?));
            }
            Shape::Grid(g) => {
                let (i, j) = g.block_of_position(p);
                let paths = self.paths(g.key(i, j))?;
                let k = p - g.before(i, j);
                g.layout.rect(i, j).global(*paths.order.get(k.usize())?)
            }
            Shape::Column(c) => {
                let (j, path, k) = column_slot_at(c, p)?;
                let paths = self.paths(c.key(j))?;
                let skip: u32 = paths.lens[..path].iter().sum();
                c.layout
                    .rect(0, j)
                    .global(*paths.order.get((skip.u64() + k).usize())?)
            }
        };
        Some(self.unturn(square))
    }

    /// The step at which the tour visits `square`, or None off the board.
    pub fn step_of(&self, square: Square) -> Option<u64> {
        if !self.board.contains(square) {
            return None;
        }
        if let Shape::Listed { step, .. } = &self.shape {
            return step
                .get(self.board.index(square).usize())
                .map(|&s| u64::from(s));
        }
        let n = self.squares();
        let p = self.cycle_position(self.unturn(square))?;
        Some((p + n - self.offset) % n)
    }

    /// (file, rank) ↔ the construction's own orientation.
    fn unturn(&self, s: Square) -> Square {
        if self.turned {
            Square::new(s.rank(), s.file())
        } else {
            s
        }
    }

    /// A square's position in the construction's cycle (own orientation).
    fn cycle_position(&self, s: Square) -> Option<u64> {
        let (f, r) = xy(s);
        match &self.shape {
            Shape::Listed { .. } => None,
            Shape::Grid(g) => {
                let (i, _, _) = g.layout.xs.part_of(f);
                let (j, _, _) = g.layout.ys.part_of(r);
                let paths = self.paths(g.key(i, j))?;
                let local = g.layout.rect(i, j).local(s);
                Some(g.before(i, j) + u64::from(*paths.place.get(local.usize())?))
            }
            Shape::Column(c) => {
                let (j, _, _) = c.layout.ys.part_of(r);
                let paths = self.paths(c.key(j))?;
                let local = c.layout.rect(0, j).local(s);
                let mut k = u64::from(*paths.place.get(local.usize())?);
                let mut path = 0;
                while path + 1 < paths.lens.len() && k >= u64::from(paths.lens[path]) {
                    k -= u64::from(paths.lens[path]);
                    path += 1;
                }
                Some(self.slot_before(c, j, path)? + k)
            }
        }
    }

    /// Cycle squares before path `path` of block `j` of a column tour.
    fn slot_before(&self, c: &ColumnTour, j: u64, path: usize) -> Option<u64> {
        let mut before = 0;
        for run in &c.slots {
            if run.path == path {
                let k = if run.up {
                    j.checked_sub(run.first)
                } else {
                    run.first.checked_sub(j)
                };
                if let Some(k) = k.filter(|&k| k < run.count) {
                    return Some(before + k * run.len);
                }
            }
            before += run.count * run.len;
        }
        None
    }

    /// The whole tour as board indices (`rank * width + file`), from the
    /// start. Boards of at most `max_squares` squares.
    pub fn build(&self, max_squares: u64) -> Result<Vec<u32>, TourError> {
        let n = self.squares();
        if n > max_squares || n > u64::from(u32::MAX) {
            return Err(TourError::TooLarge {
                squares: n,
                limit: max_squares,
            });
        }
        if let Shape::Listed { order, .. } = &self.shape {
            return Ok(order.clone());
        }
        let mut cycle: Vec<u32> = Vec::with_capacity(n.usize());
        let (width, turned) = (self.width, self.turned);
        let index = |s: Square| -> u32 {
            let (f, r) = xy(s);
            if turned {
                (f * width + r).u32()
            } else {
                (r * width + f).u32()
            }
        };
        match &self.shape {
            Shape::Grid(g) => {
                for c in 0..g.nx() * g.ny() {
                    let (i, j) = g.block_at(c);
                    let rect = g.layout.rect(i, j);
                    let paths = self.paths(g.key(i, j)).ok_or(TourError::NotFound)?;
                    cycle.extend(paths.order.iter().map(|&l| index(rect.global(l))));
                }
            }
            Shape::Column(c) => {
                for run in &c.slots {
                    for k in 0..run.count {
                        let j = if run.up { run.first + k } else { run.first - k };
                        let rect = c.layout.rect(0, j);
                        let paths = self.paths(c.key(j)).ok_or(TourError::NotFound)?;
                        let skip: u32 = paths.lens[..run.path].iter().sum();
                        let len = paths.lens[run.path];
                        cycle.extend(
                            paths.order[skip.usize()..(skip + len).usize()]
                                .iter()
                                .map(|&l| index(rect.global(l))),
                        );
                    }
                }
            }
            Shape::Listed { .. } => {}
        }
        if cycle.len().u64() != n {
            return Err(TourError::NotFound);
        }
        cycle.rotate_left(self.offset.usize());
        Ok(cycle)
    }
}

/// The cuts worth trying for a `w` × `h` board (own orientation) from `s`,
/// best first: a grid with an even number of block rows, or one column of
/// blocks.
fn cuts(w: u64, h: u64, s: Square, odd: bool) -> Vec<(Split, Split)> {
    let mut out = Vec::new();
    if odd {
        let (sx, sy) = xy(s);
        let xs = odd_splits(w, sx);
        let ys = odd_splits(h, sy);
        for y in &ys {
            if y.parts >= 2 && y.parts % 2 == 0 {
                for x in xs.iter().filter(|x| x.parts >= 2) {
                    out.push((x.clone(), y.clone()));
                }
            }
        }
        if w <= 11 {
            for y in ys.iter().filter(|y| y.parts >= 2) {
                out.push((Split::new(vec![(1, w)]), y.clone()));
            }
        }
        return out;
    }
    // Every block needs an even side: cut an even side into even parts.
    let rows_even = |n: u64| n >= 2 && n % 2 == 0;
    if h % 2 == 0 {
        for ny in counts(h).into_iter().filter(|&n| rows_even(n)) {
            for nx in counts(w).into_iter().filter(|&n| n >= 2) {
                if let (Some(x), Some(y)) = (any_parts(w, nx), even_parts(h, ny)) {
                    out.push((x, y));
                }
            }
        }
    }
    if w % 2 == 0 {
        for ny in counts(h).into_iter().filter(|&n| rows_even(n)) {
            for nx in counts(w).into_iter().filter(|&n| n >= 2) {
                if let (Some(x), Some(y)) = (even_parts(w, nx), any_parts(h, ny)) {
                    out.push((x, y));
                }
            }
        }
    }
    if w <= 12 {
        for ny in counts(h).into_iter().filter(|&n| n >= 2) {
            let y = if w % 2 == 1 {
                even_parts(h, ny)
            } else {
                any_parts(h, ny)
            };
            if let Some(y) = y {
                out.push((Split::new(vec![(1, w)]), y));
            }
        }
    }
    out
}

/// The slots of a column tour in cycle order: the bottom block, the middle
/// blocks' first paths upwards, the top block, their second paths downwards.
fn column_slots(
    c: &ColumnTour,
    paths: &HashMap<Key, Arc<BlockPaths>>,
    cache: &Cache,
) -> Option<Vec<SlotRun>> {
    let n = c.ny();
    let lens = |j: u64| -> Option<Vec<u32>> {
        let key = c.key(j);
        Some(
            paths
                .get(&key)
                .cloned()
                .or_else(|| block_paths(key, cache))?
                .lens
                .clone(),
        )
    };
    let mut up = Vec::new();
    let mut down = Vec::new();
    let area = |j: u64| c.layout.w * c.layout.ys.part(j).1;
    let single = |j: u64| SlotRun {
        first: j,
        count: 1,
        up: true,
        path: 0,
        len: area(j),
    };
    // Middle blocks in runs of equal paths: split at run ends and at S.
    let mut bounds = vec![1u64, n - 1];
    let mut first = 0;
    for &(count, _) in &c.layout.ys.runs {
        for b in [first, first + count] {
            if b > 1 && b < n - 1 {
                bounds.push(b);
            }
        }
        first += count;
    }
    if let Some((sj, _)) = c.odd_start {
        if sj > 1 && sj < n - 1 {
            bounds.push(sj);
        }
        if sj + 1 > 1 && sj + 1 < n - 1 {
            bounds.push(sj + 1);
        }
    }
    bounds.sort_unstable();
    bounds.dedup();
    for pair in bounds.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if a >= b {
            continue;
        }
        // Blocks a..b share one key unless they hold S (then b = a + 1).
        let l = lens(a)?;
        if l.len() != 2 {
            return None;
        }
        up.push(SlotRun {
            first: a,
            count: b - a,
            up: true,
            path: 0,
            len: u64::from(l[0]),
        });
        down.push(SlotRun {
            first: b - 1,
            count: b - a,
            up: false,
            path: 1,
            len: u64::from(l[1]),
        });
    }
    down.reverse();
    let mut slots = vec![single(0)];
    slots.extend(up);
    slots.push(single(n - 1));
    slots.extend(down);
    Some(slots)
}

/// The (block, path, place in path) at cycle position `p` of a column tour.
fn column_slot_at(c: &ColumnTour, mut p: u64) -> Option<(u64, usize, u64)> {
    for run in &c.slots {
        let len = run.count * run.len;
        if p < len {
            let k = p / run.len;
            let j = if run.up { run.first + k } else { run.first - k };
            return Some((j, run.path, p % run.len));
        }
        p -= len;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_add_up() {
        for len in 5..300u64 {
            for n in counts(len) {
                for s in [even_parts(len, n), any_parts(len, n)]
                    .into_iter()
                    .flatten()
                {
                    let total: u64 = s.runs.iter().map(|r| r.0 * r.1).sum();
                    assert_eq!(total, len);
                    assert_eq!(s.parts, n);
                    assert!(s.runs.iter().all(|r| (5..=12).contains(&r.1)));
                }
            }
            if len % 2 == 1 {
                for pos in 0..len {
                    for s in odd_splits(len, pos) {
                        let total: u64 = s.runs.iter().map(|r| r.0 * r.1).sum();
                        assert_eq!(total, len);
                        let (_, _, size) = s.part_of(pos);
                        assert_eq!(size % 2, 1, "{len} {pos} {s:?}");
                        let odd: u64 = s.runs.iter().filter(|r| r.1 % 2 == 1).map(|r| r.0).sum();
                        assert_eq!(odd, 1);
                    }
                }
            }
        }
    }
}
