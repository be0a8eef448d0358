//! What an agent pays by area: each edge's cost times the agent's
//! multiplier for the edge's area, and no way at all through an area it
//! forbids.
//!
//! The plain searches (an agent without costs, or a radius alone) weigh an
//! arc by its cost as they always have ([`Plain`]); an agent with costs or
//! forbidden areas reads one more array, each arc's area, and a small table
//! of multipliers by area ([`AreaCosts`]). The A* loop is generic over the
//! two, so the plain one is compiled as before.

use super::network::RouteNetwork;
use crate::dimension::Dimension;
use crate::map::{Agent, Map};

/// How a search weighs arc `k` (an index into the whole arc array) whose
/// cost is `cost`: `None` when the agent may not use it.
pub(crate) trait ArcWeight {
    /// The arc's cost for the agent, or `None` when it is forbidden.
    fn weigh(&self, k: usize, cost: f64) -> Option<f64>;

    /// Asks the cache for what weighing arc `k` (a node's first arc) and
    /// its neighbours will read; nothing for the plain costs.
    #[inline]
    fn prefetch(&self, _k: usize) {}
}

/// Every arc at its cost: an agent with no costs and no forbidden areas.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plain;

impl ArcWeight for Plain {
    #[inline]
    fn weigh(&self, _k: usize, cost: f64) -> Option<f64> {
        Some(cost)
    }
}

/// An agent's multipliers by area, as a router reads them: the value for
/// an arc of area `a` is at `a + 1`, and at 0 for an arc with no area (1.0).
/// A forbidden area's value is infinite.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct AreaCosts {
    table: Vec<f64>,
    /// The smallest multiplier of an area the agent may use, at most 1:
    /// what the goal bounds are scaled by to stay below every cost.
    smallest: f64,
}

impl AreaCosts {
    /// `agent`'s multipliers over `map`'s areas; `None` when they change
    /// nothing (the map has no areas, or the agent no costs and no
    /// forbidden areas), so that the plain search runs. Names the map does
    /// not have (an agent made by hand) change nothing.
    pub fn of<D: Dimension>(map: &Map<D>, agent: &Agent) -> Option<AreaCosts> {
        let areas = map.areas();
        if areas.is_empty() || (agent.costs.is_empty() && agent.forbid.is_empty()) {
            return None;
        }
        let mut table = Vec::with_capacity(areas.len() + 1);
        table.push(1.0);
        let mut smallest: f64 = 1.0;
        for name in areas {
            let value = if agent.forbid.iter().any(|f| f == name) {
                f64::INFINITY
            } else {
                let m = agent.costs.get(name).copied().unwrap_or(1.0);
                smallest = smallest.min(m);
                m
            };
            table.push(value);
        }
        Some(AreaCosts { table, smallest })
    }

    /// The factor that keeps a lower bound on the plain costs below this
    /// agent's costs: the smallest multiplier (at most 1), a hair under
    /// when below 1, so that the rounding of a multiplied cost never makes
    /// the bound overstate.
    pub fn bound_scale(&self) -> f64 {
        if self.smallest < 1.0 {
            self.smallest * (1.0 - 1e-12)
        } else {
            1.0
        }
    }

    /// The multipliers by area plus one (at 0, 1.0 for an edge with no
    /// area; infinite for a forbidden area): what the viewer page weighs
    /// its edges by, so that it need not re-derive them from the rules.
    #[cfg(feature = "render")]
    pub fn multipliers(&self) -> &[f64] {
        &self.table
    }

    /// The multiplier of edge `edge` of `map` (infinite when forbidden).
    pub fn edge_multiplier<D: Dimension>(&self, map: &Map<D>, edge: usize) -> f64 {
        self.table[map.edges()[edge].area.map_or(0, |a| a.index() + 1)]
    }

    /// The weights over `network`'s arcs.
    pub fn over<'a, D: Dimension>(&'a self, network: &'a RouteNetwork<D>) -> Weighted<'a> {
        Weighted {
            arc_area: network.arc_areas(),
            table: &self.table,
        }
    }
}

/// An agent's weights over one route table's arcs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Weighted<'a> {
    /// Each arc's area plus one, 0 for none ([`RouteNetwork::arc_areas`]).
    arc_area: &'a [u16],
    table: &'a [f64],
}

impl ArcWeight for Weighted<'_> {
    #[inline]
    fn weigh(&self, k: usize, cost: f64) -> Option<f64> {
        let m = self.table[usize::from(self.arc_area.get(k).copied().unwrap_or(0))];
        (m != f64::INFINITY).then_some(cost * m)
    }

    /// The line of the arcs' areas where a node's arcs start: a search
    /// calls this when it first reaches the node, as it does for the arcs
    /// themselves, so that expanding the node later does not wait on a
    /// second array (a node's few arcs' areas, 2 bytes each, rarely span
    /// two lines).
    #[inline]
    fn prefetch(&self, k: usize) {
        if k < self.arc_area.len() {
            prefetch_index::prefetch_index(self.arc_area, k);
        }
    }
}
