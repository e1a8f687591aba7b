//! The joins of a window's cut: the pieces' tours, each from its entry to
//! an exit one knight move from the next piece's entry (the both-ends
//! construction), the last open piece's by the block construction, and,
//! where the tour ends in the window, the way back in (a second part's
//! path, or the window's one path through a portal).

use super::cutting::{Cutting, Inside, Plan, ENDS_TRIED, LINKS_TRIED, PORTAL_TRIES};
use super::rect::{apart, crossings, shade, Rect};
use super::sweep::{sweep, Aim, Tries};
use crate::board::Square;
use crate::grid::Int;
use crate::tour::building::{constructed, ruled_out, ruled_out_between, IndexedTour};

impl Cutting<'_> {
    /// The pieces' joins along `chain` from the entry `entry` of its first
    /// piece, then (in R2, when the plan has one) the path to the last
    /// square, then the pieces built: the whole tour, or None.
    pub(super) fn join(
        &mut self,
        plan: Plan,
        chain: &[Rect],
        entry: Square,
        inside: Inside<'_>,
    ) -> Option<Vec<Square>> {
        let mut links = Vec::with_capacity(chain.len());
        let portal = match inside {
            Inside::Path(_) => None,
            Inside::Portal(l) => Some(l),
        };
        let (before, tail) = self.link(plan, chain, entry, portal, &mut links)?;
        let mut path = Vec::with_capacity((u64::from(self.w) * u64::from(self.h)).usize());
        path.extend_from_slice(&self.played);
        if let Inside::Path(inside) = inside {
            path.extend_from_slice(inside);
        }
        path.extend_from_slice(&before);
        for (k, (&piece, &(from, to))) in chain.iter().zip(&links).enumerate() {
            let board = piece.board()?;
            let (pw, ph) = (board.width(), board.height());
            let (from, to_local) = (piece.local(from), to.map(|t| piece.local(t)));
            let order = match to_local {
                Some(to) => constructed(pw, ph, from, to, self.cache)?,
                None => {
                    debug_assert_eq!(k + 1, chain.len());
                    IndexedTour::new(board, from, false, self.max_squares, self.cache)
                        .and_then(|t| t.build(self.max_squares))
                        .ok()?
                }
            };
            path.extend(order.into_iter().map(|i| piece.square_at(i)));
        }
        path.extend(tail);
        Some(path)
    }

    /// Chooses each piece's exit (and so the next one's entry) by depth-first
    /// choice among a few joins, each passing the both-ends theorems; fills
    /// `links` with each piece's (entry, exit) (exit None: the last piece of
    /// an open tour) and gives the squares after the last piece (R2's path,
    /// or none).
    fn link(
        &mut self,
        plan: Plan,
        chain: &[Rect],
        entry: Square,
        portal: Option<Square>,
        links: &mut Vec<(Square, Option<Square>)>,
    ) -> Option<(Vec<Square>, Vec<Square>)> {
        let k = links.len();
        let piece = chain[k];
        let local = |s: Square| piece.local(s);
        let possible = |from: Square, to: Square| {
            ruled_out_between(piece.w.into(), piece.h.into(), local(from), local(to)).is_none()
        };
        let exit_shade = (shade(entry) + piece.area() - 1) % 2;
        if k + 1 == chain.len() {
            match plan.second {
                None => {
                    return match plan.last {
                        Some(t) => possible(entry, t).then(|| {
                            links.push((entry, Some(t)));
                            (Vec::new(), Vec::new())
                        }),
                        None => {
                            let (fx, fy) = (local(entry).file(), local(entry).rank());
                            let ruled = ruled_out(
                                piece.w.into(),
                                piece.h.into(),
                                fx.into(),
                                fy.into(),
                                false,
                            );
                            ruled.is_none().then(|| {
                                links.push((entry, None));
                                (Vec::new(), Vec::new())
                            })
                        }
                    };
                }
                Some(second) => {
                    let t = plan.last?;
                    let mut starts: Vec<(Square, Square)> = crossings(piece, second)
                        .into_iter()
                        .filter(|&(x, e)| {
                            shade(x) == exit_shade && !self.taken.contains(&e) && e != t
                        })
                        .filter(|&(x, _)| x != entry && possible(entry, x))
                        .collect();
                    starts.sort_by_key(|&(_, e)| std::cmp::Reverse(apart(e, t)));
                    starts.dedup_by_key(|s| s.1);
                    if let Some(l) = portal {
                        return self.through_portal(plan.first, (l, t), starts, entry, links);
                    }
                    let free = second.area() - self.played_in(second);
                    for (x, e) in starts.into_iter().take(ENDS_TRIED) {
                        // The path from e alternates to t's colour.
                        let ends_on = (shade(e) + free - 1) % 2;
                        if self.out_of_time()
                            || ends_on != shade(t)
                            || !self.balanced(second, e, free)
                        {
                            continue;
                        }
                        if let Some(rest) = self.sweep(second, e, t) {
                            links.push((entry, Some(x)));
                            let mut tail = vec![e];
                            tail.extend(rest);
                            return Some((Vec::new(), tail));
                        }
                    }
                    return None;
                }
            }
        }
        let next = chain[k + 1];
        let joins: Vec<(Square, Square)> = crossings(piece, next)
            .into_iter()
            .filter(|&(y, f)| shade(y) == exit_shade && y != entry && Some(f) != plan.last)
            .filter(|&(y, _)| possible(entry, y))
            .take(LINKS_TRIED)
            .collect();
        for (y, f) in joins {
            links.push((entry, Some(y)));
            if let Some(tail) = self.link(plan, chain, f, portal, links) {
                return Some(tail);
            }
            links.truncate(k);
        }
        None
    }

    /// The window's one path with the portal L → E, for each E of
    /// `starts` (with the last piece's exit x one move away) that the
    /// colours allow: the squares after the knight up to L, and from E to
    /// t.
    fn through_portal(
        &mut self,
        window: Rect,
        (l, t): (Square, Square),
        starts: Vec<(Square, Square)>,
        entry: Square,
        links: &mut Vec<(Square, Option<Square>)>,
    ) -> Option<(Vec<Square>, Vec<Square>)> {
        let knight = *self.played.last()?;
        let tried: Vec<(Square, Square)> = starts
            .into_iter()
            .filter(|&(_, e)| e != l && self.portal_colours(window, l, e, t))
            .take(PORTAL_TRIES)
            .collect();
        for (x, e) in tried {
            if self.out_of_time() {
                return None;
            }
            let key = (window, l, e, t);
            let found = match self.portals.get(&key) {
                Some(known) => known.clone(),
                None => {
                    let mut blocked: Vec<Square> = self
                        .played
                        .iter()
                        .filter(|&&s| window.contains(s) && s != knight)
                        .map(|&s| window.local(s))
                        .collect();
                    blocked.push(window.local(knight));
                    let board = window.board()?;
                    let aim = Aim::On(window.local(t));
                    let portal = Some((window.local(l), window.local(e)));
                    let tries = (Tries::Window, portal);
                    let found = sweep(board, &blocked, aim, tries, &self.deadline);
                    self.portals.insert(key, found.clone());
                    found
                }
            };
            let Some(path) = found else {
                continue;
            };
            let global = |s: Square| Square::new(s.file() + window.x, s.rank() + window.y);
            let cut = path.iter().position(|&s| global(s) == l)?;
            links.push((entry, Some(x)));
            let before = path[..=cut].iter().map(|&s| global(s)).collect();
            let after = path[cut + 1..].iter().map(|&s| global(s)).collect();
            return Some((before, after));
        }
        None
    }
}
