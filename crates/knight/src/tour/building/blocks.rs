//! How the block constructions cut a board: each side into parts (runs of
//! equal parts, so the part that holds a coordinate takes a constant number
//! of operations), a block of the grid they make, the knight move that
//! crosses from one block into the next, and the paths inside a block,
//! searched once per (block size, entry, exit) and kept.
//!
//! Both block constructions use these: the main one
//! ([`construct`](super::construct)) and the one with both ends fixed
//! ([`ends`](super::ends)).

use crate::board::Square;
use crate::cache::Cache;
use crate::grid::Int;
use std::sync::Arc;

use super::cover::{find_cover, Segment};

/// A square's file and rank, widened: the block arithmetic of boards up to
/// 10⁹ a side adds and multiplies them. The one place the constructions
/// widen a square.
pub(super) fn xy(s: Square) -> (u64, u64) {
    (u64::from(s.file()), u64::from(s.rank()))
}

/// The square at file `f` and rank `r` of a board (each under 10⁹, so in
/// 32 bits).
pub(super) fn square(f: u64, r: u64) -> Square {
    Square::new(f.u32(), r.u32())
}

/// A square's colour: 0 for `a1`'s.
pub(super) fn colour(s: Square) -> u64 {
    let (f, r) = xy(s);
    (f + r) % 2
}

/// How one side of the board is cut: runs of (count, size) parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Split {
    pub(super) runs: Vec<(u64, u64)>,
    pub(super) parts: u64,
}

impl Split {
    pub(super) fn new(runs: Vec<(u64, u64)>) -> Split {
        let runs: Vec<(u64, u64)> = runs.into_iter().filter(|r| r.0 > 0).collect();
        let parts = runs.iter().map(|r| r.0).sum();
        Split { runs, parts }
    }

    /// Offset and size of part `i`.
    pub(super) fn part(&self, mut i: u64) -> (u64, u64) {
        let mut offset = 0;
        for &(count, size) in &self.runs {
            if i < count {
                return (offset + i * size, size);
            }
            i -= count;
            offset += count * size;
        }
        (offset, 0)
    }

    /// The same parts in the opposite order.
    pub(super) fn reversed(&self) -> Split {
        Split::new(self.runs.iter().rev().copied().collect())
    }

    /// The part holding coordinate `c`: (index, offset, size).
    pub(super) fn part_of(&self, mut c: u64) -> (u64, u64, u64) {
        let (mut index, mut offset) = (0, 0);
        for &(count, size) in &self.runs {
            if c < count * size {
                let k = c / size;
                return (index + k, offset + k * size, size);
            }
            c -= count * size;
            index += count;
            offset += count * size;
        }
        (index, offset, 0)
    }

    /// Part indices worth checking: the ends of the side and of every run.
    pub(super) fn representatives(&self) -> Vec<u64> {
        let mut out = Vec::new();
        let n = self.parts;
        let mut add = |a: u64, b: u64| {
            for i in a..b.min(n) {
                out.push(i);
            }
        };
        add(0, 4);
        add(n.saturating_sub(4), n);
        let mut first = 0;
        for &(count, _) in &self.runs {
            add(first, first + 4);
            add((first + count).saturating_sub(4), first + count);
            first += count;
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// `len` in `n` even parts of 6 to 12.
pub(super) fn even_parts(len: u64, n: u64) -> Option<Split> {
    if len % 2 == 1 || n == 0 || len < 6 * n {
        return (len == 0 && n == 0).then(|| Split::new(vec![]));
    }
    let extra = len - 6 * n;
    let specials = match extra {
        0 => vec![],
        1..=6 => vec![6 + extra],
        7..=12 if n >= 2 => vec![12, extra],
        _ => return None,
    };
    let mut runs = vec![(n - specials.len().u64(), 6)];
    runs.extend(specials.into_iter().map(|s| (1, s)));
    Some(Split::new(runs))
}

/// `len` in `n` parts of 5 to 12.
pub(super) fn any_parts(len: u64, n: u64) -> Option<Split> {
    if n == 0 || len + 2 < 6 * n {
        return None;
    }
    let extra = len.i64() - 6 * n.i64();
    let specials: Vec<u64> = match extra {
        0 => vec![],
        -1 => vec![5],
        -2 if n >= 2 => vec![5, 5],
        1..=6 => vec![6 + extra.u64()],
        7..=12 if n >= 2 => vec![12, extra.u64()],
        _ => return None,
    };
    let mut runs = vec![(n - specials.len().u64(), 6)];
    runs.extend(specials.into_iter().map(|s| (1, s)));
    Some(Split::new(runs))
}

/// Part counts near the natural one (parts of 6) for a side of `len`.
pub(super) fn counts(len: u64) -> Vec<u64> {
    let n = len / 6;
    [n, n.wrapping_sub(1), n + 1, n.wrapping_sub(2)]
        .into_iter()
        .filter(|&k| k >= 1 && k <= len)
        .collect()
}

/// Ways to cut an odd `len` into even parts and one odd part holding `pos`.
pub(super) fn odd_splits(len: u64, pos: u64) -> Vec<Split> {
    let mut out: Vec<Split> = Vec::new();
    for q in [7u64, 9, 5, 11] {
        if q > len {
            continue;
        }
        let lowest = (pos + 1).saturating_sub(q);
        let valid = |o: u64| {
            o % 2 == 0
                && o <= pos
                && pos < o + q
                && o + q <= len
                && (o == 0 || o >= 6)
                && (len - o - q == 0 || len - o - q >= 6)
        };
        let mut offsets: Vec<u64> = (lowest..=pos).filter(|&o| valid(o)).collect();
        if offsets.len() > 2 {
            offsets = vec![offsets[offsets.len() - 1], offsets[0]];
        }
        for o in offsets {
            let after = len - o - q;
            let before_counts = if o == 0 { vec![0] } else { counts(o) };
            let after_counts = if after == 0 { vec![0] } else { counts(after) };
            for &nb in &before_counts {
                for &na in &after_counts {
                    if let (Some(b), Some(a)) = (even_parts(o, nb), even_parts(after, na)) {
                        let mut runs = b.runs.clone();
                        runs.push((1, q));
                        runs.extend(a.runs.iter().copied());
                        let split = Split::new(runs);
                        if !out.contains(&split) {
                            out.push(split);
                        }
                    }
                }
            }
        }
    }
    out
}

/// A block's paths: the squares in order (local `y * w + x`), each square's
/// place in that order, and the length of each path. Kept empty when the
/// search found none, so that it is not searched again.
#[derive(Debug)]
pub(super) struct BlockPaths {
    pub(super) order: Vec<u16>,
    pub(super) place: Vec<u16>,
    pub(super) lens: Vec<u32>,
}

/// (width, height, entry, exit, entry, exit) of a block's one or two paths;
/// `u16::MAX` where absent.
pub(super) type Key = [u16; 6];

pub(super) const ABSENT: u16 = u16::MAX;

/// The key of `rect`'s one or two paths, each (entry, exit) in local
/// indices.
pub(super) fn key(rect: Rect, paths: &[(u16, u16)]) -> Key {
    let mut key = [rect.w.u16(), rect.h.u16(), ABSENT, ABSENT, ABSENT, ABSENT];
    for (k, &(entry, exit)) in paths.iter().enumerate().take(2) {
        key[2 + 2 * k] = entry;
        key[3 + 2 * k] = exit;
    }
    key
}

/// The paths for `key`, searched once and kept in `cache`.
pub(super) fn block_paths(key: Key, cache: &Cache) -> Option<Arc<BlockPaths>> {
    let kept = cache.keep(key, || Ok::<_, ()>(searched_paths(key))).ok()?;
    (!kept.order.is_empty()).then_some(kept)
}

/// The paths for `key`, searched now, and their size in bytes.
fn searched_paths(key: Key) -> (BlockPaths, usize) {
    let (w, h) = (key[0].usize(), key[1].usize());
    let mut segments = vec![Segment {
        entry: u32::from(key[2]),
        exit: Some(u32::from(key[3])),
    }];
    if key[4] != ABSENT {
        segments.push(Segment {
            entry: u32::from(key[4]),
            exit: Some(u32::from(key[5])),
        });
    }
    let Some((order, lens)) = find_cover(w, h, &segments) else {
        let none = BlockPaths {
            order: Vec::new(),
            place: Vec::new(),
            lens: Vec::new(),
        };
        return (none, 0);
    };
    let mut place = vec![0u16; w * h];
    for (k, &i) in order.iter().enumerate() {
        place[i.usize()] = k.u16();
    }
    let bytes = 4 * order.len() + 4 * lens.len();
    let paths = BlockPaths {
        order: order.into_iter().map(|i| i.u16()).collect(),
        place,
        lens,
    };
    (paths, bytes)
}

/// A block: its lower-left corner and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Rect {
    pub(super) x0: u64,
    pub(super) y0: u64,
    pub(super) w: u64,
    pub(super) h: u64,
}

impl Rect {
    /// A square of the block as its local index (`y * w + x`).
    pub(super) fn local(self, s: Square) -> u16 {
        let (f, r) = xy(s);
        ((r - self.y0) * self.w + (f - self.x0)).u16()
    }

    /// The square of a local index.
    pub(super) fn global(self, local: u16) -> Square {
        let local = u64::from(local);
        square(self.x0 + local % self.w, self.y0 + local / self.w)
    }
}

/// The knight move from block `from` into its neighbour `to`, (exit, entry),
/// with the exit of colour `ec`.
pub(super) fn crossing(from: Rect, to: Rect, ec: u64) -> (Square, Square) {
    let colour = |f: u64, r: u64| (f + r) % 2;
    let ((x, y), (ex, ey)) = if to.x0 == from.x0 + from.w {
        let (x, s) = (to.x0 - 1, from.y0);
        let y = if colour(x, s) == ec { s } else { s + 1 };
        ((x, y), (x + 1, y + 2))
    } else if from.x0 == to.x0 + to.w {
        let (x, s) = (from.x0, from.y0 + from.h - 1);
        let y = if colour(x, s) == ec { s } else { s - 1 };
        ((x, y), (x - 1, y - 2))
    } else if to.y0 == from.y0 + from.h {
        let (y, s) = (to.y0 - 1, from.x0);
        let x = if colour(s, y) == ec { s } else { s + 1 };
        ((x, y), (x + 2, y + 1))
    } else {
        let (y, s) = (from.y0, from.x0 + from.w - 1);
        let x = if colour(s, y) == ec { s } else { s - 1 };
        ((x, y), (x - 2, y - 1))
    };
    (square(x, y), square(ex, ey))
}
