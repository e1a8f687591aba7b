//! The contract other services rely on, through a real HTTP client: POST on
//! every plain-board endpoint, what the schema allows being accepted, both
//! OpenAPI documents served, pictures chosen by `Accept` with `Vary`,
//! strong `ETag`s with `304 Not Modified` and `HEAD`, errors in plain words,
//! and the caller's W3C trace id in the request's log span.

use crate::common;

use common::Server;
use serde_json::{json, Value};

#[tokio::test]
async fn every_plain_board_endpoint_answers_post_with_the_get_fields() {
    let s = common::start().await;
    for (get, post, body) in [
        (
            "/distance?from=g2&to=a8",
            "/distance",
            json!({"from": "g2", "to": "a8"}),
        ),
        (
            "/distance?src=19&dest=36&width=9",
            "/distance",
            json!({"src": 19, "dest": 36, "width": 9}),
        ),
        (
            "/path?from=g2&to=a8&notation=index",
            "/path",
            json!({"from": "g2", "to": "a8", "notation": "index"}),
        ),
        ("/colour?square=d3", "/colour", json!({"square": "d3"})),
        (
            "/color?square=19&width=10",
            "/color",
            json!({"square": 19, "width": 10}),
        ),
        (
            "/moves?square=g1&height=3",
            "/moves",
            json!({"square": "g1", "height": 3}),
        ),
    ] {
        let by_get = s.get_json(get).await;
        let by_post = s.post_json(post, &body).await;
        assert_eq!(by_get, by_post, "GET {get} and POST {post} {body}");
    }
    let e = Server::problem(
        s.post("/moves", &json!({"square": "z9"})).await,
        400,
        "square_off_board",
    );
    assert_eq!(e["param"], "square");
    let e = Server::problem(
        s.post("/colour", &json!({"width": 3})).await,
        400,
        "missing_parameter",
    );
    assert_eq!(e["param"], "square");
}

#[tokio::test]
async fn what_the_schema_allows_is_accepted() {
    let s = common::start().await;
    // JSON Schema's integers include numbers written with a zero fraction.
    let a = s
        .post_json(
            "/distance",
            &json!({"src": 19.0, "dest": 36, "width": 8.0, "height": 1e1}),
        )
        .await;
    assert_eq!(a["moves"], 1, "{a}");
    assert_eq!(a["height"], 10);
    let a = s
        .post_json(
            "/longest-path",
            &json!({"from": 0, "to": 6.0, "width": 4e0, "height": 4, "time_limit_ms": 0.0}),
        )
        .await;
    assert_eq!((&a["to"], &a["width"]), (&json!(6), &json!(4)), "{a}");
    assert!(a["moves"].as_u64().is_some_and(|m| m >= 1), "{a}");
    // A whole number too large for any board is off the board, not malformed.
    let e = Server::problem(
        s.post("/distance", &json!({"from": 1e25, "to": 0})).await,
        400,
        "square_off_board",
    );
    assert_eq!(e["param"], "from");
    // Read exactly, not one unit in the last place off (3780575159020849.5,
    // which schemathesis found refused as not whole): off the board.
    Server::problem(
        s.post("/distance", &json!({"src": 0, "dest": 3780575159020850.0}))
            .await,
        400,
        "square_off_board",
    );
    for (body, param) in [
        (json!({"from": 1.5, "to": 0}), "from"),
        (json!({"from": 0, "to": 0, "width": 8.5}), "width"),
        (json!({"from": 0, "to": 0, "width": "8"}), "width"),
    ] {
        let e = Server::problem(s.post("/distance", &body).await, 400, "invalid_parameter");
        assert_eq!(e["param"], param, "{body}");
    }
}

#[tokio::test]
async fn what_the_schema_forbids_is_refused_naming_the_parameter() {
    let s = common::start().await;
    for (path, body, param) in [
        ("/distance", json!({"from": 0, "src": 1, "to": 2}), "src"),
        ("/distance", json!({"dest": 0, "from": 1, "to": 2}), "to"),
        ("/path", json!({"board": "S.\n.E", "width": 2}), "board"),
        ("/path", json!({"width": 2, "board": "S.\n.E"}), "board"),
        (
            "/path",
            json!({"from": 0, "to": 1, "barrier_rule": "either"}),
            "barrier_rule",
        ),
        (
            "/validate",
            json!({"path": [0], "board": ".", "height": 1}),
            "board",
        ),
    ] {
        let e = Server::problem(s.post(path, &body).await, 400, "invalid_parameter");
        assert_eq!(e["param"], param, "{path} {body}: {e}");
    }
    for (query, param) in [
        ("from=a1&from=b2&to=c3", "from"),
        ("from=a1&src=b2&to=c3", "src"),
    ] {
        let e = Server::problem(
            s.get(&format!("/distance?{query}")).await,
            400,
            "invalid_parameter",
        );
        let detail = e["detail"].as_str().unwrap();
        let says = if param == "src" {
            "'from' and 'src' are both given"
        } else {
            "'from' is given twice"
        };
        assert!(detail.contains(says), "{query}: {detail}");
        assert_eq!(e["param"], param, "{query}");
    }
    let e = Server::problem(
        s.post("/distance/batch", &json!({"pairs": [[0, 1, 2]]}))
            .await,
        400,
        "invalid_parameter",
    );
    assert_eq!(e["param"], "pairs[0]");
}

#[tokio::test]
async fn both_openapi_documents_are_served() {
    let s = common::start().await;
    let (status, kind, body) = s.get("/openapi.yaml").await;
    assert_eq!((status, kind.as_str()), (200, "application/yaml"));
    assert!(body.starts_with("openapi: 3.1.0"));
    let (status, kind, body) = s.get("/openapi-3.0.yaml").await;
    assert_eq!((status, kind.as_str()), (200, "application/yaml"));
    assert_eq!(body, knightd::routes::ops::OPENAPI_30_YAML);
    assert!(body.contains("\nopenapi: 3.0.3\n"));
}

/// The content type and `Vary` of an answer.
async fn kind_and_vary(r: reqwest::Response) -> (u16, String, String, String) {
    let header = |name: &str| {
        r.headers()
            .get_all(name)
            .iter()
            .map(|v| v.to_str().unwrap().to_owned())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (kind, vary) = (header("content-type"), header("vary"));
    let status = r.status().as_u16();
    (status, kind, vary, r.text().await.unwrap())
}

#[tokio::test]
async fn pictures_and_text_are_chosen_by_accept_or_format() {
    let s = common::start().await;
    for (path, accept, expected) in [
        ("/path?from=g2&to=a8", "image/svg+xml", "image/svg+xml"),
        (
            "/path?from=g2&to=a8",
            "text/plain",
            "text/plain; charset=utf-8",
        ),
        (
            "/path?from=g2&to=a8",
            "application/json",
            "application/json",
        ),
        ("/path?from=g2&to=a8", "*/*", "application/json"),
        (
            "/path?from=g2&to=a8",
            "text/html, image/*;q=0.8, */*;q=0.1",
            "image/svg+xml",
        ),
        (
            "/path?from=g2&to=a8",
            "image/svg+xml;q=0.5, text/plain",
            "text/plain; charset=utf-8",
        ),
        (
            "/path?from=g2&to=a8",
            "image/svg+xml, application/json;q=0",
            "image/svg+xml",
        ),
        // `format` wins over `Accept`.
        (
            "/path?from=g2&to=a8&format=json",
            "image/svg+xml",
            "application/json",
        ),
        (
            "/path?from=g2&to=a8&format=text",
            "image/svg+xml",
            "text/plain; charset=utf-8",
        ),
        ("/tour?width=5&height=5", "image/svg+xml", "image/svg+xml"),
        (
            "/tour?width=5&height=5",
            "text/plain",
            "text/plain; charset=utf-8",
        ),
    ] {
        let r = s.get_with(path, &[("accept", accept)]).await;
        let (status, kind, vary, body) = kind_and_vary(r).await;
        assert_eq!(status, 200, "{path} {accept}: {body}");
        assert_eq!(kind, expected, "{path} {accept}");
        assert!(
            vary.to_ascii_lowercase().contains("accept"),
            "{path}: {vary}"
        );
    }
    for (path, body) in [
        ("/path", json!({"from": "g2", "to": "a8"})),
        ("/validate", json!({"path": ["b6", "d5", "f6"]})),
        (
            "/longest-path",
            json!({"from": "a1", "to": "b3", "width": 4, "height": 4, "time_limit_ms": 0}),
        ),
    ] {
        for (accept, expected) in [
            ("image/svg+xml", "image/svg+xml"),
            ("text/plain", "text/plain; charset=utf-8"),
            ("application/json", "application/json"),
        ] {
            let r = s
                .client
                .post(s.url(path))
                .header("accept", accept)
                .json(&body)
                .send()
                .await
                .unwrap();
            let (status, kind, vary, text) = kind_and_vary(r).await;
            assert_eq!(status, 200, "{path} {accept}: {text}");
            assert_eq!(kind, expected, "POST {path} {accept}");
            assert!(
                vary.to_ascii_lowercase().contains("accept"),
                "{path}: {vary}"
            );
        }
    }
    // Endpoints that answer only JSON do not vary.
    let r = s
        .get_with("/distance?from=a1&to=b3", &[("accept", "image/svg+xml")])
        .await;
    let (_, kind, vary, _) = kind_and_vary(r).await;
    assert_eq!(kind, "application/json");
    assert!(!vary.to_ascii_lowercase().contains("accept,") && vary != "accept");
}

/// The headers of `r` that a cache relies on.
fn cache_headers(r: &reqwest::Response) -> (String, String) {
    let h = |name: &str| {
        r.headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default()
    };
    (h("etag"), h("cache-control"))
}

#[tokio::test]
async fn solver_gets_carry_a_strong_etag_and_answer_304() {
    let s = common::start().await;
    for path in [
        "/distance?from=g2&to=a8",
        "/path?from=g2&to=a8",
        "/path?from=g2&to=a8&format=svg",
        "/tour?width=5&height=5",
        "/colour?square=d3",
        "/color?square=d3",
        "/moves?square=g1",
    ] {
        let r = s.get_with(path, &[]).await;
        assert_eq!(r.status(), 200, "{path}");
        let (etag, cache) = cache_headers(&r);
        assert!(
            etag.starts_with('"') && etag.ends_with('"') && etag.len() == 18,
            "{path}: a strong ETag, not {etag:?}"
        );
        assert_eq!(cache, "public, max-age=86400", "{path}");
        let body = r.bytes().await.unwrap();
        // The same answer has the same ETag; another answer another.
        let again = s.get_with(path, &[]).await;
        assert_eq!(cache_headers(&again).0, etag, "{path}");
        if !path.contains("svg") {
            let other = s.get_with(&format!("{path}&notation=index"), &[]).await;
            assert_ne!(cache_headers(&other).0, etag, "{path}");
        }

        let weak = format!("W/{etag}");
        let listed = format!("\"0000000000000000\", {etag}");
        for matching in [etag.as_str(), weak.as_str(), listed.as_str(), "*"] {
            let r = s.get_with(path, &[("if-none-match", matching)]).await;
            assert_eq!(r.status(), 304, "{path} If-None-Match: {matching}");
            assert_eq!(cache_headers(&r), (etag.clone(), cache.clone()), "{path}");
            assert!(
                r.bytes().await.unwrap().is_empty(),
                "{path}: a 304 has no body"
            );
        }
        let r = s
            .get_with(path, &[("if-none-match", "\"0000000000000000\"")])
            .await;
        assert_eq!(r.status(), 200, "{path}");
        assert_eq!(r.bytes().await.unwrap(), body, "{path}");

        // HEAD: GET's headers, no body.
        let get = s.get_with(path, &[]).await;
        let head = s.client.head(s.url(path)).send().await.unwrap();
        assert_eq!(head.status(), 200, "HEAD {path}");
        for name in [
            "etag",
            "cache-control",
            "content-type",
            "content-length",
            "vary",
        ] {
            assert_eq!(
                head.headers().get(name),
                get.headers().get(name),
                "HEAD {path}: {name}"
            );
        }
        assert!(head.bytes().await.unwrap().is_empty());
    }
    // Errors and POSTs are not cached.
    let r = s.get_with("/distance?from=z9&to=a1", &[]).await;
    assert_eq!(cache_headers(&r), (String::new(), String::new()));
    let r = s
        .client
        .post(s.url("/distance"))
        .json(&json!({"from": "a1", "to": "b3"}))
        .send()
        .await
        .unwrap();
    assert_eq!(cache_headers(&r), (String::new(), String::new()));
}

#[tokio::test]
async fn a_compressed_answer_has_its_own_etag_and_either_validates() {
    let s = common::start().await;
    let path = "/tour?width=20&height=20";
    let plain = s.get_with(path, &[]).await;
    let (etag, _) = cache_headers(&plain);
    let gzip = s.get_with(path, &[("accept-encoding", "gzip")]).await;
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
    let (gzip_etag, _) = cache_headers(&gzip);
    assert_eq!(gzip_etag, format!("{}-gzip\"", &etag[..etag.len() - 1]));
    for tag in [&etag, &gzip_etag] {
        let r = s
            .get_with(path, &[("accept-encoding", "gzip"), ("if-none-match", tag)])
            .await;
        assert_eq!(r.status(), 304, "{tag}");
    }
}

/// Words of a parser or of Rust that must never reach a person.
const PARSER_WORDS: &[&str] = &[
    "invalid digit",
    "unknown variant",
    "unknown field",
    "expected u64",
    "expected a",
    "expected one of",
    "invalid type",
    "invalid value",
    "invalid length",
    "duplicate field",
    "provided string",
    "missing field",
    "at line",
    "EOF",
    "`",
    "u64",
    "i64",
    "f64",
    "usize",
    "Some(",
    "None",
    "\\u{",
    "serde",
];

/// Requests a client gets wrong, by query: each must be refused in plain
/// words.
const BAD_QUERIES: &[&str] = &[
    "/distance?from=g2&to=a8&width=abc",
    "/distance?from=g2&to=a8&width=8.5",
    "/distance?from=g2&to=a8&width=-1",
    "/distance?from=g2&to=a8&width=99999999999999999999999",
    "/distance?from=g2&to=a8&width=0",
    "/distance?from=g2&to=a8&notation=roman",
    "/distance?form=g2&to=a8",
    "/distance?from=g2&to=a8&colour=1",
    "/distance?from=g2&from=a8&to=b1",
    "/distance?from=g2&src=a8&to=b1",
    "/distance?to=a8",
    "/distance?from=g2&to=a0",
    "/distance?from=g2&to=",
    "/distance?from=g2&to=z9",
    "/path?from=g2&to=a8&format=gif",
    "/tour?closed=yes",
    "/tour?start=a1&closed=1",
    "/tour?width=3&height=3",
    "/moves?square=d3&square=d4",
    "/colour?sqaure=d3",
    "/nowhere",
];

/// Bodies a client gets wrong, POSTed as JSON to their path.
const BAD_BODIES: &[(&str, &str)] = &[
    (
        "/distance",
        "{\"from\": \"g2\", \"to\": \"a8\", \"width\": \"8\"}",
    ),
    ("/distance", "{\"from\": true, \"to\": \"a8\"}"),
    ("/distance", "{\"from\": \"g2\", \"to\": [1]}"),
    ("/distance", "{\"from\": null, \"to\": \"a8\"}"),
    ("/distance", "{\"from\": -3, \"to\": \"a8\"}"),
    ("/distance", "{\"from\": 1.5, \"to\": \"a8\"}"),
    (
        "/distance",
        "{\"from\": \"g2\", \"to\": \"a8\", \"notation\": \"roman\"}",
    ),
    (
        "/distance",
        "{\"from\": \"g2\", \"from\": \"a8\", \"to\": \"b1\"}",
    ),
    ("/distance", "{\"from\": \"g2\", \"too\": \"a8\"}"),
    ("/distance", "{\"from\": \"g2\""),
    ("/distance", "{\"from\": \"g2\"} {}"),
    ("/distance", "[1, 2]"),
    ("/distance", "\"g2\""),
    ("/distance", "{'from': 'g2'}"),
    ("/distance/batch", "{\"pairs\": [[0, 1, 2]]}"),
    ("/distance/batch", "{\"pairs\": [[0, {}]]}"),
    ("/distance/batch", "{\"pairs\": 3}"),
    ("/path", "{\"board\": 7}"),
    ("/path", "{\"board\": [\"..\", 3]}"),
    ("/path", "{\"board\": \"S.x\\n..E\"}"),
    ("/path", "{\"board\": \"S.\\u0001\\n..E\"}"),
    (
        "/path",
        "{\"board\": \"S.\\n.E\", \"barrier_rule\": \"sideways\"}",
    ),
    ("/validate", "{\"path\": [\"a1\"], \"render\": \"yes\"}"),
    ("/validate", "{\"path\": \"a1 b3\"}"),
    (
        "/longest-path",
        "{\"from\": 0, \"to\": 1, \"time_limit_ms\": -5}",
    ),
    (
        "/longest-path",
        "{\"from\": 0, \"to\": 1, \"time_limit_ms\": 99999999}",
    ),
];

/// An answer to one of the bad requests: the request as written (`POST
/// path body` for a body) and its status, content type and body.
type Answer = (String, (u16, String, String));

/// The problem answered to `request`, one of [`BAD_QUERIES`] or
/// [`BAD_BODIES`].
fn problem_of(answers: &[Answer], request: &str) -> Value {
    let (_, (_, _, body)) = answers.iter().find(|(r, _)| r == request).unwrap();
    serde_json::from_str(body).unwrap()
}

#[tokio::test]
async fn errors_speak_plain_words() {
    let s = common::start().await;
    let mut answers = Vec::new();
    for &query in BAD_QUERIES {
        answers.push((query.to_owned(), s.get(query).await));
    }
    for &(path, body) in BAD_BODIES {
        let answer = s.post_raw(path, Some("application/json"), body).await;
        answers.push((format!("POST {path} {body}"), answer));
    }
    for (request, (status, kind, body)) in &answers {
        assert!((400..500).contains(status), "{request}: {status} {body}");
        assert_eq!(kind, "application/problem+json", "{request}");
        let problem: Value = serde_json::from_str(body).unwrap();
        let detail = problem["detail"].as_str().unwrap();
        for words in PARSER_WORDS {
            assert!(
                !detail.contains(words),
                "{request}: the detail says {words:?}: {detail}"
            );
        }
    }
    unknown_parameters_are_named(&answers);
    bad_values_say_what_is_allowed(&answers);
    repeated_parameters_are_named(&answers);
}

/// An unknown parameter names the likely one and lists the endpoint's.
fn unknown_parameters_are_named(answers: &[Answer]) {
    let find = |request: &str| problem_of(answers, request);
    let e = find("/distance?form=g2&to=a8");
    assert_eq!(
        (e["code"].as_str(), e["param"].as_str()),
        (Some("unknown_parameter"), Some("form"))
    );
    let detail = e["detail"].as_str().unwrap();
    assert!(detail.contains("did you mean 'from'?"), "{detail}");
    for name in [
        "'from' (or 'src')",
        "'to' (or 'dest')",
        "'width'",
        "'height'",
        "'notation'",
    ] {
        assert!(detail.contains(name), "{detail} lists {name}");
    }
    let detail = find("/colour?sqaure=d3")["detail"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(detail.contains("did you mean 'square'?"), "{detail}");
    let detail = find("/distance?from=g2&to=a8&colour=1")["detail"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(!detail.contains("did you mean"), "{detail}");
}

/// A bad value says what is allowed.
fn bad_values_say_what_is_allowed(answers: &[Answer]) {
    let find = |request: &str| problem_of(answers, request);
    for (request, param, allowed) in [
        (
            "/distance?from=g2&to=a8&width=abc",
            "width",
            "a whole number from 1 to 1000000000, not 'abc'",
        ),
        (
            "/distance?from=g2&to=a8&notation=roman",
            "notation",
            "\"algebraic\" or \"index\"",
        ),
        (
            "/path?from=g2&to=a8&format=gif",
            "format",
            "\"json\", \"text\", \"svg\" or \"png\"",
        ),
        ("/tour?closed=yes", "closed", "true or false"),
        (
            "POST /distance {\"from\": \"g2\", \"to\": \"a8\", \"width\": \"8\"}",
            "width",
            "a whole number from 1 to 1000000000, not \"8\"",
        ),
        (
            "POST /distance {\"from\": true, \"to\": \"a8\"}",
            "from",
            "a square",
        ),
        (
            "POST /distance/batch {\"pairs\": [[0, {}]]}",
            "pairs[0][1]",
            "a square",
        ),
        (
            "POST /path {\"board\": \"S.\\n.E\", \"barrier_rule\": \"sideways\"}",
            "barrier_rule",
            "\"either\" or \"long_leg\"",
        ),
        (
            "POST /validate {\"path\": [\"a1\"], \"render\": \"yes\"}",
            "render",
            "true or false",
        ),
    ] {
        let e = find(request);
        assert_eq!(e["param"], param, "{request}: {e}");
        let detail = e["detail"].as_str().unwrap();
        assert!(detail.contains(allowed), "{request}: {detail}");
    }
}

/// A repeated parameter, or one given with its alias, is named; a body
/// that is not JSON is said to be so.
fn repeated_parameters_are_named(answers: &[Answer]) {
    let find = |request: &str| problem_of(answers, request);
    for (request, param) in [
        ("/distance?from=g2&from=a8&to=b1", "from"),
        ("/distance?from=g2&src=a8&to=b1", "src"),
        ("/moves?square=d3&square=d4", "square"),
        (
            "POST /distance {\"from\": \"g2\", \"from\": \"a8\", \"to\": \"b1\"}",
            "from",
        ),
    ] {
        let e = find(request);
        assert_eq!(e["param"], param, "{request}: {e}");
        let detail = e["detail"].as_str().unwrap();
        assert!(
            detail.contains("twice") || detail.contains("'from' and 'src' are both given"),
            "{request}: {e}"
        );
    }
    let detail = find("POST /distance {\"from\": \"g2\"")["detail"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(detail.starts_with("the body is not valid JSON"), "{detail}");
}

#[test]
fn the_callers_trace_id_is_in_the_request_log_span() {
    let _running = common::BINARY_RUNS.blocking_read();
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};

    let mut child = Command::new(env!("CARGO_BIN_EXE_knightd"))
        .args([
            "--bind",
            "127.0.0.1:0",
            "--log-format",
            "json",
            "--access-log",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let address = loop {
        let line = lines.next().expect("knightd logs its address").unwrap();
        let log: Value = serde_json::from_str(&line).unwrap();
        if let Some(address) = log["fields"]["address"].as_str() {
            break address.to_owned();
        }
    };
    let trace = "4bf92f3577b34da6a3ce929d0e0e4736";
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let status = runtime.block_on(async {
        reqwest::Client::new()
            .get(format!("http://{address}/distance?from=g2&to=a8"))
            .header("traceparent", format!("00-{trace}-00f067aa0ba902b7-01"))
            .send()
            .await
            .unwrap()
            .status()
    });
    assert_eq!(status, 200);
    let found = (&mut lines)
        .take(50)
        .map_while(Result::ok)
        .find_map(|line| {
            let log: Value = serde_json::from_str(&line).ok()?;
            (log["span"]["name"] == "request").then_some(log)
        });
    child.kill().ok();
    child.wait().ok();
    let log = found.expect("an access log line in the request's span");
    assert_eq!(log["span"]["trace_id"], trace, "{log}");
    assert_eq!(log["span"]["path"], "/distance", "{log}");
}
