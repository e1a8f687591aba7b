//! Terrain boards through the library alone: cheapest paths, validation
//! and drawings, checked on boards a person can read, against an
//! independent Bellman–Ford search on the challenge board (the
//! `knight-reference` crate), and against committed snapshots. The same endpoints
//! over HTTP are in the server's `tests/http/terrain_http.rs`.
//!
//! Snapshots live in `crates/knight/tests/snapshots/` (the server's tests
//! compare its answers with some of them too); `UPDATE_SNAPSHOTS=1 cargo
//! test -p knight --test solver terrain::` rewrites them (then read the diff before
//! committing).

use knight::draw::Overlay;
use knight::terrain::{Cell, CheapestPath, End, Ground, Reason, StepFault};
use knight::{cheapest_path, validate, BarrierRule, Board, SearchError, Square, Terrain};

use knight_reference::{
    bellman_ford, sq, standing_labels, terrain, Label, CHALLENGE, SAMPLE, TELEPORTS,
};

fn squares(names: &[&str]) -> Vec<Square> {
    names.iter().map(|n| sq(n)).collect()
}

fn names(path: &[Square]) -> Vec<String> {
    path.iter().map(|s| s.to_string()).collect()
}

fn cheapest(t: &Terrain, from: &str, to: &str, rule: BarrierRule) -> Option<CheapestPath> {
    let found = cheapest_path(t, sq(from), sq(to), rule).unwrap();
    if let Some(p) = &found {
        // Every answer is a valid path whose cost and moves are as reported.
        let v = validate(Ground::Terrain(t), &p.path, rule, false);
        assert!(v.is_valid(), "{from}->{to}: {:?} {:?}", names(&p.path), v);
        assert_eq!((v.cost, v.moves), (p.cost, p.moves));
    }
    found
}

/// The names of a path, as [`answer`] gives them.
fn route(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| n.to_string()).collect()
}

/// (cost, moves, path) of the cheapest path, for short assertions.
fn answer(t: &Terrain, from: &str, to: &str, rule: BarrierRule) -> (u64, u64, Vec<String>) {
    let p = cheapest(t, from, to, rule).expect("reachable");
    (p.cost, p.moves, names(&p.path))
}

// --- One small board per rule, answers worked out by hand -----------------

/// On a 5×5 board a1 → c5 takes 2 moves only through b3 (1 right, 2 up,
/// twice); any other route takes 4 (both squares are dark, so the count is
/// even).
const B3_BOARD: &str = ". . . . .\n. . . . .\n. X . . .\n. . . . .\n. . . . .";

/// [`answer`] from a1 to c5 on [`B3_BOARD`] with `cell` on b3.
fn across_b3(cell: &str) -> (u64, u64, Vec<String>) {
    answer(
        &terrain(&B3_BOARD.replace('X', cell)),
        "a1",
        "c5",
        BarrierRule::Either,
    )
}

#[test]
fn plain_squares_cost_one() {
    assert_eq!(across_b3("."), (2, 2, route(&["a1", "b3", "c5"])));
}

#[test]
fn water_costs_two_and_is_still_cheapest_here() {
    // Through the water: 1 + 2 = 3 < the 4 of any 4-move detour.
    let (cost, moves, path) = across_b3("W");
    assert_eq!((cost, moves), (3, 2));
    assert_eq!(path, ["a1", "b3", "c5"]);
}

#[test]
fn lava_costs_five_and_is_avoided() {
    // Through the lava: 1 + 5 = 6 > 4 moves over plain squares.
    let (cost, moves, path) = across_b3("L");
    assert_eq!((cost, moves), (4, 4));
    assert!(!path.contains(&"b3".to_owned()));
}

#[test]
fn rock_cannot_be_landed_on_but_is_jumped() {
    let (cost, moves, path) = across_b3("R");
    assert_eq!((cost, moves), (4, 4));
    assert!(!path.contains(&"b3".to_owned()));
    // a1 → c2 passes over b1, c1 (long leg) or a2, b2 (short leg): all rocks.
    let rocks = terrain(". . .\nR R .\n. R R");
    assert_eq!(
        answer(&rocks, "a1", "c2", BarrierRule::LongLeg),
        (1, 1, route(&["a1", "c2"]))
    );
}

#[test]
fn barrier_cannot_be_landed_on_nor_passed() {
    assert_eq!(across_b3("B").1, 4);
    // Both routes from a1 to c2 pass a barrier (c1 on the long leg, b2 on
    // the short): no direct move, and the way round is a1 b3 d4 c2.
    let both = terrain(". . . . .\n. . . . .\n. B . . .\n. . B . .");
    assert_eq!(
        answer(&both, "a1", "c2", BarrierRule::Either),
        (3, 3, route(&["a1", "b3", "d4", "c2"]))
    );
    // Only the long-leg route (b1, c1) is barred: `either` allows the move.
    let long = terrain(". . . .\n. . . .\n. B . .");
    assert_eq!(answer(&long, "a1", "c2", BarrierRule::Either).1, 1);
}

#[test]
fn long_leg_makes_a_move_one_way() {
    // From a1 to c2 the long leg passes b1 (a barrier); back from c2 to a1
    // it passes b2 and a2, which are clear.
    let t = terrain(". . . .\n. . . .\n. . . .\n. B . .");
    assert_eq!(
        answer(&t, "c2", "a1", BarrierRule::LongLeg),
        (1, 1, route(&["c2", "a1"]))
    );
    let there = answer(&t, "a1", "c2", BarrierRule::LongLeg);
    assert!(there.1 > 1, "{there:?}");
    assert_eq!(there.1, 3, "{there:?}");
    assert_eq!(answer(&t, "a1", "c2", BarrierRule::Either).1, 1);
}

// --- Teleports ------------------------------------------------------------

/// [`answer`] on the [`TELEPORTS`] board, under either barrier rule.
fn on_teleports(from: &str, to: &str) -> (u64, u64, Vec<String>) {
    answer(&terrain(TELEPORTS), from, to, BarrierRule::Either)
}

#[test]
fn teleport_hop_is_listed_and_free() {
    // a1 → c2 lands on a teleport: the knight is on f6 in the same move.
    assert_eq!(on_teleports("a1", "f6"), (1, 1, route(&["a1", "c2", "f6"])));
}

#[test]
fn teleport_hop_is_mandatory() {
    // a1 → b4 is 2 moves on a plain board, but only through c2, which hops
    // to f6. Without the teleport the count is even (4); with it:
    // a1 c2 (hop f6) d5 b4, 3 moves.
    assert_eq!(
        on_teleports("a1", "b4"),
        (3, 3, route(&["a1", "c2", "f6", "d5", "b4"]))
    );
}

#[test]
fn starting_on_a_teleport_does_not_hop() {
    assert_eq!(on_teleports("c2", "b4"), (1, 1, route(&["c2", "b4"])));
}

#[test]
fn landing_on_a_destination_teleport_ends_the_path() {
    assert_eq!(on_teleports("a1", "c2"), (1, 1, route(&["a1", "c2"])));
}

#[test]
fn start_and_end_default_and_ends_must_be_landable() {
    let t = terrain(SAMPLE);
    assert_eq!((t.start(), t.end()), (Some(sq("b6")), Some(sq("f4"))));
    let rock = terrain(". . .\n. R .\n. . B");
    let err = |from, to| cheapest_path(&rock, sq(from), sq(to), BarrierRule::Either).unwrap_err();
    assert_eq!(
        err("b2", "a1"),
        SearchError::NotLandable {
            end: End::From,
            square: sq("b2"),
            cell: Cell::Rock
        }
    );
    assert!(matches!(
        err("a1", "c1"),
        SearchError::NotLandable {
            end: End::To,
            cell: Cell::Barrier,
            ..
        }
    ));
    // From a square to itself: no moves.
    assert_eq!(
        answer(&rock, "a1", "a1", BarrierRule::Either),
        (0, 0, route(&["a1"]))
    );
    // 3×3 corners reach each other, the centre is never reached.
    let plain = terrain(". . .\n. . .\n. . .");
    assert!(cheapest(&plain, "a1", "b2", BarrierRule::Either).is_none());
}

// --- The challenge board against Bellman–Ford ------------------------------

#[test]
fn challenge_board_agrees_with_bellman_ford() {
    let t = terrain(CHALLENGE);
    let board = t.board();
    for rule in [BarrierRule::Either, BarrierRule::LongLeg] {
        for from in ["a1", "i1", "af28", "q13", "ab5"] {
            let from = sq(from);
            let reference = bellman_ford(&t, from, rule);
            let mut reached = 0;
            for i in 0..board.squares() {
                let to = board.from_index(i).unwrap();
                let got = match cheapest_path(&t, from, to, rule) {
                    Ok(p) => p.map(|p| (p.cost, p.moves)),
                    Err(SearchError::NotLandable { .. }) => None,
                    Err(e) => panic!("{e}"),
                };
                assert_eq!(got, reference[i as usize], "{rule} {from} -> {to}");
                reached += usize::from(got.is_some());
            }
            assert!(reached > 700, "{rule} {from}: only {reached} reached");
        }
    }
}

#[test]
fn challenge_board_paths_are_valid_and_follow_the_tie_break() {
    let t = terrain(CHALLENGE);
    let board = t.board();
    for rule in [BarrierRule::Either, BarrierRule::LongLeg] {
        for (from, to) in [
            ("a1", "af28"),
            ("i1", "ab5"),
            ("q13", "a28"),
            ("af1", "a1"),
            ("aa17", "h20"),
        ] {
            let p = cheapest(&t, from, to, rule).expect("reachable");
            // Walk back from the destination: each square is entered from
            // the lowest-indexed square that keeps the (cost, moves) label
            // optimal, preferring a direct landing to a hop.
            let labels = bellman_ford(&t, sq(from), rule);
            assert_eq!(
                Some((p.cost, p.moves)),
                labels[board.index(sq(to)) as usize]
            );
            let expected = canonical_path(&t, sq(from), sq(to), rule);
            assert_eq!(names(&p.path), names(&expected), "{rule} {from} -> {to}");
        }
    }
}

/// The path the documented tie-break defines, built from the labels alone.
fn canonical_path(t: &Terrain, from: Square, to: Square, rule: BarrierRule) -> Vec<Square> {
    let board = t.board();
    let stand = standing_labels(t, from, rule);
    let label_of = |s: Square| stand[board.index(s) as usize];
    let step = |c: Label, d: Square| (c.0 + t.cell(d).landing_cost().unwrap(), c.1 + 1);
    // Arrivals at v with label `want`: (predecessor, landed square).
    let best_arrival = |v: Square, want: Label, as_destination: bool| -> (Square, Square) {
        let mut options: Vec<(u64, bool, Square, Square)> = Vec::new();
        for u in board.knight_moves(v).chain(
            t.teleport_partner(v)
                .map(|p| board.knight_moves(p).collect::<Vec<_>>())
                .unwrap_or_default(),
        ) {
            let Some(lu) = label_of(u) else { continue };
            // Direct landing on v.
            let direct_ok = as_destination || t.teleport_partner(v).is_none();
            if direct_ok && t.check_move(u, v, rule).is_ok() && step(lu, v) == want {
                options.push((board.index(u), false, u, v));
            }
            // Landing on v's partner and hopping to v.
            if let Some(p) = t.teleport_partner(v) {
                if t.check_move(u, p, rule).is_ok() && step(lu, p) == want {
                    options.push((board.index(u), true, u, p));
                }
            }
        }
        options.sort();
        let (_, _, u, landed) = options[0];
        (u, landed)
    };
    let mut want = bellman_ford(t, from, rule)[board.index(to) as usize].unwrap();
    let mut path = vec![to];
    let mut v = to;
    let mut as_destination = true;
    // Only the start has the label (0, 0): every landing costs.
    while want != (0, 0) {
        let (u, landed) = best_arrival(v, want, as_destination);
        if landed != v {
            path.push(landed);
        }
        path.push(u);
        want = label_of(u).unwrap();
        v = u;
        as_destination = false;
    }
    path.reverse();
    path
}

// --- Validation -------------------------------------------------------------

fn fault(ground: Ground<'_>, path: &[&str], rule: BarrierRule, simple: bool) -> Option<StepFault> {
    validate(ground, &squares(path), rule, simple).fault
}

#[test]
fn validation_reasons() {
    let chess = Ground::Plain(Board::CHESS);
    let ok = validate(
        chess,
        &squares(&["b6", "d5", "f6"]),
        BarrierRule::Either,
        false,
    );
    assert!(ok.is_valid());
    assert_eq!((ok.moves, ok.cost), (2, 2));
    assert_eq!(
        fault(chess, &["b6", "d5", "d6"], BarrierRule::Either, false),
        Some(StepFault {
            step: 2,
            from: Some(sq("d5")),
            to: sq("d6"),
            reason: Reason::NotAKnightMove
        })
    );
    let t = terrain(". R . .\n. . . .\n. B . .");
    let g = Ground::Terrain(&t);
    let reason = |path: &[&str], rule| fault(g, path, rule, false).map(|f| (f.step, f.reason));
    assert_eq!(
        reason(&["a1", "b3"], BarrierRule::Either),
        Some((1, Reason::LandsOnRock))
    );
    assert_eq!(
        reason(&["c2", "b1"], BarrierRule::Either),
        Some((1, Reason::NotAKnightMove))
    );
    assert_eq!(
        reason(&["d2", "b1"], BarrierRule::Either),
        Some((1, Reason::LandsOnBarrier))
    );
    // a1 → c2: the long leg passes the barrier on b1, the short leg is clear.
    assert_eq!(reason(&["a1", "c2"], BarrierRule::Either), None);
    assert_eq!(
        reason(&["a1", "c2"], BarrierRule::LongLeg),
        Some((1, Reason::PassesBarrier))
    );
    // Starting on a rock: step 0, no `from`.
    assert_eq!(
        fault(g, &["b3", "d2"], BarrierRule::Either, false),
        Some(StepFault {
            step: 0,
            from: None,
            to: sq("b3"),
            reason: Reason::LandsOnRock
        })
    );
    // Revisits count only when a simple path is asked for.
    let back = ["a1", "c2", "a1"];
    assert_eq!(reason(&back, BarrierRule::Either), None);
    assert_eq!(
        fault(g, &back, BarrierRule::Either, true).map(|f| (f.step, f.reason)),
        Some((2, Reason::RevisitsSquare))
    );
}

#[test]
fn validation_of_teleports() {
    let t = terrain(TELEPORTS);
    let g = Ground::Terrain(&t);
    let check = |path: &[&str]| validate(g, &squares(path), BarrierRule::Either, true);
    let hop = check(&["a1", "c2", "f6", "d5", "b4"]);
    assert!(hop.is_valid(), "{hop:?}");
    assert_eq!((hop.moves, hop.cost), (3, 3));
    // Landing on c2 and going on without the hop.
    let f = check(&["a1", "c2", "b4"]).fault.unwrap();
    assert_eq!(
        (f.step, f.from, f.to, f.reason),
        (2, Some(sq("c2")), sq("b4"), Reason::MissingTeleportHop)
    );
    // Ending on a teleport, and starting on one, need no hop.
    assert!(check(&["a1", "c2"]).is_valid());
    assert!(check(&["c2", "b4"]).is_valid());
    // A hop back onto the start square is a revisit in a simple path.
    let f = check(&["f6", "d5", "b4", "c2", "f6"]).fault.unwrap();
    assert_eq!((f.step, f.reason), (4, Reason::RevisitsSquare));
    // One square: valid, nothing moved.
    let one = check(&["d5"]);
    assert!(one.is_valid());
    assert_eq!((one.moves, one.cost), (0, 0));
}

// --- Snapshots ----------------------------------------------------------------

fn snapshot(name: &str, got: &str) {
    let path = format!("{}/tests/snapshots/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(format!("{}/tests/snapshots", env!("CARGO_MANIFEST_DIR"))).unwrap();
        std::fs::write(&path, got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("missing {path}; run with UPDATE_SNAPSHOTS=1"));
    assert!(want == got, "{name} differs from its snapshot:\n{got}");
}

/// The cheapest path from `from` to `to` on `t`, drawn as text and as SVG,
/// against the snapshots `{name}-path.txt` and `{name}-path.svg`.
fn path_snapshots(name: &str, t: &Terrain, from: &str, to: &str) {
    let g = Ground::Terrain(t);
    let p = cheapest(t, from, to, BarrierRule::Either).unwrap();
    // What `POST /path` with a board draws over it.
    let overlay =
        knight::draw::cheapest_path_overlay([sq(from), sq(to)], BarrierRule::Either, Some(&p));
    snapshot(
        &format!("{name}-path.txt"),
        &knight::draw::text_with_path(g, &p.path).unwrap(),
    );
    snapshot(
        &format!("{name}-path.svg"),
        &knight::draw::svg(g, &p.path, overlay).unwrap(),
    );
}

#[test]
fn text_and_svg_snapshots() {
    let sample = terrain(SAMPLE);
    path_snapshots("sample", &sample, "b6", "f4");
    snapshot(
        "sample-knight.txt",
        &knight::draw::text_with_knight(Ground::Terrain(&sample), sq("d5")).unwrap(),
    );

    path_snapshots("challenge", &terrain(CHALLENGE), "a1", "af28");

    let chess = Ground::Plain(Board::CHESS);
    let path = squares(&["b6", "d5", "d6"]);
    let checked = knight::validate(chess, &path, BarrierRule::Either, false);
    let refused = &path[..checked.reached(path.len())];
    let overlay = knight::draw::validation_overlay(&path, &checked, false);
    snapshot(
        "validate-fault.svg",
        &knight::draw::svg(chess, refused, overlay).unwrap(),
    );
}

#[test]
fn drawings_are_well_formed() {
    let challenge = terrain(CHALLENGE);
    let g = Ground::Terrain(&challenge);
    let p = cheapest(&challenge, "a1", "af28", BarrierRule::Either).unwrap();
    let svg = knight::draw::svg(g, &p.path, Overlay::default()).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox="));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<svg").count(), 1);
    // The text board keeps the board file's shape: 28 rows of 32 columns,
    // each after its rank; then the files and the summary.
    let text = knight::draw::text_with_path(g, &p.path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 28 + 2);
    let rows = &lines[..28];
    let width = rows[0].len();
    assert!(rows
        .iter()
        .all(|r| r.len() == width && r.split_whitespace().count() == 1 + 32));
    assert_eq!(lines[28].split_whitespace().count(), 32);
    // A plain board too large to draw whole: text and SVG both show the
    // part around the path (here the 8×8 corner at a1), never all of it.
    let huge = Ground::Plain(Board::new(1_000_000_000, 1_000_000_000).unwrap());
    let text = knight::draw::text_with_path(huge, &[sq("a1")]).unwrap();
    // Eight ranks, the files, and the summary.
    assert_eq!(text.lines().count(), 8 + 1 + 1, "{text}");
    assert_eq!(text.lines().nth(8), Some("  a b c d e f g h"), "{text}");
    let svg = knight::draw::svg(huge, &[sq("a1")], Overlay::default()).unwrap();
    assert_eq!(svg.matches("data-square=").count(), 64);
    assert!(svg.len() < 20_000);
}
