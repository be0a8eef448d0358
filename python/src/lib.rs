//! `clearway._clearway`: the native half of the `clearway` Python package,
//! over the `clearway` library crate. The pure-Python `clearway/__init__.py`
//! re-exports it; `clearway/__init__.pyi` types it.
//!
//! One concept per file: the level (`level.rs`) and its measured core
//! (`measured.rs`), arrays in and out (`arrays.rs`, `obstacles.rs`,
//! `from_arrays.rs`), node and radius arguments (`nodes.rs`, `radius.rs`),
//! results (`results.rs`), the live level (`live.rs`), files (`extra.rs`,
//! `files.rs`, `grid_level.rs`), errors (`errors.rs`) and the GIL (`guard.rs`).

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyString;

mod arrays;
mod dims;
mod errors;
mod extra;
mod files;
mod from_arrays;
mod grid_level;
mod guard;
mod level;
mod live;
mod measured;
mod nodes;
mod obstacles;
mod radius;
mod results;

/// Loads a level from a map file (RON), 2D or 3D as its nodes say.
///
/// ``obstacles`` adds the obstacles of other files after the map's own, as
/// the command line's ``--obstacles`` does: a Tiled map (``.tmx``) for a
/// flat level, a Wavefront OBJ file (``.obj``) for a 3D one; one path or a
/// list. A Tiled map is read as ``clearway --obstacles`` reads it, with
/// ``layer``, ``pixels_per_unit``, ``tiled_origin`` (``"bottom-left"`` or
/// ``"top-left"``) and ``solid_property`` as its options of those names.
/// Raises ``LoadError`` (a ``ValueError``) with the located message
/// ``clearway`` prints when a file does not load.
#[pyfunction]
#[pyo3(signature = (path, obstacles=None, *, layer=None, pixels_per_unit=1.0, tiled_origin="bottom-left", solid_property=None))]
fn load(
    py: Python<'_>,
    path: PathBuf,
    obstacles: Option<&Bound<'_, PyAny>>,
    layer: Option<String>,
    pixels_per_unit: f64,
    tiled_origin: &str,
    solid_property: Option<String>,
) -> PyResult<level::PyLevel> {
    let origin = match tiled_origin {
        "bottom-left" => clearway::tiled::TiledOrigin::BottomLeft,
        "top-left" => clearway::tiled::TiledOrigin::TopLeft,
        other => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "tiled_origin must be \"bottom-left\" or \"top-left\", not {other:?}"
            )));
        }
    };
    let tiled = clearway::tiled::TiledOptions {
        layer,
        pixels_per_unit,
        origin,
        solid_property,
        ..clearway::tiled::TiledOptions::default()
    };
    let obstacles: Vec<PathBuf> = match obstacles {
        None => Vec::new(),
        Some(o) if o.is_none() => Vec::new(),
        Some(o) if o.is_instance_of::<PyString>() || o.hasattr("__fspath__")? => vec![o.extract()?],
        Some(o) => o.extract()?,
    };
    level::load(py, path, obstacles, &tiled)
}

/// Reads a level from map-file (RON) text; ``name`` is the source name
/// error messages give.
#[pyfunction]
#[pyo3(signature = (text, name="<string>"))]
fn loads(py: Python<'_>, text: &str, name: &str) -> PyResult<level::PyLevel> {
    level::loads(py, text, name)
}

/// Makes a level from a Moving AI grid map (``.map``), as ``clearway grid``
/// does: a node at each free cell's centre (cell (col, row) is node id
/// ``row * width + col``), edges to the 4 or 8 neighbours (``connect``),
/// the solid cells as obstacles. ``cell_size`` is a cell's side. Swamp
/// ``S`` and water ``W`` are the areas ``swamp`` and ``water``, unless
/// named in ``solid`` (``"W"``, ``"SW"``), as ``clearway grid --solid``.
#[pyfunction]
#[pyo3(signature = (path, connect=8, cell_size=1.0, solid=""))]
fn grid(
    py: Python<'_>,
    path: PathBuf,
    connect: u32,
    cell_size: f64,
    solid: &str,
) -> PyResult<level::PyLevel> {
    grid_level::grid(py, path, connect, cell_size, solid)
}

/// The native module.
#[pymodule]
fn _clearway(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(loads, m)?)?;
    m.add_function(wrap_pyfunction!(grid, m)?)?;
    m.add_class::<level::PyLevel>()?;
    m.add_class::<live::PyLiveLevel>()?;
    m.add_class::<live::LiveChange>()?;
    m.add_class::<results::CheckResult>()?;
    m.add_class::<results::Route>()?;
    m.add_class::<results::Witnesses>()?;
    m.add_class::<results::WalkingClearances>()?;
    m.add("LoadError", m.py().get_type::<errors::LoadError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
