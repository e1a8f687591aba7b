//! Longest paths through the library alone: the solver checked against an
//! independent path checker (the `knight-reference` crate) and an exhaustive search
//! on small boards, seeded random boards among them. `/longest-path` over
//! HTTP is in the server's `tests/http/longest_http.rs`.

use std::time::Duration;

use knight::terrain::{longest_path_watched, Longest, LongestWatch};
use knight::{longest_path, BarrierRule, Board, Colour, Square, Terrain};

use knight_reference::{check, terrain, CHALLENGE};

const LIMIT: Duration = Duration::from_millis(2_000);

/// The most moves of any path from `from` to each square (`None` where
/// there is none), by trying every simple path: an exhaustive search as
/// plain as can be, independent of the solver. The moves the terrain allows
/// are listed once per square, by `Terrain::check_move`.
fn brute_force(t: &Terrain, rule: BarrierRule, from: Square) -> Vec<Option<u64>> {
    let index = |s: Square| usize::try_from(t.board().index(s)).unwrap();
    let (moves, partner) = move_lists(t, rule);
    let n = moves.len();
    struct Walk<'a> {
        moves: &'a [Vec<usize>],
        partner: &'a [Option<usize>],
        best: Vec<Option<u64>>,
    }
    impl Walk<'_> {
        // Landing on y ends a path whose end is y; a hop onto a teleport
        // ends one whose end is that teleport.
        fn record(&mut self, s: usize, moves: u64) {
            let slot = &mut self.best[s];
            *slot = Some(slot.map_or(moves, |b| b.max(moves)));
        }
        fn go(&mut self, at: usize, visited: u64, moves: u64) {
            for k in 0..self.moves[at].len() {
                let y = self.moves[at][k];
                if visited & (1 << y) != 0 {
                    continue;
                }
                self.record(y, moves + 1);
                match self.partner[y] {
                    Some(q) if visited & (1 << q) != 0 => {}
                    Some(q) => {
                        self.record(q, moves + 1);
                        self.go(q, visited | 1 << y | 1 << q, moves + 1);
                    }
                    None => self.go(y, visited | 1 << y, moves + 1),
                }
            }
        }
    }
    let mut walk = Walk {
        moves: &moves,
        partner: &partner,
        best: vec![None; n],
    };
    walk.best[index(from)] = Some(0);
    walk.go(index(from), 1 << index(from), 0);
    walk.best
}

/// The moves the terrain allows from each square of a board of at most 64
/// squares (by `Terrain::check_move`, squares by board index), and each
/// square's teleport partner.
fn move_lists(t: &Terrain, rule: BarrierRule) -> (Vec<Vec<usize>>, Vec<Option<usize>>) {
    let board = t.board();
    let n = usize::try_from(board.squares()).unwrap();
    assert!(n <= 64);
    let square = |i: usize| board.from_index(u64::try_from(i).unwrap()).unwrap();
    let index = |s: Square| usize::try_from(board.index(s)).unwrap();
    let moves = (0..n)
        .map(|i| {
            let at = square(i);
            (0..n)
                .filter(|&j| t.check_move(at, square(j), rule).is_ok())
                .collect()
        })
        .collect();
    let partner = (0..n)
        .map(|i| t.teleport_partner(square(i)).map(index))
        .collect();
    (moves, partner)
}

/// The most moves of any path from `from` to `to` (`None` when there is
/// none), by a search of every simple path that gives up a branch only when
/// it cannot beat the best so far: when `to` is not reachable from the
/// knight through unvisited squares, or when the unvisited squares reachable
/// are too few. Each further move lands on a different one of them; and once
/// a teleport is visited no hop is left, so the squares landed on alternate
/// colours from the knight's: then `k` more moves need `k / 2` (rounded
/// down) of the knight's colour and `k / 2` (rounded up) of the other. With
/// the hop left, the squares after the knight's are two alternating runs
/// (the hop between them), with at most one square more of one colour in
/// each, and one square more than the moves.
/// A square other than a teleport or `to` that cannot be entered from the
/// knight or a reachable square and left for another is not counted.
/// Reachability here ignores the hop's being forced and the partner's being
/// visited, so it finds at least what the knight can reach. Independent of
/// the solver. `None` when it would take more than `nodes` steps (a few
/// boards of 36 squares would take minutes).
fn exhaustive_longest(
    t: &Terrain,
    rule: BarrierRule,
    from: Square,
    to: Square,
    nodes: u64,
) -> Option<Option<u64>> {
    let index = |s: Square| usize::try_from(t.board().index(s)).unwrap();
    let (moves, partner) = move_lists(t, rule);
    struct Walk<'a> {
        moves: &'a [Vec<usize>],
        partner: &'a [Option<usize>],
        to: usize,
        best: Option<u64>,
        /// The dark squares of the board, and the teleports.
        dark: u64,
        teleports: u64,
        /// Steps left before the search gives up.
        nodes: u64,
        /// For each square, the squares with a move to it, and to which it
        /// has a move.
        into: Vec<u64>,
        out: Vec<u64>,
    }
    impl Walk<'_> {
        /// At most how many more moves reach `to` through `reach`.
        fn most(&self, at: usize, visited: u64, reach: u64) -> u64 {
            // A square passed through other than a teleport is entered by a
            // move from the knight's square or one of `reach`, and left by
            // one to another of `reach`: one with no such two is not landed
            // on.
            let mut reach = reach;
            for v in 0..self.moves.len() {
                if reach & (1 << v) == 0 || v == self.to || self.partner[v].is_some() {
                    continue;
                }
                let ins = self.into[v] & (reach | 1 << at);
                let outs = self.out[v] & reach;
                if ins == 0 || outs == 0 || (ins | outs).count_ones() < 2 {
                    reach &= !(1 << v);
                }
            }
            let all = u64::from(reach.count_ones());
            let mine = if self.dark & (1 << at) != 0 {
                self.dark
            } else {
                !self.dark
            };
            let same = u64::from((reach & mine).count_ones());
            let other = all - same;
            if self.teleports == 0 || visited & self.teleports != 0 {
                all.min(2 * same.min(other) + u64::from(other > same))
            } else {
                // With the hop, the squares after the knight's are at most
                // two alternating runs: one more square than moves, at most
                // one more of either colour in each run.
                all.min(2 * same.min(other) + 1)
            }
        }
        /// The unvisited squares reachable from `at` (a bit set), each move
        /// or hop followed from every square reached.
        fn reachable(&self, at: usize, visited: u64) -> u64 {
            let (mut reached, mut frontier) = (0u64, vec![at]);
            while let Some(u) = frontier.pop() {
                for &y in self.moves[u].iter().chain(self.partner[u].as_slice()) {
                    if (visited | reached) & (1 << y) == 0 {
                        reached |= 1 << y;
                        frontier.push(y);
                    }
                }
            }
            reached
        }
        fn go(&mut self, at: usize, visited: u64, moves: u64) {
            if self.nodes == 0 {
                return;
            }
            self.nodes -= 1;
            let reach = self.reachable(at, visited);
            if reach & (1 << self.to) == 0
                || self
                    .best
                    .is_some_and(|b| moves + self.most(at, visited, reach) <= b)
            {
                return;
            }
            // Fewest onward moves first, so that long paths come early.
            let mut order = self.moves[at].clone();
            order.sort_by_key(|&y| (self.out[y] & !visited).count_ones());
            for y in order {
                if visited & (1 << y) != 0 {
                    continue;
                }
                match self.partner[y] {
                    // Landing on the end, or hopping onto it, ends the path.
                    _ if y == self.to => self.best = self.best.max(Some(moves + 1)),
                    Some(q) if q == self.to => self.best = self.best.max(Some(moves + 1)),
                    Some(q) if visited & (1 << q) != 0 => {}
                    Some(q) => self.go(q, visited | 1 << y | 1 << q, moves + 1),
                    None => self.go(y, visited | 1 << y, moves + 1),
                }
            }
        }
    }
    if from == to {
        return Some(Some(0));
    }
    let board = t.board();
    let bits = |keep: &dyn Fn(Square) -> bool| {
        (0..board.squares())
            .map(|i| board.from_index(i).unwrap())
            .filter(|&s| keep(s))
            .fold(0u64, |set, s| set | 1 << index(s))
    };
    let mut walk = Walk {
        moves: &moves,
        partner: &partner,
        to: index(to),
        best: None,
        dark: bits(&|s| s.colour() == Colour::Dark),
        teleports: bits(&|s| t.teleport_partner(s).is_some()),
        nodes,
        into: (0..moves.len())
            .map(|v| {
                (0..moves.len())
                    .filter(|&u| moves[u].contains(&v))
                    .fold(0, |set, u| set | 1 << u)
            })
            .collect(),
        out: moves
            .iter()
            .map(|list| list.iter().fold(0, |set, &v| set | 1 << v))
            .collect(),
    };
    walk.go(index(from), 1 << index(from), 0);
    (walk.nodes > 0).then_some(walk.best)
}

fn solve(t: &Terrain, rule: BarrierRule, from: Square, to: Square) -> Longest {
    longest_path(t, rule, from, to, LIMIT).unwrap()
}

/// The solver's answer within `limit`, its path checked by [`check`]: the
/// answer, and the path's moves and cost.
fn checked(
    t: &Terrain,
    rule: BarrierRule,
    from: Square,
    to: Square,
    limit: Duration,
) -> (Longest, u64, u64) {
    let answer = longest_path(t, rule, from, to, limit).unwrap();
    let (moves, cost) = check(t, rule, from, to, answer.path.as_ref().unwrap());
    (answer, moves, cost)
}

/// Every pair of landable squares of `t`: the solver's path is valid and
/// optimal, its bound at least the optimum, as the exhaustive search says.
fn agrees_with_brute_force(t: &Terrain, rule: BarrierRule) {
    let board = t.board();
    let squares: Vec<Square> = (0..board.squares())
        .map(|i| board.from_index(i).unwrap())
        .filter(|&s| t.can_land(s))
        .collect();
    for &from in &squares {
        let truth = brute_force(t, rule, from);
        for &to in &squares {
            let answer = solve(t, rule, from, to);
            let optimum = truth[board.index(to) as usize];
            let context = format!("{from} to {to} on\n{t:?}");
            match (optimum, &answer.path) {
                (None, None) => assert_eq!(answer.upper_bound, None, "{context}"),
                (Some(best), Some(path)) => {
                    let (moves, cost) = check(t, rule, from, to, path);
                    assert_eq!(answer.moves, Some(moves), "{context}");
                    assert_eq!(answer.cost, Some(cost), "{context}");
                    assert_eq!(moves, best, "{context}");
                    assert!(answer.upper_bound.unwrap() >= best, "{context}");
                    assert!(answer.optimal, "{context}");
                }
                (optimum, path) => panic!("{context}: optimum {optimum:?}, path {path:?}"),
            }
        }
    }
}

#[test]
fn empty_5x5_all_pairs_are_optimal() {
    agrees_with_brute_force(
        &Terrain::plain(Board::new(5, 5).unwrap()),
        BarrierRule::Either,
    );
}

#[test]
fn small_terrain_boards_are_optimal() {
    let boards = [
        ". . R .\n. W . .\nR . . L\n. . . .\n. B . .",
        "T . . .\n. . R .\n. . . .\n. B . T",
        ". . . T\n. . B .\nT . . .\n. . W .",
        "T . . B .\n. . . . .\nB . . . T\n. . R . .",
    ];
    for text in boards {
        for rule in [BarrierRule::Either, BarrierRule::LongLeg] {
            agrees_with_brute_force(&terrain(text), rule);
        }
    }
}

/// The colour count alone bounds a path on an empty board: it alternates
/// colours, so it has as many squares of each colour when its ends differ
/// in colour, one more of the ends' colour when they agree.
fn colour_count_bound(board: Board, from: Square, to: Square) -> u64 {
    let n = board.squares();
    let (dark, light) = (n.div_ceil(2), n / 2);
    if from.colour() != to.colour() {
        2 * dark.min(light) - 1
    } else if from.colour() == Colour::Dark {
        2 * (dark - 1).min(light)
    } else {
        2 * dark.min(light - 1)
    }
}

#[test]
fn empty_6x6_all_pairs_meet_the_colour_bound() {
    let board = Board::new(6, 6).unwrap();
    let t = Terrain::plain(board);
    for i in 0..36 {
        for j in 0..36 {
            let (from, to) = (board.from_index(i).unwrap(), board.from_index(j).unwrap());
            let (answer, moves, _) = checked(&t, BarrierRule::Either, from, to, LIMIT);
            let bound = if i == j {
                0
            } else {
                colour_count_bound(board, from, to)
            };
            assert_eq!(moves, bound, "{from} to {to}");
            assert_eq!(answer.upper_bound, Some(bound), "{from} to {to}");
            assert!(answer.optimal);
        }
    }
}

#[test]
fn empty_8x8_opposite_colours_give_63_moves() {
    let board = Board::CHESS;
    let t = Terrain::plain(board);
    for i in 0..64 {
        for j in (i + 1..64).step_by(3) {
            let (from, to) = (board.from_index(i).unwrap(), board.from_index(j).unwrap());
            if from.colour() == to.colour() {
                continue;
            }
            let (answer, moves, _) = checked(&t, BarrierRule::Either, from, to, LIMIT);
            assert_eq!(moves, 63, "{from} to {to}");
            assert_eq!(answer.upper_bound, Some(63));
            assert!(answer.optimal);
        }
    }
}

#[test]
fn empty_32x32_gives_a_hamiltonian_path() {
    let board = Board::new(32, 32).unwrap();
    let t = Terrain::plain(board);
    let (from, to) = (Square::new(0, 0), Square::new(31, 0));
    let (answer, moves, _) = checked(&t, BarrierRule::Either, from, to, LIMIT);
    assert_eq!(moves, 1023);
    assert!(answer.optimal);
}

/// Named pairs on the challenge board and twelve drawn at random (a fixed
/// seed), under both rules: every answer is a valid path within its bound,
/// which is where the local searches (windows and the free end's walk,
/// which turns stretches round and moves them) could go wrong.
#[test]
fn challenge_board_paths_are_valid_and_bounded() {
    let t = terrain(CHALLENGE);
    let board = t.board();
    let landable: Vec<Square> = (0..board.squares())
        .filter_map(|i| board.from_index(i))
        .filter(|&s| t.can_land(s))
        .collect();
    let mut random = seeded(36);
    let mut pick = || landable[usize::try_from(random()).unwrap() % landable.len()];
    let mut pairs: Vec<(Square, Square)> = [("a1", "af28"), ("g20", "af3"), ("u23", "a7")]
        .iter()
        .map(|&(from, to)| (square(&t, from), square(&t, to)))
        .collect();
    pairs.extend((0..12).map(|_| (pick(), pick())));
    for (from, to) in pairs {
        for rule in [BarrierRule::Either, BarrierRule::LongLeg] {
            let (answer, moves, cost) = checked(&t, rule, from, to, Duration::from_millis(300));
            assert_eq!((answer.moves, answer.cost), (Some(moves), Some(cost)));
            let bound = answer.upper_bound.unwrap();
            assert!(moves <= bound && bound <= 804, "{moves} {bound}");
        }
    }
}

/// Keeps every report of a watched search; cancels after `stop_after`.
struct Reports {
    seen: std::sync::Mutex<Vec<Longest>>,
    stop_after: usize,
}

impl LongestWatch for Reports {
    fn improved(&self, best: &Longest) {
        self.seen.lock().unwrap().push(best.clone());
    }
    fn cancelled(&self) -> bool {
        self.seen.lock().unwrap().len() >= self.stop_after
    }
}

#[test]
fn watched_search_reports_each_improvement_and_stops_when_cancelled() {
    let t = terrain(CHALLENGE);
    let board = t.board();
    let ends = |from: &str, to: &str| {
        let name = |s: &str| s.parse::<knight::SquareName>().unwrap().on(board).unwrap();
        (name(from), name(to))
    };
    let (from, to) = ends("a1", "af28");
    let watch = Reports {
        seen: std::sync::Mutex::new(Vec::new()),
        stop_after: usize::MAX,
    };
    let limit = Duration::from_millis(300);
    let last = longest_path_watched(&t, BarrierRule::Either, from, to, limit, &watch).unwrap();
    let seen = watch.seen.into_inner().unwrap();
    assert!(!seen.is_empty(), "the first report is a shortest path");
    for pair in seen.windows(2) {
        assert!(pair[0].moves < pair[1].moves, "each report is longer");
        assert!(
            pair[0].upper_bound >= pair[1].upper_bound,
            "the bound never rises"
        );
    }
    for report in &seen {
        let (moves, cost) = check(
            &t,
            BarrierRule::Either,
            from,
            to,
            report.path.as_ref().unwrap(),
        );
        assert_eq!((report.moves, report.cost), (Some(moves), Some(cost)));
        assert!(report.moves <= last.moves && report.upper_bound >= last.upper_bound);
    }
    // Cancelled at its first report, the search stops long before its time.
    let watch = Reports {
        seen: std::sync::Mutex::new(Vec::new()),
        stop_after: 1,
    };
    let started = std::time::Instant::now();
    let limit = Duration::from_secs(20);
    let early = longest_path_watched(&t, BarrierRule::Either, from, to, limit, &watch).unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    let (moves, _) = check(
        &t,
        BarrierRule::Either,
        from,
        to,
        early.path.as_ref().unwrap(),
    );
    assert_eq!(early.moves, Some(moves));
    let reports = watch.seen.into_inner().unwrap().len();
    assert!(reports <= 2, "{reports} reports after the cancel");
}

#[test]
fn unreachable_and_trivial_answers() {
    // The centre of a 3×3 board has no knight move at all.
    let t = Terrain::plain(Board::new(3, 3).unwrap());
    let none = solve(
        &t,
        BarrierRule::Either,
        Square::new(1, 1),
        Square::new(0, 0),
    );
    assert_eq!(
        (none.path, none.moves, none.upper_bound),
        (None, None, None)
    );
    let same = solve(
        &t,
        BarrierRule::Either,
        Square::new(1, 1),
        Square::new(1, 1),
    );
    assert_eq!(same.path, Some(vec![Square::new(1, 1)]));
    assert_eq!(
        (same.moves, same.upper_bound, same.optimal),
        (Some(0), Some(0), true)
    );
    let rock = terrain("R . .\n. . .\n. . .");
    assert!(longest_path(
        &rock,
        BarrierRule::Either,
        Square::new(0, 2),
        Square::new(1, 0),
        LIMIT
    )
    .is_err());
}

#[test]
fn answers_are_deterministic() {
    let t = terrain(CHALLENGE);
    // A budget so small that the first search is what answers.
    let ask = || {
        longest_path(
            &t,
            BarrierRule::Either,
            Square::new(0, 0),
            Square::new(2, 3),
            Duration::ZERO,
        )
        .unwrap()
    };
    assert_eq!(ask(), ask());
}

/// The largest board /longest-path takes answers within its time limit
/// (slow in a debug build: run with `--ignored`, best with `--release`).
#[test]
#[ignore]
fn largest_board_answers_in_time() {
    let board = Board::new(256, 256).unwrap();
    let t = Terrain::plain(board);
    let (from, to) = (Square::new(0, 0), Square::new(255, 254));
    let started = std::time::Instant::now();
    let (answer, moves, _) = checked(&t, BarrierRule::Either, from, to, Duration::from_secs(3));
    eprintln!(
        "{moves} of {:?} in {:?}",
        answer.upper_bound,
        started.elapsed()
    );
    assert!(started.elapsed() < Duration::from_secs(6));
}

/// The case of the issue that found the bound unsound: a teleport pair,
/// `long_leg`, and an answer of 4 moves marked optimal against a valid path
/// of 12.
#[test]
fn teleport_board_of_the_unsound_bound() {
    let t = Terrain::from_rows(
        [".....", ".LT..", "WWRWB", ".B...", "..T.B", "L.B.."],
        1_000_000,
    )
    .unwrap();
    let rule = BarrierRule::LongLeg;
    let (from, to) = (square(&t, "b4"), square(&t, "b1"));
    let twelve: Vec<Square> = "b4 d5 b6 a4 b2 d3 e5 c6 d4 e6 c5 c2 a3 b1"
        .split(' ')
        .map(|s| square(&t, s))
        .collect();
    assert_eq!(check(&t, rule, from, to, &twelve).0, 12);
    let optimum = brute_force(&t, rule, from)[t.board().index(to) as usize].unwrap();
    let (answer, moves, _) = checked(&t, rule, from, to, LIMIT);
    assert!(answer.upper_bound.unwrap() >= optimum, "{answer:?}");
    assert_eq!(moves, optimum, "{answer:?}");
    assert!(answer.optimal);
}

fn square(t: &Terrain, name: &str) -> Square {
    let name: knight::SquareName = name.parse().unwrap();
    name.on(t.board()).unwrap()
}

/// A seeded random terrain board of at most `max_squares` squares: rocks,
/// barriers, water and lava among plain squares, and in about half of them a
/// teleport pair.
fn random_board(random: &mut impl FnMut() -> u64, max_squares: u64) -> Terrain {
    let (width, height) = loop {
        let (w, h) = (2 + random() % 9, 2 + random() % 9);
        if w * h <= max_squares && w * h >= 6 {
            break (w, h);
        }
    };
    let n = (width * height) as usize;
    // Each board its own mix: up to a fifth rocks, a fifth barriers, and
    // up to a quarter each water and lava.
    let (rocks, barriers) = (random() % 21, random() % 21);
    let (water, lava) = (random() % 26, random() % 26);
    let mut cells: Vec<char> = (0..n)
        .map(|_| {
            let r = random() % 100;
            if r < rocks {
                'R'
            } else if r < rocks + barriers {
                'B'
            } else if r < rocks + barriers + water {
                'W'
            } else if r < rocks + barriers + water + lava {
                'L'
            } else {
                '.'
            }
        })
        .collect();
    if random() % 2 == 0 {
        let a = random() as usize % n;
        let b = (a + 1 + random() as usize % (n - 1)) % n;
        cells[a] = 'T';
        cells[b] = 'T';
    }
    let rows: Vec<String> = cells
        .chunks(width as usize)
        .map(|row| row.iter().collect())
        .collect();
    Terrain::from_rows(rows.iter().map(String::as_str), 1_000).unwrap()
}

/// The next random board of at most `max_squares` squares whose landable
/// squares number within `landable`, a random rule, and its landable squares.
fn random_case(
    random: &mut impl FnMut() -> u64,
    max_squares: u64,
    landable: std::ops::RangeInclusive<usize>,
) -> (Terrain, BarrierRule, Vec<Square>) {
    loop {
        let t = random_board(random, max_squares);
        let board = t.board();
        let squares: Vec<Square> = (0..board.squares())
            .filter_map(|i| board.from_index(i))
            .filter(|&s| t.can_land(s))
            .collect();
        if !landable.contains(&squares.len()) {
            continue;
        }
        let rule = if random() % 2 == 0 {
            BarrierRule::Either
        } else {
            BarrierRule::LongLeg
        };
        return (t, rule, squares);
    }
}

/// splitmix64, so that the boards never change.
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

/// `boards` random boards of at most `max_squares` squares, a random rule and
/// start, and up to three random ends each: the bound is at least the
/// optimum of the exhaustive search, and the answer is a valid path of
/// exactly the optimum, proven.
fn random_boards_agree_with_brute_force(
    seed: u64,
    boards: usize,
    max_squares: u64,
    max_landable: usize,
) {
    let mut random = seeded(seed);
    let mut failures = Vec::new();
    for _ in 0..boards {
        let (t, rule, landable) = random_case(&mut random, max_squares, 2..=max_landable);
        let board = t.board();
        let from = landable[random() as usize % landable.len()];
        let truth = brute_force(&t, rule, from);
        for _ in 0..3 {
            let to = landable[random() as usize % landable.len()];
            let answer = longest_path(&t, rule, from, to, PROPERTY_LIMIT).unwrap();
            let optimum = if to == from {
                Some(0)
            } else {
                truth[board.index(to) as usize]
            };
            let context = format!("{from} to {to} under {rule} on\n{t:?}\n{answer:?}");
            let ok = match (optimum, &answer.path) {
                (None, None) => answer.upper_bound.is_none() && answer.optimal,
                (Some(best), Some(path)) => {
                    let (moves, _) = check(&t, rule, from, to, path);
                    answer.moves == Some(moves)
                        && answer.upper_bound.is_some_and(|b| b >= best)
                        && moves == best
                        && answer.optimal == (answer.upper_bound == Some(moves))
                        && answer.optimal
                }
                _ => false,
            };
            if !ok {
                failures.push(format!("optimum {optimum:?}: {context}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}\nthe first, the first:\n{}",
        failures.len(),
        failures
            .iter()
            .take(8)
            .map(|f| f.lines().next().unwrap())
            .collect::<Vec<_>>()
            .join("\n"),
        failures[0]
    );
}

/// A time limit that an exhaustive search of 30 squares never reaches, so
/// that every answer must be proven, even on a busy machine.
const PROPERTY_LIMIT: Duration = Duration::from_secs(60);

/// 4,000 boards of at most 30 squares, at most 22 of them landable (more
/// makes the exhaustive search of the test slow in a debug build).
#[test]
fn random_small_boards_agree_with_brute_force() {
    random_boards_agree_with_brute_force(16, 4_000, 30, 22);
}

/// The same with up to 30 landable squares, and more boards: run with
/// `--ignored`, best with `--release`.
#[test]
#[ignore]
fn many_random_boards_agree_with_brute_force() {
    random_boards_agree_with_brute_force(17, 20_000, 30, 30);
}

/// `boards` random boards of 25 to 36 landable squares, a random rule and
/// start and up to three random ends each: the bound the solver answers is
/// at least the optimum of [`exhaustive_longest`], and its path valid and
/// no longer. The solver gets no time, so that the bound answered is the
/// one proven before any search, unless the search of a small board ends
/// within its first few hundred nodes (and so proves its path longest).
/// Ends the exhaustive search cannot settle within `nodes` steps are left
/// out (and counted).
fn bounds_hold_on_larger_boards(seed: u64, boards: usize, nodes: u64) {
    let mut random = seeded(seed);
    let (mut tight, mut ends, mut left_out) = (0, 0, 0);
    for _ in 0..boards {
        let (t, rule, landable) = random_case(&mut random, 48, 25..=36);
        let pick = |r: u64| landable[usize::try_from(r).unwrap() % landable.len()];
        let from = pick(random());
        for _ in 0..3 {
            let to = pick(random());
            let Some(optimum) = exhaustive_longest(&t, rule, from, to, nodes) else {
                left_out += 1;
                continue;
            };
            let answer = longest_path(&t, rule, from, to, Duration::ZERO).unwrap();
            let context = format!("{from} to {to} under {rule} on\n{t:?}\n{answer:?}");
            match (optimum, &answer.path) {
                (None, None) => assert_eq!(answer.upper_bound, None, "{context}"),
                (Some(best), Some(path)) => {
                    let (moves, _) = check(&t, rule, from, to, path);
                    let bound = answer.upper_bound.unwrap();
                    assert!(moves <= best && best <= bound, "optimum {best}: {context}");
                    assert_eq!(answer.optimal, moves == bound, "{context}");
                    ends += 1;
                    tight += usize::from(bound == best);
                }
                _ => panic!("optimum {optimum:?}: {context}"),
            }
        }
    }
    eprintln!("{tight} of {ends} bounds equal to the optimum; {left_out} ends left out");
    assert!(left_out * 10 <= ends, "{left_out} ends left out of {ends}");
}

/// 100 boards of 25 to 36 landable squares.
#[test]
fn bound_is_at_least_the_optimum_on_boards_of_up_to_36_squares() {
    bounds_hold_on_larger_boards(36, 100, 50_000);
}

/// The same on 2,000 boards, with a larger budget for the exhaustive
/// search: run with `--ignored`, best with `--release`.
#[test]
#[ignore]
fn bound_is_at_least_the_optimum_on_many_boards_of_up_to_36_squares() {
    bounds_hold_on_larger_boards(37, 2_000, 3_000_000);
}

/// Keeps every report of a search offered two cores, with the thread that
/// made it.
struct TwoCores {
    seen: std::sync::Mutex<Vec<(Longest, std::thread::ThreadId)>>,
}

impl LongestWatch for TwoCores {
    fn improved(&self, best: &Longest) {
        let me = std::thread::current().id();
        self.seen.lock().unwrap().push((best.clone(), me));
    }
    fn cores(&self) -> usize {
        2
    }
}

/// On two cores, under both rules, the reports still come one at a time,
/// each a valid path longer than the last, and the answer is a valid path
/// no shorter than any report, within its bound.
#[test]
fn two_cores_report_in_order_under_both_rules() {
    let t = terrain(CHALLENGE);
    for rule in [BarrierRule::Either, BarrierRule::LongLeg] {
        for (from, to) in [("a1", "af28"), ("u23", "a7")] {
            let (from, to) = (square(&t, from), square(&t, to));
            let watch = TwoCores {
                seen: std::sync::Mutex::new(Vec::new()),
            };
            let limit = Duration::from_millis(400);
            let last = longest_path_watched(&t, rule, from, to, limit, &watch).unwrap();
            let seen = watch.seen.into_inner().unwrap();
            assert!(!seen.is_empty(), "the first report is a shortest path");
            for pair in seen.windows(2) {
                assert!(pair[0].0.moves < pair[1].0.moves, "each report is longer");
                assert_eq!(pair[0].0.upper_bound, pair[1].0.upper_bound);
            }
            for (report, _) in &seen {
                let (moves, cost) = check(&t, rule, from, to, report.path.as_ref().unwrap());
                assert_eq!((report.moves, report.cost), (Some(moves), Some(cost)));
                assert!(report.moves <= last.moves);
            }
            let (moves, cost) = check(&t, rule, from, to, last.path.as_ref().unwrap());
            assert_eq!((last.moves, last.cost), (Some(moves), Some(cost)));
            assert!(moves <= last.upper_bound.unwrap());
            assert_eq!(last.optimal, Some(moves) == last.upper_bound);
        }
    }
}
