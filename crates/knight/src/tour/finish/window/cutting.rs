//! What a window's tries share: the board's orientation and the searches
//! already made ([`Cutting`]: its searches in the window's door, its joins
//! in `join`), one way to finish ([`Plan`]), what the window holds before
//! the pieces ([`Inside`]), and how many of each the tries take.

use std::collections::{HashMap, HashSet};

use super::rect::Rect;
use super::sweep::Tries;
use crate::board::Square;
use crate::cache::Cache;
use crate::deadline::Deadline;

/// The most ends L (or starts E) tried for one window and chain.
pub(super) const ENDS_TRIED: usize = 6;

/// The most joins tried between two pieces.
pub(super) const LINKS_TRIED: usize = 3;

/// The most L (and E for each L) a portal plan tries.
pub(super) const PORTAL_TRIES: usize = 3;

/// What the window holds before the pieces: the path already searched
/// (to L), or, with a portal, only L (the path is searched once E is
/// known).
#[derive(Clone, Copy)]
pub(super) enum Inside<'a> {
    Path(&'a [Square]),
    Portal(Square),
}

/// A window search's question: (rectangle, start, ends, tries).
pub(super) type Swept = (Rect, Square, Vec<Square>, Tries);

/// One orientation of the board (perhaps transposed) and what the
/// window's tries share.
pub(super) struct Cutting<'a> {
    pub(super) w: u32,
    pub(super) h: u32,
    pub(super) played: Vec<Square>,
    pub(super) taken: HashSet<Square>,
    pub(super) max_squares: u64,
    pub(super) deadline: Deadline,
    pub(super) cache: &'a Cache,
    /// Each search already made: (rectangle, start, ends, tries) → the
    /// path.
    pub(super) swept: HashMap<Swept, Option<Vec<Square>>>,
    /// Each search with a portal already made: (window, L, E, t) → the
    /// path.
    pub(super) portals: HashMap<(Rect, Square, Square, Square), Option<Vec<Square>>>,
}

/// One way to finish: the window (or its part R1 holding the knight), the
/// part R2 holding the last square when it lies in the window (the window
/// itself, with `portal`), and the last square when asked.
#[derive(Clone, Copy)]
pub(super) struct Plan {
    pub(super) first: Rect,
    pub(super) second: Option<Rect>,
    pub(super) last: Option<Square>,
    /// Whether the window's one path leaves it for the pieces at L and
    /// comes back at E, the pieces' tours standing for one move L → E.
    pub(super) portal: bool,
}
