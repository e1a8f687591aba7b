//! Criterion benchmarks: knight's tours on 8×8, 100×100 and 1000×1000, open
//! and closed, from the middle; and open tours of the narrow boards 3×100,000
//! and 4×100,000 from the middle of an edge line (tables warm: the first
//! call builds them once per process).

use criterion::{criterion_group, criterion_main, Criterion};
use knight::tour::knights_tour;
use knight::{Board, Square};

fn tours(c: &mut Criterion) {
    let mut group = c.benchmark_group("tour");
    group.sample_size(10);
    for side in [8u64, 100, 1000] {
        let board = Board::new(side, side).unwrap();
        let middle = Square::new((side / 2) as u32, (side / 2 - 1) as u32);
        for closed in [false, true] {
            let kind = if closed { "closed" } else { "open" };
            group.bench_function(format!("{side}x{side}/{kind}"), |b| {
                b.iter(|| knights_tour(board, middle, closed, 1_000_000).unwrap())
            });
        }
    }
    let odd = Board::new(999, 999).unwrap();
    group.bench_function("999x999/open", |b| {
        b.iter(|| knights_tour(odd, Square::new(500, 500), false, 1_000_000).unwrap())
    });
    for rows in [3u64, 4] {
        let board = Board::new(100_000, rows).unwrap();
        let start = Square::new(50_001, 0);
        group.bench_function(format!("{rows}x100000/open"), |b| {
            b.iter(|| knights_tour(board, start, false, 1_000_000).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, tours);
criterion_main!(benches);
