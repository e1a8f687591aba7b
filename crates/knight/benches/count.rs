//! Criterion benchmarks of counting tours (`/tour/count`): closed tours of
//! 6×6 (9,862), open ones of 5×5 (864) and from its corner (304), of 4×12
//! (the frontier), and of long boards 3 and 4 wide (3×200 and 4×1000: the
//! row-to-row transfer and its recurrence, run in big integers). Larger
//! boards' figures are in docs/performance.md, from the `count_tours`
//! example.

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use knight::tour::{count_tours, CountRequest, Counted};
use knight::{Board, Square};

fn counts(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group.sample_size(10);
    let open = Counted::Open {
        start: None,
        end: None,
    };
    let corner = Counted::Open {
        start: Some(Square::new(0, 0)),
        end: None,
    };
    for (name, w, h, counted) in [
        ("6x6/closed", 6, 6, Counted::Closed),
        ("5x5/open", 5, 5, open),
        ("5x5/from_a1", 5, 5, corner),
        ("4x12/open", 4, 12, open),
        ("3x200/open", 3, 200, open),
        ("4x1000/open", 4, 1000, open),
    ] {
        let request = CountRequest {
            board: Board::new(w, h).unwrap(),
            counted,
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                let hour = Duration::from_secs(3600);
                black_box(count_tours(request, 1 << 30, hour).unwrap())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, counts);
criterion_main!(benches);
