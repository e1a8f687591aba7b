//! The walk of the free end: a local search that takes in squares a path
//! missed far from each other, where the windows of [`Searcher::improve`]
//! cannot.
//!
//! A path that misses a few squares here and there cannot take in any one
//! of them by a window: a knight move changes colour, so a way between two
//! fixed squares gains squares two at a time, one of each colour, and two
//! missed squares of opposite colours far apart never fall into one window.
//! So the walk moves the path's free end instead. It drops the last move
//! (onto the end `e`), so that the path `p0 … pk` ends at `pk`, and changes
//! the path by two kinds of step, each keeping its squares and moving its
//! free end:
//!
//! - **Pósa's rotation.** If some `pi` (`i < k - 1`) has an allowed move to
//!   `pk`, then `p0 … pi pk pk-1 … pi+1` is a path ending at `pi+1`, when
//!   every move of the turned-round stretch is allowed backwards (a hop in
//!   it goes the other way: landing on either teleport hops to the other).
//!   Under `long_leg` a long stretch almost always holds a one-way move
//!   round some barrier, so this step alone leaves the free end stuck near
//!   where it was.
//! - **A stretch moved to the end**, which turns nothing round: if `pk` can
//!   move to `pj` and `pj-1` to a later `pm` (`j < m <= k`), then `p0 …
//!   pj-1 pm … pk pj … pm-1` is a path ending at `pm-1`: the moves `pj-1 →
//!   pj` and `pm-1 → pm` are replaced by `pj-1 → pm` and `pk → pj`, every
//!   other move kept in its direction. This is what walks the free end
//!   across a `long_leg` board.
//!
//! Where the free end can move to a missed square, the path is extended onto
//! it; where it can move onto `e` (or onto a teleport that hops there) and
//! the path so closed makes more moves than the best, that path is kept.
//! Each missed square is taken in by an extension wherever it lies, and the
//! path closed again. The step taken is the one whose new free end can be
//! extended or closed, else the one that brings it nearest (in knight moves
//! over the board) to where it is going: `e` when closing there would beat
//! the best, else one missed square, drawn again every [`RETARGET_STEPS`]
//! steps (heading for all of them at once, the free end was held near one
//! that no step could bring it next to: under `long_leg` a square by a
//! barrier may be entered from one square only); a seeded jitter of up to
//! two moves keeps it from circling.
//!
//! Only the answer's path changes, never the bound nor what is proven:
//! every step keeps a path of allowed moves through distinct squares,
//! extensions land only on free usable squares that are neither teleports
//! nor `e`, and a closed path is kept only when it makes more moves than
//! the best. Every choice is a seeded tie-break, so a round stays
//! deterministic.

use super::graph::{at, count, Graph, NONE};
use super::search::{moves, signed, Goal, Searcher, Stop};
use crate::seed::splitmix64_keyed;

/// Steps the walk heads for one missed square before it picks another.
const RETARGET_STEPS: u64 = 100;

/// A walk's path, where each square stands on it, and its stretches that
/// may be turned round: `blocked[j]` counts the moves before stop `j` that
/// are not allowed backwards.
struct Walk {
    path: Vec<Stop>,
    index: Vec<u32>,
    blocked: Vec<u32>,
}

impl Walk {
    fn new(graph: &Graph, path: Vec<Stop>) -> Walk {
        let mut walk = Walk {
            index: vec![NONE; graph.len()],
            blocked: vec![0; path.len()],
            path,
        };
        walk.renumber(graph, 0);
        walk
    }

    /// Whether the move from stop `a` to stop `b` may be made backwards
    /// within a turned-round stretch: turned round, `b` is landed on where
    /// the knight stood (a hop goes the other way: landing on either
    /// teleport hops to the other), and the knight then moves from where it
    /// landed on `b` to where it stood after `a`.
    fn reversible(graph: &Graph, a: Stop, b: Stop) -> bool {
        allowed(graph, b.landing, a.position)
    }

    /// Recomputes the positions and counts from stop `from` on.
    fn renumber(&mut self, graph: &Graph, from: usize) {
        self.blocked.resize(self.path.len(), 0);
        for j in from..self.path.len() {
            let stop = self.path[j];
            let j32 = count(j);
            self.index[at(stop.landing)] = j32;
            self.index[at(stop.position)] = j32;
            if j > 0 {
                let bad = !Walk::reversible(graph, self.path[j - 1], stop);
                self.blocked[j] = self.blocked[j - 1] + u32::from(bad);
            }
        }
    }

    /// Whether stops `i + 1 ..= k` may be turned round: every move between
    /// them allowed backwards.
    fn turnable(&self, i: usize, k: usize) -> bool {
        self.blocked[k] == self.blocked[i + 1]
    }

    /// Turns stops `i + 1 ..= k` round: their order, and each hop's way.
    fn turn(&mut self, graph: &Graph, i: usize, k: usize) {
        self.path[i + 1..=k].reverse();
        for stop in &mut self.path[i + 1..=k] {
            *stop = Stop {
                landing: stop.position,
                position: stop.landing,
            };
        }
        self.renumber(graph, i);
    }
}

/// The fewest moves from each square to land on one of `targets`, through
/// any squares (a guide for the walk, not a path); `u32::MAX` where none.
fn distances_into(graph: &Graph, targets: &[u32], distance: &mut [u32]) {
    distance.fill(u32::MAX);
    let mut queue = std::collections::VecDeque::new();
    for &t in targets {
        distance[at(t)] = 0;
        queue.push_back(t);
    }
    while let Some(v) = queue.pop_front() {
        for &u in graph.moves_into(v) {
            if distance[at(u)] == u32::MAX {
                distance[at(u)] = distance[at(v)] + 1;
                queue.push_back(u);
            }
        }
    }
}

/// A change of a walk's path that keeps its squares and moves its free end.
#[derive(Clone, Copy)]
enum Change {
    /// Pósa's rotation: turn stops `i + 1 ..= k` round (the free end moves
    /// to where stop `i + 1` landed).
    Turn(usize),
    /// Stops `j .. m` moved after the free end (which moves to where stop
    /// `m - 1` left the knight).
    Swap(usize, usize),
}

/// Whether a knight on `u` may land on `v`.
fn allowed(graph: &Graph, u: u32, v: u32) -> bool {
    graph.moves(u).contains(&v)
}

impl Searcher<'_> {
    /// Whether `v` is a square a rotation's path may be extended onto: free,
    /// usable, not a teleport, not the end.
    fn open(&self, v: u32, goal: Goal) -> bool {
        self.free(v) && v != goal.landing && self.graph.partner[at(v)] == NONE
    }

    /// Rotations and extensions on `stops` (a whole path from the start to
    /// the end, its squares taken), at most `steps` of them, until a path of
    /// `cap` moves is found; `stops` becomes the longest path closed on the
    /// way (its squares taken). Whether it got longer.
    pub fn rotate(&mut self, stops: &mut Vec<Stop>, cap: i64, steps: u64, seed: u64) -> bool {
        let graph = self.graph;
        let goal = Goal {
            landing: graph.end,
            hop: true,
        };
        if stops.len() < 3 {
            return false;
        }
        let last = stops[stops.len() - 1];
        self.mark(last, false);
        let mut walk = Walk::new(graph, stops[..stops.len() - 1].to_vec());
        let mut best_moves = moves(stops);
        let mut best: Option<Vec<Stop>> = None;
        let mut distance = vec![u32::MAX; graph.len()];
        let (mut towards_end, mut holes_changed, mut retarget) = (false, true, 0);
        for step in 0..steps {
            if self.clock.tick() {
                break;
            }
            let k = walk.path.len() - 1;
            let x = walk.path[k].position;
            // Closing the path here makes `k + 1` moves.
            let closing = signed(k) + 1;
            if closing > best_moves {
                if let Some(closed) = self.closed(&walk, goal) {
                    best_moves = closing;
                    best = Some(closed);
                    if best_moves >= cap {
                        break;
                    }
                }
            }
            let tie = seed ^ step.wrapping_mul(0x9E37_79B9);
            if let Some(y) = self.extension(x, goal, tie) {
                self.mark(Stop::at(y), true);
                walk.path.push(Stop::at(y));
                walk.renumber(graph, k + 1);
                holes_changed = true;
                continue;
            }
            // A rotation, preferring one whose new free end can be extended
            // or can close the path longer than the best, then one that
            // brings the free end nearer to where it is going: onto the
            // end when the path closed there would beat the best (its free
            // end of the other colour than the end's), else onto a missed
            // square. A seeded jitter keeps the walk from circling.
            let closes =
                closing > best_moves && graph.colours[at(x)] != graph.colours[at(goal.landing)];
            if closes != towards_end || holes_changed || step >= retarget {
                let targets = self.targets(closes, goal, seed ^ step);
                distances_into(graph, &targets, &mut distance);
                towards_end = closes;
                holes_changed = false;
                retarget = step + RETARGET_STEPS;
            }
            let Some(change) = self.change(&walk, closes, goal, &distance, tie) else {
                break;
            };
            match change {
                Change::Turn(i) => walk.turn(graph, i, k),
                Change::Swap(j, m) => {
                    walk.path[j..=k].rotate_left(m - j);
                    walk.renumber(graph, j);
                }
            }
        }
        let improved = best.is_some();
        if let Some(best) = best {
            *stops = best;
        }
        self.occupy(stops);
        improved
    }

    /// The walk's path closed by a move from its free end onto the end (or
    /// onto a teleport that hops there), if one is open.
    fn closed(&self, walk: &Walk, goal: Goal) -> Option<Vec<Stop>> {
        let x = walk.path[walk.path.len() - 1].position;
        let &y = self
            .graph
            .moves(x)
            .iter()
            .find(|&&y| self.finishes(y, goal))?;
        let mut closed = walk.path.clone();
        closed.push(Stop {
            landing: y,
            position: goal.landing,
        });
        Some(closed)
    }

    /// The missed square the free end `x` can move onto with the fewest ways
    /// on (Warnsdorff's rule, as the depth-first search), ties broken by
    /// `tie`.
    fn extension(&self, x: u32, goal: Goal, tie: u64) -> Option<u32> {
        let graph = self.graph;
        graph
            .moves(x)
            .iter()
            .copied()
            .filter(|&y| self.open(y, goal))
            .min_by_key(|&y| {
                let onward = graph
                    .moves(y)
                    .iter()
                    .filter(|&&z| self.open(z, goal))
                    .count();
                (onward, splitmix64_keyed(tie, y))
            })
    }

    /// Where the free end heads: the end (and the free teleports that hop
    /// there) when `closes`, else one missed square drawn by `draw` (the
    /// nearest may be one no free end can reach, so another is drawn every
    /// few steps).
    fn targets(&self, closes: bool, goal: Goal, draw: u64) -> Vec<u32> {
        let graph = self.graph;
        if closes {
            return graph
                .nodes()
                .filter(|&v| {
                    v == goal.landing || (graph.partner[at(v)] == goal.landing && self.free(v))
                })
                .collect();
        }
        let holes: Vec<u32> = graph.nodes().filter(|&v| self.open(v, goal)).collect();
        let n = u64::try_from(holes.len()).unwrap_or(u64::MAX).max(1);
        let pick = usize::try_from(splitmix64_keyed(draw, 0) % n).unwrap_or(0);
        holes.get(pick).into_iter().copied().collect()
    }

    /// The rotation or moved stretch whose new free end is best: one that
    /// can then be extended (or closed, when `closes`), then the nearest by
    /// `distance` to where it is going, with a seeded jitter of up to two
    /// moves; `None` when the free end has no such step.
    fn change(
        &self,
        walk: &Walk,
        closes: bool,
        goal: Goal,
        distance: &[u32],
        tie: u64,
    ) -> Option<Change> {
        let graph = self.graph;
        let k = walk.path.len() - 1;
        let x = walk.path[k].position;
        let promising = |end: u32| {
            graph.moves(end).iter().any(|&z| {
                if closes {
                    self.finishes(z, goal)
                } else {
                    self.open(z, goal)
                }
            })
        };
        let key = |end: u32, noise: u64| {
            (
                !promising(end),
                distance[at(end)].saturating_add(u32::try_from(noise % 3).unwrap_or(0)),
                noise,
            )
        };
        let mut chosen: Option<((bool, u32, u64), Change)> = None;
        let mut consider = |key: (bool, u32, u64), change: Change| {
            if chosen.is_none_or(|(best_key, _)| key < best_key) {
                chosen = Some((key, change));
            }
        };
        // Turning round the stretch after a square that can move to the
        // free end.
        for &u in graph.moves_into(x) {
            let i = walk.index[at(u)];
            if i == NONE {
                continue;
            }
            let i = at(i);
            if i + 2 > k || walk.path[i].position != u || !walk.turnable(i, k) {
                continue;
            }
            // Turned round, stop `i + 1` leaves the knight where it landed.
            consider(
                key(walk.path[i + 1].landing, splitmix64_keyed(tie, u)),
                Change::Turn(i),
            );
        }
        // Moving the stretch that starts where the free end can land to the
        // end, its place closed by a move from the square before it onto a
        // later square.
        for &b in graph.moves(x) {
            let j = walk.index[at(b)];
            if j == NONE || at(j) == 0 || walk.path[at(j)].landing != b {
                continue;
            }
            let j = at(j);
            let a = walk.path[j - 1].position;
            for &d in graph.moves(a) {
                let m = walk.index[at(d)];
                if m == NONE || at(m) <= j || at(m) > k || walk.path[at(m)].landing != d {
                    continue;
                }
                let m = at(m);
                let noise = splitmix64_keyed(tie, b ^ d.rotate_left(16));
                consider(key(walk.path[m - 1].position, noise), Change::Swap(j, m));
            }
        }
        chosen.map(|(_, change)| change)
    }
}
