//! Where tours exist: the construction's answer (a tour, or 422's proof
//! that there is none) for every start of every small board, against the
//! theorems (Schwenk; Conrad et al.), plain exhaustive search and a pruned
//! exhaustive search written here; narrow boards 3 and 4 wide to 40, and
//! long ones; random boards to 60 a side.
//!
//! The long sweeps are `#[ignore]`d; run them in release:
//! `cargo test --release -p knight --test solver tour_existence:: -- --include-ignored`.

use std::sync::OnceLock;

use knight::{tour, Board, Cache, Square, TourError, TourRequest};
use knight_reference::tours::{assert_tour, moves_from, tour_exists as brute_force_exists};

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Cache::default)
}

/// The solver's tour, checked; None when it says there is none.
fn solve(w: u64, h: u64, f: u64, r: u64, closed: bool) -> Option<Vec<(u64, u64)>> {
    let request = TourRequest {
        board: Board::new(w, h).unwrap(),
        start: Square::new(f.try_into().unwrap(), r.try_into().unwrap()),
        method: tour::Method::Construction { closed },
    };
    match tour(request, 1_000_000, cache()) {
        Ok(answer) => {
            assert_eq!(answer.tour.closed, closed);
            let path: Vec<(u64, u64)> = answer
                .tour
                .squares
                .into_vec()
                .iter()
                .map(|s| (u64::from(s.file()), u64::from(s.rank())))
                .collect();
            assert_tour(w, h, (f, r), closed, &path);
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

/// Whether an open tour of the `rows` × `n` board (columns 0..n along the
/// long side) starts at (`col`, `row`): the pattern the column programme
/// found, checked below against plain exhaustive search on small boards.
/// 3 wide: 3x4 from its end columns only; none on 3x3, 3x5, 3x6; from n = 7
/// on, every start the colour rule allows (odd n: the majority colour), but
/// for the centre of 3x7 and the two middle-line squares c2 and f2 of 3x8.
/// 4 wide (n >= 5): every square of the two edge lines, none of the middle.
fn narrow_open_expected(rows: u64, n: u64, col: u64, row: u64) -> bool {
    match (rows, n) {
        (3, 4) => col == 0 || col == 3,
        (3, 3) | (3, 5) | (3, 6) | (4, 4) => false,
        (3, 7) => (col + row) % 2 == 0 && (col, row) != (3, 1),
        (3, 8) => !(row == 1 && (col == 2 || col == 5)),
        (3, _) => n % 2 == 0 || (col + row) % 2 == 0,
        (4, _) => row == 0 || row == 3,
        _ => unreachable!(),
    }
}

/// Every start, open and closed, on 3xn and 4xn for n = 4 to 40, in both
/// orientations: a verified tour exactly where the pattern says, else 422
/// `no_tour` (never `NotFound`, which `solve` turns into a failure).
#[test]
fn narrow_boards_every_start_to_40() {
    for rows in [3u64, 4] {
        for n in 4..=40u64 {
            let has_closed = rows == 3 && n % 2 == 0 && n >= 10;
            for row in 0..rows {
                for col in 0..n {
                    let open = narrow_open_expected(rows, n, col, row);
                    assert_eq!(
                        solve(n, rows, col, row, false).is_some(),
                        open,
                        "{n}x{rows} ({col},{row})"
                    );
                    assert_eq!(
                        solve(rows, n, row, col, false).is_some(),
                        open,
                        "{rows}x{n} ({row},{col})"
                    );
                    assert_eq!(
                        solve(n, rows, col, row, true).is_some(),
                        has_closed,
                        "{n}x{rows} closed"
                    );
                    assert_eq!(
                        solve(rows, n, row, col, true).is_some(),
                        has_closed,
                        "{rows}x{n} closed"
                    );
                }
            }
        }
    }
}

/// Exhaustive search with the usual dead-end cuts (a free square with no
/// free neighbour, or two that could only be the last square), sharing no
/// code with the solver: whether an open tour starts at `start`.
fn pruned_search_exists(w: usize, h: usize, start: usize) -> bool {
    let n = w * h;
    let (wu, hu) = (w as u64, h as u64);
    let neighbours: Vec<Vec<usize>> = (0..n)
        .map(|i| {
            moves_from(wu, hu, ((i % w) as u64, (i / w) as u64))
                .map(|(x, y)| (y * wu + x) as usize)
                .collect()
        })
        .collect();
    fn go(
        at: usize,
        left: usize,
        seen: &mut Vec<bool>,
        free: &mut Vec<u8>,
        nb: &[Vec<usize>],
    ) -> bool {
        if left == 0 {
            return true;
        }
        for &x in &nb[at] {
            free[x] -= 1;
        }
        // Squares that can no longer be passed through: at most one may
        // remain (as the last square), and it must be reachable.
        let mut dead_ends = 0;
        let mut stuck = false;
        for i in 0..seen.len() {
            if !seen[i] {
                let reach = nb[i].contains(&at);
                let onward = free[i];
                if onward == 0 && !(reach && left == 1) {
                    stuck = true;
                }
                if onward <= 1 && !reach || onward == 0 {
                    dead_ends += 1;
                }
            }
        }
        let mut found = false;
        if !stuck && dead_ends <= 1 {
            for &x in &nb[at] {
                if !seen[x] {
                    seen[x] = true;
                    if go(x, left - 1, seen, free, nb) {
                        found = true;
                    }
                    seen[x] = false;
                    if found {
                        break;
                    }
                }
            }
        }
        for &x in &nb[at] {
            free[x] += 1;
        }
        found
    }
    let mut seen = vec![false; n];
    let mut free: Vec<u8> = neighbours.iter().map(|v| v.len() as u8).collect();
    seen[start] = true;
    go(start, n - 1, &mut seen, &mut free, &neighbours)
}

/// The pattern (and so the solver, by the test above) agrees with pruned
/// exhaustive search on 3xn for n = 3 to 9 and 4xn for n = 4 to 6.
#[test]
fn narrow_pattern_agrees_with_exhaustive_search() {
    for (rows, last) in [(3u64, 9u64), (4, 6)] {
        check_narrow_pattern(rows, last);
    }
}

/// The same up to 3x12 and 4x9 (minutes; run with `cargo test --release
/// -p knight --test solver tour_existence:: -- --ignored`).
#[test]
#[ignore]
fn narrow_pattern_agrees_with_exhaustive_search_to_3x12_and_4x9() {
    for (rows, last) in [(3u64, 12u64), (4, 9)] {
        check_narrow_pattern(rows, last);
    }
}

fn check_narrow_pattern(rows: u64, last: u64) {
    for n in rows..=last {
        for row in 0..rows {
            for col in 0..n {
                let start = (row * n + col) as usize;
                let exists = pruned_search_exists(n as usize, rows as usize, start);
                assert_eq!(
                    narrow_open_expected(rows, n, col, row),
                    exists,
                    "{n}x{rows} from ({col},{row})"
                );
                assert_eq!(solve(n, rows, col, row, false).is_some(), exists);
            }
        }
    }
}

/// Long narrow boards in the normal suite: a few starts on 3x10,001,
/// 3x10,000 and 4x5,001, both orientations, open and (3 wide, even) closed.
#[test]
fn long_narrow_boards() {
    let mut seed = 0x51_7CC1_B727_220A;
    for (rows, n) in [(3u64, 10_001u64), (3, 10_000), (4, 5_001)] {
        for _ in 0..3 {
            let col = xorshift(&mut seed) % n;
            let row = xorshift(&mut seed) % rows;
            let open = narrow_open_expected(rows, n, col, row);
            assert_eq!(solve(n, rows, col, row, false).is_some(), open);
            assert_eq!(solve(rows, n, row, col, false).is_some(), open);
            let closed = rows == 3 && n % 2 == 0;
            assert_eq!(solve(n, rows, col, row, true).is_some(), closed);
        }
        // Both ends of both edge lines, and the middle.
        for (col, row) in [(0, 0), (n - 1, rows - 1), (n / 2, 0), (n / 2, rows - 1)] {
            assert_eq!(
                solve(n, rows, col, row, false).is_some(),
                narrow_open_expected(rows, n, col, row)
            );
        }
    }
}

/// Random starts on the largest narrow boards, 3x333,333 and 4x250,000,
/// both orientations. Run with `cargo test --release -p knight --test solver tour_existence:: -- --ignored`.
#[test]
#[ignore]
fn random_starts_on_3x333333_and_4x250000() {
    let mut seed = 0xD1B5_4A32_D192_ED03;
    for (rows, n) in [(3u64, 333_333u64), (4, 250_000), (3, 333_332)] {
        for _ in 0..6 {
            let col = xorshift(&mut seed) % n;
            let mut row = xorshift(&mut seed) % rows;
            if rows == 4 {
                row = if row < 2 { 0 } else { 3 };
            } else if n % 2 == 1 && (col + row) % 2 == 1 {
                // The other colour: one line up or down.
                row = if row == 1 { 0 } else { 1 };
            }
            assert!(solve(n, rows, col, row, false).is_some(), "{n}x{rows}");
            assert!(solve(rows, n, row, col, false).is_some(), "{rows}x{n}");
        }
        assert_eq!(
            solve(n, rows, 0, 0, true).is_some(),
            rows == 3 && n % 2 == 0
        );
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
/// `cargo test --release -p knight --test solver tour_existence:: -- --ignored`.
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
/// build; run with `cargo test --release -p knight --test solver tour_existence:: -- --ignored`.
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
