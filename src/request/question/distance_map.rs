//! `/distance-map`: one square of a board, and the window of it to map.

use std::borrow::Cow;
use std::ops::Range;

use crate::convert::len64;
use crate::error::{ApiError, Code};
use crate::request::params::{params, shorten, Given};
use crate::request::resolve::{Context, Resolve};
use crate::request::square::{PlainArgs, SquareArg};
use crate::written::Notated;
use knight::{Board, Square};

params! {
    /// The part of a board a distance map shows: `files` and `ranks`, each
    /// `first..last` (each side whole when absent).
    pub struct Window {
        pub files: Given<String>,
        pub ranks: Given<String>,
    }
}

params! {
    /// What `/distance-map` asks: from where, on which board, over which
    /// window.
    pub struct MapArgs {
        pub from: Given<SquareArg>,
        pub window: Window,
        pub plain: PlainArgs,
    }
}

/// A distance map to make: from `from`, over the window's files and
/// ranks, at most `--max-map-squares`.
pub struct MapQuestion {
    pub shown: Notated,
    pub from: Square,
    pub files: Range<u32>,
    pub ranks: Range<u32>,
    pub limit: u64,
}

impl MapQuestion {
    /// The squares the map shows: the measure of its work.
    pub fn squares(&self) -> u64 {
        len64(self.files.len()) * len64(self.ranks.len())
    }
}

impl Resolve for MapQuestion {
    type Sent = MapArgs;

    fn resolve(req: MapArgs, cx: &Context<'_>) -> Result<MapQuestion, ApiError> {
        let (shown, [from]) = req.plain.squares([("from", req.from.as_ref())])?;
        let board = shown.board;
        let (files, ranks) = req.window.ranges(board)?;
        let question = MapQuestion {
            shown,
            from,
            files,
            ranks,
            limit: cx.config.max_map_squares,
        };
        let (squares, limit) = (question.squares(), question.limit);
        if squares > limit {
            return Err(req.window.too_large(board, squares, limit));
        }
        Ok(question)
    }

    fn asked(&self) -> Option<(Board, Cow<'_, [Square]>)> {
        Some((
            self.shown.board,
            Cow::Borrowed(std::slice::from_ref(&self.from)),
        ))
    }
}

impl Window {
    /// A window (or the whole board, when no window was given) of
    /// `squares`, past a map's `limit`.
    fn too_large(&self, board: Board, squares: u64, limit: u64) -> ApiError {
        let detail = if self.files.is_given() || self.ranks.is_given() {
            format!("the window has {squares} squares; a distance map shows at most {limit}: give a smaller 'files' or 'ranks' range")
        } else {
            format!("the {board} board has {squares} squares; a distance map shows at most {limit}: give a window, such as files=a..p&ranks=1..16")
        };
        let error = ApiError::new(Code::BoardTooLarge, detail);
        match (self.files.is_given(), self.ranks.is_given()) {
            (true, _) => error.at("files"),
            (false, true) => error.at("ranks"),
            (false, false) => error,
        }
    }

    /// The files and ranks of the window on `board`.
    fn ranges(&self, board: Board) -> Result<(Range<u32>, Range<u32>), ApiError> {
        let files = self.files.0.as_deref();
        let ranks = self.ranks.0.as_deref();
        Ok((
            window(files, "files", board.files().end, Side::Files)?,
            window(ranks, "ranks", board.ranks().end, Side::Ranks)?,
        ))
    }
}

/// Which side of the board a window's range is along.
#[derive(Clone, Copy)]
enum Side {
    /// Files: letters as in names (`a..p`) or indices from 0 (`0..15`).
    Files,
    /// Ranks: numbers as in names, from 1 (`1..16`).
    Ranks,
}

/// The window along one side: `first..last`, both included, or the whole
/// side when absent.
fn window(
    sent: Option<&str>,
    param: &str,
    side_len: u32,
    side: Side,
) -> Result<Range<u32>, ApiError> {
    let Some(whole) = sent else {
        return Ok(0..side_len);
    };
    let sent = shorten(whole);
    let how = match side {
        Side::Files => "file letters or indices from 0, such as a..p or 0..15",
        Side::Ranks => "rank numbers from 1, such as 1..16",
    };
    let bad = || {
        ApiError::invalid(
            param,
            format!("'{sent}' is not a range of {how} (first..last, both included)"),
        )
    };
    let (first, last) = whole.split_once("..").ok_or_else(bad)?;
    let read = |text: &str| -> Option<u64> {
        let text = text.trim();
        match side {
            Side::Files if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
                text.parse().ok()
            }
            Side::Files => text
                .parse::<knight::SquareName>()
                .ok()
                .or_else(|| format!("{text}1").parse::<knight::SquareName>().ok())
                .and_then(|name| match name {
                    knight::SquareName::Algebraic { file, .. } => Some(file),
                    knight::SquareName::Index(_) => None,
                }),
            Side::Ranks => text.parse::<u64>().ok().and_then(|r| r.checked_sub(1)),
        }
    };
    let (first, last) = (read(first).ok_or_else(bad)?, read(last).ok_or_else(bad)?);
    if first > last {
        return Err(ApiError::invalid(
            param,
            format!(
                "'{sent}' runs backwards: give the first {} before the last",
                side_word(side)
            ),
        ));
    }
    if last >= u64::from(side_len) {
        return Err(ApiError::new(
            Code::SquareOffBoard,
            format!(
                "'{sent}' goes past the board, which has {side_len} {}: give a range within {}",
                side_word(side),
                match side {
                    Side::Files =>
                        format!("a..{}", knight::board::file_name(u64::from(side_len) - 1)),
                    Side::Ranks => format!("1..{side_len}"),
                }
            ),
        )
        .at(param));
    }
    let to32 = |v: u64| u32::try_from(v).map_err(|_| bad());
    Ok(to32(first)?..to32(last)? + 1)
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Files => "files",
        Side::Ranks => "ranks",
    }
}
