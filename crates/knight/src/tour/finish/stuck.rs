//! Why a played position cannot be finished ([`Stuck`]), each reason a
//! fact of the position a person can check on the board, and its words.

use std::fmt;

use crate::board::{Colour, Square};

/// Why a played position cannot be finished: each a fact of the position a
/// person can check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stuck {
    /// Every square is played, but a closed tour was asked for and the last
    /// square is not one knight move from the first.
    DoesNotClose {
        /// The first square played.
        first: Square,
        /// The last square played.
        last: Square,
    },
    /// The asked end is already played (and is not the last square of a
    /// whole board).
    EndPlayed {
        /// The asked end.
        end: Square,
    },
    /// Every square one knight move from the knight is played.
    NoMove {
        /// The knight's square (the last played).
        knight: Square,
    },
    /// A closed tour must end one move from the first square, but every
    /// square one move from it is played.
    FirstClosedIn {
        /// The first square played.
        first: Square,
    },
    /// The unplayed squares hold the wrong number of each colour for the
    /// knight's alternating moves.
    Colours {
        /// The knight's square.
        knight: Square,
        /// Unplayed light squares.
        light: u64,
        /// Unplayed dark squares.
        dark: u64,
    },
    /// The last square must be one colour (one move from the first square,
    /// or the asked end), but the knight's alternating moves end on the
    /// other.
    LastColour {
        /// The square that fixes the last square's colour: the asked end,
        /// or the first square of a closed tour.
        target: Square,
        /// Whether the tour is closed (else `target` is the asked end).
        closed: bool,
        /// The colour the knight stands on after the last unplayed square.
        last: Colour,
        /// Unplayed squares.
        left: u64,
    },
    /// An unplayed square none of whose knight moves leads to an unplayed
    /// square or to the knight.
    Unenterable {
        /// The square.
        square: Square,
    },
    /// An unplayed square whose only way in is from the knight, so it would
    /// have to be both the next square and the last, while others remain.
    Stranded {
        /// The square.
        square: Square,
        /// The knight's square.
        knight: Square,
    },
    /// Two unplayed squares each have one way in left, so both would have
    /// to be the last square.
    TwoDeadEnds {
        /// The first of them (by index).
        first: Square,
        /// The second.
        second: Square,
    },
    /// An unplayed square with one way in left must be the last square, but
    /// the tour must end elsewhere: on the asked end, or one move from the
    /// first square of a closed tour.
    DeadEndNotLast {
        /// The square with one way in.
        square: Square,
        /// The asked end, or the first square of a closed tour.
        target: Square,
        /// Whether the tour is closed.
        closed: bool,
    },
    /// An unplayed square with one way in left must be the last square, but
    /// the knight's alternating moves end on the other colour.
    DeadEndColour {
        /// The square with one way in.
        square: Square,
        /// The colour the knight stands on after the last unplayed square.
        last: Colour,
        /// Unplayed squares.
        left: u64,
    },
    /// The unplayed squares fall into parts no knight move joins.
    Split {
        /// How many parts.
        parts: u64,
        /// The squares of the smallest part, in index order.
        smallest: Vec<Square>,
        /// Unplayed squares in all.
        left: u64,
    },
    /// A theorem rules out every tour of the board from the first square
    /// played (open or closed, as asked).
    NoTourOfBoard {
        /// The first square played.
        first: Square,
        /// Whether the tour is closed.
        closed: bool,
        /// The theorem, in words.
        why: String,
    },
    /// On a board 3 or 4 wide, no open tour runs from the one square
    /// played to the asked end: by a theorem, or by the narrow boards'
    /// complete programme (`why` says which).
    NoTourBetween {
        /// The first square played.
        first: Square,
        /// The asked end.
        end: Square,
        /// The reason, in words.
        why: String,
    },
    /// A complete search from the knight's square found no way to finish.
    Exhausted {
        /// The knight's square.
        knight: Square,
    },
}

impl fmt::Display for Stuck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let end_words = |target: Square, closed: bool| {
            if closed {
                format!("a closed tour ends one knight move from its first square {target}")
            } else {
                format!("the tour must end on {target}")
            }
        };
        match self {
            Stuck::DoesNotClose { first, last } => write!(
                f,
                "every square is played, but the tour is not closed: the last square {last} is not one knight move from the first square {first}"
            ),
            Stuck::EndPlayed { end } => write!(
                f,
                "the tour must end on {end}, but {end} is already played"
            ),
            Stuck::NoMove { knight } => write!(
                f,
                "the knight on {knight} has no move left: every square one knight move from it is already played"
            ),
            Stuck::FirstClosedIn { first } => write!(
                f,
                "a closed tour must end one knight move from its first square {first}, but every square one knight move from {first} is already played"
            ),
            Stuck::Colours { knight, light, dark } => {
                let left = light + dark;
                let (own, other) = match knight.colour() {
                    Colour::Light => ("light", "dark"),
                    Colour::Dark => ("dark", "light"),
                };
                write!(
                    f,
                    "a knight alternates colours: from {knight} ({own}) {} must be {} {other} and {} {own}, but they are {light} light and {dark} dark",
                    unplayed(left),
                    left.div_ceil(2),
                    left / 2
                )
            }
            Stuck::LastColour {
                target,
                closed,
                last,
                left,
            } => {
                let want = if *closed {
                    "a square of the other colour than it"
                } else {
                    "that square's colour"
                };
                write!(
                    f,
                    "{}, so the last square must be {want}; but a knight alternates colours, and after {} it stands on a {} square",
                    end_words(*target, *closed),
                    unplayed(*left),
                    last.as_str()
                )
            }
            Stuck::Unenterable { square } => write!(
                f,
                "{square} can no longer be entered: every square one knight move from it is already played"
            ),
            Stuck::Stranded { square, knight } => write!(
                f,
                "{square} can only be entered from the knight on {knight} and has no way on, so it would have to be the last square, yet other squares are still unplayed"
            ),
            Stuck::TwoDeadEnds { first, second } => write!(
                f,
                "{first} and {second} each have only one unplayed square or the knight a move away, so each would have to be the last square of the tour"
            ),
            Stuck::DeadEndNotLast {
                square,
                target,
                closed,
            } => {
                let is_end = if *closed {
                    format!("{square} is not one knight move from {target}")
                } else {
                    format!("{square} is not {target}")
                };
                write!(
                    f,
                    "{square} has only one unplayed square or the knight a move away, so it would have to be the last square; but {}, and {is_end}",
                    end_words(*target, *closed)
                )
            }
            Stuck::DeadEndColour { square, last, left } => write!(
                f,
                "{square} has only one unplayed square or the knight a move away, so it would have to be the last square; but a knight alternates colours, and after {} it stands on a {} square, while {square} is {}",
                unplayed(*left),
                last.as_str(),
                square.colour().as_str()
            ),
            Stuck::Split {
                parts,
                smallest,
                left,
            } => {
                let names: Vec<String> = smallest.iter().take(8).map(Square::to_string).collect();
                let more = if smallest.len() > 8 { ", …" } else { "" };
                write!(
                    f,
                    "the {left} unplayed squares fall into {parts} parts that no knight move joins, and a knight cannot visit two of them; the smallest is {} square{} ({}{more})",
                    smallest.len(),
                    if smallest.len() == 1 { "" } else { "s" },
                    names.join(", ")
                )
            }
            Stuck::NoTourOfBoard { first, closed, why } => write!(
                f,
                "no {} tour of this board starts on {first} at all: {why}",
                if *closed { "closed" } else { "open" }
            ),
            Stuck::NoTourBetween { first, end, why } => {
                write!(f, "no open tour of this board runs from {first} to {end}: {why}")
            }
            Stuck::Exhausted { knight } => write!(
                f,
                "a complete search of every way on from the knight on {knight} found no way to visit every unplayed square"
            ),
        }
    }
}

/// "the unplayed square", or "the N unplayed squares".
fn unplayed(left: u64) -> String {
    if left == 1 {
        "the one unplayed square".to_owned()
    } else {
        format!("the {left} unplayed squares")
    }
}
