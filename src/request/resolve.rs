//! Questions, not parameters, reach handlers. Each endpoint's question
//! (`request::question`) says what its request sends (`Resolve::Sent`: a
//! GET's query or a POST's JSON body, read by the one rule of `extract`)
//! and resolves itself from it: the board, its squares put on it, the
//! cross-field rules, the limits of the configuration, each refusal worded
//! once. [`Question`] is the one extractor that does all of it, and records
//! what was asked on the request's span; a handler reads: question → pool
//! → answer.

use std::borrow::Cow;

use axum::extract::{FromRequest, Request};
use axum::http::Method;
use serde::de::DeserializeOwned;

use crate::config::Config;
use crate::error::ApiError;
use crate::request::extract::{from_query_at, Bodies, Draws, JsonBody};
use crate::request::format::Chosen;
use crate::request::params::{Member, Strict};
use crate::request::square::record_question;
use crate::written::Format;
use knight::{Board, Square};

/// What resolving a question may consult: the configuration's limits, and
/// the format the answer was asked in (a picture too large to draw is
/// refused before any work).
pub struct Context<'a> {
    pub config: &'a Config,
    pub format: Format,
}

/// What reading a request needs of the service's state, past its body:
/// the configuration.
pub trait Configured {
    fn config(&self) -> &Config;
}

/// An endpoint's question, resolved from what its request sends.
pub trait Resolve: Sized {
    /// The parameters as sent: a GET's query or a POST's JSON body.
    type Sent: for<'de> Member<'de> + Default + DeserializeOwned + Strict + Send + 'static;

    /// The question `sent` asks, or why it cannot be asked.
    fn resolve(sent: Self::Sent, cx: &Context<'_>) -> Result<Self, ApiError>;

    /// The board and the squares asked about, for the request's log line
    /// (`8x8 d3 e5`); none for a question of no one board.
    fn asked(&self) -> Option<(Board, Cow<'_, [Square]>)>;

    /// Parameters that the same path's POST takes in its body and this
    /// GET does not take in its query: a GET that sends one is told to
    /// POST it.
    fn posted_only() -> Vec<&'static str> {
        Vec::new()
    }
}

/// The question of a request, resolved: the one extractor of every
/// endpoint that answers a question.
pub struct Question<Q>(pub Q);

impl<S, Q> FromRequest<S> for Question<Q>
where
    S: Bodies + Configured + Send + Sync,
    Q: Resolve,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let format = req
            .extensions()
            .get::<Chosen>()
            .map_or(Format::Json, |chosen| chosen.format);
        let sent = if req.method() == Method::POST {
            JsonBody::<Q::Sent>::from_request(req, state).await?.0
        } else {
            let draws = req.extensions().get::<Draws>().is_some();
            from_query_at(req.uri(), draws, Q::posted_only)?
        };
        let cx = Context {
            config: state.config(),
            format,
        };
        let question = Q::resolve(sent, &cx)?;
        if let Some((board, squares)) = question.asked() {
            record_question(board, &squares);
        }
        Ok(Question(question))
    }
}
