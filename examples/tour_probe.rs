//! Exploration: which (board, start) pairs the solver answers, and how.
use knightd::solver::tour::{knights_tour, TourError};
use knightd::solver::{Board, Square};
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (lo, hi) = (args[0], args[1]);
    for w in lo..=hi {
        for h in lo..=hi {
            let board = Board::new(w as u64, h as u64).unwrap();
            for closed in [false, true] {
                let t = Instant::now();
                let (mut ok, mut none, mut nf) = (0, 0, 0);
                let mut reasons = std::collections::BTreeSet::new();
                for y in 0..h {
                    for x in 0..w {
                        match knights_tour(
                            board,
                            Square::new(x as u32, y as u32),
                            closed,
                            1_000_000,
                        ) {
                            Ok(_) => ok += 1,
                            Err(TourError::NoTour(r)) => {
                                none += 1;
                                if matches!(r, knightd::solver::tour::NoTour::Exhaustive(_)) {
                                    reasons.insert(format!("{x},{y}"));
                                }
                            }
                            Err(_) => nf += 1,
                        }
                    }
                }
                println!("{w}x{h} closed={closed} ok={ok} none={none} notfound={nf} exhaustive={reasons:?} {:?}", t.elapsed());
            }
        }
    }
}
