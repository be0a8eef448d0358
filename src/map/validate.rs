//! Validation: wire types in, domain types out.
//!
//! Each check names the bad value by its [`DocPath`] in the document, so the
//! loader can point at it in the text afterwards.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use super::locate::DocPath;
use super::wire::{AgentEntry, EdgeEntry, MapFile, NodeEntry, ObstacleEntry, Position};
use super::{Agent, Edge, LoadErrorKind, Node};
use crate::geometry::{Circle, Point, Polygon, Segment, count_distinct};
use crate::obstacle::Obstacle;

/// The largest coordinate magnitude a map may use. Beyond it, distances
/// between nearby features lose all precision.
pub(crate) const MAX_COORDINATE: f64 = 1e15;

/// What kind of number a bad value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Quantity {
    /// An x or y coordinate.
    Coordinate,
    /// A circle's or an agent's radius.
    Radius,
    /// An edge's cost.
    Cost,
    /// An edge's baked clearance.
    Clearance,
}

impl Quantity {
    fn name(self) -> &'static str {
        match self {
            Quantity::Coordinate => "coordinate",
            Quantity::Radius => "radius",
            Quantity::Cost => "cost",
            Quantity::Clearance => "clearance",
        }
    }
}

impl std::fmt::Display for Quantity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How a non-finite number is described.
fn non_finite(value: f64) -> &'static str {
    if value.is_nan() { "NaN" } else { "infinite" }
}

/// Why a well-formed map file is not a valid map.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub(crate) enum ValidationError {
    /// Two nodes share an id.
    #[error("duplicate node id {id}")]
    DuplicateNodeId {
        /// The shared id.
        id: u64,
        /// The index of the first node with that id.
        first: usize,
        /// The index of the second.
        second: usize,
    },
    /// An edge's `from` or `to` names no node.
    #[error("edge {edge} names unknown node {id} in `{end}`")]
    UnknownNode {
        /// The edge's index.
        edge: usize,
        /// `from` or `to`.
        end: &'static str,
        /// The unknown id.
        id: u64,
    },
    /// An edge goes from a node to itself.
    #[error("edge {edge} is a self-loop: it goes from node {id} to itself")]
    SelfLoop {
        /// The edge's index.
        edge: usize,
        /// The node's id.
        id: u64,
    },
    /// A number is NaN or infinite.
    #[error("`{path}` is {}: every {quantity} must be finite", non_finite(*value))]
    NonFinite {
        /// Where the number is.
        path: DocPath,
        /// What it is.
        quantity: Quantity,
        /// The number.
        value: f64,
    },
    /// A length is below zero.
    #[error("`{path}` is negative ({value:?}): a {quantity} must be >= 0")]
    Negative {
        /// Where the number is.
        path: DocPath,
        /// What it is.
        quantity: Quantity,
        /// The number.
        value: f64,
    },
    /// A coordinate is beyond [`MAX_COORDINATE`].
    #[error("`{path}` is {value:e}, out of range: coordinates must lie within ±1e15")]
    OutOfRange {
        /// Where the coordinate is.
        path: DocPath,
        /// The coordinate.
        value: f64,
    },
    /// A polygon has fewer than 3 distinct vertices.
    #[error(
        "obstacle {index} (polygon) has {distinct} distinct vertices: a polygon needs at least 3"
    )]
    DegeneratePolygon {
        /// The obstacle's index.
        index: usize,
        /// How many distinct vertices it has (0 to 2).
        distinct: usize,
    },
    /// Two agent profiles share a name.
    #[error("duplicate agent name {:?}", crate::quote::capped(name))]
    DuplicateAgentName {
        /// The shared name.
        name: String,
        /// The index of the first profile with that name.
        first: usize,
        /// The index of the second.
        second: usize,
    },
}

impl ValidationError {
    /// The class of the error.
    pub(crate) fn kind(&self) -> LoadErrorKind {
        match self {
            ValidationError::DuplicateNodeId { .. } => LoadErrorKind::DuplicateNodeId,
            ValidationError::UnknownNode { .. } => LoadErrorKind::UnknownNode,
            ValidationError::SelfLoop { .. } => LoadErrorKind::SelfLoop,
            ValidationError::NonFinite { .. } => LoadErrorKind::NonFinite,
            ValidationError::Negative { .. } => LoadErrorKind::Negative,
            ValidationError::OutOfRange { .. } => LoadErrorKind::OutOfRange,
            ValidationError::DegeneratePolygon { .. } => LoadErrorKind::DegeneratePolygon,
            ValidationError::DuplicateAgentName { .. } => LoadErrorKind::DuplicateAgentName,
        }
    }

    /// Where the bad value is in the document.
    pub(crate) fn path(&self) -> DocPath {
        match self {
            ValidationError::DuplicateNodeId { second, .. } => {
                DocPath::item("nodes", *second).field("id")
            }
            ValidationError::UnknownNode { edge, end, .. } => {
                DocPath::item("edges", *edge).field(end)
            }
            ValidationError::SelfLoop { edge, .. } => DocPath::item("edges", *edge).field("to"),
            ValidationError::NonFinite { path, .. }
            | ValidationError::Negative { path, .. }
            | ValidationError::OutOfRange { path, .. } => path.clone(),
            ValidationError::DegeneratePolygon { index, .. } => DocPath::item("obstacles", *index),
            ValidationError::DuplicateAgentName { second, .. } => {
                DocPath::item("agents", *second).field("name")
            }
        }
    }

    /// The short label put under the bad value.
    pub(crate) fn label(&self) -> String {
        match self {
            ValidationError::DuplicateNodeId { id, .. } => {
                format!("node id {id} is defined again here")
            }
            ValidationError::UnknownNode { id, .. } => format!("no node has id {id}"),
            ValidationError::SelfLoop { .. } => "`to` is the same node as `from`".to_owned(),
            ValidationError::NonFinite { value, .. } => format!("{} number", non_finite(*value)),
            ValidationError::Negative { quantity, .. } => format!("negative {quantity}"),
            ValidationError::OutOfRange { .. } => "beyond ±1e15".to_owned(),
            ValidationError::DegeneratePolygon { .. } => {
                "fewer than 3 distinct vertices".to_owned()
            }
            ValidationError::DuplicateAgentName { name, .. } => {
                format!(
                    "agent {:?} is defined again here",
                    crate::quote::capped(name)
                )
            }
        }
    }

    /// For duplicates, where the first definition is.
    pub(crate) fn first_definition(&self) -> Option<DocPath> {
        match self {
            ValidationError::DuplicateNodeId { first, .. } => {
                Some(DocPath::item("nodes", *first).field("id"))
            }
            ValidationError::DuplicateAgentName { first, .. } => {
                Some(DocPath::item("agents", *first).field("name"))
            }
            _ => None,
        }
    }
}

/// The parts of a map that passed validation, ready to be indexed.
#[derive(Debug)]
pub(crate) struct ValidParts {
    pub agents: Vec<Agent>,
    pub nodes: Vec<Node>,
    pub node_by_id: HashMap<u64, usize>,
    pub edges: Vec<Edge>,
    pub obstacles: Vec<Obstacle>,
}

/// Validates a parsed map file into domain values.
///
/// # Errors
///
/// The first problem found, checking agents, then nodes, then edges, then
/// obstacles, each in file order.
pub(crate) fn validate(file: MapFile) -> Result<ValidParts, ValidationError> {
    let agents = agents(file.agents)?;
    let (nodes, node_by_id) = nodes(file.nodes)?;
    let edges = edges(&file.edges, &node_by_id)?;
    let obstacles = file
        .obstacles
        .into_iter()
        .enumerate()
        .map(|(i, o)| obstacle(i, o))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ValidParts {
        agents,
        nodes,
        node_by_id,
        edges,
        obstacles,
    })
}

fn agents(entries: Vec<AgentEntry>) -> Result<Vec<Agent>, ValidationError> {
    let mut seen: HashMap<String, usize> = HashMap::with_capacity(entries.len());
    let mut agents = Vec::with_capacity(entries.len());
    for (i, entry) in entries.into_iter().enumerate() {
        if let Some(&first) = seen.get(&entry.name) {
            return Err(ValidationError::DuplicateAgentName {
                name: entry.name,
                first,
                second: i,
            });
        }
        let path = || DocPath::item("agents", i).field("radius");
        let radius = length(entry.radius, path, Quantity::Radius)?;
        seen.insert(entry.name.clone(), i);
        agents.push(Agent {
            name: entry.name,
            radius,
        });
    }
    Ok(agents)
}

type NodesById = HashMap<u64, usize>;

fn nodes(entries: Vec<NodeEntry>) -> Result<(Vec<Node>, NodesById), ValidationError> {
    let mut node_by_id = HashMap::with_capacity(entries.len());
    let mut nodes = Vec::with_capacity(entries.len());
    for (i, entry) in entries.into_iter().enumerate() {
        match node_by_id.entry(entry.id) {
            Entry::Occupied(first) => {
                return Err(ValidationError::DuplicateNodeId {
                    id: entry.id,
                    first: *first.get(),
                    second: i,
                });
            }
            Entry::Vacant(slot) => {
                slot.insert(i);
            }
        }
        let pos = point(entry.pos, || DocPath::item("nodes", i).field("pos"))?;
        nodes.push(Node {
            id: entry.id,
            pos,
            name: entry.name,
        });
    }
    Ok((nodes, node_by_id))
}

fn edges(entries: &[EdgeEntry], node_by_id: &NodesById) -> Result<Vec<Edge>, ValidationError> {
    // Reserved up front: collecting into a `Result` cannot, and the vector
    // grew by doubling, a third of it spare on a 100k-edge level.
    let mut edges = Vec::with_capacity(entries.len());
    for (i, entry) in entries.iter().enumerate() {
        edges.push(edge(i, entry, node_by_id)?);
    }
    Ok(edges)
}

fn edge(index: usize, entry: &EdgeEntry, node_by_id: &NodesById) -> Result<Edge, ValidationError> {
    let resolve = |end: &'static str, id: u64| {
        node_by_id
            .get(&id)
            .copied()
            .ok_or(ValidationError::UnknownNode {
                edge: index,
                end,
                id,
            })
    };
    let from = resolve("from", entry.from)?;
    let to = resolve("to", entry.to)?;
    if from == to {
        return Err(ValidationError::SelfLoop {
            edge: index,
            id: entry.from,
        });
    }
    let optional_length = |value: Option<f64>, field: &'static str, quantity: Quantity| {
        value
            .map(|v| length(v, || DocPath::item("edges", index).field(field), quantity))
            .transpose()
    };
    Ok(Edge {
        from,
        to,
        one_way: entry.one_way,
        cost: optional_length(entry.cost, "cost", Quantity::Cost)?,
        clearance: optional_length(entry.clearance, "clearance", Quantity::Clearance)?,
    })
}

fn obstacle(index: usize, entry: ObstacleEntry) -> Result<Obstacle, ValidationError> {
    let path = || DocPath::item("obstacles", index);
    Ok(match entry {
        ObstacleEntry::Point(p) => Obstacle::Point(point(p, || path().elem(0))?),
        ObstacleEntry::Circle { center, radius } => Obstacle::Circle(Circle {
            center: point(center, || path().field("center"))?,
            radius: length(radius, || path().field("radius"), Quantity::Radius)?,
        }),
        ObstacleEntry::Segment { from, to } => Obstacle::Segment(Segment::new(
            point(from, || path().field("from"))?,
            point(to, || path().field("to"))?,
        )),
        ObstacleEntry::Polygon(vertices) => Obstacle::Polygon(polygon(index, &vertices)?),
    })
}

fn polygon(index: usize, vertices: &[Position]) -> Result<Polygon, ValidationError> {
    let path = || DocPath::item("obstacles", index).elem(0);
    let points = vertices
        .iter()
        .enumerate()
        .map(|(i, &v)| point(v, || path().at(i)))
        .collect::<Result<Vec<_>, _>>()?;
    let distinct = count_distinct(&points);
    Polygon::new(points).ok_or(ValidationError::DegeneratePolygon { index, distinct })
}

/// A position whose coordinates are finite and within range. `path` names
/// it in the document; it is only built when there is an error to report.
fn point((x, y): Position, path: impl Fn() -> DocPath) -> Result<Point, ValidationError> {
    Ok(Point::new(
        coordinate(x, || path().elem(0))?,
        coordinate(y, || path().elem(1))?,
    ))
}

fn coordinate(value: f64, path: impl FnOnce() -> DocPath) -> Result<f64, ValidationError> {
    if !value.is_finite() {
        return Err(ValidationError::NonFinite {
            path: path(),
            quantity: Quantity::Coordinate,
            value,
        });
    }
    if value.abs() > MAX_COORDINATE {
        return Err(ValidationError::OutOfRange {
            path: path(),
            value,
        });
    }
    Ok(value)
}

/// A radius, cost or clearance: finite and >= 0 (`-0.0` counts as 0).
fn length(
    value: f64,
    path: impl FnOnce() -> DocPath,
    quantity: Quantity,
) -> Result<f64, ValidationError> {
    if !value.is_finite() {
        return Err(ValidationError::NonFinite {
            path: path(),
            quantity,
            value,
        });
    }
    if value < 0.0 {
        return Err(ValidationError::Negative {
            path: path(),
            quantity,
            value,
        });
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(id: u64, x: f64, y: f64) -> NodeEntry {
        NodeEntry {
            id,
            pos: (x, y),
            name: None,
        }
    }

    fn edge(from: u64, to: u64) -> EdgeEntry {
        EdgeEntry {
            from,
            to,
            one_way: false,
            cost: None,
            clearance: None,
        }
    }

    fn file(
        nodes: Vec<NodeEntry>,
        edges: Vec<EdgeEntry>,
        obstacles: Vec<ObstacleEntry>,
    ) -> MapFile {
        MapFile {
            agents: vec![],
            nodes,
            edges,
            obstacles,
        }
    }

    #[test]
    fn valid_map_resolves_node_ids_to_indices() {
        let map = validate(file(
            vec![node(7, 0.0, 0.0), node(3, 1.0, 0.0)],
            vec![edge(3, 7)],
            vec![],
        ))
        .unwrap();
        assert_eq!((map.edges[0].from, map.edges[0].to), (1, 0));
    }

    #[test]
    fn errors_carry_paths() {
        let err = validate(file(vec![node(0, 0.0, f64::NAN)], vec![], vec![])).unwrap_err();
        assert_eq!(err.path().to_string(), "nodes[0].pos.1");
        assert_eq!(
            err.to_string(),
            "`nodes[0].pos.1` is NaN: every coordinate must be finite"
        );

        let err = validate(file(vec![node(0, 2e15, 0.0)], vec![], vec![])).unwrap_err();
        assert_eq!(err.kind(), LoadErrorKind::OutOfRange);
        assert_eq!(err.path().to_string(), "nodes[0].pos.0");

        let poly = ObstacleEntry::Polygon(vec![(0.0, 0.0), (1.0, 0.0), (0.0, 0.0)]);
        let err = validate(file(vec![], vec![], vec![poly])).unwrap_err();
        assert_eq!(
            err,
            ValidationError::DegeneratePolygon {
                index: 0,
                distinct: 2
            }
        );
        assert_eq!(err.path().to_string(), "obstacles[0]");
    }

    #[test]
    fn negative_zero_is_a_valid_length() {
        assert_eq!(length(-0.0, DocPath::default, Quantity::Radius), Ok(-0.0));
        assert!(length(-1e-300, DocPath::default, Quantity::Radius).is_err());
    }
}
