//! `POST /longest-path`: the longest simple path found in a time budget on a
//! plain or terrain board, with a proven upper bound on its moves.

use std::time::Duration;

use axum::response::Response;
use serde::Serialize;

use crate::heavy::Served;
use crate::heavy::SMALL_SEARCH_SQUARES;
use crate::params;
use crate::request::board::{ground_arg, path_ends, search_error, GroundArg, TerrainArgs};
use crate::request::extract::JsonBody;
use crate::request::params::Given;
use crate::request::square::{Ends, PlainArgs};
use crate::response::picture::{check_drawable, respond, Format};
use crate::response::problem::ApiError;
use crate::routes::path::{path_overlay, terrain_question, PathAnswer};
use knight::longest_path;
use knight::{Ground, Terrain};

/// The time budget when a request names none, in milliseconds.
const DEFAULT_TIME_LIMIT_MS: u64 = 1_000;

params! {
    /// `POST /longest-path`: a terrain `board` (whose `S`/`E` are the
    /// default ends) or a plain board of `width` by `height`.
    pub struct LongestBody {
        pub ends: Ends,
        pub plain: PlainArgs,
        pub terrain: TerrainArgs,
        pub time_limit_ms: Given<u64>,
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

pub async fn handler(
    Served { state, work }: Served,
    format: Format,
    JsonBody(req): JsonBody<LongestBody>,
) -> Result<Response, ApiError> {
    let max_squares = state.config.max_longest_squares;
    let max_time_limit_ms = state.config.max_time_limit_ms;
    let time_limit_ms = req.time_limit_ms.or(DEFAULT_TIME_LIMIT_MS);
    if time_limit_ms > max_time_limit_ms {
        return Err(ApiError::invalid(
            "time_limit_ms",
            format!("time_limit_ms is {time_limit_ms}; at most {max_time_limit_ms} is allowed"),
        ));
    }
    let (ground, rule) = ground_arg(req.terrain, &req.plain)?;
    let terrain = match ground {
        GroundArg::Terrain(board) => board.terrain(max_squares)?,
        GroundArg::Plain(board) if board.squares() > max_squares => {
            let side = if req.plain.width.is_given() {
                "width"
            } else {
                "height"
            };
            return Err(ApiError::board_too_large(
                side,
                board.squares(),
                max_squares,
            ));
        }
        GroundArg::Plain(board) => Terrain::plain(board),
    };
    let (shown, [from, to]) = path_ends(&terrain, &req.ends, req.plain.notation)?;
    check_drawable(format, terrain.board(), &[from, to])?;
    let limit = Duration::from_millis(time_limit_ms);
    let squares = terrain.board().squares();
    let search = move || {
        let longest = longest_path(&terrain, rule, from, to, limit);
        (terrain, longest)
    };
    // Admission counts the time limit as the search's time: it runs to
    // the limit unless it proves its path the longest first.
    let (terrain, longest) = if squares <= SMALL_SEARCH_SQUARES {
        search()
    } else {
        work.run_for(limit, search).await?
    };
    let longest = longest.map_err(search_error)?;
    let answer = LongestAnswer {
        found: PathAnswer::new(
            &shown,
            [from, to],
            longest.moves,
            longest.cost,
            longest.path.as_deref(),
        ),
        upper_bound: longest.upper_bound,
        optimal: longest.optimal,
    };
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
