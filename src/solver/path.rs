//! The one rule that picks a shortest path among the many a knight has.
//!
//! Given an exact distance to the destination, a shortest path is built step
//! by step: from each square, take a move that lands one move closer. Among
//! those, knightd takes the one that keeps the path nearest the straight line
//! from start to destination — the running sum of signed offsets from that
//! line (cross products) closest to zero — and, on a tie, the square with the
//! lower index. The path is deterministic and looks like what a person would
//! draw: for `g2` → `a8` it is `g2 e3 d5 c7 a8`.

use super::board::{Board, Square};

/// The straightest shortest path from `from` to `to`, which is `moves` knight
/// moves apart. `distance_to_target(s)` must give the exact fewest moves from
/// `s` to `to` (any value above `moves` where unreachable). Time is
/// proportional to the path, times eight distance evaluations a step.
pub fn straightest_path(
    board: Board,
    from: Square,
    to: Square,
    moves: u64,
    mut distance_to_target: impl FnMut(Square) -> u64,
) -> Vec<Square> {
    let (fx, fy) = (from.file() as i128, from.rank() as i128);
    let (tx, ty) = (to.file() as i128 - fx, to.rank() as i128 - fy);
    let offset_of = |s: Square| tx * (s.rank() as i128 - fy) - ty * (s.file() as i128 - fx);
    let mut path = Vec::with_capacity(moves as usize + 1);
    path.push(from);
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
        let (_, _, next, running) =
            best.expect("an exact distance always has a neighbour one move closer");
        path.push(next);
        offset = running;
        here = next;
    }
    debug_assert_eq!(here, to);
    path
}
