//! One body wrapped round another: the service's own bodies all watch or
//! change the frames of a body they hold, and only that differs between
//! them. A request body held to its timeout and budget
//! (`layers::limits`), an HTTP/2 answer watched and counted
//! (`http2::streams`), an HTTP/1.1 answer that holds its reserved bytes
//! (`http2`), an answer gzipped piece by piece and one that failed before
//! it began (`response::compress`): each is a [`Wrapper`], and each is sent
//! as the one [`Wrapped`] body, whose data are `Bytes` and whose error is
//! `axum::Error`. What a wrapper does not say of its end and its length is
//! the inner body's.
//!
//! Every wrapper is `Unpin` (what must stay put, a timer or a job, is
//! boxed or a handle), so the body is polled through `&mut` alone, with no
//! pinning to project; the generic body costs nothing over a hand-written
//! one (monomorphised, and each default inlined).

use std::pin::Pin;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use http_body::{Body as _, Frame, SizeHint};

/// What polling a body gives.
pub type NextFrame = Poll<Option<Result<Frame<Bytes>, axum::Error>>>;

/// What a [`Wrapped`] body does with the body it wraps, `inner`. Each
/// method has the plain answer of a body that passes `inner` on as it is.
pub trait Wrapper: Unpin {
    /// The next frame, for one of `inner`'s, or none.
    fn poll_frame(&mut self, inner: &mut Body, cx: &mut Context<'_>) -> NextFrame {
        Pin::new(inner).poll_frame(cx)
    }

    /// Whether the body has ended: a sender may then stop polling it.
    fn is_end_stream(&self, inner: &Body) -> bool {
        http_body::Body::is_end_stream(inner)
    }

    /// The length still to come, as far as it is known.
    fn size_hint(&self, inner: &Body) -> SizeHint {
        http_body::Body::size_hint(inner)
    }

    /// The body is dropped (sent whole, or given up), `inner` as it was
    /// left.
    fn dropped(&mut self, _inner: &Body) {}
}

/// `inner`, with `wrapper` watching or changing its frames.
pub struct Wrapped<W: Wrapper> {
    inner: Body,
    wrapper: W,
}

impl<W: Wrapper + Send + 'static> Wrapped<W> {
    /// `inner` wrapped by `wrapper`, as the body of a request or an
    /// answer.
    pub fn body(inner: Body, wrapper: W) -> Body {
        Body::new(Wrapped { inner, wrapper })
    }
}

impl<W: Wrapper> http_body::Body for Wrapped<W> {
    type Data = Bytes;
    type Error = axum::Error;

    #[inline]
    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> NextFrame {
        let this = self.get_mut();
        this.wrapper.poll_frame(&mut this.inner, cx)
    }

    #[inline]
    fn is_end_stream(&self) -> bool {
        self.wrapper.is_end_stream(&self.inner)
    }

    #[inline]
    fn size_hint(&self) -> SizeHint {
        self.wrapper.size_hint(&self.inner)
    }
}

impl<W: Wrapper> Drop for Wrapped<W> {
    fn drop(&mut self) {
        self.wrapper.dropped(&self.inner);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts the frames it passes on, and says when it is dropped.
    struct Counting<'a> {
        frames: usize,
        dropped: &'a std::sync::atomic::AtomicUsize,
    }

    impl Wrapper for Counting<'_> {
        fn poll_frame(&mut self, inner: &mut Body, cx: &mut Context<'_>) -> NextFrame {
            let polled = Pin::new(inner).poll_frame(cx);
            if let Poll::Ready(Some(Ok(_))) = polled {
                self.frames += 1;
            }
            polled
        }

        fn dropped(&mut self, inner: &Body) {
            assert!(http_body::Body::is_end_stream(inner));
            self.dropped
                .store(self.frames, std::sync::atomic::Ordering::SeqCst);
        }
    }

    #[tokio::test]
    async fn a_wrapped_body_is_its_inner_body_seen_through_the_wrapper() {
        let dropped = std::sync::atomic::AtomicUsize::new(usize::MAX);
        let body = Wrapped {
            inner: Body::from("twelve bytes"),
            wrapper: Counting {
                frames: 0,
                dropped: &dropped,
            },
        };
        // The inner body's length and end, until the wrapper says otherwise.
        assert_eq!(http_body::Body::size_hint(&body).exact(), Some(12));
        assert!(!http_body::Body::is_end_stream(&body));
        {
            let mut body = std::pin::pin!(body);
            let frame =
                std::future::poll_fn(|cx| http_body::Body::poll_frame(body.as_mut(), cx)).await;
            let data = frame.and_then(|f| f.ok()).and_then(|f| f.into_data().ok());
            assert_eq!(data.as_deref(), Some(&b"twelve bytes"[..]));
            assert!(http_body::Body::is_end_stream(&*body));
            assert_eq!(http_body::Body::size_hint(&*body).exact(), Some(0));
            assert_eq!(
                dropped.load(std::sync::atomic::Ordering::SeqCst),
                usize::MAX
            );
        }
        // Dropped at the end of its scope, after its one frame.
        assert_eq!(dropped.load(std::sync::atomic::Ordering::SeqCst), 1);
    }
}
