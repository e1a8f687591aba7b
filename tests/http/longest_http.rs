//! `/longest-path` over HTTP through the real server: plain and terrain
//! boards, its text and SVG answers, and its problems. The solver itself is
//! tested in the library's `crates/knight/tests/solver/longest.rs`; the paths here
//! are held to the same path checker.

use crate::common;

use knight::BarrierRule;
use knight::{Board, Square};
use serde_json::{json, Value};

use common::{start, start_configured, Server};
use knight_reference::{check, terrain, CHALLENGE};

async fn longest(server: &Server, body: Value) -> Value {
    server.post_json("/longest-path", &body).await
}

#[tokio::test]
async fn plain_board_over_http() {
    let server = start().await;
    let v = longest(&server, json!({"from": "a1", "to": "b1"})).await;
    assert_eq!(v["moves"], 63);
    assert_eq!(v["upper_bound"], 63);
    assert_eq!(v["optimal"], true);
    assert_eq!(v["cost"], 63);
    assert_eq!(
        (v["width"].clone(), v["height"].clone()),
        (json!(8), json!(8))
    );
    assert_eq!(v["path"].as_array().unwrap().len(), 64);
    assert_eq!(
        (v["from"].clone(), v["to"].clone()),
        (json!("a1"), json!("b1"))
    );
    let v = longest(
        &server,
        json!({"src": 0, "dest": 2, "width": 5, "height": 5}),
    )
    .await;
    assert_eq!(v["from"], 0);
    assert!(v["path"][0].is_u64());
    assert_eq!(v["optimal"], true);
    let v = longest(&server, json!({"from": "a1", "to": "a1"})).await;
    assert_eq!(
        (v["moves"].clone(), v["path"].clone()),
        (json!(0), json!(["a1"]))
    );
    let v = longest(
        &server,
        json!({"from": "b2", "to": "a1", "width": 3, "height": 3}),
    )
    .await;
    assert_eq!(v["path"], Value::Null);
    assert_eq!(v["moves"], Value::Null);
    assert_eq!(v["upper_bound"], Value::Null);
}

#[tokio::test]
async fn terrain_board_over_http() {
    let server = start().await;
    // S and E are the default ends; the path hops between the teleports.
    let board = ["S . . .", ". . T .", ". . . .", "T . . E"];
    let v = longest(&server, json!({"board": board, "notation": "algebraic"})).await;
    let path: Vec<Square> = v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let name: knight::SquareName = s.as_str().unwrap().parse().unwrap();
            name.on(Board::new(4, 4).unwrap()).unwrap()
        })
        .collect();
    let t = terrain(&board.join("\n"));
    let (moves, cost) = check(
        &t,
        BarrierRule::Either,
        t.start().unwrap(),
        t.end().unwrap(),
        &path,
    );
    assert_eq!(
        (v["moves"].clone(), v["cost"].clone()),
        (json!(moves), json!(cost))
    );
    assert!(v["upper_bound"].as_u64().unwrap() >= moves);
    let v = longest(
        &server,
        json!({"board": CHALLENGE, "from": "a1", "to": "af28", "time_limit_ms": 200, "barrier_rule": "either"}),
    )
    .await;
    assert!(v["moves"].as_u64().unwrap() > 0);
    assert_eq!(v["optimal"], v["moves"] == v["upper_bound"]);
    // format=text numbers the squares of the path on the board.
    let a1_to_b1 = json!({"from": "a1", "to": "b1"});
    let (status, kind, text) = server.post("/longest-path?format=text", &a1_to_b1).await;
    assert_eq!((status, kind.as_str()), (200, "text/plain; charset=utf-8"));
    // Eight ranks, each after its label; then the files and the summary.
    let numbers: Vec<u64> = text
        .lines()
        .take(8)
        .flat_map(|row| row.split_whitespace().skip(1))
        .map(|n| n.parse().unwrap())
        .collect();
    let mut sorted = numbers.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..64).collect::<Vec<u64>>(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[8].split_whitespace().collect::<String>(), "abcdefgh");
    assert!(
        lines[10].contains("upper bound 63 moves: proven optimal"),
        "the summary says the bound and whether it is proven: {text}"
    );
    let (status, kind, svg) = server.post("/longest-path?format=svg", &a1_to_b1).await;
    assert_eq!((status, kind.as_str()), (200, "image/svg+xml"));
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg}");
}

#[tokio::test]
async fn errors_over_http() {
    let server = start_configured(|c| c.max_longest_squares = 100).await;
    for (status, code, param, body) in [
        (
            400,
            "invalid_parameter",
            "time_limit_ms",
            json!({"from": "a1", "to": "b1", "time_limit_ms": 10_001}),
        ),
        (
            422,
            "board_too_large",
            "width",
            json!({"from": "a1", "to": "b1", "width": 11, "height": 10}),
        ),
        (
            400,
            "square_off_board",
            "to",
            json!({"from": "a1", "to": "z9"}),
        ),
        (400, "missing_parameter", "from", json!({"to": "b1"})),
        (
            400,
            "square_not_landable",
            "to",
            json!({"from": "a1", "to": "a2", "board": ["R . .", ". . ."]}),
        ),
        (
            400,
            "invalid_parameter",
            "board",
            json!({"from": "a1", "to": "b1", "board": ". .", "width": 2}),
        ),
        (
            400,
            "invalid_parameter",
            "barrier_rule",
            json!({"from": "a1", "to": "b1", "barrier_rule": "either"}),
        ),
        (
            400,
            "invalid_parameter",
            "barrier_rule",
            json!({"from": "a1", "to": "b1", "board": ". . .", "barrier_rule": "short"}),
        ),
        (
            400,
            "unknown_parameter",
            "speed",
            json!({"from": "a1", "to": "b1", "speed": 1}),
        ),
    ] {
        let answer = server.post("/longest-path", &body).await;
        Server::problem_naming(answer, status, code, param);
    }
    let big = vec![". . . . . . . . . . ."; 10];
    let board_too_large = json!({"from": "a1", "to": "b1", "board": big});
    let answer = server.post("/longest-path", &board_too_large).await;
    Server::problem(answer, 422, "board_too_large");
    let negative = json!({"from": "a1", "to": "b1", "time_limit_ms": -1});
    let answer = server.post("/longest-path", &negative).await;
    Server::problem(answer, 400, "invalid_parameter");
    let answer = server
        .post(
            "/longest-path?format=gif",
            &json!({"from": "a1", "to": "b1"}),
        )
        .await;
    Server::problem(answer, 400, "invalid_parameter");
    Server::problem(server.get("/longest-path").await, 405, "method_not_allowed");
}

/// POSTs `body` to `/longest-path` asking for NDJSON; the response.
async fn stream(server: &Server, body: &Value) -> reqwest::Response {
    reqwest::Client::new()
        .post(server.url("/longest-path"))
        .header("accept", "application/x-ndjson")
        .json(body)
        .send()
        .await
        .unwrap()
}

/// The stream's lines as they arrive, each with the time it arrived since
/// `began`.
async fn lines_of(
    mut response: reqwest::Response,
    began: std::time::Instant,
) -> Vec<(Value, std::time::Duration)> {
    let (mut lines, mut pending) = (Vec::new(), Vec::new());
    while let Some(chunk) = response.chunk().await.unwrap() {
        pending.extend_from_slice(&chunk);
        while let Some(at) = pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = pending.drain(..=at).collect();
            let value: Value = serde_json::from_slice(&line).unwrap();
            lines.push((value, began.elapsed()));
        }
    }
    assert!(pending.is_empty(), "a last line without its line break");
    lines
}

#[tokio::test]
async fn the_stream_improves_line_by_line() {
    let server = start().await;
    let t = terrain(CHALLENGE);
    let body = json!({"board": CHALLENGE, "from": "a1", "to": "af28", "time_limit_ms": 1000});
    let began = std::time::Instant::now();
    let response = stream(&server, &body).await;
    assert_eq!(response.status(), 200);
    let header = |name: &str| {
        response
            .headers()
            .get_all(name)
            .iter()
            .map(|v| v.to_str().unwrap().to_owned())
            .collect::<Vec<_>>()
            .join(", ")
    };
    assert_eq!(header("content-type"), "application/x-ndjson");
    assert!(header("vary").contains("accept"), "{}", header("vary"));
    let lines = lines_of(response, began).await;
    assert!(lines.len() >= 2, "{} lines", lines.len());
    let (from, to) = (Square::new(0, 0), Square::new(31, 27));
    let (mut moves, mut bound) = (0, u64::MAX);
    for (k, (line, _)) in lines.iter().enumerate() {
        let last = k == lines.len() - 1;
        assert_eq!(line["final"], last, "{line}");
        let path: Vec<Square> = line["path"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().parse::<knight::SquareName>().unwrap())
            .map(|n| n.on(t.board()).unwrap())
            .collect();
        let (m, cost) = check(&t, BarrierRule::Either, from, to, &path);
        assert_eq!(
            (line["moves"].as_u64(), line["cost"].as_u64()),
            (Some(m), Some(cost))
        );
        let b = line["upper_bound"].as_u64().unwrap();
        assert!(
            m >= moves && b <= bound && m <= b,
            "line {k}: {m} moves, bound {b}"
        );
        assert!(line["elapsed_ms"].is_u64() && line["optimal"].is_boolean());
        (moves, bound) = (m, b);
    }
    let last = &lines[lines.len() - 1].0;
    assert_eq!(last["optimal"], last["moves"] == last["upper_bound"]);
    // The JSON answer is the last line without the stream's two fields.
    let v = longest(&server, body).await;
    for key in ["from", "to", "width", "height"] {
        assert_eq!(v[key], last[key], "{key}");
    }
}

#[tokio::test]
async fn a_client_that_goes_away_stops_the_search() {
    let server = start_configured(|c| {
        c.heavy_workers = 1;
        c.max_time_limit_ms = 10_000;
    })
    .await;
    let body = json!({"board": CHALLENGE, "from": "a1", "to": "af28", "time_limit_ms": 10_000});
    let mut response = stream(&server, &body).await;
    assert_eq!(response.status(), 200);
    let first = response.chunk().await.unwrap();
    assert!(first.is_some_and(|c| !c.is_empty()));
    let began = std::time::Instant::now();
    drop(response);
    // The one worker is free again long before the first search's 10 s.
    let v = longest(
        &server,
        json!({"from": "a1", "to": "h8", "time_limit_ms": 100}),
    )
    .await;
    assert!(v["moves"].as_u64().unwrap() > 0);
    assert!(
        began.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        began.elapsed()
    );
}

#[tokio::test]
async fn the_stream_is_only_for_an_accept_that_names_it() {
    let server = start().await;
    let body = json!({"from": "a1", "to": "b1", "time_limit_ms": 100});
    let ask = |accept: &'static str, query: &'static str| {
        let (server, body) = (&server, &body);
        async move {
            reqwest::Client::new()
                .post(server.url(&format!("/longest-path{query}")))
                .header("accept", accept)
                .json(body)
                .send()
                .await
                .unwrap()
        }
    };
    let kind = |r: &reqwest::Response| r.headers()["content-type"].to_str().unwrap().to_owned();
    assert_eq!(
        kind(&ask("application/x-ndjson", "").await),
        "application/x-ndjson"
    );
    assert_eq!(kind(&ask("*/*", "").await), "application/json");
    assert_eq!(
        kind(&ask("application/json, application/x-ndjson;q=0.5", "").await),
        "application/json"
    );
    assert_eq!(
        kind(&ask("application/x-ndjson", "?format=json").await),
        "application/json"
    );
    // Errors are still problems, before any line.
    let bad = reqwest::Client::new()
        .post(server.url("/longest-path"))
        .header("accept", "application/x-ndjson")
        .json(&json!({"from": "a1", "to": "z9"}))
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), 400);
    assert_eq!(kind(&bad), "application/problem+json");
}
