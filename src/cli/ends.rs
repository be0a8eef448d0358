//! Naming a node on the command line: by id, or by a unique name.

use clearway::Map;

use super::Failure;
use super::args::Ends;

impl Ends {
    /// The node indices of `--from` and `--to`.
    pub fn resolve(&self, map: &Map) -> Result<(usize, usize), Failure> {
        Ok((
            resolve_node(map, &self.from, "--from")?,
            resolve_node(map, &self.to, "--to")?,
        ))
    }
}

/// The index of the node `given` names: a node id first, else a node name,
/// which must belong to exactly one node.
pub fn resolve_node(map: &Map, given: &str, option: &str) -> Result<usize, Failure> {
    let quoted = clearway::quote::capped(given);
    if let Some(i) = given.parse::<u64>().ok().and_then(|id| map.node_index(id)) {
        return Ok(i);
    }
    let named: Vec<usize> = map
        .nodes()
        .iter()
        .enumerate()
        .filter(|(_, n)| n.name.as_deref() == Some(given))
        .map(|(i, _)| i)
        .collect();
    match named.as_slice() {
        [i] => Ok(*i),
        [] => Err(Failure::Usage(format!(
            "{option} {quoted}: no node has that id or name"
        ))),
        several => {
            let ids: Vec<String> = several
                .iter()
                .map(|&i| map.nodes()[i].id.to_string())
                .collect();
            Err(Failure::Usage(format!(
                "{option} {quoted}: {} nodes have that name (ids {}); give an id instead",
                several.len(),
                ids.join(", ")
            )))
        }
    }
}
