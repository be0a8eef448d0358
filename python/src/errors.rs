//! `clearway.LoadError`: a level or obstacle file that could not be read,
//! with the same located message the command line prints.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    clearway,
    LoadError,
    PyValueError,
    "A level, grid or obstacle file that could not be loaded.\n\n\
     ``str(error)`` is the diagnostic the ``clearway`` command prints: the\n\
     headline, ``--> file:line:column`` and the offending line with the bad\n\
     value underlined. Attributes: ``path`` (the file or source name),\n\
     ``line`` and ``column`` (1-based; ``None`` when the error has no place\n\
     in the text, as for a missing file), ``kind`` (the error's class, such\n\
     as ``\"NonFinite\"`` or ``\"Io\"``) and ``message`` (the headline alone).\n\
     A subclass of ``ValueError``."
);

/// The Python exception for a map or grid that did not load.
pub fn load_error(py: Python<'_>, e: &clearway::LoadError) -> PyErr {
    let location = e.location();
    located(
        py,
        e.to_string(),
        e.source_name(),
        location.map(|l| (l.line, l.column)),
        &format!("{:?}", e.kind()),
        e.message(),
    )
}

/// A `LoadError` for a file that is not a map (a Tiled map, an OBJ file):
/// its message as the command line prints it, without a place.
pub fn file_error(py: Python<'_>, path: &str, kind: &str, message: String) -> PyErr {
    let headline = message
        .strip_prefix("error: ")
        .unwrap_or(&message)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    located(py, message, path, None, kind, &headline)
}

/// A `LoadError` with its diagnostic `text`, the file, the place in it,
/// the error's class and its headline.
pub fn located(
    py: Python<'_>,
    text: String,
    path: &str,
    place: Option<(usize, usize)>,
    kind: &str,
    headline: &str,
) -> PyErr {
    let err = LoadError::new_err(text);
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("path", path)?;
        value.setattr("line", place.map(|p| p.0))?;
        value.setattr("column", place.map(|p| p.1))?;
        value.setattr("kind", kind)?;
        value.setattr("message", headline)?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}
