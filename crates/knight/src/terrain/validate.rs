//! Checking a listed sequence of knight moves (level 1 of the "Knight Board"
//! challenge): is every step a legal move on this ground, what does the path
//! cost, and where does it first go wrong.
//!
//! The rules, as `/validate` documents them:
//! - The first square is where the knight stands; it must be a square it can
//!   stand on (not a rock or a barrier) and costs nothing.
//! - Each later square is one knight move from the one before, allowed by the
//!   terrain and the barrier rule, and costs its landing cost.
//! - A move that lands on a teleport, anywhere but on the path's last square,
//!   must be followed by the teleport's partner: that entry is the hop, which
//!   is not a move and costs nothing. The knight then stands on the partner.
//!   A path may end on a teleport (landing on the destination ends the path),
//!   and a path that starts on a teleport does not hop.
//! - With `simple`, no square may be listed twice (a hop lists both teleports).
//! - A path of one square is valid with 0 moves and cost 0.

use std::collections::HashSet;

use super::Reason;
use super::{BarrierRule, Cell, Ground};
use crate::board::Square;

/// The first step that breaks a rule. `step` is the position in the path of
/// the square the step goes to; `from` is `None` when the first square itself
/// is refused (step 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepFault {
    /// The index in the path of the square the failing step goes to.
    pub step: usize,
    /// The square the step leaves (none when the first square itself is at fault).
    pub from: Option<Square>,
    /// The square the step goes to.
    pub to: Square,
    /// Why the step is not allowed.
    pub reason: Reason,
}

/// What validating a path found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Validation {
    /// Knight moves up to the first fault (or in all, when valid).
    pub moves: u64,
    /// Landing costs up to the first fault (or in all, when valid).
    pub cost: u64,
    /// The first step at fault, if any.
    pub fault: Option<StepFault>,
}

impl Validation {
    /// Whether every step is allowed.
    pub fn is_valid(&self) -> bool {
        self.fault.is_none()
    }

    /// How many squares of the path the knight legally reached: all of them
    /// when valid, else those before the failing step.
    pub fn reached(&self, path_len: usize) -> usize {
        self.fault.map_or(path_len, |f| f.step)
    }
}

/// Checks `path` on `ground` under `rule`; with `simple`, a square listed
/// twice is a fault. Time O(path); memory O(path) only with `simple`.
///
/// ```
/// use knight::{validate, BarrierRule, Board, SquareName};
/// use knight::terrain::{Ground, Reason};
/// let squares = |names: &[&str]| -> Vec<_> {
///     names.iter().map(|n| n.parse::<SquareName>().unwrap().on(Board::CHESS).unwrap()).collect()
/// };
/// let plain = Ground::Plain(Board::CHESS);
/// let ok = validate(plain, &squares(&["b6", "d5", "f6"]), BarrierRule::Either, false);
/// assert!(ok.is_valid() && ok.moves == 2);
/// let bad = validate(plain, &squares(&["b6", "d5", "d6"]), BarrierRule::Either, false);
/// let fault = bad.fault.expect("d5 to d6 is no knight move");
/// assert_eq!((fault.step, fault.reason), (2, Reason::NotAKnightMove));
/// ```
pub fn validate(
    ground: Ground<'_>,
    path: &[Square],
    rule: BarrierRule,
    simple: bool,
) -> Validation {
    let mut found = Validation {
        moves: 0,
        cost: 0,
        fault: None,
    };
    let Some(&first) = path.first() else {
        return found;
    };
    let fail = |step: usize, from: Option<Square>, to: Square, reason: Reason| {
        Some(StepFault {
            step,
            from,
            to,
            reason,
        })
    };
    match ground.cell(first) {
        Cell::Rock => {
            found.fault = fail(0, None, first, Reason::LandsOnRock);
            return found;
        }
        Cell::Barrier => {
            found.fault = fail(0, None, first, Reason::LandsOnBarrier);
            return found;
        }
        _ => {}
    }
    let mut visited: HashSet<Square> = HashSet::new();
    if simple {
        visited.insert(first);
    }
    let mut here = first;
    // The partner the next entry must be, after landing on a teleport.
    let mut hop_to: Option<Square> = None;
    for (step, &to) in path.iter().enumerate().skip(1) {
        if let Some(partner) = hop_to.take() {
            if to != partner {
                found.fault = fail(step, Some(here), to, Reason::MissingTeleportHop);
                return found;
            }
        } else {
            if let Err(fault) = ground.check_move(here, to, rule) {
                found.fault = fail(step, Some(here), to, fault);
                return found;
            }
            found.moves += 1;
            found.cost += ground.cell(to).landing_cost().unwrap_or(0);
            if step + 1 < path.len() {
                hop_to = ground.teleport_partner(to);
            }
        }
        if simple && !visited.insert(to) {
            found.fault = fail(step, Some(here), to, Reason::RevisitsSquare);
            // The step itself was legal; only the revisit is refused.
            return found;
        }
        here = to;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::terrain::move_numbers;
    use crate::terrain::Terrain;

    #[test]
    fn hop_numbers() {
        let terrain = Terrain::parse("T . .\n. . .\n. . T", 100).unwrap();
        let ground = Ground::Terrain(&terrain);
        // b1 → a3 (teleport) hop c1 → ... path b1 a3 c1 a2
        let p = [
            Square::new(1, 0),
            Square::new(0, 2),
            Square::new(2, 0),
            Square::new(0, 1),
        ];
        assert_eq!(move_numbers(ground, &p), [0, 1, 1, 2]);
        let v = validate(ground, &p, BarrierRule::Either, true);
        assert!(v.is_valid(), "{v:?}");
        assert_eq!((v.moves, v.cost), (2, 2));
        let plain = Ground::Plain(Board::CHESS);
        assert_eq!(move_numbers(plain, &p[..2]), [0, 1]);
    }
}
