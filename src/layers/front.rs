//! The one layer every request passes through, in place of a stack of
//! them, each doing only what it must:
//!
//! - the client's limits (`limits`: rate, body size, budget and timeout),
//!   checked before the route runs, as that client's request;
//! - `x-request-id`: the client's, echoed; else a new one from a counter
//!   (UUID-shaped: a per-process random half, then the count), written
//!   into a shared buffer, so no allocation per request;
//! - the request timeout, whose timer starts only if the answer is not
//!   ready at once (cheap endpoints never arm one);
//! - the metrics (atomics, see `metrics`);
//! - a span and an access line only when logged (`--access-log`, or debug
//!   logs);
//! - `X-Content-Type-Options: nosniff` on every answer;
//! - gzip when asked (see `compress`: large answers off the async workers),
//!   and then the `ETag` of a compressed answer marked with its coding
//!   (`etag::etag_per_coding`).
//!
//! One layer, because each layer axum puts round a route is a boxed
//! service, cloned (with all the boxed services inside it) for every
//! request it passes; its answer is a future written by hand, which takes
//! no allocation of its own when the route answers at once.

use std::cell::RefCell;
use std::convert::Infallible;
use std::future::Future;
use std::hash::{BuildHasher, Hasher};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::task::{ready, Context, Poll};
use std::time::{Duration, Instant};

use axum::extract::{MatchedPath, Request};
use axum::http::header::X_CONTENT_TYPE_OPTIONS;
use axum::http::{HeaderName, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use bytes::BytesMut;
use tower::{Layer, Service};

use crate::convert::to_usize;
use crate::error::ApiError;
use crate::layers::etag::etag_per_coding;
use crate::layers::limits::{Admitted, Limits};
use crate::layers::metrics::{Metrics, UNMATCHED};
use crate::response::compress::{self, Accepts, Respond};

pub const X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// What [`Front`] needs, shared by every route.
#[derive(Clone, Debug)]
pub struct FrontLayer(Arc<Settings>);

#[derive(Debug)]
struct Settings {
    metrics: Metrics,
    limits: Limits,
    access_log: bool,
    timeout: Duration,
}

impl FrontLayer {
    pub fn new(
        metrics: Metrics,
        limits: Limits,
        access_log: bool,
        timeout: Duration,
    ) -> FrontLayer {
        FrontLayer(Arc::new(Settings {
            metrics,
            limits,
            access_log,
            timeout,
        }))
    }
}

impl<S> Layer<S> for FrontLayer {
    type Service = Front<S>;

    fn layer(&self, inner: S) -> Front<S> {
        Front {
            inner,
            settings: Arc::clone(&self.0),
        }
    }
}

/// See the module's documentation.
#[derive(Clone, Debug)]
pub struct Front<S> {
    inner: S,
    settings: Arc<Settings>,
}

impl<S> Service<Request> for Front<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + Unpin + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = FrontFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request) -> Self::Future {
        let started = Instant::now();
        // Kept for the answer and the span; no handler reads it from the
        // request.
        let id = match request.headers().get(X_REQUEST_ID) {
            Some(id) => id.clone(),
            None => new_request_id(),
        };
        let route = request.extensions().get::<MatchedPath>().cloned();
        let method = request.method().clone();
        let accepts = Accepts::of(request.headers());
        let settings = Arc::clone(&self.settings);
        let span = if settings.access_log {
            tracing::info_span!("request", method = %method, path = %request.uri().path(), request_id = ?id, trace_id = tracing::field::Empty, question = tracing::field::Empty)
        } else {
            tracing::debug_span!("request", method = %method, path = %request.uri().path(), request_id = ?id, trace_id = tracing::field::Empty, question = tracing::field::Empty)
        };
        // The caller's W3C trace id, so the request's lines can be found
        // from its trace.
        if !span.is_disabled() {
            if let Some(trace) = request
                .headers()
                .get("traceparent")
                .and_then(|v| crate::layers::trace::trace_id(v.as_bytes()))
            {
                span.record("trace_id", trace);
            }
        }
        // Called here, not in the future: `poll_ready` made `inner` ready
        // for this call, and the route's future does its work only when
        // polled (as the client's, see `FrontFuture::poll`).
        let stage = match settings.limits.admit(&mut request) {
            Ok(admitted) => Stage::Route {
                answer: self.inner.call(request),
                admitted: Some(admitted),
                timer: None,
            },
            Err(refused) => Stage::Refused(Some(*refused)),
        };
        FrontFuture {
            stage,
            status: StatusCode::OK,
            front: Some(Answering {
                started,
                id,
                route,
                method,
                accepts,
                settings,
                span,
            }),
        }
    }
}

/// The answer of [`Front`]: the route's, within the request timeout, whose timer
/// starts only if the answer is not ready at once (cheap endpoints never
/// arm one); then compressed when asked, and counted. Written by hand,
/// not as an `async` block, so that an answer ready at its first poll (most
/// are) takes no allocation of its own.
pub struct FrontFuture<F> {
    stage: Stage<F>,
    /// The status the route answered, before compression.
    status: StatusCode,
    /// What the answer is finished with; taken when it is.
    front: Option<Answering>,
}

enum Stage<F> {
    /// The route is answering.
    Route {
        answer: F,
        /// Taken with the answer.
        admitted: Option<Admitted>,
        timer: Option<Pin<Box<tokio::time::Sleep>>>,
    },
    /// Refused before the route, by the client's limits.
    Refused(Option<Response>),
    /// Being compressed.
    Compressing(Pin<Box<dyn Future<Output = Response> + Send>>),
    Done,
}

/// What [`FrontFuture`] keeps of the request.
struct Answering {
    started: Instant,
    id: HeaderValue,
    route: Option<MatchedPath>,
    method: Method,
    accepts: Accepts,
    settings: Arc<Settings>,
    span: tracing::Span,
}

impl<F> Future for FrontFuture<F>
where
    F: Future<Output = Result<Response, Infallible>> + Unpin,
{
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.get_mut();
        let front = this
            .front
            .as_ref()
            .expect("a FrontFuture polled after its answer");
        // The stage is changed in place: a route's future is large.
        let answered = match &mut this.stage {
            Stage::Route {
                answer,
                admitted,
                timer,
            } => {
                let polled = {
                    let _entered = (!front.span.is_disabled()).then(|| front.span.enter());
                    Pin::new(answer).poll(cx)
                };
                match polled {
                    Poll::Ready(Ok(response)) => {
                        let admitted = admitted.take().expect("admitted until answered");
                        // Done: dropped where it is.
                        this.stage = Stage::Done;
                        admitted.answer(response)
                    }
                    Poll::Ready(Err(never)) => match never {},
                    Poll::Pending => {
                        let limit = front.settings.timeout;
                        let sleep =
                            timer.get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
                        if sleep.as_mut().poll(cx).is_pending() {
                            return Poll::Pending;
                        }
                        // Given up: dropped, which gives up its place in
                        // the heavy-work queue, if it held one.
                        this.stage = Stage::Done;
                        ApiError::timeout(1).into_response()
                    }
                }
            }
            Stage::Refused(refused) => {
                let refused = refused.take().expect("a refusal sent once");
                this.stage = Stage::Done;
                refused
            }
            Stage::Compressing(compressing) => {
                let response = ready!(compressing.as_mut().poll(cx));
                this.stage = Stage::Done;
                return Poll::Ready(Ok(this.finish(response)));
            }
            Stage::Done => unreachable!("a FrontFuture polled after its answer"),
        };
        this.status = answered.status();
        match compress::respond_now(front.accepts, answered) {
            Respond::Now(response) => Poll::Ready(Ok(this.finish(response))),
            Respond::Later(compressing) => {
                this.stage = Stage::Compressing(compressing);
                Pin::new(this).poll(cx)
            }
        }
    }
}

impl<F> FrontFuture<F> {
    /// The answer as sent: its `ETag` marked with its coding, the request
    /// id; counted, and logged when asked.
    fn finish(&mut self, mut response: Response) -> Response {
        let front = self.front.take().expect("an answer finished once");
        etag_per_coding(response.headers_mut());
        let headers = response.headers_mut();
        headers.entry(X_REQUEST_ID).or_insert(front.id);
        // No answer is read as anything but its type: a JSON or text
        // answer opened from a link is never sniffed into a page (SVG's
        // policy is set where pictures are answered, `layers::pictured`).
        headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
        let status = self.status;
        let elapsed = front.started.elapsed();
        let route = front.route.as_ref().map_or(UNMATCHED, MatchedPath::as_str);
        front
            .settings
            .metrics
            .record(route, &front.method, status.as_u16(), elapsed);
        let micros = crate::convert::micros(elapsed);
        let span = &front.span;
        if status.is_server_error() && status.as_u16() == 500 {
            tracing::error!(parent: span, status = status.as_u16(), micros, "internal error");
        } else if !span.is_disabled() {
            if front.settings.access_log {
                tracing::info!(parent: span, status = status.as_u16(), micros, "answered");
            } else {
                tracing::debug!(parent: span, status = status.as_u16(), micros, "answered");
            }
        }
        response
    }
}

/// A new request id: `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, the first
/// half random per process (written once), the second a count of the ids
/// made.
fn new_request_id() -> HeaderValue {
    static PROCESS: OnceLock<[u8; 19]> = OnceLock::new();
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let process = PROCESS.get_or_init(|| {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        h.write_u32(std::process::id());
        let random = h.finish();
        let mut head = [b'-'; 19];
        hex_into(&mut head[..8], random >> 32);
        hex_into(&mut head[9..13], random >> 16);
        hex_into(&mut head[14..18], random);
        head
    });
    let count = COUNT.fetch_add(1, Ordering::Relaxed);
    let mut id = [b'-'; 36];
    id[..19].copy_from_slice(process);
    hex_into(&mut id[19..23], count >> 48);
    hex_into(&mut id[24..], count);
    // Slices of one shared buffer: an allocation per few hundred ids.
    thread_local! {
        static IDS: RefCell<BytesMut> = RefCell::new(BytesMut::new());
    }
    let bytes = IDS.with(|ids| {
        let mut ids = ids.borrow_mut();
        if ids.capacity() < id.len() {
            *ids = BytesMut::with_capacity(id.len() * 256);
        }
        ids.extend_from_slice(&id);
        ids.split().freeze()
    });
    HeaderValue::from_maybe_shared(bytes).expect("hex digits and dashes")
}

/// The low `4 * out.len()` bits of `value` in lower-case hex, two digits
/// a step (a request id is written on every request).
fn hex_into(out: &mut [u8], mut value: u64) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    const PAIRS: [[u8; 2]; 256] = {
        let mut pairs = [[0; 2]; 256];
        let mut i = 0;
        while i < 256 {
            pairs[i] = [DIGITS[i >> 4], DIGITS[i & 0xf]];
            i += 1;
        }
        pairs
    };
    let mut pairs = out.rchunks_exact_mut(2);
    for pair in &mut pairs {
        pair.copy_from_slice(&PAIRS[to_usize(value & 0xff)]);
        value >>= 8;
    }
    if let [digit] = pairs.into_remainder() {
        *digit = DIGITS[to_usize(value & 0xf)];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_ids_are_uuid_shaped_and_distinct() {
        let a = new_request_id();
        let b = new_request_id();
        assert_ne!(a, b);
        let a = a.to_str().unwrap();
        assert_eq!(a.len(), 36);
        let dashes: Vec<usize> = a.match_indices('-').map(|(i, _)| i).collect();
        assert_eq!(dashes, [8, 13, 18, 23]);
        assert!(a.chars().all(|c| c == '-' || c.is_ascii_hexdigit()));
        // The same process half; the count in the second.
        let b = b.to_str().unwrap();
        assert_eq!(a[..19], b[..19]);
        let count = |id: &str| u64::from_str_radix(&id[19..].replace('-', ""), 16).unwrap();
        assert!(count(b) > count(a));
        let mut out = [0u8; 6];
        hex_into(&mut out, 0xab_cdef_0123);
        assert_eq!(&out, b"ef0123");
        let mut odd = [0u8; 5];
        hex_into(&mut odd, 0xab_cdef_0123);
        assert_eq!(&odd, b"f0123");
    }
}
