//! What one client may ask of the server, checked before a request reaches
//! its route: who the client is (its address, or a forwarded-for address
//! behind a `--trusted-proxy`), its request rate (`--rate-limit`: 429 with
//! `Retry-After` and the IETF draft `RateLimit` headers), and request
//! bodies: a declared `Content-Length` over the limit is 413 at once, a body
//! that stops arriving is 408 (`--body-timeout-ms`), and the bytes of all
//! bodies being received are held within one budget (`--body-budget`: past
//! it, 503 and `Retry-After`), so that many slow uploads cannot take memory
//! without bound.
//!
//! The client named here is also the one whose turn heavy work waits for
//! ([`heavy::Work`](crate::heavy::Work)).

use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::Body;
use axum::extract::{ConnectInfo, Request};
use axum::http::{header, Extensions, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::middleware::StateInformationMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};
use http_body::Body as _;
use ipnet::IpNet;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::config::{Config, RateLimit};
use crate::error::ApiError;
use crate::wrapped::{NextFrame, Wrapped, Wrapper};

/// Paths never rate-limited: health checks and scrapes come from the
/// platform, often all from one address.
const UNLIMITED_PATHS: [&str; 3] = ["/healthz", "/readyz", "/metrics"];

/// Forgotten clients are dropped from the rate limiter's table once every
/// this many checks.
const RETAIN_EVERY: u64 = 4096;

type Limiter =
    RateLimiter<IpAddr, DefaultKeyedStateStore<IpAddr>, DefaultClock, StateInformationMiddleware>;

/// The per-client limits shared by all requests.
#[derive(Clone, Debug)]
pub struct Limits {
    trusted: Arc<[IpNet]>,
    rate: Option<Rate>,
    body_limit: usize,
    body_timeout: Duration,
    /// Bytes of request bodies that may be held at once, as permits.
    body_budget: Arc<Semaphore>,
}

#[derive(Clone, Debug)]
struct Rate {
    limiter: Arc<Limiter>,
    policy: RateLimit,
    checks: Arc<AtomicU64>,
}

impl Limits {
    pub fn new(config: &Config) -> Limits {
        let rate = config.rate_limit.map(|policy| {
            let period = policy.per / policy.count;
            let quota = Quota::with_period(period.max(Duration::from_nanos(1)))
                .expect("a positive period")
                .allow_burst(NonZeroU32::new(policy.count).expect("a positive count"));
            Rate {
                limiter: Arc::new(
                    RateLimiter::keyed(quota).with_middleware::<StateInformationMiddleware>(),
                ),
                policy,
                checks: Arc::new(AtomicU64::new(0)),
            }
        });
        Limits {
            trusted: config.trusted_proxy.clone().into(),
            rate,
            body_limit: config.body_limit,
            body_timeout: Duration::from_millis(config.body_timeout_ms.max(1)),
            body_budget: Arc::new(Semaphore::new(
                config.body_budget.min(Semaphore::MAX_PERMITS),
            )),
        }
    }

    /// The client of `request`: the peer's address, or, when the peer is a
    /// trusted proxy, the last address in `X-Forwarded-For` that is not
    /// one. An IPv6 client is its /64, as one host commonly holds one.
    pub fn client(&self, request: &Request) -> IpAddr {
        self.client_of(request.extensions(), request.headers())
    }

    /// [`Limits::client`] of a request's extensions and headers.
    pub fn client_of(&self, extensions: &Extensions, headers: &HeaderMap) -> IpAddr {
        // The connection's peer (`server` puts it on every request), or
        // axum's `ConnectInfo` where a request came some other way.
        let peer = extensions
            .get::<Arc<crate::http2::Connection>>()
            .map(|c| c.peer())
            .or_else(|| extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0))
            .map_or(IpAddr::from([0, 0, 0, 0]), |a| a.ip().to_canonical());
        let trusted = |ip: &IpAddr| self.trusted.iter().any(|net| net.contains(ip));
        let mut client = peer;
        if trusted(&peer) {
            let forwarded: Vec<IpAddr> = headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .filter_map(|a| a.trim().parse::<IpAddr>().ok())
                .map(|ip| ip.to_canonical())
                .collect();
            if let Some(first) = forwarded.first() {
                client = forwarded
                    .iter()
                    .rev()
                    .find(|ip| !trusted(ip))
                    .unwrap_or(first)
                    .to_owned();
            }
        }
        match client {
            IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !u128::from(u64::MAX))),
            v4 => v4,
        }
    }

    /// Counts a request of `client`: the `RateLimit` headers of its answer,
    /// and, when it is over its rate, the seconds to wait.
    fn check_rate(&self, rate: &Rate, client: IpAddr) -> (HeaderMap, Option<u64>) {
        if rate.checks.fetch_add(1, Ordering::Relaxed) % RETAIN_EVERY == RETAIN_EVERY - 1 {
            rate.limiter.retain_recent();
            rate.limiter.shrink_to_fit();
        }
        let quota = rate.policy.count;
        let window = rate.policy.per.as_secs().max(1);
        let per_request = rate.policy.per / quota;
        let (remaining, reset, refused) = match rate.limiter.check_key(&client) {
            Ok(snapshot) => {
                let remaining = snapshot.remaining_burst_capacity();
                (remaining, per_request * (quota - remaining), None)
            }
            Err(not_until) => {
                let wait = not_until.wait_time_from(rate.limiter.clock().now());
                (0, per_request * quota, Some(wait))
            }
        };
        let mut headers = HeaderMap::new();
        let policy = format!("\"default\";q={quota};w={window}");
        let state = format!("\"default\";r={remaining};t={}", secs_rounded_up(reset));
        headers.insert(
            "ratelimit-policy",
            HeaderValue::try_from(policy).expect("ASCII"),
        );
        headers.insert("ratelimit", HeaderValue::try_from(state).expect("ASCII"));
        let wait = refused.map(|wait| secs_rounded_up(wait).max(1));
        (headers, wait)
    }

    /// The request with its body guarded, and what the guard found; or
    /// the refusal of a body too large or over the budget.
    fn guard_body(&self, request: &mut Request) -> Result<Option<Guard>, ApiError> {
        let declared = request
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok());
        if declared.is_some_and(|n| n > len64(self.body_limit)) {
            return Err(ApiError::payload_too_large(self.body_limit));
        }
        let hint = http_body::Body::size_hint(request.body());
        if hint.exact() == Some(0) {
            return Ok(None);
        }
        let held = match hint.exact() {
            Some(n) => {
                let n = u32::try_from(n).unwrap_or(u32::MAX);
                let permit = Arc::clone(&self.body_budget)
                    .try_acquire_many_owned(n)
                    .map_err(|_| ApiError::bodies_overloaded(1))?;
                Some(permit)
            }
            None => None,
        };
        let guard = Guard(Arc::new(Mutex::new(Guarded { fault: None, held })));
        let budget = declared.is_none().then(|| Arc::clone(&self.body_budget));
        let guarding = Guarding {
            timeout: self.body_timeout,
            idle: None,
            rearm: false,
            budget,
            guard: guard.clone(),
        };
        let body = std::mem::take(request.body_mut());
        *request.body_mut() = Wrapped::body(body, guarding);
        Ok(Some(guard))
    }
}

/// What went wrong with a body while it was read.
#[derive(Clone, Copy, Debug)]
enum Fault {
    /// No bytes came for the body timeout.
    Stalled,
    /// The bodies being received took the whole budget.
    OverBudget,
}

/// Shared by a guarded body and the layer that answers for it: the fault
/// met, and the budget held until the answer is made.
#[derive(Clone, Debug)]
struct Guard(Arc<Mutex<Guarded>>);

#[derive(Debug)]
struct Guarded {
    fault: Option<Fault>,
    held: Option<OwnedSemaphorePermit>,
}

impl Guard {
    fn lock(&self) -> std::sync::MutexGuard<'_, Guarded> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn fault(&self) -> Option<Fault> {
        self.lock().fault
    }

    fn set(&self, fault: Fault) -> axum::BoxError {
        self.lock().fault = Some(fault);
        format!("request body: {fault:?}").into()
    }
}

/// What guards a request body: it fails when it stalls for `timeout`, and
/// its bytes, when their length was not declared, are taken from the
/// budget as they come. The stall is timed from when the body is first
/// waited for after its last bytes came: a body that is all there when it
/// is read (most are) never arms the timer.
struct Guarding {
    timeout: Duration,
    /// Armed at the first wait.
    idle: Option<Pin<Box<tokio::time::Sleep>>>,
    /// Bytes came since the timer was last set: set it again at the next wait.
    rearm: bool,
    budget: Option<Arc<Semaphore>>,
    guard: Guard,
}

impl Wrapper for Guarding {
    fn poll_frame(&mut self, inner: &mut Body, cx: &mut Context<'_>) -> NextFrame {
        match Pin::new(inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                if let (Some(budget), Some(data)) = (&self.budget, frame.data_ref()) {
                    let n = u32::try_from(data.len()).unwrap_or(u32::MAX);
                    match Arc::clone(budget).try_acquire_many_owned(n) {
                        Ok(permit) => {
                            let mut guarded = self.guard.lock();
                            match guarded.held.as_mut() {
                                Some(h) => h.merge(permit),
                                None => guarded.held = Some(permit),
                            }
                        }
                        Err(_) => {
                            return Poll::Ready(Some(Err(axum::Error::new(
                                self.guard.set(Fault::OverBudget),
                            ))))
                        }
                    }
                }
                self.rearm = true;
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Pending => {
                let timeout = self.timeout;
                let idle = match &mut self.idle {
                    Some(idle) => {
                        if self.rearm {
                            idle.as_mut().reset(tokio::time::Instant::now() + timeout);
                        }
                        idle
                    }
                    None => self.idle.insert(Box::pin(tokio::time::sleep(timeout))),
                };
                self.rearm = false;
                match idle.as_mut().poll(cx) {
                    Poll::Ready(()) => {
                        Poll::Ready(Some(Err(axum::Error::new(self.guard.set(Fault::Stalled)))))
                    }
                    Poll::Pending => Poll::Pending,
                }
            }
            other => other,
        }
    }
}

use crate::convert::{len64, millis, secs_rounded_up};
use std::future::Future as _;

/// A request [`Limits::admit`] let through: its client, and what its
/// answer must be checked against once made.
#[derive(Debug)]
pub struct Admitted {
    guard: Option<Guard>,
    rate_headers: Option<HeaderMap>,
    body_timeout: Duration,
}

impl Limits {
    /// Names the client of `request`, holds it to its rate, and guards its
    /// body (in place): what the answer of the request (run as the
    /// client's, see [`Work`](crate::heavy::Work)) is checked against
    /// ([`Admitted::answer`]); or the refusal. Synchronous, so that the layer
    /// that calls it adds no future of its own.
    pub fn admit(&self, request: &mut Request) -> Result<Admitted, Box<Response>> {
        let mut rate_headers = None;
        if let Some(rate) = &self.rate {
            if !UNLIMITED_PATHS.contains(&request.uri().path()) {
                // Only a rate needs to know the client (a few hundred
                // instructions a request when there is none).
                let (headers, wait) = self.check_rate(rate, self.client(request));
                if let Some(secs) = wait {
                    let mut refused = ApiError::rate_limited(secs).into_response();
                    refused.headers_mut().extend(headers);
                    return Err(Box::new(refused));
                }
                rate_headers = Some(headers);
            }
        }
        match self.guard_body(request) {
            Err(refused) => {
                let mut refused = refused.into_response();
                if let Some(headers) = rate_headers {
                    refused.headers_mut().extend(headers);
                }
                Err(Box::new(refused))
            }
            Ok(guard) => Ok(Admitted {
                guard,
                rate_headers,
                body_timeout: self.body_timeout,
            }),
        }
    }
}

impl Admitted {
    /// The answer to send for `response`, the route's: a 408 or 503 when
    /// the body failed as it was read, and the `RateLimit` headers.
    pub fn answer(self, response: Response) -> Response {
        let mut response = match self.guard.as_ref().and_then(Guard::fault) {
            Some(Fault::Stalled) => {
                ApiError::body_timeout(millis(self.body_timeout)).into_response()
            }
            Some(Fault::OverBudget) => ApiError::bodies_overloaded(1).into_response(),
            None => response,
        };
        if let Some(headers) = self.rate_headers {
            response.headers_mut().extend(headers);
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(trusted: &[&str]) -> Limits {
        Limits::new(&Config {
            trusted_proxy: trusted.iter().map(|t| t.parse().unwrap()).collect(),
            ..Config::default()
        })
    }

    fn request(peer: &str, forwarded: Option<&str>) -> Request {
        let mut request = Request::new(Body::empty());
        let peer: SocketAddr = peer.parse().unwrap();
        request.extensions_mut().insert(ConnectInfo(peer));
        if let Some(f) = forwarded {
            request
                .headers_mut()
                .insert("x-forwarded-for", HeaderValue::from_str(f).unwrap());
        }
        request
    }

    #[test]
    fn forwarded_for_counts_only_behind_a_trusted_proxy() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let none = limits(&[]);
        let proxied = limits(&["10.0.0.0/8"]);
        let r = || request("10.1.2.3:5000", Some("203.0.113.9, 198.51.100.7, 10.9.9.9"));
        assert_eq!(none.client(&r()), ip("10.1.2.3"));
        assert_eq!(proxied.client(&r()), ip("198.51.100.7"));
        assert_eq!(
            proxied.client(&request("192.0.2.1:1", Some("1.2.3.4"))),
            ip("192.0.2.1")
        );
        assert_eq!(proxied.client(&request("10.0.0.1:1", None)), ip("10.0.0.1"));
        assert_eq!(
            none.client(&request("[2001:db8::1:2:3:4]:1", None)),
            ip("2001:db8::")
        );
        assert_eq!(
            none.client(&request("[::ffff:127.0.0.2]:1", None)),
            ip("127.0.0.2")
        );
    }
}
