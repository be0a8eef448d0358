//! A level: its path network, its obstacles and its agent profiles.
//!
//! The RON text is read into the file format's wire types (the
//! `clearway-format` crate) and validated into the domain types here; the
//! petgraph graph of the network and the R-tree over the obstacles are built
//! from them when first used.
//!
//! [`Map`]'s methods, by what they do: reading its parts and the network
//! (this file); loading (`loader.rs`: [`Map::loader`]);
//! adding obstacles from another file (`extra_obstacles.rs`); writing it out
//! (`write.rs`: [`Map::to_ron_string`]). The library's concerns add their
//! own next to their code: pruning (`prune.rs`: [`Map::pruned`],
//! [`Map::pruned_text`]), baking (`bake.rs`: [`Map::baked`],
//! [`Map::baked_text`]) and linking (`link.rs`).

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use crate::dimension::{Dimension, Plane};
use crate::geometry::{Point, Segment};
use crate::indices::{EdgeIdx, NodeIdx};
use crate::obstacle_index::ObstacleIndex;
use crate::walking::Walking;

mod areas;
mod chunk_validate;
mod citations;
mod error;
mod extra_obstacles;
mod level;
mod load;
mod loader;
mod node_ids;
mod obstacle_wire;
mod to_wire;
mod validate;
mod validate3d;
mod validate_walking;
mod write;

pub(crate) use areas::AreaId;
pub use citations::Citations;
pub(crate) use clearway_format::wire;
pub(crate) use clearway_format::{EdgeEdit, MapTextWriter, edit_edges};
pub use error::{LoadError, LoadErrorKind, Location};
pub use extra_obstacles::ExtraObstacleError;
pub use level::Level;
pub use loader::Loader;
pub(crate) use node_ids::NodeIds;
pub(crate) use obstacle_wire::ObstacleEntryError;
pub use obstacle_wire::obstacle_from_wire;
pub(crate) use obstacle_wire::{
    flat as flat_obstacle_from_wire, solid as solid_obstacle_from_wire,
};
pub(crate) use validate::MAX_COORDINATE;

/// A named agent profile: the radius `check` validates when none is given,
/// and what the agent's routes pay by area.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Agent {
    /// The profile's name, unique in the map.
    pub name: String,
    /// The agent's radius, finite and >= 0.
    pub radius: f64,
    /// A walking agent's height, climb and slope (3D levels only); `None`
    /// for a sphere (a flying or swimming agent, a drone), the agent of
    /// every 2D level.
    pub walking: Option<Walking>,
    /// Multipliers of an edge's cost by the edge's [area](Edge::area), each
    /// finite and > 0; an area not named costs 1.0.
    pub costs: BTreeMap<String, f64>,
    /// The areas whose edges the agent never uses.
    pub forbid: Vec<String>,
}

impl Agent {
    /// A sphere (or, in the plane, a disc) of this radius: no height.
    pub fn new(name: impl Into<String>, radius: f64) -> Agent {
        Agent {
            name: name.into(),
            radius,
            ..Agent::default()
        }
    }
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
    /// The index (in [`Map::nodes`]) of the node the edge starts at; the
    /// file's `from` is that node's id.
    pub from: NodeIdx,
    /// The index (in [`Map::nodes`]) of the node the edge ends at; the
    /// file's `to` is that node's id.
    pub to: NodeIdx,
    /// Whether the edge may be travelled only from `from` to `to`.
    pub one_way: bool,
    /// Whether the edge is closed (a shut door, a raised drawbridge): no
    /// agent may use it, radius 0 included, but its clearance is measured
    /// and reported as any edge's, so that opening it again changes nothing
    /// else. Routing reads it through one rule,
    /// (`route::usable_clearance`).
    pub closed: bool,
    /// An explicit traversal cost, finite and >= 0; the default is the length.
    pub cost: Option<f64>,
    /// A baked clearance, as written by `clearway bake`.
    pub clearance: Option<f64>,
    /// The edge's area (`area: "water"` in the file), named in
    /// [`Map::areas`]; agents' costs and forbidden areas name it.
    pub area: Option<AreaId>,
}

impl Edge {
    twin_pub! {
        /// A plain edge between two node indices: two-way, open, no cost, no
        /// baked clearance (what grids and links make, and what a live level's
        /// [`Change::AddEdge`](crate::live::Change::AddEdge) usually adds).
        fn two_way(from: NodeIdx, to: NodeIdx) -> Edge {
            Edge {
                from,
                to,
                one_way: false,
                closed: false,
                cost: None,
                clearance: None,
                area: None,
            }
        }
    }
}

/// A validated level: its agents, nodes, edges and obstacles, every rule of
/// the format checked.
///
/// What is derived from it is built where it is first used, once: the
/// obstacle index ([`Map::obstacle_index`]) and the smallest cost per length the route
/// searches scale by. A map made from another with other edges
/// (pruned, baked) shares the obstacles and their index.
///
/// Generic over the [`Dimension`]: `Map` is a flat level, `Map<Space>` a
/// level with height (see [`Dimension`]).
#[derive(Debug)]
pub struct Map<D: Dimension = Plane> {
    agents: Vec<Agent>,
    nodes: Vec<Node<D::Point>>,
    edges: Vec<Edge>,
    /// The area names, sorted ([`Map::areas`]).
    areas: Vec<String>,
    node_ids: NodeIds,
    obstacles: Arc<IndexedObstacles<D>>,
    min_cost_per_length: OnceLock<f64>,
    slack: OnceLock<f64>,
}

/// The obstacles and their R-tree (built on first use), shared by a map and
/// the copies made from it with other edges (pruned, baked), which need not
/// index them again.
#[derive(Debug)]
struct IndexedObstacles<D: Dimension> {
    list: Vec<D::Obstacle>,
    index: OnceLock<ObstacleIndex<D>>,
}

impl<D: Dimension> Map<D> {
    /// Assembles a map from validated parts of either dimension; nothing is
    /// indexed yet.
    pub(crate) fn from_valid_parts(parts: validate::ValidParts<D::Point, D::Obstacle>) -> Map<D> {
        let validate::ValidParts {
            agents,
            nodes,
            node_ids,
            edges,
            areas,
            obstacles,
        } = parts;
        let mut map = Map::assemble(agents, nodes, node_ids, edges, obstacles);
        map.areas = areas;
        map
    }

    /// The map with area names `areas` (sorted), which its edges' areas
    /// index.
    pub(crate) fn with_areas(mut self, areas: Vec<String>) -> Map<D> {
        self.areas = areas;
        self
    }

    /// Assembles a map from parts that have already been validated: node ids
    /// unique, edges naming existing node indices and no self-loops, every
    /// number finite and every length >= 0. Nothing is indexed yet.
    pub(crate) fn from_validated(
        agents: Vec<Agent>,
        nodes: Vec<Node<D::Point>>,
        edges: Vec<Edge>,
        obstacles: Vec<D::Obstacle>,
    ) -> Map<D> {
        let node_ids = NodeIds::of(&nodes);
        Map::assemble(agents, nodes, node_ids, edges, obstacles)
    }

    fn assemble(
        agents: Vec<Agent>,
        nodes: Vec<Node<D::Point>>,
        node_ids: NodeIds,
        edges: Vec<Edge>,
        obstacles: Vec<D::Obstacle>,
    ) -> Map<D> {
        Map {
            agents,
            nodes,
            edges,
            areas: Vec::new(),
            node_ids,
            obstacles: Arc::new(IndexedObstacles {
                list: obstacles,
                index: OnceLock::new(),
            }),
            min_cost_per_length: OnceLock::new(),
            slack: OnceLock::new(),
        }
    }

    /// The same map with other edges (already validated against its nodes):
    /// the obstacles and their R-tree are shared.
    pub(crate) fn with_edges(&self, edges: Vec<Edge>) -> Map<D> {
        Map {
            agents: self.agents.clone(),
            nodes: self.nodes.clone(),
            edges,
            areas: self.areas.clone(),
            node_ids: self.node_ids.clone(),
            obstacles: Arc::clone(&self.obstacles),
            min_cost_per_length: OnceLock::new(),
            slack: self.slack.clone(),
        }
    }

    /// Edge `e`, to change in place (a live level closes and opens edges).
    pub(crate) fn edge_mut(&mut self, e: usize) -> &mut Edge {
        &mut self.edges[e]
    }

    /// Appends an edge (its nodes exist, no self-loop, its numbers valid).
    pub(crate) fn push_edge(&mut self, edge: Edge) {
        self.min_cost_per_length = OnceLock::new();
        self.edges.push(edge);
    }

    /// Appends a node whose id is not in the map yet (its position valid).
    pub(crate) fn push_node(&mut self, node: Node<D::Point>) {
        self.slack = OnceLock::new();
        self.node_ids.push(node.id, self.nodes.len());
        self.nodes.push(node);
    }

    /// The agent profiles, in file order.
    pub fn agents(&self) -> &[Agent] {
        &self.agents
    }

    /// The nodes, in file order.
    pub fn nodes(&self) -> &[Node<D::Point>] {
        &self.nodes
    }

    /// The edges, in file order; an edge's index is its identity.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// The obstacles, in file order; an obstacle's index is its identity.
    pub fn obstacles(&self) -> &[D::Obstacle] {
        &self.obstacles.list
    }

    /// The index (in [`Map::nodes`]) of the node with this id.
    pub fn node_index(&self, id: u64) -> Option<NodeIdx> {
        self.node_ids.index(id, &self.nodes).map(NodeIdx::new)
    }

    /// The level's slack: how far below an agent's radius a clearance may
    /// fall and still admit it, `M · 2^-50` for the largest coordinate
    /// magnitude M of the level (its nodes and obstacles), four units in the
    /// last place of M. It absorbs the rounding of decimal coordinates into
    /// binary, so that a door drawn 1.8 wide admits an agent of radius 0.9;
    /// see [`crate::clearance::admits`]. Worked out on first use, then kept.
    ///
    /// ```
    /// use clearway::Map;
    /// let map = Map::loader().read_str("(nodes: [(id: 0, pos: (-64.0, 3.0))], edges: [])", "doc.ron").unwrap();
    /// assert_eq!(map.slack(), 64.0 / 2f64.powi(50)); // 2^6 · 2^-50 = 2^-44
    /// ```
    pub fn slack(&self) -> f64 {
        *self.slack.get_or_init(|| {
            let magnitude = crate::clearance::level_magnitude::<D>(
                self.nodes.iter().map(|n| n.pos),
                self.obstacles(),
            );
            crate::clearance::slack_for_magnitude(magnitude)
        })
    }

    twin_pub! {
        /// The straight segment an edge runs along, from its `from` node to its `to` node.
        fn edge_segment(&self, edge: EdgeIdx) -> Segment<D::Point> {
            let e = &self.edges[edge];
            Segment::new(self.nodes[e.from].pos, self.nodes[e.to].pos)
        }
    }

    /// A node as a segment of length 0 at its position: what the
    /// searches written for edges measure a node by.
    pub(crate) fn node_segment(&self, node: NodeIdx) -> Segment<D::Point> {
        let pos = self.nodes[node].pos;
        Segment::new(pos, pos)
    }

    /// The smallest cost per unit of length over the edges, at most 1: 1
    /// when no explicit cost is cheaper than its edge's length. Routing
    /// scales its straight-line estimate by it so that the estimate never
    /// overstates. Worked out on first use, then kept: it is a pass over
    /// every edge, which would otherwise be paid by every route query.
    pub(crate) fn min_cost_per_length(&self) -> f64 {
        *self.min_cost_per_length.get_or_init(|| {
            (0..self.edges.len())
                .filter_map(|i| {
                    let cost = self.edges[i].cost?;
                    let segment = self.edge_segment(EdgeIdx::new(i));
                    let length = D::distance(segment.a, segment.b);
                    (length > 0.0).then(|| cost / length)
                })
                .fold(1.0, f64::min)
        })
    }

    /// The R-tree over every obstacle: built on first use (on all cores),
    /// then kept, and shared with the maps made from this one by
    /// [`Map::pruned`] and [`Map::baked`].
    pub fn obstacle_index(&self) -> &ObstacleIndex<D> {
        self.obstacles
            .index
            .get_or_init(|| ObstacleIndex::build_over(&self.obstacles.list))
    }

    /// Frees the obstacle index, which the next query that needs it builds
    /// again: a program done measuring gives its memory back before the
    /// next step (the command line does so before writing a baked or pruned
    /// level). Nothing is freed while a map made from this one
    /// ([`Map::pruned`], [`Map::baked`]) shares the index.
    ///
    /// ```
    /// use clearway::{Clearances, Map};
    /// let mut map = Map::loader().read_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0))],
    ///     edges: [(from: 0, to: 1)],
    ///     obstacles: [Point((5, 1))],
    /// )"#, "doc.ron").unwrap();
    /// let before = Clearances::compute(&map);
    /// map.free_obstacle_index();
    /// assert_eq!(Clearances::compute(&map), before); // built again
    /// ```
    pub fn free_obstacle_index(&mut self) {
        if let Some(obstacles) = Arc::get_mut(&mut self.obstacles) {
            obstacles.index.take();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clearance::Clearances;

    const LEVEL: &str = "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (0, 10))], \
         edges: [(from: 0, to: 1), (from: 0, to: 2, one_way: true)], obstacles: [Point((5, 1))])";

    /// Loading builds no R-tree; it is built on first use, once, and the
    /// maps pruned or baked from a map share it (built or not).
    #[test]
    fn the_index_is_built_on_first_use_once() {
        let map = Map::loader().read_str(LEVEL, "lazy.ron").unwrap();
        assert!(map.obstacles.index.get().is_none());
        let pruned = map.with_edges(map.edges()[1..].to_vec());
        assert!(pruned.obstacles.index.get().is_none());
        let clearances = Clearances::compute(&map);
        let index = map.obstacle_index();
        assert!(std::ptr::eq(index, map.obstacle_index()));
        assert!(std::ptr::eq(index, pruned.obstacle_index()));
        let baked = map.baked(&clearances);
        assert!(std::ptr::eq(index, baked.obstacle_index()));
    }

    /// A 3D level read by the loader becomes a `Map<Space>` on the same
    /// engine: a rock 2 above an edge, a ball whose surface is 1.5 from
    /// another, a box the third runs through.
    #[test]
    fn a_3d_level_from_the_loader_is_measured_by_the_engine() {
        let text =
            "(nodes: [(id: 0, pos: (0, 0, 0)), (id: 1, pos: (10, 0, 0)), (id: 2, pos: (0, 10, 0)),
                            (id: 3, pos: (0, 10, 5))],
                    edges: [(from: 0, to: 1), (from: 0, to: 2), (from: 2, to: 3)],
                    obstacles: [Point((5, 0, 2)), Sphere(center: (-2.5, 5, 0), radius: 1),
                                Box(min: (-1, 9, 2), max: (1, 11, 3))])";
        let validate::ValidLevel::Space(parts) =
            load::level_from_ron_str(text, "3d.ron", &mut ()).unwrap()
        else {
            panic!("read as a flat level")
        };
        let map: Map<crate::dimension::Space> = Map::from_valid_parts(parts);
        let clearances = Clearances::compute(&map);
        let values: Vec<f64> = clearances.edges().iter().map(|c| c.value).collect();
        assert_eq!(values, [2.0, 1.5, 0.0]);
        let witness = clearances.edge(EdgeIdx::new(0)).witness.unwrap();
        assert_eq!(witness.obstacle, 0);
        assert_eq!(
            witness.edge_point,
            crate::geometry::Point3::new(5.0, 0.0, 0.0)
        );
        assert_eq!(clearances, Clearances::compute_brute_force(&map));
    }

    /// A timed load records the parse and the validation, and builds no
    /// index: a caller times that as it uses it.
    #[test]
    fn a_timed_load_records_parse_and_validate_only() {
        let mut phases: Vec<&str> = Vec::new();
        let map = Map::loader()
            .phases(&mut |phase, _| {
                if !phases.contains(&phase) {
                    phases.push(phase);
                }
            })
            .read_bytes(LEVEL.as_bytes(), "timed.ron")
            .unwrap();
        assert!(map.obstacles.index.get().is_none());
        assert_eq!(phases, ["parse", "validate"]);
    }
}
