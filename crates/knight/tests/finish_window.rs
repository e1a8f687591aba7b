//! Finishing short prefixes on large boards (more than 64 squares), where
//! a prefix near a corner is finished by searching a window round it and
//! joining it to constructed tours of the rest: seeded prefixes near each
//! of the four corners of odd and even boards, open and with an asked
//! end, by random legal walks and by Warnsdorff's walks (which hug the
//! edges). Every answer is checked here, square by square, by the tests'
//! own checker (`support::tours::check_tour`), never by the solver: every
//! square once, knight moves, the played squares first, the asked end
//! last. Prefixes in the middle of a board and closed tours are not the
//! window's and are still answered (by the whole-board search).

mod support;

use std::time::Duration;

use knight::{finish_tour, Board, Ending, FinishError, FinishRequest, Square};
use support::tours::{check_tour, moves_from, Mix, Xy};

fn square((f, r): Xy) -> Square {
    Square::new(f.try_into().unwrap(), r.try_into().unwrap())
}

fn xy(s: Square) -> Xy {
    (u64::from(s.file()), u64::from(s.rank()))
}

/// How a walk picks its next square.
#[derive(Clone, Copy, Debug)]
enum Walk {
    /// Any free square a move away.
    Random,
    /// Fewest free onward moves (Warnsdorff's rule), ties at random.
    Warnsdorff,
}

/// A walk without repeats from `from` on the `w` × `h` board, of at most
/// `len` squares.
fn walk(w: u64, h: u64, from: Xy, len: usize, kind: Walk, mix: &mut Mix) -> Vec<Xy> {
    let mut path = vec![from];
    while path.len() < len {
        let free = |s: &Xy, path: &[Xy]| !path.contains(s);
        let next: Vec<(usize, Xy)> = moves_from(w, h, path[path.len() - 1])
            .filter(|s| free(s, &path))
            .map(|s| (moves_from(w, h, s).filter(|t| free(t, &path)).count(), s))
            .collect();
        if next.is_empty() {
            break;
        }
        let fewest = next.iter().map(|n| n.0).min().unwrap();
        let pool: Vec<Xy> = match kind {
            Walk::Random => next.iter().map(|n| n.1).collect(),
            Walk::Warnsdorff => next.iter().filter(|n| n.0 == fewest).map(|n| n.1).collect(),
        };
        let pick = mix.below(pool.len().try_into().unwrap());
        path.push(pool[usize::try_from(pick).unwrap()]);
    }
    path
}

/// The four corners of the `w` × `h` board, each with a square a little
/// way in (so the walks do not all start on the corner itself); on a board
/// of an odd number of squares, of the corners' colour (a tour of it can
/// only start on that colour).
fn corner_starts(w: u64, h: u64, mix: &mut Mix) -> Vec<Xy> {
    let corners = [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)];
    corners
        .into_iter()
        .map(|(f, r)| {
            let (df, mut dr) = (mix.below(4), mix.below(4));
            if (w * h) % 2 == 1 && (df + dr) % 2 == 1 {
                dr += 1;
            }
            let f = if f == 0 { df } else { f - df };
            let r = if r == 0 { dr } else { r - dr };
            (f, r)
        })
        .collect()
}

/// An end for a tour from `first` of the `w` × `h` board: a square near
/// the corner opposite `first`'s, of the colour a tour of that many squares
/// ends on (the other colour than `first` when the number is even, the
/// same when it is odd).
fn far_end(w: u64, h: u64, first: Xy) -> Xy {
    let f = if first.0 < w / 2 { w - 3 } else { 2 };
    let r = if first.1 < h / 2 { h - 3 } else { 2 };
    let same = (w * h) % 2 == 1;
    let colour = |(f, r): Xy| (f + r) % 2;
    if (colour((f, r)) == colour(first)) == same {
        (f, r)
    } else {
        (f + 1, r)
    }
}

/// What the solver says, checked: Ok with the tour when it gave one (which
/// must be a tour beginning with `played` and ending on `end`), else the
/// error.
fn finish_checked(w: u64, h: u64, played: &[Xy], end: Option<Xy>) -> Result<(), FinishError> {
    finish_within(w, h, played, end, Duration::from_secs(2))
}

/// As [`finish_checked`], within `limit`.
fn finish_within(
    w: u64,
    h: u64,
    played: &[Xy],
    end: Option<Xy>,
    limit: Duration,
) -> Result<(), FinishError> {
    let squares: Vec<Square> = played.iter().copied().map(square).collect();
    let request = FinishRequest {
        board: Board::new(w, h).unwrap(),
        played: &squares,
        ending: end.map_or(Ending::Open, |e| Ending::End(square(e))),
    };
    let done = finish_tour(request, 1_000_000, limit)?;
    let path: Vec<Xy> = done.path.into_iter().map(xy).collect();
    let what = format!(
        "{w}x{h}, {} played from {:?}, end {end:?}",
        played.len(),
        played[0]
    );
    if let Err(why) = check_tour(w, h, played[0], false, &path) {
        panic!("{what}: {why}");
    }
    assert_eq!(
        &path[..played.len()],
        played,
        "{what}: not the played squares first"
    );
    if let Some(end) = end {
        assert_eq!(path.last(), Some(&end), "{what}: wrong last square");
    }
    Ok(())
}

/// Prefixes near every corner of each board, of several lengths (those
/// that stay near their corner), by both walks, open and with an end: every
/// answer given is a tour that begins with the prefix; every Warnsdorff
/// walk is finished, and most random walks. A random walk often leaves a
/// square cut off (no finish: 52 of the 96 here are finished), or one with
/// a single way in, which only the last square can be: the window's tours
/// end far away, so that is left to the whole-board search, which is slow
/// to find it (the short time limit).
#[test]
fn corner_prefixes_on_large_boards_are_finished() {
    let mut mix = Mix(41);
    let (mut random_ok, mut random_all) = (0, 0);
    for (w, h) in [(30, 30), (57, 41), (41, 57), (100, 100)] {
        for start in corner_starts(w, h, &mut mix) {
            for len in [2, 12, 40, 100] {
                for kind in [Walk::Warnsdorff, Walk::Random] {
                    // A Warnsdorff walk runs along the edge, about two
                    // squares a move: longer ones reach the next corner.
                    let reach = match kind {
                        Walk::Warnsdorff => 2 * len + 16,
                        Walk::Random => len,
                    };
                    if u64::try_from(reach).unwrap() > w.min(h) {
                        continue;
                    }
                    let played = walk(w, h, start, len, kind, &mut mix);
                    for end in [None, Some(far_end(w, h, played[0]))] {
                        // A random walk may leave a square only the last
                        // can be, which the whole-board search is slow to
                        // find: it is given less time.
                        let limit = match kind {
                            Walk::Warnsdorff => Duration::from_secs(2),
                            Walk::Random => Duration::from_millis(400),
                        };
                        let answer = finish_within(w, h, &played, end, limit);
                        match kind {
                            Walk::Warnsdorff => assert!(
                                answer.is_ok(),
                                "{w}x{h} {kind:?} {played:?} end {end:?}: {answer:?}"
                            ),
                            Walk::Random => {
                                random_all += 1;
                                random_ok += usize::from(answer.is_ok());
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(2 * random_ok >= random_all, "{random_ok} of {random_all}");
}

/// The 1000×1000 board: Warnsdorff's walks of 100 moves from two corners,
/// one open, one with an end near the far corner.
#[test]
fn million_square_corner_prefixes_are_finished() {
    let mut mix = Mix(7);
    let n = 1000;
    let played = walk(n, n, (0, 0), 101, Walk::Warnsdorff, &mut mix);
    finish_checked(n, n, &played, None).unwrap();
    let played = walk(n, n, (n - 1, 0), 101, Walk::Warnsdorff, &mut mix);
    let end = far_end(n, n, played[0]);
    finish_checked(n, n, &played, Some(end)).unwrap();
}

/// Not the window's: a prefix in the middle of the board, and a closed
/// tour (on a board small enough for the whole-board search), are still
/// finished.
#[test]
fn other_prefixes_fall_back_and_are_finished() {
    let mut mix = Mix(3);
    let (w, h) = (30, 30);
    let played = walk(w, h, (15, 14), 20, Walk::Warnsdorff, &mut mix);
    finish_checked(w, h, &played, None).unwrap();
    // Closed: a short prefix of a board searched whole quickly.
    let played = walk(10, 10, (0, 0), 4, Walk::Warnsdorff, &mut mix);
    let squares: Vec<Square> = played.iter().copied().map(square).collect();
    let request = FinishRequest {
        board: Board::new(10, 10).unwrap(),
        played: &squares,
        ending: Ending::Closed,
    };
    let done = finish_tour(request, 1_000_000, Duration::from_secs(10)).unwrap();
    let path: Vec<Xy> = done.path.into_iter().map(xy).collect();
    check_tour(10, 10, played[0], true, &path).unwrap();
    assert_eq!(&path[..played.len()], &played[..]);
}
