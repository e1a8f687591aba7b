//! The position a finish searches from, checked as a whole
//! ([`Finishing`]): the squares still free, how many free neighbours each
//! has, and the checks of the finish's documentation (the knight has a
//! move; every free square can be entered and at most one only once, where
//! the tour may end; the free squares are one part; the colours), each a
//! reason a person can check ([`Stuck`]); and the depth-first engine's
//! rules for the whole board, which may check the whole position at every
//! node ([`Finishing::checked`]) so that an exhausted search is a proof.

use super::stuck::Stuck;
use crate::board::{Colour, Square};
use crate::deadline::Deadline;
use crate::grid::{Grid, Int, Spot};
use crate::seed::splitmix64;
use crate::tour::building::{Extending, Unvisited};
use crate::tour::kinds::Ending;

/// How a searched path must end, on grid spots.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Goal {
    Open,
    /// One move from this spot (the first square played).
    NextTo(usize),
    /// On this spot.
    On(usize),
}

/// What the whole-position check found (on grid spots); [`Stuck`] in words
/// is made from it.
#[derive(Clone, Copy)]
enum Block {
    NoMove,
    EndPlayed(usize),
    FirstClosedIn(usize),
    Unenterable(usize),
    Stranded(usize),
    TwoDeadEnds(usize, usize),
    DeadEndNotLast(usize),
    Split,
}

#[derive(Clone)]
/// The search's rules: the squares still free (not played, not yet on the
/// searched path), and how many free neighbours each square has.
pub(in crate::tour) struct Finishing {
    pub(super) grid: Grid,
    /// The squares not played and not yet on the searched path.
    pub(super) squares: Unvisited,
    goal: Goal,
    pub(super) deadline: Deadline,
    nodes: u64,
    pub(super) timed_out: bool,
    /// Which tie-break orders the choices.
    pub(super) variant: u64,
    /// Ties broken at random, from this seed.
    pub(super) random: Option<u64>,
    /// Whether every node checks the whole position ([`Finishing::blocked`]).
    pub(super) checked: bool,
    /// A scratch stack and marks for the connectivity check.
    stack: Vec<usize>,
    seen: Vec<bool>,
}

impl Finishing {
    /// The position after `played`, with the knight's square still free
    /// (the engine takes it first).
    pub(in crate::tour) fn new(
        grid: Grid,
        played: &[Square],
        ending: Ending,
        deadline: &Deadline,
    ) -> Finishing {
        let n = grid.len();
        let spot = |square: Square| grid.spot(square).index();
        let goal = match ending {
            Ending::Open => Goal::Open,
            Ending::Closed => Goal::NextTo(spot(played[0])),
            Ending::End(end) => Goal::On(spot(end)),
        };
        Finishing {
            grid,
            squares: Unvisited::after(grid, played),
            goal,
            deadline: deadline.clone(),
            nodes: 0,
            timed_out: false,
            variant: 0,
            random: None,
            checked: false,
            stack: Vec::new(),
            seen: vec![false; n],
        }
    }

    fn adjacent(&self, a: usize, b: usize) -> bool {
        self.grid.adjacent(Spot::new(a), Spot::new(b))
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.grid.neighbours(Spot::new(i)).map(|(_, s)| s.index())
    }

    /// Whether the position, the knight on `here` (taken), cannot be
    /// finished, by the checks of the module's documentation (all but the
    /// colours); the first that fails.
    fn blocked(&mut self, here: usize) -> Option<Block> {
        if self.squares.left == 0 {
            return None;
        }
        if self.neighbours(here).all(|n| !self.squares.free[n]) {
            return Some(Block::NoMove);
        }
        match self.goal {
            Goal::On(end) if !self.squares.free[end] => return Some(Block::EndPlayed(end)),
            Goal::NextTo(first) if self.squares.free_moves[first] == 0 => {
                return Some(Block::FirstClosedIn(first))
            }
            _ => {}
        }
        let mut dead_end = None;
        for v in (0..self.squares.free.len()).filter(|&v| self.squares.free[v]) {
            let from_knight = self.adjacent(v, here);
            let ways = usize::from(self.squares.free_moves[v]) + usize::from(from_knight);
            if ways == 0 {
                return Some(Block::Unenterable(v));
            }
            if ways > 1 {
                continue;
            }
            if from_knight && self.squares.left > 1 {
                return Some(Block::Stranded(v));
            }
            let last_ok = match self.goal {
                Goal::Open => true,
                Goal::NextTo(first) => self.adjacent(v, first),
                Goal::On(end) => v == end,
            };
            if !last_ok {
                return Some(Block::DeadEndNotLast(v));
            }
            if let Some(other) = dead_end {
                return Some(Block::TwoDeadEnds(other, v));
            }
            dead_end = Some(v);
        }
        (!self.one_part()).then_some(Block::Split)
    }

    /// The free square (not one move from the knight on `here`) with one
    /// way in left, which a finish can only end on; the first by index.
    pub(super) fn forced_last(&self, here: usize) -> Option<Square> {
        (0..self.squares.free.len())
            .find(|&v| {
                self.squares.free[v] && self.squares.free_moves[v] == 1 && !self.adjacent(v, here)
            })
            .map(|v| self.grid.square(Spot::new(v)))
    }

    /// Whether the free squares are one part (a walk over them from one
    /// reaches all): [`Finishing::parts`] without collecting the parts, as
    /// every node of a checked search asks it.
    fn one_part(&mut self) -> bool {
        let Some(start) = self.squares.free.iter().position(|&f| f) else {
            return true;
        };
        self.seen.fill(false);
        self.seen[start] = true;
        self.stack.push(start);
        let mut reached = 1;
        while let Some(at) = self.stack.pop() {
            for (_, n) in self.grid.neighbours(Spot::new(at)) {
                let n = n.index();
                if self.squares.free[n] && !self.seen[n] {
                    self.seen[n] = true;
                    reached += 1;
                    self.stack.push(n);
                }
            }
        }
        reached == self.squares.left
    }

    /// How many parts the free squares fall into, and the smallest part's
    /// spots (in index order).
    fn parts(&mut self) -> (u64, Vec<usize>) {
        self.seen.fill(false);
        let (mut parts, mut smallest): (u64, Option<Vec<usize>>) = (0, None);
        for v in 0..self.squares.free.len() {
            if !self.squares.free[v] || self.seen[v] {
                continue;
            }
            parts += 1;
            let mut part = vec![v];
            self.seen[v] = true;
            self.stack.push(v);
            while let Some(at) = self.stack.pop() {
                for (_, n) in self.grid.neighbours(Spot::new(at)) {
                    let n = n.index();
                    if self.squares.free[n] && !self.seen[n] {
                        self.seen[n] = true;
                        part.push(n);
                        self.stack.push(n);
                    }
                }
            }
            if smallest.as_ref().is_none_or(|s| part.len() < s.len()) {
                smallest = Some(part);
            }
        }
        let mut smallest = smallest.unwrap_or_default();
        smallest.sort_unstable();
        (parts, smallest)
    }

    /// Why the position, the knight on `here` (taken), has no finish, in
    /// words a person can check; None when the checks find nothing.
    pub(in crate::tour) fn reason(&mut self, here: usize) -> Option<Stuck> {
        let grid = self.grid;
        let square = move |i: usize| grid.square(Spot::new(i));
        let knight = square(here);
        let closed = matches!(self.goal, Goal::NextTo(_));
        if let Some(block) = self.blocked(here) {
            return Some(match block {
                Block::NoMove => Stuck::NoMove { knight },
                Block::EndPlayed(end) => Stuck::EndPlayed { end: square(end) },
                Block::FirstClosedIn(first) => Stuck::FirstClosedIn {
                    first: square(first),
                },
                Block::Unenterable(v) => Stuck::Unenterable { square: square(v) },
                Block::Stranded(v) => Stuck::Stranded {
                    square: square(v),
                    knight,
                },
                Block::TwoDeadEnds(a, b) => Stuck::TwoDeadEnds {
                    first: square(a),
                    second: square(b),
                },
                Block::DeadEndNotLast(v) => Stuck::DeadEndNotLast {
                    square: square(v),
                    target: square(self.target()?),
                    closed,
                },
                Block::Split => {
                    let (parts, smallest) = self.parts();
                    Stuck::Split {
                        parts,
                        smallest: smallest.into_iter().map(square).collect(),
                        left: self.squares.left.u64(),
                    }
                }
            });
        }
        // The colours: the unplayed squares alternate from the knight's
        // other colour.
        let (mut light, mut dark) = (0u64, 0u64);
        for v in (0..self.squares.free.len()).filter(|&v| self.squares.free[v]) {
            match square(v).colour() {
                Colour::Light => light += 1,
                Colour::Dark => dark += 1,
            }
        }
        let left = light + dark;
        let (own, other) = match knight.colour() {
            Colour::Light => (light, dark),
            Colour::Dark => (dark, light),
        };
        if other != left.div_ceil(2) || own != left / 2 {
            return Some(Stuck::Colours {
                knight,
                light,
                dark,
            });
        }
        let last = if left % 2 == 1 {
            other_colour(knight.colour())
        } else {
            knight.colour()
        };
        if let Some(target) = self.target().map(square) {
            let wrong = if closed {
                target.colour() == last
            } else {
                target.colour() != last
            };
            if wrong {
                return Some(Stuck::LastColour {
                    target,
                    closed,
                    last,
                    left,
                });
            }
        }
        // A square with one way in (not from the knight) must be the last:
        // of the colour the knight ends on.
        (0..self.squares.free.len())
            .find(|&v| {
                self.squares.free[v]
                    && self.squares.free_moves[v] == 1
                    && !self.adjacent(v, here)
                    && square(v).colour() != last
            })
            .map(|v| Stuck::DeadEndColour {
                square: square(v),
                last,
                left,
            })
    }

    /// The spot the goal names: the asked end or the first square.
    fn target(&self) -> Option<usize> {
        match self.goal {
            Goal::Open => None,
            Goal::NextTo(first) => Some(first),
            Goal::On(end) => Some(end),
        }
    }

    /// Whether the time is up (read every 1,024 nodes); once up, it stays.
    fn out_of_time(&mut self) -> bool {
        self.nodes += 1;
        if !self.timed_out && self.nodes % 1024 == 0 && self.deadline.passed() {
            self.timed_out = true;
        }
        self.timed_out
    }
}

fn other_colour(colour: Colour) -> Colour {
    match colour {
        Colour::Light => Colour::Dark,
        Colour::Dark => Colour::Light,
    }
}

impl Extending for Finishing {
    fn squares(&mut self) -> &mut Unvisited {
        &mut self.squares
    }

    fn may_end_on(&self, last: usize) -> bool {
        match self.goal {
            Goal::Open => true,
            Goal::NextTo(first) => self.adjacent(last, first),
            Goal::On(end) => last == end,
        }
    }

    /// The free squares one move from the knight, best first (fewest
    /// onward moves, then farthest from the centre or at random, then the
    /// move order turned by the variant); none when the time is
    /// up or the position is hopeless.
    fn choices(&mut self, path: &[u32], out: &mut [u32; 8]) -> usize {
        let Some(here) = path.last().map(|&i| i.usize()) else {
            return 0;
        };
        if self.out_of_time() {
            return 0;
        }
        if let Goal::NextTo(first) = self.goal {
            if self.squares.free_moves[first] == 0 {
                return 0;
            }
        }
        if self.checked && self.blocked(here).is_some() {
            return 0;
        }
        let board = self.grid.board();
        let mut keyed = [(0u8, 0u64, 0u64, 0usize); 8];
        let mut n = 0;
        for (k, next) in self.grid.neighbours(Spot::new(here)) {
            let next = next.index();
            if !self.squares.free[next] {
                continue;
            }
            if self.goal == Goal::On(next) && self.squares.left > 1 {
                continue;
            }
            let onward = self.squares.free_moves[next];
            // A free neighbour with no other free neighbour can only be the
            // last square; leaving it behind strands it.
            if onward == 0 && self.squares.left > 1 {
                return 0;
            }
            let centre = board.centre_distance(self.grid.square(Spot::new(next)));
            let tie = match self.random {
                Some(seed) => splitmix64(seed ^ self.nodes.rotate_left(17) ^ next.u64()),
                None if self.variant & 8 == 0 => u64::MAX - centre,
                None => centre,
            };
            let turned = (k.u64() + self.variant) % 8;
            keyed[n] = (onward, tie, turned, next);
            n += 1;
        }
        keyed[..n].sort_unstable();
        for (slot, key) in out.iter_mut().zip(&keyed[..n]) {
            *slot = Spot::new(key.3).raw();
        }
        n
    }
}
