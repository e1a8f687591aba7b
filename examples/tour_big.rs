//! Exploration: tours on large boards from a few seeded starts, timed.
use knightd::solver::tour::knights_tour;
use knightd::solver::{Board, Square};
use std::time::Instant;

fn main() {
    let a: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (w, h, n) = (a[0], a[1], a[2]);
    let board = Board::new(w, h).unwrap();
    let mut seed = 0x9E3779B97F4A7C15u64;
    for k in 0..n {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let i = if k == 0 { 0 } else { seed % (w * h) };
        let s = board.from_index(i).unwrap();
        for closed in [false, true] {
            let t = Instant::now();
            let r = knights_tour(board, s, closed, 1_000_000);
            println!(
                "{w}x{h} start={s} closed={closed} {:?} {:?}",
                r.map(|t| t.path.len())
                    .map_err(|e| format!("{e:?}").chars().take(60).collect::<String>()),
                t.elapsed()
            );
        }
        let _ = Square::new(0, 0);
    }
}
