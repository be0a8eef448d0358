//! The widest route: the largest agent radius that can get from A to B, by a
//! bottleneck (max-min) variant of Dijkstra's search.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::area_costs::ArcWeight;
use super::cheapest::Route;
use super::network::RouteNetwork;
use crate::clearance::Clearances;
use crate::dimension::Dimension;
use crate::indices::EdgeIdx;

/// The largest agent that can travel from A to B, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct WidestRoute {
    /// The largest radius for which a route exists: the maximum over routes
    /// of the route's minimum edge clearance. `f64::INFINITY` when no
    /// obstacle limits it.
    pub widest_radius: f64,
    /// The cheapest route an agent of that radius can take.
    pub route: Route,
    /// The edge of that route whose clearance is the widest radius; `None`
    /// when unbounded, and for a route of one node (its node bounds it).
    pub bottleneck_edge: Option<EdgeIdx>,
}

/// A node waiting in the bottleneck search, widest first.
#[derive(PartialEq)]
struct Frontier {
    width: f64,
    node: usize,
}

impl Eq for Frontier {}

impl PartialOrd for Frontier {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Frontier {
    fn cmp(&self, other: &Self) -> Ordering {
        self.width
            .total_cmp(&other.width)
            .then(other.node.cmp(&self.node))
    }
}

/// The bottleneck search: the widest width with which each slot can be
/// reached, settled widest first. `clearances` are the network's: the
/// widths are exact routing clearances (0 for a closed edge), not their
/// floors. Arcs `weight` forbids are never taken.
pub(crate) fn widest_radius<D: Dimension>(
    network: &RouteNetwork<D>,
    clearances: &Clearances<D>,
    start: usize,
    goal: usize,
    weight: &impl ArcWeight,
) -> Option<f64> {
    let n = network.node_count();
    let mut width = vec![f64::NEG_INFINITY; n];
    let mut settled = vec![false; n];
    let mut frontier = BinaryHeap::new();
    width[start] = f64::INFINITY;
    frontier.push(Frontier {
        width: f64::INFINITY,
        node: start,
    });
    while let Some(Frontier { width: w, node }) = frontier.pop() {
        if settled[node] {
            continue;
        }
        settled[node] = true;
        if node == goal {
            return Some(w);
        }
        let first = network.first_arc(node);
        for (k, arc) in network.arcs(node).iter().enumerate() {
            if weight.weigh(first + k, arc.cost).is_none() {
                continue;
            }
            let next = arc.target as usize;
            let through = w.min(network.arc_clearance(clearances, first + k));
            if !settled[next] && through > width[next] {
                width[next] = through;
                frontier.push(Frontier {
                    width: through,
                    node: next,
                });
            }
        }
    }
    None
}
