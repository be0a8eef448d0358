//! The cheapest route for an agent of a given radius: A* over the network
//! with the edges too tight for the agent filtered out (a view, not a copy).

use petgraph::algo::astar;
use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeFiltered;

use crate::clearance::Clearances;
use crate::map::Map;

/// A route through the network.
#[derive(Clone, Debug, PartialEq)]
pub struct Route {
    /// The nodes visited, as indices into [`Map::nodes`], start to goal.
    pub nodes: Vec<usize>,
    /// The edges taken, as indices into [`Map::edges`]; one fewer than nodes.
    pub edges: Vec<usize>,
    /// The geometric length: the sum of the edges' lengths.
    pub length: f64,
    /// The cost the search minimised: each edge's `cost`, or its length.
    pub cost: f64,
    /// The smallest clearance along the route; `f64::INFINITY` when no edge
    /// is limited (or the route has no edges).
    pub min_clearance: f64,
}

/// The cheapest route from node `start` to node `goal` (indices into
/// [`Map::nodes`]) using only edges whose clearance admits `agent_radius`,
/// honouring one-way edges and explicit costs. `None` when there is none.
///
/// A* with the straight-line distance as its estimate, scaled down when some
/// explicit cost is cheaper than its edge's length so that the estimate never
/// overstates; when some edge of positive length is free, plain Dijkstra.
///
/// ```
/// use clearway::{Clearances, Map, route::route};
/// let map = Map::from_ron_str(r#"(
///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (5, 5))],
///     edges: [(from: 0, to: 1), (from: 0, to: 2), (from: 2, to: 1)],
///     obstacles: [Point((5, 1))],
/// )"#, "doc.ron").unwrap();
/// let clearances = Clearances::compute(&map);
/// // The direct edge passes 1.0 from the rock: a radius-2 agent goes round.
/// let r = route(&map, &clearances, 0, 1, 2.0).unwrap();
/// assert_eq!(r.nodes, vec![0, 2, 1]);
/// assert!(route(&map, &clearances, 0, 1, 0.5).unwrap().nodes == vec![0, 1]);
/// ```
pub fn route(
    map: &Map,
    clearances: &Clearances,
    start: usize,
    goal: usize,
    agent_radius: f64,
) -> Option<Route> {
    search(
        map,
        clearances,
        start,
        goal,
        agent_radius,
        heuristic_scale(map),
    )
}

/// The same search with no estimate at all: Dijkstra. The twin that A* is
/// tested against, and the fallback when explicit costs leave no estimate.
pub fn route_dijkstra(
    map: &Map,
    clearances: &Clearances,
    start: usize,
    goal: usize,
    agent_radius: f64,
) -> Option<Route> {
    search(map, clearances, start, goal, agent_radius, 0.0)
}

/// The cost of travelling edge `edge`: its explicit cost, or its length.
pub(crate) fn edge_cost(map: &Map, edge: usize) -> f64 {
    map.edges()[edge]
        .cost
        .unwrap_or_else(|| map.edge_segment(edge).length())
}

/// The factor that keeps the straight-line estimate admissible: the map's
/// smallest cost per unit length (at most 1; 0, plain Dijkstra, when an edge
/// of positive length is free), a hair under, so that rounding in summed
/// lengths never makes the estimate overstate.
fn heuristic_scale(map: &Map) -> f64 {
    map.min_cost_per_length() * (1.0 - 1e-12)
}

fn search(
    map: &Map,
    clearances: &Clearances,
    start: usize,
    goal: usize,
    agent_radius: f64,
    scale: f64,
) -> Option<Route> {
    let graph = map.graph();
    let fits = |e: petgraph::graph::EdgeReference<'_, usize>| {
        clearances.edge(*e.weight()).admits(agent_radius)
    };
    let passable = EdgeFiltered::from_fn(graph, fits);
    let goal_pos = map.nodes()[goal].pos;
    let (_, nodes) = astar(
        &passable,
        NodeIndex::new(start),
        |n| n.index() == goal,
        |e| edge_cost(map, *e.weight()),
        |n| {
            if scale > 0.0 {
                scale * map.nodes()[n.index()].pos.distance_to(goal_pos)
            } else {
                0.0
            }
        },
    )?;
    let nodes: Vec<usize> = nodes.into_iter().map(NodeIndex::index).collect();
    let edges: Vec<usize> = nodes
        .windows(2)
        .map(|pair| cheapest_edge(map, clearances, pair[0], pair[1], agent_radius))
        .collect::<Option<_>>()?;
    Some(Route::along(map, clearances, nodes, edges))
}

/// Of the passable edges from `a` to `b` (parallel edges are allowed), the
/// cheapest; the lowest index on ties.
fn cheapest_edge(
    map: &Map,
    clearances: &Clearances,
    a: usize,
    b: usize,
    agent_radius: f64,
) -> Option<usize> {
    map.graph()
        .edges_connecting(NodeIndex::new(a), NodeIndex::new(b))
        .map(|e| *e.weight())
        .filter(|&i| clearances.edge(i).admits(agent_radius))
        .min_by(|&i, &j| {
            edge_cost(map, i)
                .total_cmp(&edge_cost(map, j))
                .then(i.cmp(&j))
        })
}

impl Route {
    /// Builds a route from its nodes and edges, summing length and cost.
    pub(crate) fn along(
        map: &Map,
        clearances: &Clearances,
        nodes: Vec<usize>,
        edges: Vec<usize>,
    ) -> Route {
        let length = edges.iter().map(|&e| map.edge_segment(e).length()).sum();
        let cost = edges.iter().map(|&e| edge_cost(map, e)).sum();
        let min_clearance = edges
            .iter()
            .map(|&e| clearances.edge(e).value)
            .fold(f64::INFINITY, f64::min);
        Route {
            nodes,
            edges,
            length,
            cost,
            min_clearance,
        }
    }

    /// The edge that sets the route's minimum clearance: the first one along
    /// the route with that clearance; `None` when nothing limits the route.
    pub fn bottleneck_edge(&self, clearances: &Clearances) -> Option<usize> {
        if self.min_clearance.is_infinite() {
            return None;
        }
        self.edges
            .iter()
            .copied()
            .find(|&e| clearances.edge(e).value == self.min_clearance)
    }
}
