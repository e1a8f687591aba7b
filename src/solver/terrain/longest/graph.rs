//! The graph the longest-path search works on: one node per square a knight
//! may land on, the moves the terrain and barrier rule allow between them,
//! and the teleport hop folded into "where a landing leaves the knight".

use crate::solver::board::{Colour, Square};
use crate::solver::terrain::{BarrierRule, Terrain};

/// No node: a square nobody may land on, or no teleport partner.
pub const NONE: u32 = u32::MAX;

/// The landable squares of a terrain board and the moves between them, in
/// compressed rows (moves of node `u` are `moves[offsets[u]..offsets[u+1]]`,
/// in [`crate::solver::board::KNIGHT_MOVES`] order).
#[derive(Debug)]
pub struct Graph {
    pub squares: Vec<Square>,
    pub costs: Vec<u64>,
    /// 0 for dark, 1 for light.
    pub colours: Vec<u8>,
    offsets: Vec<u32>,
    moves: Vec<u32>,
    /// The other teleport, for the two teleports; [`NONE`] elsewhere.
    pub partner: Vec<u32>,
    pub start: u32,
    pub end: u32,
    /// Whether every move may also be made backwards (false only under
    /// `long_leg` near barriers).
    pub symmetric: bool,
}

impl Graph {
    /// The graph of `terrain` under `rule`, with the path's two ends; `None`
    /// when either end cannot be landed on.
    pub fn new(terrain: &Terrain, rule: BarrierRule, from: Square, to: Square) -> Option<Graph> {
        let board = terrain.board();
        let cells = terrain.cells();
        let mut node_of = vec![NONE; cells.len()];
        let mut squares = Vec::new();
        let mut costs = Vec::new();
        for (i, cell) in cells.iter().enumerate() {
            if let Some(cost) = cell.landing_cost() {
                node_of[i] = squares.len() as u32;
                squares.push(board.from_index(i as u64).expect("index on board"));
                costs.push(cost);
            }
        }
        let node = |s: Square| node_of[board.index(s) as usize];
        let (start, end) = (node(from), node(to));
        if start == NONE || end == NONE {
            return None;
        }
        let mut offsets = Vec::with_capacity(squares.len() + 1);
        let mut moves = Vec::with_capacity(squares.len() * 8);
        offsets.push(0);
        for &s in &squares {
            moves.extend(terrain.moves_from(s, rule).map(node));
            offsets.push(moves.len() as u32);
        }
        let mut partner = vec![NONE; squares.len()];
        if let Some([a, b]) = terrain.teleports() {
            partner[node(a) as usize] = node(b);
            partner[node(b) as usize] = node(a);
        }
        let colours = squares
            .iter()
            .map(|s| u8::from(s.colour() == Colour::Light))
            .collect();
        let mut graph = Graph {
            squares,
            costs,
            colours,
            offsets,
            moves,
            partner,
            start,
            end,
            symmetric: true,
        };
        graph.symmetric = (0..graph.len() as u32)
            .all(|u| graph.moves(u).iter().all(|&v| graph.moves(v).contains(&u)));
        Some(graph)
    }

    pub fn len(&self) -> usize {
        self.squares.len()
    }

    /// The squares a knight on `u` may land on.
    pub fn moves(&self, u: u32) -> &[u32] {
        &self.moves[self.offsets[u as usize] as usize..self.offsets[u as usize + 1] as usize]
    }

    /// Where landing on `v` leaves the knight: the partner of a teleport
    /// (the hop is mandatory), except that landing on the end ends the path.
    pub fn after_landing(&self, v: u32) -> u32 {
        let p = self.partner[v as usize];
        if p == NONE || v == self.end {
            v
        } else {
            p
        }
    }
}
