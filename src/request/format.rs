//! How an answer is to be written, decided once for each request to a
//! route that draws: [`negotiate`] reads the query's `format` (with a PNG's
//! `size`) or, without it, the `Accept` header, into one [`Format`]. The
//! route's layer (`layers::pictured`) calls it before the handler
//! runs and hands it on as a request extension ([`Chosen`]); the handler
//! takes it as its `Format` argument. Nothing of the request is rewritten:
//! the query keeps `format=png`, and the query readers know that `format`
//! and `size` are read here (`extract::Params`, `extract::post_query`).

use axum::extract::FromRequestParts;
use axum::http::{header, request::Parts, HeaderMap};
use serde::Deserialize;

use crate::error::{shorten, ApiError};
use crate::request::extract::from_query;
use crate::request::params::params;
use crate::request::params::{choice, Given};
use crate::written::Format;

/// A format by its name in the query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Name {
    Json,
    Text,
    Svg,
    Png,
}

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        choice(
            deserializer,
            "a format",
            &[
                ("json", Name::Json),
                ("text", Name::Text),
                ("svg", Name::Svg),
                ("png", Name::Png),
            ],
        )
    }
}

crate::request::params::param_by_serde!(Name);

params! {
    /// The `format` of a query, read alone.
    pub struct FormatQuery {
        pub format: Given<Name>,
    }
}

/// What [`negotiate`] decided for a request: its format, and whether its
/// query named one (an NDJSON stream is chosen only by `Accept`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chosen {
    pub format: Format,
    pub in_query: bool,
}

/// The one decision: the `format` (and `size`) of `query`, else what
/// `headers`' `Accept` prefers, else JSON. A PNG's `size` is a whole
/// number of pixels from 1 to `max_png_side`; `size` without a PNG is
/// refused.
pub fn negotiate(
    query: Option<&str>,
    headers: &HeaderMap,
    max_png_side: u32,
) -> Result<Chosen, ApiError> {
    let query = query.unwrap_or("");
    let mut named: Option<String> = None;
    let mut size: Option<String> = None;
    let mut formats = form_urlencoded::Serializer::new(String::new());
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        match &*key {
            "format" => {
                formats.append_pair("format", &value);
                named = Some(value.into_owned());
            }
            "size" if size.is_some() => {
                return Err(ApiError::invalid(
                    "size",
                    "'size' is given twice: give it once",
                ));
            }
            "size" => size = Some(value.into_owned()),
            _ => {}
        }
    }
    let png = match &named {
        Some(name) => name.eq_ignore_ascii_case("png"),
        None => Accept::prefers_png(headers),
    };
    let size = match size {
        Some(size) if !png => {
            let sent = shorten(&size);
            return Err(ApiError::invalid(
                "size",
                format!("'size' is {sent}, but it sizes a PNG picture: give it with format=png, or leave it out"),
            ));
        }
        size => size.map(|s| read_size(&s, max_png_side)).transpose()?,
    };
    let read: FormatQuery = from_query(&formats.finish())?;
    let format = match read.format.0 {
        Some(Name::Json) => Format::Json,
        Some(Name::Text) => Format::Text,
        Some(Name::Svg) => Format::Svg,
        Some(Name::Png) => Format::Png { size },
        None if png => Format::Png { size },
        None => Accept::of(headers).0.unwrap_or_default(),
    };
    Ok(Chosen {
        format,
        in_query: named.is_some(),
    })
}

/// `size` as sent: a whole number of pixels from 1 to `max`.
fn read_size(whole: &str, max: u32) -> Result<u32, ApiError> {
    let sent = shorten(whole);
    let too_large = || {
        ApiError::invalid(
            "size",
            format!("'{sent}' is too large for 'size': at most {max} pixels"),
        )
    };
    let digits = whole.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::invalid(
            "size",
            format!("'{sent}' is not a size: give the longer side of the PNG in whole pixels, from 1 to {max}"),
        ));
    }
    let n: u32 = digits.parse().map_err(|_| too_large())?;
    if n == 0 {
        return Err(ApiError::invalid(
            "size",
            format!("'size' must be a whole number of pixels from 1 to {max}, not '{sent}'"),
        ));
    }
    if n > max {
        return Err(too_large());
    }
    Ok(n)
}

/// The format [`negotiate`] chose for this request.
impl<S: Send + Sync> FromRequestParts<S> for Format {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Format, ApiError> {
        match parts.extensions.get::<Chosen>() {
            Some(chosen) => Ok(chosen.format),
            None => {
                // Only a route without the picture layer can get here: a bug.
                tracing::error!(
                    path = parts.uri.path(),
                    "a handler asked for a format not negotiated"
                );
                Err(ApiError::internal())
            }
        }
    }
}

/// The format a request's `Accept` header prefers, if it names one of
/// ours: `application/json`, `text/plain` or `image/svg+xml` (or a range
/// such as `image/*`). `?format=` wins over it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Accept(Option<Format>);

impl Accept {
    /// The format `headers` ask for: of the three, the one with the highest
    /// quality (each rated by the most specific range that matches it;
    /// JSON, then SVG, then text on a tie). None without an `Accept`
    /// header, or when it accepts none of them.
    fn of(headers: &HeaderMap) -> Accept {
        Accept(Self::rate(headers).and_then(|(format, _)| format))
    }

    /// Whether `headers` ask for a PNG (`image/png`) above the three
    /// formats [`Accept::of`] chooses from (a tie goes to them).
    fn prefers_png(headers: &HeaderMap) -> bool {
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
        if parts.extensions.get::<Chosen>().is_none_or(|c| c.in_query) {
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
