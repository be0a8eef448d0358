//! Linking: the edges a level's nodes are missing, built by the tool, on
//! flat levels and 3D ones alike.
//!
//! Real path networks are generated, not drawn: a designer places nodes and
//! lets the tool join every two that are near enough and have room enough
//! between them (the Source engine's hull test, the A* Pathfinding Project's
//! `maxDistance` with a thick raycast). [`links`] finds those pairs: two
//! distinct nodes at most `max_length` apart (the straight-line distance, in
//! 3D with the height; found through an R-tree over the nodes), not already
//! joined by an edge either way, whose straight
//! segment has a clearance that admits the agent radius
//! ([`crate::clearance::admits`], measured by the same exact search as every
//! edge's clearance). `max_links` then keeps the nearest few per node.

use std::collections::HashSet;

use crate::par::prelude::*;
use rstar::RTree;
use rstar::primitives::GeomWithData;

use crate::clearance::admits;
use crate::dimension::Dimension;
use crate::geometry::Segment;
use crate::indices::NodeIdx;
use crate::map::{Edge, Map};

/// Which links to build.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinkRule {
    /// The longest link: two nodes are linked only when their distance
    /// (`Point::distance_to`, or `Point3::distance_to` in 3D) is `<= max_length`, so nodes exactly
    /// `max_length` apart are linked. A negative or NaN length links nothing.
    pub max_length: f64,
    /// The agent radius every link must admit (clearance > 0 and >= the
    /// radius, as for any edge).
    pub agent_radius: f64,
    /// At most this many new links per node (existing edges do not count);
    /// `None` for no limit. See [`links`] for which are kept.
    pub max_links: Option<usize>,
}

/// A new two-way edge between two nodes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Link {
    /// The index (in [`Map::nodes`]) of the node with the smaller id: the
    /// new edge's `from`.
    pub from: NodeIdx,
    /// The index of the node with the larger id: the new edge's `to`.
    pub to: NodeIdx,
    /// The distance between the two nodes.
    pub length: f64,
}

/// The links `rule` adds to `map`, sorted by (`from` id, `to` id).
///
/// A candidate is a pair of distinct nodes whose distance is `<=
/// rule.max_length`, that no edge of the map joins in either direction
/// (one-way or not), and whose segment, from the smaller id to the larger,
/// has a clearance that admits `rule.agent_radius`. Two nodes at the same
/// position make a candidate of length 0: its segment is a point, whose
/// clearance is the node's.
///
/// Without `max_links` every candidate is a link. With `max_links = Some(k)`
/// the candidates are taken in the order (length, smaller id, larger id),
/// nearest first, and each is kept when both of its nodes have fewer than
/// `k` links kept so far. So every node gets at most `k` new links, its
/// nearest first, ties broken by the other node's id.
///
/// The clearance tests run on all cores; the result does not depend on the
/// number of threads.
///
/// ```
/// use clearway::Map;
/// use clearway::link::{LinkRule, links};
/// let map = Map::loader().read_str(r#"(
///     nodes: [(id: 1, pos: (0, 0)), (id: 2, pos: (4, 0)), (id: 3, pos: (4, 3)), (id: 4, pos: (20, 0))],
///     edges: [(from: 2, to: 1)],
///     obstacles: [Point((2, 2))],
/// )"#, "doc.ron").unwrap();
/// let rule = LinkRule { max_length: 5.0, agent_radius: 1.0, max_links: None };
/// let found: Vec<(u64, u64)> = links(&map, &rule)
///     .iter()
///     .map(|l| (map.nodes()[l.from].id, map.nodes()[l.to].id))
///     .collect();
/// // 1-2 is already an edge; 1-3 (length 5) passes 0.4 from the rock;
/// // 2-3 (length 3) passes 2 from it; node 4 is too far from everyone.
/// assert_eq!(found, [(2, 3)]);
/// ```
///
/// A 3D level is linked the same way, its distances and clearances in 3D:
///
/// ```
/// use clearway::map::Level;
/// use clearway::link::{LinkRule, links};
/// let Level::Space(map) = Level::loader().read_str(r#"(
///     nodes: [(id: 1, pos: (0, 0, 0)), (id: 2, pos: (0, 0, 4)), (id: 3, pos: (3, 0, 4))],
///     obstacles: [Sphere(center: (0, 1.5, 2), radius: 1)],
/// )"#, "doc.ron").unwrap() else { panic!("a 3D level") };
/// let rule = LinkRule { max_length: 5.0, agent_radius: 1.0, max_links: None };
/// let found: Vec<(u64, u64)> = links(&map, &rule)
///     .iter()
///     .map(|l| (map.nodes()[l.from].id, map.nodes()[l.to].id))
///     .collect();
/// // 1-2 (straight up, length 4) passes 1.5 - 1 = 0.5 from the ball;
/// // 1-3 (length 5) passes hypot(1.5, 1.2) - 1 = 0.92 from it (its point
/// // nearest the centre is (0.96, 0, 1.28), 1.2 from (0, 0, 2)): both too
/// // close for radius 1. 2-3 (length 3) passes hypot(1.5, 2) - 1 = 1.5.
/// assert_eq!(found, [(2, 3)]);
/// ```
pub fn links<D: Dimension>(map: &Map<D>, rule: &LinkRule) -> Vec<Link> {
    let candidates = candidates(map, rule.max_length);
    let obstacles = map.obstacles();
    let index = map.obstacle_index();
    let nodes = map.nodes();
    let mut found: Vec<Link> = candidates
        .into_par_iter()
        .filter(|l| {
            let segment = Segment::new(nodes[l.from].pos, nodes[l.to].pos);
            // Only whether anything comes within the radius matters: the
            // search stops there. Nothing within it means a clearance above
            // it (so above 0 too), which admits the radius.
            index
                .nearest_within(obstacles, segment, rule.agent_radius)
                .is_none_or(|n| admits(n.separation.distance, rule.agent_radius, map.slack()))
        })
        .collect();
    let id = |i: NodeIdx| nodes[i].id;
    if let Some(k) = rule.max_links {
        found.sort_by(|a, b| {
            a.length
                .total_cmp(&b.length)
                .then_with(|| (id(a.from), id(a.to)).cmp(&(id(b.from), id(b.to))))
        });
        let mut count = vec![0usize; nodes.len()];
        found.retain(|l| {
            let keep = count[l.from] < k && count[l.to] < k;
            if keep {
                count[l.from] += 1;
                count[l.to] += 1;
            }
            keep
        });
    }
    found.sort_by_key(|l| (id(l.from), id(l.to)));
    found
}

/// Every pair of distinct nodes at most `max_length` apart that no edge
/// joins, `from` the smaller id; in no particular order.
fn candidates<D: Dimension>(map: &Map<D>, max_length: f64) -> Vec<Link> {
    let nodes = map.nodes();
    if nodes.len() < 2 || max_length.is_nan() || max_length < 0.0 {
        return Vec::new();
    }
    let joined: HashSet<(NodeIdx, NodeIdx)> = map
        .edges()
        .iter()
        .map(|e| (e.from.min(e.to), e.from.max(e.to)))
        .collect();
    let tree = RTree::bulk_load(
        nodes
            .iter()
            .enumerate()
            .map(|(i, n)| GeomWithData::new(n.pos, i))
            .collect(),
    );
    // The tree's squared distances round differently from the exact test
    // below, so it is asked for a little more (never less), then filtered.
    let reach = max_length * (1.0 + 1e-9);
    let reach_2 = (reach * reach).max(1e-300);
    let joined = &joined;
    (0..nodes.len())
        .into_par_iter()
        .flat_map_iter(|i| {
            let p = nodes[i].pos;
            tree.locate_within_distance(p, reach_2)
                .map(|near| near.data)
                .filter(move |&j| j > i && !joined.contains(&(NodeIdx::new(i), NodeIdx::new(j))))
                .filter_map(move |j| {
                    let (from, to) = if nodes[i].id < nodes[j].id {
                        (NodeIdx::new(i), NodeIdx::new(j))
                    } else {
                        (NodeIdx::new(j), NodeIdx::new(i))
                    };
                    let length = D::distance(nodes[from].pos, nodes[to].pos);
                    (length <= max_length).then_some(Link { from, to, length })
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The new edges of `links`: two-way, no cost, no baked clearance.
fn new_edges(links: &[Link]) -> impl Iterator<Item = Edge> + '_ {
    links.iter().map(|l| Edge::two_way(l.from, l.to))
}

impl<D: Dimension> Map<D> {
    /// The map with `links` (from [`links`]) appended to its edges as
    /// two-way edges. Nodes, obstacles, agents and the old edges stay. (The
    /// command line's `link` edits the level's own text instead, through
    /// `clearway_format::append_edges`, keeping its comments.)
    ///
    /// # Panics
    /// When a link names a node index the map does not have.
    pub fn linked(&self, links: &[Link]) -> Map<D> {
        let n = self.nodes().len();
        assert!(
            links
                .iter()
                .all(|l| l.from.get() < n && l.to.get() < n && l.from != l.to)
        );
        let mut edges = self.edges().to_vec();
        edges.extend(new_edges(links));
        self.with_edges(edges)
    }
}
