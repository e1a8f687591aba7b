//! Large JSON answers (a tour, a long path) written at memory speed and
//! streamed as the client reads them.
//!
//! An answer whose last field is a list of squares is written as a head
//! (every field before the list, by serde, so the fields stay those of the
//! answer's type), the squares, and `]}`. The squares are written into
//! chunks of [`CHUNK`] bytes, each made when the connection asks for it, so
//! a connection whose client stops reading holds one chunk, not the answer.
//!
//! A tour that is a turn of its board's shared closed tour is cheaper
//! still: the closed tour's text is written once per board and notation,
//! kept in the one cache, and every such answer is slices of it (no copy).
//! Gzipped, it is mostly slices too: the text is compressed once, in
//! independent segments of `SEGMENT_SQUARES` squares, and an answer
//! compresses only its head, the two partial segments at the turn and its
//! end (a gzip stream may be made of such pieces; its CRC is combined).

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::task::{Context, Poll};

use axum::body::Body;
use axum::http::{header, HeaderValue};
use axum::response::Response;
use bytes::Bytes;
use http_body::{Frame, SizeHint};
use serde::Serialize;

use crate::convert::{len64, to_usize};
use crate::written::Notated;
use knight::board::FileName;
use knight::tour::{Cycle, TourSquares};
use knight::{Cache, Notation, Square};

/// Bytes per chunk of a streamed answer.
pub const CHUNK: usize = 64 * 1024;

/// Lists of at most this many squares are written whole, in one body.
const WHOLE: usize = 4096;

/// A JSON `answer` whose last field is an empty list (`[]`), with `squares`
/// (written `shown`'s way) in that list: `{…,"path":[…]}`. A closed tour's
/// text is kept in `cache`.
pub fn json_with_squares<T: Serialize>(
    answer: &T,
    shown: Notated,
    squares: TourSquares,
    cache: &Cache,
) -> Response {
    let head = match serde_json::to_vec(answer) {
        Ok(mut head) if head.ends_with(b"[]}") => {
            head.truncate(head.len() - 2);
            Bytes::from(head)
        }
        // The answer types end with their list; anything else is a bug.
        _ => unreachable!("an answer that ends with an empty list"),
    };
    let body = if squares.len() <= WHOLE {
        let mut text = head.to_vec();
        let mut writer = SquareWriter::new(shown);
        for run in squares.runs() {
            for (i, &square) in run.iter().enumerate() {
                if i > 0 || text.last() != Some(&b'[') {
                    text.push(b',');
                }
                writer.write(&mut text, square);
            }
        }
        text.extend_from_slice(b"]}");
        Body::from(text)
    } else if let TourSquares::Turn { cycle, at } = &squares {
        let text = cycle_text(cycle, shown.notation, cache);
        let (start, end) = text.turned_at(*at);
        let mut pieces = vec![head.clone(), start];
        if !end.is_empty() {
            pieces.extend([Bytes::from_static(b","), end]);
        }
        pieces.push(Bytes::from_static(b"]}"));
        let at = *at;
        let gzipped = move || text.gzip_turn(&head, at);
        let mut response = json_response(pieces_body(pieces));
        response
            .extensions_mut()
            .insert(Gzippable(Arc::new(gzipped)));
        return response;
    } else {
        Body::new(Chunked(Listing {
            head: Some(head),
            squares,
            run: 0,
            at: 0,
            writer: SquareWriter::new(shown),
            done: false,
        }))
    };
    json_response(body)
}

/// A JSON `answer` whose last field is an empty list (`[]`), with `lists`
/// (each a list of squares, written `shown`'s way) in that list:
/// `{…,"paths":[[…],[…]]}`, as serde would write it, without a value made
/// per square.
pub fn json_with_lists<'a, T: Serialize>(
    answer: &T,
    shown: Notated,
    lists: impl Iterator<Item = &'a [Square]>,
) -> Response {
    let mut text = match serde_json::to_vec(answer) {
        Ok(mut head) if head.ends_with(b"[]}") => {
            head.truncate(head.len() - 2);
            head
        }
        // The answer types end with their list; anything else is a bug.
        _ => unreachable!("an answer that ends with an empty list"),
    };
    let mut writer = SquareWriter::new(shown);
    for (i, list) in lists.enumerate() {
        if i > 0 {
            text.push(b',');
        }
        text.push(b'[');
        for (j, &square) in list.iter().enumerate() {
            if j > 0 {
                text.push(b',');
            }
            writer.write(&mut text, square);
        }
        text.push(b']');
    }
    text.extend_from_slice(b"]}");
    json_response(Body::from(text))
}

fn json_response(body: Body) -> Response {
    let mut response = Response::new(body);
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// On an answer: how to make its gzipped body (as pieces) faster than by
/// compressing it whole. Run on the blocking pool.
#[derive(Clone)]
pub struct Gzippable(pub Arc<dyn Fn() -> Vec<Bytes> + Send + Sync>);

/// A body of `pieces`, sent in slices of at most [`CHUNK`] bytes.
pub fn pieces_body(pieces: Vec<Bytes>) -> Body {
    Body::new(Chunked(Pieces::new(pieces)))
}

/// Writes squares in one notation, without allocating.
struct SquareWriter {
    shown: Notated,
    digits: itoa::Buffer,
}

impl SquareWriter {
    fn new(shown: Notated) -> SquareWriter {
        SquareWriter {
            shown,
            digits: itoa::Buffer::new(),
        }
    }

    /// `square` as a JSON value: an integer, or a quoted algebraic name
    /// (letters and digits only, nothing to escape).
    fn write(&mut self, out: &mut Vec<u8>, square: Square) {
        match self.shown.notation {
            Notation::Index => {
                out.extend_from_slice(
                    self.digits
                        .format(self.shown.board.index(square))
                        .as_bytes(),
                );
            }
            Notation::Algebraic => {
                out.push(b'"');
                write_file(out, u64::from(square.file()));
                out.extend_from_slice(self.digits.format(u64::from(square.rank()) + 1).as_bytes());
                out.push(b'"');
            }
        }
    }
}

/// A file's letters, as [`FileName`] writes them.
fn write_file(out: &mut Vec<u8>, file: u64) {
    if file < 26 {
        out.push(b'a' + u8::try_from(file).expect("a letter below 26"));
        return;
    }
    use std::io::Write;
    let _ = write!(out, "{}", FileName(file));
}

/// A list of squares written as the client reads it: the head, then chunks
/// of about [`CHUNK`] bytes, then `]}`.
struct Listing {
    head: Option<Bytes>,
    squares: TourSquares,
    /// Where the next chunk starts: run, and square in it.
    run: usize,
    at: usize,
    writer: SquareWriter,
    done: bool,
}

impl Listing {
    fn next_chunk(&mut self) -> Option<Bytes> {
        if self.done {
            return None;
        }
        let mut out = Vec::with_capacity(CHUNK + 64);
        if let Some(head) = self.head.take() {
            out.extend_from_slice(&head);
        }
        let runs = self.squares.runs();
        while out.len() < CHUNK {
            let Some(run) = runs.get(self.run) else {
                out.extend_from_slice(b"]}");
                self.done = true;
                break;
            };
            let Some(&square) = run.get(self.at) else {
                self.run += 1;
                self.at = 0;
                continue;
            };
            if self.run > 0 || self.at > 0 {
                out.push(b',');
            }
            self.writer.write(&mut out, square);
            self.at += 1;
        }
        Some(Bytes::from(out))
    }
}

impl Chunks for Listing {
    fn next_chunk(&mut self) -> Option<Bytes> {
        Listing::next_chunk(self)
    }

    fn is_done(&self) -> bool {
        self.done
    }
}

/// A body made as it is read, one chunk at a time: the one `Body` of the
/// answers here.
trait Chunks {
    /// The next chunk, or None at the end.
    fn next_chunk(&mut self) -> Option<Bytes>;

    /// Whether every chunk has been given.
    fn is_done(&self) -> bool;

    /// The length, when it is known.
    fn size_hint(&self) -> SizeHint {
        SizeHint::default()
    }
}

struct Chunked<C>(C);

impl<C: Chunks + Unpin> http_body::Body for Chunked<C> {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        Poll::Ready(self.get_mut().0.next_chunk().map(|c| Ok(Frame::data(c))))
    }

    fn is_end_stream(&self) -> bool {
        self.0.is_done()
    }

    fn size_hint(&self) -> SizeHint {
        self.0.size_hint()
    }
}

/// An answer made of shared pieces, sent in slices of at most [`CHUNK`]
/// bytes; its length is known.
struct Pieces {
    pieces: std::collections::VecDeque<Bytes>,
    left: u64,
}

impl Pieces {
    fn new(pieces: Vec<Bytes>) -> Pieces {
        let left = pieces.iter().map(|p| len64(p.len())).sum();
        Pieces {
            pieces: pieces.into_iter().filter(|p| !p.is_empty()).collect(),
            left,
        }
    }
}

impl Chunks for Pieces {
    fn next_chunk(&mut self) -> Option<Bytes> {
        let piece = self.pieces.front_mut()?;
        let chunk = if piece.len() <= CHUNK {
            self.pieces.pop_front().unwrap_or_default()
        } else {
            piece.split_to(CHUNK)
        };
        self.left -= len64(chunk.len());
        Some(chunk)
    }

    fn is_done(&self) -> bool {
        self.pieces.is_empty()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.left)
    }
}

/// A closed tour written once in one notation: its squares joined by
/// commas, and where every [`MARK`]th square's text starts.
struct CycleText {
    /// Squares of the closed tour.
    squares: usize,
    text: Bytes,
    marks: Vec<usize>,
    /// The text gzipped in segments, made when first asked for.
    segments: OnceLock<Vec<Segment>>,
}

/// Squares of a closed tour's text per gzipped segment (about 64 KB).
const SEGMENT_SQUARES: usize = MARK * 128;

/// gzip level of the segments, made once per text.
const SEGMENT_LEVEL: u32 = 6;

/// gzip level of the few bytes compressed per answer.
const TURN_LEVEL: u32 = 1;

/// One segment of a text, as raw deflate blocks ending on a byte boundary
/// (a full flush), with its CRC-32 and length.
struct Segment {
    deflated: Bytes,
    crc: u32,
    len: u64,
}

/// A gzip header: deflate, no name, no time, unknown system.
const GZIP_HEADER: &[u8] = &[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];

/// `parts` as raw deflate blocks of their own, ending with a full flush
/// (more blocks may follow) or, with `finish`, the final block.
fn deflate(parts: &[&[u8]], level: u32, finish: bool) -> Vec<u8> {
    use flate2::{Compress, Compression, FlushCompress, Status};
    let mut compress = Compress::new(Compression::new(level), false);
    let total: usize = parts.iter().map(|p| p.len()).sum();
    let mut out = Vec::with_capacity(total / 2 + 1024);
    for (i, part) in parts.iter().enumerate() {
        let flush = match (i + 1 == parts.len(), finish) {
            (false, _) => FlushCompress::None,
            (true, false) => FlushCompress::Full,
            (true, true) => FlushCompress::Finish,
        };
        let mut input = *part;
        loop {
            if out.capacity() - out.len() < 1024 {
                out.reserve(out.capacity().max(4096));
            }
            let before = compress.total_in();
            let status = compress.compress_vec(input, &mut out, flush);
            input = &input[to_usize(compress.total_in() - before)..];
            let done = match flush {
                FlushCompress::Finish => matches!(status, Ok(Status::StreamEnd)),
                FlushCompress::Full => input.is_empty() && out.len() < out.capacity(),
                _ => input.is_empty(),
            };
            if done || status.is_err() {
                break;
            }
        }
    }
    out
}

/// A gzip stream being assembled from deflated pieces.
struct GzipPieces {
    pieces: Vec<Bytes>,
    crc: crc32fast::Hasher,
}

impl GzipPieces {
    fn new() -> GzipPieces {
        GzipPieces {
            pieces: vec![Bytes::from_static(GZIP_HEADER)],
            crc: crc32fast::Hasher::new(),
        }
    }

    /// `parts`, compressed now.
    fn deflate(&mut self, parts: &[&[u8]], finish: bool) {
        for part in parts {
            self.crc.update(part);
        }
        self.pieces
            .push(Bytes::from(deflate(parts, TURN_LEVEL, finish)));
    }

    /// Segments compressed before.
    fn segments(&mut self, segments: &[Segment]) {
        for s in segments {
            self.pieces.push(s.deflated.clone());
            self.crc
                .combine(&crc32fast::Hasher::new_with_initial_len(s.crc, s.len));
        }
    }

    fn finish(mut self) -> Vec<Bytes> {
        // gzip's ISIZE: the length modulo 2^32.
        let len =
            u32::try_from(self.crc.total_len() & u64::from(u32::MAX)).expect("masked to 32 bits");
        let mut trailer = self.crc.finalize().to_le_bytes().to_vec();
        trailer.extend_from_slice(&len.to_le_bytes());
        self.pieces.push(Bytes::from(trailer));
        self.pieces
    }
}

/// Squares between two kept offsets of a [`CycleText`].
const MARK: usize = 64;

impl CycleText {
    fn new(cycle: Arc<Cycle>, notation: Notation) -> CycleText {
        let shown = Notated {
            board: cycle.board,
            notation,
        };
        let mut writer = SquareWriter::new(shown);
        let mut text = Vec::with_capacity(cycle.squares.len() * 8);
        let mut marks = Vec::with_capacity(cycle.squares.len() / MARK + 1);
        for (i, &square) in cycle.squares.iter().enumerate() {
            if i > 0 {
                text.push(b',');
            }
            if i % MARK == 0 {
                marks.push(text.len());
            }
            writer.write(&mut text, square);
        }
        CycleText {
            squares: cycle.squares.len(),
            text: Bytes::from(text),
            marks,
            segments: OnceLock::new(),
        }
    }

    /// Where square `i`'s text starts.
    fn offset(&self, i: usize) -> usize {
        let mut offset = self.marks[i / MARK];
        for _ in 0..i % MARK {
            offset += self.text[offset..]
                .iter()
                .position(|&b| b == b',')
                .map_or(0, |p| p + 1);
        }
        offset
    }

    /// The bytes of segment `k`, with the comma after its last square
    /// (but the last segment's).
    fn segment_range(&self, k: usize) -> std::ops::Range<usize> {
        let per = SEGMENT_SQUARES / MARK;
        let start = self.marks[k * per];
        let end = self.marks.get((k + 1) * per).copied();
        start..end.unwrap_or(self.text.len())
    }

    fn segments(&self) -> &[Segment] {
        self.segments.get_or_init(|| {
            let count = self.squares.div_ceil(SEGMENT_SQUARES);
            (0..count)
                .map(|k| {
                    let bytes = &self.text[self.segment_range(k)];
                    Segment {
                        deflated: Bytes::from(deflate(&[bytes], SEGMENT_LEVEL, false)),
                        crc: crc32fast::hash(bytes),
                        len: len64(bytes.len()),
                    }
                })
                .collect()
        })
    }

    /// The gzipped answer `head`, the tour turned at `at`, `]}`.
    fn gzip_turn(&self, head: &[u8], at: usize) -> Vec<Bytes> {
        let segments = self.segments();
        let offset = self.offset(at);
        let first = at / SEGMENT_SQUARES;
        let mut gzip = GzipPieces::new();
        gzip.deflate(
            &[head, &self.text[offset..self.segment_range(first).end]],
            false,
        );
        gzip.segments(&segments[first + 1..]);
        if at == 0 {
            gzip.deflate(&[b"]}"], true);
        } else {
            // The squares before the turn: whole segments, then the one
            // that holds square at - 1, up to it (without its comma).
            let last = (at - 1) / SEGMENT_SQUARES;
            gzip.deflate(&[b","], false);
            gzip.segments(&segments[..last]);
            let start = self.segment_range(last).start;
            gzip.deflate(&[&self.text[start..offset - 1], b"]}"], true);
        }
        gzip.finish()
    }

    /// The text of the tour turned to start at square `at`: the text from
    /// square `at` to the end, and from the start to square `at` (exclusive,
    /// without its trailing comma).
    fn turned_at(&self, at: usize) -> (Bytes, Bytes) {
        let offset = self.offset(at);
        let end = self.text.slice(..offset.saturating_sub(1));
        (self.text.slice(offset..), end)
    }
}

/// The text of `cycle` in `notation`, written now or kept in `cache` from
/// before. It is weighed with its gzipped segments, made later, at half
/// the text (level 6 makes them about a third).
fn cycle_text(cycle: &Arc<Cycle>, notation: Notation, cache: &Cache) -> Arc<CycleText> {
    let key = (cycle.board, notation);
    let text = cache.keep(key, || {
        // Written outside the cache's lock (milliseconds for a million
        // squares).
        let text = CycleText::new(Arc::clone(cycle), notation);
        let bytes = text.text.len() * 3 / 2 + 8 * text.marks.len();
        Ok::<_, Infallible>((text, bytes))
    });
    match text {
        Ok(text) => text,
        Err(never) => match never {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use knight::tour::SharedTour;
    use knight::{tour, TourError, TourRequest};

    /// The tour /tour lists by default.
    pub(super) fn shared_tour(
        board: Board,
        start: Square,
        closed: bool,
        limit: u64,
    ) -> Result<SharedTour, TourError> {
        let method = tour::Method::Construction { closed };
        let request = TourRequest {
            board,
            start,
            method,
        };
        knight::tour(request, limit, &Cache::default()).map(|answer| answer.tour)
    }
    use crate::written::NotatedSquare;
    use knight::Board;

    #[derive(Serialize)]
    struct Answer<T> {
        start: u64,
        path: Vec<T>,
    }

    /// The streamed answer against serde's, for `squares` in both notations.
    async fn check(board: Board, squares: TourSquares) {
        for notation in [Notation::Index, Notation::Algebraic] {
            let shown = Notated { board, notation };
            let all = squares.clone().into_vec();
            let expected = serde_json::to_vec(&Answer {
                start: 7,
                path: all.iter().map(|&s| shown.square(s)).collect(),
            })
            .unwrap();
            let head = Answer::<NotatedSquare> {
                start: 7,
                path: vec![],
            };
            let response = json_with_squares(&head, shown, squares.clone(), &Cache::default());
            let body = axum::body::to_bytes(response.into_body(), usize::MAX)
                .await
                .unwrap();
            assert!(body[..] == expected[..], "{board} {notation:?}");
        }
    }

    #[tokio::test]
    async fn streamed_answers_are_serdes_answers() {
        for (w, h) in [(8, 8), (70, 70), (31, 200)] {
            let board = Board::new(w, h).unwrap();
            for start in [Square::new(0, 0), Square::new(5, 7), Square::new(29, 65)] {
                if !board.contains(start) {
                    continue;
                }
                for closed in [false, true] {
                    if let Ok(tour) = shared_tour(board, start, closed, 1_000_000) {
                        let own = TourSquares::Own(tour.squares.clone().into_vec());
                        check(board, tour.squares).await;
                        check(board, own).await;
                    }
                }
            }
        }
        let board = Board::new(3, 1).unwrap();
        check(board, TourSquares::Own(vec![])).await;
    }
}

#[cfg(test)]
mod gzip_tests {
    use std::io::Read;

    use super::tests::shared_tour;
    use super::*;
    use knight::Board;

    /// Every turn's gzipped pieces decode to its plain text.
    #[test]
    fn gzipped_turns_are_the_plain_turns() {
        let board = Board::new(100, 190).unwrap();
        let tour = shared_tour(board, Square::new(0, 0), true, 1_000_000).unwrap();
        let TourSquares::Turn { cycle, .. } = tour.squares else {
            panic!("a turn");
        };
        let n = cycle.squares.len();
        for notation in [Notation::Index, Notation::Algebraic] {
            let text = CycleText::new(Arc::clone(&cycle), notation);
            for at in [0, 1, 63, 64, 65, 8191, 8192, 8193, 12_345, n - 1] {
                let (start, end) = text.turned_at(at);
                let mut plain = b"{\"x\":[".to_vec();
                plain.extend_from_slice(&start);
                if !end.is_empty() {
                    plain.push(b',');
                    plain.extend_from_slice(&end);
                }
                plain.extend_from_slice(b"]}");
                let gz: Vec<u8> = text.gzip_turn(b"{\"x\":[", at).concat();
                let mut out = Vec::new();
                flate2::read::GzDecoder::new(&gz[..])
                    .read_to_end(&mut out)
                    .unwrap();
                assert!(out == plain, "{notation:?} at {at}");
            }
        }
    }
}

#[cfg(test)]
mod list_tests {
    use super::*;
    use crate::written::NotatedSquare;
    use knight::Board;

    #[derive(Serialize)]
    struct Page {
        count: String,
        paths: Vec<Vec<NotatedSquare>>,
    }

    /// Lists written straight are serde's bytes, in both notations, on
    /// boards whose files run past z.
    #[test]
    fn lists_are_written_as_serde_writes_them() {
        let board = Board::new(1000, 3000).unwrap();
        let lists: Vec<Vec<Square>> = (0..5u32)
            .map(|i| {
                (0..i * 3)
                    .map(|j| Square::new(i * 97 + j * 31, j * 211 + i))
                    .collect()
            })
            .collect();
        for notation in [Notation::Algebraic, Notation::Index] {
            let shown = Notated { board, notation };
            for n in 0..lists.len() {
                let page = Page {
                    count: "12".to_owned(),
                    paths: lists[..n].iter().map(|l| shown.squares(l)).collect(),
                };
                let head = Page {
                    count: "12".to_owned(),
                    paths: Vec::new(),
                };
                let written = json_with_lists(&head, shown, lists[..n].iter().map(Vec::as_slice));
                let body = futures_executor(written);
                assert_eq!(body, serde_json::to_vec(&page).unwrap(), "{notation:?} {n}");
            }
        }
    }

    /// The body of an answer made whole.
    fn futures_executor(response: Response) -> Vec<u8> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime
            .block_on(axum::body::to_bytes(response.into_body(), usize::MAX))
            .unwrap()
            .to_vec()
    }
}
