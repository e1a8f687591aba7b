//! Reading a request: the one extractor of a question (`resolve`) and each
//! endpoint's question (`question`), the one rule (`extract`: JSON bodies,
//! queries, and a POST's query), the answer's format (`format`: `format`
//! and `size`, or `Accept`, read once), parameters and their groups
//! (`params`), the query string as a deserializer (`query`), squares as a
//! request names them (`square`), the board it names (`board`) and clues
//! (`clues`).

pub mod board;
pub mod clues;
pub mod extract;
pub mod format;
pub mod params;
pub mod query;
pub mod question;
pub mod resolve;
pub mod square;
