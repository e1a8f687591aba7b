//! Criterion benchmarks of `/distance-map` and `/shortest-paths`' solver
//! work: a distance map of 65,536 squares (the whole 256×256 board, and a
//! 256×256 window of a 10⁹ board); the number of shortest paths over a
//! corridor of about a million squares on a 10⁹ board, and a page of 5 of
//! them; a page of 100 paths of 100 moves at the first place and just
//! before the last.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use knight::plain::{distance_map, shortest_paths, Count, PathsLimits};
use knight::{Board, Square};

/// The service's default limit on the numbers' bytes, with `squares`.
fn limits(squares: u64) -> PathsLimits {
    PathsLimits {
        squares,
        count_bytes: 256 << 20,
    }
}

fn maps(c: &mut Criterion) {
    let mut group = c.benchmark_group("maps");
    group.sample_size(20);
    let small = Board::new(256, 256).unwrap();
    group.bench_function("distance_map/256x256", |b| {
        b.iter(|| {
            distance_map(
                small,
                black_box(Square::new(100, 77)),
                0..256,
                0..256,
                65_536,
            )
            .unwrap()
        })
    });
    let g = 1_000_000_000u32;
    let huge = Board::new(g.into(), g.into()).unwrap();
    let from = Square::new(123_456_789, 987_654_321);
    let (files, ranks) = (123_456_700..123_456_956, 987_654_200..987_654_456);
    group.bench_function("distance_map/1e9_window_256x256", |b| {
        b.iter(|| {
            distance_map(huge, black_box(from), files.clone(), ranks.clone(), 65_536).unwrap()
        })
    });
    // 2,000 moves straight up the board: the squares on shortest paths
    // fill a diamond of about a million.
    let (a, z) = (Square::new(500_000, 1000), Square::new(500_000, 5000));
    let counted = shortest_paths(huge, a, z, &Count::default(), 0, limits(2_000_000)).unwrap();
    let squares: usize = counted.layers.iter().map(Vec::len).sum();
    println!(
        "corridor: {squares} squares on shortest paths, {} digits of count",
        counted.count.to_string().len()
    );
    group.sample_size(10);
    group.bench_function("shortest_paths/count_corridor", |b| {
        b.iter(|| {
            shortest_paths(
                huge,
                black_box(a),
                z,
                &Count::default(),
                0,
                limits(2_000_000),
            )
            .unwrap()
        })
    });
    // A page over the corridor: its numbers (over 16 MiB) are kept every
    // √moves layers, and each stretch between them is counted again as the
    // page walks it, so a page costs about twice the count.
    group.bench_function("shortest_paths/page_of_5_corridor", |b| {
        b.iter(|| {
            let page = shortest_paths(
                huge,
                black_box(a),
                z,
                &Count::default(),
                5,
                limits(2_000_000),
            )
            .unwrap();
            assert_eq!(page.paths().count(), 5);
            page
        })
    });
    // 100 moves: a page of 100 paths at the start and near the end.
    let (p, q) = (Square::new(500_000, 500_000), Square::new(500_000, 500_200));
    let all = shortest_paths(huge, p, q, &Count::default(), 0, limits(1_000_000)).unwrap();
    assert_eq!(all.moves, Some(100));
    let near_end = all.count.checked_sub(&Count::from(100u64)).unwrap();
    for (name, offset) in [("first", Count::default()), ("last", near_end)] {
        group.bench_function(format!("shortest_paths/page_of_100x100_{name}"), |b| {
            b.iter(|| {
                let page =
                    shortest_paths(huge, black_box(p), q, &offset, 100, limits(1_000_000)).unwrap();
                assert_eq!(page.paths().count(), 100);
                page
            })
        });
    }
    group.finish();
}

criterion_group!(benches, maps);
criterion_main!(benches);
