//! A page of the shortest paths between two squares (`/shortest-paths`).

use std::borrow::Cow;

use axum::response::Response;
use serde::Serialize;

use crate::convert::len64;
use crate::error::ApiError;
use crate::response::answer::Drawn;
use crate::response::streamed::json_with_lists;
use crate::written::{Notated, NotatedSquare};
use knight::draw::{Caption, Overlay};
use knight::plain::{Count, ShortestPaths};
use knight::terrain::Ground;
use knight::Square;

/// The JSON of a page of shortest paths.
#[derive(Debug, Serialize)]
pub struct PathsAnswer {
    pub from: NotatedSquare,
    pub to: NotatedSquare,
    pub width: u64,
    pub height: u64,
    pub moves: Option<u64>,
    /// A decimal string: it outgrows every integer type.
    pub count: String,
    /// A decimal string, as `count` is: any place below the count.
    pub offset: String,
    pub paths: Vec<Vec<NotatedSquare>>,
}

/// A page of the shortest paths between `ends`, from `offset`.
pub struct PathsFound {
    pub shown: Notated,
    pub ends: [Square; 2],
    pub offset: Count,
    pub found: ShortestPaths,
}

impl PathsFound {
    /// The first path of the page, drawn.
    fn first(&self) -> Option<&[Square]> {
        self.found
            .paths()
            .next()
            .filter(|_| self.found.moves.is_some())
    }
}

impl Drawn for PathsFound {
    /// Each path written as serde would, without a value made per square.
    fn json(self) -> Result<Response, ApiError> {
        let (shown, [from, to]) = (self.shown, self.ends);
        let answer = PathsAnswer {
            from: shown.square(from),
            to: shown.square(to),
            width: shown.board.width(),
            height: shown.board.height(),
            moves: self.found.moves,
            count: self.found.count.to_string(),
            offset: self.offset.to_string(),
            paths: Vec::new(),
        };
        Ok(json_with_lists(&answer, shown, self.found.paths()))
    }

    fn ground(&self) -> Ground<'_> {
        Ground::Plain(self.shown.board)
    }

    fn path(&self) -> Cow<'_, [Square]> {
        Cow::Borrowed(self.first().unwrap_or(&[]))
    }

    fn overlay(&self) -> Overlay {
        let ([from, to], found, offset) = (self.ends, &self.found, &self.offset);
        let shades = found
            .layers
            .iter()
            .enumerate()
            .flat_map(|(k, layer)| layer.iter().map(move |&s| (s, len64(k))))
            .collect();
        let count = count_words(&found.count.to_string());
        let verdict = match (found.moves, self.first()) {
            (None, _) => "unreachable".to_owned(),
            (Some(_), Some(_)) => {
                let mut place = offset.clone();
                place += &Count::one();
                format!("{count}; path {place} drawn, every square on some shortest path shaded by its move")
            }
            (Some(_), None) => format!("{count}; none at place {offset}"),
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
