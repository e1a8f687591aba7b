//! Which boards and starts have knight's tours, by the theorems that settle
//! it; each refusal carries the reason a person can check.
//!
//! - Closed tours (Schwenk 1991): an m × n board, m ≤ n, has one unless m and
//!   n are both odd, m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8.
//! - Open tours (Conrad, Hindrichs, Morsy and Wegener 1994): on 1 × 1, 3 × 4,
//!   3 × n (n ≥ 7), 4 × n (n ≥ 5) and m × n (m, n ≥ 5), and on no other board.
//! - A knight alternates colours, so on a board with an odd number of squares
//!   a tour starts (and ends) on the majority colour, that of `a1`.
//! - On a board 4 wide, a tour starts and ends on an edge line (below).
//! - Boards 3 or 4 wide are settled start by start by the exact programme in
//!   `narrow`, which finds: on 4 × n (n ≥ 5) a tour from every edge-line
//!   square; on 3 × n (n ≥ 7) from every start the colour rule allows, but
//!   for the centre of 3 × 7 and c2, f2 of 3 × 8 (8 long); on 3 × 4 from the
//!   end lines only. The exceptions are proved there by complete search.

use crate::tour::kinds::NoTour;

/// Rules out the tours that theorems forbid: on a `width` × `height` board,
/// from (`x`, `y`), open or closed.
pub fn ruled_out(width: u64, height: u64, x: u64, y: u64, closed: bool) -> Option<NoTour> {
    let board = format!("{width}×{height}");
    let (m, n) = (width.min(height), width.max(height));
    let theorem = |why: String| Some(NoTour::Theorem(why));
    if m == 1 && n == 1 {
        return closed.then(|| {
            NoTour::Theorem(
                "the 1×1 board has a tour of one square, but no move back to it: a closed tour needs a knight move from the last square to the first".to_owned(),
            )
        });
    }
    if m == 1 {
        return theorem(format!(
            "a knight has no move at all on a board one square wide, so the {board} board has no tour"
        ));
    }
    if m == 2 {
        return theorem(format!(
            "on a board two squares wide a knight keeps to squares of one file parity and one colour pattern: the knight's graph of the {board} board falls apart into separate pieces, so no tour exists"
        ));
    }
    if m == 3 && n == 3 {
        return theorem(
            "the centre of the 3×3 board has no knight move, so no tour exists".to_owned(),
        );
    }
    let odd_squares = m % 2 == 1 && n % 2 == 1;
    if closed {
        if odd_squares {
            return theorem(format!(
                "a closed tour alternates light and dark squares, so it needs as many of each; the {board} board has an odd number of squares (Schwenk 1991)"
            ));
        }
        if m == 4 {
            return theorem(format!(
                "no board 4 squares wide has a closed tour (Schwenk 1991): the knight must alternate between the two edge lines and the two middle lines, and also between colours, but the edge lines hold both colours, so a cycle through the {board} board cannot close"
            ));
        }
        if m == 3 && (n == 4 || n == 6 || n == 8) {
            return theorem(format!(
                "Schwenk's theorem (1991): boards 3 wide have closed tours only when the length is even and at least 10; the {board} board has none"
            ));
        }
    }
    if (m == 3 && (n == 5 || n == 6)) || (m == 4 && n == 4) {
        return theorem(format!(
            "the {board} board has no knight's tour, open or closed (Conrad, Hindrichs, Morsy and Wegener 1994: open tours exist on 3xn only for n = 4 or n >= 7, on 4xn only for n >= 5)"
        ));
    }
    if odd_squares && (x + y) % 2 == 1 {
        return theorem(format!(
            "no tour of the {board} board starts on a light square: the board has one more dark square than light ones, and every knight move changes colour, so a tour through every square starts and ends on dark squares (like a1); start on a dark square"
        ));
    }
    if m == 4 {
        // Edge lines (first and last of the 4) only reach the middle lines. A
        // tour has 2n edge squares among 4n, never two in a row; if it
        // alternated edge and middle throughout, every edge square would
        // share one colour, yet the edge lines hold n of each. So it starts
        // and ends on an edge line with exactly one middle-to-middle move.
        let across = if width == 4 { x } else { y };
        if across == 1 || across == 2 {
            return theorem(format!(
                "on the {board} board a tour must start on one of the two edge lines of length {n}: edge squares only reach the middle lines, and a tour that alternated between them all the way would put every edge square on one colour, but the edge lines hold both colours equally"
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schwenk() {
        let closed = |w, h| ruled_out(w, h, 0, 0, true).is_none();
        assert!(closed(6, 6) && closed(8, 8) && closed(5, 6) && closed(3, 10) && closed(3, 12));
        assert!(!closed(5, 5) && !closed(4, 8) && !closed(3, 8) && !closed(2, 8) && !closed(1, 1));
        assert!(!closed(7, 9) && !closed(3, 4) && !closed(10, 4));
    }

    #[test]
    fn open_boards_and_starts() {
        let open = |w, h, x, y| ruled_out(w, h, x, y, false).is_none();
        assert!(open(1, 1, 0, 0) && open(3, 4, 0, 0) && open(5, 5, 0, 0) && open(4, 5, 0, 0));
        assert!(!open(5, 5, 1, 0) && !open(3, 3, 0, 0) && !open(4, 4, 0, 0) && !open(3, 6, 0, 0));
        assert!(!open(4, 9, 1, 3) && !open(9, 4, 3, 2) && open(9, 4, 3, 3));
        assert!(!open(1, 7, 0, 0) && !open(2, 30, 0, 0));
    }
}
