//! Naming a node in text, as a user types one: by id, or by a unique name;
//! `id:N` or `name:TEXT` when a name looks like another node's id. The
//! command line's `--from`, `--to` and pairs files and the Python binding's
//! string arguments read nodes by these rules, with the same messages.

use std::collections::HashMap;

use clearway::{Dimension, Map, NodeIdx};

/// The nodes a reference is resolved against: a level, its names indexed
/// ([`NodeNames`]), or anything else whose nodes have ids and names (a live
/// level whose nodes come and go).
pub trait NodeLookup {
    /// The index of the node with this id.
    fn index_of(&self, id: u64) -> Option<NodeIdx>;
    /// The id of the node at an index (one `index_of` or `named` gave).
    fn id_of(&self, node: NodeIdx) -> u64;
    /// Every node with this name, in index order.
    fn named(&self, name: &str) -> Vec<NodeIdx>;
}

/// A level's nodes, names found by a pass over every node: for naming a
/// few nodes (index them with [`NodeNames`] to name many).
impl<D: Dimension> NodeLookup for Map<D> {
    fn index_of(&self, id: u64) -> Option<NodeIdx> {
        self.node_index(id)
    }
    fn id_of(&self, node: NodeIdx) -> u64 {
        self.nodes()[node.get()].id
    }
    fn named(&self, name: &str) -> Vec<NodeIdx> {
        self.nodes()
            .iter()
            .enumerate()
            .filter(|(_, n)| n.name.as_deref() == Some(name))
            .map(|(i, _)| NodeIdx::new(i))
            .collect()
    }
}

/// A level's nodes by name, for naming many nodes (the pairs of a batch of
/// routes) without a pass over every node each time.
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

    /// As [`resolve_node`] over the map: the same rules and messages.
    ///
    /// # Errors
    /// As [`resolve_node`].
    pub fn resolve(&self, given: &str, what: &str) -> Result<NodeIdx, BadNode> {
        resolve_node(self, given, what)
    }
}

impl<D: Dimension> NodeLookup for NodeNames<'_, D> {
    fn index_of(&self, id: u64) -> Option<NodeIdx> {
        self.map.node_index(id)
    }
    fn id_of(&self, node: NodeIdx) -> u64 {
        self.map.nodes()[node.get()].id
    }
    fn named(&self, name: &str) -> Vec<NodeIdx> {
        self.by_name.get(name).cloned().unwrap_or_default()
    }
}

/// Why a text names no node: the full message (`{what} {given}: ...`), and
/// a short label for a snippet that underlines the text in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadNode {
    /// The message, naming the argument and the text.
    pub message: String,
    /// A few words on what is wrong with the text.
    pub label: &'static str,
}

/// The index of the node `given` names: a node id (`104`, or `id:104` for an id
/// that is also a name),
/// or a node name, which must belong to exactly one node. A text that is
/// one node's id and another node's name is ambiguous: an error listing
/// both. `id:N` and `name:TEXT` say which one is meant. `what` names the
/// argument in messages (`--from`, `a`).
///
/// ```
/// use clearway::{Map, NodeIdx};
/// use clearway_node_names::resolve_node;
/// let map = Map::loader().read_str(
///     r#"(nodes: [(id: 7, pos: (0, 0), name: "gate"), (id: 8, pos: (1, 0), name: "7")])"#,
///     "doc.ron",
/// ).unwrap();
/// assert_eq!(resolve_node(&map, "gate", "--from"), Ok(NodeIdx::new(0)));
/// assert_eq!(resolve_node(&map, "0x8", "--from"), Ok(NodeIdx::new(1)));
/// // "7" is node 7's id and node 8's name: say which.
/// let ambiguous = resolve_node(&map, "7", "--from").unwrap_err();
/// assert!(ambiguous.message.contains("write id:7 or name:7"));
/// assert_eq!(resolve_node(&map, "name:7", "--from"), Ok(NodeIdx::new(1)));
/// assert_eq!(resolve_node(&map, "id:7", "--from"), Ok(NodeIdx::new(0)));
/// assert_eq!(resolve_node(&map, "moat", "--to").unwrap_err().message, "--to moat: no node has that id or name");
/// ```
///
/// # Errors
/// A [`BadNode`] when no node has the id or name, when several nodes have
/// the name, or when the text is one node's id and another's name.
pub fn resolve_node(nodes: &impl NodeLookup, given: &str, what: &str) -> Result<NodeIdx, BadNode> {
    let quoted = clearway_text::quote::capped(given);
    if let Some(id) = given.strip_prefix("id:") {
        return parse_id(id)
            .and_then(|id| nodes.index_of(id))
            .ok_or_else(|| BadNode {
                message: format!("{what} {quoted}: no node has that id"),
                label: "no node has this id",
            });
    }
    let (given, by_name_only) = match given.strip_prefix("name:") {
        Some(name) => (name, true),
        None => (given, false),
    };
    let by_id = parse_id(given)
        .filter(|_| !by_name_only)
        .and_then(|id| nodes.index_of(id));
    let named = nodes.named(given);
    if let Some(i) = by_id {
        let others: Vec<String> = named
            .iter()
            .filter(|&&j| j != i)
            .map(|&j| format!("the node named \"{given}\" (id {})", nodes.id_of(j)))
            .collect();
        if others.is_empty() {
            return Ok(i);
        }
        return Err(BadNode {
            message: format!(
                "{what} {given} is ambiguous: it is the id of node {} and the name of {}; \
                 write id:{given} or name:{given}",
                nodes.id_of(i),
                others.join(" and ")
            ),
            label: "both an id and a name",
        });
    }
    match named.as_slice() {
        [i] => Ok(*i),
        [] => Err(BadNode {
            message: format!("{what} {quoted}: no node has that id or name"),
            label: "no node has this id or name",
        }),
        several => {
            let ids: Vec<String> = several
                .iter()
                .map(|&i| nodes.id_of(i).to_string())
                .collect();
            Err(BadNode {
                message: format!(
                    "{what} {quoted}: {} nodes have that name (ids {}); give an id instead",
                    several.len(),
                    clearway_text::quote::capped_list(&ids)
                ),
                label: "the name of several nodes",
            })
        }
    }
}

/// A node id in any of the map's integer forms: decimal (`31`), `0x1F`,
/// `0o37` or `0b11111`, with `_` separators, as RON reads them; `None` for
/// anything else (a sign on a non-decimal form, a leading `_`, overflow).
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

#[cfg(test)]
mod tests {
    use super::parse_id;

    /// Every integer form RON reads names the same id; other text names none.
    #[test]
    fn ids_are_read_in_every_integer_form() {
        assert_eq!(parse_id("31"), Some(31));
        assert_eq!(parse_id("0x1F"), Some(31));
        assert_eq!(parse_id("0b1_1111"), Some(31));
        assert_eq!(parse_id("_31"), None);
        assert_eq!(parse_id("gate"), None);
    }
}
