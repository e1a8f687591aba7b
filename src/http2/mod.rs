//! HTTP/2 streams held to the rule HTTP/1.1 connections are held to: an
//! answer its client accepts no bytes of for `--write-timeout-ms` is given
//! up ([`Stall`](crate::stall::Stall), the one rule). On HTTP/1.1 the
//! socket shows the stall (its writes wait); on HTTP/2 a client stalls one
//! stream by keeping its flow-control window shut while the socket stays
//! writable, so the rule is kept per stream:
//!
//! - hyper runs each stream's answer as a task given to the connection's
//!   executor, [`Streams`], which wraps it in `streams::Watched`: once the answer
//!   has begun, a stream whose body has waited on its client (not on the
//!   server) for the write timeout is dropped, which resets it
//!   (`RST_STREAM`, `CANCEL`) and frees what it held;
//! - every answer's body is wrapped in `streams::Sending`, which tells `Watched`
//!   when it moves (through a thread-local set while the stream is
//!   polled), holds back its last byte so that the stream lasts until the
//!   client's window has let the rest through (else the end of an answer
//!   would sit in the connection's buffer, unwatched), and counts the bytes
//!   it has handed to HTTP/2 that the client has not yet let through;
//! - a connection on which no answer has moved for the write timeout when
//!   one of its streams is reset is closed ([`Connection::closed`]);
//! - those bytes count against `--answer-budget-per-connection` and
//!   `--answer-budget` (over all connections): past either, a new answer
//!   over [`SMALL`] bytes gets 503 `overloaded` with `Retry-After`;
//! - a stream its client resets (or leaves) before its answer ends is
//!   counted against `--http2-max-resets`, over time: past it the
//!   connection gets GOAWAY `ENHANCE_YOUR_CALM` and is closed, so that
//!   paced rapid reset, whose streams the server has already taken (hyper
//!   counts only those reset before), cannot keep workers and answers
//!   busy. hyper has no way to send that GOAWAY itself, so the
//!   connection's bytes pass through [`Calm`], which reads them as frames
//!   (a 9-byte header with a 24-bit length each way): it knows the highest
//!   stream the client opened and where each frame the server writes ends,
//!   and writes the GOAWAY between two of hyper's frames.
//!
//! The same budgets count, on either protocol, an answer whose size its
//! request tells before any work ([`Connection::reserve`]: a page built
//! whole): reserved before the work starts, held until the body the
//! connection sends is dropped. HTTP/1.1 answers are otherwise untouched:
//! one connection holds one answer, whose writes the socket's own timeout
//! watches.
//!
//! Where each part lives: `connection` (what a connection's answers share:
//! the budgets, the resets counted, the figures), `streams` (the HTTP/2
//! streams watched and their bodies counted), `calm` (the GOAWAY), and
//! here the service of one connection ([`Answers`]), which puts the
//! connection on every request and passes HTTP/2 answers to `streams`.

mod admission;
mod calm;
mod connection;
mod streams;

pub use admission::{
    connection_figures, leaving_at_most, Admission, Admitted, ConnectionFigures, Refused,
};
pub use calm::{Calm, PREFACE};
pub use connection::{
    figures, Admitting, AnswerBudget, Budget, Budgeted, Connection, Figures, InFlight, Reserved,
    CALM_GRACE, SMALL,
};
pub use streams::Streams;

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderValue, Request, Version};
use axum::response::{IntoResponse, Response};
use axum::Router;
use http_body::{Frame, SizeHint};
use hyper::body::Incoming;
use tower::Service;

use crate::error::ApiError;
use crate::wrapped::Wrapped;
use connection::Counted;

/// The service of one connection: the router, with the connection (its
/// peer's address, its answer budget) on every request, and on HTTP/2
/// every answer passed through `streams::answer`. Each request is in
/// flight on its connection until its answer's body is dropped
/// ([`Tracked`]), which is what tells an idle connection from a busy one.
#[derive(Clone, Debug)]
pub struct Answers {
    router: Router,
    connection: Arc<Connection>,
}

impl Answers {
    pub fn new(router: Router, connection: &Arc<Connection>) -> Answers {
        Answers {
            router,
            connection: Arc::clone(connection),
        }
    }
}

type Routed = <Router as Service<Request<Incoming>>>::Future;

impl hyper::service::Service<Request<Incoming>> for Answers {
    type Response = Response<Tracked>;
    type Error = Infallible;
    type Future = Answer;

    fn call(&self, mut request: Request<Incoming>) -> Answer {
        let in_flight = self.connection.request_began();
        let http2 = request.version() == Version::HTTP_2;
        // HTTP/1.1's head is held to the limits by hyper, as it is read;
        // HTTP/2's header list is read whole by h2 (within twice the
        // limit, its own bound), and held to them here.
        if http2 {
            let (max_bytes, max_fields) = self.connection.admission().head_limits();
            if let Some(refused) = head_refused(&request, max_bytes, max_fields) {
                return Answer::Ready(Some(Tracked::response(refused, in_flight)));
            }
        }
        // One extension: each costs every request.
        request
            .extensions_mut()
            .insert(Arc::clone(&self.connection));
        // A router is always ready.
        let routed = self.router.clone().call(request);
        if http2 {
            let connection = Arc::clone(&self.connection);
            // Boxed: the task of a stream keeps the room its largest state
            // took, and a stream may wait long on its client.
            let unanswered = Unanswered(Some(Arc::clone(&connection)));
            Answer::Http2(Box::pin(async move {
                let Ok(response) = routed.await;
                unanswered.answered();
                Ok(Tracked::response(
                    streams::answer(&connection, response),
                    in_flight,
                ))
            }))
        } else {
            Answer::Http1(routed, Some(in_flight))
        }
    }
}

/// An HTTP/2 stream not yet answered: dropped so, its client reset it
/// (or left) while its answer was being made.
struct Unanswered(Option<Arc<Connection>>);

impl Unanswered {
    fn answered(mut self) {
        self.0 = None;
    }
}

impl Drop for Unanswered {
    fn drop(&mut self) {
        if let Some(connection) = self.0.take() {
            connection.reset_by_client();
        }
    }
}

/// The answer of [`Answers`]. HTTP/1.1's is the router's own, not boxed:
/// that would be an allocation a request.
#[allow(clippy::large_enum_variant)]
pub enum Answer {
    Http1(Routed, Option<InFlight>),
    Http2(Pin<Box<dyn Future<Output = Result<Response<Tracked>, Infallible>> + Send>>),
    /// Refused before routing; taken when polled.
    Ready(Option<Response<Tracked>>),
}

impl Future for Answer {
    type Output = Result<Response<Tracked>, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.get_mut() {
            Answer::Http1(routed, in_flight) => Pin::new(routed).poll(cx).map(|answer| {
                let Ok(mut response) = answer;
                let in_flight = in_flight.take().expect("an answer is made once");
                // Near --max-connections, keep-alive clients give their
                // connections back as they are answered.
                if in_flight.connection().admission().crowded() {
                    response
                        .headers_mut()
                        .insert(header::CONNECTION, HeaderValue::from_static("close"));
                }
                // Counted bytes are held by the body hyper sends.
                let response = match response.extensions_mut().remove::<Counted>() {
                    Some(counted) => {
                        response.map(|body| Wrapped::body(body, Holding { _held: counted }))
                    }
                    None => response,
                };
                Ok(Tracked::response(response, in_flight))
            }),
            Answer::Http2(answer) => answer.as_mut().poll(cx),
            Answer::Ready(ready) => Poll::Ready(Ok(ready.take().expect("an answer is made once"))),
        }
    }
}

/// What holds an answer's [`Reserved`] bytes until its body is dropped;
/// the body passes on as it is.
struct Holding {
    _held: Counted,
}

impl crate::wrapped::Wrapper for Holding {}

/// The body a connection sends: the answer's own, holding its request in
/// flight ([`InFlight`]) until it is dropped. Not boxed: it is a field
/// beside the body, and no allocation a request.
pub struct Tracked {
    body: Body,
    _in_flight: InFlight,
}

impl Tracked {
    fn response(response: Response, in_flight: InFlight) -> Response<Tracked> {
        response.map(|body| Tracked {
            body,
            _in_flight: in_flight,
        })
    }
}

impl http_body::Body for Tracked {
    type Data = Bytes;
    type Error = axum::Error;

    #[inline]
    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    #[inline]
    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    #[inline]
    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// 431 for an HTTP/2 request whose header list is past `max_bytes`
/// (`--max-header-bytes`: each field's name and value and 32, as
/// SETTINGS_MAX_HEADER_LIST_SIZE counts; the pseudo-headers too) or has
/// more than `max_fields` (`--max-headers`) fields; None within them.
fn head_refused<B>(request: &Request<B>, max_bytes: usize, max_fields: usize) -> Option<Response> {
    let fields = request.headers().len();
    let pseudo = request.method().as_str().len()
        + request.uri().path_and_query().map_or(1, |p| p.as_str().len())
        + request.uri().scheme_str().map_or(0, str::len)
        + request.uri().authority().map_or(0, |a| a.as_str().len())
        // ":method", ":path", ":scheme", ":authority", and 32 each.
        + 29
        + 4 * 32;
    let bytes = request.headers().iter().fold(pseudo, |sum, (name, value)| {
        sum + name.as_str().len() + value.len() + 32
    });
    (bytes > max_bytes || fields > max_fields)
        .then(|| ApiError::headers_too_large(max_bytes, max_fields).into_response())
}
