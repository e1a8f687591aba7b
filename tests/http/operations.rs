//! Operational behaviour: request ids, caching headers, CORS, compression,
//! metrics, and graceful shutdown. The limits (timeouts, body size, the
//! heavy-work queue) are in `tests/http/limits.rs`.

use crate::common;

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

    let s =
        common::start_configured(|c| c.cors_origins = vec!["https://example.org".to_owned()]).await;
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
    let board = include_str!("../../assets/page/boards/challenge-28x32.txt");
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
