//! Shaping an answer: the one error, answered as problem+json (`problem`),
//! pictures chosen by `format` or `Accept` (`picture`), large JSON answers
//! streamed as the client reads them (`answer`) and gzip (`compress`).

pub mod answer;
pub mod compress;
pub mod lines;
pub mod picture;
pub mod problem;
