//! The longest-path benchmark: how long the search takes to prove its answer
//! optimal (`moves == upper_bound`) on the challenge board, under both
//! barrier rules, for 20 random start/end pairs of the seed the figures
//! have always used (2024) and 20 of another (2027); then the same 40 pairs
//! with a second client asking the same questions at once; then 20 pairs of
//! a fresh seed (printed, so that a run can be repeated with `--seed`), which
//! no change was tuned to; and the empty 8×8 and 32×32 boards.
//!
//! A plain `main` (the bench is `harness = false`) that prints a table,
//! because what matters is the time to a proof, not the time of a fixed
//! piece of work. Each pair is searched once with a generous limit: the
//! clock only stops the search, never steers it, so a pair proven at `t`
//! is proven by any limit above `t`. Per pair: the time to the proof, the
//! moves and bound reached, how often the search read its watch (once
//! every 256 search nodes or steps of the free end's walk, and once per
//! local-search window: a measure of the work that does not depend on the
//! machine's load), and when its first report came (the shortest path and
//! the bound: what `/longest-path`'s first stream line carries).
//!
//! The second client is a second thread running the same pairs in the same
//! order; while both run, each is told it may use one core (the service's
//! fair share), and a search alone may use two. The load average is printed
//! before and after each part.
//!
//! `cargo bench -p knight --bench longest` (limit 3 s a pair); `-- --limit-ms N` sets
//! another limit, `-- --rule either|long_leg` runs one rule, `-- --seed N`
//! draws the fresh pairs from `N`, `-- --parts quiet,busy,fresh,empty` runs
//! only those parts.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant, SystemTime};

use knight::terrain::{longest_path_watched, Longest, LongestWatch};
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

/// Searches running now, shared by the clients of one part: a search
/// alone may use both cores, two running take one each.
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// Counts the watch's reads and notes when the first report came (what
/// `/longest-path`'s first stream line carries); answers how many cores
/// the search may use.
struct Reads {
    reads: AtomicU64,
    started: Instant,
    first: OnceLock<Duration>,
}

impl LongestWatch for Reads {
    fn improved(&self, _: &Longest) {
        self.first.get_or_init(|| self.started.elapsed());
    }
    fn cancelled(&self) -> bool {
        self.reads.fetch_add(1, Ordering::Relaxed);
        false
    }
    fn cores(&self) -> usize {
        if RUNNING.load(Ordering::Relaxed) > 1 {
            1
        } else {
            2
        }
    }
}

/// One search: its answer, its time, when its first report came, and the
/// watch's reads.
struct Run {
    answer: Longest,
    time: Duration,
    first: Duration,
    reads: u64,
}

fn run(terrain: &Terrain, rule: BarrierRule, ends: (Square, Square), limit: Duration) -> Run {
    RUNNING.fetch_add(1, Ordering::SeqCst);
    let watch = Reads {
        reads: AtomicU64::new(0),
        started: Instant::now(),
        first: OnceLock::new(),
    };
    let answer =
        longest_path_watched(terrain, rule, ends.0, ends.1, limit, &watch).expect("landable ends");
    let time = watch.started.elapsed();
    RUNNING.fetch_sub(1, Ordering::SeqCst);
    Run {
        answer,
        time,
        // A search proven before any report (from == to) reports nothing.
        first: watch.first.get().copied().unwrap_or(time),
        reads: watch.reads.load(Ordering::Relaxed),
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

fn row(label: &str, (from, to): (Square, Square), run: &Run) -> String {
    let Longest {
        moves,
        upper_bound,
        optimal,
        ..
    } = &run.answer;
    let show = |n: &Option<u64>| n.map_or("-".to_string(), |n| n.to_string());
    format!(
        "{label:>14} {from:>5} {to:>5} {:>6} {:>6} {:>3} {:>8.3} {:>9} {:>8.1}",
        show(moves),
        show(upper_bound),
        if *optimal { "yes" } else { "no" },
        run.time.as_secs_f64(),
        run.reads,
        run.first.as_secs_f64() * 1000.0,
    )
}

/// Min, median and max of the times to a proof, an unproven pair counting
/// as longer than any (`>` the limit); the median of an even count is the
/// upper of the two middle ones.
fn summary(name: &str, runs: &[&Run], limit: Duration) -> String {
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
    let first = runs.iter().map(|r| r.first).max().unwrap_or_default();
    format!(
        "{name}: proven {}/{}; time to proof min {}, median {}, max {}; within 1 s {}, within 2 s {}; watch reads {reads}; first report within {:.1} ms",
        times.iter().flatten().count(),
        times.len(),
        show(times[0]),
        show(times[times.len() / 2]),
        show(times[times.len() - 1]),
        within(1),
        within(2),
        first.as_secs_f64() * 1000.0,
    )
}

/// The load average over the last minute, as `uptime` has it.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".to_owned())
}

/// The value after `flag` on the command line.
fn arg(args: &[String], flag: &str) -> Option<String> {
    let i = args.iter().position(|a| a == flag)?;
    args.get(i + 1).cloned()
}

/// `pairs` searched one after the other by one client, printed as they go.
fn client(
    terrain: &Terrain,
    rule: BarrierRule,
    pairs: &[(String, (Square, Square))],
    limit: Duration,
    echo: bool,
) -> Vec<Run> {
    pairs
        .iter()
        .map(|(label, ends)| {
            let done = run(terrain, rule, *ends, limit);
            if echo {
                println!("{}", row(label, *ends, &done));
            }
            done
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let limit_ms = arg(&args, "--limit-ms").map_or(3_000, |ms| {
        ms.parse().expect("--limit-ms takes milliseconds")
    });
    let limit = Duration::from_millis(limit_ms);
    let rules: Vec<BarrierRule> = match arg(&args, "--rule") {
        Some(rule) => vec![rule.parse().expect("--rule is either or long_leg")],
        None => vec![BarrierRule::Either, BarrierRule::LongLeg],
    };
    let parts = arg(&args, "--parts").unwrap_or_else(|| "quiet,busy,fresh,empty".to_owned());
    let fresh_seed = arg(&args, "--seed").map_or_else(
        || {
            SystemTime::now()
                .duration_since(SystemTime::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        },
        |seed| seed.parse().expect("--seed takes a number"),
    );
    let text = include_str!("../../../assets/page/boards/challenge-28x32.txt");
    let challenge = Terrain::parse(text, 1_000_000).expect("the challenge board parses");
    let fixed: Vec<(String, (Square, Square))> = SEEDS
        .iter()
        .flat_map(|&seed| {
            pairs(&challenge, seed)
                .into_iter()
                .enumerate()
                .map(move |(n, ends)| (format!("{seed}/{n}"), ends))
        })
        .collect();
    println!("limit {limit_ms} ms a pair; fresh seed {fresh_seed}");
    let mut lines = Vec::new();
    for rule in rules {
        println!(
            "{:>14} {:>5} {:>5} {:>6} {:>6} {:>3} {:>8} {:>9} {:>8}   rule {rule}",
            "pair", "from", "to", "moves", "bound", "opt", "secs", "reads", "first ms"
        );
        if parts.contains("quiet") {
            let before = load();
            let runs = client(&challenge, rule, &fixed, limit, true);
            let loads = format!("load {before}-{}", load());
            for (n, seed) in SEEDS.iter().enumerate() {
                let of_seed: Vec<&Run> = runs[n * PAIRS..(n + 1) * PAIRS].iter().collect();
                lines.push(summary(&format!("{rule}, seed {seed}"), &of_seed, limit));
            }
            let all: Vec<&Run> = runs.iter().collect();
            lines.push(summary(&format!("{rule}, all 40 ({loads})"), &all, limit));
        }
        if parts.contains("busy") {
            let before = load();
            let (mine, theirs) = std::thread::scope(|scope| {
                let other = scope.spawn(|| client(&challenge, rule, &fixed, limit, false));
                let mine = client(&challenge, rule, &fixed, limit, false);
                (mine, other.join().expect("the second client"))
            });
            let loads = format!("load {before}-{}", load());
            for (((label, ends), a), b) in fixed.iter().zip(&mine).zip(&theirs) {
                println!("{}", row(&format!("{label} a"), *ends, a));
                println!("{}", row(&format!("{label} b"), *ends, b));
            }
            let all: Vec<&Run> = mine.iter().chain(&theirs).collect();
            lines.push(summary(
                &format!("{rule}, all 40, two clients at once, 80 searches ({loads})"),
                &all,
                limit,
            ));
        }
        if parts.contains("fresh") {
            let before = load();
            let fresh: Vec<(String, (Square, Square))> = pairs(&challenge, fresh_seed)
                .into_iter()
                .enumerate()
                .map(|(n, ends)| (format!("fresh/{n}"), ends))
                .collect();
            let runs = client(&challenge, rule, &fresh, limit, true);
            let all: Vec<&Run> = runs.iter().collect();
            let loads = format!("load {before}-{}", load());
            lines.push(summary(
                &format!("{rule}, fresh seed {fresh_seed} ({loads})"),
                &all,
                limit,
            ));
        }
        if parts.contains("empty") {
            for (side, to) in [(8, Square::new(1, 0)), (32, Square::new(31, 0))] {
                let empty = Terrain::plain(Board::new(side, side).expect("a board"));
                let ends = (Square::new(0, 0), to);
                let done = run(&empty, rule, ends, limit);
                println!("{}", row(&format!("{side}x{side}"), ends, &done));
            }
        }
    }
    for line in lines {
        println!("{line}");
    }
}
