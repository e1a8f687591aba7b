//! What one connection's answers share, over HTTP/1.1 and HTTP/2: its
//! peer, the answer budgets (the connection's and all connections'), when
//! an answer of it last moved, and its client's resets counted over time
//! (a token bucket: past `--http2-max-resets`, the connection is calmed),
//! and what its admission reads: its requests in flight, since when it is
//! idle, its unfinished head (`admission`).
//! The figures `/metrics` shows of them live here too. The streams
//! (`streams`), the GOAWAY (`calm`) and the connection's service (`mod.rs`)
//! read and count through [`Connection`].

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Poll, Waker};
use std::time::{Duration, Instant};

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::response::Response;
use futures_util::task::AtomicWaker;

use crate::config::Config;
use crate::convert::len64;
use crate::error::ApiError;

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

pub(super) static HELD: AtomicU64 = AtomicU64::new(0);
pub(super) static STALLED_STREAMS: AtomicU64 = AtomicU64::new(0);
static STALLED_CONNECTIONS: AtomicU64 = AtomicU64::new(0);
pub(super) static REFUSED: AtomicU64 = AtomicU64::new(0);
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
    pub(super) held: AtomicUsize,
    pub(super) limit: usize,
    pub(super) per_connection: usize,
    pub(super) write_timeout: Duration,
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
    /// The connections it is one of (`admission::Admission`).
    admission: Arc<dyn Admitting>,
    /// Its requests (HTTP/2: streams) being answered: from their heads
    /// until their answers' bodies are dropped.
    in_flight: AtomicU32,
    /// When its last request was answered (or it opened), in the
    /// admission's ticks.
    idle_since: AtomicU64,
    /// Bytes of its request head still arriving, and when they began.
    head: AtomicUsize,
    head_since: AtomicU64,
    /// Let go: closed to make room, or for its slow head.
    let_go: AtomicBool,
    pub(super) budget: Arc<Budget>,
    pub(super) held: AtomicUsize,
    opened: Instant,
    /// When an answer of this connection last moved, in milliseconds
    /// after `opened`.
    moved: AtomicU64,
    /// To be closed ([`Connection::closed`]): set once, and the accept
    /// loop's task woken. A flag and a waker, not a `Notify`: the loop
    /// polls it each time the connection's task wakes, which is every
    /// request, and a `Notify` takes a lock each poll.
    close: AtomicBool,
    close_waker: AtomicWaker,
    /// `--max-header-bytes` and one read past it: the most of a head that
    /// counts ([`Connection::head_grew`]); the admission's, kept here
    /// so that a read does not ask it.
    head_cap: usize,
    /// Resets the client may still make, in tenths (a token bucket), and
    /// when it was last filled, in milliseconds after `opened`.
    resets: std::sync::Mutex<(u64, u64)>,
    /// Closed for its resets.
    calmed: AtomicBool,
    /// The task reading the connection ([`Calm`](super::Calm)), woken to write the
    /// GOAWAY.
    reader: std::sync::Mutex<Option<Waker>>,
}

/// A reset earned back every this many milliseconds.
const RESET_EARNED_MS: u64 = 100;

/// How long a calmed connection may take to write its GOAWAY (its client
/// may not be reading) before it is closed without.
pub const CALM_GRACE: Duration = Duration::from_secs(1);

impl Connection {
    pub(super) fn new(
        budget: &Arc<Budget>,
        admission: Arc<dyn Admitting>,
        peer: SocketAddr,
    ) -> Arc<Connection> {
        let idle_since = admission.now();
        let head_cap = admission.head_cap();
        Arc::new(Connection {
            peer,
            admission,
            in_flight: AtomicU32::new(0),
            idle_since: AtomicU64::new(idle_since),
            head: AtomicUsize::new(0),
            head_since: AtomicU64::new(0),
            let_go: AtomicBool::new(false),
            budget: Arc::clone(budget),
            held: AtomicUsize::new(0),
            opened: Instant::now(),
            moved: AtomicU64::new(0),
            close: AtomicBool::new(false),
            close_waker: AtomicWaker::new(),
            head_cap,
            resets: std::sync::Mutex::new((u64::from(budget.max_resets), 0)),
            calmed: AtomicBool::new(false),
            reader: std::sync::Mutex::new(None),
        })
    }

    /// The client reset a stream (or left it) before its answer ended: its
    /// work is dropped with it. Counted over time, not only while pending
    /// (hyper's own limit): past `--http2-max-resets` in a burst, earning
    /// one back each [`RESET_EARNED_MS`], the connection gets GOAWAY
    /// `ENHANCE_YOUR_CALM` ([`Calm`](super::Calm)), written when its
    /// reader is next polled (woken here), after which hyper ends the
    /// connection by itself; it is closed [`CALM_GRACE`] later if it has
    /// not ended by then (a client that does not read).
    pub(super) fn reset_by_client(self: &Arc<Connection>) {
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
            // The grace is a timer of its own, not a wait in the accept
            // loop's `closed`, which every HTTP/1.1 request polls.
            match tokio::runtime::Handle::try_current() {
                Ok(runtime) => {
                    let connection = Arc::clone(self);
                    runtime.spawn(async move {
                        tokio::time::sleep(CALM_GRACE).await;
                        connection.close();
                    });
                }
                Err(_) => self.close(),
            }
            let reader = self.reader.lock().unwrap_or_else(|e| e.into_inner()).take();
            if let Some(reader) = reader {
                reader.wake();
            }
        }
    }

    /// Whether the connection is closed for its resets: [`Calm`](super::Calm)
    /// writes its GOAWAY, given [`CALM_GRACE`] to do so.
    pub fn is_calmed(&self) -> bool {
        self.calmed.load(Ordering::Relaxed)
    }

    /// Keeps the waker of the task reading the connection.
    pub(super) fn reading(&self, waker: &Waker) {
        let mut reader = self.reader.lock().unwrap_or_else(|e| e.into_inner());
        if !reader.as_ref().is_some_and(|r| r.will_wake(waker)) {
            *reader = Some(waker.clone());
        }
    }

    /// The peer's address.
    pub fn peer(&self) -> SocketAddr {
        self.peer
    }

    /// The connections this one is among.
    pub fn admission(&self) -> &dyn Admitting {
        &*self.admission
    }

    /// A request's head has come whole (its bytes no longer count as an
    /// unfinished head): in flight until the guard is dropped, with the
    /// body of its answer.
    pub fn request_began(self: &Arc<Connection>) -> InFlight {
        self.release_head();
        self.in_flight.fetch_add(1, Ordering::Relaxed);
        InFlight(Arc::clone(self))
    }

    /// `n` bytes of a request head came and it is not yet whole; they
    /// count against `--header-budget` until it is, or the connection ends.
    ///
    /// At most `--max-header-bytes` and one read past it count: no head
    /// held is larger (hyper and h2 refuse it), and what a connection
    /// sends after an answer that left its body unread (hyper drains one
    /// read of it, then closes) is not a head at all.
    pub fn head_grew(&self, n: usize) {
        let held = self.head.load(Ordering::Relaxed);
        let n = n.min(self.head_cap.saturating_sub(held));
        if n == 0 || self.is_let_go() {
            return;
        }
        if self.head.fetch_add(n, Ordering::Relaxed) == 0 {
            self.head_since
                .store(self.admission.now(), Ordering::Relaxed);
        }
        self.admission.heads_grew(n);
    }

    /// Its head is whole, or given up: its bytes no longer count.
    pub fn release_head(&self) {
        let n = self.head.swap(0, Ordering::Relaxed);
        if n > 0 {
            self.admission.heads_shrank(n);
        }
    }

    /// Whether a request of it is being answered.
    pub fn in_flight(&self) -> bool {
        self.in_flight.load(Ordering::Relaxed) > 0
    }

    /// Since when it has been idle (no request in flight; a head arriving
    /// counts as activity from when it began); None when it is not, or
    /// is let go already.
    pub(super) fn idle_since(&self) -> Option<u64> {
        if self.in_flight() || self.is_let_go() {
            return None;
        }
        let since = self.idle_since.load(Ordering::Relaxed);
        Some(if self.head.load(Ordering::Relaxed) > 0 {
            since.max(self.head_since.load(Ordering::Relaxed))
        } else {
            since
        })
    }

    /// Since when its unfinished head has been arriving; None without one.
    pub(super) fn head_since(&self) -> Option<u64> {
        (self.head.load(Ordering::Relaxed) > 0 && !self.is_let_go())
            .then(|| self.head_since.load(Ordering::Relaxed))
    }

    /// Closes it (to make room, or for its slow head): its head no longer
    /// counts, and the accept loop drops it ([`Connection::closed`]).
    pub(super) fn let_go(&self) {
        if !self.let_go.swap(true, Ordering::Relaxed) {
            self.admission.left();
            self.release_head();
            self.close();
        }
    }

    /// Whether it has been let go; its reads then fail.
    pub fn is_let_go(&self) -> bool {
        self.let_go.load(Ordering::Relaxed)
    }

    /// Resolves when the connection is to be closed: every answer of it
    /// has stalled, or [`CALM_GRACE`] has passed since its client reset
    /// streams past the limit ([`Connection::is_calmed`]), or it was let
    /// go. The accept loop polls this, beside the connection, each time
    /// the connection's task wakes.
    pub async fn closed(&self) {
        std::future::poll_fn(|cx| {
            if self.close.load(Ordering::Acquire) {
                return Poll::Ready(());
            }
            self.close_waker.register(cx.waker());
            // Set between the load and the register: seen now.
            if self.close.load(Ordering::Acquire) {
                Poll::Ready(())
            } else {
                Poll::Pending
            }
        })
        .await;
    }

    /// Marks it to be closed and wakes [`Connection::closed`].
    fn close(&self) {
        self.close.store(true, Ordering::Release);
        self.close_waker.wake();
    }

    fn now(&self) -> u64 {
        crate::convert::millis(self.opened.elapsed())
    }

    pub(super) fn moved(&self) {
        self.moved.store(self.now(), Ordering::Relaxed);
    }

    /// One of the connection's streams was reset for stalling: when no
    /// answer of the connection has moved for the write timeout either,
    /// the connection is closed.
    pub(super) fn stalled(&self) {
        let idle = self
            .now()
            .saturating_sub(self.moved.load(Ordering::Relaxed));
        if idle >= crate::convert::millis(self.budget.write_timeout) {
            tracing::debug!(
                "no answer of an HTTP/2 connection moved for the write timeout: closed"
            );
            STALLED_CONNECTIONS.fetch_add(1, Ordering::Relaxed);
            self.close();
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
}

/// What a connection asks of the connections it is one of (implemented
/// by `admission::Admission`, which holds them; a trait here so that the
/// connection need not know the table it is in).
pub trait Admitting: std::fmt::Debug + Send + Sync {
    /// The next tick of the count that orders idle times and heads.
    fn now(&self) -> u64;
    /// The most one connection's unfinished head counts.
    fn head_cap(&self) -> usize;
    /// `n` more bytes of unfinished heads (past the budget, the slowest
    /// are let go).
    fn heads_grew(&self, n: usize);
    /// `n` bytes of unfinished heads done with.
    fn heads_shrank(&self, n: usize);
    /// A connection was let go: it ends soon, and does not count against
    /// the limit meanwhile.
    fn left(&self);
    /// Whether answers should close their connections.
    fn crowded(&self) -> bool;
    /// `--max-header-bytes` and `--max-headers`.
    fn head_limits(&self) -> (usize, usize);
}

/// A request in flight on its connection ([`Connection::request_began`]):
/// dropped with its answer's body, when the connection is idle again if
/// it was the last.
#[derive(Debug)]
pub struct InFlight(Arc<Connection>);

impl InFlight {
    /// The connection the request came on.
    pub fn connection(&self) -> &Arc<Connection> {
        &self.0
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let connection = &self.0;
        connection
            .idle_since
            .store(connection.admission.now(), Ordering::Relaxed);
        connection.in_flight.fetch_sub(1, Ordering::Relaxed);
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
    /// then held by the body the connection sends ([`Answers`](super::Answers)).
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
pub(super) struct Counted(#[allow(dead_code)] Arc<Reserved>);
