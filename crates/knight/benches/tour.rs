//! Criterion benchmarks of the tours `/tour` answers, through the library's
//! one door (`knight::tour`), as the service calls it (one cache, warm: the
//! first call builds the tables once): the construction on 8×8, 100×100 and
//! 1000×1000, open and closed, from the middle, and 999×999 open; the
//! narrow boards 3×100,000 and 4×100,000 from the middle of an edge line;
//! both ends fixed and Warnsdorff's rule on 1000×1000. Each answer is
//! checked by the library before it is given.

use criterion::{criterion_group, criterion_main, Criterion};
use knight::{tour, Board, Cache, Square, TourRequest};

fn tours(c: &mut Criterion) {
    let cache = Cache::default();
    let mut group = c.benchmark_group("tour");
    group.sample_size(10);
    let mut bench = |name: String, board: Board, start: Square, method: tour::Method| {
        let request = TourRequest {
            board,
            start,
            method,
        };
        group.bench_function(name, |b| {
            b.iter(|| tour(request, 1_000_000, &cache).unwrap())
        });
    };
    for side in [8u32, 100, 1000] {
        let board = Board::new(side.into(), side.into()).unwrap();
        let middle = Square::new(side / 2, side / 2 - 1);
        for closed in [false, true] {
            let kind = if closed { "closed" } else { "open" };
            let method = tour::Method::Construction { closed };
            bench(format!("{side}x{side}/{kind}"), board, middle, method);
        }
    }
    let open = tour::Method::Construction { closed: false };
    let odd = Board::new(999, 999).unwrap();
    bench("999x999/open".into(), odd, Square::new(500, 500), open);
    for rows in [3u64, 4] {
        let board = Board::new(100_000, rows).unwrap();
        bench(
            format!("{rows}x100000/open"),
            board,
            Square::new(50_001, 0),
            open,
        );
    }
    let board = Board::new(1000, 1000).unwrap();
    let start = Square::new(500, 499);
    let end = Square::new(999, 1);
    bench(
        "1000x1000/ends".into(),
        board,
        start,
        tour::Method::Ends { end },
    );
    let warnsdorff = tour::Method::Warnsdorff {
        closed: false,
        seed: None,
        max_backtracks: knight::tour::DEFAULT_BACKTRACKS,
    };
    bench("1000x1000/warnsdorff".into(), board, start, warnsdorff);
    group.finish();
}

criterion_group!(benches, tours);
criterion_main!(benches);
