//! Configuration: every option a flag with an environment fallback.

use std::net::SocketAddr;
use std::str::FromStr;
use std::time::Duration;

use clap::{CommandFactory, FromArgMatches, Parser, ValueEnum};

/// How logs are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Pretty,
    /// One JSON object a line.
    Json,
}

/// knightd: an HTTP JSON service that answers chess-knight questions.
#[derive(Clone, Debug, Parser)]
#[command(version, about)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "KNIGHTD_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,

    /// Address of the admin listener, which answers `/healthz`, `/readyz`
    /// and `/metrics` alone (on a thread of its own, within its own
    /// connection limit), so that probes get through however the main
    /// port is loaded. None (the default): no admin listener; the main
    /// port answers the probes too, either way.
    #[arg(long, env = "KNIGHTD_ADMIN_BIND")]
    pub admin_bind: Option<SocketAddr>,

    /// Connections the admin listener holds at once; past it, new ones
    /// are closed at once.
    #[arg(long, env = "KNIGHTD_ADMIN_MAX_CONNECTIONS", default_value_t = 16)]
    pub admin_max_connections: usize,

    /// Log format.
    #[arg(long, env = "KNIGHTD_LOG_FORMAT", value_enum, default_value = "pretty")]
    pub log_format: LogFormat,

    /// Log filter, in tracing's EnvFilter syntax.
    #[arg(long, env = "KNIGHTD_LOG", default_value = "info")]
    pub log: String,

    /// Log one info line per request (method, path, request id, board and
    /// squares, status, latency). Off by default: it costs throughput; the
    /// same lines are logged at debug level.
    #[arg(long, env = "KNIGHTD_ACCESS_LOG")]
    pub access_log: bool,

    /// Largest request body, in bytes.
    #[arg(long, env = "KNIGHTD_BODY_LIMIT", default_value_t = 4 * 1024 * 1024)]
    pub body_limit: usize,

    /// Longest a request may take, in milliseconds, before a 503.
    #[arg(long, env = "KNIGHTD_REQUEST_TIMEOUT_MS", default_value_t = 30_000)]
    pub request_timeout_ms: u64,

    /// Longest a client may take to send a request's headers, in milliseconds.
    #[arg(long, env = "KNIGHTD_HEADER_TIMEOUT_MS", default_value_t = 10_000)]
    pub header_timeout_ms: u64,

    /// A client that accepts no bytes of its answer for this long, in
    /// milliseconds, is disconnected.
    #[arg(long, env = "KNIGHTD_WRITE_TIMEOUT_MS", default_value_t = 10_000)]
    pub write_timeout_ms: u64,

    /// A request body that stops arriving for this long, in milliseconds,
    /// gets 408.
    #[arg(long, env = "KNIGHTD_BODY_TIMEOUT_MS", default_value_t = 10_000)]
    pub body_timeout_ms: u64,

    /// Bytes of request bodies held at once, over all requests; past it,
    /// a request with a body gets 503 and `Retry-After`.
    #[arg(long, env = "KNIGHTD_BODY_BUDGET", default_value_t = 16 * 1024 * 1024)]
    pub body_budget: usize,

    /// Streams one HTTP/2 connection may have open at once
    /// (SETTINGS_MAX_CONCURRENT_STREAMS).
    #[arg(long, env = "KNIGHTD_HTTP2_MAX_STREAMS", default_value_t = 128)]
    pub http2_max_streams: u32,

    /// Streams one HTTP/2 connection's client may reset (or abandon before
    /// its answer ends) in a burst; it earns one more each 100 ms, ten a
    /// second. Past it (paced rapid reset), the connection gets GOAWAY
    /// ENHANCE_YOUR_CALM and is closed.
    #[arg(long, env = "KNIGHTD_HTTP2_MAX_RESETS", default_value_t = 100)]
    pub http2_max_resets: u32,

    /// Bytes of HTTP/2 answers handed to the connection and not yet let
    /// through by their clients' flow-control windows, over all
    /// connections; past it, new answers over 16 KiB get 503 and
    /// `Retry-After`.
    #[arg(long, env = "KNIGHTD_ANSWER_BUDGET", default_value_t = 32 * 1024 * 1024)]
    pub answer_budget: usize,

    /// The same bytes on one HTTP/2 connection; past it, that connection's
    /// new answers over 16 KiB get 503 and `Retry-After`.
    #[arg(
        long,
        env = "KNIGHTD_ANSWER_BUDGET_PER_CONNECTION",
        default_value_t = 4 * 1024 * 1024
    )]
    pub answer_budget_per_connection: usize,

    /// Connections open at once. At it, a new connection closes the
    /// connections idle the longest (no request in flight); with none
    /// idle, the new connection gets 503 and is closed at once, and
    /// answers carry `Connection: close` until fewer than nine tenths of
    /// it are open. Lowered to fit the descriptor limit.
    #[arg(long, env = "KNIGHTD_MAX_CONNECTIONS", default_value_t = 4_096)]
    pub max_connections: usize,

    /// Connections one client address (an IPv6 client's /64) may hold at
    /// once; past it, its new connections are closed at once. Trusted
    /// proxies (`--trusted-proxy`) are not held to it.
    #[arg(
        long,
        env = "KNIGHTD_MAX_CONNECTIONS_PER_CLIENT",
        default_value_t = 256
    )]
    pub max_connections_per_client: usize,

    /// Largest request head, in bytes: HTTP/1.1's request line and
    /// headers, HTTP/2's header list (each field's name and value and 32,
    /// as SETTINGS_MAX_HEADER_LIST_SIZE counts). Past it, 431.
    #[arg(long, env = "KNIGHTD_MAX_HEADER_BYTES", default_value_t = 32 * 1024)]
    pub max_header_bytes: usize,

    /// Most header fields in one request; past it, 431.
    #[arg(long, env = "KNIGHTD_MAX_HEADERS", default_value_t = 100)]
    pub max_headers: usize,

    /// Bytes of unfinished request heads held at once, over all
    /// connections; past it, the connections whose heads have been
    /// unfinished the longest are closed.
    #[arg(long, env = "KNIGHTD_HEADER_BUDGET", default_value_t = 8 * 1024 * 1024)]
    pub header_budget: usize,

    /// After SIGTERM, how long, in milliseconds, to keep serving with
    /// `/readyz` answering 503, so that load balancers stop sending new
    /// requests before the listener closes. The shutdown timeout starts
    /// after it.
    #[arg(long, env = "KNIGHTD_SHUTDOWN_DELAY_MS", default_value_t = 0)]
    pub shutdown_delay_ms: u64,

    /// After SIGTERM, connections still open after this long, in
    /// milliseconds, are closed and the process exits 0.
    #[arg(long, env = "KNIGHTD_SHUTDOWN_TIMEOUT_MS", default_value_t = 20_000)]
    pub shutdown_timeout_ms: u64,

    /// Proxies (addresses or CIDR blocks, comma-separated) whose
    /// `X-Forwarded-For` names the client. Empty (the default): a client is
    /// its peer address.
    #[arg(long, env = "KNIGHTD_TRUSTED_PROXY", value_delimiter = ',', value_parser = parse_net)]
    pub trusted_proxy: Vec<ipnet::IpNet>,

    /// Requests a client may make, as `N/s`, `N/min` or `N` (a second), with
    /// bursts of N; past it, 429. Off by default.
    #[arg(long, env = "KNIGHTD_RATE_LIMIT")]
    pub rate_limit: Option<RateLimit>,

    /// Most pairs in one /distance/batch request.
    #[arg(long, env = "KNIGHTD_MAX_BATCH", default_value_t = 10_000)]
    pub max_batch: usize,

    /// Most squares a listed path (/path) may have.
    #[arg(long, env = "KNIGHTD_MAX_PATH_SQUARES", default_value_t = 1_000_000)]
    pub max_path_squares: u64,

    /// Largest board, in squares, for /tour.
    #[arg(long, env = "KNIGHTD_MAX_TOUR_SQUARES", default_value_t = 1_000_000)]
    pub max_tour_squares: u64,

    /// Most squares a /distance-map shows (a board, or a window of one).
    #[arg(long, env = "KNIGHTD_MAX_MAP_SQUARES", default_value_t = 65_536)]
    pub max_map_squares: u64,

    /// Most squares that may lie on shortest paths for /shortest-paths.
    #[arg(
        long,
        env = "KNIGHTD_MAX_SHORTEST_PATH_SQUARES",
        default_value_t = 1_000_000
    )]
    pub max_shortest_path_squares: u64,

    /// Most bytes of numbers of paths /shortest-paths may make while it
    /// counts (256 MiB): each square on a shortest path has its number of
    /// paths, up to 3 bits a move still to make, and a long, narrow board's
    /// squares have gigabytes of digits. This bounds the counting's time
    /// (about a second a GiB); only every √moves-th layer's numbers are kept
    /// past 16 MiB, so the memory held is a small part of it. Past this, 422.
    #[arg(
        long,
        env = "KNIGHTD_MAX_PATH_COUNT_BYTES",
        default_value_t = 256 << 20
    )]
    pub max_path_count_bytes: u64,

    /// Most paths one page of /shortest-paths lists (its largest `limit`).
    #[arg(long, env = "KNIGHTD_MAX_PATHS_PAGE", default_value_t = 10_000)]
    pub max_paths_page: u64,

    /// Most squares one page of /shortest-paths may list (`limit` paths of
    /// `moves + 1` squares each): a longer page is refused with 422, naming
    /// the largest `limit` that fits. A page is built whole before it is
    /// sent, about 30 bytes a square (its squares and their JSON).
    #[arg(long, env = "KNIGHTD_MAX_PAGE_SQUARES", default_value_t = 1_000_000)]
    pub max_page_squares: u64,

    /// Largest terrain board, in squares, for /path and /validate.
    #[arg(long, env = "KNIGHTD_MAX_TERRAIN_SQUARES", default_value_t = 1_000_000)]
    pub max_terrain_squares: u64,

    /// Longest side, in pixels, of a PNG picture (`format=png`, its largest
    /// `size`): the PNG of a 4096×4096 picture is rasterised in about a
    /// quarter of a second and holds 64 MiB of pixels while it is drawn.
    #[arg(long, env = "KNIGHTD_MAX_PNG_SIDE", default_value_t = 4_096)]
    pub max_png_side: u32,

    /// Largest board, in squares, for /longest-path.
    #[arg(long, env = "KNIGHTD_MAX_LONGEST_SQUARES", default_value_t = 65_536)]
    pub max_longest_squares: u64,

    /// Largest time_limit_ms a /longest-path request may ask for.
    #[arg(long, env = "KNIGHTD_MAX_TIME_LIMIT_MS", default_value_t = 10_000)]
    pub max_time_limit_ms: u64,

    /// Most bytes of states /tour/count may hold (256 MiB): the states a
    /// board's count needs are bounded before any work, from the most
    /// measured for its short side (a board 5 wide fits; 6 wide fits closed
    /// tours, not open ones), and a board over it is refused with 422,
    /// naming the longest board of its width that fits.
    #[arg(long, env = "KNIGHTD_MAX_COUNT_BYTES", default_value_t = 256 << 20)]
    pub max_count_bytes: u64,

    /// Bytes of tables kept between requests (boards' closed tours and their
    /// text, tours set up for /tour/step, the paths inside blocks): one
    /// cache, the least recently used dropped first. /metrics shows its use.
    #[arg(long, env = "KNIGHTD_CACHE_BYTES", default_value_t = 64 * 1024 * 1024)]
    pub cache_bytes: usize,

    /// Heavy jobs (tours, searches) that run at once; 0 means one per CPU.
    #[arg(long, env = "KNIGHTD_HEAVY_WORKERS", default_value_t = 0)]
    pub heavy_workers: usize,

    /// Heavy jobs that may wait for a worker before requests get 503.
    #[arg(long, env = "KNIGHTD_HEAVY_QUEUE", default_value_t = 32)]
    pub heavy_queue: usize,

    /// Heavy jobs one client may have waiting before its requests get 503.
    #[arg(long, env = "KNIGHTD_HEAVY_QUEUE_PER_CLIENT", default_value_t = 8)]
    pub heavy_queue_per_client: usize,

    /// Origins allowed to call knightd from a browser (CORS), comma-separated,
    /// or `*` for any. Empty (the default): no CORS headers.
    #[arg(long, env = "KNIGHTD_CORS_ORIGINS", value_delimiter = ',')]
    pub cors_origins: Vec<String>,

    /// Instead of serving, ask the server at --bind for /healthz and exit 0
    /// if it answers 200 (for container health checks: the image has no curl).
    #[arg(long)]
    pub health_check: bool,
}

/// A per-client request rate: `count` requests per `per`, in bursts of
/// up to `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    pub count: u32,
    pub per: Duration,
}

impl FromStr for RateLimit {
    type Err = String;

    fn from_str(s: &str) -> Result<RateLimit, String> {
        let (count, unit) = s.trim().split_once('/').unwrap_or((s.trim(), "s"));
        let per = match unit.trim() {
            "s" | "sec" | "second" => Duration::from_secs(1),
            "m" | "min" | "minute" => Duration::from_secs(60),
            "h" | "hour" => Duration::from_secs(3600),
            other => return Err(format!("unknown unit '{other}': use s, min or h")),
        };
        match count.trim().parse::<u32>() {
            Ok(count) if count > 0 => Ok(RateLimit { count, per }),
            _ => Err(format!(
                "'{count}' is not a positive whole number of requests"
            )),
        }
    }
}

/// An address (a block of one) or a CIDR block.
fn parse_net(s: &str) -> Result<ipnet::IpNet, String> {
    let s = s.trim();
    s.parse::<ipnet::IpNet>()
        .or_else(|_| s.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
        .map_err(|_| format!("'{s}' is neither an address nor a CIDR block"))
}

impl Default for Config {
    /// The defaults, as `knightd` with no flags and no environment would
    /// run: `KNIGHTD_*` variables are not read, so that tests (which start
    /// from this) do not depend on the shell they run in.
    fn default() -> Config {
        let command = Config::command().mut_args(|arg| arg.env(None));
        let matches = command.get_matches_from(["knightd"]);
        Config::from_arg_matches(&matches).expect("the defaults parse")
    }
}

impl Config {
    /// Heavy workers, with 0 resolved to the number of CPUs.
    pub fn heavy_workers(&self) -> usize {
        if self.heavy_workers > 0 {
            self.heavy_workers
        } else {
            std::thread::available_parallelism().map_or(2, |n| n.get())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_read_no_environment() {
        let command = Config::command().mut_args(|arg| arg.env(None));
        assert!(command.get_arguments().all(|arg| arg.get_env().is_none()));
        assert!(Config::command()
            .get_arguments()
            .filter(|arg| arg.get_id() != "health_check" && arg.get_id() != "help")
            .all(|arg| arg.get_env().is_some()));
        assert_eq!(Config::default().body_limit, 4 * 1024 * 1024);
        assert_eq!(Config::default().rate_limit, None);
    }

    #[test]
    fn every_flag_is_in_the_operations_guide_with_its_environment_variable() {
        let readme = include_str!("../docs/operations.md");
        for arg in Config::command().get_arguments() {
            let Some(long) = arg.get_long() else { continue };
            if long == "help" || long == "version" {
                continue;
            }
            assert!(readme.contains(&format!("`--{long}`")), "--{long}");
            if let Some(env) = arg.get_env() {
                let row = format!("| `--{long}` | `{}` |", env.to_string_lossy());
                assert!(readme.contains(&row), "{row}");
            }
        }
    }

    #[test]
    fn rate_limits_parse() {
        let r: RateLimit = "10/s".parse().unwrap();
        assert_eq!((r.count, r.per), (10, Duration::from_secs(1)));
        let r: RateLimit = "600/min".parse().unwrap();
        assert_eq!((r.count, r.per), (600, Duration::from_secs(60)));
        assert_eq!(
            "5".parse::<RateLimit>().unwrap().per,
            Duration::from_secs(1)
        );
        assert!("0/s".parse::<RateLimit>().is_err());
        assert!("5/week".parse::<RateLimit>().is_err());
    }
}
