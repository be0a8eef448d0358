//! Validation: wire types in, domain types out.
//!
//! Each check names the bad value by its [`DocPath`] in the document, so the
//! loader can point at it in the text afterwards.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::convert::Infallible;

use super::areas::{self, AreaNames};
use super::chunk_validate::{LoadFile, ValidNetwork, ValidObstacles};
use super::node_ids::{NodeIds, NodesById, ids_count_up};
use super::validate3d::{self, FileDimension};
use super::wire::{AgentEntry, EdgeEntry, NodeEntry, ObstacleEntry, Position};
use super::{Agent, Edge, LoadErrorKind, Node};
use crate::geometry::{Circle, Point, Point3, Polygon, Segment, count_distinct};
use crate::indices::NodeIdx;
use crate::obstacle::Obstacle;
use crate::obstacle3::Obstacle3;
use crate::par::prelude::*;
use clearway_format::chunked_parse::ListChunks;
use clearway_format::locate::DocPath;

use super::validate_walking::{self, ProfileProblem};

/// The largest coordinate magnitude a map may use. Beyond it, distances
/// between nearby features lose all precision.
pub(crate) const MAX_COORDINATE: f64 = 1e15;

/// What kind of number a bad value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Quantity {
    /// An x, y or z coordinate.
    Coordinate,
    /// A circle's or an agent's radius.
    Radius,
    /// An edge's cost.
    Cost,
    /// An edge's baked clearance.
    Clearance,
    /// A walking agent's height or climb.
    Height,
    /// A walking agent's steepest slope.
    Angle,
}

impl Quantity {
    fn name(self) -> &'static str {
        match self {
            Quantity::Coordinate => "coordinate",
            Quantity::Radius => "radius",
            Quantity::Cost => "cost",
            Quantity::Clearance => "clearance",
            Quantity::Height => "height",
            Quantity::Angle => "angle",
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
    /// A list holds more nodes or edges than an index can name.
    #[error("`{list}` holds more than {} items: a map holds at most 2^32 nodes and 2^32 edges", crate::NodeIdx::MAX as u64 + 1)]
    TooMany {
        /// The list: `nodes` or `edges`.
        list: &'static str,
        /// The index of its first item beyond the limit.
        index: usize,
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
    /// A position whose dimension is not the map's.
    #[error(
        "`{path}` is a {found} position in a {map} map: the first {}, `{first}`, makes the map {map}, and a map is 2D or 3D throughout",
        validate3d::first_name(first)
    )]
    MixedDimensions {
        /// Where the position is.
        path: DocPath,
        /// Its dimension.
        found: FileDimension,
        /// The map's dimension.
        map: FileDimension,
        /// The position that set the map's dimension.
        first: DocPath,
    },
    /// An obstacle kind that exists only in the other dimension.
    #[error("obstacle {index} is a `{kind}`, which is {}-only, in a {map} map: use {instead}", map.other())]
    ObstacleDimension {
        /// The obstacle's index.
        index: usize,
        /// Its kind as written (`Circle`, `Sphere`, ...).
        kind: &'static str,
        /// The map's dimension.
        map: FileDimension,
        /// What to write instead.
        instead: &'static str,
    },
    /// A box with `min` above `max` on an axis.
    #[error(
        "obstacle {index} (box) has min {} = {min:?} above max {} = {max:?}: a box needs min <= max on every axis",
        validate3d::axis_name(*axis), validate3d::axis_name(*axis)
    )]
    InvertedBox {
        /// The obstacle's index.
        index: usize,
        /// The axis, 0 to 2.
        axis: usize,
        /// The min corner's coordinate on it.
        min: f64,
        /// The max corner's coordinate on it.
        max: f64,
    },
    /// A mesh triangle names a vertex the mesh does not have.
    #[error(
        "obstacle {index} (mesh): triangle {triangle} names vertex {vertex}, but the mesh has {vertices} vertices{}",
        validate3d::index_range(*vertices)
    )]
    MeshIndexOutOfRange {
        /// The obstacle's index.
        index: usize,
        /// The triangle's index in the mesh.
        triangle: usize,
        /// Which of its three indices, 0 to 2.
        corner: usize,
        /// The index as written.
        vertex: u64,
        /// How many vertices the mesh has.
        vertices: usize,
    },
    /// A triangle written with other than three corners.
    #[error("obstacle {index} (triangle) has {corners} corners: a triangle has exactly 3")]
    TriangleCorners {
        /// The obstacle's index.
        index: usize,
        /// How many corners it has.
        corners: usize,
    },
    /// A valid 3D level, where only a 2D one can be used.
    #[error(
        "this level is 3D (`{first}` has three coordinates): it can be read, but clearway does not run 3D levels yet"
    )]
    ThreeDimensional {
        /// The position that made the level 3D.
        first: DocPath,
    },
    /// A walking agent's profile that cannot be: a missing or bad
    /// `height`, `climb` or `max_slope`, or one in a 2D level.
    #[error("{}", .0.message)]
    AgentProfile(Box<ProfileProblem>),
    /// Two agent profiles share a name.
    #[error("duplicate agent name {:?}", clearway_text::quote::capped(name))]
    DuplicateAgentName {
        /// The shared name.
        name: String,
        /// The index of the first profile with that name.
        first: usize,
        /// The index of the second.
        second: usize,
    },
    /// An agent's `costs` or `forbid` names an area no edge carries.
    #[error(
        "agent {agent} names area {:?} in `{}`, but no edge has that area",
        clearway_text::quote::capped(area),
        if forbid.is_some() { "forbid" } else { "costs" }
    )]
    UnknownArea {
        /// The agent's index.
        agent: usize,
        /// The name's index in `forbid`; `None` for `costs`.
        forbid: Option<usize>,
        /// The area as written.
        area: String,
    },
    /// A multiplier in an agent's `costs` that is not finite and > 0.
    #[error(
        "agent {agent}'s cost multiplier for area {:?} is {value:?}: a multiplier must be finite and > 0",
        clearway_text::quote::capped(area)
    )]
    BadMultiplier {
        /// The agent's index.
        agent: usize,
        /// The area it multiplies.
        area: String,
        /// The multiplier.
        value: f64,
    },
    /// More distinct areas than an edge can name.
    #[error("edge {edge} has the map's 65536th distinct area: a map names at most 65535")]
    TooManyAreas {
        /// The edge's index.
        edge: usize,
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
            ValidationError::OutOfRange { .. } | ValidationError::TooMany { .. } => {
                LoadErrorKind::OutOfRange
            }
            ValidationError::DegeneratePolygon { .. } => LoadErrorKind::DegeneratePolygon,
            ValidationError::DuplicateAgentName { .. } => LoadErrorKind::DuplicateAgentName,
            ValidationError::UnknownArea { .. } => LoadErrorKind::UnknownArea,
            ValidationError::BadMultiplier { value, .. } => {
                if !value.is_finite() {
                    LoadErrorKind::NonFinite
                } else if *value < 0.0 {
                    LoadErrorKind::Negative
                } else {
                    LoadErrorKind::ZeroMultiplier
                }
            }
            ValidationError::TooManyAreas { .. } => LoadErrorKind::OutOfRange,
            ValidationError::MixedDimensions { .. } => LoadErrorKind::MixedDimensions,
            ValidationError::ObstacleDimension { .. } => LoadErrorKind::ObstacleDimension,
            ValidationError::InvertedBox { .. } => LoadErrorKind::InvertedBox,
            ValidationError::MeshIndexOutOfRange { .. } => LoadErrorKind::MeshIndexOutOfRange,
            ValidationError::TriangleCorners { .. } => LoadErrorKind::WrongType,
            ValidationError::ThreeDimensional { .. } => LoadErrorKind::ThreeDimensional,
            ValidationError::AgentProfile(_) => LoadErrorKind::AgentProfile,
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
            ValidationError::TooMany { list, index } => DocPath::item(list, *index),
            ValidationError::DegeneratePolygon { index, .. } => DocPath::item("obstacles", *index),
            ValidationError::DuplicateAgentName { second, .. } => {
                DocPath::item("agents", *second).field("name")
            }
            ValidationError::UnknownArea {
                agent,
                forbid: Some(i),
                ..
            } => DocPath::item("agents", *agent).field("forbid").at(*i),
            ValidationError::UnknownArea {
                agent,
                forbid: None,
                ..
            }
            | ValidationError::BadMultiplier { agent, .. } => {
                DocPath::item("agents", *agent).field("costs")
            }
            ValidationError::TooManyAreas { edge } => DocPath::item("edges", *edge).field("area"),
            ValidationError::MixedDimensions { path, .. } => path.clone(),
            ValidationError::ObstacleDimension { index, .. }
            | ValidationError::TriangleCorners { index, .. } => DocPath::item("obstacles", *index),
            ValidationError::InvertedBox { index, axis, .. } => {
                DocPath::item("obstacles", *index).field("min").elem(*axis)
            }
            ValidationError::MeshIndexOutOfRange {
                index,
                triangle,
                corner,
                ..
            } => DocPath::item("obstacles", *index)
                .field("triangles")
                .at(*triangle)
                .elem(*corner),
            ValidationError::ThreeDimensional { first } => first.clone(),
            ValidationError::AgentProfile(problem) => problem.path.clone(),
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
            ValidationError::TooMany { .. } => "one more than a map can hold".to_owned(),
            ValidationError::DegeneratePolygon { .. } => {
                "fewer than 3 distinct vertices".to_owned()
            }
            ValidationError::DuplicateAgentName { name, .. } => {
                format!(
                    "agent {:?} is defined again here",
                    clearway_text::quote::capped(name)
                )
            }
            ValidationError::UnknownArea { area, .. } => {
                format!("no edge has area {:?}", clearway_text::quote::capped(area))
            }
            ValidationError::BadMultiplier { area, value, .. } => {
                let what = if value.is_nan() {
                    "NaN".to_owned()
                } else if value.is_infinite() {
                    "infinite".to_owned()
                } else {
                    format!("{value:?}")
                };
                format!(
                    "{:?} is {what}: not > 0",
                    clearway_text::quote::capped(area)
                )
            }
            ValidationError::TooManyAreas { .. } => "one area more than a map can name".to_owned(),
            ValidationError::MixedDimensions { found, map, .. } => {
                format!("{found} position in a {map} map")
            }
            ValidationError::ObstacleDimension { map, .. } => {
                format!("{} obstacle in a {map} map", map.other())
            }
            ValidationError::InvertedBox { axis, max, .. } => {
                format!("above max {} ({max:?})", validate3d::axis_name(*axis))
            }
            ValidationError::MeshIndexOutOfRange { vertices, .. } => {
                format!("out of range: {vertices} vertices")
            }
            ValidationError::TriangleCorners { .. } => "not 3 corners".to_owned(),
            ValidationError::ThreeDimensional { .. } => "a 3D position".to_owned(),
            ValidationError::AgentProfile(problem) => problem.label.clone(),
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

/// The parts of a map that passed validation, ready to be indexed: of a
/// flat level by default, `ValidParts<Point3, Obstacle3>` of a 3D one.
#[derive(Debug)]
pub(crate) struct ValidParts<P = Point, O = Obstacle> {
    pub agents: Vec<Agent>,
    pub nodes: Vec<Node<P>>,
    pub node_ids: NodeIds,
    pub edges: Vec<Edge>,
    /// The edges' area names, sorted.
    pub areas: Vec<String>,
    pub obstacles: Vec<O>,
}

/// A validated level of either dimension, as the file's first node (or,
/// with no nodes, its first position) says.
#[derive(Debug)]
pub(crate) enum ValidLevel {
    /// A flat level: every position `(x, y)`.
    Plane(ValidParts),
    /// A 3D level: every position `(x, y, z)`.
    Space(ValidParts<Point3, Obstacle3>),
}

/// Validates a parsed map file of either dimension into domain values; its
/// nodes and edges, and its obstacles, may have been validated as they were
/// parsed ([`super::chunk_validate`]).
///
/// # Errors
///
/// The first problem found, checking agents, then nodes, then edges, then
/// obstacles, each in file order; a value whose dimension is not the
/// map's is one of them.
pub(crate) fn validate_loaded(loaded: LoadFile) -> Result<ValidLevel, ValidationError> {
    let (dimension, first) = loaded.dimension();
    let LoadFile {
        file,
        obstacles: validated,
        network,
        ..
    } = loaded;
    let agents = agents(file.agents, dimension == FileDimension::TwoD)?;
    let level = match dimension {
        FileDimension::TwoD => ValidLevel::Plane(parts_of(
            agents,
            (file.nodes, file.edges, file.obstacles),
            network.map(|n| n.map(ValidNetwork::plane)),
            validated.map(|o| o.map(ValidObstacles::plane)),
            |p, path| point(p, path, &first),
            (Obstacle::Point(Point::new(0.0, 0.0)), |i, o| {
                obstacle(i, o, &first)
            }),
        )?),
        FileDimension::ThreeD => ValidLevel::Space(parts_of(
            agents,
            (file.nodes, file.edges, file.obstacles),
            network.map(|n| n.map(ValidNetwork::space)),
            validated.map(|o| o.map(ValidObstacles::space)),
            |p, path| validate3d::point3(p, path, &first),
            (Obstacle3::Point(Point3::new(0.0, 0.0, 0.0)), |i, o| {
                validate3d::obstacle3(i, o, &first)
            }),
        )?),
    };
    // Last: the areas an agent names must be ones the edges carry.
    let (agents, areas) = match &level {
        ValidLevel::Plane(parts) => (&parts.agents, &parts.areas),
        ValidLevel::Space(parts) => (&parts.agents, &parts.areas),
    };
    areas::check_agent_areas(agents, areas)?;
    Ok(level)
}

/// The nodes of `entries` and the edges of the list `edges`, each chunk of
/// edges validated as soon as it is parsed: the same values, and the same
/// first error (the nodes' before the edges'), as validating the wire
/// lists afterwards. Positions are read by `pos`, as [`nodes`] reads them.
/// `None` when a chunk of edges does not parse.
pub(crate) fn network_as_parsed<P: Clone + Send + Sync>(
    entries: Vec<NodeEntry>,
    edges: &ListChunks<'_>,
    pos: impl Fn(Position, &dyn Fn() -> DocPath) -> Result<P, ValidationError> + Sync,
) -> Option<Result<Network<P>, ValidationError>> {
    match nodes(entries, pos) {
        Ok((nodes, node_ids)) => {
            let names = AreaNames::default();
            let edges = edges.parse_converted(PLACEHOLDER_EDGE, |i, entry: EdgeEntry| {
                edge(i, &entry, &nodes, &node_ids, &names)
            })?;
            Some(edges.map(|mut edges| {
                let areas = names.finish(&mut edges);
                (nodes, node_ids, edges, areas)
            }))
        }
        // The edges are parsed all the same: an error in their text comes
        // before any of validation.
        Err(e) => {
            let Ok(_) = edges.parse_converted((), |_, _: EdgeEntry| Ok::<(), Infallible>(()))?;
            Some(Err(e))
        }
    }
}

/// A level's nodes, where each id is among them, its edges, and the names
/// of their areas (sorted).
pub(crate) type Network<P> = (Vec<Node<P>>, NodeIds, Vec<Edge>, Vec<String>);

/// The parts of a level of one dimension: its nodes and edges, and its
/// obstacles, as validated while they were parsed (`None` inside when
/// that was in the other dimension, which the first node's does not
/// set), or else validated here from the file's entries by `pos` and
/// `obstacle` (the placeholder fills the list while it is validated in
/// tasks). The nodes and edges' first problem is reported before the
/// obstacles'.
#[allow(clippy::type_complexity)]
fn parts_of<P: Clone + Send + Sync, O: Clone + Send>(
    agents: Vec<Agent>,
    (nodes, edges, obstacles): (Vec<NodeEntry>, Vec<EdgeEntry>, Vec<ObstacleEntry>),
    network: Option<Result<Option<Network<P>>, ValidationError>>,
    validated: Option<Result<Option<Vec<O>>, ValidationError>>,
    pos: impl Fn(Position, &dyn Fn() -> DocPath) -> Result<P, ValidationError> + Sync,
    (placeholder, obstacle): (
        O,
        impl Fn(usize, ObstacleEntry) -> Result<O, ValidationError> + Sync,
    ),
) -> Result<ValidParts<P, O>, ValidationError> {
    let (nodes, node_ids, edges, areas) = match network.transpose()?.flatten() {
        Some(network) => network,
        None => network_from_wire(nodes, edges, pos)?,
    };
    let obstacles = match validated.transpose()?.flatten() {
        Some(obstacles) => obstacles,
        None => obstacles_in_tasks(obstacles, placeholder, obstacle, OBSTACLES_PER_TASK)?,
    };
    Ok(ValidParts {
        agents,
        nodes,
        node_ids,
        edges,
        areas,
        obstacles,
    })
}

/// The nodes and edges of a wire file, validated after the parse: what
/// [`network_as_parsed`] gives during it. The wire edges are freed before
/// this returns, ahead of the obstacles' conversion, when memory peaks
/// (they are 56 MB at a million edges).
fn network_from_wire<P: Clone + Send + Sync>(
    entries: Vec<NodeEntry>,
    wire_edges: Vec<EdgeEntry>,
    pos: impl Fn(Position, &dyn Fn() -> DocPath) -> Result<P, ValidationError> + Sync,
) -> Result<Network<P>, ValidationError> {
    let (nodes, node_ids) = nodes(entries, pos)?;
    let names = AreaNames::default();
    let mut edges = edges(&wire_edges, &nodes, &node_ids, &names)?;
    let areas = names.finish(&mut edges);
    Ok((nodes, node_ids, edges, areas))
}

/// Validates a parsed map file into the domain values of a flat level.
///
/// # Errors
///
/// As [`validate_loaded`], and [`ValidationError::ThreeDimensional`] for a
/// valid 3D level.
pub(crate) fn validate(loaded: LoadFile) -> Result<ValidParts, ValidationError> {
    let (_, first) = loaded.dimension();
    match validate_loaded(loaded)? {
        ValidLevel::Plane(parts) => Ok(parts),
        ValidLevel::Space(_) => Err(ValidationError::ThreeDimensional { first }),
    }
}

fn agents(entries: Vec<AgentEntry>, flat: bool) -> Result<Vec<Agent>, ValidationError> {
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
        let walking = validate_walking::walking(i, &entry, radius, flat)?;
        for (area, &value) in &entry.costs {
            areas::check_multiplier(i, area, value)?;
        }
        seen.insert(entry.name.clone(), i);
        agents.push(Agent {
            name: entry.name,
            radius,
            walking,
            costs: entry.costs,
            forbid: entry.forbid,
        });
    }
    Ok(agents)
}

/// The nodes, their positions read by `pos` (which checks their dimension),
/// and where each id is among them.
fn nodes<P: Clone + Send + Sync>(
    entries: Vec<NodeEntry>,
    pos: impl Fn(Position, &dyn Fn() -> DocPath) -> Result<P, ValidationError> + Sync,
) -> Result<(Vec<Node<P>>, NodeIds), ValidationError> {
    within_the_indices("nodes", entries.len())?;
    if ids_count_up(&entries, |e| e.id) {
        let count = entries.len();
        let nodes = counted_nodes_in_tasks(entries, pos, NODES_PER_TASK)?;
        Ok((nodes, NodeIds::Counted(count)))
    } else {
        hashed_nodes(entries, pos)
    }
}

/// How many nodes one parallel task validates.
const NODES_PER_TASK: usize = 16 * 1024;

/// The nodes of a level whose ids count 0, 1, 2, ...: none can repeat, so
/// their positions are checked on every core, `per_task` at a time; the
/// error is the first node's, in file order, that has one.
fn counted_nodes_in_tasks<P: Clone + Send + Sync>(
    mut entries: Vec<NodeEntry>,
    pos: impl Fn(Position, &dyn Fn() -> DocPath) -> Result<P, ValidationError> + Sync,
    per_task: usize,
) -> Result<Vec<Node<P>>, ValidationError> {
    let path = |i: usize| move || DocPath::item("nodes", i).field("pos");
    let Some(first) = entries.first() else {
        return Ok(Vec::new());
    };
    // Node 0's error, if it has one, is the first.
    let placeholder = Node {
        id: 0,
        pos: pos(first.pos, &path(0))?,
        name: None,
    };
    in_tasks(&mut entries, placeholder, per_task, |i, entry| {
        Ok(Node {
            id: entry.id,
            pos: pos(entry.pos, &path(i))?,
            name: entry.name.take(),
        })
    })
}

/// The nodes of a level with any other ids, in file order: an id's second
/// node is an error, checked before that node's position.
fn hashed_nodes<P>(
    entries: Vec<NodeEntry>,
    pos: impl Fn(Position, &dyn Fn() -> DocPath) -> Result<P, ValidationError>,
) -> Result<(Vec<Node<P>>, NodeIds), ValidationError> {
    let mut node_by_id = NodesById::with_capacity_and_hasher(entries.len(), Default::default());
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
        let pos = pos(entry.pos, &|| DocPath::item("nodes", i).field("pos"))?;
        nodes.push(Node {
            id: entry.id,
            pos,
            name: entry.name,
        });
    }
    Ok((nodes, NodeIds::Hashed(node_by_id)))
}

/// How many obstacles one parallel task validates.
const OBSTACLES_PER_TASK: usize = 16 * 1024;

/// Wire obstacles (a level built in memory, [`super::Level::from_wire`]:
/// not validated as parsed) validated by `valid` on every core, into a
/// vector of their exact length that `placeholder` fills first, `per_task`
/// at a time; the error is the first obstacle's, in file order, that has
/// one, as validating them one by one gives.
fn obstacles_in_tasks<O: Clone + Send>(
    mut entries: Vec<ObstacleEntry>,
    placeholder: O,
    valid: impl Fn(usize, ObstacleEntry) -> Result<O, ValidationError> + Sync,
    per_task: usize,
) -> Result<Vec<O>, ValidationError> {
    in_tasks(&mut entries, placeholder, per_task, |i, entry| {
        let entry = std::mem::replace(entry, ObstacleEntry::Point(Position::Plane(0.0, 0.0)));
        valid(i, entry)
    })
}

/// `entries` made into a vector of their exact length by `make` (given
/// each entry's place in the file), on every core, `per_task` at a time,
/// `placeholder` filling the vector first; the error is the first entry's,
/// in file order, that has one, as making them one by one gives.
fn in_tasks<E: Send, T: Clone + Send>(
    entries: &mut [E],
    placeholder: T,
    per_task: usize,
    make: impl Fn(usize, &mut E) -> Result<T, ValidationError> + Sync,
) -> Result<Vec<T>, ValidationError> {
    let mut made = crate::par::filled(placeholder, entries.len());
    let outcomes: Vec<Result<(), ValidationError>> = made
        .par_chunks_mut(per_task)
        .zip(entries.par_chunks_mut(per_task))
        .enumerate()
        .map(|(task, (slots, entries))| {
            let first = task * per_task;
            for (i, (slot, entry)) in (first..).zip(slots.iter_mut().zip(entries)) {
                *slot = make(i, entry)?;
            }
            Ok(())
        })
        .collect();
    outcomes.into_iter().collect::<Result<(), _>>()?;
    Ok(made)
}

/// How many edges one parallel task validates.
const EDGES_PER_TASK: usize = 16 * 1024;

/// What an edge's slot holds before it is validated.
const PLACEHOLDER_EDGE: Edge = Edge {
    from: NodeIdx::new(0),
    to: NodeIdx::new(0),
    one_way: false,
    closed: false,
    cost: None,
    clearance: None,
    area: None,
};

/// The edges, validated on every core into a vector of their exact length;
/// the error is the first edge's, in file order, that has one.
fn edges<P: Sync>(
    entries: &[EdgeEntry],
    nodes: &[Node<P>],
    node_ids: &NodeIds,
    names: &AreaNames,
) -> Result<Vec<Edge>, ValidationError> {
    let mut edges = crate::par::filled(PLACEHOLDER_EDGE, entries.len());
    let outcomes: Vec<Result<(), ValidationError>> = edges
        .par_chunks_mut(EDGES_PER_TASK)
        .enumerate()
        .map(|(task, slots)| {
            let first = task * EDGES_PER_TASK;
            for (i, slot) in (first..).zip(slots.iter_mut()) {
                *slot = edge(i, &entries[i], nodes, node_ids, names)?;
            }
            Ok(())
        })
        .collect();
    outcomes.into_iter().collect::<Result<(), _>>()?;
    Ok(edges)
}

/// Whether a list of `len` nodes or edges can be indexed: at most
/// [`NodeIdx::MAX`](crate::NodeIdx::MAX) + 1 of them (the same for edges).
/// A level that large (tens of gigabytes of nodes) is refused, not
/// truncated.
fn within_the_indices(list: &'static str, len: usize) -> Result<(), ValidationError> {
    const _: () = assert!(crate::NodeIdx::MAX == crate::EdgeIdx::MAX);
    if len.saturating_sub(1) > crate::NodeIdx::MAX {
        return Err(ValidationError::TooMany {
            list,
            index: crate::NodeIdx::MAX + 1,
        });
    }
    Ok(())
}

fn edge<P>(
    index: usize,
    entry: &EdgeEntry,
    nodes: &[Node<P>],
    node_ids: &NodeIds,
    names: &AreaNames,
) -> Result<Edge, ValidationError> {
    within_the_indices("edges", index + 1)?;
    let resolve = |end: &'static str, id: u64| {
        node_ids
            .index(id, nodes)
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
        from: NodeIdx::new(from),
        to: NodeIdx::new(to),
        one_way: entry.one_way,
        closed: entry.closed,
        cost: optional_length(entry.cost, "cost", Quantity::Cost)?,
        clearance: optional_length(entry.clearance, "clearance", Quantity::Clearance)?,
        area: entry
            .area
            .as_deref()
            .map(|name| {
                names
                    .intern(name)
                    .ok_or(ValidationError::TooManyAreas { edge: index })
            })
            .transpose()?,
    })
}

/// An obstacle of a flat level. `first` is the position that made the
/// level flat, for the message if one of this obstacle's is not.
pub(crate) fn obstacle(
    index: usize,
    entry: ObstacleEntry,
    first: &DocPath,
) -> Result<Obstacle, ValidationError> {
    let path = || DocPath::item("obstacles", index);
    Ok(match entry {
        ObstacleEntry::Point(p) => Obstacle::Point(point(p, &|| path().elem(0), first)?),
        ObstacleEntry::Circle { center, radius } => Obstacle::Circle(Circle {
            center: point(center, &|| path().field("center"), first)?,
            radius: length(radius, || path().field("radius"), Quantity::Radius)?,
        }),
        ObstacleEntry::Segment { from, to } => Obstacle::Segment(Segment::new(
            point(from, &|| path().field("from"), first)?,
            point(to, &|| path().field("to"), first)?,
        )),
        ObstacleEntry::Polygon(vertices) => Obstacle::Polygon(polygon(index, &vertices, first)?),
        other => {
            return Err(validate3d::wrong_dimension(
                index,
                &other,
                FileDimension::TwoD,
            ));
        }
    })
}

fn polygon(
    index: usize,
    vertices: &[Position],
    first: &DocPath,
) -> Result<Polygon, ValidationError> {
    let path = || DocPath::item("obstacles", index).elem(0);
    let points = vertices
        .iter()
        .enumerate()
        .map(|(i, &v)| point(v, &|| path().at(i), first))
        .collect::<Result<Vec<_>, _>>()?;
    let distinct = count_distinct(&points);
    Polygon::new(points).ok_or(ValidationError::DegeneratePolygon { index, distinct })
}

/// A position of a flat level: `(x, y)`, its coordinates finite and within
/// range. `path` names it in the document; it is only built when there is
/// an error to report, as is `first`, the position that made the level flat.
pub(crate) fn point(
    position: Position,
    path: &dyn Fn() -> DocPath,
    first: &DocPath,
) -> Result<Point, ValidationError> {
    let Position::Plane(x, y) = position else {
        return Err(ValidationError::MixedDimensions {
            path: path(),
            found: FileDimension::ThreeD,
            map: FileDimension::TwoD,
            first: first.clone(),
        });
    };
    Ok(Point::new(
        coordinate(x, || path().elem(0))?,
        coordinate(y, || path().elem(1))?,
    ))
}

pub(super) fn coordinate(
    value: f64,
    path: impl FnOnce() -> DocPath,
) -> Result<f64, ValidationError> {
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
pub(super) fn length(
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
    use proptest::prelude::*;

    use super::*;
    use crate::map::wire::MapFile;

    /// A wire file validated whole, as the loader validates one it could
    /// not read in chunks.
    fn validate(file: MapFile) -> Result<ValidParts, ValidationError> {
        super::validate(LoadFile::wire(file))
    }

    fn node(id: u64, x: f64, y: f64) -> NodeEntry {
        NodeEntry {
            id,
            pos: Position::Plane(x, y),
            name: None,
        }
    }

    fn edge(from: u64, to: u64) -> EdgeEntry {
        EdgeEntry {
            from,
            to,
            one_way: false,
            closed: false,
            cost: None,
            clearance: None,
            area: None,
        }
    }

    /// A list longer than an index can name is refused with an error at
    /// its first item beyond the limit (2^32: no level this large fits in
    /// memory here, so the checks are called directly).
    #[test]
    fn a_list_longer_than_the_indices_is_an_error() {
        let limit = crate::NodeIdx::MAX + 1;
        assert!(within_the_indices("nodes", 0).is_ok());
        assert!(within_the_indices("nodes", limit).is_ok());
        let too_many = within_the_indices("nodes", limit + 1).unwrap_err();
        assert_eq!(too_many.path(), DocPath::item("nodes", limit));
        assert_eq!(too_many.kind(), LoadErrorKind::OutOfRange);
        assert_eq!(
            too_many.to_string(),
            "`nodes` holds more than 4294967296 items: a map holds at most 2^32 nodes and 2^32 edges"
        );
        let nodes: Vec<Node> = (0..2)
            .map(|id| Node {
                id,
                pos: Point::new(id as f64, 0.0),
                name: None,
            })
            .collect();
        let ids = NodeIds::Counted(2);
        assert!(super::edge(limit - 1, &edge(0, 1), &nodes, &ids, &AreaNames::default()).is_ok());
        let beyond =
            super::edge(limit, &edge(0, 1), &nodes, &ids, &AreaNames::default()).unwrap_err();
        assert_eq!(beyond.path(), DocPath::item("edges", limit));
    }

    /// Edges are validated in parallel tasks; the error is still the
    /// first edge's in file order, and the edges keep their order.
    #[test]
    fn the_first_bad_edge_of_many_tasks_is_the_one_reported() {
        let nodes = vec![node(0, 0.0, 0.0), node(1, 1.0, 0.0), node(2, 2.0, 0.0)];
        let n = 3 * EDGES_PER_TASK + 5;
        let mut edges: Vec<EdgeEntry> = (0..n).map(|i| edge(i as u64 % 2, 2)).collect();
        let parts = validate(file(nodes.clone(), edges.clone(), vec![])).unwrap();
        let froms: Vec<usize> = parts.edges.iter().map(|e| e.from.get()).collect();
        assert_eq!(froms, (0..n).map(|i| i % 2).collect::<Vec<_>>());
        edges[3 * EDGES_PER_TASK + 1] = edge(9, 2);
        edges[EDGES_PER_TASK + 7] = edge(2, 2);
        edges[2 * EDGES_PER_TASK] = edge(0, 7);
        let err = validate(file(nodes, edges, vec![])).unwrap_err();
        assert_eq!(
            err,
            ValidationError::SelfLoop {
                edge: EDGES_PER_TASK + 7,
                id: 2
            }
        );
    }

    /// A node's position, or a bad one: NaN, infinite, beyond the largest
    /// coordinate, or with a height in a flat level.
    fn any_position() -> impl Strategy<Value = Position> {
        let coordinate = prop_oneof![
            8 => -1e3..1e3f64,
            1 => Just(f64::NAN),
            1 => Just(f64::NEG_INFINITY),
            1 => Just(2e15),
        ];
        prop_oneof![
            8 => (-1e3..1e3f64, -1e3..1e3f64).prop_map(|(x, y)| Position::Plane(x, y)),
            1 => (coordinate.clone(), coordinate).prop_map(|(x, y)| Position::Plane(x, y)),
            1 => Just(Position::Space(0.0, 0.0, 0.0)),
        ]
    }

    proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(200))]

        /// Nodes whose ids count up, validated on every core, are the
        /// nodes (or the error) that the one-core walk with its table
        /// gives: its twin. Tasks of a few nodes, so that many run.
        #[test]
        fn counted_nodes_are_the_hashed_walks(
            entries in prop::collection::vec((any_position(), any::<bool>()), 0..120),
            task in 1usize..20,
        ) {
            let entries: Vec<NodeEntry> = (0u64..).zip(&entries)
                .map(|(id, &(pos, named))| NodeEntry {
                    id,
                    pos,
                    name: named.then(|| format!("n{id}")),
                })
                .collect();
            let first = DocPath::item("nodes", 0).field("pos");
            let point = |p, path: &dyn Fn() -> DocPath| point(p, path, &first);
            let counted = counted_nodes_in_tasks(entries.clone(), point, task);
            let hashed = hashed_nodes(entries, point).map(|(nodes, _)| nodes);
            // As text: a NaN in an error is not equal to itself.
            prop_assert_eq!(format!("{counted:?}"), format!("{hashed:?}"));
        }

        /// Obstacles validated on every core (a level built in memory) are
        /// the obstacles, or the first error in file order, that validating
        /// them one by one gives: its twin. Tasks of a few obstacles.
        #[test]
        fn obstacles_in_tasks_are_the_one_by_one_walk(
            entries in prop::collection::vec((any_position(), prop_oneof![4 => 0.0..10.0f64, 1 => Just(-1.0), 1 => Just(f64::NAN)], 0usize..3), 0..120),
            task in 1usize..20,
        ) {
            let entries: Vec<ObstacleEntry> = entries
                .into_iter()
                .map(|(p, r, kind)| match kind {
                    0 => ObstacleEntry::Point(p),
                    1 => ObstacleEntry::Circle { center: p, radius: r },
                    _ => ObstacleEntry::Segment { from: p, to: Position::Plane(r, r) },
                })
                .collect();
            let first = DocPath::item("nodes", 0).field("pos");
            let in_tasks = obstacles_in_tasks(
                entries.clone(),
                Obstacle::Point(Point::new(0.0, 0.0)),
                |i, o| obstacle(i, o, &first),
                task,
            );
            let one_by_one = entries
                .into_iter()
                .enumerate()
                .map(|(i, o)| obstacle(i, o, &first))
                .collect::<Result<Vec<_>, _>>();
            prop_assert_eq!(format!("{in_tasks:?}"), format!("{one_by_one:?}"));
        }
    }

    #[test]
    fn counted_ids_build_no_table_and_others_find_duplicates() {
        let counted = vec![node(0, 0.0, 0.0), node(1, 1.0, 0.0), node(2, 2.0, 0.0)];
        let parts = validate(file(counted, vec![edge(2, 0)], vec![])).unwrap();
        assert!(matches!(parts.node_ids, NodeIds::Counted(3)));
        assert_eq!((parts.edges[0].from.get(), parts.edges[0].to.get()), (2, 0));
        let repeated = vec![node(0, 0.0, 0.0), node(1, 1.0, 0.0), node(1, 2.0, 0.0)];
        let err = validate(file(repeated, vec![], vec![])).unwrap_err();
        assert_eq!(
            err,
            ValidationError::DuplicateNodeId {
                id: 1,
                first: 1,
                second: 2
            }
        );
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
        assert_eq!((map.edges[0].from.get(), map.edges[0].to.get()), (1, 0));
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

        let poly = ObstacleEntry::Polygon(vec![
            Position::Plane(0.0, 0.0),
            Position::Plane(1.0, 0.0),
            Position::Plane(0.0, 0.0),
        ]);
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
