//! The graph the longest-path search works on: one node per square a knight
//! may land on, the moves the terrain and barrier rule allow between them,
//! and the teleport hop folded into "where a landing leaves the knight".

use crate::board::{Colour, Square};
use crate::grid::{Spot, SpotMap};
use crate::terrain::{BarrierRule, SearchError, Terrain};

/// No node: a square nobody may land on, or no teleport partner. Nodes are
/// [`Spot`]s of the graph, kept raw in `u32` arrays.
pub const NONE: u32 = Spot::NONE.raw();

/// A node as an index into the graph's arrays.
#[inline]
pub fn at(node: u32) -> usize {
    Spot::from_raw(node).index()
}

/// The node numbered `index` (below the graph's length, which fits a
/// [`Spot`]).
#[inline]
pub fn node(index: usize) -> u32 {
    Spot::new(index).raw()
}

/// A count or position no larger than a board's squares, as `u32`.
#[inline]
pub fn count(n: usize) -> u32 {
    u32::try_from(n).expect("a board's squares fit in u32")
}

/// The landable squares of a terrain board and the moves between them, in
/// compressed rows (moves of node `u` are `moves[offsets[u]..offsets[u+1]]`,
/// in [`crate::board::STEPS`] order).
#[derive(Debug)]
pub struct Graph {
    pub squares: Vec<Square>,
    pub costs: Vec<u64>,
    /// 0 for dark, 1 for light.
    pub colours: Vec<u8>,
    offsets: Vec<u32>,
    moves: Vec<u32>,
    /// The moves into each node, in the same compressed rows.
    into_offsets: Vec<u32>,
    into: Vec<u32>,
    /// The other teleport, for the two teleports; [`NONE`] elsewhere.
    pub partner: Vec<u32>,
    pub start: u32,
    pub end: u32,
}

impl Graph {
    /// The graph of `terrain` under `rule`, with the path's two ends, which
    /// must be squares a knight can land on.
    pub fn new(
        terrain: &Terrain,
        rule: BarrierRule,
        from: Square,
        to: Square,
    ) -> Result<Graph, SearchError> {
        terrain.check_ends(from, to)?;
        let grid = terrain.grid();
        let too_large = SearchError::BoardTooLarge {
            squares: grid.board().squares(),
        };
        let mut node_of = SpotMap::new(grid, NONE);
        let mut squares = Vec::new();
        let mut costs = Vec::new();
        for (square, spot) in grid.squares() {
            if let Some(cost) = terrain.cells()[spot.index()].landing_cost() {
                node_of[spot] = node(squares.len());
                squares.push(square);
                costs.push(cost);
            }
        }
        let node = |s: Square| node_of[grid.spot(s)];
        let (start, end) = (node(from), node(to));
        let mut offsets = Vec::with_capacity(squares.len() + 1);
        let mut moves = Vec::with_capacity(squares.len() * 8);
        offsets.push(0);
        for &s in &squares {
            moves.extend(terrain.moves_from(s, rule).map(node));
            offsets.push(u32::try_from(moves.len()).map_err(|_| too_large.clone())?);
        }
        let partner = squares
            .iter()
            .map(|&s| terrain.teleport_partner(s).map_or(NONE, node))
            .collect();
        let colours = squares
            .iter()
            .map(|s| u8::from(s.colour() == Colour::Light))
            .collect();
        let (into_offsets, into) = reversed(&offsets, &moves);
        Ok(Graph {
            squares,
            costs,
            colours,
            offsets,
            moves,
            into_offsets,
            into,
            partner,
            start,
            end,
        })
    }

    pub fn len(&self) -> usize {
        self.squares.len()
    }

    /// Every node, in square index order.
    pub fn nodes(&self) -> impl Iterator<Item = u32> {
        (0..self.len()).map(node)
    }

    /// The squares a knight on `u` may land on.
    pub fn moves(&self, u: u32) -> &[u32] {
        &self.moves[at(self.offsets[at(u)])..at(self.offsets[at(u) + 1])]
    }

    /// The squares from which a knight may land on `v`.
    pub fn moves_into(&self, v: u32) -> &[u32] {
        &self.into[at(self.into_offsets[at(v)])..at(self.into_offsets[at(v) + 1])]
    }

    /// Where landing on `v` leaves the knight: the partner of a teleport
    /// (the hop is mandatory), except that landing on the end ends the path.
    pub fn after_landing(&self, v: u32) -> u32 {
        let p = self.partner[at(v)];
        if p == NONE || v == self.end {
            v
        } else {
            p
        }
    }
}

/// The compressed rows of the moves reversed: for each node, the nodes
/// with a move to it.
fn reversed(offsets: &[u32], moves: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let n = offsets.len() - 1;
    let mut into_offsets = vec![0u32; n + 1];
    for &v in moves {
        into_offsets[at(v) + 1] += 1;
    }
    for i in 0..n {
        into_offsets[i + 1] += into_offsets[i];
    }
    let mut next = into_offsets.clone();
    let mut into = vec![NONE; moves.len()];
    for u in 0..n {
        for &v in &moves[at(offsets[u])..at(offsets[u + 1])] {
            into[at(next[at(v)])] = node(u);
            next[at(v)] += 1;
        }
    }
    (into_offsets, into)
}
