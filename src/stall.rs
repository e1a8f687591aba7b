//! The one rule of a stalled answer, kept by the connection's writes
//! (`server::WriteTimeout`: HTTP/1.1, and HTTP/2's socket) and by each
//! HTTP/2 stream (`http2`): an answer that waits on its client for the
//! write timeout, without moving, is given up.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

/// The one rule of a stalled answer: an answer that waits on its client
/// for the write timeout, without moving, is given up. Used by the
/// connection's writes ([`WriteTimeout`](crate::server::WriteTimeout): HTTP/1.1, and HTTP/2's socket)
/// and by each HTTP/2 stream ([`crate::http2`]).
pub struct Stall {
    timeout: Duration,
    sleep: Option<Pin<Box<tokio::time::Sleep>>>,
    /// The timer runs: the answer has waited since it last moved.
    armed: bool,
}

impl Stall {
    pub fn new(timeout: Duration) -> Stall {
        Stall {
            timeout,
            sleep: None,
            armed: false,
        }
    }

    /// The answer moved: its wait, if it waits again, starts anew.
    pub fn progressed(&mut self) {
        self.armed = false;
    }

    /// The answer waits on its client: ready once it has waited the whole
    /// timeout since it last moved (the timer wakes `cx` then).
    pub fn waiting(&mut self, cx: &mut Context<'_>) -> Poll<()> {
        if !self.armed {
            self.armed = true;
            let deadline = tokio::time::Instant::now() + self.timeout;
            match &mut self.sleep {
                Some(sleep) => sleep.as_mut().reset(deadline),
                None => self.sleep = Some(Box::pin(tokio::time::sleep_until(deadline))),
            }
        }
        match &mut self.sleep {
            Some(sleep) => sleep.as_mut().poll(cx),
            None => Poll::Pending,
        }
    }
}
