//! Writing files: whole or not at all, as the command line writes them.

use std::path::Path;

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

/// The picture formats `Level.render` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture {
    /// SVG text.
    Svg,
    /// PNG, the SVG rasterised.
    Png,
    /// The viewer: one self-contained HTML page (`clearway render -o
    /// level.html`).
    Html,
}

/// The picture format a path's extension asks for.
pub fn picture_format(path: &Path) -> PyResult<Picture> {
    match path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .as_deref()
    {
        Some("svg") => Ok(Picture::Svg),
        Some("png") => Ok(Picture::Png),
        Some("html" | "htm") => Ok(Picture::Html),
        _ => Err(PyValueError::new_err(format!(
            "render: `{}`: the file name must end in .svg, .png or .html",
            path.display()
        ))),
    }
}

/// Writes `svg` (the page's HTML for [`Picture::Html`]) to `path` in
/// `format`.
pub fn write_picture(py: Python<'_>, path: &Path, svg: &str, format: Picture) -> PyResult<()> {
    match format {
        Picture::Svg | Picture::Html => write_atomically(py, path, svg.as_bytes()),
        Picture::Png => {
            let png =
                crate::guard::detached(py, "drawing a PNG", || clearway::render::svg_to_png(svg))?
                    .map_err(|e| PyValueError::new_err(format!("render: {e}")))?;
            write_atomically(py, path, &png)
        }
    }
}

/// Writes `contents` to `path` as the command line writes its outputs
/// ([`clearway_atomic_write`]): through a temporary file in the same
/// folder renamed over it, so a reader sees the old file or the new one,
/// never half of one. The GIL is released while the disk works.
pub fn write_atomically(py: Python<'_>, path: &Path, contents: &[u8]) -> PyResult<()> {
    py.detach(|| clearway_atomic_write::write_atomically(path, contents))
        .map_err(|e| PyOSError::new_err(format!("cannot write `{}`: {e}", path.display())))
}
