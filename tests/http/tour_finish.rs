//! `POST /tour/finish` over HTTP through the real server: finished tours
//! held to the independent tour checker and the exhaustive reference of
//! `knight_reference::tours`, and its problems. The solver itself is tested in the
//! library's `crates/knight/tests/solver/finish.rs`.

use crate::common;

use serde_json::{json, Value};

use common::{named_squares as squares, start, start_configured, Server};
use knight_reference::tours::{assert_tour, finishable, from_name, FinishEnd, Xy};

#[tokio::test]
async fn finishes_a_played_tour() {
    let server = start().await;
    let v = server
        .post_json(
            "/tour/finish",
            &json!({"width": 8, "height": 8, "played": ["a1", "b3", "c5"]}),
        )
        .await;
    assert_eq!(
        (&v["width"], &v["height"], &v["closed"], &v["played"]),
        (&json!(8), &json!(8), &json!(false), &json!(3))
    );
    let path = squares(&v["path"]);
    assert_tour(8, 8, (0, 0), false, &path);
    assert_eq!(&path[..3], &[(0, 0), (1, 2), (2, 4)]);
    // Closed, and to an end; indices answer in indices.
    let v = server
        .post_json(
            "/tour/finish",
            &json!({"width": 6, "height": 6, "played": [0, 13], "closed": true}),
        )
        .await;
    let path: Vec<Xy> = v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i.as_u64().unwrap() % 6, i.as_u64().unwrap() / 6))
        .collect();
    assert_tour(6, 6, (0, 0), true, &path);
    assert_eq!(path[1], (1, 2));
    let v = server
        .post_json(
            "/tour/finish",
            &json!({"width": 5, "height": 5, "played": ["a1"], "end": "e5"}),
        )
        .await;
    let path = squares(&v["path"]);
    assert_tour(5, 5, (0, 0), false, &path);
    assert_eq!((path[24], &v["end"]), ((4, 4), &json!("e5")));
}

#[tokio::test]
async fn no_tour_says_why_and_agrees_with_the_reference() {
    let server = start().await;
    // Each is a 422 no_tour whose detail says why, and the reference
    // agrees there is none.
    let cases: [(&[&str], Value, &str); 3] = [
        (&["c2", "a1"], json!({}), "alternates colours"),
        (&["a1"], json!({"end": "b1"}), "alternates colours"),
        (&["a1", "b3", "a5", "c4", "e5"], json!({"closed": true}), ""),
    ];
    for (played, extra, words) in cases {
        let mut body = json!({"width": 5, "height": 5, "played": played});
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        let answer = server.post("/tour/finish", &body).await;
        let v = Server::problem(answer, 422, "no_tour");
        let detail = v["detail"].as_str().unwrap();
        // One square played is named; more are counted.
        let begins = match played {
            [only] => format!("begins with {only} (the one square played): "),
            _ => format!("begins with these {} squares played: ", played.len()),
        };
        assert!(
            detail.starts_with(&format!("no tour of the 5×5 board {begins}"))
                && detail.contains(words),
            "{body}: {detail}"
        );
        let xys: Vec<Xy> = played.iter().map(|s| from_name(s)).collect();
        let end = match (&body["end"], &body["closed"]) {
            (Value::String(e), _) => FinishEnd::On(from_name(e)),
            (_, Value::Bool(true)) => FinishEnd::Closed,
            _ => FinishEnd::Open,
        };
        assert!(!finishable(5, 5, &xys, end), "{body}");
    }
}

#[tokio::test]
async fn bad_played_is_a_400_naming_the_step() {
    let server = start().await;
    let post = |body: Value| {
        let server = &server;
        async move { server.post("/tour/finish", &body).await }
    };
    let v = Server::problem_naming(
        post(json!({"played": ["a1", "b3", "b4"]})).await,
        400,
        "invalid_parameter",
        "played[2]",
    );
    let detail = v["detail"].as_str().unwrap();
    assert!(
        detail.contains("step 2")
            && detail.contains("b3 to b4")
            && detail.contains("not_a_knight_move"),
        "{detail}"
    );
    let v = Server::problem_naming(
        post(json!({"played": ["a1", "b3", "a1"]})).await,
        400,
        "invalid_parameter",
        "played[2]",
    );
    assert!(v["detail"].as_str().unwrap().contains("revisits_square"));
    Server::problem_naming(
        post(json!({"played": ["a1", "z9"]})).await,
        400,
        "square_off_board",
        "played[1]",
    );
    Server::problem_naming(post(json!({})).await, 400, "missing_parameter", "played");
    Server::problem_naming(
        post(json!({"played": []})).await,
        400,
        "invalid_parameter",
        "played",
    );
    Server::problem_naming(
        post(json!({"played": ["a1"], "closed": true, "end": "h1"})).await,
        400,
        "invalid_parameter",
        "end",
    );
    Server::problem_naming(
        post(json!({"played": ["a1"], "time_limit_ms": 10_000_000})).await,
        400,
        "invalid_parameter",
        "time_limit_ms",
    );
    Server::problem_naming(
        post(json!({"played": ["a1"], "width": 2000, "height": 2000})).await,
        422,
        "board_too_large",
        "width",
    );
    Server::problem_naming(
        post(json!({"played": ["a1"], "plyed": 1})).await,
        400,
        "unknown_parameter",
        "plyed",
    );
}

#[tokio::test]
async fn time_up_is_tour_not_found() {
    let server = start_configured(|c| c.max_time_limit_ms = 10_000).await;
    // Two squares: one alone is `/tour`'s question, answered by
    // construction whatever the time limit.
    let answer = server
        .post(
            "/tour/finish",
            &json!({"width": 300, "height": 300, "played": ["a1", "b3"], "time_limit_ms": 0}),
        )
        .await;
    Server::problem_naming(answer, 422, "tour_not_found", "time_limit_ms");
}
