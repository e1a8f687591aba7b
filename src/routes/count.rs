//! `/tour/count`: how many knight's tours a board has, exactly (GET with a
//! query, or POST with the same fields as JSON): open (each path counted
//! once), closed (each cycle once), from a `start`, or between a `start`
//! and an `end`. The count is the library's `count_tours`, on the heavy
//! pool within `time_limit_ms`; a board whose states would not fit
//! `--max-count-bytes` is refused before it queues. `format=text` prints the
//! count and, with `start` alone, the count from every square of the board.

use std::collections::HashMap;
use std::time::Duration;

use axum::response::Response;
use serde::Serialize;

use crate::error::{ApiError, CountRefused};
use crate::heavy::Served;
use crate::request::extract::Params;
use crate::request::params::{params, Given, SentWhole};
use crate::request::square::{PlainArgs, SquareArg};
use crate::response::picture::{check_drawable, respond, text_response};
use crate::routes::longest::time_limit_ms;
use crate::shape::{Format, Shown, ShownSquare};
use knight::draw::{Caption, Overlay};
use knight::terrain::Ground;
use knight::tour::{Counted, TourCount};
use knight::{count_tours, Board, CountError, CountRequest, Deadline, Square};

/// `time_limit_ms` when none is given.
const COUNT_TIME_LIMIT_MS: u64 = 1_000;

params! {
    /// Which tours are counted: open (the default) or `closed`, from a
    /// `start`, to an `end`; and the time.
    pub struct CountArgs {
        pub start: Given<SquareArg>,
        pub end: Given<SquareArg>,
        pub closed: Given<bool>,
        pub time_limit_ms: Given<SentWhole>,
    }
}

params! {
    /// `/tour/count`: a GET's query or a POST's body (`format` comes in the
    /// query string).
    pub struct CountParams {
        pub count: CountArgs,
        pub plain: PlainArgs,
    }
}

impl CountArgs {
    /// Which tours of `board` are counted: a closed tour passes every
    /// square, so it takes no `start` or `end`.
    fn counted(&self, board: Board) -> Result<Counted, ApiError> {
        let start = self
            .start
            .0
            .as_ref()
            .map(|s| s.on(board, "start"))
            .transpose()?;
        let end = self
            .end
            .0
            .as_ref()
            .map(|e| e.on(board, "end"))
            .transpose()?;
        if !self.closed.or(false) {
            return Ok(Counted::Open { start, end });
        }
        match (start, end) {
            (None, None) => Ok(Counted::Closed),
            (Some(_), _) => Err(ApiError::invalid(
                "start",
                "a closed tour passes every square, so it is counted without a 'start': leave out 'start' or 'closed=true'",
            )),
            (None, Some(_)) => Err(ApiError::invalid(
                "end",
                "a closed tour passes every square, so it is counted without an 'end': leave out 'end' or 'closed=true'",
            )),
        }
    }
}

/// The JSON answer.
#[derive(Serialize)]
struct CountAnswer {
    width: u64,
    height: u64,
    closed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<ShownSquare>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end: Option<ShownSquare>,
    /// The number, as a decimal string (it outgrows every JSON number).
    count: String,
    digits: usize,
}

pub async fn handler(
    Served { state, work }: Served,
    format: Format,
    Params(req): Params<CountParams>,
) -> Result<Response, ApiError> {
    let CountParams { count: req, plain } = req;
    let board = plain.board()?;
    let counted = req.counted(board)?;
    let time_limit_ms = if req.time_limit_ms.is_given() {
        time_limit_ms(req.time_limit_ms, state.config.max_time_limit_ms)?
    } else {
        COUNT_TIME_LIMIT_MS.min(state.config.max_time_limit_ms)
    };
    let budget = state.config.max_count_bytes;
    let request = CountRequest { board, counted };
    let refused = move |error| CountRefused {
        error,
        board,
        time_limit_ms,
    };
    // Refused here too, so that a board far too large never queues.
    if let Some(error) = request.refused(budget) {
        return Err(refused(error).into());
    }
    // Text is one line, and a board of counts only with `start` alone.
    let start_alone = matches!(
        counted,
        Counted::Open {
            start: Some(_),
            end: None
        }
    );
    if format != Format::Text || start_alone {
        check_drawable(format, board, &[])?;
    }
    let notation = req
        .start
        .0
        .as_ref()
        .or(req.end.0.as_ref())
        .map_or(knight::Notation::Algebraic, SquareArg::notation);
    let shown = Shown {
        board,
        notation: plain.notation.or(notation),
    };
    let time_limit = Duration::from_millis(time_limit_ms);
    let called_off = work.called_off();
    work.run_for(time_limit, move || {
        let deadline = Deadline::from(time_limit).cancelled_by(called_off);
        let counted_ = count_tours(request, budget, deadline.clone()).map_err(refused)?;
        let (start, end, closed) = match counted {
            Counted::Closed => (None, None, true),
            Counted::Open { start, end } => (start, end, false),
        };
        let answer = CountAnswer {
            width: board.width(),
            height: board.height(),
            closed,
            start: start.map(|s| shown.square(s)),
            end: end.map(|e| shown.square(e)),
            count: counted_.count.to_string(),
            digits: counted_.count.digits(),
        };
        let words = words(&answer, shown, start, end);
        if format == Format::Text {
            let mut text = format!("{words}\n");
            if let (Some(_), None) = (start, end) {
                let each = from_every_square(board, budget, &deadline).map_err(refused)?;
                text.push_str(&each_square(board, &each));
            }
            return Ok(text_response(text));
        }
        let overlay = Overlay {
            ends: start.into_iter().chain(end).collect(),
            caption: Caption {
                asked: format!("How many knight's tours of the {board} board"),
                moves: None,
                cost: None,
                verdict: Some(words),
            },
            ..Overlay::default()
        };
        respond(format, Ground::Plain(board), None, &answer, overlay)
    })
    .await?
}

/// The count in words: "9862 closed tours of the 6×6 board".
fn words(answer: &CountAnswer, shown: Shown, start: Option<Square>, end: Option<Square>) -> String {
    let name = |s: Square| match shown.square(s) {
        ShownSquare::Index(i) => i.to_string(),
        ShownSquare::Name(s) => s.to_string(),
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

/// The open tours from every square, each once up to the board's
/// symmetries (a square and its mirror images have the same count).
fn from_every_square(
    board: Board,
    budget: u64,
    deadline: &Deadline,
) -> Result<Vec<(Square, TourCount)>, CountError> {
    let (w, h) = (board.width(), board.height());
    let mut seen: HashMap<(u32, u32), TourCount> = HashMap::new();
    let mut each = Vec::new();
    for rank in board.ranks() {
        for file in board.files() {
            let key = symmetric(file, rank, w, h);
            let count = match seen.get(&key) {
                Some(count) => count.clone(),
                None => {
                    let start = Square::new(file, rank);
                    let counted = Counted::Open {
                        start: Some(start),
                        end: None,
                    };
                    let count =
                        count_tours(CountRequest { board, counted }, budget, deadline.clone())?;
                    seen.insert(key, count.clone());
                    count
                }
            };
            each.push((Square::new(file, rank), count));
        }
    }
    Ok(each)
}

/// The least of a square's images under the board's mirrors (and, on a
/// square board, its diagonal).
fn symmetric(file: u32, rank: u32, w: u64, h: u64) -> (u32, u32) {
    let mirror = |n: u32, side: u64| {
        let side = u32::try_from(side).unwrap_or(u32::MAX);
        n.min(side - 1 - n)
    };
    let (f, r) = (mirror(file, w), mirror(rank, h));
    if w == h {
        (f.min(r), f.max(r))
    } else {
        (f, r)
    }
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
