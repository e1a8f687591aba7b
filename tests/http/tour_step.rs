//! `/tour/step` (GET and POST): the real server on port 0. It must read
//! exactly the tour `/tour` lists: checked over HTTP on some boards whole,
//! sampled squares of 1000×1000, and boards 10⁹ a side (and square by
//! square through the library on boards to 40×40, in
//! `crates/knight/tests/solver/tours.rs`).

use crate::common;

use std::collections::HashSet;

use knight_reference::tours::{from_name, is_knight_move as knight};
use serde_json::{json, Value};

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
    from_name(square.as_str().unwrap())
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
async fn problems() {
    let s = common::start().await;
    let p = |answer, status, code, param: &str| {
        let v = common::Server::problem(answer, status, code);
        assert_eq!(v["param"], param, "{v}");
    };
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
