//! The marks and words of the library's answers as pictures, written once
//! for every program that draws them (knightd and the Python package say
//! the same). A tour's are its own (`TourSquares::overlay`,
//! `Finished::overlay`, `Solved::overlay`, `Puzzle::overlay`).

use std::time::Duration;

use super::{Caption, Overlay};
use crate::board::{Board, Square};
use crate::plain::{Count, DistanceMap, ShortestPaths};
use crate::terrain::{BarrierRule, CheapestPath, Longest, Validation};

/// A distance map from `from` as a picture: each square of its window
/// shaded by its moves, `from` marked with its own moves drawn, and the
/// words "Fewest moves from g2 to every square" and "light square, 4
/// knight moves (drawn); every square shown is at most 5 moves from g2".
pub fn distance_map_overlay(board: Board, from: Square, map: &DistanceMap) -> Overlay {
    let files = map.files.clone();
    let shades = map
        .ranks
        .clone()
        .rev()
        .flat_map(|rank| files.clone().map(move |file| Square::new(file, rank)))
        .zip(&map.moves)
        .filter_map(|(square, moves)| moves.map(|m| (square, m)))
        .collect();
    let moves = board.knight_moves(from).count();
    let itself = format!(
        "{} square, {moves} knight move{} (drawn)",
        from.colour().as_str(),
        if moves == 1 { "" } else { "s" }
    );
    let verdict = match map.farthest {
        Some(far) if far > 0 => {
            format!("{itself}; every square shown is at most {far} moves from {from}")
        }
        _ => format!("{itself}; no other square shown can be reached from {from}"),
    };
    Overlay {
        ends: vec![from],
        moves_of: Some(from),
        shades,
        caption: Caption {
            asked: format!("Fewest moves from {from} to every square"),
            verdict: Some(verdict),
            ..Caption::default()
        },
        ..Overlay::default()
    }
}

/// Every shortest path from `from` to `to` as a picture: each square on
/// one shaded by its move, the ends marked, and the words "Every shortest
/// path from g2 to a8" and the count in words ("1,234 shortest paths").
/// With `page`, the place of the first path of a page and whether there
/// is one there (the path a caller draws): "…; path 3 drawn, every square
/// on some shortest path shaded by its move", or "…; none at place 5".
pub fn shortest_paths_overlay(
    from: Square,
    to: Square,
    found: &ShortestPaths,
    page: Option<(&Count, bool)>,
) -> Overlay {
    let shades = found
        .layers
        .iter()
        .zip(0u64..)
        .flat_map(|(layer, k)| layer.iter().map(move |&square| (square, k)))
        .collect();
    let count = count_words(&found.count.to_string());
    let verdict = match (found.moves, page) {
        (None, _) => "unreachable".to_owned(),
        (Some(_), None) => count,
        (Some(_), Some((offset, true))) => {
            let mut place = offset.clone();
            place += &Count::one();
            format!("{count}; path {place} drawn, every square on some shortest path shaded by its move")
        }
        (Some(_), Some((offset, false))) => format!("{count}; none at place {offset}"),
    };
    Overlay {
        ends: vec![from, to],
        shades,
        shade_moves: true,
        caption: Caption {
            asked: format!("Every shortest path from {from} to {to}"),
            moves: found.moves,
            verdict: Some(verdict),
            ..Caption::default()
        },
        ..Overlay::default()
    }
}

/// A path checked (`validate`) as a picture: the refused step marked, and
/// the words "Check of the path a1 b3 d4 (as a simple path)" (or "of a
/// path of 40 squares from a1 to h8" past eight squares) and "valid" with
/// its moves and cost, or "not valid at step 3: d4 to f5 lands on a rock".
pub fn validation_overlay(path: &[Square], found: &Validation, simple: bool) -> Overlay {
    let listed = match path {
        [first, .., last] if path.len() > 8 => {
            format!("a path of {} squares from {first} to {last}", path.len())
        }
        _ => {
            let names: Vec<String> = path.iter().map(Square::to_string).collect();
            format!("the path {}", names.join(" "))
        }
    };
    let asked = if simple {
        format!("Check of {listed} as a simple path")
    } else {
        format!("Check of {listed}")
    };
    let caption = match found.fault {
        None => Caption {
            asked,
            moves: Some(found.moves),
            cost: Some(found.cost),
            verdict: Some("valid".to_owned()),
        },
        Some(f) => {
            let from = f
                .from
                .map_or_else(|| "the start".to_owned(), |s| s.to_string());
            Caption {
                asked,
                moves: None,
                cost: None,
                verdict: Some(format!(
                    "not valid at step {}: {from} to {} {}",
                    f.step,
                    f.to,
                    f.reason.words()
                )),
            }
        }
    };
    Overlay {
        fault: found.fault.and_then(|f| f.from.map(|from| (from, f.to))),
        caption,
        ..Overlay::default()
    }
}

/// A shortest path on a plain board as a picture ("Shortest path from g2
/// to a8", its moves, or "unreachable").
pub fn shortest_path_overlay(from: Square, to: Square, moves: Option<u64>) -> Overlay {
    let asked = format!("Shortest path from {from} to {to}");
    path_overlay(asked, [from, to], moves, moves, None)
}

/// The cheapest path on a terrain under `rule` as a picture ("Cheapest
/// path from a1 to h8", with the rule when it is not the default; its
/// moves and cost, or "unreachable").
pub fn cheapest_path_overlay(
    ends: [Square; 2],
    rule: BarrierRule,
    found: Option<&CheapestPath>,
) -> Overlay {
    path_overlay(
        terrain_question("Cheapest path", ends, rule),
        ends,
        found.map(|p| p.moves),
        found.map(|p| p.cost),
        None,
    )
}

/// The longest path found within `time_limit` as a picture: "Longest path
/// (searched for up to 2000 ms) from a1 to h8" (with the rule when it is
/// not the default), its moves and cost, and its bound ("upper bound 30
/// moves: proven optimal"), or "no path found".
pub fn longest_path_overlay(
    ends: [Square; 2],
    rule: BarrierRule,
    longest: &Longest,
    time_limit: Duration,
) -> Overlay {
    let verdict = match (longest.path.is_some(), longest.upper_bound) {
        (true, Some(bound)) if longest.optimal => {
            Some(format!("upper bound {bound} moves: proven optimal"))
        }
        (true, Some(bound)) => Some(format!("upper bound {bound} moves: not proven optimal")),
        (false, _) => Some("no path found".to_owned()),
        (true, None) => None,
    };
    let what = format!(
        "Longest path (searched for up to {} ms)",
        time_limit.as_millis()
    );
    path_overlay(
        terrain_question(&what, ends, rule),
        ends,
        longest.moves,
        longest.cost,
        verdict,
    )
}

/// What a picture of a path between `ends` says: `asked`, and its moves
/// and cost, or that there is none, or `verdict`.
fn path_overlay(
    asked: String,
    ends: [Square; 2],
    moves: Option<u64>,
    cost: Option<u64>,
    verdict: Option<String>,
) -> Overlay {
    let verdict = verdict.or_else(|| moves.is_none().then(|| "unreachable".to_owned()));
    Overlay {
        ends: ends.to_vec(),
        caption: Caption {
            asked,
            moves,
            cost,
            verdict,
        },
        ..Overlay::default()
    }
}

/// "… from a1 to h8", and the barrier rule when it is not the default.
fn terrain_question(what: &str, [from, to]: [Square; 2], rule: BarrierRule) -> String {
    match rule {
        BarrierRule::Either => format!("{what} from {from} to {to}"),
        BarrierRule::LongLeg => {
            format!("{what} from {from} to {to}, barriers passed by the long leg first")
        }
    }
}

/// Digits up to this many are written whole (grouped by thousands); more,
/// as a power of ten (as the page writes them).
const WHOLE_DIGITS: usize = 12;

/// A count of shortest paths (decimal digits) as a person reads it: "1
/// shortest path", "1,234,567 shortest paths", or past [`WHOLE_DIGITS`]
/// digits "9.46 × 10²³⁰ shortest paths (231 digits)": three figures,
/// rounded half up.
fn count_words(count: &str) -> String {
    let digits = count.trim_start_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    if digits == "1" {
        return "1 shortest path".to_owned();
    }
    if digits.len() <= WHOLE_DIGITS {
        let mut grouped = String::with_capacity(digits.len() * 4 / 3);
        for (k, digit) in digits.chars().enumerate() {
            if k > 0 && (digits.len() - k) % 3 == 0 {
                grouped.push(',');
            }
            grouped.push(digit);
        }
        return format!("{grouped} shortest paths");
    }
    let figure = |k: usize| u32::from(digits.as_bytes()[k] - b'0');
    let mut lead = figure(0) * 100 + figure(1) * 10 + figure(2) + u32::from(figure(3) >= 5);
    let mut power = digits.len() - 1;
    if lead == 1000 {
        lead = 100;
        power += 1;
    }
    const SUPERSCRIPT: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let exponent: String = power
        .to_string()
        .bytes()
        .map(|d| SUPERSCRIPT[usize::from(d - b'0')])
        .collect();
    format!(
        "{}.{:02} × 10{exponent} shortest paths ({} digits)",
        lead / 100,
        lead % 100,
        digits.len()
    )
}

#[cfg(test)]
mod tests {
    use super::count_words;

    #[test]
    fn counts_read_as_a_person_reads_them() {
        assert_eq!(count_words("1"), "1 shortest path");
        assert_eq!(count_words("2"), "2 shortest paths");
        assert_eq!(count_words("1234567"), "1,234,567 shortest paths");
        assert_eq!(
            count_words("999999999999"),
            "999,999,999,999 shortest paths"
        );
        assert_eq!(
            count_words("1234567890123"),
            "1.23 × 10¹² shortest paths (13 digits)"
        );
        // Rounded half up, carrying into the power.
        assert_eq!(
            count_words("9995000000000"),
            "1.00 × 10¹³ shortest paths (13 digits)"
        );
        assert_eq!(
            count_words("1235000000000"),
            "1.24 × 10¹² shortest paths (13 digits)"
        );
    }
}
