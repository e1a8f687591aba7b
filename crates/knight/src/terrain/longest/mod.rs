//! The longest simple path between two squares (the challenge's level 5):
//! no square visited twice, as many knight moves as can be found in a time
//! budget, with a proven upper bound on what any path could make.
//!
//! The problem is NP-hard, so knightd is honest rather than exact: it
//! answers the best path its search finds, the bound of [`bound`](mod@bound), and
//! `optimal` when the two meet (or when the search ran to the end and so
//! proved its path longest). On one core the search ([`search`]) is
//! deterministic for a given request up to where the clock stops it: with
//! more time it may find more, never something different before that point.
//!
//! The search goes in rounds: a depth-first search ([`search`]) with a
//! seeded tie-break makes a path, local search lengthens it: windows cut
//! out of the path and searched again for squares missed near each other,
//! and a walk of the path's free end ([`rotation`]) for squares missed far
//! apart, which no window can take in.
//!
//! On a board of more than [`EXHAUSTIVE_SQUARES`] usable squares the search
//! may run on two cores, when its caller's [`LongestWatch::cores`] says so:
//! a helper thread runs rounds of its own (other tie-breaks) beside the
//! caller's, and both keep one shared best path, its moves read without a
//! lock, so that each round tries to beat the best of either. Whichever
//! meets the bound ends the search for both. The helper asks again how many
//! cores it may use every few hundred nodes, and sleeps while the answer is
//! one: a service that gives each waiting client a core takes it back
//! within a round. Two cores change which path is found first, never the
//! bound, nor whether an answer is proven: the moves answered are proven
//! optimal only when they meet the bound (or a search ran to the end).

mod bound;
mod graph;
mod rotation;
mod search;

use std::time::{Duration, Instant};

use self::bound::bound;
use self::graph::{at, Graph, NONE};
use self::search::{Clock, Goal, Searcher, Shared, Stop};
use super::{BarrierRule, SearchError, Terrain};
use crate::board::Square;
use crate::grid::Spot;

/// A longest-path answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Longest {
    /// The path, both teleports listed after a hop; `None` when no path
    /// exists.
    pub path: Option<Vec<Square>>,
    /// Knight moves (a hop is not one).
    pub moves: Option<u64>,
    /// The landing costs of the squares landed on.
    pub cost: Option<u64>,
    /// A proven bound on the moves of any path; `None` when no path exists.
    pub upper_bound: Option<u64>,
    /// Whether `moves` is proven the most possible (also when no path exists).
    pub optimal: bool,
}

/// How the rounds of a search go: the nodes each depth-first search may
/// spend before local search takes over, per usable square, and the widest
/// window (in moves) the local search cuts out.
struct Rounds {
    nodes_per_square: u64,
    widest_window: usize,
}

/// The rounds on a board larger than [`EXHAUSTIVE_SQUARES`]: a dive and a
/// little backtracking, and narrow windows. A depth-first search backtracks
/// only near the end of its path, while the squares a near-complete path
/// misses are left anywhere along it, so many cheap rounds with other
/// tie-breaks meet the bound sooner than a few long ones (on the challenge
/// board, 2 nodes a square and windows of 4 moves proved 40 benchmark pairs
/// with under half the work of 40 and 10, and those that took longest
/// several times sooner).
const ROUNDS: Rounds = Rounds {
    nodes_per_square: 2,
    widest_window: 4,
};
/// The first round on a small board, which is then searched to the end
/// from the path it found: as it always was, so that a request answers the
/// same path as before.
const SMALL_BOARD_ROUNDS: Rounds = Rounds {
    nodes_per_square: 40,
    widest_window: 10,
};
/// A board with this many usable squares or fewer is searched to the end
/// (within the time limit), which proves its answer.
const EXHAUSTIVE_SQUARES: usize = 64;
/// Squares the search may look at around a move before it falls back to a
/// full breadth-first search to know that the end is still reachable.
const LOCAL_LOOK_SQUARES: usize = 48;
/// Nodes per window of the local search.
const WINDOW_NODES: u64 = 4_000;
/// Rotations and extensions of one walk of [`rotation`]'s local search.
const ROTATION_STEPS: u64 = 2_000;

/// The longest simple path from `from` to `to` on `terrain` found within
/// `time_limit`.
///
/// # Errors
///
/// [`SearchError`] when `from` or `to` cannot be landed on, or the board is
/// too large to search.
///
/// ```
/// use std::time::Duration;
/// use knight::{longest_path, BarrierRule, Square, Terrain};
/// // On an empty 3×4 board the knight can visit every square from a1 to b1.
/// let terrain = Terrain::parse(". . .\n. . .\n. . .\n. . .", 100)?;
/// let found = longest_path(&terrain, BarrierRule::Either, Square::new(0, 0), Square::new(1, 0), Duration::from_secs(1))?;
/// assert_eq!(found.moves, Some(11));
/// assert!(found.optimal && found.upper_bound == Some(11));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn longest_path(
    terrain: &Terrain,
    rule: BarrierRule,
    from: Square,
    to: Square,
    time_limit: Duration,
) -> Result<Longest, SearchError> {
    longest_path_watched(terrain, rule, from, to, time_limit, &Unwatched)
}

/// What the caller of [`longest_path_watched`] learns while the search
/// runs, how it stops the search early, and how many cores the search may
/// use. The search may call it from two threads at once (hence `Sync`);
/// its reports still come one at a time, each better than the last.
pub trait LongestWatch: Sync {
    /// The best answer so far, each time its path or bound improves: first
    /// a shortest path with the proven bound, then every longer path found.
    /// Not called for the final answer, which the search returns.
    fn improved(&self, best: &Longest);

    /// Whether the caller no longer wants the answer (a client gone away):
    /// the search stops within a few hundred nodes of this turning true and
    /// returns its best so far. Read often: keep it cheap.
    fn cancelled(&self) -> bool {
        false
    }

    /// How many cores the search may use now: with 2 or more, a search on
    /// a large board runs a second thread, which asks again every few
    /// hundred nodes and between its rounds, and waits (asleep) while the
    /// answer is 1, so that a caller sharing the machine fairly gets the
    /// core back within about a millisecond. Keep it cheap. The default
    /// is 1: one thread, the caller's.
    fn cores(&self) -> usize {
        1
    }
}

/// The watch of [`longest_path`]: nobody.
struct Unwatched;

impl LongestWatch for Unwatched {
    fn improved(&self, _: &Longest) {}
}

/// [`longest_path`], telling `watch` of each improvement as the search
/// makes it and stopping when it is cancelled.
///
/// # Errors
///
/// As [`longest_path`].
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use std::time::Duration;
/// use knight::{BarrierRule, Square, Terrain};
/// use knight::terrain::{longest_path_watched, Longest, LongestWatch};
/// // The search may report from two threads: the watch is `Sync`.
/// struct Count(AtomicU64);
/// impl LongestWatch for Count {
///     fn improved(&self, best: &Longest) {
///         // Each report beats the one before it.
///         let before = self.0.swap(best.moves.unwrap(), Ordering::SeqCst);
///         assert!(best.moves.unwrap() > before || before == 0);
///     }
/// }
/// let terrain = Terrain::parse(". . .\n. . .\n. . .\n. . .", 100)?;
/// let seen = Count(AtomicU64::new(0));
/// let found = longest_path_watched(&terrain, BarrierRule::Either, Square::new(0, 0), Square::new(1, 0), Duration::from_secs(1), &seen)?;
/// assert_eq!(found.moves, Some(11));
/// assert!(seen.0.load(Ordering::SeqCst) >= 1, "the first report is a shortest path");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn longest_path_watched(
    terrain: &Terrain,
    rule: BarrierRule,
    from: Square,
    to: Square,
    time_limit: Duration,
    watch: &dyn LongestWatch,
) -> Result<Longest, SearchError> {
    let deadline = Instant::now() + time_limit;
    terrain.check_ends(from, to)?;
    if from == to {
        return Ok(Longest {
            path: Some(vec![from]),
            moves: Some(0),
            cost: Some(0),
            upper_bound: Some(0),
            optimal: true,
        });
    }
    let graph = Graph::new(terrain, rule, from, to)?;
    let Some(shortest) = shortest_stops(&graph) else {
        return Ok(Longest {
            path: None,
            moves: None,
            cost: None,
            upper_bound: None,
            optimal: true,
        });
    };
    let proven = bound(&graph);
    debug_assert!(
        proven.moves.is_some(),
        "a path exists, so the bound has one"
    );
    let count = |n: usize| i64::try_from(n).expect("a path fits in memory");
    let cap = proven.moves.map_or(count(graph.len()), |m| {
        i64::try_from(m).expect("a bound of the graph")
    });
    let shared = Shared::new(watch, shortest);
    watch.improved(&answer(&graph, &shared.best(), Some(cap)));
    let usable = proven.usable.iter().filter(|&&u| u).count();
    let search = Search {
        graph: &graph,
        rank: &proven.rank,
        usable: &proven.usable,
        cap,
        rounds: if usable > EXHAUSTIVE_SQUARES {
            ROUNDS
        } else {
            SMALL_BOARD_ROUNDS
        },
        squares: u64::try_from(usable).unwrap_or(u64::MAX),
        small: usable <= EXHAUSTIVE_SQUARES,
    };
    std::thread::scope(|scope| {
        let helper = (!search.small).then(|| {
            std::thread::Builder::new()
                .name("longest-helper".to_owned())
                .spawn_scoped(scope, || search.help(Clock::helper(deadline, &shared)))
        });
        search.lead(Clock::new(deadline, &shared));
        // Whatever the lead ended on, the helper stops at its next look.
        shared.finish();
        if let Some(Ok(helper)) = helper {
            // A helper that panicked leaves the best it had published.
            let _ = helper.join();
        }
    });
    let exhausted = shared.proven();
    Ok(answer(&graph, &shared.best(), (!exhausted).then_some(cap)))
}

/// The answer a path makes: its squares, moves and cost, and the bound —
/// `cap` where the search was not exhausted (or the path's own moves when
/// it was, or when it reaches `cap`).
fn answer(graph: &Graph, stops: &[Stop], cap: Option<i64>) -> Longest {
    let moves = u64::try_from(stops.len() - 1).expect("a path has a square");
    let upper_bound = cap.map_or(moves, |cap| {
        u64::try_from(cap).map_or(moves, |cap| cap.max(moves))
    });
    Longest {
        path: Some(squares_of(graph, stops)),
        moves: Some(moves),
        cost: Some(stops[1..].iter().map(|s| graph.costs[at(s.landing)]).sum()),
        upper_bound: Some(upper_bound),
        optimal: moves == upper_bound,
    }
}

/// One longest-path search as its threads see it: the graph, what the
/// bound found, and how its rounds go.
struct Search<'a> {
    graph: &'a Graph,
    rank: &'a [u32],
    usable: &'a [bool],
    /// The proven bound.
    cap: i64,
    rounds: Rounds,
    /// The usable squares, which size a round's depth-first search.
    squares: u64,
    /// Whether the board is searched to the end after its first round.
    small: bool,
}

/// How a round ended.
enum Round {
    /// Its depth-first search ran to the end: nothing longer than what it
    /// found (if anything) exists.
    Exhausted(Option<Vec<Stop>>),
    /// It found no path to improve and the clock stopped it.
    Stopped,
    /// It searched, improved and published what it found.
    Done,
}

/// The first seed of a helper's rounds, far from the lead's.
const HELPER_SEEDS: u64 = 1 << 32;

impl Search<'_> {
    fn searcher<'s>(&'s self, clock: Clock<'s>) -> Searcher<'s> {
        let mut searcher = Searcher::new(self.graph, self.rank, self.usable, clock);
        if !self.small {
            searcher.local_limit = LOCAL_LOOK_SQUARES;
        }
        searcher
    }

    fn report(&self, stops: &[Stop]) -> Longest {
        answer(self.graph, stops, Some(self.cap))
    }

    /// One round: a depth-first search with the tie-break of `seed` for a
    /// path not much shorter than the best (the first round: longer), then
    /// local search on what it found (the first round: on the best so far
    /// when it found nothing): windows for the squares missed near each
    /// other, the free end's walk of [`rotation`] for those missed far
    /// apart, and windows again after each walk that gained; published if
    /// it beats the best.
    fn round(&self, searcher: &mut Searcher, seed: u64, first: bool) -> Round {
        let goal = Goal {
            landing: self.graph.end,
            hop: true,
        };
        let start = Stop::at(self.graph.start);
        let shared = searcher.clock.shared;
        searcher.occupy(&[start]);
        // Later searches need not beat the best outright: the local search
        // may lift a slightly shorter path above it.
        let best = shared.moves();
        let beat = if first { best } else { best * 9 / 10 };
        let budget = self.rounds.nodes_per_square.saturating_mul(self.squares);
        let found = searcher.search(self.graph.start, goal, beat, self.cap, budget, seed);
        if found.exhausted {
            return Round::Exhausted(found.stops.map(|way| [vec![start], way].concat()));
        }
        let mut stops = match found.stops {
            Some(way) => [vec![start], way].concat(),
            None if first => shared.best(),
            None if searcher.clock.stopped() => return Round::Stopped,
            None => return Round::Done,
        };
        searcher.occupy(&stops);
        loop {
            searcher.improve(
                &mut stops,
                self.cap,
                self.rounds.widest_window,
                WINDOW_NODES,
                seed,
            );
            // Squares missed far apart: the free end's walk takes them in,
            // and the windows then look again around what changed.
            if search::moves(&stops) >= self.cap
                || !searcher.rotate(&mut stops, self.cap, ROTATION_STEPS, seed)
            {
                break;
            }
        }
        shared.offer(&stops, self.cap, |best| self.report(best));
        Round::Done
    }

    /// The search proper, on the caller's thread: a first depth-first
    /// search, local search on its path, then more depth-first searches
    /// with other tie-breaks, each improved, until time is up or a path
    /// meets the bound. A small board is searched to the end after the
    /// first round.
    fn lead(&self, clock: Clock) {
        let mut searcher = self.searcher(clock);
        let shared = searcher.clock.shared;
        let goal = Goal {
            landing: self.graph.end,
            hop: true,
        };
        let start = Stop::at(self.graph.start);
        for seed in 0.. {
            match self.round(&mut searcher, seed, seed == 0) {
                Round::Exhausted(stops) => return shared.exhausted(stops),
                Round::Stopped => return,
                Round::Done => {}
            }
            if shared.moves() >= self.cap || searcher.clock.stopped() {
                return;
            }
            if seed == 0 && self.small {
                // A small board: search to the end for anything longer,
                // which either finds it or proves the best path longest.
                searcher.occupy(&[start]);
                let found = searcher.search(
                    self.graph.start,
                    goal,
                    shared.moves(),
                    self.cap,
                    u64::MAX,
                    seed,
                );
                let stops = found.stops.map(|way| [vec![start], way].concat());
                if found.exhausted {
                    return shared.exhausted(stops);
                }
                if let Some(stops) = stops {
                    shared.offer(&stops, self.cap, |best| self.report(best));
                }
                return;
            }
        }
    }

    /// A second thread's share of the rounds, with seeds of its own, while
    /// the watch offers a second core.
    fn help(&self, clock: Clock) {
        let mut searcher = self.searcher(clock);
        let shared = searcher.clock.shared;
        for seed in HELPER_SEEDS.. {
            if !searcher.clock.resume() {
                return;
            }
            if let Round::Exhausted(stops) = self.round(&mut searcher, seed, false) {
                return shared.exhausted(stops);
            }
        }
    }
}

/// The squares of a path: each landing, then the other teleport after a hop.
fn squares_of(graph: &Graph, stops: &[Stop]) -> Vec<Square> {
    let mut squares = Vec::with_capacity(stops.len() + 1);
    for stop in stops {
        squares.push(graph.squares[at(stop.landing)]);
        if stop.position != stop.landing {
            squares.push(graph.squares[at(stop.position)]);
        }
    }
    squares
}

/// A shortest path, which is simple: breadth-first over (square, whether
/// the teleports are used up). `None` when the end cannot be reached.
fn shortest_stops(graph: &Graph) -> Option<Vec<Stop>> {
    let (s, e) = (graph.start, graph.end);
    let state = |v: u32, used: bool| at(v) * 2 + usize::from(used);
    let node = |state: usize| Spot::new(state / 2).raw();
    let mut parent: Vec<(u32, Stop)> = vec![(NONE, Stop::at(NONE)); graph.len() * 2];
    let first = state(s, graph.partner[at(s)] != NONE);
    parent[first] = (Spot::new(first).raw(), Stop::at(s));
    let mut queue = std::collections::VecDeque::from([first]);
    let mut last = None;
    'search: while let Some(here) = queue.pop_front() {
        let (x, used) = (node(here), here % 2 == 1);
        for &y in graph.moves(x) {
            let teleport = graph.partner[at(y)] != NONE;
            if y == s || (teleport && used && y != e) {
                continue;
            }
            let stop = Stop {
                landing: y,
                position: graph.after_landing(y),
            };
            let next = state(stop.position, used || teleport);
            if parent[next].0 != NONE {
                continue;
            }
            parent[next] = (Spot::new(here).raw(), stop);
            if stop.position == e {
                last = Some(next);
                break 'search;
            }
            queue.push_back(next);
        }
    }
    let mut here = last?;
    let mut stops = Vec::new();
    while Spot::from_raw(parent[here].0).index() != here {
        stops.push(parent[here].1);
        here = Spot::from_raw(parent[here].0).index();
    }
    stops.push(Stop::at(s));
    stops.reverse();
    Some(stops)
}
