//! `GET /metrics` in Prometheus text format: requests by route, method and
//! status, a latency histogram by route, and the heavy-work queue.
//!
//! Hand-written rather than a metrics crate: three families, a few dozen
//! lines, no global registry.

use std::fmt::Write;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::AppState;

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 1.0, 10.0,
];

#[derive(Default, Debug)]
struct Latency {
    /// Cumulative counts, one per bucket.
    buckets: [u64; BUCKETS.len()],
    count: u64,
    sum: f64,
}

/// Few series (routes × methods × statuses), so plain vectors: a lookup
/// compares borrowed strings and allocates only for a new series.
#[derive(Default, Debug)]
struct Recorded {
    /// (route, method, status) → requests.
    requests: Vec<((String, String, u16), u64)>,
    /// route → latency.
    latency: Vec<(String, Latency)>,
}

/// The service's counters.
#[derive(Clone, Default, Debug)]
pub struct Metrics(Arc<Mutex<Recorded>>);

impl Metrics {
    fn record(&self, route: &str, method: &str, status: u16, seconds: f64) {
        let mut m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let found = m
            .requests
            .iter_mut()
            .find(|((r, me, st), _)| r == route && me == method && *st == status);
        match found {
            Some((_, n)) => *n += 1,
            None => m
                .requests
                .push(((route.to_owned(), method.to_owned(), status), 1)),
        }
        let index = match m.latency.iter().position(|(r, _)| r == route) {
            Some(i) => i,
            None => {
                m.latency.push((route.to_owned(), Latency::default()));
                m.latency.len() - 1
            }
        };
        let l = &mut m.latency[index].1;
        for (bucket, bound) in l.buckets.iter_mut().zip(BUCKETS) {
            if seconds <= bound {
                *bucket += 1;
            }
        }
        l.count += 1;
        l.sum += seconds;
    }

    fn render(&self, queued: usize, admitted: usize) -> String {
        let mut m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        m.requests.sort_by(|a, b| a.0.cmp(&b.0));
        m.latency.sort_by(|a, b| a.0.cmp(&b.0));
        let mut out = String::new();
        out.push_str(
            "# HELP knightd_requests_total Requests answered, by route, method and status.\n",
        );
        out.push_str("# TYPE knightd_requests_total counter\n");
        for ((route, method, status), n) in &m.requests {
            let _ = writeln!(
                out,
                "knightd_requests_total{{route=\"{route}\",method=\"{method}\",status=\"{status}\"}} {n}"
            );
        }
        out.push_str("# HELP knightd_request_duration_seconds Time to answer, by route.\n");
        out.push_str("# TYPE knightd_request_duration_seconds histogram\n");
        for (route, l) in &m.latency {
            for (bound, n) in BUCKETS.iter().zip(l.buckets) {
                let _ = writeln!(
                    out,
                    "knightd_request_duration_seconds_bucket{{route=\"{route}\",le=\"{bound}\"}} {n}"
                );
            }
            let _ = writeln!(
                out,
                "knightd_request_duration_seconds_bucket{{route=\"{route}\",le=\"+Inf\"}} {}",
                l.count
            );
            let _ = writeln!(
                out,
                "knightd_request_duration_seconds_sum{{route=\"{route}\"}} {}",
                l.sum
            );
            let _ = writeln!(
                out,
                "knightd_request_duration_seconds_count{{route=\"{route}\"}} {}",
                l.count
            );
        }
        out.push_str("# HELP knightd_heavy_queue_depth Heavy jobs waiting for a worker.\n");
        out.push_str("# TYPE knightd_heavy_queue_depth gauge\n");
        let _ = writeln!(out, "knightd_heavy_queue_depth {queued}");
        out.push_str("# HELP knightd_heavy_jobs Heavy jobs running or waiting.\n");
        out.push_str("# TYPE knightd_heavy_jobs gauge\n");
        let _ = writeln!(out, "knightd_heavy_jobs {admitted}");
        out
    }
}

/// The route template that answered, carried on the response from the
/// router's inside (where it is known) to [`track`] outside it.
#[derive(Clone, Debug)]
pub struct RouteName(pub String);

/// Route middleware: names the route template on the response.
pub async fn name_route(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_owned());
    let mut response = next.run(request).await;
    if let Some(route) = route {
        response.extensions_mut().insert(RouteName(route));
    }
    response
}

/// Middleware: counts each request under its route template, so that query
/// strings and unknown paths do not make new series.
pub async fn track(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let method = request.method().as_str().to_owned();
    let started = Instant::now();
    let response = next.run(request).await;
    let route = response
        .extensions()
        .get::<RouteName>()
        .map_or("unmatched", |r| r.0.as_str());
    state.metrics.record(
        route,
        &method,
        response.status().as_u16(),
        started.elapsed().as_secs_f64(),
    );
    response
}

pub async fn get(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        state
            .metrics
            .render(state.heavy.queued(), state.heavy.admitted()),
    )
}
