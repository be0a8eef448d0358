//! Which node a Python argument names: an id as the map writes it (an
//! `int`), or a string read as the command line reads `--from`: an id, a
//! name, `id:ID` or `name:NAME`.

use clearway::NodeIdx;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};

/// The nodes a reference can be resolved against: a level, or a live
/// level whose nodes come and go.
pub trait Nodes {
    /// The index of the node with this id.
    fn index_of(&self, id: u64) -> Option<NodeIdx>;
    /// The node at an index: its id and name.
    fn id_and_name(&self, i: NodeIdx) -> Option<(u64, Option<&str>)>;
    /// The number of node slots.
    fn slots(&self) -> usize;
}

/// The index of the node `given` names; `what` names the argument in
/// messages.
pub fn resolve(nodes: &impl Nodes, given: &Bound<'_, PyAny>, what: &str) -> PyResult<NodeIdx> {
    if given.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what}: expected a node id (int) or name (str), not a bool"
        )));
    }
    if let Ok(text) = given.cast::<PyString>() {
        return resolve_text(nodes, &text.extract::<String>()?, what);
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

/// Resolves a string the way the command line resolves `--from`.
fn resolve_text(nodes: &impl Nodes, given: &str, what: &str) -> PyResult<NodeIdx> {
    let quoted = clearway_text::quote::capped(given);
    let fail = |message: String| PyValueError::new_err(message);
    if let Some(id) = given.strip_prefix("id:") {
        return parse_id(id)
            .and_then(|id| nodes.index_of(id))
            .ok_or_else(|| fail(format!("{what} {quoted}: no node has that id")));
    }
    let (given, by_name_only) = match given.strip_prefix("name:") {
        Some(name) => (name, true),
        None => (given, false),
    };
    let named: Vec<NodeIdx> = (0..nodes.slots())
        .map(NodeIdx::new)
        .filter(|&i| nodes.id_and_name(i).is_some_and(|(_, n)| n == Some(given)))
        .collect();
    let id_of = |i: NodeIdx| nodes.id_and_name(i).map_or(0, |(id, _)| id);
    let by_id = parse_id(given)
        .filter(|_| !by_name_only)
        .and_then(|id| nodes.index_of(id));
    if let Some(i) = by_id {
        let others: Vec<String> = named
            .iter()
            .filter(|&&j| j != i)
            .map(|&j| format!("the node named \"{given}\" (id {})", id_of(j)))
            .collect();
        if others.is_empty() {
            return Ok(i);
        }
        return Err(fail(format!(
            "{what} {given} is ambiguous: it is the id of node {} and the name of {}; \
             write id:{given} or name:{given}",
            id_of(i),
            others.join(" and ")
        )));
    }
    match named.as_slice() {
        [i] => Ok(*i),
        [] => Err(fail(format!(
            "{what} {quoted}: no node has that id or name"
        ))),
        several => {
            let ids: Vec<String> = several.iter().map(|&i| id_of(i).to_string()).collect();
            Err(fail(format!(
                "{what} {quoted}: {} nodes have that name (ids {}); give an id instead",
                several.len(),
                clearway_text::quote::capped_list(&ids)
            )))
        }
    }
}

/// An id as the command line reads one: decimal, or `0x`, `0o`, `0b`, with
/// `_` separators.
fn parse_id(text: &str) -> Option<u64> {
    let digits = text.replace('_', "");
    let (radix, digits) = match digits.get(..2) {
        Some("0x") => (16, &digits[2..]),
        Some("0o") => (8, &digits[2..]),
        Some("0b") => (2, &digits[2..]),
        _ => (10, digits.as_str()),
    };
    let signed = radix != 10 && digits.starts_with(['+', '-']);
    if digits.is_empty() || signed || text.starts_with('_') {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}
