//! Work done without the GIL, and a panic in it turned into a Python
//! exception that says what happened rather than aborting the interpreter.

use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// Runs `work` with the GIL released (other Python threads run meanwhile);
/// a panic in it becomes a `RuntimeError` naming `what` and the panic's
/// message.
pub fn detached<T, F>(py: Python<'_>, what: &str, work: F) -> PyResult<T>
where
    F: FnOnce() -> T + Send,
    T: Send,
{
    py.detach(|| catch_unwind(AssertUnwindSafe(work)))
        .map_err(|payload| panicked(what, payload.as_ref()))
}

/// The exception for a panic: a bug in clearway, reported with its message.
pub fn panicked(what: &str, payload: &(dyn std::any::Any + Send)) -> PyErr {
    let message = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_string());
    PyRuntimeError::new_err(format!(
        "internal error in clearway while {what} (a bug; please report it): {message}"
    ))
}
