//! Naming a node on the command line: by id, or by a unique name; `id:N`
//! or `name:TEXT` when a name looks like another node's id.

use std::collections::HashMap;

use clearway::{Dimension, Map, NodeIdx};

use super::Failure;
use super::args::Ends;

impl Ends {
    /// The node indices of `--from` and `--to`.
    pub fn resolve<D: Dimension>(&self, map: &Map<D>) -> Result<(NodeIdx, NodeIdx), Failure> {
        Ok((
            resolve_node(map, &self.from, "--from")?,
            resolve_node(map, &self.to, "--to")?,
        ))
    }
}

/// The index of the node `given` names: a node id, or a node name, which
/// must belong to exactly one node. A value that is one node's id and
/// another node's name is ambiguous: an error listing both.
/// `id:N` and `name:TEXT` say which one is meant.
pub fn resolve_node<D: Dimension>(
    map: &Map<D>,
    given: &str,
    option: &str,
) -> Result<NodeIdx, Failure> {
    let named = |name: &str| -> Vec<NodeIdx> {
        map.nodes()
            .iter()
            .enumerate()
            .filter(|(_, n)| n.name.as_deref() == Some(name))
            .map(|(i, _)| NodeIdx::new(i))
            .collect()
    };
    resolve_with(map, given, option, named).map_err(|e| Failure::Usage(e.message))
}

/// The nodes by name, for naming many nodes (`route --pairs`) without a
/// pass over every node each time.
pub struct NodeNames<'m, D: Dimension> {
    map: &'m Map<D>,
    by_name: HashMap<&'m str, Vec<NodeIdx>>,
}

impl<'m, D: Dimension> NodeNames<'m, D> {
    /// Indexes the names of `map`'s nodes.
    pub fn new(map: &'m Map<D>) -> NodeNames<'m, D> {
        let mut by_name: HashMap<&str, Vec<NodeIdx>> = HashMap::new();
        for (i, node) in map.nodes().iter().enumerate() {
            if let Some(name) = node.name.as_deref() {
                by_name.entry(name).or_default().push(NodeIdx::new(i));
            }
        }
        NodeNames { map, by_name }
    }

    /// The map whose nodes these are.
    pub fn map(&self) -> &'m Map<D> {
        self.map
    }

    /// As [`resolve_node`]: the same rules and the same messages.
    pub fn resolve(&self, given: &str, option: &str) -> Result<NodeIdx, BadNode> {
        resolve_with(self.map, given, option, |name| {
            self.by_name.get(name).cloned().unwrap_or_default()
        })
    }
}

/// Why a value names no node: the full message (`{option} {given}: ...`),
/// and a short label for a snippet that underlines the value.
#[derive(Debug)]
pub struct BadNode {
    /// The message, naming the option and the value.
    pub message: String,
    /// A few words on what is wrong with the value.
    pub label: &'static str,
}

/// [`resolve_node`]'s rules, with `named` listing the nodes of a name.
fn resolve_with<D: Dimension>(
    map: &Map<D>,
    given: &str,
    option: &str,
    named: impl FnOnce(&str) -> Vec<NodeIdx>,
) -> Result<NodeIdx, BadNode> {
    let quoted = clearway_text::quote::capped(given);
    if let Some(id) = given.strip_prefix("id:") {
        return parse_id(id)
            .and_then(|id| map.node_index(id))
            .ok_or_else(|| BadNode {
                message: format!("{option} {quoted}: no node has that id"),
                label: "no node has this id",
            });
    }
    let (given, by_name_only) = match given.strip_prefix("name:") {
        Some(name) => (name, true),
        None => (given, false),
    };
    let by_id = parse_id(given)
        .filter(|_| !by_name_only)
        .and_then(|id| map.node_index(id));
    let named = named(given);
    if let Some(i) = by_id {
        let others: Vec<String> = named
            .iter()
            .filter(|&&j| j != i)
            .map(|&j| format!("the node named \"{given}\" (id {})", map.nodes()[j].id))
            .collect();
        if others.is_empty() {
            return Ok(i);
        }
        return Err(BadNode {
            message: format!(
                "{option} {given} is ambiguous: it is the id of node {} and the name of {}; \
                 write id:{given} or name:{given}",
                map.nodes()[i].id,
                others.join(" and ")
            ),
            label: "both an id and a name",
        });
    }
    match named.as_slice() {
        [i] => Ok(*i),
        [] => Err(BadNode {
            message: format!("{option} {quoted}: no node has that id or name"),
            label: "no node has this id or name",
        }),
        several => {
            let ids: Vec<String> = several
                .iter()
                .map(|&i| map.nodes()[i].id.to_string())
                .collect();
            Err(BadNode {
                message: format!(
                    "{option} {quoted}: {} nodes have that name (ids {}); give an id instead",
                    several.len(),
                    clearway_text::quote::capped_list(&ids)
                ),
                label: "the name of several nodes",
            })
        }
    }
}

/// A node id in any of the map's integer forms: decimal (`31`), `0x1F`,
/// `0o37` or `0b11111`, with `_` separators, as RON reads them.
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
