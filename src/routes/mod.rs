//! One module per resource: what it reads, which solver call, what it
//! answers (`distance`, `path`, `tour` (with its step), `finish` (a tour
//! finished from the moves played, or from clues), `puzzle`, `count` (how
//! many tours), `colour`,
//! `moves`, `distance_map`, `shortest_paths`, `validate`,
//! `longest`), the operations (`ops`: health, readiness, metrics, the
//! documents, 404 and 405) and the board page (`page`). Handlers are thin:
//! read the request (`crate::request`), call one solver function, shape the
//! answer (`crate::response`).

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
