//! One rule for reading every request: a GET reads its query, a POST its
//! JSON body (its query carries only `format`, where the endpoint draws
//! pictures); option values in any case; whole numbers written as JSON
//! Schema allows, in a query as in a body; details that quote what was sent;
//! a 405 that names the method to use.

use crate::common;

use common::Server;
use serde_json::{json, Value};

/// Every POST endpoint, a body it answers, and whether it draws pictures.
fn posts() -> Vec<(&'static str, Value, bool)> {
    vec![
        ("/distance", json!({"from": "g2", "to": "a8"}), false),
        ("/distance/batch", json!({"pairs": [["b2", "a1"]]}), false),
        ("/path", json!({"from": "g2", "to": "a8"}), true),
        ("/tour", json!({"width": 5, "height": 5}), true),
        ("/tour/step", json!({"step": 3}), false),
        ("/colour", json!({"square": "d3"}), false),
        ("/color", json!({"square": "d3"}), false),
        ("/moves", json!({"square": "g1"}), false),
        ("/validate", json!({"path": ["b6", "d5", "f6"]}), true),
        (
            "/longest-path",
            json!({"from": "a1", "to": "b1", "width": 3, "height": 4, "time_limit_ms": 100}),
            true,
        ),
    ]
}

async fn post_with_query(
    s: &Server,
    path: &str,
    query: &str,
    body: &Value,
) -> (u16, String, String) {
    s.post(&format!("{path}?{query}"), body).await
}

#[tokio::test]
async fn a_post_reads_its_body_and_refuses_every_other_name_in_its_query() {
    let s = common::start().await;
    for (path, body, pictured) in posts() {
        // The body alone is answered.
        let (status, _, text) = s.post(path, &body).await;
        assert_eq!(status, 200, "POST {path}: {text}");
        // A body field, an unknown name, and an alias in the query: each
        // refused, named, and sent to the body.
        for (query, param) in [
            ("width=3&height=3", "width"),
            ("bogus=1", "bogus"),
            ("src=g2", "src"),
            ("notation=index", "notation"),
        ] {
            let e = Server::problem(
                post_with_query(&s, path, query, &body).await,
                400,
                "unknown_parameter",
            );
            assert_eq!(e["param"], param, "POST {path}?{query}: {e}");
            let detail = e["detail"].as_str().unwrap();
            // Sent to the body if the body takes it, else listed as not
            // taken at all (`bogus`; `src` where there is no `from`).
            let to_body = format!("'{param}' is not read from the query of a POST");
            let not_taken = format!("'{param}' is not a parameter of this endpoint; it takes ");
            assert!(
                (detail.starts_with(&to_body) && param != "bogus"
                    || detail.starts_with(&not_taken))
                    && detail.contains("JSON body"),
                "POST {path}?{query}: {detail}"
            );
        }
        // `format` where the endpoint draws pictures, and nowhere else.
        let answer = post_with_query(&s, path, "format=svg", &body).await;
        if pictured {
            assert_eq!(
                (answer.0, answer.1.as_str()),
                (200, "image/svg+xml"),
                "POST {path}?format=svg: {}",
                answer.2
            );
            let upper = post_with_query(&s, path, "format=SVG", &body).await;
            assert_eq!(
                (upper.0, upper.1.as_str()),
                (200, "image/svg+xml"),
                "POST {path}?format=SVG"
            );
        } else {
            let e = Server::problem(answer, 400, "unknown_parameter");
            assert_eq!(e["param"], "format", "POST {path}?format=svg");
        }
    }
}

#[tokio::test]
async fn the_query_of_a_batch_is_never_silently_ignored() {
    // Once answered on 8x8 (4 moves) though the query asked for 3x3.
    let s = common::start().await;
    let body = json!({"pairs": [["b2", "a1"]]});
    let e = Server::problem(
        post_with_query(&s, "/distance/batch", "width=3&height=3", &body).await,
        400,
        "unknown_parameter",
    );
    assert_eq!(e["param"], "width");
    // In the body, the same board is 3x3, where b2 (the centre) is cut off.
    let a = s
        .post_json(
            "/distance/batch",
            &json!({"width": 3, "height": 3, "pairs": [["b2", "a1"]]}),
        )
        .await;
    assert_eq!(a, json!({"width": 3, "height": 3, "moves": [null]}));
    // A square given in the query is not "required" again: it is misplaced.
    let e = Server::problem(
        post_with_query(&s, "/distance", "from=g2", &json!({"to": "a8"})).await,
        400,
        "unknown_parameter",
    );
    assert_eq!(e["param"], "from");
    // With notation in the query, the answer is not silently algebraic.
    let e = Server::problem(
        post_with_query(
            &s,
            "/distance",
            "notation=index&bogus=1",
            &json!({"from": "g2", "to": "a8"}),
        )
        .await,
        400,
        "unknown_parameter",
    );
    assert_eq!(e["param"], "notation");
}

#[tokio::test]
async fn a_field_of_a_post_body_in_a_get_query_says_so() {
    let s = common::start().await;
    for query in [
        "from=a1&to=b3&board=..",
        "from=a1&to=b3&barrier_rule=either",
    ] {
        let e = Server::problem(
            s.get(&format!("/path?{query}")).await,
            400,
            "unknown_parameter",
        );
        let detail = e["detail"].as_str().unwrap();
        assert!(
            detail.contains("is a field of the JSON body of POST /path"),
            "{query}: {detail}"
        );
    }
    // A name no request of the endpoint takes is still told what it takes.
    let e = Server::problem(
        s.get("/path?from=a1&to=b3&colour=1").await,
        400,
        "unknown_parameter",
    );
    assert!(e["detail"]
        .as_str()
        .unwrap()
        .contains("is not a parameter of this endpoint"));
}

/// Every detail quotes the value as it was sent (case, exponent and all),
/// and says what to do: a chess move's square without its piece letter,
/// terrain letters in capitals, an empty body's missing object.
#[tokio::test]
async fn words_quote_as_sent_and_point_the_right_way() {
    let s = common::start().await;
    let json = Some("application/json");
    for (target, code, param, detail) in [
        ("/distance?from=I9&to=a1", "square_off_board", "from",
            "'I9' is not a square of the 8×8 board: its squares are 0 to 63 (a1 to h8)"),
        ("/distance?from=a1&to=Nf3", "square_off_board", "to",
            "'Nf3' is not a square of the 8×8 board: its squares are 0 to 63 (a1 to h8); drop the piece letter 'N': a square is named by its file and rank alone, so write 'f3'"),
        ("/moves?square=Bxb5", "square_off_board", "square",
            "'Bxb5' is not a square of the 8×8 board: its squares are 0 to 63 (a1 to h8); drop the piece letter 'B': a square is named by its file and rank alone, so write 'b5'"),
        ("/distance?from=a1&to=b3&height=1e10", "invalid_board_size", "height",
            "'1e10' is too large for 'height': a side is at most 1000000000"),
        ("/distance?from=a1&to=b3&width=0e0", "invalid_board_size", "width",
            "'width' must be a whole number from 1 to 1000000000, not '0e0'"),
    ] {
        let p = Server::problem_naming(s.get(target).await, 400, code, param);
        assert_eq!(p["detail"], detail, "{target}");
    }
    // A name in capitals that is on the board is read as it is.
    let v = s.get_json("/distance?from=A1&to=H8").await;
    assert_eq!(
        (v["from"].clone(), v["moves"].clone()),
        (json!("a1"), json!(6))
    );
    // The same words from a JSON body, where the square is in a list.
    let p = Server::problem_naming(
        s.post_raw("/validate", json, r#"{"path": ["a1", "B3", "Nc5"]}"#)
            .await,
        400,
        "square_off_board",
        "path[2]",
    );
    assert!(
        p["detail"]
            .as_str()
            .unwrap()
            .starts_with("'Nc5' is not a square"),
        "{p}"
    );
    assert!(
        p["detail"].as_str().unwrap().ends_with("so write 'c5'"),
        "{p}"
    );
    let p = Server::problem_naming(
        s.post_raw(
            "/distance",
            json,
            r#"{"from": "a1", "to": "b3", "height": 1E10}"#,
        )
        .await,
        400,
        "invalid_board_size",
        "height",
    );
    assert_eq!(
        p["detail"],
        "'1E10' is too large for 'height': a side is at most 1000000000"
    );
    // Terrain letters are capitals.
    for (board, found, capital) in [
        ("S . .\n. . e", 'e', 'E'),
        ("s . .\n. . E", 's', 'S'),
        (". w", 'w', 'W'),
    ] {
        let body = json!({"board": board}).to_string();
        let p = Server::problem_naming(
            s.post_raw("/path", json, body).await,
            400,
            "board_unknown_character",
            "board",
        );
        let detail = p["detail"].as_str().unwrap();
        assert!(
            detail.contains(&format!("'{found}' is not a terrain character: terrain letters are capitals, so write '{capital}'")),
            "{detail}"
        );
    }
    // An empty body: said so, with what to send.
    for body in ["", " \n"] {
        let p = Server::problem(s.post_raw("/path", json, body).await, 400, "malformed_json");
        assert_eq!(
            p["detail"],
            r#"the body is empty: send a JSON object of parameters, such as {"from": "g2", "to": "a8"}"#
        );
    }
}

/// `time_limit_ms`, the keys of `clues` and `/tour/finish`'s `end` are
/// quoted as sent (`2e4`, `C3`, `A1`), not as read (`20000`, `c3`, `a1`).
#[tokio::test]
async fn a_time_limit_a_clue_key_and_an_end_are_quoted_as_sent() {
    let s = common::start().await;
    let json = Some("application/json");
    let too_long = |sent: &str| {
        format!("'time_limit_ms' is {sent}; at most 10000 is allowed: give 10000 or less")
    };
    for sent in ["2e4", "20000.0", "2.0E4", "20000"] {
        let body = format!(r#"{{"time_limit_ms":{sent},"board":"S . .\n. . E"}}"#);
        let p = Server::problem_naming(
            s.post_raw("/longest-path", json, body.clone()).await,
            400,
            "invalid_parameter",
            "time_limit_ms",
        );
        assert_eq!(p["detail"], too_long(sent), "{body}");
    }
    // In a query, as in a body.
    let p = Server::problem_naming(
        s.get("/tour/puzzle?width=5&height=5&time_limit_ms=2e4")
            .await,
        400,
        "invalid_parameter",
        "time_limit_ms",
    );
    assert_eq!(p["detail"], too_long("2e4"));
    // Past every whole number it holds, too large, as sent; a string is no number.
    for (sent, detail) in [
        (
            "1e30",
            "'1e30' is too large for 'time_limit_ms': at most 10000 milliseconds",
        ),
        (
            r#""100""#,
            r#"'time_limit_ms' must be a whole number of milliseconds, from 0, not "100""#,
        ),
        (
            "-1e3",
            "'time_limit_ms' must be a whole number of milliseconds, from 0, not '-1e3'",
        ),
    ] {
        let body = format!(r#"{{"time_limit_ms":{sent},"board":"S . .\n. . E"}}"#);
        let p = Server::problem_naming(
            s.post_raw("/longest-path", json, body.clone()).await,
            400,
            "invalid_parameter",
            "time_limit_ms",
        );
        assert_eq!(p["detail"], detail, "{body}");
    }
    // Within the limit, a number written otherwise is read as the number.
    let v = s
        .post_json(
            "/longest-path",
            &json!({"time_limit_ms": 1e2, "board": "S . .\n. . E"}),
        )
        .await;
    assert_eq!(v["path"][0], json!("a2"));

    // Clue keys, in both of the refusal's halves.
    let finish = |body: &'static str| s.post_raw("/tour/finish", json, body);
    let tail = "give each square one step and each step one square";
    for (body, param, detail) in [
        (
            r#"{"width":6,"height":6,"played":["a1"],"clues":{"C2":1}}"#,
            "clues.C2",
            format!("'clues.C2' numbers C2 as 1, but played[0] is step 1 already: {tail}"),
        ),
        (
            r#"{"width":6,"height":6,"played":["a1"],"clues":{"C3":2,"B3":2}}"#,
            "clues.B3",
            format!("'clues.B3' numbers B3 as 2, but clues.C3 is step 2 already: {tail}"),
        ),
        (
            r#"{"width":6,"height":6,"played":["a1"],"clues":{"C3":2,"c3":3}}"#,
            "clues.c3",
            format!("'clues.c3' numbers c3 as 3, but clues.C3 numbers C3 as 2 already: {tail}"),
        ),
    ] {
        let p = Server::problem_naming(finish(body).await, 400, "invalid_parameter", param);
        assert_eq!(p["detail"], detail, "{body}");
    }

    // The end, where a tour cannot be finished to it.
    for (body, detail) in [
        (r#"{"width":6,"height":6,"played":["a1"],"end":"A1"}"#,
            "no tour of the 6×6 board begins with a1 (the one square played): the tour must end on A1, but A1 is already played"),
        (r#"{"width":6,"height":6,"played":["a1"],"end":"B2"}"#,
            "no tour of the 6×6 board begins with a1 (the one square played): the tour must end on B2, so the last square must be that square's colour; but a knight alternates colours, and after the 35 unplayed squares it stands on a light square"),
        (r#"{"width":6,"height":6,"played":["a1"],"end":"b2"}"#,
            "no tour of the 6×6 board begins with a1 (the one square played): the tour must end on b2, so the last square must be that square's colour; but a knight alternates colours, and after the 35 unplayed squares it stands on a light square"),
    ] {
        let p = Server::problem(finish(body).await, 422, "no_tour");
        assert_eq!(p["detail"], detail, "{body}");
    }
}

#[tokio::test]
async fn numbers_are_quoted_as_sent_and_too_large_ones_say_so() {
    let s = common::start().await;
    // Raw bodies, so that the numbers reach the server as written.
    for (body, sent, param, code) in [
        (
            r#"{"from": 1e300, "to": 0}"#,
            "'1e300'",
            "from",
            "square_off_board",
        ),
        (
            r#"{"from": 18446744073709551616, "to": 0}"#,
            "'18446744073709551616'",
            "from",
            "square_off_board",
        ),
        (
            r#"{"from": 0, "to": 0, "width": 1e300}"#,
            "'1e300'",
            "width",
            "invalid_board_size",
        ),
        (
            r#"{"from": 0, "to": 0, "width": 99999999999999999999}"#,
            "'99999999999999999999'",
            "width",
            "invalid_board_size",
        ),
    ] {
        let e = Server::problem(
            s.post_raw("/distance", Some("application/json"), body)
                .await,
            400,
            code,
        );
        let detail = e["detail"].as_str().unwrap();
        assert_eq!(e["param"], param, "{body}: {detail}");
        assert!(
            detail.contains(sent) && detail.contains("too large"),
            "{body}: {detail}"
        );
        assert!(!detail.contains("18446744073709551615"), "{body}: {detail}");
    }
    let e = Server::problem(
        s.get("/tour/step?width=8&height=8&step=99999999999999999999999")
            .await,
        400,
        "invalid_parameter",
    );
    let detail = e["detail"].as_str().unwrap();
    assert!(
        detail.contains("'99999999999999999999999' is too large")
            && detail.contains("999999999999999999 on the largest"),
        "{detail}"
    );
    let e = Server::problem(
        s.get("/distance?from=a1&to=b3&width=2e10").await,
        400,
        "invalid_board_size",
    );
    assert!(
        e["detail"]
            .as_str()
            .unwrap()
            .contains("'2e10' is too large for 'width': a side is at most 1000000000"),
        "{e}"
    );
    // A JSON string of digits in a query-like place is still a square index,
    // and one past every board says so.
    let e = Server::problem(
        s.get("/distance?from=18446744073709551616&to=a1").await,
        400,
        "invalid_square",
    );
    assert!(
        e["detail"]
            .as_str()
            .unwrap()
            .contains("'18446744073709551616' is too large"),
        "{e}"
    );
}

#[tokio::test]
async fn whole_numbers_read_alike_in_a_query_and_a_body() {
    let s = common::start().await;
    for width in ["8", "8.0", "8e0", "0.8e1", "80e-1"] {
        let a = s
            .get_json(&format!("/distance?from=g2&to=a8&width={width}&height=8.0"))
            .await;
        assert_eq!(
            (a["width"].as_u64(), a["moves"].as_u64()),
            (Some(8), Some(4)),
            "width={width}"
        );
        let a = s
            .post_raw(
                "/distance",
                Some("application/json"),
                format!(r#"{{"from": "g2", "to": "a8", "width": {width}, "height": 8.0}}"#),
            )
            .await;
        assert_eq!(a.0, 200, "width: {width}: {}", a.2);
    }
    let a = s.get_json("/tour/step?width=8&height=8&step=6.3e1").await;
    assert_eq!(a["step"], 63);
    for query in ["width=8.5", "width=eight"] {
        let e = Server::problem(
            s.get(&format!("/distance?from=g2&to=a8&{query}")).await,
            400,
            "invalid_parameter",
        );
        assert_eq!(e["param"], "width");
    }
}

#[tokio::test]
async fn option_values_are_read_in_any_case_and_answered_in_lower_case() {
    let s = common::start().await;
    let (status, kind, _) = s.get("/path?from=g2&to=a8&format=SVG").await;
    assert_eq!((status, kind.as_str()), (200, "image/svg+xml"));
    let (status, kind, _) = s.get("/path?from=g2&to=a8&format=Text").await;
    assert_eq!((status, kind.as_str()), (200, "text/plain; charset=utf-8"));
    let a = s.get_json("/distance?from=g2&to=a8&notation=Index").await;
    assert_eq!((&a["from"], &a["to"]), (&json!(14), &json!(56)));
    let a = s
        .post_json(
            "/distance",
            &json!({"from": "g2", "to": "a8", "notation": "INDEX"}),
        )
        .await;
    assert_eq!(a["from"], 14);
    let a = s
        .get_json("/tour?width=6&height=6&closed=True&method=Warnsdorff")
        .await;
    assert_eq!(a["closed"], true);
    assert!(a["backtracks"].is_u64(), "{a}");
    let a = s
        .get_json("/tour?width=5&height=5&closed=FALSE&method=AUTO")
        .await;
    assert_eq!(a["closed"], false);
    let a = s
        .post_json(
            "/path",
            &json!({"board": ["S . .", ". . .", ". . E"], "barrier_rule": "Long_Leg"}),
        )
        .await;
    assert!(a["moves"].is_u64() || a["moves"].is_null(), "{a}");
    // A JSON boolean stays a boolean: the string "True" is not one.
    let e = Server::problem(
        s.post("/tour", &json!({"width": 5, "height": 5, "closed": "True"}))
            .await,
        400,
        "invalid_parameter",
    );
    assert_eq!(e["param"], "closed");
    // A value that is no option of any case names the allowed ones.
    let e = Server::problem(
        s.get("/path?from=g2&to=a8&format=png2").await,
        400,
        "invalid_parameter",
    );
    assert!(e["detail"].as_str().unwrap().contains("'png2'"), "{e}");
}

#[tokio::test]
async fn a_405_names_the_method_to_use() {
    let s = common::start().await;
    for (method, path, allow, says) in [
        (
            "GET",
            "/longest-path?from=a1&to=b1",
            "POST",
            "answers POST with a JSON body",
        ),
        ("GET", "/validate", "POST", "answers POST with a JSON body"),
        (
            "GET",
            "/distance/batch",
            "POST",
            "answers POST with a JSON body",
        ),
        (
            "DELETE",
            "/distance",
            "GET,HEAD,POST",
            "answers GET with a query string, or POST with a JSON body",
        ),
        ("POST", "/healthz", "GET,HEAD", "answers GET (and HEAD)"),
    ] {
        let r = s
            .client
            .request(method.parse().unwrap(), s.url(path))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 405, "{method} {path}");
        assert_eq!(r.headers()["allow"], allow, "{method} {path}");
        assert_eq!(r.headers()["content-type"], "application/problem+json");
        let e: Value = r.json().await.unwrap();
        assert_eq!(e["code"], "method_not_allowed");
        assert!(
            e["detail"].as_str().unwrap().contains(says),
            "{method} {path}: {e}"
        );
    }
}

#[tokio::test]
async fn every_route_s_405_names_what_its_allow_header_lists() {
    use knightd::routes::ops::allowed_methods;
    let s = common::start().await;
    let paths = [
        "/distance",
        "/distance/batch",
        "/distance-map",
        "/shortest-paths",
        "/path",
        "/tour",
        "/tour/finish",
        "/tour/puzzle",
        "/tour/step",
        "/colour",
        "/color",
        "/moves",
        "/validate",
        "/longest-path",
        "/healthz",
        "/readyz",
        "/metrics",
        "/openapi.yaml",
        "/openapi-3.0.yaml",
        "/",
        "/page/app.js",
        "/page/boards/challenge-28x32.txt",
    ];
    for path in paths {
        let r = s.client.delete(s.url(path)).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 405, "DELETE {path}");
        let allow = r.headers()["allow"].to_str().unwrap().to_owned();
        assert_eq!(
            allow,
            allowed_methods(path),
            "{path}: the table and the router agree"
        );
        let e: Value = r.json().await.unwrap();
        let named = knightd::error::ApiError::method_not_allowed_by("DELETE", &allow);
        assert_eq!(e["detail"], named.detail(), "{path}");
    }
}

/// The details that used to send a person the wrong way, word for word:
/// each says what was wrong and what to send instead, and names only what
/// was sent.
#[tokio::test]
async fn details_say_what_to_send_instead() {
    let s = common::start().await;
    let post = json!({"from": "a1", "to": "b3"});
    let megabyte_of_digits = format!(
        r#"{{"width": {}, "from": "a1", "to": "b3"}}"#,
        "9".repeat(1 << 20)
    );
    // Method, path, JSON body, status, code, detail.
    type Case = (
        &'static str,
        String,
        Option<String>,
        u16,
        &'static str,
        &'static str,
    );
    let cases: Vec<Case> = vec![
        ("GET", "/tour/finish".into(), None, 405, "method_not_allowed",
            "this endpoint does not answer GET; it answers POST with a JSON body (Content-Type: application/json)"),
        ("PUT", "/path".into(), None, 405, "method_not_allowed",
            "this endpoint does not answer PUT; it answers GET with a query string, or POST with a JSON body (Content-Type: application/json)"),
        ("GET", "/nowhere".into(), None, 404, "not_found",
            "there is no endpoint at '/nowhere': /openapi.yaml lists the endpoints (such as /distance, /path, /tour), and / is the page"),
        ("POST", "/distance?format=text".into(), Some(post.to_string()), 400, "unknown_parameter",
            "/distance draws no pictures: it answers JSON only, and takes no 'format'; send the request without it"),
        ("GET", "/distance?from=a1&to=b3&format=svg".into(), None, 400, "unknown_parameter",
            "/distance draws no pictures: it answers JSON only, and takes no 'format'; send the request without it"),
        ("POST", "/distance?size=100".into(), Some(post.to_string()), 400, "unknown_parameter",
            "'size' is not a parameter of this endpoint; it takes 'from' (or 'src'), 'to' (or 'dest'), 'width', 'height', 'notation', in the JSON body of a POST"),
        ("POST", "/path".into(), Some(r#"{"from":"a1","to":"b3","format":"svg"}"#.into()), 400, "unknown_parameter",
            "'format' is read from the query of a POST, not from its JSON body: send POST /path?format=svg (json, text, svg or png), or an Accept header such as image/svg+xml"),
        ("GET", "/distance?from=a1&to=b3&to=c2".into(), None, 400, "invalid_parameter",
            "'to' is given twice; give it once"),
        ("GET", "/distance?from=a1&dest=b3&to=c2".into(), None, 400, "invalid_parameter",
            "'dest' and 'to' are both given: they are two names for one parameter; give it once, by one name"),
        ("POST", "/distance".into(), Some(r#"{"from":"a1","from":"b1","to":"b3"}"#.into()), 400, "invalid_parameter",
            "'from' is given twice; give it once"),
        ("GET", "/shortest-paths?from=a1&to=h8&offset=1e1000000".into(), None, 400, "invalid_parameter",
            "'1e1000000' is too large for 'offset': at most 1000000 digits"),
        ("POST", "/distance".into(), Some(r#"{"width":1e400,"from":"a1","to":"b3"}"#.into()), 400, "invalid_board_size",
            "'1e400' is too large for 'width': a side is at most 1000000000"),
        ("POST", "/distance".into(), Some(megabyte_of_digits), 400, "invalid_board_size",
            "'999999999999999999999999999999999999… (1048576 characters)' is too large for 'width': a side is at most 1000000000"),
        ("GET", "/shortest-paths?from=a1&to=h8&offset=-1".into(), None, 400, "invalid_parameter",
            "'offset' must be a whole number from 0 (a JSON number or a string of digits), not '-1'"),
        ("GET", "/shortest-paths?from=a1&to=h8&limit=x".into(), None, 400, "invalid_parameter",
            "'limit' must be a whole number from 0 to the server's page size (--max-paths-page, 10000 by default), not 'x'"),
        ("POST", "/tour/finish".into(), Some(r#"{"width":5,"height":5,"played":[true]}"#.into()), 400, "invalid_parameter",
            "'played[0]' must be a square: an index (a whole number from 0) or a name such as \"d3\" (file letters, then a rank from 1), not true"),
        ("POST", "/distance/batch".into(), Some("[[0,1]]".into()), 400, "invalid_parameter",
            r#"the body must be a JSON object of parameters, such as {"pairs": [["g2", "a8"], [0, 1]]}"#),
        ("GET", "/distance?form=g2".into(), None, 400, "unknown_parameter",
            "'form' is not a parameter of this endpoint; did you mean 'from'? It takes 'from' (or 'src'), 'to' (or 'dest'), 'width', 'height', 'notation'"),
        ("GET", "/tour?method=warnsdorff&seed=-1".into(), None, 400, "invalid_parameter",
            "'seed' must be a whole number from 0 to 18446744073709551615, not '-1'"),
        ("POST", "/longest-path".into(), Some(r#"{"time_limit_ms":20000,"board":"S . .\n. . E"}"#.into()), 400, "invalid_parameter",
            "'time_limit_ms' is 20000; at most 10000 is allowed: give 10000 or less"),
        ("GET", "/distance?from=a1&to=b3&width=0".into(), None, 400, "invalid_board_size",
            "'width' must be a whole number from 1 to 1000000000, not '0'"),
        ("POST", "/validate".into(), Some(r#"{"path":[]}"#.into()), 400, "invalid_parameter",
            r#"'path' is []: a path lists at least the square the knight starts on, such as ["b6"] (or ["b6", "d5", "f6"] for two moves)"#),
        ("GET", "/distance?from=0&to=64".into(), None, 400, "square_off_board",
            "'64' is not a square of the 8×8 board: its squares are 0 to 63 (a1 to h8)"),
        ("POST", "/longest-path".into(), Some(r#"{"width":300,"height":300,"from":"a1","to":"b3"}"#.into()), 422, "board_too_large",
            "the board has 90000 squares; /longest-path takes boards of at most 65536 squares (--max-longest-squares): send a smaller board, or ask /path for a shortest path, which takes boards of any size"),
        ("POST", "/path".into(), Some(r#"{"board":"S . .\n. . ."}"#.into()), 400, "board_start_end_unpaired",
            "the board has an S but no E: mark where the path ends with an E, or drop the S and give 'from' and 'to'"),
        ("GET", "/tour?width=1001&height=1000".into(), None, 422, "board_too_large",
            "the 1001×1000 board has 1001000 squares; tours are listed for boards of at most 1000000 squares: for a larger board, ask /tour/step for the square at any step of its tour"),
        ("GET", "/distance?from=a01&to=b3".into(), None, 400, "invalid_square",
            "'a01' is not a square: a square's number has no leading zero; write 'a1'"),
        ("GET", format!("/distance?from={}&to=b3", "z".repeat(50)), None, 400, "invalid_square",
            "'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz… (50 characters)' is not a square: use an index such as 19 or a name such as d3 (file letters, then a rank from 1)"),
        ("GET", "/tour?width=5&height=5&end=b1".into(), None, 422, "no_tour",
            "no tour of the 5×5 board ends on b1, a light square: the board has one more dark square than light ones, and every knight move changes colour, so a tour through every square starts and ends on dark squares (like a1); choose a dark end, or give none"),
        ("GET", "/tour?width=5&height=5&start=b1".into(), None, 422, "no_tour",
            "no tour of the 5×5 board starts on a light square: the board has one more dark square than light ones, and every knight move changes colour, so a tour through every square starts and ends on dark squares (like a1); start on a dark square"),
        ("POST", "/distance/batch".into(), Some(r#"{"pairs":[[0]]}"#.into()), 400, "invalid_parameter",
            r#"'pairs[0]' is [0]: a pair is an array of exactly two squares, such as ["g2", "a8"] or [0, 1]"#),
        ("POST", "/distance/batch".into(), Some(r#"{"pairs":[[0,"a1","b3","c4"]]}"#.into()), 400, "invalid_parameter",
            r#"'pairs[0]' is [0, "a1", "b3", …] (4 squares): a pair is an array of exactly two squares, such as ["g2", "a8"] or [0, 1]"#),
        ("POST", "/tour/finish".into(), Some(r#"{"width":5,"height":5,"played":["a1"],"end":"z9"}"#.into()), 400, "square_off_board",
            "'z9' is not a square of the 5×5 board: its squares are 0 to 24 (a1 to e5)"),
        ("GET", "/distance-map?width=1000&height=1000&from=a1&files=a..zz&ranks=1..1000".into(), None, 422, "board_too_large",
            "the window has 702000 squares; a distance map shows at most 65536: give a smaller 'files' or 'ranks' range"),
        ("GET", "/distance-map?width=10&height=10&from=a1&files=a..z&ranks=1..5".into(), None, 400, "square_off_board",
            "'a..z' goes past the board, which has 10 files: give a range within a..j"),
        ("GET", "/distance-map?width=10&height=10&from=a1&files=a..c&ranks=1..12".into(), None, 400, "square_off_board",
            "'1..12' goes past the board, which has 10 ranks: give a range within 1..10"),
    ];
    for (method, path, body, status, code, detail) in cases {
        let mut r = s.client.request(method.parse().unwrap(), s.url(&path));
        if let Some(body) = body {
            r = r.header("content-type", "application/json").body(body);
        }
        let answer = common::parts(r.send().await.unwrap()).await;
        let e = Server::problem(answer, status, code);
        assert_eq!(e["detail"], detail, "{method} {path}");
    }
}
