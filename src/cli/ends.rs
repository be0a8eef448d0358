//! Naming a node on the command line: by id, or by a unique name; `id:N`
//! or `name:TEXT` when a name looks like another node's id. The rules are
//! `clearway_node_names`'s, shared with the Python binding.

use clearway::{Dimension, Map, NodeIdx};

pub use clearway_node_names::{BadNode, NodeNames};

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

/// The index of the node `given` names ([`clearway_node_names::resolve_node`]),
/// a usage error when it names none.
pub fn resolve_node<D: Dimension>(
    map: &Map<D>,
    given: &str,
    option: &str,
) -> Result<NodeIdx, Failure> {
    clearway_node_names::resolve_node(map, given, option).map_err(|e| Failure::Usage(e.message))
}
