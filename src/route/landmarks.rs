//! Landmark lower bounds for A* (the ALT technique: A*, landmarks, triangle
//! inequality). A few nodes far apart are chosen as landmarks and the cost
//! from each landmark to every node, and from every node back, is computed
//! once. For any nodes v and t the triangle inequality then bounds the
//! cheapest cost from v to t from below:
//!
//! d(v, t) >= d(L, t) - d(L, v)   and   d(v, t) >= d(v, L) - d(t, L).
//!
//! The costs are computed over every edge, whatever its clearance. Leaving
//! out the edges too tight for an agent can only make routes dearer, so the
//! bounds hold for every radius and one table serves all agents. On large
//! levels the bound is much closer to the real cost than the straight-line
//! distance, so A* expands far fewer nodes.

use std::collections::BinaryHeap;

use rayon::prelude::*;

use super::astar::Open;
use super::network::RouteNetwork;

/// The landmarks' costs, node-major: node `v`'s costs from the landmarks
/// are `from[v * count..(v + 1) * count]`, so that one bound reads one run.
#[derive(Debug)]
pub(crate) struct Landmarks {
    count: usize,
    /// The cheapest cost from each landmark to each node; infinite when the
    /// node cannot be reached from it.
    from: Vec<f64>,
    /// The cheapest cost from each node to each landmark; `None` when every
    /// edge is two-way, where it equals `from`.
    to: Option<Vec<f64>>,
}

impl Landmarks {
    /// Chooses up to `count` landmarks by farthest-point selection: the
    /// first is the node farthest from node 0, each next one the node
    /// farthest from those chosen so far (nodes that cannot be reached are
    /// never chosen). `reverse` is the network with every arc turned round,
    /// or `None` when every edge is two-way.
    pub fn choose(
        network: &RouteNetwork,
        reverse: Option<&RouteNetwork>,
        count: usize,
    ) -> Landmarks {
        let n = network.node_count();
        let mut chosen: Vec<usize> = Vec::new();
        let mut rows: Vec<Vec<f64>> = Vec::new();
        if n > 0 && count > 0 {
            // The cost from the landmarks chosen so far (at first: from node 0).
            let mut nearest = costs_from(network, 0);
            while chosen.len() < count {
                let Some(next) = farthest(&nearest, &chosen) else {
                    break;
                };
                let row = costs_from(network, next);
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
        let back: Option<Vec<Vec<f64>>> =
            reverse.map(|r| chosen.par_iter().map(|&l| costs_from(r, l)).collect());
        let count = chosen.len();
        Landmarks {
            count,
            from: node_major(&rows, n),
            to: back.map(|rows| node_major(&rows, n)),
        }
    }

    /// How many landmarks there are.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The landmark costs of node `goal`, to pass to [`Self::lower_bound`]
    /// for every node of a query.
    pub fn goal_costs(&self, goal: usize) -> (Vec<f64>, Vec<f64>) {
        (self.arriving(goal).to_vec(), self.leaving(goal).to_vec())
    }

    /// A lower bound on the cheapest cost from node `v` to the goal whose
    /// [`Self::goal_costs`] are given; 0 when no landmark says anything, and
    /// infinite when some landmark proves the goal unreachable from `v`.
    pub fn lower_bound(&self, v: usize, goal: &(Vec<f64>, Vec<f64>)) -> f64 {
        let mut best = 0.0f64;
        for (&to_goal, &to_v) in goal.0.iter().zip(self.arriving(v)) {
            best = best.max(gap(to_goal, to_v));
        }
        for (&from_v, &from_goal) in self.leaving(v).iter().zip(&goal.1) {
            best = best.max(gap(from_v, from_goal));
        }
        best
    }

    /// The costs from the landmarks to node `v`.
    fn arriving(&self, v: usize) -> &[f64] {
        &self.from[v * self.count..(v + 1) * self.count]
    }

    /// The costs from node `v` to the landmarks.
    fn leaving(&self, v: usize) -> &[f64] {
        let to = self.to.as_ref().unwrap_or(&self.from);
        &to[v * self.count..(v + 1) * self.count]
    }
}

/// The bound `far - near` that one landmark gives, taken a hair low so that
/// the rounding in the two summed costs cannot make it overstate. When
/// `near` is infinite the landmark says nothing (0); when only `far` is,
/// the goal cannot be reached (for `d(L, t) - d(L, v)`: L reaches v but not
/// t, so v cannot reach t either; likewise for the costs back).
fn gap(far: f64, near: f64) -> f64 {
    if near.is_infinite() {
        0.0
    } else if far.is_infinite() {
        f64::INFINITY
    } else {
        (far - near) - 1e-12 * (far + near)
    }
}

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

/// Lays out one row per landmark as one run per node.
fn node_major(rows: &[Vec<f64>], n: usize) -> Vec<f64> {
    let mut out = Vec::with_capacity(rows.len() * n);
    for v in 0..n {
        out.extend(rows.iter().map(|row| row[v]));
    }
    out
}

/// Dijkstra from `source` over every arc: the cheapest cost to each node,
/// infinite when it cannot be reached.
fn costs_from(network: &RouteNetwork, source: usize) -> Vec<f64> {
    let mut cost = vec![f64::INFINITY; network.node_count()];
    let mut open = BinaryHeap::new();
    cost[source] = 0.0;
    // Queue entries as A* has them, with no estimate: f = g = the cost.
    open.push(Open {
        f: 0.0,
        g: 0.0,
        node: source as u32,
    });
    while let Some(Open { g: c, node, .. }) = open.pop() {
        if c > cost[node as usize] {
            continue;
        }
        for arc in network.arcs(node as usize) {
            let through = c + arc.cost;
            if through < cost[arc.target as usize] {
                cost[arc.target as usize] = through;
                open.push(Open {
                    f: through,
                    g: through,
                    node: arc.target,
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
        Map::from_ron_str(
            &format!(
                "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (3, 0)), (id: 2, pos: (3, 4)), \
                 (id: 3, pos: (8, 4))], \
                 edges: [(from: 0, to: 1), (from: 1, to: 2), (from: 2, to: 3{one_way})])"
            ),
            "line.ron",
        )
        .unwrap()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9
    }

    #[test]
    fn farthest_points_on_a_two_way_line_give_exact_bounds() {
        let map = line(false);
        let clearances = Clearances::compute(&map);
        let network = RouteNetwork::new(&map, &clearances);
        let l = Landmarks::choose(&network, None, 2);
        // From node 0 the costs are 0, 3, 7, 12: node 3 is the first
        // landmark. From node 3 they are 12, 9, 5, 0: node 0 is the second.
        assert_eq!(l.count(), 2);
        assert_eq!(l.arriving(1), &[9.0, 3.0]);
        // d(1, 2) = 4: landmark 0 gives d(0,2) - d(0,1) = 7 - 3 = 4 exactly
        // (less the hair of 1e-12 * 10); landmark 3 gives 5 - 9 < 0.
        let bound = l.lower_bound(1, &l.goal_costs(2));
        assert!(bound <= 4.0 && close(bound, 4.0), "{bound}");
        // Asking for more landmarks than nodes gives every node once.
        assert_eq!(Landmarks::choose(&network, None, 9).count(), 4);
    }

    #[test]
    fn one_way_edges_bound_by_the_costs_back_and_prove_dead_ends() {
        let map = line(true);
        let clearances = Clearances::compute(&map);
        let network = RouteNetwork::new(&map, &clearances);
        let reverse = RouteNetwork::reversed(&map, &clearances);
        let l = Landmarks::choose(&network, Some(&reverse), 2);
        // Node 3 (12 from node 0) is the first landmark; nothing leaves it,
        // so no node is reached from the landmarks and no second one is chosen.
        assert_eq!(l.count(), 1);
        // d(0, 2) = 7: the costs to the landmark give d(0,3) - d(2,3) = 12 - 5.
        let bound = l.lower_bound(0, &l.goal_costs(2));
        assert!(bound <= 7.0 && close(bound, 7.0), "{bound}");
        // Node 3 cannot get back to node 0: the landmark reaches 3 but not 0.
        assert_eq!(l.lower_bound(3, &l.goal_costs(0)), f64::INFINITY);
        // The goal itself is 0 from the goal.
        assert_eq!(l.lower_bound(2, &l.goal_costs(2)), 0.0);
    }

    #[test]
    fn no_landmarks_bound_nothing() {
        let map = line(false);
        let clearances = Clearances::compute(&map);
        let network = RouteNetwork::new(&map, &clearances);
        let l = Landmarks::choose(&network, None, 0);
        assert_eq!(l.count(), 0);
        assert_eq!(l.lower_bound(0, &l.goal_costs(3)), 0.0);
    }
}
