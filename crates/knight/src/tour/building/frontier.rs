//! Knight's paths through every square from `start` to `end` on boards five
//! squares wide (or narrower), decided exactly by a frontier dynamic
//! programme — the "simpath" method (Knuth, *The Art of Computer
//! Programming* 7.1.4) specialised to paths that visit every square.
//!
//! **The sweep.** Turn the board so that its rows are the short side, `w`
//! squares, and number the squares row by row. Every knight move joins a
//! square to one at most `2w + 1` later, so when square `i` is reached every
//! move from an earlier square is already chosen or refused, and the choice
//! left is which of `i`'s own moves to later squares (at most four) the path
//! uses. A path through every square gives each square two path moves, the
//! two ends one each.
//!
//! **The state.** The moves chosen so far form disjoint pieces of path. What
//! the rest of the sweep needs to know of them is, for the `2w + 2` squares
//! from `i` on (the *window*): whether a square is full (has all its path
//! moves), untouched, or the open end of a piece — and then where the piece's
//! other open end is, or that the piece's other end is `start` or `end`
//! (an *anchor*: full, and behind the window). Two choices with the same
//! window state have the same completions, so one of them is kept.
//!
//! **Why it is exact.** A move is refused when it would close a piece into a
//! loop, or give a square more moves than it may have; a square leaves the
//! window only when full. Joining two anchored pieces makes the path from
//! `start` to `end`, which is accepted only if every square is then full.
//! So a state that survives the last square is a path through every square,
//! and every such path survives (its choices, square by square, are never
//! refused): an empty last layer proves that there is none.
//!
//! **The cost.** The states of one layer are kept in a hash set; each
//! keeps its parent, so the path is read back from the end. On a board five
//! wide a layer holds at most about 10⁵ states (5 × 14: 1.8 million in all,
//! about 0.5 s); the caller bounds the total.

use crate::grid::Int;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};

use super::blocks::xy;
use super::search::Outcome;
use crate::board::Square;

/// A window entry: a square with all its path moves.
const FULL: u8 = 31;
/// A square with no path move yet.
const UNTOUCHED: u8 = 30;
/// An open end whose piece's other end is `start` or `end`.
const ANCHOR: u8 = 29;
/// Bits per window entry (other values are window positions of the mate).
const BITS: u32 = 5;

/// What the programme decided: `Found`, a path from `start` to `end`
/// through every square, as board indices (`rank * width + file`);
/// `Exhausted`, every choice was followed and there is no such path;
/// `GaveUp`, more states than `max_states` would have been kept.
pub type Frontier = Outcome;

/// One kept state: the window, whether the path is complete, and how it was
/// reached (the parent's position in the layer before, the moves chosen).
#[derive(Clone, Copy)]
struct Kept {
    key: u64,
    parent: u32,
    moves: u8,
}

/// The closed flag: the path from `start` to `end` is complete.
const CLOSED: u64 = 1 << 63;

/// Whether the frontier programme can take a board this shape: a side of at
/// most 5 squares, so that a window fits in one word.
pub fn fits(width: u64, height: u64) -> bool {
    let short = width.min(height);
    (1..=5).contains(&short) && width.max(height) <= u64::from(u32::MAX) / short
}

/// Decides whether a knight's path from `start` to `end` visits every square
/// of the `width` × `height` board, keeping at most `max_states` states in
/// all. The board must [`fit`](fits).
pub fn path_between(
    width: u64,
    height: u64,
    start: Square,
    end: Square,
    max_states: usize,
) -> Frontier {
    debug_assert!(fits(width, height));
    // Rows along the short side: (file, rank) on the board is (x, y) here.
    let turned = width > height;
    let (w, h) = if turned {
        (height, width)
    } else {
        (width, height)
    };
    let here = |s: Square| {
        let (f, r) = xy(s);
        if turned {
            (r, f)
        } else {
            (f, r)
        }
    };
    let (s, t) = (here(start), here(end));
    let w = usize::try_from(w).expect("a side of at most five");
    let h = usize::try_from(h).expect("checked by fits");
    let n = w * h;
    let at = |(x, y): (u64, u64)| {
        usize::try_from(y * w.u64() + x).expect("a square of a board that fits")
    };
    let (s, t) = (at(s), at(t));
    let window = 2 * w + 2;
    let ends = |v: usize| v == s || v == t;
    // Each square's moves to later squares, as offsets (at most 2w + 1).
    let forward: Vec<([u8; 4], u8)> = (0..n)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            let mut out = ([0u8; 4], 0u8);
            for (dx, dy) in [(-2i64, 1usize), (2, 1), (-1, 2), (1, 2)] {
                let nx = x.i64() + dx;
                if (0..w.i64()).contains(&nx) && y + dy < h {
                    let j = (y + dy) * w + nx.usize();
                    out.0[usize::from(out.1)] = (j - i).u8();
                    out.1 += 1;
                }
            }
            out
        })
        .collect();
    let entry_of = |v: usize| if v < n { UNTOUCHED } else { FULL };
    let mut first = 0u64;
    for p in 0..window {
        first = put(first, p, entry_of(p));
    }
    let mut layers: Vec<Vec<Kept>> = Vec::with_capacity(n + 1);
    layers.push(vec![Kept {
        key: first,
        parent: 0,
        moves: 0,
    }]);
    let mut kept = 1usize;
    for i in 0..n {
        let (offsets, count) = forward[i];
        let mut next: Vec<Kept> = Vec::with_capacity(layers[i].len() * 2);
        let mut seen: HashMap<u64, (), Spread> =
            HashMap::with_capacity_and_hasher(layers[i].len() * 2, Spread);
        for (parent, state) in layers[i].iter().enumerate() {
            let me = get(state.key, 0);
            let wanted = match me {
                FULL => 0,
                UNTOUCHED if ends(i) => 1,
                UNTOUCHED => 2,
                _ => 1,
            };
            for moves in 0u8..1 << count {
                if moves.count_ones() != wanted {
                    continue;
                }
                let Some(key) = choose(state.key, &offsets[..usize::from(count)], moves, |b| {
                    ends(i + b)
                }) else {
                    continue;
                };
                if key & CLOSED != 0 && (1..window).any(|p| get(key, p) != FULL) {
                    continue;
                }
                let key = shift(key, window, entry_of(i + window));
                if seen.insert(key, ()).is_none() {
                    next.push(Kept {
                        key,
                        parent: parent.u32(),
                        moves,
                    });
                }
            }
        }
        kept += next.len();
        if kept > max_states {
            return Frontier::GaveUp;
        }
        layers.push(next);
    }
    let Some(mut k) = layers[n].iter().position(|st| st.key & CLOSED != 0) else {
        return Frontier::Exhausted;
    };
    // Read the moves back, then walk them from the start.
    let mut links = vec![[usize::MAX; 2]; n];
    let mut link = |a: usize, b: usize| {
        let slot = if links[a][0] == usize::MAX { 0 } else { 1 };
        links[a][slot] = b;
    };
    for i in (0..n).rev() {
        let state = layers[i + 1][k];
        let (offsets, count) = forward[i];
        for (b, &off) in offsets[..usize::from(count)].iter().enumerate() {
            if state.moves >> b & 1 == 1 {
                let j = i + usize::from(off);
                link(i, j);
                link(j, i);
            }
        }
        k = state.parent.usize();
    }
    let board_index = |v: usize| {
        let (x, y) = ((v % w).u64(), (v / w).u64());
        let (f, r) = if turned { (y, x) } else { (x, y) };
        u32::try_from(r * width + f).expect("a board that fits")
    };
    let mut path = Vec::with_capacity(n);
    let (mut prev, mut v) = (usize::MAX, s);
    loop {
        path.push(board_index(v));
        let onward = if links[v][0] == prev {
            links[v][1]
        } else {
            links[v][0]
        };
        if v == t || onward == usize::MAX {
            break;
        }
        (prev, v) = (v, onward);
    }
    debug_assert_eq!(path.len(), n);
    Frontier::Found(path)
}

/// A hasher for the window keys: one multiplication spreads their bits (the
/// keys are not chosen by a client, so no defence against collisions is
/// needed).
#[derive(Clone, Copy, Default)]
struct Spread;

/// The state of [`Spread`]'s hasher.
#[derive(Default)]
struct SpreadHasher(u64);

impl BuildHasher for Spread {
    type Hasher = SpreadHasher;
    fn build_hasher(&self) -> SpreadHasher {
        SpreadHasher(0)
    }
}

impl Hasher for SpreadHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, key: u64) {
        let mixed = (self.0 ^ key).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = mixed ^ (mixed >> 32);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

fn get(key: u64, p: usize) -> u8 {
    (key >> (BITS.usize() * p) & 31).u8()
}

fn put(key: u64, p: usize, value: u8) -> u64 {
    let shift = BITS.usize() * p;
    (key & !(31 << shift)) | (u64::from(value) << shift)
}

/// The window moved on by one square: position 0 leaves (it is full), every
/// mate position moves down by one, and `incoming` enters at the back.
fn shift(key: u64, window: usize, incoming: u8) -> u64 {
    let closed = key & CLOSED;
    let mut out = (key & !CLOSED) >> BITS;
    for p in 0..window - 1 {
        let m = get(out, p);
        if m < ANCHOR {
            out = put(out, p, m - 1);
        }
    }
    put(out, window - 1, incoming) | closed
}

/// The window after square 0 takes the moves in `moves` (bits over
/// `offsets`), or None when a move is refused. `is_end(p)` tells whether
/// the square at window position `p` is `start` or `end`.
fn choose(mut key: u64, offsets: &[u8], moves: u8, is_end: impl Fn(usize) -> bool) -> Option<u64> {
    for (bit, &off) in offsets.iter().enumerate() {
        if moves >> bit & 1 == 0 {
            continue;
        }
        if key & CLOSED != 0 {
            return None;
        }
        let (a, b) = (0usize, usize::from(off));
        let (ma, mb) = (get(key, a), get(key, b));
        if ma == FULL || mb == FULL {
            return None;
        }
        // The far end of each square's piece (itself if untouched).
        let far = |p: usize, m: u8| if m == UNTOUCHED { p.u8() } else { m };
        if usize::from(far(a, ma)) == b {
            return None; // a loop
        }
        // After the move: a square stays open only if it was untouched and
        // needs two moves; the new piece's open ends are then these.
        let side = |p: usize, m: u8, key: &mut u64| {
            if m == UNTOUCHED && !is_end(p) {
                p.u8()
            } else {
                *key = put(*key, p, FULL);
                if m == UNTOUCHED {
                    ANCHOR
                } else {
                    m
                }
            }
        };
        let end_a = side(a, ma, &mut key);
        let end_b = side(b, mb, &mut key);
        if end_a == ANCHOR && end_b == ANCHOR {
            key |= CLOSED;
        }
        if end_a != ANCHOR {
            key = put(key, usize::from(end_a), end_b);
        }
        if end_b != ANCHOR {
            key = put(key, usize::from(end_b), end_a);
        }
    }
    Some(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(w: u64, h: u64, s: Square, t: Square, path: &[u32]) {
        assert_eq!(path.len().u64(), w * h);
        let xy = |i: u32| (u64::from(i) % w, u64::from(i) / w);
        assert_eq!(xy(path[0]), super::xy(s));
        assert_eq!(xy(path[path.len() - 1]), super::xy(t));
        let mut seen = vec![false; (w * h).usize()];
        for &i in path {
            assert!(!std::mem::replace(&mut seen[i.usize()], true));
        }
        for p in path.windows(2) {
            let ((a, b), (c, d)) = (xy(p[0]), xy(p[1]));
            assert_eq!(a.abs_diff(c) * b.abs_diff(d), 2);
        }
    }

    // Every pair of squares of small boards is checked against plain
    // search through the library's door, in its tests (tests/tours.rs).

    #[test]
    fn a_square_two_corners_lead_to_is_no_end() {
        // On 5 x 12, c11 is one knight move from both top corners: a path
        // through them passes c11, so it cannot end there (from d9).
        assert_eq!(
            path_between(5, 12, Square::new(3, 8), Square::new(2, 10), 10_000_000),
            Frontier::Exhausted
        );
        // From a top corner it can.
        match path_between(5, 12, Square::new(0, 11), Square::new(2, 10), 10_000_000) {
            Frontier::Found(path) => check(5, 12, Square::new(0, 11), Square::new(2, 10), &path),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_bound_on_states_is_kept() {
        assert_eq!(
            path_between(5, 40, Square::new(0, 0), Square::new(1, 0), 1000),
            Frontier::GaveUp
        );
    }
}
