//! The connection and client limits through the real server: header,
//! write and body timeouts (408), the body limit (413, at once for a
//! declared length), the body budget, max connections (the longest idle
//! closed for a new client, a share per address), request heads (431, and
//! the budget of unfinished ones), the admin port, the batch and path
//! limits, the heavy-work queue (503) and its fair turns, the rate limit
//! (429), and HTTP/2 with prior knowledge: a stream whose client keeps its
//! window shut is reset within the write timeout, its connection closed,
//! and answers past the answer budget are 503. The shutdown deadline is in
//! `tests/http/binary.rs`; each endpoint's board-size limits are with its tests.

use crate::common;

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

// Every request through the socket: the limits are the connection's.
use common::{
    h2_connect, start_configured_wired as start_configured, start_wired as start, Server,
};

/// Longer than any limit under test takes to act; a test that waits this
/// long has failed.
const PATIENCE: Duration = Duration::from_secs(20);

/// The first bytes the server sends on `stream`, or "" when it closes.
async fn answer_head(stream: &mut TcpStream) -> String {
    let mut buf = [0u8; 512];
    let n = tokio::time::timeout(PATIENCE, stream.read(&mut buf))
        .await
        .expect("the server answers or closes")
        .unwrap_or(0);
    String::from_utf8_lossy(&buf[..n]).into_owned()
}

/// A new connection to `server` on which `bytes` have been sent.
async fn connect_sending(server: &Server, bytes: &[u8]) -> TcpStream {
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream.write_all(bytes).await.unwrap();
    stream
}

fn post_head(path: &str, length: u64) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: knightd\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    )
}

#[tokio::test]
async fn a_body_that_stops_arriving_is_408() {
    let server = start_configured(|c| c.body_timeout_ms = 300).await;
    let body = r#"{"width": 8, "height": 8, "path": ["a1", "#;
    let request = format!("{}{body}", post_head("/validate", 100));
    let head = answer_head(&mut connect_sending(&server, request.as_bytes()).await).await;
    assert!(head.starts_with("HTTP/1.1 408"), "{head}");
    assert!(head.contains("body_timeout"), "{head}");
}

/// The body limit, 4 MiB unless configured: a body over it is 413, and a
/// declared length over it is 413 at once, before any body arrives.
#[tokio::test]
async fn bodies_over_the_limit_are_413() {
    // The body timeout is far off: the answer cannot be waiting for it.
    let server = start_configured(|c| c.body_timeout_ms = 60_000).await;
    let request = format!("{}{{", post_head("/validate", 99_999_999_999));
    let head = answer_head(&mut connect_sending(&server, request.as_bytes()).await).await;
    assert!(head.starts_with("HTTP/1.1 413"), "{head}");
    assert!(head.contains("payload_too_large"), "{head}");
    // The default limit is 4 MiB.
    let big = format!(
        "{{\"src\": 19, \"dest\": 36, \"pad\": \"{}\"}}",
        "x".repeat(4 * 1024 * 1024)
    );
    Server::problem(
        server
            .post_raw("/distance", Some("application/json"), big)
            .await,
        413,
        "payload_too_large",
    );
    // A limit of 1024 bytes, named in the answer.
    let server = start_configured(|c| c.body_limit = 1024).await;
    let big = format!("{{\"pairs\": [{}[0, 1]]}}", "[0, 1], ".repeat(200));
    let p = Server::problem(
        server
            .post_raw("/distance/batch", Some("application/json"), big)
            .await,
        413,
        "payload_too_large",
    );
    assert!(p["detail"].as_str().unwrap().contains("1024"));
}

/// The most pairs of a batch and the most squares of a listed path.
#[tokio::test]
async fn batch_and_path_limits_are_configurable() {
    let s = start_configured(|c| (c.max_batch, c.max_path_squares) = (3, 4)).await;
    let four = json!({"pairs": [[0, 1], [0, 1], [0, 1], [0, 1]]});
    let answer = s.post("/distance/batch", &four).await;
    Server::problem_naming(answer, 400, "too_many_items", "pairs");
    // g2 to a8 is 4 moves, 5 squares: one more than allowed.
    let p = Server::problem(s.get("/path?from=g2&to=a8").await, 422, "path_too_long");
    assert!(p["detail"].as_str().unwrap().contains("/distance"));
    assert_eq!(s.get_json("/path?from=g2&to=e3").await["moves"], 1);
}

#[tokio::test]
async fn bodies_past_the_budget_are_503_with_retry_after() {
    let server = start_configured(|c| c.body_budget = 1_000).await;
    let path: Vec<&str> = std::iter::repeat_n("a1", 300).collect();
    let big = json!({"width": 8, "height": 8, "path": path});
    let r = server
        .client
        .post(server.url("/validate"))
        .json(&big)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 503);
    assert!(r.headers().contains_key("retry-after"));
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["code"], "overloaded");
    // A body within the budget is answered, and the budget is given back.
    for _ in 0..3 {
        let v = server
            .post_json(
                "/validate",
                &json!({"width": 8, "height": 8, "path": ["a1", "b3"]}),
            )
            .await;
        assert_eq!(v["valid"], true, "{v}");
    }
}

#[tokio::test]
async fn a_client_that_reads_nothing_is_disconnected_after_the_write_timeout() {
    let server = start_configured(|c| c.write_timeout_ms = 500).await;
    // A small receive window, so that the answer (megabytes) stalls at once.
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stream = socket.connect(server.addr).await.unwrap();
    stream
        .write_all(b"GET /tour?width=1000&height=1000 HTTP/1.1\r\nHost: knightd\r\n\r\n")
        .await
        .unwrap();
    // Wait until the answer has begun, then read nothing for a while.
    let mut first = [0u8; 12];
    tokio::time::timeout(PATIENCE, stream.read_exact(&mut first))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(&first, b"HTTP/1.1 200");
    tokio::time::sleep(Duration::from_millis(2_000)).await;
    // Now drain: the answer must end short of its whole length, cut off.
    let mut received = 0usize;
    let mut buf = vec![0u8; 1 << 16];
    let ended = tokio::time::timeout(PATIENCE, async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => received += n,
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the connection was never closed");
    assert!(
        received < 4_000_000,
        "{received} bytes: the answer was not cut off"
    );
}

/// A client that never finishes its request headers is disconnected after
/// `--header-timeout-ms`.
#[tokio::test]
async fn slow_clients_are_cut_off() {
    let s = start_configured(|c| c.header_timeout_ms = 200).await;
    let mut stream = connect_sending(&s, b"GET /healthz HTTP/1.1\r\nHost: x\r\n").await;
    let started = std::time::Instant::now();
    let mut buffer = Vec::new();
    let read = tokio::time::timeout(
        std::time::Duration::from_secs(5),
        stream.read_to_end(&mut buffer),
    )
    .await;
    assert!(read.is_ok(), "the connection was still open after 5 s");
    assert!(started.elapsed() >= std::time::Duration::from_millis(150));
    // A complete request on a new connection is answered as usual.
    assert_eq!(s.get_json("/healthz").await, json!({"status": "ok"}));
}

/// A connection from `ip` to `server` on which `bytes` have been sent.
async fn connect_from(server: &Server, ip: &str, bytes: &[u8]) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(ip.parse().unwrap(), 0))
        .unwrap();
    let mut stream = socket.connect(server.addr).await.unwrap();
    stream.write_all(bytes).await.unwrap();
    stream
}

/// Whether the server has closed `stream` (its read ends, or fails),
/// within `within`.
async fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    let mut sink = Vec::new();
    tokio::time::timeout(within, stream.read_to_end(&mut sink))
        .await
        .is_ok()
}

/// At `--max-connections`, a new client is served at once: the connection
/// idle the longest is closed to make room (here, two holding unfinished
/// heads, the first of them); with every connection busy (a request in
/// flight: a body still to come) a new one is answered 503 with
/// `Retry-After` and closed at once, not left in the backlog.
#[tokio::test]
async fn at_the_connection_limit_the_longest_idle_is_closed_for_a_new_client() {
    let server = start_configured(|c| c.max_connections = 2).await;
    let mut oldest = connect_sending(&server, b"GET /healthz HTTP/1.1\r\n").await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut newer = connect_sending(&server, b"GET /healthz HTTP/1.1\r\n").await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let started = Instant::now();
    let (status, _, _) = server.get("/healthz").await;
    assert_eq!(status, 200);
    assert!(started.elapsed() < Duration::from_secs(2));
    assert!(
        closed_within(&mut oldest, PATIENCE).await,
        "the oldest idle one is closed"
    );
    assert!(!closed_within(&mut newer, Duration::from_millis(300)).await);
    drop(newer);
    // Two requests in flight, waiting for their bodies: none idle.
    let head = post_head("/distance", 100);
    let _busy = [
        connect_sending(&server, head.as_bytes()).await,
        connect_sending(&server, head.as_bytes()).await,
    ];
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut refused = connect_sending(&server, b"GET /healthz HTTP/1.1\r\nHost: k\r\n\r\n").await;
    let answer = tokio::time::timeout(Duration::from_secs(2), async {
        let mut out = Vec::new();
        let _ = refused.read_to_end(&mut out).await;
        String::from_utf8_lossy(&out).into_owned()
    })
    .await
    .expect("refused at once, not queued");
    assert!(answer.starts_with("HTTP/1.1 503 "), "{answer}");
    assert!(answer.contains("retry-after: 1"), "{answer}");
    assert!(answer.contains("--max-connections"), "{answer}");
}

/// A client address holds at most `--max-connections-per-client`; its
/// next connection is answered 503 naming the flag and closed, while
/// another address is served.
#[tokio::test]
async fn one_address_holds_at_most_its_share_of_connections() {
    let server = start_configured(|c| c.max_connections_per_client = 2).await;
    let _held = [
        connect_from(&server, "127.0.0.5", b"GET /healthz HTTP/1.1\r\n").await,
        connect_from(&server, "127.0.0.5", b"GET /healthz HTTP/1.1\r\n").await,
    ];
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut third = connect_from(&server, "127.0.0.5", b"").await;
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(2), third.read_to_end(&mut out))
        .await
        .expect("closed at once")
        .ok();
    let answer = String::from_utf8_lossy(&out);
    assert!(answer.starts_with("HTTP/1.1 503 "), "{answer}");
    assert!(answer.contains("--max-connections-per-client"), "{answer}");
    let other = client_at("127.0.0.6");
    let status = other
        .get(server.url("/healthz"))
        .send()
        .await
        .unwrap()
        .status();
    assert_eq!(status, 200);
}

/// Unfinished heads past `--header-budget` are let go, those begun the
/// longest ago first; a new client's small head is served.
#[tokio::test]
async fn slow_heads_past_the_header_budget_are_closed_oldest_first() {
    let server = start_configured(|c| {
        c.header_budget = 100_000;
        c.max_header_bytes = 60_000;
    })
    .await;
    let part = format!("GET /healthz HTTP/1.1\r\nX-Slow: {}", "a".repeat(30_000));
    let mut slow = Vec::new();
    for _ in 0..3 {
        slow.push(connect_sending(&server, part.as_bytes()).await);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // 90,000 bytes held; the fourth takes them past 100,000.
    slow.push(connect_sending(&server, part.as_bytes()).await);
    assert!(
        closed_within(&mut slow[0], PATIENCE).await,
        "the first is let go"
    );
    assert!(!closed_within(&mut slow[3], Duration::from_millis(300)).await);
    assert_eq!(server.get("/healthz").await.0, 200);
}

/// A request head past `--max-header-bytes` or with more than
/// `--max-headers` fields is 431 problem+json naming the limits, on
/// HTTP/1.1 and on HTTP/2.
#[tokio::test]
async fn request_heads_past_the_limits_are_431_on_either_protocol() {
    let server = start_configured(|c| (c.max_header_bytes, c.max_headers) = (8_192, 20)).await;
    let long = format!(
        "GET /healthz HTTP/1.1\r\nHost: k\r\nX-Long: {}\r\n\r\n",
        "a".repeat(9_000)
    );
    let many = format!(
        "GET /healthz HTTP/1.1\r\nHost: k\r\n{}\r\n",
        (0..21).map(|i| format!("X-{i}: 1\r\n")).collect::<String>()
    );
    let within = format!(
        "GET /healthz HTTP/1.1\r\nHost: k\r\nX-Long: {}\r\n\r\n",
        "a".repeat(7_000)
    );
    for (raw, status) in [(&long, 431), (&many, 431), (&within, 200)] {
        let mut stream = connect_sending(&server, raw.as_bytes()).await;
        let head = answer_head(&mut stream).await;
        assert!(head.starts_with(&format!("HTTP/1.1 {status} ")), "{head}");
        if status == 431 {
            assert!(head.contains("application/problem+json"), "{head}");
            assert!(head.contains("--max-header-bytes"), "{head}");
        }
    }
    let (mut h2, _connection) = h2_connect(&server, 65_535).await;
    for (value, fields, status) in [(9_000, 1, 431), (10, 21, 431), (7_000, 1, 200)] {
        let mut request = http::Request::get(server.url("/healthz"));
        for i in 0..fields {
            request = request.header(format!("x-{i}"), "a".repeat(value));
        }
        h2 = h2.ready().await.unwrap();
        let (answer, _) = h2.send_request(request.body(()).unwrap(), true).unwrap();
        let answer = tokio::time::timeout(PATIENCE, answer)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(answer.status().as_u16(), status, "{value} × {fields}");
        if status == 431 {
            assert_eq!(answer.headers()["content-type"], "application/problem+json");
            let mut body = answer.into_body();
            let mut bytes = Vec::new();
            while let Some(data) = body.data().await {
                bytes.extend_from_slice(&data.unwrap());
            }
            let p: Value = serde_json::from_slice(&bytes).unwrap();
            assert_eq!(p["code"], "headers_too_large");
            assert!(p["detail"].as_str().unwrap().contains("8192 bytes"), "{p}");
        }
    }
}

/// Every answer says `nosniff`; an SVG answer runs no script.
#[tokio::test]
async fn answers_are_never_sniffed_and_svg_runs_no_script() {
    let server = start().await;
    for path in [
        "/healthz",
        "/distance?from=a1&to=zz9",
        "/path?from=a1&to=h8&format=svg",
    ] {
        let r = server.get_with(path, &[]).await;
        assert_eq!(r.headers()["x-content-type-options"], "nosniff", "{path}");
        let svg = r.headers()["content-type"] == "image/svg+xml";
        assert_eq!(svg, path.ends_with("svg"), "{path}");
        if svg {
            assert_eq!(
                r.headers()["content-security-policy"],
                "default-src 'none'; style-src 'unsafe-inline'"
            );
        } else {
            assert!(
                !r.headers().contains_key("content-security-policy"),
                "{path}"
            );
        }
    }
}

/// The admin listener answers the probes alone, whatever the main port
/// holds: here with every main connection taken by unfinished heads.
#[tokio::test]
async fn the_admin_port_answers_probes_alone() {
    let config = knightd::Config {
        max_connections: 1,
        ..knightd::Config::default()
    };
    let server = start_configured(|c| c.max_connections = 1).await;
    let _held = connect_sending(
        &server,
        b"POST /distance HTTP/1.1\r\nContent-Length: 9\r\n\r\n",
    )
    .await;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let admin = listener.local_addr().unwrap();
    knightd::server::serve_admin(listener, knightd::app(&config), &config).unwrap();
    let client = reqwest::Client::new();
    for (path, status) in [
        ("/healthz", 200),
        ("/readyz", 200),
        ("/metrics", 200),
        ("/distance?from=a1&to=b3", 404),
    ] {
        let r = client
            .get(format!("http://{admin}{path}"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), status, "{path}");
    }
}

fn client_at(ip: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(ip.parse::<IpAddr>().unwrap())
        .build()
        .unwrap()
}

#[tokio::test]
async fn heavy_work_is_shared_in_turn_and_one_client_is_capped() {
    let server = start_configured(|c| (c.heavy_workers, c.heavy_queue_per_client) = (1, 3)).await;
    let (hog, other) = (client_at("127.0.0.2"), client_at("127.0.0.3"));
    let done = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let ask = |client: &reqwest::Client, who: &'static str, url: String, body: Option<Value>| {
        let (client, done) = (client.clone(), done.clone());
        tokio::spawn(async move {
            let request = match body {
                Some(body) => client.post(url).json(&body),
                None => client.get(url),
            };
            let status = request.send().await.unwrap().status().as_u16();
            done.lock().unwrap().push((who, status));
            status
        })
    };
    let metrics = || async {
        let text = server.get("/metrics").await.2;
        text.lines()
            .find_map(|l| l.strip_prefix("knightd_heavy_queue_depth "))
            .map(|n| n.trim().parse::<usize>().unwrap())
            .unwrap()
    };
    // Searches the solver cannot settle, so each holds the worker for its
    // whole second however fast the build: the queue fills before the
    // first ends (a search that settled early once left the queue short
    // of three, and this waited for it forever).
    let mut hog_search = common::long_search();
    hog_search["time_limit_ms"] = json!(1000);
    let mut hogs = Vec::new();
    let started = Instant::now();
    for queued in 0..4 {
        let url = server.url("/longest-path");
        hogs.push(ask(&hog, "hog", url, Some(hog_search.clone())));
        // One runs; the others wait, in order.
        while metrics().await < queued {
            assert!(
                started.elapsed() < PATIENCE,
                "the queue never held {queued}"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    // The hog's fifth is past its share of the queue: refused at once.
    let refused = hog
        .post(server.url("/longest-path"))
        .json(&hog_search)
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 503);
    assert!(refused.headers().contains_key("retry-after"));
    let url = server.url("/tour?width=30&height=30");
    let tour = ask(&other, "other", url, None);
    assert_eq!(tour.await.unwrap(), 200);
    for h in hogs {
        assert_eq!(h.await.unwrap(), 200);
    }
    // The other client's tour took the turn after the hog's second search
    // (it is answered before the hog's third), not the place after all of
    // the hog's queue.
    let done = done.lock().unwrap().clone();
    let place = done.iter().position(|(who, _)| *who == "other").unwrap();
    assert!(place <= 2, "{done:?}");
}

/// The heavy-work queue itself: one runs, one waits, the next is refused
/// with the configured `Retry-After`.
#[tokio::test]
async fn heavy_work_past_the_queue_is_503_with_retry_after() {
    use knightd::heavy::Heavy;
    let pool = Heavy::new(1, 1, 7);
    // Work of one client, as a request's handler sees the pool.
    let heavy = pool.for_client("192.0.2.1".parse().unwrap());
    let (release, wait) = std::sync::mpsc::channel::<()>();
    let wait = std::sync::Arc::new(std::sync::Mutex::new(wait));
    let running = {
        let (heavy, wait) = (heavy.clone(), wait.clone());
        tokio::spawn(async move { heavy.run(move || wait.lock().unwrap().recv().ok()).await })
    };
    while pool.admitted() < 1 {
        tokio::task::yield_now().await;
    }
    let queued = {
        let heavy = heavy.clone();
        tokio::spawn(async move { heavy.run(|| 2).await })
    };
    while pool.admitted() < 2 {
        tokio::task::yield_now().await;
    }
    assert_eq!(pool.queued(), 1);
    let refused = heavy.run(|| 3).await.unwrap_err();
    use axum::response::IntoResponse;
    let response = refused.into_response();
    assert_eq!(response.status(), 503);
    assert_eq!(response.headers()["retry-after"], "7");
    assert_eq!(
        response.headers()["content-type"],
        "application/problem+json"
    );
    release.send(()).unwrap();
    assert!(running.await.unwrap().is_ok());
    assert_eq!(queued.await.unwrap().unwrap(), 2);
    assert_eq!(pool.admitted(), 0);
}

/// With one heavy worker and no queue, heavy work asked for while a search
/// runs is refused at once, a 503 problem with `Retry-After` counted in the
/// metrics; small tours and the cheap endpoints are answered all the while.
#[tokio::test]
async fn heavy_work_past_the_queue_is_503_and_light_work_is_answered() {
    let server = start_configured(|c| (c.heavy_workers, c.heavy_queue) = (1, 0)).await;
    let client = server.client.clone();
    let url = server.url("/longest-path");
    // A search the solver cannot settle, stopped by its limit: the worker
    // is busy for the whole second however fast the build.
    let mut long = common::long_search();
    long["time_limit_ms"] = json!(1000);
    let busy = tokio::spawn(async move { client.post(url).json(&long).send().await });
    tokio::time::sleep(Duration::from_millis(200)).await;
    let started = Instant::now();
    let refused = loop {
        let r = server.get_with("/tour?width=10&height=10", &[]).await;
        if r.status() == 503 {
            break r;
        }
        assert!(started.elapsed() < PATIENCE, "the search never started");
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert_eq!(refused.headers()["retry-after"], "1");
    Server::problem(common::parts(refused).await, 503, "overloaded");
    let tour = server.get_json("/tour?width=8&height=8").await;
    assert_eq!(tour["path"].as_array().unwrap().len(), 64);
    // Cheap endpoints never queue.
    assert_eq!(server.get_json("/distance?from=a1&to=h8").await["moves"], 6);
    assert_eq!(busy.await.unwrap().unwrap().status(), 200);
    let (_, _, body) = server.get("/metrics").await;
    assert!(
        body.contains(r#"knightd_requests_total{route="/tour",method="GET",status="503"} 1"#),
        "{body}"
    );
}

#[tokio::test]
async fn a_client_over_its_rate_is_429_with_ratelimit_headers() {
    let server = start_configured(|c| c.rate_limit = Some("2/min".parse().unwrap())).await;
    for remaining in ["1", "0"] {
        let r = server.get_with("/colour?square=a1", &[]).await;
        assert_eq!(r.status(), 200);
        assert_eq!(r.headers()["ratelimit-policy"], "\"default\";q=2;w=60");
        let state = r.headers()["ratelimit"].to_str().unwrap();
        assert!(
            state.starts_with(&format!("\"default\";r={remaining};t=")),
            "{state}"
        );
    }
    let r = server.get_with("/colour?square=a1", &[]).await;
    assert_eq!(r.status(), 429);
    let wait: u64 = r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=30).contains(&wait), "{wait}");
    assert!(r.headers().contains_key("ratelimit"));
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["code"], "rate_limited");
    // Another client has its own allowance; health checks have none.
    let r = client_at("127.0.0.4")
        .get(server.url("/colour?square=a1"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(server.get("/healthz").await.0, 200);
}

#[tokio::test]
async fn http2_with_prior_knowledge_on_the_same_port() {
    let server = start().await;
    let h2 = reqwest::Client::builder()
        .http2_prior_knowledge()
        .build()
        .unwrap();
    let r = h2
        .get(server.url("/path?from=g2&to=a8"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.version(), reqwest::Version::HTTP_2);
    assert_eq!(r.status(), 200);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["path"], json!(["g2", "e3", "d5", "c7", "a8"]));
    let r = h2
        .post(server.url("/longest-path"))
        .json(&json!({"width": 3, "height": 4, "from": "a1", "to": "c4"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    // And HTTP/1.1 still, on the same address.
    let (status, _, _) = server.get("/healthz").await;
    assert_eq!(status, 200);
    let _: SocketAddr = server.addr;
}

/// The protocol is told from a connection's first bytes however they come:
/// a POST whose first byte comes alone (it might have been HTTP/2's
/// "PRI") is HTTP/1.1, answered as when sent whole; HTTP/2's preface sent
/// in two pieces is HTTP/2 (the server's first frame is its SETTINGS).
#[tokio::test]
async fn the_protocol_is_told_however_the_first_bytes_come() {
    let server = start().await;
    let body = r#"{"src":19,"dest":36}"#;
    let request = format!("{}{body}", post_head("/distance", body.len() as u64));
    let answer_body = |answer: &str| answer.split("\r\n\r\n").nth(1).unwrap_or("").to_owned();
    let mut whole = connect_sending(&server, request.as_bytes()).await;
    let whole = answer_head(&mut whole).await;
    assert!(whole.starts_with("HTTP/1.1 200"), "{whole}");
    let mut split = connect_sending(&server, &request.as_bytes()[..1]).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    split.write_all(&request.as_bytes()[1..]).await.unwrap();
    let split = answer_head(&mut split).await;
    assert!(split.starts_with("HTTP/1.1 200"), "{split}");
    assert_eq!(answer_body(&split), answer_body(&whole));
    assert!(answer_body(&whole).contains("\"moves\""), "{whole}");

    let preface = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
    // An empty SETTINGS frame: length 0, type 4, no flags, stream 0.
    let settings = [0u8, 0, 0, 4, 0, 0, 0, 0, 0];
    let mut h2 = connect_sending(&server, &preface[..5]).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    h2.write_all(&preface[5..]).await.unwrap();
    h2.write_all(&settings).await.unwrap();
    let mut head = [0u8; 9];
    tokio::time::timeout(PATIENCE, h2.read_exact(&mut head))
        .await
        .expect("the server answers")
        .unwrap();
    assert_eq!(head[3], 4, "a SETTINGS frame first, not {head:?}");
}

/// GET `path` on an HTTP/2 connection: the answer's head, and its body
/// (not read).
async fn h2_get(
    client: &h2::client::SendRequest<bytes::Bytes>,
    server: &Server,
    path: &str,
) -> http::Response<h2::RecvStream> {
    let request = http::Request::get(server.url(path)).body(()).unwrap();
    let mut ready = client.clone().ready().await.unwrap();
    let (answer, _) = ready.send_request(request, true).unwrap();
    tokio::time::timeout(PATIENCE, answer)
        .await
        .expect("the head of the answer comes")
        .unwrap()
}

/// The rest of `body`, giving back every byte read to the window.
async fn h2_read(body: &mut h2::RecvStream) -> Result<Vec<u8>, h2::Error> {
    let mut all = Vec::new();
    while let Some(data) = body.data().await {
        let data = data?;
        body.flow_control().release_capacity(data.len()).unwrap();
        all.extend_from_slice(&data);
    }
    Ok(all)
}

/// The squares of a tour answer in index notation on a board `w` wide.
fn tour_squares(body: &[u8], w: u64) -> Vec<(u64, u64)> {
    common::path_squares(&serde_json::from_slice(body).unwrap(), w)
}

#[tokio::test]
async fn http2_answers_arrive_whole_when_the_client_reads() {
    let server = start().await;
    // A window smaller than the answers, opened as the client reads: the
    // answer comes in many windows, its last byte held back to the end.
    let (client, _) = h2_connect(&server, 1000).await;
    for (w, h) in [(8, 8), (40, 40), (120, 90)] {
        let path = format!("/tour?width={w}&height={h}&start=a1&notation=index");
        let answer = h2_get(&client, &server, &path).await;
        assert_eq!(answer.status(), 200, "{path}");
        let body = h2_read(&mut answer.into_body()).await.unwrap();
        knight_reference::tours::assert_tour(w, h, (0, 0), false, &tour_squares(&body, w));
        // The same bytes as over HTTP/1.1.
        let (_, _, plain) = server.get(&path).await;
        assert!(body == plain.as_bytes(), "{path}");
    }
}

#[tokio::test]
async fn a_stalled_http2_stream_is_reset_within_the_write_timeout() {
    let timeout = Duration::from_millis(600);
    let server = start_configured(|c| c.write_timeout_ms = 600).await;
    let (client, connection) = h2_connect(&server, 0).await;
    // A tour of 120x90 squares (about 60 KB, streamed) and one of 40x40
    // (about 6 KB, written whole): neither gets a byte through a shut
    // window.
    let mut stalled = Vec::new();
    for path in ["/tour?width=120&height=90", "/tour?width=40&height=40"] {
        let answer = h2_get(&client, &server, path).await;
        assert_eq!(answer.status(), 200);
        stalled.push((Instant::now(), answer.into_body()));
    }
    for (began, mut body) in stalled {
        let read = tokio::time::timeout(PATIENCE, body.data())
            .await
            .expect("the stalled stream ends");
        // Reset, or gone with its connection (closed when its last stream
        // stalls, perhaps before the reset is written).
        let error = match read {
            Some(Err(e)) => e,
            other => panic!("a stalled stream ended with {other:?}, not a reset"),
        };
        assert!(
            error.reason() == Some(h2::Reason::CANCEL) || error.is_io(),
            "{error}"
        );
        let took = began.elapsed();
        assert!(
            took >= timeout - Duration::from_millis(100)
                && took <= timeout + Duration::from_secs(2),
            "reset after {took:?}, the write timeout is {timeout:?}"
        );
    }
    // No answer of the connection moved: it is closed too.
    let closed = tokio::time::timeout(PATIENCE, connection).await;
    assert!(closed.is_ok(), "the connection is closed");
    // The server still answers, and counts them (over the process: other
    // tests' servers may add to it).
    let (status, _, metrics) = server.get("/metrics").await;
    assert_eq!(status, 200);
    let count = |name: &str| -> u64 {
        metrics
            .lines()
            .find_map(|l| l.strip_prefix(name)?.trim().parse().ok())
            .unwrap_or_else(|| panic!("{name} in /metrics"))
    };
    assert!(count("knightd_http2_stalled_streams_total ") >= 1);
    assert!(count("knightd_http2_stalled_connections_total ") >= 1);
}

#[tokio::test]
async fn http2_answers_past_the_answer_budget_are_503_with_retry_after() {
    for (per_connection, all, flag) in [
        (1, 64 << 20, "--answer-budget-per-connection"),
        (4 << 20, 1, "--answer-budget"),
    ] {
        let server = start_configured(|c| {
            c.answer_budget_per_connection = per_connection;
            c.answer_budget = all;
        })
        .await;
        // A window of 1,000 bytes holds the first chunk of this answer (and
        // lets a problem through).
        let (stalled, _) = h2_connect(&server, 1000).await;
        let big = "/tour?width=120&height=90";
        let first = h2_get(&stalled, &server, big).await;
        assert_eq!(first.status(), 200);
        // The connection that holds it (per connection), or another (in
        // all), asks for another big answer: refused.
        let (other, _) = h2_connect(&server, 65_535).await;
        let asking = if per_connection == 1 {
            &stalled
        } else {
            &other
        };
        let refused = h2_get(asking, &server, big).await;
        assert_eq!(refused.status(), 503, "{flag}");
        let headers = refused.headers().clone();
        assert_eq!(headers["retry-after"], "1");
        assert_eq!(headers["content-type"], "application/problem+json");
        let body = h2_read(&mut refused.into_body()).await.unwrap();
        let problem: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(problem["code"], "overloaded");
        assert_eq!(problem["status"], 503);
        let detail = problem["detail"].as_str().unwrap();
        assert!(detail.contains(flag), "{detail}");
        // Small answers are never refused for it.
        let small = h2_get(asking, &server, "/distance?from=a1&to=h8").await;
        assert_eq!(small.status(), 200);
        let body = h2_read(&mut small.into_body()).await.unwrap();
        let v: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(v["moves"], 6);
        drop(first);
    }
}
