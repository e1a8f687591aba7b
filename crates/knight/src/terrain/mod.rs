//! Terrain boards of the "Knight Board" challenge: what each square is
//! ([`Cell`]), which knight moves the terrain allows under a
//! [`BarrierRule`], and the three questions asked of them: whether a path
//! is allowed ([`validate()`], each fault a [`StepFault`] with its
//! [`Reason`]), the cheapest path ([`cheapest_path`], or many from one
//! prepared [`MoveGrid`]) and the longest path ([`longest_path`], with a
//! proven bound, or [`longest_path_watched`] to hear of each improvement).
//!
//! A board is written as rows of characters, top row first (the highest
//! rank), spaces ignored: `.` plain, `W` water, `L` lava, `R` rock, `B`
//! barrier, `T` teleport, `S`/`E` start and end (the README's "Terrain
//! boards"). Which moves a board allows comes from the one table of the
//! knight's steps that every search reads. A [`Ground`] is what a path and
//! its picture stand on: a plain board or a terrain.

use std::fmt;
use std::str::FromStr;

use super::board::{Board, Square, Step, STEPS};
use crate::grid::{Grid, Spot};

pub(crate) mod cheapest;
pub(crate) mod longest;
pub(crate) mod validate;

pub use cheapest::{cheapest_path, CheapestPath, MoveGrid};
pub use longest::{longest_path, longest_path_watched, Longest, LongestWatch};
pub use validate::{validate, StepFault, Validation};

/// What a square of a terrain board is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A plain square (`.`): landing costs 1.
    Plain,
    /// Water (`W`): landing costs 2.
    Water,
    /// Lava (`L`): landing costs 5.
    Lava,
    /// A rock (`R`): cannot be landed on, may be jumped over.
    Rock,
    /// A barrier (`B`): cannot be landed on, and no move passes over it.
    Barrier,
    /// A teleport (`T`): landing on one moves the knight to the other.
    Teleport,
    /// A plain square marking the start (`S`).
    Start,
    /// A plain square marking the end (`E`).
    End,
}

impl Cell {
    /// The cell a board character stands for (`.`, `W`, `L`, `R`, `B`, `T`, `S`, `E`).
    pub fn from_char(c: char) -> Option<Cell> {
        Some(match c {
            '.' => Cell::Plain,
            'W' => Cell::Water,
            'L' => Cell::Lava,
            'R' => Cell::Rock,
            'B' => Cell::Barrier,
            'T' => Cell::Teleport,
            'S' => Cell::Start,
            'E' => Cell::End,
            _ => return None,
        })
    }

    /// The character that stands for this cell on a printed board.
    pub fn as_char(self) -> char {
        match self {
            Cell::Plain => '.',
            Cell::Water => 'W',
            Cell::Lava => 'L',
            Cell::Rock => 'R',
            Cell::Barrier => 'B',
            Cell::Teleport => 'T',
            Cell::Start => 'S',
            Cell::End => 'E',
        }
    }

    /// What landing here costs, or `None` where a knight may not land.
    pub fn landing_cost(self) -> Option<u64> {
        match self {
            Cell::Plain | Cell::Teleport | Cell::Start | Cell::End => Some(1),
            Cell::Water => Some(2),
            Cell::Lava => Some(5),
            Cell::Rock | Cell::Barrier => None,
        }
    }
}

/// Which squares a move passes over, for the barrier check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BarrierRule {
    /// A move is allowed when either L-shaped route is free of barriers.
    #[default]
    Either,
    /// Only the route that takes the two-square leg first counts.
    LongLeg,
}

///
/// ```
/// use knight::BarrierRule;
/// assert_eq!("long_leg".parse::<BarrierRule>(), Ok(BarrierRule::LongLeg));
/// assert_eq!("Either".parse::<BarrierRule>(), Ok(BarrierRule::Either));
/// assert!("sideways".parse::<BarrierRule>().is_err());
/// ```
impl FromStr for BarrierRule {
    type Err = UnknownBarrierRule;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // Case does not matter, as in square names.
        if s.eq_ignore_ascii_case("either") {
            Ok(BarrierRule::Either)
        } else if s.eq_ignore_ascii_case("long_leg") {
            Ok(BarrierRule::LongLeg)
        } else {
            Err(UnknownBarrierRule(s.chars().take(40).collect()))
        }
    }
}

impl fmt::Display for BarrierRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BarrierRule::Either => "either",
            BarrierRule::LongLeg => "long_leg",
        })
    }
}

/// A barrier rule that is neither `either` nor `long_leg`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownBarrierRule(pub String);

impl fmt::Display for UnknownBarrierRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown barrier rule '{}': use 'either' or 'long_leg'",
            self.0
        )
    }
}

impl std::error::Error for UnknownBarrierRule {}

/// Which end of a requested path a square is: `from` or `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The start of a path.
    From,
    /// The end of a path.
    To,
}

/// Why a step of a path is refused: [`Terrain::check_move`] finds the first
/// four, [`validate::validate`] the last two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The step is not a knight move.
    NotAKnightMove,
    /// The step lands on a rock.
    LandsOnRock,
    /// The step lands on a barrier.
    LandsOnBarrier,
    /// The step passes over a barrier on every route the barrier rule allows.
    PassesBarrier,
    /// The step lands on a teleport but the next square is not its partner.
    MissingTeleportHop,
    /// The step returns to a square already visited (checked only when asked).
    RevisitsSquare,
}

impl Reason {
    /// The stable name of the reason.
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::NotAKnightMove => "not_a_knight_move",
            Reason::LandsOnRock => "lands_on_rock",
            Reason::LandsOnBarrier => "lands_on_barrier",
            Reason::PassesBarrier => "passes_barrier",
            Reason::MissingTeleportHop => "missing_teleport_hop",
            Reason::RevisitsSquare => "revisits_square",
        }
    }

    /// The reason in words, after the step it refuses ("d4 to f5 lands on
    /// a rock"): what knightd's problems and pictures say, and the Python
    /// package's.
    pub fn words(self) -> &'static str {
        match self {
            Reason::NotAKnightMove => "is not a knight move",
            Reason::RevisitsSquare => "revisits a square",
            Reason::MissingTeleportHop => "lands on a teleport without hopping",
            Reason::LandsOnRock => "lands on a rock",
            Reason::LandsOnBarrier => "lands on a barrier",
            Reason::PassesBarrier => "passes over a barrier",
        }
    }
}

/// Why a path can't be searched for on a terrain board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// `from` or `to` is a rock or a barrier.
    NotLandable {
        /// Which end of the path.
        end: End,
        /// The square given for it.
        square: Square,
        /// What stands on that square.
        cell: Cell,
    },
    /// The board is too large for the search's 32-bit square numbers.
    /// The board has `squares` squares, too many to search.
    BoardTooLarge {
        /// The squares of the board.
        squares: u64,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::NotLandable { square, cell, .. } => {
                let what = if *cell == Cell::Rock {
                    "a rock"
                } else {
                    "a barrier"
                };
                write!(f, "{square} is {what}: a knight cannot stand there")
            }
            SearchError::BoardTooLarge { squares } => {
                write!(f, "a board of {squares} squares is too large to search")
            }
        }
    }
}

impl std::error::Error for SearchError {}

/// Why a board's text was refused. Rows and columns are 1-based, rows
/// counted from the top as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TerrainError {
    /// No rows, or rows of blanks only.
    Empty,
    /// A row of another length than the first.
    RaggedRow {
        /// The row, counted from 1 at the top.
        row: usize,
        /// The squares of the first row.
        expected: usize,
        /// How many were found.
        found: usize,
    },
    /// A character that stands for no cell.
    UnknownChar {
        /// The row, counted from 1 at the top.
        row: usize,
        /// The column, counted from 1.
        column: usize,
        /// The character found.
        found: char,
    },
    /// A number of teleports other than 0 or 2.
    Teleports {
        /// The squares found.
        found: usize,
    },
    /// Two or more of a marker that may appear once (`S` or `E`).
    Several {
        /// The marker.
        cell: char,
        /// How many were found.
        found: usize,
    },
    /// An `S` without an `E`.
    StartWithoutEnd,
    /// An `E` without an `S`.
    EndWithoutStart,
    /// More squares than the caller allows.
    TooLarge {
        /// The squares of the board.
        squares: u64,
        /// The most allowed.
        limit: u64,
    },
}

impl TerrainError {
    /// A stable slug for the error.
    pub fn code(&self) -> &'static str {
        match self {
            TerrainError::Empty => "board_empty",
            TerrainError::RaggedRow { .. } => "board_ragged_rows",
            TerrainError::UnknownChar { .. } => "board_unknown_character",
            TerrainError::Teleports { .. } => "board_teleport_count",
            TerrainError::Several { .. } => "board_duplicate_marker",
            TerrainError::StartWithoutEnd | TerrainError::EndWithoutStart => {
                "board_start_end_unpaired"
            }
            TerrainError::TooLarge { .. } => "board_too_large",
        }
    }
}

impl fmt::Display for TerrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TerrainError::Empty => f.write_str("the board has no rows"),
            TerrainError::RaggedRow { row, expected, found } => write!(
                f,
                "row {row} has {found} squares but the first row has {expected}; every row must have the same number"
            ),
            TerrainError::UnknownChar { row, column, found } => write!(
                f,
                "row {row}, square {column}: {found:?} is not a terrain character (use . W L R B T S E)"
            ),
            TerrainError::Teleports { found } => write!(
                f,
                "the board has {found} teleport{}; a board has none or exactly two",
                if *found == 1 { "" } else { "s" }
            ),
            TerrainError::Several { cell, found } => {
                write!(f, "the board has {found} '{cell}' squares; at most one is allowed")
            }
            TerrainError::StartWithoutEnd => f.write_str("the board has an S but no E"),
            TerrainError::EndWithoutStart => f.write_str("the board has an E but no S"),
            TerrainError::TooLarge { squares, limit } => write!(
                f,
                "the board has {squares} squares, more than the {limit} allowed"
            ),
        }
    }
}

impl std::error::Error for TerrainError {}

/// A terrain board: a [`Board`] and what each of its squares is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terrain {
    board: Grid,
    /// By square index (`rank * width + file`), the board's [`Grid`] spot.
    cells: Vec<Cell>,
    teleports: Option<[Square; 2]>,
    start: Option<Square>,
    end: Option<Square>,
}

impl Terrain {
    /// A board from its text: rows separated by line breaks (`\n`, `\r\n`
    /// or a lone `\r`), top row first.
    ///
    /// # Errors
    ///
    /// [`TerrainError`] for a board that is empty, ragged, has a character that
    /// is no cell, one or three teleports, two `S` or two `E`, or an `S` without
    /// an `E`; or more than `max_squares` squares.
    ///
    /// ```
    /// use knight::{Square, Terrain};
    /// use knight::terrain::Cell;
    /// let terrain = Terrain::parse("S . W\n. B .\n. . E", 100)?;
    /// assert_eq!(terrain.board().width(), 3);
    /// assert_eq!(terrain.cell(Square::new(2, 2)), Cell::Water); // the top row is the highest rank
    /// assert_eq!(terrain.start(), Some(Square::new(0, 2)));
    /// assert!(Terrain::parse("S .\n. . .", 100).is_err());
    /// # Ok::<(), knight::TerrainError>(())
    /// ```
    pub fn parse(text: &str, max_squares: u64) -> Result<Terrain, TerrainError> {
        let rows = text.split('\n').flat_map(|line| {
            // The `\r` of a `\r\n` ends this row; any other `\r` breaks it.
            line.strip_suffix('\r').unwrap_or(line).split('\r')
        });
        Terrain::from_rows(rows, max_squares)
    }

    /// A board from its rows, top row first. Spaces, tabs and carriage
    /// returns inside a row are ignored, and so are blank rows.
    pub fn from_rows<'a>(
        rows: impl IntoIterator<Item = &'a str>,
        max_squares: u64,
    ) -> Result<Terrain, TerrainError> {
        let mut grid: Vec<Vec<Cell>> = Vec::new();
        let mut squares: u64 = 0;
        for (i, row) in rows.into_iter().enumerate() {
            let mut cells = Vec::new();
            for c in row.chars().filter(|c| !matches!(c, ' ' | '\t' | '\r')) {
                let cell = Cell::from_char(c).ok_or(TerrainError::UnknownChar {
                    row: i + 1,
                    column: cells.len() + 1,
                    found: c,
                })?;
                cells.push(cell);
            }
            if cells.is_empty() {
                continue;
            }
            if let Some(first) = grid.first() {
                if cells.len() != first.len() {
                    return Err(TerrainError::RaggedRow {
                        row: i + 1,
                        expected: first.len(),
                        found: cells.len(),
                    });
                }
            }
            squares += u64::try_from(cells.len()).unwrap_or(u64::MAX);
            if squares > max_squares {
                return Err(TerrainError::TooLarge {
                    squares,
                    limit: max_squares,
                });
            }
            grid.push(cells);
        }
        let height = grid.len();
        let width = grid.first().map_or(0, Vec::len);
        if height == 0 {
            return Err(TerrainError::Empty);
        }
        let too_large = TerrainError::TooLarge {
            squares,
            limit: max_squares,
        };
        let side = |n: usize| u64::try_from(n).ok();
        let board = side(width)
            .zip(side(height))
            .and_then(|(w, h)| Board::new(w, h).ok())
            .and_then(Grid::new)
            .ok_or(too_large)?;
        // Rows are written top first; rank 1 is the last row.
        let cells: Vec<Cell> = grid.into_iter().rev().flatten().collect();
        let find = |wanted: Cell| -> Vec<Square> {
            cells
                .iter()
                .enumerate()
                .filter(|(_, &c)| c == wanted)
                .map(|(i, _)| board.square(Spot::new(i)))
                .collect()
        };
        let teleports = match find(Cell::Teleport)[..] {
            [] => None,
            [a, b] => Some([a, b]),
            ref other => return Err(TerrainError::Teleports { found: other.len() }),
        };
        let single = |cell: Cell| -> Result<Option<Square>, TerrainError> {
            match find(cell)[..] {
                [] => Ok(None),
                [s] => Ok(Some(s)),
                ref other => Err(TerrainError::Several {
                    cell: cell.as_char(),
                    found: other.len(),
                }),
            }
        };
        let start = single(Cell::Start)?;
        let end = single(Cell::End)?;
        match (start, end) {
            (Some(_), None) => return Err(TerrainError::StartWithoutEnd),
            (None, Some(_)) => return Err(TerrainError::EndWithoutStart),
            _ => {}
        }
        Ok(Terrain {
            board,
            cells,
            teleports,
            start,
            end,
        })
    }

    /// A terrain board with every square plain.
    pub fn plain(board: Board) -> Terrain {
        let board = Grid::new(board).expect("a board small enough to hold in memory");
        Terrain {
            board,
            cells: vec![Cell::Plain; board.len()],
            teleports: None,
            start: None,
            end: None,
        }
    }

    /// The board's size.
    pub fn board(&self) -> Board {
        self.board.board()
    }

    /// The board as a grid of spots numbered by square index.
    pub(crate) fn grid(&self) -> Grid {
        self.board
    }

    /// The cell at `square` (a square of the board).
    pub fn cell(&self, square: Square) -> Cell {
        self.cells[self.board.spot(square).index()]
    }

    /// The cells by square index (`rank * width + file`).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The `S` square, if the board marks one.
    pub fn start(&self) -> Option<Square> {
        self.start
    }

    /// The `E` square, if the board marks one.
    pub fn end(&self) -> Option<Square> {
        self.end
    }

    /// The two teleports, if the board has them.
    pub fn teleports(&self) -> Option<[Square; 2]> {
        self.teleports
    }

    /// The other teleport, when `square` is one.
    pub fn teleport_partner(&self, square: Square) -> Option<Square> {
        partner(self.teleports, square)
    }

    /// Whether a knight may land on `square`.
    pub fn can_land(&self, square: Square) -> bool {
        self.cell(square).landing_cost().is_some()
    }

    /// Both ends of a path a knight can stand on, or which one it cannot.
    pub fn check_ends(&self, from: Square, to: Square) -> Result<(), SearchError> {
        for (end, square) in [(End::From, from), (End::To, to)] {
            let cell = self.cell(square);
            if cell.landing_cost().is_none() {
                return Err(SearchError::NotLandable { end, square, cell });
            }
        }
        Ok(())
    }

    /// Whether a knight may move from `from` to `to` (both on the board)
    /// under `rule`; the reason why not.
    pub fn check_move(&self, from: Square, to: Square, rule: BarrierRule) -> Result<(), Reason> {
        let step = Step::between(from, to).ok_or(Reason::NotAKnightMove)?;
        self.check_step(from, step, to, rule)
    }

    /// As [`Terrain::check_move`], for `to` the square `step` leads to.
    fn check_step(
        &self,
        from: Square,
        step: &Step,
        to: Square,
        rule: BarrierRule,
    ) -> Result<(), Reason> {
        match self.cell(to) {
            Cell::Rock => return Err(Reason::LandsOnRock),
            Cell::Barrier => return Err(Reason::LandsOnBarrier),
            _ => {}
        }
        let board = self.board();
        let clear = |route: [(i8, i8); 2]| {
            route.iter().all(|&(file, rank)| {
                let over = board
                    .offset(from, file, rank)
                    .expect("inside the move's rectangle");
                self.cell(over) != Cell::Barrier
            })
        };
        let allowed = match rule {
            BarrierRule::Either => clear(step.long) || clear(step.short),
            BarrierRule::LongLeg => clear(step.long),
        };
        if allowed {
            Ok(())
        } else {
            Err(Reason::PassesBarrier)
        }
    }

    /// The squares a knight may move to from `from`, in `STEPS` order
    /// (before any teleport hop).
    pub fn moves_from(&self, from: Square, rule: BarrierRule) -> impl Iterator<Item = Square> + '_ {
        let board = self.board();
        STEPS.iter().filter_map(move |step| {
            let to = board.step(from, step)?;
            self.check_step(from, step, to, rule).ok().map(|()| to)
        })
    }
}

/// The ground a knight moves on: a plain board (every square plain, no
/// memory per square, any size) or a terrain board. Validation and drawing
/// take either, so that validating or drawing a path on a plain board never
/// allocates a cell per square.
#[derive(Clone, Copy, Debug)]
pub enum Ground<'a> {
    /// A plain board: every square plain.
    Plain(Board),
    /// A terrain board.
    Terrain(&'a Terrain),
}

impl Ground<'_> {
    /// The board's size.
    pub fn board(self) -> Board {
        match self {
            Ground::Plain(board) => board,
            Ground::Terrain(terrain) => terrain.board(),
        }
    }

    /// The cell at `square` (plain on a plain board).
    pub fn cell(self, square: Square) -> Cell {
        match self {
            Ground::Plain(_) => Cell::Plain,
            Ground::Terrain(terrain) => terrain.cell(square),
        }
    }

    /// The other teleport, when `square` is one.
    pub fn teleport_partner(self, square: Square) -> Option<Square> {
        match self {
            Ground::Plain(_) => None,
            Ground::Terrain(terrain) => terrain.teleport_partner(square),
        }
    }

    /// As [`Terrain::check_move`]; on a plain board only the knight's shape counts.
    pub fn check_move(self, from: Square, to: Square, rule: BarrierRule) -> Result<(), Reason> {
        match self {
            Ground::Plain(_) if from.is_knight_move_to(to) => Ok(()),
            Ground::Plain(_) => Err(Reason::NotAKnightMove),
            Ground::Terrain(terrain) => terrain.check_move(from, to, rule),
        }
    }
}

/// For each entry of a path, the number of knight moves made when the knight
/// stands there: the start is 0, a teleport hop has the number of the move
/// that landed on the teleport. Hops are recognised as [`validate::validate`] does; drawing numbers
/// a path's squares with these.
pub(crate) fn move_numbers(ground: Ground<'_>, path: &[Square]) -> Vec<u64> {
    let mut numbers = Vec::with_capacity(path.len());
    let mut moves = 0u64;
    let mut hop_next = false;
    for (i, &square) in path.iter().enumerate() {
        if i > 0 && !hop_next {
            moves += 1;
        }
        numbers.push(moves);
        hop_next = i > 0 && !hop_next && ground.teleport_partner(square).is_some();
    }
    numbers
}

/// The other of the two `teleports`, when `square` is one; the one rule
/// every search hops by, whatever it numbers squares with.
pub(crate) fn partner<T: PartialEq>(teleports: Option<[T; 2]>, square: T) -> Option<T> {
    match teleports {
        Some([a, b]) if a == square => Some(b),
        Some([a, b]) if b == square => Some(a),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(text: &str) -> Terrain {
        Terrain::parse(text, 1_000_000).unwrap()
    }

    #[test]
    fn rows_are_top_first() {
        let terrain = t("W . .\n. . .\n. . L\n");
        assert_eq!(terrain.board(), Board::new(3, 3).unwrap());
        assert_eq!(terrain.cell(Square::new(0, 2)), Cell::Water);
        assert_eq!(terrain.cell(Square::new(2, 0)), Cell::Lava);
    }

    #[test]
    fn every_line_break_breaks_rows() {
        let board = t("W . .\n. . .\n. . L\n");
        assert_eq!(t("W . .\r. . .\r. . L\r"), board);
        assert_eq!(t("W . .\r\n. . .\r\n. . L\r\n"), board);
        assert_eq!(t("W . .\r. . .\n. . L"), board);
        // A row number counts line breaks of every kind.
        let err = Terrain::parse(". . .\r\n. . .\r. .", 100).unwrap_err();
        assert!(
            matches!(err, TerrainError::RaggedRow { row: 3, .. }),
            "{err:?}"
        );
    }

    #[test]
    fn refuses_bad_boards() {
        let err = |s: &str| Terrain::parse(s, 1_000_000).unwrap_err();
        assert!(matches!(
            err(". .\n. . ."),
            TerrainError::RaggedRow {
                row: 2,
                expected: 2,
                found: 3
            }
        ));
        assert!(matches!(
            err(". x"),
            TerrainError::UnknownChar {
                row: 1,
                column: 2,
                found: 'x'
            }
        ));
        assert_eq!(err("T . ."), TerrainError::Teleports { found: 1 });
        assert_eq!(err("T T T"), TerrainError::Teleports { found: 3 });
        assert_eq!(err("S . ."), TerrainError::StartWithoutEnd);
        assert_eq!(err("E . ."), TerrainError::EndWithoutStart);
        assert_eq!(
            err("S S E"),
            TerrainError::Several {
                cell: 'S',
                found: 2
            }
        );
        assert_eq!(err("\n \n"), TerrainError::Empty);
        assert_eq!(err("\r \r"), TerrainError::Empty);
        assert!(matches!(
            Terrain::parse(". . .", 2),
            Err(TerrainError::TooLarge { .. })
        ));
    }

    #[test]
    fn barrier_rules() {
        // From a1 to c2 (two files right, one rank up): the long-leg route
        // passes b1 and c1, the short-leg route a2 and b2.
        let long_blocked = t(". . .\n. . .\nS B E");
        let (a1, c2) = (Square::new(0, 0), Square::new(2, 1));
        assert_eq!(long_blocked.check_move(a1, c2, BarrierRule::Either), Ok(()));
        assert_eq!(
            long_blocked.check_move(a1, c2, BarrierRule::LongLeg),
            Err(Reason::PassesBarrier)
        );
        // Back from c2 to a1 the long leg passes b2 and a2: free, so the
        // move is one-way under long_leg.
        assert_eq!(
            long_blocked.check_move(c2, a1, BarrierRule::LongLeg),
            Ok(())
        );
        let both_blocked = t(". . .\nB . .\n. B .");
        assert_eq!(
            both_blocked.check_move(a1, c2, BarrierRule::Either),
            Err(Reason::PassesBarrier)
        );
        let rocks = t(". . .\nR R .\n. R R");
        assert_eq!(rocks.check_move(a1, c2, BarrierRule::LongLeg), Ok(()));
        assert_eq!(
            rocks.check_move(a1, Square::new(1, 2), BarrierRule::Either),
            Ok(())
        );
        assert_eq!(
            rocks.check_move(Square::new(1, 2), Square::new(0, 1), BarrierRule::Either),
            Err(Reason::NotAKnightMove)
        );
        assert_eq!(
            rocks.check_move(Square::new(1, 2), Square::new(2, 0), BarrierRule::Either),
            Err(Reason::LandsOnRock)
        );
    }

    #[test]
    fn challenge_board_facts() {
        let text = include_str!("../../../../assets/page/boards/challenge-28x32.txt");
        let terrain = t(text);
        assert_eq!(terrain.board(), Board::new(32, 28).unwrap());
        let landable = terrain
            .cells()
            .iter()
            .filter(|c| c.landing_cost().is_some())
            .count();
        assert_eq!(landable, 805);
        assert!(terrain.teleports().is_some());
    }
}
