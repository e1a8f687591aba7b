//! Covering a small rectangle by knight's paths with given ends: one path, or
//! several joined end to start (the pieces a block contributes to a larger
//! tour that passes through it more than once).
//!
//! `segments[k]` runs from its `entry` to its `exit` (or, for the last one
//! with no exit, to any square). The search is [`super::search`]'s
//! depth-first engine, ordered by Warnsdorff's rule (fewest free onward
//! moves first), then Roth's rule (farther from the centre first), then the
//! knight's move order turned by a `variant`. After a segment's exit the
//! only step is to the next segment's entry; entries are reached in no other
//! way, and an exit only as the end of its own segment. A search that
//! finishes inside its budget without a cover proves that there is none.

use super::search::{depth_first, Budget, Outcome, Rules};
use crate::board::{Board, Square, STEPS};
use crate::grid::Int;

/// One path of a cover: from `entry` to `exit` (None: any square).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Segment {
    pub entry: u32,
    pub exit: Option<u32>,
}

/// What a cover search found: the squares in order (local indices
/// `y * w + x`), and how many of them each segment takes.
pub type Cover = Outcome<(Vec<u32>, Vec<u32>)>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Plain,
    Entry(u8),
    Exit(u8),
    /// Entry and exit of one segment of one square.
    Both(u8),
}

/// The cover's rules for the depth-first engine.
struct Covering<'a, C: Fn(usize) -> u64> {
    segments: &'a [Segment],
    last: usize,
    role: Vec<Role>,
    neighbours: Vec<[u32; 8]>,
    free: Vec<u8>,
    taken: Vec<bool>,
    /// The segment of each square on the path.
    seg_of: Vec<u8>,
    variant: usize,
    centre: C,
}

impl<C: Fn(usize) -> u64> Rules for Covering<'_, C> {
    fn take(&mut self, i: usize) {
        let seg = match self.role[i] {
            Role::Entry(k) | Role::Both(k) => k,
            _ => self.seg_of.last().copied().unwrap_or(0),
        };
        self.seg_of.push(seg);
        self.taken[i] = true;
        for &n in self.neighbours[i].iter().filter(|&&n| n != u32::MAX) {
            self.free[n.usize()] -= 1;
        }
    }

    fn release(&mut self, i: usize) {
        self.seg_of.pop();
        self.taken[i] = false;
        for &n in self.neighbours[i].iter().filter(|&&n| n != u32::MAX) {
            self.free[n.usize()] += 1;
        }
    }

    fn complete(&self, path: &[u32]) -> bool {
        let seg = self.seg_of.last().map_or(0, |&s| s.usize());
        let exit = self.segments[self.last].exit;
        seg == self.last && (exit.is_none() || exit == path.last().copied())
    }

    fn choices(&mut self, path: &[u32], out: &mut [u32; 8]) -> usize {
        let depth = path.len();
        let here = path[depth - 1].usize();
        let seg = self.seg_of.last().map_or(0, |&s| s.usize());
        let ends_segment = match self.role[here] {
            Role::Exit(k) | Role::Both(k) => k.usize() == seg,
            _ => false,
        };
        if ends_segment {
            if seg < self.last {
                out[0] = self.segments[seg + 1].entry;
                return 1;
            }
            return 0;
        }
        if depth >= 2
            && stranded(StrandArgs {
                prev: path[depth - 2].usize(),
                here,
                seg,
                free_end: self.segments[self.last].exit.is_none(),
                role: &self.role,
                neighbours: &self.neighbours,
                free: &self.free,
                taken: &self.taken,
            })
        {
            // Hopeless.
            return 0;
        }
        let (list, n, _) = options(OptionsArgs {
            here,
            seg,
            left: self.taken.len() - depth,
            last: self.last,
            segments: self.segments,
            role: &self.role,
            neighbours: &self.neighbours,
            free: &self.free,
            taken: &self.taken,
            variant: self.variant,
            centre: &self.centre,
        });
        *out = list;
        usize::from(n)
    }
}

/// Searches for a cover of the `w` × `h` rectangle by `segments`, visiting at
/// most `budget` nodes.
pub fn cover(w: usize, h: usize, segments: &[Segment], variant: usize, budget: u64) -> Cover {
    let total = w * h;
    let last = segments.len().wrapping_sub(1);
    if segments.is_empty() || segments.len() > 200 || total == 0 {
        return Cover::Exhausted;
    }
    let mut role = vec![Role::Plain; total];
    for (k, s) in segments.iter().enumerate() {
        let fits = |i: u32| (i.usize()) < total;
        if !fits(s.entry) || s.exit.is_some_and(|x| !fits(x)) {
            return Cover::Exhausted;
        }
        if role[s.entry.usize()] != Role::Plain {
            return Cover::Exhausted;
        }
        role[s.entry.usize()] = Role::Entry(k.u8());
        if let Some(x) = s.exit {
            if x == s.entry {
                role[x.usize()] = Role::Both(k.u8());
            } else if role[x.usize()] != Role::Plain {
                return Cover::Exhausted;
            } else {
                role[x.usize()] = Role::Exit(k.u8());
            }
        }
    }
    // Neighbour lists, in the knight's move order.
    let mut neighbours = vec![[u32::MAX; 8]; total];
    let mut count = vec![0u8; total];
    for i in 0..total {
        let (x, y) = ((i % w).i64(), (i / w).i64());
        for (k, step) in STEPS.iter().enumerate() {
            let (nx, ny) = (x + i64::from(step.file), y + i64::from(step.rank));
            if (0..w.i64()).contains(&nx) && (0..h.i64()).contains(&ny) {
                neighbours[i][k] = (ny.usize() * w + nx.usize()).u32();
                count[i] += 1;
            }
        }
    }
    let Some(board) = u64::try_from(w)
        .ok()
        .zip(u64::try_from(h).ok())
        .and_then(|(w, h)| Board::new(w, h).ok())
    else {
        return Cover::Exhausted;
    };
    let centre = |i: usize| board.centre_distance(Square::new((i % w).u32(), (i / w).u32()));
    let mut rules = Covering {
        segments,
        last,
        role,
        neighbours,
        free: count,
        taken: vec![false; total],
        seg_of: Vec::with_capacity(total),
        variant,
        centre,
    };
    let first = segments[0].entry.usize();
    match depth_first(&mut rules, total, first, Budget::nodes(budget)).0 {
        Outcome::Found(path) => {
            let mut lens = vec![0u32; segments.len()];
            for &s in &rules.seg_of {
                lens[s.usize()] += 1;
            }
            Cover::Found((path, lens))
        }
        Outcome::Exhausted => Cover::Exhausted,
        Outcome::GaveUp => Cover::GaveUp,
    }
}

struct StrandArgs<'a> {
    prev: usize,
    here: usize,
    seg: usize,
    free_end: bool,
    role: &'a [Role],
    neighbours: &'a [[u32; 8]],
    free: &'a [u8],
    taken: &'a [bool],
}

/// Whether leaving `prev` for `here` stranded a free neighbour of `prev`
/// that `here` cannot reach: such a square is passed through later, so it
/// needs two free neighbours (one if a path starts or ends there).
fn stranded(a: StrandArgs<'_>) -> bool {
    let near_here = |u: u32| a.neighbours[a.here].contains(&u);
    a.neighbours[a.prev].iter().any(|&u| {
        if u == u32::MAX || a.taken[u.usize()] || near_here(u) {
            return false;
        }
        let needed = match a.role[u.usize()] {
            Role::Plain if !a.free_end => 2,
            Role::Exit(j) if (j.usize()) < a.seg => 0,
            Role::Both(_) => 0,
            _ => 1,
        };
        a.free[u.usize()] < needed
    })
}

struct OptionsArgs<'a, C: Fn(usize) -> u64> {
    here: usize,
    seg: usize,
    left: usize,
    last: usize,
    segments: &'a [Segment],
    role: &'a [Role],
    neighbours: &'a [[u32; 8]],
    free: &'a [u8],
    taken: &'a [bool],
    variant: usize,
    centre: &'a C,
}

/// The knight moves worth trying from `here`, best first; none when the
/// position is hopeless.
fn options<C: Fn(usize) -> u64>(a: OptionsArgs<'_, C>) -> ([u32; 8], u8, u8) {
    let none = ([0u32; 8], 0u8, 0u8);
    let mut keyed = [(0u8, 0u64, 0usize, 0u32); 8];
    let mut n = 0;
    let mut forced: Option<u32> = None;
    for (k, &next) in a.neighbours[a.here].iter().enumerate() {
        if next == u32::MAX || a.taken[next.usize()] {
            continue;
        }
        let next_i = next.usize();
        let onward = a.free[next_i];
        let allowed = match a.role[next_i] {
            Role::Plain => true,
            Role::Entry(_) => false,
            Role::Exit(j) | Role::Both(j) => {
                let j = j.usize();
                j == a.seg && (j < a.last || a.left == 1)
            }
        };
        match a.role[next_i] {
            Role::Plain if onward == 0 && a.left > 1 => return none,
            Role::Entry(_) if onward == 0 => return none,
            Role::Exit(j) if onward == 0 && j.usize() > a.seg => return none,
            Role::Exit(j) if onward == 0 && j.usize() == a.seg => {
                if !allowed {
                    return none;
                }
                forced = Some(next)
            }
            _ => {}
        }
        if !allowed {
            continue;
        }
        let roth = if a.variant & 8 == 0 {
            u64::MAX - (a.centre)(next_i)
        } else {
            (a.centre)(next_i)
        };
        keyed[n] = (onward, roth, (k + a.variant) % 8, next);
        n += 1;
    }
    if let Some(f) = forced {
        let mut out = [0u32; 8];
        out[0] = f;
        return (out, 1, 0);
    }
    let _ = a.segments;
    keyed[..n].sort_unstable();
    let mut out = [0u32; 8];
    for (slot, key) in out.iter_mut().zip(&keyed[..n]) {
        *slot = key.3;
    }
    (out, n.u8(), 0)
}

/// A cover by a few quick tries with different tie-breaks, then one longer
/// search. None when none was found (not a proof).
pub fn find_cover(w: usize, h: usize, segments: &[Segment]) -> Option<(Vec<u32>, Vec<u32>)> {
    let quick = 20 * (w * h).u64();
    for variant in 0..16 {
        match cover(w, h, segments, variant, quick) {
            Cover::Found(found) => return Some(found),
            Cover::Exhausted => return None,
            Cover::GaveUp => {}
        }
    }
    match cover(w, h, segments, 0, 3_000_000) {
        Cover::Found(found) => Some(found),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn adjacent(w: usize, a: u32, b: u32) -> bool {
        let (ax, ay) = (a.usize() % w, a.usize() / w);
        let (bx, by) = (b.usize() % w, b.usize() / w);
        let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
        (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
    }

    fn check(w: usize, h: usize, segs: &[Segment], path: &[u32], lens: &[u32]) {
        assert_eq!(path.len(), w * h);
        let mut seen = vec![false; w * h];
        for &i in path {
            assert!(!seen[i.usize()]);
            seen[i.usize()] = true;
        }
        let mut at = 0;
        for (s, &len) in segs.iter().zip(lens) {
            let piece = &path[at..at + len.usize()];
            assert_eq!(piece[0], s.entry);
            if let Some(x) = s.exit {
                assert_eq!(*piece.last().unwrap(), x);
            }
            assert!(piece.windows(2).all(|p| adjacent(w, p[0], p[1])));
            at += len.usize();
        }
    }

    #[test]
    fn one_path_between_corners_of_6x6_and_two_lanes_of_5x6() {
        let segs = [Segment {
            entry: 0,
            exit: Some(35),
        }];
        // Corners of one colour: no path (even area needs two colours).
        assert_eq!(cover(6, 6, &segs, 0, 10_000_000), Cover::Exhausted);
        let segs = [Segment {
            entry: 0,
            exit: Some(5),
        }];
        let (p, l) = find_cover(6, 6, &segs).unwrap();
        check(6, 6, &segs, &p, &l);
        let segs = [
            Segment {
                entry: 2,
                exit: Some(5 * 5 + 1),
            },
            Segment {
                entry: 5 * 5 + 3,
                exit: Some(4),
            },
        ];
        if let Some((p, l)) = find_cover(5, 6, &segs) {
            check(5, 6, &segs, &p, &l);
        }
    }
}
