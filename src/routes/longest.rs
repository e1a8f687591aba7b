//! `POST /longest-path`: the longest simple path found in a time budget on a
//! plain or terrain board, with a proven upper bound on its moves.

use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use axum::response::Response;
use serde::Serialize;

use crate::error::{ApiError, Code};
use crate::heavy::SMALL_SEARCH_SQUARES;
use crate::heavy::{Served, Work};
use crate::request::board::{ground_arg, path_ends, GroundArg, TerrainArgs};
use crate::request::extract::JsonBody;
use crate::request::format::Ndjson;
use crate::request::params::params;
use crate::request::params::{Given, SentWhole};
use crate::request::square::{Ends, PlainArgs};
use crate::response::lines::{self, LineSender};
use crate::response::picture::{check_drawable, respond};
use crate::routes::path::{path_overlay, terrain_question, PathAnswer};
use crate::shape::Format;
use crate::shape::Shown;
use knight::terrain::{longest_path_watched, Ground, Longest, LongestWatch};
use knight::{BarrierRule, Square, Terrain};

/// The time budget when a request names none, in milliseconds.
const DEFAULT_TIME_LIMIT_MS: u64 = 1_000;

params! {
    /// `POST /longest-path`: a terrain `board` (whose `S`/`E` are the
    /// default ends) or a plain board of `width` by `height`.
    pub struct LongestBody {
        pub ends: Ends,
        pub plain: PlainArgs,
        pub terrain: TerrainArgs,
        pub time_limit_ms: Given<SentWhole>,
    }
}

#[derive(Debug, Serialize)]
pub struct LongestAnswer {
    /// `from`, `to`, the board, `moves`, `cost` and `path`, as `/path` has them.
    #[serde(flatten)]
    pub found: PathAnswer,
    pub upper_bound: Option<u64>,
    pub optimal: bool,
}

/// A search's `time_limit_ms` (the default when absent), at most
/// `max_time_limit_ms` (`--max-time-limit-ms`): the one rule of `/longest-path` and
/// `/tour/finish`.
pub fn time_limit_ms(given: Given<SentWhole>, max_time_limit_ms: u64) -> Result<u64, ApiError> {
    let Some(given) = given.0 else {
        return Ok(DEFAULT_TIME_LIMIT_MS);
    };
    if given.value > max_time_limit_ms {
        let sent = given.shown();
        return Err(ApiError::invalid(
            "time_limit_ms",
            format!("'time_limit_ms' is {sent}; at most {max_time_limit_ms} is allowed: give {max_time_limit_ms} or less"),
        ));
    }
    Ok(given.value)
}

impl LongestAnswer {
    /// The answer of `longest`, from `ends[0]` to `ends[1]`, written
    /// `shown`'s way.
    pub fn new(shown: &Shown, ends: [Square; 2], longest: &Longest) -> LongestAnswer {
        LongestAnswer {
            found: PathAnswer::new(
                shown,
                ends,
                longest.moves,
                longest.cost,
                longest.path.as_deref(),
            ),
            upper_bound: longest.upper_bound,
            optimal: longest.optimal,
        }
    }
}

/// One line of the NDJSON stream: the answer so far, the time since the
/// search began, and whether it is the last line (the final answer).
#[derive(Debug, Serialize)]
pub struct LongestLine {
    #[serde(flatten)]
    pub answer: LongestAnswer,
    pub elapsed_ms: u64,
    #[serde(rename = "final")]
    pub last: bool,
}

/// A streamed search, as asked.
struct Streamed {
    terrain: Terrain,
    rule: BarrierRule,
    ends: [Square; 2],
    shown: Shown,
    limit: Duration,
}

/// What the search reports to the stream: a line at each improvement, and
/// "cancelled" once the client has gone.
struct Watch {
    lines: LineSender,
    work: Work,
    shown: Shown,
    ends: [Square; 2],
    began: Instant,
}

impl Watch {
    fn line(&self, longest: &Longest, last: bool) -> LongestLine {
        let elapsed = self.began.elapsed().as_millis();
        LongestLine {
            answer: LongestAnswer::new(&self.shown, self.ends, longest),
            elapsed_ms: u64::try_from(elapsed).unwrap_or(u64::MAX),
            last,
        }
    }
}

impl LongestWatch for Watch {
    fn improved(&self, longest: &Longest) {
        self.lines.offer(&self.line(longest, false));
    }

    fn cancelled(&self) -> bool {
        self.lines.is_closed() || self.work.is_called_off()
    }

    fn cores(&self) -> usize {
        cores(&self.work)
    }
}

/// The cores a search may use: two while the pool has one to spare, one
/// each while another client's work waits.
fn cores(work: &Work) -> usize {
    if work.core_to_spare() {
        2
    } else {
        1
    }
}

/// The watch of a search answered whole: its cores, and whether its
/// client is still there.
struct Cores(Work);

impl LongestWatch for Cores {
    fn improved(&self, _: &Longest) {}

    fn cancelled(&self) -> bool {
        self.0.is_called_off()
    }

    fn cores(&self) -> usize {
        cores(&self.0)
    }
}

/// The search streamed as NDJSON: the answer (`200`) once the search has
/// started on the blocking pool (a refusal of admission is the usual
/// `503`), its lines as it improves, and the final answer last. The
/// search stops when the client goes away.
async fn stream(work: Work, ask: Streamed) -> Result<Response, ApiError> {
    let began = Instant::now();
    let (lines, response) = lines::channel();
    let (started, has_started) = oneshot::channel::<()>();
    let watch = Watch {
        lines,
        work: work.clone(),
        shown: ask.shown,
        ends: ask.ends,
        began,
    };
    let limit = ask.limit;
    let job = tokio::spawn(async move {
        let searched = work
            .run_for(limit, move || {
                let _ = started.send(());
                let [from, to] = ask.ends;
                let longest =
                    longest_path_watched(&ask.terrain, ask.rule, from, to, ask.limit, &watch);
                (longest, watch)
            })
            .await?;
        if let (Ok(longest), watch) = searched {
            let last = watch.line(&longest, true);
            watch.lines.finish(&last).await;
        }
        Ok::<(), ApiError>(())
    });
    if has_started.await.is_err() {
        // The job never started: admission refused it (or it failed).
        job.await.map_err(|_| ApiError::internal())??;
        return Err(ApiError::internal());
    }
    Ok(response)
}

pub async fn handler(
    Served { state, work }: Served,
    format: Format,
    ndjson: Ndjson,
    JsonBody(req): JsonBody<LongestBody>,
) -> Result<Response, ApiError> {
    let max_squares = state.config.max_longest_squares;
    let time_limit_ms = time_limit_ms(req.time_limit_ms, state.config.max_time_limit_ms)?;
    let (ground, rule) = ground_arg(req.terrain, &req.plain)?;
    let terrain = match ground {
        GroundArg::Terrain(board) => board.terrain(max_squares).map_err(|e| {
            if e.code() == Code::BoardTooLarge {
                ApiError::new(
                    Code::BoardTooLarge,
                    format!(
                        "{} on /longest-path (--max-longest-squares): {TOO_LARGE_REMEDY}",
                        e.detail()
                    ),
                )
                .at("board")
            } else {
                e
            }
        })?,
        GroundArg::Plain(board) if board.squares() > max_squares => {
            let side = if req.plain.width.is_given() {
                "width"
            } else {
                "height"
            };
            return Err(too_large(side, board.squares(), max_squares));
        }
        GroundArg::Plain(board) => Terrain::plain(board),
    };
    let (shown, [from, to]) = path_ends(&terrain, &req.ends, req.plain.notation)?;
    check_drawable(format, terrain.board(), &[from, to])?;
    let limit = Duration::from_millis(time_limit_ms);
    if ndjson.0 {
        terrain.check_ends(from, to).map_err(ApiError::from)?;
        let ask = Streamed {
            terrain,
            rule,
            ends: [from, to],
            shown,
            limit,
        };
        return stream(work, ask).await;
    }
    let squares = terrain.board().squares();
    let cores = Cores(work.clone());
    let search = move || {
        let longest = longest_path_watched(&terrain, rule, from, to, limit, &cores);
        (terrain, longest)
    };
    // Admission counts the time limit as the search's time: it runs to
    // the limit unless it proves its path the longest first.
    let (terrain, longest) = if squares <= SMALL_SEARCH_SQUARES {
        search()
    } else {
        work.run_for(limit, search).await?
    };
    let longest = longest.map_err(ApiError::from)?;
    let answer = LongestAnswer::new(&shown, [from, to], &longest);
    let verdict = match (longest.path.is_some(), longest.upper_bound) {
        (true, Some(bound)) if longest.optimal => {
            Some(format!("upper bound {bound} moves: proven optimal"))
        }
        (true, Some(bound)) => Some(format!("upper bound {bound} moves: not proven optimal")),
        (false, _) => Some("no path found".to_owned()),
        (true, None) => None,
    };
    let overlay = path_overlay(
        terrain_question(
            &format!("Longest path (searched for up to {time_limit_ms} ms)"),
            [from, to],
            rule,
        ),
        [from, to],
        answer.found.moves,
        answer.found.cost,
        verdict,
    );
    respond(
        format,
        Ground::Terrain(&terrain),
        longest.path.as_deref(),
        &answer,
        overlay,
    )
}

/// A board of `squares` (named by `param`) past /longest-path's `limit`.
fn too_large(param: &str, squares: u64, limit: u64) -> ApiError {
    ApiError::board_too_large(
        param,
        squares,
        ("/longest-path", limit, "--max-longest-squares"),
        TOO_LARGE_REMEDY,
    )
}

/// What a board too large for /longest-path is told to do.
const TOO_LARGE_REMEDY: &str =
    "send a smaller board, or ask /path for a shortest path, which takes boards of any size";
