//! How requests are read: JSON bodies and query strings deserialized into
//! the request types, every failure an [`ApiError`] naming the parameter at
//! fault. [`JsonBody`] reads a POST's body (and holds its query to the one
//! rule, [`post_query`]); [`from_query_at`] reads a GET's query. The one
//! extractor that uses them is `request::resolve::Question`.
//!
//! Failures are classified by type, not by serde's wording: serde_json's
//! [`Category`](serde_json::error::Category) tells malformed JSON from a
//! value of the wrong shape, `serde_path_to_error` names the value, and
//! `serde_ignored` names a parameter the endpoint does not take. A missing
//! parameter is found by the handler that requires it
//! ([`Given::required`](crate::request::params::Given::required)).

use std::future::poll_fn;
use std::pin::Pin;

use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderValue};
use bytes::BytesMut;
use http_body::Body as _;
use serde::de::{DeserializeOwned, Deserializer, MapAccess};
use serde::Deserialize;

use crate::error::{allowed, any_whole, is_side, is_square, largest};
use crate::error::{ApiError, Code};
use crate::request::params::{canonical, read_params, shorten, unknown, Entry, Member, Number};
use crate::request::params::{Refusal, Strict};
use crate::request::query::Query;

/// A JSON body, which must be sent as `application/json` (or `+json`).
pub struct JsonBody<T>(pub T);

/// Whether a `Content-Type` is JSON; the one clients send, at once.
fn is_json_header(content_type: &HeaderValue) -> bool {
    content_type.as_bytes() == b"application/json" || content_type.to_str().is_ok_and(is_json)
}

fn is_json(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or("").trim();
    let (kind, subtype) = essence.split_once('/').unwrap_or(("", ""));
    kind.eq_ignore_ascii_case("application")
        && (subtype.eq_ignore_ascii_case("json")
            || subtype.len() > 5
                && subtype.as_bytes()[subtype.len() - 5..].eq_ignore_ascii_case(b"+json"))
}

/// What reading a body needs of the service's state.
pub trait Bodies {
    /// The most bytes a body may have (`--body-limit`).
    fn body_limit(&self) -> usize;
    /// Turns to parse a large body on the blocking pool.
    fn parsers(&self) -> &tokio::sync::Semaphore;
}

impl<S, T> FromRequest<S> for JsonBody<T>
where
    S: Bodies + Send + Sync,
    T: DeserializeOwned + Strict + Send + 'static,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .is_some_and(is_json_header);
        if !json {
            return Err(ApiError::unsupported_media_type());
        }
        // An endpoint that draws had its query's `format` read first.
        let draws = req.extensions().get::<Draws>().is_some();
        let path = req.uri().path().to_owned();
        if let Some(query) = req.uri().query() {
            post_query(query, &path, draws, &T::names())?;
        }
        let misplaced = move |e: ApiError| format_misplaced(e, &path, draws, Where::Body);
        let bytes = read_body(req.into_body(), state.body_limit()).await?;
        if bytes.len() <= PARSED_INLINE {
            return parse_json(&bytes, Some(|| example(&T::names())))
                .map(JsonBody)
                .map_err(misplaced);
        }
        // A large body is parsed on the blocking pool, a few at a time,
        // so that the threads that answer /healthz never wait behind one.
        let _turn = state
            .parsers()
            .acquire()
            .await
            .map_err(|_| ApiError::internal())?;
        tokio::task::spawn_blocking(move || {
            crate::background::as_background();
            parse_json(&bytes, Some(|| example(&T::names())))
        })
        .await
        .map_err(|_| ApiError::internal())?
        .map(JsonBody)
        .map_err(misplaced)
    }
}

/// Bodies of at most this many bytes are parsed where they are read: in
/// microseconds, less than a trip to the blocking pool.
const PARSED_INLINE: usize = 16 * 1024;

/// Marks a request to an endpoint that draws pictures: its query's
/// `format` and `size` were read (`format::negotiate`), so that the query
/// of its POST may carry them.
#[derive(Clone, Copy, Debug)]
pub struct Draws;

/// The one rule for the query of a POST to `path`: a POST reads its
/// parameters from its JSON body (which takes `body`), and its query may
/// carry only `format` (and a PNG's `size`), where the endpoint `draws`
/// (`format::negotiate` read them). Any other name is
/// refused, saying where it belongs (the body, if the body takes it),
/// never ignored.
pub fn post_query(
    query: &str,
    path: &str,
    draws: bool,
    body: &[&'static str],
) -> Result<(), ApiError> {
    for (key, _) in form_urlencoded::parse(query.as_bytes()) {
        if draws && (key == "format" || key == "size") {
            continue;
        }
        let shown = shorten(&key);
        let detail = if body.contains(&canonical(&key)) {
            let carries = if draws {
                "the query of a POST carries only 'format'"
            } else {
                "this endpoint's POST takes nothing in its query"
            };
            format!(
                "'{shown}' is not read from the query of a POST: a POST reads its parameters from its JSON body, so put it there ({{\"{shown}\": …}}); {carries}"
            )
        } else if key == "format" {
            return Err(format_misplaced(
                ApiError::unknown("format"),
                path,
                draws,
                Where::Query,
            ));
        } else {
            let carries = if draws {
                "; its query carries only 'format'"
            } else {
                ""
            };
            format!(
                "{}, in the JSON body of a POST{carries}",
                unknown(&key, body)
            )
        };
        return Err(ApiError::new(Code::UnknownParameter, detail).at(key.into_owned()));
    }
    Ok(())
}

/// Where a request sent `format`.
#[derive(Clone, Copy)]
enum Where {
    Query,
    Body,
}

/// An unknown `format` said where it belongs: in the query of a POST to an
/// endpoint that `draws`; nowhere for one that draws nothing (its answers
/// are JSON). Any other error as it is.
fn format_misplaced(error: ApiError, path: &str, draws: bool, sent: Where) -> ApiError {
    if error.code() != Code::UnknownParameter || error.param() != Some("format") {
        return error;
    }
    let path = shorten(path);
    let detail = match (draws, sent) {
        (true, Where::Body) => format!(
            "'format' is read from the query of a POST, not from its JSON body: send POST {path}?format=svg (json, text, svg or png), or an Accept header such as image/svg+xml"
        ),
        _ => format!(
            "{path} draws no pictures: it answers JSON only, and takes no 'format'; send the request without it"
        ),
    };
    ApiError::new(Code::UnknownParameter, detail).at("format")
}

/// The whole of `body`, refused past `limit` bytes (a declared length over
/// it is refused before, by `limits`). One piece, as most bodies come, is
/// kept as it is; more are joined.
async fn read_body(mut body: Body, limit: usize) -> Result<Bytes, ApiError> {
    let mut first: Option<Bytes> = None;
    let mut joined: Option<BytesMut> = None;
    let mut length = 0usize;
    while let Some(frame) = poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await {
        let frame = frame.map_err(|_| {
            ApiError::new(
                Code::MalformedJson,
                "the body could not be read: it broke off while arriving; send it again, whole",
            )
        })?;
        let Ok(data) = frame.into_data() else {
            continue;
        };
        length = length.saturating_add(data.len());
        if length > limit {
            return Err(ApiError::payload_too_large(limit));
        }
        match (&mut first, &mut joined) {
            (None, None) => first = Some(data),
            (Some(head), None) => {
                let mut all = BytesMut::with_capacity(head.len() + data.len());
                all.extend_from_slice(head);
                all.extend_from_slice(&data);
                first = None;
                joined = Some(all);
            }
            (_, Some(all)) => all.extend_from_slice(&data),
        }
    }
    Ok(match joined {
        Some(all) => all.freeze(),
        None => first.unwrap_or_default(),
    })
}

/// Parses a JSON body, naming the field at fault.
pub fn from_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    parse_json(bytes, None)
}

/// A body an endpoint that takes `names` answers, for a detail.
fn example(names: &[&str]) -> &'static str {
    let takes = |name| names.contains(&name);
    if takes("pairs") {
        r#"{"pairs": [["g2", "a8"], [0, 1]]}"#
    } else if takes("played") {
        r#"{"width": 5, "height": 5, "played": ["a1", "b3"]}"#
    } else if takes("path") {
        r#"{"path": ["b6", "d5", "f6"]}"#
    } else if takes("square") {
        r#"{"square": "d3"}"#
    } else if takes("step") {
        r#"{"width": 8, "height": 8, "step": 3}"#
    } else if takes("from") {
        r#"{"from": "g2", "to": "a8"}"#
    } else {
        r#"{"width": 5, "height": 5}"#
    }
}

/// [`from_json`]; with the `example` of a [`Strict`] `T` (made only for
/// an error's words), whose first parse then does without
/// `serde_ignored` (which could find nothing).
fn parse_json<T: DeserializeOwned>(
    bytes: &[u8],
    example: Option<fn() -> &'static str>,
) -> Result<T, ApiError> {
    let strict = example.is_some();
    let such_as = || example.map_or(r#"{"from": "g2", "to": "a8"}"#, |example| example());
    if bytes.iter().all(u8::is_ascii_whitespace) {
        let example = such_as();
        return Err(ApiError::new(
            Code::MalformedJson,
            format!("the body is empty: send a JSON object of parameters, such as {example}"),
        ));
    }
    // serde would read a struct from an array too ([19, 36]); the API takes objects.
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        syntax(bytes)?;
        let example = such_as();
        return Err(ApiError::new(
            Code::InvalidParameter,
            format!("the body must be a JSON object of parameters, such as {example}"),
        ));
    }
    // The plain parse is the fast path; only a failure is parsed again to
    // find the parameter at fault.
    let mut de = serde_json::Deserializer::from_slice(bytes);
    if strict {
        if let Ok(value) = T::deserialize(&mut de) {
            if de.end().is_ok() {
                // What `Strict` promises, checked where tests run.
                debug_assert!(
                    quick::<T, _>(&mut serde_json::Deserializer::from_slice(bytes)).is_some(),
                    "a Strict type ignored a key"
                );
                return Ok(value);
            }
        }
    } else if let Some(value) = quick(&mut de) {
        if de.end().is_ok() {
            return Ok(value);
        }
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = deserialize(&mut de).map_err(|failure| match failure {
        Failure::Unknown(param) => Err(ApiError::unknown(param)),
        Failure::Value(path, error) => {
            // A whole number past a float's exactness, for a parameter that
            // takes any: read again, its text given as a string.
            if let Some((Refusal::Digits, _, _)) = Refusal::unmark(&error.to_string()) {
                if let Some(quoted) = number_as_text(bytes, &path) {
                    return Ok(quoted);
                }
            }
            // A number past every float (`1e400`, a megabyte of digits) is
            // too large for its parameter, as in a query; not malformed.
            if error.to_string().starts_with("number out of range") {
                if any_whole(&shape(&path)) {
                    if let Some(quoted) = number_as_text(bytes, &path) {
                        return Ok(quoted);
                    }
                }
                return Err(too_large(&path, number_before(bytes, &error)));
            }
            // A body that is not JSON at all is malformed, whatever shape
            // error the typed parse met first (`{} {}`: not "missing fields").
            syntax(bytes)?;
            Err(match error.classify() {
                serde_json::error::Category::Data => {
                    let sent = || json_value_at(bytes, &path);
                    wrong_value(&path, &error.to_string(), sent)
                }
                _ => not_json(&error),
            })
        }
    });
    let value = match value {
        Ok(value) => value,
        Err(Ok(quoted)) => return parse_json(&quoted, example),
        Err(Err(error)) => return Err(error),
    };
    de.end().map_err(|e| not_json(&e))?;
    Ok(value)
}

/// `bytes` with the JSON number at `path` written as a string of its text
/// (`{"offset": 1e30}` as `{"offset": "1e30"}`), for a parameter whose
/// reader reads the text exactly; None if the value there is no number.
fn number_as_text(bytes: &[u8], path: &str) -> Option<Vec<u8>> {
    let raw = raw_value_at(bytes, path)?;
    let text = raw.get();
    if Number::read(text) == Number::NotANumber {
        return None;
    }
    // The value is borrowed from `bytes`: where it starts in them.
    let start = text.as_ptr().addr().checked_sub(bytes.as_ptr().addr())?;
    let end = start + text.len();
    // Behind the mark, which tells it from a string sent.
    let mut quoted = Vec::with_capacity(bytes.len() + 8);
    quoted.extend_from_slice(&bytes[..start]);
    quoted.extend_from_slice(b"\"\\u001f");
    quoted.extend_from_slice(text.as_bytes());
    quoted.push(b'"');
    quoted.extend_from_slice(&bytes[end..]);
    Some(quoted)
}

/// Whether `bytes` are JSON at all.
fn syntax(bytes: &[u8]) -> Result<(), ApiError> {
    serde_json::from_slice::<serde::de::IgnoredAny>(bytes)
        .map(drop)
        .map_err(|e| not_json(&e))
}

/// A body that is not JSON, said in plain words with where it goes wrong.
fn not_json(error: &serde_json::Error) -> ApiError {
    let (line, column) = (error.line(), error.column());
    let why = match error.classify() {
        serde_json::error::Category::Eof => "it ends before the JSON is complete",
        _ if error.to_string().starts_with("trailing") => "something follows the JSON object",
        _ => "it has a syntax error",
    };
    ApiError::new(
        Code::MalformedJson,
        format!("the body is not valid JSON: {why} (line {line}, column {column})"),
    )
}

/// The number that ends where `error` was met in `bytes`, quoted short.
fn number_before(bytes: &[u8], error: &serde_json::Error) -> Option<String> {
    let line_start = bytes
        .split(|&b| b == b'\n')
        .take(error.line().saturating_sub(1))
        .map(|line| line.len() + 1)
        .sum::<usize>();
    let end = (line_start + error.column()).min(bytes.len());
    let is_number = |b: &u8| b.is_ascii_digit() || b"+-.eE".contains(b);
    let start = bytes[..end]
        .iter()
        .rposition(|b| !is_number(b))
        .map_or(0, |at| at + 1);
    let text = std::str::from_utf8(&bytes[start..end]).ok()?;
    (!text.is_empty()).then(|| format!("'{}'", shorten(text)))
}

/// Why a request did not deserialize.
enum Failure<E> {
    /// A parameter the request type does not have, by its path.
    Unknown(String),
    /// A value that does not parse, by its path.
    Value(String, E),
}

/// A `T` when `de` holds one and nothing else, without keeping the path.
fn quick<'de, T, D>(de: D) -> Option<T>
where
    T: Deserialize<'de>,
    D: Deserializer<'de>,
{
    let mut clean = true;
    let value = serde_ignored::deserialize(de, |_| clean = false).ok()?;
    clean.then_some(value)
}

/// Deserializes a `T`, refusing the first parameter it does not have.
///
/// Parameters are met in the order sent: one the type does not have, sent
/// before a bad value, is the error, as if the parse had stopped there.
fn deserialize<'de, T, D>(de: D) -> Result<T, Failure<D::Error>>
where
    T: Deserialize<'de>,
    D: Deserializer<'de>,
{
    let mut unknown = None;
    let mut note = |path: serde_ignored::Path| {
        unknown.get_or_insert_with(|| path.to_string());
    };
    let parsed = serde_path_to_error::deserialize(serde_ignored::Deserializer::new(de, &mut note));
    match (parsed, unknown) {
        (_, Some(param)) => Err(Failure::Unknown(param)),
        (Ok(value), None) => Ok(value),
        (Err(e), None) => Err(Failure::Value(e.path().to_string(), e.into_inner())),
    }
}

/// A value of the wrong type or shape at `path` (`.` for the whole
/// request), said in plain words: what the parameter takes, and what was
/// sent (`sent`, found only now). The parser's own `message` is never
/// shown; it only carries the refusals `params` makes of a key.
fn wrong_value(path: &str, message: &str, sent: impl FnOnce() -> Option<String>) -> ApiError {
    let marked = Refusal::unmark(message);
    if let Some((refusal, param, detail)) = marked {
        let code = match refusal {
            Refusal::Unknown => Code::UnknownParameter,
            Refusal::Repeated => Code::InvalidParameter,
            Refusal::TooLarge | Refusal::Digits => return too_large(path, sent()),
            // Said below, as any value it does not take.
            Refusal::Below => Code::InvalidParameter,
        };
        if refusal != Refusal::Below {
            return ApiError::new(code, detail).at(param);
        }
    }
    if path.is_empty() || path == "." {
        return ApiError::new(
            Code::InvalidParameter,
            "the request must be an object of parameters; see /openapi.yaml",
        );
    }
    let shape = shape(path);
    // A path names a key as sent (`clues.<key>`), so it is quoted short.
    let named = shorten(path);
    let takes = match allowed(&shape) {
        Some(allowed) => format!("'{named}' must be {allowed}"),
        None => {
            format!("'{named}' has a value of the wrong kind; /openapi.yaml says what it takes")
        }
    };
    let detail = match sent() {
        Some(sent) => format!("{takes}, not {sent}"),
        None => takes,
    };
    // A side of 0 is a board size out of range, as one too large is.
    let code = match marked {
        Some((Refusal::Below, _, _)) if is_side(&shape) => Code::InvalidBoardSize,
        _ => Code::InvalidParameter,
    };
    ApiError::new(code, detail).at(path)
}

/// A whole number past what the parameter at `path` takes, quoted as sent.
fn too_large(path: &str, sent: Option<String>) -> ApiError {
    let sent = sent.unwrap_or_else(|| "the number sent".to_owned());
    let shape = shape(path);
    let named = shorten(path);
    let detail = match largest(&shape) {
        Some(largest) => format!("{sent} is too large for '{named}': {largest}"),
        None => format!("{sent} is too large for '{named}'"),
    };
    // A square past every board is off the board (its value is whole, as
    // the schema asks; only the board rules it out).
    let code = if is_square(&shape) {
        Code::SquareOffBoard
    } else if is_side(&shape) {
        Code::InvalidBoardSize
    } else {
        Code::InvalidParameter
    };
    ApiError::new(code, detail).at(path)
}

/// `pairs[3][1]` as `pairs[][]`: the name the table of allowed values knows.
fn shape(path: &str) -> String {
    let mut shape = String::with_capacity(path.len());
    let mut in_index = false;
    for c in path.chars() {
        match c {
            '[' => {
                in_index = true;
                shape.push('[');
            }
            ']' => {
                in_index = false;
                shape.push(']');
            }
            _ if in_index => {}
            c => shape.push(c),
        }
    }
    shape
}

/// The JSON value at `path` in `bytes`, quoted short, as the client wrote
/// it (a number is its own text, never serde's reading of it).
fn json_value_at(bytes: &[u8], path: &str) -> Option<String> {
    let text = raw_value_at(bytes, path)?.get();
    // A number read again from its text (`number_as_text`) is quoted as
    // the number it was.
    let text = text
        .strip_prefix("\"\\u001f")
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text);
    // A number is quoted as a query's value is; other values as JSON, a
    // long string shortened within its quotes.
    Some(
        match (Number::read(text), serde_json::from_str::<String>(text)) {
            (Number::NotANumber, Ok(string)) if string.chars().nth(40).is_some() => {
                format!("\"{}\"", shorten(&string))
            }
            (Number::NotANumber, _) => shorten(text),
            _ => format!("'{}'", shorten(text)),
        },
    )
}

/// The JSON value at `path` in `bytes`, as written there (borrowed from
/// them).
fn raw_value_at<'a>(bytes: &'a [u8], path: &str) -> Option<&'a serde_json::value::RawValue> {
    use serde_json::value::RawValue;
    let mut at: &RawValue = serde_json::from_slice(bytes).ok()?;
    for part in path.split('.') {
        let (name, indices) = part.split_once('[').unwrap_or((part, ""));
        if !name.is_empty() {
            let object: std::collections::HashMap<String, &RawValue> =
                serde_json::from_str(at.get()).ok()?;
            at = object.get(name)?;
        }
        for index in indices.split('[').filter(|i| !i.is_empty()) {
            let array: Vec<&RawValue> = serde_json::from_str(at.get()).ok()?;
            at = array.get(index.trim_end_matches(']').parse::<usize>().ok()?)?;
        }
    }
    Some(at)
}

/// The parameters of a GET (or HEAD) from its query string (a POST's
/// come from its JSON body, as [`JsonBody`]), where an endpoint that
/// `draws` also has `format` and `size` (read by `format::negotiate`). A
/// parameter the GET does not take but the same path's POST does
/// (`posted_only`) is told to be POSTed.
pub fn from_query_at<T>(
    uri: &axum::http::Uri,
    draws: bool,
    posted_only: fn() -> Vec<&'static str>,
) -> Result<T, ApiError>
where
    T: for<'de> Member<'de> + Default + DeserializeOwned,
{
    let query = uri.query().unwrap_or("");
    let read = if draws {
        from_query::<Drawn<T>>(query).map(|drawn| drawn.query)
    } else {
        from_query::<T>(query)
    };
    read.map_err(|e| body_field_in_query(e, uri.path(), posted_only))
}

/// The query of a GET to an endpoint that draws: `Q`, then `format`.
#[derive(Default)]
struct Drawn<Q> {
    query: Q,
    format: FormatKeys,
}

impl<'de, Q: Member<'de>> Member<'de> for Drawn<Q> {
    fn read<M: MapAccess<'de>>(
        &mut self,
        _: &'static str,
        entry: &mut Entry<'_, M>,
    ) -> Result<bool, M::Error> {
        Ok(self.query.read("", entry)? || self.format.read("format", entry)?)
    }

    fn names(_: &'static str, names: &mut Vec<&'static str>) {
        Q::names("", names);
        FormatKeys::names("format", names);
    }
}

impl<'de, Q: Member<'de> + Default> Deserialize<'de> for Drawn<Q> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        read_params(deserializer)
    }
}

/// The member of a GET's query that takes `format` and `size`:
/// `format::negotiate` has read them, so here they are only passed over (and
/// `format` is named among the endpoint's parameters).
#[derive(Clone, Copy, Debug, Default)]
struct FormatKeys;

impl<'de> Member<'de> for FormatKeys {
    fn read<M: MapAccess<'de>>(
        &mut self,
        _: &'static str,
        entry: &mut Entry<'_, M>,
    ) -> Result<bool, M::Error> {
        if entry.key != "format" && entry.key != "size" {
            return Ok(false);
        }
        // Read as text, not ignored: a query reader that ignored a value
        // would take the key for one the type does not have.
        entry.map.next_value::<String>()?;
        Ok(true)
    }

    fn names(_: &'static str, names: &mut Vec<&'static str>) {
        names.push("format");
    }
}

/// An unknown parameter of a GET that is a field of the same path's POST
/// (`posted_only`) is told so.
fn body_field_in_query(
    error: ApiError,
    path: &str,
    posted_only: fn() -> Vec<&'static str>,
) -> ApiError {
    match error.param() {
        Some(param) if error.code() == Code::UnknownParameter && posted_only().contains(&param) => {
            let detail = format!(
                "'{param}' is a field of the JSON body of POST {path}, not a parameter of GET: send it with POST {path} and Content-Type: application/json"
            );
            ApiError::new(Code::UnknownParameter, detail).at(param.to_owned())
        }
        _ => format_misplaced(error, path, false, Where::Query),
    }
}

/// Parses a query string, naming the parameter at fault.
pub fn from_query<T: DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    let de = || Query::new(query);
    if let Some(value) = quick(de()) {
        return Ok(value);
    }
    deserialize(de()).map_err(|failure| match failure {
        Failure::Unknown(param) => ApiError::unknown(param),
        Failure::Value(path, error) => {
            let sent = || query_value(query, &path);
            wrong_value(&path, &error.to_string(), sent)
        }
    })
}

/// The value of `param` in `query`, quoted and short.
fn query_value(query: &str, param: &str) -> Option<String> {
    form_urlencoded::parse(query.as_bytes())
        .find(|(key, _)| key == param)
        .map(|(_, value)| format!("'{}'", shorten(&value)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::params::Given;

    #[test]
    fn json_content_types() {
        assert!(is_json("application/json"));
        assert!(is_json("Application/JSON; charset=utf-8"));
        assert!(is_json("application/problem+json"));
        assert!(!is_json("text/plain"));
        assert!(!is_json("application/x-www-form-urlencoded"));
        for (value, json) in [
            ("application/json", true),
            ("application/json; charset=utf-8", true),
            ("application/geo+json", true),
            ("text/json", false),
        ] {
            assert_eq!(is_json_header(&HeaderValue::from_static(value)), json);
        }
    }

    #[tokio::test]
    async fn bodies_are_read_whole_within_the_limit() {
        let pieces = |n: usize| {
            let piece = |_| Ok::<_, std::io::Error>(Bytes::from_static(b"0123456789"));
            Body::from_stream(futures_util::stream::iter((0..n).map(piece)))
        };
        let whole = read_body(pieces(3), 30).await.unwrap();
        assert_eq!(&whole[..], "0123456789".repeat(3).as_bytes());
        assert_eq!(&read_body(pieces(1), 10).await.unwrap()[..], b"0123456789");
        assert!(read_body(pieces(0), 0).await.unwrap().is_empty());
        let e = read_body(pieces(4), 30).await.unwrap_err();
        assert_eq!(e.code(), Code::PayloadTooLarge);
        assert!(e.detail().contains("30"));
    }

    #[derive(Debug, Default, Deserialize)]
    #[serde(default)]
    struct Two {
        a: Given<u64>,
        b: Given<u64>,
    }

    #[test]
    fn given_refuses_null_and_unknown_parameters_come_in_order() {
        let two: Two = from_json(br#"{"a": 1}"#).unwrap();
        assert_eq!((two.a, two.b), (Given(Some(1)), Given(None)));
        let e = from_json::<Two>(br#"{"a": null}"#).unwrap_err();
        assert_eq!((e.code(), e.param()), (Code::InvalidParameter, Some("a")));
        let e = from_json::<Two>(br#"{"c": 1, "a": "x"}"#).unwrap_err();
        assert_eq!((e.code(), e.param()), (Code::UnknownParameter, Some("c")));
        let e = from_json::<Two>(br#"{"a": "x", "c": 1}"#).unwrap_err();
        assert_eq!((e.code(), e.param()), (Code::InvalidParameter, Some("a")));
        let e = from_query::<Two>("a=1&b=x").unwrap_err();
        assert_eq!((e.code(), e.param()), (Code::InvalidParameter, Some("b")));
        let e = from_query::<Two>("a=1&colour=x").unwrap_err();
        assert_eq!(
            (e.code(), e.param()),
            (Code::UnknownParameter, Some("colour"))
        );
        let e = from_json::<Two>(br#"{"a": 1"#).unwrap_err();
        assert_eq!(e.code(), Code::MalformedJson);
    }
}
