//! Extractors that turn every malformed request into an [`ApiError`]: JSON
//! bodies and query strings, with the name of the field at fault.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::{header, request::Parts, StatusCode};
use serde::de::DeserializeOwned;

use super::error::ApiError;

/// A JSON body, which must be sent as `application/json` (or `+json`).
pub struct JsonBody<T>(pub T);

/// The query string.
pub struct QueryParams<T>(pub T);

fn is_json(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or("").trim();
    let (kind, subtype) = essence.split_once('/').unwrap_or(("", ""));
    kind.eq_ignore_ascii_case("application")
        && (subtype.eq_ignore_ascii_case("json")
            || subtype.len() > 5
                && subtype.as_bytes()[subtype.len() - 5..].eq_ignore_ascii_case(b"+json"))
}

impl<S, T> FromRequest<S> for JsonBody<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(is_json);
        if !json {
            return Err(ApiError::UnsupportedMediaType);
        }
        let limit = req.extensions().get::<BodyLimit>().map_or(0, |l| l.0);
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e| body_error(e, limit))?;
        from_json(&bytes).map(JsonBody)
    }
}

/// The configured body limit, so that a 413 can say what it is.
#[derive(Clone, Copy, Debug)]
pub struct BodyLimit(pub usize);

fn body_error(rejection: BytesRejection, limit: usize) -> ApiError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::PayloadTooLarge { limit }
    } else {
        ApiError::MalformedJson {
            detail: "the body could not be read".to_owned(),
        }
    }
}

/// For optional fields: absent means the default, but an explicit `null` is
/// refused like any other value of the wrong type, so that what the schema
/// says (`integer`, not `integer or null`) is what the server accepts. Use as
/// `#[serde(default, deserialize_with = "not_null")]`.
pub fn not_null<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// Parses a JSON body, naming the field at fault.
pub fn from_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    // serde would read a struct from an array too ([19, 36]); the API takes objects.
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        syntax(bytes)?;
        return Err(ApiError::InvalidParameter {
            param: None,
            detail: "the body must be a JSON object".to_owned(),
        });
    }
    // The plain parse is the fast path; only a failure is parsed again to
    // find the field at fault.
    if let Ok(value) = serde_json::from_slice(bytes) {
        return Ok(value);
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        // A body that is not JSON at all is malformed, whatever shape error
        // the typed parse met first (`{} {}`: not "missing fields").
        if let Err(malformed) = syntax(bytes) {
            return malformed;
        }
        match inner.classify() {
            serde_json::error::Category::Data => data_error(&path, &inner.to_string()),
            _ => ApiError::MalformedJson {
                detail: inner.to_string(),
            },
        }
    })?;
    de.end().map_err(|e| ApiError::MalformedJson {
        detail: e.to_string(),
    })?;
    Ok(value)
}

/// Whether `bytes` are JSON at all.
fn syntax(bytes: &[u8]) -> Result<(), ApiError> {
    serde_json::from_slice::<serde::de::IgnoredAny>(bytes)
        .map(drop)
        .map_err(|e| ApiError::MalformedJson {
            detail: e.to_string(),
        })
}

/// Maps serde's message for a value of the wrong shape to the error naming it.
fn data_error(path: &str, message: &str) -> ApiError {
    let quoted = |prefix: &str| {
        message
            .strip_prefix(prefix)
            .and_then(|rest| rest.split('`').next())
            .map(str::to_owned)
    };
    let join = |field: String| {
        if path.is_empty() || path == "." {
            field
        } else {
            format!("{path}.{field}")
        }
    };
    if let Some(field) = quoted("missing field `") {
        return ApiError::MissingParameter { param: join(field) };
    }
    if let Some(field) = quoted("unknown field `") {
        // The path of an unknown field already ends with the field.
        let param = if path.ends_with(&field) {
            path.to_owned()
        } else {
            join(field)
        };
        return ApiError::UnknownParameter { param };
    }
    // serde_json appends " at line L column C"; keep the message short.
    let detail = message.split(" at line ").next().unwrap_or(message);
    let param = (!path.is_empty() && path != ".").then(|| path.to_owned());
    let detail = match &param {
        Some(p) => format!("'{p}': {detail}"),
        None => format!("the body has the wrong shape: {detail}"),
    };
    ApiError::InvalidParameter { param, detail }
}

impl<S, T> FromRequestParts<S> for QueryParams<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        from_query(parts.uri.query().unwrap_or("")).map(QueryParams)
    }
}

/// Parses a query string, naming the parameter at fault.
pub fn from_query<T: DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    let de = serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        data_error(&path, &e.into_inner().to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_content_types() {
        assert!(is_json("application/json"));
        assert!(is_json("Application/JSON; charset=utf-8"));
        assert!(is_json("application/problem+json"));
        assert!(!is_json("text/plain"));
        assert!(!is_json("application/x-www-form-urlencoded"));
    }
}
