//! The solver's tours through its one door: the construction (listed
//! whole, and read at any step), both ends fixed, and Warnsdorff's rule,
//! each checked square by square by the independent reference.
//!
//! `cargo test` runs a representative subset (seconds in debug). The
//! exhaustive sweeps are `#[ignore]`d; run them in release:
//! `cargo test --release -p knight --test solver tours:: -- --include-ignored`.

use std::sync::OnceLock;

use knight::tour::IndexedTour;
use knight::{tour, Board, Cache, Square, TourError, TourRequest};
use knight_reference::tours::{all_tour_ends, check_tour, is_knight_move as knight, Mix, Xy};

type Coord = Xy;

/// One cache for every test of this file, as a service holds one.
fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Cache::default)
}

fn xy(s: Square) -> Xy {
    (u64::from(s.file()), u64::from(s.rank()))
}

fn square((f, r): Xy) -> Square {
    Square::new(f.try_into().unwrap(), r.try_into().unwrap())
}

/// The tour the door gives for `method`, as coordinates, and its steps back.
fn asked(
    w: u64,
    h: u64,
    start: Xy,
    method: tour::Method,
) -> Result<(Vec<Xy>, Option<u64>), TourError> {
    let request = TourRequest {
        board: Board::new(w, h).unwrap(),
        start: square(start),
        method,
    };
    let answer = tour(request, 1_000_000, cache())?;
    let path = answer.tour.squares.into_vec().into_iter().map(xy).collect();
    Ok((path, answer.backtracks))
}

/// The construction's tour, set up to be read at any step.
fn indexed(w: u64, h: u64, s: Xy, closed: bool) -> Result<IndexedTour, TourError> {
    IndexedTour::new(
        Board::new(w, h).unwrap(),
        square(s),
        closed,
        1_000_000,
        cache(),
    )
}

fn has_tour(w: u64, h: u64, s: Coord, closed: bool) -> bool {
    let odd = w % 2 == 1 && h % 2 == 1;
    if closed {
        !odd
    } else {
        !odd || (s.0 + s.1) % 2 == 0
    }
}

/// The listed tour (what `/tour` sends), checked, against the same tour
/// read at every step (what `/tour/step` reads).
fn check_board(w: u64, h: u64, s: Coord, closed: bool) {
    let method = tour::Method::Construction { closed };
    let (path, _) =
        asked(w, h, s, method).unwrap_or_else(|e| panic!("{w}x{h} {s:?} {closed}: {e:?}"));
    if let Err(why) = check_tour(w, h, s, closed, &path) {
        panic!("{w}x{h} from {s:?} closed {closed}: {why}");
    }
    let tour = indexed(w, h, s, closed).unwrap();
    for (k, &sq) in path.iter().enumerate() {
        let k = k as u64;
        assert_eq!(
            tour.square_at(k).map(xy),
            Some(sq),
            "{w}x{h} {s:?} step {k}"
        );
        assert_eq!(tour.step_of(square(sq)), Some(k), "{w}x{h} {s:?} {sq:?}");
    }
    assert_eq!(tour.square_at(w * h), None);
}

/// The listed tour against the tour read at any step, every square, on
/// boards to 40×40 (narrow, odd, even, open and closed).
#[test]
fn listed_tours_and_random_access_agree_on_every_square_to_40x40() {
    for (w, h, s, closed) in [
        (5, 5, (0, 0), false),
        (8, 8, (0, 0), false),
        (8, 8, (3, 3), true),
        (3, 10, (0, 0), false),
        (4, 12, (0, 1), false),
        (11, 7, (4, 2), false),
        (12, 12, (5, 7), true),
        (21, 16, (20, 0), false),
        (29, 31, (14, 16), false),
        (36, 40, (35, 39), true),
        (40, 40, (0, 0), false),
    ] {
        check_board(w, h, s, closed);
    }
}

/// Every start of every board `sides` × `sides`, open and closed.
fn every_start(sides: std::ops::RangeInclusive<u64>) {
    for w in sides.clone() {
        for h in sides.clone() {
            for y in 0..h {
                for x in 0..w {
                    for closed in [false, true] {
                        if has_tour(w, h, (x, y), closed) {
                            check_board(w, h, (x, y), closed);
                        } else {
                            assert!(matches!(
                                indexed(w, h, (x, y), closed),
                                Err(TourError::NoTour(_))
                            ));
                        }
                    }
                }
            }
        }
    }
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
        let tour = indexed(w, h, s, closed).unwrap();
        let (path, _) = asked(w, h, s, tour::Method::Construction { closed }).unwrap();
        check_tour(w, h, s, closed, &path).unwrap();
        for _ in 0..samples {
            let k = rng.below(w * h);
            let sq = path[k as usize];
            assert_eq!(tour.square_at(k).map(xy), Some(sq));
            assert_eq!(tour.step_of(square(sq)), Some(k));
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
    let tour = indexed(w, h, s, closed).unwrap_or_else(|e| panic!("{w}x{h} {s:?} {closed}: {e:?}"));
    // Read from blocks, not listed: it holds a few hundred bytes of its own.
    assert!(tour.bytes() < 4096, "{w}x{h}: {} bytes", tour.bytes());
    let n = w * h;
    let at = |k: u64| tour.square_at(k).map(xy);
    let step_of = |sq: Xy| tour.step_of(square(sq));
    assert_eq!(at(0), Some(s));
    assert_eq!(at(n), None);
    let mut run_from = vec![0, n - 3000];
    for _ in 0..runs {
        run_from.push(rng.below(n - 500));
    }
    for &from in &run_from {
        let len = 500.min(n - from);
        let mut seen = std::collections::HashSet::new();
        let mut last: Option<Coord> = None;
        for k in from..from + len {
            let sq = at(k).unwrap();
            assert!(sq.0 < w && sq.1 < h);
            assert!(seen.insert(sq), "{w}x{h} step {k} revisits {sq:?}");
            if let Some(p) = last {
                assert!(knight(p, sq), "{w}x{h} {s:?}: step {k} {p:?} -> {sq:?}");
            }
            last = Some(sq);
            assert_eq!(step_of(sq), Some(k), "{w}x{h} {s:?} {sq:?}");
        }
    }
    for _ in 0..runs * 30 {
        let sq = (rng.below(w), rng.below(h));
        let k = step_of(sq).unwrap();
        assert_eq!(at(k), Some(sq));
    }
    if closed {
        assert!(knight(at(n - 1).unwrap(), s));
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
    use knight::tour::DEFAULT_BACKTRACKS;

    /// A tour by Warnsdorff's rule: the path, and its steps back.
    #[derive(Debug, PartialEq)]
    struct Found {
        path: Vec<Xy>,
        backtracks: u64,
    }

    /// Warnsdorff's tour of the `w` × `h` board from square `s` (an index).
    fn warnsdorff_tour(
        w: u64,
        h: u64,
        s: u64,
        closed: bool,
        seed: Option<u64>,
        max_backtracks: u64,
        max_squares: u64,
    ) -> Result<Found, TourError> {
        let method = tour::Method::Warnsdorff {
            closed,
            seed,
            max_backtracks,
        };
        let request = TourRequest {
            board: Board::new(w, h).unwrap(),
            start: square((s % w, s / w)),
            method,
        };
        let answer = tour(request, max_squares, cache())?;
        Ok(Found {
            path: answer.tour.squares.into_vec().into_iter().map(xy).collect(),
            backtracks: answer.backtracks.unwrap(),
        })
    }

    fn check(w: u64, h: u64, s: u64, closed: bool, seed: Option<u64>) -> Vec<Xy> {
        let t = warnsdorff_tour(w, h, s, closed, seed, DEFAULT_BACKTRACKS, 1_000_000)
            .unwrap_or_else(|e| panic!("{w}x{h} from {s} closed {closed}: {e:?}"));
        check_tour(w, h, (s % w, s / w), closed, &t.path).unwrap();
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
                        Ok(t) => check_tour(w, h, (s % w, s / w), closed, &t.path).unwrap(),
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
        let distinct: std::collections::HashSet<Vec<Xy>> = (0..20)
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
            check_tour(1000, 1000, (0, 0), false, &t.path).unwrap();
        }
    }
}

mod ends {
    use super::*;

    /// The open tour from `s` to `t`, through the door.
    fn tour_with_ends(w: u64, h: u64, s: Coord, t: Coord, max: u64) -> Result<Vec<Xy>, TourError> {
        let request = TourRequest {
            board: Board::new(w, h).unwrap(),
            start: square(s),
            method: tour::Method::Ends { end: square(t) },
        };
        let answer = tour(request, max, cache())?;
        Ok(answer.tour.squares.into_vec().into_iter().map(xy).collect())
    }

    /// Checks one pair; returns whether the answer was NotFound.
    fn check_pair(w: u64, h: u64, s: Coord, t: Coord) -> Result<bool, ()> {
        match tour_with_ends(w, h, s, t, 1_000_000) {
            Ok(path) => {
                check_tour(w, h, s, false, &path).unwrap();
                assert_eq!(path[path.len() - 1], t);
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
                let (s, t) = ((s % 5, s / 5), (t % 5, t / 5));
                let exists = truth.contains(&(s, t));
                let got = check_pair(5, 5, s, t);
                assert_eq!(
                    got,
                    if exists { Ok(false) } else { Err(()) },
                    "{s:?} -> {t:?}"
                );
            }
        }
    }

    /// Every pair of squares of small boards against plain depth-first
    /// search through every open tour: a tour exactly where one exists.
    fn against_plain_search(boards: &[(u64, u64)]) {
        for &(w, h) in boards {
            let truth = all_tour_ends(w, h);
            let squares = |w: u64, h: u64| (0..w * h).map(move |i| (i % w, i / w));
            let mut tours = 0;
            for s in squares(w, h) {
                for t in squares(w, h).filter(|&t| t != s) {
                    let exists = truth.contains(&(s, t));
                    let got = check_pair(w, h, s, t);
                    assert_eq!(
                        got,
                        if exists { Ok(false) } else { Err(()) },
                        "{w}x{h} {s:?} -> {t:?}"
                    );
                    tours += usize::from(exists);
                }
            }
            eprintln!("{w}x{h}: {tours} pairs joined by a tour");
        }
    }

    #[test]
    fn every_pair_of_small_boards_agrees_with_plain_search() {
        against_plain_search(&[(3, 4), (4, 3), (4, 5), (5, 4), (3, 7)]);
    }

    /// The same on larger boards five wide (about a minute in release).
    #[test]
    #[ignore = "exhaustive: run in release"]
    fn every_pair_of_larger_boards_agrees_with_plain_search() {
        against_plain_search(&[(5, 6), (6, 5), (5, 7)]);
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
