//! Landmark lower bounds for A* (the ALT technique: A*, landmarks, triangle
//! inequality). A few nodes far apart are chosen as landmarks and the cost
//! from each landmark to every node, and from every node back, is computed
//! once. For any nodes v and t the triangle inequality then bounds the
//! cheapest cost from v to t from below:
//!
//! d(v, t) >= d(L, t) - d(L, v)   and   d(v, t) >= d(v, L) - d(t, L).
//!
//! A table is computed over the edges that admit one radius ρ (every edge
//! for ρ = -∞). An agent of radius r >= ρ travels only edges that also admit
//! ρ, and leaving edges out can only make routes dearer, so the table's
//! bounds hold for every such agent: one table for every edge serves all
//! agents, and a table for an agent's own radius bounds that agent's routes
//! more tightly (edges too tight for it no longer count as short cuts) and
//! proves a goal out of reach at once when the landmarks reach the start
//! but not the goal. On large levels the bound is much closer to the real
//! cost than the straight-line distance, so A* expands far fewer nodes.
//!
//! Nodes here are the [`RouteNetwork`]'s slots.

use std::collections::BinaryHeap;

use crate::par::prelude::*;

use petgraph::unionfind::UnionFind;

use super::area_costs::{ArcWeight, AreaCosts, Plain};
use super::clearance_floor::RadiusFit;
use super::network::{Arc, RouteNetwork};
use super::open_set::Open;
use crate::clearance::Clearances;
use crate::dimension::Dimension;

/// The landmarks' costs, node-major: slot `v`'s costs from the landmarks
/// are `from[v * count..(v + 1) * count]`, so that one bound reads one run.
/// They are kept as `f32` (the nearest to each cost), which halves the
/// bytes a search reads per node reached (16 landmarks: 64 bytes); the
/// bounds give up the rounding, a relative 2^-24 of each cost (see [`gap`]).
#[derive(Debug)]
pub(crate) struct Landmarks {
    /// The radius the costs are for: they count only the edges admitting it.
    radius: f64,
    /// The agent's multipliers by area the costs are for (each arc's cost
    /// times its area's multiplier, no arc of a forbidden area); `None`
    /// for the plain costs.
    costs: Option<AreaCosts>,
    count: usize,
    /// The cheapest cost from each landmark to each node; infinite when the
    /// node cannot be reached from it.
    from: Vec<f32>,
    /// The cheapest cost from each node to each landmark; `None` when every
    /// edge is two-way, where it equals `from`.
    to: Option<Vec<f32>>,
}

/// One landmark as a query reads it, with its costs at the query's goal.
#[derive(Clone, Copy, Debug)]
struct Pick {
    landmark: usize,
    /// The cost from the landmark to the goal.
    to_goal: f32,
    /// The cost from the goal to the landmark.
    from_goal: f32,
}

/// The landmarks one query reads ([`Landmarks::for_query`]).
#[derive(Debug)]
pub(crate) struct QueryLandmarks {
    picks: Vec<Pick>,
}

impl Landmarks {
    /// Chooses up to `count` landmarks over the edges whose clearance
    /// admits `radius` (not NaN; -∞ for every edge), by farthest-point
    /// selection: the first is the node farthest from a seed, each next one
    /// the node farthest from those chosen so far (nodes that cannot be
    /// reached are never chosen). The seed is the lowest map node of the
    /// largest connected part of the network those edges leave (directions
    /// ignored), so that the landmarks serve most nodes (though with one-way
    /// edges the selection only follows arcs forward from the seed).
    /// `reverse` is the
    /// network with every arc turned round, or `None` when every edge is
    /// two-way; `clearances` are the network's.
    ///
    /// With `costs`, the costs are an agent's: each arc's cost times its
    /// area's multiplier, as the agent's searches weigh it, and no arc of
    /// an area it forbids counts.
    ///
    /// None are kept when some finite cost from or to a landmark is beyond
    /// [`F32_COSTS`]: an `f32` could not hold it.
    pub fn choose<D: Dimension>(
        network: &RouteNetwork<D>,
        reverse: Option<&RouteNetwork<D>>,
        clearances: &Clearances<D>,
        radius: f64,
        count: usize,
        costs: Option<&AreaCosts>,
    ) -> Landmarks {
        let n = network.node_count();
        let admitted = Admitted {
            fit: RadiusFit::new(radius),
            clearances,
            costs,
        };
        let mut chosen: Vec<usize> = Vec::new();
        let mut rows: Vec<Vec<f64>> = Vec::new();
        if n > 0 && count > 0 {
            // The cost from the landmarks chosen so far (at first: from the seed).
            let mut nearest = costs_from(network, &admitted, seed(network, &admitted));
            while chosen.len() < count {
                let Some(next) = farthest(&nearest, &chosen) else {
                    break;
                };
                let row = costs_from(network, &admitted, next);
                if chosen.is_empty() {
                    nearest.clone_from(&row);
                } else {
                    for (d, &c) in nearest.iter_mut().zip(&row) {
                        *d = d.min(c);
                    }
                }
                chosen.push(next);
                rows.push(row);
            }
        }
        let back: Option<Vec<Vec<f64>>> = reverse.map(|r| {
            chosen
                .par_iter()
                .map(|&l| costs_from(r, &admitted, l))
                .collect()
        });
        let too_dear = |rows: &[Vec<f64>]| {
            rows.iter()
                .flatten()
                .any(|&c| c.is_finite() && c > F32_COSTS)
        };
        if too_dear(&rows) || back.as_deref().is_some_and(too_dear) {
            return Landmarks {
                radius,
                costs: costs.cloned(),
                count: 0,
                from: Vec::new(),
                to: None,
            };
        }
        let count = chosen.len();
        Landmarks {
            radius,
            costs: costs.cloned(),
            count,
            from: node_major(&rows, n),
            to: back.map(|rows| node_major(&rows, n)),
        }
    }

    /// The radius the table is for: its bounds hold for agents of this
    /// radius or larger.
    pub fn radius(&self) -> f64 {
        self.radius
    }

    /// The agent's multipliers by area the costs are for; `None` for the
    /// plain costs. Its bounds hold for an agent with these multipliers
    /// alone.
    pub fn costs(&self) -> Option<&AreaCosts> {
        self.costs.as_ref()
    }

    /// How many landmarks there are.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The landmarks a query from `start` to `goal` reads: the `active`
    /// ones whose bound at `start` is the largest (ties to the lower
    /// landmark), with their costs at the goal. Any subset of the landmarks
    /// gives a lower bound; the few that bound best at the start bound
    /// nearly as well along the whole search, and each node reached then
    /// costs `active` comparisons instead of one per landmark.
    pub fn for_query(&self, start: usize, goal: usize, active: usize) -> QueryLandmarks {
        let all = QueryLandmarks {
            picks: (0..self.count)
                .map(|landmark| Pick {
                    landmark,
                    to_goal: self.arriving(goal)[landmark],
                    from_goal: self.leaving(goal)[landmark],
                })
                .collect(),
        };
        let mut ranked: Vec<(f64, Pick)> = all
            .picks
            .iter()
            .map(|&p| (self.bound_by(start, &p), p))
            .collect();
        // Largest bound first; `sort_by` is stable, so ties keep landmark order.
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        QueryLandmarks {
            picks: ranked.into_iter().take(active).map(|(_, p)| p).collect(),
        }
    }

    /// A lower bound on the cheapest cost from node `v` to the goal of
    /// `query`; 0 when no landmark says anything, and infinite when some
    /// landmark proves the goal unreachable from `v`.
    pub fn lower_bound(&self, v: usize, query: &QueryLandmarks) -> f64 {
        query
            .picks
            .iter()
            .fold(0.0f64, |best, p| best.max(self.bound_by(v, p)))
    }

    /// Asks the cache for node `v`'s costs from and to the landmarks, which
    /// [`Landmarks::lower_bound`] is about to read: the lines of the row's
    /// first and last cost, which cover the row up to 16 landmarks (64
    /// bytes, straddling at most two lines).
    #[inline]
    pub fn prefetch(&self, v: usize) {
        let Some(last) = self.count.checked_sub(1) else {
            return;
        };
        let row = v * self.count;
        prefetch_index::prefetch_index(&self.from, row);
        prefetch_index::prefetch_index(&self.from, row + last);
        if let Some(to) = &self.to {
            prefetch_index::prefetch_index(to, row);
            prefetch_index::prefetch_index(to, row + last);
        }
    }

    /// The bound one landmark gives from `v` to the goal: `d(L, t) - d(L, v)`
    /// and `d(v, L) - d(t, L)`, whichever is larger.
    #[inline]
    fn bound_by(&self, v: usize, p: &Pick) -> f64 {
        let arriving = gap(p.to_goal, self.arriving(v)[p.landmark]);
        let leaving = gap(self.leaving(v)[p.landmark], p.from_goal);
        arriving.max(leaving)
    }

    /// The costs from the landmarks to node `v`.
    fn arriving(&self, v: usize) -> &[f32] {
        &self.from[v * self.count..(v + 1) * self.count]
    }

    /// The costs from node `v` to the landmarks.
    fn leaving(&self, v: usize) -> &[f32] {
        let to = self.to.as_ref().unwrap_or(&self.from);
        &to[v * self.count..(v + 1) * self.count]
    }
}

/// The largest finite landmark cost kept ([`Landmarks::choose`]): well
/// inside the `f32` range, so that rounding to `f32` never overflows.
const F32_COSTS: f64 = 1e38;

/// The bound `far - near` that one landmark gives, taken low enough that
/// neither the `f32` rounding of the two stored costs (each off by at most
/// 2^-24 of itself, or 2^-150 below the normal range) nor the rounding in
/// the f64 sums of arc costs they came from can make it overstate: the
/// slack is 1.3e-7 of the two costs' sum plus 2^-140, of which the f32
/// rounding takes 2^-24 (6e-8) and the rest, 7e-8, covers the sums' relative
/// error on paths of up to about 10^8 arcs. When
/// `near` is infinite the landmark says nothing (0); when only `far` is,
/// the goal cannot be reached (for `d(L, t) - d(L, v)`: L reaches v but not
/// t, so v cannot reach t either; likewise for the costs back).
fn gap(far: f32, near: f32) -> f64 {
    let (far, near) = (f64::from(far), f64::from(near));
    if near.is_infinite() {
        0.0
    } else if far.is_infinite() {
        f64::INFINITY
    } else {
        (far - near) - 1.3e-7 * (far + near) - TINY_SLACK
    }
}

/// 2^-140: the part of [`gap`]'s slack that covers costs below the normal
/// `f32` range, whose rounding is absolute, not relative.
const TINY_SLACK: f64 = 7.174648137343064e-43;

/// Of the nodes reached (finite cost), the one farthest from the landmarks
/// chosen so far, lowest index on ties; `None` when every reached node is
/// already a landmark.
fn farthest(nearest: &[f64], chosen: &[usize]) -> Option<usize> {
    let mut best: Option<(f64, usize)> = None;
    for (v, &d) in nearest.iter().enumerate() {
        if d.is_finite() && !chosen.contains(&v) && best.is_none_or(|(b, _)| d > b) {
            best = Some((d, v));
        }
    }
    best.map(|(_, v)| v)
}

/// Lays out one row per landmark as one run per node, each cost rounded to
/// the nearest `f32`.
fn node_major(rows: &[Vec<f64>], n: usize) -> Vec<f32> {
    let mut out = Vec::with_capacity(rows.len() * n);
    for v in 0..n {
        out.extend(rows.iter().map(|row| row[v] as f32));
    }
    out
}

/// Which arcs a table's costs count, and at what cost: those whose
/// clearance admits its radius (and, for an agent's costs, not of an area
/// it forbids), each at its cost for the agent.
struct Admitted<'a, D: Dimension> {
    fit: RadiusFit,
    clearances: &'a Clearances<D>,
    costs: Option<&'a AreaCosts>,
}

impl<D: Dimension> Admitted<'_, D> {
    /// The cost of arc `k` of `network` (`arc`) if it counts: as the
    /// searches weigh it ([`ArcWeight`]).
    fn cost(&self, network: &RouteNetwork<D>, k: usize, arc: &Arc) -> Option<f64> {
        if !self.fit.admits(arc.clearance_floor, || {
            network.arc_clearance(self.clearances, k)
        }) {
            return None;
        }
        match self.costs {
            None => Plain.weigh(k, arc.cost),
            Some(costs) => costs.over(network).weigh(k, arc.cost),
        }
    }
}

/// The slot of the lowest map node in the largest connected part of the
/// network (arcs in either direction) that the admitted arcs leave; of
/// parts of equal size, the one that holds the lowest map node.
fn seed<D: Dimension>(network: &RouteNetwork<D>, admitted: &Admitted<D>) -> usize {
    let n = network.node_count();
    let mut parts = UnionFind::<usize>::new(n);
    for s in 0..n {
        let first = network.first_arc(s);
        for (k, arc) in network.arcs(s).iter().enumerate() {
            if admitted.cost(network, first + k, arc).is_some() {
                parts.union(s, arc.target as usize);
            }
        }
    }
    // Per part (by its representative): its size and its lowest map node.
    let mut size = vec![0usize; n];
    let mut lowest = vec![usize::MAX; n];
    for s in 0..n {
        let root = parts.find(s);
        size[root] += 1;
        lowest[root] = lowest[root].min(network.node(s));
    }
    let best = (0..n)
        .filter(|&root| size[root] > 0)
        .max_by(|&a, &b| size[a].cmp(&size[b]).then(lowest[b].cmp(&lowest[a])))
        .expect("a network with nodes has a part");
    network.slot(lowest[best])
}

/// Dijkstra from `source` over the admitted arcs: the cheapest cost to each
/// node, infinite when it cannot be reached.
fn costs_from<D: Dimension>(
    network: &RouteNetwork<D>,
    admitted: &Admitted<D>,
    source: usize,
) -> Vec<f64> {
    let mut cost = vec![f64::INFINITY; network.node_count()];
    let mut open = BinaryHeap::new();
    cost[source] = 0.0;
    // Queue entries as A* has them, with no estimate: f = g = the cost.
    open.push(Open {
        f: 0.0,
        g: 0.0,
        node: source as u32,
        tie: source as u32,
    });
    while let Some(Open { g: c, node, .. }) = open.pop() {
        if c > cost[node as usize] {
            continue;
        }
        let first = network.first_arc(node as usize);
        for (k, arc) in network.arcs(node as usize).iter().enumerate() {
            let Some(arc_cost) = admitted.cost(network, first + k, arc) else {
                continue;
            };
            let through = c + arc_cost;
            if through < cost[arc.target as usize] {
                cost[arc.target as usize] = through;
                open.push(Open {
                    f: through,
                    g: through,
                    node: arc.target,
                    tie: arc.target,
                });
            }
        }
    }
    cost
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Clearances, Map};

    /// 0 -3- 1 -4- 2 -5- 3 along a bent line: (0,0), (3,0), (3,4), (8,4).
    fn line(last_one_way: bool) -> Map {
        let one_way = if last_one_way { ", one_way: true" } else { "" };
        Map::loader()
            .read_str(
                &format!(
                    "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (3, 0)), (id: 2, pos: (3, 4)), \
                 (id: 3, pos: (8, 4))], \
                 edges: [(from: 0, to: 1), (from: 1, to: 2), (from: 2, to: 3{one_way})])"
                ),
                "line.ron",
            )
            .unwrap()
    }

    /// Within the bound's slack: 1.3e-7 of the costs' sum, about 1e-5 here.
    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-5
    }

    #[test]
    fn farthest_points_on_a_two_way_line_give_exact_bounds() {
        let map = line(false);
        let clearances = Clearances::compute(&map);
        let network = RouteNetwork::new(&map, &clearances);
        let l = Landmarks::choose(&network, None, &clearances, f64::NEG_INFINITY, 2, None);
        let s = |node| network.slot(node);
        // From node 0 the costs are 0, 3, 7, 12: node 3 is the first
        // landmark. From node 3 they are 12, 9, 5, 0: node 0 is the second.
        assert_eq!(l.count(), 2);
        assert_eq!(l.arriving(s(1)), &[9.0, 3.0]);
        // d(1, 2) = 4: landmark 0 gives d(0,2) - d(0,1) = 7 - 3 = 4 exactly
        // (less the slack of 1.3e-7 * 10); landmark 3 gives 5 - 9 < 0.
        let bound = l.lower_bound(s(1), &l.for_query(s(1), s(2), 2));
        assert!(bound <= 4.0 && close(bound, 4.0), "{bound}");
        // Asking for more landmarks than nodes gives every node once.
        assert_eq!(
            Landmarks::choose(&network, None, &clearances, f64::NEG_INFINITY, 9, None).count(),
            4
        );
    }

    /// A table for a radius counts only the edges that admit it, seeds in
    /// the largest part those edges leave, and proves the far side of a
    /// tight edge out of reach.
    #[test]
    fn a_table_for_a_radius_leaves_out_the_tight_edges() {
        // 0 -10- 1 -10- 2 -10- 3 along the x axis; a rock at (5, 0.5) is
        // 0.5 from edge 0-1 and 5 or more from the others.
        let map = Map::loader()
            .read_str(
                "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (20, 0)), \
             (id: 3, pos: (30, 0))], \
             edges: [(from: 0, to: 1), (from: 1, to: 2), (from: 2, to: 3)], \
             obstacles: [Point((5, 0.5))])",
                "rock.ron",
            )
            .unwrap();
        let clearances = Clearances::compute(&map);
        let network = RouteNetwork::new(&map, &clearances);
        let s = |node| network.slot(node);
        let every = Landmarks::choose(&network, None, &clearances, f64::NEG_INFINITY, 4, None);
        let agent = Landmarks::choose(&network, None, &clearances, 1.0, 4, None);
        assert_eq!((every.radius(), agent.radius()), (f64::NEG_INFINITY, 1.0));
        // Over every edge: seeded at node 0, all four nodes become landmarks.
        assert_eq!(every.count(), 4);
        // For radius 1 edge 0-1 is gone: parts {0} and {1, 2, 3}. Seeded at
        // node 1 (lowest of the larger part), the farthest is node 3 (20
        // away), then node 1 (20 from 3; node 2 is 10), then node 2. Node 0
        // is never reached, so never chosen.
        assert_eq!(agent.count(), 3);
        assert_eq!(agent.arriving(s(1)), &[20.0, 0.0, 10.0]);
        assert_eq!(agent.arriving(s(2)), &[10.0, 10.0, 0.0]);
        assert_eq!(agent.arriving(s(0)), &[f32::INFINITY; 3]);
        // From 0 to 3: 30 over every edge (less the slack), out of reach
        // for the agent: node 3 reaches the landmarks but node 0 does not
        // (the costs back to them).
        let bound = every.lower_bound(s(0), &every.for_query(s(0), s(3), 4));
        assert!(bound <= 30.0 && close(bound, 30.0), "{bound}");
        let query = agent.for_query(s(0), s(3), 4);
        assert_eq!(agent.lower_bound(s(0), &query), f64::INFINITY);
        // And the other way round, by the costs from them: the landmarks
        // reach node 3 but not node 0.
        let query = agent.for_query(s(3), s(0), 4);
        assert_eq!(agent.lower_bound(s(3), &query), f64::INFINITY);
    }

    /// A table of an agent's costs: each edge's cost times the agent's
    /// multiplier for its area, and no edge of an area it forbids.
    #[test]
    fn a_table_for_an_agents_costs_weighs_and_leaves_out_its_areas() {
        // The bent line of `line`, its first edge (3) in mud, its second (4)
        // a road, its last (5) in no area.
        let map = Map::loader()
            .read_str(
                "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (3, 0)), (id: 2, pos: (3, 4)), \
                 (id: 3, pos: (8, 4))], \
                 edges: [(from: 0, to: 1, area: \"mud\"), (from: 1, to: 2, area: \"road\"), \
                 (from: 2, to: 3)])",
                "areas.ron",
            )
            .unwrap();
        let clearances = Clearances::compute(&map);
        let network = RouteNetwork::new(&map, &clearances);
        let s = |node| network.slot(node);
        let agent = |costs: &[(&str, f64)], forbid: &[&str]| crate::Agent {
            name: "a".to_owned(),
            costs: costs.iter().map(|&(a, m)| (a.to_owned(), m)).collect(),
            forbid: forbid.iter().map(|&a| a.to_owned()).collect(),
            ..crate::Agent::default()
        };
        let truck = AreaCosts::of(&map, &agent(&[("mud", 2.0), ("road", 0.5)], &[]));
        let l = Landmarks::choose(
            &network,
            None,
            &clearances,
            f64::NEG_INFINITY,
            2,
            truck.as_ref(),
        );
        assert_eq!(l.costs(), truck.as_ref());
        // From node 0 the truck pays 6, then 2, then 5: 0, 6, 8, 13. Node 3
        // is the first landmark, then node 0 (13 from it).
        assert_eq!(l.arriving(s(1)), &[7.0, 6.0]);
        assert_eq!(l.arriving(s(2)), &[5.0, 8.0]);
        // d(1, 3) = 7 for the truck (10 plain): the bound is the truck's.
        let bound = l.lower_bound(s(1), &l.for_query(s(1), s(3), 2));
        assert!(bound <= 7.0 && close(bound, 7.0), "{bound}");
        // A boat may not go through the mud: node 0 is cut off. Seeded at
        // node 1 (the lowest of the larger part), the landmarks are node 3
        // and node 1, and neither reaches node 0.
        let boat = AreaCosts::of(&map, &agent(&[], &["mud"]));
        let l = Landmarks::choose(
            &network,
            None,
            &clearances,
            f64::NEG_INFINITY,
            2,
            boat.as_ref(),
        );
        assert_eq!(l.count(), 2);
        assert_eq!(l.arriving(s(0)), &[f32::INFINITY; 2]);
        assert_eq!(l.arriving(s(1)), &[9.0, 0.0]);
        let query = l.for_query(s(0), s(3), 2);
        assert_eq!(l.lower_bound(s(0), &query), f64::INFINITY);
    }

    #[test]
    fn one_way_edges_bound_by_the_costs_back_and_prove_dead_ends() {
        let map = line(true);
        let clearances = Clearances::compute(&map);
        let network = RouteNetwork::new(&map, &clearances);
        let reverse = network.reversed(&map, &clearances);
        let l = Landmarks::choose(
            &network,
            Some(&reverse),
            &clearances,
            f64::NEG_INFINITY,
            2,
            None,
        );
        let s = |node| network.slot(node);
        // Node 3 (12 from node 0) is the first landmark; nothing leaves it,
        // so no node is reached from the landmarks and no second one is chosen.
        assert_eq!(l.count(), 1);
        // d(0, 2) = 7: the costs to the landmark give d(0,3) - d(2,3) = 12 - 5.
        let bound = l.lower_bound(s(0), &l.for_query(s(0), s(2), 1));
        assert!(bound <= 7.0 && close(bound, 7.0), "{bound}");
        // Node 3 cannot get back to node 0: the landmark reaches 3 but not 0.
        assert_eq!(
            l.lower_bound(s(3), &l.for_query(s(3), s(0), 1)),
            f64::INFINITY
        );
        // The goal itself is 0 from the goal.
        assert_eq!(l.lower_bound(s(2), &l.for_query(s(2), s(2), 1)), 0.0);
    }

    /// The slack covers the rounding to f32 at every magnitude: for costs
    /// `far >= near` the bound from their f32s never exceeds `far - near`.
    #[test]
    fn the_f32_bound_never_overstates() {
        let mut rng = clearway_synth::SplitMix64::new(7);
        for _ in 0..200_000 {
            // Magnitudes from below the f32 normal range (1e-38) up to 1e38.
            let scale = 10f64.powf(rng.next_f64() * 80.0 - 42.0);
            let near = rng.next_f64() * scale;
            // Often a gap much smaller than the costs, where rounding bites.
            let far = near + rng.next_f64() * scale * [1.0, 1e-6, 1e-9][rng.below(3)];
            let far = far.min(F32_COSTS);
            let bound = gap(far as f32, near as f32);
            assert!(
                bound <= far - near,
                "far {far:e}, near {near:e}, bound {bound:e}"
            );
        }
    }

    #[test]
    fn the_farthest_node_is_the_lowest_on_ties_and_never_unreached() {
        let inf = f64::INFINITY;
        let nearest = [0.0, 5.0, inf, 5.0, 2.0];
        assert_eq!(farthest(&nearest, &[]), Some(1));
        assert_eq!(farthest(&nearest, &[1]), Some(3));
        assert_eq!(farthest(&nearest, &[1, 3]), Some(4));
        assert_eq!(farthest(&nearest, &[0, 1, 3, 4]), None);
    }

    #[test]
    fn costs_beyond_the_f32_range_keep_no_landmarks() {
        // Three nodes in a line, each edge of the given cost; the count of
        // landmarks kept out of 2.
        let kept = |cost: f64| {
            let map = Map::loader().read_str(
                &format!(
                    "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0)), (id: 2, pos: (2, 0))], \
                     edges: [(from: 0, to: 1, cost: {cost:?}), (from: 1, to: 2, cost: {cost:?})])"
                ),
                "dear.ron",
            )
            .unwrap();
            let clearances = Clearances::compute(&map);
            let network = RouteNetwork::new(&map, &clearances);
            Landmarks::choose(&network, None, &clearances, f64::NEG_INFINITY, 2, None).count()
        };
        // 1.2e38 from end to end (no cost is 1e38 itself): beyond F32_COSTS.
        assert_eq!(kept(6e37), 0);
        // Twice 5e37 is exactly the f64 of 1e38 (doubling is exact): at
        // the cut-off, kept.
        assert_eq!(5e37 + 5e37, F32_COSTS);
        assert_eq!(kept(5e37), 2);
        assert_eq!(kept(1.0), 2);
    }

    #[test]
    fn no_landmarks_bound_nothing() {
        let map = line(false);
        let clearances = Clearances::compute(&map);
        let network = RouteNetwork::new(&map, &clearances);
        let l = Landmarks::choose(&network, None, &clearances, f64::NEG_INFINITY, 0, None);
        assert_eq!(l.count(), 0);
        assert_eq!(l.lower_bound(0, &l.for_query(0, 3, 4)), 0.0);
    }
}
