//! One module per resource: what it is asked, which solver call, what it
//! answers (`distance`, `path`, `tour` (with its step), `finish` (a tour
//! finished from the moves played, or from clues), `puzzle`, `count` (how
//! many tours), `colour`, `moves`, `distance_map`, `shortest_paths`,
//! `validate`, `longest`), the operations (`ops`: health, readiness,
//! metrics, the documents, 404 and 405) and the board page (`page`).
//! Handlers are thin: question → pool → answer. They are given their
//! question resolved (`request::resolve::Question`, whose refusals are
//! all written in `request`), run one solver call on the heavy pool when
//! it is heavy (`heavy::Served`), and answer an answer type in the format
//! asked (`response::answer::respond`). No route imports another.

pub mod colour;
pub mod count;
pub mod distance;
pub mod distance_map;
pub mod finish;
pub mod longest;
pub mod moves;
pub mod ops;
pub mod page;
pub mod path;
pub mod puzzle;
pub mod shortest_paths;
pub mod tour;
pub mod validate;
