//! The rectangles a window cut deals in: the window, its parts and the
//! pieces round it ([`Rect`]), the colours of their squares, and how they
//! meet: which share an edge, the knight moves across a shared edge, and
//! the ways to split a window between the knight and the last square.

use crate::board::{Board, Square, STEPS};

/// The most splits of one window tried, each way (by files, by ranks).
const SPLITS_TRIED: usize = 3;

/// A rectangle of the board: files `x..x + w`, ranks `y..y + h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Rect {
    pub(super) x: u32,
    pub(super) y: u32,
    pub(super) w: u32,
    pub(super) h: u32,
}

impl Rect {
    pub(super) fn contains(self, s: Square) -> bool {
        s.file() >= self.x
            && s.file() - self.x < self.w
            && s.rank() >= self.y
            && s.rank() - self.y < self.h
    }

    pub(super) fn area(self) -> u64 {
        u64::from(self.w) * u64::from(self.h)
    }

    pub(super) fn is_empty(self) -> bool {
        self.w == 0 || self.h == 0
    }

    pub(super) fn right(self) -> u32 {
        self.x + self.w
    }

    pub(super) fn top(self) -> u32 {
        self.y + self.h
    }

    /// The square in the rectangle's own coordinates (its corner a1).
    pub(super) fn local(self, s: Square) -> Square {
        Square::new(s.file() - self.x, s.rank() - self.y)
    }

    /// The board's square at local index `i` (`rank * w + file`).
    /// (In 32 bits: a piece's squares are numbered in 32 bits.)
    pub(super) fn square_at(self, i: u32) -> Square {
        Square::new(i % self.w + self.x, i / self.w + self.y)
    }

    pub(super) fn board(self) -> Option<Board> {
        Board::new(self.w.into(), self.h.into()).ok()
    }

    /// Squares of the rectangle with file + rank even (the colour of a1).
    pub(super) fn even_squares(self) -> u64 {
        if (self.x + self.y) % 2 == 0 {
            self.area().div_ceil(2)
        } else {
            self.area() / 2
        }
    }
}

/// 0 or 1: the square's colour as file + rank's parity.
pub(super) fn shade(s: Square) -> u64 {
    (u64::from(s.file()) + u64::from(s.rank())) % 2
}

/// Chebyshev distance.
pub(super) fn apart(a: Square, b: Square) -> u32 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

/// The ways to split `window` by a file or a rank into a part holding the
/// knight and a part holding `t`, each at least 3 wide: up to
/// [`SPLITS_TRIED`] each way, nearest the middle between them first.
pub(super) fn splits(window: Rect, knight: Square, t: Square) -> Vec<(Rect, Rect)> {
    let mut found = Vec::new();
    let by = |along: fn(Square) -> u32, lo: u32, len: u32| -> Vec<u32> {
        let (a, b) = (along(knight), along(t));
        let (small, large) = (a.min(b), a.max(b));
        // Cut before `at`: the parts lo..at and at..lo + len.
        let mut cuts: Vec<u32> = (small + 1..=large)
            .filter(|&at| at >= lo + 3 && at + 3 <= lo + len)
            .collect();
        let middle = small + large + 1;
        cuts.sort_by_key(|&at| (2 * at).abs_diff(middle));
        cuts.truncate(SPLITS_TRIED);
        cuts
    };
    for at in by(Square::file, window.x, window.w) {
        let left = Rect {
            w: at - window.x,
            ..window
        };
        let right = Rect {
            x: at,
            w: window.right() - at,
            ..window
        };
        found.push(if left.contains(knight) {
            (left, right)
        } else {
            (right, left)
        });
    }
    for at in by(Square::rank, window.y, window.h) {
        let below = Rect {
            h: at - window.y,
            ..window
        };
        let above = Rect {
            y: at,
            h: window.top() - at,
            ..window
        };
        found.push(if below.contains(knight) {
            (below, above)
        } else {
            (above, below)
        });
    }
    found
}

/// Whether two rectangles share a stretch of edge.
pub(super) fn touch(a: Rect, b: Rect) -> bool {
    let overlap =
        |lo1: u32, len1: u32, lo2: u32, len2: u32| (lo1 + len1).min(lo2 + len2) > lo1.max(lo2);
    let side_by_side = (a.right() == b.x || b.right() == a.x) && overlap(a.y, a.h, b.y, b.h);
    let stacked = (a.top() == b.y || b.top() == a.y) && overlap(a.x, a.w, b.x, b.w);
    side_by_side || stacked
}

/// The knight moves from a square of `a` within two of the edge `a` shares
/// with `b` to a square of `b`: (square of a, square of b), from the middle
/// of the shared edge outwards.
pub(super) fn crossings(a: Rect, b: Rect) -> Vec<(Square, Square)> {
    let mut found: Vec<(u32, Square, Square)> = Vec::new();
    let mut add = |from: Square, middle: u32, along: u32| {
        for step in &STEPS {
            let to = (
                i64::from(from.file()) + i64::from(step.file),
                i64::from(from.rank()) + i64::from(step.rank),
            );
            let (Ok(f), Ok(r)) = (u32::try_from(to.0), u32::try_from(to.1)) else {
                continue;
            };
            let to = Square::new(f, r);
            if b.contains(to) {
                found.push((along.abs_diff(middle), from, to));
            }
        }
    };
    let overlap =
        |lo1: u32, len1: u32, lo2: u32, len2: u32| lo1.max(lo2)..(lo1 + len1).min(lo2 + len2);
    // b to the right of a, or to the left, above, below.
    if a.right() == b.x || b.right() == a.x {
        let ranks = overlap(a.y, a.h, b.y, b.h);
        let middle = (ranks.start + ranks.end) / 2;
        let files = if a.right() == b.x {
            a.right().saturating_sub(2).max(a.x)..a.right()
        } else {
            a.x..(a.x + 2).min(a.right())
        };
        for rank in ranks {
            for file in files.clone() {
                add(Square::new(file, rank), middle, rank);
            }
        }
    }
    if a.top() == b.y || b.top() == a.y {
        let files = overlap(a.x, a.w, b.x, b.w);
        let middle = (files.start + files.end) / 2;
        let ranks = if a.top() == b.y {
            a.top().saturating_sub(2).max(a.y)..a.top()
        } else {
            a.y..(a.y + 2).min(a.top())
        };
        for file in files {
            for rank in ranks.clone() {
                add(Square::new(file, rank), middle, file);
            }
        }
    }
    found.sort_by_key(|&(from_middle, _, _)| from_middle);
    found.into_iter().map(|(_, a, b)| (a, b)).collect()
}
