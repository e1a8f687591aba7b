//! What wraps every route: `front` (the one layer round every request:
//! limits, request id, timeout, metrics, logs, gzip), `limits` (what one
//! client may ask), `etag` (the ETag cache of GET answers), `trace` (the
//! caller's trace id), `cors`, `metrics` (the counters behind
//! `GET /metrics`) and `pictured` (round the routes that draw: the format
//! decided, PNGs rasterised).

pub mod cors;
pub mod etag;
pub mod front;
pub mod limits;
pub mod metrics;
pub mod pictured;
pub mod trace;
