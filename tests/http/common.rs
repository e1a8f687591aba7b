//! Starts the real server (the same `app()` the binary serves) on port 0,
//! and what the tests share besides.

use std::net::SocketAddr;

use knight_reference::tours::{from_name, Xy};
use knightd::Config;
use serde_json::Value;

/// The knightd binary's tests run beside one another, but its health check
/// looks for the one knightd running (through Linux's /proc) and must run
/// alone: tests that start the binary hold this for reading, the health
/// check's test for writing.
pub static BINARY_RUNS: tokio::sync::RwLock<()> = tokio::sync::RwLock::const_new(());

pub struct Server {
    pub addr: SocketAddr,
    pub client: reqwest::Client,
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

/// Starts knightd with `config`, on a free port of 127.0.0.1.
pub async fn start_with(config: Config) -> Server {
    knightd::warm();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = knightd::app(&config);
    tokio::spawn(async move {
        knightd::serve(listener, app, &config, std::future::pending())
            .await
            .unwrap();
    });
    Server {
        addr,
        client: reqwest::Client::new(),
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

    /// GET `path`; the status, content type and body.
    pub async fn get(&self, path: &str) -> (u16, String, String) {
        let r = self.client.get(self.url(path)).send().await.unwrap();
        parts(r).await
    }

    /// POST `body` as JSON to `path`.
    pub async fn post(&self, path: &str, body: &Value) -> (u16, String, String) {
        let r = self
            .client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .unwrap();
        parts(r).await
    }

    /// GET `path` with extra request headers; the whole response.
    pub async fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
        headers
            .iter()
            .fold(self.client.get(self.url(path)), |r, (name, value)| {
                r.header(*name, *value)
            })
            .send()
            .await
            .unwrap()
    }

    /// POST `body` as it is, with `content_type` if any.
    pub async fn post_raw(
        &self,
        path: &str,
        content_type: Option<&str>,
        body: impl Into<reqwest::Body>,
    ) -> (u16, String, String) {
        let mut r = self.client.post(self.url(path)).body(body);
        if let Some(ct) = content_type {
            r = r.header("content-type", ct);
        }
        parts(r.send().await.unwrap()).await
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
