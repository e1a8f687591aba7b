//! gzip for clients that ask for it (`Accept-Encoding`), never on the async
//! workers for a large body: answers of at most [`INLINE_BYTES`] are
//! compressed where they are made (microseconds); larger ones, and answers
//! streamed at an unknown length, are compressed piece by piece on tokio's
//! blocking pool, each piece when the connection asks for more, at a fast
//! level (`STREAM_LEVEL`). An answer that knows a cheaper way to its
//! gzipped form (a tour's, see `answer`) carries it as [`Gzippable`].

use std::collections::VecDeque;
use std::future::Future;
use std::io::Write;
use std::pin::Pin;
use std::task::{ready, Context, Poll};

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;
use bytes::Bytes;
use flate2::write::GzEncoder;
use flate2::Compression;
use http_body::{Body as _, Frame, SizeHint};
use tokio::task::JoinHandle;

use crate::convert::to_usize;
use crate::response::streamed::{pieces_body, Gzippable};
use crate::wrapped::{NextFrame, Wrapped, Wrapper};

/// Answers smaller than this are sent as they are.
pub const MIN_BYTES: u64 = 1024;

/// Answers of at most this many bytes are compressed inline.
pub const INLINE_BYTES: u64 = 16 * 1024;

/// Input bytes compressed by one job on the blocking pool.
const JOB_BYTES: usize = 128 * 1024;

/// gzip level of answers compressed inline (zlib's default).
const INLINE_LEVEL: u32 = 6;

/// gzip level of large answers: about four times as fast as the default
/// on a tour's text, for a slightly larger result.
const STREAM_LEVEL: u32 = 1;

/// The encodings a request accepts that knightd can use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Accepts {
    pub gzip: bool,
}

impl Accepts {
    /// From `Accept-Encoding`: `gzip` (or `x-gzip`, or `*`) with a
    /// non-zero weight.
    pub fn of(headers: &HeaderMap) -> Accepts {
        let mut gzip = false;
        for value in headers.get_all(header::ACCEPT_ENCODING) {
            let Ok(value) = value.to_str() else { continue };
            for item in value.split(',') {
                let mut parts = item.split(';');
                let coding = parts.next().unwrap_or("").trim();
                let refused = parts.any(|p| {
                    let p = p.trim();
                    p.strip_prefix("q=")
                        .is_some_and(|q| q.trim().parse::<f32>().is_ok_and(|q| q <= 0.0))
                });
                if coding.eq_ignore_ascii_case("gzip")
                    || coding.eq_ignore_ascii_case("x-gzip")
                    || coding == "*"
                {
                    gzip = !refused;
                }
            }
        }
        Accepts { gzip }
    }
}

/// Whether answers of this type are worth compressing.
fn compressible(headers: &HeaderMap) -> bool {
    let Some(kind) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    // A stream of lines is sent as it is made: gzip would hold lines back.
    (!kind.starts_with("image/") || kind.starts_with("image/svg+xml"))
        && !kind.starts_with(crate::response::lines::NDJSON)
}

/// `response`, gzipped if `accepts` says so and it is worth it.
pub async fn respond(accepts: Accepts, response: Response) -> Response {
    match respond_now(accepts, response) {
        Respond::Now(response) => response,
        Respond::Later(response) => response.await,
    }
}

/// What [`respond_now`] makes of an answer.
pub enum Respond {
    /// The answer as it is sent: nothing to compress (most answers).
    Now(Response),
    /// The answer once compressed.
    Later(Pin<Box<dyn Future<Output = Response> + Send>>),
}

/// [`respond`], without a future of its own for an answer sent as it is.
pub fn respond_now(accepts: Accepts, response: Response) -> Respond {
    let size = response.body().size_hint();
    if size.exact().is_some_and(|n| n < MIN_BYTES)
        || !compressible(response.headers())
        || response.headers().contains_key(header::CONTENT_ENCODING)
        || matches!(
            response.status(),
            StatusCode::NO_CONTENT | StatusCode::NOT_MODIFIED
        )
    {
        return Respond::Now(response);
    }
    let (mut parts, body) = response.into_parts();
    let gzippable = parts.extensions.remove::<Gzippable>();
    parts
        .headers
        .append(header::VARY, HeaderValue::from_static("accept-encoding"));
    if !accepts.gzip {
        return Respond::Now(Response::from_parts(parts, body));
    }
    Respond::Later(Box::pin(gzip_answer(parts, body, gzippable, size)))
}

/// The answer of `parts` and `body` gzipped.
async fn gzip_answer(
    mut parts: axum::http::response::Parts,
    body: Body,
    gzippable: Option<Gzippable>,
    size: SizeHint,
) -> Response {
    parts.headers.remove(header::CONTENT_LENGTH);
    parts
        .headers
        .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    if let Some(Gzippable(gzipped)) = gzippable {
        // Mostly made before; the rest is compressed on the blocking pool.
        if let Ok(pieces) = tokio::task::spawn_blocking(move || {
            crate::background::as_background();
            gzipped()
        })
        .await
        {
            return Response::from_parts(parts, pieces_body(pieces));
        }
    }
    let body = match size.exact() {
        Some(n) if n <= INLINE_BYTES => match axum::body::to_bytes(body, to_usize(n)).await {
            Ok(bytes) => Body::from(gzip(&bytes, INLINE_LEVEL)),
            Err(e) => Wrapped::body(Body::empty(), Failed(Some(e))),
        },
        _ => Wrapped::body(body, Gzipped::new()),
    };
    Response::from_parts(parts, body)
}

/// `bytes` gzipped at `level`, at once.
pub fn gzip(bytes: &[u8], level: u32) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::new(level));
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}

/// What stands for a body that failed before its answer began: the
/// error, given at once (the body it wraps is empty).
struct Failed(Option<axum::Error>);

impl Wrapper for Failed {
    fn poll_frame(&mut self, _: &mut Body, _: &mut Context<'_>) -> NextFrame {
        Poll::Ready(self.0.take().map(Err))
    }

    fn is_end_stream(&self, _: &Body) -> bool {
        false
    }

    fn size_hint(&self, _: &Body) -> SizeHint {
        SizeHint::default()
    }
}

type Encoder = GzEncoder<Vec<u8>>;

/// What gzips a body on the blocking pool, one job of at most
/// [`JOB_BYTES`] at a time, each started when the connection asks for
/// more: a client that stops reading holds one piece and the encoder, not
/// the answer.
struct Gzipped {
    inner_done: bool,
    /// Input read from `inner`, not yet compressed.
    pending: VecDeque<Bytes>,
    pending_len: usize,
    /// Between jobs; None while a job has it, and after the last one.
    encoder: Option<Encoder>,
    job: Option<JoinHandle<(Encoder, Vec<u8>)>>,
    finished: bool,
}

impl Gzipped {
    fn new() -> Gzipped {
        Gzipped {
            inner_done: false,
            pending: VecDeque::new(),
            pending_len: 0,
            encoder: Some(GzEncoder::new(
                Vec::with_capacity(JOB_BYTES / 2),
                Compression::new(STREAM_LEVEL),
            )),
            job: None,
            finished: false,
        }
    }

    /// Up to [`JOB_BYTES`] of the pending input.
    fn take_input(&mut self) -> Vec<Bytes> {
        let mut taken = Vec::new();
        let mut len = 0;
        while len < JOB_BYTES {
            let Some(front) = self.pending.front_mut() else {
                break;
            };
            let piece = if front.len() <= JOB_BYTES - len {
                self.pending.pop_front().unwrap_or_default()
            } else {
                front.split_to(JOB_BYTES - len)
            };
            len += piece.len();
            taken.push(piece);
        }
        self.pending_len -= len;
        taken
    }
}

impl Wrapper for Gzipped {
    fn poll_frame(&mut self, inner: &mut Body, cx: &mut Context<'_>) -> NextFrame {
        loop {
            if let Some(job) = self.job.as_mut() {
                let done = ready!(Pin::new(job).poll(cx));
                self.job = None;
                let (encoder, out) = match done {
                    Ok(done) => done,
                    Err(e) => return Poll::Ready(Some(Err(axum::Error::new(e)))),
                };
                if !self.finished {
                    self.encoder = Some(encoder);
                }
                if !out.is_empty() {
                    return Poll::Ready(Some(Ok(Frame::data(Bytes::from(out)))));
                }
                continue;
            }
            if self.finished {
                return Poll::Ready(None);
            }
            while !self.inner_done && self.pending_len < JOB_BYTES {
                match Pin::new(&mut *inner).poll_frame(cx) {
                    Poll::Ready(Some(Ok(frame))) => {
                        if let Ok(data) = frame.into_data() {
                            self.pending_len += data.len();
                            self.pending.push_back(data);
                        }
                    }
                    Poll::Ready(Some(Err(e))) => return Poll::Ready(Some(Err(e))),
                    Poll::Ready(None) => self.inner_done = true,
                    Poll::Pending => break,
                }
            }
            let last = self.inner_done && self.pending_len <= JOB_BYTES;
            if self.pending_len == 0 && !last {
                // `inner` is pending and will wake us.
                return Poll::Pending;
            }
            let input = self.take_input();
            let Some(mut encoder) = self.encoder.take() else {
                return Poll::Ready(None);
            };
            self.finished = last;
            self.job = Some(tokio::task::spawn_blocking(move || {
                crate::background::as_background();
                for piece in &input {
                    let _ = encoder.write_all(piece);
                }
                if last {
                    let _ = encoder.try_finish();
                }
                let out = std::mem::take(encoder.get_mut());
                (encoder, out)
            }));
        }
    }

    fn is_end_stream(&self, _: &Body) -> bool {
        self.finished && self.job.is_none()
    }

    /// Unknown: gzip's length is known once it is made.
    fn size_hint(&self, _: &Body) -> SizeHint {
        SizeHint::default()
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    async fn gunzipped(response: Response) -> Vec<u8> {
        assert_eq!(response.headers()[header::CONTENT_ENCODING], "gzip");
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(&body[..])
            .read_to_end(&mut out)
            .unwrap();
        out
    }

    fn json(body: Body) -> Response {
        let mut response = Response::new(body);
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        response
    }

    #[tokio::test]
    async fn large_and_streamed_answers_are_gzipped_whole() {
        let gzip = Accepts { gzip: true };
        let text: Vec<u8> = (0..400_000u32)
            .flat_map(|i| format!("{i},").into_bytes())
            .collect();
        for size in [2000, 20_000, text.len()] {
            let whole = json(Body::from(text[..size].to_vec()));
            assert_eq!(gunzipped(respond(gzip, whole).await).await, &text[..size]);
        }
        // Streamed in uneven pieces, at an unknown length.
        let pieces: Vec<Result<Bytes, std::convert::Infallible>> = text
            .chunks(50_000)
            .map(|c| Ok(Bytes::copy_from_slice(c)))
            .collect();
        let streamed = json(Body::from_stream(futures_util::stream::iter(pieces)));
        assert_eq!(gunzipped(respond(gzip, streamed).await).await, text);
        let plain = respond(Accepts::default(), json(Body::from(text.clone()))).await;
        assert!(!plain.headers().contains_key(header::CONTENT_ENCODING));
        assert_eq!(plain.headers()[header::VARY], "accept-encoding");
    }

    #[test]
    fn accept_encoding_is_read() {
        let of = |v: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(v).unwrap());
            Accepts::of(&h).gzip
        };
        assert!(of("gzip"));
        assert!(of("br, gzip;q=0.5"));
        assert!(of("*"));
        assert!(!of("gzip;q=0"));
        assert!(!of("identity"));
        assert!(!Accepts::of(&HeaderMap::new()).gzip);
    }
}
