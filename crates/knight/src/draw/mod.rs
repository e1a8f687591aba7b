//! Drawing a board with a path or a knight: as text, the way the "Knight
//! Board" challenge prints boards, and as an SVG picture.
//!
//! **What is drawn.** A board of at most [`WHOLE_SIDE`] files and ranks is
//! drawn whole. A larger one is drawn on the part around what the picture
//! is about (the path, the squares asked about, a refused step), with a
//! margin of [`MARGIN`] squares and at least [`MIN_VIEW`] a side, and its
//! coordinates labelled ([`view()`]). Text and SVG draw the same part. Text,
//! one character a square, refuses ([`RenderError::TooLarge`]) a part of
//! more than [`MAX_DRAWN_SQUARES`] squares, e.g. a tour of a 300×300 board;
//! so does an SVG of a terrain, drawn square by square (shaded squares past
//! it are left out of a picture, with a note). An
//! SVG of a plain part larger than [`PATTERN_SQUARES`] draws the board as
//! one checkered pattern (or one plain rectangle when its squares are
//! smaller than [`MIN_CHECKER_PX`]) with the path over it, so a picture of
//! any plain board has a size that depends on the path, not the board. A
//! path (not a tour) over squares that small is drawn as a person wants to
//! see it at that scale (`Wide`): the board in blocks, the path wide over a
//! white casing, and the 9×9 squares around each end drawn under it.
//!
//! **Text.** Rows top first (the highest rank first), one character per
//! square, squares separated by single spaces, each row ending in a newline:
//! exactly the board files' layout. A knight is `K`. A path numbers its
//! squares with move numbers (the start is 0; a teleport hop has the number
//! of the move that landed on the teleport; a square listed twice shows its
//! last number). When a number is wider than one character, *every* square
//! is right-aligned in a column as wide as the widest number, still one
//! space apart, so columns stay aligned: `.  0  .` for a path of 10 or more
//! squares. A part of a larger board has each row led by its rank and a
//! last line of file names. Frames of a knight ([`text_with_knight`]) are
//! whole boards of at most [`MAX_TEXT_SQUARES`] squares.
//!
//! **SVG.** One unit per square, the view's top-left square at (0, 0), its
//! bottom rank at the bottom, files and ranks labelled around it. Every
//! square is one `<rect>` carrying `data-square="<name>"`, painted light,
//! dark or with its terrain; past [`PATTERN_SQUARES`] plain squares, the
//! board is one light `<rect>` under one `<path>` of dark dashes, one line a
//! row, carrying `data-view="<first file> <first rank> <files> <ranks>"`
//! (0-based) so a page can still name the square clicked. Over them: the
//! path as one segment per move
//! (`data-step="<n>"`, the move's number in the path, teleport hops dashed),
//! the closing move of a closed tour, a refused step, start and end rings,
//! and numbered points when the numbers stay legible ([`MIN_NUMBER_PX`]), or
//! a note that they were left out. Under the board: a caption (what was
//! asked and answered, from [`Caption`]) and a legend of what the picture
//! shows. No `<style>` element, no `style` attribute, no `id`: the picture can
//! be inserted into a page with a strict Content-Security-Policy. The
//! `width`/`height` attributes size the picture for reading; the `viewBox`
//! keeps it sharp at any zoom.
//!
//! **Where it lives.** Every picture is laid out once: `layout::Layout`
//! decides, from the board, the view, the path, the overlay and the sizes
//! above, the scale, the coordinates, the margins and what is numbered,
//! patterned or sampled; the drawing functions only write what it decided.
//! `view` chooses the part of the board drawn; `text` writes the text
//! board; `svg` puts the SVG together in its order; `ground` draws the
//! board under everything (squares, pattern, blocks, shades, labels);
//! `marks` the path and what is drawn over it; `inset` the ends' insets of a
//! path over squares too small to see; `legend` and `captions` the words
//! under the picture; `palette` the colours; `markup` writes numbers and
//! text and measures them. Each file imports only files below it in that
//! list's reverse (`svg` all of them; `markup`, `palette` and `view` none).

use std::fmt;

use super::board::Square;

mod answers;
mod captions;
mod ground;
mod inset;
mod layout;
mod legend;
mod marks;
mod markup;
mod palette;
mod svg;
mod text;
mod view;

pub use answers::{
    cheapest_path_overlay, distance_map_overlay, longest_path_overlay, shortest_path_overlay,
    shortest_paths_overlay, validation_overlay,
};
pub use captions::grouped;
pub use svg::svg;
pub use text::{text, text_with_knight, text_with_path};
pub use view::{view, View};

/// The largest board drawn as text frames of a knight.
pub const MAX_TEXT_SQUARES: u64 = 1_000_000;

/// Boards of at most this many files and ranks are drawn whole.
pub const WHOLE_SIDE: u32 = 64;

/// The most squares a drawing shows one by one (text, terrain, shaded
/// squares): as many as the largest board the longest-path search takes.
pub const MAX_DRAWN_SQUARES: u64 = 65_536;

/// A plain part of more squares than this (64×64) is drawn as one
/// checkered pattern rather than square by square.
pub const PATTERN_SQUARES: u64 = 4_096;

/// Squares drawn smaller than this many pixels are not checkered: the
/// board is one plain rectangle (a checker finer than the screen is noise).
pub const MIN_CHECKER_PX: f64 = 2.0;

/// A path of more squares than [`STEPPED_POINTS`] is drawn through every
/// k-th square, k the smallest that keeps it to this many points.
pub const SAMPLED_POINTS: usize = 65_536;

/// Squares shown beyond the path on each side of a part of a large board.
pub const MARGIN: u32 = 2;

/// A part of a large board is at least this many files and ranks (when the
/// board has them).
pub const MIN_VIEW: u32 = 8;

/// Paths of at most this many squares get a numbered point on each square.
pub const NUMBERED_POINTS: usize = 1_000;

/// Paths of at most this many squares are drawn one segment per move, each
/// with its `data-step`; longer ones through every k-th square (see
/// [`SAMPLED_POINTS`]), in coloured bands from first to last.
pub const STEPPED_POINTS: usize = 65_536;

/// The longer side of a picture, in pixels, at most (unless numbers need more).
pub const MAX_PIXELS: f64 = 1_024.0;

/// The longer side of a picture with numbered points, at most.
pub const MAX_NUMBERED_PIXELS: f64 = 2_048.0;

/// The smallest move number drawn, in pixels at the picture's own size.
pub const MIN_NUMBER_PX: f64 = 10.0;

/// Why a board is not drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenderError {
    /// The picture would show `squares` squares one by one, more than
    /// `limit`.
    TooLarge {
        /// The squares the picture would show.
        squares: u64,
        /// The most a picture shows.
        limit: u64,
        /// The picture is text (one character a square); an SVG of the
        /// same plain board would be drawn.
        text: bool,
    },
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::TooLarge {
                squares,
                limit,
                text: true,
            } => write!(
                f,
                "the text picture would show {squares} squares, one character each, more than the {limit} printed as text; ask for the SVG or PNG picture, which draws a board of any size"
            ),
            RenderError::TooLarge {
                squares,
                limit,
                text: false,
            } => write!(
                f,
                "the picture would draw {squares} terrain squares one by one, more than the {limit} drawn; ask about a smaller board"
            ),
        }
    }
}

impl std::error::Error for RenderError {}

/// How a picture draws its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawing {
    /// Text: one character a square, at most 65,536 (`MAX_DRAWN_SQUARES`).
    Text,
    /// SVG of a terrain: one `<rect>` a square, at most 65,536
    /// (`MAX_DRAWN_SQUARES`).
    Squares,
    /// SVG of a plain board: any size, one pattern past 4,096 squares
    /// (`PATTERN_SQUARES`); shaded squares over it past 65,536 are left out.
    Plain,
}

/// What a picture's caption says: the question and its answer. Words come
/// from the caller; the picture adds the board and what it left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Caption {
    /// The question, e.g. "Shortest path from g2 to a8".
    pub asked: String,
    /// The answer's knight moves, when it has them.
    pub moves: Option<u64>,
    /// The answer's cost, when it has one.
    pub cost: Option<u64>,
    /// The rest of the answer in words, e.g. "valid", "unreachable",
    /// "not valid at step 2: d5 to d6 is not a knight move".
    pub verdict: Option<String>,
}

/// What to draw besides the board and the path.
#[derive(Clone, Debug, Default)]
pub struct Overlay {
    /// A refused step, drawn as a red dashed line with a cross at its end.
    pub fault: Option<(Square, Square)>,
    /// The path is a closed tour: the move from its last square back to its
    /// first is drawn.
    pub closed: bool,
    /// The squares the question named (e.g. its two ends): ringed even when
    /// there is no path, and always in view.
    pub ends: Vec<Square>,
    /// The words under the picture.
    pub caption: Caption,
    /// Squares shaded and numbered by a count (a distance map: each square's
    /// fewest moves; or every square on some shortest path, by its move),
    /// under the path, with a legend of the shades. When given, the picture
    /// shows exactly the part of the board they cover.
    pub shades: Vec<(Square, u64)>,
    /// Draw, faint, every knight move from a shaded square to one shaded
    /// one more (the graph of every shortest path), when there are at most
    /// 2,000 shaded squares (past that the lines would hide the board).
    pub shade_moves: bool,
    /// A square whose knight moves are drawn as moves: a line from it to
    /// each square one move away (a square's own picture).
    pub moves_of: Option<Square>,
    /// The path's first this many squares were played, and the rest found
    /// to finish them (a tour finished from a game): the played moves are
    /// drawn wider in their own colour, their squares' points too, and the
    /// legend names "played" and "finish". 0 when nothing is told apart.
    pub played: usize,
    /// A knight's tour puzzle's numbered squares (each with its step, from
    /// 1). Text then numbers the path's squares from 1 (the solved board as
    /// puzzle books print it), or with no path only these squares; SVG
    /// writes each clue's number on its square, and leaves the path's
    /// points unnumbered.
    pub clues: Vec<(Square, u64)>,
    /// Words written before the caption in the SVG picture's `<title>` (the
    /// name a browser's tab or a screen reader gives it), e.g. the name of
    /// the program that drew it and a colon; none by default.
    pub title_prefix: String,
}

/// The most shaded squares whose moves are drawn (see
/// [`Overlay::shade_moves`]): past it the lines would hide the board.
const GRAPH_SQUARES: usize = 2_000;
