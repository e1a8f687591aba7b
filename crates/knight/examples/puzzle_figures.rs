//! The figures of knight's tour puzzles (docs/performance.md, docs/tours.md):
//! 1,000 seeded 8×8 clue sets (3 to 20 clues) solved, each with a second
//! solution searched for, with how many were solved (unique or not),
//! proven to have no tour, or not settled, and the min, median and max
//! time and nodes; then `make_puzzle` on 8×8 for seeds 0–99 and 100 seeds
//! drawn afresh (open, then closed), with its time, clue count and how
//! many are minimal: as the puzzle says (a second tour for each clue), each
//! second tour checked here square by square, and each clue-removed set
//! re-solved by `solve_clues`. The clue sets are drawn from a
//! fixed seed and from a fresh one (printed); three in four are clues of a
//! random tour (Warnsdorff's rule, ties at random, restarted until whole),
//! one in four has one clue moved to another step (mostly no tour). In
//! release:
//!
//! ```text
//! cargo run --release -p knight --example puzzle_figures [-- SEED]
//! ```
//!
//! `-- --solve "b5:30 f6:41 …"` solves that one 8×8 clue set (square:step,
//! open) and prints its answer, time and nodes; `-- --seed N [--closed]`
//! makes the one 8×8 puzzle of seed N and prints its clues, nodes and
//! whether it is minimal; `--clues` and `--puzzles` run only that half.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use knight::tour::{Clue, ClueStuck, Puzzle, Solved};
use knight::{
    make_puzzle, solve_clues, Board, CluesError, CluesRequest, PuzzleRequest, Square, SquareName,
};
use knight_reference::tours::{check_tour, Mix};

/// A random tour of `board`: Warnsdorff's rule with ties at random, from a
/// random square, restarted until it covers the board.
fn random_tour(board: Board, mix: &mut Mix) -> Vec<Square> {
    let all: Vec<Square> = board
        .files()
        .flat_map(|f| board.ranks().map(move |r| Square::new(f, r)))
        .collect();
    loop {
        let mut path = vec![all[mix.index(all.len())]];
        loop {
            let here = path[path.len() - 1];
            let free = |s: &Square, path: &[Square]| !path.contains(s);
            let next: Vec<(usize, Square)> = board
                .knight_moves(here)
                .filter(|s| free(s, &path))
                .map(|s| (board.knight_moves(s).filter(|t| free(t, &path)).count(), s))
                .collect();
            let Some(fewest) = next.iter().map(|n| n.0).min() else {
                break;
            };
            let best: Vec<Square> = next.iter().filter(|n| n.0 == fewest).map(|n| n.1).collect();
            path.push(best[mix.index(best.len())]);
        }
        if path.len() == all.len() {
            return path;
        }
    }
}

fn quantiles(mut v: Vec<f64>) -> (f64, f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[0], v[v.len() / 2], v[v.len() - 1])
}

fn clue_sets(seed: u64) {
    let board = Board::new(8, 8).expect("8x8");
    let mut mix = Mix(seed);
    let (mut unique, mut several, mut none, mut unsettled) = (0, 0, 0, 0);
    let (mut times, mut nodes) = (Vec::new(), Vec::new());
    let mut slowest = (0.0, Vec::new());
    for i in 0..1000 {
        let tour = random_tour(board, &mut mix);
        let k = 3 + mix.index(18);
        let mut steps: Vec<usize> = (0..64).collect();
        for j in 0..k {
            let pick = j + mix.index(64 - j);
            steps.swap(j, pick);
        }
        let mut clues: Vec<Clue> = steps[..k]
            .iter()
            .map(|&s| Clue {
                square: tour[s],
                step: u64::try_from(s).expect("small") + 1,
            })
            .collect();
        if i % 4 == 3 {
            // One clue moved to a step no other clue has.
            let taken: Vec<u64> = clues.iter().map(|c| c.step).collect();
            let free: Vec<u64> = (1..=64).filter(|s| !taken.contains(s)).collect();
            clues[0].step = free[mix.index(free.len())];
        }
        let request = CluesRequest {
            board,
            clues: &clues,
            closed: false,
        };
        let start = Instant::now();
        let answer = solve_clues(request, Duration::from_secs(10));
        let took = start.elapsed().as_secs_f64() * 1e3;
        if std::env::var_os("PUZZLE_TRACE").is_some() {
            let shown: Vec<String> = clues
                .iter()
                .map(|c| format!("{}:{}", c.square, c.step))
                .collect();
            eprintln!(
                "{i} k={k} {took:.1} ms {:?} {}",
                answer.as_ref().map(|s| (s.unique, s.nodes)),
                shown.join(" ")
            );
        }
        times.push(took);
        if took > slowest.0 {
            slowest = (took, clues.clone());
        }
        match answer {
            Ok(Solved {
                unique: Some(true),
                nodes: n,
                ..
            }) => {
                unique += 1;
                nodes.push(n as f64);
            }
            Ok(Solved {
                unique: Some(false),
                nodes: n,
                ..
            }) => {
                several += 1;
                nodes.push(n as f64);
            }
            Ok(_) | Err(CluesError::NotFound) => unsettled += 1,
            Err(CluesError::NoTour(ClueStuck::Exhausted { nodes: n })) => {
                none += 1;
                nodes.push(n as f64);
            }
            Err(CluesError::NoTour(_)) => none += 1,
            Err(e) => panic!("clue set {i}: {e:?}"),
        }
    }
    let (t0, t1, t2) = quantiles(times);
    let (n0, n1, n2) = quantiles(nodes);
    println!(
        "seed {seed}: 1000 8x8 clue sets (3-20 clues): {unique} unique, {several} with 2+ tours, {none} proven none, {unsettled} unsettled"
    );
    println!("  time ms: min {t0:.3}, median {t1:.3}, max {t2:.1}; nodes (searched): min {n0}, median {n1}, max {n2}");
    let shown: Vec<String> = slowest
        .1
        .iter()
        .map(|c| format!("{}:{}", c.square, c.step))
        .collect();
    println!("  slowest ({:.1} ms): {}", slowest.0, shown.join(" "));
}

/// Whether each clue of the puzzle is needed, by the library's solver on
/// the clues without it (unique false: a second tour; a settled search),
/// and each second tour the puzzle gives checked square by square: the
/// clues needed, removable and unsettled, and whether the seconds hold.
fn recheck(puzzle: &Puzzle) -> (usize, usize, usize, bool) {
    let (mut needed, mut removable, mut unsettled) = (0, 0, 0);
    let mut seconds_hold = puzzle.seconds.len() == puzzle.clues.len();
    for (i, clue) in puzzle.clues.iter().enumerate() {
        let mut rest = puzzle.clues.clone();
        rest.remove(i);
        let request = CluesRequest {
            board: puzzle.board,
            clues: &rest,
            closed: puzzle.closed,
        };
        match solve_clues(request, Duration::from_secs(30)).map(|s| s.unique) {
            Ok(Some(false)) => needed += 1,
            Ok(Some(true)) => removable += 1,
            _ => unsettled += 1,
        }
        let holds = puzzle
            .seconds
            .get(i)
            .and_then(Option::as_ref)
            .is_some_and(|second| {
                let at = |c: &Clue| second[usize::try_from(c.step).expect("small") - 1];
                is_tour_of(puzzle.board, second, puzzle.closed)
                    && rest.iter().all(|c| at(c) == c.square)
                    && at(clue) != clue.square
            });
        seconds_hold &= holds;
    }
    (needed, removable, unsettled, seconds_hold)
}

/// Whether `path` is a tour of `board` (and closed when `closed`), by the
/// reference crate's checker.
fn is_tour_of(board: Board, path: &[Square], closed: bool) -> bool {
    let xy: Vec<(u64, u64)> = path
        .iter()
        .map(|s| (u64::from(s.file()), u64::from(s.rank())))
        .collect();
    !xy.is_empty() && check_tour(board.width(), board.height(), xy[0], closed, &xy).is_ok()
}

/// The time this thread has been on a CPU, in milliseconds (Linux's
/// scheduler statistics; None elsewhere): under a load of other work, the
/// wall-clock time of a puzzle is mostly waiting for a core.
fn cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e6)
}

/// `make_puzzle` on 8×8 for seeds 0–99 and 100 seeds drawn from `fresh`:
/// time, clues and nodes, and how many are minimal (as the puzzle says,
/// and rechecked).
fn puzzles(closed: bool, fresh: u64) {
    let mut mix = Mix(fresh);
    let drawn: Vec<u64> = (0..100).map(|_| mix.next()).collect();
    for (name, seeds) in [
        ("seeds 0-99".to_owned(), (0..100).collect::<Vec<u64>>()),
        (format!("100 seeds drawn from {fresh}"), drawn),
    ] {
        let (mut times, mut counts, mut nodes) = (Vec::new(), Vec::new(), Vec::new());
        let mut cpu_times = Vec::new();
        let (mut minimal, mut rechecked, mut removable, mut unsettled, mut seconds) =
            (0, 0, 0, 0, 0);
        for seed in seeds {
            let (puzzle, took, cpu) = timed_puzzle(seed, closed, Duration::from_secs(10));
            let (n, r, u, held) = recheck(&puzzle);
            if std::env::var_os("PUZZLE_TRACE").is_some() {
                eprintln!(
                    "seed {seed}: {took:.0} ms ({cpu:.0} ms on a core), {} clues, {} nodes, minimal {}; rechecked: {n} needed, {r} removable, {u} unsettled, seconds hold {held}",
                    puzzle.clues.len(),
                    puzzle.nodes,
                    puzzle.minimal(),
                );
            }
            times.push(took);
            cpu_times.push(cpu);
            counts.push(puzzle.clues.len() as f64);
            nodes.push(puzzle.nodes as f64);
            minimal += usize::from(puzzle.minimal());
            rechecked += usize::from(r == 0 && u == 0);
            removable += usize::from(r > 0);
            unsettled += usize::from(u > 0);
            seconds += usize::from(held);
        }
        let (t0, t1, t2) = quantiles(times);
        let (u0, u1, u2) = quantiles(cpu_times);
        let (c0, c1, c2) = quantiles(counts);
        let (n0, n1, n2) = quantiles(nodes);
        println!(
            "100 {} 8x8 puzzles ({name}): minimal {minimal} (second tours that hold: {seconds}; re-solved: {rechecked} minimal, {removable} with a removable clue, {unsettled} unsettled); time ms min {t0:.0}, median {t1:.0}, max {t2:.0}; on a core min {u0:.0}, median {u1:.0}, max {u2:.0}; clues min {c0}, median {c1}, max {c2}; nodes min {n0}, median {n1}, max {n2}",
            if closed { "closed" } else { "open" }
        );
    }
}

/// The 8×8 puzzle of `seed`, the milliseconds it took and those on a core.
fn timed_puzzle(seed: u64, closed: bool, limit: Duration) -> (Puzzle, f64, f64) {
    let board = Board::new(8, 8).expect("8x8");
    let start = Instant::now();
    let cpu_start = cpu_ms();
    let request = PuzzleRequest {
        board,
        closed,
        seed,
    };
    let puzzle = make_puzzle(request, limit).expect("a puzzle");
    let took = start.elapsed().as_secs_f64() * 1e3;
    let cpu = cpu_ms().zip(cpu_start).map_or(f64::NAN, |(b, a)| b - a);
    (puzzle, took, cpu)
}

/// Makes the 8×8 puzzle of one seed and prints its clues, nodes, time
/// (and time on a core) and whether it is minimal.
fn one_puzzle(seed: u64, closed: bool) {
    let (puzzle, took, cpu) = timed_puzzle(seed, closed, Duration::from_secs(60));
    let clues: Vec<String> = puzzle
        .clues
        .iter()
        .map(|c| format!("{}:{}", c.square, c.step))
        .collect();
    println!(
        "{} clues ({}), {} nodes, {took:.0} ms ({cpu:.0} ms on a core), minimal {}",
        clues.len(),
        clues.join(" "),
        puzzle.nodes,
        puzzle.minimal()
    );
}

/// Solves one clue set written `square:step …` on 8×8 (open) and prints
/// the answer, the time and the nodes.
fn solve_one(text: &str) {
    let board = Board::new(8, 8).expect("8x8");
    let clues: Vec<Clue> = text
        .split_whitespace()
        .map(|pair| {
            let (square, step) = pair.split_once(':').expect("square:step");
            let square = square
                .parse::<SquareName>()
                .ok()
                .and_then(|s| s.on(board).ok())
                .expect("a square of 8x8");
            let step = step.parse().expect("a step");
            Clue { square, step }
        })
        .collect();
    let request = CluesRequest {
        board,
        clues: &clues,
        closed: false,
    };
    let start = Instant::now();
    let answer = solve_clues(request, Duration::from_secs(60));
    let took = start.elapsed().as_secs_f64() * 1e3;
    match answer {
        Ok(solved) => println!(
            "solved, unique {:?}, {} nodes, {took:.1} ms",
            solved.unique, solved.nodes
        ),
        Err(CluesError::NoTour(ClueStuck::Exhausted { nodes })) => {
            println!("proven none by a complete search, {nodes} nodes, {took:.1} ms");
        }
        Err(e) => println!("{e:?}, {took:.1} ms"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--seed") {
        let seed = args
            .get(i + 1)
            .and_then(|s| s.parse().ok())
            .expect("a seed");
        one_puzzle(seed, args.iter().any(|a| a == "--closed"));
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--solve") {
        solve_one(args.get(i + 1).map_or("", String::as_str));
        return;
    }
    let fresh = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        });
    let only = |what: &str| std::env::args().any(|a| a == what);
    if !only("--puzzles") {
        clue_sets(35);
        clue_sets(fresh);
    }
    if !only("--clues") {
        puzzles(false, fresh);
        puzzles(true, fresh);
    }
}
