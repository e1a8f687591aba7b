//! Starts the real server (the same `app()` the binary serves) on port 0,
//! and what the tests share besides.
//!
//! A [`Server`]'s request helpers (`get`, `post`, `get_with`, …) hand each
//! request to that same router in process (`tower::ServiceExt::oneshot`),
//! as a request from 127.0.0.1 (the peer the layers read, which `serve`
//! would put on it): nothing they check depends on a socket, and they need
//! no round trip through one. What does depend on the connection (limits,
//! timeouts, HTTP/2, hyper's own answers, shutdown) goes through
//! `server.client` and `server.url`, or raw sockets to `server.addr`.

use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::Router;
use bytes::Bytes;
use knight_reference::tours::{from_name, Xy};
use knightd::Config;
use serde_json::Value;
use tower::ServiceExt;

/// The knightd binary's tests run beside one another, but its health check
/// looks for the one knightd running (through Linux's /proc) and must run
/// alone: tests that start the binary hold this for reading, the health
/// check's test for writing.
pub static BINARY_RUNS: tokio::sync::RwLock<()> = tokio::sync::RwLock::const_new(());

pub struct Server {
    /// Where the server listens, for what needs a connection.
    pub addr: SocketAddr,
    pub client: reqwest::Client,
    /// The router it serves, which the request helpers call directly.
    app: Router,
    /// Whether the request helpers go through the socket instead
    /// ([`start_wired`]).
    wired: bool,
}

/// Starts knightd with the default configuration.
pub async fn start() -> Server {
    start_with(Config::default()).await
}

/// Starts knightd with the default configuration as `change` leaves it:
/// `start_configured(|c| c.max_batch = 3)`.
pub async fn start_configured(change: impl FnOnce(&mut Config)) -> Server {
    let mut config = Config::default();
    change(&mut config);
    start_with(config).await
}

/// Starts knightd as [`start`] does, its request helpers sending every
/// request through the socket: for the tests of limits, memory and the
/// connection, where what the connection does is the point.
pub async fn start_wired() -> Server {
    start_configured_wired(|_| {}).await
}

/// [`start_configured`], its request helpers going through the socket.
pub async fn start_configured_wired(change: impl FnOnce(&mut Config)) -> Server {
    let mut config = Config::default();
    change(&mut config);
    Server {
        wired: true,
        ..start_with(config).await
    }
}

/// Starts knightd with `config`, on a free port of 127.0.0.1.
pub async fn start_with(config: Config) -> Server {
    knightd::warm();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = knightd::app(&config);
    let served = app.clone();
    tokio::spawn(async move {
        knightd::serve(listener, served, &config, std::future::pending())
            .await
            .unwrap();
    });
    Server {
        addr,
        client: reqwest::Client::new(),
        app,
        wired: false,
    }
}

/// An HTTP/2 connection (prior knowledge) to `server` whose streams open
/// with a flow-control window of `window` bytes (0: the client lets no
/// byte of an answer through); the connection's task ends when it closes.
pub async fn h2_connect(
    server: &Server,
    window: u32,
) -> (
    h2::client::SendRequest<bytes::Bytes>,
    tokio::task::JoinHandle<Result<(), h2::Error>>,
) {
    let tcp = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let (client, connection) = h2::client::Builder::new()
        .initial_window_size(window)
        .handshake(tcp)
        .await
        .unwrap();
    (client, tokio::spawn(connection))
}

impl Server {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// `method` `path` with `headers` and `body`, through the socket if the
    /// server is wired, else handed to the router in process with what a client and `serve` would add (the host, `Accept:
    /// */*` unless one is given, as reqwest sends it, the peer); the whole response, its body
    /// read to the end.
    async fn ask(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Bytes,
    ) -> reqwest::Response {
        if self.wired {
            let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
            return headers
                .iter()
                .fold(
                    self.client.request(method, self.url(path)).body(body),
                    |r, (name, value)| r.header(*name, *value),
                )
                .send()
                .await
                .unwrap();
        }
        let mut request = http::Request::builder()
            .method(method)
            .uri(path)
            .header("host", self.addr.to_string());
        if !headers
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("accept"))
        {
            request = request.header("accept", "*/*");
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let mut request = request.body(Body::from(body)).unwrap();
        let peer = SocketAddr::from(([127, 0, 0, 1], 40_000));
        request.extensions_mut().insert(ConnectInfo(peer));
        let response = self.app.clone().oneshot(request).await.unwrap();
        let (head, body) = response.into_parts();
        let body = axum::body::to_bytes(body, usize::MAX).await.unwrap();
        reqwest::Response::from(http::Response::from_parts(head, body))
    }

    /// GET `path`; the status, content type and body.
    pub async fn get(&self, path: &str) -> (u16, String, String) {
        parts(self.get_with(path, &[]).await).await
    }

    /// POST `body` as JSON to `path`.
    pub async fn post(&self, path: &str, body: &Value) -> (u16, String, String) {
        let body = serde_json::to_vec(body).unwrap();
        self.post_raw(path, Some("application/json"), body).await
    }

    /// GET `path` with extra request headers; the whole response.
    pub async fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
        self.ask("GET", path, headers, Bytes::new()).await
    }

    /// POST `body` as it is, with `content_type` if any.
    pub async fn post_raw(
        &self,
        path: &str,
        content_type: Option<&str>,
        body: impl Into<Bytes>,
    ) -> (u16, String, String) {
        let headers: Vec<(&str, &str)> = content_type
            .map(|ct| ("content-type", ct))
            .into_iter()
            .collect();
        parts(self.ask("POST", path, &headers, body.into()).await).await
    }

    /// GET `path`, expecting a 200 JSON answer.
    pub async fn get_json(&self, path: &str) -> Value {
        let (status, kind, body) = self.get(path).await;
        assert_eq!(status, 200, "GET {path}: {body}");
        assert_eq!(kind, "application/json", "GET {path}");
        serde_json::from_str(&body).unwrap()
    }

    /// POST `body` to `path`, expecting a 200 JSON answer.
    pub async fn post_json(&self, path: &str, body: &Value) -> Value {
        let (status, kind, text) = self.post(path, body).await;
        assert_eq!(status, 200, "POST {path} {body}: {text}");
        assert_eq!(kind, "application/json", "POST {path}");
        serde_json::from_str(&text).unwrap()
    }

    /// Expects a problem+json answer with `status` and `code`; returns it.
    pub fn problem(answer: (u16, String, String), status: u16, code: &str) -> Value {
        let (got, kind, body) = answer;
        assert_eq!(got, status, "{body}");
        assert_eq!(kind, "application/problem+json", "{body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["status"], status);
        assert_eq!(v["code"], code, "{body}");
        assert_eq!(v["type"], "about:blank");
        assert!(v["title"].is_string() && v["detail"].is_string(), "{body}");
        v
    }

    /// Expects a problem+json answer with `status` and `code` (as
    /// [`Server::problem`]) that names the parameter `param`; returns it.
    pub fn problem_naming(
        answer: (u16, String, String),
        status: u16,
        code: &str,
        param: &str,
    ) -> Value {
        let v = Self::problem(answer, status, code);
        assert_eq!(v["param"], param, "{v}");
        v
    }
}

/// A snapshot the library's tests keep (`crates/knight/tests/snapshots/`,
/// rewritten by `UPDATE_SNAPSHOTS=1 cargo test -p knight --test solver terrain::`):
/// the server draws its pictures with the same functions.
pub fn solver_snapshot(name: &str) -> String {
    let path = format!(
        "{}/crates/knight/tests/snapshots/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The library's SVG snapshot `name` as the service answers it: the same
/// picture, its title naming the service that drew it (`knightd: `).
pub fn served_snapshot(name: &str) -> String {
    solver_snapshot(name).replacen("<title>", "<title>knightd: ", 1)
}

/// The status, content type and body of a response.
pub async fn parts(r: reqwest::Response) -> (u16, String, String) {
    let status = r.status().as_u16();
    let kind = r
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, kind, r.text().await.unwrap())
}

/// The squares of an answer's `path` in index notation on a board `w`
/// wide, as (file, rank).
pub fn path_squares(v: &Value, w: u64) -> Vec<(u64, u64)> {
    v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i.as_u64().unwrap() % w, i.as_u64().unwrap() / w))
        .collect()
}

/// The squares of a JSON list of algebraic names, as (file, rank).
pub fn named_squares(v: &Value) -> Vec<Xy> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| from_name(s.as_str().unwrap()))
        .collect()
}

/// A search that runs to its 10 s time limit unless stopped: the longest
/// path across a 64×64 board, a fifth of it rock and a tenth water (drawn
/// from a fixed seed; its first and last ranks plain), from corner to
/// corner, which the search does not settle in that time.
pub fn long_search() -> Value {
    let mut x: u64 = 3;
    let ranks: Vec<String> = (0..64)
        .map(|rank| {
            let cells: Vec<&str> = (0..64)
                .map(|_| {
                    x = x
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    match (x >> 33) % 100 {
                        _ if rank == 0 || rank == 63 => ".",
                        0..20 => "R",
                        20..30 => "W",
                        _ => ".",
                    }
                })
                .collect();
            cells.join(" ")
        })
        .collect();
    serde_json::json!({"board": ranks.join("\n"), "from": 0, "to": 4095, "time_limit_ms": 10_000, "barrier_rule": "either"})
}
