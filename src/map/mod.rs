//! A level: its path network, its obstacles and its agent profiles.
//!
//! The RON text is read into wire types ([`wire`]), validated into the domain
//! types here, and indexed: a petgraph graph of the network and an R-tree over
//! the obstacles.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use petgraph::graph::{DiGraph, NodeIndex};

use crate::geometry::{Point, Segment};
use crate::obstacle::Obstacle;
use crate::obstacle_index::ObstacleIndex;
use crate::timings::Timings;

mod chunked_parse;
mod edge_edit;
mod error;
mod extra_obstacles;
mod load;
mod locate;
mod position;
mod validate;
mod validate3d;
pub mod wire;

pub use edge_edit::{EdgeAppend, EdgeEdit, append_edges, edit_edges, has_comments};
pub(crate) use error::Snippet;
pub use error::{LoadError, LoadErrorKind, Location};
pub use extra_obstacles::ExtraObstacleError;
pub use load::ValidatedMap;
pub(crate) use validate::MAX_COORDINATE;

/// A named agent profile: the radius `check` validates when none is given.
#[derive(Clone, Debug, PartialEq)]
pub struct Agent {
    /// The profile's name, unique in the map.
    pub name: String,
    /// The agent's radius, finite and >= 0.
    pub radius: f64,
}

/// A waypoint of the path network: `Node` in the plane, `Node<Point3>` in
/// a 3D level.
#[derive(Clone, Debug, PartialEq)]
pub struct Node<P = Point> {
    /// The node's id, unique in the map.
    pub id: u64,
    /// The node's position.
    pub pos: P,
    /// An optional name; names need not be unique.
    pub name: Option<String>,
}

/// A straight edge between two nodes.
#[derive(Clone, Debug, PartialEq)]
pub struct Edge {
    /// The index (in [`Map::nodes`]) of the node the edge starts at.
    pub from: usize,
    /// The index (in [`Map::nodes`]) of the node the edge ends at.
    pub to: usize,
    /// Whether the edge may be travelled only from `from` to `to`.
    pub one_way: bool,
    /// An explicit traversal cost, finite and >= 0; the default is the length.
    pub cost: Option<f64>,
    /// A baked clearance, as written by `clearway bake`.
    pub clearance: Option<f64>,
}

/// A validated level, with its network graph and obstacle index built.
#[derive(Debug)]
pub struct Map {
    agents: Vec<Agent>,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    node_by_id: HashMap<u64, usize>,
    graph: DiGraph<usize, usize>,
    obstacles: Arc<IndexedObstacles>,
    min_cost_per_length: OnceLock<f64>,
}

/// The obstacles and their R-tree, shared by a map and the copies made from
/// it with other edges (pruned, baked), which need not index them again.
#[derive(Debug)]
struct IndexedObstacles {
    list: Vec<Obstacle>,
    index: ObstacleIndex,
}

impl Map {
    /// Assembles a map from parts that have already been validated: node ids
    /// unique, edges naming existing node indices and no self-loops, every
    /// number finite and every length >= 0.
    pub(crate) fn from_validated(
        agents: Vec<Agent>,
        nodes: Vec<Node>,
        edges: Vec<Edge>,
        obstacles: Vec<Obstacle>,
    ) -> Map {
        let node_by_id = nodes.iter().enumerate().map(|(i, n)| (n.id, i)).collect();
        Map::from_parts(
            validate::ValidParts {
                agents,
                nodes,
                node_by_id,
                edges,
                obstacles,
            },
            &mut Timings::default(),
        )
    }

    /// Builds the network graph and the obstacle index over validated parts,
    /// timing each.
    fn from_parts(parts: validate::ValidParts, timings: &mut Timings) -> Map {
        let validate::ValidParts {
            agents,
            nodes,
            node_by_id,
            edges,
            obstacles,
        } = parts;
        let graph = timings.time("graph", || network_graph(nodes.len(), &edges));
        let index = timings.time("R-tree", || ObstacleIndex::build(&obstacles));
        Map {
            agents,
            nodes,
            edges,
            node_by_id,
            graph,
            obstacles: Arc::new(IndexedObstacles {
                list: obstacles,
                index,
            }),
            min_cost_per_length: OnceLock::new(),
        }
    }

    /// The same map with other edges (already validated against its nodes):
    /// the graph is rebuilt, the obstacles and their R-tree are shared.
    pub(crate) fn with_edges(&self, edges: Vec<Edge>) -> Map {
        Map {
            agents: self.agents.clone(),
            nodes: self.nodes.clone(),
            graph: network_graph(self.nodes.len(), &edges),
            edges,
            node_by_id: self.node_by_id.clone(),
            obstacles: Arc::clone(&self.obstacles),
            min_cost_per_length: OnceLock::new(),
        }
    }

    /// The agent profiles, in file order.
    pub fn agents(&self) -> &[Agent] {
        &self.agents
    }

    /// The nodes, in file order.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The edges, in file order; an edge's index is its identity.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// The obstacles, in file order; an obstacle's index is its identity.
    pub fn obstacles(&self) -> &[Obstacle] {
        &self.obstacles.list
    }

    /// The index (in [`Map::nodes`]) of the node with this id.
    pub fn node_index(&self, id: u64) -> Option<usize> {
        self.node_by_id.get(&id).copied()
    }

    /// The straight segment an edge runs along, from its `from` node to its `to` node.
    pub fn edge_segment(&self, edge: usize) -> Segment {
        let e = &self.edges[edge];
        Segment::new(self.nodes[e.from].pos, self.nodes[e.to].pos)
    }

    /// The directed network: node weights are node indices, edge weights are
    /// edge indices. A two-way edge appears once in each direction.
    pub fn graph(&self) -> &DiGraph<usize, usize> {
        &self.graph
    }

    /// The smallest cost per unit of length over the edges, at most 1: 1
    /// when no explicit cost is cheaper than its edge's length. Routing
    /// scales its straight-line estimate by it so that the estimate never
    /// overstates. Worked out on first use, then kept: it is a pass over
    /// every edge, which would otherwise be paid by every route query.
    pub fn min_cost_per_length(&self) -> f64 {
        *self.min_cost_per_length.get_or_init(|| {
            (0..self.edges.len())
                .filter_map(|i| {
                    let cost = self.edges[i].cost?;
                    let length = self.edge_segment(i).length();
                    (length > 0.0).then(|| cost / length)
                })
                .fold(1.0, f64::min)
        })
    }

    /// The R-tree over every obstacle.
    pub fn obstacle_index(&self) -> &ObstacleIndex {
        &self.obstacles.index
    }
}

/// The directed network: node weights are node indices, edge weights are
/// edge indices; a two-way edge is added in both directions.
fn network_graph(node_count: usize, edges: &[Edge]) -> DiGraph<usize, usize> {
    let two_way = edges.iter().filter(|e| !e.one_way).count();
    let mut graph = DiGraph::with_capacity(node_count, edges.len() + two_way);
    for i in 0..node_count {
        graph.add_node(i);
    }
    for (i, e) in edges.iter().enumerate() {
        graph.add_edge(NodeIndex::new(e.from), NodeIndex::new(e.to), i);
        if !e.one_way {
            graph.add_edge(NodeIndex::new(e.to), NodeIndex::new(e.from), i);
        }
    }
    graph
}

/// The 1-based line on which each element of a top-level list field of a map
/// (`"nodes"`, `"edges"`, `"obstacles"`, `"agents"`) starts, for reports
/// that cite where things are. `None` when the text has no such field.
///
/// ```
/// let text = "Map(\n  obstacles: [\n    Point((0, 0)),\n\n    Point((1, 1)),\n  ],\n)";
/// assert_eq!(clearway::map::list_item_lines(text, "obstacles"), Some(vec![3, 5]));
/// ```
pub fn list_item_lines(text: &str, field: &str) -> Option<Vec<usize>> {
    locate::list_item_lines(text, field)
}

/// Where each element of a top-level list field of a map starts: line and
/// column (in chars), for reports that point at an item (a CI annotation on
/// a blocked edge). `None` as for [`list_item_lines`].
///
/// ```
/// use clearway::map::Location;
/// let text = "Map(\n  edges: [(from: 1, to: 2), (from: 2, to: 3)],\n)";
/// let at = |line, column| Location { line, column };
/// assert_eq!(
///     clearway::map::list_item_locations(text, "edges"),
///     Some(vec![at(2, 11), at(2, 29)])
/// );
/// ```
pub fn list_item_locations(text: &str, field: &str) -> Option<Vec<Location>> {
    locate::list_item_locations(text, field)
}
