//! How often Warnsdorff's rule alone (no step back, Roth's tie-break) tours
//! the n×n board from every start that can have a tour, n = 5..50, and the
//! largest n (sampled) where it still tours from a corner: the figures of
//! docs/tours.md. Minutes in release:
//!
//! ```text
//! cargo run --release -p knight --example warnsdorff_figures
//! ```

use knight::{tour, Board, Cache, Square, TourRequest};

/// Whether Warnsdorff's rule alone (no step back) tours the `n`×`n` board
/// from square `s` (an index).
fn rule_alone_tours(n: u64, s: u64, cache: &Cache) -> bool {
    let side = |c: u64| u32::try_from(c).expect("a side under 2^32");
    let request = TourRequest {
        board: Board::new(n, n).expect("a board"),
        start: Square::new(side(s % n), side(s / n)),
        method: tour::Method::Warnsdorff {
            closed: false,
            seed: None,
            max_backtracks: 0,
        },
    };
    tour(request, u64::MAX, cache).is_ok()
}

/// Whether an open tour from `(x, y)` can exist on a `w`×`h` board of at
/// least 5 a side (the colour argument: an odd board's tours start on its
/// majority colour).
fn has_tour(w: u64, h: u64, (x, y): (u64, u64)) -> bool {
    let odd = w % 2 == 1 && h % 2 == 1;
    !odd || (x + y) % 2 == 0
}

fn main() {
    let cache = Cache::default();
    for n in 5..=50u64 {
        let mut ok = 0;
        let mut starts = 0;
        for s in 0..n * n {
            if !has_tour(n, n, (s % n, s / n)) {
                continue;
            }
            starts += 1;
            if rule_alone_tours(n, s, &cache) {
                ok += 1;
            }
        }
        println!("{n}x{n}: {ok}/{starts} starts");
    }
    let corner = |n: u64| rule_alone_tours(n, 0, &cache);
    let mut last_ok = 0;
    let mut n = 50;
    while n <= 4000 {
        if corner(n) {
            last_ok = n;
        } else {
            println!("corner fails at {n}x{n}");
        }
        n += if n < 500 { 10 } else { 50 };
    }
    println!("largest n (sampled) with a corner tour: {last_ok}");
    let fails: Vec<u64> = (5..=last_ok.min(1000)).filter(|&n| !corner(n)).collect();
    println!(
        "n <= {} where the corner fails: {fails:?}",
        last_ok.min(1000)
    );
}
