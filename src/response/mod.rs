//! Shaping an answer: answers in the format the request chose (`picture`), large JSON answers
//! streamed as the client reads them (`answer`), gzip (`compress`) and PNG
//! pictures rasterised from the SVG (`raster`).

pub mod answer;
pub mod compress;
pub mod lines;
pub mod picture;
pub mod raster;
