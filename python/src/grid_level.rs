//! `clearway.grid`: a level from a Moving AI grid map (`.map`), as
//! `clearway grid` makes one.

use std::path::PathBuf;

use clearway::grid::{Connectivity, GridOptions, grid_map, parse_movingai_bytes_with_areas};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

use crate::errors::load_error;
use crate::level::PyLevel;

/// The level of the grid map at `path`.
pub fn grid(
    py: Python<'_>,
    path: PathBuf,
    connect: u32,
    cell_size: f64,
    solid: &str,
) -> PyResult<PyLevel> {
    if let Some(c) = solid.chars().find(|c| !matches!(c, 'S' | 'W')) {
        return Err(PyValueError::new_err(format!(
            "solid names terrain that would otherwise be an area: S (swamp) and W (water), not {c:?}"
        )));
    }
    let connect = match connect {
        4 => Connectivity::Four,
        8 => Connectivity::Eight,
        other => {
            return Err(PyValueError::new_err(format!(
                "connect must be 4 or 8, not {other}"
            )));
        }
    };
    let name = path.display().to_string();
    let bytes = std::fs::read(&path)
        .map_err(|e| PyOSError::new_err(format!("cannot read grid `{name}`: {e}")))?;
    let grid = py
        .detach(|| parse_movingai_bytes_with_areas(&bytes, &name, solid))
        .map_err(|e| load_error(py, &e))?;
    let options = GridOptions {
        cell_size,
        ..GridOptions::new(connect)
    };
    let map = py
        .detach(|| grid_map(&grid, &options))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(PyLevel::of(clearway::Level::Plane(map)))
}
