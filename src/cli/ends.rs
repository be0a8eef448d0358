//! Naming a node on the command line: by id, or by a unique name; `id:N`
//! or `name:TEXT` when a name looks like another node's id.

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

/// The index of the node `given` names: a node id, or a node name, which
/// must belong to exactly one node. A value that is one node's id and
/// another node's name is ambiguous: an error listing both.
/// `id:N` and `name:TEXT` say which one is meant.
pub fn resolve_node(map: &Map, given: &str, option: &str) -> Result<usize, Failure> {
    let quoted = clearway::quote::capped(given);
    if let Some(id) = given.strip_prefix("id:") {
        return parse_id(id)
            .and_then(|id| map.node_index(id))
            .ok_or_else(|| Failure::Usage(format!("{option} {quoted}: no node has that id")));
    }
    let (given, by_name_only) = match given.strip_prefix("name:") {
        Some(name) => (name, true),
        None => (given, false),
    };
    let by_id = parse_id(given)
        .filter(|_| !by_name_only)
        .and_then(|id| map.node_index(id));
    let named: Vec<usize> = map
        .nodes()
        .iter()
        .enumerate()
        .filter(|(_, n)| n.name.as_deref() == Some(given))
        .map(|(i, _)| i)
        .collect();
    if let Some(i) = by_id {
        let others: Vec<String> = named
            .iter()
            .filter(|&&j| j != i)
            .map(|&j| format!("the node named \"{given}\" (id {})", map.nodes()[j].id))
            .collect();
        if others.is_empty() {
            return Ok(i);
        }
        return Err(Failure::Usage(format!(
            "{option} {given} is ambiguous: it is the id of node {} and the name of {}; \
             write id:{given} or name:{given}",
            map.nodes()[i].id,
            others.join(" and ")
        )));
    }
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
                clearway::quote::capped_list(&ids)
            )))
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
