//! numpy arrays in and out: whole arrays cross the boundary, never a
//! Python object per element.

use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The rows of a 2-D float array given as anything numpy reads (an array,
/// a list of lists), as float64: the values row by row, and the row width.
/// An empty input is no rows. The width must be one of `widths`.
pub fn f64_rows(
    obj: &Bound<'_, PyAny>,
    name: &str,
    widths: &[usize],
) -> PyResult<(Vec<f64>, usize)> {
    let array = as_array(obj, name, "float64")?;
    let array = array
        .cast::<PyArrayDyn<f64>>()
        .map_err(|_| PyTypeError::new_err(format!("{name}: expected an array of float64")))?;
    rows(copied(&array.readonly()), array.shape(), name, widths)
}

/// The rows of a 2-D integer array, as i64: the values row by row and the
/// row width (one of `widths`). Floats, booleans and strings are refused:
/// an index is never rounded.
pub fn i64_rows(
    obj: &Bound<'_, PyAny>,
    name: &str,
    widths: &[usize],
) -> PyResult<(Vec<i64>, usize)> {
    let py = obj.py();
    let np = py.import("numpy")?;
    let array = np.call_method1("asarray", (obj,))?;
    let size: usize = array.getattr("size")?.extract()?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    let array = if size == 0 {
        np.call_method("asarray", (obj,), Some(&kwargs(py, "int64")?))?
    } else if kind == "i" || kind == "u" {
        if kind == "u" {
            let max: u64 = array.call_method0("max")?.extract()?;
            if i64::try_from(max).is_err() {
                return Err(PyValueError::new_err(format!("{name}: {max} is too large")));
            }
        }
        array.call_method1("astype", ("int64",))?
    } else {
        return Err(PyTypeError::new_err(format!(
            "{name}: expected integers, got an array of dtype {}",
            array.getattr("dtype")?.str()?
        )));
    };
    let array = array
        .cast::<PyArrayDyn<i64>>()
        .map_err(|_| PyTypeError::new_err(format!("{name}: expected an array of integers")))?;
    rows(copied(&array.readonly()), array.shape(), name, widths)
}

/// A 1-D array of `len` values read as `dtype` ("float64" or "bool").
pub fn column<T: numpy::Element + Copy>(
    obj: &Bound<'_, PyAny>,
    name: &str,
    dtype: &str,
    len: usize,
) -> PyResult<Vec<T>> {
    let array = as_array(obj, name, dtype)?;
    let array = array
        .cast::<PyArrayDyn<T>>()
        .map_err(|_| PyTypeError::new_err(format!("{name}: expected an array of {dtype}")))?;
    let shape = array.shape();
    if shape != [len] {
        return Err(PyValueError::new_err(format!(
            "{name}: expected shape ({len},), got {shape:?}"
        )));
    }
    Ok(copied(&array.readonly()))
}

/// An array's values in order: one copy of the memory when it is
/// contiguous (as numpy makes them), element by element when it is not.
fn copied<T: numpy::Element + Copy>(array: &numpy::PyReadonlyArrayDyn<'_, T>) -> Vec<T> {
    let view = array.as_array();
    match view.as_slice() {
        Some(values) => values.to_vec(),
        None => view.iter().copied().collect(),
    }
}

fn kwargs<'py>(py: Python<'py>, dtype: &str) -> PyResult<Bound<'py, PyDict>> {
    let kwargs = PyDict::new(py);
    kwargs.set_item("dtype", dtype)?;
    Ok(kwargs)
}

/// `numpy.asarray(obj, dtype=dtype)`, its failure (strings where numbers
/// belong, ragged rows) a `TypeError` naming the argument.
fn as_array<'py>(obj: &Bound<'py, PyAny>, name: &str, dtype: &str) -> PyResult<Bound<'py, PyAny>> {
    let py = obj.py();
    let np = py.import("numpy")?;
    np.call_method("asarray", (obj,), Some(&kwargs(py, dtype)?))
        .map_err(|e| PyTypeError::new_err(format!("{name}: not an array of {dtype}: {e}")))
}

fn rows<T: Copy>(
    values: Vec<T>,
    shape: &[usize],
    name: &str,
    widths: &[usize],
) -> PyResult<(Vec<T>, usize)> {
    let expected = || {
        widths
            .iter()
            .map(|w| format!("(n, {w})"))
            .collect::<Vec<_>>()
            .join(" or ")
    };
    match shape {
        [0] => Ok((Vec::new(), widths[0])),
        [_, w] if widths.contains(w) => Ok((values, *w)),
        _ => Err(PyValueError::new_err(format!(
            "{name}: expected shape {}, got {shape:?}",
            expected()
        ))),
    }
}

/// A 1-D numpy array owning `values`.
pub fn vector<'py, T: numpy::Element>(py: Python<'py>, values: Vec<T>) -> Bound<'py, PyArray1<T>> {
    PyArray1::from_vec(py, values)
}

/// An `(n, width)` numpy array of `values`, row by row.
pub fn matrix<'py, T: numpy::Element>(
    py: Python<'py>,
    values: Vec<T>,
    width: usize,
) -> PyResult<Bound<'py, PyArray2<T>>> {
    let rows = values.len().checked_div(width).unwrap_or(0);
    PyArray1::from_vec(py, values).reshape([rows, width])
}
