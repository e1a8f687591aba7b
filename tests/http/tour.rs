//! `/tour` over HTTP (GET and POST): the real server on port 0, its
//! answers checked by the independent reference (every square once, knight
//! moves), with `end`, `method` and `seed`, and its problems. The solver's
//! tours are tested with the library (`crates/knight/tests/`).

use crate::common;

use knight_reference::tours::{assert_tour, from_name};
use serde_json::{json, Value};

fn name_of(square: &Value) -> (u64, u64) {
    from_name(square.as_str().unwrap())
}

fn names(v: &Value) -> Vec<String> {
    v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn tour_example() {
    let s = common::start().await;
    let v = s
        .get_json("/tour?start=a1&width=8&height=8&closed=false")
        .await;
    assert_eq!(v["start"], "a1");
    assert_eq!(v["width"], 8);
    assert_eq!(v["height"], 8);
    assert_eq!(v["closed"], false);
    let path: Vec<(u64, u64)> = names(&v).iter().map(|n| from_name(n)).collect();
    assert_tour(8, 8, (0, 0), false, &path);
    // Deterministic.
    assert_eq!(
        v,
        s.get_json("/tour?start=a1&width=8&height=8&closed=false")
            .await
    );
}

#[tokio::test]
async fn closed_tour_in_index_notation() {
    let s = common::start().await;
    let v = s.get_json("/tour?start=27&closed=true").await;
    assert_eq!(v["start"], 27);
    assert_eq!(v["closed"], true);
    let path: Vec<(u64, u64)> = v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i.as_u64().unwrap() % 8, i.as_u64().unwrap() / 8))
        .collect();
    assert_tour(8, 8, (3, 3), true, &path);
    let v = s
        .get_json("/tour?start=d4&closed=true&notation=index")
        .await;
    assert_eq!(v["start"], 27);
}

#[tokio::test]
async fn start_defaults_to_a1_and_formats_parse() {
    let s = common::start().await;
    let v = s.get_json("/tour?width=5&height=5").await;
    assert_eq!(v["start"], "a1");
    assert_eq!(v["path"].as_array().unwrap().len(), 25);
    for (format, kind) in [
        ("json", "application/json"),
        ("text", "text/plain; charset=utf-8"),
        ("svg", "image/svg+xml"),
    ] {
        let (status, got, body) = s.get(&format!("/tour?format={format}")).await;
        assert_eq!((status, got.as_str()), (200, kind), "{format}");
        if format == "text" {
            // The 8×8 board with each square numbered by its move, 0 to 63,
            // each rank after its label.
            let mut numbers: Vec<u64> = body
                .lines()
                .take(8)
                .flat_map(|row| row.split_whitespace().skip(1))
                .map(|n| n.parse().unwrap())
                .collect();
            numbers.sort_unstable();
            assert_eq!(numbers, (0..64).collect::<Vec<u64>>(), "{body}");
        }
    }
    common::Server::problem(s.get("/tour?format=gif").await, 400, "invalid_parameter");
}

#[tokio::test]
async fn impossible_tours_are_422() {
    let s = common::start().await;
    for query in [
        "width=1&height=9",
        "width=9&height=1&closed=true",
        "width=2&height=8",
        "width=8&height=2&start=b1",
        "width=3&height=3",
        "width=4&height=4&start=b1",
        "width=3&height=5",
        "width=5&height=5&closed=true",
        "width=9&height=7&closed=true&start=e4",
        "width=5&height=5&start=b1",
        "width=7&height=7&start=d1",
        "width=4&height=8&closed=true",
        "width=4&height=8&start=b2",
        "width=8&height=3&closed=true",
    ] {
        let v = common::Server::problem(s.get(&format!("/tour?{query}")).await, 422, "no_tour");
        assert!(v["detail"].as_str().unwrap().len() > 20, "{query}");
    }
    let v = common::Server::problem(
        s.get("/tour?width=5&height=5&start=b1").await,
        422,
        "no_tour",
    );
    assert!(v["detail"].as_str().unwrap().contains("dark"));
    let v = common::Server::problem(
        s.get("/tour?width=3&height=7&start=b4").await,
        422,
        "no_tour",
    );
    assert!(v["detail"].as_str().unwrap().contains("complete search"));
}

#[tokio::test]
async fn bad_requests() {
    let s = common::start().await;
    common::Server::problem(
        s.get("/tour?width=1001&height=1000").await,
        422,
        "board_too_large",
    );
    common::Server::problem(s.get("/tour?start=z9").await, 400, "square_off_board");
    common::Server::problem(s.get("/tour?start=q").await, 400, "invalid_square");
    common::Server::problem(s.get("/tour?width=0").await, 400, "invalid_board_size");
    common::Server::problem(s.get("/tour?closed=maybe").await, 400, "invalid_parameter");
    common::Server::problem(s.get("/tour?colour=dark").await, 400, "unknown_parameter");
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
    assert_tour(8, 8, (0, 0), false, &common::path_squares(&post, 8));
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
    let plain = common::path_squares(&s.get_json("/tour?method=warnsdorff&start=0").await, 8);
    assert_tour(8, 8, (0, 0), false, &plain);
    let auto = common::path_squares(&s.get_json("/tour?start=0").await, 8);
    assert_ne!(plain, auto);
    let seeded = |seed: u64| {
        format!("/tour?method=warnsdorff&seed={seed}&width=12&height=12&start=5&closed=true")
    };
    let a = s.get_json(&seeded(1)).await;
    let b = s.get_json(&seeded(2)).await;
    assert_eq!(a, s.get_json(&seeded(1)).await);
    assert_ne!(a["path"], b["path"]);
    assert_tour(12, 12, (5, 0), true, &common::path_squares(&a, 12));
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
async fn end_method_and_seed_problems() {
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
    assert!(v["detail"].as_str().unwrap().contains("1001×1000"));
}

/// The number after `name ` in Prometheus text.
fn metric(text: &str, name: &str) -> u64 {
    text.lines()
        .find_map(|line| line.strip_prefix(&format!("{name} ")))
        .unwrap_or_else(|| panic!("{name} in {text}"))
        .parse()
        .unwrap()
}

/// Tours keep their tables in the one cache, within `--cache-bytes`, and
/// `/metrics` shows it: a second board's closed tour pushes the first out
/// of a cache that holds one.
#[tokio::test]
async fn tours_are_kept_in_the_one_cache_within_its_budget() {
    let config = knightd::Config {
        cache_bytes: 1_200_000,
        ..knightd::Config::default()
    };
    let s = common::start_with(config).await;
    let (_, _, before) = s.get("/metrics").await;
    assert_eq!(metric(&before, "knightd_cache_budget_bytes"), 1_200_000);
    assert_eq!(metric(&before, "knightd_cache_entries"), 0);
    // A 300×300 closed tour: 720,000 bytes of squares, kept.
    let first = "/tour?width=300&height=300&closed=true&start=a1";
    let v = s.get_json(first).await;
    assert_eq!(v["path"].as_array().unwrap().len(), 90_000);
    let (_, _, after) = s.get("/metrics").await;
    let bytes = metric(&after, "knightd_cache_bytes");
    assert!((720_000..=1_200_000).contains(&bytes), "{bytes}");
    let misses = metric(&after, "knightd_cache_misses_total");
    s.get_json("/tour?width=300&height=300&closed=true&start=b1")
        .await;
    let (_, _, again) = s.get("/metrics").await;
    assert!(
        metric(&again, "knightd_cache_hits_total") > metric(&after, "knightd_cache_hits_total")
    );
    // Another board's tour does not fit beside it: the first is dropped.
    s.get_json("/tour?width=300&height=302&closed=true&start=a1")
        .await;
    let (_, _, last) = s.get("/metrics").await;
    assert!(metric(&last, "knightd_cache_evictions_total") >= 1);
    assert!(metric(&last, "knightd_cache_bytes") <= 1_200_000);
    assert!(metric(&last, "knightd_cache_misses_total") > misses);
}
