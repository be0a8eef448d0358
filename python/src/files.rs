//! Writing files: whole or not at all, as the command line writes them.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

/// The picture formats `Level.render` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture {
    /// SVG text.
    Svg,
    /// PNG, the SVG rasterised.
    Png,
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
        _ => Err(PyValueError::new_err(format!(
            "render: `{}`: the file name must end in .svg or .png",
            path.display()
        ))),
    }
}

/// Writes `svg` to `path` in `format`.
pub fn write_picture(py: Python<'_>, path: &Path, svg: &str, format: Picture) -> PyResult<()> {
    match format {
        Picture::Svg => write_atomically(py, path, svg.as_bytes()),
        Picture::Png => {
            let png =
                crate::guard::detached(py, "drawing a PNG", || clearway::render::svg_to_png(svg))?
                    .map_err(|e| PyValueError::new_err(format!("render: {e}")))?;
            write_atomically(py, path, &png)
        }
    }
}

/// Writes `contents` to `path` through a temporary file in the same folder
/// renamed over it: a reader sees the old file or the new one, never half
/// of one.
pub fn write_atomically(py: Python<'_>, path: &Path, contents: &[u8]) -> PyResult<()> {
    py.detach(|| write(path, contents))
        .map_err(|e| PyOSError::new_err(format!("cannot write `{}`: {e}", path.display())))
}

fn write(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    if path.is_dir() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "it is a directory",
        ));
    }
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // Unique among this process's writes, so two threads writing one path
    // do not share a temporary file.
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let n = WRITES.fetch_add(1, Ordering::Relaxed);
    let temp: PathBuf = dir.join(format!(".{file_name}.{}-{n}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(contents)?;
        file.sync_all()?;
        if let Ok(metadata) = std::fs::metadata(path) {
            std::fs::set_permissions(&temp, metadata.permissions())?;
        }
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}
