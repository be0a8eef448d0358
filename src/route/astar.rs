//! The A* loop behind every cheapest route: best-first over the arcs of the
//! [`RouteNetwork`], skipping arcs too tight for the agent, with the scores
//! in vectors indexed by node (`petgraph::algo::astar` keeps them in hash
//! maps). The tests hold it to Dijkstra, Bellman-Ford and petgraph's A*.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::network::RouteNetwork;

/// "No predecessor" in the parent vector.
const NONE: u32 = u32::MAX;

/// A node waiting to be expanded, with the cost `g` it was reached at and
/// its estimate `f = g + h`.
#[derive(Debug, PartialEq)]
pub(super) struct Open {
    pub f: f64,
    pub g: f64,
    pub node: u32,
}

impl Eq for Open {}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Open {
    /// `BinaryHeap` pops the greatest, so the order is reversed: the
    /// smallest `f` first; among equal `f` the largest `g` (the node nearer
    /// the goal, which saves expanding ties on grids); then the lowest node,
    /// so that the search is deterministic.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .f
            .total_cmp(&self.f)
            .then(self.g.total_cmp(&other.g))
            .then(other.node.cmp(&self.node))
    }
}

/// What a search writes per node, kept between the queries of one
/// [`Router`](super::Router) and put back after each: only the nodes a query
/// reached are reset, so a short query costs no pass over every node.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// The cheapest cost found so far to each node; infinite when unreached.
    g: Vec<f64>,
    /// The arc each node was reached by (an index into the network's arcs),
    /// with the node it came from.
    parent: Vec<(u32, u32)>,
    /// The nodes whose `g` this query set.
    reached: Vec<u32>,
    open: BinaryHeap<Open>,
}

impl Scratch {
    /// Sizes the vectors for `n` nodes, all unreached.
    fn ready(&mut self, n: usize) {
        if self.g.len() != n {
            self.g = vec![f64::INFINITY; n];
            self.parent = vec![(NONE, NONE); n];
        }
    }

    fn reach(&mut self, node: usize, g: f64, parent: (u32, u32)) {
        if self.g[node] == f64::INFINITY {
            self.reached.push(node as u32);
        }
        self.g[node] = g;
        self.parent[node] = parent;
    }

    /// Puts every node this query reached back to unreached.
    fn reset(&mut self) {
        for &n in &self.reached {
            self.g[n as usize] = f64::INFINITY;
            self.parent[n as usize] = (NONE, NONE);
        }
        self.reached.clear();
        self.open.clear();
    }
}

/// A cheapest path from `start` to `goal` over the arcs whose clearance
/// admits `agent_radius`, as its nodes and the map edges between them;
/// `None` when the goal cannot be reached. `estimate` is a lower bound on
/// the cost from a node to the goal (0 for Dijkstra); the path is cheapest
/// whenever the estimate never overstates.
///
/// A node is expanded again when a cheaper way to it turns up later, so a
/// rounding-level inconsistency of the estimate cannot cost optimality.
/// Between parallel edges of equal cost the one of lowest index is taken,
/// since a node's arcs are in edge order and only a strictly cheaper arc
/// replaces a parent.
pub(crate) fn cheapest_path(
    network: &RouteNetwork,
    scratch: &mut Scratch,
    start: usize,
    goal: usize,
    agent_radius: f64,
    estimate: impl Fn(usize) -> f64,
) -> Option<(Vec<usize>, Vec<usize>)> {
    scratch.ready(network.node_count());
    scratch.reach(start, 0.0, (NONE, NONE));
    scratch.open.push(Open {
        f: estimate(start),
        g: 0.0,
        node: start as u32,
    });
    let mut found = false;
    while let Some(Open {
        g: g_here, node, ..
    }) = scratch.open.pop()
    {
        let here = node as usize;
        if g_here > scratch.g[here] {
            continue; // a stale entry: the node was reached more cheaply since
        }
        if here == goal {
            found = true;
            break;
        }
        let first = network.first_arc(here);
        for (k, arc) in network.arcs(here).iter().enumerate() {
            if arc.clearance < agent_radius {
                continue;
            }
            let next = arc.target as usize;
            let g_next = g_here + arc.cost;
            if g_next < scratch.g[next] {
                scratch.reach(next, g_next, (node, (first + k) as u32));
                let f = g_next + estimate(next);
                if f.is_finite() {
                    // (An infinite estimate proves the goal out of reach.)
                    scratch.open.push(Open {
                        f,
                        g: g_next,
                        node: arc.target,
                    });
                }
            }
        }
    }
    let path = found.then(|| path_to(network, &scratch.parent, start, goal));
    scratch.reset();
    path
}

/// Follows the parents back from `goal` to `start`: the nodes and the edges.
fn path_to(
    network: &RouteNetwork,
    parent: &[(u32, u32)],
    start: usize,
    goal: usize,
) -> (Vec<usize>, Vec<usize>) {
    let mut nodes = vec![goal];
    let mut edges = Vec::new();
    let mut at = goal;
    while at != start {
        let (from, arc) = parent[at];
        edges.push(network.arc(arc as usize).edge as usize);
        at = from as usize;
        nodes.push(at);
    }
    nodes.reverse();
    edges.reverse();
    (nodes, edges)
}
