//! The one error type of the HTTP layer and its `application/problem+json`
//! body (RFC 9457).

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::solver::board::{BoardError, OffBoard, SquareParseError};
use crate::solver::terrain::TerrainError;

/// Everything that can go wrong in a request.
#[derive(Debug)]
pub enum ApiError {
    /// The body is not JSON at all.
    MalformedJson {
        detail: String,
    },
    /// A required field or query parameter is absent.
    MissingParameter {
        param: String,
    },
    /// A field or query parameter knightd does not know.
    UnknownParameter {
        param: String,
    },
    /// A value of the wrong type or shape, or out of range.
    InvalidParameter {
        param: Option<String>,
        detail: String,
    },
    InvalidSquare {
        param: String,
        error: SquareParseError,
    },
    SquareOffBoard {
        param: String,
        error: OffBoard,
    },
    InvalidBoardSize {
        param: &'static str,
        error: BoardError,
    },
    InvalidBoard {
        param: String,
        error: TerrainError,
    },
    /// `from` or `to` of a terrain path is a rock or a barrier.
    SquareNotLandable {
        param: String,
        detail: String,
    },
    NotFound,
    MethodNotAllowed,
    PayloadTooLarge {
        limit: usize,
    },
    UnsupportedMediaType,
    /// A list longer than its limit.
    TooMany {
        param: String,
        found: usize,
        limit: usize,
    },
    /// A valid request with no answer in the requested form.
    Unprocessable {
        code: &'static str,
        param: Option<String>,
        detail: String,
    },
    /// Heavy work is queued past its limit.
    Overloaded {
        retry_after_secs: u64,
    },
    /// The request took longer than the configured timeout.
    Timeout {
        retry_after_secs: u64,
    },
    /// The 8×8 table is still being built.
    NotReady,
    /// A bug: never caused by what a client sends.
    Internal,
}

/// The problem+json body.
#[derive(Serialize)]
struct Problem<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    title: &'a str,
    status: u16,
    detail: String,
    code: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    param: Option<String>,
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        use ApiError::*;
        match self {
            MalformedJson { .. }
            | MissingParameter { .. }
            | UnknownParameter { .. }
            | InvalidParameter { .. }
            | InvalidSquare { .. }
            | SquareOffBoard { .. }
            | InvalidBoardSize { .. }
            | InvalidBoard { .. }
            | SquareNotLandable { .. }
            | TooMany { .. } => StatusCode::BAD_REQUEST,
            NotFound => StatusCode::NOT_FOUND,
            MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Overloaded { .. } | Timeout { .. } | NotReady => StatusCode::SERVICE_UNAVAILABLE,
            Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The stable machine-readable slug.
    pub fn code(&self) -> &'static str {
        use ApiError::*;
        match self {
            MalformedJson { .. } => "malformed_json",
            MissingParameter { .. } => "missing_parameter",
            UnknownParameter { .. } => "unknown_parameter",
            InvalidParameter { .. } => "invalid_parameter",
            InvalidSquare { .. } => "invalid_square",
            SquareOffBoard { .. } => "square_off_board",
            InvalidBoardSize { .. } => "invalid_board_size",
            InvalidBoard { error, .. } => error.code(),
            SquareNotLandable { .. } => "square_not_landable",
            NotFound => "not_found",
            MethodNotAllowed => "method_not_allowed",
            PayloadTooLarge { .. } => "payload_too_large",
            UnsupportedMediaType => "unsupported_media_type",
            TooMany { .. } => "too_many_items",
            Unprocessable { code, .. } => code,
            Overloaded { .. } => "overloaded",
            Timeout { .. } => "timeout",
            NotReady => "not_ready",
            Internal => "internal_error",
        }
    }

    fn detail(&self) -> String {
        use ApiError::*;
        match self {
            MalformedJson { detail } => format!("the body is not valid JSON: {detail}"),
            MissingParameter { param } => format!("'{param}' is required"),
            UnknownParameter { param } => format!("'{param}' is not a parameter of this endpoint"),
            InvalidParameter { detail, .. } | SquareNotLandable { detail, .. } => detail.clone(),
            InvalidSquare { error, .. } => error.to_string(),
            SquareOffBoard { error, .. } => error.to_string(),
            InvalidBoardSize { error, .. } => error.to_string(),
            InvalidBoard { error, .. } => error.to_string(),
            NotFound => "no such endpoint; see /openapi.yaml".to_owned(),
            MethodNotAllowed => {
                "this endpoint does not answer that method; see /openapi.yaml".to_owned()
            }
            PayloadTooLarge { limit } => {
                format!("the body is larger than the {limit} bytes allowed")
            }
            UnsupportedMediaType => {
                "send the body as JSON with 'Content-Type: application/json'".to_owned()
            }
            TooMany {
                param,
                found,
                limit,
            } => {
                format!("'{param}' has {found} items; at most {limit} are allowed")
            }
            Unprocessable { detail, .. } => detail.clone(),
            Overloaded { .. } => "too much heavy work is queued; retry later".to_owned(),
            Timeout { .. } => {
                "the request took longer than the server allows; retry later".to_owned()
            }
            NotReady => "the service is starting".to_owned(),
            Internal => "an internal error occurred".to_owned(),
        }
    }

    fn param(&self) -> Option<String> {
        use ApiError::*;
        match self {
            MissingParameter { param }
            | UnknownParameter { param }
            | InvalidSquare { param, .. }
            | SquareOffBoard { param, .. }
            | InvalidBoard { param, .. }
            | SquareNotLandable { param, .. }
            | TooMany { param, .. } => Some(param.clone()),
            InvalidParameter { param, .. } | Unprocessable { param, .. } => param.clone(),
            InvalidBoardSize { param, .. } => Some((*param).to_owned()),
            _ => None,
        }
    }

    /// A square that does not parse or is not on the board, as `param`.
    pub fn square(param: impl Into<String>, error: crate::api::square::SquareError) -> ApiError {
        use crate::api::square::SquareError;
        match error {
            SquareError::Parse(error) => ApiError::InvalidSquare {
                param: param.into(),
                error,
            },
            SquareError::OffBoard(error) => ApiError::SquareOffBoard {
                param: param.into(),
                error,
            },
        }
    }

    /// A bad value, named by `param`.
    pub fn invalid(param: impl Into<String>, detail: impl Into<String>) -> ApiError {
        ApiError::InvalidParameter {
            param: Some(param.into()),
            detail: detail.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        if status.is_server_error() && status != StatusCode::SERVICE_UNAVAILABLE {
            tracing::error!(code = self.code(), "request failed");
        } else {
            tracing::debug!(
                code = self.code(),
                status = status.as_u16(),
                "request refused"
            );
        }
        let problem = Problem {
            kind: "about:blank",
            title: status.canonical_reason().unwrap_or("Error"),
            status: status.as_u16(),
            detail: self.detail(),
            code: self.code(),
            param: self.param(),
        };
        let body = serde_json::to_vec(&problem).expect("a problem always serializes");
        let mut response = (status, body).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/problem+json"),
        );
        match self {
            ApiError::Overloaded { retry_after_secs } | ApiError::Timeout { retry_after_secs } => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from(retry_after_secs));
            }
            ApiError::NotReady => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from(1));
            }
            _ => {}
        }
        response
    }
}
