//! Which node a Python argument names: an id as the map writes it (an
//! `int`), or a string read as the command line reads `--from` (an id, a
//! name, `id:ID` or `name:NAME`: the [`clearway_node_names`]
//! rules and messages).

use clearway::NodeIdx;
use clearway_node_names::{NodeLookup, resolve_node};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};

use crate::arrays::i64_rows;

/// The index of the node `given` names; `what` names the argument in
/// messages.
pub fn resolve(nodes: &impl NodeLookup, given: &Bound<'_, PyAny>, what: &str) -> PyResult<NodeIdx> {
    if given.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what}: expected a node id (int) or name (str), not a bool"
        )));
    }
    if let Ok(text) = given.cast::<PyString>() {
        return resolve_node(nodes, &text.extract::<String>()?, what)
            .map_err(|e| PyValueError::new_err(e.message));
    }
    let id: i128 = given.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "{what}: expected a node id (int) or name (str), not {}",
            given
                .get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        ))
    })?;
    u64::try_from(id)
        .ok()
        .and_then(|id| nodes.index_of(id))
        .ok_or_else(|| PyValueError::new_err(format!("{what} {id}: no node has that id")))
}

/// The node indices of `pairs`, `(k, 2)`: an integer array of ids (read
/// as one block), or rows of ids and names (strings, as [`resolve`] reads
/// them; `named` makes the lookup those go through, an index of the names
/// when there are many).
pub fn resolve_pairs<L: NodeLookup>(
    nodes: &impl NodeLookup,
    pairs: &Bound<'_, PyAny>,
    named: impl FnOnce() -> L,
) -> PyResult<Vec<(NodeIdx, NodeIdx)>> {
    let kind: String = pairs
        .py()
        .import("numpy")?
        .call_method1("asarray", (pairs,))
        .and_then(|a| a.getattr("dtype")?.getattr("kind")?.extract())
        .unwrap_or_else(|_| "O".into());
    if !matches!(kind.as_str(), "U" | "S" | "O") {
        let (ids, _) = i64_rows(pairs, "pairs", &[2])?;
        return ids
            .chunks(2)
            .enumerate()
            .map(|(row, pair)| {
                let index = |col: usize| {
                    u64::try_from(pair[col])
                        .ok()
                        .and_then(|id| nodes.index_of(id))
                        .ok_or_else(|| {
                            PyValueError::new_err(format!(
                                "pairs[{row}, {col}] = {}: no node has that id",
                                pair[col]
                            ))
                        })
                };
                Ok((index(0)?, index(1)?))
            })
            .collect();
    }
    // Names (or a mix): row by row, each end as `route` reads it.
    let lookup = named();
    pairs
        .try_iter()
        .map_err(|_| PyTypeError::new_err("pairs: expected a (k, 2) array of node ids or names"))?
        .enumerate()
        .map(|(row, pair)| {
            let pair = pair?;
            let ends: Vec<Bound<'_, PyAny>> = if pair.is_instance_of::<PyString>() {
                Vec::new()
            } else {
                pair.try_iter()
                    .and_then(|items| items.collect::<PyResult<Vec<_>>>())
                    .unwrap_or_default()
            };
            let [a, b] = ends.as_slice() else {
                return Err(PyValueError::new_err(format!(
                    "pairs[{row}]: expected a pair of nodes (two ids or names), got {}",
                    pair.repr().map_or_else(|_| "?".into(), |r| r.to_string())
                )));
            };
            Ok((
                resolve(&lookup, a, &format!("pairs[{row}, 0]"))?,
                resolve(&lookup, b, &format!("pairs[{row}, 1]"))?,
            ))
        })
        .collect()
}
