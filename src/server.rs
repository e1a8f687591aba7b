//! Serving the router: the accept loop, and warming the tables first.
//!
//! Why this file exists: axum 0.8's `axum::serve` sets no timeouts and no
//! connection limit, so a client could hold connections, and the memory of
//! their answers, for ever. This loop is `axum::serve` (HTTP/1.1, and HTTP/2
//! with prior knowledge on the same port, told apart by a connection's
//! first bytes: `opens_http2`) plus the connection limits:
//! - `--header-timeout-ms`: a client slower than this to begin, or to send
//!   its HTTP/1 headers, is disconnected;
//! - `--write-timeout-ms`: a client that accepts no bytes of its answer for
//!   this long is disconnected ([`WriteTimeout`]);
//! - `--max-connections`: past it, new connections wait in the listen
//!   backlog (lowered to fit the descriptor limit, which
//!   [`raise_descriptor_limit`] raises as far as it may go);
//! - `--shutdown-timeout-ms`: after the shutdown signal, connections still
//!   open at this deadline are closed.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::response::IntoResponse;
use axum::Router;
use hyper_util::rt::TokioTimer;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::Semaphore;
use tokio::task::JoinSet;
use tower::Service;

use crate::config::Config;
use crate::convert::{len64, to_usize};
use crate::error::{ApiError, Code};
use crate::http2::{
    leaving_at_most, Admission, Answers, Calm, Connection, Refused, Streams, PREFACE,
};
use crate::stall::Stall;

/// Descriptors kept back from `--max-connections` (and the connections
/// let go and still ending) for the listener, logs and whatever else the
/// process opens.
const SPARE_DESCRIPTORS: u64 = 64;

/// Builds the 8×8 table and the 3- and 4-wide strip table; `/readyz`
/// answers 200 after this returns.
pub fn warm() {
    knight::warm();
}

/// Raises the soft limit on open descriptors to the hard limit, so that
/// `--max-connections` is not cut short by a low default (often 1,024).
/// The soft limit in force after, if it can be read.
pub fn raise_descriptor_limit() -> Option<u64> {
    use rustix::process::{getrlimit, setrlimit, Resource};
    let mut limit = getrlimit(Resource::Nofile);
    if limit.current < limit.maximum {
        limit.current = limit.maximum;
        if let Err(e) = setrlimit(Resource::Nofile, limit) {
            tracing::warn!(error = %e, "could not raise the open-file limit");
        }
    }
    getrlimit(Resource::Nofile).current
}

/// The listen backlog asked for (the kernel holds it to
/// `net.core.somaxconn`, 4,096 on recent Linux): a burst of new
/// connections waits there for the accept loop, which takes each at once,
/// instead of having its SYNs dropped (a client then retries after a
/// second). tokio's own `bind` asks for 1,024.
const BACKLOG: u32 = 4_096;

/// A listener on `addr` with a deep backlog (`BACKLOG`, 4,096 connections).
pub fn listen(addr: std::net::SocketAddr) -> io::Result<tokio::net::TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}

/// `--max-connections`, lowered to what the descriptor limit allows: the
/// connections, those let go and still ending (half as many again,
/// `leaving_at_most`), and the spare descriptors.
fn max_connections(config: &Config) -> usize {
    let wanted = config.max_connections.max(1);
    let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile).current;
    let needed = |n: usize| len64(n + leaving_at_most(n)).saturating_add(SPARE_DESCRIPTORS);
    match limit {
        Some(limit) if needed(wanted) > limit => {
            let room = to_usize(limit.saturating_sub(SPARE_DESCRIPTORS));
            let allowed = (room * 2 / 3).max(1);
            tracing::warn!(
                wanted,
                allowed,
                "--max-connections lowered to fit the open-file limit"
            );
            allowed
        }
        _ => wanted,
    }
}

/// Serves `app` on `listener` until `shutdown` resolves, then stops
/// accepting, lets requests in flight finish for at most
/// `--shutdown-timeout-ms`, closes what is still open, and returns.
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    config: &Config,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    use hyper_util::rt::TokioIo;
    use hyper_util::server::graceful::GracefulShutdown;

    let header_timeout = Duration::from_millis(config.header_timeout_ms.max(1));
    let write_timeout = Duration::from_millis(config.write_timeout_ms.max(1));
    let admission = Admission::new(config, max_connections(config));
    let refusals = Refusals::new(config);
    let settings = Arc::new(config.clone());
    let graceful = GracefulShutdown::new();
    let mut open = JoinSet::new();
    let mut accept_errors = Throttled::new();
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            biased;
            () = &mut shutdown => break,
            Some(_) = open.join_next(), if !open.is_empty() => {}
            accepted = listener.accept() => {
                let (stream, peer) = match accepted {
                    Ok(accepted) => accepted,
                    Err(e) => {
                        // Out of descriptors and the like: back off, keep serving.
                        accept_errors.warn(&e);
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                // Every connection is accepted at once: one the limits
                // refuse is told so and closed, not left in the backlog.
                let admitted = match admission.admit(peer) {
                    Ok(admitted) => admitted,
                    Err(refused) => {
                        refusals.refuse(&stream, refused);
                        continue;
                    }
                };
                let _ = stream.set_nodelay(true);
                let connection = Arc::clone(admitted.connection());
                let settings = Arc::clone(&settings);
                let watcher = graceful.watcher();
                let service = Answers::new(app.clone(), &connection);
                open.spawn(async move {
                    let _admitted = admitted;
                    // A client that sends nothing at all never reaches
                    // hyper's header timeout, which starts with the headers.
                    // One let go meanwhile (to make room) ends at once.
                    let opening = tokio::time::timeout(header_timeout, opens_http2(&stream));
                    let http2 = tokio::select! {
                        opened = opening => match opened {
                            Ok(Some(http2)) => http2,
                            _ => return,
                        },
                        () = connection.closed() => return,
                    };
                    let heads = (!http2).then(|| Arc::clone(&connection));
                    let io = WriteTimeout::new(stream, write_timeout, &settings, heads);
                    // One future whichever the protocol, polled in place
                    // beside `closed` (each connection's task wakes for
                    // every request: a future apart costs each of them).
                    let serving = async {
                        if http2 {
                            let io = TokioIo::new(Calm::new(io, &connection));
                            let http = http2_settings(&settings, Streams::new(&connection));
                            watcher.watch(http.serve_connection(io, service)).await
                        } else {
                            let http = http1_settings(&settings);
                            watcher.watch(http.serve_connection(TokioIo::new(io), service)).await
                        }
                    };
                    tokio::select! {
                        // In this order: no random draw each time the
                        // connection's task wakes (every request).
                        biased;
                        served = serving => {
                            if let Err(e) = served {
                                tracing::debug!(error = %e, "connection ended with an error");
                            }
                        }
                        // Dropped: closed (its answers stalled, its client
                        // was calmed and its grace is over, or it was let
                        // go to make room or for its slow head).
                        () = connection.closed() => {}
                    }
                });
            }
        }
    }
    // Closing the listener refuses new connections; those open finish their
    // requests in flight and close, or are closed at the deadline.
    drop(listener);
    let deadline = Duration::from_millis(config.shutdown_timeout_ms);
    if tokio::time::timeout(deadline, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::info!(
            connections = open.len(),
            "connections still open at the shutdown deadline are closed"
        );
    }
    open.shutdown().await;
    Ok(())
}

/// What a refused connection is told before it is closed: 503
/// problem+json with `Retry-After`, written if its socket takes it at
/// once (it is never waited for), made once.
struct Refusals {
    per_client: Vec<u8>,
    full: Vec<u8>,
}

impl Refusals {
    fn new(config: &Config) -> Refusals {
        let answer = |detail: String| {
            let body = ApiError::new(Code::Overloaded, detail)
                .retry_after(1)
                .to_json();
            let mut out = format!(
                "HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\ncontent-type: application/problem+json\r\nx-content-type-options: nosniff\r\nretry-after: 1\r\ncontent-length: {}\r\n\r\n",
                body.len()
            )
            .into_bytes();
            out.extend_from_slice(&body);
            out
        };
        Refusals {
            per_client: answer(format!(
                "this client address already holds {} connections (--max-connections-per-client): reuse them, or close some",
                config.max_connections_per_client
            )),
            full: answer(
                "the server holds as many connections as it may (--max-connections), none of them idle; retry later".to_owned(),
            ),
        }
    }

    fn refuse(&self, stream: &tokio::net::TcpStream, refused: Refused) {
        let answer = match refused {
            Refused::PerClient(_) => &self.per_client,
            Refused::Full(_) => &self.full,
        };
        let _ = stream.try_write(answer);
        tracing::debug!(?refused, "a new connection refused");
    }
}

/// Serves the probes (`/healthz`, `/readyz`, `/metrics`) of `app` on the
/// admin listener, on a thread and runtime of its own, so that whatever
/// load the main port carries, they are answered: at most
/// `--admin-max-connections` at once (past it, new ones are closed at
/// once), HTTP/1.1, with the main port's head limits and timeouts. Runs
/// until the process exits.
pub fn serve_admin(
    listener: std::net::TcpListener,
    app: Router,
    config: &Config,
) -> io::Result<()> {
    listener.set_nonblocking(true)?;
    let config = config.clone();
    std::thread::Builder::new()
        .name("knightd-admin".to_owned())
        .spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build();
            match runtime {
                Ok(runtime) => runtime.block_on(admin_loop(listener, app, config)),
                Err(e) => tracing::error!(error = %e, "the admin listener could not start"),
            }
        })?;
    Ok(())
}

async fn admin_loop(listener: std::net::TcpListener, app: Router, config: Config) {
    use hyper_util::rt::TokioIo;

    let listener = match tokio::net::TcpListener::from_std(listener) {
        Ok(listener) => listener,
        Err(e) => {
            tracing::error!(error = %e, "the admin listener could not start");
            return;
        }
    };
    let write_timeout = Duration::from_millis(config.write_timeout_ms.max(1));
    let slots = Arc::new(Semaphore::new(config.admin_max_connections.max(1)));
    let settings = Arc::new(config);
    let mut accept_errors = Throttled::new();
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                accept_errors.warn(&e);
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(slot) = Arc::clone(&slots).try_acquire_owned() else {
            continue;
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let settings = Arc::clone(&settings);
        tokio::spawn(async move {
            let _slot = slot;
            let io = WriteTimeout::new(stream, write_timeout, &settings, None);
            let service = hyper::service::service_fn(
                move |request: axum::http::Request<hyper::body::Incoming>| {
                    let probe = matches!(request.uri().path(), "/healthz" | "/readyz" | "/metrics");
                    let routed = probe.then(|| app.clone().call(request));
                    async move {
                        match routed {
                        Some(routed) => routed.await,
                        None => Ok(ApiError::new(
                            Code::NotFound,
                            "the admin port answers /healthz, /readyz and /metrics alone; ask the main port",
                        )
                        .into_response()),
                    }
                    }
                },
            );
            let _ = http1_settings(&settings)
                .serve_connection(TokioIo::new(io), service)
                .await;
        });
    }
}

/// Whether a connection speaks HTTP/2 (with prior knowledge: its first
/// bytes are the client's preface) or HTTP/1.1 (anything else), told from
/// its first bytes, peeked (hyper reads them again); None when it closes
/// first. Each protocol is then served by hyper's own connection of that
/// protocol: HTTP/1.1 passes through nothing of HTTP/2's (no preface read
/// and rewound, no [`Calm`]), which hyper's automatic choice would put in
/// front of every read and write.
async fn opens_http2(stream: &tokio::net::TcpStream) -> Option<bool> {
    let mut first = [0u8; PREFACE.len()];
    let mut wait = Duration::from_millis(5);
    loop {
        let n = stream.peek(&mut first).await.ok()?;
        if n == 0 {
            return None;
        }
        if !PREFACE.starts_with(&first[..n]) {
            return Some(false);
        }
        if n == PREFACE.len() {
            return Some(true);
        }
        // A part of the preface: peeking again at once would find the same
        // bytes. Waits that double, so that a client holding a part of it
        // (a slowloris) costs a few wakeups, not one every few
        // milliseconds; the caller's header timeout bounds them all.
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_millis(500));
    }
}

/// The HTTP/1.1 settings of a connection: its head held to
/// `--max-header-bytes` and `--max-headers` as hyper reads it (431 past
/// either, which [`WriteTimeout`] makes a problem).
fn http1_settings(config: &Config) -> hyper::server::conn::http1::Builder {
    let header_timeout = Duration::from_millis(config.header_timeout_ms.max(1));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .max_header_size(config.max_header_bytes.max(1));
    // hyper's own count is 100, on the stack; another count is a heap
    // allocation a request.
    if config.max_headers != DEFAULT_MAX_HEADERS {
        http.max_headers(config.max_headers);
    }
    http
}

/// hyper's HTTP/1.1 limit on header fields when none is set.
const DEFAULT_MAX_HEADERS: usize = 100;

/// The HTTP/2 settings of a connection, whose streams run on `streams`
/// (which holds them to the write timeout).
fn http2_settings(
    config: &Config,
    streams: Streams,
) -> hyper::server::conn::http2::Builder<Streams> {
    let header_timeout = Duration::from_millis(config.header_timeout_ms.max(1));
    let mut http = hyper::server::conn::http2::Builder::new(streams);
    http.timer(TokioTimer::new())
        .max_concurrent_streams(config.http2_max_streams)
        // At most one chunk of an answer waits in a stream's send buffer.
        .max_send_buf_size(crate::response::streamed::CHUNK)
        .keep_alive_interval(Some(header_timeout))
        .keep_alive_timeout(header_timeout)
        // h2's own bound on a header block (a bare 431 past it, and the
        // CONTINUATION frames a block may take): twice the limit, so that
        // a list past the limit but within it is answered as a problem
        // (`Answers`), and no block holds more.
        .max_header_list_size(
            u32::try_from(config.max_header_bytes.saturating_mul(2)).unwrap_or(u32::MAX),
        );
    http
}

/// A warning at most once a second, counting the ones held back.
struct Throttled {
    last: Option<Instant>,
    held_back: u64,
}

impl Throttled {
    fn new() -> Throttled {
        Throttled {
            last: None,
            held_back: 0,
        }
    }

    fn warn(&mut self, error: &io::Error) {
        if self
            .last
            .is_some_and(|t| t.elapsed() < Duration::from_secs(1))
        {
            self.held_back += 1;
            return;
        }
        tracing::warn!(error = %error, more = self.held_back, "accept failed");
        self.last = Some(Instant::now());
        self.held_back = 0;
    }
}

/// A connection whose writes fail with `TimedOut` once one has waited for
/// the client to take bytes for the write timeout. hyper then drops the
/// connection, and with it the answer it was writing.
///
/// It also puts problem+json into the answers hyper gives by itself to a
/// request it cannot read (400, 414, 431: an empty body otherwise), so that
/// every error a client sees is a problem ([`ApiError::of_http_layer`]).
///
/// On HTTP/1.1 it counts what the client sends while none of its
/// requests is in flight, the head hyper is reading, against
/// `--header-budget` ([`Connection::head_grew`]); once the connection is
/// let go (to make room, or for its slow head) its reads fail.
pub struct WriteTimeout<T> {
    inner: T,
    stall: Stall,
    /// hyper's own error answer, written in its place: the bytes, how many
    /// are written, and the length of what hyper wrote.
    rewritten: Option<(Vec<u8>, usize, usize)>,
    /// The head limits a 431 names.
    head_limits: (usize, usize),
    /// The connection whose heads are counted (HTTP/1.1 on the main port).
    heads: Option<Arc<Connection>>,
}

impl<T> WriteTimeout<T> {
    pub fn new(
        inner: T,
        timeout: Duration,
        config: &Config,
        heads: Option<Arc<Connection>>,
    ) -> WriteTimeout<T> {
        WriteTimeout {
            inner,
            stall: Stall::new(timeout),
            rewritten: None,
            head_limits: (config.max_header_bytes, config.max_headers),
            heads,
        }
    }

    /// After a write returned `poll`: it moved when it is done, else it
    /// waits on the client, and fails once it has waited the timeout.
    fn watch<R>(&mut self, cx: &mut Context<'_>, poll: Poll<io::Result<R>>) -> Poll<io::Result<R>> {
        if poll.is_ready() {
            self.stall.progressed();
            return poll;
        }
        match self.stall.waiting(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client took no bytes of its answer for the write timeout",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for WriteTimeout<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let Some(connection) = &this.heads else {
            return Pin::new(&mut this.inner).poll_read(cx, buf);
        };
        if connection.is_let_go() {
            return Poll::Ready(Err(io::ErrorKind::ConnectionAborted.into()));
        }
        let before = buf.filled().len();
        let poll = Pin::new(&mut this.inner).poll_read(cx, buf);
        let read = buf.filled().len() - before;
        if read > 0 && !connection.in_flight() {
            connection.head_grew(read);
        }
        poll
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for WriteTimeout<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.rewritten.is_none() && buf.starts_with(b"HTTP/1.1 4") && buf.len() < 1024 {
            let (bytes, fields) = this.head_limits;
            this.rewritten =
                ApiError::of_http_layer(buf, bytes, fields).map(|out| (out, 0, buf.len()));
        }
        if let Some((out, mut written, original)) = this.rewritten.take() {
            while written < out.len() {
                let poll = Pin::new(&mut this.inner).poll_write(cx, &out[written..]);
                match this.watch(cx, poll) {
                    Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                    Poll::Ready(Ok(n)) => written += n,
                    Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                    Poll::Pending => {
                        this.rewritten = Some((out, written, original));
                        return Poll::Pending;
                    }
                }
            }
            return Poll::Ready(Ok(original));
        }
        let poll = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.watch(cx, poll)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        // hyper's own error answers come as one piece: see `poll_write`.
        if let Some(first) = bufs.iter().find(|b| !b.is_empty()) {
            if first.starts_with(b"HTTP/1.1 4") {
                return self.poll_write(cx, first);
            }
        }
        let this = self.get_mut();
        let poll = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.watch(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.inner).poll_flush(cx);
        this.watch(cx, poll)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.inner).poll_shutdown(cx);
        this.watch(cx, poll)
    }
}
