//! Knight's tour puzzles over HTTP through the real server: `POST
//! /tour/finish` with `clues` (the tour agrees with every clue, held to the
//! independent tour checker; `unique`; the reasons and the 400s naming the
//! clue at fault) and `/tour/puzzle` (GET and POST, the same seed the same
//! puzzle, its clues agreeing with its solution and each of them needed,
//! text and SVG as printed; a puzzle the time cuts short says that it is
//! not proven minimal, and why).
//! The solver, with its exhaustive reference, is tested in the library's
//! `crates/knight/tests/solver/puzzle.rs`.

use crate::common;

use serde_json::{json, Value};

use common::{named_squares as squares, start, Server};
use knight_reference::tours::{assert_tour, from_name};

#[tokio::test]
async fn finish_with_clues_agrees_with_them_and_says_unique() {
    let server = start().await;
    // Every clue of a 5x5 tour but one square: exactly one tour.
    let v = server
        .post_json(
            "/tour/finish",
            &json!({"width": 5, "height": 5, "clues": {"a1": 1, "e5": 25}}),
        )
        .await;
    let path = squares(&v["path"]);
    assert_tour(5, 5, (0, 0), false, &path);
    assert_eq!(path[24], (4, 4));
    assert_eq!(v["unique"], json!(false));
    // Take that tour's squares 1..=24 but leave out step 13: unique.
    let mut clues = serde_json::Map::new();
    for (i, s) in v["path"].as_array().unwrap().iter().enumerate() {
        if i != 12 {
            clues.insert(s.as_str().unwrap().to_owned(), json!(i + 1));
        }
    }
    let again = server
        .post_json(
            "/tour/finish",
            &json!({"width": 5, "height": 5, "clues": clues}),
        )
        .await;
    assert_eq!(again["path"], v["path"]);
    assert_eq!(again["unique"], json!(true));
    // With played: clues 1..k; played counts them.
    let v = server
        .post_json(
            "/tour/finish",
            &json!({"width": 6, "height": 6, "played": ["a1", "b3"], "clues": {"f5": 36}}),
        )
        .await;
    let path = squares(&v["path"]);
    assert_tour(6, 6, (0, 0), false, &path);
    assert_eq!(
        (path[1], path[35], &v["played"]),
        ((1, 2), (5, 4), &json!(2))
    );
}

#[tokio::test]
async fn clues_no_tour_and_bad_clues() {
    let server = start().await;
    let post = |body: Value| {
        let server: &Server = &server;
        async move { server.post("/tour/finish", &body).await }
    };
    // Clues no tour can meet: 422 no_tour saying why.
    for (clues, why) in [
        (json!({"a1": 1, "d5": 17}), "a1 is dark and d5 is light"),
        (json!({"a1": 1, "f6": 3}), "4 knight moves apart"),
    ] {
        let p = Server::problem(
            post(json!({"width": 6, "height": 6, "clues": clues})).await,
            422,
            "no_tour",
        );
        assert!(p["detail"].as_str().unwrap().contains(why), "{p}");
    }
    for (body, param) in [
        (
            json!({"width": 6, "height": 6, "clues": {"z9": 2}}),
            "clues.z9",
        ),
        (
            json!({"width": 6, "height": 6, "clues": {"a1": 37}}),
            "clues.a1",
        ),
        (
            json!({"width": 6, "height": 6, "clues": {"a1": 0}}),
            "clues.a1",
        ),
        (
            json!({"width": 6, "height": 6, "clues": {"a1": "x"}}),
            "clues.a1",
        ),
        (
            json!({"width": 6, "height": 6, "clues": {"a1": 3, "b1": 3}}),
            "clues.b1",
        ),
        (
            json!({"width": 6, "height": 6, "clues": {"a1": 3, "0": 5}}),
            "clues.a1",
        ),
        (
            json!({"width": 6, "height": 6, "played": ["a1"], "clues": {"a1": 2}}),
            "clues.a1",
        ),
        (
            json!({"width": 6, "height": 6, "played": ["a1"], "clues": {"b1": 1}}),
            "clues.b1",
        ),
        (json!({"width": 6, "height": 6, "clues": []}), "clues"),
        (json!({"width": 6, "height": 6, "clues": {}}), "clues"),
    ] {
        let answer = post(body.clone()).await;
        assert_eq!(answer.0, 400, "{body}: {}", answer.2);
        let p: Value = serde_json::from_str(&answer.2).unwrap();
        assert_eq!(p["param"], json!(param), "{body}: {p}");
    }
    let answer = post(json!({"width": 9, "height": 8, "clues": {"a1": 1}})).await;
    Server::problem(answer, 422, "board_too_large");
}

#[tokio::test]
async fn puzzles_have_clues_that_agree_and_draw_as_printed() {
    let server = start().await;
    let v = server
        .get_json("/tour/puzzle?width=6&height=6&seed=7")
        .await;
    assert_eq!(
        (&v["width"], &v["seed"], &v["closed"], &v["minimal"]),
        (&json!(6), &json!(7), &json!(false), &json!(true))
    );
    assert!(v.get("not_minimal").is_none(), "{v}");
    let path = squares(&v["solution"]);
    assert_tour(6, 6, path[0], false, &path);
    let clues = v["clues"].as_object().unwrap();
    assert!(!clues.is_empty() && clues.len() < 36);
    for (square, step) in clues {
        assert_eq!(
            path[usize::try_from(step.as_u64().unwrap()).unwrap() - 1],
            from_name(square)
        );
    }
    // POST gives the same puzzle; the clues alone solve back to it, uniquely.
    let posted = server
        .post_json("/tour/puzzle", &json!({"width": 6, "height": 6, "seed": 7}))
        .await;
    assert_eq!(posted, v);
    let solved = server
        .post_json(
            "/tour/finish",
            &json!({"width": 6, "height": 6, "clues": clues}),
        )
        .await;
    assert_eq!(
        (&solved["path"], &solved["unique"]),
        (&v["solution"], &json!(true))
    );
    // Minimal: without any one clue, the finish finds a second tour.
    for left_out in clues.keys() {
        let mut rest = clues.clone();
        rest.remove(left_out);
        let solved = server
            .post_json(
                "/tour/finish",
                &json!({"width": 6, "height": 6, "clues": rest}),
            )
            .await;
        assert_eq!(solved["unique"], json!(false), "without {left_out}");
    }
    // Closed.
    let v = server
        .get_json("/tour/puzzle?width=6&height=6&seed=3&closed=true")
        .await;
    let path = squares(&v["solution"]);
    assert_tour(6, 6, path[0], true, &path);
    assert_eq!(v["minimal"], json!(true));
    // Text: the clue squares numbered, the rest blank.
    let (status, _, text) = server
        .get("/tour/puzzle?width=6&height=6&seed=7&format=text")
        .await;
    assert_eq!(status, 200);
    for (square, step) in clues {
        let (f, r) = from_name(square);
        let row = text.lines().nth(usize::try_from(5 - r).unwrap()).unwrap();
        let cells: Vec<&str> = row.split_whitespace().skip(1).collect();
        assert_eq!(
            cells[usize::try_from(f).unwrap()],
            step.to_string(),
            "{text}"
        );
    }
    let (status, _, svg) = server
        .get("/tour/puzzle?width=6&height=6&seed=7&format=svg")
        .await;
    assert_eq!(status, 200);
    assert_eq!(svg.matches("data-clue=").count(), clues.len());
    assert!(
        text.contains(
            "exactly one way does, and without any one of the numbers more than one would."
        ),
        "{text}"
    );
    // Cut short (the tour is found before the time is first read), every
    // square is numbered: one solution, not proven minimal, and why.
    let v = server
        .get_json("/tour/puzzle?width=6&height=6&seed=7&time_limit_ms=0")
        .await;
    assert_eq!(v["minimal"], json!(false), "{v}");
    let why = v["not_minimal"].as_str().unwrap();
    assert!(
        why.contains("the time ran out first") && why.contains("time_limit_ms was 0"),
        "{why}"
    );
    // More time would make another puzzle: not cached.
    let r = server
        .get_with("/tour/puzzle?width=6&height=6&seed=7&time_limit_ms=0", &[])
        .await;
    assert_eq!(r.headers()["cache-control"], "no-store");
    assert!(!r.headers().contains_key("etag"));
    let r = server
        .get_with("/tour/puzzle?width=6&height=6&seed=7", &[])
        .await;
    assert_eq!(r.headers()["cache-control"], "public, max-age=86400");
    let path = squares(&v["solution"]);
    assert_tour(6, 6, path[0], false, &path);
    for (square, step) in v["clues"].as_object().unwrap() {
        assert_eq!(
            path[usize::try_from(step.as_u64().unwrap()).unwrap() - 1],
            from_name(square)
        );
    }
    // Too large, and a board with no tour.
    Server::problem(
        server.get("/tour/puzzle?width=9&height=9").await,
        422,
        "board_too_large",
    );
    Server::problem(
        server.get("/tour/puzzle?width=4&height=4").await,
        422,
        "no_tour",
    );
}
