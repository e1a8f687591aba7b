//! The marks and words of the library's answers as pictures, written once
//! for every program that draws them (knightd and the Python package say
//! the same). A tour's are its own (`TourSquares::overlay`).

use super::{Caption, Overlay};
use crate::board::{Board, Square};
use crate::plain::{Count, DistanceMap, ShortestPaths};

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
