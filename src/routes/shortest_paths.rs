//! `/shortest-paths`: how many shortest paths join two squares, and any
//! page of them, GET with a query or POST with the same fields as JSON;
//! also drawn (`format=text` or `svg`).

use axum::response::Response;

use crate::error::{ApiError, PathsRefused};
use crate::heavy::Served;
use crate::http2::AnswerBudget;
use crate::request::question::shortest_paths::PathsQuestion;
use crate::request::resolve::Question;
use crate::response::answer::respond;
use crate::response::answer::shortest_paths::PathsFound;
use crate::written::Format;
use knight::plain::shortest_paths;

/// `/shortest-paths`, GET or POST.
pub async fn handler(
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
