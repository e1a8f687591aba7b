//! A knight's tour puzzle made (`/tour/puzzle`), drawn as puzzle books
//! print them: text with every square's number (or only the clues'),
//! pictures with the clue squares numbered.

use axum::response::Response;
use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::error::ApiError;
use crate::response::answer::{json, Drawn, NotatedPath};
use crate::written::Notated;
use knight::draw::Overlay;
use knight::terrain::Ground;
use knight::tour::{Clue, Puzzle};
use knight::Notation;

/// The clues as a JSON object, square → step, in step order.
struct NotatedClues<'a> {
    shown: Notated,
    clues: &'a [Clue],
}

impl Serialize for NotatedClues<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.clues.len()))?;
        for clue in self.clues {
            let key = match self.shown.notation {
                Notation::Index => self.shown.board.index(clue.square).to_string(),
                Notation::Algebraic => clue.square.to_string(),
            };
            map.serialize_entry(&key, &clue.step)?;
        }
        map.end()
    }
}

/// The JSON answer of `/tour/puzzle`.
#[derive(serde::Serialize)]
struct PuzzleAnswer<'a> {
    width: u64,
    height: u64,
    seed: u64,
    closed: bool,
    /// Whether no clue can be left out, proven (a second tour for each).
    minimal: bool,
    /// Why not, in words, when it is not.
    #[serde(skip_serializing_if = "Option::is_none")]
    not_minimal: Option<String>,
    clues: NotatedClues<'a>,
    solution: NotatedPath<'a>,
}

/// A puzzle made within `time_limit_ms`.
pub struct PuzzleMade {
    pub shown: Notated,
    pub puzzle: Puzzle,
    pub time_limit_ms: u64,
}

impl Drawn for PuzzleMade {
    fn json(self) -> Result<Response, ApiError> {
        let (puzzle, shown) = (&self.puzzle, self.shown);
        json(&PuzzleAnswer {
            width: puzzle.board.width(),
            height: puzzle.board.height(),
            seed: puzzle.seed,
            closed: puzzle.closed,
            minimal: puzzle.minimal(),
            not_minimal: puzzle.why_not_minimal().map(|why| {
                if puzzle.time_ran_out {
                    let limit = self.time_limit_ms;
                    format!("{why} (time_limit_ms was {limit}: more time may settle it)")
                } else {
                    why
                }
            }),
            clues: NotatedClues {
                shown,
                clues: &puzzle.clues,
            },
            solution: NotatedPath::new(shown, &puzzle.solution),
        })
    }

    fn ground(&self) -> Ground<'_> {
        Ground::Plain(self.puzzle.board)
    }

    /// What a picture of the puzzle says (the library's words).
    fn overlay(&self) -> Overlay {
        self.puzzle.overlay()
    }

    /// More time would make another puzzle: not one to keep a day.
    fn pure(&self) -> bool {
        !self.puzzle.time_ran_out
    }
}
