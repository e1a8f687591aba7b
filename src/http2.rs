//! HTTP/2 streams held to the rule HTTP/1.1 connections are held to: an
//! answer its client accepts no bytes of for `--write-timeout-ms` is given
//! up ([`Stall`](crate::stall::Stall), the one rule). On HTTP/1.1 the
//! socket shows the stall (its writes wait); on HTTP/2 a client stalls one
//! stream by keeping its flow-control window shut while the socket stays
//! writable, so the rule is kept per stream:
//!
//! - hyper runs each stream's answer as a task given to the connection's
//!   executor, [`Streams`], which wraps it in [`Watched`]: once the answer
//!   has begun, a stream whose body has waited on its client (not on the
//!   server) for the write timeout is dropped, which resets it
//!   (`RST_STREAM`, `CANCEL`) and frees what it held;
//! - every answer's body is wrapped in [`Sending`], which tells `Watched`
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

use std::cell::Cell;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{Request, Version};
use axum::response::{IntoResponse, Response};
use axum::Router;
use http_body::{Frame, SizeHint};
use hyper::body::Incoming;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tower::Service;

use crate::config::Config;
use crate::convert::len64;
use crate::error::ApiError;
use crate::stall::Stall;

/// Answers of at most this many bytes (known before they are sent) are
/// never refused for the budget: health checks, errors, most answers.
pub const SMALL: u64 = 16 * 1024;

/// What `/metrics` shows of HTTP/2, counted over the process (knightd
/// serves once).
#[derive(Clone, Copy, Debug, Default)]
pub struct Figures {
    /// Connections sent GOAWAY `ENHANCE_YOUR_CALM` and closed for
    /// resetting streams past `--http2-max-resets`.
    pub calmed: u64,
    /// Answer bytes handed to HTTP/2 and not yet let through, now.
    pub held: u64,
    /// Streams reset for waiting on their clients for the write timeout.
    pub stalled_streams: u64,
    /// Connections closed because none of their answers moved.
    pub stalled_connections: u64,
    /// Answers refused (503) past an answer budget.
    pub refused: u64,
}

static HELD: AtomicU64 = AtomicU64::new(0);
static STALLED_STREAMS: AtomicU64 = AtomicU64::new(0);
static STALLED_CONNECTIONS: AtomicU64 = AtomicU64::new(0);
static REFUSED: AtomicU64 = AtomicU64::new(0);
static CALMED: AtomicU64 = AtomicU64::new(0);

/// The figures now.
pub fn figures() -> Figures {
    Figures {
        calmed: CALMED.load(Ordering::Relaxed),
        held: HELD.load(Ordering::Relaxed),
        stalled_streams: STALLED_STREAMS.load(Ordering::Relaxed),
        stalled_connections: STALLED_CONNECTIONS.load(Ordering::Relaxed),
        refused: REFUSED.load(Ordering::Relaxed),
    }
}

/// The budget of answer bytes over all connections, shared by every
/// connection one `serve` accepts.
#[derive(Debug)]
pub struct Budget {
    held: AtomicUsize,
    limit: usize,
    per_connection: usize,
    write_timeout: Duration,
    /// Streams a connection's client may reset in a burst.
    max_resets: u32,
}

impl Budget {
    pub fn new(config: &Config) -> Arc<Budget> {
        Arc::new(Budget {
            held: AtomicUsize::new(0),
            limit: config.answer_budget,
            per_connection: config.answer_budget_per_connection,
            write_timeout: Duration::from_millis(config.write_timeout_ms.max(1)),
            max_resets: config.http2_max_resets,
        })
    }

    /// Bytes held now, over all connections.
    pub fn held(&self) -> usize {
        self.held.load(Ordering::Relaxed)
    }
}

/// What one connection's streams share.
#[derive(Debug)]
pub struct Connection {
    /// The peer's address.
    peer: SocketAddr,
    budget: Arc<Budget>,
    held: AtomicUsize,
    opened: Instant,
    /// When an answer of this connection last moved, in milliseconds
    /// after `opened`.
    moved: AtomicU64,
    close: tokio::sync::Notify,
    /// Resets the client may still make, in tenths (a token bucket), and
    /// when it was last filled, in milliseconds after `opened`.
    resets: std::sync::Mutex<(u64, u64)>,
    /// Closed for its resets.
    calmed: std::sync::atomic::AtomicBool,
    /// The task reading the connection ([`Calm`]), woken to write the
    /// GOAWAY.
    reader: std::sync::Mutex<Option<Waker>>,
}

/// A reset earned back every this many milliseconds.
const RESET_EARNED_MS: u64 = 100;

/// How long a calmed connection may take to write its GOAWAY (its client
/// may not be reading) before it is closed without.
pub const CALM_GRACE: Duration = Duration::from_secs(1);

impl Connection {
    pub fn new(budget: &Arc<Budget>, peer: SocketAddr) -> Arc<Connection> {
        Arc::new(Connection {
            peer,
            budget: Arc::clone(budget),
            held: AtomicUsize::new(0),
            opened: Instant::now(),
            moved: AtomicU64::new(0),
            close: tokio::sync::Notify::new(),
            resets: std::sync::Mutex::new((u64::from(budget.max_resets), 0)),
            calmed: std::sync::atomic::AtomicBool::new(false),
            reader: std::sync::Mutex::new(None),
        })
    }

    /// The client reset a stream (or left it) before its answer ended: its
    /// work is dropped with it. Counted over time, not only while pending
    /// (hyper's own limit): past `--http2-max-resets` in a burst, earning
    /// one back each [`RESET_EARNED_MS`], the connection gets GOAWAY
    /// `ENHANCE_YOUR_CALM` ([`Calm`]) and is closed.
    fn reset_by_client(&self) {
        let now = self.now();
        let most = u64::from(self.budget.max_resets);
        let over = {
            let mut resets = self.resets.lock().unwrap_or_else(|e| e.into_inner());
            let (left, filled) = *resets;
            let earned = (now - filled.min(now)) / RESET_EARNED_MS;
            let left = (left + earned).min(most);
            *resets = (left.saturating_sub(1), filled + earned * RESET_EARNED_MS);
            left == 0
        };
        if over && !self.calmed.swap(true, Ordering::Relaxed) {
            tracing::debug!(
                "an HTTP/2 client reset streams past --http2-max-resets: GOAWAY ENHANCE_YOUR_CALM"
            );
            CALMED.fetch_add(1, Ordering::Relaxed);
            self.close.notify_one();
            let reader = self.reader.lock().unwrap_or_else(|e| e.into_inner()).take();
            if let Some(reader) = reader {
                reader.wake();
            }
        }
    }

    /// Whether the connection is closed for its resets: [`Calm`] writes
    /// its GOAWAY, given [`CALM_GRACE`] to do so.
    pub fn is_calmed(&self) -> bool {
        self.calmed.load(Ordering::Relaxed)
    }

    /// Keeps the waker of the task reading the connection.
    fn reading(&self, waker: &Waker) {
        let mut reader = self.reader.lock().unwrap_or_else(|e| e.into_inner());
        if !reader.as_ref().is_some_and(|r| r.will_wake(waker)) {
            *reader = Some(waker.clone());
        }
    }

    /// The peer's address.
    pub fn peer(&self) -> SocketAddr {
        self.peer
    }

    /// Resolves when the connection is to be closed: every answer of it
    /// has stalled, or its client reset streams past the limit
    /// ([`Connection::is_calmed`]). One `Notify`: the accept loop polls
    /// this each time the connection's task wakes.
    pub async fn closed(&self) {
        self.close.notified().await;
    }

    fn now(&self) -> u64 {
        crate::convert::millis(self.opened.elapsed())
    }

    fn moved(&self) {
        self.moved.store(self.now(), Ordering::Relaxed);
    }

    /// One of the connection's streams was reset for stalling: when no
    /// answer of the connection has moved for the write timeout either,
    /// the connection is closed.
    fn stalled(&self) {
        let idle = self
            .now()
            .saturating_sub(self.moved.load(Ordering::Relaxed));
        if idle >= crate::convert::millis(self.budget.write_timeout) {
            tracing::debug!(
                "no answer of an HTTP/2 connection moved for the write timeout: closed"
            );
            STALLED_CONNECTIONS.fetch_add(1, Ordering::Relaxed);
            self.close.notify_one();
        }
    }

    /// Counts `bytes` of an answer not yet made (its size known from its
    /// request) against this connection's budget and the budget of all,
    /// before its work starts; 503 `overloaded` with `Retry-After` when
    /// either already holds bytes and this answer would take it past its
    /// limit (one answer alone is never refused). Released when the
    /// [`Reserved`] is dropped: with the answer's body, once sent or
    /// given up.
    pub fn reserve(self: &Arc<Connection>, bytes: usize) -> Result<Reserved, ApiError> {
        let budget = &self.budget;
        let here = self.held.load(Ordering::Relaxed);
        let all = budget.held();
        let over = |held: usize, limit: usize| held > 0 && held.saturating_add(bytes) > limit;
        if over(here, budget.per_connection) {
            REFUSED.fetch_add(1, Ordering::Relaxed);
            return Err(ApiError::answers_overloaded(
                here,
                budget.per_connection,
                "--answer-budget-per-connection",
                1,
            ));
        }
        if over(all, budget.limit) {
            REFUSED.fetch_add(1, Ordering::Relaxed);
            return Err(ApiError::answers_overloaded(
                all,
                budget.limit,
                "--answer-budget",
                1,
            ));
        }
        self.held.fetch_add(bytes, Ordering::Relaxed);
        budget.held.fetch_add(bytes, Ordering::Relaxed);
        HELD.fetch_add(len64(bytes), Ordering::Relaxed);
        Ok(Reserved {
            connection: Arc::clone(self),
            bytes,
        })
    }

    /// `response`, ready to send on HTTP/2: its body counted and watched,
    /// or, when it is large and the budget is spent, a 503. An answer
    /// counted before it was made ([`Reserved`]) is not counted again.
    fn answer(self: &Arc<Connection>, mut response: Response) -> Response {
        let reserved = response.extensions_mut().remove::<Counted>();
        let counted = reserved.is_some();
        let size = http_body::Body::size_hint(response.body());
        let small = counted || size.exact().is_some_and(|n| n <= SMALL);
        let response = if small {
            response
        } else {
            let budget = &self.budget;
            let here = self.held.load(Ordering::Relaxed);
            let all = budget.held();
            if here >= budget.per_connection {
                refuse(
                    here,
                    budget.per_connection,
                    "--answer-budget-per-connection",
                )
            } else if all >= budget.limit {
                refuse(all, budget.limit, "--answer-budget")
            } else {
                response
            }
        };
        let connection = Arc::clone(self);
        response.map(|body| {
            Body::new(Sending {
                body,
                tail: None,
                held: 0,
                counted,
                _reserved: reserved,
                ended: false,
                connection,
            })
        })
    }
}

/// Bytes of one answer counted against the answer budgets before the
/// answer was made ([`Connection::reserve`]); released when dropped.
#[derive(Debug)]
pub struct Reserved {
    connection: Arc<Connection>,
    bytes: usize,
}

impl Reserved {
    /// `response`, holding the bytes until it is sent or given up: carried
    /// as an extension through the layers (which may make its body anew),
    /// then held by the body the connection sends ([`Answers`]).
    pub fn hold(self, mut response: Response) -> Response {
        response.extensions_mut().insert(Counted(Arc::new(self)));
        response
    }
}

impl Drop for Reserved {
    fn drop(&mut self) {
        let n = self.bytes;
        self.connection.held.fetch_sub(n, Ordering::Relaxed);
        self.connection.budget.held.fetch_sub(n, Ordering::Relaxed);
        HELD.fetch_sub(len64(n), Ordering::Relaxed);
    }
}

/// The answer budget of the connection a request came on, for a handler
/// that knows its answer's size before any work ([`AnswerBudget::reserve`]);
/// none outside a served connection (a test's router called directly).
/// The budget is the connection's, so it is read here, where connections
/// are, rather than from the heavy-work pool.
#[derive(Debug)]
pub struct AnswerBudget(Option<Arc<Connection>>);

impl<S: Sync> FromRequestParts<S> for AnswerBudget {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<AnswerBudget, Infallible> {
        Ok(AnswerBudget(
            parts.extensions.get::<Arc<Connection>>().cloned(),
        ))
    }
}

impl AnswerBudget {
    /// Counts `bytes` of an answer not yet made against the answer budgets
    /// (`--answer-budget`, and the connection's), before its work starts:
    /// 503 with `Retry-After` when they are spent. Call it with the
    /// answer's size as its request tells it, and pass the answer through
    /// [`Budgeted::hold`].
    pub fn reserve(&self, bytes: u64) -> Result<Budgeted, ApiError> {
        let bytes = usize::try_from(bytes).unwrap_or(usize::MAX);
        Ok(Budgeted(
            self.0.as_ref().map(|c| c.reserve(bytes)).transpose()?,
        ))
    }
}

/// An answer's bytes counted against the answer budgets before it was
/// made ([`AnswerBudget::reserve`]); none outside a served connection.
#[derive(Debug)]
pub struct Budgeted(Option<Reserved>);

impl Budgeted {
    /// `response`, holding the bytes until its body is dropped.
    pub fn hold(self, response: Response) -> Response {
        match self.0 {
            Some(reserved) => reserved.hold(response),
            None => response,
        }
    }
}

/// On an answer whose bytes were counted before it was made: the bytes,
/// held while it lives.
#[derive(Clone, Debug)]
struct Counted(#[allow(dead_code)] Arc<Reserved>);

/// A body that holds its answer's [`Reserved`] bytes until it is dropped.
struct Holding {
    body: Body,
    _held: Counted,
}

impl http_body::Body for Holding {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

fn refuse(held: usize, budget: usize, flag: &str) -> Response {
    REFUSED.fetch_add(1, Ordering::Relaxed);
    ApiError::answers_overloaded(held, budget, flag, 1).into_response()
}

/// What the body of the stream being polled did during that poll, for
/// [`Watched`]: set by [`Sending`], read and cleared by `Watched`.
#[derive(Clone, Copy, Default)]
struct Polled {
    /// The body gave a frame, or ended.
    moved: bool,
    /// Whose turn it was when the body was last polled.
    turn: Option<Turn>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Turn {
    /// The body gave a frame: the next comes when the client has let it
    /// through.
    Client,
    /// The body is being made.
    Server,
}

thread_local! {
    static POLLED: Cell<Polled> = Cell::new(Polled::default());
    /// Set while [`Watched`] drops a stream it gave up on: the server's
    /// reset, not the client's.
    static STALL_RESET: Cell<bool> = const { Cell::new(false) };
}

fn note(moved: bool, turn: Turn) {
    POLLED.with(|p| {
        let was = p.get();
        p.set(Polled {
            moved: was.moved || moved,
            turn: Some(turn),
        });
    });
}

/// An HTTP/2 answer's body: see the module's documentation.
struct Sending {
    body: Body,
    /// The last byte, held back until the rest has been let through.
    tail: Option<Bytes>,
    /// Bytes given to hyper and not yet let through (until the next poll:
    /// hyper asks for more once they fit the client's window).
    held: usize,
    /// The answer's bytes were counted before it was made ([`Reserved`]).
    counted: bool,
    /// Those bytes, held until the stream ends.
    _reserved: Option<Counted>,
    /// The body gave its last frame.
    ended: bool,
    connection: Arc<Connection>,
}

impl Sending {
    fn hold(&mut self, n: usize) {
        self.release();
        if self.counted {
            return;
        }
        self.held = n;
        self.connection.held.fetch_add(n, Ordering::Relaxed);
        self.connection.budget.held.fetch_add(n, Ordering::Relaxed);
        HELD.fetch_add(len64(n), Ordering::Relaxed);
    }

    fn release(&mut self) {
        let n = std::mem::take(&mut self.held);
        if n > 0 {
            self.connection.held.fetch_sub(n, Ordering::Relaxed);
            self.connection.budget.held.fetch_sub(n, Ordering::Relaxed);
            HELD.fetch_sub(len64(n), Ordering::Relaxed);
        }
    }

    fn give(&mut self, data: Bytes) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        self.hold(data.len());
        note(true, Turn::Client);
        Poll::Ready(Some(Ok(Frame::data(data))))
    }
}

impl Drop for Sending {
    fn drop(&mut self) {
        self.release();
        let ended =
            self.ended || (self.tail.is_none() && http_body::Body::is_end_stream(&self.body));
        if !ended && !STALL_RESET.with(Cell::get) {
            self.connection.reset_by_client();
        }
    }
}

impl http_body::Body for Sending {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let this = self.get_mut();
        // Asked again: what was given has been let through.
        this.release();
        if let Some(tail) = this.tail.take() {
            return this.give(tail);
        }
        match Pin::new(&mut this.body).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => match frame.into_data() {
                Ok(mut data) => {
                    if this.body.is_end_stream() && data.len() > 1 {
                        this.tail = Some(data.split_off(data.len() - 1));
                    }
                    this.give(data)
                }
                Err(frame) => {
                    note(true, Turn::Client);
                    Poll::Ready(Some(Ok(frame)))
                }
            },
            Poll::Pending => {
                note(false, Turn::Server);
                Poll::Pending
            }
            done => {
                this.ended = true;
                note(true, Turn::Client);
                done
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.tail.is_none() && self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        let tail = self.tail.as_ref().map_or(0, |t| len64(t.len()));
        let inner = self.body.size_hint();
        let mut hint = SizeHint::new();
        hint.set_lower(inner.lower() + tail);
        if let Some(upper) = inner.upper() {
            hint.set_upper(upper + tail);
        }
        hint
    }
}

/// The executor of one connection's HTTP/2 streams: each runs
/// [`Watched`].
#[derive(Clone, Debug)]
pub struct Streams {
    connection: Arc<Connection>,
}

impl Streams {
    pub fn new(connection: &Arc<Connection>) -> Streams {
        Streams {
            connection: Arc::clone(connection),
        }
    }
}

impl<F> hyper::rt::Executor<F> for Streams
where
    F: Future<Output = ()> + Send + 'static,
{
    fn execute(&self, stream: F) {
        let timeout = self.connection.budget.write_timeout;
        tokio::spawn(Watched {
            stream: Some(Box::pin(stream)),
            stall: Stall::new(timeout),
            begun: false,
            turn: Turn::Server,
            connection: Arc::clone(&self.connection),
        });
    }
}

/// One HTTP/2 stream's task, given up (dropped: the stream is reset) once
/// its answer has waited on its client for the write timeout.
struct Watched<F> {
    /// None once given up.
    stream: Option<Pin<Box<F>>>,
    stall: Stall,
    /// The answer has begun: its body was polled.
    begun: bool,
    turn: Turn,
    connection: Arc<Connection>,
}

impl<F: Future<Output = ()>> Future for Watched<F> {
    type Output = ();

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let this = self.get_mut();
        let Some(stream) = this.stream.as_mut() else {
            return Poll::Ready(());
        };
        let before = POLLED.with(|p| p.replace(Polled::default()));
        let done = stream.as_mut().poll(cx);
        let polled = POLLED.with(|p| p.replace(before));
        if done.is_ready() {
            return Poll::Ready(());
        }
        if let Some(turn) = polled.turn {
            this.begun = true;
            this.turn = turn;
        }
        if polled.moved {
            this.stall.progressed();
            this.connection.moved();
        }
        if this.begun && this.turn == Turn::Client && this.stall.waiting(cx).is_ready() {
            tracing::debug!(
                "an HTTP/2 answer waited on its client for the write timeout: stream reset"
            );
            STALLED_STREAMS.fetch_add(1, Ordering::Relaxed);
            this.connection.stalled();
            STALL_RESET.with(|s| s.set(true));
            this.stream = None;
            STALL_RESET.with(|s| s.set(false));
            return Poll::Ready(());
        }
        Poll::Pending
    }
}

/// The service of one connection: the router, with the connection (its
/// peer's address, its answer budget) on every request, and on HTTP/2
/// every answer passed through [`Connection::answer`].
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
    type Response = Response;
    type Error = Infallible;
    type Future = Answer;

    fn call(&self, mut request: Request<Incoming>) -> Answer {
        // One extension: each costs every request.
        request
            .extensions_mut()
            .insert(Arc::clone(&self.connection));
        let http2 = request.version() == Version::HTTP_2;
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
                Ok(connection.answer(response))
            }))
        } else {
            Answer::Http1(routed)
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
    Http1(Routed),
    Http2(Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>),
}

impl Future for Answer {
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.get_mut() {
            Answer::Http1(routed) => Pin::new(routed).poll(cx).map(|answer| {
                let Ok(mut response) = answer;
                // Counted bytes are held by the body hyper sends.
                Ok(match response.extensions_mut().remove::<Counted>() {
                    Some(counted) => response.map(|body| {
                        Body::new(Holding {
                            body,
                            _held: counted,
                        })
                    }),
                    None => response,
                })
            }),
            Answer::Http2(answer) => answer.as_mut().poll(cx),
        }
    }
}

/// The client's connection preface, which opens an HTTP/2 connection with
/// prior knowledge.
const PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

/// A frame's header: a 24-bit length, the type, the flags, the stream.
const FRAME_HEAD: usize = 9;

/// The HEADERS frame's type: it opens a stream.
const HEADERS: u8 = 0x1;

/// GOAWAY's type, and the error code `ENHANCE_YOUR_CALM`.
const GOAWAY: u8 = 0x7;
const ENHANCE_YOUR_CALM: u32 = 0xb;

/// One direction of an HTTP/2 connection read as frames: where the frame
/// being read ends.
#[derive(Clone, Copy, Debug, Default)]
struct Frames {
    head: [u8; FRAME_HEAD],
    /// Bytes of `head` read.
    have: usize,
    /// Bytes of the frame's payload still to come.
    payload: usize,
}

impl Frames {
    /// Reads `bytes` up to the end of the frame being read (or all of
    /// them): how many it read, and the frame's header when it read one
    /// whole.
    fn advance(&mut self, bytes: &[u8]) -> (usize, Option<[u8; FRAME_HEAD]>) {
        if self.payload > 0 {
            let n = self.payload.min(bytes.len());
            self.payload -= n;
            return (n, None);
        }
        let n = (FRAME_HEAD - self.have).min(bytes.len());
        self.head[self.have..self.have + n].copy_from_slice(&bytes[..n]);
        self.have += n;
        if self.have < FRAME_HEAD {
            return (n, None);
        }
        self.have = 0;
        let [a, b, c, ..] = self.head;
        self.payload = usize::from(a) << 16 | usize::from(b) << 8 | usize::from(c);
        let m = self.payload.min(bytes.len() - n);
        self.payload -= m;
        (n + m, Some(self.head))
    }

    /// Reads all of `bytes`, telling `each` every whole header.
    fn read(&mut self, mut bytes: &[u8], mut each: impl FnMut(&[u8; FRAME_HEAD])) {
        while !bytes.is_empty() {
            let (n, head) = self.advance(bytes);
            if let Some(head) = head {
                each(&head);
            }
            bytes = &bytes[n..];
        }
    }

    /// Between two frames.
    fn at_boundary(&self) -> bool {
        self.have == 0 && self.payload == 0
    }

    /// How many of `bytes` end the frame being read (None when they do
    /// not reach its end).
    fn frame_end(&self, bytes: &[u8]) -> Option<usize> {
        let mut copy = *self;
        let mut at = 0;
        while at < bytes.len() {
            at += copy.advance(&bytes[at..]).0;
            if copy.at_boundary() {
                return Some(at);
            }
        }
        None
    }
}

/// What [`Calm`] knows of its connection.
#[derive(Debug)]
enum Seen {
    /// This many bytes of the HTTP/2 preface have come, and nothing else.
    Opening(usize),
    /// Not HTTP/2: every byte passes untouched.
    Http1,
    Http2 {
        read: Frames,
        written: Frames,
        /// The highest stream the client opened.
        last_stream: u32,
    },
    /// Writing the GOAWAY: its bytes, and how many are written.
    Calming([u8; FRAME_HEAD + 8], usize),
    /// The GOAWAY is written: the connection reads as ended.
    Calmed,
}

/// A connection's bytes, read as HTTP/2 frames once its client has sent
/// the preface, so that a connection calmed for its resets
/// ([`Connection::reset_by_client`]) gets GOAWAY `ENHANCE_YOUR_CALM`, with
/// the highest stream its client opened, between two frames of hyper's;
/// then its write side is shut and it reads as ended, and hyper lets it
/// go. HTTP/1.1 bytes pass untouched.
pub struct Calm<T> {
    inner: T,
    seen: Seen,
    connection: Arc<Connection>,
}

impl<T> Calm<T> {
    pub fn new(inner: T, connection: &Arc<Connection>) -> Calm<T> {
        Calm {
            inner,
            seen: Seen::Opening(0),
            connection: Arc::clone(connection),
        }
    }

    /// Takes in bytes the client sent.
    fn came(&mut self, bytes: &[u8]) {
        let mut bytes = bytes;
        if let Seen::Opening(have) = self.seen {
            let n = (PREFACE.len() - have).min(bytes.len());
            if bytes[..n] != PREFACE[have..have + n] {
                self.seen = Seen::Http1;
                return;
            }
            self.seen = if have + n == PREFACE.len() {
                Seen::Http2 {
                    read: Frames::default(),
                    written: Frames::default(),
                    last_stream: 0,
                }
            } else {
                Seen::Opening(have + n)
            };
            bytes = &bytes[n..];
        }
        if let Seen::Http2 {
            read, last_stream, ..
        } = &mut self.seen
        {
            read.read(bytes, |head| {
                let [.., s0, s1, s2, s3] = *head;
                let stream = u32::from_be_bytes([s0, s1, s2, s3]) & 0x7fff_ffff;
                if head[3] == HEADERS {
                    *last_stream = (*last_stream).max(stream);
                }
            });
        }
    }

    /// Whether the GOAWAY is due now: the connection is calmed and the
    /// server's last frame is written whole. Starts it when so.
    fn goaway_due(&mut self) -> bool {
        let Seen::Http2 {
            written,
            last_stream,
            ..
        } = &self.seen
        else {
            return matches!(self.seen, Seen::Calming(..));
        };
        if !(self.connection.is_calmed() && written.at_boundary()) {
            return false;
        }
        let mut frame = [0u8; FRAME_HEAD + 8];
        frame[2] = 8;
        frame[3] = GOAWAY;
        frame[FRAME_HEAD..FRAME_HEAD + 4].copy_from_slice(&last_stream.to_be_bytes());
        frame[FRAME_HEAD + 4..].copy_from_slice(&ENHANCE_YOUR_CALM.to_be_bytes());
        self.seen = Seen::Calming(frame, 0);
        true
    }
}

impl<T: AsyncWrite + Unpin> Calm<T> {
    /// Writes the GOAWAY, flushes it and shuts the write side; the
    /// connection then reads as ended, and hyper lets it go.
    fn poll_goaway(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Seen::Calming(frame, written) = &mut self.seen {
            if *written == frame.len() {
                std::task::ready!(Pin::new(&mut self.inner).poll_flush(cx))?;
                std::task::ready!(Pin::new(&mut self.inner).poll_shutdown(cx))?;
                self.seen = Seen::Calmed;
                break;
            }
            match std::task::ready!(Pin::new(&mut self.inner).poll_write(cx, &frame[*written..]))? {
                0 => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                n => *written += n,
            }
        }
        Poll::Ready(Ok(()))
    }
}

fn calmed() -> io::Error {
    io::Error::new(
        io::ErrorKind::ConnectionAborted,
        "GOAWAY ENHANCE_YOUR_CALM sent: the client reset streams past --http2-max-resets",
    )
}

impl<T: AsyncRead + AsyncWrite + Unpin> AsyncRead for Calm<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        match this.seen {
            Seen::Http1 => return Pin::new(&mut this.inner).poll_read(cx, buf),
            Seen::Calmed => return Poll::Ready(Ok(())),
            Seen::Http2 { .. } => this.connection.reading(cx.waker()),
            _ => {}
        }
        if this.goaway_due() {
            // Read as ended once it is written: hyper lets the connection go.
            return this.poll_goaway(cx);
        }
        let before = buf.filled().len();
        let poll = Pin::new(&mut this.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = poll {
            this.came(&buf.filled()[before..]);
        }
        poll
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Calm<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.goaway_due() {
            std::task::ready!(this.poll_goaway(cx))?;
        }
        let Seen::Http2 { written, .. } = &mut this.seen else {
            return match this.seen {
                Seen::Calmed => Poll::Ready(Err(calmed())),
                _ => Pin::new(&mut this.inner).poll_write(cx, buf),
            };
        };
        // Calmed mid-frame: the frame is finished, and the GOAWAY follows.
        let end = if this.connection.is_calmed() {
            written.frame_end(buf).unwrap_or(buf.len())
        } else {
            buf.len()
        };
        let poll = Pin::new(&mut this.inner).poll_write(cx, &buf[..end]);
        if let Poll::Ready(Ok(n)) = poll {
            written.read(&buf[..n], |_| {});
        }
        poll
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match &mut this.seen {
            Seen::Http2 { written, .. } if !this.connection.is_calmed() => {
                let poll = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
                if let Poll::Ready(Ok(n)) = poll {
                    let mut left = n;
                    for b in bufs {
                        let m = left.min(b.len());
                        written.read(&b[..m], |_| {});
                        left -= m;
                    }
                }
                poll
            }
            Seen::Http1 | Seen::Opening(_) => {
                Pin::new(&mut this.inner).poll_write_vectored(cx, bufs)
            }
            // Calmed: one slice at a time, up to the frame's end.
            _ => {
                let first = bufs
                    .iter()
                    .find(|b| !b.is_empty())
                    .map_or(&[][..], |b| &b[..]);
                Pin::new(this).poll_write(cx, first)
            }
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if matches!(this.seen, Seen::Calmed) {
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut this.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::Frames;

    /// Two frames (a 3-byte payload, then an empty one) split anywhere:
    /// their ends are found, and their headers read whole.
    #[test]
    fn frame_ends_are_found_however_the_bytes_come() {
        let bytes = [
            0, 0, 3, 1, 4, 0, 0, 0, 1, 7, 7, 7, 0, 0, 0, 4, 1, 0, 0, 0, 0,
        ];
        for cut in 0..=bytes.len() {
            let mut frames = Frames::default();
            let mut heads = Vec::new();
            frames.read(&bytes[..cut], |h| heads.push(h[3]));
            assert_eq!(
                frames.at_boundary(),
                [0, 12, 21].contains(&cut),
                "cut {cut}"
            );
            let rest = &bytes[cut..];
            let first_end = if cut < 12 { 12 - cut } else { 21 - cut };
            assert_eq!(
                frames.frame_end(rest),
                (!rest.is_empty()).then_some(first_end),
                "cut {cut}"
            );
            frames.read(rest, |h| heads.push(h[3]));
            assert_eq!(heads, [1, 4], "cut {cut}");
            assert!(frames.at_boundary());
        }
    }
}
