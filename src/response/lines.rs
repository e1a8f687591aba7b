//! Answers streamed as NDJSON (`application/x-ndjson`): one JSON object a
//! line, sent as the work makes it. Heavy work on the blocking pool writes
//! its lines into a [`LineSender`]; the body reads them from the channel.
//! The channel holds a few lines: a line the client has not made room for
//! is dropped (a later one says more), except the last, which waits for
//! room. When the client goes away the body is dropped, and the work sees
//! [`LineSender::is_closed`].

use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::body::Body;
use axum::http::{header, HeaderValue};
use axum::response::Response;
use bytes::Bytes;
use http_body::Frame;
use serde::Serialize;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use crate::error::ApiError;

/// The NDJSON media type.
pub const NDJSON: &str = "application/x-ndjson";

/// Lines waiting to be sent, at most: the rest are dropped until the
/// client reads.
const WAITING_LINES: usize = 4;

/// Where work writes its lines.
#[derive(Clone, Debug)]
pub struct LineSender(mpsc::Sender<Bytes>);

impl LineSender {
    /// `value` as one line, if there is room for it now (else dropped).
    pub fn offer<T: Serialize>(&self, value: &T) {
        if let Some(line) = line(value) {
            // A full channel drops the line: the next says more.
            let _ = self.0.try_send(line);
        }
    }

    /// `value` as the last line, once there is room (nothing when the
    /// client has gone).
    pub async fn finish<T: Serialize>(self, value: &T) {
        if let Some(line) = line(value) {
            let _ = self.0.send(line).await;
        }
    }

    /// Whether the client has gone (the body was dropped).
    pub fn is_closed(&self) -> bool {
        self.0.is_closed()
    }
}

/// `value` as JSON and a line break; None if it does not serialize (a bug:
/// the answer types always do).
fn line<T: Serialize>(value: &T) -> Option<Bytes> {
    let mut text = serde_json::to_vec(value).ok()?;
    text.push(b'\n');
    Some(Bytes::from(text))
}

/// A channel for lines, and the `200` NDJSON answer that sends them as
/// they come, until every sender is dropped.
pub fn channel() -> (LineSender, Response) {
    let (sender, receiver) = mpsc::channel(WAITING_LINES);
    let mut response = Response::new(Body::new(Lines(receiver)));
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(NDJSON));
    (LineSender(sender), response)
}

/// The body: the lines as they arrive.
struct Lines(mpsc::Receiver<Bytes>);

impl http_body::Body for Lines {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.0
            .poll_recv(cx)
            .map(|line| line.map(|line| Ok(Frame::data(line))))
    }
}

/// Waits for the job that writes the lines to start (`started`); if it
/// never does (admission refused it, or it failed), why.
pub async fn started(
    started: oneshot::Receiver<()>,
    job: JoinHandle<Result<(), ApiError>>,
) -> Result<(), ApiError> {
    if started.await.is_ok() {
        return Ok(());
    }
    job.await.map_err(|_| ApiError::internal())??;
    Err(ApiError::internal())
}
