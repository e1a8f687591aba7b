//! Criterion benchmarks: exact distances and shortest paths on plain boards.
//!
//! Distances are measured over 1,024 fixed pairs an iteration (divide by
//! 1,024, or read the throughput, for the time a pair); paths between far
//! corners, with the throughput in listed squares.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use knight::{knight_distance, shortest_path};
use knight::{Board, Square};

const PAIRS: usize = 1024;

/// Deterministic pairs of squares of `board` (xorshift64*).
fn pairs(board: Board, mut seed: u64) -> Vec<(Square, Square)> {
    let mut next = move |side: u64| {
        seed ^= seed >> 12;
        seed ^= seed << 25;
        seed ^= seed >> 27;
        (seed.wrapping_mul(0x2545_F491_4F6C_DD1D) % side) as u32
    };
    (0..PAIRS)
        .map(|_| {
            let a = Square::new(next(board.width()), next(board.height()));
            let b = Square::new(next(board.width()), next(board.height()));
            (a, b)
        })
        .collect()
}

fn distances(c: &mut Criterion) {
    let mut group = c.benchmark_group("distance");
    group.throughput(Throughput::Elements(PAIRS as u64));
    knight::warm();
    for (name, board) in [
        ("8x8", Board::CHESS),
        ("1e9x1e9", Board::new(1_000_000_000, 1_000_000_000).unwrap()),
        ("3x1e9", Board::new(3, 1_000_000_000).unwrap()),
    ] {
        let pairs = pairs(board, 0x6b6e_6967_6874_6421);
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut total = 0u64;
                for &(from, to) in &pairs {
                    let d = knight_distance(black_box(board), black_box(from), black_box(to));
                    total = total.wrapping_add(d.unwrap_or(0));
                }
                total
            })
        });
    }
    group.finish();
}

fn paths(c: &mut Criterion) {
    let mut group = c.benchmark_group("path");
    for side in [1_000u64, 1_000_000] {
        let board = Board::new(side, side).unwrap();
        let from = Square::new(0, 0);
        let to = Square::new(side as u32 - 1, side as u32 - 1);
        let squares = shortest_path(board, from, to, u64::MAX)
            .unwrap()
            .unwrap()
            .len();
        group.throughput(Throughput::Elements(squares as u64));
        if side >= 1_000_000 {
            group.sample_size(10);
        }
        group.bench_function(format!("far_corners_{side}x{side}"), |b| {
            b.iter(|| shortest_path(black_box(board), black_box(from), black_box(to), u64::MAX))
        });
    }
    group.finish();
}

criterion_group!(benches, distances, paths);
criterion_main!(benches);
