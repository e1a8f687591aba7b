//! Answers that may be pictures: `?format=` (or, without it, the `Accept`
//! header) picks JSON (the default), the challenge's text board (`text`,
//! `text/plain; charset=utf-8`) or an SVG picture (`svg`, `image/svg+xml`),
//! drawn by the library (`png` is the SVG rasterised by `raster`). Every
//! endpoint that answers a path or a tour shapes its answer through
//! [`respond`].

use axum::extract::FromRequestParts;
use axum::http::{header, request::Parts, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::params;
use crate::request::extract::{from_query, PostQueryRead};
use crate::request::params::{choice, Given};
use crate::response::problem::ApiError;
use knight::Ground;
use knight::Overlay;
use knight::{Board, Square};

/// How an answer that draws a board is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    #[default]
    Json,
    Text,
    Svg,
}

impl<'de> Deserialize<'de> for Format {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        choice(
            deserializer,
            "a format",
            &[
                ("json", Format::Json),
                ("text", Format::Text),
                ("svg", Format::Svg),
                // `png` never reaches a handler: the picture layer
                // (`raster::pictured`) asks the handler for the SVG it
                // rasterises. Listed so that a wrong value names it.
                ("png", Format::Svg),
            ],
        )
    }
}

crate::param_by_serde!(Format);

params! {
    /// The query string of a POST endpoint that can draw its answer.
    pub struct FormatQuery {
        pub format: Given<Format>,
    }
}

/// The `format` of a POST's query; only it is read here: `JsonBody`
/// judges the query's other keys, knowing what the body takes.
fn format_query(parts: &Parts) -> Result<FormatQuery, ApiError> {
    let format: String = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(
            form_urlencoded::parse(parts.uri.query().unwrap_or("").as_bytes())
                .filter(|(key, _)| key == "format"),
        )
        .finish();
    from_query(&format)
}

/// `?format=` of a POST endpoint that can draw its answer, else what its
/// `Accept` header asks for.
impl<S: Send + Sync> FromRequestParts<S> for Format {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Format, ApiError> {
        let query = format_query(parts)?;
        parts.extensions.insert(PostQueryRead);
        Ok(Accept::of(&parts.headers).or_query(query.format))
    }
}

/// The format a request's `Accept` header prefers, if it names one of
/// ours: `application/json`, `text/plain` or `image/svg+xml` (or a range
/// such as `image/*`). `?format=` wins over it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Accept(pub Option<Format>);

impl Accept {
    /// The format `headers` ask for: of the three, the one with the highest
    /// quality (each rated by the most specific range that matches it;
    /// JSON, then SVG, then text on a tie). None without an `Accept`
    /// header, or when it accepts none of them.
    pub fn of(headers: &HeaderMap) -> Accept {
        Accept(Self::rate(headers).and_then(|(format, _)| format))
    }

    /// Whether `headers` ask for a PNG (`image/png`) above the three
    /// formats [`Accept::of`] chooses from (a tie goes to them).
    pub fn prefers_png(headers: &HeaderMap) -> bool {
        Self::rate(headers).is_some_and(|(_, png)| png)
    }

    /// The format of the three `headers` prefer, and whether `image/png`
    /// is rated above it; None without an `Accept` header.
    fn rate(headers: &HeaderMap) -> Option<(Option<Format>, bool)> {
        let ranges = ranges(headers);
        if ranges.is_empty() {
            return None;
        }
        let quality = |kind: &str, subtype: &str| quality(&ranges, kind, subtype);
        let mut chosen = None;
        let mut best = 0.0;
        for (format, kind, subtype) in [
            (Format::Json, "application", "json"),
            (Format::Svg, "image", "svg+xml"),
            (Format::Text, "text", "plain"),
        ] {
            let q = quality(kind, subtype);
            if q > best {
                (chosen, best) = (Some(format), q);
            }
        }
        Some((chosen, quality("image", "png") > best))
    }

    /// `?format=` if given, else this, else JSON.
    pub fn or_query(self, format: Given<Format>) -> Format {
        format.0.or(self.0).unwrap_or_default()
    }
}

/// The media ranges of `headers`' `Accept`, each with its quality.
fn ranges(headers: &HeaderMap) -> Vec<(&str, &str, f32)> {
    let mut ranges: Vec<(&str, &str, f32)> = Vec::new();
    for value in headers.get_all(header::ACCEPT) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let range = parts.next().unwrap_or("").trim();
            let Some((kind, subtype)) = range.split_once('/') else {
                continue;
            };
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q=").or(p.trim().strip_prefix("Q=")))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            ranges.push((kind.trim(), subtype.trim(), q));
        }
    }
    ranges
}

/// The quality `ranges` give `kind`/`subtype`: that of the most specific
/// range that matches it, 0 when none does.
fn quality(ranges: &[(&str, &str, f32)], kind: &str, subtype: &str) -> f32 {
    let mut best: Option<(u8, f32)> = None;
    for &(k, s, q) in ranges {
        let specificity = match (k, s) {
            _ if k.eq_ignore_ascii_case(kind) && s.eq_ignore_ascii_case(subtype) => 2,
            (_, "*") if k.eq_ignore_ascii_case(kind) => 1,
            ("*", "*") => 0,
            _ => continue,
        };
        if best.is_none_or(|(b, _)| specificity > b) {
            best = Some((specificity, q));
        }
    }
    best.map_or(0.0, |(_, q)| q)
}

/// Whether a request asks for its answer streamed as NDJSON: no `?format=`,
/// and its `Accept` names `application/x-ndjson` itself (not by a range
/// such as `*/*`), at least as highly as JSON, SVG and text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ndjson(pub bool);

impl<S: Send + Sync> FromRequestParts<S> for Ndjson {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Ndjson, ApiError> {
        let query = format_query(parts)?;
        if query.format.is_given() {
            return Ok(Ndjson(false));
        }
        let ranges = ranges(&parts.headers);
        let named = ranges.iter().any(|&(k, s, q)| {
            q > 0.0 && k.eq_ignore_ascii_case("application") && s.eq_ignore_ascii_case("x-ndjson")
        });
        let q = quality(&ranges, "application", "x-ndjson");
        let others = [
            ("application", "json"),
            ("image", "svg+xml"),
            ("text", "plain"),
        ];
        Ok(Ndjson(
            named && others.iter().all(|&(k, s)| quality(&ranges, k, s) <= q),
        ))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Accept {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Accept, Self::Rejection> {
        Ok(Accept::of(&parts.headers))
    }
}

/// The answer in the requested format: `answer` as JSON, or `ground` (a
/// plain `Board` as `Ground::Plain(board)`, a terrain as
/// `Ground::Terrain(&terrain)`) drawn with `path` (none when there is no
/// path, e.g. unreachable) and `overlay` (the squares asked about, the
/// caption's words) as text or SVG. Synchronous: drawing a large board
/// takes milliseconds, so call it inside `state.heavy` work when the board
/// is large (a `Response` can be sent back from the blocking pool).
pub fn respond<T: Serialize>(
    format: Format,
    ground: Ground<'_>,
    path: Option<&[Square]>,
    answer: &T,
    overlay: Overlay,
) -> Result<Response, ApiError> {
    let path = path.unwrap_or(&[]);
    match format {
        Format::Json => Ok(Json(answer).into_response()),
        Format::Text => Ok(text_response(knight::draw_text(ground, path, &overlay)?)),
        Format::Svg => Ok(svg_response(knight::draw_svg(ground, path, overlay)?)),
    }
}

/// Refuses, before any work, a drawing that would show too many squares
/// (422 `render_too_large`, param `format`): the part of `board` around
/// `around` (the squares asked about), or the whole board when `around` is
/// empty (a tour). Call it before a long search or tour whose answer would
/// then not be drawn; [`respond`] checks again.
pub fn check_drawable(format: Format, board: Board, around: &[Square]) -> Result<(), ApiError> {
    let drawing = match format {
        Format::Json => return Ok(()),
        Format::Text => knight::Drawing::Text,
        Format::Svg => knight::Drawing::Plain,
    };
    let corners = [
        Square::new(0, 0),
        Square::new(board.files().end - 1, board.ranks().end - 1),
    ];
    let around = if around.is_empty() { &corners } else { around };
    knight::drawn_part(board, around, drawing)?;
    Ok(())
}

/// A `text/plain; charset=utf-8` answer.
pub fn text_response(text: String) -> Response {
    with_type(text, "text/plain; charset=utf-8")
}

/// An `image/svg+xml` answer.
pub fn svg_response(svg: String) -> Response {
    with_type(svg, "image/svg+xml")
}

fn with_type(body: String, content_type: &'static str) -> Response {
    let mut response = body.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}
