//! How an answer is written, as a request decides it and a response
//! follows it: its [`Format`] (JSON, text, SVG, or PNG at a size) and its
//! squares notated on their board ([`Notated`]: as indices or names). Only the types
//! live here, below both: `request` reads them from what was sent
//! (`request::format::negotiate`, `request::square`) and `response`
//! writes answers by them, so neither of the two imports the other.

use serde::Serialize;

use knight::draw::{Drawing, RenderError};
use knight::{Board, Notation, Square};

/// How an answer that draws a board is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    #[default]
    Json,
    /// The challenge's text board (`text/plain; charset=utf-8`).
    Text,
    /// An SVG picture (`image/svg+xml`).
    Svg,
    /// The SVG picture rasterised (`image/png`), its longer side `size`
    /// pixels (else the SVG's own size).
    Png { size: Option<u32> },
}

impl Format {
    /// Refuses, before any work, a drawing that would show too many
    /// squares (422 `render_too_large`, param `format`): the part of
    /// `board` around `around` (the squares asked about), or the whole
    /// board when `around` is empty (a tour). A question checks it before
    /// a long search or tour whose answer would then not be drawn; the
    /// drawing checks again.
    pub fn check_drawable(self, board: Board, around: &[Square]) -> Result<(), RenderError> {
        let drawing = match self {
            Format::Json => return Ok(()),
            Format::Text => Drawing::Text,
            Format::Svg | Format::Png { .. } => Drawing::Plain,
        };
        let corners = [
            Square::new(0, 0),
            Square::new(board.files().end - 1, board.ranks().end - 1),
        ];
        let around = if around.is_empty() { &corners } else { around };
        knight::draw::view(board, around, drawing)?;
        Ok(())
    }
}

/// A square in an answer: an index or a name, written straight into the
/// answer (a million-square tour makes no million strings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotatedSquare {
    Index(u64),
    Name(Square),
}

impl Serialize for NotatedSquare {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            NotatedSquare::Index(i) => serializer.serialize_u64(*i),
            NotatedSquare::Name(square) => serializer.collect_str(square),
        }
    }
}

impl NotatedSquare {
    /// The square as JSON, as its `Serialize` writes it: an integer, or a
    /// quoted name (letters and digits, nothing to escape).
    pub fn write_json(&self, out: &mut Vec<u8>) {
        match self {
            NotatedSquare::Index(i) => {
                out.extend_from_slice(itoa::Buffer::new().format(*i).as_bytes())
            }
            NotatedSquare::Name(square) => {
                use std::io::Write;
                let _ = write!(out, "\"{square}\"");
            }
        }
    }
}

/// How answers on one board write squares.
#[derive(Clone, Copy, Debug)]
pub struct Notated {
    pub board: Board,
    pub notation: Notation,
}

impl Notated {
    pub fn square(&self, square: Square) -> NotatedSquare {
        match self.notation {
            Notation::Index => NotatedSquare::Index(self.board.index(square)),
            Notation::Algebraic => NotatedSquare::Name(square),
        }
    }

    pub fn squares(&self, squares: &[Square]) -> Vec<NotatedSquare> {
        squares.iter().map(|&s| self.square(s)).collect()
    }
}
