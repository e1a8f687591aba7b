//! Criterion benchmarks: cheapest paths on terrain boards.
//!
//! - the challenge board (32×28), a1 → af28 and i1 → ab5, the whole query
//!   (grid built from the parsed board, then searched), both barrier rules;
//! - a 1000×1000 board with water, lava, rocks, barriers and teleports,
//!   corner to corner.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use knight::terrain::MoveGrid;
use knight::{cheapest_path, BarrierRule, Square, Terrain};

const CHALLENGE: &str = include_str!("../../../assets/page/boards/challenge-28x32.txt");

/// A deterministic 1000×1000 board: mostly plain, with sprinkled water,
/// lava, rocks and short barrier walls, and a teleport pair.
fn big_board() -> Terrain {
    let n = 1000usize;
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut rows = Vec::with_capacity(n);
    for r in 0..n {
        let mut row = String::with_capacity(n);
        for f in 0..n {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let c = match state % 100 {
                0..=9 => 'W',
                10..=13 => 'L',
                14..=16 => 'R',
                17 if f % 7 != 0 => 'B',
                _ => '.',
            };
            let c = if (r, f) == (0, 500) || (r, f) == (999, 500) {
                'T'
            } else if (r, f) == (0, 0) || (r, f) == (n - 1, n - 1) {
                '.'
            } else {
                c
            };
            row.push(c);
        }
        rows.push(row);
    }
    Terrain::from_rows(rows.iter().map(String::as_str), 1_000_000).unwrap()
}

fn challenge(c: &mut Criterion) {
    let terrain = Terrain::parse(CHALLENGE, 1_000_000).unwrap();
    let (a1, af28) = (Square::new(0, 0), Square::new(31, 27));
    let (i1, ab5) = (Square::new(8, 0), Square::new(27, 4));
    for rule in [BarrierRule::Either, BarrierRule::LongLeg] {
        c.bench_function(&format!("terrain/challenge/a1-af28/{rule}"), |b| {
            b.iter(|| cheapest_path(black_box(&terrain), a1, af28, rule).unwrap())
        });
    }
    c.bench_function("terrain/challenge/i1-ab5/either", |b| {
        b.iter(|| cheapest_path(black_box(&terrain), i1, ab5, BarrierRule::Either).unwrap())
    });
    let grid = MoveGrid::new(&terrain, BarrierRule::Either).unwrap();
    c.bench_function("terrain/challenge/a1-af28/either/prepared-grid", |b| {
        b.iter(|| grid.cheapest_path(black_box(a1), af28).unwrap())
    });
    c.bench_function("terrain/challenge/parse-board", |b| {
        b.iter(|| Terrain::parse(black_box(CHALLENGE), 1_000_000).unwrap())
    });
}

fn thousand(c: &mut Criterion) {
    let terrain = big_board();
    let (from, to) = (Square::new(0, 0), Square::new(999, 999));
    let found = cheapest_path(&terrain, from, to, BarrierRule::Either)
        .unwrap()
        .expect("corner to corner is reachable");
    eprintln!(
        "1000x1000: cost {}, {} moves, {} squares listed",
        found.cost,
        found.moves,
        found.path.len()
    );
    let mut group = c.benchmark_group("terrain/1000x1000");
    group.sample_size(10);
    group.bench_function("a1-all1000/either", |b| {
        b.iter(|| cheapest_path(black_box(&terrain), from, to, BarrierRule::Either).unwrap())
    });
    group.finish();
}

criterion_group!(benches, challenge, thousand);
criterion_main!(benches);
