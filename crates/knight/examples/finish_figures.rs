//! The figures of finishing a partly played tour (docs/tours.md,
//! docs/performance.md): 1,000 seeded random prefixes of the 8×8 board
//! (5 to 50 squares, by random legal walks), each given 1 s, with how many
//! were finished, proven impossible or not settled, the min, median and
//! max time and the nodes searched (open, closed, and to a seeded end);
//! 1,000 prefixes each of boards of other shapes up to 64 squares; then a
//! 100-move prefix from the corner of the 1000×1000 board
//! (Warnsdorff's walk, ties at random) finished, against the tour `/tour`
//! gives for the same board. In release:
//!
//! ```text
//! cargo run --release -p knight --example finish_figures
//! ```
//!
//! With `-- --large` only the 1000×1000 figures are taken; with
//! `-- --anywhere [seed]` the prefixes anywhere on boards 12×12 to
//! 1000×1000; with `-- --once end` (or `open`, `closed`, `tour`) one finish
//! of a 100-move Warnsdorff walk from the centre of 1000×1000 (or one tour
//! `/tour` gives from there), for an instruction count that does not
//! depend on the machine's load:
//!
//! ```text
//! valgrind --tool=callgrind target/release/examples/finish_figures --once end
//! ```

use std::time::{Duration, Instant};

use knight::tour::{last_finish_nodes, Ending, Stuck};
use knight::{finish_tour, tour, Board, Cache, FinishError, FinishRequest, Square, TourRequest};
use knight_reference::tours::Mix;

/// A walk without repeats from `from` on `board`, of at most `len`
/// squares; each step picked by `pick` among the free squares a move away
/// (given with their free onward moves).
fn walk(
    board: Board,
    from: Square,
    len: usize,
    mut pick: impl FnMut(&[(usize, Square)]) -> usize,
) -> Vec<Square> {
    let mut path = vec![from];
    while path.len() < len {
        let free = |s: &Square, path: &[Square]| !path.contains(s);
        let next: Vec<(usize, Square)> = board
            .knight_moves(path[path.len() - 1])
            .filter(|s| free(s, &path))
            .map(|s| {
                let onward = board.knight_moves(s).filter(|t| free(t, &path)).count();
                (onward, s)
            })
            .collect();
        if next.is_empty() {
            break;
        }
        path.push(next[pick(&next)].1);
    }
    path
}

/// Settles the 1,000 seeded 8×8 prefixes, each ending as `ending` picks,
/// and prints how many were finished, proven impossible (and how many of
/// those by a complete search) or not settled in 1 s, with the times and
/// the nodes searched.
fn eight_by_eight(what: &str, mut ending: impl FnMut(&mut Mix) -> Ending) {
    let board = Board::CHESS;
    let mut mix = Mix(2024);
    let mut ends = Mix(99);
    let (mut finished, mut impossible, mut unsettled, mut searched) = (0, 0, 0, 0);
    let mut times = Vec::new();
    let mut nodes = Vec::new();
    for _ in 0..1000 {
        let len = 5 + mix.index(46);
        let start = Square::new(
            u32::try_from(mix.index(8)).expect("a file"),
            u32::try_from(mix.index(8)).expect("a rank"),
        );
        let played = walk(board, start, len, |next| mix.index(next.len()));
        let request = FinishRequest {
            board,
            played: &played,
            ending: ending(&mut ends),
        };
        let began = Instant::now();
        let answer = finish_tour(request, 1_000_000, Duration::from_secs(1));
        times.push(began.elapsed());
        nodes.push(last_finish_nodes());
        match answer {
            Ok(_) => finished += 1,
            Err(FinishError::NoTour(stuck)) => {
                impossible += 1;
                if matches!(stuck, Stuck::Exhausted { .. }) {
                    searched += 1;
                }
            }
            Err(other) => {
                unsettled += 1;
                let names: Vec<String> = played.iter().map(Square::to_string).collect();
                println!("not settled ({other:?}): {}", names.join(" "));
            }
        }
    }
    times.sort_unstable();
    println!(
        "8x8, 1000 prefixes of 5..50 squares{what}: {finished} finished, {impossible} proven impossible ({searched} by a complete search), {unsettled} not settled in 1 s; min {:?}, median {:?}, max {:?}",
        times[0],
        times[times.len() / 2],
        times[times.len() - 1]
    );
    nodes.sort_unstable();
    println!(
        "  nodes searched per prefix (the same on any machine): min {}, median {}, max {}, {} in all",
        nodes[0],
        nodes[nodes.len() / 2],
        nodes[nodes.len() - 1],
        nodes.iter().sum::<u64>()
    );
}

/// Boards of other shapes up to 64 squares: 1,000 seeded prefixes each,
/// of 1 to 30 squares, open, closed or to a seeded end in turn; how many
/// were settled, the slowest and the most nodes.
fn other_shapes() {
    for (w, h) in [(7, 9), (6, 10), (5, 12), (4, 16), (3, 21)] {
        let board = Board::new(w, h).expect("a board");
        let mut mix = Mix(w * 100 + h);
        let (mut finished, mut impossible, mut unsettled) = (0, 0, 0);
        let (mut slowest, mut most) = (Duration::ZERO, 0);
        let side = |n: u64, mix: &mut Mix| {
            let n = usize::try_from(n).expect("a side");
            u32::try_from(mix.index(n)).expect("a file or rank")
        };
        for i in 0..1000 {
            let len = 1 + mix.index(30);
            let start = Square::new(side(w, &mut mix), side(h, &mut mix));
            let played = walk(board, start, len, |next| mix.index(next.len()));
            let ending = match i % 3 {
                0 => Ending::Open,
                1 => Ending::Closed,
                _ => Ending::End(Square::new(side(w, &mut mix), side(h, &mut mix))),
            };
            let request = FinishRequest {
                board,
                played: &played,
                ending,
            };
            let began = Instant::now();
            let answer = finish_tour(request, 1_000_000, Duration::from_secs(1));
            slowest = slowest.max(began.elapsed());
            most = most.max(last_finish_nodes());
            match answer {
                Ok(_) => finished += 1,
                Err(FinishError::NoTour(_)) => impossible += 1,
                Err(_) => unsettled += 1,
            }
        }
        println!(
            "{w}x{h}, 1000 prefixes of 1..30 squares, open, closed or to an end: {finished} finished, {impossible} proven impossible, {unsettled} not settled in 1 s; slowest {slowest:?}, most nodes {most}"
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "--anywhere") {
        // A fresh seed each run (printed), or the one given.
        let seed = args.get(at + 1).and_then(|s| s.parse().ok());
        anywhere(seed);
        return;
    }
    if let Some(at) = args.iter().position(|a| a == "--once") {
        once(args.get(at + 1).map(String::as_str));
        return;
    }
    if !args.iter().any(|a| a == "--large") {
        small();
    }
    large();
}

/// The figures of boards of at most 64 squares.
fn small() {
    eight_by_eight("", |_| Ending::Open);
    eight_by_eight(", closed", |_| Ending::Closed);
    eight_by_eight(", to a seeded end", |ends| {
        Ending::End(Square::new(
            u32::try_from(ends.index(8)).expect("a file"),
            u32::try_from(ends.index(8)).expect("a rank"),
        ))
    });
    other_shapes();
}

/// Where on the board a prefix starts.
#[derive(Clone, Copy, Debug)]
enum Place {
    Corner,
    Edge,
    Middle,
}

/// A square near a corner, near the middle of an edge, or near the
/// centre of the `w` × `h` board.
fn start_at(board: Board, place: Place, mix: &mut Mix) -> Square {
    let side = |n: u64| usize::try_from(n).expect("a side");
    let (w, h) = (side(board.width()), side(board.height()));
    let near = |n: usize, mix: &mut Mix| {
        let d = mix.index(4);
        if mix.index(2) == 0 {
            d
        } else {
            n - 1 - d
        }
    };
    let middle = |n: usize, mix: &mut Mix| n / 2 - 3 + mix.index(6);
    let (f, r) = match place {
        Place::Corner => (near(w, mix), near(h, mix)),
        Place::Edge if mix.index(2) == 0 => (near(w, mix), middle(h, mix)),
        Place::Edge => (middle(w, mix), near(h, mix)),
        Place::Middle => (middle(w, mix), middle(h, mix)),
    };
    let file = |n: usize| u32::try_from(n).expect("a file");
    Square::new(file(f), file(r))
}

/// A square of `board` at random.
fn random_square(board: Board, mix: &mut Mix) -> Square {
    let mut coordinate = |n: u64| {
        let n = usize::try_from(n).expect("a side");
        u32::try_from(mix.index(n)).expect("a coordinate")
    };
    let file = coordinate(board.width());
    Square::new(file, coordinate(board.height()))
}

/// Held-out prefixes anywhere on boards from 12×12 to 1000×1000: random
/// legal walks of 2 to 100 squares from near a corner, an edge's middle
/// or the centre, each finished open, closed and to a random end within
/// 1 s; how many were finished, proven impossible and neither; and the
/// one-square questions, each against the tour door's answer. With the
/// seed given, or a fresh one (printed).
fn anywhere(seed: Option<u64>) {
    let seed = seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        now.map_or(1, |d| d.as_secs() ^ u64::from(d.subsec_nanos()))
    });
    println!("seed {seed}");
    let mut mix = Mix(seed);
    let limit = Duration::from_secs(1);
    let cache = Cache::default();
    let mut totals = (0, 0, 0);
    for (w, h) in [
        (12, 12),
        (16, 16),
        (30, 30),
        (57, 41),
        (100, 100),
        (1000, 1000),
    ] {
        let board = Board::new(w, h).expect("a board");
        let (mut finished, mut impossible, mut unsettled) = (0, 0, 0);
        let mut times = Vec::new();
        for place in [Place::Corner, Place::Edge, Place::Middle] {
            for len in [2, 3, 5, 10, 20, 40, 70, 100] {
                let from = start_at(board, place, &mut mix);
                let played = walk(board, from, len, |next| mix.index(next.len()));
                let end = random_square(board, &mut mix);
                for ending in [Ending::Open, Ending::Closed, Ending::End(end)] {
                    let request = FinishRequest {
                        board,
                        played: &played,
                        ending,
                    };
                    let began = Instant::now();
                    let answer = finish_tour(request, 1_000_000, limit);
                    let took = began.elapsed();
                    times.push(took);
                    if took > limit + limit / 5 {
                        let names: Vec<String> = played.iter().map(Square::to_string).collect();
                        println!(
                            "  over the limit ({took:?}), {w}x{h} {place:?} {ending:?}: {}",
                            names.join(" ")
                        );
                    }
                    match answer {
                        Ok(_) => finished += 1,
                        Err(FinishError::NoTour(_)) => impossible += 1,
                        Err(other) => {
                            unsettled += 1;
                            let names: Vec<String> = played.iter().map(Square::to_string).collect();
                            println!(
                                "  not settled ({other:?}), {w}x{h} {place:?} {ending:?}: {}",
                                names.join(" ")
                            );
                        }
                    }
                }
            }
        }
        times.sort_unstable();
        println!(
            "{w}x{h}, {} prefixes of 2..100 squares (corner, edge, middle; open, closed, to an end): {finished} finished, {impossible} proven impossible, {unsettled} not settled in 1 s; median {:?}, max {:?}",
            times.len(),
            times[times.len() / 2],
            times[times.len() - 1]
        );
        totals = (
            totals.0 + finished,
            totals.1 + impossible,
            totals.2 + unsettled,
        );
        // One square: the finish answers wherever the tour door does.
        let (mut agree, mut all, mut door_ok) = (0, 0, 0);
        for _ in 0..20 {
            let place = [Place::Corner, Place::Edge, Place::Middle][mix.index(3)];
            let start = start_at(board, place, &mut mix);
            let end = random_square(board, &mut mix);
            for (ending, method) in [
                (Ending::Open, tour::Method::Construction { closed: false }),
                (Ending::Closed, tour::Method::Construction { closed: true }),
                (Ending::End(end), tour::Method::Ends { end }),
            ] {
                let door = tour(
                    TourRequest {
                        board,
                        start,
                        method,
                    },
                    1_000_000,
                    &cache,
                )
                .is_ok();
                let request = FinishRequest {
                    board,
                    played: &[start],
                    ending,
                };
                let finish = finish_tour(request, 1_000_000, limit);
                all += 1;
                door_ok += usize::from(door);
                if door == finish.is_ok() {
                    agree += 1;
                } else {
                    println!("  one square {start} {ending:?}: door {door}, finish {finish:?}");
                }
            }
        }
        println!("  one square: {agree} of {all} as the tour door ({door_ok} tours)");
    }
    let all = totals.0 + totals.1 + totals.2;
    println!(
        "all boards: {} finished, {} proven impossible, {} not settled, of {all} ({:.1}% settled)",
        totals.0,
        totals.1,
        totals.2,
        100.0 * f64::from(totals.0 + totals.1) / f64::from(all)
    );
}

/// One finish of a 100-move Warnsdorff walk (ties drawn from seed 7) from
/// the centre of 1000×1000, to `alj997`, open or closed; or with `tour`
/// the tour `/tour` gives from the centre: one call, to be counted.
fn once(what: Option<&str>) {
    let big = Board::new(1000, 1000).expect("a board");
    let centre = Square::new(500, 500);
    if what == Some("tour") {
        let request = TourRequest {
            board: big,
            start: centre,
            method: tour::Method::Construction { closed: false },
        };
        let done = tour(request, 1_000_000, &Cache::default());
        println!(
            "/tour from {centre}: {}",
            if done.is_ok() { "a tour" } else { "none" }
        );
        return;
    }
    let mut tie = Mix(7);
    let played = walk(big, centre, 101, |next| {
        let fewest = next.iter().map(|n| n.0).min().unwrap_or(0);
        let best: Vec<usize> = (0..next.len()).filter(|&i| next[i].0 == fewest).collect();
        best[tie.index(best.len())]
    });
    let ending = match what {
        Some("open") => Ending::Open,
        Some("closed") => Ending::Closed,
        _ => Ending::End(Square::new(997, 996)),
    };
    let request = FinishRequest {
        board: big,
        played: &played,
        ending,
    };
    let done = finish_tour(request, 1_000_000, Duration::from_secs(60));
    println!(
        "finish of 100 moves from {centre}, {ending:?}: {}",
        if done.is_ok() {
            "finished"
        } else {
            "not finished"
        }
    );
}

/// The 1000×1000 figures: 100-move prefixes (101 squares) from the corner
/// and from the centre, by Warnsdorff's walk (ties at random) and by random
/// walks (the first of the seeded ones a finish exists for: a random walk
/// often shuts a square in), finished open, closed and to an end near the
/// far corner; each the best of 5 runs, against the tour `/tour` gives from
/// the same first square with a fresh cache (the finish's own cache is
/// fresh each call too).
fn large() {
    let big = Board::new(1000, 1000).expect("a board");
    let best_of = |runs: usize, f: &mut dyn FnMut() -> bool| {
        let mut best = Duration::MAX;
        for _ in 0..runs {
            let began = Instant::now();
            if !f() {
                return None;
            }
            best = best.min(began.elapsed());
        }
        Some(best)
    };
    let mut tie = Mix(7);
    let warnsdorff = |from: Square, tie: &mut Mix| {
        walk(big, from, 101, |next| {
            let fewest = next.iter().map(|n| n.0).min().unwrap_or(0);
            let best: Vec<usize> = (0..next.len()).filter(|&i| next[i].0 == fewest).collect();
            best[tie.index(best.len())]
        })
    };
    let far = Square::new(997, 996);
    for (place, from) in [
        ("a1", Square::new(0, 0)),
        ("the centre", Square::new(500, 500)),
    ] {
        let whole = best_of(5, &mut || {
            let request = TourRequest {
                board: big,
                start: from,
                method: tour::Method::Construction { closed: false },
            };
            tour(request, 1_000_000, &Cache::default()).is_ok()
        })
        .unwrap_or_default();
        println!("1000x1000, the tour /tour gives from {from}, fresh cache: {whole:?} (best of 5)");
        for kind in ["Warnsdorff's walk", "a random walk"] {
            for (ending, said) in [
                (Ending::Open, "open".to_owned()),
                (Ending::Closed, "closed".to_owned()),
                (Ending::End(far), format!("to {far}")),
            ] {
                // The first of up to 20 walks that is finished.
                let mut timed = None;
                for _ in 0..20 {
                    let played = if kind == "a random walk" {
                        walk(big, from, 101, |next| tie.index(next.len()))
                    } else {
                        warnsdorff(from, &mut tie)
                    };
                    let request = FinishRequest {
                        board: big,
                        played: &played,
                        ending,
                    };
                    timed = best_of(5, &mut || {
                        finish_tour(request, 1_000_000, Duration::from_secs(60)).is_ok()
                    });
                    if timed.is_some() {
                        break;
                    }
                }
                match timed {
                    Some(finish) => println!(
                        "  100 moves from {place} by {kind}, {said}: {finish:?} (best of 5), {:.2}x /tour",
                        finish.as_secs_f64() / whole.as_secs_f64()
                    ),
                    None => println!("  100 moves from {place} by {kind}, {said}: none of 20 walks finished"),
                }
            }
        }
    }
}
