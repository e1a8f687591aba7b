//! `/path`: one shortest path on a plain board (GET or POST), or the cheapest
//! path on a terrain board (POST with `board`).

use axum::response::Response;

use crate::error::ApiError;
use crate::heavy::Served;
use crate::request::question::path::{PathQuestion, PlainPath, TerrainPath};
use crate::request::resolve::Question;
use crate::response::answer::path::{Cheapest, ShortestPath};
use crate::response::answer::respond;
use crate::written::Format;
use knight::{cheapest_path, knight_distance, shortest_path};

pub async fn get(
    served: Served,
    format: Format,
    Question(ask): Question<PlainPath>,
) -> Result<Response, ApiError> {
    plain(served, ask, format).await
}

pub async fn post(
    served: Served,
    format: Format,
    Question(ask): Question<PathQuestion>,
) -> Result<Response, ApiError> {
    match ask {
        PathQuestion::Plain(ask) => plain(served, ask, format).await,
        PathQuestion::Terrain(ask) => terrain(served, ask, format).await,
    }
}

async fn plain(
    Served { cache, work }: Served,
    ask: PlainPath,
    format: Format,
) -> Result<Response, ApiError> {
    let (board, [from, to], limit) = (ask.shown.board, ask.ends, ask.limit);
    // Short paths take microseconds; long ones (up to a million squares,
    // tens of milliseconds) go to the blocking pool.
    let moves = knight_distance(board, from, to).unwrap_or(0);
    let search = move || shortest_path(board, from, to, limit);
    let path = work.run_sized(moves, search).await??;
    respond(
        format,
        ShortestPath {
            shown: ask.shown,
            ends: ask.ends,
            path,
            cache,
        },
    )
}

async fn terrain(
    Served { work, .. }: Served,
    ask: TerrainPath,
    format: Format,
) -> Result<Response, ApiError> {
    work.run_sized(ask.board.chars(), move || {
        let (terrain, shown, ends) = ask.on_terrain()?;
        let found = cheapest_path(&terrain, ends[0], ends[1], ask.rule)?;
        let rule = ask.rule;
        respond(
            format,
            Cheapest {
                terrain,
                rule,
                shown,
                ends,
                found,
            },
        )
    })
    .await?
}
