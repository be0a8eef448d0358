//! The network as the route searches read it: each node's outgoing arcs side
//! by side in one array (compressed sparse rows), each arc carrying all a
//! search needs (target, edge, cost, clearance). Expanding a node then reads
//! one contiguous run, where the petgraph graph would have the search chase
//! linked arcs and look up the edge, both its end nodes and its clearance
//! in four other arrays: on large levels those cache misses were most of the
//! time of a query.

use crate::clearance::Clearances;
use crate::geometry::Point;
use crate::map::Map;

use super::cheapest::edge_cost;

/// One direction of travel along an edge.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Arc {
    /// The node the arc leads to.
    pub target: u32,
    /// The map edge it travels (an index into [`Map::edges`]).
    pub edge: u32,
    /// The edge's cost: its explicit cost, or its length.
    pub cost: f64,
    /// The edge's clearance.
    pub clearance: f64,
}

/// Every node's outgoing arcs, in one array, with the nodes' positions.
#[derive(Debug)]
pub(crate) struct RouteNetwork {
    /// Node `n`'s arcs are `arcs[first_arc[n]..first_arc[n + 1]]`.
    first_arc: Vec<u32>,
    arcs: Vec<Arc>,
    positions: Vec<Point>,
}

impl RouteNetwork {
    /// Builds the table for a map and its clearances: one pass to count each
    /// node's arcs, one to place them. A node's arcs are in edge order, so
    /// searches break ties the same way every time.
    ///
    /// The map's petgraph graph already limits the arcs to `u32` indices, so
    /// the counts here fit too.
    pub fn new(map: &Map, clearances: &Clearances) -> RouteNetwork {
        RouteNetwork::build(map, clearances, false)
    }

    /// The same table with every arc turned round: node `n`'s arcs are the
    /// ones arriving at it, each leading back to where it came from.
    pub fn reversed(map: &Map, clearances: &Clearances) -> RouteNetwork {
        RouteNetwork::build(map, clearances, true)
    }

    fn build(map: &Map, clearances: &Clearances, reverse: bool) -> RouteNetwork {
        let nodes = map.nodes();
        let edges = map.edges();
        let mut first_arc = vec![0u32; nodes.len() + 1];
        // Each edge as (tail, head), turned round when `reverse`.
        let ends = |e: &crate::map::Edge| {
            if reverse {
                (e.to, e.from)
            } else {
                (e.from, e.to)
            }
        };
        for e in edges {
            let (tail, head) = ends(e);
            first_arc[tail + 1] += 1;
            if !e.one_way {
                first_arc[head + 1] += 1;
            }
        }
        for n in 0..nodes.len() {
            first_arc[n + 1] += first_arc[n];
        }
        let mut next = first_arc.clone();
        let placeholder = Arc {
            target: 0,
            edge: 0,
            cost: 0.0,
            clearance: 0.0,
        };
        let mut arcs = vec![placeholder; first_arc[nodes.len()] as usize];
        let mut place = |from: usize, to: usize, arc: Arc| {
            arcs[next[from] as usize] = Arc {
                target: to as u32,
                ..arc
            };
            next[from] += 1;
        };
        for (i, e) in edges.iter().enumerate() {
            let arc = Arc {
                target: 0,
                edge: i as u32,
                cost: edge_cost(map, i),
                clearance: clearances.edge(i).value,
            };
            let (tail, head) = ends(e);
            place(tail, head, arc);
            if !e.one_way {
                place(head, tail, arc);
            }
        }
        RouteNetwork {
            first_arc,
            arcs,
            positions: nodes.iter().map(|n| n.pos).collect(),
        }
    }

    /// How many nodes the network has.
    pub fn node_count(&self) -> usize {
        self.positions.len()
    }

    /// The arcs leaving node `n`, in edge order.
    pub fn arcs(&self, n: usize) -> &[Arc] {
        &self.arcs[self.first_arc[n] as usize..self.first_arc[n + 1] as usize]
    }

    /// The index of node `n`'s first arc in the whole array.
    pub fn first_arc(&self, n: usize) -> usize {
        self.first_arc[n] as usize
    }

    /// Arc `k` of the whole array.
    pub fn arc(&self, k: usize) -> &Arc {
        &self.arcs[k]
    }

    /// Node `n`'s position.
    pub fn position(&self, n: usize) -> Point {
        self.positions[n]
    }
}
