//! Shaping an answer: each endpoint's answer, drawn in the format the
//! request chose (`answer`), pictures as responses (`picture`), large JSON
//! answers streamed as the client reads them (`streamed`), NDJSON lines
//! (`lines`), gzip (`compress`) and PNG pictures rasterised from the SVG
//! (`raster`); the mark of an answer that is no function of its URL alone
//! ([`NotPure`]).

pub mod answer;
pub mod compress;
pub mod lines;
pub mod picture;
pub mod raster;
pub mod streamed;

/// A response extension: this answer is not a function of its URL alone
/// (a puzzle the time cut short, which more time would make with fewer
/// clues), so the cache layer (`layers::etag::cache_for_a_day`) sends
/// it `Cache-Control: no-store`, without an `ETag`. Here, beside the other
/// answer shaping, so that a route marks it without reaching up into the
/// layers.
#[derive(Clone, Copy, Debug)]
pub struct NotPure;
