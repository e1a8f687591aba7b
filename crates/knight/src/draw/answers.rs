//! The marks and words of the library's answers as pictures, written once
//! for every program that draws them (knightd and the Python package say
//! the same). A tour's are its own (`TourSquares::overlay`).

use super::{Caption, Overlay};
use crate::board::{Board, Square};
use crate::plain::DistanceMap;

/// A distance map from `from` as a picture: each square of its window
/// shaded by its moves, `from` marked with its own moves drawn, and the
/// words "Fewest moves from g2 to every square" and "light square, 4
/// knight moves (drawn); every square shown is at most 5 moves from g2".
pub fn distance_map_overlay(board: Board, from: Square, map: &DistanceMap) -> Overlay {
    let files = map.files.clone();
    let shades = map
        .ranks
        .clone()
        .rev()
        .flat_map(|rank| files.clone().map(move |file| Square::new(file, rank)))
        .zip(&map.moves)
        .filter_map(|(square, moves)| moves.map(|m| (square, m)))
        .collect();
    let moves = board.knight_moves(from).count();
    let itself = format!(
        "{} square, {moves} knight move{} (drawn)",
        from.colour().as_str(),
        if moves == 1 { "" } else { "s" }
    );
    let verdict = match map.farthest {
        Some(far) if far > 0 => {
            format!("{itself}; every square shown is at most {far} moves from {from}")
        }
        _ => format!("{itself}; no other square shown can be reached from {from}"),
    };
    Overlay {
        ends: vec![from],
        moves_of: Some(from),
        shades,
        caption: Caption {
            asked: format!("Fewest moves from {from} to every square"),
            verdict: Some(verdict),
            ..Caption::default()
        },
        ..Overlay::default()
    }
}
