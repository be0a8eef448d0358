//! `Level.from_arrays`: numpy arrays to the file format's wire types, then
//! the loader's own validation, so that a level built from arrays is the
//! level the same map file gives, bit for bit, and bad values are refused
//! with the loader's words.

use clearway_format::wire::{AgentEntry, EdgeEntry, MapFile, NodeEntry, Position};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::arrays::{column, f64_rows, i64_rows};

/// The arguments of `Level.from_arrays`.
pub struct Arrays<'a, 'py> {
    pub positions: &'a Bound<'py, PyAny>,
    pub edges: &'a Bound<'py, PyAny>,
    pub obstacles: Option<&'a Bound<'py, PyAny>>,
    pub agents: Option<&'a Bound<'py, PyAny>>,
    pub one_way: Option<&'a Bound<'py, PyAny>>,
    pub cost: Option<&'a Bound<'py, PyAny>>,
    pub names: Option<Vec<Option<String>>>,
    pub ids: Option<&'a Bound<'py, PyAny>>,
    pub closed: Option<&'a Bound<'py, PyAny>>,
}

/// The source name of a level built from arrays, in messages.
const SOURCE: &str = "<arrays>";

/// The validated level the arrays describe: validated in memory, with no
/// text written and parsed (the level the text would give). A level that
/// breaks a rule is written as text and loaded, for the loader's message.
pub fn level(py: Python<'_>, a: Arrays<'_, '_>) -> PyResult<clearway::Level> {
    let file = map_file(&a)?;
    if let Ok(level) = py.detach(|| clearway::Level::from_wire(file, SOURCE)) {
        return Ok(level);
    }
    let text = clearway_format::write(&map_file(&a)?);
    py.detach(|| clearway::Level::loader().read_str(&text, SOURCE))
        .map_err(|e| {
            PyValueError::new_err(format!(
                "Level.from_arrays: {} (nodes[i] is row i of positions, edges[j] row j of \
                 edges, obstacles[k] the k-th obstacle given)",
                e.message()
            ))
        })
}

fn map_file(a: &Arrays<'_, '_>) -> PyResult<MapFile> {
    let (coords, width) = f64_rows(a.positions, "positions", &[2, 3])?;
    let n = coords.len() / width;
    let ids: Vec<u64> = match a.ids {
        None => (0..n as u64).collect(),
        Some(ids) => {
            let ids = ids
                .py()
                .import("numpy")?
                .call_method1("reshape", (ids, (-1i64, 1i64)))?;
            let (ids, _) = i64_rows(&ids, "ids", &[1])?;
            if ids.len() != n {
                return Err(PyValueError::new_err(format!(
                    "ids: {} ids for {n} positions",
                    ids.len()
                )));
            }
            ids.iter()
                .map(|&id| {
                    u64::try_from(id)
                        .map_err(|_| PyValueError::new_err(format!("ids: {id} is negative")))
                })
                .collect::<PyResult<_>>()?
        }
    };
    if let Some(names) = &a.names {
        if names.len() != n {
            return Err(PyValueError::new_err(format!(
                "names: {} names for {n} positions",
                names.len()
            )));
        }
    }
    let nodes = coords
        .chunks(width)
        .enumerate()
        .map(|(i, r)| NodeEntry {
            id: ids[i],
            pos: match width {
                2 => Position::Plane(r[0], r[1]),
                _ => Position::Space(r[0], r[1], r[2]),
            },
            name: a.names.as_ref().and_then(|names| names[i].clone()),
        })
        .collect();

    let (ends, _) = i64_rows(a.edges, "edges", &[2])?;
    let m = ends.len() / 2;
    let flags = |obj: Option<&Bound<'_, PyAny>>, name: &str| -> PyResult<Vec<bool>> {
        match obj {
            None => Ok(vec![false; m]),
            Some(obj) => column::<bool>(obj, name, "bool", m),
        }
    };
    let one_way = flags(a.one_way, "one_way")?;
    let closed = flags(a.closed, "closed")?;
    let cost: Option<Vec<f64>> = a
        .cost
        .map(|c| column::<f64>(c, "cost", "float64", m))
        .transpose()?;
    let node = |j: usize, col: usize| -> PyResult<u64> {
        let i = ends[2 * j + col];
        usize::try_from(i)
            .ok()
            .filter(|&i| i < n)
            .map(|i| ids[i])
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "edges[{j}, {col}] = {i} is not a node index: positions has {n} rows"
                ))
            })
    };
    let edges = (0..m)
        .map(|j| {
            Ok(EdgeEntry {
                from: node(j, 0)?,
                to: node(j, 1)?,
                one_way: one_way[j],
                closed: closed[j],
                // NaN: no explicit cost, the edge costs its length (as
                // `Level.costs()` reads such an edge back).
                cost: cost.as_ref().map(|c| c[j]).filter(|c| !c.is_nan()),
                clearance: None,
                area: None,
            })
        })
        .collect::<PyResult<_>>()?;

    Ok(MapFile {
        agents: agents(a.agents)?,
        nodes,
        edges,
        obstacles: crate::obstacles::entries(a.obstacles)?,
    })
}

/// Agent profiles from `{name: radius}` or `[(name, radius), ...]`.
fn agents(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<AgentEntry>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(Vec::new());
    };
    let pairs: Vec<(String, f64)> = if let Ok(dict) = obj.cast::<PyDict>() {
        dict.iter()
            .map(|(k, v)| Ok((k.extract()?, v.extract()?)))
            .collect::<PyResult<_>>()
    } else {
        obj.extract()
    }
    .map_err(|_| {
        PyTypeError::new_err("agents: expected {name: radius} or a list of (name, radius) pairs")
    })?;
    Ok(pairs
        .into_iter()
        .map(|(name, radius)| AgentEntry {
            name,
            radius,
            height: None,
            climb: None,
            max_slope: None,
            costs: Default::default(),
            forbid: Vec::new(),
        })
        .collect())
}
