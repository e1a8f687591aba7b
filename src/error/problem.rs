//! The problem: [`Code`], [`ApiError`] and its answer as
//! `application/problem+json`.

use std::fmt;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::error::words::{alias, allowed};

/// Defines [`Code`] and its one table of slugs and statuses.
macro_rules! codes {
    ($($(#[$doc:meta])* $variant:ident = $slug:literal, $status:ident;)*) => {
        /// What went wrong, as a client may test it: each code has one slug
        /// and one HTTP status everywhere.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Code {
            $($(#[$doc])* $variant,)*
        }

        impl Code {
            /// Every code, in the order of the table.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The stable machine-readable slug.
            pub const fn slug(self) -> &'static str {
                match self {
                    $(Code::$variant => $slug,)*
                }
            }

            /// The HTTP status of every answer with this code.
            pub const fn status(self) -> StatusCode {
                match self {
                    $(Code::$variant => StatusCode::$status,)*
                }
            }
        }
    };
}

codes! {
    /// A request the HTTP layer cannot parse (answered by `server`).
    MalformedRequest = "malformed_request", BAD_REQUEST;
    /// The body is not JSON at all.
    MalformedJson = "malformed_json", BAD_REQUEST;
    /// A value of the wrong type or shape, or out of range.
    InvalidParameter = "invalid_parameter", BAD_REQUEST;
    /// A required field or query parameter is absent.
    MissingParameter = "missing_parameter", BAD_REQUEST;
    /// A field or query parameter the endpoint does not take.
    UnknownParameter = "unknown_parameter", BAD_REQUEST;
    /// A square that does not parse.
    InvalidSquare = "invalid_square", BAD_REQUEST;
    /// A square that is not on the board.
    SquareOffBoard = "square_off_board", BAD_REQUEST;
    /// A `width` or `height` outside 1 to 1,000,000,000.
    InvalidBoardSize = "invalid_board_size", BAD_REQUEST;
    /// A list longer than its limit.
    TooManyItems = "too_many_items", BAD_REQUEST;
    /// A terrain board with no rows.
    BoardEmpty = "board_empty", BAD_REQUEST;
    /// A terrain board whose rows differ in length.
    BoardRaggedRows = "board_ragged_rows", BAD_REQUEST;
    /// A terrain board with a character that is no terrain.
    BoardUnknownCharacter = "board_unknown_character", BAD_REQUEST;
    /// A terrain board with one teleport, or more than two.
    BoardTeleportCount = "board_teleport_count", BAD_REQUEST;
    /// A terrain board with two `S` or two `E`.
    BoardDuplicateMarker = "board_duplicate_marker", BAD_REQUEST;
    /// A terrain board with an `S` and no `E`, or an `E` and no `S`.
    BoardStartEndUnpaired = "board_start_end_unpaired", BAD_REQUEST;
    /// `from` or `to` of a terrain path is a rock or a barrier.
    SquareNotLandable = "square_not_landable", BAD_REQUEST;
    NotFound = "not_found", NOT_FOUND;
    MethodNotAllowed = "method_not_allowed", METHOD_NOT_ALLOWED;
    /// A request body that stopped arriving for the body timeout.
    BodyTimeout = "body_timeout", REQUEST_TIMEOUT;
    PayloadTooLarge = "payload_too_large", PAYLOAD_TOO_LARGE;
    /// A request line longer than the HTTP layer reads.
    UriTooLong = "uri_too_long", URI_TOO_LONG;
    /// Headers larger than the HTTP layer reads.
    HeadersTooLarge = "headers_too_large", REQUEST_HEADER_FIELDS_TOO_LARGE;
    UnsupportedMediaType = "unsupported_media_type", UNSUPPORTED_MEDIA_TYPE;
    /// A client over its request rate.
    RateLimited = "rate_limited", TOO_MANY_REQUESTS;
    /// A path too long to list.
    PathTooLong = "path_too_long", UNPROCESSABLE_ENTITY;
    /// No tour exists, and the detail says why.
    NoTour = "no_tour", UNPROCESSABLE_ENTITY;
    /// No tour was found, and none was proven not to exist.
    TourNotFound = "tour_not_found", UNPROCESSABLE_ENTITY;
    /// A count of tours not finished within its time limit.
    CountNotSettled = "count_not_settled", UNPROCESSABLE_ENTITY;
    /// A board over an endpoint's size limit.
    BoardTooLarge = "board_too_large", UNPROCESSABLE_ENTITY;
    /// A board (or all the frames asked for) too large to draw.
    RenderTooLarge = "render_too_large", UNPROCESSABLE_ENTITY;
    /// Heavy work is queued past its limit.
    Overloaded = "overloaded", SERVICE_UNAVAILABLE;
    /// The request took longer than the configured timeout.
    Timeout = "timeout", SERVICE_UNAVAILABLE;
    /// The 8×8 table is still being built.
    NotReady = "not_ready", SERVICE_UNAVAILABLE;
    /// A bug: never caused by what a client sends.
    InternalError = "internal_error", INTERNAL_SERVER_ERROR;
}

impl Code {
    /// The problem's title: the status's reason phrase, as RFC 9457 asks of
    /// `"type": "about:blank"`.
    pub fn title(self) -> &'static str {
        self.status().canonical_reason().unwrap_or("Error")
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// Everything that can go wrong in a request.
#[derive(Debug)]
pub struct ApiError {
    code: Code,
    detail: String,
    param: Option<String>,
    retry_after_secs: Option<u64>,
}

/// The problem+json body.
#[derive(Serialize)]
struct Problem<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    title: &'static str,
    status: u16,
    detail: &'a str,
    code: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    param: Option<&'a str>,
}

impl ApiError {
    /// An error with `code` and `detail`, naming no parameter.
    pub fn new(code: Code, detail: impl Into<String>) -> ApiError {
        ApiError {
            code,
            detail: bound_detail(detail.into()),
            param: None,
            retry_after_secs: None,
        }
    }

    /// The same error, naming `param` as the input at fault, quoted by
    /// the one rule ([`shorten`]): a name as long as a person would write
    /// it is whole, a longer one (an unknown key of a megabyte) is cut and
    /// says how long it was.
    pub fn at(mut self, param: impl Into<String>) -> ApiError {
        let param = param.into();
        self.param = Some(shorten(&param));
        self
    }

    pub fn code(&self) -> Code {
        self.code
    }

    pub fn status(&self) -> StatusCode {
        self.code.status()
    }

    pub fn detail(&self) -> &str {
        &self.detail
    }

    pub fn param(&self) -> Option<&str> {
        self.param.as_deref()
    }

    /// A bad value of `param`.
    pub fn invalid(param: impl Into<String>, detail: impl Into<String>) -> ApiError {
        ApiError::new(Code::InvalidParameter, detail).at(param)
    }

    /// A required `param` that is absent.
    pub fn missing(param: impl Into<String>) -> ApiError {
        let param = param.into();
        let named = match alias(&param) {
            Some(other) => format!("'{param}' (or '{other}')"),
            None => format!("'{param}'"),
        };
        let detail = match allowed(&param) {
            Some(allowed) => format!("{named} is required: {allowed}"),
            None => format!("{named} is required"),
        };
        ApiError::new(Code::MissingParameter, detail).at(param)
    }

    /// A `param` the endpoint does not take.
    pub fn unknown(param: impl Into<String>) -> ApiError {
        let param = param.into();
        let detail = format!(
            "'{}' is not a parameter of this endpoint; see /openapi.yaml",
            shorten(&param)
        );
        ApiError::new(Code::UnknownParameter, detail).at(param)
    }

    /// A list `param` of `found` items, more than `limit`.
    pub fn too_many(param: impl Into<String>, found: usize, limit: usize) -> ApiError {
        let param = param.into();
        let detail = format!("'{param}' has {found} items; at most {limit} are allowed");
        ApiError::new(Code::TooManyItems, detail).at(param)
    }

    /// A board of `squares`, named by `param`, over the `limit` that
    /// `endpoint` takes (set by `flag`); `remedy` says what to do instead.
    pub fn board_too_large(
        param: &str,
        squares: u64,
        (endpoint, limit, flag): (&str, u64, &str),
        remedy: &str,
    ) -> ApiError {
        ApiError::new(
            Code::BoardTooLarge,
            format!("the board has {squares} squares; {endpoint} takes boards of at most {limit} squares ({flag}): {remedy}"),
        )
        .at(param)
    }

    /// No endpoint at `path` (quoted short, as sent).
    pub fn not_found(path: &str) -> ApiError {
        ApiError::new(
            Code::NotFound,
            format!(
                "there is no endpoint at '{}': /openapi.yaml lists the endpoints (such as /distance, /path, /tour), and / is the page",
                shorten(path)
            ),
        )
    }

    /// A 405 to `method` that names the methods to use, as the route's
    /// `Allow` header lists them.
    pub fn method_not_allowed_by(method: &str, allow: &str) -> ApiError {
        let mut methods: Vec<&str> = allow.split(',').map(str::trim).collect();
        if methods.contains(&"GET") {
            methods.retain(|&m| m != "HEAD");
        }
        let answers = match methods.as_slice() {
            ["POST"] => "POST with a JSON body (Content-Type: application/json)".to_owned(),
            ["GET"] => "GET (and HEAD)".to_owned(),
            ["GET", "POST"] => {
                "GET with a query string, or POST with a JSON body (Content-Type: application/json)"
                    .to_owned()
            }
            _ => methods.join(", "),
        };
        let method = shorten(method);
        ApiError::new(
            Code::MethodNotAllowed,
            format!("this endpoint does not answer {method}; it answers {answers}"),
        )
    }

    pub fn payload_too_large(limit: usize) -> ApiError {
        ApiError::new(
            Code::PayloadTooLarge,
            format!("the body is larger than the {limit} bytes allowed"),
        )
    }

    pub fn unsupported_media_type() -> ApiError {
        ApiError::new(
            Code::UnsupportedMediaType,
            "send the body as JSON with 'Content-Type: application/json'",
        )
    }

    /// Heavy work queued past its limit; retry after `secs`.
    pub fn overloaded(secs: u64) -> ApiError {
        ApiError::new(
            Code::Overloaded,
            "too much heavy work is queued; retry later",
        )
        .retry_after(secs)
    }

    /// One client's heavy work queued past its share; retry after `secs`.
    pub fn client_overloaded(secs: u64) -> ApiError {
        ApiError::new(
            Code::Overloaded,
            "this client already has its share of heavy work queued; retry once some of it is answered",
        )
        .retry_after(secs)
    }

    /// Request bodies arriving at once past their memory budget; retry
    /// after `secs`.
    pub fn bodies_overloaded(secs: u64) -> ApiError {
        ApiError::new(
            Code::Overloaded,
            "too many request bodies are arriving at once; retry later",
        )
        .retry_after(secs)
    }

    /// HTTP/2 answers waiting for their clients to let them through hold
    /// `held` bytes, at or past `budget` (`flag` names the limit: on this
    /// connection, or over all); retry after `secs`.
    pub fn answers_overloaded(held: usize, budget: usize, flag: &str, secs: u64) -> ApiError {
        let whose = if flag.ends_with("per-connection") {
            "this connection's answers"
        } else {
            "the answers of all connections"
        };
        ApiError::new(
            Code::Overloaded,
            format!(
                "{whose} already hold {held} bytes that their clients have not let through (HTTP/2 flow control), at or past the budget of {budget} bytes ({flag}); read those answers, or retry later"
            ),
        )
        .retry_after(secs)
    }

    /// A request body that stopped arriving for `millis` milliseconds.
    pub fn body_timeout(millis: u64) -> ApiError {
        ApiError::new(
            Code::BodyTimeout,
            format!(
                "the request body stopped arriving for {millis} ms; send it whole, without pauses"
            ),
        )
    }

    /// A client over its request rate; retry after `secs`.
    pub fn rate_limited(secs: u64) -> ApiError {
        ApiError::new(
            Code::RateLimited,
            "this client is sending requests faster than the server's rate limit allows; retry later",
        )
        .retry_after(secs)
    }

    /// A request over the configured timeout; retry after `secs`.
    pub fn timeout(secs: u64) -> ApiError {
        ApiError::new(
            Code::Timeout,
            "the request took longer than the server allows; retry later",
        )
        .retry_after(secs)
    }

    pub fn not_ready() -> ApiError {
        ApiError::new(
            Code::NotReady,
            "the service is starting (it builds its 8×8 table first); retry in a second",
        )
        .retry_after(1)
    }

    pub fn stopping() -> ApiError {
        ApiError::new(Code::NotReady, "the service is shutting down").retry_after(1)
    }

    pub fn internal() -> ApiError {
        ApiError::new(
            Code::InternalError,
            "the server failed to answer this request (a bug, not what was sent); retry, and report it if it happens again",
        )
    }

    pub(crate) fn retry_after(mut self, secs: u64) -> ApiError {
        self.retry_after_secs = Some(secs);
        self
    }
}

/// At most 40 characters of `text`, for a detail; a longer text is cut
/// and says how long it was. The rule is the library's
/// ([`knight::board::shorten_sent`]), so that a square it refuses is quoted as
/// every other value is.
pub fn shorten(text: &str) -> String {
    knight::board::shorten_sent(text)
}

/// Longest `detail`, in characters: past it, the rest is cut.
const MOST_DETAIL: usize = 1_000;

/// `detail`, cut at [`MOST_DETAIL`] characters: what was sent is quoted
/// short where it is quoted ([`shorten`]), and this is the net under
/// that.
fn bound_detail(detail: String) -> String {
    match detail.char_indices().nth(MOST_DETAIL) {
        Some((cut, _)) => format!(
            "{}… ({} characters in all)",
            &detail[..cut],
            detail.chars().count()
        ),
        None => detail,
    }
}

impl ApiError {
    /// The problem+json body.
    pub fn to_json(&self) -> Vec<u8> {
        let problem = Problem {
            kind: "about:blank",
            title: self.code.title(),
            status: self.status().as_u16(),
            detail: &self.detail,
            code: self.code.slug(),
            param: self.param.as_deref(),
        };
        serde_json::to_vec(&problem).expect("a problem always serializes")
    }

    /// 431: a request head past `--max-header-bytes` or `--max-headers`,
    /// both named.
    pub fn headers_too_large(max_bytes: usize, max_fields: usize) -> ApiError {
        ApiError::new(
            Code::HeadersTooLarge,
            format!("the request's head is larger than the server reads: at most {max_bytes} bytes of request line and headers (--max-header-bytes) and {max_fields} headers (--max-headers); send fewer or shorter headers"),
        )
    }

    /// The answer hyper gives, by itself, to a request it cannot read
    /// (`head`: its status line and headers, no body), as problem+json:
    /// the same status and headers, and the problem (a 431 naming the
    /// head limits it was held to). None for any other answer. hyper's
    /// own answers are the only ones with an empty body that begin
    /// `connection: close`, `content-length: 0`.
    pub fn of_http_layer(head: &[u8], max_bytes: usize, max_fields: usize) -> Option<Vec<u8>> {
        const EMPTY: &[u8] = b"\r\nconnection: close\r\ncontent-length: 0\r\n";
        let rest = head.strip_prefix(b"HTTP/1.1 4")?;
        let (error, line) = match rest.get(..2)? {
            b"00" => (
                ApiError::new(Code::MalformedRequest, "the request is not HTTP/1.1 that can be read: check its request line and headers"),
                "HTTP/1.1 400 Bad Request",
            ),
            b"14" => (
                ApiError::new(Code::UriTooLong, "the request's URI is longer than the server reads (about 64 KiB): send long input as the JSON body of a POST"),
                "HTTP/1.1 414 URI Too Long",
            ),
            b"31" => (
                ApiError::headers_too_large(max_bytes, max_fields),
                "HTTP/1.1 431 Request Header Fields Too Large",
            ),
            _ => return None,
        };
        let after = head.strip_prefix(line.as_bytes())?;
        let others = after.strip_prefix(EMPTY)?;
        if !head.ends_with(b"\r\n\r\n") {
            return None;
        }
        let body = error.to_json();
        let mut out = Vec::with_capacity(head.len() + body.len() + 64);
        out.extend_from_slice(line.as_bytes());
        out.extend_from_slice(
            b"\r\nconnection: close\r\ncontent-type: application/problem+json\r\nx-content-type-options: nosniff\r\ncontent-length: ",
        );
        out.extend_from_slice(body.len().to_string().as_bytes());
        out.extend_from_slice(b"\r\n");
        out.extend_from_slice(others);
        out.extend_from_slice(&body);
        Some(out)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let code = self.code.slug();
        if status.is_server_error() && status != StatusCode::SERVICE_UNAVAILABLE {
            tracing::error!(code, "request failed");
        } else {
            tracing::debug!(code, status = status.as_u16(), "request refused");
        }
        let body = self.to_json();
        let mut response = (status, body).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/problem+json"),
        );
        if let Some(secs) = self.retry_after_secs {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_distinct_snake_case() {
        let mut seen = std::collections::HashSet::new();
        for code in Code::ALL {
            assert!(seen.insert(code.slug()), "{code} twice");
            assert!(code
                .slug()
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'_'));
            assert!(code.status().is_client_error() || code.status().is_server_error());
        }
    }
}
