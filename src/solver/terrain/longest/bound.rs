//! The proven upper bound on a longest path's moves, and the squares a path
//! from the start to the end can use at all.
//!
//! Every valid path is a simple path of a relaxed, undirected graph: the
//! landable squares, an edge wherever a move is allowed either way, and an
//! edge between the two teleports for the hop. In that graph:
//! - a square other than the two ends with at most one neighbour left can
//!   only be an end of a path, so no path uses it (peeled, repeatedly);
//! - a simple path from `s` to `e` runs through the blocks (biconnected
//!   components) on the block-cut tree's path from `s` to `e`, entering each
//!   at one cut vertex and leaving at the next; nothing else is usable;
//! - inside one block a knight alternates colours, so the block's part of the
//!   path is bounded by the block's colour counts and the colours of where
//!   it enters and leaves. A hop joins two squares without a move and may
//!   join squares of one colour, so a block holding the hop is counted as
//!   two alternating segments, either way round, or without the hop.
//!
//! The bound is the sum over the blocks of the chain.

use super::graph::{Graph, NONE};

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
    for u in 0..graph.len() as u32 {
        for &v in graph.moves(u) {
            adjacency[u as usize].push(v);
            adjacency[v as usize].push(u);
        }
        let p = graph.partner[u as usize];
        if hop && p != NONE {
            adjacency[u as usize].push(p);
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
    let colour = |v: u32| graph.colours[v as usize];
    let is_teleport = |v: u32| graph.partner[v as usize] != NONE;
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
    best
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
    discovered[root as usize] = clock;
    low[root as usize] = clock;
    while let Some(top) = stack.last_mut() {
        let (v, parent, i) = *top;
        if let Some(&w) = adjacency[v as usize].get(i) {
            top.2 += 1;
            if !usable[w as usize] {
                continue;
            }
            if discovered[w as usize] == 0 {
                clock += 1;
                discovered[w as usize] = clock;
                low[w as usize] = clock;
                edges.push((v, w));
                stack.push((w, v, 0));
            } else if w != parent && discovered[w as usize] < discovered[v as usize] {
                edges.push((v, w));
                low[v as usize] = low[v as usize].min(discovered[w as usize]);
            }
            continue;
        }
        stack.pop();
        if parent == NONE {
            continue;
        }
        low[parent as usize] = low[parent as usize].min(low[v as usize]);
        if low[v as usize] >= discovered[parent as usize] {
            let mut block = Vec::new();
            while let Some((x, y)) = edges.pop() {
                for z in [x, y] {
                    if !seen[z as usize] {
                        seen[z as usize] = true;
                        block.push(z);
                    }
                }
                if (x, y) == (parent, v) {
                    break;
                }
            }
            for &z in &block {
                seen[z as usize] = false;
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
            blocks_of[v as usize].push(b as u32);
        }
    }
    // Breadth-first over the tree: from a square to its blocks and back.
    let mut block_from = vec![NONE; blocks.len()];
    let mut vertex_from = vec![NONE; n];
    let mut reached = vec![false; n];
    reached[s as usize] = true;
    let mut queue = std::collections::VecDeque::from([s]);
    while let Some(v) = queue.pop_front() {
        if v == e {
            break;
        }
        for &b in &blocks_of[v as usize] {
            if block_from[b as usize] != NONE {
                continue;
            }
            block_from[b as usize] = v;
            for &w in &blocks[b as usize] {
                if !reached[w as usize] {
                    reached[w as usize] = true;
                    vertex_from[w as usize] = b;
                    queue.push_back(w);
                }
            }
        }
    }
    if !reached[e as usize] {
        return None;
    }
    let mut links = Vec::new();
    let mut v = e;
    while v != s {
        let b = vertex_from[v as usize];
        let entry = block_from[b as usize];
        links.push((b as usize, entry, v));
        v = entry;
    }
    links.reverse();
    Some(links)
}

/// Squares other than `s` and `e` left with at most one usable neighbour are
/// not usable; repeated until none is left. Returns whether any was removed.
fn peel(adjacency: &[Vec<u32>], usable: &mut [bool], s: u32, e: u32) -> bool {
    let degree =
        |v: usize, usable: &[bool]| adjacency[v].iter().filter(|&&w| usable[w as usize]).count();
    let mut queue: Vec<u32> = (0..adjacency.len() as u32)
        .filter(|&v| usable[v as usize] && v != s && v != e && degree(v as usize, usable) <= 1)
        .collect();
    let mut removed = false;
    while let Some(v) = queue.pop() {
        if !usable[v as usize] {
            continue;
        }
        usable[v as usize] = false;
        removed = true;
        for &w in &adjacency[v as usize] {
            if usable[w as usize] && w != s && w != e && degree(w as usize, usable) <= 1 {
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
    let start_partner = graph.partner[s as usize];
    let hop = start_partner == NONE;
    if start_partner != NONE && start_partner != e {
        usable[start_partner as usize] = false;
    }
    let adjacency = relaxed(graph, hop);
    let nothing = || Bound {
        moves: None,
        usable: vec![false; n],
        rank: vec![0; n],
    };
    loop {
        peel(&adjacency, &mut usable, s, e);
        let blocks = blocks(&adjacency, &usable, s);
        let Some(links) = chain(&blocks, n, s, e) else {
            return nothing();
        };
        let mut on_chain = vec![false; n];
        let mut rank = vec![0u32; n];
        for (i, &(b, _, exit)) in links.iter().enumerate() {
            for &v in &blocks[b] {
                if !on_chain[v as usize] {
                    on_chain[v as usize] = true;
                    rank[v as usize] = 2 * i as u32;
                }
            }
            rank[exit as usize] = 2 * i as u32 + 1;
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
            moves: Some(total as u64),
            usable,
            rank,
        };
    }
}
