//! How many tours a board has (`/tour/count`): the number, in words as
//! a caption, and as text the count from every square.

use axum::response::Response;
use serde::Serialize;

use crate::error::ApiError;
use crate::response::answer::{json, Drawn};
use crate::written::{Notated, NotatedSquare};
use knight::draw::{Caption, Overlay};
use knight::terrain::Ground;
use knight::tour::{Counted, TourCount};
use knight::{Board, Square};

/// The JSON answer.
#[derive(Serialize)]
struct CountAnswer {
    width: u64,
    height: u64,
    closed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<NotatedSquare>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end: Option<NotatedSquare>,
    /// The number, as a decimal string (it outgrows every JSON number).
    count: String,
    digits: usize,
}

/// The tours of a board counted, and (for text, from a `start` alone)
/// the count from every square.
pub struct CountMade {
    pub shown: Notated,
    pub counted: Counted,
    pub count: TourCount,
    pub each: Option<Vec<(Square, TourCount)>>,
}

impl CountMade {
    fn ends(&self) -> (Option<Square>, Option<Square>, bool) {
        match self.counted {
            Counted::Closed => (None, None, true),
            Counted::Open { start, end } => (start, end, false),
        }
    }

    fn answer(&self) -> CountAnswer {
        let (start, end, closed) = self.ends();
        let board = self.shown.board;
        CountAnswer {
            width: board.width(),
            height: board.height(),
            closed,
            start: start.map(|s| self.shown.square(s)),
            end: end.map(|e| self.shown.square(e)),
            count: self.count.count.to_string(),
            digits: self.count.count.digits(),
        }
    }

    /// The count in words.
    fn words(&self) -> String {
        let (start, end, _) = self.ends();
        words(&self.answer(), self.shown, start, end)
    }
}

impl Drawn for CountMade {
    fn json(self) -> Result<Response, ApiError> {
        json(&self.answer())
    }

    fn ground(&self) -> Ground<'_> {
        Ground::Plain(self.shown.board)
    }

    fn overlay(&self) -> Overlay {
        let (start, end, _) = self.ends();
        Overlay {
            ends: start.into_iter().chain(end).collect(),
            caption: Caption {
                asked: format!("How many knight's tours of the {} board", self.shown.board),
                moves: None,
                cost: None,
                verdict: Some(self.words()),
            },
            ..Overlay::default()
        }
    }

    /// One line, and the board of counts from every square when there
    /// is one.
    fn text(&self) -> Result<String, ApiError> {
        let mut text = format!("{}\n", self.words());
        if let Some(each) = &self.each {
            text.push_str(&each_square(self.shown.board, each));
        }
        Ok(text)
    }
}

/// The count in words: "9862 closed tours of the 6×6 board".
fn words(
    answer: &CountAnswer,
    shown: Notated,
    start: Option<Square>,
    end: Option<Square>,
) -> String {
    let name = |s: Square| match shown.square(s) {
        NotatedSquare::Index(i) => i.to_string(),
        NotatedSquare::Name(s) => s.to_string(),
    };
    let kind = if answer.closed { "closed" } else { "open" };
    let mut words = format!(
        "{} {kind} tours of the {}×{} board",
        answer.count, answer.width, answer.height
    );
    if let Some(start) = start {
        words.push_str(&format!(" from {}", name(start)));
    }
    if let Some(end) = end {
        words.push_str(&format!(" to {}", name(end)));
    }
    words
}

/// The counts from every square, as a board prints: the highest rank
/// first, each rank numbered, the files lettered underneath.
fn each_square(board: Board, each: &[(Square, TourCount)]) -> String {
    let width = each
        .iter()
        .map(|(_, c)| c.count.digits())
        .max()
        .unwrap_or(1)
        .max(knight::board::file_name(board.width() - 1).len());
    let rank_width = board.height().to_string().len();
    let mut text = String::from("open tours from each square:\n");
    for rank in board.ranks().rev() {
        text.push_str(&format!("{:>rank_width$}", rank + 1));
        for (_, count) in each.iter().filter(|(s, _)| s.rank() == rank) {
            text.push_str(&format!(" {:>width$}", count.count.to_string()));
        }
        text.push('\n');
    }
    text.push_str(&" ".repeat(rank_width));
    for file in board.files() {
        text.push_str(&format!(
            " {:>width$}",
            knight::board::file_name(u64::from(file))
        ));
    }
    text.push('\n');
    text
}
