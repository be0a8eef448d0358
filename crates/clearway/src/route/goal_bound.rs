//! The estimate a guided search steers by: a lower bound on the cost from a
//! node to the goal, the larger of the straight-line distance (scaled so
//! that it never exceeds a cost) and the landmarks' bound.

use super::astar::Estimate;
use super::landmarks::{Landmarks, QueryLandmarks};
use super::network::RouteNetwork;
use crate::dimension::Dimension;

/// The bound towards one goal.
#[derive(Debug)]
pub(crate) struct GoalBound<'a, D: Dimension> {
    network: &'a RouteNetwork<D>,
    goal: D::Point,
    /// The map's smallest cost per unit length, a hair under; 0 when some
    /// edge of positive length is free, which leaves only the landmarks.
    scale: f64,
    /// The landmarks and the ones this query reads, with their costs at
    /// the goal.
    landmarks: Option<(&'a Landmarks, QueryLandmarks)>,
    /// What the landmarks' bounds are scaled by: 1, or an agent's smallest
    /// cost multiplier by area when below 1 and the landmark costs are the
    /// plain ones (which such an agent may pay less than).
    landmark_scale: f64,
}

impl<'a, D: Dimension> GoalBound<'a, D> {
    /// The bound from any slot to slot `goal`; with `landmarks`, those that
    /// bound best at slot `start` take part ([`Landmarks::for_query`]).
    /// `cost_scale` (in (0, 1]) scales the straight line down for an agent
    /// whose costs by area may be below the plain ones
    /// ([`AreaCosts::bound_scale`](super::area_costs::AreaCosts::bound_scale)),
    /// and `landmark_scale` the landmarks' bounds: the same for a table of
    /// the plain costs, 1 for a table of the agent's own.
    pub fn new(
        network: &'a RouteNetwork<D>,
        scale: f64,
        landmarks: Option<&'a Landmarks>,
        start: usize,
        goal: usize,
        cost_scale: f64,
        landmark_scale: f64,
    ) -> GoalBound<'a, D> {
        GoalBound {
            network,
            goal: network.position(goal),
            scale: scale * cost_scale,
            landmarks: landmarks.map(|l| (l, l.for_query(start, goal, ACTIVE_LANDMARKS))),
            landmark_scale,
        }
    }
}

impl<D: Dimension> Estimate for GoalBound<'_, D> {
    /// The square root of the summed squares, not `hypot`: as exact
    /// (coordinates are at most 1e15, so the squares cannot overflow, and
    /// underflow only lowers the estimate) and several times faster, and
    /// the estimate is computed for every node reached.
    fn lower_bound(&self, v: usize) -> f64 {
        let straight = if self.scale > 0.0 {
            self.scale * D::length_2(self.network.position(v) - self.goal).sqrt()
        } else {
            0.0
        };
        match &self.landmarks {
            Some((all, query)) => straight.max(self.landmark_scale * all.lower_bound(v, query)),
            None => straight,
        }
    }

    fn prefetch(&self, v: usize) {
        if let Some((all, _)) = &self.landmarks {
            all.prefetch(v);
        }
    }
}

/// How many landmarks a query reads: the ones that bound best at its start
/// ([`Landmarks::for_query`]).
const ACTIVE_LANDMARKS: usize = 6;
