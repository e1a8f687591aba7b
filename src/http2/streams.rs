//! An HTTP/2 connection's streams held to the write timeout and counted
//! against the answer budgets (see the module above for the whole rule):
//! [`Streams`] runs each stream's task in [`Watched`], which drops (resets)
//! a stream whose answer has waited on its client for the timeout; every
//! answer's body is wrapped by [`Sending`] (a [`Wrapper`]), which tells
//! `Watched` when it moves (a thread-local set while the stream is
//! polled), holds back its last byte until the rest is let through, and
//! counts what the client has not yet let through against the budgets;
//! [`answer`] refuses a large answer once they are spent.

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use axum::response::{IntoResponse, Response};
use http_body::{Body as _, Frame, SizeHint};

use super::connection::{Connection, Counted, HELD, REFUSED, SMALL, STALLED_STREAMS};
use crate::convert::len64;
use crate::error::ApiError;
use crate::stall::Stall;
use crate::wrapped::{NextFrame, Wrapped, Wrapper};

/// `response`, ready to send on `connection`'s HTTP/2: its body counted
/// and watched, or, when it is large and the budget is spent, a 503. An
/// answer counted before it was made (`Reserved`) is not counted again.
pub(super) fn answer(connection: &Arc<Connection>, mut response: Response) -> Response {
    let reserved = response.extensions_mut().remove::<Counted>();
    let counted = reserved.is_some();
    let size = http_body::Body::size_hint(response.body());
    let small = counted || size.exact().is_some_and(|n| n <= SMALL);
    let response = if small {
        response
    } else {
        let budget = &connection.budget;
        let here = connection.held.load(Ordering::Relaxed);
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
    let connection = Arc::clone(connection);
    response.map(|body| {
        Wrapped::body(
            body,
            Sending {
                tail: None,
                held: 0,
                counted,
                _reserved: reserved,
                ended: false,
                connection,
            },
        )
    })
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

/// What an HTTP/2 answer's body does with its frames: see the module's
/// documentation.
struct Sending {
    /// The last byte, held back until the rest has been let through.
    tail: Option<Bytes>,
    /// Bytes given to hyper and not yet let through (until the next poll:
    /// hyper asks for more once they fit the client's window).
    held: usize,
    /// The answer's bytes were counted before it was made ([`Reserved`](super::connection::Reserved)).
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

    fn give(&mut self, data: Bytes) -> NextFrame {
        self.hold(data.len());
        note(true, Turn::Client);
        Poll::Ready(Some(Ok(Frame::data(data))))
    }
}

impl Wrapper for Sending {
    fn poll_frame(&mut self, body: &mut Body, cx: &mut Context<'_>) -> NextFrame {
        // Asked again: what was given has been let through.
        self.release();
        if let Some(tail) = self.tail.take() {
            return self.give(tail);
        }
        match Pin::new(&mut *body).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => match frame.into_data() {
                Ok(mut data) => {
                    if body.is_end_stream() && data.len() > 1 {
                        self.tail = Some(data.split_off(data.len() - 1));
                    }
                    self.give(data)
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
                self.ended = true;
                note(true, Turn::Client);
                done
            }
        }
    }

    fn is_end_stream(&self, body: &Body) -> bool {
        self.tail.is_none() && body.is_end_stream()
    }

    fn size_hint(&self, body: &Body) -> SizeHint {
        let tail = self.tail.as_ref().map_or(0, |t| len64(t.len()));
        let inner = body.size_hint();
        let mut hint = SizeHint::new();
        hint.set_lower(inner.lower() + tail);
        if let Some(upper) = inner.upper() {
            hint.set_upper(upper + tail);
        }
        hint
    }

    fn dropped(&mut self, body: &Body) {
        self.release();
        let ended = self.ended || (self.tail.is_none() && body.is_end_stream());
        if !ended && !STALL_RESET.with(Cell::get) {
            self.connection.reset_by_client();
        }
    }
}

/// The executor of one connection's HTTP/2 streams: each runs
/// `Watched`.
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
