//! The proven upper bound on a longest path's moves, and the squares a path
//! from the start `s` to the end `e` can use at all.
//!
//! A path here is what `/longest-path` answers: squares `s = v0, v1, …, vk =
//! e`, all distinct, each reached from the one before by a knight move the
//! terrain and barrier rule allow (in that direction: under `long_leg` a move
//! may be allowed one way only), except that landing on a teleport other
//! than `e` hops the knight to its partner, which is listed next and is not a
//! move. Its moves are `k` minus the hops, and there is at most one hop: the
//! pair is used up by it. The bound follows in seven steps, each of which
//! only ever lets more paths through.
//!
//! 1. **An undirected relaxation.** Let `H` be the graph on the landable
//!    squares with an edge `{u, v}` wherever a move is allowed from `u` to
//!    `v` or from `v` to `u`, and an edge between the two teleports (the
//!    hop). Consecutive squares of a path are joined by a move or the hop, so
//!    every path is a simple path from `s` to `e` in `H`. One-way moves and
//!    the hop's being forced only forbid some of `H`'s paths, so anything
//!    true of all simple `s`–`e` paths in `H` is true of all paths.
//! 2. **A start on a teleport.** The start does not hop, and landing on its
//!    partner would hop back onto the start, so the partner can only be the
//!    end: otherwise it is left out, and the hop edge is left out of `H`
//!    whenever `s` is a teleport.
//! 3. **Dead ends.** A square of a simple path other than its two ends has
//!    two distinct neighbours on it. So a square other than `s` and `e` with
//!    fewer than two usable neighbours in `H` is on no path. Nor is a square
//!    other than `s`, `e` and the teleports that no allowed move from a
//!    usable square reaches, or that no allowed move leaves for one: such a
//!    square is entered by a move and left by one, the hop being only
//!    between teleports (this is where one-way moves count). Removing a
//!    square may strand another, so this is repeated to a fixed point.
//! 4. **The chain of blocks.** Split the usable part of `H` into blocks
//!    (biconnected components) joined at cut squares. A simple path from `s`
//!    to `e` uses only the blocks on the block–cut tree's path from `s` to
//!    `e`, `B1, …, Bm`, and meets each `Bi` in one unbroken stretch from
//!    `c(i-1)` to `ci` (`c0 = s`, `cm = e`, the others the cut squares
//!    between consecutive blocks): leaving a block through a cut square, it
//!    could come back only through that square again. Squares off the chain
//!    are removed, and steps 3 and 4 repeated until nothing changes.
//! 5. **Colours in one block.** A knight move always changes the colour of
//!    the square; the hop need not. In a stretch without the hop the colours
//!    alternate from `a = c(i-1)` to `b = ci`, so it has as many dark as
//!    light squares, or one more of the colour of `a` when `a` and `b` share
//!    it; with `D` dark and `L` light squares of the block available, it has
//!    at most `2 min(L, D - x) + x` squares, `x` being that excess (+1, 0 or
//!    -1 for dark-minus-light). A teleport in such a stretch can only be `a`
//!    or `b`: on a path a teleport sits next to its partner (the hop), or is
//!    `s` or `e`; so the other teleports are not counted. A stretch that
//!    holds the hop from `t` to `t'` is two alternating stretches, `a … t`
//!    and `t' … b`, with both teleports counted, `t' != a` and `t != b`;
//!    their excesses add up, and the two together have one square more than
//!    their moves plus one. Both directions of the hop and the stretch
//!    without it are tried, and the largest count of moves kept; when none
//!    is possible no path exists.
//! 6. **The sum.** The moves of a path are the sum of the moves of its
//!    stretches (consecutive stretches share only their cut square), so the
//!    sum of the blocks' largest counts bounds them.
//! 7. **The moves themselves, one way.** Step 5 counts squares; this step
//!    counts the allowed moves, in their direction. In a stretch each square
//!    is left by at most one move and landed on by at most one (a hop is not
//!    a move: the knight lands on `t` by a move and leaves `t'` by one), so
//!    the stretch's moves out of dark squares form a matching among the
//!    block's allowed moves from dark to light squares, none into `a` (where
//!    the stretch is entered) and none out of `b` (where it is left); the
//!    same for light to dark. With `Md` and `Ml` the largest such matchings,
//!    a stretch without the hop alternates colours from `a`, so it makes at
//!    most `min(2 Md, 2 Ml + 1)` moves when `a` is dark (the mirror when it
//!    is light); with the hop, two alternating runs, at most
//!    `min(2 min(Md, Ml) + 2, Md + Ml)`. The smaller of this and step 5's
//!    count bounds the block. Under `long_leg` this is what sees one-way
//!    moves: squares whose only way in is from the same square, or whose
//!    only way out is to the same square, cannot all be on a path.
//!
//! The search may also prove its path longest by running to the end; what
//! its pruning relies on is argued in [`super::search`]. The random-board
//! test holds both against an exhaustive search of every simple path.

use super::graph::{at, count, node, Graph, NONE};

/// What the bound learnt about a start and end.
#[derive(Debug)]
pub struct Bound {
    /// A proven bound on the moves of any path; `None` when no path exists.
    pub moves: Option<u64>,
    /// Whether a square may lie on some path at all.
    pub usable: Vec<bool>,
    /// The position of a usable square along the chain of blocks: `2i` in
    /// block `i`, `2i + 1` for the cut vertex between blocks `i` and `i + 1`.
    /// A search that prefers lower ranks fills a block before leaving it.
    pub rank: Vec<u32>,
}

/// The undirected relaxation of `graph`: sorted neighbour lists.
fn relaxed(graph: &Graph, hop: bool) -> Vec<Vec<u32>> {
    let mut adjacency: Vec<Vec<u32>> = vec![Vec::new(); graph.len()];
    for u in graph.nodes() {
        for &v in graph.moves(u) {
            adjacency[at(u)].push(v);
            adjacency[at(v)].push(u);
        }
        let p = graph.partner[at(u)];
        if hop && p != NONE {
            adjacency[at(u)].push(p);
        }
    }
    for list in &mut adjacency {
        list.sort_unstable();
        list.dedup();
    }
    adjacency
}

/// Dark-minus-light squares of an alternating segment between squares of
/// colours `a` and `b` (0 dark, 1 light).
fn excess(a: u8, b: u8) -> i64 {
    match (a, b) {
        (0, 0) => 1,
        (1, 1) => -1,
        _ => 0,
    }
}

/// The most squares `segments` alternating segments with total excess `e`
/// can hold with `dark` and `light` squares available.
fn most_squares(dark: i64, light: i64, e: i64, segments: i64) -> Option<i64> {
    let pairs = light.min(dark - e);
    let squares = 2 * pairs + e;
    (pairs >= 0 && squares >= segments).then_some(squares)
}

/// The bound on the moves of a path entering the block `vertices` at `a` and
/// leaving at `b`; `None` when the colours make it impossible.
fn block_moves(graph: &Graph, vertices: &[u32], a: u32, b: u32, hop: bool) -> Option<i64> {
    let colour = |v: u32| graph.colours[at(v)];
    let is_teleport = |v: u32| graph.partner[at(v)] != NONE;
    let count = |keep: &dyn Fn(u32) -> bool| {
        vertices
            .iter()
            .filter(|&&v| keep(v))
            .fold((0, 0), |(d, l), &v| {
                if colour(v) == 0 {
                    (d + 1, l)
                } else {
                    (d, l + 1)
                }
            })
    };
    // Without the hop a teleport can only be where the path enters or leaves.
    let (d, l) = count(&|v| !is_teleport(v) || v == a || v == b);
    let mut best = most_squares(d, l, excess(colour(a), colour(b)), 1).map(|m| m - 1);
    let teleports: Vec<u32> = vertices
        .iter()
        .copied()
        .filter(|&v| is_teleport(v))
        .collect();
    if hop && teleports.len() == 2 {
        let (d, l) = count(&|_| true);
        for (x, y) in [(teleports[0], teleports[1]), (teleports[1], teleports[0])] {
            if a == y || b == x {
                continue;
            }
            let e = excess(colour(a), colour(x)) + excess(colour(y), colour(b));
            // Two segments joined by the hop: one square more than moves + 1.
            let moves = most_squares(d, l, e, 2).map(|m| m - 2);
            best = best.max(moves);
        }
    }
    // The moves themselves, by the colour they leave (step 7).
    let [from_dark, from_light] = matchings(graph, vertices, a, b);
    let by_moves = if hop && teleports.len() == 2 {
        (2 * from_dark.min(from_light) + 2).min(from_dark + from_light)
    } else if colour(a) == 0 {
        (2 * from_dark).min(2 * from_light + 1)
    } else {
        (2 * from_light).min(2 * from_dark + 1)
    };
    best.map(|moves| moves.min(by_moves))
}

/// The most moves out of dark squares, and out of light ones, that a path
/// crossing the block `vertices` from `a` to `b` can make within it: each
/// such move leaves a different square and lands on a different one, so
/// they are a matching among the block's allowed moves of that colour (none
/// into `a`, none out of `b`). Augmenting paths (Kuhn's algorithm).
fn matchings(graph: &Graph, vertices: &[u32], a: u32, b: u32) -> [i64; 2] {
    let mut local = vec![NONE; graph.len()];
    for (i, &v) in vertices.iter().enumerate() {
        local[at(v)] = count(i);
    }
    let mut sizes = [0i64; 2];
    for (colour, size) in sizes.iter_mut().enumerate() {
        // Each tail's heads, as local indices.
        let tails: Vec<Vec<u32>> = vertices
            .iter()
            .map(|&u| {
                if usize::from(graph.colours[at(u)]) != colour || u == b {
                    return Vec::new();
                }
                graph
                    .moves(u)
                    .iter()
                    .filter(|&&v| v != a && local[at(v)] != NONE)
                    .map(|&v| local[at(v)])
                    .collect()
            })
            .collect();
        let mut head_of = vec![NONE; vertices.len()];
        let mut matched = vec![false; tails.len()];
        // A greedy start: each tail takes its first free head.
        for (tail, heads) in tails.iter().enumerate() {
            if let Some(&h) = heads.iter().find(|&&h| head_of[at(h)] == NONE) {
                head_of[at(h)] = count(tail);
                matched[tail] = true;
                *size += 1;
            }
        }
        // Then phases of augmenting paths from every unmatched tail, the
        // heads tried kept across one phase: while the matching does not
        // change, a head from which no free head was reached leads to none
        // later in the phase either. A phase that augments nothing, begun
        // with no head tried, finds no augmenting path at all, so the
        // matching is the largest (Berge). One search per tail, each with
        // marks of its own, took 18 s on an empty 256×256 board.
        let mut seen = vec![0u32; vertices.len()];
        for round in 1u32.. {
            let mut grew = false;
            for (tail, done) in matched.iter_mut().enumerate() {
                if !*done && augment(&tails, tail, round, &mut head_of, &mut seen) {
                    *done = true;
                    *size += 1;
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
    }
    sizes
}

/// Kuhn's step: whether `tail` gets a head, taking one from another tail
/// that can move to another free one (`head_of[h]` is the tail matched to
/// `h`; `seen` marks the heads tried in this `round`). Depth-first with a
/// stack of its own: an alternating path can be as long as half the board
/// (on an empty 256×256 board, recursion overflowed a thread's stack).
fn augment(
    tails: &[Vec<u32>],
    tail: usize,
    round: u32,
    head_of: &mut [u32],
    seen: &mut [u32],
) -> bool {
    // The tails of the alternating path so far, each with its next head to
    // try, and the head each took to reach the next.
    let mut stack: Vec<(usize, usize)> = vec![(tail, 0)];
    let mut taken: Vec<usize> = Vec::new();
    while let Some(top) = stack.last_mut() {
        let (t, next) = *top;
        let Some(&h) = tails[t].get(next) else {
            stack.pop();
            taken.pop();
            continue;
        };
        top.1 += 1;
        let h = at(h);
        if seen[h] == round {
            continue;
        }
        seen[h] = round;
        taken.push(h);
        if head_of[h] == NONE {
            // Each tail on the path takes the head it tried.
            for (&(t, _), &h) in stack.iter().zip(&taken) {
                head_of[h] = count(t);
            }
            return true;
        }
        stack.push((at(head_of[h]), 0));
    }
    false
}

/// The biconnected components reachable from `root` among `usable` squares,
/// as vertex lists (iterative Tarjan with an edge stack).
fn blocks(adjacency: &[Vec<u32>], usable: &[bool], root: u32) -> Vec<Vec<u32>> {
    let n = adjacency.len();
    let mut discovered = vec![0u32; n];
    let mut low = vec![0u32; n];
    let mut clock = 1;
    let mut stack: Vec<(u32, u32, usize)> = vec![(root, NONE, 0)];
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut blocks = Vec::new();
    let mut seen = vec![false; n];
    discovered[at(root)] = clock;
    low[at(root)] = clock;
    while let Some(top) = stack.last_mut() {
        let (v, parent, i) = *top;
        if let Some(&w) = adjacency[at(v)].get(i) {
            top.2 += 1;
            if !usable[at(w)] {
                continue;
            }
            if discovered[at(w)] == 0 {
                clock += 1;
                discovered[at(w)] = clock;
                low[at(w)] = clock;
                edges.push((v, w));
                stack.push((w, v, 0));
            } else if w != parent && discovered[at(w)] < discovered[at(v)] {
                edges.push((v, w));
                low[at(v)] = low[at(v)].min(discovered[at(w)]);
            }
            continue;
        }
        stack.pop();
        if parent == NONE {
            continue;
        }
        low[at(parent)] = low[at(parent)].min(low[at(v)]);
        if low[at(v)] >= discovered[at(parent)] {
            let mut block = Vec::new();
            while let Some((x, y)) = edges.pop() {
                for z in [x, y] {
                    if !seen[at(z)] {
                        seen[at(z)] = true;
                        block.push(z);
                    }
                }
                if (x, y) == (parent, v) {
                    break;
                }
            }
            for &z in &block {
                seen[at(z)] = false;
            }
            blocks.push(block);
        }
    }
    blocks
}

/// The blocks on the block-cut tree's path from `s` to `e`, in order, with
/// the square where the path enters and leaves each; `None` when `e` is not
/// connected to `s`.
fn chain(blocks: &[Vec<u32>], n: usize, s: u32, e: u32) -> Option<Vec<(usize, u32, u32)>> {
    let mut blocks_of: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (b, vertices) in blocks.iter().enumerate() {
        for &v in vertices {
            blocks_of[at(v)].push(node(b));
        }
    }
    // Breadth-first over the tree: from a square to its blocks and back.
    let mut block_from = vec![NONE; blocks.len()];
    let mut vertex_from = vec![NONE; n];
    let mut reached = vec![false; n];
    reached[at(s)] = true;
    let mut queue = std::collections::VecDeque::from([s]);
    while let Some(v) = queue.pop_front() {
        if v == e {
            break;
        }
        for &b in &blocks_of[at(v)] {
            if block_from[at(b)] != NONE {
                continue;
            }
            block_from[at(b)] = v;
            for &w in &blocks[at(b)] {
                if !reached[at(w)] {
                    reached[at(w)] = true;
                    vertex_from[at(w)] = b;
                    queue.push_back(w);
                }
            }
        }
    }
    if !reached[at(e)] {
        return None;
    }
    let mut links = Vec::new();
    let mut v = e;
    while v != s {
        let b = vertex_from[at(v)];
        let entry = block_from[at(b)];
        links.push((at(b), entry, v));
        v = entry;
    }
    links.reverse();
    Some(links)
}

/// Squares other than `s` and `e` that no path can pass through are not
/// usable: those left with at most one usable neighbour in the relaxation,
/// and squares other than the teleports that no allowed move from a usable
/// square reaches or none leaves for one. Repeated until none is left.
/// Returns whether any was removed.
fn peel(graph: &Graph, adjacency: &[Vec<u32>], usable: &mut [bool]) -> bool {
    let (s, e) = (graph.start, graph.end);
    let mut into: Vec<Vec<u32>> = vec![Vec::new(); graph.len()];
    for u in graph.nodes() {
        for &v in graph.moves(u) {
            into[at(v)].push(u);
        }
    }
    let dead = |v: u32, usable: &[bool]| {
        if !usable[at(v)] || v == s || v == e {
            return false;
        }
        let live = |w: &&u32| usable[at(**w)];
        if adjacency[at(v)].iter().filter(live).take(2).count() < 2 {
            return true;
        }
        graph.partner[at(v)] == NONE
            && (!into[at(v)].iter().any(|w| live(&w)) || !graph.moves(v).iter().any(|w| live(&w)))
    };
    let mut queue: Vec<u32> = graph.nodes().filter(|&v| dead(v, usable)).collect();
    let mut removed = false;
    while let Some(v) = queue.pop() {
        if !usable[at(v)] {
            continue;
        }
        usable[at(v)] = false;
        removed = true;
        for &w in &adjacency[at(v)] {
            if dead(w, usable) {
                queue.push(w);
            }
        }
    }
    removed
}

/// The bound and the usable squares for a path from `graph.start` to
/// `graph.end` (distinct).
pub fn bound(graph: &Graph) -> Bound {
    let n = graph.len();
    let (s, e) = (graph.start, graph.end);
    let mut usable = vec![true; n];
    // Starting on a teleport does not hop, and landing on its partner would
    // hop back onto the start: the partner can only be the end.
    let start_partner = graph.partner[at(s)];
    let hop = start_partner == NONE;
    if start_partner != NONE && start_partner != e {
        usable[at(start_partner)] = false;
    }
    let adjacency = relaxed(graph, hop);
    let nothing = || Bound {
        moves: None,
        usable: vec![false; n],
        rank: vec![0; n],
    };
    loop {
        peel(graph, &adjacency, &mut usable);
        let blocks = blocks(&adjacency, &usable, s);
        let Some(links) = chain(&blocks, n, s, e) else {
            return nothing();
        };
        let mut on_chain = vec![false; n];
        let mut rank = vec![0u32; n];
        for (i, &(b, _, exit)) in links.iter().enumerate() {
            for &v in &blocks[b] {
                if !on_chain[at(v)] {
                    on_chain[at(v)] = true;
                    rank[at(v)] = count(2 * i);
                }
            }
            rank[at(exit)] = count(2 * i + 1);
        }
        if on_chain != usable {
            // Leaving the blocks off the chain may leave new dead ends.
            usable = on_chain;
            continue;
        }
        let mut total = 0i64;
        for &(b, entry, exit) in &links {
            let vertices: Vec<u32> = blocks[b].clone();
            match block_moves(graph, &vertices, entry, exit, hop) {
                Some(moves) => total += moves,
                None => return nothing(),
            }
        }
        return Bound {
            moves: u64::try_from(total).ok(),
            usable,
            rank,
        };
    }
}
