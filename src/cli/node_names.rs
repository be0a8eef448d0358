//! How text reports name a node: its id, and its name when the map gives
//! one (`110 "west_door"`), as the picture's titles do. JSON keeps the id in
//! its own field and adds the name beside it.

use clearway::{Dimension, EdgeIdx, Map, NodeIdx};

/// `110`, or `110 "west_door"` for a named node (an index into the nodes).
pub fn node_ref<D: Dimension>(map: &Map<D>, node: NodeIdx) -> String {
    let n = &map.nodes()[node];
    match &n.name {
        Some(name) => format!("{} \"{}\"", n.id, clearway_text::quote::capped(name)),
        None => n.id.to_string(),
    }
}

/// As [`node_ref`], for a node given by id (`id` itself when no node has it).
pub fn node_ref_by_id<D: Dimension>(map: &Map<D>, id: u64) -> String {
    map.node_index(id)
        .map_or_else(|| id.to_string(), |i| node_ref(map, i))
}

/// `edge 4 (101 -> 110 "west_door")`, as every report names an edge.
pub fn edge_ref<D: Dimension>(map: &Map<D>, edge: EdgeIdx) -> String {
    edge_ref_noted(map, edge, "")
}

/// ` (closed)` after an edge's name when it is closed, nothing when open:
/// reports that list an edge by its clearance say so, since no agent may
/// use it until it opens.
pub fn closed_note<D: Dimension>(map: &Map<D>, edge: EdgeIdx) -> &'static str {
    if map.edges()[edge].closed {
        " (closed)"
    } else {
        ""
    }
}

/// As [`edge_ref`], with a note after the ends: `edge 4 (101 -> 110, was
/// edge 3)`, as `diff` names an edge whose index moved.
pub fn edge_ref_noted<D: Dimension>(map: &Map<D>, edge: EdgeIdx, note: &str) -> String {
    let e = &map.edges()[edge];
    format!(
        "edge {edge} ({} -> {}{note})",
        node_ref(map, e.from),
        node_ref(map, e.to)
    )
}
