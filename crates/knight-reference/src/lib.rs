//! The independent references the tests hold answers to, shared by the
//! library's tests (`crates/knight/tests/solver/`) and the server's
//! (`tests/http/`): the boards they read, a Bellman–Ford search for the
//! cheapest paths and a path checker for the longest, written with nothing
//! of the solver but the board's words and the terrain's rules
//! (`Terrain::check_move`, `teleport_partner` and `landing_cost`). The
//! tours' reference is [`tours`], which uses nothing of the solver at all.
//!
//! A dev-only crate (`publish = false`, a dev-dependency of both packages)
//! so that each test binary links one compiled copy rather than including
//! these files by path.

pub mod tours;

use std::collections::HashSet;

use knight::{BarrierRule, Square, SquareName, Terrain};

/// The challenge board (the page's preset; the server serves this file).
pub const CHALLENGE: &str = include_str!("../../../assets/page/boards/challenge-28x32.txt");

/// A small board with a start (S) and an end (E).
pub const SAMPLE: &str = include_str!("../../knight/tests/boards/sample-8x8.txt");

/// Teleports at c2 and f6 on a 6×6 board.
pub const TELEPORTS: &str =
    ". . . . . T\n. . . . . .\n. . . . . .\n. . . . . .\n. . T . . .\n. . . . . .";

pub fn terrain(text: &str) -> Terrain {
    Terrain::parse(text, 1_000_000).unwrap()
}

/// The square of an algebraic name (on any board large enough).
pub fn sq(name: &str) -> Square {
    match name.parse::<SquareName>().unwrap() {
        SquareName::Algebraic { file, rank } => {
            Square::new(u32::try_from(file).unwrap(), u32::try_from(rank).unwrap())
        }
        SquareName::Index(_) => panic!("use names in tests"),
    }
}

// --- Cheapest paths: Bellman–Ford -------------------------------------------

/// A board index as a position in the labels.
fn at(i: u64) -> usize {
    usize::try_from(i).unwrap()
}

/// (cost, moves) of a path.
pub type Label = (u64, u64);

/// Cheapest (cost, moves) from `from` to every square as a destination,
/// from the Bellman–Ford labels of [`standing_labels`]: a destination may
/// also be landed on directly (a teleport then does not hop).
pub fn bellman_ford(t: &Terrain, from: Square, rule: BarrierRule) -> Vec<Option<Label>> {
    let board = t.board();
    let stand = standing_labels(t, from, rule);
    (0..board.squares())
        .map(|i| {
            let d = board.from_index(i).unwrap();
            if !t.can_land(d) {
                return None;
            }
            let mut best = stand[at(i)];
            for u in board.knight_moves(d) {
                if let (Some((c, m)), Ok(())) =
                    (stand[at(board.index(u))], t.check_move(u, d, rule))
                {
                    let label = (c + t.cell(d).landing_cost().unwrap(), m + 1);
                    if best.is_none_or(|b| label < b) {
                        best = Some(label);
                    }
                }
            }
            best
        })
        .collect()
}

/// Bellman–Ford over the squares a knight stands on, using only
/// `Terrain::check_move` and the teleport rule as the README states it (a
/// teleport landed on hops to its partner): the cheapest (cost, moves) of
/// standing on each square on the way. Independent of the searched grid.
pub fn standing_labels(t: &Terrain, from: Square, rule: BarrierRule) -> Vec<Option<Label>> {
    let board = t.board();
    let n = at(board.squares());
    let mut stand: Vec<Option<Label>> = vec![None; n];
    stand[at(board.index(from))] = Some((0, 0));
    loop {
        let mut changed = false;
        for i in 0..n {
            let u = board.from_index(u64::try_from(i).unwrap()).unwrap();
            let Some((c, m)) = stand[i] else { continue };
            for d in board.knight_moves(u) {
                if t.check_move(u, d, rule).is_err() {
                    continue;
                }
                let v = t.teleport_partner(d).unwrap_or(d);
                let label = (c + t.cell(d).landing_cost().unwrap(), m + 1);
                let slot = &mut stand[at(board.index(v))];
                if slot.is_none_or(|old| label < old) {
                    *slot = Some(label);
                    changed = true;
                }
            }
        }
        if !changed {
            return stand;
        }
    }
}

// --- Longest paths: a path checker ------------------------------------------

/// Checks a path move by move with the terrain's rules alone: knight moves
/// the terrain allows, the hop listed after every teleport landed on, no
/// square twice, from `from` to `to`. Its moves and cost.
pub fn check(
    t: &Terrain,
    rule: BarrierRule,
    from: Square,
    to: Square,
    path: &[Square],
) -> (u64, u64) {
    assert_eq!(path.first(), Some(&from), "{path:?}");
    assert_eq!(path.last(), Some(&to), "{path:?}");
    let mut seen = HashSet::new();
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
