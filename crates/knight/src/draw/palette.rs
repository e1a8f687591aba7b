//! The colours of a picture, in one place: the board's squares and each
//! kind of terrain (with the legend's name for it), the shades of a count,
//! the path and every mark over it.

use crate::terrain::Cell;

/// The board's light and dark squares.
pub(super) const LIGHT: &str = "#f0d9b5";
pub(super) const DARK: &str = "#b58863";
/// A board whose squares are too small to checker: between light and dark.
pub(super) const PLAIN_BOARD: &str = "#d3b18c";
/// The dark blocks of a wide path's board: between the light and dark
/// squares.
pub(super) const BLOCK: &str = "#dcc09c";
/// Words, and labels and notes.
pub(super) const INK: &str = "#1f2328";
pub(super) const MUTED: &str = "#555";
/// The path, a teleport hop and a closed tour's closing move.
pub(super) const PATH: &str = "#1d3557";
pub(super) const HOP: &str = "#8e44ad";
pub(super) const CLOSING: &str = "#e07b00";
/// The moves played, when a path tells them apart (see
/// [`Overlay::played`](super::Overlay::played)).
pub(super) const PLAYED: &str = "#7b2cbf";
/// A square's own knight moves (see
/// [`Overlay::moves_of`](super::Overlay::moves_of)).
pub(super) const MOVE: &str = "#0b6e4f";
/// A refused step, and the start and end.
pub(super) const FAULT: &str = "#d00000";
pub(super) const START: &str = "#2e7d32";
pub(super) const END: &str = "#c62828";

/// The shades of [`Overlay::shades`](super::Overlay::shades), lightest first.
pub(super) const SHADES: [&str; 8] = [
    "#fff7bc", "#fee391", "#fec44f", "#fe9929", "#ec7014", "#cc4c02", "#993404", "#662506",
];

/// The shade of count `n` when the largest is `top`: one each while they
/// fit, else bands.
pub(super) fn shade_of(n: u64, top: u64) -> usize {
    const LAST: u64 = 7; // SHADES.len() - 1
    let band = if top <= LAST {
        n.min(LAST)
    } else {
        n * LAST / top
    };
    usize::try_from(band).unwrap_or(0)
}

/// How a kind of square is painted: its fill on light and on dark squares,
/// and what the legend calls it.
pub(super) fn paint(cell: Cell) -> (&'static str, &'static str, &'static str) {
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
pub(super) const KINDS: [Cell; 6] = [
    Cell::Plain,
    Cell::Water,
    Cell::Lava,
    Cell::Rock,
    Cell::Barrier,
    Cell::Teleport,
];

/// The place of a kind of square in [`KINDS`] (a start or end is plain).
pub(super) fn kind(cell: Cell) -> usize {
    match cell {
        Cell::Plain | Cell::Start | Cell::End => 0,
        Cell::Water => 1,
        Cell::Lava => 2,
        Cell::Rock => 3,
        Cell::Barrier => 4,
        Cell::Teleport => 5,
    }
}

/// The colours of a sampled path's bands, first to last: its order seen at
/// a glance where single moves cannot be.
pub(super) const BANDS: [&str; 6] = [
    "#1d3557", "#2a6f97", "#2a9d8f", "#6a4c93", "#b5179e", "#d00000",
];
