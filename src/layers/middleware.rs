//! The names `front` reads from the rooms that were one file here
//! (`etag`, `trace`), until it names those rooms itself.

pub use crate::layers::etag::etag_per_coding;
pub use crate::layers::trace::trace_id;
