//! Boards, squares and the knight's moves.
//!
//! A [`Board`] is `width` files by `height` ranks, each 1 to [`MAX_SIDE`].
//! A [`Square`] is a (file, rank) pair, 0-based, `a1` = (0, 0). Squares are
//! named in algebraic notation with files in bijective base 26 (`a`..`z`,
//! `aa`, `ab`, …) and numbered `rank * width + file`.

use std::fmt;
use std::str::FromStr;

/// The largest side a board may have.
pub const MAX_SIDE: u64 = 1_000_000_000;

/// The knight's eight moves as (file, rank) steps, in the fixed order every
/// search in knightd enumerates them: clockwise, starting one file right and
/// two ranks up.
pub const KNIGHT_MOVES: [(i64, i64); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

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
        match self {
            BoardError::Width(w) => write!(f, "width {w} is not between 1 and {MAX_SIDE}"),
            BoardError::Height(h) => write!(f, "height {h} is not between 1 and {MAX_SIDE}"),
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
    pub fn new(width: u64, height: u64) -> Result<Board, BoardError> {
        if !(1..=MAX_SIDE).contains(&width) {
            return Err(BoardError::Width(width));
        }
        if !(1..=MAX_SIDE).contains(&height) {
            return Err(BoardError::Height(height));
        }
        Ok(Board {
            width: width as u32,
            height: height as u32,
        })
    }

    pub fn width(self) -> u64 {
        u64::from(self.width)
    }

    pub fn height(self) -> u64 {
        u64::from(self.height)
    }

    /// The number of squares, at most 10^18.
    pub fn squares(self) -> u64 {
        self.width() * self.height()
    }

    /// The square at (`file`, `rank`), if it is on the board.
    pub fn square(self, file: i64, rank: i64) -> Option<Square> {
        if (0..self.width() as i64).contains(&file) && (0..self.height() as i64).contains(&rank) {
            Some(Square {
                file: file as u32,
                rank: rank as u32,
            })
        } else {
            None
        }
    }

    pub fn contains(self, square: Square) -> bool {
        square.file < self.width && square.rank < self.height
    }

    /// `rank * width + file`.
    pub fn index(self, square: Square) -> u64 {
        square.rank() * self.width() + square.file()
    }

    /// The square numbered `index`, if the board has that many squares.
    pub fn from_index(self, index: u64) -> Option<Square> {
        if index >= self.squares() {
            return None;
        }
        Some(Square {
            file: (index % self.width()) as u32,
            rank: (index / self.width()) as u32,
        })
    }

    /// The squares one knight move from `square`, in [`KNIGHT_MOVES`] order.
    pub fn knight_moves(self, square: Square) -> impl Iterator<Item = Square> {
        KNIGHT_MOVES.into_iter().filter_map(move |(df, dr)| {
            self.square(square.file() as i64 + df, square.rank() as i64 + dr)
        })
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
        write!(f, "{}x{}", self.width, self.height)
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
    Light,
    Dark,
}

impl Colour {
    pub fn as_str(self) -> &'static str {
        match self {
            Colour::Light => "light",
            Colour::Dark => "dark",
        }
    }
}

impl Square {
    /// The square at (`file`, `rank`). Both must be below [`MAX_SIDE`].
    pub fn new(file: u32, rank: u32) -> Square {
        Square { file, rank }
    }

    pub fn file(self) -> u64 {
        u64::from(self.file)
    }

    pub fn rank(self) -> u64 {
        u64::from(self.rank)
    }

    pub fn colour(self) -> Colour {
        if (self.file + self.rank) % 2 == 1 {
            Colour::Light
        } else {
            Colour::Dark
        }
    }

    /// Whether `other` is one knight move away.
    pub fn is_knight_move_to(self, other: Square) -> bool {
        let df = self.file.abs_diff(other.file);
        let dr = self.rank.abs_diff(other.rank);
        (df == 1 && dr == 2) || (df == 2 && dr == 1)
    }
}

/// The letters of a file in bijective base 26: 0 → `a`, 25 → `z`, 26 → `aa`.
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
            letters[at] = b'a' + (n % 26) as u8;
            n /= 26;
        }
        f.write_str(std::str::from_utf8(&letters[at..]).expect("ASCII letters"))
    }
}

impl fmt::Display for Square {
    /// The algebraic name, e.g. `g2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", FileName(self.file()), u64::from(self.rank) + 1)
    }
}

/// A square as a client wrote it: an index, or an algebraic name, not yet
/// checked against a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareName {
    Index(u64),
    Algebraic { file: u64, rank: u64 },
}

/// Why a square's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquareParseError {
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
            SquareParseError::Malformed(s) => write!(
                f,
                "'{s}' is not a square: use an index such as 19 or a name such as d3 (file letters, then a rank from 1)"
            ),
            SquareParseError::TooLarge(s) => write!(
                f,
                "'{s}' is beyond the largest board ({MAX_SIDE} files and ranks)"
            ),
        }
    }
}

impl std::error::Error for SquareParseError {}

/// Why a parsed square is not on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffBoard {
    pub square: SquareName,
    pub board: Board,
}

impl fmt::Display for OffBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a square of the {} board",
            self.square, self.board
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
        let malformed = || SquareParseError::Malformed(shorten(s));
        let too_large = || SquareParseError::TooLarge(shorten(s));
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

fn shorten(s: &str) -> String {
    if s.chars().count() <= 24 {
        s.to_owned()
    } else {
        let head: String = s.chars().take(20).collect();
        format!("{head}…")
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
    pub fn on(self, board: Board) -> Result<Square, OffBoard> {
        let off = || OffBoard {
            square: self,
            board,
        };
        match self {
            SquareName::Index(i) => board.from_index(i).ok_or_else(off),
            SquareName::Algebraic { file, rank } => {
                if file < board.width() && rank < board.height() {
                    Ok(Square::new(file as u32, rank as u32))
                } else {
                    Err(off())
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    Algebraic,
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
        assert_eq!(e.to_string(), "'z9' is not a square of the 8x8 board");
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
