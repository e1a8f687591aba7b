//! The longest-path benchmark: for 20 seeded random start/end pairs on the
//! challenge board, the moves found, the proven bound and whether the answer
//! is proven optimal, at 1 s and 2 s.
//!
//! A plain `main` (the bench is `harness = false`) that prints a table,
//! because what matters here is the quality reached in a time budget, not
//! the time of a fixed piece of work. `cargo bench --bench longest`; pass
//! `--quick` for 0.25 s and 0.5 s budgets.

use std::time::{Duration, Instant};

use knight::longest_path;
use knight::Square;
use knight::{BarrierRule, Terrain};

const PAIRS: usize = 20;

/// A fixed linear congruential sequence, so the pairs never change.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let limits: [u64; 2] = if quick { [250, 500] } else { [1000, 2000] };
    let text = include_str!("../assets/page/boards/challenge-28x32.txt");
    let terrain = Terrain::parse(text, 1_000_000).expect("the challenge board parses");
    let board = terrain.board();
    let landable: Vec<Square> = (0..board.squares())
        .filter_map(|i| board.from_index(i))
        .filter(|&s| terrain.can_land(s))
        .collect();
    let mut random = Lcg(2024);
    let pairs: Vec<(Square, Square)> = (0..PAIRS)
        .map(|_| {
            let a = landable[random.next() as usize % landable.len()];
            let mut b = a;
            while b == a {
                b = landable[random.next() as usize % landable.len()];
            }
            (a, b)
        })
        .collect();
    println!(
        "{:>4} {:>5} {:>5} | {:>6} {:>6} {:>7} {:>3} {:>6} | {:>6} {:>6} {:>7} {:>3} {:>6}",
        "pair",
        "from",
        "to",
        "moves",
        "bound",
        "ratio",
        "opt",
        "secs",
        "moves",
        "bound",
        "ratio",
        "opt",
        "secs"
    );
    let mut ratios: Vec<Vec<f64>> = vec![Vec::new(); limits.len()];
    let mut proven = vec![0; limits.len()];
    for (n, &(from, to)) in pairs.iter().enumerate() {
        let mut row = format!("{n:>4} {from:>5} {to:>5}");
        for (k, &ms) in limits.iter().enumerate() {
            let started = Instant::now();
            let answer = longest_path(
                &terrain,
                BarrierRule::Either,
                from,
                to,
                Duration::from_millis(ms),
            )
            .expect("landable ends");
            let secs = started.elapsed().as_secs_f64();
            match (answer.moves, answer.upper_bound) {
                (Some(moves), Some(bound)) => {
                    let ratio = if bound == 0 {
                        1.0
                    } else {
                        moves as f64 / bound as f64
                    };
                    ratios[k].push(ratio);
                    proven[k] += usize::from(answer.optimal);
                    let opt = if answer.optimal { "yes" } else { "no" };
                    row += &format!(" | {moves:>6} {bound:>6} {ratio:>7.4} {opt:>3} {secs:>6.2}");
                }
                _ => {
                    row += &format!(
                        " | {:>6} {:>6} {:>7} {:>3} {secs:>6.2}",
                        "-", "-", "no path", "-"
                    )
                }
            }
        }
        println!("{row}");
    }
    for (k, &ms) in limits.iter().enumerate() {
        let mut r = ratios[k].clone();
        r.sort_by(f64::total_cmp);
        if r.is_empty() {
            continue;
        }
        let mean = r.iter().sum::<f64>() / r.len() as f64;
        let at_least_99 = r.iter().filter(|&&x| x >= 0.99).count();
        // The median of an even count: the mean of the two middle ratios.
        let median = (r[(r.len() - 1) / 2] + r[r.len() / 2]) / 2.0;
        println!(
            "{ms} ms: min {:.4}  median {:.4}  mean {:.4}  max {:.4}  >= 0.99: {}/{}  proven optimal: {}/{}",
            r[0],
            median,
            mean,
            r[r.len() - 1],
            at_least_99,
            r.len(),
            proven[k],
            r.len()
        );
    }
}
