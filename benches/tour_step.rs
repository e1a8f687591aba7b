//! Criterion benchmarks of the random-access tours: `square_at` and
//! `step_of` on 10⁹ × 10⁹ boards; building 1000×1000 tours against
//! `knights_tour`; both ends fixed; Warnsdorff's rule.
//! The `verified` entries are what `/tour` runs: the tour built and checked
//! (`knights_tour` for `method=auto`, `tour::tour_with_ends` for `end`,
//! `tour::warnsdorff_tour` for `method=warnsdorff`).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use knight::tour::construct::IndexedTour;
use knight::tour::ends::tour_with_ends;
use knight::tour::warnsdorff::{warnsdorff_tour, DEFAULT_BACKTRACKS};
use knight::tour::{self, knights_tour};
use knight::{Board, Square};

fn steps(c: &mut Criterion) {
    let g = 1_000_000_000u64;
    let mut group = c.benchmark_group("tour_step");
    for (name, w, h, s, closed) in [
        ("1e9x1e9/open", g, g, (g / 2, g / 2), false),
        ("(1e9-1)^2/open", g - 1, g - 1, (g / 2, g / 2), false),
        ("5x1e9/closed", 5, g, (2, g / 2), true),
    ] {
        let tour = IndexedTour::new(w, h, s, closed).unwrap();
        let n = w * h;
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
        group.bench_function(format!("{name}/step_of"), |b| {
            b.iter(|| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                black_box(tour.step_of(((x >> 7) % w, (x >> 33) % h)))
            })
        });
    }
    group.bench_function("1e9x1e9/new", |b| {
        b.iter(|| IndexedTour::new(g, g, black_box((12345, 67890)), false).unwrap())
    });
    group.finish();
}

fn builds(c: &mut Criterion) {
    let mut group = c.benchmark_group("tour_build");
    group.sample_size(10);
    let (side, middle) = (1000u64, (500u64, 499u64));
    for closed in [false, true] {
        let kind = if closed { "closed" } else { "open" };
        group.bench_function(format!("1000x1000/{kind}/indexed"), |b| {
            b.iter(|| {
                IndexedTour::new(side, side, middle, closed)
                    .unwrap()
                    .build(1_000_000)
                    .unwrap()
            })
        });
        let board = Board::new(side, side).unwrap();
        group.bench_function(format!("1000x1000/{kind}/knights_tour"), |b| {
            b.iter(|| knights_tour(board, Square::new(500, 499), closed, 1_000_000).unwrap())
        });
    }
    group.bench_function("999x999/open/indexed", |b| {
        b.iter(|| {
            IndexedTour::new(999, 999, (500, 500), false)
                .unwrap()
                .build(1_000_000)
                .unwrap()
        })
    });
    let board = Board::new(side, side).unwrap();
    let start = Square::new(500, 499);
    group.bench_function("1000x1000/ends/verified", |b| {
        b.iter(|| tour::tour_with_ends(board, start, Square::new(999, 1), 1_000_000).unwrap())
    });
    group.bench_function("1000x1000/warnsdorff/verified", |b| {
        b.iter(|| tour::warnsdorff_tour(board, start, false, None, 1_000_000).unwrap())
    });
    group.bench_function("1000x1000/ends", |b| {
        b.iter(|| tour_with_ends(1000, 1000, middle, (999, 1), 1_000_000).unwrap())
    });
    group.bench_function("1000x1000/warnsdorff", |b| {
        b.iter(|| {
            warnsdorff_tour(
                1000,
                1000,
                499_500,
                false,
                None,
                DEFAULT_BACKTRACKS,
                1_000_000,
            )
        })
    });
    group.finish();
}

criterion_group!(benches, steps, builds);
criterion_main!(benches);
