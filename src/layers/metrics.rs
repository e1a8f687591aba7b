//! The counters behind `GET /metrics` (Prometheus text format): requests by route, method and
//! status, a latency histogram by route, the heavy-work queue and the cache.
//!
//! Counted with atomics, lock-free on the request path: each route (a route
//! template, or `unmatched`) gets its counters the first time it answers,
//! under a lock taken once per route in the life of the process; after that
//! a request finds them by the route's name and adds to them.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use axum::http::Method;
use knight::cache::CacheStats;

use crate::convert::len64;

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 1.0, 10.0,
];

/// The methods counted by name; any other is counted as `OTHER`.
const METHODS: [Method; 9] = [
    Method::GET,
    Method::POST,
    Method::HEAD,
    Method::OPTIONS,
    Method::PUT,
    Method::DELETE,
    Method::PATCH,
    Method::CONNECT,
    Method::TRACE,
];

/// Statuses 100 to 599.
const STATUSES: usize = 500;

/// Most routes counted apart; past them, requests count as `unmatched`.
const MAX_ROUTES: usize = 32;

/// The route of requests no route template matched.
pub const UNMATCHED: &str = "unmatched";

/// One route's counters.
struct RouteCounters {
    name: Box<str>,
    /// Requests by method (index in [`METHODS`], or its length for others)
    /// and status (minus 100).
    requests: Box<[AtomicU64]>,
    /// Latency: count per bucket (not cumulative; one more for +Inf).
    buckets: [AtomicU64; BUCKETS.len() + 1],
    nanos: AtomicU64,
}

impl RouteCounters {
    fn new(name: &str) -> RouteCounters {
        RouteCounters {
            name: name.into(),
            requests: (0..(METHODS.len() + 1) * STATUSES)
                .map(|_| AtomicU64::new(0))
                .collect(),
            buckets: Default::default(),
            nanos: AtomicU64::new(0),
        }
    }
}

/// The service's counters.
#[derive(Clone, Default)]
pub struct Metrics(Arc<Routes>);

#[derive(Default)]
struct Routes {
    /// Filled in order; `len` says how many are set.
    slots: [OnceLock<RouteCounters>; MAX_ROUTES],
    len: AtomicUsize,
    /// Taken only to add a route.
    adding: Mutex<()>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics")
            .field("routes", &self.0.len.load(Ordering::Relaxed))
            .finish()
    }
}

impl Routes {
    fn set(&self) -> impl Iterator<Item = &RouteCounters> {
        let len = self.len.load(Ordering::Acquire);
        self.slots[..len].iter().filter_map(OnceLock::get)
    }

    fn find(&self, route: &str) -> Option<&RouteCounters> {
        self.set().find(|r| &*r.name == route)
    }

    fn route(&self, route: &str) -> &RouteCounters {
        if let Some(found) = self.find(route) {
            return found;
        }
        let _adding = self.adding.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = self.find(route) {
            return found;
        }
        let len = self.len.load(Ordering::Acquire);
        if len == MAX_ROUTES {
            return self.find(UNMATCHED).unwrap_or_else(|| {
                // The first slots hold a route of every kind seen; the
                // last resort is the first.
                self.slots[0].get().expect("a full table")
            });
        }
        let counters = self.slots[len].get_or_init(|| RouteCounters::new(route));
        self.len.store(len + 1, Ordering::Release);
        counters
    }
}

impl Metrics {
    /// Counts one answer of `route` (its template, or [`UNMATCHED`]).
    pub fn record(&self, route: &str, method: &Method, status: u16, elapsed: Duration) {
        let counters = self.0.route(route);
        let method = METHODS
            .iter()
            .position(|m| m == method)
            .unwrap_or(METHODS.len());
        let status = usize::from(status.clamp(100, 599)) - 100;
        counters.requests[method * STATUSES + status].fetch_add(1, Ordering::Relaxed);
        let seconds = elapsed.as_secs_f64();
        let bucket = BUCKETS
            .iter()
            .position(|&bound| seconds <= bound)
            .unwrap_or(BUCKETS.len());
        counters.buckets[bucket].fetch_add(1, Ordering::Relaxed);
        let nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
        counters.nanos.fetch_add(nanos, Ordering::Relaxed);
    }

    pub fn render(
        &self,
        queued: usize,
        admitted: usize,
        called_off: u64,
        cache: CacheStats,
    ) -> String {
        let mut routes: Vec<&RouteCounters> = self.0.set().collect();
        routes.sort_by(|a, b| a.name.cmp(&b.name));
        let mut out = String::new();
        out.push_str(
            "# HELP knightd_requests_total Requests answered, by route, method and status.\n",
        );
        out.push_str("# TYPE knightd_requests_total counter\n");
        for r in &routes {
            let mut series: Vec<(&str, usize, u64)> = Vec::new();
            for (i, n) in r.requests.iter().enumerate() {
                let n = n.load(Ordering::Relaxed);
                if n > 0 {
                    let method = METHODS.get(i / STATUSES).map_or("OTHER", Method::as_str);
                    series.push((method, i % STATUSES + 100, n));
                }
            }
            series.sort();
            for (method, status, n) in series {
                let _ = writeln!(
                    out,
                    "knightd_requests_total{{route=\"{}\",method=\"{method}\",status=\"{status}\"}} {n}",
                    r.name
                );
            }
        }
        out.push_str("# HELP knightd_request_duration_seconds Time to answer, by route.\n");
        out.push_str("# TYPE knightd_request_duration_seconds histogram\n");
        for r in &routes {
            let route = &r.name;
            let mut cumulative = 0;
            for (bound, n) in BUCKETS.iter().zip(&r.buckets) {
                cumulative += n.load(Ordering::Relaxed);
                let _ = writeln!(
                    out,
                    "knightd_request_duration_seconds_bucket{{route=\"{route}\",le=\"{bound}\"}} {cumulative}"
                );
            }
            let count = cumulative + r.buckets[BUCKETS.len()].load(Ordering::Relaxed);
            // `as` is right here: a counter as a float, exact up to 2^53
            // nanoseconds (104 days of requests), rounded past that.
            #[allow(clippy::cast_precision_loss)]
            let sum = r.nanos.load(Ordering::Relaxed) as f64 / 1e9;
            let _ = writeln!(
                out,
                "knightd_request_duration_seconds_bucket{{route=\"{route}\",le=\"+Inf\"}} {count}"
            );
            let _ = writeln!(
                out,
                "knightd_request_duration_seconds_sum{{route=\"{route}\"}} {sum}"
            );
            let _ = writeln!(
                out,
                "knightd_request_duration_seconds_count{{route=\"{route}\"}} {count}"
            );
        }
        out.push_str("# HELP knightd_heavy_queue_depth Heavy jobs waiting for a worker.\n");
        out.push_str("# TYPE knightd_heavy_queue_depth gauge\n");
        let _ = writeln!(out, "knightd_heavy_queue_depth {queued}");
        out.push_str("# HELP knightd_heavy_jobs Heavy jobs running or waiting.\n");
        out.push_str("# TYPE knightd_heavy_jobs gauge\n");
        let _ = writeln!(out, "knightd_heavy_jobs {admitted}");
        out.push_str("# HELP knightd_heavy_jobs_called_off_total Heavy jobs stopped early because nobody waited for their answers (a reset stream, a closed connection).\n");
        out.push_str("# TYPE knightd_heavy_jobs_called_off_total counter\n");
        let _ = writeln!(out, "knightd_heavy_jobs_called_off_total {called_off}");
        let CacheStats {
            budget,
            bytes,
            entries,
            hits,
            misses,
            evictions,
        } = cache;
        let http2 = crate::http2::figures();
        let connections = crate::http2::connection_figures();
        for (name, kind, help, value) in [
            (
                "cache_bytes",
                "gauge",
                "Bytes of tables kept between requests.",
                len64(bytes),
            ),
            (
                "cache_budget_bytes",
                "gauge",
                "The cache's budget (--cache-bytes).",
                len64(budget),
            ),
            (
                "cache_entries",
                "gauge",
                "Tables kept between requests.",
                len64(entries),
            ),
            ("cache_hits_total", "counter", "Tables found kept.", hits),
            (
                "cache_misses_total",
                "counter",
                "Tables built, not found kept.",
                misses,
            ),
            (
                "cache_evictions_total",
                "counter",
                "Tables dropped to make room.",
                evictions,
            ),
            (
                "http2_answer_bytes_held",
                "gauge",
                "Bytes of HTTP/2 answers not yet let through by their clients' windows.",
                http2.held,
            ),
            (
                "http2_stalled_streams_total",
                "counter",
                "HTTP/2 streams reset after waiting on their clients for the write timeout.",
                http2.stalled_streams,
            ),
            (
                "http2_stalled_connections_total",
                "counter",
                "HTTP/2 connections closed because none of their answers moved for the write timeout.",
                http2.stalled_connections,
            ),
            (
                "http2_refused_total",
                "counter",
                "HTTP/2 answers refused (503) past an answer budget.",
                http2.refused,
            ),
            (
                "http2_reset_closed_connections_total",
                "counter",
                "HTTP/2 connections sent GOAWAY ENHANCE_YOUR_CALM and closed for resetting streams past --http2-max-resets.",
                http2.calmed,
            ),
            (
                "connections_open",
                "gauge",
                "Connections open on the main port.",
                connections.open,
            ),
            (
                "request_head_bytes",
                "gauge",
                "Bytes of unfinished request heads held (--header-budget).",
                connections.head_bytes,
            ),
            (
                "connections_shed_total",
                "counter",
                "Idle connections closed to make room at --max-connections.",
                connections.shed,
            ),
            (
                "connections_refused_per_client_total",
                "counter",
                "New connections closed at once past --max-connections-per-client.",
                connections.refused_per_client,
            ),
            (
                "connections_refused_full_total",
                "counter",
                "New connections closed at once at --max-connections with none idle.",
                connections.refused_full,
            ),
            (
                "connections_slow_heads_closed_total",
                "counter",
                "Connections closed for their unfinished heads past --header-budget.",
                connections.heads_closed,
            ),
        ] {
            let _ = writeln!(out, "# HELP knightd_{name} {help}");
            let _ = writeln!(out, "# TYPE knightd_{name} {kind}");
            let _ = writeln!(out, "knightd_{name} {value}");
        }
        out
    }
}
