//! Boards, squares and the knight's moves: the words every other module
//! speaks.
//!
//! A [`Board`] is `width` files by `height` ranks, each 1 to [`MAX_SIDE`]
//! ([`BoardError`] otherwise). A [`Square`] is a (file, rank) pair,
//! 0-based, `a1` = (0, 0), light or dark ([`Colour`]). Squares are named in
//! algebraic notation with files in bijective base 26 (`a`..`z`, `aa`,
//! `ab`, …: [`file_name`], [`FileName`]) and numbered `rank * width +
//! file`; a [`SquareName`] is a square as written, either way
//! ([`Notation`]), parsed ([`SquareParseError`]) before it is placed on a
//! board ([`OffBoard`]). What a person sent is quoted short in every
//! message ([`shorten_sent`]).
//!
//! The knight's eight steps are one table here, which every search
//! enumerates; how a search lays a board out in memory is the crate's own
//! business (a dense grid, kept apart from these words).

use std::fmt;
use std::str::FromStr;

/// The largest side a board may have.
pub const MAX_SIDE: u64 = 1_000_000_000;

/// One of the knight's eight steps: how far it moves, and the squares each
/// of its two L-shaped routes passes over, which the barrier rule looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    /// Files moved (right is positive).
    pub file: i8,
    /// Ranks moved (up is positive).
    pub rank: i8,
    /// The two squares passed over taking the two-square leg first, as
    /// (file, rank) offsets from where the step starts.
    pub long: [(i8, i8); 2],
    /// The two squares passed over taking the one-square leg first.
    pub short: [(i8, i8); 2],
}

impl Step {
    /// The step of `file` files and `rank` ranks, one of them ±2 and the
    /// other ±1, with its two routes.
    const fn new(file: i8, rank: i8) -> Step {
        if file == 2 || file == -2 {
            let a = file / 2;
            Step {
                file,
                rank,
                long: [(a, 0), (2 * a, 0)],
                short: [(0, rank), (a, rank)],
            }
        } else {
            let a = rank / 2;
            Step {
                file,
                rank,
                long: [(0, a), (0, 2 * a)],
                short: [(file, 0), (file, a)],
            }
        }
    }

    /// The step from `from` to `to`, if they are one knight step apart.
    pub(crate) fn between(from: Square, to: Square) -> Option<&'static Step> {
        let files = i64::from(to.file) - i64::from(from.file);
        let ranks = i64::from(to.rank) - i64::from(from.rank);
        STEPS
            .iter()
            .find(|step| i64::from(step.file) == files && i64::from(step.rank) == ranks)
    }
}

/// The knight's eight steps, in the fixed order every search in the library
/// enumerates them: clockwise, starting one file right and two ranks up.
/// This one table serves board moves, validation, the barrier rule,
/// cheapest and longest paths and tours.
pub(crate) const STEPS: [Step; 8] = [
    Step::new(1, 2),
    Step::new(2, 1),
    Step::new(2, -1),
    Step::new(1, -2),
    Step::new(-1, -2),
    Step::new(-2, -1),
    Step::new(-2, 1),
    Step::new(-1, 2),
];

/// Whether squares `files` files and `ranks` ranks apart (either sign) are
/// one knight step apart.
pub(crate) fn is_knight_step(files: u32, ranks: u32) -> bool {
    (files == 1 && ranks == 2) || (files == 2 && ranks == 1)
}

/// A rectangular board of `width` files and `height` ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: u32,
    height: u32,
}

/// Why a board size was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// `width` is 0 or above [`MAX_SIDE`].
    Width(u64),
    /// `height` is 0 or above [`MAX_SIDE`].
    Height(u64),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (side, n) = match self {
            BoardError::Width(w) => ("width", w),
            BoardError::Height(h) => ("height", h),
        };
        if *n > MAX_SIDE {
            write!(f, "{side} {n} is too large: a side is at most {MAX_SIDE}")
        } else {
            write!(f, "{side} {n} is not between 1 and {MAX_SIDE}")
        }
    }
}

impl std::error::Error for BoardError {}

impl Board {
    /// The 8×8 chessboard.
    pub const CHESS: Board = Board {
        width: 8,
        height: 8,
    };

    /// A board of `width` files by `height` ranks, each 1 to [`MAX_SIDE`].
    ///
    /// # Errors
    ///
    /// [`BoardError`] when a side is 0 or more than [`MAX_SIDE`].
    ///
    /// ```
    /// use knight::Board;
    /// let board = Board::new(1_000_000_000, 3)?;
    /// assert_eq!(board.squares(), 3_000_000_000);
    /// assert!(Board::new(0, 8).is_err());
    /// # Ok::<(), knight::BoardError>(())
    /// ```
    pub fn new(width: u64, height: u64) -> Result<Board, BoardError> {
        if !(1..=MAX_SIDE).contains(&width) {
            return Err(BoardError::Width(width));
        }
        if !(1..=MAX_SIDE).contains(&height) {
            return Err(BoardError::Height(height));
        }
        let side = |n: u64| u32::try_from(n).expect("at most MAX_SIDE");
        Ok(Board {
            width: side(width),
            height: side(height),
        })
    }

    /// Its number of files (1 to [`MAX_SIDE`]).
    pub fn width(self) -> u64 {
        u64::from(self.width)
    }

    /// Its number of ranks (1 to [`MAX_SIDE`]).
    pub fn height(self) -> u64 {
        u64::from(self.height)
    }

    /// Its files, left to right.
    #[inline]
    pub fn files(self) -> std::ops::Range<u32> {
        0..self.width
    }

    /// Its ranks, bottom to top.
    #[inline]
    pub fn ranks(self) -> std::ops::Range<u32> {
        0..self.height
    }

    /// The number of squares, at most 10^18.
    pub fn squares(self) -> u64 {
        self.width() * self.height()
    }

    /// The square at (`file`, `rank`), if it is on the board.
    pub fn square(self, file: i64, rank: i64) -> Option<Square> {
        let square = Square {
            file: u32::try_from(file).ok()?,
            rank: u32::try_from(rank).ok()?,
        };
        self.contains(square).then_some(square)
    }

    /// The square `file` files and `rank` ranks from `square`, if it is on
    /// the board.
    #[inline]
    pub(crate) fn offset(self, square: Square, file: i8, rank: i8) -> Option<Square> {
        // Sides are at most MAX_SIDE, far below u32::MAX: a step off the low
        // edge wraps to a number above every side, so one comparison a
        // coordinate checks both edges (this is the innermost loop of paths
        // and searches).
        let to = Square {
            file: square.file.wrapping_add_signed(i32::from(file)),
            rank: square.rank.wrapping_add_signed(i32::from(rank)),
        };
        self.contains(to).then_some(to)
    }

    /// Where `step` takes a knight on `square`, if that is on the board.
    #[inline]
    pub(crate) fn step(self, square: Square, step: &Step) -> Option<Square> {
        self.offset(square, step.file, step.rank)
    }

    #[inline]
    /// Whether `square` is on the board.
    pub fn contains(self, square: Square) -> bool {
        square.file < self.width && square.rank < self.height
    }

    /// Four times the squared distance of `square` from the board's centre
    /// (kept integral): Roth's tie-break in every tour search.
    pub(crate) fn centre_distance(self, square: Square) -> u64 {
        let off = |x: u32, side: u64| (2 * u64::from(x)).abs_diff(side - 1);
        off(square.file, self.width()).pow(2) + off(square.rank, self.height()).pow(2)
    }

    /// `rank * width + file`.
    ///
    /// ```
    /// use knight::{Board, Square};
    /// // d3 is 19 and e5 is 36 on the 8×8 board, as chess libraries number them.
    /// assert_eq!(Board::CHESS.index(Square::new(3, 2)), 19);
    /// assert_eq!(Board::CHESS.from_index(36), Some(Square::new(4, 4)));
    /// ```
    pub fn index(self, square: Square) -> u64 {
        u64::from(square.rank) * self.width() + u64::from(square.file)
    }

    /// The index of `square` as a position in an array of the board's
    /// squares, for a board listed in memory.
    pub(crate) fn slot(self, square: Square) -> usize {
        usize::try_from(self.index(square)).expect("a board listed in memory")
    }

    /// The square numbered `index`, if the board has that many squares.
    pub fn from_index(self, index: u64) -> Option<Square> {
        if index >= self.squares() {
            return None;
        }
        let part = |n: u64| u32::try_from(n).expect("below MAX_SIDE");
        Some(Square {
            file: part(index % self.width()),
            rank: part(index / self.width()),
        })
    }

    /// The squares one knight move from `square`, in `STEPS` order.
    pub fn knight_moves(self, square: Square) -> impl Iterator<Item = Square> {
        STEPS.iter().filter_map(move |step| self.step(square, step))
    }

    /// The squares one knight move from `square`, sorted by index.
    pub fn neighbours(self, square: Square) -> Vec<Square> {
        let mut squares: Vec<Square> = self.knight_moves(square).collect();
        squares.sort_by_key(|&s| self.index(s));
        squares
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.width, self.height)
    }
}

/// A square as (file, rank), both 0-based: `a1` is (0, 0), `g2` is (6, 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    file: u32,
    rank: u32,
}

/// Light or dark. `a1` is dark; a square is light when `file + rank` is odd.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// A light square: `file + rank` is odd.
    Light,
    /// A dark square, as `a1` is: `file + rank` is even.
    Dark,
}

impl Colour {
    /// Its name in lower case: `"light"` or `"dark"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Colour::Light => "light",
            Colour::Dark => "dark",
        }
    }
}

impl Square {
    /// The square at (`file`, `rank`). Both must be below [`MAX_SIDE`].
    #[inline]
    pub fn new(file: u32, rank: u32) -> Square {
        Square { file, rank }
    }

    /// Its file, 0-based: `a` is 0.
    #[inline]
    pub fn file(self) -> u32 {
        self.file
    }

    /// Its rank, 0-based: rank 1 is 0.
    #[inline]
    pub fn rank(self) -> u32 {
        self.rank
    }

    /// Whether it is light or dark.
    ///
    /// ```
    /// use knight::{Colour, Square};
    /// assert_eq!(Square::new(0, 0).colour(), Colour::Dark); // a1
    /// assert_eq!(Square::new(3, 2).colour(), Colour::Light); // d3
    /// ```
    pub fn colour(self) -> Colour {
        if (self.file + self.rank) % 2 == 1 {
            Colour::Light
        } else {
            Colour::Dark
        }
    }

    /// Whether `other` is one knight move away.
    pub fn is_knight_move_to(self, other: Square) -> bool {
        is_knight_step(
            self.file.abs_diff(other.file),
            self.rank.abs_diff(other.rank),
        )
    }
}

/// The letters of a file in bijective base 26: 0 → `a`, 25 → `z`, 26 → `aa`.
///
/// ```
/// assert_eq!(knight::board::file_name(6), "g");
/// assert_eq!(knight::board::file_name(26), "aa");
/// ```
pub fn file_name(file: u64) -> String {
    FileName(file).to_string()
}

/// A file's letters, written without allocating.
#[derive(Clone, Copy, Debug)]
pub struct FileName(pub u64);

impl fmt::Display for FileName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Fourteen letters reach past u64::MAX; a board's files need seven.
        let mut letters = [0u8; 14];
        let mut at = letters.len();
        let mut n = u128::from(self.0) + 1;
        while n > 0 {
            n -= 1;
            at -= 1;
            letters[at] = b'a' + u8::try_from(n % 26).expect("a remainder below 26");
            n /= 26;
        }
        f.write_str(std::str::from_utf8(&letters[at..]).expect("ASCII letters"))
    }
}

impl fmt::Display for Square {
    /// The algebraic name, e.g. `g2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            FileName(u64::from(self.file)),
            u64::from(self.rank) + 1
        )
    }
}

/// A square as a client wrote it: an index, or an algebraic name, not yet
/// checked against a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareName {
    /// An index, `rank * width + file`.
    Index(u64),
    /// An algebraic name such as `g2`.
    Algebraic {
        /// The file, 0-based: `a` is 0.
        file: u64,
        /// The rank, 0-based: rank 1 is 0.
        rank: u64,
    },
}

/// Why a square's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquareParseError {
    /// Nothing was written.
    Empty,
    /// Letters then digits were expected, e.g. `g2` or `aa10`.
    Malformed(String),
    /// The file letters or the rank digits are too long to be on any board.
    TooLarge(String),
}

impl fmt::Display for SquareParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareParseError::Empty => f.write_str("a square may not be empty"),
            SquareParseError::Malformed(s) => {
                // A leading zero is the one thing wrong with `a01` or `019`:
                // say so, with the square meant.
                let letters = s.bytes().take_while(u8::is_ascii_alphabetic).count();
                let (file, digits) = s.split_at(letters);
                let meant = digits.trim_start_matches('0');
                if digits.len() > 1
                    && digits.starts_with('0')
                    && digits.bytes().all(|b| b.is_ascii_digit())
                    && (!meant.is_empty() || file.is_empty())
                {
                    let meant = if meant.is_empty() { "0" } else { meant };
                    write!(
                        f,
                        "'{s}' is not a square: a square's number has no leading zero; write '{file}{meant}'"
                    )
                } else {
                    write!(
                        f,
                        "'{s}' is not a square: use an index such as 19 or a name such as d3 (file letters, then a rank from 1)"
                    )
                }
            }
            SquareParseError::TooLarge(s) => write!(
                f,
                "'{s}' is too large: it is beyond the largest board ({MAX_SIDE} files and ranks)"
            ),
        }
    }
}

impl std::error::Error for SquareParseError {}

/// Why a parsed square is not on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffBoard {
    /// The square as it was written.
    pub square: SquareName,
    /// The board it is not on.
    pub board: Board,
}

impl fmt::Display for OffBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The board's range, both ways a square is named.
        let (width, height) = (self.board.width(), self.board.height());
        write!(
            f,
            "'{}' is not a square of the {} board: its squares are 0 to {} (a1 to {}{})",
            self.square,
            self.board,
            self.board.squares() - 1,
            FileName(width - 1),
            height
        )
    }
}

impl std::error::Error for OffBoard {}

impl FromStr for SquareName {
    type Err = SquareParseError;

    /// Digits alone are an index; letters then digits an algebraic name.
    /// Letters may be upper or lower case. No signs, spaces or leading zeros.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.is_empty() {
            return Err(SquareParseError::Empty);
        }
        let malformed = || SquareParseError::Malformed(shorten_sent(s));
        let too_large = || SquareParseError::TooLarge(shorten_sent(s));
        let letters = s.bytes().take_while(u8::is_ascii_alphabetic).count();
        let (file_part, rank_part) = s.split_at(letters);
        if rank_part.is_empty()
            || !rank_part.bytes().all(|b| b.is_ascii_digit())
            || (rank_part.len() > 1 && rank_part.starts_with('0'))
        {
            return Err(malformed());
        }
        // Up to 19 digits always fit in a u64; anything longer is beyond any board.
        if rank_part.len() > 19 {
            return Err(too_large());
        }
        let number: u64 = rank_part.parse().map_err(|_| too_large())?;
        if file_part.is_empty() {
            return Ok(SquareName::Index(number));
        }
        if number == 0 {
            return Err(malformed());
        }
        // Seven letters reach past 10^9 files; more can't name a real square.
        if file_part.len() > 7 {
            return Err(too_large());
        }
        let file = file_part.bytes().fold(0u64, |n, b| {
            n * 26 + u64::from(b.to_ascii_lowercase() - b'a' + 1)
        }) - 1;
        Ok(SquareName::Algebraic {
            file,
            rank: number - 1,
        })
    }
}

/// `text` as sent, for a message that quotes it: whole up to 40
/// characters; a longer text is cut to its first 36 and says how long it
/// was (`aaaa… (1048576 characters)`), so that a message stays short and
/// still tells what was sent. The one rule for quoting what a person sent,
/// here and in a service that words its errors the same way.
///
/// ```
/// assert_eq!(knight::board::shorten_sent("g2"), "g2");
/// let long = "a".repeat(50);
/// assert_eq!(knight::board::shorten_sent(&long), format!("{}… (50 characters)", "a".repeat(36)));
/// ```
pub fn shorten_sent(text: &str) -> String {
    match text.char_indices().nth(40) {
        None => text.to_owned(),
        Some(_) => {
            let head: String = text.chars().take(36).collect();
            format!("{head}… ({} characters)", text.chars().count())
        }
    }
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SquareName::Index(i) => write!(f, "{i}"),
            SquareName::Algebraic { file, rank } => write!(f, "{}{}", FileName(file), rank + 1),
        }
    }
}

impl SquareName {
    /// The square this names on `board`.
    ///
    /// # Errors
    ///
    /// [`OffBoard`] when the square is not on `board`; its message quotes the
    /// square as written.
    ///
    /// ```
    /// use knight::{Board, SquareName};
    /// let g2: SquareName = "G2".parse()?; // names are read in any case
    /// assert_eq!(g2.on(Board::CHESS)?.to_string(), "g2");
    /// let far: SquareName = "z9".parse()?;
    /// assert_eq!(
    ///     far.on(Board::CHESS).unwrap_err().to_string(),
    ///     "'z9' is not a square of the 8×8 board: its squares are 0 to 63 (a1 to h8)"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn on(self, board: Board) -> Result<Square, OffBoard> {
        let off = || OffBoard {
            square: self,
            board,
        };
        match self {
            SquareName::Index(i) => board.from_index(i).ok_or_else(off),
            SquareName::Algebraic { file, rank } => {
                match (u32::try_from(file), u32::try_from(rank)) {
                    (Ok(file), Ok(rank)) if board.contains(Square { file, rank }) => {
                        Ok(Square { file, rank })
                    }
                    _ => Err(off()),
                }
            }
        }
    }

    /// How this square was written, which is how answers write squares.
    pub fn notation(self) -> Notation {
        match self {
            SquareName::Index(_) => Notation::Index,
            SquareName::Algebraic { .. } => Notation::Algebraic,
        }
    }
}

/// How squares are written in an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Names such as `g2`.
    Algebraic,
    /// Indices such as `14`.
    Index,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(s: &str) -> SquareName {
        s.parse().unwrap()
    }

    #[test]
    fn published_indices_and_names() {
        let b = Board::CHESS;
        assert_eq!(name("d3").on(b).unwrap(), b.from_index(19).unwrap());
        assert_eq!(name("e5").on(b).unwrap(), b.from_index(36).unwrap());
        assert_eq!(name("a1").on(b).unwrap(), Square::new(0, 0));
        assert_eq!(name("h1").on(b).map(|s| b.index(s)), Ok(7));
        assert_eq!(name("a2").on(b).map(|s| b.index(s)), Ok(8));
        assert_eq!(name("h8").on(b).map(|s| b.index(s)), Ok(63));
        assert_eq!(name("G2").on(b).unwrap(), Square::new(6, 1));
        assert_eq!(name("19"), SquareName::Index(19));
    }

    #[test]
    fn bijective_base_26_files() {
        assert_eq!(file_name(0), "a");
        assert_eq!(file_name(25), "z");
        assert_eq!(file_name(26), "aa");
        assert_eq!(file_name(51), "az");
        assert_eq!(file_name(52), "ba");
        assert_eq!(file_name(701), "zz");
        assert_eq!(file_name(702), "aaa");
        for file in (0..20_000).chain([MAX_SIDE - 1]) {
            let text = format!("{}1", file_name(file));
            assert_eq!(name(&text), SquareName::Algebraic { file, rank: 0 });
        }
    }

    #[test]
    fn colours() {
        assert_eq!(Square::new(3, 2).colour(), Colour::Light); // d3
        assert_eq!(Square::new(6, 4).colour(), Colour::Dark); // g5
        assert_eq!(Square::new(4, 5).colour(), Colour::Light); // e6
        assert_eq!(Square::new(0, 0).colour(), Colour::Dark); // a1
    }

    #[test]
    fn a_long_square_is_quoted_short_with_its_length() {
        for (sent, chars) in [
            ("z".repeat(41), 41),
            ("1a".repeat(500), 1000),
            ("é".repeat(60), 60),
        ] {
            let detail = sent.parse::<SquareName>().unwrap_err().to_string();
            let head: String = sent.chars().take(36).collect();
            assert!(
                detail.starts_with(&format!("'{head}… ({chars} characters)'")),
                "{detail}"
            );
            assert!(detail.chars().count() < 200, "{detail}");
        }
        let long_file = format!("{}1", "a".repeat(45));
        let detail = long_file.parse::<SquareName>().unwrap_err().to_string();
        assert!(
            detail.contains("(46 characters)") && detail.contains("too large"),
            "{detail}"
        );
        // Short values are quoted whole, as before.
        assert!("1a"
            .parse::<SquareName>()
            .unwrap_err()
            .to_string()
            .starts_with("'1a' is not"));
    }

    #[test]
    fn refuses_malformed_names() {
        for bad in [
            "", "a", "1a", "a0", "a01", "-1", "+1", "d 3", "é4", "a1b", "a-1",
        ] {
            assert!(bad.parse::<SquareName>().is_err(), "{bad:?} parsed");
        }
        assert!(matches!(
            "aaaaaaaa1".parse::<SquareName>(),
            Err(SquareParseError::TooLarge(_))
        ));
        assert!(matches!(
            "99999999999999999999".parse::<SquareName>(),
            Err(SquareParseError::TooLarge(_))
        ));
    }

    #[test]
    fn off_board() {
        let b = Board::CHESS;
        let e = name("z9").on(b).unwrap_err();
        assert_eq!(
            e.to_string(),
            "'z9' is not a square of the 8×8 board: its squares are 0 to 63 (a1 to h8)"
        );
        assert!(name("64").on(b).is_err());
        assert!(name("i1").on(b).is_err());
    }

    #[test]
    fn board_limits() {
        assert!(Board::new(0, 8).is_err());
        assert!(Board::new(8, 0).is_err());
        assert!(Board::new(MAX_SIDE + 1, 8).is_err());
        let big = Board::new(MAX_SIDE, MAX_SIDE).unwrap();
        assert_eq!(big.squares(), MAX_SIDE * MAX_SIDE);
        let corner = big.from_index(big.squares() - 1).unwrap();
        assert_eq!(corner, Square::new(999_999_999, 999_999_999));
    }

    #[test]
    fn neighbours_sorted_by_index() {
        let b = Board::CHESS;
        let g1 = name("g1").on(b).unwrap();
        let names: Vec<String> = b.neighbours(g1).iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["e2", "f3", "h3"]);
    }
}
