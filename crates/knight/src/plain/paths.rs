//! Every shortest path between two squares: how many there are, and any
//! page of them in one fixed order, computed from its place directly.
//!
//! A square lies on some shortest path from `from` to `to` exactly when its
//! distance from `from` plus its distance to `to` is the answer `D`. The
//! squares that do are found layer by layer from `from` (layer `k` holds
//! those `k` moves from `from` and `D - k` from `to`), each tested in
//! constant time by the closed form, so no breadth-first search of the
//! board is made: the work is proportional to the squares on shortest
//! paths, on boards of any size. Then, from `to` back, each square's number
//! of shortest paths to `to`; `from`'s is the count. The paths are ordered
//! by the board indices of their squares, smallest first (as words are in a
//! dictionary), so the path at place `p` is found by walking from `from`
//! and, at each move, skipping the successors (in index order) whose
//! numbers of paths add up to no more than what is left of `p`: the
//! millionth page costs what the first does.

use super::count::Count;
use super::distance::knight_distance;
use crate::board::{Board, Square};
use crate::grid::Int;

/// A page of the shortest paths between two squares, and how many there
/// are (see [`shortest_paths`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShortestPaths {
    /// The fewest moves, or None when the knight cannot get there.
    pub moves: Option<u64>,
    /// How many shortest paths there are.
    pub count: Count,
    /// The paths of the page, one after another, each `moves + 1` squares
    /// from `from` to `to` (one allocation for the page).
    pub squares: Vec<Square>,
    /// Every square that lies on some shortest path, by its move: `layers[k]`
    /// holds those `k` moves from `from`, by board index (for a picture of
    /// them all).
    pub layers: Vec<Vec<Square>>,
}

impl ShortestPaths {
    /// The paths of the page, in order.
    pub fn paths(&self) -> impl Iterator<Item = &[Square]> {
        let len = self.moves.map_or(1, |m| m.usize() + 1);
        self.squares.chunks(len)
    }
}

/// How much finding the shortest paths may take (see [`shortest_paths`]):
/// both grow with the request, not with the page asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathsLimits {
    /// Most squares that may lie on shortest paths.
    pub squares: u64,
    /// Most bytes the numbers of paths may take. Every square on a shortest
    /// path keeps its number of shortest paths to `to`, a whole number of up
    /// to 3 bits for each move still to make (a knight has at most 8 moves
    /// from a square): two squares 35,000 moves apart on a long board
    /// 8 squares high keep about 280,000 numbers of thousands of digits, over
    /// 1.5 GB. The numbers are charged as they are made, so the memory never
    /// passes this (and one number more).
    pub count_bytes: u64,
}

/// Why the shortest paths were not listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathsError {
    /// More than `limit` squares lie on shortest paths (`squares` were
    /// found before the search stopped).
    TooLarge {
        /// Squares on shortest paths found, at least.
        squares: u64,
        /// The most allowed.
        limit: u64,
    },
    /// The numbers of paths take more than `limit` bytes (`bytes` were
    /// counted before the counting stopped).
    CountsTooLarge {
        /// Bytes the numbers of paths took, at least.
        bytes: u64,
        /// The most allowed.
        limit: u64,
    },
}

impl std::fmt::Display for PathsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PathsError::TooLarge { squares, limit } => write!(
                f,
                "more than {limit} squares lie on shortest paths ({squares} found before stopping)"
            ),
            PathsError::CountsTooLarge { bytes, limit } => write!(
                f,
                "counting the shortest paths makes more than {limit} bytes of numbers ({bytes} made before stopping)"
            ),
        }
    }
}

impl std::error::Error for PathsError {}

/// The squares on shortest paths, layer by layer, each layer sorted by board
/// index, with the numbers of shortest paths to `to` of some layers kept:
/// every layer's while they take at most `keep_all` bytes ([`KEEP_ALL`]),
/// past that only
/// every `stride`-th layer's (and the first's and last's).
///
/// Keeping every layer's numbers would take their whole size: gigabytes on
/// a long, narrow board, where every square's number has thousands of
/// digits. Kept every `stride` ≈ √moves layers, they take about 2/√moves
/// of it; a page is then walked a stretch between kept layers at a time,
/// each stretch's numbers made again from the kept layer past it and
/// dropped when the page's paths have crossed it. The numbers are made
/// twice at most (once to count, once to walk a page), and each the same
/// both times, so the page is what keeping them all would give.
struct Layers {
    board: Board,
    squares: Vec<Vec<Square>>,
    /// `kept[k][i]`, where kept, is the number of shortest paths from
    /// `squares[k][i]` to `to`. The first and last layers are always kept.
    kept: Vec<Option<Vec<Count>>>,
}

/// Up to this many bytes of numbers, every layer's are kept (the common
/// case: the far corners of a 1000 × 1000 board take about 6 MB), so a page
/// makes none again.
const KEEP_ALL: u64 = 16 << 20;

/// The bytes of numbers of paths made so far, against the limit.
struct Charge {
    bytes: u64,
    limit: u64,
}

impl Charge {
    fn add(&mut self, count: &Count) -> Result<(), PathsError> {
        self.bytes = self.bytes.saturating_add(count.bytes());
        if self.bytes > self.limit {
            return Err(PathsError::CountsTooLarge {
                bytes: self.bytes,
                limit: self.limit,
            });
        }
        Ok(())
    }
}

impl Layers {
    /// Builds them, or fails past either limit.
    fn new(
        board: Board,
        from: Square,
        to: Square,
        moves: u64,
        limits: PathsLimits,
        keep_all: u64,
    ) -> Result<Layers, PathsError> {
        let mut squares: Vec<Vec<Square>> = vec![vec![from]];
        let mut total = 1u64;
        for k in 1..=moves {
            let left = moves - k;
            let mut next: Vec<Square> = squares[squares.len() - 1]
                .iter()
                .flat_map(|&s| board.knight_moves(s))
                .filter(|&n| knight_distance(board, n, to) == Some(left))
                .collect();
            next.sort_unstable_by_key(|&s| board.index(s));
            next.dedup();
            total += next.len().u64();
            if total > limits.squares {
                return Err(PathsError::TooLarge {
                    squares: total,
                    limit: limits.squares,
                });
            }
            squares.push(next);
        }
        let last = moves.usize();
        let stride = last.isqrt().max(1);
        let mut layers = Layers {
            board,
            squares,
            kept: vec![None; last + 1],
        };
        // Every number is charged as it is made (once: walking a page makes
        // the same numbers again), so the counting stops within one number
        // of the limit, and its time is bounded with it.
        let mut charge = Charge {
            bytes: 0,
            limit: limits.count_bytes,
        };
        let mut thinned = false;
        let mut later = vec![Count::one()];
        for k in (0..last).rev() {
            let here = layers.numbers(k, &later, Some(&mut charge))?;
            let done = std::mem::replace(&mut later, here);
            if !thinned && charge.bytes > keep_all {
                // Past keeping them all: only the stride's layers stay.
                thinned = true;
                for (j, layer) in layers.kept.iter_mut().enumerate() {
                    if j % stride != 0 && j != last {
                        *layer = None;
                    }
                }
            }
            if !thinned || (k + 1) % stride == 0 || k + 1 == last {
                layers.kept[k + 1] = Some(done);
            }
        }
        layers.kept[0] = Some(later);
        Ok(layers)
    }

    /// The numbers of shortest paths from the squares of layer `k`, from
    /// those of layer `k + 1` (`later`), each charged when `charge` is given.
    fn numbers(
        &self,
        k: usize,
        later: &[Count],
        mut charge: Option<&mut Charge>,
    ) -> Result<Vec<Count>, PathsError> {
        let board = self.board;
        let after = &self.squares[k + 1];
        let mut layer = Vec::with_capacity(self.squares[k].len());
        for &s in &self.squares[k] {
            let mut ways = Count::default();
            for n in board.knight_moves(s) {
                if let Ok(i) = after.binary_search_by_key(&board.index(n), |&a| board.index(a)) {
                    ways += &later[i];
                }
            }
            if let Some(charge) = charge.as_deref_mut() {
                charge.add(&ways)?;
            }
            layer.push(ways);
        }
        Ok(layer)
    }

    /// The number of shortest paths.
    fn count(&self) -> &Count {
        let first = self.kept[0].as_ref();
        first
            .and_then(|layer| layer.first())
            .expect("layer 0 is kept")
    }

    /// Appends the `n` paths from place `offset` (all below the count), one
    /// after another, to `out`.
    fn page(&self, offset: &Count, n: usize, out: &mut Vec<Square>) {
        let board = self.board;
        let len = self.squares.len();
        // Each path's place among those through its square, and its square's
        // place in its layer.
        let mut walks: Vec<(Count, usize)> = Vec::with_capacity(n);
        let mut place = offset.clone();
        for _ in 0..n {
            walks.push((place.clone(), 0));
            place += &Count::one();
        }
        let base = out.len();
        out.resize(base + n * len, self.squares[0][0]);
        let mut start = 0;
        while start + 1 < len {
            let end = (start + 1..len)
                .find(|&k| self.kept[k].is_some())
                .expect("the last layer is kept");
            // Layers start + 1 ..= end: the kept one at `end`, the others
            // made again from it, for this stretch only.
            let kept = self.kept[end].as_ref().expect("found kept");
            let mut stretch: Vec<Vec<Count>> = Vec::with_capacity(end - start - 1);
            for k in (start + 1..end).rev() {
                let later = stretch.last().map_or(kept.as_slice(), Vec::as_slice);
                let here = self.numbers(k, later, None).expect("no charge, no refusal");
                stretch.push(here);
            }
            for (p, (place, at)) in walks.iter_mut().enumerate() {
                for k in start + 1..=end {
                    let counts = if k == end {
                        kept
                    } else {
                        &stretch[end - 1 - k]
                    };
                    let here = self.squares[k - 1][*at];
                    let layer = &self.squares[k];
                    let mut next: Vec<usize> = board
                        .knight_moves(here)
                        .filter_map(|m| {
                            layer
                                .binary_search_by_key(&board.index(m), |&a| board.index(a))
                                .ok()
                        })
                        .collect();
                    next.sort_unstable();
                    for &i in &next {
                        let ways = &counts[i];
                        if *place < *ways {
                            *at = i;
                            break;
                        }
                        place.sub_assign(ways);
                    }
                    out[base + p * len + k] = layer[*at];
                }
            }
            start = end;
        }
    }
}

/// How many shortest knight paths join `from` and `to` on `board`, and the
/// page of at most `limit` of them from place `offset` in their fixed order
/// (by the board indices of their squares, smallest first). Works on every
/// board up to 10⁹ a side whenever at most `limits.squares` squares lie on
/// shortest paths and their numbers of paths fit in `limits.count_bytes`.
///
/// # Errors
///
/// [`PathsError::TooLarge`] when more than `limits.squares` squares lie on
/// shortest paths; [`PathsError::CountsTooLarge`] when their numbers of
/// paths take more than `limits.count_bytes`.
///
/// ```
/// use knight::{Board, SquareName};
/// use knight::plain::{shortest_paths, Count, PathsLimits};
/// let square = |name: &str| name.parse::<SquareName>().unwrap().on(Board::CHESS).unwrap();
/// let limits = PathsLimits { squares: 1_000_000, count_bytes: 64 << 20 };
/// let all = shortest_paths(Board::CHESS, square("g2"), square("a8"), &Count::default(), 3, limits)?;
/// assert_eq!(all.moves, Some(4));
/// assert_eq!(all.count.to_string(), "6");
/// let first: Vec<String> = all.paths().next().unwrap().iter().map(|s| s.to_string()).collect();
/// assert_eq!(first, ["g2", "e3", "c4", "b6", "a8"]);
/// assert_eq!(all.paths().count(), 3);
/// # Ok::<(), knight::plain::PathsError>(())
/// ```
pub fn shortest_paths(
    board: Board,
    from: Square,
    to: Square,
    offset: &Count,
    limit: u64,
    limits: PathsLimits,
) -> Result<ShortestPaths, PathsError> {
    let Some(moves) = knight_distance(board, from, to) else {
        return Ok(ShortestPaths {
            moves: None,
            count: Count::default(),
            squares: Vec::new(),
            layers: Vec::new(),
        });
    };
    let layers = Layers::new(board, from, to, moves, limits, KEEP_ALL)?;
    let count = layers.count().clone();
    let mut squares = Vec::new();
    // The page: `limit` paths from `offset`, or those left before the count.
    if let Some(left) = count.checked_sub(offset) {
        let n = left.to_u64().map_or(limit, |left| left.min(limit));
        if n > 0 {
            layers.page(offset, n.usize(), &mut squares);
        }
    }
    Ok(ShortestPaths {
        moves: Some(moves),
        count,
        squares,
        layers: layers.squares,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use knight_reference::tours::moves_from;

    #[test]
    fn the_weekly_challenge_example() {
        let square = |f, r| Square::new(f, r);
        let page = shortest_paths(
            Board::CHESS,
            square(6, 1),
            square(0, 7),
            &Count::default(),
            100,
            PathsLimits {
                squares: 100,
                count_bytes: 1 << 20,
            },
        )
        .unwrap();
        let names: Vec<Vec<String>> = page
            .paths()
            .map(|p| p.iter().map(|s| s.to_string()).collect())
            .collect();
        assert_eq!(names.len(), 6);
        assert_eq!(names[0], ["g2", "e3", "c4", "b6", "a8"]);
        assert_eq!(names[2], ["g2", "e3", "d5", "c7", "a8"]);
    }

    /// Every shortest path of small boards by brute force: a walk from
    /// `from` of `moves` moves, each to a square one move nearer `to` by
    /// breadth-first distance, successors by board index, so they come out
    /// in the order the pages list them.
    fn every_path(w: u32, h: u32, from: (u32, u32), to: (u32, u32)) -> Vec<Vec<(u32, u32)>> {
        let at = |(f, r): (u32, u32)| usize::try_from(r * w + f).unwrap();
        // The reference's own moves (knight-reference shares no code with
        // the solver).
        let next = |(f, r): (u32, u32)| {
            let mut out: Vec<(u32, u32)> = moves_from(w.into(), h.into(), (f.into(), r.into()))
                .map(|(f, r)| (u32::try_from(f).unwrap(), u32::try_from(r).unwrap()))
                .collect();
            out.sort_by_key(|&s| at(s));
            out
        };
        let mut to_dist = vec![u32::MAX; at((w - 1, h - 1)) + 1];
        to_dist[at(to)] = 0;
        let mut queue = std::collections::VecDeque::from([to]);
        while let Some(s) = queue.pop_front() {
            for n in next(s) {
                if to_dist[at(n)] == u32::MAX {
                    to_dist[at(n)] = to_dist[at(s)] + 1;
                    queue.push_back(n);
                }
            }
        }
        let mut paths = Vec::new();
        if to_dist[at(from)] == u32::MAX {
            return paths;
        }
        let mut stack = vec![vec![from]];
        while let Some(path) = stack.pop() {
            let last = *path.last().unwrap();
            if last == to {
                paths.push(path);
                continue;
            }
            // Pushed largest first, so the smallest is walked first.
            for n in next(last).into_iter().rev() {
                if to_dist[at(n)] + 1 == to_dist[at(last)] {
                    let mut longer = path.clone();
                    longer.push(n);
                    stack.push(longer);
                }
            }
        }
        paths
    }

    /// Pages walked from kept stretch ends (none kept but every √moves-th
    /// layer), and from every layer kept, list exactly the brute force's
    /// paths, at every place, on small boards.
    #[test]
    fn pages_walked_between_kept_layers_are_the_brute_forces() {
        let roomy = PathsLimits {
            squares: 1 << 20,
            count_bytes: u64::MAX,
        };
        for (w, h) in [(5, 5), (3, 12), (6, 7), (8, 8), (4, 20)] {
            let board = Board::new(w.into(), h.into()).unwrap();
            for (from, to) in [
                ((0, 0), (w - 1, h - 1)),
                ((1, 0), (0, h - 1)),
                ((w / 2, 1), (w - 1, h - 2)),
                ((0, h - 1), (w - 1, 0)),
            ] {
                let every = every_path(w, h, from, to);
                let total = u64::try_from(every.len()).unwrap();
                for keep_all in [0, u64::MAX] {
                    for offset in 0..=total {
                        let (a, z) = (Square::new(from.0, from.1), Square::new(to.0, to.1));
                        let moves = knight_distance(board, a, z).unwrap();
                        let layers = Layers::new(board, a, z, moves, roomy, keep_all).unwrap();
                        assert_eq!(
                            *layers.count(),
                            Count::from(total),
                            "{w}x{h} {from:?} {to:?}"
                        );
                        let n = usize::try_from((total - offset).min(3)).unwrap();
                        let mut squares = Vec::new();
                        layers.page(&Count::from(offset), n, &mut squares);
                        let len = usize::try_from(moves + 1).unwrap();
                        let listed: Vec<Vec<(u32, u32)>> = squares
                            .chunks(len)
                            .map(|p| p.iter().map(|s| (s.file(), s.rank())).collect())
                            .collect();
                        let start = usize::try_from(offset).unwrap();
                        let end = (start + 3).min(every.len());
                        assert_eq!(
                            listed,
                            every[start..end],
                            "{w}x{h} {from:?}->{to:?} offset {offset} keep_all {keep_all}"
                        );
                    }
                }
            }
        }
    }
}
