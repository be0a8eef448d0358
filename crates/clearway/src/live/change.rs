//! The changes a live level takes, and why one may be refused.

use crate::dimension::{Dimension, Plane};
use crate::indices::{EdgeIdx, NodeIdx};
use crate::map::{Edge, Node};

/// One change to a [`LiveLevel`](super::LiveLevel). Obstacles are named by
/// their index (the map's obstacles are 0 to n-1 in file order, then added
/// ones in the order added; a removed obstacle's index is never given
/// again), edges and nodes by theirs, likewise.
///
/// Generic over the [`Dimension`]: `Change` for a flat level,
/// `Change<Space>` for a level with height.
#[derive(Clone, Debug, PartialEq)]
pub enum Change<D: Dimension = Plane> {
    /// Adds an obstacle; it gets the next obstacle index
    /// ([`ChangeReport::added_obstacle`](super::ChangeReport::added_obstacle)).
    AddObstacle(D::Obstacle),
    /// Removes an obstacle.
    RemoveObstacle(usize),
    /// Gives an obstacle another shape (any kind); it keeps its index.
    ReplaceObstacle {
        /// The obstacle's index.
        obstacle: usize,
        /// Its new shape.
        with: D::Obstacle,
    },
    /// Moves an obstacle by a displacement; it keeps its index.
    MoveObstacle {
        /// The obstacle's index.
        obstacle: usize,
        /// The displacement.
        by: D::Point,
    },
    /// Closes an edge (a door, a drawbridge): unusable for every agent,
    /// its clearance kept. Closing a closed edge changes nothing.
    CloseEdge(EdgeIdx),
    /// Opens a closed edge. Opening an open edge changes nothing.
    OpenEdge(EdgeIdx),
    /// Adds a node (its id unused in the level, removed nodes' included);
    /// it gets the next node index.
    AddNode(Node<D::Point>),
    /// Removes a node and every edge at it.
    RemoveNode(NodeIdx),
    /// Adds an edge between two live nodes; it gets the next edge index.
    /// A baked clearance on it is ignored while the level has obstacles,
    /// as loading ignores it.
    AddEdge(Edge),
    /// Removes an edge.
    RemoveEdge(EdgeIdx),
}

/// Why a [`LiveLevel`](super::LiveLevel) refused a change. A refused change
/// changes nothing.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ChangeError {
    /// No obstacle was ever given this index.
    #[error("there is no obstacle {index}: the level's obstacles are numbered 0 to {}", last_index(.last))]
    UnknownObstacle {
        /// The index asked for.
        index: usize,
        /// The last index given (`None` when there has been none).
        last: Option<usize>,
    },
    /// The obstacle was removed by an earlier change.
    #[error("obstacle {0} was removed by an earlier change")]
    RemovedObstacle(usize),
    /// No edge has this index.
    #[error("there is no edge {index}: the level's edges are numbered 0 to {}", last_index(.last))]
    UnknownEdge {
        /// The index asked for.
        index: usize,
        /// The last edge index (`None` when there has been none).
        last: Option<usize>,
    },
    /// The edge was removed by an earlier change.
    #[error("edge {0} was removed by an earlier change")]
    RemovedEdge(usize),
    /// No node has this index.
    #[error("there is no node {index}: the level's nodes are numbered 0 to {}", last_index(.last))]
    UnknownNode {
        /// The index asked for.
        index: usize,
        /// The last node index (`None` when there has been none).
        last: Option<usize>,
    },
    /// The node was removed by an earlier change.
    #[error("node {0} was removed by an earlier change")]
    RemovedNode(usize),
    /// A node with this id is (or was) in the level.
    #[error("node id {0} is already used in the level")]
    DuplicateNodeId(u64),
    /// The shape or number given is not valid: the message says what.
    #[error("{0}")]
    Invalid(String),
}

/// The last index of a list, as error messages print it: `none` for an
/// empty list (formats as "numbered 0 to none").
fn last_index(last: &Option<usize>) -> String {
    match last {
        Some(i) => i.to_string(),
        None => "none (there are none)".to_string(),
    }
}

/// Checks an obstacle's numbers as loading would: every coordinate finite
/// and at most 1e15 in magnitude, a radius >= 0, a box's least corner at
/// most its greatest on every axis.
pub(super) fn check_obstacle<D: Dimension>(obstacle: &D::Obstacle) -> Result<(), ChangeError> {
    let numbers = D::obstacle_numbers(obstacle);
    check_numbers(&numbers)?;
    match D::obstacle_problem(obstacle) {
        Some(problem) => Err(ChangeError::Invalid(problem)),
        None => Ok(()),
    }
}

/// Checks that every number is finite and at most 1e15 in magnitude (the
/// loader's bound on coordinates).
pub(super) fn check_numbers(numbers: &[f64]) -> Result<(), ChangeError> {
    for &x in numbers {
        if !x.is_finite() {
            return Err(ChangeError::Invalid(format!(
                "the number {x} is not finite: every coordinate must be a finite number"
            )));
        }
        if x.abs() > crate::map::MAX_COORDINATE {
            return Err(ChangeError::Invalid(format!(
                "the coordinate {x:e} is beyond ±1e15, the largest the format allows"
            )));
        }
    }
    Ok(())
}
