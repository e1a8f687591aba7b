//! A golden dump of the tours knightd answers: for a sweep of boards,
//! starts and methods, one line per answer with a hash of its squares (or
//! its error). A refactor of the tour code that keeps every answer the same
//! keeps this file byte for byte the same:
//!
//! ```text
//! cargo run --release --example golden_tours before.txt   # on the old code
//! cargo run --release --example golden_tours after.txt    # on the new
//! cmp before.txt after.txt
//! ```
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::time::Instant;

use std::sync::OnceLock;

use knight::tour::IndexedTour;
use knight::{tour, Board, Cache, Square, TourError, TourRequest};

// The adapters below are the only lines that name the library's tour API:
// everything is hashed in plain numbers, so a change of types keeps the
// dump the same when the answers are the same.

type Squares = Vec<(u64, u64)>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Cache::default)
}

fn plain(path: &[Square]) -> Squares {
    path.iter()
        .map(|s| (u64::from(s.file()), u64::from(s.rank())))
        .collect()
}

fn asked(
    board: Board,
    start: Square,
    method: tour::Method,
) -> Result<(Squares, Option<u64>), TourError> {
    let request = TourRequest {
        board,
        start,
        method,
    };
    let answer = tour(request, LIMIT, cache())?;
    Ok((plain(&answer.tour.squares.into_vec()), answer.backtracks))
}

fn auto(board: Board, s: Square, closed: bool) -> Result<Squares, TourError> {
    asked(board, s, tour::Method::Construction { closed }).map(|(t, _)| t)
}

fn warnsdorff(
    board: Board,
    s: Square,
    closed: bool,
    seed: Option<u64>,
) -> Result<(Squares, u64), TourError> {
    let method = tour::Method::Warnsdorff {
        closed,
        seed,
        max_backtracks: knight::tour::DEFAULT_BACKTRACKS,
    };
    asked(board, s, method).map(|(t, b)| (t, b.unwrap_or(0)))
}

fn with_ends(board: Board, s: Square, e: Square) -> Result<Squares, TourError> {
    asked(board, s, tour::Method::Ends { end: e }).map(|(t, _)| t)
}

fn stepper(
    w: u64,
    hh: u64,
    s: (u64, u64),
    closed: bool,
    listed: u64,
) -> Result<IndexedTour, TourError> {
    let start = Square::new(s.0 as u32, s.1 as u32);
    IndexedTour::new(Board::new(w, hh).unwrap(), start, closed, listed, cache())
}

fn at(ix: &IndexedTour, k: u64) -> Option<(u64, u64)> {
    ix.square_at(k)
        .map(|s| (u64::from(s.file()), u64::from(s.rank())))
}

fn of(ix: &IndexedTour, q: (u64, u64)) -> Option<u64> {
    ix.step_of(Square::new(q.0 as u32, q.1 as u32))
}

const LIMIT: u64 = 1_000_000;

fn h<T: std::fmt::Debug>(x: &T) -> u64 {
    let mut s = DefaultHasher::new();
    format!("{x:?}").hash(&mut s);
    s.finish()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("time") {
        time_narrow_constructions();
        return;
    }
    let out =
        std::fs::File::create(args.get(1).cloned().unwrap_or("golden-tours.txt".into())).unwrap();
    let mut out = std::io::BufWriter::new(out);
    for (w, hh) in boards() {
        dump_board(&mut out, w, hh);
    }
    dump_huge_steps(&mut out);
    dump_narrow(&mut out);
    out.flush().unwrap();
}

/// `golden_tours time`: the narrow constructions' times, first and median
/// of 7.
fn time_narrow_constructions() {
    for (w, hh, s) in [
        (4u64, 250_000u64, Square::new(0, 125_000)),
        (250_000, 4, Square::new(125_000, 0)),
        (3, 333_333, Square::new(0, 0)),
        (333_333, 3, Square::new(166_666, 0)),
    ] {
        let board = Board::new(w, hh).unwrap();
        let mut times = vec![];
        for _ in 0..7 {
            let t = Instant::now();
            let request = TourRequest {
                board,
                start: s,
                method: tour::Method::Construction { closed: false },
            };
            let r = tour(request, LIMIT, cache()).map(|a| a.tour.squares.len());
            times.push(t.elapsed());
            assert!(r.is_ok());
        }
        let first = times[0];
        times.sort();
        println!(
            "{w}x{hh} open from {s:?}: first {first:?}, median of 7 {:?}, min {:?}",
            times[3], times[0]
        );
    }
}

/// The boards swept whole: every board up to 8×8, narrow boards to 30
/// long, boards 5 wide to 12, and a few large ones.
fn boards() -> Vec<(u64, u64)> {
    let mut boards = vec![];
    for w in 1..=8u64 {
        for hh in 1..=8u64 {
            boards.push((w, hh));
        }
    }
    for n in 9..=30 {
        boards.push((3, n));
        boards.push((n, 4));
        if n % 3 == 0 {
            boards.push((n, 3));
            boards.push((4, n));
        }
    }
    for n in 9..=12 {
        boards.push((5, n));
        boards.push((n, 5));
    }
    boards.extend([(30, 30), (101, 100), (1000, 7), (7, 1000), (6, 9), (9, 10)]);
    boards
}

/// Every method from a few starts of the `w` × `hh` board (on large boards
/// Warnsdorff and `end` from the first start only), and the step reader
/// over the whole tour.
fn dump_board(out: &mut impl Write, w: u64, hh: u64) {
    let board = Board::new(w, hh).unwrap();
    let (wf, hf) = (w as u32, hh as u32);
    let mut starts = vec![
        Square::new(0, 0),
        Square::new(wf / 2, hf / 2),
        Square::new(wf - 1, hf - 1),
        Square::new(1.min(wf - 1), 0),
        Square::new(wf / 3, hf.saturating_sub(2)),
    ];
    starts.dedup();
    let ends = [
        Square::new(wf - 1, hf - 1),
        Square::new(wf - 1, 0),
        Square::new(0, 1.min(hf - 1)),
        Square::new(wf / 2, hf / 3),
    ];
    let big = w * hh > 200;
    for &s in &starts {
        for closed in [false, true] {
            let t = Instant::now();
            let r = auto(board, s, closed);
            writeln!(out, "{w}x{hh} {s:?} closed={closed} auto {:x}", h(&r)).unwrap();
            if !big || s == starts[0] {
                for seed in [None, Some(1), Some(2)] {
                    let r = warnsdorff(board, s, closed, seed);
                    writeln!(
                        out,
                        "{w}x{hh} {s:?} closed={closed} warnsdorff {seed:?} {:x}",
                        h(&r)
                    )
                    .unwrap();
                }
            }
            // step reader over the whole tour
            let ix = stepper(
                w,
                hh,
                (u64::from(s.file()), u64::from(s.rank())),
                closed,
                LIMIT,
            );
            let steps: Result<Vec<_>, _> = ix.map(|ix| {
                let n = ix.squares();
                let stride = (n / 5000).max(1);
                (0..n)
                    .step_by(stride as usize)
                    .map(|k| {
                        let sq = at(&ix, k);
                        (sq, sq.and_then(|q| of(&ix, q)))
                    })
                    .collect()
            });
            writeln!(out, "{w}x{hh} {s:?} closed={closed} step {:x}", h(&steps)).unwrap();
            if t.elapsed().as_secs() > 5 {
                eprintln!("slow {w}x{hh} {s:?} {closed} {:?}", t.elapsed());
            }
        }
        if !big || s == starts[0] {
            for &e in &ends {
                let r = with_ends(board, s, e);
                writeln!(out, "{w}x{hh} {s:?} end={e:?} {:x}", h(&r)).unwrap();
            }
        }
    }
}

/// Steps read at random on boards up to 10⁹ a side.
fn dump_huge_steps(out: &mut impl Write) {
    for (w, hh) in [
        (1_000_000_000u64, 1_000_000_000u64),
        (1_000_000_000, 5),
        (7, 999_999_999),
        (999_999_999, 1_000_000_000),
        (123_457, 98_765),
    ] {
        for (s, closed) in [
            ((0u64, 0u64), false),
            ((w / 2, hh / 2), false),
            ((0, 0), true),
            ((w - 1, hh - 1), false),
        ] {
            let ix = stepper(w, hh, s, closed, LIMIT);
            let r: Result<Vec<_>, _> = ix.map(|ix| {
                let n = ix.squares();
                let mut x = 12345u64;
                let mut v = vec![];
                for k in [0, 1, 2, 3, n / 2, n - 2, n - 1, n] {
                    let sq = at(&ix, k);
                    v.push((k, sq, sq.and_then(|q| of(&ix, q))));
                }
                for _ in 0..2000 {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let k = x % n;
                    let sq = at(&ix, k);
                    v.push((k, sq, sq.and_then(|q| of(&ix, q))));
                }
                v
            });
            writeln!(out, "step {w}x{hh} {s:?} closed={closed} {:x}", h(&r)).unwrap();
        }
    }
}

/// The listed tour against the step reader on narrow boards.
fn dump_narrow(out: &mut impl Write) {
    for (w, hh) in [(4u64, 250_000u64), (3, 333_333), (250_000, 4)] {
        let board = Board::new(w, hh).unwrap();
        let s = Square::new(0, 0);
        let r = auto(board, s, false);
        writeln!(out, "{w}x{hh} {s:?} auto {:x}", h(&r)).unwrap();
        let ix = stepper(w, hh, (0, 0), false, LIMIT).map(|ix| {
            (0..ix.squares())
                .step_by(997)
                .map(|k| at(&ix, k))
                .collect::<Vec<_>>()
        });
        writeln!(out, "{w}x{hh} {s:?} step {:x}", h(&ix)).unwrap();
    }
}
