//! `/longest-path`: the solver checked against an independent path checker
//! and an exhaustive search on small boards, and the endpoint through the
//! real server.

mod common;

use std::time::Duration;

use knight::{longest_path, Longest};
use knight::{BarrierRule, Terrain};
use knight::{Board, Colour, Square};
use knightd::Config;
use serde_json::{json, Value};

use common::{start, start_with, Server};

const LIMIT: Duration = Duration::from_millis(2_000);

fn terrain(text: &str) -> Terrain {
    Terrain::parse(text, 1_000_000).unwrap()
}

/// Checks a path move by move with the terrain's rules alone: knight moves
/// the terrain allows, the hop listed after every teleport landed on, no
/// square twice, from `from` to `to`. Its moves and cost.
fn check(t: &Terrain, rule: BarrierRule, from: Square, to: Square, path: &[Square]) -> (u64, u64) {
    assert_eq!(path.first(), Some(&from), "{path:?}");
    assert_eq!(path.last(), Some(&to), "{path:?}");
    let mut seen = std::collections::HashSet::new();
    for s in path {
        assert!(seen.insert(*s), "{s} twice in {path:?}");
    }
    let (mut moves, mut cost, mut i, mut at) = (0, 0, 1, from);
    while i < path.len() {
        let y = path[i];
        t.check_move(at, y, rule)
            .unwrap_or_else(|f| panic!("{at} to {y}: {f:?} in {path:?}"));
        moves += 1;
        cost += t.cell(y).landing_cost().unwrap();
        at = y;
        i += 1;
        if let Some(partner) = t.teleport_partner(y) {
            if y != to {
                assert_eq!(path.get(i), Some(&partner), "missing hop in {path:?}");
                at = partner;
                i += 1;
            }
        }
    }
    (moves, cost)
}

/// The most moves of any path from `from` to each square (`None` where
/// there is none), by trying every simple path: an exhaustive search as
/// plain as can be, independent of the solver. The moves the terrain allows
/// are listed once per square, by `Terrain::check_move`.
fn brute_force(t: &Terrain, rule: BarrierRule, from: Square) -> Vec<Option<u64>> {
    let board = t.board();
    let n = board.squares() as usize;
    assert!(n <= 64);
    let square = |i: usize| board.from_index(i as u64).unwrap();
    let index = |s: Square| board.index(s) as usize;
    let moves: Vec<Vec<usize>> = (0..n)
        .map(|i| {
            let at = square(i);
            (0..n)
                .filter(|&j| t.check_move(at, square(j), rule).is_ok())
                .collect()
        })
        .collect();
    let partner: Vec<Option<usize>> = (0..n)
        .map(|i| t.teleport_partner(square(i)).map(index))
        .collect();
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

fn solve(t: &Terrain, rule: BarrierRule, from: Square, to: Square) -> Longest {
    longest_path(t, rule, from, to, LIMIT).unwrap()
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
            let answer = solve(&t, BarrierRule::Either, from, to);
            let (moves, _) = check(
                &t,
                BarrierRule::Either,
                from,
                to,
                answer.path.as_ref().unwrap(),
            );
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
            let answer = solve(&t, BarrierRule::Either, from, to);
            let (moves, _) = check(
                &t,
                BarrierRule::Either,
                from,
                to,
                answer.path.as_ref().unwrap(),
            );
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
    let answer = solve(&t, BarrierRule::Either, from, to);
    let (moves, _) = check(
        &t,
        BarrierRule::Either,
        from,
        to,
        answer.path.as_ref().unwrap(),
    );
    assert_eq!(moves, 1023);
    assert!(answer.optimal);
}

#[test]
fn challenge_board_paths_are_valid_and_bounded() {
    let t = terrain(include_str!("../assets/page/boards/challenge-28x32.txt"));
    let board = t.board();
    for (from, to) in [("a1", "af28"), ("g20", "af3"), ("u23", "a7")] {
        let from: knight::SquareName = from.parse().unwrap();
        let to: knight::SquareName = to.parse().unwrap();
        let (from, to) = (from.on(board).unwrap(), to.on(board).unwrap());
        let answer = longest_path(
            &t,
            BarrierRule::Either,
            from,
            to,
            Duration::from_millis(300),
        )
        .unwrap();
        let (moves, cost) = check(
            &t,
            BarrierRule::Either,
            from,
            to,
            answer.path.as_ref().unwrap(),
        );
        assert_eq!((answer.moves, answer.cost), (Some(moves), Some(cost)));
        let bound = answer.upper_bound.unwrap();
        assert!(moves <= bound && bound <= 804, "{moves} {bound}");
    }
}

#[test]
fn unreachable_and_trivial_answers() {
    // The centre of a 3x3 board has no knight move at all.
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
    let t = terrain(include_str!("../assets/page/boards/challenge-28x32.txt"));
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

// Through the server.

async fn longest(server: &Server, body: Value) -> Value {
    server.post_json("/longest-path", &body).await
}

#[tokio::test]
async fn plain_board_over_http() {
    let server = start().await;
    let v = longest(&server, json!({"from": "a1", "to": "b1"})).await;
    assert_eq!(v["moves"], 63);
    assert_eq!(v["upper_bound"], 63);
    assert_eq!(v["optimal"], true);
    assert_eq!(v["cost"], 63);
    assert_eq!(
        (v["width"].clone(), v["height"].clone()),
        (json!(8), json!(8))
    );
    assert_eq!(v["path"].as_array().unwrap().len(), 64);
    assert_eq!(
        (v["from"].clone(), v["to"].clone()),
        (json!("a1"), json!("b1"))
    );
    let v = longest(
        &server,
        json!({"src": 0, "dest": 2, "width": 5, "height": 5}),
    )
    .await;
    assert_eq!(v["from"], 0);
    assert!(v["path"][0].is_u64());
    assert_eq!(v["optimal"], true);
    let v = longest(&server, json!({"from": "a1", "to": "a1"})).await;
    assert_eq!(
        (v["moves"].clone(), v["path"].clone()),
        (json!(0), json!(["a1"]))
    );
    let v = longest(
        &server,
        json!({"from": "b2", "to": "a1", "width": 3, "height": 3}),
    )
    .await;
    assert_eq!(v["path"], Value::Null);
    assert_eq!(v["moves"], Value::Null);
    assert_eq!(v["upper_bound"], Value::Null);
}

#[tokio::test]
async fn terrain_board_over_http() {
    let server = start().await;
    // S and E are the default ends; the path hops between the teleports.
    let board = ["S . . .", ". . T .", ". . . .", "T . . E"];
    let v = longest(&server, json!({"board": board, "notation": "algebraic"})).await;
    let path: Vec<Square> = v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let name: knight::SquareName = s.as_str().unwrap().parse().unwrap();
            name.on(Board::new(4, 4).unwrap()).unwrap()
        })
        .collect();
    let t = terrain(&board.join("\n"));
    let (moves, cost) = check(
        &t,
        BarrierRule::Either,
        t.start().unwrap(),
        t.end().unwrap(),
        &path,
    );
    assert_eq!(
        (v["moves"].clone(), v["cost"].clone()),
        (json!(moves), json!(cost))
    );
    assert!(v["upper_bound"].as_u64().unwrap() >= moves);
    let text = include_str!("../assets/page/boards/challenge-28x32.txt");
    let v = longest(
        &server,
        json!({"board": text, "from": "a1", "to": "af28", "time_limit_ms": 200, "barrier_rule": "either"}),
    )
    .await;
    assert!(v["moves"].as_u64().unwrap() > 0);
    assert_eq!(v["optimal"], v["moves"] == v["upper_bound"]);
    // format=text numbers the squares of the path on the board.
    let (status, kind, text) = server
        .post(
            "/longest-path?format=text",
            &json!({"from": "a1", "to": "b1"}),
        )
        .await;
    assert_eq!((status, kind.as_str()), (200, "text/plain; charset=utf-8"));
    // Eight ranks, each after its label; then the files and the summary.
    let numbers: Vec<u64> = text
        .lines()
        .take(8)
        .flat_map(|row| row.split_whitespace().skip(1))
        .map(|n| n.parse().unwrap())
        .collect();
    let mut sorted = numbers.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..64).collect::<Vec<u64>>(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[8].split_whitespace().collect::<String>(), "abcdefgh");
    assert!(
        lines[10].contains("upper bound 63 moves: proven optimal"),
        "the summary says the bound and whether it is proven: {text}"
    );
    let (status, kind, svg) = server
        .post(
            "/longest-path?format=svg",
            &json!({"from": "a1", "to": "b1"}),
        )
        .await;
    assert_eq!((status, kind.as_str()), (200, "image/svg+xml"));
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg}");
}

#[tokio::test]
async fn errors_over_http() {
    let config = Config {
        max_longest_squares: 100,
        ..Config::default()
    };
    let server = start_with(config).await;
    let post = |body: Value| {
        let server = &server;
        async move { server.post("/longest-path", &body).await }
    };
    let e = Server::problem(
        post(json!({"from": "a1", "to": "b1", "time_limit_ms": 10_001})).await,
        400,
        "invalid_parameter",
    );
    assert_eq!(e["param"], "time_limit_ms");
    let e = Server::problem(
        post(json!({"from": "a1", "to": "b1", "width": 11, "height": 10})).await,
        422,
        "board_too_large",
    );
    assert_eq!(e["param"], "width");
    let big = vec![". . . . . . . . . . ."; 10];
    Server::problem(
        post(json!({"from": "a1", "to": "b1", "board": big})).await,
        422,
        "board_too_large",
    );
    let e = Server::problem(
        post(json!({"from": "a1", "to": "z9"})).await,
        400,
        "square_off_board",
    );
    assert_eq!(e["param"], "to");
    let e = Server::problem(post(json!({"to": "b1"})).await, 400, "missing_parameter");
    assert_eq!(e["param"], "from");
    let e = Server::problem(
        post(json!({"from": "a1", "to": "a2", "board": ["R . .", ". . ."]})).await,
        400,
        "square_not_landable",
    );
    assert_eq!(e["param"], "to");
    let e = Server::problem(
        post(json!({"from": "a1", "to": "b1", "board": ". .", "width": 2})).await,
        400,
        "invalid_parameter",
    );
    assert_eq!(e["param"], "board");
    let e = Server::problem(
        post(json!({"from": "a1", "to": "b1", "barrier_rule": "either"})).await,
        400,
        "invalid_parameter",
    );
    assert_eq!(e["param"], "barrier_rule");
    let e = Server::problem(
        post(json!({"from": "a1", "to": "b1", "board": ". . .", "barrier_rule": "short"})).await,
        400,
        "invalid_parameter",
    );
    assert_eq!(e["param"], "barrier_rule");
    let e = Server::problem(
        post(json!({"from": "a1", "to": "b1", "speed": 1})).await,
        400,
        "unknown_parameter",
    );
    assert_eq!(e["param"], "speed");
    Server::problem(
        post(json!({"from": "a1", "to": "b1", "time_limit_ms": -1})).await,
        400,
        "invalid_parameter",
    );
    Server::problem(
        server
            .post(
                "/longest-path?format=png",
                &json!({"from": "a1", "to": "b1"}),
            )
            .await,
        400,
        "invalid_parameter",
    );
    Server::problem(server.get("/longest-path").await, 405, "method_not_allowed");
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
    let answer = longest_path(&t, BarrierRule::Either, from, to, Duration::from_secs(3)).unwrap();
    let (moves, _) = check(
        &t,
        BarrierRule::Either,
        from,
        to,
        answer.path.as_ref().unwrap(),
    );
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
    let answer = solve(&t, rule, from, to);
    let (moves, _) = check(&t, rule, from, to, answer.path.as_ref().unwrap());
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
    let mut tried = 0;
    while tried < boards {
        let t = random_board(&mut random, max_squares);
        let board = t.board();
        let landable: Vec<Square> = (0..board.squares())
            .filter_map(|i| board.from_index(i))
            .filter(|&s| t.can_land(s))
            .collect();
        if landable.len() < 2 || landable.len() > max_landable {
            continue;
        }
        tried += 1;
        let rule = if random() % 2 == 0 {
            BarrierRule::Either
        } else {
            BarrierRule::LongLeg
        };
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
