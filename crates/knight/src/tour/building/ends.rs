//! Knight's tours with both ends fixed: an open tour from `start` that
//! finishes on `end`.
//!
//! **When there is none.** A knight alternates colours, so a tour of an even
//! number of squares ends on the other colour than it starts, and one of an
//! odd number starts and ends on the majority colour (that of `a1`). A tour
//! from `end` read backwards is a tour from `end`, so both squares must be
//! possible starts (see [`existence`]). Conrad, Hindrichs, Morsy and Wegener
//! (1994) proved that on an n × n board with n ≥ 6 these colour conditions
//! are also enough. Small boards are settled by a complete search.
//!
//! **The construction.** The board is cut into blocks as for the indexed
//! tours ([`construct`](super::construct)): parts of 5 to 12 with an
//! even side, except that on a board with an odd number of squares the odd
//! part of each side holds `start`, so its block is the one odd × odd block.
//! A *corridor* of blocks runs from the start's block along its block row to
//! the end's block column and along that column to the end's block; the tour
//! first runs through the corridor — inside each block a path (found by
//! [`cover`]) from its entry to the exit one knight move from the next
//! block's entry, colours chosen as the block's size requires — from `start`
//! to `end`. When both ends fall in one block, the corridor goes out to a
//! neighbouring block and back: two paths in the ends' block (start to a
//! crossing, and from the crossing back to the end), one in the neighbour.
//! Every other block has a closed tour of its own (an even side;
//! Schwenk 1991), and is joined in, breadth first from the corridor, by
//! replacing one step `c → d` of the path near it with `c → a → … → b → d`,
//! where `a`–`b` is a step of the block's cycle (Parberry's joins). A join
//! only puts squares between two others, so the ends stay where they are.
//! The result is checked before it is given out; where no cut works the
//! board is searched whole under a budget, and a failed search without a
//! proof is an honest [`TourError::NotFound`].

use crate::grid::Int;
use std::collections::VecDeque;

use super::blocks::{
    any_parts, block_paths, colour, counts, crossing, even_parts, key, odd_splits, square, xy,
    BlockPaths, Rect, Split, ABSENT,
};
use super::cover::{cover, Cover, Segment};
use super::existence;
use super::frontier::{self, Frontier};
use crate::board::{Square, STEPS};
use crate::cache::Cache;
use crate::tour::kinds::{NoTour, TourError};

/// Nodes a search of a whole board may visit.
const SEARCH_BUDGET: u64 = 30_000_000;

/// States the frontier programme may keep (16 bytes each: at most 96 MiB),
/// enough for every board five wide up to 5 × [`FRONTIER_ROWS`].
const FRONTIER_STATES: usize = 6_000_000;

/// The longest board five wide that the frontier programme settles whole
/// (about a second); longer ones are built around a [core](by_core).
const FRONTIER_ROWS: u64 = 20;

/// No successor: the end of the path.
const NONE: u32 = u32::MAX;

/// What each construction here is asked: an open tour of the `width` ×
/// `height` board from `start` to `end`.
#[derive(Clone, Copy, Debug)]
struct Ends {
    width: u64,
    height: u64,
    start: Square,
    end: Square,
}

impl Ends {
    fn new(width: u64, height: u64, start: Square, end: Square) -> Ends {
        Ends {
            width,
            height,
            start,
            end,
        }
    }

    /// The same tour asked from its other end: a tour of this one read
    /// backwards is one of that.
    fn reversed(self) -> Ends {
        Ends {
            start: self.end,
            end: self.start,
            ..self
        }
    }

    /// `square`'s board index (`rank * width + file`).
    fn index(self, square: Square) -> u32 {
        let (f, r) = xy(square);
        (r * self.width + f).u32()
    }

    /// The path along `next` from the start, if it visits every square and
    /// ends on the end.
    fn walk(self, next: &[u32]) -> Option<Vec<u32>> {
        walk(next, self.index(self.start), self.index(self.end))
    }
}

/// An open tour of the `width` × `height` board from `start` to `end`, as
/// board indices (`rank * width + file`). Boards of at most `max_squares`.
pub fn tour_with_ends(
    width: u64,
    height: u64,
    start: Square,
    end: Square,
    max_squares: u64,
    cache: &Cache,
) -> Result<Vec<u32>, TourError> {
    let squares = width * height;
    if squares > max_squares || squares > u64::from(u32::MAX) {
        return Err(TourError::TooLarge {
            squares,
            limit: max_squares,
        });
    }
    let on_board = |s: Square| {
        let (f, r) = xy(s);
        f < width && r < height
    };
    if !on_board(start) || !on_board(end) {
        return Err(TourError::NotFound);
    }
    if let Some(why) = ruled_out_between(width, height, start, end) {
        return Err(TourError::NoTour(why));
    }
    if squares == 1 {
        return Ok(vec![0]);
    }
    let exhausted = || {
        TourError::NoTour(NoTour::Exhaustive(format!(
            "a complete search of the {width}×{height} board found no tour from {} to {}",
            name(start),
            name(end)
        )))
    };
    let ends = Ends::new(width, height, start, end);
    match without_search(ends, cache) {
        Frontier::Found(path) => return Ok(path),
        Frontier::Exhausted => return Err(exhausted()),
        Frontier::GaveUp => {}
    }
    if let Some(path) = by_core(ends, cache) {
        return Ok(path);
    }
    let (w, h) = (width.usize(), height.usize());
    let segment = [Segment {
        entry: ends.index(start),
        exit: Some(ends.index(end)),
    }];
    for variant in 1..16 {
        if let Cover::Found((path, _)) = cover(w, h, &segment, variant, 40 * squares) {
            return Ok(path);
        }
    }
    match cover(w, h, &segment, 0, SEARCH_BUDGET) {
        Cover::Found((path, _)) => Ok(path),
        Cover::Exhausted => Err(exhausted()),
        Cover::GaveUp => Err(TourError::NotFound),
    }
}

/// The tour from `start` to `end` without a search: the block
/// construction (or read backwards from `end`: the cuts follow the start's
/// square) where it cuts the board (both sides at least 5, one at least
/// 10), else on a board of at most [`FRONTIER_ROWS`] a side the exact
/// programme ([`frontier`]), whose exhaustion is a proof; given up
/// otherwise.
fn without_search(ends: Ends, cache: &Cache) -> Frontier {
    let (width, height) = (ends.width, ends.height);
    if width.min(height) >= 5 && width.max(height) >= 10 {
        let backwards = || {
            let mut path = by_blocks(ends.reversed(), cache)?;
            path.reverse();
            Some(path)
        };
        if let Some(path) = by_blocks(ends, cache).or_else(backwards) {
            return Frontier::Found(path);
        }
    }
    if frontier::fits(width, height) && width.max(height) <= FRONTIER_ROWS {
        return frontier::path_between(width, height, ends.start, ends.end, FRONTIER_STATES);
    }
    Frontier::GaveUp
}

/// An open tour of the `width` × `height` board from `start` to `end` by
/// the blocks alone, in time linear in its squares (or, on a board 5 by
/// at most 20, by the exact programme); None where they give nothing: no
/// search is made, and no core (on a long board 5 wide a core's programme
/// can take a good part of a second). Not checked: the caller checks the
/// tour it is part of.
pub(in crate::tour) fn constructed(
    width: u64,
    height: u64,
    start: Square,
    end: Square,
    cache: &Cache,
) -> Option<Vec<u32>> {
    if width * height > u64::from(u32::MAX)
        || ruled_out_between(width, height, start, end).is_some()
    {
        return None;
    }
    match without_search(Ends::new(width, height, start, end), cache) {
        Frontier::Found(path) => Some(path),
        Frontier::Exhausted | Frontier::GaveUp => None,
    }
}

fn name(s: Square) -> String {
    s.to_string()
}

/// Why no tour from `start` to `end` can exist, by the colour argument and
/// the theorems on starts.
pub fn ruled_out_between(width: u64, height: u64, start: Square, end: Square) -> Option<NoTour> {
    let board = format!("{width}×{height}");
    let squares = width * height;
    if start == end {
        return (squares != 1).then(|| {
            NoTour::Theorem(format!(
                "an open tour of the {board} board visits {squares} squares, so it cannot start and end on the same square"
            ))
        });
    }
    if squares % 2 == 0 && colour(start) == colour(end) {
        return Some(NoTour::Theorem(format!(
            "the {board} board has an even number of squares and a knight alternates colours, so a tour of it ends on the other colour than it starts; {} and {} are the same colour",
            name(start),
            name(end)
        )));
    }
    let ((sx, sy), (ex, ey)) = (xy(start), xy(end));
    if let Some(why) = existence::ruled_out(width, height, sx, sy, false) {
        return Some(why);
    }
    if let Some(why) = two_corners(width, height, start, end) {
        return Some(why);
    }
    // The colour rule, said of the end itself (the rule below is worded
    // for a start).
    if squares % 2 == 1 && (ex + ey) % 2 == 1 {
        return Some(NoTour::Theorem(format!(
            "no tour of the {board} board ends on {}, a light square: the board has one more dark square than light ones, and every knight move changes colour, so a tour through every square starts and ends on dark squares (like a1); choose a dark end, or give none",
            name(end)
        )));
    }
    existence::ruled_out(width, height, ex, ey, false).map(|why| {
        NoTour::Theorem(format!(
            "{why} (said of the end {}: a tour read backwards starts there)",
            name(end)
        ))
    })
}

/// A corner has two knight moves (on a board at least 3 × 3), so a tour
/// that does not start or end there uses both. On a side of 5 squares two
/// corners share a square one move from each (c2 between a1 and e1): the
/// tour then enters and leaves it by those moves, so neither end can be that
/// square unless the other end is one of the two corners.
fn two_corners(width: u64, height: u64, start: Square, end: Square) -> Option<NoTour> {
    if width < 3 || height < 3 {
        return None;
    }
    let corners = [
        square(0, 0),
        square(width - 1, 0),
        square(0, height - 1),
        square(width - 1, height - 1),
    ];
    [start, end].into_iter().find_map(|e| {
        let near: Vec<Square> = corners
            .into_iter()
            .filter(|&c| c != start && c != end && c.is_knight_move_to(e))
            .collect();
        (near.len() >= 2).then(|| {
            NoTour::Theorem(format!(
                "the corners {} and {} each have only two knight moves, one of them to {}, so a tour that starts and ends elsewhere passes through {} between them and cannot end there",
                name(near[0]),
                name(near[1]),
                name(e),
                name(e)
            ))
        })
    })
}

/// On a board five wide, the long side cut so that neither end falls on
/// the square its block's two corners share (the middle file, one row in
/// from the block's edge: see [`two_corners`]), where its block has no path
/// from or to it. Parts of 6 to 12 rows (one odd part holding the start on
/// a board with an odd number of squares), as many of 6 as can be.
/// With a `margin`, every end is also kept that many rows away from its
/// block's edges: a deeper end leaves its block more paths to or from it;
/// with `big`, parts of 12 rows are tried before parts of 6 (a larger block
/// holding an end has more paths to or from it).
fn five_wide(ends: Ends, margin: u64, big: bool) -> Option<(Split, Split)> {
    let (w, h, s, t) = (ends.width, ends.height, ends.start, ends.end);
    let turned = w > h;
    let (long, across) = if turned { (w, h) } else { (h, w) };
    if across != 5 || long < 12 {
        return None;
    }
    let row = |c: Square| if turned { xy(c).0 } else { xy(c).1 };
    let file = |c: Square| if turned { xy(c).1 } else { xy(c).0 };
    let odd = long % 2 == 1;
    // Whether a part [from, from + size) may hold the ends it holds.
    let fits = |from: u64, size: u64| {
        [s, t].into_iter().all(|e| {
            let Some(r) = row(e).checked_sub(from).filter(|&r| r < size) else {
                return true; // not in this part
            };
            let edge = if margin > 0 {
                r < margin || r + margin + 1 > size
            } else {
                file(e) == 2 && (r == 1 || r + 2 == size)
            };
            !edge
        }) && (size % 2 == 0 || (from..from + size).contains(&row(s)))
    };
    // Depth first over part sizes, 6 first; `dead[p][odd]` once no cut
    // from p works (with the odd part still to place, or not).
    let mut dead = vec![[false; 2]; usize::try_from(long).ok()? + 1];
    let mut runs: Vec<(u64, u64)> = Vec::new();
    /// What the depth-first search over part sizes is given.
    struct Cutting<'a> {
        long: u64,
        big: bool,
        near_end: &'a dyn Fn(u64) -> bool,
        fits: &'a dyn Fn(u64, u64) -> bool,
    }
    fn go(
        c: &Cutting<'_>,
        at: u64,
        odd_left: bool,
        dead: &mut [[bool; 2]],
        runs: &mut Vec<(u64, u64)>,
    ) -> bool {
        if at == c.long {
            return !odd_left;
        }
        if dead[at.usize()][usize::from(odd_left)] {
            return false;
        }
        // With `big`, a part that may hold an end is tried largest first.
        let sizes: &[u64] = match (odd_left, c.big && (c.near_end)(at)) {
            (true, false) => &[6, 7, 9, 5, 11, 8, 10, 12],
            (false, false) => &[6, 8, 10, 12],
            (true, true) => &[11, 12, 9, 10, 7, 8, 5, 6],
            (false, true) => &[12, 10, 8, 6],
        };
        for &size in sizes {
            if at + size > c.long || !(c.fits)(at, size) {
                continue;
            }
            runs.push((1, size));
            if go(c, at + size, odd_left && size % 2 == 0, dead, runs) {
                return true;
            }
            runs.pop();
        }
        dead[at.usize()][usize::from(odd_left)] = true;
        false
    }
    let near_end = |at: u64| [s, t].iter().any(|&e| (at..at + 12).contains(&row(e)));
    let cutting = Cutting {
        long,
        big,
        near_end: &near_end,
        fits: &fits,
    };
    if !go(&cutting, 0, odd, &mut dead, &mut runs) {
        return None;
    }
    let along = Split::new(runs);
    let short = Split::new(vec![(1, 5)]);
    Some(if turned {
        (along, short)
    } else {
        (short, along)
    })
}

/// The cuts to try, as for the indexed tours but with any number of parts.
fn cuts(w: u64, h: u64, s: Square) -> Vec<(Split, Split)> {
    let mut out = Vec::new();
    if w % 2 == 1 && h % 2 == 1 {
        let (sx, sy) = xy(s);
        for y in odd_splits(h, sy) {
            for x in odd_splits(w, sx) {
                out.push((x, y.clone()));
            }
        }
        return out;
    }
    if h % 2 == 0 {
        for ny in counts(h) {
            for nx in counts(w) {
                if let (Some(x), Some(y)) = (any_parts(w, nx), even_parts(h, ny)) {
                    out.push((x, y));
                }
            }
        }
    }
    if w % 2 == 0 {
        for ny in counts(h) {
            for nx in counts(w) {
                if let (Some(x), Some(y)) = (even_parts(w, nx), any_parts(h, ny)) {
                    out.push((x, y));
                }
            }
        }
    }
    out
}

/// Tours by the corridor of blocks, over the cuts and then their mirror
/// images (the odd-sized parts at the other end of a side: an end that
/// falls where its block has no path may fall elsewhere in another block).
fn by_blocks(ends: Ends, cache: &Cache) -> Option<Vec<u32>> {
    let cuts = cuts(ends.width, ends.height, ends.start);
    // Tried in this order, before the other cuts.
    let fitted = [(2, false), (3, false), (4, true), (0, false), (0, true)]
        .into_iter()
        .filter_map(|(margin, big)| five_wide(ends, margin, big));
    let mut cuts: Vec<(Split, Split)> = fitted.chain(cuts).collect();
    cuts.dedup();
    let first = cuts.iter().take(24).cloned();
    let mirrored = cuts.iter().take(12).flat_map(|(xs, ys)| {
        [
            (xs.reversed(), ys.clone()),
            (xs.clone(), ys.reversed()),
            (xs.reversed(), ys.reversed()),
        ]
    });
    let mut tried: Vec<(Split, Split)> = Vec::new();
    first.chain(mirrored).find_map(|(xs, ys)| {
        if tried.contains(&(xs.clone(), ys.clone())) {
            return None;
        }
        let found = assemble(ends, &xs, &ys, cache);
        tried.push((xs, ys));
        found
    })
}

/// Rows (across the long side) a core may have: a core too short has few
/// paths to choose from, one too long costs the frontier programme time.
const CORE_ROWS: std::ops::RangeInclusive<u64> = 6..=14;

/// On a long board five wide, a path through a short *core* of rows that
/// holds both ends, decided by the [`frontier`] programme, with the rest cut
/// into blocks of 6 to 12 rows (each with a closed tour) and joined in from
/// the core outwards as in [`assemble`]. The frontier programme settles the
/// board whole only up to 5 × [`FRONTIER_ROWS`]; this serves longer ones whose ends
/// are near each other, where the corridor of blocks may find no path. Cores
/// start and end at even rows, so colours are the board's own.
fn by_core(ends: Ends, cache: &Cache) -> Option<Vec<u32>> {
    let (width, height, start, end) = (ends.width, ends.height, ends.start, ends.end);
    if width.min(height) != 5 || !frontier::fits(width, height) {
        return None;
    }
    let turned = width > height;
    let long = width.max(height);
    let along = |c: Square| if turned { xy(c).0 } else { xy(c).1 };
    let (lo, hi) = (along(start).min(along(end)), along(start).max(along(end)));
    // Lengths left outside a core: none, or blocks of 6 to 12 rows.
    let outside = |len: u64| len == 0 || (len % 2 == 0 && len >= 6);
    let mut cores: Vec<(u64, u64)> = Vec::new();
    for r0 in (0..=lo).rev().take((*CORE_ROWS.end()).usize()) {
        for r1 in hi + 1..=long.min(r0 + CORE_ROWS.end()) {
            let fits = CORE_ROWS.contains(&(r1 - r0)) && outside(r0) && outside(long - r1);
            if fits && (r0, r1) != (0, long) {
                cores.push((r0, r1));
            }
        }
    }
    // Shortest first; of one length, the ends nearest the middle first.
    cores.sort_by_key(|&(r0, r1)| (r1 - r0, (r0 + r1).abs_diff(lo + hi)));
    let rect = |from: u64, len: u64| {
        if turned {
            Rect {
                x0: from,
                y0: 0,
                w: len,
                h: 5,
            }
        } else {
            Rect {
                x0: 0,
                y0: from,
                w: 5,
                h: len,
            }
        }
    };
    let mut tables: Vec<CycleTables> = Vec::new();
    cores.into_iter().take(8).find_map(|(r0, r1)| {
        let core = rect(r0, r1 - r0);
        let local = |c: Square| square(xy(c).0 - core.x0, xy(c).1 - core.y0);
        let Frontier::Found(inside) =
            frontier::path_between(core.w, core.h, local(start), local(end), FRONTIER_STATES)
        else {
            return None;
        };
        let mut next = vec![NONE; (width * height).usize()];
        let global = |l: u32| {
            let (x, y) = (u64::from(l) % core.w, u64::from(l) / core.w);
            ((core.y0 + y) * width + core.x0 + x).u32()
        };
        for p in inside.windows(2) {
            next[global(p[0]).usize()] = global(p[1]);
        }
        // The blocks below the core, nearest first, then those above.
        let below = even_parts(r0, r0 / 6)?;
        let above = even_parts(long - r1, (long - r1) / 6)?;
        let mut chains: [Vec<Rect>; 2] = [Vec::new(), Vec::new()];
        for i in (0..below.parts).rev() {
            let (from, len) = below.part(i);
            chains[0].push(rect(from, len));
        }
        for i in 0..above.parts {
            let (from, len) = above.part(i);
            chains[1].push(rect(r1 + from, len));
        }
        for chain in &chains {
            let mut near = core;
            for &block in chain {
                let at = CycleTables::find(&mut tables, block, width, cache)?;
                if !join(&mut next, width, block, &tables[at], near) {
                    return None;
                }
                near = block;
            }
        }
        ends.walk(&next)
    })
}

/// The path along `next` from `first`, if it visits every square and ends
/// on `last`.
fn walk(next: &[u32], first: u32, last: u32) -> Option<Vec<u32>> {
    let total = next.len();
    let mut path = Vec::with_capacity(total);
    let mut here = first;
    while here != NONE && path.len() < total {
        path.push(here);
        here = next[here.usize()];
    }
    (path.len() == total && here == NONE && path[total - 1] == last).then_some(path)
}

/// A block's path from `entry` to `exit` by the frontier programme, for a
/// block five wide where the budgeted search of [`block_paths`] found none
/// (a block holding an end has few such paths).
fn settled_block(block: Rect, entry: Square, exit: Square) -> Option<Vec<u16>> {
    if !frontier::fits(block.w, block.h) || block.w.max(block.h) > 12 {
        return None;
    }
    let local = |c: Square| square(xy(c).0 - block.x0, xy(c).1 - block.y0);
    match frontier::path_between(block.w, block.h, local(entry), local(exit), FRONTIER_STATES) {
        Frontier::Found(path) => path.into_iter().map(|l| u16::try_from(l).ok()).collect(),
        _ => None,
    }
}

/// A closed tour of a `w` × `h` block (local indices), kept once found.
fn block_cycle(w: u64, h: u64, cache: &Cache) -> Option<std::sync::Arc<BlockPaths>> {
    // A path from the corner to (1, 2), one knight move from it.
    block_paths(
        [w.u16(), h.u16(), 0, (2 * w + 1).u16(), ABSENT, ABSENT],
        cache,
    )
}

fn assemble(ends: Ends, xs: &Split, ys: &Split, cache: &Cache) -> Option<Vec<u32>> {
    let (width, height, start, end) = (ends.width, ends.height, ends.start, ends.end);
    let (nx, ny) = (xs.parts, ys.parts);
    let rect = |i: u64, j: u64| {
        let (x0, w) = xs.part(i);
        let (y0, h) = ys.part(j);
        Rect { x0, y0, w, h }
    };
    let ((sx, sy), (ex, ey)) = (xy(start), xy(end));
    let (ia, ja) = (xs.part_of(sx).0, ys.part_of(sy).0);
    let (ib, jb) = (xs.part_of(ex).0, ys.part_of(ey).0);
    // The corridor: along the start's block row, then the end's block column.
    let mut corridor = vec![(ia, ja)];
    let (mut i, mut j) = (ia, ja);
    while i != ib {
        i = if ib > i { i + 1 } else { i - 1 };
        corridor.push((i, j));
    }
    while j != jb {
        j = if jb > j { j + 1 } else { j - 1 };
        corridor.push((i, j));
    }
    let mut next = vec![NONE; (width * height).usize()];
    let mut joined = vec![false; (nx * ny).usize()];
    let mut last = NONE;
    let mut link = |squares: &mut dyn Iterator<Item = u32>, next: &mut Vec<u32>| {
        for g in squares {
            if last != NONE {
                next[last.usize()] = g;
            }
            last = g;
        }
    };
    if corridor.len() == 1 {
        // Both ends in one block: out to a neighbour and back.
        let here = rect(ia, ja);
        let (oi, oj) = if ia + 1 < nx {
            (ia + 1, ja)
        } else if ia > 0 {
            (ia - 1, ja)
        } else if ja + 1 < ny {
            (ia, ja + 1)
        } else if ja > 0 {
            (ia, ja - 1)
        } else {
            return None;
        };
        let other = rect(oi, oj);
        let (a, b) = (here, other);
        let found = [0, 1].into_iter().find_map(|ec| {
            let (x, e) = crossing(a, b, ec);
            let (x2, e2) = crossing(b, a, (colour(e) + b.w * b.h - 1) % 2);
            let inner = block_paths(key(b, &[(b.local(e), b.local(x2))]), cache)?;
            let both = [(a.local(start), a.local(x)), (a.local(e2), a.local(end))];
            let outer = block_paths(key(a, &both), cache)?;
            Some((inner, outer))
        });
        let (inner, outer) = found?;
        let first = outer.lens[0].usize();
        link(
            &mut outer.order[..first]
                .iter()
                .map(|&l| ends.index(a.global(l))),
            &mut next,
        );
        link(
            &mut inner.order.iter().map(|&l| ends.index(b.global(l))),
            &mut next,
        );
        link(
            &mut outer.order[first..]
                .iter()
                .map(|&l| ends.index(a.global(l))),
            &mut next,
        );
        joined[(oj * nx + oi).usize()] = true;
        corridor.push((oi, oj));
    } else {
        let mut entry = start;
        for (k, &(i, j)) in corridor.iter().enumerate() {
            let here = rect(i, j);
            let exit_colour = (colour(entry) + here.w * here.h - 1) % 2;
            let (exit, next_entry) = match corridor.get(k + 1) {
                Some(&(ni, nj)) => crossing(here, rect(ni, nj), exit_colour),
                None => (end, end),
            };
            let one = [(here.local(entry), here.local(exit))];
            let paths = block_paths(key(here, &one), cache);
            let settled;
            let order: &[u16] = match &paths {
                Some(paths) => &paths.order,
                None => {
                    settled = settled_block(here, entry, exit)?;
                    &settled
                }
            };
            link(
                &mut order.iter().map(|&l| ends.index(here.global(l))),
                &mut next,
            );
            entry = next_entry;
        }
    }
    for &(i, j) in &corridor {
        joined[(j * nx + i).usize()] = true;
    }
    // Join every other block, breadth first from the corridor.
    let mut tables: Vec<CycleTables> = Vec::new();
    let mut queue: VecDeque<(u64, u64)> = corridor.iter().copied().collect();
    while let Some((i, j)) = queue.pop_front() {
        let around = [
            (i.wrapping_sub(1), j),
            (i + 1, j),
            (i, j.wrapping_sub(1)),
            (i, j + 1),
        ];
        for (bi, bj) in around {
            if bi >= nx || bj >= ny || joined[(bj * nx + bi).usize()] {
                continue;
            }
            let block = rect(bi, bj);
            let at = CycleTables::find(&mut tables, block, width, cache)?;
            if join(&mut next, width, block, &tables[at], rect(i, j)) {
                joined[(bj * nx + bi).usize()] = true;
                queue.push_back((bi, bj));
            }
        }
    }
    if joined.iter().any(|&b| !b) {
        return None;
    }
    ends.walk(&next)
}

/// A block size's closed tour in its four mirror images, as tables, so
/// that a join takes no division: for each image, each place's square as
/// an offset from the block's corner on the board and as (x, y) in the
/// block, and each square's place.
struct CycleTables {
    w: u64,
    h: u64,
    len: usize,
    /// `[flip][place]`: `y * width + x`.
    offset: [Vec<u32>; 4],
    /// `[flip][place]`: (x, y).
    xy: [Vec<(u16, u16)>; 4],
    /// `[flip][y * w + x]`: place.
    place: [Vec<u16>; 4],
}

impl CycleTables {
    /// Where in `tables` those of `block`'s size are, made now if need be.
    fn find(
        tables: &mut Vec<CycleTables>,
        block: Rect,
        width: u64,
        cache: &Cache,
    ) -> Option<usize> {
        if let Some(at) = tables.iter().position(|t| (t.w, t.h) == (block.w, block.h)) {
            return Some(at);
        }
        tables.push(CycleTables::new(block.w, block.h, width, cache)?);
        Some(tables.len() - 1)
    }

    fn new(w: u64, h: u64, width: u64, cache: &Cache) -> Option<CycleTables> {
        let cycle = block_cycle(w, h, cache)?;
        let len = cycle.order.len();
        let mut tables = CycleTables {
            w,
            h,
            len,
            offset: Default::default(),
            xy: Default::default(),
            place: Default::default(),
        };
        for flip in 0..4 {
            let (fx, fy) = (flip & 1 == 1, flip & 2 == 2);
            let mut place = vec![0u16; len];
            for (p, &l) in cycle.order.iter().enumerate() {
                let (x, y) = (u64::from(l) % w, u64::from(l) / w);
                let x = if fx { w - 1 - x } else { x };
                let y = if fy { h - 1 - y } else { y };
                tables.offset[flip].push((y * width + x).u32());
                tables.xy[flip].push((x.u16(), y.u16()));
                place[(y * w + x).usize()] = p.u16();
            }
            tables.place[flip] = place;
        }
        Some(tables)
    }
}

/// Joins the closed tour of `block` (`tables`, in one of its four mirror
/// images) into the path through a step that starts in `near`.
fn join(next: &mut [u32], width: u64, block: Rect, tables: &CycleTables, near: Rect) -> bool {
    let len = tables.len;
    let (bw, bh) = (block.w, block.h);
    // Squares of `near` within two lines of `block`.
    let (xs, ys) = if near.x0 + near.w == block.x0 {
        (
            near.x0 + near.w - 2..near.x0 + near.w,
            near.y0..near.y0 + near.h,
        )
    } else if block.x0 + bw == near.x0 {
        (near.x0..near.x0 + 2, near.y0..near.y0 + near.h)
    } else if near.y0 + near.h == block.y0 {
        (
            near.x0..near.x0 + near.w,
            near.y0 + near.h - 2..near.y0 + near.h,
        )
    } else {
        (near.x0..near.x0 + near.w, near.y0..near.y0 + 2)
    };
    let base = (block.y0 * width + block.x0).u32();
    let (w32, x0, y0) = (width.u32(), block.x0.i64(), block.y0.i64());
    for flip in 0..4 {
        let (offset, xy, place) = (&tables.offset[flip], &tables.xy[flip], &tables.place[flip]);
        for cy in ys.clone() {
            for cx in xs.clone() {
                let c = (cy * width + cx).usize();
                let d = next[c];
                if d == NONE {
                    continue;
                }
                let (dx, dy) = (i64::from(d % w32) - x0, i64::from(d / w32) - y0);
                let knight_to_d = |q: usize| {
                    let (x, y) = xy[q % len];
                    let (ax, ay) = ((i64::from(x) - dx).abs(), (i64::from(y) - dy).abs());
                    (ax == 1 && ay == 2) || (ax == 2 && ay == 1)
                };
                for step in &STEPS {
                    let x = cx.i64() + i64::from(step.file) - x0;
                    let y = cy.i64() + i64::from(step.rank) - y0;
                    if x < 0 || y < 0 || x >= bw.i64() || y >= bh.i64() {
                        continue;
                    }
                    let p = usize::from(place[(y.u64() * bw + x.u64()).usize()]);
                    let forward = knight_to_d(p + len - 1);
                    if forward || knight_to_d(p + 1) {
                        let mut prev = c;
                        for k in 0..len {
                            let q = if forward { p + k } else { p + len - k };
                            let g = base + offset[q % len];
                            next[prev] = g;
                            prev = g.usize();
                        }
                        next[prev] = d;
                        return true;
                    }
                }
            }
        }
    }
    false
}
