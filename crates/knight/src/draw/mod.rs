//! Drawing a board with a path or a knight: as text, the way the "Knight
//! Board" challenge prints boards, and as an SVG picture.
//!
//! **What is drawn.** A board of at most [`WHOLE_SIDE`] files and ranks is
//! drawn whole. A larger one is drawn on the part around what the picture
//! is about (the path, the squares asked about, a refused step), with a
//! margin of [`MARGIN`] squares and at least [`MIN_VIEW`] a side, and its
//! coordinates labelled ([`view`]). Text and SVG draw the same part. Text,
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

use std::fmt::{self, Write};
use std::ops::Range;

use super::board::{file_name, widen, Board, Int, Square};

use super::terrain::{move_numbers, Cell, Ground};

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
/// with its `data-step`; longer ones as one line.
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

fn drawable(board: Board, limit: u64) -> Result<(), RenderError> {
    if board.squares() > limit {
        return Err(RenderError::TooLarge {
            squares: board.squares(),
            limit,
            text: true,
        });
    }
    Ok(())
}

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

/// The part of a board a drawing shows: files and ranks, 0-based, half open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The files drawn.
    pub files: Range<u32>,
    /// The ranks drawn.
    pub ranks: Range<u32>,
    /// False when the view is the whole board.
    pub cropped: bool,
}

impl View {
    fn whole(board: Board) -> View {
        View {
            files: board.files(),
            ranks: board.ranks(),
            cropped: false,
        }
    }

    /// Its number of squares.
    pub fn squares(&self) -> u64 {
        let side = |r: &Range<u32>| u64::from(r.end - r.start);
        side(&self.files) * side(&self.ranks)
    }

    /// Its files (`by_rows`: the length of a row) or ranks.
    fn side(&self, by_rows: bool) -> u32 {
        let r = if by_rows { &self.files } else { &self.ranks };
        r.end - r.start
    }

    /// Its rows (`by_rows`) or columns: the other side.
    fn lines(&self, by_rows: bool) -> u32 {
        self.side(!by_rows)
    }

    fn contains(&self, square: Square) -> bool {
        self.files.contains(&square.file()) && self.ranks.contains(&square.rank())
    }

    /// The squares, top row first, each row left to right.
    fn rows(&self) -> impl Iterator<Item = u32> + '_ {
        self.ranks.clone().rev()
    }
}

/// `view`, if it is not too large to draw as `drawing`.
fn drawable_view(view: View, drawing: Drawing) -> Result<View, RenderError> {
    if drawing != Drawing::Plain && view.squares() > MAX_DRAWN_SQUARES {
        return Err(RenderError::TooLarge {
            squares: view.squares(),
            limit: MAX_DRAWN_SQUARES,
            text: drawing == Drawing::Text,
        });
    }
    Ok(view)
}

/// The part of `board` a drawing of `around` (the squares it is about)
/// shows: the whole board when it is at most `WHOLE_SIDE` a side, else the
/// squares around them; refused when `drawing` draws it square by square
/// and it has more than `MAX_DRAWN_SQUARES`.
pub fn view(board: Board, around: &[Square], drawing: Drawing) -> Result<View, RenderError> {
    let (width, height) = (board.files().end, board.ranks().end);
    let view = if width <= WHOLE_SIDE && height <= WHOLE_SIDE {
        View::whole(board)
    } else {
        let files = span(around.iter().map(|s| s.file()), width);
        let ranks = span(around.iter().map(|s| s.rank()), height);
        let cropped = files != board.files() || ranks != board.ranks();
        View {
            files,
            ranks,
            cropped,
        }
    };
    drawable_view(view, drawing)
}

/// The range of `coords` widened by [`MARGIN`] and to at least [`MIN_VIEW`],
/// within `0..side` (from 0 when there are none).
fn span(coords: impl Iterator<Item = u32>, side: u32) -> Range<u32> {
    let (lo, hi) = coords.fold((u32::MAX, 0), |(lo, hi), c| (lo.min(c), hi.max(c)));
    let (lo, hi) = if lo > hi { (0, 0) } else { (lo, hi) };
    let mut start = lo.saturating_sub(MARGIN);
    let mut end = hi.saturating_add(MARGIN + 1).min(side);
    let want = MIN_VIEW.min(side);
    while end - start < want {
        start = start.saturating_sub(1);
        if end - start < want && end < side {
            end += 1;
        }
    }
    start..end
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
}

/// The most shaded squares whose moves are drawn (see
/// [`Overlay::shade_moves`]): past it the lines would hide the board.
const GRAPH_SQUARES: usize = 2_000;

/// The shades of [`Overlay::shades`], lightest first.
const SHADES: [&str; 8] = [
    "#fff7bc", "#fee391", "#fec44f", "#fe9929", "#ec7014", "#cc4c02", "#993404", "#662506",
];

/// The shade of count `n` when the largest is `top`: one each while they
/// fit, else bands.
fn shade_of(n: u64, top: u64) -> usize {
    const LAST: u64 = 7; // SHADES.len() - 1
    let band = if top <= LAST {
        n.min(LAST)
    } else {
        n * LAST / top
    };
    usize::try_from(band).unwrap_or(0)
}

/// The part of the board a drawing shows: exactly the shaded squares when
/// there are any, else [`view`] around the path and the marks.
fn view_of(
    board: Board,
    path: &[Square],
    overlay: &Overlay,
    drawing: Drawing,
) -> Result<View, RenderError> {
    // Shaded squares are drawn one by one over a plain board (of any size):
    // past MAX_DRAWN_SQUARES of them the SVG leaves them out (see `svg`).
    if overlay.shades.is_empty()
        || (board.files().end <= WHOLE_SIDE && board.ranks().end <= WHOLE_SIDE)
    {
        return view(board, &overlay.around(path), drawing);
    }
    let squares = || overlay.shades.iter().map(|s| s.0);
    let files = squares().map(|s| s.file()).min().unwrap_or(0)
        ..squares().map(|s| s.file() + 1).max().unwrap_or(1);
    let ranks = squares().map(|s| s.rank()).min().unwrap_or(0)
        ..squares().map(|s| s.rank() + 1).max().unwrap_or(1);
    let cropped = files != board.files() || ranks != board.ranks();
    let view = View {
        files,
        ranks,
        cropped,
    };
    drawable_view(view, drawing)
}

impl Overlay {
    /// The squares a drawing with `path` is about.
    fn around(&self, path: &[Square]) -> Vec<Square> {
        let mut around: Vec<Square> = path.to_vec();
        around.extend(&self.ends);
        if let Some((from, to)) = self.fault {
            around.extend([from, to]);
        }
        around
    }
}

/// The label of each square of `view` (or `None` for its terrain character),
/// written as text in columns `width` wide; `labelled`, with its ranks on
/// the left and its files underneath.
fn write_text(
    out: &mut String,
    ground: Ground<'_>,
    view: &View,
    width: usize,
    labelled: bool,
    label: impl Fn(Square) -> Option<String>,
) {
    let (rank_width, width) = if labelled {
        let files = view.files.clone().map(|f| file_name(u64::from(f)).len());
        (
            view.ranks.end.to_string().len(),
            files.max().unwrap_or(1).max(width),
        )
    } else {
        (0, width)
    };
    for rank in view.rows() {
        if labelled {
            let _ = write!(out, "{:>rank_width$} ", rank + 1);
        }
        for file in view.files.clone() {
            let square = Square::new(file, rank);
            if file > view.files.start {
                out.push(' ');
            }
            match label(square) {
                Some(text) => {
                    let _ = write!(out, "{text:>width$}");
                }
                None => {
                    let _ = write!(out, "{:>width$}", ground.cell(square).as_char());
                }
            }
        }
        out.push('\n');
    }
    if labelled {
        let _ = write!(out, "{:rank_width$} ", "");
        for file in view.files.clone() {
            if file > view.files.start {
                out.push(' ');
            }
            let _ = write!(out, "{:>width$}", file_name(u64::from(file)));
        }
        out.push('\n');
    }
}

/// The board as text with the knight, `K`, on `knight`: one frame of the
/// challenge's level 1.
pub fn text_with_knight(ground: Ground<'_>, knight: Square) -> Result<String, RenderError> {
    let board = ground.board();
    drawable(board, MAX_TEXT_SQUARES)?;
    let mut out = String::with_capacity(text_len(board.squares(), 1));
    // The challenge's own frames: the board alone, as its Level 1 prints it.
    write_text(&mut out, ground, &View::whole(board), 1, false, |s| {
        (s == knight).then(|| "K".to_owned())
    });
    Ok(out)
}

/// The board as text with the path's squares numbered by move.
///
/// # Errors
///
/// [`RenderError::TooLarge`] when the board (or the part of it around the
/// path) is too large to print.
///
/// ```
/// use knight::{draw_path_text, shortest_path, Board, Ground, Square};
/// let path = shortest_path(Board::CHESS, Square::new(6, 1), Square::new(0, 7), 100)
///     .unwrap()
///     .unwrap();
/// let text = draw_path_text(Ground::Plain(Board::CHESS), &path)?;
/// assert!(text.contains('4')); // each square is numbered by its move
/// # Ok::<(), knight::RenderError>(())
/// ```
pub fn text_with_path(ground: Ground<'_>, path: &[Square]) -> Result<String, RenderError> {
    text(ground, path, &Overlay::default())
}

/// The board, or the part of it `overlay` and `path` are about, as text
/// with the path's squares numbered by move.
pub fn text(ground: Ground<'_>, path: &[Square], overlay: &Overlay) -> Result<String, RenderError> {
    let view = view_of(ground.board(), path, overlay, Drawing::Text)?;
    let numbers = move_numbers(ground, path);
    let spots = Spots::new(&view);
    let mut by_square = vec![u64::MAX; spots.len()];
    for &(square, n) in overlay.shades.iter().filter(|s| view.contains(s.0)) {
        by_square[spots.index(square)] = n;
    }
    for (&square, &n) in path.iter().zip(&numbers) {
        by_square[spots.index(square)] = n;
    }
    if !overlay.clues.is_empty() {
        // A puzzle numbers its steps from 1.
        for (square, n) in path.iter().zip(1..) {
            by_square[spots.index(*square)] = n;
        }
        for &(square, n) in overlay.clues.iter().filter(|c| view.contains(c.0)) {
            by_square[spots.index(square)] = n;
        }
    }
    let top = numbers
        .iter()
        .chain(overlay.shades.iter().map(|s| &s.1))
        .chain(overlay.clues.iter().map(|c| &c.1))
        .max()
        .map(|&n| n.max(path.len().u64()));
    let width = top.map_or(1, |n| n.to_string().len());
    let mut out = String::with_capacity(text_len(view.squares(), width + 1));
    write_text(&mut out, ground, &view, width, true, |s| {
        let n = by_square[spots.index(s)];
        (n != u64::MAX).then(|| n.to_string())
    });
    // What was asked and answered, as under an SVG picture.
    for line in caption_text(&overlay.caption, ground.board()) {
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out)
}

/// Dense numbers of a view's squares.
struct Spots {
    files: Range<u32>,
    ranks: Range<u32>,
}

impl Spots {
    fn new(view: &View) -> Spots {
        Spots {
            files: view.files.clone(),
            ranks: view.ranks.clone(),
        }
    }

    fn len(&self) -> usize {
        self.files.len() * self.ranks.len()
    }

    fn index(&self, s: Square) -> usize {
        widen(s.rank() - self.ranks.start) * self.files.len() + widen(s.file() - self.files.start)
    }
}

/// The length of a text of `squares` labels `width` wide.
fn text_len(squares: u64, width: usize) -> usize {
    usize::try_from(squares).map_or(0, |squares| squares * (width + 1))
}

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
/// A board whose squares are too small to checker: between light and dark.
const PLAIN_BOARD: &str = "#d3b18c";
const INK: &str = "#1f2328";
const MUTED: &str = "#555";
const PATH: &str = "#1d3557";
const HOP: &str = "#8e44ad";
const CLOSING: &str = "#e07b00";
/// The moves played, when a path tells them apart (see [`Overlay::played`]).
const PLAYED: &str = "#7b2cbf";
/// A square's own knight moves (see [`Overlay::moves_of`]).
const MOVE: &str = "#0b6e4f";
const FAULT: &str = "#d00000";
const START: &str = "#2e7d32";
const END: &str = "#c62828";

/// How a kind of square is painted: its fill on light and on dark squares,
/// and what the legend calls it.
fn paint(cell: Cell) -> (&'static str, &'static str, &'static str) {
    match cell {
        Cell::Plain | Cell::Start | Cell::End => (LIGHT, DARK, "plain"),
        Cell::Water => ("#7fb2e0", "#4a8ccc", "water: costs 2"),
        Cell::Lava => ("#f0866a", "#d95a36", "lava: costs 5"),
        Cell::Rock => ("#a8a8a8", "#8a8a8a", "rock: jumped over, never landed on"),
        Cell::Barrier => ("#3a3a3a", "#262626", "barrier: never landed on or passed"),
        Cell::Teleport => ("#b583cc", "#9550b5", "teleport: hops to its partner"),
    }
}

/// The kinds of terrain, in the legend's order.
const KINDS: [Cell; 6] = [
    Cell::Plain,
    Cell::Water,
    Cell::Lava,
    Cell::Rock,
    Cell::Barrier,
    Cell::Teleport,
];

fn kind(cell: Cell) -> usize {
    match cell {
        Cell::Plain | Cell::Start | Cell::End => 0,
        Cell::Water => 1,
        Cell::Lava => 2,
        Cell::Rock => 3,
        Cell::Barrier => 4,
        Cell::Teleport => 5,
    }
}

/// A number with at most three decimals and no trailing zeros.
fn num(x: f64) -> String {
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

/// Text made safe for XML character data and attribute values.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// About how wide `text` is in a sans-serif font `size` units high.
fn text_width(text: &str, size: f64) -> f64 {
    let ems: f64 = text
        .chars()
        .map(|c| match c {
            'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | ' ' | '(' | ')' => 0.33,
            'm' | 'w' | 'M' | 'W' | '—' => 0.92,
            'A'..='Z' | '×' => 0.7,
            _ => 0.62,
        })
        .sum();
    ems * size
}

/// `text` broken into lines of at most `width` units at font `size`.
fn wrap(text: &str, size: f64, width: f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    // A word wider than a line (a count of 137 digits) is cut into pieces
    // that fit.
    let mut words: Vec<String> = Vec::new();
    for word in text.split(' ') {
        let mut piece = String::new();
        for c in word.chars() {
            piece.push(c);
            // (With a twentieth to spare: the widths are estimates.)
            if text_width(&piece, size) * 1.05 > width && piece.chars().count() > 1 {
                let last = piece.pop().unwrap_or(c);
                words.push(std::mem::take(&mut piece));
                piece.push(last);
            }
        }
        words.push(piece);
    }
    for word in words.iter().map(String::as_str) {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && text_width(&candidate, size) > width {
            lines.push(std::mem::replace(&mut line, word.to_owned()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A number with its thousands grouped by commas when it has five digits
/// or more: 8, 1000, 1,000,000,000 (as a picture's words write numbers).
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    if digits.len() < 5 {
        return digits;
    }
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// "the 8×8 board", "the 1,000,000,000×8 board".
fn the_board(board: Board) -> String {
    format!(
        "the {}×{} board",
        grouped(board.width()),
        grouped(board.height())
    )
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

/// The font size of a move number of `digits` digits, in units.
fn number_size(digits: usize) -> f64 {
    match digits {
        0..=2 => 0.36,
        3 => 0.3,
        _ => 0.22,
    }
}

/// The board as an SVG picture with `path` drawn over it.
///
/// # Errors
///
/// [`RenderError::TooLarge`] when the picture would hold too many squares.
///
/// ```
/// use knight::{draw_svg, Board, Caption, Ground, Overlay, Square};
/// let path = [Square::new(6, 1), Square::new(4, 2)];
/// let overlay = Overlay {
///     caption: Caption { asked: "One move from g2".into(), moves: Some(1), ..Caption::default() },
///     ..Overlay::default()
/// };
/// let svg = draw_svg(Ground::Plain(Board::CHESS), &path, overlay)?;
/// assert!(svg.starts_with("<svg") && svg.contains(r#"data-square="g2""#));
/// # Ok::<(), knight::RenderError>(())
/// ```
pub fn svg(ground: Ground<'_>, path: &[Square], overlay: Overlay) -> Result<String, RenderError> {
    let board = ground.board();
    let drawing = match ground {
        Ground::Plain(_) => Drawing::Plain,
        Ground::Terrain(_) => Drawing::Squares,
    };
    let view = view_of(board, path, &overlay, drawing)?;
    let mut overlay = overlay;
    // Too many shaded squares to draw one by one: left out, with a note.
    let unshaded = overlay.shades.len();
    if unshaded.u64() > MAX_DRAWN_SQUARES {
        overlay.shades = Vec::new();
        overlay.shade_moves = false;
    }
    let unshaded = if overlay.shades.is_empty() {
        unshaded
    } else {
        0
    };
    let moves = move_numbers(ground, path);
    let (nf, nr) = (view.files.len() as f64, view.ranks.len() as f64);
    // Centre of a square in picture units: the view's top rank at the top.
    let top = view.ranks.end;
    let left = view.files.start;
    let x_of = |file: u32| f64::from(file - left);
    let y_of = |rank: u32| f64::from(top - 1 - rank);
    let centre = |s: Square| (x_of(s.file()) + 0.5, y_of(s.rank()) + 0.5);

    // Pixels a unit: the board at most MAX_PIXELS (48 a square at most),
    // more when that keeps the move numbers legible.
    let top_shade = overlay.shades.iter().map(|s| s.1).max();
    let top = moves.iter().copied().chain(top_shade).max();
    let digits = top.map_or(1, |n| n.to_string().len());
    let size = number_size(digits);
    let long = nf.max(nr) + 1.0;
    let mut scale = (MAX_PIXELS / long).min(48.0);
    let numbered_len = (path.len() <= NUMBERED_POINTS && !path.is_empty())
        || (!overlay.shades.is_empty()
            && usize::try_from(view.squares()).is_ok_and(|n| n <= NUMBERED_POINTS));
    // Grown only when that makes the numbers legible.
    let legible = MIN_NUMBER_PX / size;
    if numbered_len && scale < legible && legible * long <= MAX_NUMBERED_PIXELS + 1e-9 {
        scale = legible;
    }
    let numbered = numbered_len && scale * size >= MIN_NUMBER_PX - 1e-9;
    let px = |p: f64| p / scale;
    // A large plain part is one pattern, checkered while a square is at
    // least MIN_CHECKER_PX; a long path is drawn through every k-th square.
    let patterned = drawing == Drawing::Plain && view.squares() > PATTERN_SQUARES;
    let checkered = !patterned || scale >= MIN_CHECKER_PX;
    let every = sampling(path.len());

    // Labels: at least 10 px, every `stride`-th file and rank when they
    // would overlap.
    let label = (0.32f64).max(px(10.0));
    let widest_file = text_width(&file_name(u64::from(view.files.end - 1)), label);
    let file_stride = stride((widest_file + px(6.0)).max(0.0));
    let rank_stride = stride(label * 1.3);
    let margin_left = text_width(&view.ranks.end.to_string(), label) + label * 0.8;
    let margin_bottom = label * 1.6;
    let pad = px(6.0);
    // A path (not a tour, which covers every square) over squares too
    // small to see: blocks, a wide line, and the ends' insets (`Wide`).
    let wide = (!checkered
        && overlay.shades.is_empty()
        && path.len() > 1
        && path.len().u64() < board.squares())
    .then(|| {
        // Block sides at label lines: a multiple of both strides.
        let mut block = stride(MIN_BLOCK_PX / scale);
        while block % file_stride != 0 || block % rank_stride != 0 {
            block = stride(f64::from(block) + 0.5);
        }
        Wide {
            block,
            side: INSET_SIDE,
            unit: px(INSET_SQUARE_PX),
        }
    });
    let inset_label = px(12.0);
    let windows: Vec<(View, &str, &str)> = match (&wide, path.first(), path.last()) {
        (Some(w), Some(&first), Some(&last)) => vec![
            (w.window(board, first), START, "start"),
            (w.window(board, last), END, "end"),
        ],
        _ => Vec::new(),
    };
    // An inset's column: its rank labels, then its squares.
    let inset_margin = windows
        .iter()
        .map(|(v, _, _)| text_width(&v.ranks.end.to_string(), inset_label))
        .fold(0.0, f64::max)
        + inset_label * 0.6;
    let inset_gap = px(28.0);
    let inset_column = wide
        .as_ref()
        .map_or(0.0, |w| inset_margin + f64::from(w.side) * w.unit);
    let insets_height = wide.as_ref().map_or(0.0, |w| {
        inset_label * 2.2 + f64::from(w.side) * w.unit + inset_label * 1.6 + pad
    });

    // Caption and legend, under the board, as wide as the picture.
    let width_units = (margin_left + nf + pad)
        .max(px(360.0))
        .max(2.0 * (inset_column + pad) + inset_gap);
    let text_size = px(14.0);
    let small = px(12.5);
    let inner = width_units - 2.0 * pad;
    let mut caption_lines: Vec<(String, f64, bool, &str)> = Vec::new();
    for line in caption_text(&overlay.caption, board) {
        let bold = caption_lines.is_empty();
        for l in wrap(&line, text_size, inner) {
            caption_lines.push((l, text_size, bold, INK));
        }
    }
    let mut notes = Vec::new();
    if view.cropped {
        notes.push(format!(
            "Shown: files {}–{}, ranks {}–{} of {}, {}.",
            file_name(u64::from(view.files.start)),
            file_name(u64::from(view.files.end - 1)),
            grouped(u64::from(view.ranks.start) + 1),
            grouped(u64::from(view.ranks.end)),
            the_board(board),
            if overlay.shades.is_empty() {
                "the part around the path"
            } else {
                "the part asked for"
            }
        ));
    }
    if unshaded > 0 {
        notes.push(format!(
            "The {} squares to shade are more than the {} drawn one by one: left out.",
            grouped(unshaded.u64()),
            grouped(MAX_DRAWN_SQUARES)
        ));
    }
    if let Some(w) = &wide {
        notes.push(format!(
            "Squares are smaller than {MIN_CHECKER_PX} px at this size: the board is drawn in blocks of {b}×{b} squares, and the {} squares around each end under it, square by square, with the moves there numbered.",
            w.side * w.side,
            b = w.block
        ));
    } else if !checkered {
        notes.push(format!(
            "Squares are smaller than {MIN_CHECKER_PX} px at this size: the board is drawn plain, without its checks."
        ));
    }
    if every > 1 {
        notes.push(format!(
            "The path is drawn through every {} of its {} squares, first and last included, to keep the picture small.",
            ordinal(every),
            grouped(path.len().u64())
        ));
    }
    if !overlay.shades.is_empty() && !numbered {
        notes.push("Numbers left out: the squares are too small to number legibly; the shades say how far each is.".to_owned());
    }
    if !path.is_empty() && !numbered && wide.is_none() {
        notes.push(if path.len() > NUMBERED_POINTS {
            format!(
                "Move numbers left out: the path lists {} squares, more than {NUMBERED_POINTS} are not numbered.",
                grouped(path.len().u64())
            )
        } else {
            "Move numbers left out: the squares are too small to number legibly.".to_owned()
        });
    }
    for note in notes {
        for l in wrap(&note, small, inner) {
            caption_lines.push((l, small, false, MUTED));
        }
    }
    let legend = legend_items(ground, &view, path, &moves, &overlay);
    let legend_rows = lay_out_legend(&legend, small, inner);

    let board_bottom = nr + margin_bottom;
    let caption_height: f64 = caption_lines.iter().map(|l| l.1 * 1.35).sum();
    let legend_height = legend_rows.len() as f64 * small * 1.7;
    let height_units =
        board_bottom + insets_height + pad + caption_height + pad * 0.5 + legend_height + pad;

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {} {}" width="{}" height="{}" font-family="sans-serif">"#,
        num(-margin_left),
        num(-pad),
        num(width_units),
        num(height_units + pad),
        num((width_units * scale - 1e-6).ceil().max(1.0)),
        num(((height_units + pad) * scale - 1e-6).ceil().max(1.0)),
    );
    let title = caption_text(&overlay.caption, board).join(" ");
    let _ = writeln!(out, "<title>knightd: {}</title>", esc(&title));

    if let Some(w) = &wide {
        draw_blocks(&mut out, &view, w.block);
    } else if patterned {
        draw_pattern(&mut out, &view, checkered);
    } else {
        draw_squares(&mut out, ground, &view, x_of, y_of);
    }
    if let Some(top) = top_shade {
        draw_shades(
            &mut out,
            &overlay.shades,
            top,
            numbered.then_some(size),
            (x_of, y_of),
        );
        if overlay.shade_moves && overlay.shades.len() <= GRAPH_SQUARES {
            draw_shade_moves(&mut out, &overlay.shades, centre);
        }
    }
    if let Some(from) = overlay.moves_of.filter(|&s| view.contains(s)) {
        let moves = board.knight_moves(from).filter(|&s| view.contains(s));
        draw_moves_of(&mut out, from, moves, centre, (0.09f64).max(px(2.0)));
    }
    if let Ground::Terrain(terrain) = ground {
        if let Some(teleports) = terrain.teleports() {
            let mut rings = String::new();
            for t in teleports.into_iter().filter(|&t| view.contains(t)) {
                let (x, y) = centre(t);
                let _ = write!(
                    rings,
                    r#"<circle cx="{}" cy="{}" r="0.3"/>"#,
                    num(x),
                    num(y)
                );
            }
            if !rings.is_empty() {
                let _ = writeln!(
                    out,
                    r##"<g fill="none" stroke="#f5e6ff" stroke-width="0.08">{rings}</g>"##
                );
            }
        }
        for (square, letter) in [(terrain.start(), 'S'), (terrain.end(), 'E')] {
            if let Some(s) = square.filter(|&s| view.contains(s)) {
                let (x, y) = centre(s);
                let _ = writeln!(
                    out,
                    r##"<text x="{}" y="{}" font-size="0.6" text-anchor="middle" fill="#1b5e20" font-weight="bold">{letter}</text>"##,
                    num(x),
                    num(y + 0.21)
                );
            }
        }
    }
    draw_labels(
        &mut out,
        &view,
        label,
        (file_stride, rank_stride),
        x_of,
        y_of,
    );
    if view.cropped {
        draw_open_edges(&mut out, board, &view, px(1.5));
    }
    // At least a pixel wide, however small the squares (four, to be seen
    // over blocks).
    let line = if wide.is_some() {
        px(4.0)
    } else {
        (0.09f64).max(px(1.5)).min(px(1.0).max(0.25))
    };
    if wide.is_some() {
        draw_casing(&mut out, path, every, centre, px(9.0));
    }
    if let Some((from, to)) = overlay.fault {
        let ((x1, y1), (x2, y2)) = (centre(from), centre(to));
        let _ = writeln!(
            out,
            r##"<g stroke="{FAULT}" stroke-width="{}" stroke-linecap="round"><title>refused step {from} → {to}</title><line x1="{}" y1="{}" x2="{}" y2="{}" stroke-dasharray="0.2 0.15"/><path d="M{} {}l0.4 0.4m0 -0.4l-0.4 0.4"/></g>"##,
            num(line.max(0.1)),
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            num(x2 - 0.2),
            num(y2 - 0.2)
        );
    }
    if every > 1 {
        draw_sampled_path(&mut out, path, every, centre, line);
        draw_sampled_played(&mut out, path, overlay.played, centre, line);
    } else {
        draw_path(&mut out, ground, path, &moves, &overlay, centre, line);
    }
    // Each end's neighbourhood boxed, where its inset shows it.
    for (window, colour, name) in &windows {
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{colour}" stroke-width="{}"><title>around the {name}: drawn under the board</title></rect>"#,
            num(x_of(window.files.start)),
            num(y_of(window.ranks.end - 1)),
            window.side(true),
            window.lines(true),
            num(px(2.0))
        );
    }
    // Rings at least 5 px across, however small the squares.
    draw_ends(
        &mut out,
        path,
        &overlay,
        &view,
        centre,
        (line, px(5.0).max(0.43)),
    );
    if overlay.clues.is_empty() && numbered && !path.is_empty() {
        draw_numbers(&mut out, path, &moves, overlay.played, centre, size);
    }
    draw_clues(&mut out, &overlay.clues, centre);

    // The ends' insets, side by side under the board.
    if let Some(w) = &wide {
        for (k, (window, colour, name)) in windows.iter().enumerate() {
            let left = -margin_left + pad + inset_margin + k as f64 * (inset_column + inset_gap);
            let square = if *name == "start" {
                path[0]
            } else {
                path[path.len() - 1]
            };
            draw_inset(
                &mut out,
                path,
                window,
                (left, board_bottom + inset_label * 2.2),
                w.unit,
                (&format!("Around the {name}, {square}"), colour),
                inset_label,
            );
        }
    }
    // Caption and legend.
    let mut y = board_bottom + insets_height + pad;
    let mut words = String::new();
    for (text, size, bold, colour) in &caption_lines {
        y += size * 1.05;
        let _ = write!(
            words,
            r#"<text x="{}" y="{}" font-size="{}" fill="{colour}"{}>{}</text>"#,
            num(-margin_left + pad),
            num(y),
            num(*size),
            if *bold { r#" font-weight="bold""# } else { "" },
            esc(text)
        );
        y += size * 0.3;
    }
    let _ = writeln!(out, "<g>{words}</g>");
    y += pad * 0.5;
    let mut keys = String::new();
    for row in legend_rows {
        y += small * 1.2;
        let mut x = -margin_left + pad;
        for item in row {
            draw_key(&mut keys, &legend[item], x, y, small);
            x += legend[item].width(small) + small * 1.2;
        }
        y += small * 0.5;
    }
    if !keys.is_empty() {
        let _ = writeln!(
            out,
            r#"<g font-size="{}" fill="{INK}">{keys}</g>"#,
            num(small)
        );
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// The caption's lines: the question on its board, then the answer.
fn caption_text(caption: &Caption, board: Board) -> Vec<String> {
    let on = the_board(board);
    let asked = if caption.asked.is_empty() {
        let mut on = on;
        on[..1].make_ascii_uppercase();
        on
    } else {
        format!("{} on {on}", caption.asked)
    };
    let mut answer: Vec<String> = Vec::new();
    if let Some(m) = caption.moves {
        answer.push(plural(m, "move", "moves"));
    }
    if let Some(c) = caption.cost {
        answer.push(format!("cost {c}"));
    }
    if let Some(v) = &caption.verdict {
        answer.push(v.clone());
    }
    let mut lines = vec![format!("{asked}.")];
    if !answer.is_empty() {
        let mut a = answer.join(", ");
        if let Some(first) = a.get(..1) {
            let upper = first.to_ascii_uppercase();
            a.replace_range(..1, &upper);
        }
        lines.push(format!("{a}."));
    }
    lines
}

/// A label every this many files or ranks, so that labels `need` units
/// apart do not overlap: 1, 2, 5, 10, 20, 50, …
fn stride(need: f64) -> u32 {
    let mut step = 1u32;
    let mut k = 0u32;
    while f64::from(step) < need && step < 1_000_000_000 {
        step = [1, 2, 5][widen((k + 1) % 3)] * 10u32.pow((k + 1) / 3);
        k += 1;
    }
    step
}

/// One `<rect>` per square of the view, named by `data-square`, grouped by
/// fill: light and dark squares of each kind of terrain.
fn draw_squares(
    out: &mut String,
    ground: Ground<'_>,
    view: &View,
    x_of: impl Fn(u32) -> f64,
    y_of: impl Fn(u32) -> f64,
) {
    // [kind][dark]
    let mut groups: [[String; 2]; 6] = Default::default();
    for rank in view.rows() {
        for file in view.files.clone() {
            let square = Square::new(file, rank);
            let dark = usize::from((file + rank) % 2 == 0);
            let _ = write!(
                groups[kind(ground.cell(square))][dark],
                r#"<rect x="{}" y="{}" width="1" height="1" data-square="{square}"/>"#,
                x_of(file),
                y_of(rank)
            );
        }
    }
    for (cell, pair) in KINDS.iter().zip(&groups) {
        let (light, dark, name) = paint(*cell);
        for (fill, rects) in [light, dark].iter().zip(pair) {
            if rects.is_empty() {
                continue;
            }
            let title = if *cell == Cell::Plain {
                String::new()
            } else {
                format!("<title>{name}</title>")
            };
            let _ = writeln!(out, r#"<g fill="{fill}">{title}{rects}</g>"#);
        }
    }
}

/// The shaded squares, each with its number when `numbered` (at that font
/// size). Each carries its `data-square` too, so a click on it names it.
fn draw_shades(
    out: &mut String,
    shades: &[(Square, u64)],
    top: u64,
    numbered: Option<f64>,
    (x_of, y_of): (impl Fn(u32) -> f64, impl Fn(u32) -> f64),
) {
    let mut groups: [String; SHADES.len()] = Default::default();
    let mut numbers: [String; 2] = Default::default();
    for &(square, n) in shades {
        let (x, y) = (x_of(square.file()), y_of(square.rank()));
        let shade = shade_of(n, top);
        let _ = write!(
            groups[shade],
            r#"<rect x="{x}" y="{y}" width="1" height="1" data-square="{square}" data-moves="{n}"/>"#
        );
        if let Some(size) = numbered {
            let _ = write!(
                numbers[usize::from(shade >= 5)],
                r#"<text x="{}" y="{}">{n}</text>"#,
                num(x + 0.5),
                num(y + 0.5 + size * 0.36)
            );
        }
    }
    for (fill, rects) in SHADES.iter().zip(&groups) {
        if !rects.is_empty() {
            let _ = writeln!(out, r#"<g fill="{fill}" fill-opacity="0.85">{rects}</g>"#);
        }
    }
    if let Some(size) = numbered {
        for (fill, texts) in [INK, "#fff"].iter().zip(&numbers) {
            if !texts.is_empty() {
                let _ = writeln!(
                    out,
                    r#"<g text-anchor="middle" font-size="{}" fill="{fill}" pointer-events="none">{texts}</g>"#,
                    num(size)
                );
            }
        }
    }
}

/// Faint lines for the knight moves from each shaded square to those
/// shaded one more.
fn draw_shade_moves(
    out: &mut String,
    shades: &[(Square, u64)],
    centre: impl Fn(Square) -> (f64, f64),
) {
    let mut d = String::new();
    for &(a, n) in shades {
        for &(b, m) in shades {
            if m == n + 1 && a.is_knight_move_to(b) {
                let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
                let _ = write!(d, "M{} {}L{} {}", num(x1), num(y1), num(x2), num(y2));
            }
        }
    }
    if !d.is_empty() {
        let _ = writeln!(
            out,
            r#"<path d="{d}" fill="none" stroke="{MUTED}" stroke-opacity="0.45" stroke-width="0.05" pointer-events="none"><title>knight moves of the shortest paths</title></path>"#
        );
    }
}

/// File names under the board and rank numbers left of it.
fn draw_labels(
    out: &mut String,
    view: &View,
    size: f64,
    (file_stride, rank_stride): (u32, u32),
    x_of: impl Fn(u32) -> f64,
    y_of: impl Fn(u32) -> f64,
) {
    let nr = view.ranks.len() as f64;
    // Every `stride`th line's label (all when `stride` is 1), each at the
    // place `at` gives with the text `name` gives.
    let texts = |lines: std::ops::Range<u32>,
                 stride: u32,
                 at: &dyn Fn(u32) -> (f64, f64),
                 name: &dyn Fn(u32) -> String| {
        let mut texts = String::new();
        for line in lines.filter(|&l| stride <= 1 || (l + 1) % stride == 0) {
            let (x, y) = at(line);
            let _ = write!(
                texts,
                r#"<text x="{}" y="{}">{}</text>"#,
                num(x),
                num(y),
                name(line)
            );
        }
        texts
    };
    let labels = texts(
        view.files.clone(),
        file_stride,
        &|file| (x_of(file) + 0.5, nr + size * 1.15),
        &|file| file_name(u64::from(file)),
    );
    let ranks = texts(
        view.ranks.clone(),
        rank_stride,
        &|rank| (-size * 0.4, y_of(rank) + 0.5 + size * 0.35),
        &|rank| (rank + 1).to_string(),
    );
    let _ = writeln!(
        out,
        r#"<g font-size="{}" fill="{MUTED}"><g text-anchor="middle">{labels}</g><g text-anchor="end">{ranks}</g></g>"#,
        num(size)
    );
}

/// Dashed lines along the sides of a cropped view where the board goes on.
fn draw_open_edges(out: &mut String, board: Board, view: &View, width: f64) {
    let (nf, nr) = (view.files.len() as f64, view.ranks.len() as f64);
    let mut d = String::new();
    if view.files.start > 0 {
        let _ = write!(d, "M0 0V{}", num(nr));
    }
    if view.files.end < board.files().end {
        let _ = write!(d, "M{} 0V{}", num(nf), num(nr));
    }
    if view.ranks.end < board.ranks().end {
        let _ = write!(d, "M0 0H{}", num(nf));
    }
    if view.ranks.start > 0 {
        let _ = write!(d, "M0 {}H{}", num(nr), num(nf));
    }
    if !d.is_empty() {
        let _ = writeln!(
            out,
            r##"<path d="{d}" fill="none" stroke="#666" stroke-width="{}" stroke-dasharray="0.3 0.2"><title>the board goes on</title></path>"##,
            num(width.max(0.04))
        );
    }
}

/// The path, one segment per move with its `data-step` (or one line when
/// it is too long to step through), hops dashed, and a closed tour's
/// closing move.
fn draw_path(
    out: &mut String,
    ground: Ground<'_>,
    path: &[Square],
    moves: &[u64],
    overlay: &Overlay,
    centre: impl Fn(Square) -> (f64, f64),
    width: f64,
) {
    let Some(&first) = path.first() else {
        return;
    };
    let stepped = path.len() <= STEPPED_POINTS;
    let mut line = String::new();
    let mut played = String::new();
    let mut hops = String::new();
    if !stepped {
        let (x, y) = centre(first);
        let _ = write!(line, "M{} {}", num(x), num(y));
    }
    for (i, pair) in path.windows(2).enumerate() {
        let (a, b) = (centre(pair[0]), centre(pair[1]));
        let hop = moves[i + 1] == moves[i] && ground.teleport_partner(pair[0]) == Some(pair[1]);
        let segment = format!("M{} {}L{} {}", num(a.0), num(a.1), num(b.0), num(b.1));
        if hop {
            if stepped {
                let _ = write!(hops, r#"<path d="{segment}" data-step="{}"/>"#, i + 1);
            } else {
                hops.push_str(&segment);
            }
            if !stepped {
                let _ = write!(line, "M{} {}", num(b.0), num(b.1));
            }
        } else if stepped {
            // Move i + 1 lands on a square played.
            let into = if i + 1 < overlay.played {
                &mut played
            } else {
                &mut line
            };
            let _ = write!(into, r#"<path d="{segment}" data-step="{}"/>"#, i + 1);
        } else {
            let _ = write!(line, "L{} {}", num(b.0), num(b.1));
        }
    }
    let stroke = format!(
        r#"fill="none" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round""#,
        num(width)
    );
    if stepped {
        if !line.is_empty() {
            let _ = writeln!(
                out,
                r#"<g stroke="{PATH}" stroke-opacity="0.9" {stroke}>{line}</g>"#
            );
        }
        if !played.is_empty() {
            let _ = writeln!(
                out,
                r#"<g stroke="{PLAYED}" data-played="{}" fill="none" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round"><title>played</title>{played}</g>"#,
                overlay.played,
                num(width * 2.0)
            );
        }
        if !hops.is_empty() {
            let _ = writeln!(
                out,
                r#"<g stroke="{HOP}" stroke-dasharray="0.25 0.2" {stroke}><title>teleport hop</title>{hops}</g>"#
            );
        }
    } else {
        let _ = writeln!(
            out,
            r#"<path d="{line}" stroke="{PATH}" stroke-opacity="0.9" {stroke}/>"#
        );
        if !hops.is_empty() {
            let _ = writeln!(
                out,
                r#"<path d="{hops}" stroke="{HOP}" stroke-dasharray="0.25 0.2" {stroke}><title>teleport hop</title></path>"#
            );
        }
    }
    if overlay.closed && path.len() > 1 {
        let (a, b) = (centre(path[path.len() - 1]), centre(first));
        let _ = writeln!(
            out,
            r#"<path d="M{} {}L{} {}" stroke="{CLOSING}" stroke-dasharray="0.22 0.16" data-step="{}" {stroke}><title>closing move {} → {}</title></path>"#,
            num(a.0),
            num(a.1),
            num(b.0),
            num(b.1),
            path.len(),
            path[path.len() - 1],
            first
        );
    }
}

/// The board of a large plain part: one light rectangle, and one path of
/// dark dashes a unit long and a unit apart, one line along each row (or
/// each file, when there are fewer files than ranks), each starting on its
/// first dark square; dashing starts anew on each line. Plain when not
/// `checkered`.
fn draw_pattern(out: &mut String, view: &View, checkered: bool) {
    let (files, ranks) = (view.files.len(), view.ranks.len());
    let _ = write!(
        out,
        r#"<g data-view="{} {} {files} {ranks}"><title>the board: light and dark squares</title>"#,
        view.files.start, view.ranks.start
    );
    if !checkered {
        let _ = writeln!(
            out,
            r#"<rect x="0" y="0" width="{files}" height="{ranks}" fill="{PLAIN_BOARD}"/></g>"#
        );
        return;
    }
    let _ = write!(
        out,
        r#"<rect x="0" y="0" width="{files}" height="{ranks}" fill="{LIGHT}"/>"#
    );
    // Along rows: x from the left, the row of rank r at y = top - 1 - r.
    let by_rows = files >= ranks;
    let mut d = String::with_capacity(widen(view.lines(by_rows)) * 16);
    for i in 0..view.lines(by_rows) {
        // The line's file and rank of its first square.
        let (file, rank) = if by_rows {
            (view.files.start, view.ranks.end - 1 - i)
        } else {
            (view.files.start + i, view.ranks.end - 1)
        };
        // a1 is dark: a square is dark when file + rank is even.
        let skip = (file + rank) % 2;
        let mid = f64::from(i) + 0.5;
        let (x, y) = if by_rows {
            (f64::from(skip), mid)
        } else {
            (mid, f64::from(skip))
        };
        let run = num(f64::from(view.side(by_rows) - skip));
        let _ = write!(
            d,
            "M{} {}{}{run}",
            num(x),
            num(y),
            if by_rows { 'h' } else { 'v' }
        );
    }
    let _ = writeln!(
        out,
        r#"<path d="{d}" stroke="{DARK}" stroke-width="1" stroke-dasharray="1 1"/></g>"#
    );
}

/// "2nd", "3rd", "16th", "21st".
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The knight's moves from `from`, each a line with a dot where it lands,
/// `data-square` naming the square it lands on.
fn draw_moves_of(
    out: &mut String,
    from: Square,
    moves: impl Iterator<Item = Square>,
    centre: impl Fn(Square) -> (f64, f64),
    width: f64,
) {
    let (x1, y1) = centre(from);
    let mut lines = String::new();
    for to in moves {
        // Stopping short of the square's centre, where its number is.
        let (cx, cy) = centre(to);
        let (dx, dy) = (cx - x1, cy - y1);
        let shorter = 1.0 - 0.3 / dx.hypot(dy);
        let (x2, y2) = (x1 + dx * shorter, y1 + dy * shorter);
        let _ = write!(
            lines,
            r#"<g data-move="{to}"><title>{from} → {to}</title><path d="M{} {}L{} {}"/><circle cx="{}" cy="{}" r="0.08"/></g>"#,
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            num(x2),
            num(y2)
        );
    }
    if !lines.is_empty() {
        let _ = writeln!(
            out,
            r#"<g stroke="{MOVE}" fill="{MOVE}" stroke-opacity="0.85" stroke-width="{}" stroke-linecap="round" pointer-events="none">{lines}</g>"#,
            num(width)
        );
    }
}

/// How many squares apart the points of a path of `len` squares are drawn:
/// 1 (every square) up to [`STEPPED_POINTS`], else the fewest that keep it
/// to [`SAMPLED_POINTS`].
fn sampling(len: usize) -> usize {
    if len <= STEPPED_POINTS {
        1
    } else {
        len.div_ceil(SAMPLED_POINTS)
    }
}

/// The colours of a sampled path's bands, first to last: its order seen at
/// a glance where single moves cannot be.
const BANDS: [&str; 6] = [
    "#1d3557", "#2a6f97", "#2a9d8f", "#6a4c93", "#b5179e", "#d00000",
];

/// The bands of a sampled path of `len` squares drawn through every
/// `every`-th: the positions in the path where each starts, and the last.
fn bands(len: usize, every: usize) -> Vec<usize> {
    let last = len - 1;
    let points: Vec<usize> = (0..last).step_by(every).chain([last]).collect();
    let per = (points.len() - 1).div_ceil(BANDS.len()).max(1);
    let mut starts: Vec<usize> = points.iter().step_by(per).copied().collect();
    if starts.last() != Some(&last) {
        starts.push(last);
    }
    starts
}

/// A path too long to draw move by move (on a plain board, so without
/// hops): a line through every `every`-th square and the last, in relative
/// moves (a few bytes a point), in [`BANDS`] from first to last, each band
/// its own `<path>` starting where the one before ends.
fn draw_sampled_path(
    out: &mut String,
    path: &[Square],
    every: usize,
    centre: impl Fn(Square) -> (f64, f64),
    width: f64,
) {
    if path.len() < 2 {
        return;
    }
    let starts = bands(path.len(), every);
    for (band, pair) in starts.windows(2).enumerate() {
        let (from, to) = (pair[0], pair[1]);
        let (mut x, mut y) = centre(path[from]);
        let mut d = format!("M{} {}l", num(x), num(y));
        let points = (from + every..to).step_by(every).chain([to]);
        for (k, i) in points.enumerate() {
            let (nx, ny) = centre(path[i]);
            let (dx, dy) = (num(nx - x), num(ny - y));
            // Numbers apart by a space, or by the minus sign that starts one.
            if k > 0 && !dx.starts_with('-') {
                d.push(' ');
            }
            d.push_str(&dx);
            if !dy.starts_with('-') {
                d.push(' ');
            }
            d.push_str(&dy);
            (x, y) = (nx, ny);
        }
        let _ = writeln!(
            out,
            r#"<path d="{d}" fill="none" stroke="{}" stroke-opacity="0.85" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round"><title>the path, through every {} square: moves {} to {}</title></path>"#,
            BANDS[band % BANDS.len()],
            num(width),
            ordinal(every),
            grouped(from.u64()),
            grouped(to.u64())
        );
    }
}

/// The moves played of a path drawn sampled (see [`Overlay::played`]): one
/// wide line over the bands, through every square played (or every k-th of
/// them, as [`sampling`] says, and the last).
fn draw_sampled_played(
    out: &mut String,
    path: &[Square],
    played: usize,
    centre: impl Fn(Square) -> (f64, f64),
    width: f64,
) {
    let played = &path[..played.min(path.len())];
    if played.len() < 2 {
        return;
    }
    let last = played.len() - 1;
    let mut d = String::new();
    for i in (0..last).step_by(sampling(played.len())).chain([last]) {
        let (x, y) = centre(played[i]);
        let _ = write!(
            d,
            "{}{} {}",
            if d.is_empty() { 'M' } else { 'L' },
            num(x),
            num(y)
        );
    }
    let _ = writeln!(
        out,
        r#"<path d="{d}" data-played="{}" fill="none" stroke="{PLAYED}" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round"><title>played: moves 0 to {}</title></path>"#,
        played.len(),
        num(width * 2.0),
        grouped(last.u64())
    );
}

/// Rings on the start (green) and end (red) of the path, or on the squares
/// asked about when there is no path.
fn draw_ends(
    out: &mut String,
    path: &[Square],
    overlay: &Overlay,
    view: &View,
    centre: impl Fn(Square) -> (f64, f64),
    (width, radius): (f64, f64),
) {
    let ends: Vec<(Square, &str, usize, &str)> = match (path.first(), path.last()) {
        (Some(&first), Some(&last)) => {
            let mut ends = vec![(first, START, 0, "start")];
            if path.len() > 1 {
                ends.push((last, END, path.len() - 1, "end"));
            }
            ends
        }
        _ => overlay
            .ends
            .iter()
            .zip([(START, "start"), (END, "end")])
            .map(|(&s, (colour, name))| (s, colour, 0, name))
            .collect(),
    };
    let mut rings = String::new();
    for (square, colour, step, name) in ends {
        if !view.contains(square) {
            continue;
        }
        let (x, y) = centre(square);
        let _ = write!(
            rings,
            r#"<circle cx="{}" cy="{}" r="{}" stroke="{colour}" data-step="{step}"><title>{name}: {square}</title></circle>"#,
            num(x),
            num(y),
            num(radius)
        );
    }
    if !rings.is_empty() {
        let _ = writeln!(
            out,
            r#"<g fill="none" stroke-width="{}">{rings}</g>"#,
            num((width * 1.2).max(0.1))
        );
    }
}

/// A numbered point on each square of the path, with its `data-step`.
/// A puzzle's numbered squares: each step written large on its square, on
/// a white plate that keeps it legible over the path's lines.
fn draw_clues(out: &mut String, clues: &[(Square, u64)], centre: impl Fn(Square) -> (f64, f64)) {
    if clues.is_empty() {
        return;
    }
    let mut plates = String::new();
    for &(square, n) in clues {
        let (x, y) = centre(square);
        let digits = n.to_string().len() as f64;
        let w = 0.26 * digits + 0.14;
        let _ = write!(
            plates,
            r##"<g data-clue="{n}"><rect x="{}" y="{}" width="{}" height="0.5" rx="0.08" fill="#fff" stroke="{INK}" stroke-width="0.03"/><text x="{}" y="{}">{n}</text></g>"##,
            num(x - w / 2.0),
            num(y - 0.25),
            num(w),
            num(x),
            num(y + 0.16),
        );
    }
    let _ = writeln!(
        out,
        r#"<g text-anchor="middle" font-size="0.44" font-weight="bold" fill="{INK}">{plates}</g>"#
    );
}

fn draw_numbers(
    out: &mut String,
    path: &[Square],
    moves: &[u64],
    played: usize,
    centre: impl Fn(Square) -> (f64, f64),
    size: f64,
) {
    let last = path.len() - 1;
    let digits = moves.last().map_or(1, |n| n.to_string().len()) as f64;
    let r = (0.31 * size * digits + 0.07).max(0.27);
    let mut points = String::new();
    for (i, (&square, &n)) in path.iter().zip(moves).enumerate() {
        let (x, y) = centre(square);
        let fill = if i == 0 {
            START
        } else if i == last {
            END
        } else if i < played {
            PLAYED
        } else {
            PATH
        };
        let _ = write!(
            points,
            r#"<g data-step="{i}"><circle cx="{}" cy="{}" r="{}" fill="{fill}"/><text x="{}" y="{}">{n}</text></g>"#,
            num(x),
            num(y),
            num(r),
            num(x),
            num(y + size * 0.36),
        );
    }
    let _ = writeln!(
        out,
        r##"<g text-anchor="middle" font-size="{}" fill="#fff">{points}</g>"##,
        num(size)
    );
}

/// One entry of the legend.
enum Key {
    /// A kind of square: its fill and name.
    Square(&'static str, String),
    /// A line: colour, dashed, name.
    Line(&'static str, bool, &'static str),
    /// A ring: colour, name.
    Ring(&'static str, &'static str),
    /// A refused step's cross.
    Cross(&'static str),
}

impl Key {
    fn name(&self) -> &str {
        match self {
            Key::Square(_, name) => name,
            Key::Line(_, _, name) | Key::Ring(_, name) | Key::Cross(name) => name,
        }
    }

    /// Swatch, gap and name, in units at font `size`.
    fn width(&self, size: f64) -> f64 {
        size * 1.6 + text_width(self.name(), size)
    }
}

/// What the picture shows, in the legend's order: the kinds of terrain in
/// view (when there is terrain), then the marks drawn.
fn legend_items(
    ground: Ground<'_>,
    view: &View,
    path: &[Square],
    moves: &[u64],
    overlay: &Overlay,
) -> Vec<Key> {
    let mut keys = Vec::new();
    if let Some(top) = overlay.shades.iter().map(|s| s.1).max() {
        // One entry a shade shown: its count, or the range of a band.
        let mut bands: Vec<(u64, u64)> = vec![(u64::MAX, 0); SHADES.len()];
        for &(_, n) in &overlay.shades {
            let band = &mut bands[shade_of(n, top)];
            *band = (band.0.min(n), band.1.max(n));
        }
        for (fill, &(lo, hi)) in SHADES.iter().zip(&bands).filter(|(_, b)| b.0 <= b.1) {
            let name = match (lo == hi, hi) {
                (true, 1) => "1 move".to_owned(),
                (true, _) => format!("{lo} moves"),
                (false, _) => format!("{lo}–{hi} moves"),
            };
            keys.push(Key::Square(fill, name));
        }
    }
    if let Ground::Terrain(_) = ground {
        let mut seen = [false; 6];
        for rank in view.ranks.clone() {
            for file in view.files.clone() {
                seen[kind(ground.cell(Square::new(file, rank)))] = true;
            }
        }
        for (cell, _) in KINDS.iter().zip(seen).filter(|(_, seen)| *seen) {
            let (fill, _, name) = paint(*cell);
            let name = if *cell == Cell::Plain {
                "plain: costs 1".to_owned()
            } else {
                name.to_owned()
            };
            keys.push(Key::Square(fill, name));
        }
    }
    if !path.is_empty() || !overlay.ends.is_empty() {
        keys.push(Key::Ring(START, "start"));
        if path.len() > 1 || overlay.ends.len() > 1 {
            keys.push(Key::Ring(END, "end"));
        }
    }
    let every = sampling(path.len());
    if every > 1 {
        // A sampled path's bands, first to last.
        for (colour, pair) in BANDS.iter().zip(bands(path.len(), every).windows(2)) {
            let name = format!(
                "moves {}–{}",
                grouped(pair[0].u64()),
                grouped(pair[1].u64())
            );
            keys.push(Key::Square(colour, name));
        }
        if overlay.played > 1 {
            keys.push(Key::Line(PLAYED, false, "played"));
        }
    } else if path.len() > 1 && overlay.played > 0 {
        if overlay.played > 1 {
            keys.push(Key::Line(PLAYED, false, "played"));
        }
        if overlay.played < path.len() {
            keys.push(Key::Line(PATH, false, "finish"));
        }
    } else if path.len() > 1 {
        keys.push(Key::Line(PATH, false, "knight move"));
    }
    if overlay.moves_of.is_some() {
        keys.push(Key::Line(MOVE, false, "its knight moves"));
    }
    let hop = path
        .windows(2)
        .zip(moves.windows(2))
        .any(|(p, m)| m[0] == m[1] && ground.teleport_partner(p[0]) == Some(p[1]));
    if hop {
        keys.push(Key::Line(HOP, true, "teleport hop"));
    }
    if overlay.closed && path.len() > 1 {
        keys.push(Key::Line(CLOSING, true, "closing move"));
    }
    if overlay.fault.is_some() {
        keys.push(Key::Cross("refused step"));
    }
    keys
}

/// The legend's entries in rows no wider than `width`.
fn lay_out_legend(keys: &[Key], size: f64, width: f64) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut x = 0.0;
    for (i, key) in keys.iter().enumerate() {
        let w = key.width(size);
        match rows.last_mut() {
            Some(row) if x + w <= width => row.push(i),
            _ => {
                rows.push(vec![i]);
                x = 0.0;
            }
        }
        x += w + size * 1.2;
    }
    rows
}

/// One legend entry with its swatch at (`x`, baseline `y`).
fn draw_key(out: &mut String, key: &Key, x: f64, y: f64, size: f64) {
    let s = size * 1.05;
    let (top, mid) = (y - size * 0.9, y - size * 0.38);
    match key {
        Key::Square(fill, _) => {
            let _ = write!(
                out,
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="#777" stroke-width="{}"/>"##,
                num(x),
                num(top),
                num(s),
                num(s),
                num(size * 0.06)
            );
        }
        Key::Line(colour, dashed, _) => {
            let dash = if *dashed {
                format!(r#" stroke-dasharray="{} {}""#, num(s * 0.3), num(s * 0.2))
            } else {
                String::new()
            };
            let _ = write!(
                out,
                r#"<path d="M{} {}h{}" stroke="{colour}" stroke-width="{}"{dash}/>"#,
                num(x),
                num(mid),
                num(s),
                num(size * 0.2)
            );
        }
        Key::Ring(colour, _) => {
            let _ = write!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{colour}" stroke-width="{}"/>"#,
                num(x + s / 2.0),
                num(mid),
                num(s * 0.4),
                num(size * 0.16)
            );
        }
        Key::Cross(_) => {
            let _ = write!(
                out,
                r#"<path d="M{} {}l{} {}m0 -{}l-{} {}" stroke="{FAULT}" stroke-width="{}"/>"#,
                num(x + s * 0.15),
                num(top + s * 0.15),
                num(s * 0.7),
                num(s * 0.7),
                num(s * 0.7),
                num(s * 0.7),
                num(s * 0.7),
                num(size * 0.18)
            );
        }
    }
    let _ = write!(
        out,
        r#"<text x="{}" y="{}">{}</text>"#,
        num(x + size * 1.6),
        num(y),
        esc(key.name())
    );
}

/// A path over a board whose squares are too small to see (under
/// [`MIN_CHECKER_PX`]), e.g. across 1000×1000: what a person looks for at
/// that scale. The board in blocks of `block`×`block` squares (a coarse
/// grid, aligned with the labels), the path over a white casing, wide enough
/// to see, and each end's neighbourhood twice: boxed on the board, and drawn
/// square by square in an inset under it (`side` squares a side, `unit`
/// units a square), with the path's moves there numbered.
struct Wide {
    block: u32,
    side: u32,
    unit: f64,
}

/// Squares a side of an end's inset.
const INSET_SIDE: u32 = 9;
/// Pixels a square of an inset.
const INSET_SQUARE_PX: f64 = 28.0;
/// A block of the coarse grid is at least this many pixels a side.
const MIN_BLOCK_PX: f64 = 24.0;

impl Wide {
    /// The insets' squares around `at`: `side` a side, within the board.
    fn window(&self, board: Board, at: Square) -> View {
        let around = |c: u32, end: u32| {
            let side = self.side.min(end);
            let start = c.saturating_sub(side / 2).min(end - side);
            start..start + side
        };
        View {
            files: around(at.file(), board.files().end),
            ranks: around(at.rank(), board.ranks().end),
            cropped: true,
        }
    }
}

/// The board of `view` as blocks of `block`×`block` squares, checkered (the
/// block of a1 dark), keeping `data-view` for a page to name a point.
fn draw_blocks(out: &mut String, view: &View, block: u32) {
    let (files, ranks) = (view.files.len(), view.ranks.len());
    let _ = write!(
        out,
        r#"<g data-view="{} {} {files} {ranks}"><title>the board, in blocks of {block}×{block} squares</title><rect x="0" y="0" width="{files}" height="{ranks}" fill="{LIGHT}"/>"#,
        view.files.start, view.ranks.start
    );
    let mut rects = String::new();
    for bf in view.files.start / block..=(view.files.end - 1) / block {
        for br in view.ranks.start / block..=(view.ranks.end - 1) / block {
            if (bf + br) % 2 != 0 {
                continue;
            }
            let (f0, f1) = (
                (bf * block).max(view.files.start),
                ((bf + 1) * block).min(view.files.end),
            );
            let (r0, r1) = (
                (br * block).max(view.ranks.start),
                ((br + 1) * block).min(view.ranks.end),
            );
            let _ = write!(
                rects,
                r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
                f0 - view.files.start,
                view.ranks.end - r1,
                f1 - f0,
                r1 - r0
            );
        }
    }
    let _ = writeln!(out, r#"<g fill="{BLOCK}">{rects}</g></g>"#);
}

/// The dark blocks of [`draw_blocks`]: between the light and dark squares.
const BLOCK: &str = "#dcc09c";

/// A white line under the path (through every `every`-th square, as the
/// path is drawn), so that it stands out from the board.
fn draw_casing(
    out: &mut String,
    path: &[Square],
    every: usize,
    centre: impl Fn(Square) -> (f64, f64),
    width: f64,
) {
    let last = path.len() - 1;
    let mut d = String::new();
    for (k, i) in (0..last).step_by(every).chain([last]).enumerate() {
        let (x, y) = centre(path[i]);
        let _ = write!(d, "{}{} {}", if k == 0 { 'M' } else { 'L' }, num(x), num(y));
    }
    let _ = writeln!(
        out,
        r##"<path d="{d}" fill="none" stroke="#fff" stroke-opacity="0.9" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round"/>"##,
        num(width)
    );
}

/// The part of segment `a`–`b` inside `[x0, x1] × [y0, y1]`, if any
/// (Liang–Barsky).
fn clip(
    a: (f64, f64),
    b: (f64, f64),
    (x0, y0, x1, y1): (f64, f64, f64, f64),
) -> Option<((f64, f64), (f64, f64))> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, a.0 - x0),
        (dx, x1 - a.0),
        (-dy, a.1 - y0),
        (dy, y1 - a.1),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else if p < 0.0 {
            t0 = t0.max(q / p);
        } else {
            t1 = t1.min(q / p);
        }
    }
    (t0 <= t1).then_some((
        (a.0 + t0 * dx, a.1 + t0 * dy),
        (a.0 + t1 * dx, a.1 + t1 * dy),
    ))
}

/// One end's inset: the squares of `window` at (`left`, `top`), `unit` a
/// square, each named by `data-square`; the path's moves there (those
/// leaving it cut at its edge) with their move numbers; a heading above and
/// labels around.
fn draw_inset(
    out: &mut String,
    path: &[Square],
    window: &View,
    (left, top): (f64, f64),
    unit: f64,
    (heading, colour): (&str, &str),
    label: f64,
) {
    let (x0, y0) = (left, top);
    // Squares outside the window too: a move leaving it is cut at its edge.
    let x_of = |file: u32| x0 + (f64::from(file) - f64::from(window.files.start)) * unit;
    let y_of = |rank: u32| y0 + (f64::from(window.ranks.end) - 1.0 - f64::from(rank)) * unit;
    let centre = |s: Square| (x_of(s.file()) + unit / 2.0, y_of(s.rank()) + unit / 2.0);
    let mut squares: [String; 2] = Default::default();
    for rank in window.rows() {
        for file in window.files.clone() {
            let square = Square::new(file, rank);
            let _ = write!(
                squares[usize::from((file + rank) % 2 == 0)],
                r#"<rect x="{}" y="{}" width="{}" height="{}" data-square="{square}"/>"#,
                num(x_of(file)),
                num(y_of(rank)),
                num(unit),
                num(unit)
            );
        }
    }
    let _ = writeln!(
        out,
        r#"<g><title>{}</title><g fill="{LIGHT}">{}</g><g fill="{DARK}">{}</g></g>"#,
        esc(heading),
        squares[0],
        squares[1]
    );
    // The moves with a square in the window, cut at its edge.
    let (w, h) = (
        f64::from(window.side(true)) * unit,
        f64::from(window.lines(true)) * unit,
    );
    let bounds = (x0, y0, x0 + w, y0 + h);
    let mut d = String::new();
    let mut points = String::new();
    for pair in path.windows(2) {
        if !window.contains(pair[0]) && !window.contains(pair[1]) {
            continue;
        }
        if let Some((a, b)) = clip(centre(pair[0]), centre(pair[1]), bounds) {
            let _ = write!(d, "M{} {}L{} {}", num(a.0), num(a.1), num(b.0), num(b.1));
        }
    }
    let size = unit * 0.42;
    for (i, &square) in path
        .iter()
        .enumerate()
        .filter(|(_, s)| window.contains(**s))
    {
        let (x, y) = centre(square);
        let fill = match i {
            0 => START,
            i if i == path.len() - 1 => END,
            _ => PATH,
        };
        let number = i.to_string();
        let r = (size * 0.32 * number.len() as f64 + unit * 0.12).max(unit * 0.3);
        let _ = write!(
            points,
            r##"<circle cx="{}" cy="{}" r="{}" fill="{fill}"/><text x="{}" y="{}" fill="#fff">{number}</text>"##,
            num(x),
            num(y),
            num(r),
            num(x),
            num(y + size * 0.36)
        );
    }
    let _ = writeln!(
        out,
        r#"<path d="{d}" fill="none" stroke="{PATH}" stroke-width="{}" stroke-linecap="round" pointer-events="none"/><g text-anchor="middle" font-size="{}" pointer-events="none">{points}</g>"#,
        num(unit * 0.1),
        num(size)
    );
    // The window's frame in its end's colour, its heading and labels.
    let mut labels = String::new();
    for file in window.files.clone() {
        let _ = write!(
            labels,
            r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
            num(x_of(file) + unit / 2.0),
            num(y0 + h + label * 1.15),
            file_name(u64::from(file))
        );
    }
    for rank in window.ranks.clone() {
        let _ = write!(
            labels,
            r#"<text x="{}" y="{}" text-anchor="end">{}</text>"#,
            num(x0 - label * 0.3),
            num(y_of(rank) + unit / 2.0 + label * 0.35),
            rank + 1
        );
    }
    let _ = writeln!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{colour}" stroke-width="{}"/><g font-size="{}" fill="{MUTED}">{labels}</g><text x="{}" y="{}" font-size="{}" fill="{INK}" font-weight="bold">{}</text>"#,
        num(x0),
        num(y0),
        num(w),
        num(h),
        num(unit * 0.08),
        num(label),
        num(x0),
        num(y0 - label * 0.5),
        num(label * 1.15),
        esc(heading)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_numbers_keep_columns() {
        let board = Board::new(5, 5).unwrap();
        let ground = Ground::Plain(board);
        let path: Vec<Square> = [
            (0, 0),
            (1, 2),
            (2, 4),
            (4, 3),
            (3, 1),
            (1, 0),
            (0, 2),
            (1, 4),
            (3, 3),
            (4, 1),
            (2, 0),
        ]
        .iter()
        .map(|&(f, r)| Square::new(f, r))
        .collect();
        let text = text_with_path(ground, &path).unwrap();
        let rows: Vec<&str> = text.lines().collect();
        // Five ranks, each labelled, then the files, then the summary.
        assert!(rows[..6].iter().all(|r| r.len() == 1 + 5 * 3), "{text}");
        assert_eq!(rows[4], "1  0  5 10  .  .");
        assert_eq!(rows[5], "   a  b  c  d  e");
        assert_eq!(rows[6], "The 5×5 board.");
    }

    #[test]
    fn views_are_whole_small_boards_or_the_part_around() {
        let plain = Drawing::Plain;
        let small = Board::new(64, 64).unwrap();
        assert!(!view(small, &[], plain).unwrap().cropped);
        let big = Board::new(1000, 1000).unwrap();
        let v = view(big, &[Square::new(0, 0), Square::new(7, 7)], plain).unwrap();
        assert_eq!((v.files, v.ranks, v.cropped), (0..10, 0..10, true));
        let v = view(big, &[Square::new(500, 999)], plain).unwrap();
        assert_eq!((v.files, v.ranks), (496..504, 992..1000));
        let v = view(big, &[], plain).unwrap();
        assert_eq!((v.files, v.ranks), (0..8, 0..8));
        // A 1×N board keeps its one file.
        let thin = Board::new(1, 1_000_000_000).unwrap();
        let v = view(thin, &[Square::new(0, 5)], plain).unwrap();
        assert_eq!((v.files, v.ranks), (0..1, 1..9));
        // The whole of a 300×300 tour is too many squares for text, or to
        // draw one by one; an SVG of the plain board draws it.
        let tour = Board::new(300, 300).unwrap();
        let corners = [Square::new(0, 0), Square::new(299, 299)];
        for (drawing, text) in [(Drawing::Text, true), (Drawing::Squares, false)] {
            assert_eq!(
                view(tour, &corners, drawing),
                Err(RenderError::TooLarge {
                    squares: 90_000,
                    limit: MAX_DRAWN_SQUARES,
                    text,
                })
            );
        }
        assert_eq!(view(tour, &corners, plain).unwrap().squares(), 90_000);
        let most = Board::new(256, 256).unwrap();
        let v = view(
            most,
            &[Square::new(0, 0), Square::new(255, 255)],
            Drawing::Text,
        )
        .unwrap();
        assert_eq!((v.squares(), v.cropped), (MAX_DRAWN_SQUARES, false));
    }

    #[test]
    fn the_moves_played_are_drawn_apart_from_the_rest() {
        let board = Board::new(5, 5).unwrap();
        let path: Vec<Square> = [(0, 0), (1, 2), (2, 4), (4, 3), (3, 1)]
            .iter()
            .map(|&(f, r)| Square::new(f, r))
            .collect();
        let svg = |played| {
            let overlay = Overlay {
                played,
                ..Overlay::default()
            };
            svg(Ground::Plain(board), &path, overlay).unwrap()
        };
        // Three squares played: their two moves in the played group, the
        // other two after it; the legend names both.
        let drawn = svg(3);
        let group = drawn.lines().find(|l| l.contains("data-played")).unwrap();
        assert!(group.starts_with(&format!(r#"<g stroke="{PLAYED}" data-played="3""#)));
        assert_eq!(group.matches("data-step").count(), 2);
        assert!(group.contains(r#"data-step="1""#) && group.contains(r#"data-step="2""#));
        let rest = drawn
            .lines()
            .find(|l| l.starts_with(&format!(r#"<g stroke="{PATH}""#)))
            .unwrap();
        assert_eq!(rest.matches("data-step").count(), 2, "{drawn}");
        assert!(rest.contains(r#"data-step="3""#) && rest.contains(r#"data-step="4""#));
        assert!(drawn.contains(">played</text>") && drawn.contains(">finish</text>"));
        assert!(!drawn.contains("knight move<"));
        // The points of the squares played (but the start's) are violet.
        assert_eq!(drawn.matches(&format!(r#"fill="{PLAYED}""#)).count(), 2);
        // Nothing told apart: as before.
        let plain = svg(0);
        assert!(!plain.contains("data-played") && plain.contains(">knight move</text>"));
    }

    #[test]
    fn a_word_wider_than_a_line_is_cut_to_fit() {
        let count = "7".repeat(137);
        let text = format!("Every path: {count} of them.");
        let lines = wrap(&text, 14.0, 300.0);
        assert!(lines.len() > 2, "{lines:?}");
        assert!(
            lines.iter().all(|l| text_width(l, 14.0) <= 300.0),
            "{lines:?}"
        );
        // Nothing lost: the pieces put back together are the text.
        assert_eq!(lines.concat().replace(' ', ""), text.replace(' ', ""));
    }

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 16, 21, 22, 112]
            .map(ordinal)
            .into();
        assert_eq!(
            got,
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "16th", "21st", "22nd", "112th"]
        );
    }

    #[test]
    fn big_numbers_are_grouped() {
        let got: Vec<String> = [8, 1000, 10_000, 123_456, 1_000_000_000]
            .into_iter()
            .map(grouped)
            .collect();
        assert_eq!(got, ["8", "1000", "10,000", "123,456", "1,000,000,000"]);
    }

    #[test]
    fn strides_are_one_two_five() {
        let got: Vec<u32> = [0.5, 1.0, 1.5, 2.0, 3.0, 6.0, 11.0, 40.0]
            .iter()
            .map(|&n| stride(n))
            .collect();
        assert_eq!(got, [1, 1, 2, 2, 5, 10, 20, 50]);
    }

    /// The value of attribute `name` in the first tag of `svg` that holds `needle`.
    fn attribute_near(svg: &str, needle: &str, name: &str) -> String {
        let at = svg.find(needle).unwrap_or_else(|| panic!("no {needle}"));
        let tag = &svg[svg[..=at].rfind('<').unwrap()..];
        let tag = &tag[..tag.find('>').unwrap()];
        let key = format!(r#" {name}=""#);
        let from = tag
            .find(&key)
            .unwrap_or_else(|| panic!("no {name} in {tag}"))
            + key.len();
        tag[from..from + tag[from..].find('"').unwrap()].to_owned()
    }

    #[test]
    fn a_path_across_squares_too_small_to_see_shows_blocks_a_line_and_its_ends_square_by_square() {
        // a1 to all1000 by (1, 2) and (2, 1) in turn: 666 moves.
        let board = Board::new(1000, 1000).unwrap();
        let mut path = vec![Square::new(0, 0)];
        for k in 0..666 {
            let at = path[k];
            let (df, dr) = if k % 2 == 0 { (1, 2) } else { (2, 1) };
            path.push(Square::new(at.file() + df, at.rank() + dr));
        }
        assert_eq!(path[666], Square::new(999, 999));
        let overlay = Overlay {
            ends: vec![path[0], path[666]],
            ..Overlay::default()
        };
        let svg = svg(Ground::Plain(board), &path, overlay).unwrap();
        let number = |text: String| text.parse::<f64>().unwrap();
        let view_box: Vec<f64> = attribute_near(&svg, "<svg", "viewBox")
            .split(' ')
            .map(|n| n.parse().unwrap())
            .collect();
        let scale = number(attribute_near(&svg, "<svg", "width")) / view_box[2];
        assert!(
            scale < MIN_CHECKER_PX,
            "squares of {scale} px: too small to see"
        );

        // The board in blocks of at least 24 px, checkered: half of them dark.
        let title = attribute_near(&svg, "data-view=\"0 0 1000 1000\"", "data-view");
        assert_eq!(title, "0 0 1000 1000");
        let block: u32 = svg
            .split("in blocks of ")
            .nth(1)
            .and_then(|rest| rest.split('×').next())
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            f64::from(block) * scale >= 24.0,
            "blocks of {block} squares"
        );
        let side = 1000u32.div_ceil(block);
        let dark = (0..side)
            .flat_map(|f| (0..side).map(move |r| (f, r)))
            .filter(|(f, r)| (f + r) % 2 == 0)
            .count();
        let blocks = svg.split(&format!(r#"<g fill="{BLOCK}">"#)).nth(1).unwrap();
        let blocks = &blocks[..blocks.find("</g>").unwrap()];
        assert_eq!(blocks.matches("<rect").count(), dark);

        // The line at least 4 px wide, over a white casing wider still.
        let line = number(attribute_near(
            &svg,
            &format!(r#"<g stroke="{PATH}" stroke-opacity="0.9""#),
            "stroke-width",
        ));
        assert!(line * scale >= 4.0 - 1e-9, "a line of {} px", line * scale);
        let casing = number(attribute_near(
            &svg,
            r##"stroke="#fff" stroke-opacity"##,
            "stroke-width",
        ));
        assert!(casing > line);

        // Each end's 9×9 squares named, and the path's squares there numbered.
        let window =
            |lo: u32| (lo..lo + 9).flat_map(move |f| (lo..lo + 9).map(move |r| Square::new(f, r)));
        let mut want: Vec<String> = window(0)
            .chain(window(991))
            .map(|s| s.to_string())
            .collect();
        let mut named: Vec<String> = svg
            .split(r#"data-square=""#)
            .skip(1)
            .map(|rest| rest[..rest.find('"').unwrap()].to_owned())
            .collect();
        want.sort();
        named.sort();
        assert_eq!(named, want);
        let near: Vec<usize> = (0..path.len())
            .filter(|&i| window(0).chain(window(991)).any(|s| s == path[i]))
            .collect();
        assert_eq!(near, [0, 1, 2, 3, 4, 5, 661, 662, 663, 664, 665, 666]);
        for i in near {
            assert!(
                svg.contains(&format!(r##"fill="#fff">{i}</text>"##)),
                "move {i} numbered"
            );
        }
        assert!(
            svg.contains(">Around the start, a1</text>")
                && svg.contains(">Around the end, all1000</text>")
        );

        // Squares big enough to see: the board is drawn as before, no insets.
        let board = Board::new(300, 300).unwrap();
        let svg = super::svg(Ground::Plain(board), &path[..200], Overlay::default()).unwrap();
        assert!(!svg.contains("data-square") && !svg.contains("in blocks of"));
    }
}
