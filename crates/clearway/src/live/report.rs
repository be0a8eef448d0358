//! What a change did: the clearances it changed, and for each agent the
//! edges it blocked or opened. What a game reads to invalidate the routes
//! it has cached.

use crate::clearance::Clearance;
use crate::dimension::{Dimension, Plane};
use crate::indices::{EdgeIdx, NodeIdx};
use crate::walking::{Walking, WalkingSpot};

/// One clearance a change changed: its value or its witness.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClearanceChange<I, P> {
    /// The edge's or node's index.
    pub index: I,
    /// The clearance before the change.
    pub was: Clearance<P>,
    /// The clearance after it.
    pub now: Clearance<P>,
}

/// One walking spot a change changed (see
/// [`WalkingSpot`](crate::walking::WalkingSpot)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpotChange<I> {
    /// The edge's or node's index.
    pub index: I,
    /// The spot before the change.
    pub was: WalkingSpot,
    /// The spot after it.
    pub now: WalkingSpot,
}

/// The walking spots a change changed, for one walking profile: what the
/// sphere clearances of [`ChangeReport::edges`] and
/// [`ChangeReport::nodes`] are for spheres.
#[derive(Clone, Debug, PartialEq)]
pub struct WalkingChanges {
    /// The profile (height, climb, slope) the spots are measured for.
    pub walking: Walking,
    /// The edges whose spot changed, by index.
    pub edges: Vec<SpotChange<EdgeIdx>>,
    /// The nodes whose spot changed, by index.
    pub nodes: Vec<SpotChange<NodeIdx>>,
}

/// What a change (or a batch of them) did to a
/// [`LiveLevel`](super::LiveLevel).
///
/// Generic over the [`Dimension`]: `ChangeReport` for a flat level,
/// `ChangeReport<Space>` for a level with height.
#[derive(Clone, Debug, PartialEq)]
pub struct ChangeReport<D: Dimension = Plane> {
    /// The edges whose clearance or witness changed, by index; not the
    /// edges added or removed.
    pub edges: Vec<ClearanceChange<EdgeIdx, D::Point>>,
    /// The nodes whose clearance or witness changed, by index; not the
    /// nodes added or removed.
    pub nodes: Vec<ClearanceChange<NodeIdx, D::Point>>,
    /// For each agent of [`LiveLevel::agents`](super::LiveLevel::agents),
    /// in order: the edges it could use before and cannot now (too tight,
    /// closed or removed), by index. A walking agent's are judged by its
    /// walking verdict (body, ground and slope at its radius), as
    /// [`WalkingClearances::edge_blocked`](crate::walking::WalkingClearances::edge_blocked)
    /// judges them.
    pub blocked: Vec<Vec<EdgeIdx>>,
    /// For each agent, the edges it could not use before and can now
    /// (wide enough, open, or added), by index.
    pub passable: Vec<Vec<EdgeIdx>>,
    /// The index an added obstacle was given.
    pub added_obstacle: Option<usize>,
    /// The index an added node was given.
    pub added_node: Option<NodeIdx>,
    /// The index an added edge was given.
    pub added_edge: Option<EdgeIdx>,
    /// The edges removed (by [`Change::RemoveEdge`](super::Change::RemoveEdge),
    /// or with their node), by index.
    pub removed_edges: Vec<EdgeIdx>,
    /// For each walking profile the level follows (see
    /// [`LiveLevel::walking`](super::LiveLevel::walking)), the spots whose
    /// body clearance, witness or ground changed, by index; not the edges
    /// and nodes added or removed. Empty for a flat level.
    pub walking: Vec<WalkingChanges>,
    /// The level's slack before and after, when the change moved the
    /// level's largest coordinate and so its slack ([`crate::Map::slack`]).
    pub slack: Option<(f64, f64)>,
}

impl<D: Dimension> ChangeReport<D> {
    /// A report of nothing changed, for `agents` agents.
    pub(super) fn empty(agents: usize) -> ChangeReport<D> {
        ChangeReport {
            edges: Vec::new(),
            nodes: Vec::new(),
            blocked: vec![Vec::new(); agents],
            passable: vec![Vec::new(); agents],
            added_obstacle: None,
            added_node: None,
            added_edge: None,
            removed_edges: Vec::new(),
            walking: Vec::new(),
            slack: None,
        }
    }

    /// Whether the change changed no clearance and no agent's edges.
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
            && self.nodes.is_empty()
            && self.blocked.iter().all(Vec::is_empty)
            && self.passable.iter().all(Vec::is_empty)
            && self
                .walking
                .iter()
                .all(|w| w.edges.is_empty() && w.nodes.is_empty())
    }
}
