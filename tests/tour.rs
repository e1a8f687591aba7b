//! Knight's tours: the solver over every small board and start, checked by an
//! independent checker written here, and `/tour` spoken to over HTTP.

mod common;

use std::collections::HashSet;

use knightd::solver::tour::{knights_tour, TourError};
use knightd::solver::{Board, Square};
use serde_json::Value;

/// An independent check, sharing no code with the solver: `path` (as (file,
/// rank) pairs) is a tour of a `w` × `h` board from `start`.
fn assert_tour(w: u64, h: u64, start: (u64, u64), closed: bool, path: &[(u64, u64)]) {
    assert_eq!(path.len() as u64, w * h, "{w}x{h}: not every square");
    assert_eq!(path[0], start, "{w}x{h}: wrong start");
    let mut seen = HashSet::new();
    for &(f, r) in path {
        assert!(f < w && r < h, "{w}x{h}: ({f},{r}) off the board");
        assert!(seen.insert((f, r)), "{w}x{h}: ({f},{r}) twice");
    }
    let knight = |a: (u64, u64), b: (u64, u64)| {
        let (df, dr) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
        df * df + dr * dr == 5
    };
    for pair in path.windows(2) {
        assert!(
            knight(pair[0], pair[1]),
            "{w}x{h}: {pair:?} is not a knight move"
        );
    }
    if closed {
        assert!(
            knight(path[path.len() - 1], path[0]),
            "{w}x{h}: does not close"
        );
    }
}

/// The solver's tour, checked; None when it says there is none.
fn solve(w: u64, h: u64, f: u64, r: u64, closed: bool) -> Option<Vec<(u64, u64)>> {
    let board = Board::new(w, h).unwrap();
    let start = Square::new(f as u32, r as u32);
    match knights_tour(board, start, closed, 1_000_000) {
        Ok(tour) => {
            let path: Vec<(u64, u64)> = tour.path.iter().map(|s| (s.file(), s.rank())).collect();
            assert_tour(w, h, (f, r), closed, &path);
            assert_eq!(tour.closed, closed);
            Some(path)
        }
        Err(TourError::NoTour(_)) => None,
        Err(e) => panic!("{w}x{h} from ({f},{r}) closed={closed}: {e:?}"),
    }
}

#[test]
fn every_start_on_8x8_open_and_closed() {
    for closed in [false, true] {
        for r in 0..8 {
            for f in 0..8 {
                assert!(solve(8, 8, f, r, closed).is_some(), "({f},{r}) {closed}");
            }
        }
    }
}

/// Every start of every board with both sides 5 to 12: a tour exactly where
/// the theorems say one exists (closed: not both sides odd, Schwenk; open:
/// everywhere, but only from the majority colour on odd boards).
#[test]
fn every_start_on_every_board_from_5x5_to_12x12() {
    for w in 5..=12u64 {
        for h in 5..=12u64 {
            let odd = w % 2 == 1 && h % 2 == 1;
            for r in 0..h {
                for f in 0..w {
                    let majority = (f + r) % 2 == 0;
                    let open = solve(w, h, f, r, false).is_some();
                    assert_eq!(open, !odd || majority, "{w}x{h} open from ({f},{r})");
                    let closed = solve(w, h, f, r, true).is_some();
                    assert_eq!(closed, !odd, "{w}x{h} closed from ({f},{r})");
                }
            }
        }
    }
}

#[test]
fn same_request_same_tour() {
    for (w, h, closed) in [(8, 8, false), (8, 8, true), (9, 9, false), (40, 30, true)] {
        assert_eq!(solve(w, h, 2, 2, closed), solve(w, h, 2, 2, closed));
    }
}

/// Plain exhaustive search, no heuristics: whether an open (or closed) tour
/// starts at `start` on a small board. The reference for the solver's
/// proofs of non-existence.
fn brute_force_exists(w: u64, h: u64, start: (u64, u64), closed: bool) -> bool {
    fn go(
        w: u64,
        h: u64,
        at: (u64, u64),
        seen: &mut Vec<bool>,
        left: u64,
        start: (u64, u64),
        closed: bool,
    ) -> bool {
        if left == 0 {
            let (df, dr) = (at.0.abs_diff(start.0), at.1.abs_diff(start.1));
            return !closed || df * df + dr * dr == 5;
        }
        for (df, dr) in [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ] {
            let (f, r) = (at.0 as i64 + df, at.1 as i64 + dr);
            if f < 0 || r < 0 || f >= w as i64 || r >= h as i64 {
                continue;
            }
            let i = (r as u64 * w + f as u64) as usize;
            if !seen[i] {
                seen[i] = true;
                if go(w, h, (f as u64, r as u64), seen, left - 1, start, closed) {
                    return true;
                }
                seen[i] = false;
            }
        }
        false
    }
    let mut seen = vec![false; (w * h) as usize];
    seen[(start.1 * w + start.0) as usize] = true;
    go(w, h, start, &mut seen, w * h - 1, start, closed)
}

/// Boards with a side of 1 to 4, up to 24 squares: the solver's answer agrees
/// with plain exhaustive search for every start.
#[test]
fn narrow_boards_agree_with_exhaustive_search() {
    for w in 1..=8u64 {
        for h in 1..=4u64 {
            if w * h > 24 {
                continue;
            }
            for r in 0..h {
                for f in 0..w {
                    for closed in [false, true] {
                        let expected =
                            (w * h > 1 || !closed) && brute_force_exists(w, h, (f, r), closed);
                        let got = solve(w, h, f, r, closed).is_some();
                        assert_eq!(got, expected, "{w}x{h} from ({f},{r}) closed={closed}");
                        let got = solve(h, w, r, f, closed).is_some();
                        assert_eq!(got, expected, "{h}x{w} from ({r},{f}) closed={closed}");
                    }
                }
            }
        }
    }
}

/// Boards whose shorter side is 5 and longer side 13 to 20: every start.
#[test]
fn long_boards_five_wide() {
    for n in 13..=20u64 {
        for (w, h) in [(5, n), (n, 5)] {
            for r in 0..h {
                for f in 0..w {
                    let odd = w % 2 == 1 && h % 2 == 1;
                    let majority = (f + r) % 2 == 0;
                    assert_eq!(solve(w, h, f, r, false).is_some(), !odd || majority);
                }
            }
            assert_eq!(solve(w, h, 0, 0, true).is_some(), n % 2 == 0);
        }
    }
}

fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// Seeded random starts on boards from 13 to 60 a side, open and closed.
#[test]
fn random_boards_and_starts() {
    let mut seed = 0x2545_F491_4F6C_DD1D;
    for _ in 0..60 {
        let w = 13 + xorshift(&mut seed) % 48;
        let h = 13 + xorshift(&mut seed) % 48;
        let f = xorshift(&mut seed) % w;
        let r = xorshift(&mut seed) % h;
        let odd = w % 2 == 1 && h % 2 == 1;
        assert_eq!(
            solve(w, h, f, r, false).is_some(),
            !odd || (f + r) % 2 == 0,
            "{w}x{h}"
        );
        assert_eq!(solve(w, h, f, r, true).is_some(), !odd, "{w}x{h}");
    }
}

/// Every start on every board with both sides 5 to 40, open and closed
/// (about 1.6 million tours; minutes in release). Run with
/// `cargo test --release --test tour -- --ignored`.
#[test]
#[ignore]
fn every_start_on_every_board_to_40x40() {
    for w in 5..=40u64 {
        for h in 5..=40u64 {
            let odd = w % 2 == 1 && h % 2 == 1;
            for r in 0..h {
                for f in 0..w {
                    let majority = (f + r) % 2 == 0;
                    assert_eq!(solve(w, h, f, r, false).is_some(), !odd || majority);
                    assert_eq!(solve(w, h, f, r, true).is_some(), !odd);
                }
            }
        }
    }
}

/// 1000×1000, open and closed, from seeded random starts. Slow in a debug
/// build; run with `cargo test --release --test tour -- --ignored`.
#[test]
#[ignore]
fn random_starts_on_1000x1000() {
    let mut seed = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..4 {
        let f = xorshift(&mut seed) % 1000;
        let r = xorshift(&mut seed) % 1000;
        assert!(solve(1000, 1000, f, r, false).is_some());
        assert!(solve(1000, 1000, f, r, true).is_some());
    }
    for (w, h) in [(999, 999), (999, 1000), (5, 199_999), (200_000, 5)] {
        assert!(solve(w, h, 0, 0, false).is_some(), "{w}x{h}");
    }
}

// ---- over HTTP ----

fn names(v: &Value) -> Vec<String> {
    v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_owned())
        .collect()
}

fn from_name(name: &str) -> (u64, u64) {
    let letters: String = name
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    let file = letters
        .bytes()
        .fold(0u64, |n, b| n * 26 + u64::from(b - b'a' + 1))
        - 1;
    let rank: u64 = name[letters.len()..].parse().unwrap();
    (file, rank - 1)
}

#[tokio::test]
async fn tour_example() {
    let s = common::start().await;
    let v = s
        .get_json("/tour?start=a1&width=8&height=8&closed=false")
        .await;
    assert_eq!(v["start"], "a1");
    assert_eq!(v["width"], 8);
    assert_eq!(v["height"], 8);
    assert_eq!(v["closed"], false);
    let path: Vec<(u64, u64)> = names(&v).iter().map(|n| from_name(n)).collect();
    assert_tour(8, 8, (0, 0), false, &path);
    // Deterministic.
    assert_eq!(
        v,
        s.get_json("/tour?start=a1&width=8&height=8&closed=false")
            .await
    );
}

#[tokio::test]
async fn closed_tour_in_index_notation() {
    let s = common::start().await;
    let v = s.get_json("/tour?start=27&closed=true").await;
    assert_eq!(v["start"], 27);
    assert_eq!(v["closed"], true);
    let path: Vec<(u64, u64)> = v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i.as_u64().unwrap() % 8, i.as_u64().unwrap() / 8))
        .collect();
    assert_tour(8, 8, (3, 3), true, &path);
    let v = s
        .get_json("/tour?start=d4&closed=true&notation=index")
        .await;
    assert_eq!(v["start"], 27);
}

#[tokio::test]
async fn start_defaults_to_a1_and_formats_parse() {
    let s = common::start().await;
    let v = s.get_json("/tour?width=5&height=5").await;
    assert_eq!(v["start"], "a1");
    assert_eq!(v["path"].as_array().unwrap().len(), 25);
    for (format, kind) in [
        ("json", "application/json"),
        ("text", "text/plain; charset=utf-8"),
        ("svg", "image/svg+xml"),
    ] {
        let (status, got, body) = s.get(&format!("/tour?format={format}")).await;
        assert_eq!((status, got.as_str()), (200, kind), "{format}");
        if format == "text" {
            // The 8x8 board with each square numbered by its move, 0 to 63.
            let mut numbers: Vec<u64> = body
                .split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect();
            numbers.sort_unstable();
            assert_eq!(numbers, (0..64).collect::<Vec<u64>>(), "{body}");
        }
    }
    common::Server::problem(s.get("/tour?format=png").await, 400, "invalid_parameter");
}

#[tokio::test]
async fn impossible_tours_are_422() {
    let s = common::start().await;
    for query in [
        "width=1&height=9",
        "width=9&height=1&closed=true",
        "width=2&height=8",
        "width=8&height=2&start=b1",
        "width=3&height=3",
        "width=4&height=4&start=b1",
        "width=3&height=5",
        "width=5&height=5&closed=true",
        "width=9&height=7&closed=true&start=e4",
        "width=5&height=5&start=b1",
        "width=7&height=7&start=d1",
        "width=4&height=8&closed=true",
        "width=4&height=8&start=b2",
        "width=8&height=3&closed=true",
    ] {
        let v = common::Server::problem(s.get(&format!("/tour?{query}")).await, 422, "no_tour");
        assert!(v["detail"].as_str().unwrap().len() > 20, "{query}");
    }
    let v = common::Server::problem(
        s.get("/tour?width=5&height=5&start=b1").await,
        422,
        "no_tour",
    );
    assert!(v["detail"].as_str().unwrap().contains("dark"));
    let v = common::Server::problem(
        s.get("/tour?width=3&height=7&start=b4").await,
        422,
        "no_tour",
    );
    assert!(v["detail"].as_str().unwrap().contains("complete search"));
}

#[tokio::test]
async fn bad_requests() {
    let s = common::start().await;
    common::Server::problem(
        s.get("/tour?width=1001&height=1000").await,
        422,
        "board_too_large",
    );
    common::Server::problem(s.get("/tour?start=z9").await, 400, "square_off_board");
    common::Server::problem(s.get("/tour?start=q").await, 400, "invalid_square");
    common::Server::problem(s.get("/tour?width=0").await, 400, "invalid_board_size");
    common::Server::problem(s.get("/tour?closed=maybe").await, 400, "invalid_parameter");
    common::Server::problem(s.get("/tour?colour=dark").await, 400, "unknown_parameter");
}
