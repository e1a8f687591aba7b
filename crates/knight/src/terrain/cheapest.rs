//! The cheapest path over a terrain board (levels 2–4 of the "Knight Board"
//! challenge): least landing cost, then fewest knight moves.
//!
//! The search is Dijkstra's over the squares a knight can stand on, with a
//! bucket queue (Dial's): landing costs are 1, 2 or 5, so six buckets indexed
//! by cost modulo six hold every open square. Every move raises the cost, so
//! when a cost's bucket is reached every square in it has its final cost *and*
//! its final move count: both come from squares of lower cost, already done.
//!
//! Teleports: landing on a teleport moves the knight to its partner in the
//! same move (the path lists both), unless the teleport is the destination,
//! where the path ends. Starting on a teleport does not hop.
//!
//! **Which path, among equals.** Many paths can share the least cost and the
//! fewest moves. knightd picks the one defined backwards from the
//! destination: each square of the path is entered from the lowest-numbered
//! square (by index, `rank * width + file`) from which an equally cheap and
//! short path enters it; from the same square, a direct landing is preferred
//! to a teleport hop. This depends only on the board, never on the order of
//! the search, so the answer is the same on every run and every machine.
//!
//! The board is copied into a grid with a two-square margin so that a move's
//! target and the squares it passes over are found by adding fixed offsets,
//! with no bounds checks: this is what keeps a query on the challenge board
//! within tens of microseconds.

use super::{partner, BarrierRule, Cell, SearchError, Terrain};
use crate::board::{Square, STEPS};
use crate::grid::{Grid, Spot};

/// A cheapest path: its landing cost, its knight moves (teleport hops not
/// counted) and the squares it lists, hops included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheapestPath {
    /// The sum of the landing costs.
    pub cost: u64,
    /// The knight moves (a teleport hop is not one).
    pub moves: u64,
    /// The squares, from the start to the end, both teleports of a hop listed.
    pub path: Vec<Square>,
}

use super::End;

/// The label of a square not reached yet. A label is `cost << 32 | moves`,
/// so that comparing labels compares cost, then moves.
const OPEN: u64 = u64::MAX;
/// No predecessor. A predecessor is `spot << 1 | hopped`, so that comparing
/// them applies the tie-break: lower square, then direct landing.
const NO_PRED: u32 = Spot::NONE.raw();
/// The margin around the board, wide enough for any knight move.
const MARGIN: u32 = 2;
/// Buckets of the queue: one more than the largest landing cost.
const BUCKETS: usize = 6;

/// A terrain board prepared for searching under one barrier rule: the board
/// with a margin, and each move's offsets. Build it once to ask many
/// questions of the same board.
#[derive(Clone, Debug)]
pub struct MoveGrid {
    /// The board with its margin.
    grid: Grid,
    /// Landing cost per grid square; 0 where a knight may not land (rocks,
    /// barriers, the margin).
    land: Vec<u8>,
    /// 1 where a barrier stands.
    wall: Vec<u8>,
    /// Per step of [`STEPS`]: the target, the two squares of the
    /// long-leg-first route and the two of the short-leg-first route.
    steps: [Offsets; 8],
    either: bool,
    teleports: Option<[usize; 2]>,
}

/// A step of [`STEPS`] as offsets between spots of the grid.
#[derive(Clone, Copy, Debug)]
struct Offsets {
    to: isize,
    long: [isize; 2],
    short: [isize; 2],
}

impl MoveGrid {
    /// The grid of `terrain` under `rule`.
    pub fn new(terrain: &Terrain, rule: BarrierRule) -> Result<MoveGrid, SearchError> {
        let board = terrain.board();
        // A predecessor is a spot shifted left by one in a u32.
        let grid = Grid::with_margin(board, MARGIN)
            .filter(|grid| grid.len() < 1 << 31)
            .ok_or(SearchError::BoardTooLarge {
                squares: board.squares(),
            })?;
        let mut land = vec![0u8; grid.len()];
        let mut wall = vec![0u8; grid.len()];
        let squares = terrain.grid();
        for (i, &cell) in terrain.cells().iter().enumerate() {
            let g = grid.spot(squares.square(Spot::new(i))).index();
            land[g] = cell
                .landing_cost()
                .map_or(0, |c| u8::try_from(c).expect("costs are small"));
            wall[g] = u8::from(cell == Cell::Barrier);
        }
        let at = |(file, rank): (i8, i8)| grid.offset(file, rank);
        let steps = STEPS.map(|step| Offsets {
            to: at((step.file, step.rank)),
            long: step.long.map(at),
            short: step.short.map(at),
        });
        Ok(MoveGrid {
            grid,
            land,
            wall,
            steps,
            either: rule == BarrierRule::Either,
            teleports: terrain
                .teleports()
                .map(|ends| ends.map(|s| grid.spot(s).index())),
        })
    }

    fn grid_index(&self, square: Square) -> usize {
        self.grid.spot(square).index()
    }

    fn square_of(&self, g: usize) -> Square {
        self.grid.square(Spot::new(g))
    }

    fn partner(&self, g: usize) -> Option<usize> {
        partner(self.teleports, g)
    }

    /// The cheapest path from `from` to `to`, or `None` when `to` can't be
    /// reached. Both must be on the board; either on a rock or a barrier is
    /// an error. Time O(squares), memory about 14 bytes a square.
    ///
    /// # Errors
    ///
    /// [`SearchError`] when `from` or `to` is a rock or a barrier.
    pub fn cheapest_path(
        &self,
        from: Square,
        to: Square,
    ) -> Result<Option<CheapestPath>, SearchError> {
        let (start, goal) = (self.grid_index(from), self.grid_index(to));
        for (end, square, g) in [(End::From, from, start), (End::To, to, goal)] {
            if self.land[g] == 0 {
                let cell = if self.wall[g] == 1 {
                    Cell::Barrier
                } else {
                    Cell::Rock
                };
                return Err(SearchError::NotLandable { end, square, cell });
            }
        }
        if from == to {
            return Ok(Some(CheapestPath {
                cost: 0,
                moves: 0,
                path: vec![from],
            }));
        }
        let size = self.land.len();
        let mut label = vec![OPEN; size];
        let mut pred = vec![NO_PRED; size];
        let mut buckets: [Vec<u32>; BUCKETS] = Default::default();
        label[start] = 0;
        buckets[0].push(Spot::new(start).raw());
        let mut open = 1usize;
        let mut level: u64 = 0;
        let wall = &self.wall[..];
        while open > 0 {
            let bucket = std::mem::take(&mut buckets[bucket_of(level)]);
            open -= bucket.len();
            for &u in &bucket {
                let u = Spot::from_raw(u).index();
                // A square is queued once per cost it gets; only the last counts.
                let here = label[u];
                if here >> 32 != level {
                    continue;
                }
                if u == goal {
                    return Ok(Some(self.walk_back(&label, &pred, start, goal)));
                }
                // One more move; the landing cost is added per move below.
                let next = here + 1;
                let from_u = Spot::new(u).raw() << 1;
                for step in &self.steps {
                    let d = u.wrapping_add_signed(step.to);
                    let landing = self.land[d];
                    if landing == 0 {
                        continue;
                    }
                    let long_clear = wall[u.wrapping_add_signed(step.long[0])]
                        | wall[u.wrapping_add_signed(step.long[1])]
                        == 0;
                    if !long_clear {
                        let short_clear = wall[u.wrapping_add_signed(step.short[0])]
                            | wall[u.wrapping_add_signed(step.short[1])]
                            == 0;
                        if !(self.either && short_clear) {
                            continue;
                        }
                    }
                    let (v, hopped) = match self.partner(d) {
                        Some(p) if d != goal => (p, true),
                        _ => (d, false),
                    };
                    let new = next + (u64::from(landing) << 32);
                    let by = from_u | u32::from(hopped);
                    let old = label[v];
                    if new < old || (new == old && by < pred[v]) {
                        if new >> 32 < old >> 32 {
                            buckets[bucket_of(new >> 32)].push(Spot::new(v).raw());
                            open += 1;
                        }
                        label[v] = new;
                        pred[v] = by;
                    }
                }
            }
            // Hand the emptied vector back so its capacity is reused.
            let slot = &mut buckets[bucket_of(level)];
            if slot.is_empty() {
                let mut bucket = bucket;
                bucket.clear();
                *slot = bucket;
            }
            level += 1;
        }
        Ok(None)
    }

    fn walk_back(&self, label: &[u64], pred: &[u32], start: usize, goal: usize) -> CheapestPath {
        let (cost, moves) = (label[goal] >> 32, label[goal] & u64::from(u32::MAX));
        let mut path = Vec::with_capacity(usize::try_from(moves).map_or(0, |m| m + 3));
        let mut g = goal;
        while g != start {
            path.push(self.square_of(g));
            if pred[g] & 1 == 1 {
                let landed = self.partner(g).expect("a hop ends on a teleport");
                path.push(self.square_of(landed));
            }
            g = Spot::from_raw(pred[g] >> 1).index();
        }
        path.push(self.square_of(start));
        path.reverse();
        debug_assert!(self.grid.board().contains(*path.last().expect("not empty")));
        CheapestPath { cost, moves, path }
    }
}

/// The queue's bucket of a cost.
fn bucket_of(cost: u64) -> usize {
    usize::try_from(cost).map_or(0, |cost| cost % BUCKETS)
}

/// The cheapest path from `from` to `to` on `terrain` under `rule`: least
/// cost, then fewest moves, then the tie-break of this module's notes.
/// `None` when `to` can't be reached.
///
/// # Errors
///
/// [`SearchError`] when `from` or `to` is a rock or a barrier, or the board
/// is too large to search.
///
/// ```
/// use knight::{cheapest_path, BarrierRule, Square, Terrain};
/// // a1 to c2 in one move lands on water (cost 2).
/// let terrain = Terrain::parse(". . . .\n. . . .\n. . W .\n. . . .", 100)?;
/// let found = cheapest_path(&terrain, Square::new(0, 0), Square::new(2, 1), BarrierRule::Either)?
///     .expect("reachable");
/// assert_eq!((found.moves, found.cost), (1, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn cheapest_path(
    terrain: &Terrain,
    from: Square,
    to: Square,
    rule: BarrierRule,
) -> Result<Option<CheapestPath>, SearchError> {
    MoveGrid::new(terrain, rule)?.cheapest_path(from, to)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(text: &str) -> Terrain {
        Terrain::parse(text, 1_000_000).unwrap()
    }

    fn names(p: &CheapestPath) -> Vec<String> {
        p.path.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn plain_sample_matches_bfs() {
        let terrain = t(include_str!("../../tests/boards/sample-8x8.txt"));
        let board = terrain.board();
        for a in 0..64 {
            let from = board.from_index(a).unwrap();
            let dist = crate::plain::bfs::distances_from(board, from);
            for b in 0..64 {
                let to = board.from_index(b).unwrap();
                let p = cheapest_path(&terrain, from, to, BarrierRule::Either)
                    .unwrap()
                    .unwrap();
                assert_eq!(
                    p.moves,
                    u64::from(dist[usize::from(u8::try_from(b).unwrap())])
                );
                assert_eq!(p.cost, p.moves);
            }
        }
    }

    #[test]
    fn water_is_avoided_when_cheaper() {
        // a1 → c2 directly lands on water (cost 2); no cheaper way exists in
        // one move, and any detour takes 3 moves (cost 3): 1 move, cost 2.
        let terrain = t(". . . .\n. . . .\n. . W .\n. . . .");
        let p = cheapest_path(
            &terrain,
            Square::new(0, 0),
            Square::new(2, 1),
            BarrierRule::Either,
        )
        .unwrap()
        .unwrap();
        assert_eq!((p.cost, p.moves), (2, 1));
        assert_eq!(names(&p), ["a1", "c2"]);
    }
}
