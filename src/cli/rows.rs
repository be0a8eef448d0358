//! The JSON rows shared by reports: one edge's or one node's clearance.

use serde::Serialize;

use clearway::{Clearance, Map};

/// One edge's clearance, as `check` and `clearance` write it.
#[derive(Debug, Serialize)]
pub struct EdgeRow {
    /// The edge's index in file order.
    pub edge: usize,
    /// The `from` node's id.
    pub from: u64,
    /// The `to` node's id.
    pub to: u64,
    /// The clearance; `null` when unbounded.
    pub clearance: Option<f64>,
    /// The obstacle that sets it; `null` without obstacles.
    pub obstacle: Option<usize>,
    /// The pinch point on the edge.
    pub edge_point: Option<[f64; 2]>,
    /// The closest point of the obstacle.
    pub obstacle_point: Option<[f64; 2]>,
}

impl EdgeRow {
    /// The row for edge `edge`.
    pub fn new(map: &Map, edge: usize, clearance: &Clearance) -> EdgeRow {
        let e = &map.edges()[edge];
        EdgeRow {
            edge,
            from: map.nodes()[e.from].id,
            to: map.nodes()[e.to].id,
            clearance: clearance.finite_value(),
            obstacle: clearance.witness.map(|w| w.obstacle),
            edge_point: clearance.witness.map(|w| w.edge_point.into()),
            obstacle_point: clearance.witness.map(|w| w.obstacle_point.into()),
        }
    }
}

/// One node's clearance.
#[derive(Debug, Serialize)]
pub struct NodeRow {
    /// The node's id.
    pub id: u64,
    /// The clearance; `null` when unbounded.
    pub clearance: Option<f64>,
    /// The obstacle that sets it; `null` without obstacles.
    pub obstacle: Option<usize>,
}

impl NodeRow {
    /// The row for node `node` (an index into the map's nodes).
    pub fn new(map: &Map, node: usize, clearance: &Clearance) -> NodeRow {
        NodeRow {
            id: map.nodes()[node].id,
            clearance: clearance.finite_value(),
            obstacle: clearance.witness.map(|w| w.obstacle),
        }
    }
}
