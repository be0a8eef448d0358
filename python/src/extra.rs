//! Obstacles from other files added to a loaded level, as the command
//! line's `--obstacles` adds them: a Tiled map (`.tmx`) to a flat level, a
//! Wavefront OBJ file (`.obj`) to a 3D one.

use std::path::{Path, PathBuf};

use clearway::Level;
use clearway::tiled::{self, TiledOptions};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::{file_error, located};

/// `level` with the obstacles of each file of `files` appended, in order.
pub fn add(
    py: Python<'_>,
    mut level: Level,
    map: &Path,
    files: &[PathBuf],
    tiled: &TiledOptions,
) -> PyResult<Level> {
    for file in files {
        level = add_one(py, level, map, file, tiled)?;
    }
    Ok(level)
}

fn extension(path: &Path) -> String {
    path.extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default()
}

fn add_one(
    py: Python<'_>,
    level: Level,
    map: &Path,
    file: &Path,
    tiled: &TiledOptions,
) -> PyResult<Level> {
    let name = file.display().to_string();
    let refused =
        |e: clearway::map::ExtraObstacleError| PyValueError::new_err(format!("{name}: {e}"));
    match (level, extension(file).as_str()) {
        (Level::Plane(m), "tmx") => {
            let import = py
                .detach(|| tiled::load_obstacles(file, tiled))
                .map_err(|e| file_error(py, &name, "Tiled", format!("error: {e}")))?;
            Ok(Level::Plane(
                m.with_extra_obstacles(import.obstacles).map_err(refused)?,
            ))
        }
        (Level::Space(m), "obj") => {
            let import = py.detach(|| clearway::obj::load_obj(file)).map_err(|e| {
                located(
                    py,
                    e.to_string(),
                    e.source_name(),
                    e.location().map(|l| (l.line, l.column)),
                    &format!("{:?}", e.kind()),
                    e.message(),
                )
            })?;
            let (obstacles, _) = import.into_obstacles();
            Ok(Level::Space(
                m.with_extra_obstacles(obstacles).map_err(refused)?,
            ))
        }
        (Level::Space(_), "tmx") => Err(PyValueError::new_err(format!(
            "obstacles `{name}`: Tiled maps are 2D, and `{}` is a 3D level; give a 3D \
             level's obstacles as a Wavefront OBJ file (.obj)",
            map.display()
        ))),
        (Level::Plane(_), "obj") => Err(PyValueError::new_err(format!(
            "obstacles `{name}`: an OBJ file holds 3D meshes, and `{}` is a flat level; give \
             a flat level's obstacles as a Tiled map (.tmx)",
            map.display()
        ))),
        _ => Err(PyValueError::new_err(format!(
            "obstacles `{name}`: expected a Tiled map (.tmx) or a Wavefront OBJ file (.obj)"
        ))),
    }
}
