//! Divide and conquer: large boards are cut into small blocks, each covered by
//! a verified closed tour of its own (or, for the block that holds the start
//! of an open tour on an odd board, a searched open path from the start), and
//! the blocks are joined one at a time in the spirit of Parberry (1997).
//!
//! Joining a block B to a neighbour P already in the tour takes one step
//! `c → d` of the tour near their shared side and one edge `a – b` of B's
//! cycle with `c – b` and `a – d` knight moves: the tour becomes
//! `c → b → … (round B) … → a → d`. Every block has an even side, so it has a
//! closed tour (Schwenk 1991), and the join keeps the tour one cycle (or one
//! path). Which edges join is found by looking, not assumed: each block's
//! tour is tried in its four mirror images, and the whole result is verified
//! by the caller. Time and memory are linear in the board.

use crate::board::Int;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, OnceLock};

/// Closed tours of block sizes, found once (None: the search failed).
type CycleCache = HashMap<(usize, usize), Option<Arc<Vec<u32>>>>;

use super::search::{knight_path, rectangle, End, Grid, Outcome};
use crate::board::{Spot, STEPS};

/// No successor: the end of an open path.
const NONE: u32 = Spot::NONE.raw();

/// One block: a rectangle of the board.
#[derive(Clone, Copy, Debug)]
struct Block {
    x0: usize,
    y0: usize,
    w: usize,
    h: usize,
}

/// Splits an even length (at least 6) into even parts of 6, 8 or 10.
fn split_even(mut len: usize) -> Vec<usize> {
    let mut parts = Vec::new();
    while len >= 14 {
        parts.push(8);
        len -= 8;
    }
    if len == 12 {
        parts.extend([6, 6]);
    } else {
        parts.push(len);
    }
    parts
}

/// Splits a length (at least 5) into parts of 5 to 9.
fn split_any(mut len: usize) -> Vec<usize> {
    let mut parts = Vec::new();
    while len >= 13 {
        parts.push(8);
        len -= 8;
    }
    match len {
        10 => parts.extend([5, 5]),
        11 => parts.extend([5, 6]),
        12 => parts.extend([6, 6]),
        _ => parts.push(len),
    }
    parts
}

/// Splits an odd length (at least 5) into even parts of 6 to 10 around one odd
/// part of 5 to 13 that holds `pos`. The odd part comes first in the list of
/// choices given back when several would do, smallest blocks first.
fn split_around(len: usize, pos: usize) -> Vec<Vec<usize>> {
    if len <= 13 {
        return vec![vec![len]];
    }
    let fine = |rest: usize| rest == 0 || (rest >= 6 && rest % 2 == 0);
    let mut choices = Vec::new();
    for odd in [7, 9, 11, 13, 5] {
        for before in (0..=pos).rev() {
            if before + odd <= pos || !fine(before) || before + odd > len {
                continue;
            }
            let after = len - before - odd;
            if fine(after) {
                let mut parts = if before > 0 {
                    split_even(before)
                } else {
                    Vec::new()
                };
                parts.push(odd);
                if after > 0 {
                    parts.extend(split_even(after));
                }
                choices.push(parts);
                break;
            }
        }
    }
    choices
}

/// The blocks a side splits into, as (offset, length).
fn spans(parts: &[usize]) -> Vec<(usize, usize)> {
    let mut offset = 0;
    parts
        .iter()
        .map(|&len| {
            let span = (offset, len);
            offset += len;
            span
        })
        .collect()
}

/// A closed tour of a `w` × `h` block, found once by search and kept.
fn block_cycle(w: usize, h: usize) -> Option<Arc<Vec<u32>>> {
    static CYCLES: OnceLock<Mutex<CycleCache>> = OnceLock::new();
    let cache = CYCLES.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(found) = cache.lock().ok()?.get(&(w, h)) {
        return found.clone();
    }
    let grid = rectangle(w, h);
    let found = (0..16).find_map(|variant| {
        match knight_path(grid, 0, End::NextToStart, variant, 2_000_000) {
            Outcome::Found(path) => Some(Arc::new(path)),
            _ => None,
        }
    });
    cache.lock().ok()?.insert((w, h), found.clone());
    found
}

/// A tour being assembled: the successor of each square (global index).
struct Assembly {
    grid: Grid,
    width: usize,
    next: Vec<u32>,
}

impl Assembly {
    fn adjacent(&self, a: usize, b: usize) -> bool {
        self.grid.adjacent(Spot::new(a), Spot::new(b))
    }

    /// Joins the closed tour `cycle` of `block` (seen in the mirror image
    /// `flip`) into the tour through a step that starts in `near`, within two
    /// squares of `block`. Returns false when no pair of edges fits.
    fn join(&mut self, block: Block, cycle: &[u32], near: Block) -> bool {
        let len = cycle.len();
        let mut position = vec![0u32; len];
        for (p, &i) in cycle.iter().enumerate() {
            position[i.usize()] = p.u32();
        }
        // Squares of `near` within two files or ranks of `block`.
        let (xs, ys) = if near.x0 + near.w == block.x0 {
            (
                near.x0 + near.w - 2..near.x0 + near.w,
                near.y0..near.y0 + near.h,
            )
        } else if block.x0 + block.w == near.x0 {
            (near.x0..near.x0 + 2, near.y0..near.y0 + near.h)
        } else if near.y0 + near.h == block.y0 {
            (
                near.x0..near.x0 + near.w,
                near.y0 + near.h - 2..near.y0 + near.h,
            )
        } else {
            (near.x0..near.x0 + near.w, near.y0..near.y0 + 2)
        };
        let width = self.width;
        for flip in 0..4 {
            let (fx, fy) = (flip & 1 == 1, flip & 2 == 2);
            // Local index in the block's own tour ↔ global square, mirrored.
            let to_global = |local: u32| {
                let (x, y) = (local.usize() % block.w, local.usize() / block.w);
                let x = if fx { block.w - 1 - x } else { x };
                let y = if fy { block.h - 1 - y } else { y };
                (block.y0 + y) * width + block.x0 + x
            };
            let to_local = |global: usize| {
                let (x, y) = (global % width - block.x0, global / width - block.y0);
                let x = if fx { block.w - 1 - x } else { x };
                let y = if fy { block.h - 1 - y } else { y };
                (y * block.w + x).u32()
            };
            for cy in ys.clone() {
                for cx in xs.clone() {
                    let c = cy * self.width + cx;
                    let d = self.next[c];
                    let from = self.grid.square(Spot::new(c));
                    for step in &STEPS {
                        let Some(to) = self.grid.board().step(from, step) else {
                            continue;
                        };
                        let x = self.grid.spot(to).index();
                        let (bx, by) = (x % width, x / width);
                        if !(block.x0..block.x0 + block.w).contains(&bx)
                            || !(block.y0..block.y0 + block.h).contains(&by)
                        {
                            continue;
                        }
                        let p = position[to_local(x).usize()].usize();
                        let pred = to_global(cycle[(p + len - 1) % len]);
                        let succ = to_global(cycle[(p + 1) % len]);
                        let fits = |last: usize| d == NONE || self.adjacent(last, d.usize());
                        // Forward round the cycle from x, ending on its predecessor.
                        if fits(pred) {
                            self.splice(c, d, (0..len).map(|k| to_global(cycle[(p + k) % len])));
                            return true;
                        }
                        // Backward round the cycle from x, ending on its successor.
                        if fits(succ) {
                            self.splice(
                                c,
                                d,
                                (0..len).map(|k| to_global(cycle[(p + len - k) % len])),
                            );
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// Puts `squares` between `c` and `d`.
    fn splice(&mut self, c: usize, d: u32, squares: impl Iterator<Item = usize>) {
        let mut last = c;
        for s in squares {
            self.next[last] = s.u32();
            last = s;
        }
        self.next[last] = d;
    }
}

/// A tour of the `width` × `height` board from `start` (a global index) built
/// from blocks, as global indices, or None where this method does not apply
/// or found no join. The caller verifies the result.
pub fn tour_by_blocks(width: usize, height: usize, start: usize, closed: bool) -> Option<Vec<u32>> {
    let (sx, sy) = (start % width, start / width);
    let short = width.min(height);
    let both_odd = width % 2 == 1 && height % 2 == 1;
    let mut plans: Vec<(Vec<usize>, Vec<usize>, bool)> = Vec::new();
    if short >= 5 && !both_odd {
        let (cols, rows) = if width % 2 == 0 {
            (split_even(width), split_any(height))
        } else {
            (split_any(width), split_even(height))
        };
        plans.push((cols, rows, false));
    } else if short >= 5 && !closed {
        for cols in split_around(width, sx) {
            for rows in split_around(height, sy) {
                plans.push((cols.clone(), rows, true));
            }
        }
    }
    plans
        .into_iter()
        .find_map(|(cols, rows, open_root)| assemble(width, height, start, &cols, &rows, open_root))
}

/// Joins the blocks of one plan, from the block that holds the start outwards.
fn assemble(
    width: usize,
    height: usize,
    start: usize,
    cols: &[usize],
    rows: &[usize],
    open_root: bool,
) -> Option<Vec<u32>> {
    let (sx, sy) = (start % width, start / width);
    let (cols, rows) = (spans(cols), spans(rows));
    let (nx, ny) = (cols.len(), rows.len());
    let block = |i: usize, j: usize| Block {
        x0: cols[i].0,
        w: cols[i].1,
        y0: rows[j].0,
        h: rows[j].1,
    };
    let root_i = cols.iter().position(|&(o, l)| (o..o + l).contains(&sx))?;
    let root_j = rows.iter().position(|&(o, l)| (o..o + l).contains(&sy))?;
    let root = block(root_i, root_j);
    let mut assembly = Assembly {
        grid: rectangle(width, height),
        width,
        next: vec![NONE; width * height],
    };
    let grid = rectangle(root.w, root.h);
    let local_start = (sy - root.y0) * root.w + (sx - root.x0);
    let root_path = if open_root {
        (0..16).find_map(|variant| {
            match knight_path(grid, local_start, End::Anywhere, variant, 200_000) {
                Outcome::Found(path) => Some(path),
                _ => None,
            }
        })?
    } else {
        block_cycle(root.w, root.h)?.to_vec()
    };
    let global =
        |b: Block, local: u32| (b.y0 + local.usize() / b.w) * width + b.x0 + local.usize() % b.w;
    for pair in root_path.windows(2) {
        assembly.next[global(root, pair[0])] = global(root, pair[1]).u32();
    }
    let last = global(root, *root_path.last()?);
    assembly.next[last] = if open_root {
        NONE
    } else {
        global(root, root_path[0]).u32()
    };
    // Breadth first from the root, each block joined to the one that found it.
    let mut placed = vec![false; nx * ny];
    placed[root_j * nx + root_i] = true;
    let mut queue = VecDeque::from([(root_i, root_j)]);
    while let Some((i, j)) = queue.pop_front() {
        let here = block(i, j);
        let around = [
            (i.wrapping_sub(1), j),
            (i + 1, j),
            (i, j.wrapping_sub(1)),
            (i, j + 1),
        ];
        for (bi, bj) in around {
            if bi >= nx || bj >= ny || placed[bj * nx + bi] {
                continue;
            }
            let b = block(bi, bj);
            let cycle = block_cycle(b.w, b.h)?;
            if !assembly.join(b, &cycle, here) {
                return None;
            }
            placed[bj * nx + bi] = true;
            queue.push_back((bi, bj));
        }
    }
    // Walk the tour from the start.
    let total = width * height;
    let mut path = Vec::with_capacity(total);
    let mut here = start.u32();
    for _ in 0..total {
        if here == NONE {
            return None;
        }
        path.push(here);
        here = assembly.next[here.usize()];
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_cover_every_length() {
        for len in 6..400 {
            if len % 2 == 0 {
                let p = split_even(len);
                assert_eq!(p.iter().sum::<usize>(), len);
                assert!(p.iter().all(|&x| [6, 8, 10].contains(&x)), "{len}: {p:?}");
            }
        }
        for len in 5..400 {
            let p = split_any(len);
            assert_eq!(p.iter().sum::<usize>(), len);
            assert!(p.iter().all(|&x| (5..=9).contains(&x)), "{len}: {p:?}");
        }
        for len in (5..200).step_by(2) {
            for pos in 0..len {
                let choices = split_around(len, pos);
                assert!(!choices.is_empty(), "{len} {pos}");
                for p in choices {
                    assert_eq!(p.iter().sum::<usize>(), len);
                    assert_eq!(p.iter().filter(|&&x| x % 2 == 1).count(), 1);
                    let mut o = 0;
                    for &x in &p {
                        if x % 2 == 1 {
                            assert!((o..o + x).contains(&pos), "{len} {pos} {p:?}");
                        }
                        o += x;
                    }
                }
            }
        }
    }
}
