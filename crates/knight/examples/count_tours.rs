//! Counts knight's tours and prints a table with the time each board took.
//!
//! `cargo run --release -p knight --example count_tours` prints the open
//! and closed counts of every board from 1×1 to 6×6 and the 3×n, 4×n, 5×n
//! rows the published tables hold; `-- W H [closed]` counts one board.

use std::time::{Duration, Instant};

use knight::tour::{count_tours_on, CountRequest, Counted};
use knight::Board;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let budget = 20u64 << 30;
    let hour = Duration::from_secs(3600 * 10);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let one = |w: u64, h: u64, counted: Counted| -> Result<(), Box<dyn std::error::Error>> {
        let board = Board::new(w, h)?;
        let began = Instant::now();
        let count = count_tours_on(CountRequest { board, counted }, budget, hour, threads)?;
        let kind = if counted == Counted::Closed {
            "closed"
        } else {
            "open"
        };
        println!(
            "{w:>2}×{h:<4} {kind:<6} {:>40} {:>10} states {:>10.3} s",
            count.count.to_string(),
            count.states,
            began.elapsed().as_secs_f64()
        );
        Ok(())
    };
    let open = Counted::Open {
        start: None,
        end: None,
    };
    if let [w, h, rest @ ..] = args.as_slice() {
        let board = Board::new(w.parse()?, h.parse()?)?;
        let square = |key: &str| -> Result<Option<knight::Square>, Box<dyn std::error::Error>> {
            match rest.iter().find_map(|a| a.strip_prefix(key)) {
                Some(name) => Ok(Some(name.parse::<knight::SquareName>()?.on(board)?)),
                None => Ok(None),
            }
        };
        let counted = if rest.iter().any(|a| a == "closed") {
            Counted::Closed
        } else {
            Counted::Open {
                start: square("start=")?,
                end: square("end=")?,
            }
        };
        return one(w.parse()?, h.parse()?, counted);
    }
    for n in 1..=6 {
        one(n, n, open)?;
        one(n, n, Counted::Closed)?;
    }
    for (w, hs) in [(3u64, 1..=20u64), (4, 1..=20), (5, 1..=12)] {
        for h in hs {
            one(w, h, open)?;
            one(w, h, Counted::Closed)?;
        }
    }
    Ok(())
}
