//! The ETag cache of the answers that are pure functions of their URL:
//! `Cache-Control`, a strong `ETag` (a hash of the body, one per content
//! coding) and `304 Not Modified`.

use axum::body::{Body, HttpBody};
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::convert::len64;
use crate::error::ApiError;
use crate::response::raster::ToRasterise;
use crate::response::NotPure;

/// Route layer of the solver's GET routes, whose answers are pure functions
/// of the URL: a successful GET (or HEAD) answer is marked cacheable for a
/// day and carries a strong `ETag`, a hash of its body; a request whose
/// `If-None-Match` matches it is answered `304 Not Modified` without the
/// body. HEAD has GET's headers: axum strips the body only after this
/// layer. An answer marked [`NotPure`] is marked `no-store` instead.
pub async fn cache_for_a_day(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let uri = request.uri().to_string();
    let if_none_match: Vec<HeaderValue> = request
        .headers()
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .cloned()
        .collect();
    let mut response = next.run(request).await;
    if !(method == Method::GET || method == Method::HEAD) || !response.status().is_success() {
        return response;
    }
    if response.extensions().get::<NotPure>().is_some() {
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        return response;
    }
    let (mut parts, body) = response.into_parts();
    // An answer of known, modest size is hashed whole. A large one is
    // streamed as the client reads it (a tour of a million squares is
    // megabytes) and is never held: it is a pure function of the URL and
    // the representation chosen, written the same by every build of this
    // version, so its tag hashes those instead. A PNG still to be made is
    // named by its picture, the SVG it will be rasterised from (so a 304
    // or a HEAD never rasterises): another representation of the same URL
    // than the SVG, its own tag.
    let png = parts
        .extensions
        .get::<ToRasterise>()
        .map(|png| png.svg.clone());
    let named = png
        .as_ref()
        .map_or_else(|| body.size_hint().exact(), |svg| Some(len64(svg.len())));
    let whole = named.is_some_and(|n| n <= HASHED_BODY_BYTES);
    let (body, hash) = if let (Some(svg), true) = (&png, whole) {
        (body, body_hash(svg))
    } else if whole {
        let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
            return ApiError::internal().into_response();
        };
        let hash = body_hash(&bytes);
        (Body::from(bytes), hash)
    } else {
        let kind = parts
            .headers
            .get(header::CONTENT_TYPE)
            .map_or(&b""[..], HeaderValue::as_bytes);
        let key = [
            env!("CARGO_PKG_VERSION").as_bytes(),
            b" ",
            uri.as_bytes(),
            b" ",
            kind,
        ]
        .concat();
        (body, body_hash(&key))
    };
    let etag = if png.is_some() {
        format!("\"{hash:016x}-png\"")
    } else {
        format!("\"{hash:016x}\"")
    };
    let etag = HeaderValue::from_str(&etag).expect("hex in quotes is a header value");
    parts.headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=86400"),
    );
    parts.headers.insert(header::ETAG, etag.clone());
    if if_none_match
        .iter()
        .any(|value| none_match(value.as_bytes(), etag.as_bytes()))
    {
        let mut not_modified = Response::new(Body::empty());
        *not_modified.status_mut() = StatusCode::NOT_MODIFIED;
        // What a 304 carries (RFC 9110, 15.4.5): the validators and the
        // caching headers of the 200 it stands for.
        for name in [header::ETAG, header::CACHE_CONTROL, header::VARY] {
            for value in parts.headers.get_all(&name) {
                not_modified
                    .headers_mut()
                    .append(name.clone(), value.clone());
            }
        }
        return not_modified;
    }
    Response::from_parts(parts, body)
}

/// Answers up to this size are hashed for their `ETag`; larger ones stream.
const HASHED_BODY_BYTES: u64 = 1 << 20;

/// Whether an `If-None-Match` value matches `etag` (both as sent): `*`, or
/// a list of entity tags compared weakly (RFC 9110, 13.1.2: `W/"x"`
/// matches `"x"`). A tag may carry the `-gzip` (or other coding) suffix
/// that [`etag_per_coding`] gave the compressed answer.
pub fn none_match(value: &[u8], etag: &[u8]) -> bool {
    let value = value.trim_ascii();
    if value == b"*" {
        return true;
    }
    let opaque = |tag: &[u8]| -> Vec<u8> {
        let tag = tag.strip_prefix(b"W/").unwrap_or(tag);
        let inner = tag
            .strip_prefix(b"\"")
            .and_then(|t| t.strip_suffix(b"\""))
            .unwrap_or(tag);
        let inner = CODINGS
            .iter()
            .find_map(|c| inner.strip_suffix(c.as_bytes()))
            .unwrap_or(inner);
        inner.to_vec()
    };
    let ours = opaque(etag);
    let mut rest = value;
    while !rest.is_empty() {
        // One tag: up to the comma after its closing quote.
        let start = rest
            .iter()
            .position(|&b| b != b',' && b != b' ' && b != b'\t');
        let Some(start) = start else { break };
        rest = &rest[start..];
        let open = rest.iter().position(|&b| b == b'"');
        let end = match open {
            Some(open) => rest[open + 1..]
                .iter()
                .position(|&b| b == b'"')
                .map_or(rest.len(), |close| open + close + 2),
            None => rest.iter().position(|&b| b == b',').unwrap_or(rest.len()),
        };
        if opaque(rest[..end].trim_ascii()) == ours {
            return true;
        }
        rest = &rest[end..];
    }
    false
}

/// The suffixes [`etag_per_coding`] gives an `ETag` per content coding.
const CODINGS: [&str; 4] = ["-gzip", "-br", "-zstd", "-deflate"];

/// After compression: a compressed answer is another representation, so
/// its strong `ETag` gets the coding's suffix (`"…-gzip"`, as Apache does);
/// [`none_match`] takes either. Called by `front` on every answer.
pub fn etag_per_coding(headers: &mut HeaderMap) {
    let Some(coding) = headers.get(header::CONTENT_ENCODING) else {
        return;
    };
    let tagged = coding.to_str().ok().and_then(|coding| {
        let etag = headers.get(header::ETAG)?.to_str().ok()?;
        let etag = etag.strip_suffix('"')?;
        HeaderValue::from_str(&format!("{etag}-{coding}\"")).ok()
    });
    if let Some(tagged) = tagged {
        headers.insert(header::ETAG, tagged);
    }
}

/// A fast 64-bit hash of a body, stable across builds and releases (std's
/// `DefaultHasher` is not): FNV-1a over 8-byte words, then the tail bytes
/// and the length.
pub fn body_hash(bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        hash = (hash ^ word).wrapping_mul(PRIME);
        hash ^= hash >> 29;
    }
    for &byte in words.remainder() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(PRIME);
    }
    hash = (hash ^ len64(bytes.len())).wrapping_mul(PRIME);
    hash ^ (hash >> 32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn if_none_match_compares_weakly_and_takes_lists_and_star() {
        let etag = b"\"00ff\"";
        for (value, matches) in [
            (&b"\"00ff\""[..], true),
            (b"W/\"00ff\"", true),
            (b"*", true),
            (b"\"aaaa\", \"00ff\"", true),
            (b"\"aaaa\",W/\"00ff\"", true),
            (b"\"00ff-gzip\"", true),
            (b"\"a,b\", \"00ff\"", true),
            (b"\"00fe\"", false),
            (b"\"00ff", false),
            (b"", false),
            (b"\"aaaa\", \"bbbb\"", false),
        ] {
            assert_eq!(
                none_match(value, etag),
                matches,
                "{}",
                String::from_utf8_lossy(value)
            );
        }
    }

    #[test]
    fn body_hash_is_stable() {
        // Fixed values: the ETag of an answer must not change between builds.
        assert_eq!(body_hash(b""), body_hash(b""));
        assert_ne!(body_hash(b"a"), body_hash(b"b"));
        assert_ne!(body_hash(b"12345678"), body_hash(b"12345679"));
        assert_ne!(body_hash(b"\0"), body_hash(b"\0\0"));
        assert_eq!(body_hash(b"knightd"), 0x9042_5a60_0706_b3dd);
    }
}
