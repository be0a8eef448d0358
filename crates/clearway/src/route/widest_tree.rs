//! The widest radius between any two nodes, read from a tree built once:
//! for a network whose edges are all two-way, the widest route between two
//! nodes runs along a maximum spanning forest (edges by clearance), and its
//! radius is the clearance of the edge at which Kruskal's algorithm first
//! joins the two nodes. The tree records those joins (a Kruskal
//! reconstruction tree: the map nodes are its leaves, each join a parent
//! of the two parts it joins, holding the join's clearance), so that the
//! widest radius is the clearance at the nodes' lowest common ancestor,
//! found by jumping up in powers of two.
//!
//! A bottleneck search ([`super::widest`]) may settle most of a large level
//! before it reaches a goal behind a narrow door; the tree answers in a few
//! dozen steps. It costs a sort of the edges to build, and about
//! `8 * log2(2n)` bytes per node for `n` nodes. With one-way edges a route there need not come back, and
//! the forest says nothing: there is no tree.

use crate::clearance::Clearances;
use crate::dimension::Dimension;
use crate::indices::EdgeIdx;
use crate::map::Map;

use super::usable::usable_clearance;

use petgraph::unionfind::UnionFind;

/// The joins of Kruskal's algorithm over a network of two-way edges.
#[derive(Debug)]
pub(crate) struct WidestTree {
    /// How many map nodes (leaves) there are: tree node `k >= leaves` is
    /// join `k - leaves`.
    leaves: usize,
    /// `up[j * size + k]`: tree node `k`'s ancestor `2^j` levels up (a
    /// root is its own), for `size` tree nodes.
    up: Vec<u32>,
    /// Each tree node's depth, roots 0.
    depth: Vec<u32>,
    /// Each join's clearance.
    width: Vec<f64>,
}

impl WidestTree {
    /// The tree of `map`'s network; `None` when some edge is one-way.
    pub fn new<D: Dimension>(map: &Map<D>, clearances: &Clearances<D>) -> Option<WidestTree> {
        let edges = map.edges();
        if edges.iter().any(|e| e.one_way) {
            return None;
        }
        // The bottleneck search takes `min(width, clearance)`, which passes
        // over a NaN: such an edge is as wide as no obstacle. A closed edge
        // joins at 0, which no radius passes.
        let clearance = |e: usize| {
            let c = usable_clearance(map, clearances, EdgeIdx::new(e));
            if c.is_nan() { f64::INFINITY } else { c }
        };
        let mut order: Vec<usize> = (0..edges.len()).collect();
        order.sort_unstable_by(|&a, &b| clearance(b).total_cmp(&clearance(a)));
        let leaves = map.nodes().len();
        let mut parts = UnionFind::<usize>::new(leaves);
        // The tree node each part's representative stands for.
        let mut top: Vec<u32> = (0..leaves as u32).collect();
        let mut parent: Vec<u32> = (0..leaves as u32).collect();
        let mut width = Vec::new();
        for e in order {
            let (a, b) = (
                parts.find_mut(edges[e].from.get()),
                parts.find_mut(edges[e].to.get()),
            );
            if a == b {
                continue;
            }
            let join = parent.len() as u32;
            parent[top[a] as usize] = join;
            parent[top[b] as usize] = join;
            parent.push(join);
            width.push(clearance(e));
            parts.union(a, b);
            top[parts.find_mut(a)] = join;
        }
        let size = parent.len();
        // A join's parent comes after it: depths from the last node down.
        let mut depth = vec![0u32; size];
        for k in (0..size).rev() {
            let p = parent[k] as usize;
            if p != k {
                depth[k] = depth[p] + 1;
            }
        }
        let levels = (usize::BITS - size.leading_zeros()).max(1) as usize;
        let mut up = parent;
        up.reserve(size * (levels - 1));
        for j in 1..levels {
            for k in 0..size {
                let half = up[(j - 1) * size + k] as usize;
                up.push(up[(j - 1) * size + half]);
            }
        }
        Some(WidestTree {
            leaves,
            up,
            depth,
            width,
        })
    }

    /// The widest radius from map node `a` to map node `b` (not the same
    /// node): the clearance at which they are first joined; `None` when no
    /// route joins them.
    pub fn widest(&self, a: usize, b: usize) -> Option<f64> {
        let size = self.depth.len();
        let levels = self.up.len() / size;
        let ancestor = |k: usize, j: usize| self.up[j * size + k] as usize;
        let (mut a, mut b) = if self.depth[a] >= self.depth[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut rise = self.depth[a] - self.depth[b];
        let mut j = 0;
        while rise > 0 {
            if rise & 1 == 1 {
                a = ancestor(a, j);
            }
            rise >>= 1;
            j += 1;
        }
        if a == b {
            // One is the other's ancestor: only a join can be, and a leaf
            // is no join, so this is unreachable for two distinct leaves.
            return self.width.get(a.checked_sub(self.leaves)?).copied();
        }
        for j in (0..levels).rev() {
            let (x, y) = (ancestor(a, j), ancestor(b, j));
            if x != y {
                (a, b) = (x, y);
            }
        }
        let join = ancestor(a, 0);
        if join == a {
            // Both are roots of different trees.
            return None;
        }
        Some(self.width[join - self.leaves])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::indices::NodeIdx;
    use crate::route::Router;
    use crate::route::area_costs::Plain;
    use crate::route::network::RouteNetwork;
    use crate::route::widest::widest_radius;

    /// The twin: on random networks of two-way edges, the tree gives
    /// every pair of nodes the radius the bottleneck search finds, `None`
    /// where it finds none; and a router with the tree answers every route
    /// and widest route as one without, for radii at, just above and just
    /// below every clearance.
    #[test]
    fn the_tree_agrees_with_the_searches() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for round in 0..40 {
            let nodes = 2 + next(14);
            let edges = next(3 * nodes);
            let mut text = String::from("(nodes: [");
            for i in 0..nodes {
                text += &format!("(id: {i}, pos: ({}, {})),", next(20), next(20));
            }
            text += "], edges: [";
            for _ in 0..edges {
                let (a, b) = (next(nodes), next(nodes));
                // Some doors, closed: the tree joins them at 0.
                if a != b {
                    let closed = next(5) == 0;
                    text += &format!("(from: {a}, to: {b}, closed: {closed}),");
                }
            }
            // A few rocks, some on the network, so that clearances repeat,
            // are 0 and differ.
            text += "], obstacles: [";
            for _ in 0..1 + round % 4 {
                text += &format!("Point(({}, {})),", next(20), next(20));
            }
            text += "])";
            let map = Map::loader().read_str(&text, "random.ron").unwrap();
            let clearances = Clearances::compute(&map);
            let tree = WidestTree::new(&map, &clearances).unwrap();
            let network = RouteNetwork::new(&map, &clearances);
            let mut radii = vec![0.0, 1e-9, f64::INFINITY];
            for c in clearances.edges() {
                radii.extend([c.value, c.value.next_up(), c.value.next_down()]);
            }
            let mut plain = Router::new(&map, &clearances);
            let mut with_tree = Router::new(&map, &clearances).with_widest_table();
            for a in 0..nodes {
                for b in (0..nodes).filter(|&b| b != a) {
                    let searched = widest_radius(
                        &network,
                        &clearances,
                        network.slot(a),
                        network.slot(b),
                        &Plain,
                    );
                    assert_eq!(tree.widest(a, b), searched, "{text}: {a} -> {b}");
                    let (a, b) = (NodeIdx::new(a), NodeIdx::new(b));
                    assert_eq!(
                        with_tree.widest_route(a, b, None),
                        plain.widest_route(a, b, None)
                    );
                    for &r in &radii {
                        assert_eq!(
                            with_tree.route(a, b, r),
                            plain.route(a, b, r),
                            "{text}: {r:e}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn no_tree_with_a_one_way_edge() {
        let map = Map::loader()
            .read_str(
                "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))], \
             edges: [(from: 0, to: 1, one_way: true)])",
                "one_way.ron",
            )
            .unwrap();
        assert!(WidestTree::new(&map, &Clearances::compute(&map)).is_none());
    }
}
