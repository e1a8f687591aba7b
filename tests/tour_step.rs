//! `/tour` with `end`, `method` and `seed` (GET and POST), and
//! `/tour/step` (GET and POST): the real server on port 0. `/tour/step`
//! must read exactly the tour `/tour` lists: checked square by square
//! through the solver on boards to 40×40 (the handler reads the same
//! `IndexedTour`), and over HTTP on some boards whole, sampled squares of
//! 1000×1000, and boards 10⁹ a side.

mod common;

use std::collections::HashSet;

use knight::tour::construct::IndexedTour;
use knight::tour::knights_tour;
use knight::{Board, Square};
use serde_json::{json, Value};

fn knight((a, b): (u64, u64), (c, d): (u64, u64)) -> bool {
    let (dx, dy) = (a.abs_diff(c), b.abs_diff(d));
    (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
}

/// An independent check: every square once, knight moves, from `start`.
fn assert_tour(w: u64, h: u64, start: (u64, u64), closed: bool, path: &[(u64, u64)]) {
    assert_eq!(path.len() as u64, w * h, "{w}x{h}: not every square");
    assert_eq!(path[0], start);
    let mut seen = HashSet::new();
    for &(f, r) in path {
        assert!(f < w && r < h);
        assert!(seen.insert((f, r)), "{w}x{h}: {f},{r} twice");
    }
    assert!(path.windows(2).all(|p| knight(p[0], p[1])), "{w}x{h}");
    if closed {
        assert!(knight(path[path.len() - 1], path[0]));
    }
}

fn indices(v: &Value, w: u64) -> Vec<(u64, u64)> {
    v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i.as_u64().unwrap() % w, i.as_u64().unwrap() / w))
        .collect()
}

/// The solver's listed tour (what `/tour` sends) against random access
/// (what `/tour/step` reads), every square, on boards to 40×40.
#[test]
fn listed_tours_and_random_access_agree_on_every_square_to_40x40() {
    let boards: &[(u64, u64, (u64, u64), bool)] = &[
        (5, 5, (0, 0), false),
        (8, 8, (0, 0), false),
        (8, 8, (3, 3), true),
        (3, 10, (0, 0), false),
        (4, 12, (0, 1), false),
        (11, 7, (4, 2), false),
        (12, 12, (5, 7), true),
        (21, 16, (20, 0), false),
        (29, 31, (14, 16), false),
        (36, 40, (35, 39), true),
        (40, 40, (0, 0), false),
    ];
    for &(w, h, s, closed) in boards {
        let board = Board::new(w, h).unwrap();
        let tour = knights_tour(
            board,
            Square::new(s.0 as u32, s.1 as u32),
            closed,
            1_000_000,
        )
        .unwrap_or_else(|e| panic!("{w}x{h}: {e:?}"));
        let indexed = IndexedTour::new(w, h, s, closed).unwrap();
        for (k, square) in tour.path.iter().enumerate() {
            let sq = (u64::from(square.file()), u64::from(square.rank()));
            assert_eq!(indexed.square_at(k as u64), Some(sq), "{w}x{h} step {k}");
            assert_eq!(indexed.step_of(sq), Some(k as u64), "{w}x{h} {sq:?}");
        }
    }
}

#[tokio::test]
async fn step_agrees_with_tour_over_http_on_whole_boards() {
    let s = common::start().await;
    for (w, h, start, closed) in [(8, 8, 0, false), (6, 7, 9, true), (3, 8, 0, false)] {
        let v = s
            .get_json(&format!(
                "/tour?width={w}&height={h}&start={start}&closed={closed}"
            ))
            .await;
        let path = v["path"].as_array().unwrap().clone();
        for (k, square) in path.iter().enumerate() {
            let got = s
                .get_json(&format!(
                    "/tour/step?width={w}&height={h}&start={start}&closed={closed}&step={k}"
                ))
                .await;
            assert_eq!(&got["square"], square, "{w}x{h} step {k}");
            let back = s
                .post_json(
                    "/tour/step",
                    &json!({"width": w, "height": h, "start": start, "closed": closed, "square": square}),
                )
                .await;
            assert_eq!(back["step"], k as u64);
        }
    }
}

#[tokio::test]
async fn step_agrees_with_tour_on_sampled_squares_of_1000x1000() {
    let s = common::start().await;
    for (query, w) in [
        ("width=1000&height=1000&start=500&closed=false", 1000u64),
        ("width=999&height=999&start=0&closed=false", 999),
    ] {
        let v = s.get_json(&format!("/tour?{query}")).await;
        let path = v["path"].as_array().unwrap().clone();
        let mut k = 12_345usize;
        for _ in 0..60 {
            k = (k * 7919 + 104_729) % path.len();
            let got = s.get_json(&format!("/tour/step?{query}&step={k}")).await;
            assert_eq!(got["square"], path[k], "step {k}");
            let i = path[k].as_u64().unwrap();
            let back = s
                .get_json(&format!("/tour/step?{query}&square={i}&notation=index"))
                .await;
            assert_eq!(back["step"], k as u64);
            assert!(i < w * w);
        }
    }
}

fn name_of(square: &Value) -> (u64, u64) {
    let name = square.as_str().unwrap();
    let letters: String = name
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    let file = letters
        .bytes()
        .fold(0u64, |n, b| n * 26 + u64::from(b - b'a' + 1))
        - 1;
    (file, name[letters.len()..].parse::<u64>().unwrap() - 1)
}

#[tokio::test]
async fn boards_of_a_billion_a_side() {
    let s = common::start().await;
    let g = 1_000_000_000u64;
    for (w, h, start, closed) in [
        (g, g, "a1", false),
        (g, g, "a1", true),
        (g - 1, g - 1, "e5", false),
        (5, g, "c7", true),
    ] {
        let q = format!("width={w}&height={h}&start={start}&closed={closed}");
        let first = s.get_json(&format!("/tour/step?{q}&step=0")).await;
        assert_eq!(first["square"], start);
        assert_eq!(
            (&first["width"], &first["height"], &first["closed"]),
            (&json!(w), &json!(h), &json!(closed))
        );
        for from in [0, 123_456_789_012_345 % (w * h), w * h - 20] {
            let mut seen = HashSet::new();
            let mut last: Option<(u64, u64)> = None;
            for k in from..from + 20 {
                let v = s.get_json(&format!("/tour/step?{q}&step={k}")).await;
                let sq = name_of(&v["square"]);
                assert!(seen.insert(sq), "step {k} revisits");
                if let Some(p) = last {
                    assert!(knight(p, sq), "{q}: step {k}");
                }
                last = Some(sq);
                let back = s
                    .post_json(
                        "/tour/step",
                        &json!({"width": w, "height": h, "start": start, "closed": closed, "square": v["square"]}),
                    )
                    .await;
                assert_eq!(back["step"], k);
            }
            if closed && from == w * h - 20 {
                assert!(knight(last.unwrap(), name_of(&first["square"])));
            }
        }
    }
    // A step in index notation.
    let v = s
        .get_json(&format!(
            "/tour/step?width={g}&height={g}&start=0&step=123456789012345"
        ))
        .await;
    assert!(v["square"].is_u64());
    assert_eq!(v["start"], 0);
}

#[tokio::test]
async fn tours_with_an_end() {
    let s = common::start().await;
    for (w, h, start, end) in [
        (8, 8, "a1", "h1"),
        (6, 6, "c3", "d3"),
        (5, 5, "a1", "e5"),
        (9, 9, "e5", "a9"),
        (1000, 1000, "a1", "b1"),
    ] {
        let v = s
            .get_json(&format!(
                "/tour?width={w}&height={h}&start={start}&end={end}"
            ))
            .await;
        assert_eq!(
            (v["start"].as_str(), v["end"].as_str()),
            (Some(start), Some(end))
        );
        let path: Vec<(u64, u64)> = v["path"].as_array().unwrap().iter().map(name_of).collect();
        assert_tour(w, h, path[0], false, &path);
        assert_eq!(path[path.len() - 1], name_of(&json!(end)));
        assert!(v.get("backtracks").is_none());
    }
    // POST, index notation: the same tour.
    let get = s.get_json("/tour?width=8&height=8&start=0&end=7").await;
    let post = s
        .post_json(
            "/tour",
            &json!({"width": 8, "height": 8, "start": 0, "end": 7}),
        )
        .await;
    assert_eq!(get, post);
    assert_eq!(post["end"], 7);
    assert_tour(8, 8, (0, 0), false, &indices(&post, 8));
    // No such tour: the colours, the odd board's minority colour, the same square.
    for query in [
        "width=8&height=8&start=a1&end=c1",
        "width=7&height=7&start=a1&end=b1",
        "width=8&height=8&start=a1&end=a1",
        "width=4&height=4&start=a1&end=b1",
    ] {
        let v = common::Server::problem(s.get(&format!("/tour?{query}")).await, 422, "no_tour");
        assert!(v["detail"].as_str().unwrap().len() > 20, "{query}");
    }
}

#[tokio::test]
async fn warnsdorff_tours_and_seeds() {
    let s = common::start().await;
    let v = s.get_json("/tour?method=warnsdorff").await;
    assert_eq!(v["backtracks"], 0);
    let plain = indices(&s.get_json("/tour?method=warnsdorff&start=0").await, 8);
    assert_tour(8, 8, (0, 0), false, &plain);
    let auto = indices(&s.get_json("/tour?start=0").await, 8);
    assert_ne!(plain, auto);
    let seeded = |seed: u64| {
        format!("/tour?method=warnsdorff&seed={seed}&width=12&height=12&start=5&closed=true")
    };
    let a = s.get_json(&seeded(1)).await;
    let b = s.get_json(&seeded(2)).await;
    assert_eq!(a, s.get_json(&seeded(1)).await);
    assert_ne!(a["path"], b["path"]);
    assert_tour(12, 12, (5, 0), true, &indices(&a, 12));
    assert!(a["backtracks"].is_u64());
    let post = s
        .post_json(
            "/tour",
            &json!({"method": "warnsdorff", "seed": 1, "width": 12, "height": 12, "start": 5, "closed": true}),
        )
        .await;
    assert_eq!(post, a);
    // No tour: refused by the theorems, as with auto.
    common::Server::problem(
        s.get("/tour?method=warnsdorff&width=5&height=5&start=b1")
            .await,
        422,
        "no_tour",
    );
}

#[tokio::test]
async fn problems() {
    let s = common::start().await;
    let p = |answer, status, code, param: &str| {
        let v = common::Server::problem(answer, status, code);
        assert_eq!(v["param"], param, "{v}");
    };
    p(
        s.get("/tour?end=h1&closed=true").await,
        400,
        "invalid_parameter",
        "end",
    );
    p(
        s.get("/tour?end=h1&method=warnsdorff").await,
        400,
        "invalid_parameter",
        "end",
    );
    p(
        s.get("/tour?seed=3").await,
        400,
        "invalid_parameter",
        "seed",
    );
    p(
        s.get("/tour?seed=3&method=auto").await,
        400,
        "invalid_parameter",
        "seed",
    );
    p(
        s.get("/tour?method=warnsdorff&seed=-1").await,
        400,
        "invalid_parameter",
        "seed",
    );
    p(
        s.get("/tour?method=fast").await,
        400,
        "invalid_parameter",
        "method",
    );
    p(s.get("/tour?end=z9").await, 400, "square_off_board", "end");
    p(s.get("/tour?end=q").await, 400, "invalid_square", "end");
    p(
        s.post("/tour", &json!({"end": "h1", "closed": true})).await,
        400,
        "invalid_parameter",
        "end",
    );
    p(
        s.post("/tour", &json!({"colour": 1})).await,
        400,
        "unknown_parameter",
        "colour",
    );
    let v = common::Server::problem(
        s.get("/tour?width=1001&height=1000&end=b1").await,
        422,
        "board_too_large",
    );
    assert!(v["detail"].as_str().unwrap().contains("1001x1000"));
    // /tour/step
    p(s.get("/tour/step").await, 400, "missing_parameter", "step");
    p(
        s.get("/tour/step?step=1&square=a1").await,
        400,
        "invalid_parameter",
        "square",
    );
    p(
        s.post("/tour/step", &json!({"step": 1, "square": "a1"}))
            .await,
        400,
        "invalid_parameter",
        "square",
    );
    p(
        s.get("/tour/step?step=64").await,
        400,
        "invalid_parameter",
        "step",
    );
    p(
        s.get("/tour/step?step=-1").await,
        400,
        "invalid_parameter",
        "step",
    );
    p(
        s.get("/tour/step?step=x").await,
        400,
        "invalid_parameter",
        "step",
    );
    p(
        s.get("/tour/step?square=i1").await,
        400,
        "square_off_board",
        "square",
    );
    p(
        s.get("/tour/step?step=0&start=i1").await,
        400,
        "square_off_board",
        "start",
    );
    p(
        s.get("/tour/step?step=0&width=1000000001").await,
        400,
        "invalid_board_size",
        "width",
    );
    p(
        s.get("/tour/step?step=0&method=auto").await,
        400,
        "unknown_parameter",
        "method",
    );
    p(
        s.get("/tour/step?step=0&end=b1").await,
        400,
        "unknown_parameter",
        "end",
    );
    // No tour: the same 422 as /tour.
    for query in [
        "width=5&height=5&start=b1",
        "width=5&height=5&closed=true",
        "width=3&height=7&start=b4",
        "width=1000000001&height=5&start=b1",
    ] {
        let step = s.get(&format!("/tour/step?{query}&step=0")).await;
        let tour = s.get(&format!("/tour?{query}")).await;
        if tour.0 == 400 {
            assert_eq!(step.0, 400);
            continue;
        }
        let a = common::Server::problem(step, 422, "no_tour");
        let b = common::Server::problem(tour, 422, "no_tour");
        assert_eq!(a["detail"], b["detail"], "{query}");
    }
    let g = 1_000_000_000u64;
    common::Server::problem(
        s.get(&format!(
            "/tour/step?width={g}&height={g}&closed=true&start=a1&step=0&width=3"
        ))
        .await,
        400,
        "invalid_parameter",
    );
    // Narrow boards stay limited to /tour's size.
    let v = common::Server::problem(
        s.get(&format!("/tour/step?width=3&height={g}&step=5"))
            .await,
        422,
        "board_too_large",
    );
    assert!(v["detail"].as_str().unwrap().contains("side under 5"));
    let v = s.get_json("/tour/step?width=3&height=300000&step=5").await;
    assert!(v["square"].is_string());
    let odd = s
        .get_json(&format!(
            "/tour/step?width={}&height={}&start=a1&square=b1",
            g - 1,
            g - 1
        ))
        .await;
    assert!(odd["step"].is_u64());
}
