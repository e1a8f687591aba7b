//! Operational behaviour: request ids, caching headers, CORS, compression,
//! metrics, and the heavy-work limits.

mod common;

use knightd::Config;
use serde_json::json;

#[tokio::test]
async fn request_ids_are_echoed_or_generated() {
    let s = common::start().await;
    let r = s.get_with("/healthz", &[("x-request-id", "abc-123")]).await;
    assert_eq!(r.headers()["x-request-id"], "abc-123");
    let r = s.client.get(s.url("/healthz")).send().await.unwrap();
    let id = r.headers()["x-request-id"].to_str().unwrap();
    assert_eq!(id.len(), 36, "a UUID: {id}");
    let r = s.client.get(s.url("/nowhere")).send().await.unwrap();
    assert!(r.headers().contains_key("x-request-id"));
}

#[tokio::test]
async fn solver_get_answers_are_cacheable_for_a_day() {
    let s = common::start().await;
    for path in [
        "/distance?from=a1&to=b3",
        "/path?from=a1&to=b3",
        "/colour?square=a1",
        "/color?square=a1",
        "/moves?square=a1",
    ] {
        let r = s.client.get(s.url(path)).send().await.unwrap();
        assert_eq!(r.status(), 200, "{path}");
        assert_eq!(
            r.headers()["cache-control"],
            "public, max-age=86400",
            "{path}"
        );
    }
    for path in ["/healthz", "/readyz", "/distance?from=z9&to=a1"] {
        let r = s.client.get(s.url(path)).send().await.unwrap();
        assert!(!r.headers().contains_key("cache-control"), "{path}");
    }
    let r = s
        .client
        .post(s.url("/distance"))
        .json(&json!({"from": 0, "to": 1}))
        .send()
        .await
        .unwrap();
    assert!(!r.headers().contains_key("cache-control"));
}

#[tokio::test]
async fn cors_is_off_unless_asked() {
    let s = common::start().await;
    let r = s
        .get_with("/healthz", &[("origin", "https://example.org")])
        .await;
    assert!(!r.headers().contains_key("access-control-allow-origin"));

    let config = Config {
        cors_origins: vec!["https://example.org".to_owned()],
        ..Config::default()
    };
    let s = common::start_with(config).await;
    let r = s
        .get_with("/healthz", &[("origin", "https://example.org")])
        .await;
    assert_eq!(
        r.headers()["access-control-allow-origin"],
        "https://example.org"
    );
    let r = s
        .client
        .request(reqwest::Method::OPTIONS, s.url("/distance"))
        .header("origin", "https://example.org")
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "content-type")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(
        r.headers()["access-control-allow-origin"],
        "https://example.org"
    );
    let r = s
        .get_with("/healthz", &[("origin", "https://evil.example")])
        .await;
    assert!(!r.headers().contains_key("access-control-allow-origin"));
}

#[tokio::test]
async fn large_answers_are_compressed_when_asked() {
    let s = common::start().await;
    let pairs: Vec<_> = (0..2000).map(|i| json!([i % 64, (i * 7) % 64])).collect();
    let r = s
        .client
        .post(s.url("/distance/batch"))
        .header("accept-encoding", "gzip")
        .json(&json!({"pairs": pairs}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-encoding"], "gzip");
    let r = s.get_with("/healthz", &[("accept-encoding", "gzip")]).await;
    assert!(
        !r.headers().contains_key("content-encoding"),
        "small answers are sent as they are"
    );
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_status() {
    let s = common::start().await;
    s.get("/distance?from=a1&to=b3").await;
    s.get("/distance?from=a1&to=z9").await;
    s.get("/nowhere").await;
    let (status, kind, body) = s.get("/metrics").await;
    assert_eq!(status, 200);
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    assert!(
        body.contains(r#"knightd_requests_total{route="/distance",method="GET",status="200"} 1"#),
        "{body}"
    );
    assert!(
        body.contains(r#"knightd_requests_total{route="/distance",method="GET",status="400"} 1"#),
        "{body}"
    );
    assert!(
        body.contains(r#"knightd_requests_total{route="unmatched",method="GET",status="404"} 1"#),
        "{body}"
    );
    assert!(
        body.contains(r#"knightd_request_duration_seconds_count{route="/distance"} 2"#),
        "{body}"
    );
    assert!(
        body.contains(r#"knightd_request_duration_seconds_bucket{route="/distance",le="+Inf"} 2"#),
        "{body}"
    );
    assert!(body.contains("knightd_heavy_queue_depth 0"), "{body}");
}

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

/// On shutdown, a request in flight completes, new connections are refused,
/// and `serve` returns.
#[tokio::test]
async fn graceful_shutdown_finishes_requests_in_flight() {
    let config = Config::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let app = knightd::app(&config);
    let server = tokio::spawn(async move {
        knightd::serve(listener, app, &config, async {
            stopped.await.ok();
        })
        .await
    });
    let client = reqwest::Client::new();
    // A search that runs for its whole time budget: its bound is not met.
    let board = include_str!("../assets/page/boards/challenge-28x32.txt");
    let in_flight = {
        let client = client.clone();
        tokio::spawn(async move {
            client
                .post(format!("http://{addr}/longest-path"))
                .json(&json!({"board": board, "from": "af27", "to": "ae1", "time_limit_ms": 1500}))
                .send()
                .await
        })
    };
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    stop.send(()).unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    let refused = tokio::net::TcpStream::connect(addr).await;
    assert!(
        refused.is_err(),
        "a new connection was accepted after shutdown began"
    );
    let answer = in_flight
        .await
        .unwrap()
        .expect("the request in flight completes");
    assert_eq!(answer.status(), 200);
    let v: serde_json::Value = answer.json().await.unwrap();
    assert!(v["moves"].as_u64().unwrap() > 700, "{v}");
    tokio::time::timeout(std::time::Duration::from_secs(5), server)
        .await
        .expect("serve returns once the request is answered")
        .unwrap()
        .unwrap();
}

/// A client that never finishes its request headers is disconnected after
/// `--header-timeout-ms`.
#[tokio::test]
async fn slow_clients_are_cut_off() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let config = Config {
        header_timeout_ms: 200,
        ..Config::default()
    };
    let s = common::start_with(config).await;
    let mut stream = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
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

/// Over HTTP: with one heavy worker and no queue, a second heavy request
/// while the first runs is a 503 problem with `Retry-After`.
#[tokio::test]
async fn heavy_work_past_the_queue_is_503_over_http() {
    let config = Config {
        heavy_workers: 1,
        heavy_queue: 0,
        ..Config::default()
    };
    let s = common::start_with(config).await;
    let board = include_str!("../assets/page/boards/challenge-28x32.txt");
    let busy = {
        let (client, url) = (s.client.clone(), s.url("/longest-path"));
        tokio::spawn(async move {
            client
                .post(url)
                .json(&json!({"board": board, "from": "af27", "to": "ae1", "time_limit_ms": 1000}))
                .send()
                .await
                .unwrap()
                .status()
        })
    };
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let r = s
        .client
        .get(s.url("/tour?width=20&height=20"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers()["retry-after"], "1");
    let answer = (
        r.status().as_u16(),
        r.headers()["content-type"].to_str().unwrap().to_owned(),
        r.text().await.unwrap(),
    );
    common::Server::problem(answer, 503, "overloaded");
    // Cheap endpoints never queue.
    assert_eq!(s.get_json("/distance?from=a1&to=h8").await["moves"], 6);
    assert_eq!(busy.await.unwrap(), 200);
    let (_, _, body) = s.get("/metrics").await;
    assert!(
        body.contains(r#"knightd_requests_total{route="/tour",method="GET",status="503"} 1"#),
        "{body}"
    );
}
