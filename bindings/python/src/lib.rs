//! The knight library in Python: the native module `knight_moves._native`,
//! which the `knight_moves` package (python/) re-exports with its errors.
//! Each function reads its squares and board as Python writes them, asks
//! one question of the library, and answers with Python values (or an
//! answer object that can draw itself); the heavy ones release the GIL.

mod capi;
mod errors;
mod picture;
mod plain;
#[cfg(feature = "png")]
mod raster;
mod squares;
mod terrain;
mod tours;

use pyo3::prelude::*;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<picture::Picture>()?;
    m.add_function(wrap_pyfunction!(plain::distance, m)?)?;
    m.add_function(wrap_pyfunction!(plain::distances, m)?)?;
    m.add_function(wrap_pyfunction!(plain::path, m)?)?;
    m.add_function(wrap_pyfunction!(plain::shortest_paths, m)?)?;
    m.add_class::<plain::ShortestPaths>()?;
    m.add_function(wrap_pyfunction!(plain::distance_map, m)?)?;
    m.add_class::<plain::DistanceMap>()?;
    m.add_function(wrap_pyfunction!(plain::colour, m)?)?;
    m.add_function(wrap_pyfunction!(plain::moves, m)?)?;
    m.add_function(wrap_pyfunction!(plain::square_name, m)?)?;
    m.add_function(wrap_pyfunction!(plain::square_index, m)?)?;
    m.add_function(wrap_pyfunction!(tours::tour, m)?)?;
    m.add_class::<tours::Tour>()?;
    m.add_class::<tours::IndexedTour>()?;
    m.add_function(wrap_pyfunction!(tours::tour_step, m)?)?;
    m.add_function(wrap_pyfunction!(tours::finish, m)?)?;
    m.add_function(wrap_pyfunction!(tours::solve_clues, m)?)?;
    m.add_function(wrap_pyfunction!(tours::puzzle, m)?)?;
    m.add_function(wrap_pyfunction!(tours::count_tours, m)?)?;
    m.add_class::<tours::Puzzle>()?;
    m.add_class::<terrain::Terrain>()?;
    m.add_function(wrap_pyfunction!(terrain::validate, m)?)?;
    m.add_class::<terrain::Validation>()?;
    m.add_class::<terrain::StepFault>()?;
    m.add_function(wrap_pyfunction!(terrain::cheapest_path, m)?)?;
    m.add_function(wrap_pyfunction!(terrain::longest_path, m)?)?;
    m.add_class::<terrain::TerrainPath>()?;
    Ok(())
}
