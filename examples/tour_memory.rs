//! One 1000×1000 tour, for measuring peak memory:
//! `/usr/bin/time -v target/release/examples/tour_memory`.
use knight::tour::knights_tour;
use knight::{Board, Square};

fn main() {
    let closed = std::env::args().any(|a| a == "closed");
    let board = Board::new(1000, 1000).unwrap();
    let tour = knights_tour(board, Square::new(123, 456), closed, 1_000_000).unwrap();
    println!("{} squares, closed={closed}", tour.path.len());
}
