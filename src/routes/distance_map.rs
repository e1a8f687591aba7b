//! `/distance-map`: how far every square of a board, or of a window of
//! it, is from one square, GET with a query or POST with the same fields
//! as JSON; also drawn (`format=text` or `svg`).

use axum::response::Response;

use crate::error::ApiError;
use crate::heavy::Served;
use crate::request::question::distance_map::MapQuestion;
use crate::request::resolve::Question;
use crate::response::answer::distance_map::MapMade;
use crate::response::answer::respond;
use crate::written::Format;
use knight::plain::distance_map;

/// `/distance-map`, GET or POST.
pub async fn handler(
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
