//! The solver's tours with random access, both ends fixed, and by
//! Warnsdorff's rule, checked square by square.
//!
//! `cargo test` runs a representative subset (seconds in debug). The
//! exhaustive sweeps are `#[ignore]`d; run them in release:
//! `cargo test --release -p knight --test tours -- --include-ignored`.

use knight::tour::construct::{Coord, IndexedTour};
use knight::tour::TourError;

fn knight((a, b): Coord, (c, d): Coord) -> bool {
    let (dx, dy) = (a.abs_diff(c), b.abs_diff(d));
    (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
}

/// Whether `path` (board indices) is a tour of the board from `start`.
fn is_tour(w: u64, h: u64, start: Coord, closed: bool, path: &[u32]) -> Result<(), String> {
    let n = (w * h) as usize;
    if path.len() != n {
        return Err(format!("{} squares, not {n}", path.len()));
    }
    let at = |i: u32| (u64::from(i) % w, u64::from(i) / w);
    if at(path[0]) != start {
        return Err(format!("starts at {:?}", at(path[0])));
    }
    let mut seen = vec![false; n];
    for (k, &i) in path.iter().enumerate() {
        if std::mem::replace(&mut seen[i as usize], true) {
            return Err(format!("step {k} revisits {:?}", at(i)));
        }
        if k > 0 && !knight(at(path[k - 1]), at(i)) {
            return Err(format!("step {k} is no knight move"));
        }
    }
    if closed && !knight(at(path[n - 1]), at(path[0])) {
        return Err("does not close".into());
    }
    Ok(())
}

fn has_tour(w: u64, h: u64, s: Coord, closed: bool) -> bool {
    let odd = w % 2 == 1 && h % 2 == 1;
    if closed {
        !odd
    } else {
        !odd || (s.0 + s.1) % 2 == 0
    }
}

/// Builds, checks, and compares square_at / step_of with the list.
fn check_board(w: u64, h: u64, s: Coord, closed: bool) -> &'static str {
    let tour = IndexedTour::new(w, h, s, closed)
        .unwrap_or_else(|e| panic!("{w}x{h} {s:?} {closed}: {e:?}"));
    let path = tour.build(1_000_000).unwrap();
    if let Err(why) = is_tour(w, h, s, closed, &path) {
        panic!(
            "{w}x{h} from {s:?} closed {closed} ({}): {why}",
            tour.construction()
        );
    }
    for (k, &i) in path.iter().enumerate() {
        let sq = (u64::from(i) % w, u64::from(i) / w);
        assert_eq!(tour.square_at(k as u64), Some(sq), "{w}x{h} {s:?} step {k}");
        assert_eq!(tour.step_of(sq), Some(k as u64), "{w}x{h} {s:?} {sq:?}");
    }
    assert_eq!(tour.square_at(w * h), None);
    tour.construction()
}

/// Every start of every board `sides` × `sides`, open and closed.
fn every_start(sides: std::ops::RangeInclusive<u64>) {
    let mut kinds = std::collections::BTreeMap::new();
    for w in sides.clone() {
        for h in sides.clone() {
            for y in 0..h {
                for x in 0..w {
                    for closed in [false, true] {
                        if has_tour(w, h, (x, y), closed) {
                            *kinds.entry(check_board(w, h, (x, y), closed)).or_insert(0) += 1;
                        } else {
                            assert!(matches!(
                                IndexedTour::new(w, h, (x, y), closed),
                                Err(TourError::NoTour(_))
                            ));
                        }
                    }
                }
            }
        }
    }
    eprintln!("constructions: {kinds:?}");
}

#[test]
fn every_board_to_9_every_start() {
    every_start(5..=9);
}

#[test]
#[ignore = "exhaustive: run in release"]
fn every_board_to_20_every_start() {
    every_start(5..=20);
}

/// A few boards up to 40 × 40, every square of a few starts: the tour
/// `/tour` lists is the one `/tour/step` reads.
#[test]
fn a_few_boards_to_40_every_square() {
    for (w, h, s, closed) in [
        (10, 13, (0, 0), true),
        (17, 12, (16, 11), false),
        (20, 20, (7, 3), false),
        (25, 31, (12, 14), false),
        (33, 40, (0, 39), true),
        (39, 39, (0, 0), false),
        (40, 40, (19, 20), true),
        (5, 40, (2, 17), false),
        (40, 7, (39, 6), true),
    ] {
        check_board(w, h, s, closed);
    }
}

/// splitmix64: a tiny deterministic generator for sampling.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[test]
#[ignore = "exhaustive: run in release"]
fn sampled_boards_to_40() {
    let mut rng = Mix(40);
    for w in 5..=40u64 {
        for h in 5..=40u64 {
            if w <= 20 && h <= 20 {
                continue;
            }
            let mut starts = vec![(0, 0), (w - 1, h - 1), (w / 2, h / 2)];
            for _ in 0..3 {
                starts.push((rng.below(w), rng.below(h)));
            }
            for s in starts {
                for closed in [false, true] {
                    if has_tour(w, h, s, closed) {
                        check_board(w, h, s, closed);
                    }
                }
            }
        }
    }
}

/// Sampled squares of 1000 × 1000 boards agree with the listed tour.
fn sampled_squares_of_1000x1000(boards: &[(u64, u64, Coord, bool)], samples: usize) {
    let mut rng = Mix(1000);
    for &(w, h, s, closed) in boards {
        let tour = IndexedTour::new(w, h, s, closed).unwrap();
        let path = tour.build(1_000_000).unwrap();
        is_tour(w, h, s, closed, &path).unwrap();
        for _ in 0..samples {
            let k = rng.below(w * h);
            let i = path[k as usize];
            let sq = (u64::from(i) % w, u64::from(i) / w);
            assert_eq!(tour.square_at(k), Some(sq));
            assert_eq!(tour.step_of(sq), Some(k));
        }
    }
}

#[test]
fn sampled_squares_of_1000x1000_agree_with_the_list() {
    sampled_squares_of_1000x1000(
        &[
            (1000, 1000, (500, 499), false),
            (999, 999, (500, 500), false),
        ],
        3000,
    );
}

#[test]
#[ignore = "exhaustive: run in release"]
fn many_squares_of_1000x1000_agree_with_the_list() {
    sampled_squares_of_1000x1000(
        &[
            (1000, 1000, (500, 499), false),
            (1000, 1000, (0, 0), true),
            (999, 999, (500, 500), false),
            (1000, 999, (3, 998), false),
        ],
        20_000,
    );
}

/// Checks a huge board's tour by sampling: runs of consecutive steps from
/// the start, the end, and random places.
fn check_huge(w: u64, h: u64, s: Coord, closed: bool, rng: &mut Mix, runs: usize) {
    let tour = IndexedTour::new(w, h, s, closed)
        .unwrap_or_else(|e| panic!("{w}x{h} {s:?} {closed}: {e:?}"));
    assert_ne!(tour.construction(), "listed");
    let n = w * h;
    assert_eq!(tour.square_at(0), Some(s));
    assert_eq!(tour.square_at(n), None);
    let mut run_from = vec![0, n - 3000];
    for _ in 0..runs {
        run_from.push(rng.below(n - 500));
    }
    for &from in &run_from {
        let len = 500.min(n - from);
        let mut seen = std::collections::HashSet::new();
        let mut last: Option<Coord> = None;
        for k in from..from + len {
            let sq = tour.square_at(k).unwrap();
            assert!(sq.0 < w && sq.1 < h);
            assert!(seen.insert(sq), "{w}x{h} step {k} revisits {sq:?}");
            if let Some(p) = last {
                assert!(knight(p, sq), "{w}x{h} {s:?}: step {k} {p:?} -> {sq:?}");
            }
            last = Some(sq);
            assert_eq!(tour.step_of(sq), Some(k), "{w}x{h} {s:?} {sq:?}");
        }
    }
    for _ in 0..runs * 30 {
        let sq = (rng.below(w), rng.below(h));
        let k = tour.step_of(sq).unwrap();
        assert_eq!(tour.square_at(k), Some(sq));
    }
    if closed {
        assert!(knight(tour.square_at(n - 1).unwrap(), s));
    }
}

const G: u64 = 1_000_000_000;

/// Boards 10⁹ a side (and other huge shapes) from several starts.
fn huge_boards(boards: &[(u64, u64)], random_starts: usize, runs: usize) {
    let mut rng = Mix(9);
    for &(w, h) in boards {
        let odd = w % 2 == 1 && h % 2 == 1;
        let mut starts = vec![(0, 0), (w - 1, h - 1), (w / 2, h / 2), (w - 1, 0)];
        for _ in 0..random_starts {
            starts.push((rng.below(w), rng.below(h)));
        }
        for s in starts {
            for closed in [false, true] {
                if odd && (closed || (s.0 + s.1) % 2 == 1) {
                    continue;
                }
                check_huge(w, h, s, closed, &mut rng, runs);
            }
        }
    }
}

#[test]
fn boards_of_10_9() {
    huge_boards(&[(G, G), (G - 1, G - 1), (5, G), (G, 6), (12, G - 1)], 2, 6);
}

#[test]
#[ignore = "exhaustive: run in release"]
fn huge_boards_many_starts() {
    huge_boards(
        &[
            (G, G),
            (G - 1, G - 1),
            (G, G - 1),
            (G - 1, G),
            (5, G),
            (G, 6),
            (7, G - 1),
            (G - 1, 5),
            (11, G),
            (12, G - 1),
            (G, 17),
            (123_457, 99_999),
        ],
        6,
        60,
    );
}

mod warnsdorff {
    use super::*;
    use knight::tour::warnsdorff::{warnsdorff_tour, DEFAULT_BACKTRACKS};

    fn check(w: u64, h: u64, s: u64, closed: bool, seed: Option<u64>) -> Vec<u32> {
        let t = warnsdorff_tour(w, h, s, closed, seed, DEFAULT_BACKTRACKS, 1_000_000)
            .unwrap_or_else(|e| panic!("{w}x{h} from {s} closed {closed}: {e:?}"));
        is_tour(w, h, (s % w, s / w), closed, &t.path).unwrap();
        t.path
    }

    /// Every start of small boards, open and closed: the rule with its
    /// budget of steps back finds every tour (a closed one, where the search
    /// from the start runs out, from another square, read from the start).
    fn from_every_start(boards: &[(u64, u64)]) {
        let (mut tried, mut missed) = (0, Vec::new());
        for &(w, h) in boards {
            for s in 0..w * h {
                for closed in [false, true] {
                    if !has_tour(w, h, (s % w, s / w), closed) {
                        continue;
                    }
                    tried += 1;
                    let budget = if closed { 100_000 } else { DEFAULT_BACKTRACKS };
                    match warnsdorff_tour(w, h, s, closed, None, budget, 1_000_000) {
                        Ok(t) => is_tour(w, h, (s % w, s / w), closed, &t.path).unwrap(),
                        Err(TourError::NotFound) if closed => missed.push((w, h, s)),
                        Err(e) => panic!("{w}x{h} from {s} closed {closed}: {e:?}"),
                    }
                }
            }
        }
        eprintln!("warnsdorff: {} of {tried} missed: {missed:?}", missed.len());
        assert!(missed.is_empty(), "{missed:?}");
    }

    #[test]
    fn tours_from_every_start_of_small_boards() {
        from_every_start(&[(5, 5), (6, 6), (5, 6), (8, 8)]);
    }

    #[test]
    #[ignore = "exhaustive: run in release"]
    fn tours_from_every_start_of_boards_to_10x10() {
        from_every_start(&[(5, 5), (6, 6), (5, 6), (7, 7), (8, 8), (6, 9), (10, 10)]);
    }

    #[test]
    fn seeds_give_their_own_tours_and_the_same_seed_the_same() {
        let a = check(20, 20, 0, false, Some(1));
        let b = check(20, 20, 0, false, Some(2));
        let c = check(20, 20, 0, false, Some(1));
        let plain = check(20, 20, 0, false, None);
        assert_ne!(a, b);
        assert_eq!(a, c);
        assert_ne!(a, plain);
        let distinct: std::collections::HashSet<Vec<u32>> = (0..20)
            .map(|seed| check(12, 12, 5, true, Some(seed)))
            .collect();
        assert!(distinct.len() > 15);
    }

    #[test]
    fn the_rule_alone_and_honest_failure() {
        // 8x8 from a1: the rule alone, no step back.
        let t = warnsdorff_tour(8, 8, 0, false, None, 0, 64).unwrap();
        assert_eq!(t.backtracks, 0);
        // No tour: refused by the theorems, not searched.
        assert!(matches!(
            warnsdorff_tour(5, 5, 1, false, None, 10, 25),
            Err(TourError::NoTour(_))
        ));
        // A budget of 0 on a board where the rule gets stuck: NotFound.
        let stuck = (0..49)
            .filter(|s| s % 2 == 0)
            .find(|&s| warnsdorff_tour(7, 7, s, false, None, 0, 49).is_err());
        if let Some(s) = stuck {
            assert_eq!(
                warnsdorff_tour(7, 7, s, false, None, 0, 49),
                Err(TourError::NotFound)
            );
        }
        let big = warnsdorff_tour(1000, 1000, 0, false, None, DEFAULT_BACKTRACKS, 1_000_000);
        if let Ok(t) = big {
            is_tour(1000, 1000, (0, 0), false, &t.path).unwrap();
        }
    }
}

mod ends {
    use super::*;
    use knight::tour::ends::tour_with_ends;

    /// Every (start, end) joined by some tour of a small board: plain
    /// depth-first search through every open tour, no heuristics.
    fn all_tour_ends(w: u64, h: u64) -> std::collections::HashSet<(u32, u32)> {
        fn go(
            w: u64,
            h: u64,
            here: u32,
            seen: u64,
            left: u32,
            from: u32,
            out: &mut std::collections::HashSet<(u32, u32)>,
        ) {
            if left == 0 {
                out.insert((from, here));
                return;
            }
            let (x, y) = (i64::from(here) % w as i64, i64::from(here) / w as i64);
            for (dx, dy) in [
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ] {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                    continue;
                }
                let n = (ny * w as i64 + nx) as u32;
                if seen >> n & 1 == 0 {
                    go(w, h, n, seen | 1 << n, left - 1, from, out);
                }
            }
        }
        let mut out = std::collections::HashSet::new();
        for s in 0..(w * h) as u32 {
            go(w, h, s, 1 << s, (w * h - 1) as u32, s, &mut out);
        }
        out
    }

    /// Checks one pair; returns whether the answer was NotFound.
    fn check_pair(w: u64, h: u64, s: Coord, t: Coord) -> Result<bool, ()> {
        match tour_with_ends(w, h, s, t, 1_000_000) {
            Ok(path) => {
                is_tour(w, h, s, false, &path).unwrap();
                let last = path[path.len() - 1];
                assert_eq!((u64::from(last) % w, u64::from(last) / w), t);
                Ok(false)
            }
            Err(TourError::NotFound) => Ok(true),
            Err(TourError::NoTour(_)) => Err(()),
            Err(e) => panic!("{e:?}"),
        }
    }

    #[test]
    fn every_pair_of_5x5_against_every_tour() {
        let truth = all_tour_ends(5, 5);
        assert!(!truth.is_empty());
        for s in 0..25u64 {
            for t in 0..25u64 {
                let exists = truth.contains(&(s as u32, t as u32));
                let got = check_pair(5, 5, (s % 5, s / 5), (t % 5, t / 5));
                assert_eq!(got, if exists { Ok(false) } else { Err(()) }, "{s} -> {t}");
            }
        }
    }

    /// On 6x6 (n >= 6) a tour joins exactly the pairs of different colours
    /// (Conrad, Hindrichs, Morsy and Wegener 1994): the solver must find one
    /// for each and refuse the rest.
    #[test]
    fn every_pair_of_6x6() {
        let mut not_found = 0;
        for s in 0..36u64 {
            for t in 0..36u64 {
                let (a, b) = ((s % 6, s / 6), (t % 6, t / 6));
                let differ = (a.0 + a.1) % 2 != (b.0 + b.1) % 2;
                match check_pair(6, 6, a, b) {
                    Ok(nf) => {
                        assert!(differ);
                        not_found += usize::from(nf);
                    }
                    Err(()) => assert!(!differ, "{a:?} {b:?}"),
                }
            }
        }
        assert_eq!(not_found, 0);
    }

    fn sampled_pairs(sides: std::ops::RangeInclusive<u64>, samples: usize) {
        let mut rng = Mix(12);
        let (mut found, mut not_found, mut refused) = (0, Vec::new(), 0);
        for w in sides.clone() {
            for h in sides.clone() {
                for _ in 0..samples {
                    let s = (rng.below(w), rng.below(h));
                    let t = (rng.below(w), rng.below(h));
                    let odd = w * h % 2 == 1;
                    let colours_fit = if odd {
                        (s.0 + s.1) % 2 == 0 && (t.0 + t.1) % 2 == 0 && s != t
                    } else {
                        (s.0 + s.1) % 2 != (t.0 + t.1) % 2
                    };
                    match check_pair(w, h, s, t) {
                        Ok(false) => found += 1,
                        Ok(true) => not_found.push((w, h, s, t)),
                        Err(()) => {
                            refused += 1;
                            // Refused with the right colours: only by a
                            // complete search, and never on n x n, n >= 6.
                            assert!(!(colours_fit && w == h && w >= 6), "{w}x{h} {s:?} {t:?}");
                        }
                    }
                }
            }
        }
        eprintln!("ends to 12x12: {found} found, {refused} refused, not found: {not_found:?}");
        // Every pair is settled: a tour, or a proof that there is none.
        assert!(not_found.is_empty(), "{not_found:?}");
    }

    #[test]
    fn sampled_pairs_6x6_to_9x9() {
        sampled_pairs(6..=9, 12);
    }

    /// Boards with a side of 5 are the slow ones: a complete search proves
    /// most of their refusals.
    #[test]
    #[ignore = "exhaustive: run in release"]
    fn sampled_pairs_to_12x12() {
        sampled_pairs(5..=12, 40);
    }

    /// Five squares wide, c2 is one knight move from both bottom corners:
    /// a tour through them passes c2, so it ends there only from a corner.
    #[test]
    fn the_square_two_corners_share() {
        for (w, h, s, t) in [(5, 12, (3, 8), (2, 10)), (10, 5, (2, 3), (8, 2))] {
            match tour_with_ends(w, h, s, t, 1_000_000) {
                Err(TourError::NoTour(why)) => {
                    assert!(why.to_string().contains("corners"), "{why}")
                }
                other => panic!("{w}x{h} {s:?} {t:?}: {other:?}"),
            }
        }
        assert_eq!(check_pair(5, 12, (4, 11), (2, 10)), Ok(false));
        assert_eq!(check_pair(5, 40, (0, 0), (2, 1)), Ok(false));
    }

    /// Long boards five wide whose ends are near each other, or near one
    /// end of the board: pairs the corridor of blocks alone missed.
    #[test]
    fn long_boards_five_wide() {
        for (w, h, s, t) in [
            (5, 32, (2, 12), (2, 13)),
            (32, 5, (12, 2), (13, 2)),
            (5, 38, (4, 7), (2, 2)),
            (5, 42, (4, 15), (2, 4)),
            (5, 99, (2, 98), (1, 21)),
            (5, 103, (2, 34), (2, 2)),
            (103, 5, (34, 2), (2, 2)),
            (5, 995, (2, 886), (3, 723)),
            (5, 996, (2, 786), (2, 809)),
            (5, 997, (1, 681), (2, 856)),
        ] {
            assert_eq!(check_pair(w, h, s, t), Ok(false), "{w}x{h} {s:?} {t:?}");
        }
    }

    /// Every pair of squares of boards five wide to 5 x 12 is settled: a
    /// tour or a proof (the frontier programme decides them exactly).
    #[test]
    #[ignore = "exhaustive: run in release"]
    fn every_pair_five_wide_to_12() {
        for h in 5..=12u64 {
            let (mut found, mut refused) = (0, 0);
            for s in 0..5 * h {
                for t in 0..5 * h {
                    let (a, b) = ((s % 5, s / 5), (t % 5, t / 5));
                    match check_pair(5, h, a, b) {
                        Ok(false) => found += 1,
                        Ok(true) => panic!("5x{h} {a:?} {b:?}: not found"),
                        Err(()) => refused += 1,
                    }
                }
            }
            eprintln!("5x{h}: {found} pairs joined by a tour, {refused} refused");
        }
    }

    /// Sampled pairs of long boards 5 to 9 wide, half of them near each
    /// other: never "not found".
    #[test]
    #[ignore = "exhaustive: run in release"]
    fn sampled_pairs_of_long_narrow_boards() {
        let mut rng = Mix(5);
        for w in 5..=9u64 {
            for h in (13..=70u64).chain([99, 100, 1000]) {
                for _ in 0..30 {
                    let s = (rng.below(w), rng.below(h));
                    let t = if rng.below(2) == 0 {
                        (rng.below(w), rng.below(h))
                    } else {
                        (rng.below(w), (s.1 + rng.below(5)).min(h - 1))
                    };
                    assert_ne!(check_pair(w, h, s, t), Ok(true), "{w}x{h} {s:?} {t:?}");
                    assert_ne!(check_pair(h, w, (s.1, s.0), (t.1, t.0)), Ok(true));
                }
            }
        }
    }

    fn large_boards(boards: &[(u64, u64)], random_pairs: usize) {
        let mut rng = Mix(77);
        for &(w, h) in boards {
            let odd = w * h % 2 == 1;
            let mut pairs = vec![
                ((0, 0), (w - 1, h - 1)),
                ((0, 0), (2, 1)),
                ((w / 2, h / 2), (w / 2 + 1, h / 2 + 2)),
            ];
            for _ in 0..random_pairs {
                pairs.push(((rng.below(w), rng.below(h)), (rng.below(w), rng.below(h))));
            }
            for (s, mut t) in pairs {
                let colour = |c: Coord| (c.0 + c.1) % 2;
                if odd && (colour(s) == 1) {
                    continue;
                }
                if odd && colour(t) == 1 {
                    t.0 = if t.0 > 0 { t.0 - 1 } else { 1 };
                }
                if !odd && colour(s) == colour(t) {
                    t.0 = if t.0 > 0 { t.0 - 1 } else { 1 };
                }
                if s == t {
                    continue;
                }
                assert_eq!(check_pair(w, h, s, t), Ok(false), "{w}x{h} {s:?} -> {t:?}");
            }
        }
    }

    #[test]
    fn large_boards_some_pairs() {
        large_boards(
            &[(1000, 1000), (5, 1000), (1000, 7), (37, 64), (101, 99)],
            1,
        );
    }

    #[test]
    #[ignore = "exhaustive: run in release"]
    fn large_boards_many_pairs() {
        large_boards(
            &[
                (1000, 1000),
                (999, 999),
                (5, 1000),
                (1000, 7),
                (37, 64),
                (101, 99),
            ],
            6,
        );
    }
}
