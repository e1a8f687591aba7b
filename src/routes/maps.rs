//! `/distance-map` (how far every square of a board, or of a window of it,
//! is from one square) and `/shortest-paths` (how many shortest paths join
//! two squares, and any page of them), GET with a query or POST with the
//! same fields as JSON; both also drawn (`format=text` or `svg`).

use axum::response::Response;

use crate::error::{ApiError, PathsRefused};
use crate::heavy::Served;
use crate::http2::AnswerBudget;
use crate::request::question::maps::{MapQuestion, PathsQuestion};
use crate::request::resolve::Question;
use crate::response::answer::maps::{MapMade, PathsFound};
use crate::response::answer::respond;
use crate::shape::Format;
use knight::plain::{distance_map, shortest_paths};

/// `/distance-map`, GET or POST.
pub async fn map(
    Served { work, .. }: Served,
    format: Format,
    Question(ask): Question<MapQuestion>,
) -> Result<Response, ApiError> {
    work.run_sized(ask.squares(), move || {
        let MapQuestion {
            shown,
            from,
            files,
            ranks,
            limit,
        } = ask;
        let map = distance_map(shown.board, from, files.clone(), ranks.clone(), limit)?;
        respond(
            format,
            MapMade {
                shown,
                from,
                files,
                ranks,
                map,
            },
        )
    })
    .await?
}

/// `/shortest-paths`, GET or POST.
pub async fn paths(
    Served { work, .. }: Served,
    budget: AnswerBudget,
    format: Format,
    Question(ask): Question<PathsQuestion>,
) -> Result<Response, ApiError> {
    let budgeted = budget.reserve(ask.bytes)?;
    let units = ask.units;
    let make = move || {
        let (board, [from, to]) = (ask.shown.board, ask.ends);
        let found = shortest_paths(board, from, to, &ask.offset, ask.listed, ask.limits).map_err(
            |error| PathsRefused {
                error,
                board,
                ends: ask.ends,
            },
        )?;
        ask.check_page(&found.count)?;
        let PathsQuestion {
            shown,
            ends,
            offset,
            ..
        } = ask;
        respond(
            format,
            PathsFound {
                shown,
                ends,
                offset,
                found,
            },
        )
    };
    Ok(budgeted.hold(work.run_sized(units, make).await??))
}
