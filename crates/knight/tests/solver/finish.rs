//! Finishing a partly played tour, against the exhaustive search of
//! `knight_reference::tours::finishable` on thousands of seeded prefixes of the 5×5,
//! 5×6 and 6×6 boards: a tour is given exactly when the reference finds one,
//! every tour is checked square by square, and every reason given for
//! "none" is checked true of the position, here, with no help from the
//! solver. Seeded 8×8 prefixes are all settled.

use std::collections::HashSet;
use std::time::Duration;

use knight::terrain::Reason;
use knight::tour::{last_finish_nodes, Ending, Stuck};
use knight::{finish_tour, Board, Colour, FinishError, FinishRequest, Square};
use knight_reference::tours::{
    assert_tour, finishable, is_knight_move, moves_from, random_walk, FinishEnd, Mix, Xy,
};

fn xy(square: Square) -> Xy {
    (u64::from(square.file()), u64::from(square.rank()))
}

fn square((f, r): Xy) -> Square {
    Square::new(f.try_into().unwrap(), r.try_into().unwrap())
}

fn light((f, r): Xy) -> bool {
    (f + r) % 2 == 1
}

/// What the solver says of `played` on the `w` × `h` board.
fn solve(w: u64, h: u64, played: &[Xy], end: FinishEnd) -> Result<Vec<Xy>, FinishError> {
    let squares: Vec<Square> = played.iter().copied().map(square).collect();
    let ending = match end {
        FinishEnd::Open => Ending::Open,
        FinishEnd::Closed => Ending::Closed,
        FinishEnd::On(e) => Ending::End(square(e)),
    };
    let request = FinishRequest {
        board: Board::new(w, h).unwrap(),
        played: &squares,
        ending,
    };
    finish_tour(request, 1_000_000, Duration::from_secs(60))
        .map(|done| done.path.into_iter().map(xy).collect())
}

/// The position as the reasons speak of it: the unplayed squares and the
/// knight's square.
struct Position {
    w: u64,
    h: u64,
    played: Vec<Xy>,
    unplayed: HashSet<Xy>,
    end: FinishEnd,
}

impl Position {
    fn new(w: u64, h: u64, played: &[Xy], end: FinishEnd) -> Position {
        let unplayed = (0..h)
            .flat_map(|r| (0..w).map(move |f| (f, r)))
            .filter(|sq| !played.contains(sq))
            .collect();
        Position {
            w,
            h,
            played: played.to_vec(),
            unplayed,
            end,
        }
    }

    fn knight(&self) -> Xy {
        self.played[self.played.len() - 1]
    }

    /// Unplayed squares one move away, and 1 more if the knight is.
    fn ways_in(&self, sq: Xy) -> usize {
        moves_from(self.w, self.h, sq)
            .filter(|n| self.unplayed.contains(n) || *n == self.knight())
            .count()
    }

    fn unplayed_neighbours(&self, sq: Xy) -> usize {
        moves_from(self.w, self.h, sq)
            .filter(|n| self.unplayed.contains(n))
            .count()
    }

    /// The parts the unplayed squares fall into.
    fn parts(&self) -> Vec<HashSet<Xy>> {
        let mut left = self.unplayed.clone();
        let mut parts = Vec::new();
        while let Some(&seed) = left.iter().next() {
            let mut part = HashSet::from([seed]);
            let mut stack = vec![seed];
            left.remove(&seed);
            while let Some(sq) = stack.pop() {
                for n in moves_from(self.w, self.h, sq) {
                    if left.remove(&n) {
                        part.insert(n);
                        stack.push(n);
                    }
                }
            }
            parts.push(part);
        }
        parts
    }

    /// Whether the last square's colour is wrong for the target as said:
    /// after `n` moves the knight stands on `last`.
    fn last_colour_holds(&self, target: Square, closed: bool, last: &str, n: u64) -> bool {
        let knight = self.knight();
        let left = u64::try_from(self.unplayed.len()).unwrap();
        let target_is = match self.end {
            FinishEnd::Closed => closed && xy(target) == self.played[0],
            FinishEnd::On(e) => !closed && xy(target) == e,
            FinishEnd::Open => false,
        };
        // The knight stands on its own colour after an even number of
        // moves.
        let last_light = light(knight) == (n % 2 == 0);
        let target_light = light(xy(target));
        n == left
            && target_is
            && (last == "light") == last_light
            && if closed {
                target_light == last_light
            } else {
                target_light != last_light
            }
    }

    /// Whether `s` has one way in and is of the colour the knight does not
    /// end on after `n` moves (standing on `last`).
    fn dead_end_colour_holds(&self, s: Xy, last: &str, n: u64) -> bool {
        let left = u64::try_from(self.unplayed.len()).unwrap();
        // After an even number of moves the knight stands on its own
        // colour.
        let last_light = light(self.knight()) == (n % 2 == 0);
        n == left
            && self.unplayed.contains(&s)
            && self.ways_in(s) == 1
            && self.unplayed_neighbours(s) == 1
            && (last == "light") == last_light
            && light(s) != last_light
    }

    /// Whether the unplayed squares fall into `parts` parts, the smallest
    /// of them `smallest`.
    fn split_holds(&self, parts: u64, smallest: &[Square], n: u64) -> bool {
        let left = u64::try_from(self.unplayed.len()).unwrap();
        let found = self.parts();
        let least = found.iter().map(HashSet::len).min().unwrap();
        let smallest: HashSet<Xy> = smallest.iter().copied().map(xy).collect();
        n == left
            && usize::try_from(parts).unwrap() == found.len()
            && found.len() > 1
            && smallest.len() == least
            && found.contains(&smallest)
    }

    /// Whether a theorem rules out every tour (closed when asked) of the
    /// board from the first square played.
    fn theorem_holds(&self, closed: bool) -> bool {
        let first = self.played[0];
        // The theorems, as stated here: Schwenk (closed tours) and
        // Conrad, Hindrichs, Morsy and Wegener (open tours), with
        // the colour rule of odd boards and the edge lines of
        // boards 4 wide.
        let (m, n) = (self.w.min(self.h), self.w.max(self.h));
        let odd = m % 2 == 1 && n % 2 == 1;
        let across = if self.w == 4 { first.0 } else { first.1 };
        let no_board =
            (m <= 2 && n > 1) || (m == 3 && matches!(n, 3 | 5 | 6)) || (m == 4 && n == 4);
        let no_closed = odd || m == 4 || (m == 3 && matches!(n, 4 | 6 | 8)) || n == 1;
        let no_start = (odd && light(first)) || (m == 4 && (across == 1 || across == 2));
        closed == (self.end == FinishEnd::Closed) && (no_board || (closed && no_closed) || no_start)
    }

    /// Panics unless `stuck` is true of this position.
    fn check(&self, stuck: &Stuck) {
        let first = self.played[0];
        let knight = self.knight();
        let left = u64::try_from(self.unplayed.len()).unwrap();
        let is_end = |sq: Xy| match self.end {
            FinishEnd::Open => true,
            FinishEnd::Closed => is_knight_move(sq, first),
            FinishEnd::On(e) => sq == e,
        };
        let target_is = |target: Square, closed: bool| match self.end {
            FinishEnd::Closed => closed && xy(target) == first,
            FinishEnd::On(e) => !closed && xy(target) == e,
            FinishEnd::Open => false,
        };
        let ok = match stuck {
            Stuck::DoesNotClose { first: f, last } => {
                left == 0
                    && self.end == FinishEnd::Closed
                    && xy(*f) == first
                    && xy(*last) == knight
                    && !is_knight_move(knight, first)
            }
            Stuck::EndPlayed { end } => {
                self.end == FinishEnd::On(xy(*end))
                    && self.played.contains(&xy(*end))
                    && (left > 0 || knight != xy(*end))
            }
            Stuck::NoMove { knight: k } => {
                xy(*k) == knight
                    && left > 0
                    && moves_from(self.w, self.h, knight).all(|n| !self.unplayed.contains(&n))
            }
            Stuck::FirstClosedIn { first: f } => {
                self.end == FinishEnd::Closed
                    && xy(*f) == first
                    && left > 0
                    && moves_from(self.w, self.h, first).all(|n| !self.unplayed.contains(&n))
            }
            Stuck::Colours {
                knight: k,
                light: l,
                dark: d,
            } => {
                let lights = self.unplayed.iter().filter(|&&sq| light(sq)).count();
                let (l, d) = (usize::try_from(*l).unwrap(), usize::try_from(*d).unwrap());
                let other = if light(knight) { d } else { l };
                xy(*k) == knight
                    && lights == l
                    && self.unplayed.len() - lights == d
                    && other != self.unplayed.len().div_ceil(2)
            }
            Stuck::LastColour {
                target,
                closed,
                last,
                left: n,
            } => self.last_colour_holds(*target, *closed, last.as_str(), *n),
            Stuck::Unenterable { square: s } => {
                self.unplayed.contains(&xy(*s)) && self.ways_in(xy(*s)) == 0
            }
            Stuck::Stranded {
                square: s,
                knight: k,
            } => {
                let s = xy(*s);
                xy(*k) == knight
                    && self.unplayed.contains(&s)
                    && is_knight_move(s, knight)
                    && self.unplayed_neighbours(s) == 0
                    && left > 1
            }
            Stuck::TwoDeadEnds {
                first: a,
                second: b,
            } => {
                let (a, b) = (xy(*a), xy(*b));
                a != b
                    && [a, b].iter().all(|&s| {
                        self.unplayed.contains(&s)
                            && self.ways_in(s) == 1
                            && self.unplayed_neighbours(s) == 1
                    })
            }
            Stuck::DeadEndNotLast {
                square: s,
                target,
                closed,
            } => {
                let s = xy(*s);
                self.unplayed.contains(&s)
                    && self.ways_in(s) == 1
                    && (self.unplayed_neighbours(s) == 1 || left == 1)
                    && target_is(*target, *closed)
                    && !is_end(s)
            }
            Stuck::DeadEndColour {
                square: s,
                last,
                left: n,
            } => self.dead_end_colour_holds(xy(*s), last.as_str(), *n),
            Stuck::Split {
                parts,
                smallest,
                left: n,
            } => self.split_holds(*parts, smallest, *n),
            Stuck::NoTourOfBoard {
                first: f,
                closed,
                why: _,
            } => xy(*f) == first && self.theorem_holds(*closed),
            // The reference's "none" is checked by the caller.
            Stuck::Exhausted { knight: k } => xy(*k) == knight,
            Stuck::NoTourBetween { first: f, end, .. } => {
                self.played.len() == 1 && xy(*f) == first && self.end == FinishEnd::On(xy(*end))
            }
        };
        assert!(
            ok,
            "{}x{} played {:?} end {:?}: the reason is not true: {stuck:?} ({stuck})",
            self.w, self.h, self.played, self.end
        );
    }
}

/// Every answer for `count` seeded prefixes of the `w` × `h` board against
/// the reference; how many were finished.
fn against_reference(w: u64, h: u64, count: usize, seed: u64) -> usize {
    let mut mix = Mix(seed);
    let squares = usize::try_from(w * h).unwrap();
    let mut finished = 0;
    for _ in 0..count {
        let len = 1 + usize::try_from(mix.below(w * h)).unwrap();
        let played = random_walk(w, h, len.min(squares), &mut mix);
        let end = match mix.below(4) {
            0 => FinishEnd::Closed,
            1 => FinishEnd::On((mix.below(w), mix.below(h))),
            _ => FinishEnd::Open,
        };
        let expected = finishable(w, h, &played, end);
        match solve(w, h, &played, end) {
            Ok(path) => {
                assert!(
                    expected,
                    "{w}x{h} {played:?} {end:?}: a tour where the reference finds none"
                );
                assert_tour(w, h, played[0], end == FinishEnd::Closed, &path);
                assert_eq!(&path[..played.len()], &played[..]);
                if let FinishEnd::On(e) = end {
                    assert_eq!(path[path.len() - 1], e);
                }
                finished += 1;
            }
            Err(FinishError::NoTour(stuck)) => {
                assert!(
                    !expected,
                    "{w}x{h} {played:?} {end:?}: no tour ({stuck}), but the reference finds one"
                );
                Position::new(w, h, &played, end).check(&stuck);
            }
            Err(other) => panic!("{w}x{h} {played:?} {end:?}: {other:?}"),
        }
    }
    finished
}

/// `count` samples in release, a fifth of them in a debug build.
fn sampled(count: usize) -> usize {
    if cfg!(debug_assertions) {
        count / 5
    } else {
        count
    }
}

#[test]
fn five_by_five_prefixes_match_exhaustive_search() {
    let finished = against_reference(5, 5, sampled(400), 1);
    assert!(finished > 0, "{finished} finished");
}

#[test]
fn five_by_six_prefixes_match_exhaustive_search() {
    let finished = against_reference(5, 6, sampled(300), 2);
    assert!(finished > 0, "{finished} finished");
}

#[test]
fn six_by_six_prefixes_match_exhaustive_search() {
    let finished = against_reference(6, 6, sampled(300), 3);
    assert!(finished > 0, "{finished} finished");
}

/// Narrow boards, where many squares have only two moves (so the forced
/// moves of the search do much of the work), against the reference.
#[test]
fn narrow_board_prefixes_match_exhaustive_search() {
    let mut finished = 0;
    for (w, h, seed) in [(3, 7, 31), (3, 8, 32), (4, 5, 33), (4, 6, 34), (4, 7, 35)] {
        finished += against_reference(w, h, sampled(300), seed);
    }
    assert!(finished > 0, "{finished} finished");
}

/// Thousands of prefixes of each board, in release:
/// `cargo test --release -p knight --test solver finish:: -- --include-ignored`.
#[test]
#[ignore = "long: run in release"]
fn thousands_of_prefixes_match_exhaustive_search() {
    for (w, h, seed) in [(5, 5, 21), (5, 6, 22), (6, 6, 23)] {
        let finished = against_reference(w, h, 3000, seed);
        assert!(finished > 50, "{w}x{h}: {finished} finished");
    }
    for (w, h, seed) in [(3, 8, 24), (4, 7, 25)] {
        against_reference(w, h, 3000, seed);
    }
}

/// Every reason the solver gives is met at least once among the samples
/// of the three boards, so each is checked above.
#[test]
fn every_reason_is_met() {
    let mut kinds = HashSet::new();
    for (w, h, seed) in [(5, 5, 11), (5, 6, 12), (6, 6, 13)] {
        let mut mix = Mix(seed);
        for _ in 0..150 {
            let len = 1 + usize::try_from(mix.below(w * h)).unwrap();
            let played = random_walk(w, h, len, &mut mix);
            let end = match mix.below(3) {
                0 => FinishEnd::Closed,
                1 => FinishEnd::On((mix.below(w), mix.below(h))),
                _ => FinishEnd::Open,
            };
            if let Err(FinishError::NoTour(stuck)) = solve(w, h, &played, end) {
                Position::new(w, h, &played, end).check(&stuck);
                kinds.insert(std::mem::discriminant(&stuck));
            }
        }
    }
    assert!(kinds.len() >= 10, "{} kinds of reason met", kinds.len());
    let dead_end_colour = Stuck::DeadEndColour {
        square: sq(0, 0),
        last: Colour::Dark,
        left: 0,
    };
    assert!(kinds.contains(&std::mem::discriminant(&dead_end_colour)));
}

/// Settles `count` seeded prefixes of the 8×8 board, 5 to 50 squares by
/// random walks (the example's kind), ending as `ending` picks: each is
/// finished (the tour checked) or proven to have no finish (the reason
/// checked true), within `time_limit` and `most_nodes` nodes. Gives how
/// many were finished.
fn settle_eight_by_eight(
    count: usize,
    seed: u64,
    time_limit: Duration,
    most_nodes: u64,
    mut ending: impl FnMut(&mut Mix) -> FinishEnd,
) -> usize {
    let mut mix = Mix(seed);
    let mut finished = 0;
    for _ in 0..count {
        let len = 5 + usize::try_from(mix.below(46)).unwrap();
        let played = random_walk(8, 8, len, &mut mix);
        let end = ending(&mut mix);
        let squares: Vec<Square> = played.iter().copied().map(square).collect();
        let request = FinishRequest {
            board: Board::CHESS,
            played: &squares,
            ending: match end {
                FinishEnd::Open => Ending::Open,
                FinishEnd::Closed => Ending::Closed,
                FinishEnd::On(e) => Ending::End(square(e)),
            },
        };
        match finish_tour(request, 1_000_000, time_limit) {
            Ok(done) => {
                let path: Vec<Xy> = done.path.into_iter().map(xy).collect();
                assert_tour(8, 8, played[0], end == FinishEnd::Closed, &path);
                assert_eq!(&path[..played.len()], &played[..]);
                if let FinishEnd::On(e) = end {
                    assert_eq!(path[path.len() - 1], e);
                }
                finished += 1;
            }
            Err(FinishError::NoTour(stuck)) => {
                Position::new(8, 8, &played, end).check(&stuck);
            }
            Err(other) => panic!("{played:?} {end:?}: {other:?}"),
        }
        let nodes = last_finish_nodes();
        assert!(
            nodes <= most_nodes,
            "{played:?} {end:?}: {nodes} nodes searched"
        );
    }
    finished
}

/// The time each 8×8 prefix is given: 1 s in release (the bound),
/// more in a debug build, which runs many times slower.
fn eight_by_eight_time() -> Duration {
    if cfg!(debug_assertions) {
        Duration::from_secs(20)
    } else {
        Duration::from_secs(1)
    }
}

/// A thousand seeded prefixes of the 8×8 board, open, are each settled:
/// finished, or proven to have no finish, each within 1 s in release and
/// within 1,000 nodes (a bound that does not depend on the machine).
#[test]
fn eight_by_eight_prefixes_are_settled() {
    let finished =
        settle_eight_by_eight(1000, 8, eight_by_eight_time(), 1_000, |_| FinishEnd::Open);
    assert!(finished > 50, "{finished} finished");
}

/// b2 c4 d2 b3 a5 b7 d6, once not settled in 30 s: a1's only way in is
/// c2, so a1 must be the last square, but after the 57 unplayed squares
/// the knight stands on a light square, and a1 is dark. Open, closed and
/// to a1, each is settled with a reason that is true.
#[test]
fn a_prefix_with_a_fixed_last_square_is_settled() {
    let played = [(1, 1), (2, 3), (3, 1), (1, 2), (0, 4), (1, 6), (3, 5)];
    for end in [FinishEnd::Open, FinishEnd::Closed, FinishEnd::On((0, 0))] {
        match solve(8, 8, &played, end) {
            Ok(path) => {
                assert_tour(8, 8, played[0], end == FinishEnd::Closed, &path);
                assert_eq!(&path[..played.len()], &played[..]);
                if end != FinishEnd::Closed {
                    assert_eq!(path[path.len() - 1], (0, 0), "{end:?}");
                }
            }
            Err(FinishError::NoTour(stuck)) => {
                Position::new(8, 8, &played, end).check(&stuck);
            }
            Err(other) => panic!("{end:?}: {other:?}"),
        }
        assert!(last_finish_nodes() <= 1_000, "{end:?}");
    }
    assert!(matches!(
        solve(8, 8, &played, FinishEnd::Open),
        Err(FinishError::NoTour(Stuck::DeadEndColour { left: 57, .. }))
    ));
}

/// Closed tours and tours to a given end, from seeded 8×8 prefixes, are
/// settled too.
#[test]
fn eight_by_eight_closed_and_ended_prefixes_are_settled() {
    let finished = settle_eight_by_eight(300, 9, eight_by_eight_time(), 1_000, |mix| {
        if mix.below(2) == 0 {
            FinishEnd::Closed
        } else {
            FinishEnd::On((mix.below(8), mix.below(8)))
        }
    });
    assert!(finished > 0, "{finished} finished");
}

/// From e3 c2 e1, a1's only way in left is b3, so a1 must be the last
/// square; but after the 61 unplayed squares the knight, from the dark e1,
/// stands on a light square, and a1 is dark.
#[test]
fn dead_end_of_the_wrong_colour() {
    let played = [(4, 2), (2, 1), (4, 0)];
    let Err(FinishError::NoTour(stuck)) = solve(8, 8, &played, FinishEnd::Open) else {
        panic!("e3 c2 e1 has no finish");
    };
    Position::new(8, 8, &played, FinishEnd::Open).check(&stuck);
    assert!(
        matches!(stuck, Stuck::DeadEndColour { square, left: 61, .. } if square == sq(0, 0)),
        "{stuck:?}"
    );
    assert!(stuck.to_string().contains("a1 is dark"), "{stuck}");
}

/// A tour the theorems rule out for the whole board is refused with the
/// theorem: no closed tour of a board 4 wide, and no tour from a middle
/// line of one.
#[test]
fn tours_no_board_has_are_refused_by_the_theorem() {
    for (w, h, played, end) in [
        (4, 16, vec![(3, 1)], FinishEnd::Closed),
        (4, 8, vec![(1, 0)], FinishEnd::Open),
        (8, 4, vec![(0, 1), (2, 2)], FinishEnd::On((7, 1))),
    ] {
        let Err(FinishError::NoTour(stuck)) = solve(w, h, &played, end) else {
            panic!("{w}x{h} {played:?} {end:?} has no finish");
        };
        Position::new(w, h, &played, end).check(&stuck);
        assert!(
            matches!(stuck, Stuck::NoTourOfBoard { .. }),
            "{w}x{h} {played:?}: {stuck}"
        );
    }
}

/// A played path that is no path is refused at its first fault, as
/// `validate` reports it; a whole board played is its own finish.
#[test]
fn bad_played_and_whole_boards() {
    let board = Board::new(5, 5).unwrap();
    let ask = |played: &[Square], ending| {
        finish_tour(
            FinishRequest {
                board,
                played,
                ending,
            },
            1_000_000,
            Duration::from_secs(5),
        )
    };
    let (a1, b3, c4) = (sq(0, 0), sq(1, 2), sq(2, 3));
    let Err(FinishError::Played(fault)) = ask(&[a1, b3, c4], Ending::Open) else {
        panic!("b3 to c4 is no knight move");
    };
    assert_eq!((fault.step, fault.reason), (2, Reason::NotAKnightMove));
    let Err(FinishError::Played(fault)) = ask(&[a1, b3, a1], Ending::Open) else {
        panic!("a1 twice");
    };
    assert_eq!((fault.step, fault.reason), (2, Reason::RevisitsSquare));
    assert_eq!(ask(&[], Ending::Open), Err(FinishError::NothingPlayed));
    let Err(FinishError::EndOffBoard(_)) = ask(&[a1], Ending::End(sq(9, 9))) else {
        panic!("j10 is off the 5×5 board");
    };
    let whole = ask(&[a1], Ending::Open).unwrap().path;
    assert_eq!(ask(&whole, Ending::Open).unwrap().path, whole);
    assert!(matches!(
        ask(&whole, Ending::Closed),
        Err(FinishError::NoTour(Stuck::DoesNotClose { .. }))
    ));
    // Too large a board.
    let big = Board::new(2000, 2000).unwrap();
    let played = [a1];
    let request = FinishRequest {
        board: big,
        played: &played,
        ending: Ending::Open,
    };
    assert!(matches!(
        finish_tour(request, 1_000_000, Duration::from_secs(1)),
        Err(FinishError::TooLarge { .. })
    ));
}

fn sq(f: u32, r: u32) -> Square {
    Square::new(f, r)
}

/// A search that runs out of time says so (`NotFound`), never "no tour".
#[test]
fn time_up_is_not_found() {
    // 0 ms: the first clock reading stops the search on a board large
    // enough to need more than 1,024 nodes. (Two squares: one alone is
    // the tour door's question, answered by construction without a
    // search.)
    let board = Board::new(100, 100).unwrap();
    let played = [sq(0, 0), sq(1, 2)];
    let request = FinishRequest {
        board,
        played: &played,
        ending: Ending::Open,
    };
    assert_eq!(
        finish_tour(request, 1_000_000, Duration::ZERO),
        Err(FinishError::NotFound)
    );
}

/// A prefix of 100 moves from the corner of the 1000×1000 board is
/// finished.
#[test]
fn large_board_prefix_is_finished() {
    let played = corner_walk(1000, 101, 1000);
    let squares: Vec<Square> = played.iter().copied().map(square).collect();
    let request = FinishRequest {
        board: Board::new(1000, 1000).unwrap(),
        played: &squares,
        ending: Ending::Open,
    };
    let done = finish_tour(request, 1_000_000, Duration::from_secs(60)).unwrap();
    let path: Vec<Xy> = done.path.into_iter().map(xy).collect();
    assert_tour(1000, 1000, (0, 0), false, &path);
    assert_eq!(&path[..played.len()], &played[..]);
}

/// A walk of `len` squares from a1 on the `n` × `n` board by Warnsdorff's
/// rule (fewest onward moves), ties broken at random.
fn corner_walk(n: u64, len: usize, seed: u64) -> Vec<Xy> {
    let mut mix = Mix(seed);
    let mut walk = vec![(0, 0)];
    let free = |sq: &Xy, walk: &[Xy]| !walk.contains(sq);
    while walk.len() < len {
        let next = moves_from(n, n, walk[walk.len() - 1])
            .filter(|sq| free(sq, &walk))
            .min_by_key(|&sq| {
                let onward = moves_from(n, n, sq).filter(|s| free(s, &walk)).count();
                (onward, mix.below(8))
            })
            .unwrap();
        walk.push(next);
    }
    walk
}

/// One unplayed square is "the one unplayed square", never "the 1 unplayed
/// squares".
#[test]
fn one_unplayed_square_is_said_in_the_singular() {
    let stuck = Stuck::LastColour {
        target: sq(0, 0),
        closed: false,
        last: Colour::Light,
        left: 1,
    };
    let words = stuck.to_string();
    assert!(
        words.contains("after the one unplayed square it"),
        "{words}"
    );
    let stuck = Stuck::Colours {
        knight: sq(0, 0),
        light: 1,
        dark: 0,
    };
    assert!(!stuck.to_string().contains("1 unplayed squares"), "{stuck}");
}
