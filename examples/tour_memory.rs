//! One 1000×1000 tour, for measuring peak memory:
//! `/usr/bin/time -v target/release/examples/tour_memory`.
use knight::{tour, Board, Cache, Square, TourRequest};

fn main() {
    let closed = std::env::args().any(|a| a == "closed");
    let request = TourRequest {
        board: Board::new(1000, 1000).unwrap(),
        start: Square::new(123, 456),
        method: tour::Method::Construction { closed },
    };
    let answer = tour(request, 1_000_000, &Cache::default()).unwrap();
    println!("{} squares, closed={closed}", answer.tour.squares.len());
}
