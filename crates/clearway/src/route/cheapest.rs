//! The cheapest route for an agent of a given radius, and what a route is.

use super::area_costs::AreaCosts;
use crate::clearance::Clearances;
use crate::dimension::Dimension;
use crate::indices::{EdgeIdx, NodeIdx};
use crate::map::Map;

/// A route through the network.
#[derive(Clone, Debug, PartialEq)]
pub struct Route {
    /// The nodes visited, as indices into [`Map::nodes`], start to goal.
    pub nodes: Vec<NodeIdx>,
    /// The edges taken, as indices into [`Map::edges`]; one fewer than nodes.
    pub edges: Vec<EdgeIdx>,
    /// The geometric length: the sum of the edges' lengths.
    pub length: f64,
    /// The cost the search minimised: each edge's `cost`, or its length,
    /// times the agent's multiplier for the edge's area when the route is
    /// an agent profile's ([`Router::route`](crate::Router::route)).
    pub cost: f64,
    /// The smallest clearance along the route; `f64::INFINITY` when no edge
    /// is limited. A route of one node (no edges) is bounded by that node's
    /// clearance.
    pub min_clearance: f64,
}

/// The cost of travelling edge `edge`: its explicit cost, or its length.
pub(crate) fn edge_cost<D: Dimension>(map: &Map<D>, edge: usize) -> f64 {
    map.edges()[edge]
        .cost
        .unwrap_or_else(|| segment_length(map, edge))
}

impl Route {
    /// Builds a route from its nodes and edges, summing length and cost
    /// (each edge's times its multiplier in `costs`, when given, in the
    /// order the search summed them).
    pub(crate) fn along<D: Dimension>(
        map: &Map<D>,
        clearances: &Clearances<D>,
        nodes: Vec<usize>,
        edges: Vec<usize>,
        costs: Option<&AreaCosts>,
    ) -> Route {
        // One pass, each edge's length measured once (an edge without an
        // explicit cost costs its length). Both sums start where `sum`
        // does, at -0.0, and add in route order: the same values as two
        // sums over the edges.
        let (mut length, mut cost) = (-0.0, -0.0);
        for &e in &edges {
            let edge_length = segment_length(map, e);
            length += edge_length;
            let plain = map.edges()[e].cost.unwrap_or(edge_length);
            cost += match costs {
                None => plain,
                Some(costs) => plain * costs.edge_multiplier(map, e),
            };
        }
        let min_clearance = if edges.is_empty() {
            // A route of one node: the node's own clearance bounds it.
            nodes
                .first()
                .map_or(f64::INFINITY, |&n| clearances.nodes()[n].value)
        } else {
            edges
                .iter()
                .map(|&e| clearances.edges()[e].value)
                .fold(f64::INFINITY, f64::min)
        };
        Route {
            nodes: nodes.into_iter().map(NodeIdx::new).collect(),
            edges: edges.into_iter().map(EdgeIdx::new).collect(),
            length,
            cost,
            min_clearance,
        }
    }

    /// The edge that sets the route's minimum clearance: the first one along
    /// the route with that clearance; `None` when nothing limits the route.
    pub fn bottleneck_edge<D: Dimension>(&self, clearances: &Clearances<D>) -> Option<EdgeIdx> {
        if self.min_clearance.is_infinite() {
            return None;
        }
        self.edges
            .iter()
            .copied()
            .find(|&e| clearances.edge(e).value == self.min_clearance)
    }
}

/// The length of edge `edge`: its segment's length, in either dimension.
fn segment_length<D: Dimension>(map: &Map<D>, edge: usize) -> f64 {
    let segment = map.edge_segment(EdgeIdx::new(edge));
    D::distance(segment.a, segment.b)
}
