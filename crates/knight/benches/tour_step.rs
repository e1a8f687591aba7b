//! Criterion benchmarks of the tours read at any step (`/tour/step`):
//! `square_at` and `step_of` on boards of 10⁹ a side, and setting a tour
//! of such a board up.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use knight::tour::IndexedTour;
use knight::{Board, Cache, Square};

fn steps(c: &mut Criterion) {
    let cache = Cache::default();
    let g = 1_000_000_000u32;
    let mut group = c.benchmark_group("tour_step");
    for (name, w, h, s, closed) in [
        ("1e9x1e9/open", g, g, Square::new(g / 2, g / 2), false),
        (
            "(1e9-1)^2/open",
            g - 1,
            g - 1,
            Square::new(g / 2, g / 2),
            false,
        ),
        ("5x1e9/closed", 5, g, Square::new(2, g / 2), true),
    ] {
        let board = Board::new(w.into(), h.into()).unwrap();
        let tour = IndexedTour::new(board, s, closed, 1_000_000, &cache).unwrap();
        let n = board.squares();
        let mut k = 0x1234_5678_9abc_def0u64 % n;
        group.bench_function(format!("{name}/square_at"), |b| {
            b.iter(|| {
                k = (k
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407))
                    % n;
                black_box(tour.square_at(k))
            })
        });
        let mut x = 12345u64;
        let side = |bits: u64, of: u32| u32::try_from(bits % u64::from(of)).unwrap();
        group.bench_function(format!("{name}/step_of"), |b| {
            b.iter(|| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                black_box(tour.step_of(Square::new(side(x >> 7, w), side(x >> 33, h))))
            })
        });
    }
    let board = Board::new(g.into(), g.into()).unwrap();
    group.bench_function("1e9x1e9/new", |b| {
        b.iter(|| {
            let start = black_box(Square::new(12345, 67890));
            IndexedTour::new(board, start, false, 1_000_000, &cache).unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, steps);
criterion_main!(benches);
