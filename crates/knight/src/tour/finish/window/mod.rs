//! Finishing a prefix on a large board by construction: search only a
//! window round the played squares, and join it to tours the constructions
//! build for the rest of the board.
//!
//! **The cut.** The window R is the rectangle round the played squares with
//! a margin of free files and ranks on each side (2 to 5, each side its
//! own). The rest of the board is cut in up to four rectangles, the
//! *pieces*: the bands below and above R, each the board's whole width,
//! and the parts left and right of R, each R's height. A side of R that
//! would leave a piece thinner than [`MIN_SIDE`] (6) is moved out to the
//! board's edge instead, and a window whose pieces are not all at least 10
//! long is passed over, so the block construction cuts every piece (a
//! piece 5 thick can send the both-ends construction to a core's
//! programme, a good part of a second). Windows whose pieces all have an
//! even number of squares are tried first (over some odd pieces the
//! both-ends construction takes seconds). Near a corner two pieces remain,
//! along an edge three, in the middle four. The board is also tried
//! transposed (the bands then run along the files). Along the bottom (or
//! top) edge the band beyond the window touches both other pieces, so no
//! chain of the three ends in it: for an end there the window is also
//! *capped* ([`Cutting::capped`]): a band [`MIN_SIDE`] deep of the window's
//! width beyond it, the side pieces as tall as window and cap, and the band
//! beyond both, four pieces in a ring again.
//!
//! **The tour.** The pieces touch in a ring (below, right, above, left): a
//! *chain* is an order of them in which each touches the next. The tour is
//! the played squares; a path from the knight over every unplayed square of
//! R, ending on a square L one knight move from a square e of the chain's
//! first piece; then each piece in turn, toured from its entry to an exit
//! one knight move from the next piece's entry by the both-ends block
//! construction ([`constructed`](crate::tour::building::constructed)); the last piece toured from its
//! entry by the block construction ([`IndexedTour`](crate::tour::building::IndexedTour)) when the tour is open,
//! or to the asked end when that lies in it. Each join is a knight move,
//! each piece's tour visits every square of it once, and R and the pieces
//! partition the board, so the whole is a tour, and it begins with the
//! played squares.
//!
//! **Ends inside the window.** The last square t may have to lie in R: the
//! asked end; for a closed tour, a free square one move from the first
//! square played (each is tried); or an unplayed square the played squares
//! left with one way in, which can only be last. Then the chain must come
//! back into R. Either the window's one path steps from L to E, a square of
//! R one move from the last piece's exit, as if L → E were a move (a
//! *portal*: the search may leave L only for E and enter E only from L;
//! the pieces' tours replace that step), and goes on from E to t; or R is
//! split by a file or a rank between the knight and t into R1 and R2, the
//! path covering R1 from the knight to L and a second path covering R2 from
//! E to t. Either way a closed tour closes and an end anywhere is met.
//!
//! **Conditions, checked before anything is built.** A knight alternates
//! colours: the unplayed squares of the whole board must hold the colours
//! a path from the knight alternates through, its last square the colour
//! the ending needs; those of R (or R1, R2) likewise for their paths, the
//! colours of L, each exit and E following from the counts (with a portal,
//! the pieces make the step L → E keep or change colour by their number of
//! squares, and the counts of R follow from the colours of L, E and t).
//! Each piece's two ends must pass the both-ends construction's theorems
//! ([`ruled_out_between`](crate::tour::building::ruled_out_between): on an odd piece both of the majority colour), and
//! the last open piece's entry the tours' ([`ruled_out`](crate::tour::building::ruled_out)). An
//! unplayed square next to the played squares with no way in, or two with
//! one, gives nothing here: the caller's checks say why.
//!
//! **The searches.** The paths through R are the one part searched: the
//! tours' depth-first engine ([`depth_first`](crate::tour::building::depth_first)) over the window alone, by
//! Warnsdorff's rule (fewest free onward moves first), then the square
//! farther from the path's end first (or from the middle of its possible
//! ends: the first path is searched once towards any square next to the
//! first piece, then towards each of a few), so it sweeps away from its end
//! and comes to it last, with a free square left with no free neighbour a
//! dead end; twice in fixed orders, then with ties perturbed at random,
//! each under a node budget. Every end is first given a glance (the same
//! orders, allowed few steps back: a path they find at all they mostly
//! find so), and only then the full budget, so ends with no path cost
//! little before the one that has one. So the search's size follows the
//! played squares, not the board. The window's tries take at most a quarter of
//! the time limit and [`MAX_TIME`] on boards of at most [`CHECKED_SQUARES`],
//! where the finish's checked whole-board search settles most of what
//! they miss; on larger boards three quarters (the whole-board search
//! rarely finishes there).
//!
//! The same search over the whole board, restarted with ties broken at
//! random ([`restarts`]), is the caller's fallback where no window fits (a
//! board under about 25 a side): many short tries find finishes that one
//! long backtracking search gets lost before.
//!
//! Nothing here is given out unchecked: the caller checks the joined path
//! as it checks any finish, and searches the whole board when this gives
//! nothing.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use crate::board::{Board, Square};
use crate::cache::Cache;
use crate::deadline::Deadline;
use crate::grid::Int;
use crate::tour::kinds::Ending;

mod cutting;
mod join;
mod rect;
mod sweep;

use cutting::{Cutting, Inside, Plan, ENDS_TRIED, PORTAL_TRIES};
use rect::{apart, crossings, shade, splits, touch, Rect};
pub(super) use sweep::restarts;
use sweep::{sweep, Aim, Tries};

/// Free files (and ranks) left round the played squares on each side of the
/// window, in the order tried: a margin of 2 often leaves a band too thin
/// for the search to sweep and come back along.
const MARGINS: [u32; 4] = [3, 4, 2, 5];

/// The least side of a piece.
const MIN_SIDE: u32 = 6;

/// The most squares a window may have.
const MAX_WINDOW: u64 = 40_000;

/// The most time the window's searches take (a quarter of the time limit
/// when that is less) before the whole board is searched instead, on
/// boards of at most [`CHECKED_SQUARES`] (on larger ones, three quarters
/// of the limit).
const MAX_TIME: Duration = Duration::from_millis(250);

/// Boards of at most this many squares are searched whole with the whole
/// position checked at every node when the window gives nothing (the
/// finish's checked search, linear in the squares a node): past it a node
/// costs more than the cuts save, and the window takes most of the time.
pub(super) const CHECKED_SQUARES: u64 = 4096;

/// The most chains a portal plan tries (and [`PORTAL_TRIES`] the most L,
/// and E for each L).
const PORTAL_CHAINS: usize = 4;

/// A whole tour of `board` beginning with `played` and ending as asked,
/// made by the window's searches and the constructions; None when this
/// method does not apply or found none (the caller then searches the
/// whole board). Not checked here: the caller checks it.
pub(super) fn finish_in_window(
    board: Board,
    played: &[Square],
    ending: Ending,
    max_squares: u64,
    deadline: &Deadline,
) -> Option<Vec<Square>> {
    let width = u32::try_from(board.width()).ok()?;
    let height = u32::try_from(board.height()).ok()?;
    let taken: HashSet<Square> = played.iter().copied().collect();
    let lasts = last_squares(board, played, &taken, ending)?;
    let cache = Cache::default();
    // The window's tries may take a share of the time, capped: when they
    // fail the whole board is searched. Past the boards the whole-position
    // checked search covers, that search rarely finishes where the window
    // does not: most of the time is the window's.
    let left = deadline.left();
    let share = if board.squares() > CHECKED_SQUARES {
        left * 3 / 4
    } else {
        (left / 4).min(MAX_TIME)
    };
    let deadline = deadline.sooner(share);
    for swap in [false, true] {
        // Transposing is its own inverse.
        let turn = |s: Square| {
            if swap {
                Square::new(s.rank(), s.file())
            } else {
                s
            }
        };
        let (w, h) = if swap {
            (height, width)
        } else {
            (width, height)
        };
        let mut cut = Cutting {
            w,
            h,
            played: played.iter().map(|&s| turn(s)).collect(),
            taken: taken.iter().map(|&s| turn(s)).collect(),
            max_squares,
            deadline: deadline.clone(),
            cache: &cache,
            swept: HashMap::new(),
            portals: HashMap::new(),
        };
        for &last in &lasts {
            if let Some(path) = cut.finish(last.map(turn)) {
                return Some(path.into_iter().map(turn).collect());
            }
        }
    }
    None
}

/// The squares the tour may be asked to end on, for the window: None (an
/// open tour, anywhere), the asked end, each free square one move from the
/// first square of a closed tour, or the one square the played squares left
/// with a single way in (which can only be last). None at all when an
/// unplayed square next to the played ones has no way in, or two have one,
/// or one with one way in is not where the tour must end: no finish (the
/// caller's checks say why).
fn last_squares(
    board: Board,
    played: &[Square],
    taken: &HashSet<Square>,
    ending: Ending,
) -> Option<Vec<Option<Square>>> {
    let (&first, &knight) = played.first().zip(played.last())?;
    // The colours: the unplayed squares alternate from the knight's other
    // colour, and the last of them must suit the ending.
    let whole = Rect {
        x: 0,
        y: 0,
        w: u32::try_from(board.width()).ok()?,
        h: u32::try_from(board.height()).ok()?,
    };
    let played_even = played.iter().filter(|&&s| shade(s) == 0).count().u64();
    let free = whole.area().checked_sub(played.len().u64())?;
    let free_even = whole.even_squares().checked_sub(played_even)?;
    let want_even = if shade(knight) == 0 {
        free / 2
    } else {
        free.div_ceil(2)
    };
    let last_shade = (shade(knight) + free) % 2;
    let last_fits = match ending {
        Ending::Open => true,
        Ending::Closed => shade(first) != last_shade,
        Ending::End(end) => shade(end) == last_shade,
    };
    if free_even != want_even || !last_fits {
        return None;
    }
    let mut seen = HashSet::new();
    let mut dead = None;
    // Only squares next to the played ones have lost ways in.
    for s in played.iter().flat_map(|&p| board.knight_moves(p)) {
        if taken.contains(&s) || !seen.insert(s) {
            continue;
        }
        let free = board.knight_moves(s).filter(|t| !taken.contains(t)).count();
        match (free, s.is_knight_move_to(knight)) {
            (0, _) => return None,
            (1, false) if dead.is_none() => dead = Some(s),
            (1, false) => return None,
            _ => {}
        }
    }
    match ending {
        Ending::Open => Some(vec![dead]),
        Ending::End(end) => {
            (dead.is_none_or(|d| d == end) && !taken.contains(&end)).then(|| vec![Some(end)])
        }
        Ending::Closed => {
            let near: Vec<Square> = board
                .knight_moves(first)
                .filter(|s| !taken.contains(s))
                .collect();
            match dead {
                Some(d) => near.contains(&d).then(|| vec![Some(d)]),
                None => Some(near.into_iter().map(Some).collect()),
            }
        }
    }
}

impl Cutting<'_> {
    fn out_of_time(&self) -> bool {
        self.deadline.passed()
    }

    /// The tour, ending on `last` when given, by the first window that
    /// works.
    fn finish(&mut self, last: Option<Square>) -> Option<Vec<Square>> {
        for window in self.windows() {
            if self.out_of_time() {
                return None;
            }
            let pieces = self.pieces(window);
            if pieces.is_empty() {
                continue;
            }
            // An end beyond a window on one edge may lie in the band that
            // touches both other pieces, which no chain of three ends in:
            // the capped cut's four pieces make a ring again.
            let capped = match last {
                Some(t) if pieces.len() == 3 && !window.contains(t) => self.capped(window),
                _ => None,
            };
            for pieces in std::iter::once(pieces).chain(capped) {
                if let Some(path) = self.by_cut(window, &pieces, last) {
                    return Some(path);
                }
            }
        }
        None
    }

    /// The tour by the window and its pieces, ending on `last` when given.
    fn by_cut(
        &mut self,
        window: Rect,
        pieces: &[Rect],
        last: Option<Square>,
    ) -> Option<Vec<Square>> {
        let plans: Vec<Plan> = match last {
            Some(t) if window.contains(t) => {
                let knight = *self.played.last()?;
                let portal = Plan {
                    first: window,
                    second: Some(window),
                    last,
                    portal: true,
                };
                let split = splits(window, knight, t)
                    .into_iter()
                    .map(|(first, second)| Plan {
                        first,
                        second: Some(second),
                        last,
                        portal: false,
                    });
                std::iter::once(portal).chain(split).collect()
            }
            _ => vec![Plan {
                first: window,
                second: None,
                last,
                portal: false,
            }],
        };
        for plan in plans {
            if let Some(path) = self.by_plan(plan, pieces) {
                return Some(path);
            }
        }
        None
    }

    /// The windows worth trying, in order: each side's margin from
    /// [`MARGINS`] (the smaller margins' order first, then smaller
    /// windows), a side moved out to the board's edge where it would leave
    /// a piece thinner than [`MIN_SIDE`].
    fn windows(&self) -> Vec<Rect> {
        let (mut low, mut high) = ((u32::MAX, u32::MAX), (0, 0));
        for &s in &self.played {
            low = (low.0.min(s.file()), low.1.min(s.rank()));
            high = (high.0.max(s.file()), high.1.max(s.rank()));
        }
        let (w, h) = (self.w, self.h);
        let mut found: Vec<(usize, u64, Rect)> = Vec::new();
        let mut seen = HashSet::new();
        let margins = MARGINS.iter().copied().enumerate();
        for (i, left) in margins.clone() {
            for (j, right) in margins.clone() {
                for (k, below) in margins.clone() {
                    for (l, above) in margins.clone() {
                        let snap_low = |at: u32, m: u32| match at.saturating_sub(m) {
                            x if x < MIN_SIDE => 0,
                            x => x,
                        };
                        let snap_high = |at: u32, m: u32, side: u32| match at + 1 + m {
                            x if x + MIN_SIDE > side => side,
                            x => x,
                        };
                        let (x0, x1) = (snap_low(low.0, left), snap_high(high.0, right, w));
                        let (y0, y1) = (snap_low(low.1, below), snap_high(high.1, above, h));
                        let rect = Rect {
                            x: x0,
                            y: y0,
                            w: x1 - x0,
                            h: y1 - y0,
                        };
                        let whole = x0 == 0 && y0 == 0 && x1 == w && y1 == h;
                        if whole || rect.area() > MAX_WINDOW || !seen.insert(rect) {
                            continue;
                        }
                        found.push((i.max(j).max(k).max(l), rect.area(), rect));
                    }
                }
            }
        }
        // Pieces of an odd number of squares last: the both-ends
        // construction can take seconds over some of them.
        let odd = |window: Rect| {
            let pieces = self.pieces(window);
            pieces.iter().filter(|p| p.area() % 2 == 1).count()
        };
        found.sort_by_cached_key(|&(order, area, window)| (odd(window), order, area));
        found.into_iter().map(|(_, _, r)| r).collect()
    }

    /// The pieces round `window`: below, right, above, left (a ring, each
    /// touching the next), the empty ones left out; none when one is too
    /// thin or too short to be toured by construction.
    fn pieces(&self, window: Rect) -> Vec<Rect> {
        let (w, h) = (self.w, self.h);
        let ring = [
            Rect {
                x: 0,
                y: 0,
                w,
                h: window.y,
            },
            Rect {
                x: window.right(),
                y: window.y,
                w: w - window.right(),
                h: window.h,
            },
            Rect {
                x: 0,
                y: window.top(),
                w,
                h: h - window.top(),
            },
            Rect {
                x: 0,
                y: window.y,
                w: window.x,
                h: window.h,
            },
        ];
        let pieces: Vec<Rect> = ring.into_iter().filter(|p| !p.is_empty()).collect();
        // Both sides at least 5 and one at least 10: the blocks cut it.
        let toured = |p: &Rect| p.w.min(p.h) >= MIN_SIDE && p.w.max(p.h) >= 10;
        if pieces.iter().all(toured) {
            pieces
        } else {
            Vec::new()
        }
    }

    /// The pieces round a window on the bottom (or top) edge alone, capped:
    /// a band of [`MIN_SIDE`] ranks on the window's other side, as wide as
    /// the window; the parts left and right of window and cap together;
    /// and the band of the board's whole width beyond. The four touch in a
    /// ring (left, cap, right, band), as round a window in the middle. None
    /// when the window is not on one such edge or a piece is too small.
    fn capped(&self, window: Rect) -> Option<Vec<Rect>> {
        let (w, h) = (self.w, self.h);
        if window.x == 0 || window.right() == w {
            return None;
        }
        let (cap, band, y, tall) = if window.y == 0 && window.top() < h {
            let cap = Rect {
                y: window.top(),
                h: MIN_SIDE,
                ..window
            };
            let band = Rect {
                x: 0,
                y: cap.top(),
                w,
                h: h.checked_sub(cap.top())?,
            };
            (cap, band, 0, cap.top())
        } else if window.top() == h && window.y > 0 {
            let y = window.y.checked_sub(MIN_SIDE)?;
            let cap = Rect {
                y,
                h: MIN_SIDE,
                ..window
            };
            let band = Rect {
                x: 0,
                y: 0,
                w,
                h: y,
            };
            (cap, band, y, h - y)
        } else {
            return None;
        };
        let left = Rect {
            x: 0,
            y,
            w: window.x,
            h: tall,
        };
        let right = Rect {
            x: window.right(),
            y,
            w: w - window.right(),
            h: tall,
        };
        let pieces = vec![left, cap, right, band];
        let toured = |p: &Rect| p.w.min(p.h) >= MIN_SIDE && p.w.max(p.h) >= 10;
        pieces.iter().all(toured).then_some(pieces)
    }

    /// The tour by `plan`, trying each chain of the pieces, each end L of the
    /// first path and each join.
    fn by_plan(&mut self, plan: Plan, pieces: &[Rect]) -> Option<Vec<Square>> {
        let knight = *self.played.last()?;
        let first = plan.first;
        let free = first.area() - self.played_in(first);
        if plan.portal {
            return self.by_portal(plan, pieces);
        }
        if !self.balanced(first, knight, free) {
            return None;
        }
        // The colour the knight stands on after R1's last unplayed square.
        let l_shade = (shade(knight) + free) % 2;
        for chain in chains(pieces, plan) {
            let mut ends: Vec<(Square, Square)> = crossings(first, chain[0])
                .into_iter()
                .filter(|&(l, _)| shade(l) == l_shade && !self.taken.contains(&l))
                .filter(|&(l, _)| Some(l) != plan.last)
                .collect();
            // Farthest from the knight first: the path sweeps away from it
            // and ends where it sweeps to.
            ends.sort_by_key(|&(l, _)| std::cmp::Reverse(apart(l, knight)));
            let mut each = ends.clone();
            each.dedup_by_key(|e| e.0);
            // A glance at each, then the full searches: first one search
            // that may end on any of them, then each.
            for tries in [Tries::Glance, Tries::Window] {
                let any: Vec<Square> = sorted_ends(&ends);
                if let Some(inside) = self.sweep_to(first, knight, any, tries) {
                    let l = *inside.last()?;
                    for &(_, e) in ends.iter().filter(|end| end.0 == l) {
                        if let Some(path) = self.join(plan, &chain, e, Inside::Path(&inside)) {
                            return Some(path);
                        }
                    }
                }
                for &(l, e) in each.iter().take(ENDS_TRIED) {
                    if self.out_of_time() {
                        return None;
                    }
                    let Some(inside) = self.sweep_to(first, knight, vec![l], tries) else {
                        continue;
                    };
                    if let Some(path) = self.join(plan, &chain, e, Inside::Path(&inside)) {
                        return Some(path);
                    }
                }
            }
        }
        None
    }

    /// The tour by a portal plan: for each chain and each L (the chain's
    /// first entry one move away), the joins, then E and the one search.
    fn by_portal(&mut self, plan: Plan, pieces: &[Rect]) -> Option<Vec<Square>> {
        let knight = *self.played.last()?;
        for chain in chains(pieces, plan).into_iter().take(PORTAL_CHAINS) {
            let mut ends: Vec<(Square, Square)> = crossings(plan.first, chain[0])
                .into_iter()
                .filter(|&(l, _)| !self.taken.contains(&l) && Some(l) != plan.last)
                .collect();
            ends.sort_by_key(|&(l, _)| apart(l, knight));
            ends.dedup_by_key(|e| e.0);
            for (l, e) in ends.into_iter().take(PORTAL_TRIES) {
                if self.out_of_time() {
                    return None;
                }
                if let Some(path) = self.join(plan, &chain, e, Inside::Portal(l)) {
                    return Some(path);
                }
            }
        }
        None
    }

    /// How many unplayed squares of `rect` are of each shade (0, 1).
    fn free_shades(&self, rect: Rect) -> (u64, u64) {
        let (mut even, mut odd) = (rect.even_squares(), rect.area() - rect.even_squares());
        for &s in self.played.iter().filter(|&&s| rect.contains(s)) {
            if shade(s) == 0 {
                even -= 1;
            } else {
                odd -= 1;
            }
        }
        (even, odd)
    }

    /// Whether a path from the knight over the unplayed squares of the
    /// window that steps L → E once (the pieces between: their squares
    /// make that step keep or change the colour) and ends on t can hold
    /// the window's colours: the squares up to L alternate from the knight,
    /// those from E to t from E, so the counts of each part follow from
    /// the colours of L, E and t.
    fn portal_colours(&self, window: Rect, l: Square, e: Square, t: Square) -> bool {
        let knight = match self.played.last() {
            Some(&k) => k,
            None => return false,
        };
        let (even, odd) = self.free_shades(window);
        let free = even + odd;
        // Squares after the knight up to L (its parity), and from E to t.
        let before = (shade(l) + 2 - shade(knight)) % 2;
        let after = (free + 2 - before) % 2;
        if (shade(e) + after + 1) % 2 != shade(t) {
            return false;
        }
        // Counts: each part alternates; an odd part has one more of its
        // first square's colour.
        let first_shade = 1 - shade(knight);
        let mut surplus = [0i64; 2];
        surplus[first_shade.usize()] += i64::from(before == 1);
        surplus[shade(e).usize()] += i64::from(after == 1);
        let want = surplus[0] - surplus[1];
        let have = i64::try_from(even).unwrap_or(i64::MAX) - i64::try_from(odd).unwrap_or(0);
        want == have
    }

    /// How many played squares lie in `rect`.
    fn played_in(&self, rect: Rect) -> u64 {
        self.played
            .iter()
            .filter(|&&s| rect.contains(s))
            .count()
            .u64()
    }

    /// Whether the `free` unplayed squares of `rect` (`start` among them or
    /// not) hold the colours a path from `start` alternates through: of the
    /// squares after `start`, half rounded up of the other colour.
    fn balanced(&self, rect: Rect, start: Square, free: u64) -> bool {
        let played_even = self
            .played
            .iter()
            .filter(|&&s| rect.contains(s) && shade(s) == 0)
            .count()
            .u64();
        let Some(free_even) = rect.even_squares().checked_sub(played_even) else {
            return false;
        };
        // The squares after `start`: those free, less `start` when free.
        let starts_free = rect.contains(start) && !self.taken.contains(&start);
        let after = free - u64::from(starts_free);
        let after_even = free_even - u64::from(starts_free && shade(start) == 0);
        let want_even = if shade(start) == 0 {
            after / 2
        } else {
            after.div_ceil(2)
        };
        after_even == want_even
    }

    /// The path from `start` over every unplayed square of `rect` (the
    /// played squares in it are blocked; `start` is the knight's square or
    /// a free one), ending on `end`: the squares after `start`. Made once.
    fn sweep(&mut self, rect: Rect, start: Square, end: Square) -> Option<Vec<Square>> {
        self.sweep_to(rect, start, vec![end], Tries::Window)
    }

    /// As [`Cutting::sweep`], ending on any square of `ends`, tried as
    /// `tries` says.
    fn sweep_to(
        &mut self,
        rect: Rect,
        start: Square,
        ends: Vec<Square>,
        tries: Tries,
    ) -> Option<Vec<Square>> {
        let key = (rect, start, ends, tries);
        if let Some(known) = self.swept.get(&key) {
            return known.clone();
        }
        let mut blocked: Vec<Square> = self
            .played
            .iter()
            .filter(|&&s| rect.contains(s) && s != start)
            .map(|&s| rect.local(s))
            .collect();
        blocked.push(rect.local(start));
        let found = rect.board().and_then(|board| {
            let goal = match &key.2[..] {
                [end] => Aim::On(rect.local(*end)),
                ends => Aim::Among(ends.iter().map(|&s| rect.local(s)).collect()),
            };
            let path = sweep(board, &blocked, goal, (tries, None), &self.deadline)?;
            Some(
                path.into_iter()
                    .map(|s| Square::new(s.file() + rect.x, s.rank() + rect.y))
                    .collect(),
            )
        });
        self.swept.insert(key, found.clone());
        found
    }
}

/// The squares L of `ends`, once each, in rank order: the ends a first
/// search may reach any of.
fn sorted_ends(ends: &[(Square, Square)]) -> Vec<Square> {
    let mut any: Vec<Square> = ends.iter().map(|e| e.0).collect();
    any.sort_unstable_by_key(|s| (s.rank(), s.file()));
    any.dedup();
    any
}

/// The orders of the pieces in which each touches the next, the first
/// touching the plan's first part, the last touching its second (or
/// holding its last square).
fn chains(pieces: &[Rect], plan: Plan) -> Vec<Vec<Rect>> {
    let n = pieces.len();
    let mut found = Vec::new();
    let mut order: Vec<usize> = Vec::with_capacity(n);
    fn grow(pieces: &[Rect], plan: Plan, order: &mut Vec<usize>, found: &mut Vec<Vec<Rect>>) {
        if order.len() == pieces.len() {
            let last = pieces[order[order.len() - 1]];
            let ends_right = match (plan.second, plan.last) {
                (Some(second), _) => touch(last, second),
                (None, Some(t)) => last.contains(t),
                (None, None) => true,
            };
            if ends_right {
                found.push(order.iter().map(|&i| pieces[i]).collect());
            }
            return;
        }
        for i in 0..pieces.len() {
            if order.contains(&i) {
                continue;
            }
            let fits = match order.last() {
                None => touch(plan.first, pieces[i]),
                Some(&j) => touch(pieces[j], pieces[i]),
            };
            if fits {
                order.push(i);
                grow(pieces, plan, order, found);
                order.pop();
            }
        }
    }
    if n > 0 {
        grow(pieces, plan, &mut order, &mut found);
    }
    // An open tour's last piece is toured by the block construction, read
    // from its entry, faster than the both-ends construction: the largest
    // last.
    if plan.second.is_none() && plan.last.is_none() {
        found.sort_by_key(|chain| chain.last().map(|p| std::cmp::Reverse(p.area())));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x: u32, y: u32, w: u32, h: u32) -> Rect {
        Rect { x, y, w, h }
    }

    /// Every crossing is a knight move from the first rectangle into the
    /// second; rectangles that do not touch have none.
    #[test]
    fn crossings_are_knight_moves_between_the_rectangles() {
        let window = rect(10, 10, 8, 6);
        let sides = [
            rect(0, 0, 40, 10),
            rect(18, 10, 22, 6),
            rect(0, 16, 40, 20),
            rect(0, 10, 10, 6),
        ];
        for &piece in &sides {
            let found = crossings(window, piece);
            assert!(!found.is_empty() && touch(window, piece), "{piece:?}");
            for (a, b) in found {
                assert!(window.contains(a) && piece.contains(b), "{a} {b}");
                assert!(a.is_knight_move_to(b), "{a} {b}");
            }
        }
        assert!(crossings(sides[0], sides[2]).is_empty());
        assert!(!touch(sides[0], sides[2]));
    }

    /// A window in the middle has four pieces, which with it cover the
    /// board once; the chains run round the ring.
    #[test]
    fn pieces_and_window_cover_the_board() {
        let cut = Cutting {
            w: 40,
            h: 36,
            played: vec![Square::new(14, 12)],
            taken: HashSet::from([Square::new(14, 12)]),
            max_squares: 1_000_000,
            deadline: Deadline::from(Duration::ZERO),
            cache: &Cache::default(),
            swept: HashMap::new(),
            portals: HashMap::new(),
        };
        let window = rect(10, 10, 8, 6);
        let pieces = cut.pieces(window);
        assert_eq!(pieces.len(), 4);
        let mut seen = vec![0u8; 40 * 36];
        for r in std::iter::once(window).chain(pieces.iter().copied()) {
            for i in 0..r.area() {
                let s = r.square_at(i.u32());
                seen[(s.rank() * 40 + s.file()).usize()] += 1;
            }
        }
        assert!(seen.iter().all(|&c| c == 1));
        let plan = Plan {
            first: window,
            second: None,
            last: None,
            portal: false,
        };
        // Four starts, two ways round each.
        assert_eq!(chains(&pieces, plan).len(), 8);
    }

    /// A window on the bottom or the top edge, capped: its four pieces and
    /// it cover the board once, and for a square in any piece a chain from
    /// the window ends in that piece (with three pieces, none ends in the
    /// band beyond).
    #[test]
    fn a_capped_window_rings_its_pieces() {
        let (w, h) = (40u32, 36u32);
        let cut = Cutting {
            w,
            h,
            played: vec![Square::new(14, 1)],
            taken: HashSet::from([Square::new(14, 1)]),
            max_squares: 1_000_000,
            deadline: Deadline::from(Duration::ZERO),
            cache: &Cache::default(),
            swept: HashMap::new(),
            portals: HashMap::new(),
        };
        for window in [rect(10, 0, 12, 7), rect(10, 29, 12, 7)] {
            let three = cut.pieces(window);
            assert_eq!(three.len(), 3, "{window:?}");
            let pieces = cut.capped(window).expect("a capped cut");
            assert_eq!(pieces.len(), 4);
            let mut seen = vec![0u8; (w * h).usize()];
            for r in std::iter::once(window).chain(pieces.iter().copied()) {
                for i in 0..r.area() {
                    let s = r.square_at(i.u32());
                    seen[(s.rank() * w + s.file()).usize()] += 1;
                }
            }
            assert!(seen.iter().all(|&c| c == 1), "{window:?}");
            let plan = |t: Square| Plan {
                first: window,
                second: None,
                last: Some(t),
                portal: false,
            };
            for &piece in &pieces {
                let t = piece.square_at(piece.area().u32() / 2);
                assert!(!chains(&pieces, plan(t)).is_empty(), "{window:?} {piece:?}");
            }
            // The band beyond, the board's whole width: of the three, the
            // piece touching both others.
            let band = *three.iter().find(|p| p.w == w).expect("a band");
            let t = band.square_at(band.area().u32() / 2);
            assert!(chains(&three, plan(t)).is_empty(), "{window:?} {band:?}");
        }
        // A window on no edge, or on a side edge, is not capped.
        assert!(cut.capped(rect(10, 10, 12, 7)).is_none());
        assert!(cut.capped(rect(0, 0, 12, 7)).is_none());
    }
}
