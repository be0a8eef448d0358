//! The A* loop behind every cheapest route: best-first over the arcs of the
//! [`RouteNetwork`], skipping arcs too tight for the agent, with the scores
//! in vectors indexed by slot (`petgraph::algo::astar` keeps them in hash
//! maps). The tests hold it to Dijkstra, Bellman-Ford and petgraph's A*.

use super::area_costs::ArcWeight;
use super::clearance_floor::RadiusFit;
use super::network::RouteNetwork;
use super::open_set::{Open, OpenSet};
use crate::clearance::Clearances;
use crate::dimension::Dimension;

/// "No predecessor" in the parent vector.
const NONE: u32 = u32::MAX;

/// What a search knows of one slot: the cheapest cost found so far
/// (infinite when unreached), its estimate (computed when first reached, and
/// kept: a node is often reached again more cheaply, and the landmark bound
/// is the dearest part of reaching it), and the arc it was reached by with
/// the slot it came from. One record, so that reaching a node touches one
/// cache line.
#[derive(Clone, Copy, Debug)]
struct Reached {
    g: f64,
    h: f64,
    from: u32,
    arc: u32,
}

const UNREACHED: Reached = Reached {
    g: f64::INFINITY,
    h: f64::INFINITY,
    from: NONE,
    arc: NONE,
};

/// What a search writes per slot, kept between the queries of one
/// [`Router`](super::Router) and put back after each: only the slots a query
/// reached are reset, so a short query costs no pass over every node.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// Each slot's record.
    slots: Vec<Reached>,
    /// The slots this query reached.
    reached: Vec<u32>,
    open: OpenSet,
    /// How many nodes the last search expanded.
    pub expanded: usize,
}

impl Scratch {
    /// Sizes the vector for `n` slots, all unreached.
    fn ready(&mut self, n: usize) {
        if self.slots.len() != n {
            self.slots = vec![UNREACHED; n];
        }
        self.open.ready(n);
    }

    fn reach(&mut self, slot: usize, g: f64, h: f64, from: u32, arc: u32) {
        let record = &mut self.slots[slot];
        if record.g == f64::INFINITY {
            self.reached.push(slot as u32);
        }
        *record = Reached { g, h, from, arc };
    }

    /// Puts every slot this query reached back to unreached.
    fn reset(&mut self) {
        for &s in &self.reached {
            self.slots[s as usize] = UNREACHED;
        }
        self.reached.clear();
        self.open.clear();
    }
}

/// What A* steers by: a lower bound on the cost from a slot to the goal, and
/// a way to have the cache fetch what that bound will read.
pub(crate) trait Estimate {
    /// A lower bound on the cost from slot `v` to the goal; infinite when
    /// the goal cannot be reached from `v`.
    fn lower_bound(&self, v: usize) -> f64;

    /// Asks the cache for what `lower_bound(v)` reads (nothing by default).
    fn prefetch(&self, _v: usize) {}
}

/// No estimate (`None`) bounds every cost by 0: A* with it is Dijkstra.
impl<E: Estimate> Estimate for Option<E> {
    fn lower_bound(&self, v: usize) -> f64 {
        self.as_ref().map_or(0.0, |e| e.lower_bound(v))
    }

    fn prefetch(&self, v: usize) {
        if let Some(e) = self {
            e.prefetch(v);
        }
    }
}

/// A cheapest path from slot `start` to slot `goal` over the arcs whose
/// clearance admits `agent_radius` (not NaN), as its map nodes and the map
/// edges between them; `None` when the goal cannot be reached. The path is
/// cheapest whenever `estimate` never overstates (0 gives Dijkstra).
/// `clearances` are the network's, read when an arc's clearance floor
/// cannot decide. `weight` gives each arc's cost for the agent, and the
/// arcs it may not use ([`ArcWeight`]).
///
/// A node is expanded again when a cheaper way to it turns up later, so a
/// rounding-level inconsistency of the estimate cannot cost optimality.
/// Between parallel edges of equal cost the one of lowest index is taken,
/// since a node's arcs are in edge order and only a strictly cheaper arc
/// replaces a parent.
// The estimate and the weight are the two ways a query differs; a struct
// for them would only rename the arguments.
#[allow(clippy::too_many_arguments)]
pub(crate) fn cheapest_path<D: Dimension>(
    network: &RouteNetwork<D>,
    clearances: &Clearances<D>,
    scratch: &mut Scratch,
    start: usize,
    goal: usize,
    agent_radius: f64,
    estimate: &impl Estimate,
    weight: &impl ArcWeight,
) -> Option<(Vec<usize>, Vec<usize>)> {
    let fit = RadiusFit::new(agent_radius);
    scratch.ready(network.node_count());
    scratch.expanded = 0;
    let h_start = estimate.lower_bound(start);
    scratch.reach(start, 0.0, h_start, NONE, NONE);
    if h_start.is_finite() {
        // (An infinite estimate at the start proves the goal out of reach:
        // nothing to search.)
        scratch.open.insert(Open {
            f: h_start,
            g: 0.0,
            node: start as u32,
            tie: network.node(start) as u32,
        });
    }
    let mut found = false;
    while let Some(Open {
        g: g_here, node, ..
    }) = scratch.open.pop()
    {
        let here = node as usize;
        scratch.expanded += 1;
        if here == goal {
            found = true;
            break;
        }
        let first = network.first_arc(here);
        // The arcs' targets are read below one after another, each likely
        // a cache miss (its score, heap position, position and estimate
        // data); asking for all of them first lets the misses overlap.
        for arc in network.arcs(here) {
            let next = arc.target as usize;
            prefetch_index::prefetch_index(&scratch.slots, next);
            scratch.open.prefetch(next);
            network.prefetch_node(next);
            estimate.prefetch(next);
        }
        for (k, arc) in network.arcs(here).iter().enumerate() {
            let exact = || network.arc_clearance(clearances, first + k);
            if !fit.admits(arc.clearance_floor, exact) {
                continue;
            }
            let Some(cost) = weight.weigh(first + k, arc.cost) else {
                continue;
            };
            let next = arc.target as usize;
            let g_next = g_here + cost;
            let record = scratch.slots[next];
            if g_next < record.g {
                let h = if record.g == f64::INFINITY {
                    network.prefetch_arcs(next);
                    weight.prefetch(network.first_arc(next));
                    estimate.lower_bound(next)
                } else {
                    record.h
                };
                scratch.reach(next, g_next, h, node, (first + k) as u32);
                let f = g_next + h;
                if f.is_finite() {
                    // (An infinite estimate proves the goal out of reach.)
                    scratch.open.insert(Open {
                        f,
                        g: g_next,
                        node: arc.target,
                        tie: network.node(next) as u32,
                    });
                }
            }
        }
    }
    let path = found.then(|| path_to(network, &scratch.slots, start, goal));
    scratch.reset();
    path
}

/// Follows the parents back from `goal` to `start`: the map nodes and edges.
fn path_to<D: Dimension>(
    network: &RouteNetwork<D>,
    slots: &[Reached],
    start: usize,
    goal: usize,
) -> (Vec<usize>, Vec<usize>) {
    let mut nodes = vec![network.node(goal)];
    let mut edges = Vec::new();
    let mut at = goal;
    while at != start {
        let Reached { from, arc, .. } = slots[at];
        edges.push(network.edge(arc as usize));
        at = from as usize;
        nodes.push(network.node(at));
    }
    nodes.reverse();
    edges.reverse();
    (nodes, edges)
}
