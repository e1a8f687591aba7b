//! The longest path beyond the challenge board: random terrain boards of 16
//! to 32 squares a side (about 6 % rocks, 5 % barriers scattered one by one,
//! 10 % water, 5 % lava, a teleport pair on half of them), two random
//! start/end pairs each, under both barrier rules; how many answers are
//! proven optimal within `--limit-ms` (default 1000) on one core, and the
//! moves the others are short of their bound. Scattered barriers make many
//! one-way moves under `long_leg`, unlike the challenge board's walls.
//!
//! `cargo run --release -p knight --example longest_random_boards --
//! [--seed N] [--boards N] [--limit-ms N]` (the seed defaults to the clock,
//! and is printed).

use std::time::{Duration, Instant, SystemTime};

use knight::{longest_path, BarrierRule, Square, Terrain};

/// splitmix64, so that a seed always draws the same boards.
fn seeded(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// A number below `n`.
fn below(random: &mut impl FnMut() -> u64, n: usize) -> usize {
    usize::try_from(random() % u64::try_from(n).expect("a count fits u64")).expect("below n")
}

fn board(random: &mut impl FnMut() -> u64) -> Terrain {
    let (width, height) = (16 + below(random, 17), 16 + below(random, 17));
    let mut cells: Vec<Vec<char>> = (0..height)
        .map(|_| {
            (0..width)
                .map(|_| match random() % 100 {
                    0..=5 => 'R',
                    6..=10 => 'B',
                    11..=20 => 'W',
                    21..=25 => 'L',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    if random() % 2 == 0 {
        let a = (below(random, height), below(random, width));
        let b = (below(random, height), below(random, width));
        if a != b {
            cells[a.0][a.1] = 'T';
            cells[b.0][b.1] = 'T';
        }
    }
    let rows: Vec<String> = cells.iter().map(|row| row.iter().collect()).collect();
    Terrain::from_rows(rows.iter().map(String::as_str), 100_000).expect("a board")
}

fn arg(args: &[String], flag: &str) -> Option<u64> {
    let i = args.iter().position(|a| a == flag)?;
    Some(args.get(i + 1)?.parse().expect("a number"))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed = arg(&args, "--seed").unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs())
    });
    let boards = arg(&args, "--boards").unwrap_or(20);
    let limit = Duration::from_millis(arg(&args, "--limit-ms").unwrap_or(1000));
    println!(
        "seed {seed}, {boards} boards, limit {} ms",
        limit.as_millis()
    );
    for rule in [BarrierRule::Either, BarrierRule::LongLeg] {
        // Each rule gets the same boards and pairs.
        let mut random = seeded(seed);
        let (mut proven, mut answered, mut short) = (0, 0, 0);
        let started = Instant::now();
        for _ in 0..boards {
            let t = board(&mut random);
            let b = t.board();
            let landable: Vec<Square> = (0..b.squares())
                .filter_map(|i| b.from_index(i))
                .filter(|&s| t.can_land(s))
                .collect();
            for _ in 0..2 {
                let from = landable[below(&mut random, landable.len())];
                let to = landable[below(&mut random, landable.len())];
                let answer = longest_path(&t, rule, from, to, limit).expect("landable ends");
                let (Some(moves), Some(bound)) = (answer.moves, answer.upper_bound) else {
                    continue;
                };
                answered += 1;
                if answer.optimal {
                    proven += 1;
                } else {
                    short += bound - moves;
                }
            }
        }
        println!(
            "{rule}: proven {proven} of {answered} answers with a path; the others {short} moves short of their bounds in all; {:.1} s",
            started.elapsed().as_secs_f64()
        );
    }
}
