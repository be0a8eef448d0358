//! The network as the route searches read it: each node's outgoing arcs side
//! by side in one array (compressed sparse rows), each arc carrying what a
//! search reads on every step (target, cost, clearance floor) in 16 bytes,
//! four to a cache line. Expanding a node then reads one contiguous run,
//! where the petgraph graph would have the search chase linked arcs and look
//! up the edge, both its end nodes and its clearance in four other arrays:
//! on large levels those cache misses were most of the time of a query.
//!
//! The nodes are kept in Hilbert-curve order ([`hilbert_order`]), not map
//! order: a node's *slot* is its place in that order. Everything indexed by
//! node here (arcs, positions) and in the searches (scores, landmark costs)
//! is indexed by slot; [`RouteNetwork::slot`] and [`RouteNetwork::node`]
//! translate at the edges of a query.

use crate::clearance::Clearances;
use crate::dimension::{Dimension, Plane};
use crate::map::Map;

use super::cheapest::edge_cost;
use super::clearance_floor::floor_f32;
use super::node_order::hilbert_order;
use super::usable::ClosedEdges;

/// One direction of travel along an edge.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Arc {
    /// The slot of the node the arc leads to.
    pub target: u32,
    /// The `f32` at or below the edge's routing clearance (see
    /// [`RadiusFit`](super::clearance_floor::RadiusFit)): 0 for a closed
    /// edge ([`super::usable`]).
    pub clearance_floor: f32,
    /// The edge's cost: its explicit cost, or its length.
    pub cost: f64,
}

/// Every node's outgoing arcs, in one array, with the nodes' positions.
#[derive(Clone, Debug)]
pub(crate) struct RouteNetwork<D: Dimension = Plane> {
    /// Slot `s`'s arcs are `arcs[first_arc[s]..first_arc[s + 1]]`.
    first_arc: Vec<u32>,
    arcs: Vec<Arc>,
    /// The map edge each arc travels (an index into [`Map::edges`]); read
    /// only to spell out a route, or on a tie of clearance floors.
    arc_edge: Vec<u32>,
    /// Each arc's area plus one, 0 for none, read by the searches of an
    /// agent with costs by area ([`super::area_costs`]); empty when the
    /// map has no areas.
    arc_area: Vec<u16>,
    /// Which edges are closed: their routing clearance is 0, which the
    /// exact reads ([`RouteNetwork::arc_clearance`]) go through.
    closed: ClosedEdges,
    /// Each slot's position.
    positions: Vec<D::Point>,
    /// The map node in each slot.
    node_at: Vec<u32>,
    /// Each map node's slot.
    slot_of: Vec<u32>,
}

impl<D: Dimension> RouteNetwork<D> {
    /// Builds the table for a map and its clearances: one pass to count each
    /// node's arcs, one to place them. A node's arcs are in edge order, so
    /// searches break ties the same way every time.
    ///
    /// Slots, arc targets and edges are held as `u32`: a level of 2^32
    /// nodes or edges (a map file of hundreds of gigabytes) is beyond what
    /// the loader can hold in memory on any machine this runs on.
    pub fn new(map: &Map<D>, clearances: &Clearances<D>) -> RouteNetwork<D> {
        let positions: Vec<D::Point> = map.nodes().iter().map(|n| n.pos).collect();
        RouteNetwork::build(map, clearances, hilbert_order::<D>(&positions), false)
    }

    /// The same table with every arc turned round: slot `s`'s arcs are the
    /// ones arriving at it, each leading back to where it came from. The
    /// slots are this network's.
    pub fn reversed(&self, map: &Map<D>, clearances: &Clearances<D>) -> RouteNetwork<D> {
        RouteNetwork::build(map, clearances, self.node_at.clone(), true)
    }

    fn build(
        map: &Map<D>,
        clearances: &Clearances<D>,
        node_at: Vec<u32>,
        reverse: bool,
    ) -> RouteNetwork<D> {
        let nodes = map.nodes();
        let edges = map.edges();
        let mut slot_of = vec![0u32; nodes.len()];
        for (slot, &node) in node_at.iter().enumerate() {
            slot_of[node as usize] = slot as u32;
        }
        // Each edge as (tail, head) slots, turned round when `reverse`.
        let ends = |e: &crate::map::Edge| {
            let (from, to) = (slot_of[e.from] as usize, slot_of[e.to] as usize);
            if reverse { (to, from) } else { (from, to) }
        };
        let mut first_arc = vec![0u32; nodes.len() + 1];
        for e in edges {
            let (tail, head) = ends(e);
            first_arc[tail + 1] += 1;
            if !e.one_way {
                first_arc[head + 1] += 1;
            }
        }
        for s in 0..nodes.len() {
            first_arc[s + 1] += first_arc[s];
        }
        let arc_count = first_arc[nodes.len()] as usize;
        let mut next = first_arc.clone();
        let placeholder = Arc {
            target: 0,
            clearance_floor: 0.0,
            cost: 0.0,
        };
        let closed = ClosedEdges::of(map);
        let mut arcs = vec![placeholder; arc_count];
        let mut arc_edge = vec![0u32; arc_count];
        let with_areas = !map.areas().is_empty();
        let mut arc_area = vec![0u16; if with_areas { arc_count } else { 0 }];
        let mut place = |from: usize, to: usize, edge: usize, arc: Arc| {
            let k = next[from] as usize;
            arcs[k] = Arc {
                target: to as u32,
                ..arc
            };
            arc_edge[k] = edge as u32;
            if with_areas {
                // At most 65535 areas: their numbers plus one fit.
                arc_area[k] = edges[edge].area.map_or(0, |a| a.index() as u16 + 1);
            }
            next[from] += 1;
        };
        for (i, e) in edges.iter().enumerate() {
            let arc = Arc {
                target: 0,
                clearance_floor: floor_f32(closed.clearance(clearances, i)),
                cost: edge_cost(map, i),
            };
            let (tail, head) = ends(e);
            place(tail, head, i, arc);
            if !e.one_way {
                place(head, tail, i, arc);
            }
        }
        RouteNetwork {
            first_arc,
            arcs,
            arc_edge,
            arc_area,
            closed,
            positions: node_at.iter().map(|&n| nodes[n as usize].pos).collect(),
            node_at,
            slot_of,
        }
    }

    /// How many nodes the network has.
    pub fn node_count(&self) -> usize {
        self.positions.len()
    }

    /// The slot of map node `node`.
    pub fn slot(&self, node: usize) -> usize {
        self.slot_of[node] as usize
    }

    /// The map node in slot `slot`.
    pub fn node(&self, slot: usize) -> usize {
        self.node_at[slot] as usize
    }

    /// The arcs leaving slot `s`, in edge order.
    pub fn arcs(&self, s: usize) -> &[Arc] {
        &self.arcs[self.first_arc[s] as usize..self.first_arc[s + 1] as usize]
    }

    /// Asks the cache for slot `s`'s arcs (the first and last of them may
    /// sit on two lines), to be read when `s` is expanded. A search calls
    /// this when it first reaches `s`: the node then waits in the open set
    /// long enough for the lines to arrive, where reading them on expansion
    /// would stall on memory.
    #[inline]
    pub fn prefetch_arcs(&self, s: usize) {
        let (first, end) = (self.first_arc[s] as usize, self.first_arc[s + 1] as usize);
        prefetch_index::prefetch_index(&self.arcs, first);
        prefetch_index::prefetch_index(&self.arcs, end.saturating_sub(1));
    }

    /// Asks the cache for what reaching slot `s` reads of the network: its
    /// position (for the straight-line estimate), its map node (which
    /// breaks ties in the open set) and where its arcs start (read by
    /// [`RouteNetwork::prefetch_arcs`] right after).
    #[inline]
    pub fn prefetch_node(&self, s: usize) {
        prefetch_index::prefetch_index(&self.positions, s);
        prefetch_index::prefetch_index(&self.node_at, s);
        prefetch_index::prefetch_index(&self.first_arc, s);
    }

    /// The index of slot `s`'s first arc in the whole array.
    pub fn first_arc(&self, s: usize) -> usize {
        self.first_arc[s] as usize
    }

    /// Each arc's area plus one, 0 for none; empty when the map has no
    /// areas.
    pub fn arc_areas(&self) -> &[u16] {
        &self.arc_area
    }

    /// The map edge that arc `k` of the whole array travels.
    pub fn edge(&self, k: usize) -> usize {
        self.arc_edge[k] as usize
    }

    /// Where each of `edge_count` edges' arcs are in the whole array: up
    /// to two (one for a one-way edge, the other `u32::MAX`), for a live
    /// level to patch an edge's clearance in place.
    pub fn arcs_of_edges(&self, edge_count: usize) -> Vec<[u32; 2]> {
        let mut arcs = vec![[u32::MAX; 2]; edge_count];
        for (k, &e) in self.arc_edge.iter().enumerate() {
            let slot = &mut arcs[e as usize];
            let free = usize::from(slot[0] != u32::MAX);
            slot[free] = k as u32;
        }
        arcs
    }

    /// Sets the clearance floor of edge `e`'s arcs (found in `arcs`, from
    /// [`RouteNetwork::arcs_of_edges`]) from its clearance now, as
    /// [`RouteNetwork::new`] would set it.
    pub fn set_edge(
        &mut self,
        e: usize,
        arcs: &[[u32; 2]],
        map: &Map<D>,
        clearances: &Clearances<D>,
    ) {
        self.closed.set(e, map.edges()[e].closed);
        let floor = floor_f32(self.closed.clearance(clearances, e));
        for &k in arcs[e].iter().filter(|&&k| k != u32::MAX) {
            self.arcs[k as usize].clearance_floor = floor;
        }
    }

    /// The routing clearance of the edge arc `k` of the whole array
    /// travels: its clearance in `clearances` (the network's), or 0 when it
    /// is closed. What a search reads when a floor cannot decide, and the
    /// bottleneck search's widths.
    #[inline]
    pub fn arc_clearance(&self, clearances: &Clearances<D>, k: usize) -> f64 {
        self.closed.clearance(clearances, self.edge(k))
    }

    /// Slot `s`'s position.
    pub fn position(&self, s: usize) -> D::Point {
        self.positions[s]
    }
}
