//! The independent reference every tour test checks against: a tour
//! checker, plain exhaustive searches and a seeded generator, sharing no
//! code with the solver.

use std::collections::HashSet;

/// A square as (file, rank), from 0.
pub type Xy = (u64, u64);

/// The eight knight moves, as (file, rank) steps.
pub const MOVES: [(i64, i64); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Whether `a` and `b` are one knight move apart.
pub fn is_knight_move(a: Xy, b: Xy) -> bool {
    let (df, dr) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
    df * df + dr * dr == 5
}

/// Whether `path` is a tour of the `w` × `h` board from `start`: every
/// square once, each step a knight move, and with `closed` the last square
/// one move from the first. The error says what is wrong.
pub fn check_tour(w: u64, h: u64, start: Xy, closed: bool, path: &[Xy]) -> Result<(), String> {
    if u64::try_from(path.len()).ok() != Some(w * h) {
        return Err(format!("{} squares, not {}", path.len(), w * h));
    }
    if path[0] != start {
        return Err(format!("starts at {:?}, not {start:?}", path[0]));
    }
    let mut seen = HashSet::new();
    for (k, &(f, r)) in path.iter().enumerate() {
        if f >= w || r >= h {
            return Err(format!("step {k}: ({f},{r}) is off the board"));
        }
        if !seen.insert((f, r)) {
            return Err(format!("step {k} revisits ({f},{r})"));
        }
        if k > 0 && !is_knight_move(path[k - 1], (f, r)) {
            return Err(format!(
                "step {k}: {:?} -> ({f},{r}) is no knight move",
                path[k - 1]
            ));
        }
    }
    if closed && !is_knight_move(path[path.len() - 1], path[0]) {
        return Err("the last square is not one move from the first".into());
    }
    Ok(())
}

/// Panics unless `path` is a tour (see [`check_tour`]).
pub fn assert_tour(w: u64, h: u64, start: Xy, closed: bool, path: &[Xy]) {
    if let Err(why) = check_tour(w, h, start, closed, path) {
        panic!("{w}x{h} from {start:?} closed={closed}: {why}");
    }
}

/// The squares a knight reaches from `at` on the `w` × `h` board.
pub fn moves_from(w: u64, h: u64, (f, r): Xy) -> impl Iterator<Item = Xy> {
    MOVES.iter().filter_map(move |&(df, dr)| {
        let f = f.checked_add_signed(df).filter(|&f| f < w)?;
        let r = r.checked_add_signed(dr).filter(|&r| r < h)?;
        Some((f, r))
    })
}

/// Plain exhaustive search, no heuristics: whether an open (or closed)
/// tour of a small board starts at `start`.
pub fn tour_exists(w: u64, h: u64, start: Xy, closed: bool) -> bool {
    fn go(w: u64, h: u64, at: Xy, seen: &mut HashSet<Xy>, start: Xy, closed: bool) -> bool {
        if u64::try_from(seen.len()).ok() == Some(w * h) {
            return !closed || is_knight_move(at, start);
        }
        for next in moves_from(w, h, at) {
            if seen.insert(next) {
                if go(w, h, next, seen, start, closed) {
                    return true;
                }
                seen.remove(&next);
            }
        }
        false
    }
    let mut seen = HashSet::from([start]);
    go(w, h, start, &mut seen, start, closed)
}

/// Every (first, last) square of every open tour of a small board (at most
/// 64 squares), by plain depth-first search through every tour.
pub fn all_tour_ends(w: u64, h: u64) -> HashSet<(Xy, Xy)> {
    fn go(w: u64, h: u64, at: Xy, seen: u64, left: u64, first: Xy, out: &mut HashSet<(Xy, Xy)>) {
        if left == 0 {
            out.insert((first, at));
            return;
        }
        for (f, r) in moves_from(w, h, at) {
            let bit = 1u64 << (r * w + f);
            if seen & bit == 0 {
                go(w, h, (f, r), seen | bit, left - 1, first, out);
            }
        }
    }
    assert!(w * h <= 64, "a board of at most 64 squares");
    let mut out = HashSet::new();
    for r in 0..h {
        for f in 0..w {
            go(w, h, (f, r), 1 << (r * w + f), w * h - 1, (f, r), &mut out);
        }
    }
    out
}

/// splitmix64: a tiny seeded generator for sampling.
pub struct Mix(pub u64);

impl Mix {
    /// The next number. (A generator that never ends, not an `Iterator`:
    /// the tests call `next` as they had when this was a module of theirs.)
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A position below `n` (of a list, a board's side): [`Mix::below`]
    /// for `usize`.
    pub fn index(&mut self, n: usize) -> usize {
        let n = u64::try_from(n).expect("a length fits a u64");
        usize::try_from(self.below(n)).expect("below a usize")
    }
}

/// The (file, rank) of an algebraic name (`a1`, `zz999`; files `a`…`z`,
/// `aa`…), read here with no help from the solver.
pub fn from_name(name: &str) -> Xy {
    let letters: String = name
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    let file = letters
        .bytes()
        .fold(0u64, |n, b| n * 26 + u64::from(b - b'a' + 1))
        - 1;
    let rank: u64 = name[letters.len()..].parse().unwrap();
    (file, rank - 1)
}

/// How a finished tour must end, for [`finishable`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FinishEnd {
    /// Anywhere.
    Open,
    /// One move from the first square played.
    Closed,
    /// On this square.
    On(Xy),
}

/// Whether some tour of the `w` × `h` board (at most 64 squares) begins
/// with `played` (a path of knight moves without repeats) and ends as
/// `end` asks: plain exhaustive search from the last square played, that
/// only cuts a position whose unvisited squares a knight cannot all reach
/// (a breadth-first search over them) or, closed, whose first square has
/// no unvisited neighbour left, and remembers the positions (visited
/// squares, knight's square) already found hopeless; the colours are
/// counted first (a knight alternates them).
pub fn finishable(w: u64, h: u64, played: &[Xy], end: FinishEnd) -> bool {
    assert!(w * h <= 64, "a board of at most 64 squares");
    let bit = |(f, r): Xy| 1u64 << (r * w + f);
    let all = if w * h == 64 {
        u64::MAX
    } else {
        (1u64 << (w * h)) - 1
    };
    let first = played[0];
    let ok_last = |at: Xy| match end {
        FinishEnd::Open => true,
        FinishEnd::Closed => is_knight_move(at, first),
        FinishEnd::On(e) => at == e,
    };
    // Whether every unvisited square is reachable from `at` through
    // unvisited squares.
    let reaches_all = |at: Xy, seen: u64| {
        let mut reached = 0u64;
        let mut stack = vec![at];
        while let Some(sq) = stack.pop() {
            for next in moves_from(w, h, sq) {
                let b = bit(next);
                if seen & b == 0 && reached & b == 0 {
                    reached |= b;
                    stack.push(next);
                }
            }
        }
        reached == all & !seen
    };
    fn go(
        at: Xy,
        seen: u64,
        ctx: &dyn Fn(Xy, u64) -> Option<bool>,
        next_of: &dyn Fn(Xy, u64) -> Vec<Xy>,
        bit: &dyn Fn(Xy) -> u64,
        hopeless: &mut HashSet<(u64, Xy)>,
    ) -> bool {
        if let Some(done) = ctx(at, seen) {
            return done;
        }
        if hopeless.contains(&(seen, at)) {
            return false;
        }
        for next in next_of(at, seen) {
            let b = bit(next);
            if seen & b == 0 && go(next, seen | b, ctx, next_of, bit, hopeless) {
                return true;
            }
        }
        hopeless.insert((seen, at));
        false
    }
    let mut seen = 0u64;
    for &sq in played {
        seen |= bit(sq);
    }
    let ctx = |at: Xy, seen: u64| -> Option<bool> {
        if seen == all {
            return Some(ok_last(at));
        }
        if let FinishEnd::On(e) = end {
            if seen & bit(e) != 0 {
                return Some(false);
            }
        }
        // A closed tour returns to a neighbour of the first square.
        let first_open = moves_from(w, h, first).any(|n| seen & bit(n) == 0);
        if end == FinishEnd::Closed && !first_open {
            return Some(false);
        }
        (!reaches_all(at, seen)).then_some(false)
    };
    // The order the moves are tried in changes nothing but the time: the
    // fewest onward moves first (Warnsdorff) finds tours soonest.
    let next_of = |at: Xy, seen: u64| {
        let mut next: Vec<(usize, Xy)> = moves_from(w, h, at)
            .filter(|&n| seen & bit(n) == 0)
            .map(|n| {
                let onward = moves_from(w, h, n).filter(|&m| seen & bit(m) == 0).count();
                (onward, n)
            })
            .collect();
        next.sort_unstable();
        next.into_iter().map(|(_, n)| n).collect::<Vec<_>>()
    };
    // A knight alternates colours: the unvisited squares must alternate
    // from the other colour than the knight's, and the last square's
    // colour is fixed by their number.
    let knight = played[played.len() - 1];
    let dark = |(f, r): Xy| (f + r) % 2 == 0;
    let left: Vec<Xy> = (0..h)
        .flat_map(|r| (0..w).map(move |f| (f, r)))
        .filter(|&sq| seen & bit(sq) == 0)
        .collect();
    let other = left.iter().filter(|&&sq| dark(sq) != dark(knight)).count();
    if other != left.len().div_ceil(2) {
        return false;
    }
    let last_dark = dark(knight) == (left.len() % 2 == 0);
    match end {
        FinishEnd::On(e) if !left.is_empty() && dark(e) != last_dark => return false,
        FinishEnd::Closed if !left.is_empty() && dark(first) == last_dark => return false,
        _ => {}
    }
    let mut hopeless = HashSet::new();
    go(
        played[played.len() - 1],
        seen,
        &ctx,
        &next_of,
        &bit,
        &mut hopeless,
    )
}

/// A random walk of knight moves without repeats on the `w` × `h` board,
/// from a random square, of at most `len` squares (shorter where it gets
/// stuck).
pub fn random_walk(w: u64, h: u64, len: usize, mix: &mut Mix) -> Vec<Xy> {
    let mut walk = vec![(mix.below(w), mix.below(h))];
    let mut seen: HashSet<Xy> = walk.iter().copied().collect();
    while walk.len() < len {
        let next: Vec<Xy> = moves_from(w, h, walk[walk.len() - 1])
            .filter(|sq| !seen.contains(sq))
            .collect();
        if next.is_empty() {
            break;
        }
        let sq = next[usize::try_from(mix.below(next.len().try_into().unwrap())).unwrap()];
        seen.insert(sq);
        walk.push(sq);
    }
    walk
}
