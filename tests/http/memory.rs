//! What keeps one replica within its memory, through the real server: a
//! `/shortest-paths` page past `--max-page-squares` refused before it is
//! built (naming the largest `limit` that fits), pages within it exactly
//! the paths an independent enumeration lists; an answer's bytes counted
//! against `--answer-budget` before its work (503 with `Retry-After`, on
//! HTTP/1.1 as on HTTP/2); HTTP/2 streams reset by their client past
//! `--http2-max-resets` closing the connection with GOAWAY
//! `ENHANCE_YOUR_CALM`; hyper's own 400, 414 and 431 answered as problems;
//! what was sent quoted short; HEAD of a PNG with GET's headers and no
//! picture; a job nobody waits for stopped, its worker freed.

use crate::common;

use std::collections::VecDeque;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

// Every request through the socket: budgets and hyper's own answers are
// the connection's.
use common::{
    h2_connect, long_search, start_configured_wired as start_configured, start_wired as start,
    Server,
};
use knight_reference::tours::MOVES;

/// Longer than any limit under test takes to act.
const PATIENCE: Duration = Duration::from_secs(20);

/// Knight moves on a `w`×`h` board from `(f, r)`, by board index order.
fn moves(w: i64, h: i64, (f, r): (i64, i64)) -> Vec<(i64, i64)> {
    let mut next: Vec<(i64, i64)> = MOVES
        .iter()
        .map(|(df, dr)| (f + df, r + dr))
        .filter(|&(f, r)| f >= 0 && r >= 0 && f < w && r < h)
        .collect();
    next.sort_by_key(|&(f, r)| r * w + f);
    next
}

/// Distances from `from` on a `w`×`h` board, by plain BFS.
fn bfs(w: i64, h: i64, from: (i64, i64)) -> Vec<Option<i64>> {
    let mut dist = vec![None; usize::try_from(w * h).unwrap()];
    let at = |(f, r): (i64, i64)| usize::try_from(r * w + f).unwrap();
    dist[at(from)] = Some(0);
    let mut queue = VecDeque::from([from]);
    while let Some(s) = queue.pop_front() {
        let d = dist[at(s)].unwrap();
        for n in moves(w, h, s) {
            if dist[at(n)].is_none() {
                dist[at(n)] = Some(d + 1);
                queue.push_back(n);
            }
        }
    }
    dist
}

/// Every shortest path from `from` to `to`, as board indices, in the
/// order of their index sequences: each step tries the successors on a
/// shortest path smallest index first.
fn all_shortest(w: i64, h: i64, from: (i64, i64), to: (i64, i64)) -> Vec<Vec<i64>> {
    let (there, back) = (bfs(w, h, from), bfs(w, h, to));
    let at = |(f, r): (i64, i64)| usize::try_from(r * w + f).unwrap();
    let total = there[at(to)].unwrap();
    let mut out = Vec::new();
    let mut path = vec![from];
    fn walk(
        path: &mut Vec<(i64, i64)>,
        out: &mut Vec<Vec<i64>>,
        step: &dyn Fn((i64, i64), i64) -> Vec<(i64, i64)>,
        total: i64,
        w: i64,
    ) {
        let k = i64::try_from(path.len()).unwrap() - 1;
        if k == total {
            out.push(path.iter().map(|&(f, r)| r * w + f).collect());
            return;
        }
        for n in step(*path.last().unwrap(), k) {
            path.push(n);
            walk(path, out, step, total, w);
            path.pop();
        }
    }
    let step = |s: (i64, i64), k: i64| -> Vec<(i64, i64)> {
        moves(w, h, s)
            .into_iter()
            .filter(|&n| there[at(n)] == Some(k + 1) && back[at(n)] == Some(total - k - 1))
            .collect()
    };
    walk(&mut path, &mut out, &step, total, w);
    out
}

#[tokio::test]
async fn a_page_past_max_page_squares_is_refused_naming_the_largest_limit() {
    // a1 to h8: 6 moves, 7 squares a path; 60 squares hold 8 paths.
    let server = start_configured(|c| c.max_page_squares = 60).await;
    let reference = all_shortest(8, 8, (0, 0), (7, 7));
    assert!(reference.len() > 20, "{} paths", reference.len());
    let page = |offset: usize, limit: usize| {
        format!("/shortest-paths?from=0&to=63&offset={offset}&limit={limit}")
    };
    let p = Server::problem(server.get(&page(0, 9)).await, 422, "path_too_long");
    assert_eq!(p["param"], "limit");
    let detail = p["detail"].as_str().unwrap();
    assert!(
        detail.contains("limit=8") && detail.contains("60"),
        "{detail}"
    );
    // The largest limit that fits, anywhere: exactly the reference's page.
    for offset in [0, 5, reference.len() - 8] {
        let v = server.get_json(&page(offset, 8)).await;
        let paths: Vec<Vec<i64>> = serde_json::from_value(v["paths"].clone()).unwrap();
        assert_eq!(paths, reference[offset..offset + 8], "offset {offset}");
        assert_eq!(v["count"], reference.len().to_string());
    }
    // A larger limit whose page the count cuts short is answered whole.
    let offset = reference.len() - 5;
    let v = server.get_json(&page(offset, 100)).await;
    let paths: Vec<Vec<i64>> = serde_json::from_value(v["paths"].clone()).unwrap();
    assert_eq!(paths, reference[offset..]);
    // And the bytes are those of a server without the cap.
    let uncapped = start().await;
    let (status, _, capped) = server.get(&page(3, 8)).await;
    let (_, _, plain) = uncapped.get(&page(3, 8)).await;
    assert_eq!((status, capped), (200, plain));
}

async fn h2_get(
    client: &h2::client::SendRequest<bytes::Bytes>,
    server: &Server,
    path: &str,
) -> Result<http::Response<h2::RecvStream>, h2::Error> {
    let request = http::Request::get(server.url(path)).body(()).unwrap();
    let mut ready = client.clone().ready().await?;
    let (answer, _) = ready.send_request(request, true)?;
    tokio::time::timeout(PATIENCE, answer)
        .await
        .expect("the head of the answer comes")
}

#[tokio::test]
async fn an_answer_past_the_answer_budget_is_503_before_its_work() {
    // A page of 100 paths of 7 squares, each at most "h8" and a comma:
    // 3,500 bytes counted; a second one would pass 5,000.
    let server = start_configured(|c| c.answer_budget = 5_000).await;
    let page = "/shortest-paths?from=a1&to=h8&limit=100";
    // Held: its client lets no byte through.
    let (stalled, _) = h2_connect(&server, 0).await;
    let held = h2_get(&stalled, &server, page).await.unwrap();
    assert_eq!(held.status(), 200);
    // Another connection's page, over HTTP/1.1: refused before its work.
    let answer = server.client.get(server.url(page)).send().await.unwrap();
    assert_eq!(answer.status(), 503);
    assert_eq!(answer.headers()["retry-after"], "1");
    let p: Value = answer.json().await.unwrap();
    assert_eq!(p["code"], "overloaded");
    assert!(
        p["detail"].as_str().unwrap().contains("--answer-budget"),
        "{p}"
    );
    // Small answers pass; and once the held page is given up, so does the page.
    let (status, _, _) = server.get("/distance?from=a1&to=h8").await;
    assert_eq!(status, 200);
    drop(held);
    drop(stalled);
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let (status, _, body) = server.get(page).await;
        if status == 200 {
            let v: Value = serde_json::from_str(&body).unwrap();
            assert_eq!(v["count"], "108");
            break;
        }
        assert_eq!(status, 503);
        assert!(tokio::time::Instant::now() < deadline, "still refused");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn streams_reset_past_http2_max_resets_close_the_connection() {
    let server = start_configured(|c| c.http2_max_resets = 5).await;
    // Answers its client never reads (window 0), each reset once its head
    // has come: the server took the stream, so hyper's own limit (streams
    // reset before they are accepted) does not see them.
    let tcp = TcpStream::connect(server.addr).await.unwrap();
    let (client, connection) = h2::client::Builder::new()
        .initial_window_size(0)
        .handshake::<_, bytes::Bytes>(tcp)
        .await
        .unwrap();
    let connection = tokio::spawn(connection);
    let began = std::time::Instant::now();
    let mut closed_after = None;
    for n in 0..40 {
        match h2_get(&client, &server, "/tour?width=40&height=40").await {
            Ok(answer) => drop(answer),
            Err(_) => {
                closed_after = Some(n);
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let n = closed_after.expect("the connection is closed");
    // Closed with GOAWAY ENHANCE_YOUR_CALM, not a bare TCP close.
    let ended = tokio::time::timeout(PATIENCE, connection).await.unwrap();
    let error = ended.unwrap().expect_err("the connection ends in an error");
    assert!(error.is_go_away() && error.is_remote(), "{error:?}");
    assert_eq!(error.reason(), Some(h2::Reason::ENHANCE_YOUR_CALM));
    // Five in a burst, and one earned back each 100 ms meanwhile.
    let earned = began.elapsed().as_millis() / 100;
    let most = 5 + usize::try_from(earned).unwrap() + 1;
    assert!(
        (5..=most).contains(&n),
        "closed after {n} resets ({earned} earned)"
    );
    let metrics = server.get("/metrics").await.2;
    assert!(
        metrics.contains("knightd_http2_reset_closed_connections_total 1"),
        "{metrics}"
    );
    // A client that reads its answers is never closed for it.
    let (reader, _) = h2_connect(&server, 65_535).await;
    for _ in 0..20 {
        let answer = h2_get(&reader, &server, "/distance?from=a1&to=h8").await;
        let mut body = answer.unwrap().into_body();
        while let Some(data) = body.data().await {
            data.unwrap();
        }
    }
}

/// The whole answer to `raw`, sent on a new connection.
async fn raw_answer(server: &Server, raw: &[u8]) -> String {
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream.write_all(raw).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut out))
        .await
        .expect("the server answers and closes")
        .ok();
    String::from_utf8_lossy(&out).into_owned()
}

#[tokio::test]
async fn the_http_layers_own_errors_are_problems() {
    // A head limit past hyper's URI limit (64 KiB), so that a long URI is
    // hyper's 414 rather than the head limit's 431.
    let server = start_configured(|c| c.max_header_bytes = 128 * 1024).await;
    let long_header = format!(
        "GET /healthz HTTP/1.1\r\nHost: k\r\nX-Long: {}\r\n\r\n",
        "a".repeat(600_000)
    );
    let long_uri = format!("GET /{} HTTP/1.1\r\nHost: k\r\n\r\n", "a".repeat(70_000));
    for (raw, status, code) in [
        (long_header.as_bytes(), 431, "headers_too_large"),
        (long_uri.as_bytes(), 414, "uri_too_long"),
        (&b"NOT HTTP AT ALL\r\n\r\n"[..], 400, "malformed_request"),
    ] {
        let answer = raw_answer(&server, raw).await;
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with(&format!("HTTP/1.1 {status} ")), "{head}");
        assert!(
            head.contains("content-type: application/problem+json"),
            "{head}"
        );
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length: "))
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(length, body.len());
        let p: Value = serde_json::from_str(body).unwrap();
        assert_eq!(
            (p["status"].as_u64(), p["code"].as_str()),
            (Some(status), Some(code))
        );
    }
    // The server still answers.
    assert_eq!(server.get("/healthz").await.0, 200);
}

#[tokio::test]
async fn what_was_sent_is_quoted_short_with_its_length() {
    let server = start().await;
    let key = "k".repeat(1 << 20);
    let (status, _, body) = server
        .post("/distance", &json!({"from": "a1", key.clone(): 1}))
        .await;
    assert_eq!(status, 400);
    assert!(body.len() < 1_000, "{} bytes", body.len());
    let p: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(p["code"], "unknown_parameter");
    assert!(
        p["detail"]
            .as_str()
            .unwrap()
            .contains("(1048576 characters)"),
        "{p}"
    );
    // `param` names the key as sent, quoted short by the same rule: its
    // head, then how long it was.
    let param = p["param"].as_str().unwrap();
    assert!(param.chars().count() <= 100, "{p}");
    assert!(param.starts_with("kkkk"), "{p}");
    assert!(param.ends_with("(1048576 characters)"), "{p}");
    // The same of a long query key, and of a clue's key (its parameter is
    // `clues.<key>`: the name as sent, so six characters longer), whether
    // the key names no square or its value is of the wrong kind.
    let cases = [
        (
            server
                .get(&format!("/distance?from=a1&to=b3&{}=1", "q".repeat(5_000)))
                .await,
            "qqqq",
            "(5000 characters)",
        ),
        (
            server
                .post(
                    "/tour/finish",
                    &json!({"width": 6, "height": 6, "clues": {key.clone(): 2}}),
                )
                .await,
            "clues.kkkk",
            "(1048582 characters)",
        ),
        (
            server
                .post(
                    "/tour/finish",
                    &json!({"width": 6, "height": 6, "clues": {key.clone(): "x"}}),
                )
                .await,
            "clues.kkkk",
            "(1048582 characters)",
        ),
    ];
    for ((status, _, body), head, length) in cases {
        assert_eq!(status, 400, "{body}");
        assert!(body.len() < 1_000, "{} bytes: {body}", body.len());
        let p: Value = serde_json::from_str(&body).unwrap();
        let param = p["param"].as_str().unwrap();
        assert!(param.chars().count() <= 100, "{p}");
        assert!(param.starts_with(head) && param.ends_with(length), "{p}");
    }
    let (status, _, body) = server
        .post(
            "/distance",
            &json!({"from": "a1", "to": "b3", "width": "x".repeat(1 << 20)}),
        )
        .await;
    assert_eq!(status, 400);
    assert!(body.len() < 1_000, "{} bytes", body.len());
    assert!(body.contains("characters)"), "{body}");
    // `size` without format=png is refused quoting it, short.
    let (status, _, body) = server
        .get(&format!("/path?from=a1&to=b3&size={}", "9".repeat(5_000)))
        .await;
    assert_eq!(status, 400);
    assert!(
        body.len() < 1_000 && body.contains("(5000 characters)"),
        "{body}"
    );
    // Within --max-header-bytes (32 KiB): a longer head is 431.
    let files = "a".repeat(20_000);
    let (status, _, body) = server
        .get(&format!("/distance-map?from=a1&files={files}"))
        .await;
    assert_eq!(status, 400);
    assert!(
        body.len() < 1_000 && body.contains("(20000 characters)"),
        "{body}"
    );
}

#[tokio::test]
async fn head_of_a_png_has_gets_headers_and_no_picture() {
    let server = start().await;
    let path = "/path?from=a1&to=h8&format=png&size=64";
    let get = server.client.get(server.url(path)).send().await.unwrap();
    let head = server.client.head(server.url(path)).send().await.unwrap();
    assert_eq!((get.status().as_u16(), head.status().as_u16()), (200, 200));
    for name in ["content-type", "etag", "cache-control"] {
        assert_eq!(get.headers()[name], head.headers()[name], "{name}");
    }
    assert_eq!(head.headers()["content-type"], "image/png");
    assert!(head.bytes().await.unwrap().is_empty());
    assert!(get.bytes().await.unwrap().starts_with(b"\x89PNG"));
}

/// The value of an unlabelled line of `/metrics`.
async fn metric(server: &Server, name: &str) -> u64 {
    let text = server.get("/metrics").await.2;
    text.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("{name} in {text}"))
}

/// Waits until `/metrics` shows `jobs` heavy jobs running or waiting; the
/// time it took.
async fn until_jobs(server: &Server, jobs: u64) -> Duration {
    let began = std::time::Instant::now();
    while metric(server, "knightd_heavy_jobs").await != jobs {
        assert!(began.elapsed() < PATIENCE, "never {jobs} heavy jobs");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    began.elapsed()
}

/// How a client leaves its long search.
#[derive(Clone, Copy, Debug)]
enum Leave {
    Http1Close,
    Http2Reset,
    Http2Close,
}

#[tokio::test]
async fn a_job_nobody_waits_for_stops_and_frees_its_worker() {
    // One worker: while the search runs, no other heavy job can.
    let server = start_configured(|c| c.heavy_workers = 1).await;
    let body = serde_json::to_vec(&long_search()).unwrap();
    for (n, leave) in [Leave::Http1Close, Leave::Http2Reset, Leave::Http2Close]
        .into_iter()
        .enumerate()
    {
        match leave {
            Leave::Http1Close => {
                let mut tcp = TcpStream::connect(server.addr).await.unwrap();
                let head = format!(
                    "POST /longest-path HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
                    body.len()
                );
                tcp.write_all(head.as_bytes()).await.unwrap();
                tcp.write_all(&body).await.unwrap();
                until_jobs(&server, 1).await;
                drop(tcp);
            }
            Leave::Http2Reset | Leave::Http2Close => {
                let tcp = TcpStream::connect(server.addr).await.unwrap();
                let (client, connection) = h2::client::handshake(tcp).await.unwrap();
                let connection = tokio::spawn(connection);
                let request = http::Request::post(server.url("/longest-path"))
                    .header("content-type", "application/json")
                    .body(())
                    .unwrap();
                let mut ready = client.ready().await.unwrap();
                let (answer, mut sent) = ready.send_request(request, false).unwrap();
                sent.send_data(body.clone().into(), true).unwrap();
                until_jobs(&server, 1).await;
                match leave {
                    // Dropping the stream's halves resets it (CANCEL).
                    Leave::Http2Reset => drop((answer, sent, ready)),
                    _ => connection.abort(),
                }
            }
        }
        // The worker is freed long before the 10 s limit ...
        let freed = until_jobs(&server, 0).await;
        assert!(
            freed < Duration::from_secs(5),
            "{leave:?}: freed after {freed:?}"
        );
        // ... and the next client's heavy job gets it.
        let mut quick = long_search();
        quick["time_limit_ms"] = json!(100);
        let (status, _, answer) = server.post("/longest-path", &quick).await;
        assert_eq!(status, 200, "{leave:?}: {answer}");
        assert_eq!(
            metric(&server, "knightd_heavy_jobs_called_off_total").await,
            n as u64 + 1,
            "{leave:?}"
        );
    }
}
