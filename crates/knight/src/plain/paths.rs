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
}

impl std::fmt::Display for PathsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let PathsError::TooLarge { squares, limit } = self;
        write!(
            f,
            "more than {limit} squares lie on shortest paths ({squares} found before stopping)"
        )
    }
}

impl std::error::Error for PathsError {}

/// The squares on shortest paths, layer by layer, each layer sorted by board
/// index, with each square's number of shortest paths to `to`.
struct Layers {
    board: Board,
    squares: Vec<Vec<Square>>,
    /// `counts[k][i]`: shortest paths from `squares[k][i]` to `to`.
    counts: Vec<Vec<Count>>,
}

impl Layers {
    /// Builds them, or fails past `max_squares` squares.
    fn new(
        board: Board,
        from: Square,
        to: Square,
        moves: u64,
        max_squares: u64,
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
            if total > max_squares {
                return Err(PathsError::TooLarge {
                    squares: total,
                    limit: max_squares,
                });
            }
            squares.push(next);
        }
        let mut counts: Vec<Vec<Count>> = vec![Vec::new(); squares.len()];
        counts[moves.usize()] = vec![Count::one()];
        for k in (0..moves.usize()).rev() {
            let (here, after) = (&squares[k], &squares[k + 1]);
            let later = &counts[k + 1];
            let layer = here
                .iter()
                .map(|&s| {
                    let mut ways = Count::default();
                    for n in board.knight_moves(s) {
                        if let Ok(i) =
                            after.binary_search_by_key(&board.index(n), |&a| board.index(a))
                        {
                            ways += &later[i];
                        }
                    }
                    ways
                })
                .collect();
            counts[k] = layer;
        }
        Ok(Layers {
            board,
            squares,
            counts,
        })
    }

    /// The number of shortest paths.
    fn count(&self) -> &Count {
        &self.counts[0][0]
    }

    /// Appends the path at place `place` (below the count) to `out`.
    fn unrank(&self, mut place: Count, out: &mut Vec<Square>) {
        let board = self.board;
        let mut at = 0; // the square's place in its layer
        out.push(self.squares[0][0]);
        for k in 1..self.squares.len() {
            let here = self.squares[k - 1][at];
            let layer = &self.squares[k];
            let mut next: Vec<usize> = board
                .knight_moves(here)
                .filter_map(|n| {
                    layer
                        .binary_search_by_key(&board.index(n), |&a| board.index(a))
                        .ok()
                })
                .collect();
            next.sort_unstable();
            for &i in &next {
                let ways = &self.counts[k][i];
                if place < *ways {
                    at = i;
                    break;
                }
                place.sub_assign(ways);
            }
            out.push(layer[at]);
        }
    }
}

/// How many shortest knight paths join `from` and `to` on `board`, and the
/// page of at most `limit` of them from place `offset` in their fixed order
/// (by the board indices of their squares, smallest first). Works on every
/// board up to 10⁹ a side whenever at most `max_squares` squares lie on
/// shortest paths.
///
/// # Errors
///
/// [`PathsError::TooLarge`] when more than `max_squares` squares lie on
/// shortest paths.
///
/// ```
/// use knight::{Board, SquareName};
/// use knight::plain::{shortest_paths, Count};
/// let square = |name: &str| name.parse::<SquareName>().unwrap().on(Board::CHESS).unwrap();
/// let all = shortest_paths(Board::CHESS, square("g2"), square("a8"), &Count::default(), 3, 1_000_000)?;
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
    max_squares: u64,
) -> Result<ShortestPaths, PathsError> {
    let Some(moves) = knight_distance(board, from, to) else {
        return Ok(ShortestPaths {
            moves: None,
            count: Count::default(),
            squares: Vec::new(),
            layers: Vec::new(),
        });
    };
    let layers = Layers::new(board, from, to, moves, max_squares)?;
    let count = layers.count().clone();
    let mut squares = Vec::new();
    let mut place = offset.clone();
    for _ in 0..limit {
        if place >= count {
            break;
        }
        layers.unrank(place.clone(), &mut squares);
        place += &Count::one();
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

    #[test]
    fn the_weekly_challenge_example() {
        let square = |f, r| Square::new(f, r);
        let page = shortest_paths(
            Board::CHESS,
            square(6, 1),
            square(0, 7),
            &Count::default(),
            100,
            100,
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
}
