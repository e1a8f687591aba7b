//! Terrain boards over HTTP through the real server: `POST /path` with a
//! board, `/validate`, their pictures and their problems. The solver's own
//! tests of the same rules are the library's `crates/knight/tests/solver/terrain.rs`;
//! the answers here are held to its Bellman–Ford reference and snapshots.

use crate::common;

use knight::BarrierRule;
use serde_json::{json, Value};

use knight_reference::{bellman_ford, sq, terrain, CHALLENGE, SAMPLE, TELEPORTS};

#[tokio::test]
async fn validate_endpoint() {
    let s = common::start().await;
    let rendered = json!({"width": 8, "height": 8, "path": ["b6", "d5", "f6"], "render": true});
    let v = s.post_json("/validate", &rendered).await;
    assert_eq!(
        (v["valid"].clone(), v["moves"].clone(), v["cost"].clone()),
        (json!(true), json!(2), json!(2))
    );
    assert_eq!(v["error"], Value::Null);
    let frames = v["frames"].as_array().unwrap();
    assert_eq!(frames.len(), 3);
    assert_eq!(
        frames[1],
        ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . K . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n"
    );
    let v = s
        .post_json(
            "/validate",
            &json!({"width": 8, "height": 8, "path": ["b6", "d5", "d6"]}),
        )
        .await;
    assert_eq!(
        v,
        json!({"valid": false, "moves": null, "cost": null,
               "error": {"step": 2, "from": "d5", "to": "d6", "reason": "not_a_knight_move"}})
    );
    // Indices answer in indices; a terrain board with its barrier rule.
    let v = s
        .post_json(
            "/validate",
            &json!({"board": [". . . .", ". . . .", ". B . ."], "path": [0, 6], "barrier_rule": "long_leg"}),
        )
        .await;
    assert_eq!(
        v["error"],
        json!({"step": 1, "from": 0, "to": 6, "reason": "passes_barrier"})
    );
    let v = s
        .post_json(
            "/validate",
            &json!({"board": TELEPORTS, "path": ["a1", "c2", "b4"], "simple": true}),
        )
        .await;
    assert_eq!(v["error"]["reason"], "missing_teleport_hop");
    let v = s
        .post_json(
            "/validate",
            &json!({"board": TELEPORTS, "path": ["a1", "c2", "f6", "d5", "b4"], "render": true}),
        )
        .await;
    assert_eq!(
        (
            v["valid"].clone(),
            v["cost"].clone(),
            v["frames"].as_array().unwrap().len()
        ),
        (json!(true), json!(3), 5)
    );

    let (status, kind, text) = s
        .post(
            "/validate?format=text",
            &json!({"width": 5, "height": 5, "path": ["a1", "b3", "c5"]}),
        )
        .await;
    assert_eq!((status, kind.as_str()), (200, "text/plain; charset=utf-8"));
    assert!(
        text.starts_with(". . . . .\n. . . . .\n. . . . .\n. . . . .\nK . . . .\n\n"),
        "{text}"
    );
    assert!(text.ends_with("valid: 2 moves, cost 2\n"), "{text}");
    let (status, kind, svg) = s
        .post("/validate?format=svg", &json!({"path": ["b6", "d5", "d6"]}))
        .await;
    assert_eq!((status, kind.as_str()), (200, "image/svg+xml"));
    assert!(svg.starts_with("<svg") && svg.contains("refused step d5"));
}

#[tokio::test]
async fn validate_errors() {
    let s = common::start().await;
    for (code, param, body) in [
        ("invalid_parameter", "path", json!({"path": []})),
        ("square_off_board", "path[1]", json!({"path": ["a1", "z9"]})),
        ("missing_parameter", "path", json!({"width": 8})),
        (
            "board_teleport_count",
            "board",
            json!({"path": ["a1"], "board": ". . T"}),
        ),
        (
            "invalid_parameter",
            "barrier_rule",
            json!({"path": ["a1"], "barrier_rule": "either"}),
        ),
        (
            "invalid_parameter",
            "barrier_rule",
            json!({"path": ["a1"], "board": ". .", "barrier_rule": "short_leg"}),
        ),
    ] {
        common::Server::problem_naming(s.post("/validate", &body).await, 400, code, param);
    }
    // Frames of a large board for a long path: refused, not drawn.
    let path: Vec<Value> = (0..10)
        .map(|i| json!(if i % 2 == 0 { "a1" } else { "b3" }))
        .collect();
    let render = json!({"width": 1000, "height": 1000, "path": path, "render": true});
    let answer = s.post("/validate", &render).await;
    common::Server::problem_naming(answer, 422, "render_too_large", "render");
}

#[tokio::test]
async fn terrain_path_endpoint() {
    let s = common::start().await;
    // S and E of the sample board.
    let v = s.post_json("/path", &json!({"board": SAMPLE})).await;
    assert_eq!(
        v,
        json!({"from": "b6", "to": "f4", "width": 8, "height": 8, "moves": 2, "cost": 2, "path": ["b6", "d5", "f4"]})
    );
    let v = s
        .post_json(
            "/path",
            &json!({"board": TELEPORTS, "from": "a1", "to": "b4"}),
        )
        .await;
    assert_eq!(v["path"], json!(["a1", "c2", "f6", "d5", "b4"]));
    assert_eq!(
        (v["moves"].clone(), v["cost"].clone()),
        (json!(3), json!(3))
    );
    let v = s
        .post_json(
            "/path",
            &json!({"board": TELEPORTS, "from": 0, "to": "b4", "barrier_rule": "long_leg"}),
        )
        .await;
    assert_eq!(v["path"], json!([0, 8, 35, 27, 19]));
    // Unreachable: nulls, 200.
    let v = s
        .post_json(
            "/path",
            &json!({"board": ". . .\n. . .\n. . .", "from": "a1", "to": "b2"}),
        )
        .await;
    assert_eq!(
        (v["moves"].clone(), v["cost"].clone(), v["path"].clone()),
        (Value::Null, Value::Null, Value::Null)
    );
    // The challenge board, its cost checked against Bellman–Ford (knight-reference).
    let v = s
        .post_json(
            "/path",
            &json!({"board": CHALLENGE, "from": "a1", "to": "af28"}),
        )
        .await;
    let t = terrain(CHALLENGE);
    let reference = bellman_ford(&t, sq("a1"), BarrierRule::Either)
        [t.board().index(sq("af28")) as usize]
        .unwrap();
    assert_eq!(
        (v["cost"].as_u64().unwrap(), v["moves"].as_u64().unwrap()),
        reference
    );

    let (status, kind, text) = s.post("/path?format=text", &json!({"board": SAMPLE})).await;
    assert_eq!((status, kind.as_str()), (200, "text/plain; charset=utf-8"));
    // The board as the solver draws it, then what was asked and answered.
    let snapshot = common::solver_snapshot("sample-path.txt");
    let board_of = |t: &str| t.lines().take(9).collect::<Vec<_>>().join("\n");
    assert_eq!(board_of(&text), board_of(&snapshot));
    let summary: Vec<&str> = text.lines().skip(9).collect();
    assert!(
        summary[0].starts_with("Cheapest path from b6 to f4") && summary[1].contains("cost"),
        "{text}"
    );
    let (status, kind, svg) = s.post("/path?format=svg", &json!({"board": SAMPLE})).await;
    assert_eq!((status, kind.as_str()), (200, "image/svg+xml"));
    assert_eq!(svg, common::served_snapshot("sample-path.svg"));
}

#[tokio::test]
async fn plain_path_drawn() {
    let s = common::start().await;
    let (status, kind, text) = s.get("/path?from=g2&to=a8&format=text").await;
    assert_eq!((status, kind.as_str()), (200, "text/plain; charset=utf-8"));
    // The board with its coordinates, then what was asked and answered.
    assert_eq!(
        text,
        "8 4 . . . . . . .\n7 . . 3 . . . . .\n6 . . . . . . . .\n5 . . . 2 . . . .\n4 . . . . . . . .\n3 . . . . 1 . . .\n2 . . . . . . 0 .\n1 . . . . . . . .\n  a b c d e f g h\nShortest path from g2 to a8 on the 8×8 board.\n4 moves, cost 4.\n"
    );
    let (status, kind, svg) = s.get("/path?from=g2&to=a8&format=svg").await;
    assert_eq!((status, kind.as_str()), (200, "image/svg+xml"));
    assert!(svg.starts_with("<svg") && svg.contains("viewBox"));
    let (status, kind, _) = s
        .post(
            "/path?format=svg",
            &json!({"from": "a1", "to": "c2", "width": 5, "height": 5}),
        )
        .await;
    assert_eq!((status, kind.as_str()), (200, "image/svg+xml"));
    // A board too large to draw whole: the part around the path, as text
    // and as SVG; one whose path spans too much of it for text: 422, while
    // the SVG draws it (the board as one pattern).
    let (status, _, text) = s
        .get("/path?from=a1&to=c2&width=1000000&height=1000000&format=text")
        .await;
    assert_eq!(status, 200);
    assert!(text.starts_with("8 . . . . . . . .\n"), "{text}");
    let query = "/path?from=a1&to=all1000&width=1000&height=1000";
    let answer = s.get(&format!("{query}&format=text")).await;
    common::Server::problem_naming(answer, 422, "render_too_large", "format");
    let (status, kind, svg) = s.get(&format!("{query}&format=svg")).await;
    assert_eq!((status, kind.as_str()), (200, "image/svg+xml"));
    assert!(svg.contains(r#"data-view="0 0 1000 1000""#));
}

#[tokio::test]
async fn terrain_path_errors() {
    let s = common::start().await;
    let bad = |board: &'static str, code: &'static str| {
        let s = &s;
        async move {
            let answer = s
                .post("/path", &json!({"board": board, "from": "a1", "to": "b3"}))
                .await;
            common::Server::problem_naming(answer, 400, code, "board");
        }
    };
    bad(". . .\n. .\n. . .", "board_ragged_rows").await;
    bad(". . .\n. x .\n. . .", "board_unknown_character").await;
    bad(". . .\n. T .\n. . .", "board_teleport_count").await;
    bad("T . .\n. T .\n. . T", "board_teleport_count").await;
    bad(". . .\n. S .\n. . .", "board_start_end_unpaired").await;
    bad("", "board_empty").await;
    let rock = ". . .\n. R .\n. . B\n. . .";
    for (code, param, body) in [
        (
            "square_not_landable",
            "from",
            json!({"board": rock, "from": "b3", "to": "a1"}),
        ),
        (
            "square_not_landable",
            "to",
            json!({"board": rock, "from": "a1", "to": "c2"}),
        ),
        (
            "invalid_parameter",
            "barrier_rule",
            json!({"board": rock, "from": "a1", "to": "c1", "barrier_rule": "sideways"}),
        ),
        ("missing_parameter", "from", json!({"board": rock})),
        (
            "missing_parameter",
            "to",
            json!({"board": rock, "from": "a1"}),
        ),
        (
            "square_off_board",
            "to",
            json!({"board": rock, "from": "a1", "to": "d1"}),
        ),
        (
            "invalid_parameter",
            "board",
            json!({"board": rock, "width": 3, "from": "a1", "to": "c1"}),
        ),
        (
            "invalid_parameter",
            "board",
            json!({"board": 7, "from": "a1", "to": "c1"}),
        ),
    ] {
        common::Server::problem_naming(s.post("/path", &body).await, 400, code, param);
    }
}

#[tokio::test]
async fn large_terrain_boards() {
    let s = common::start_configured(|c| c.max_terrain_squares = 10_000).await;
    let row = ".".repeat(101);
    let board = vec![row; 100].join("\n");
    common::Server::problem(
        s.post("/path", &json!({"board": board, "from": "a1", "to": "b3"}))
            .await,
        422,
        "board_too_large",
    );
    // 1000×1000 at the default limit: searched off the async runtime.
    let s = common::start().await;
    let mut rows = vec![".".repeat(1000); 1000];
    rows[500] = format!("{}{}", "B".repeat(999), ".");
    let v = s
        .post_json(
            "/path",
            &json!({"board": rows, "from": "a1", "to": "a1000"}),
        )
        .await;
    assert!(v["moves"].as_u64().unwrap() >= 666, "{}", v["moves"]);
    assert_eq!(
        v["path"].as_array().unwrap().len() as u64,
        v["moves"].as_u64().unwrap() + 1
    );
}
