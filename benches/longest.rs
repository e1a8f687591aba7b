//! The longest-path benchmark: how long the search takes to prove its answer
//! optimal (`moves == upper_bound`) on the challenge board, for 20 random
//! start/end pairs of the seed the figures have always used (2024) and 20
//! of another (2027), and on the empty 8×8 and 32×32 boards.
//!
//! A plain `main` (the bench is `harness = false`) that prints a table,
//! because what matters is the time to a proof, not the time of a fixed
//! piece of work. Each pair is searched once with a generous limit: the
//! clock only stops the search, never steers it, so a pair proven at `t`
//! is proven by any limit above `t`. Per pair: the time to the proof, the
//! moves and bound reached, and how often the search read its watch (once
//! every 256 nodes, and once per local-search window): a measure of the
//! work that does not depend on the machine's load.
//!
//! `cargo bench --bench longest` (limit 10 s a pair); `-- --limit-ms N`
//! sets another limit.

use std::cell::Cell;
use std::time::{Duration, Instant};

use knight::{longest_path_watched, Longest, LongestWatch};
use knight::{BarrierRule, Board, Square, Terrain};

const PAIRS: usize = 20;
/// The seed of the pairs the figures have always used, and the other one.
const SEEDS: [u64; 2] = [2024, 2027];

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

    /// One of the first `n` indices.
    fn below(&mut self, n: usize) -> usize {
        let n64 = u64::try_from(n).expect("a count fits u64");
        usize::try_from(self.next() % n64).expect("below a usize")
    }
}

/// Counts the watch's reads.
struct Reads(Cell<u64>);

impl LongestWatch for Reads {
    fn improved(&self, _: &Longest) {}
    fn cancelled(&self) -> bool {
        self.0.set(self.0.get() + 1);
        false
    }
}

/// One search: its answer, its time and the watch's reads.
struct Run {
    answer: Longest,
    time: Duration,
    reads: u64,
}

fn run(terrain: &Terrain, from: Square, to: Square, limit: Duration) -> Run {
    let reads = Reads(Cell::new(0));
    let started = Instant::now();
    let answer = longest_path_watched(terrain, BarrierRule::Either, from, to, limit, &reads)
        .expect("landable ends");
    Run {
        answer,
        time: started.elapsed(),
        reads: reads.0.get(),
    }
}

/// The 20 pairs of a seed, as the figures have always drawn them.
fn pairs(terrain: &Terrain, seed: u64) -> Vec<(Square, Square)> {
    let board = terrain.board();
    let landable: Vec<Square> = (0..board.squares())
        .filter_map(|i| board.from_index(i))
        .filter(|&s| terrain.can_land(s))
        .collect();
    let mut random = Lcg(seed);
    (0..PAIRS)
        .map(|_| {
            let a = landable[random.below(landable.len())];
            let mut b = a;
            while b == a {
                b = landable[random.below(landable.len())];
            }
            (a, b)
        })
        .collect()
}

fn row(label: &str, from: Square, to: Square, run: &Run) -> String {
    let Longest {
        moves,
        upper_bound,
        optimal,
        ..
    } = &run.answer;
    let show = |n: &Option<u64>| n.map_or("-".to_string(), |n| n.to_string());
    format!(
        "{label:>8} {from:>5} {to:>5} {:>6} {:>6} {:>3} {:>8.3} {:>9}",
        show(moves),
        show(upper_bound),
        if *optimal { "yes" } else { "no" },
        run.time.as_secs_f64(),
        run.reads,
    )
}

/// Min, median and max of the times to a proof, an unproven pair counting
/// as longer than any (`>` the limit); the median of an even count is the
/// upper of the two middle ones.
fn summary(name: &str, runs: &[Run], limit: Duration) -> String {
    let mut times: Vec<Option<Duration>> = runs
        .iter()
        .map(|r| r.answer.optimal.then_some(r.time))
        .collect();
    times.sort_by_key(|t| t.unwrap_or(Duration::MAX));
    let show = |t: Option<Duration>| {
        t.map_or(format!("> {:.1} s", limit.as_secs_f64()), |t| {
            format!("{:.3} s", t.as_secs_f64())
        })
    };
    let within = |secs: u64| {
        times
            .iter()
            .filter(|t| t.is_some_and(|t| t <= Duration::from_secs(secs)))
            .count()
    };
    let reads: u64 = runs.iter().map(|r| r.reads).sum();
    format!(
        "{name}: proven {}/{}; time to proof min {}, median {}, max {}; within 1 s {}, within 2 s {}; watch reads {reads}",
        times.iter().flatten().count(),
        times.len(),
        show(times[0]),
        show(times[times.len() / 2]),
        show(times[times.len() - 1]),
        within(1),
        within(2),
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let limit_ms = args
        .iter()
        .position(|a| a == "--limit-ms")
        .and_then(|i| args.get(i + 1))
        .map_or(10_000, |ms| {
            ms.parse().expect("--limit-ms takes milliseconds")
        });
    let limit = Duration::from_millis(limit_ms);
    let text = include_str!("../assets/page/boards/challenge-28x32.txt");
    let challenge = Terrain::parse(text, 1_000_000).expect("the challenge board parses");
    println!(
        "{:>8} {:>5} {:>5} {:>6} {:>6} {:>3} {:>8} {:>9}",
        "pair", "from", "to", "moves", "bound", "opt", "secs", "reads"
    );
    let mut all = Vec::new();
    let mut lines = Vec::new();
    for seed in SEEDS {
        let mut runs = Vec::new();
        for (n, (from, to)) in pairs(&challenge, seed).into_iter().enumerate() {
            let done = run(&challenge, from, to, limit);
            println!("{}", row(&format!("{seed}/{n}"), from, to, &done));
            runs.push(done);
        }
        lines.push(summary(&format!("seed {seed}"), &runs, limit));
        all.extend(runs);
    }
    lines.push(summary("all 40", &all, limit));
    for (side, to) in [(8, Square::new(1, 0)), (32, Square::new(31, 0))] {
        let empty = Terrain::plain(Board::new(side, side).expect("a board"));
        let done = run(&empty, Square::new(0, 0), to, limit);
        println!(
            "{}",
            row(&format!("{side}x{side}"), Square::new(0, 0), to, &done)
        );
    }
    for line in lines {
        println!("{line}");
    }
}
