//! `POST /validate`: checks a listed sequence of knight moves on a plain
//! board (`width`, `height`) or a terrain `board`, and can draw every
//! position of the knight (`render: true`) as the challenge's level 1 does.
//!
//! An empty `path` is a 400 (a path lists at least the square the knight
//! starts on); the rules of a path are the library's (`knight::validate`).

use axum::response::Response;

use crate::error::ApiError;
use crate::heavy::Served;
use crate::request::question::validate::ValidateQuestion;
use crate::request::resolve::Question;
use crate::response::answer::respond;
use crate::response::answer::validate::Checked;
use crate::written::Format;
use knight::terrain::Ground;
use knight::validate;

pub async fn handler(
    Served { work, .. }: Served,
    format: Format,
    Question(ask): Question<ValidateQuestion>,
) -> Result<Response, ApiError> {
    work.run_sized(ask.units, move || {
        let (terrain, shown, path) = ask.on_board()?;
        let ground = match &terrain {
            Some(terrain) => Ground::Terrain(terrain),
            None => Ground::Plain(shown.board),
        };
        let found = validate(ground, &path, ask.rule, ask.simple);
        let (frames, simple) = (ask.frames, ask.simple);
        respond(
            format,
            Checked {
                terrain,
                shown,
                path,
                found,
                frames,
                simple,
            },
        )
    })
    .await?
}
