//! Squares as requests write them (an index or a name, in JSON or a query),
//! parsed once as they are read, put on a plain board by one resolver, and
//! written back in the request's notation.

use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;

use crate::convert::len64;
use crate::error::{off_board, ApiError, Code};
use crate::request::params::params;
use crate::request::params::{choice, exact_whole, too_large, Given, Param, Refusal};
use crate::written::Notated;
use knight::board::MAX_SIDE;
use knight::tour::CLUE_SQUARES;
use knight::{Board, Notation, Square, SquareName, SquareParseError};

/// A square as sent: a JSON integer, or a string (digits are an index,
/// anything else an algebraic name), parsed as it is read. Put on the board
/// with [`SquareArg::on`] once the board is known; a name that did not
/// parse is refused there, naming its parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareArg {
    name: Result<SquareName, SquareParseError>,
    /// The text sent, when the name writes it otherwise (`I9`, `Nf3`:
    /// names are read in any case and written in lower case), so that a
    /// refusal quotes it as sent.
    sent: Option<Box<str>>,
}

impl SquareArg {
    /// A square read from `text`.
    fn parse(text: &str) -> SquareArg {
        let name = text.parse();
        // A name without capitals is written back as it was sent (a
        // leading zero does not parse).
        let sent =
            (name.is_ok() && text.bytes().any(|b| b.is_ascii_uppercase())).then(|| text.into());
        SquareArg { name, sent }
    }

    fn index(i: u64) -> SquareArg {
        SquareArg {
            name: Ok(SquareName::Index(i)),
            sent: None,
        }
    }

    /// The square as JSON writes it, for a detail: an index bare, a name
    /// quoted as sent (one that does not parse as `…`).
    pub fn shown(&self) -> String {
        match (&self.name, &self.sent) {
            (Ok(SquareName::Index(i)), _) => i.to_string(),
            (Ok(_), Some(sent)) => format!("\"{sent}\""),
            (Ok(name), None) => format!("\"{name}\""),
            (Err(_), _) => "…".to_owned(),
        }
    }

    /// The name as sent, when it writes the square otherwise than it is
    /// written back (`A1`, read as `a1`).
    pub fn sent(&self) -> Option<&str> {
        self.sent.as_deref()
    }

    /// `a1`, where a tour starts when the request names no square.
    pub fn a1() -> &'static SquareArg {
        static A1: SquareArg = SquareArg {
            name: Ok(SquareName::Algebraic { file: 0, rank: 0 }),
            sent: None,
        };
        &A1
    }

    /// The square on `board`; an error names `param`, and quotes the
    /// square as it was sent.
    pub fn on(&self, board: Board, param: impl fmt::Display) -> Result<Square, ApiError> {
        let error = match &self.name {
            Ok(name) => match name.on(board) {
                Ok(square) => return Ok(square),
                Err(_) => {
                    let sent = self
                        .sent
                        .as_deref()
                        .map_or_else(|| name.to_string(), str::to_owned);
                    ApiError::new(Code::SquareOffBoard, off_board_as_sent(&sent, board))
                }
            },
            Err(parse) => ApiError::from(parse.clone()),
        };
        Err(error.at(param.to_string()))
    }

    /// The notation this square was written in (algebraic if it does not parse).
    pub fn notation(&self) -> Notation {
        self.name
            .as_ref()
            .map_or(Notation::Algebraic, |name| name.notation())
    }
}

/// Why `sent`, a name that parses, is not a square of `board`; for a
/// chess move's target written with its piece (`Nf3`, `Bxb5`: the letters
/// K, Q, R, B or N, then a square of the board), what to write instead.
fn off_board_as_sent(sent: &str, board: Board) -> String {
    let words = off_board(sent, board);
    let piece = sent.chars().next().filter(|c| "KQRBNkqrbn".contains(*c));
    let square = sent
        .get(1..)
        .map(|rest| rest.strip_prefix(['x', 'X']).unwrap_or(rest));
    match (piece, square) {
        (Some(piece), Some(square))
            if square.parse::<SquareName>().is_ok_and(|name| {
                name.notation() == Notation::Algebraic && name.on(board).is_ok()
            }) =>
        {
            format!(
                "{words}; drop the piece letter '{piece}': a square is named by its file and rank alone, so write '{}'",
                square.to_ascii_lowercase()
            )
        }
        _ => words,
    }
}

impl<'de> Deserialize<'de> for SquareArg {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SquareVisitor;
        impl Visitor<'_> for SquareVisitor {
            type Value = SquareArg;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a square: a non-negative integer index or a string such as \"d3\"")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<SquareArg, E> {
                Ok(SquareArg::index(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<SquareArg, E> {
                u64::try_from(v)
                    .map(SquareArg::index)
                    .map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<SquareArg, E> {
                // JSON Schema's integers include 19.0 and 1e3. A whole number
                // a float cannot hold exactly (past 2^53: 1e300, or an integer
                // past u64) is refused as too large, quoting its text.
                match exact_whole(v).map(u64::try_from) {
                    Some(Ok(index)) => Ok(SquareArg::index(index)),
                    None if v.fract() == 0.0 && v > 0.0 => Err(too_large()),
                    _ => Err(E::custom("not a whole number from 0")),
                }
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<SquareArg, E> {
                Ok(SquareArg::parse(v))
            }
        }
        deserializer.deserialize_any(SquareVisitor)
    }
}

/// A list of squares as sent (`played`, a path to check), kept compact
/// while the request waits for its work: each square a tag byte and one
/// or two variable-length integers, never more bytes than its JSON text
/// (`0,` is two bytes here, against 32 as a [`SquareArg`]), so that a body
/// of many squares holds no more memory parsed than it did as text. Each
/// square is read as a [`SquareArg`] is; one that does not parse is kept
/// as the first such error (a list is put on its board in order, and the
/// first bad square stops it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SquareList {
    bytes: Vec<u8>,
    len: usize,
    unparsed: Option<SquareParseError>,
}

/// The tags of [`SquareList`]'s squares: a name sent with capitals is kept
/// as its text (its length, then its bytes: the two quotes' worth).
const INDEX: u8 = 0;
const ALGEBRAIC: u8 = 1;
const UNPARSED: u8 = 2;
const SENT: u8 = 3;

impl SquareList {
    /// Squares in the list.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first square, as sent.
    pub fn first(&self) -> Option<SquareArg> {
        self.iter().next()
    }

    /// The squares, as sent, in order.
    pub fn iter(&self) -> impl Iterator<Item = SquareArg> + '_ {
        let mut at = 0;
        std::iter::from_fn(move || {
            let tag = *self.bytes.get(at)?;
            at += 1;
            let mut read = || read_varint(&self.bytes, &mut at);
            let name = match tag {
                INDEX => Ok(SquareName::Index(read())),
                ALGEBRAIC => {
                    let file = read();
                    Ok(SquareName::Algebraic { file, rank: read() })
                }
                SENT => {
                    let len = usize::try_from(read()).unwrap_or(usize::MAX);
                    let text = self.bytes.get(at..at.saturating_add(len))?;
                    at += len;
                    return Some(SquareArg::parse(std::str::from_utf8(text).ok()?));
                }
                _ => Err(self.unparsed.clone().unwrap_or(SquareParseError::Empty)),
            };
            Some(SquareArg { name, sent: None })
        })
    }

    /// Every square on `board`; the first bad one is refused, named
    /// `param[i]`.
    pub fn on(&self, board: Board, param: &str) -> Result<Vec<Square>, ApiError> {
        self.iter()
            .enumerate()
            .map(|(i, arg)| arg.on(board, format_args!("{param}[{i}]")))
            .collect()
    }

    fn push(&mut self, arg: SquareArg) {
        if let Some(sent) = &arg.sent {
            self.bytes.push(SENT);
            write_varint(&mut self.bytes, len64(sent.len()));
            self.bytes.extend_from_slice(sent.as_bytes());
            self.len += 1;
            return;
        }
        match arg.name {
            Ok(SquareName::Index(i)) => {
                self.bytes.push(INDEX);
                write_varint(&mut self.bytes, i);
            }
            Ok(SquareName::Algebraic { file, rank }) => {
                self.bytes.push(ALGEBRAIC);
                write_varint(&mut self.bytes, file);
                write_varint(&mut self.bytes, rank);
            }
            Err(error) => {
                self.bytes.push(UNPARSED);
                self.unparsed.get_or_insert(error);
            }
        }
        self.len += 1;
    }
}

fn write_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push(u8::try_from(n & 0x7f).expect("seven bits") | 0x80);
        n >>= 7;
    }
    out.push(u8::try_from(n).expect("below 0x80"));
}

fn read_varint(bytes: &[u8], at: &mut usize) -> u64 {
    let mut n = 0u64;
    let mut shift = 0;
    while let Some(&b) = bytes.get(*at) {
        *at += 1;
        n |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            break;
        }
        shift += 7;
    }
    n
}

impl<'de> Deserialize<'de> for SquareList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ListVisitor;
        impl<'de> Visitor<'de> for ListVisitor {
            type Value = SquareList;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an array")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<SquareList, A::Error> {
                let mut list = SquareList::default();
                while let Some(arg) = seq.next_element::<SquareArg>()? {
                    list.push(arg);
                }
                list.bytes.shrink_to_fit();
                Ok(list)
            }
        }
        deserializer.deserialize_seq(ListVisitor)
    }
}

crate::request::params::param_by_serde!(SquareList);

/// `notation` as a request gives it: `algebraic` or `index`, in any case.
impl<'de> Param<'de> for Notation {
    fn read_param<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        choice(
            deserializer,
            "a notation",
            &[
                ("algebraic", Notation::Algebraic),
                ("index", Notation::Index),
            ],
        )
    }
}

crate::request::params::param_by_serde!(SquareArg);

/// A side of a plain board as a request gives it (`width`, `height`): a
/// whole number from 1 to [`MAX_SIDE`], checked as it is read, so that a
/// refusal quotes the value as it was sent (`1e10`, not `10000000000`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side(pub u64);

impl<'de> Param<'de> for Side {
    fn read_param<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match u64::read_param(deserializer)? {
            0 => Err(de::Error::custom(Refusal::Below.mark("", ""))),
            n if n > MAX_SIDE => Err(too_large()),
            n => Ok(Side(n)),
        }
    }
}

/// The board of a request's `width` and `height`, each 8 when absent.
pub fn plain_board(width: Given<Side>, height: Given<Side>) -> Result<Board, ApiError> {
    Board::new(width.or(Side(8)).0, height.or(Side(8)).0).map_err(ApiError::from)
}

params! {
    /// The ends of a path: `from` (or `src`) and `to` (or `dest`).
    pub struct Ends {
        pub from: Given<SquareArg>,
        pub to: Given<SquareArg>,
    }
}

impl Ends {
    /// Both ends, named by their parameters.
    pub fn named(&self) -> Named<'_, 2> {
        [("from", self.from.as_ref()), ("to", self.to.as_ref())]
    }
}

params! {
    /// What a plain-board request says of its board and its answer: `width`
    /// and `height` (each 8 when absent), and the `notation` of squares.
    pub struct PlainArgs {
        pub width: Given<Side>,
        pub height: Given<Side>,
        pub notation: Given<Notation>,
    }
}

impl PlainArgs {
    /// Resolves a plain-board request: its squares (all required; the
    /// first sets the answer's notation unless `notation` is given) on the
    /// board of `width` × `height`. Absent squares are refused first, then
    /// the board, then each square in order.
    pub fn squares<const N: usize>(
        &self,
        squares: Named<'_, N>,
    ) -> Result<(Notated, [Square; N]), ApiError> {
        let args = required(squares)?;
        squares_on(self.board()?, self.notation, args)
    }

    /// The board of `width` × `height`.
    pub fn board(&self) -> Result<Board, ApiError> {
        plain_board(self.width, self.height)
    }

    /// The board of `width` × `height`, which clue work (`work`: what is
    /// done on it, in words) takes only up to [`CLUE_SQUARES`] squares:
    /// past them 422 `board_too_large`, at the side that was given.
    pub fn clue_board(&self, work: &str) -> Result<Board, ApiError> {
        let board = self.board()?;
        if board.squares() <= CLUE_SQUARES {
            return Ok(board);
        }
        Err(ApiError::new(
            Code::BoardTooLarge,
            format!(
                "the board has {} squares; {work} on boards of at most {CLUE_SQUARES} squares: send a smaller board, such as 8×8",
                board.squares()
            ),
        )
        .at(self.side_given()))
    }

    /// The side named when a board is too large: `width` if it was
    /// given, else `height` (one of the two made it large).
    pub fn side_given(&self) -> &'static str {
        if self.width.is_given() {
            "width"
        } else {
            "height"
        }
    }

    /// How the answer on `board` writes squares: `notation` when given,
    /// else as the request wrote its first square (`first`).
    pub fn shown(&self, board: Board, first: Notation) -> Notated {
        Notated {
            board,
            notation: self.notation.or(first),
        }
    }
}

/// The squares of a plain-board request, each with the parameter that
/// names it.
pub type Named<'a, const N: usize> = [(&'static str, Given<&'a SquareArg>); N];

/// The squares of `named`, each of which must be given.
pub fn required<'a, const N: usize>(
    named: Named<'a, N>,
) -> Result<[(&'static str, &'a SquareArg); N], ApiError> {
    let mut args = [("", SquareArg::a1()); N];
    for (arg, (param, given)) in args.iter_mut().zip(named) {
        *arg = (param, given.required(param)?);
    }
    Ok(args)
}

/// `args` on `board`, with how the answer writes squares.
pub fn squares_on<const N: usize>(
    board: Board,
    notation: Given<Notation>,
    args: [(&'static str, &SquareArg); N],
) -> Result<(Notated, [Square; N]), ApiError> {
    let mut squares = [Square::new(0, 0); N];
    for (square, (param, arg)) in squares.iter_mut().zip(args) {
        *square = arg.on(board, param)?;
    }
    let first = args
        .first()
        .map_or(Notation::Algebraic, |(_, a)| a.notation());
    let shown = Notated {
        board,
        notation: notation.or(first),
    };
    Ok((shown, squares))
}

/// Adds the question — the board and its squares — to the request's span,
/// so its log lines say what was asked: `8x8 d3 e5`.
pub fn record_question(board: Board, squares: &[Square]) {
    struct Question<'a>(Board, &'a [Square]);
    impl fmt::Display for Question<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}", self.0)?;
            self.1.iter().try_for_each(|s| write!(f, " {s}"))
        }
    }
    tracing::Span::current().record(
        "question",
        tracing::field::display(Question(board, squares)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lists of squares as JSON text: indices, names, bad names, in turn.
    fn lists() -> Vec<String> {
        let mut lists = vec!["[]".to_owned(), "[0]".to_owned()];
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for len in [1, 2, 7, 100, 1000] {
            let items: Vec<String> = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    match seed % 5 {
                        0 => (seed >> 8).to_string(),
                        1 => ((seed >> 8) % 10).to_string(),
                        2 => format!(
                            "\"{}{}\"",
                            file_name((seed >> 8) % 2000),
                            (seed >> 20) % 5000 + 1
                        ),
                        3 => format!("\"{}\"", (seed >> 8) % 100),
                        _ => ["\"z0\"", "\"\"", "\"a01\"", "\"1a\"", "\"B7\"", "\"Nf3\""]
                            [usize::try_from(seed % 6).unwrap()]
                        .to_owned(),
                    }
                })
                .collect();
            lists.push(format!("[{}]", items.join(",")));
        }
        lists
    }

    fn file_name(file: u64) -> String {
        knight::board::FileName(file).to_string()
    }

    #[test]
    fn a_square_list_reads_as_the_squares_do_and_is_no_larger_than_its_text() {
        for text in lists() {
            let list: SquareList = serde_json::from_str(&text).unwrap();
            let each: Vec<SquareArg> = serde_json::from_str(&text).unwrap();
            let read: Vec<SquareArg> = list.iter().collect();
            // Squares that did not parse keep the first such error: the
            // list stops at it.
            let first_bad = each.iter().position(|a| a.name.is_err());
            let upto = first_bad.map_or(each.len(), |i| i + 1);
            assert_eq!(read[..upto], each[..upto], "{text}");
            assert_eq!(list.len(), each.len());
            assert!(list.bytes.len() <= text.len(), "{text}");
            let board = Board::new(5000, 5000).unwrap();
            let expected: Result<Vec<Square>, String> = each
                .iter()
                .enumerate()
                .map(|(i, a)| {
                    a.on(board, format_args!("played[{i}]"))
                        .map_err(|e| format!("{e:?}"))
                })
                .collect();
            let got = list.on(board, "played").map_err(|e| format!("{e:?}"));
            assert_eq!(got, expected, "{text}");
        }
    }
}
