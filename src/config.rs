//! Configuration: every option a flag with an environment fallback.

use std::net::SocketAddr;

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

    /// Most pairs in one /distance/batch request.
    #[arg(long, env = "KNIGHTD_MAX_BATCH", default_value_t = 10_000)]
    pub max_batch: usize,

    /// Most squares a listed path (/path) may have.
    #[arg(long, env = "KNIGHTD_MAX_PATH_SQUARES", default_value_t = 1_000_000)]
    pub max_path_squares: u64,

    /// Largest board, in squares, for /tour.
    #[arg(long, env = "KNIGHTD_MAX_TOUR_SQUARES", default_value_t = 1_000_000)]
    pub max_tour_squares: u64,

    /// Largest terrain board, in squares, for /path and /validate.
    #[arg(long, env = "KNIGHTD_MAX_TERRAIN_SQUARES", default_value_t = 1_000_000)]
    pub max_terrain_squares: u64,

    /// Largest board, in squares, for /longest-path.
    #[arg(long, env = "KNIGHTD_MAX_LONGEST_SQUARES", default_value_t = 65_536)]
    pub max_longest_squares: u64,

    /// Largest time_limit_ms a /longest-path request may ask for.
    #[arg(long, env = "KNIGHTD_MAX_TIME_LIMIT_MS", default_value_t = 10_000)]
    pub max_time_limit_ms: u64,

    /// Heavy jobs (tours, searches) that run at once; 0 means one per CPU.
    #[arg(long, env = "KNIGHTD_HEAVY_WORKERS", default_value_t = 0)]
    pub heavy_workers: usize,

    /// Heavy jobs that may wait for a worker before requests get 503.
    #[arg(long, env = "KNIGHTD_HEAVY_QUEUE", default_value_t = 32)]
    pub heavy_queue: usize,

    /// Origins allowed to call knightd from a browser (CORS), comma-separated,
    /// or `*` for any. Empty (the default): no CORS headers.
    #[arg(long, env = "KNIGHTD_CORS_ORIGINS", value_delimiter = ',')]
    pub cors_origins: Vec<String>,

    /// Instead of serving, ask the server at --bind for /healthz and exit 0
    /// if it answers 200 (for container health checks: the image has no curl).
    #[arg(long)]
    pub health_check: bool,
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
    }
}
