//! The longest simple path between two squares (the challenge's level 5):
//! no square visited twice, as many knight moves as can be found in a time
//! budget, with a proven upper bound on what any path could make.
//!
//! The problem is NP-hard, so knightd is honest rather than exact: it
//! answers the best path its search finds, the bound of [`bound`](mod@bound), and
//! `optimal` when the two meet (or when the search ran to the end and so
//! proved its path longest). The search ([`search`]) is deterministic for a
//! given request up to where the clock stops it: with more time it may find
//! more, never something different before that point.

mod bound;
mod graph;
mod search;

use std::time::{Duration, Instant};

use self::bound::bound;
use self::graph::{at, Graph, NONE};
use self::search::{Clock, Goal, Searcher, Stop};
use super::{BarrierRule, SearchError, Terrain};
use crate::board::{Spot, Square};

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
/// runs, and how it stops the search early.
pub trait LongestWatch {
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
/// use std::cell::Cell;
/// use std::time::Duration;
/// use knight::{longest_path_watched, BarrierRule, Longest, LongestWatch, Square, Terrain};
/// struct Count(Cell<u64>);
/// impl LongestWatch for Count {
///     fn improved(&self, best: &Longest) {
///         // Each report beats the one before it.
///         assert!(best.moves.unwrap() > self.0.get() || self.0.get() == 0);
///         self.0.set(best.moves.unwrap());
///     }
/// }
/// let terrain = Terrain::parse(". . .\n. . .\n. . .\n. . .", 100)?;
/// let seen = Count(Cell::new(0));
/// let found = longest_path_watched(&terrain, BarrierRule::Either, Square::new(0, 0), Square::new(1, 0), Duration::from_secs(1), &seen)?;
/// assert_eq!(found.moves, Some(11));
/// assert!(seen.0.get() >= 1, "the first report is a shortest path");
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
    let clock = Clock::new(deadline, watch);
    let mut searcher = Searcher::new(&graph, &proven.rank, &proven.usable, clock);
    let (best, exhausted) = search_longest(&graph, &mut searcher, shortest, cap);
    Ok(answer(&graph, &best, (!exhausted).then_some(cap)))
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

/// The search proper: a first depth-first search, local search on its path,
/// then more depth-first searches with other tie-breaks, each improved, until
/// time is up or a path meets the bound. Whether the first search ran to the
/// end, proving its path longest.
fn search_longest(
    graph: &Graph,
    searcher: &mut Searcher,
    shortest: Vec<Stop>,
    cap: i64,
) -> (Vec<Stop>, bool) {
    let usable = searcher.taken.iter().filter(|&&t| !t).count();
    let goal = Goal {
        landing: graph.end,
        hop: true,
    };
    let start = Stop::at(graph.start);
    let moves = |stops: &[Stop]| i64::try_from(stops.len()).expect("a path fits in memory") - 1;
    let report = |best: &[Stop]| answer(graph, best, Some(cap));
    let mut best = shortest;
    searcher.clock.watch.improved(&report(&best));
    let rounds = if usable > EXHAUSTIVE_SQUARES {
        searcher.local_limit = LOCAL_LOOK_SQUARES;
        ROUNDS
    } else {
        SMALL_BOARD_ROUNDS
    };
    for seed in 0.. {
        searcher.occupy(&[start]);
        // Later searches need not beat the best outright: the local search
        // may lift a slightly shorter path above it.
        let beat = if seed == 0 {
            moves(&best)
        } else {
            moves(&best) * 9 / 10
        };
        let budget = rounds.nodes_per_square * u64::try_from(usable).unwrap_or(u64::MAX);
        let found = searcher.search(graph.start, goal, beat, cap, budget, seed);
        if found.exhausted {
            // Nothing longer than what it found, or than `beat`, exists.
            let stops = found.stops.map(|way| [vec![start], way].concat());
            return (stops.unwrap_or(best), true);
        }
        let mut stops = match found.stops {
            Some(way) => [vec![start], way].concat(),
            None if seed == 0 => best.clone(),
            None if searcher.clock.stopped() => return (best, false),
            None => continue,
        };
        searcher.occupy(&stops);
        searcher.improve(&mut stops, cap, rounds.widest_window, WINDOW_NODES, seed);
        if moves(&stops) > moves(&best) {
            best = stops;
            searcher.clock.watch.improved(&report(&best));
        }
        if moves(&best) >= cap || searcher.clock.stopped() {
            return (best, false);
        }
        if seed == 0 && usable <= EXHAUSTIVE_SQUARES {
            // A small board: search to the end for anything longer, which
            // either finds it or proves the best path longest.
            searcher.occupy(&[start]);
            let found = searcher.search(graph.start, goal, moves(&best), cap, u64::MAX, seed);
            if let Some(way) = found.stops {
                best = [vec![start], way].concat();
                if !found.exhausted {
                    searcher.clock.watch.improved(&report(&best));
                }
            }
            if found.exhausted || searcher.clock.stopped() {
                return (best, found.exhausted);
            }
        }
    }
    unreachable!("the loop returns")
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
