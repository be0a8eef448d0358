//! The JSON rows shared by reports: one edge's or one node's clearance.

use serde::Serialize;

use clearway::{Clearance, EdgeIdx, Map, NodeIdx};

use super::dimension::{Coordinates, Shown};
use super::input::Level;
use super::mesh_spot::MeshSpot;

/// One edge's clearance, as `check` and `clearance` write it.
#[derive(Debug, Serialize)]
pub struct EdgeRow {
    /// The edge's index in file order.
    pub edge: EdgeIdx,
    /// The `from` node's id.
    pub from: u64,
    /// The `to` node's id.
    pub to: u64,
    /// The `from` node's name, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_name: Option<String>,
    /// The `to` node's name, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_name: Option<String>,
    /// `true` when the edge is closed (its clearance is measured all the
    /// same); absent when open, so that the rows of levels without closed
    /// edges are as they were.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub closed: bool,
    /// The edge's area (`null` for none) on a map with areas; absent on a
    /// map without, so that its rows are as they were.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub area: Option<Option<String>>,
    /// The clearance; `null` when unbounded.
    pub clearance: Option<f64>,
    /// The obstacle that sets it; `null` without obstacles.
    pub obstacle: Option<usize>,
    /// The pinch point on the edge: `[x, y]`, or `[x, y, z]` in 3D.
    pub edge_point: Option<Coordinates>,
    /// The closest point of the obstacle.
    pub obstacle_point: Option<Coordinates>,
    /// For a mesh read from an OBJ file: the triangle that holds
    /// `obstacle_point` and its face's line ([`MeshCitation`]).
    #[serde(flatten)]
    pub mesh: MeshCitation,
    /// For a walking agent: why the edge is blocked, and its slope and
    /// ground gap (absent for spheres, so their rows are as they were).
    #[serde(flatten)]
    pub walking: Option<WalkingRow>,
}

/// Why a walking agent is blocked, as JSON: `blocked_by` is `body`,
/// `ground` or `slope`; the walking clearance is the row's `clearance`.
#[derive(Debug, Serialize)]
pub struct WalkingRow {
    /// `body`, `ground` or `slope`; absent in a table of every edge.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blocked_by: Option<&'static str>,
    /// The edge's angle above the horizontal, in degrees.
    pub slope: f64,
    /// The longest stretch with no ground under it, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_ground: Option<GapRow>,
}

/// A stretch of an edge with no ground under it.
#[derive(Debug, Serialize)]
pub struct GapRow {
    /// How long it is.
    pub length: f64,
    /// Where it starts: `[x, y, z]`.
    pub from: Coordinates,
}

impl EdgeRow {
    /// The row for edge `edge`.
    pub fn new<D: Shown>(map: &Map<D>, edge: EdgeIdx, clearance: &Clearance<D::Point>) -> EdgeRow {
        let e = &map.edges()[edge];
        EdgeRow {
            edge,
            from: map.nodes()[e.from].id,
            to: map.nodes()[e.to].id,
            from_name: map.nodes()[e.from].name.clone(),
            to_name: map.nodes()[e.to].name.clone(),
            closed: e.closed,
            area: (!map.areas().is_empty()).then(|| map.edge_area(edge).map(str::to_owned)),
            clearance: clearance.finite_value(),
            obstacle: clearance.witness.map(|w| w.obstacle),
            edge_point: path_point::<D>(clearance),
            obstacle_point: obstacle_point::<D>(clearance),
            mesh: MeshCitation::default(),
            walking: None,
        }
    }

    /// The row with its OBJ triangle cited, where `level` knows it.
    pub fn citing<D: Shown>(mut self, level: &Level<D>, clearance: &Clearance<D::Point>) -> Self {
        self.mesh = MeshCitation::of(level, clearance);
        self
    }
}

/// One node's clearance.
#[derive(Debug, Serialize)]
pub struct NodeRow {
    /// The node's id.
    pub id: u64,
    /// The node's name, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The clearance; `null` when unbounded.
    pub clearance: Option<f64>,
    /// The obstacle that sets it; `null` without obstacles.
    pub obstacle: Option<usize>,
    /// Where the clearance is measured: the node's place, as `edge_point`
    /// is an edge's pinch point.
    pub node_point: Option<Coordinates>,
    /// The closest point of the obstacle.
    pub obstacle_point: Option<Coordinates>,
    /// As [`EdgeRow::mesh`].
    #[serde(flatten)]
    pub mesh: MeshCitation,
    /// As [`EdgeRow::walking`].
    #[serde(flatten)]
    pub walking: Option<WalkingRow>,
}

/// Which triangle of an OBJ mesh a row cites: `obstacle_triangle` (from 0,
/// in the mesh's face order) and `obstacle_triangle_line` (its face's line
/// in the `.obj`), or `obstacle_inside: true` for a point inside a solid
/// mesh on none of its faces. Absent for every other obstacle, so that the
/// rows of other levels are as they were.
#[derive(Debug, Default, Serialize)]
pub struct MeshCitation {
    /// The triangle that holds the obstacle's point.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub obstacle_triangle: Option<usize>,
    /// That triangle's face line in the `.obj` file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub obstacle_triangle_line: Option<usize>,
    /// The point is inside a solid mesh, on none of its faces.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub obstacle_inside: bool,
}

impl MeshCitation {
    /// The citation of `clearance`'s witness in `level`.
    pub fn of<D: Shown>(level: &Level<D>, clearance: &Clearance<D::Point>) -> MeshCitation {
        let spot = clearance
            .witness
            .and_then(|w| level.obj_spot(w.obstacle, w.obstacle_point));
        match spot {
            Some((MeshSpot::Triangle(t), line)) => MeshCitation {
                obstacle_triangle: Some(t),
                obstacle_triangle_line: line,
                obstacle_inside: false,
            },
            Some((MeshSpot::Inside, _)) => MeshCitation {
                obstacle_inside: true,
                ..MeshCitation::default()
            },
            None => MeshCitation::default(),
        }
    }
}

impl NodeRow {
    /// The row for node `node` (an index into the map's nodes).
    pub fn new<D: Shown>(map: &Map<D>, node: NodeIdx, clearance: &Clearance<D::Point>) -> NodeRow {
        NodeRow {
            id: map.nodes()[node].id,
            name: map.nodes()[node].name.clone(),
            clearance: clearance.finite_value(),
            obstacle: clearance.witness.map(|w| w.obstacle),
            node_point: path_point::<D>(clearance),
            obstacle_point: obstacle_point::<D>(clearance),
            mesh: MeshCitation::default(),
            walking: None,
        }
    }

    /// The row with its OBJ triangle cited, where `level` knows it.
    pub fn citing<D: Shown>(mut self, level: &Level<D>, clearance: &Clearance<D::Point>) -> Self {
        self.mesh = MeshCitation::of(level, clearance);
        self
    }
}

/// Where a clearance is measured: the pinch point on an edge, a node's
/// place.
fn path_point<D: Shown>(clearance: &Clearance<D::Point>) -> Option<Coordinates> {
    (clearance.witness).map(|w| D::coordinates(w.edge_point).unsigned_zero())
}

/// The obstacle's point nearest to [`path_point`].
fn obstacle_point<D: Shown>(clearance: &Clearance<D::Point>) -> Option<Coordinates> {
    (clearance.witness).map(|w| D::coordinates(w.obstacle_point).unsigned_zero())
}
