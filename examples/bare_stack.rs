//! The reference server for the load script: axum with nothing of knightd's
//! (no layers, no metrics, no logs, no solver), answering the same shapes, so
//! that knightd's throughput and large answers can be put against what the
//! HTTP stack alone costs on the same machine, in the same run.
//!
//! - `GET /healthz` → `{"status":"ok"}`
//! - `POST /distance {"src":19,"dest":36}` (squares as integers or strings,
//!   `from`/`to` accepted too) → knightd's answer shape, with a trivial
//!   computation in place of the distance.
//! - `GET /bytes?n=N` → exactly `N` bytes of a JSON array (the cost of moving
//!   a large answer of that size, e.g. a 1000×1000 tour).
//! - `POST /parse` with a `/distance/batch` body → the number of pairs (the
//!   cost of parsing that body and nothing else).
//!
//! `cargo run --release --example bare_stack -- --bind 127.0.0.1:0` prints the
//! address it listens on as its first line of output.

use std::fmt;
use std::io::Write;
use std::net::SocketAddr;

use axum::extract::{DefaultBodyLimit, RawQuery};
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::serve::ListenerExt;
use axum::{Json, Router};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// Largest body `/bytes` sends, as a bound on what one request can allocate.
const MAX_BYTES: usize = 256 * 1024 * 1024;

/// knightd's default body limit, so that the same bodies are accepted.
const BODY_LIMIT: usize = 4 * 1024 * 1024;

fn main() {
    let bind = match bind_arg(std::env::args().skip(1)) {
        Ok(bind) => bind,
        Err(message) => {
            eprintln!("bare_stack: {message}");
            std::process::exit(2);
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    if let Err(e) = runtime.block_on(serve(bind)) {
        eprintln!("bare_stack: {e}");
        std::process::exit(1);
    }
}

/// `--bind ADDR` or `--bind=ADDR`; 127.0.0.1:0 (a free port) by default.
fn bind_arg(mut args: impl Iterator<Item = String>) -> Result<SocketAddr, String> {
    let mut bind = "127.0.0.1:0".to_owned();
    while let Some(arg) = args.next() {
        if arg == "--bind" {
            bind = args.next().ok_or("--bind needs an address")?;
        } else if let Some(value) = arg.strip_prefix("--bind=") {
            bind = value.to_owned();
        } else {
            return Err(format!("unknown argument {arg:?} (only --bind ADDR)"));
        }
    }
    bind.parse()
        .map_err(|_| format!("{bind:?} is not an address such as 127.0.0.1:0"))
}

async fn serve(bind: SocketAddr) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(bind).await?;
    let address = listener.local_addr()?;
    // The first line of output is the address: scripts wait for it.
    let mut stdout = std::io::stdout();
    writeln!(stdout, "{address}")?;
    stdout.flush()?;
    // knightd sets TCP_NODELAY on every connection; so does the reference.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, app()).await
}

fn app() -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/distance", post(distance))
        .route("/bytes", get(bytes))
        .route("/parse", post(parse))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}

/// A static body: the least an HTTP answer can cost.
async fn healthz() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        r#"{"status":"ok"}"#,
    )
}

/// A square as a client writes it: an index or a name, echoed back as given.
#[derive(Debug)]
enum Square {
    Index(u64),
    Name(String),
}

impl Square {
    /// A number standing in for the square, for the trivial computation.
    fn number(&self) -> u64 {
        match self {
            Square::Index(i) => *i,
            Square::Name(name) => name.len() as u64,
        }
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        struct SquareVisitor;
        impl Visitor<'_> for SquareVisitor {
            type Value = Square;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a square: a non-negative integer or a string")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Square, E> {
                Ok(Square::Index(v))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Square, E> {
                Ok(Square::Name(v.to_owned()))
            }
        }
        deserializer.deserialize_any(SquareVisitor)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Square::Index(i) => serializer.serialize_u64(*i),
            Square::Name(name) => serializer.serialize_str(name),
        }
    }
}

#[derive(Deserialize)]
struct DistanceQuestion {
    #[serde(alias = "from")]
    src: Square,
    #[serde(alias = "to")]
    dest: Square,
    #[serde(default = "eight")]
    width: u64,
    #[serde(default = "eight")]
    height: u64,
}

fn eight() -> u64 {
    8
}

#[derive(Serialize)]
struct DistanceAnswer {
    from: Square,
    to: Square,
    width: u64,
    height: u64,
    moves: Option<u64>,
    reachable: bool,
}

async fn distance(Json(q): Json<DistanceQuestion>) -> Json<DistanceAnswer> {
    let moves = (q.src.number() ^ q.dest.number()) % 7;
    Json(DistanceAnswer {
        from: q.src,
        to: q.dest,
        width: q.width,
        height: q.height,
        moves: Some(moves),
        reachable: true,
    })
}

/// Exactly `n` bytes (at least 2) of a JSON array of small integers, written
/// at memory speed.
async fn bytes(RawQuery(query): RawQuery) -> impl IntoResponse {
    const ITEM: &[u8] = b"123456,";
    let n: usize = query
        .as_deref()
        .and_then(|q| q.split('&').find_map(|kv| kv.strip_prefix("n=")))
        .and_then(|n| n.parse().ok())
        .unwrap_or(2);
    let n = n.clamp(2, MAX_BYTES);
    let mut body = Vec::with_capacity(n);
    body.push(b'[');
    // Stop while at least one digit follows the last comma.
    while body.len() + ITEM.len() + 1 < n {
        body.extend_from_slice(ITEM);
    }
    // Pad the last number with digits, so the length is exact.
    body.resize(n - 1, b'7');
    body.push(b']');
    ([(header::CONTENT_TYPE, "application/json")], body)
}

#[derive(Deserialize)]
struct BatchQuestion {
    #[serde(default = "eight")]
    width: u64,
    #[serde(default = "eight")]
    height: u64,
    pairs: Vec<[Square; 2]>,
}

#[derive(Serialize)]
struct BatchCount {
    width: u64,
    height: u64,
    pairs: usize,
}

async fn parse(Json(q): Json<BatchQuestion>) -> Json<BatchCount> {
    Json(BatchCount {
        width: q.width,
        height: q.height,
        pairs: q.pairs.len(),
    })
}
