//! Pósa's rotations: a local search that takes in squares a path missed
//! far from each other, where the windows of [`Searcher::improve`] cannot.
//!
//! A path that misses a few squares here and there cannot take in any one
//! of them by a window: a knight move changes colour, so a way between two
//! fixed squares gains squares two at a time, one of each colour, and two
//! missed squares of opposite colours far apart never fall into one window.
//! Pósa's rotation moves the path's free end instead. Drop the last move
//! (onto the end `e`), so that the path `p0 … pk` ends at `pk`; if some
//! `pi` (`i < k - 1`) has an allowed move to `pk`, then `p0 … pi pk pk-1 …
//! pi+1` is a path through the same squares ending at `pi+1`, when the
//! moves of the turned-round stretch are allowed backwards too. Rotations
//! walk the free end over the board; where it can move to a missed square
//! the path is extended onto it, and where it can move onto `e` (or a
//! teleport that hops there) with more moves than the best, the path is
//! closed there: each of the two missed squares is taken in by an extension
//! wherever it lies, and the path closed again.
//!
//! Only the answer's path changes, never the bound nor what is proven: each
//! rotation and extension keeps a path of allowed moves through distinct
//! free squares (a stretch is turned round only when every one of its moves
//! is allowed backwards and it holds no teleport hop; extensions land only
//! on free usable squares that are not teleports), and a closed path is
//! kept only when it makes more moves than the best. Which rotation is taken
//! is a seeded choice, so a round stays deterministic.

use super::graph::{at, Graph, NONE};
use super::search::{mix, moves, signed, Goal, Searcher, Stop};

/// The positions of a path's stops, and its stretches that may be turned
/// round: `blocked[j]` counts the moves before stop `j` that may not be
/// made backwards (or that are a teleport hop's neighbours).
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

    /// Whether the move from stop `j` to stop `j + 1` may be made backwards
    /// within a turned-round stretch: both plain squares, the move allowed
    /// the other way.
    fn reversible(graph: &Graph, a: Stop, b: Stop) -> bool {
        a.landing == a.position && b.landing == b.position && allowed(graph, b.position, a.position)
    }

    /// Recomputes the positions and counts from stop `from` on.
    fn renumber(&mut self, graph: &Graph, from: usize) {
        self.blocked.resize(self.path.len(), 0);
        for j in from..self.path.len() {
            let stop = self.path[j];
            let j32 = super::graph::count(j);
            self.index[at(stop.landing)] = j32;
            self.index[at(stop.position)] = j32;
            if j > 0 {
                let bad = !Walk::reversible(graph, self.path[j - 1], stop);
                self.blocked[j] = self.blocked[j - 1] + u32::from(bad);
            }
        }
    }

    /// Whether stops `i + 1 ..= k` may be turned round: every move between
    /// them allowed backwards, none of them a hop.
    fn turnable(&self, i: usize, k: usize) -> bool {
        self.blocked[k] == self.blocked[i + 1]
            && self.path[k].landing == self.path[k].position
            && self.path[i + 1].landing == self.path[i + 1].position
    }
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
        for step in 0..steps {
            if self.clock.tick() {
                break;
            }
            let k = walk.path.len() - 1;
            let x = walk.path[k].position;
            // Closing the path here makes `k + 1` moves.
            let closing = signed(k) + 1;
            if closing > best_moves {
                if let Some(&y) = graph.moves(x).iter().find(|&&y| self.finishes(y, goal)) {
                    let mut closed = walk.path.clone();
                    closed.push(Stop {
                        landing: y,
                        position: goal.landing,
                    });
                    best_moves = closing;
                    best = Some(closed);
                    if best_moves >= cap {
                        break;
                    }
                }
            }
            let tie = seed ^ step.wrapping_mul(0x9E37_79B9);
            // Onto a missed square, the one with the fewest ways on first
            // (Warnsdorff's rule, as the depth-first search).
            let extension = graph
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
                    (onward, mix(tie, y))
                });
            if let Some(y) = extension {
                self.mark(Stop::at(y), true);
                walk.path.push(Stop::at(y));
                walk.renumber(graph, k + 1);
                continue;
            }
            // A rotation, preferring one whose new free end can be extended
            // or can close the path longer than the best.
            let mut chosen: Option<((bool, u64), usize)> = None;
            for &u in graph.moves_into(x) {
                let i = walk.index[at(u)];
                if i == NONE {
                    continue;
                }
                let i = at(i);
                if i + 2 > k || walk.path[i].position != u || !walk.turnable(i, k) {
                    continue;
                }
                let end = walk.path[i + 1].position;
                let promising = graph.moves(end).iter().any(|&z| {
                    self.open(z, goal) || (closing > best_moves && self.finishes(z, goal))
                });
                let key = (!promising, mix(tie, u));
                if chosen.is_none_or(|(best_key, _)| key < best_key) {
                    chosen = Some((key, i));
                }
            }
            let Some((_, i)) = chosen else {
                break;
            };
            walk.path[i + 1..=k].reverse();
            walk.renumber(graph, i);
        }
        let improved = best.is_some();
        if let Some(best) = best {
            *stops = best;
        }
        self.occupy(stops);
        improved
    }
}
