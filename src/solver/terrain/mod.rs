//! Terrain boards of the "Knight Board" challenge: what each square is, and
//! which knight moves the terrain allows.
//!
//! A board is written as rows of characters, top row first (the highest
//! rank), spaces ignored: `.` plain, `W` water, `L` lava, `R` rock, `B`
//! barrier, `T` teleport, `S`/`E` start and end. See API.md's "Terrain boards".

use std::fmt;
use std::str::FromStr;

use super::board::{Board, Square, KNIGHT_MOVES};

pub mod cheapest;
pub mod longest;
pub mod validate;

/// What a square of a terrain board is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Plain,
    Water,
    Lava,
    Rock,
    Barrier,
    Teleport,
    Start,
    End,
}

impl Cell {
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

impl FromStr for BarrierRule {
    type Err = UnknownBarrierRule;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "either" => Ok(BarrierRule::Either),
            "long_leg" => Ok(BarrierRule::LongLeg),
            _ => Err(UnknownBarrierRule(s.chars().take(40).collect())),
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
    From,
    To,
}

impl End {
    pub fn param(self) -> &'static str {
        match self {
            End::From => "from",
            End::To => "to",
        }
    }
}

/// Why a step from one square to another is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveFault {
    NotAKnightMove,
    LandsOnRock,
    LandsOnBarrier,
    PassesBarrier,
}

impl MoveFault {
    /// The stable name of the fault, as `/validate` reports it.
    pub fn reason(self) -> &'static str {
        match self {
            MoveFault::NotAKnightMove => "not_a_knight_move",
            MoveFault::LandsOnRock => "lands_on_rock",
            MoveFault::LandsOnBarrier => "lands_on_barrier",
            MoveFault::PassesBarrier => "passes_barrier",
        }
    }
}

/// Why a board's text was refused. Rows and columns are 1-based, rows
/// counted from the top as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TerrainError {
    Empty,
    RaggedRow {
        row: usize,
        expected: usize,
        found: usize,
    },
    UnknownChar {
        row: usize,
        column: usize,
        found: char,
    },
    Teleports {
        found: usize,
    },
    Several {
        cell: char,
        found: usize,
    },
    StartWithoutEnd,
    EndWithoutStart,
    TooLarge {
        squares: u64,
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
    board: Board,
    /// By square index (`rank * width + file`).
    cells: Vec<Cell>,
    teleports: Option<[Square; 2]>,
    start: Option<Square>,
    end: Option<Square>,
}

impl Terrain {
    /// A board from its text: rows separated by newlines, top row first.
    pub fn parse(text: &str, max_squares: u64) -> Result<Terrain, TerrainError> {
        Terrain::from_rows(text.split('\n'), max_squares)
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
            squares += cells.len() as u64;
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
        let board =
            Board::new(width as u64, height as u64).map_err(|_| TerrainError::TooLarge {
                squares,
                limit: max_squares,
            })?;
        // Rows are written top first; rank 1 is the last row.
        let cells: Vec<Cell> = grid.into_iter().rev().flatten().collect();
        let find = |wanted: Cell| -> Vec<Square> {
            cells
                .iter()
                .enumerate()
                .filter(|(_, &c)| c == wanted)
                .map(|(i, _)| board.from_index(i as u64).expect("index on board"))
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
        Terrain {
            board,
            cells: vec![Cell::Plain; board.squares() as usize],
            teleports: None,
            start: None,
            end: None,
        }
    }

    pub fn board(&self) -> Board {
        self.board
    }

    pub fn cell(&self, square: Square) -> Cell {
        self.cells[self.board.index(square) as usize]
    }

    /// The cells by square index.
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
        match self.teleports {
            Some([a, b]) if a == square => Some(b),
            Some([a, b]) if b == square => Some(a),
            _ => None,
        }
    }

    /// Whether a knight may land on `square`.
    pub fn can_land(&self, square: Square) -> bool {
        self.cell(square).landing_cost().is_some()
    }

    /// Whether a knight may move from `from` to `to` (both on the board)
    /// under `rule`; the reason why not.
    pub fn check_move(&self, from: Square, to: Square, rule: BarrierRule) -> Result<(), MoveFault> {
        if !from.is_knight_move_to(to) {
            return Err(MoveFault::NotAKnightMove);
        }
        match self.cell(to) {
            Cell::Rock => return Err(MoveFault::LandsOnRock),
            Cell::Barrier => return Err(MoveFault::LandsOnBarrier),
            _ => {}
        }
        let (f, r) = (from.file() as i64, from.rank() as i64);
        let (df, dr) = (to.file() as i64 - f, to.rank() as i64 - r);
        // Each route's two passed-over squares, as offsets from `from`.
        let (long, short) = if df.abs() == 2 {
            let a = df / 2;
            ([(a, 0), (2 * a, 0)], [(0, dr), (a, dr)])
        } else {
            let a = dr / 2;
            ([(0, a), (0, 2 * a)], [(df, 0), (df, a)])
        };
        let clear = |route: [(i64, i64); 2]| {
            route.iter().all(|&(x, y)| {
                let s = self
                    .board
                    .square(f + x, r + y)
                    .expect("inside the move's rectangle");
                self.cell(s) != Cell::Barrier
            })
        };
        let allowed = match rule {
            BarrierRule::Either => clear(long) || clear(short),
            BarrierRule::LongLeg => clear(long),
        };
        if allowed {
            Ok(())
        } else {
            Err(MoveFault::PassesBarrier)
        }
    }

    /// The squares a knight may move to from `from`, in [`KNIGHT_MOVES`]
    /// order (before any teleport hop).
    pub fn moves_from(&self, from: Square, rule: BarrierRule) -> impl Iterator<Item = Square> + '_ {
        KNIGHT_MOVES.into_iter().filter_map(move |(df, dr)| {
            let to = self
                .board
                .square(from.file() as i64 + df, from.rank() as i64 + dr)?;
            self.check_move(from, to, rule).ok().map(|()| to)
        })
    }
}

/// The ground a knight moves on: a plain board (every square plain, no
/// memory per square, any size) or a terrain board. Validation and drawing
/// take either, so that `/validate`, `/tour` and `/path` on plain boards never
/// allocate a cell per square.
#[derive(Clone, Copy, Debug)]
pub enum Ground<'a> {
    Plain(Board),
    Terrain(&'a Terrain),
}

impl Ground<'_> {
    pub fn board(self) -> Board {
        match self {
            Ground::Plain(board) => board,
            Ground::Terrain(terrain) => terrain.board(),
        }
    }

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
    pub fn check_move(self, from: Square, to: Square, rule: BarrierRule) -> Result<(), MoveFault> {
        match self {
            Ground::Plain(_) if from.is_knight_move_to(to) => Ok(()),
            Ground::Plain(_) => Err(MoveFault::NotAKnightMove),
            Ground::Terrain(terrain) => terrain.check_move(from, to, rule),
        }
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
            Err(MoveFault::PassesBarrier)
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
            Err(MoveFault::PassesBarrier)
        );
        let rocks = t(". . .\nR R .\n. R R");
        assert_eq!(rocks.check_move(a1, c2, BarrierRule::LongLeg), Ok(()));
        assert_eq!(
            rocks.check_move(a1, Square::new(1, 2), BarrierRule::Either),
            Ok(())
        );
        assert_eq!(
            rocks.check_move(Square::new(1, 2), Square::new(0, 1), BarrierRule::Either),
            Err(MoveFault::NotAKnightMove)
        );
        assert_eq!(
            rocks.check_move(Square::new(1, 2), Square::new(2, 0), BarrierRule::Either),
            Err(MoveFault::LandsOnRock)
        );
    }

    #[test]
    fn challenge_board_facts() {
        let text = include_str!("../../../tests/boards/challenge-28x32.txt");
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
