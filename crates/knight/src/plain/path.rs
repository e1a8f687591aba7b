//! The one rule that picks a shortest path among the many a knight has.
//!
//! Given an exact distance to the destination, a shortest path is built step
//! by step: from each square, take a move that lands one move closer. Among
//! those, knightd takes the one that keeps the path nearest the straight line
//! from start to destination — the running sum of signed offsets from that
//! line (cross products) closest to zero — and, on a tie, the square with the
//! lower index. The path is deterministic and looks like what a person would
//! draw: for `g2` → `a8` it is `g2 e3 d5 c7 a8`.

use crate::board::{Board, Square, STEPS};

/// The straightest shortest path from `from` to `to`, which is `moves` knight
/// moves apart. `distance_to_target(s)` must give the exact fewest moves from
/// `s` to `to` (any value above `moves` where unreachable). Time is
/// proportional to the path, times eight distance evaluations a step; no
/// multiplication in the loop.
pub fn straightest_path(
    board: Board,
    from: Square,
    to: Square,
    moves: u64,
    mut distance_to_target: impl FnMut(Square) -> u64,
) -> Vec<Square> {
    let (tx, ty) = (
        i128::from(to.file()) - i128::from(from.file()),
        i128::from(to.rank()) - i128::from(from.rank()),
    );
    // A square's offset from the line is `tx * (rank - from.rank) - ty *
    // (file - from.file)`; a move (df, dr) changes it by `tx * dr - ty * df`,
    // so each step adds one of eight constants instead of multiplying.
    let turn = STEPS.map(|step| tx * i128::from(step.rank) - ty * i128::from(step.file));
    let mut path = Vec::with_capacity(usize::try_from(moves).map_or(0, |m| m + 1));
    path.push(from);
    let mut here = from;
    // The running sum of offsets so far, and the offset of `here` itself.
    let mut offset: i128 = 0;
    let mut here_offset: i128 = 0;
    for remaining in (0..moves).rev() {
        let mut best: Option<(u128, Square, i128, i128)> = None;
        for (step, &turn) in STEPS.iter().zip(&turn) {
            let Some(next) = board.step(here, step) else {
                continue;
            };
            if distance_to_target(next) != remaining {
                continue;
            }
            let next_offset = here_offset + turn;
            let running = offset + next_offset;
            let straightness = running.unsigned_abs();
            // Lowest |running sum|, then lowest index.
            let better = match best {
                None => true,
                Some((a, s, _, _)) => {
                    straightness < a || (straightness == a && board.index(next) < board.index(s))
                }
            };
            if better {
                best = Some((straightness, next, running, next_offset));
            }
        }
        let (_, next, running, next_offset) =
            best.expect("an exact distance always has a neighbour one move closer");
        path.push(next);
        offset = running;
        here_offset = next_offset;
        here = next;
    }
    debug_assert_eq!(here, to);
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plain::bfs::distances_from;

    /// The rule as first written, multiplying out each candidate's offset:
    /// the loop above must pick exactly the same squares.
    fn reference(
        board: Board,
        from: Square,
        to: Square,
        moves: u64,
        distance_to_target: impl Fn(Square) -> u64,
    ) -> Vec<Square> {
        let (fx, fy) = (i128::from(from.file()), i128::from(from.rank()));
        let (tx, ty) = (i128::from(to.file()) - fx, i128::from(to.rank()) - fy);
        let offset_of =
            |s: Square| tx * (i128::from(s.rank()) - fy) - ty * (i128::from(s.file()) - fx);
        let mut path = vec![from];
        let mut here = from;
        let mut offset: i128 = 0;
        for remaining in (0..moves).rev() {
            let mut best: Option<(u128, u64, Square, i128)> = None;
            for next in board.knight_moves(here) {
                if distance_to_target(next) != remaining {
                    continue;
                }
                let running = offset + offset_of(next);
                let key = (running.unsigned_abs(), board.index(next));
                if best.is_none_or(|(a, i, _, _)| key < (a, i)) {
                    best = Some((key.0, key.1, next, running));
                }
            }
            let (_, _, next, running) = best.unwrap();
            path.push(next);
            offset = running;
            here = next;
        }
        path
    }

    #[test]
    fn same_squares_as_the_rule_as_first_written() {
        for (w, h) in [(8, 8), (5, 5), (3, 4), (4, 9), (2, 11), (11, 7), (16, 16)] {
            let board = Board::new(w, h).unwrap();
            for to in (0..board.squares()).map(|i| board.from_index(i).unwrap()) {
                let dist = distances_from(board, to);
                let d = |s: Square| u64::from(dist[board.slot(s)]);
                for from in (0..board.squares()).map(|i| board.from_index(i).unwrap()) {
                    let moves = dist[board.slot(from)];
                    if moves == crate::plain::bfs::UNREACHED {
                        continue;
                    }
                    let moves = u64::from(moves);
                    assert_eq!(
                        straightest_path(board, from, to, moves, d),
                        reference(board, from, to, moves, d),
                        "{board}: {from} -> {to}"
                    );
                }
            }
        }
    }
}
