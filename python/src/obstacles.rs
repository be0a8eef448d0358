//! Obstacles as numpy arrays, to and from the file format's wire entries
//! (which the loader validates, exactly as it validates a map file).
//!
//! One kind of obstacle is one array, a row per obstacle: points `(k, 2|3)`,
//! circles `(k, 3)` (centre, radius), segments `(k, 4|6)` (two ends),
//! spheres `(k, 4)`, boxes `(k, 6)` (min then max), triangles `(k, 9)`;
//! polygons are a list of `(v, 2)` arrays and meshes a list of
//! `(vertices, faces[, solid])`.

use clearway_format::wire::{ObstacleEntry, Position};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use rayon::prelude::*;

use crate::arrays::{f64_rows, i64_rows, matrix};

/// The kinds, as Python names them (plural), in the order help lists them.
pub const KINDS: [&str; 8] = [
    "points",
    "circles",
    "segments",
    "polygons",
    "spheres",
    "boxes",
    "triangles",
    "meshes",
];

/// The wire entries of obstacles given as `None`, a dict `{kind: array}`
/// (in the dict's order) or a sequence of `(kind, array)` pairs: obstacle
/// `k` of the level is the `k`-th row met.
pub fn entries(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<ObstacleEntry>> {
    let mut out = Vec::new();
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(out);
    };
    if let Ok(dict) = obj.cast::<PyDict>() {
        for (kind, data) in dict.iter() {
            append(&mut out, of_kind(&kind_name(&kind)?, &data)?);
        }
        return Ok(out);
    }
    if obj.is_instance_of::<pyo3::types::PyString>() {
        return Err(PyTypeError::new_err(
            "obstacles: expected a dict {kind: array} or a list of (kind, array) pairs",
        ));
    }
    for (i, pair) in obj.try_iter()?.enumerate() {
        let pair = pair?;
        let (kind, data): (Bound<'_, PyAny>, Bound<'_, PyAny>) = pair.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "obstacles[{i}]: expected a (kind, array) pair such as (\"circles\", [[x, y, r]])"
            ))
        })?;
        append(&mut out, of_kind(&kind_name(&kind)?, &data)?);
    }
    Ok(out)
}

/// `more` after `out`: moved, not copied, when it is the first run (a
/// level of one kind is one run: five million points need no second copy).
fn append(out: &mut Vec<ObstacleEntry>, more: Vec<ObstacleEntry>) {
    if out.is_empty() {
        *out = more;
    } else {
        out.extend(more);
    }
}

/// One wire entry per row of `width` values, `entry` of the row: on every
/// core, the GIL released (five million points are a few hundred MB of
/// entries).
fn rows_to_entries(
    py: Python<'_>,
    values: &[f64],
    width: usize,
    entry: impl Fn(&[f64]) -> ObstacleEntry + Sync,
) -> Vec<ObstacleEntry> {
    py.detach(|| values.par_chunks(width).map(&entry).collect())
}

fn kind_name(kind: &Bound<'_, PyAny>) -> PyResult<String> {
    kind.extract::<String>()
        .map_err(|_| PyTypeError::new_err("obstacles: a kind is a string such as \"circles\""))
}

/// The entries of one kind's array (`kind` plural or singular).
pub fn of_kind(kind: &str, data: &Bound<'_, PyAny>) -> PyResult<Vec<ObstacleEntry>> {
    let plural = match kind {
        "point" | "circle" | "segment" | "polygon" | "sphere" | "triangle" | "mesh" => {
            if kind == "mesh" {
                "meshes".to_string()
            } else {
                format!("{kind}s")
            }
        }
        "box" => "boxes".to_string(),
        other => other.to_string(),
    };
    let name = format!("obstacles[{plural:?}]");
    let position = |row: &[f64]| match row.len() {
        2 => Position::Plane(row[0], row[1]),
        _ => Position::Space(row[0], row[1], row[2]),
    };
    let entries = match plural.as_str() {
        "points" => {
            let (values, width) = f64_rows(data, &name, &[2, 3])?;
            rows_to_entries(data.py(), &values, width, |r| {
                ObstacleEntry::Point(position(r))
            })
        }
        "circles" => {
            let (values, width) = f64_rows(data, &name, &[3])?;
            rows_to_entries(data.py(), &values, width, |r| ObstacleEntry::Circle {
                center: position(&r[..2]),
                radius: r[2],
            })
        }
        "spheres" => {
            let (values, width) = f64_rows(data, &name, &[4])?;
            rows_to_entries(data.py(), &values, width, |r| ObstacleEntry::Sphere {
                center: position(&r[..3]),
                radius: r[3],
            })
        }
        "segments" => {
            let (values, width) = f64_rows(data, &name, &[4, 6])?;
            let half = width / 2;
            rows_to_entries(data.py(), &values, width, |r| ObstacleEntry::Segment {
                from: position(&r[..half]),
                to: position(&r[half..]),
            })
        }
        "boxes" => {
            let (values, width) = f64_rows(data, &name, &[6])?;
            rows_to_entries(data.py(), &values, width, |r| ObstacleEntry::Box {
                min: position(&r[..3]),
                max: position(&r[3..]),
            })
        }
        "triangles" => {
            let (values, width) = f64_rows(data, &name, &[9])?;
            rows_to_entries(data.py(), &values, width, |r| {
                ObstacleEntry::Triangle(r.chunks(3).map(position).collect())
            })
        }
        "polygons" => {
            let mut out = Vec::new();
            for (i, polygon) in data.try_iter()?.enumerate() {
                let (values, width) = f64_rows(&polygon?, &format!("{name}[{i}]"), &[2])?;
                out.push(ObstacleEntry::Polygon(
                    values.chunks(width).map(position).collect(),
                ));
            }
            out
        }
        "meshes" => {
            let mut out = Vec::new();
            for (i, mesh) in data.try_iter()?.enumerate() {
                out.push(mesh_entry(&mesh?, &format!("{name}[{i}]"))?);
            }
            out
        }
        _ => {
            return Err(PyValueError::new_err(format!(
                "obstacles: unknown kind {kind:?}; the kinds are {}",
                KINDS.join(", ")
            )));
        }
    };
    Ok(entries)
}

/// A mesh given as `(vertices, faces)`, `(vertices, faces, solid)` or a
/// dict with those keys.
fn mesh_entry(mesh: &Bound<'_, PyAny>, name: &str) -> PyResult<ObstacleEntry> {
    let (vertices, faces, solid) = if let Ok(dict) = mesh.cast::<PyDict>() {
        let get = |key: &str| -> PyResult<Bound<'_, PyAny>> {
            dict.get_item(key)?
                .ok_or_else(|| PyValueError::new_err(format!("{name}: no {key:?}")))
        };
        let solid = match dict.get_item("solid")? {
            Some(s) => s.extract::<bool>()?,
            None => false,
        };
        (get("vertices")?, get("faces")?, solid)
    } else {
        let parts: Vec<Bound<'_, PyAny>> = mesh.extract().map_err(|_| {
            PyTypeError::new_err(format!("{name}: expected (vertices, faces[, solid])"))
        })?;
        match parts.as_slice() {
            [v, f] => (v.clone(), f.clone(), false),
            [v, f, s] => (v.clone(), f.clone(), s.extract::<bool>()?),
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "{name}: expected (vertices, faces[, solid])"
                )));
            }
        }
    };
    let (vertices, _) = f64_rows(&vertices, &format!("{name} vertices"), &[3])?;
    let (faces, _) = i64_rows(&faces, &format!("{name} faces"), &[3])?;
    let index = |i: i64| {
        u64::try_from(i)
            .map_err(|_| PyValueError::new_err(format!("{name} faces: index {i} is negative")))
    };
    let triangles = faces
        .chunks(3)
        .map(|f| Ok((index(f[0])?, index(f[1])?, index(f[2])?)))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(ObstacleEntry::Mesh {
        vertices: vertices
            .chunks(3)
            .map(|r| Position::Space(r[0], r[1], r[2]))
            .collect(),
        triangles,
        solid,
    })
}

/// A level's obstacles as `(kind, array)` pairs, in order, a run of
/// obstacles of one kind in one pair: what [`entries`] reads back.
pub fn to_py<'py>(py: Python<'py>, entries: &[ObstacleEntry]) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    let mut start = 0;
    while start < entries.len() {
        let kind = kind_of(&entries[start]);
        let end = start
            + entries[start..]
                .iter()
                .take_while(|e| kind_of(e) == kind)
                .count();
        let run = &entries[start..end];
        let data: Bound<'py, PyAny> = match kind {
            "polygons" => {
                let list = PyList::empty(py);
                for e in run {
                    if let ObstacleEntry::Polygon(vertices) = e {
                        list.append(positions(py, vertices)?)?;
                    }
                }
                list.into_any()
            }
            "meshes" => {
                let list = PyList::empty(py);
                for e in run {
                    if let ObstacleEntry::Mesh {
                        vertices,
                        triangles,
                        solid,
                    } = e
                    {
                        let faces: Vec<i64> = triangles
                            .iter()
                            .flat_map(|&(i, j, k)| [i, j, k])
                            .map(|i| i64::try_from(i).unwrap_or(i64::MAX))
                            .collect();
                        let mesh = PyTuple::new(
                            py,
                            [
                                positions(py, vertices)?.into_any(),
                                matrix(py, faces, 3)?.into_any(),
                                solid.into_pyobject(py)?.to_owned().into_any(),
                            ],
                        )?;
                        list.append(mesh)?;
                    }
                }
                list.into_any()
            }
            _ => {
                let mut values = Vec::new();
                let mut width = 0;
                for e in run {
                    let before = values.len();
                    row(e, &mut values);
                    width = values.len() - before;
                }
                matrix(py, values, width)?.into_any()
            }
        };
        out.append((kind, data))?;
        start = end;
    }
    Ok(out)
}

fn kind_of(e: &ObstacleEntry) -> &'static str {
    match e {
        ObstacleEntry::Point(_) => "points",
        ObstacleEntry::Circle { .. } => "circles",
        ObstacleEntry::Segment { .. } => "segments",
        ObstacleEntry::Polygon(_) => "polygons",
        ObstacleEntry::Sphere { .. } => "spheres",
        ObstacleEntry::Triangle(_) => "triangles",
        ObstacleEntry::Box { .. } => "boxes",
        ObstacleEntry::Mesh { .. } => "meshes",
    }
}

fn push(p: &Position, out: &mut Vec<f64>) {
    match *p {
        Position::Plane(x, y) => out.extend([x, y]),
        Position::Space(x, y, z) => out.extend([x, y, z]),
    }
}

/// One obstacle's row of its kind's array.
fn row(e: &ObstacleEntry, out: &mut Vec<f64>) {
    match e {
        ObstacleEntry::Point(p) => push(p, out),
        ObstacleEntry::Circle { center, radius } | ObstacleEntry::Sphere { center, radius } => {
            push(center, out);
            out.push(*radius);
        }
        ObstacleEntry::Segment { from, to } => {
            push(from, out);
            push(to, out);
        }
        ObstacleEntry::Box { min, max } => {
            push(min, out);
            push(max, out);
        }
        ObstacleEntry::Triangle(corners) | ObstacleEntry::Polygon(corners) => {
            corners.iter().for_each(|p| push(p, out));
        }
        ObstacleEntry::Mesh { vertices, .. } => vertices.iter().for_each(|p| push(p, out)),
    }
}

fn positions<'py>(py: Python<'py>, points: &[Position]) -> PyResult<Bound<'py, PyAny>> {
    let width = points.first().map_or(2, |p| p.dimension());
    let mut values = Vec::with_capacity(points.len() * width);
    points.iter().for_each(|p| push(p, &mut values));
    Ok(matrix(py, values, width)?.into_any())
}
