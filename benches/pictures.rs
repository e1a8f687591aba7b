//! Criterion benchmarks of the pictures: the SVG of a tour of 1000×1000
//! (the board as one pattern, the tour drawn through every 16th square)
//! and of the challenge board's cheapest path (square by square), and
//! each rasterised to a PNG as `format=png` does (`response::raster`, at
//! the SVG's own size), the fonts loaded once as in the server.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use knight::draw::{Caption, Overlay};
use knight::terrain::Ground;
use knight::{cheapest_path, draw, tour, BarrierRule, Board, Cache, Square, Terrain, TourRequest};
use knightd::response::raster::rasterise;

const CHALLENGE: &str = include_str!("../assets/page/boards/challenge-28x32.txt");

fn overlay(asked: &str) -> Overlay {
    Overlay {
        caption: Caption {
            asked: asked.to_owned(),
            ..Caption::default()
        },
        ..Overlay::default()
    }
}

fn pictures(c: &mut Criterion) {
    let mut group = c.benchmark_group("pictures");
    group.sample_size(10);
    let board = Board::new(1000, 1000).unwrap();
    let request = TourRequest {
        board,
        start: Square::new(0, 0),
        method: tour::Method::Construction { closed: false },
    };
    let path = tour(request, 1_000_000, &Cache::default())
        .unwrap()
        .tour
        .into_tour()
        .path;
    let ground = Ground::Plain(board);
    let svg = draw::svg(ground, &path, overlay("Knight's tour from a1")).unwrap();
    println!("tour 1000x1000: SVG of {} bytes", svg.len());
    group.bench_function("svg/tour_1000x1000", |b| {
        b.iter(|| draw::svg(ground, black_box(&path), overlay("Knight's tour from a1")).unwrap())
    });
    let png = rasterise(svg.as_bytes(), None, 4096).unwrap();
    println!("tour 1000x1000: PNG of {} bytes", png.len());
    group.bench_function("png/tour_1000x1000", |b| {
        b.iter(|| rasterise(black_box(svg.as_bytes()), None, 4096).unwrap())
    });

    let terrain = Terrain::parse(CHALLENGE, 1_000_000).unwrap();
    let (from, to) = (Square::new(0, 0), Square::new(31, 27));
    let found = cheapest_path(&terrain, from, to, BarrierRule::Either)
        .unwrap()
        .unwrap();
    let ground = Ground::Terrain(&terrain);
    let svg = draw::svg(ground, &found.path, overlay("Cheapest path")).unwrap();
    group.bench_function("svg/challenge_cheapest", |b| {
        b.iter(|| draw::svg(ground, black_box(&found.path), overlay("Cheapest path")).unwrap())
    });
    group.bench_function("png/challenge_cheapest", |b| {
        b.iter(|| rasterise(black_box(svg.as_bytes()), None, 4096).unwrap())
    });
    group.finish();
}

criterion_group!(benches, pictures);
criterion_main!(benches);
