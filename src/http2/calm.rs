//! GOAWAY `ENHANCE_YOUR_CALM` for a connection whose client reset streams
//! past `--http2-max-resets`. hyper has no way to send that GOAWAY itself,
//! so the connection's bytes pass through [`Calm`], which reads them as
//! HTTP/2 frames once the client has sent the preface (a 9-byte header
//! with a 24-bit length each way): it knows the highest stream the client
//! opened and where each frame the server writes ends, and writes the
//! GOAWAY between two of hyper's frames. Only connections that open with
//! the preface are served through it (`server::opens_http2`): HTTP/1.1
//! connections never pass it, and pay nothing for it.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use super::connection::Connection;

/// The client's connection preface, which opens an HTTP/2 connection with
/// prior knowledge.
pub const PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

/// A frame's header: a 24-bit length, the type, the flags, the stream.
const FRAME_HEAD: usize = 9;

/// The HEADERS frame's type: it opens a stream.
const HEADERS: u8 = 0x1;

/// CONTINUATION's type, and the END_HEADERS flag, which ends a header
/// block.
const CONTINUATION: u8 = 0x9;
const END_HEADERS: u8 = 0x4;

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
/// (`Connection::reset_by_client`) gets GOAWAY `ENHANCE_YOUR_CALM`, with
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
        let connection = &self.connection;
        if let Seen::Http2 {
            read, last_stream, ..
        } = &mut self.seen
        {
            read.read(bytes, |head| {
                let [a, b, c, kind, flags, s0, s1, s2, s3] = *head;
                let stream = u32::from_be_bytes([s0, s1, s2, s3]) & 0x7fff_ffff;
                if kind == HEADERS {
                    *last_stream = (*last_stream).max(stream);
                }
                // A header block h2 holds until its END_HEADERS counts as
                // an unfinished head (`--header-budget`).
                if kind == HEADERS || kind == CONTINUATION {
                    if flags & END_HEADERS == 0 {
                        let length = usize::from(a) << 16 | usize::from(b) << 8 | usize::from(c);
                        connection.head_grew(length);
                    } else {
                        connection.release_head();
                    }
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
        if this.connection.is_let_go() {
            return Poll::Ready(Err(io::ErrorKind::ConnectionAborted.into()));
        }
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
