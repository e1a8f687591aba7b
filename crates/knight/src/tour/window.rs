//! Finishing a short prefix on a large board by construction: search only a
//! window round the played squares, and join it into tours the
//! constructions build for the rest of the board.
//!
//! The board is first turned (mirrored, and perhaps its files and ranks
//! swapped) so that the corner nearest the played squares is a1. The
//! rectangle round the played squares must then begin within [`NEAR`]
//! files and ranks of a1 (it may stretch far along an edge, as a walk that
//! hugs the edge does; the window follows it, up to [`MAX_WINDOW`]
//! squares). The board is cut in three:
//!
//! - the window R, files `0..a` × ranks `0..b`: the smallest corner
//!   rectangle holding every played square, plus a margin of free files and
//!   ranks;
//! - the strip A to its right, files `a..` × ranks `0..b`;
//! - the rest B above both, every file × ranks `b..`.
//!
//! The tour runs through R, then A, then B. In R the knight goes on from
//! the last square played over every unplayed square of R, ending on a
//! square L one knight move from a square e of A. That path is the one part
//! searched: the tours' depth-first engine ([`super::search`]) over R
//! alone, by Warnsdorff's rule (fewest free onward moves first), then the
//! square farther from L first (so the path sweeps away from L and comes
//! to it last), with the dead-end look-ahead (a free square left with no
//! free neighbour ends that branch), under a node budget. A is toured from
//! e to a square y on its top two ranks by the both-ends construction
//! ([`ends`]); y is one knight move from a square f of B. B is toured from
//! f by the block construction ([`IndexedTour`]), or, when the request asks
//! the tour to end on a square of B, from f to that square by the both-ends
//! construction again. So the search's size follows the played squares,
//! not the board.
//!
//! Choices are filtered before anything is searched. A knight alternates
//! colours, so R must hold as many unplayed squares of each colour as the
//! path from the knight alternates through: the margins (from 2 to 7 free
//! files and ranks) are chosen so it does. L must be of the colour that
//! path ends on; L is tried farthest from the knight first. An unplayed
//! square next to the played squares with fewer than two ways in could
//! only be the tour's last square, which is in B here: such a position is
//! left to the whole-board search at once. The window's searches take at
//! most a quarter of the time limit, and at most [`MAX_TIME`].
//!
//! Nothing here is given out unchecked: the caller checks the joined path
//! as it checks any finish. When no choice works, or the played squares
//! are not near a corner, or the tour must be closed (its last square would
//! have to be back in R, next to the first square), or its asked end is in
//! R or A, this gives nothing and the caller searches the whole board as
//! before.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use super::construct::IndexedTour;
use super::ends;
use super::finish::Ending;
use super::search::{depth_first, Budget, Outcome, Rules, Unvisited};
use crate::board::{Board, Grid, Int, Spot, Square};
use crate::Cache;

/// The rectangle round the played squares must begin within this many
/// files and ranks of a corner.
const NEAR: u32 = 8;

/// Free files (and ranks) left round the played squares inside the window,
/// in the order tried: a margin of 2 often leaves a band too thin for the
/// search to sweep and come back along.
const MARGINS: [u32; 6] = [4, 5, 6, 7, 3, 2];

/// The strip A must be at least this many files long (the both-ends
/// construction cuts boards 5 by 10 or more).
const MIN_STRIP: u64 = 10;

/// The least side of the window, of the strip's height and of B.
const MIN_SIDE: u64 = 5;

/// The most squares a window may have.
const MAX_WINDOW: u64 = 40_000;

/// The most time the window's searches take (a quarter of the time limit
/// when that is less) before the whole board is searched instead.
const MAX_TIME: Duration = Duration::from_millis(250);

/// The most ends L tried in one window.
const ENDS_TRIED: usize = 8;

/// The most squares y tried for one end L.
const EXITS_TRIED: usize = 6;

/// A turn of the board: mirror the files, mirror the ranks, then perhaps
/// swap files and ranks. Squares go to the turned board by [`Turn::on`] and
/// back by [`Turn::back`].
#[derive(Clone, Copy, Debug)]
struct Turn {
    width: u32,
    height: u32,
    flip_files: bool,
    flip_ranks: bool,
    swap: bool,
}

impl Turn {
    /// Turn `number` (0 to 7) of the `width` × `height` board: its bits
    /// mirror the files, mirror the ranks, swap files and ranks.
    fn new(width: u32, height: u32, number: u8) -> Turn {
        Turn {
            width,
            height,
            flip_files: number & 1 != 0,
            flip_ranks: number & 2 != 0,
            swap: number & 4 != 0,
        }
    }

    /// The turned board's sides.
    fn sides(self) -> (u32, u32) {
        if self.swap {
            (self.height, self.width)
        } else {
            (self.width, self.height)
        }
    }

    fn on(self, s: Square) -> Square {
        let file = if self.flip_files {
            self.width - 1 - s.file()
        } else {
            s.file()
        };
        let rank = if self.flip_ranks {
            self.height - 1 - s.rank()
        } else {
            s.rank()
        };
        if self.swap {
            Square::new(rank, file)
        } else {
            Square::new(file, rank)
        }
    }

    fn back(self, s: Square) -> Square {
        let (file, rank) = if self.swap {
            (s.rank(), s.file())
        } else {
            (s.file(), s.rank())
        };
        let file = if self.flip_files {
            self.width - 1 - file
        } else {
            file
        };
        let rank = if self.flip_ranks {
            self.height - 1 - rank
        } else {
            rank
        };
        Square::new(file, rank)
    }
}

/// One way to cut the turned board: the window is files `0..a` × ranks
/// `0..b`.
#[derive(Clone, Copy, Debug)]
struct Cut {
    turn: Turn,
    a: u32,
    b: u32,
}

/// A whole tour of `board` beginning with `played` and ending as asked,
/// made by the window's search and the constructions; None when this
/// method does not apply or found none (the caller then searches the
/// whole board). Not checked here: the caller checks it.
pub(super) fn finish_in_window(
    board: Board,
    played: &[Square],
    ending: Ending,
    max_squares: u64,
    deadline: Instant,
) -> Option<Vec<Square>> {
    if ending == Ending::Closed || played.is_empty() {
        return None;
    }
    let width = u32::try_from(board.width()).ok()?;
    let height = u32::try_from(board.height()).ok()?;
    if dead_end(board, played) {
        return None;
    }
    let cache = Cache::default();
    // The window's tries may take a share of the time, capped: when they
    // fail the whole board is searched.
    let now = Instant::now();
    let deadline = deadline.min(now + (deadline.saturating_duration_since(now) / 4).min(MAX_TIME));
    for cut in cuts(width, height, played) {
        if Instant::now() >= deadline {
            return None;
        }
        if let Some(path) = finish_cut(cut, played, ending, max_squares, deadline, &cache) {
            return Some(path);
        }
    }
    None
}

/// Whether an unplayed square next to the played squares has fewer than
/// two ways in (unplayed squares and the knight one move away): it could
/// only be the tour's last square, and the window's tours end far from
/// the played squares. Only these squares have lost ways in.
fn dead_end(board: Board, played: &[Square]) -> bool {
    let Some(&knight) = played.last() else {
        return true;
    };
    let played_set: HashSet<Square> = played.iter().copied().collect();
    played.iter().flat_map(|&s| board.knight_moves(s)).any(|s| {
        if played_set.contains(&s) {
            return false;
        }
        let free = board
            .knight_moves(s)
            .filter(|t| !played_set.contains(t))
            .count();
        free + usize::from(s.is_knight_move_to(knight)) < 2
    })
}

/// The cuts worth trying, smallest window first: every turn that brings
/// the played squares within [`NEAR`] of a1, with each margin whose pieces
/// are large enough.
fn cuts(width: u32, height: u32, played: &[Square]) -> Vec<Cut> {
    let mut cuts = Vec::new();
    // Each pair of margins (files, ranks), in the order tried.
    let pairs = MARGINS.into_iter().enumerate().flat_map(|(i, m)| {
        MARGINS
            .into_iter()
            .enumerate()
            .map(move |(j, n)| (i.max(j), (m, n)))
    });
    for (order, (file_margin, rank_margin)) in pairs {
        for turn_number in 0..8u8 {
            let turn = Turn::new(width, height, turn_number);
            let turned: Vec<Square> = played.iter().map(|&s| turn.on(s)).collect();
            let (mut low, mut high) = ((u32::MAX, u32::MAX), (0, 0));
            for &s in &turned {
                low = (low.0.min(s.file()), low.1.min(s.rank()));
                high = (high.0.max(s.file()), high.1.max(s.rank()));
            }
            if low.0 > NEAR || low.1 > NEAR {
                continue;
            }
            let (w, h) = turn.sides();
            let a = (high.0 + 1 + file_margin).max(5);
            let b = (high.1 + 1 + rank_margin).max(5);
            let fits = u64::from(w).checked_sub(u64::from(a)) >= Some(MIN_STRIP)
                && u64::from(h).checked_sub(u64::from(b)) >= Some(MIN_SIDE)
                && u64::from(a) * u64::from(b) <= MAX_WINDOW;
            if fits && balanced(a, b, &turned) {
                cuts.push((order, Cut { turn, a, b }));
            }
        }
    }
    cuts.sort_by_key(|(order, c)| (*order, u64::from(c.a) * u64::from(c.b), c.turn.swap));
    cuts.into_iter().map(|(_, c)| c).collect()
}

/// Whether the window files `0..a` × ranks `0..b` holding the `played`
/// squares (turned) has unplayed squares of the colours a knight's path
/// from the last played square can cover: a knight alternates colours, so
/// of the `left` unplayed squares, half rounded up must be of the other
/// colour than the knight's square, half rounded down of its own.
fn balanced(a: u32, b: u32, played: &[Square]) -> bool {
    let Some(&knight) = played.last() else {
        return false;
    };
    let dark = |s: &Square| (s.file() + s.rank()) % 2 == 0;
    let area = u64::from(a) * u64::from(b);
    // Dark squares (file + rank even) of the window: a1 is one.
    let window_dark = area.div_ceil(2);
    let played_dark = played.iter().filter(|s| dark(s)).count().u64();
    let Some(left) = area.checked_sub(played.len().u64()) else {
        return false;
    };
    let unplayed_dark = window_dark - played_dark;
    let want_dark = if dark(&knight) {
        left / 2
    } else {
        left.div_ceil(2)
    };
    unplayed_dark == want_dark
}

/// The tour by one cut, if its pieces can all be made.
fn finish_cut(
    cut: Cut,
    played: &[Square],
    ending: Ending,
    max_squares: u64,
    deadline: Instant,
    cache: &Cache,
) -> Option<Vec<Square>> {
    let Cut { turn, a, b } = cut;
    let (w, h) = turn.sides();
    let end = match ending {
        Ending::Open => None,
        Ending::End(end) => {
            let end = turn.on(end);
            // The asked end must lie in B, the last piece.
            if end.rank() < b {
                return None;
            }
            Some(Square::new(end.file(), end.rank() - b))
        }
        Ending::Closed => return None,
    };
    let window = Board::new(a.into(), b.into()).ok()?;
    let (strip_w, strip_h) = (u64::from(w - a), u64::from(b));
    let (rest_w, rest_h) = (u64::from(w), u64::from(h - b));
    let turned: Vec<Square> = played.iter().map(|&s| turn.on(s)).collect();
    let knight = *turned.last()?;
    let mut taken = vec![false; window.squares().usize()];
    for &s in &turned {
        taken[window.slot(s)] = true;
    }
    let left = window.squares() - turned.len().u64();
    // The colour the knight stands on after the window's last square.
    let last_colour = ((u64::from(knight.file() + knight.rank()) + left) % 2).u32();
    let whole = Board::new(w.into(), h.into()).ok()?;
    let mut tried = window_ends(whole, a, b, last_colour, &taken);
    // Farthest from the knight first: the path through the window sweeps
    // away from the knight and ends where it sweeps to.
    let far = |s: Square| {
        let (df, dr) = (
            s.file().abs_diff(knight.file()),
            s.rank().abs_diff(knight.rank()),
        );
        u64::from(df.max(dr))
    };
    // A corner of the window is a poor end (two ways in): last.
    let corner = |s: Square| (s.file() + 1 == a) && (s.rank() == 0 || s.rank() + 1 == b);
    tried.sort_by_key(|&(last, _)| (corner(last), std::cmp::Reverse(far(last))));
    for (last, entry) in tried.into_iter().take(ENDS_TRIED) {
        if Instant::now() >= deadline {
            return None;
        }
        let Some(inside) = sweep(window, &turned, last, deadline) else {
            continue;
        };
        // The strip, in its own coordinates (files from a).
        let e = Square::new(entry.file() - a, entry.rank());
        let exits = strip_exits(a, (strip_w, strip_h), e, rest_w);
        for (y, f) in exits.filter(|&(_, f)| Some(f) != end).take(EXITS_TRIED) {
            let strip = ends::tour_with_ends(strip_w, strip_h, e, y, max_squares, cache);
            let Ok(strip) = strip else {
                continue;
            };
            let rest = match end {
                None => IndexedTour::new(rest_board(rest_w, rest_h)?, f, false, max_squares, cache)
                    .and_then(|t| t.build(max_squares)),
                Some(end) => ends::tour_with_ends(rest_w, rest_h, f, end, max_squares, cache),
            };
            let Ok(rest) = rest else {
                continue;
            };
            let mut path = Vec::with_capacity(usize::try_from(u64::from(w) * u64::from(h)).ok()?);
            path.extend(played.iter().copied());
            path.extend(inside.iter().map(|&s| turn.back(s)));
            let local = |i: u32, width: u64, file: u32, rank: u32| {
                let i = u64::from(i);
                Square::new((i % width).u32() + file, (i / width).u32() + rank)
            };
            path.extend(strip.iter().map(|&i| turn.back(local(i, strip_w, a, 0))));
            path.extend(rest.iter().map(|&i| turn.back(local(i, rest_w, 0, b))));
            return Some(path);
        }
    }
    None
}

fn rest_board(width: u64, height: u64) -> Option<Board> {
    Board::new(width, height).ok()
}

/// Ends L of the window's path worth trying, with the square of the strip
/// one knight move away that the strip's tour starts from: unplayed squares
/// of the window's last two files, of the colour the knight's alternating
/// moves end on, from the top rank down.
fn window_ends(
    turned: Board,
    a: u32,
    b: u32,
    last_colour: u32,
    taken: &[bool],
) -> Vec<(Square, Square)> {
    let mut found = Vec::new();
    for rank in (0..b).rev() {
        for file in [a - 1, a - 2] {
            let last = Square::new(file, rank);
            let slot = (u64::from(rank) * u64::from(a) + u64::from(file)).usize();
            if taken[slot] || (file + rank) % 2 != last_colour {
                continue;
            }
            let entry = turned
                .knight_moves(last)
                .find(|s| s.file() >= a && s.rank() < b);
            if let Some(entry) = entry {
                found.push((last, entry));
            }
        }
    }
    found
}

/// Exits y of the strip (strip coordinates: files from `a`) worth trying,
/// each with the square f of B one knight move above it (B's coordinates)
/// where B's tour starts: squares on the strip's top two ranks, from the
/// middle of the strip outwards, whose colours the both-ends construction
/// allows.
fn strip_exits(
    a: u32,
    (strip_w, strip_h): (u64, u64),
    entry: Square,
    rest_w: u64,
) -> impl Iterator<Item = (Square, Square)> {
    let middle = strip_w / 2;
    let files = (0..strip_w.min(16)).map(move |k| {
        // middle, middle - 1, middle + 1, middle - 2, …
        if k % 2 == 0 {
            middle + k / 2
        } else {
            middle - k.div_ceil(2)
        }
    });
    // (ranks below the strip's top, rank of B, files across): a knight move.
    let steps = [(1u64, 0u64, 2u64), (1, 1, 1), (2, 0, 1)];
    files
        .filter(move |&x| x >= 2 && x + 2 < strip_w)
        .flat_map(move |x| {
            steps.into_iter().map(move |(down, up, across)| {
                let y = Square::new(x.u32(), (strip_h - down).u32());
                let f = Square::new((u64::from(a) + x + across).u32(), up.u32());
                (y, f)
            })
        })
        .filter(move |&(y, f)| {
            f.file().u64() < rest_w
                && y != entry
                && ends::ruled_out(strip_w, strip_h, entry, y).is_none()
        })
}

/// The tie-breaks tried in the window, each under [`SWEEP_NODES`] nodes a
/// square of the window.
const SWEEP_VARIANTS: u64 = 2;

/// Nodes a square of the window that one search may visit, and nodes more
/// (small windows need more steps back than their size).
const SWEEP_NODES: u64 = 4;
const SWEEP_EXTRA: u64 = 5_000;

/// The path from the knight (the last played square of `played`, all in
/// the window) over every unplayed square of `window`, ending on `last`:
/// the squares after the knight's. None when the searches found none.
fn sweep(window: Board, played: &[Square], last: Square, deadline: Instant) -> Option<Vec<Square>> {
    let grid = Grid::new(window)?;
    let n = grid.len();
    let &knight = played.last()?;
    let start = grid.spot(knight).index();
    let goal = grid.spot(last).index();
    let rules = Sweep {
        grid,
        squares: Unvisited::after(grid, played),
        goal,
        variant: 0,
    };
    let budget = SWEEP_NODES * n.u64() + SWEEP_EXTRA;
    for variant in 0..SWEEP_VARIANTS {
        if Instant::now() >= deadline {
            return None;
        }
        let mut search = rules.clone();
        search.variant = variant;
        if let (Outcome::Found(path), _) = depth_first(
            &mut search,
            rules.squares.left,
            start,
            Budget::nodes(budget),
        ) {
            return Some(
                path[1..]
                    .iter()
                    .map(|&i| grid.square(Spot::from_raw(i)))
                    .collect(),
            );
        }
    }
    None
}

/// The window search's rules: Warnsdorff's rule (fewest free onward moves
/// first), then the square farther from the path's asked end first (so
/// the path sweeps away from it and arrives there last), then the move
/// order turned by the variant; a square left with no free neighbour, or
/// an asked end with none, is a dead end.
#[derive(Clone)]
struct Sweep {
    grid: Grid,
    /// The squares not played and not yet on the searched path.
    squares: Unvisited,
    goal: usize,
    variant: u64,
}

impl Rules for Sweep {
    fn take(&mut self, i: usize) {
        self.squares.take(i);
    }

    fn release(&mut self, i: usize) {
        self.squares.release(i);
    }

    fn complete(&self, path: &[u32]) -> bool {
        path.last().map(|&i| i.usize()) == Some(self.goal)
    }

    fn choices(&mut self, path: &[u32], out: &mut [u32; 8]) -> usize {
        let Some(here) = path.last().map(|&i| i.usize()) else {
            return 0;
        };
        if self.squares.left > 1 && self.squares.free_moves[self.goal] == 0 {
            return 0;
        }
        let goal = self.grid.square(Spot::new(self.goal));
        let mut keyed = [(0u8, 0u64, 0u64, 0usize); 8];
        let mut n = 0;
        for (k, next) in self.grid.neighbours(Spot::new(here)) {
            let next = next.index();
            if !self.squares.free[next] || (next == self.goal && self.squares.left > 1) {
                continue;
            }
            let onward = self.squares.free_moves[next];
            if onward == 0 && self.squares.left > 1 {
                return 0;
            }
            let square = self.grid.square(Spot::new(next));
            let (df, dr) = (
                u64::from(square.file().abs_diff(goal.file())),
                u64::from(square.rank().abs_diff(goal.rank())),
            );
            let near = u64::MAX - (df * df + dr * dr);
            keyed[n] = (onward, near, (k.u64() + self.variant) % 8, next);
            n += 1;
        }
        keyed[..n].sort_unstable();
        for (slot, key) in out.iter_mut().zip(&keyed[..n]) {
            *slot = Spot::new(key.3).raw();
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every turn of a 5 × 7 board is undone by its way back, keeps the
    /// squares on the turned board, and keeps knight moves knight moves.
    #[test]
    fn turns_go_back_and_keep_knight_moves() {
        let (width, height) = (5u32, 7u32);
        for number in 0..8u8 {
            let turn = Turn::new(width, height, number);
            let (w, h) = turn.sides();
            let squares: Vec<Square> = (0..height)
                .flat_map(|r| (0..width).map(move |f| Square::new(f, r)))
                .collect();
            for &s in &squares {
                let on = turn.on(s);
                assert!(on.file() < w && on.rank() < h, "{turn:?} {s}");
                assert_eq!(turn.back(on), s, "{turn:?}");
                for &t in &squares {
                    assert_eq!(
                        s.is_knight_move_to(t),
                        on.is_knight_move_to(turn.on(t)),
                        "{turn:?} {s} {t}"
                    );
                }
            }
        }
    }
}
