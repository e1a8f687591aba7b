//! `/path`: one shortest path on a plain board (GET or POST), or the cheapest
//! path on a terrain board (POST with `board`).

use axum::response::Response;
use serde::Serialize;

use crate::convert::len64;
use crate::error::ApiError;
use crate::heavy::Served;
use crate::request::board::{ground_arg, path_ends, GroundArg, TerrainArgs};
use crate::request::extract::{JsonBody, Params};
use crate::request::params::params;
use crate::request::params::Given;
use crate::request::square::{required, squares_on, Ends, PlainArgs};
use crate::response::answer::json_with_squares;
use crate::response::picture::{check_drawable, respond};
use crate::shape::Format;
use crate::shape::{Shown, ShownSquare};
use knight::draw::{Caption, Overlay};
use knight::terrain::Ground;
use knight::tour::TourSquares;
use knight::{
    cheapest_path, knight_distance, shortest_path, BarrierRule, Notation, Square, Terrain,
};

params! {
    /// `GET /path`.
    pub struct PathQuery {
        pub ends: Ends,
        pub plain: PlainArgs,
    }
}

params! {
    /// `POST /path`: a plain board (`width`, `height`) or a terrain `board`.
    pub struct PathBody {
        pub ends: Ends,
        pub plain: PlainArgs,
        pub terrain: TerrainArgs,
    }
}

#[derive(Debug, Serialize)]
pub struct PathAnswer {
    pub from: ShownSquare,
    pub to: ShownSquare,
    pub width: u64,
    pub height: u64,
    pub moves: Option<u64>,
    pub cost: Option<u64>,
    pub path: Option<Vec<ShownSquare>>,
}

impl PathAnswer {
    /// The answer on `shown`'s board, squares written its way.
    pub fn new(
        shown: &Shown,
        [from, to]: [Square; 2],
        moves: Option<u64>,
        cost: Option<u64>,
        path: Option<&[Square]>,
    ) -> PathAnswer {
        PathAnswer {
            from: shown.square(from),
            to: shown.square(to),
            width: shown.board.width(),
            height: shown.board.height(),
            moves,
            cost,
            path: path.map(|p| shown.squares(p)),
        }
    }
}

pub async fn get(
    Served { state, work }: Served,
    format: Format,
    Params(req): Params<PathQuery>,
) -> Result<Response, ApiError> {
    let (shown, ends) = req.plain.squares(req.ends.named())?;
    plain_path(Served { state, work }, shown, ends, format).await
}

pub async fn post(
    Served { state, work: heavy }: Served,
    format: Format,
    JsonBody(req): JsonBody<PathBody>,
) -> Result<Response, ApiError> {
    let (ground, rule) = ground_arg(req.terrain, &req.plain)?;
    match ground {
        GroundArg::Terrain(board) => {
            let (ends, notation) = (req.ends, req.plain.notation);
            let max_squares = state.config.max_terrain_squares;
            let chars = board.chars();
            let work = move || {
                let terrain = board.terrain(max_squares)?;
                terrain_path(&terrain, rule, &ends, notation, format)
            };
            heavy.run_sized(chars, work).await?
        }
        GroundArg::Plain(board) => {
            let ends = required(req.ends.named())?;
            let (shown, ends) = squares_on(board, req.plain.notation, ends)?;
            plain_path(Served { state, work: heavy }, shown, ends, format).await
        }
    }
}

async fn plain_path(
    Served { state, work }: Served,
    shown: Shown,
    [from, to]: [Square; 2],
    format: Format,
) -> Result<Response, ApiError> {
    let board = shown.board;
    check_drawable(format, board, &[from, to])?;
    let limit = state.config.max_path_squares;
    let search = move || shortest_path(board, from, to, limit);
    // Short paths take microseconds; long ones (up to a million squares,
    // tens of milliseconds) go to the blocking pool.
    let moves = knight_distance(board, from, to).unwrap_or(0);
    let path = work.run_sized(moves, search).await??;
    let moves = path.as_ref().map(|p| len64(p.len()) - 1);
    let path = match (format, path) {
        // Streamed: a long path is written as the client reads it.
        (Format::Json, Some(path)) => {
            let head = PathAnswer::new(&shown, [from, to], moves, moves, Some(&[]));
            let squares = TourSquares::Own(path);
            return Ok(json_with_squares(&head, shown, squares, &state.cache));
        }
        (_, path) => path,
    };
    let answer = PathAnswer::new(&shown, [from, to], moves, moves, path.as_deref());
    let asked = format!("Shortest path from {from} to {to}");
    let overlay = path_overlay(asked, [from, to], moves, moves, None);
    respond(
        format,
        Ground::Plain(board),
        path.as_deref(),
        &answer,
        overlay,
    )
}

/// What a picture of a path between `ends` says: `asked`, and its moves
/// and cost, or that there is none, or `verdict`.
pub fn path_overlay(
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

/// "from a1 to h8", and the barrier rule when it is not the default.
pub fn terrain_question(what: &str, [from, to]: [Square; 2], rule: BarrierRule) -> String {
    match rule {
        BarrierRule::Either => format!("{what} from {from} to {to}"),
        BarrierRule::LongLeg => {
            format!("{what} from {from} to {to}, barriers passed by the long leg first")
        }
    }
}

fn terrain_path(
    terrain: &Terrain,
    rule: BarrierRule,
    ends: &Ends,
    notation: Given<Notation>,
    format: Format,
) -> Result<Response, ApiError> {
    let (shown, ends) = path_ends(terrain, ends, notation)?;
    let found = cheapest_path(terrain, ends[0], ends[1], rule).map_err(ApiError::from)?;
    let answer = PathAnswer::new(
        &shown,
        ends,
        found.as_ref().map(|p| p.moves),
        found.as_ref().map(|p| p.cost),
        found.as_ref().map(|p| &p.path[..]),
    );
    let overlay = path_overlay(
        terrain_question("Cheapest path", ends, rule),
        ends,
        answer.moves,
        answer.cost,
        None,
    );
    respond(
        format,
        Ground::Terrain(terrain),
        found.as_ref().map(|p| &p.path[..]),
        &answer,
        overlay,
    )
}
