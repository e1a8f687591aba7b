//! How a finished tour must end: the one word the finish's door, its
//! window construction and its searches share (it lives apart from each so
//! that none imports another for it).

use crate::board::Square;

/// How the finished tour must end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Anywhere.
    Open,
    /// One knight move from the first square played.
    Closed,
    /// On this square.
    End(Square),
}
