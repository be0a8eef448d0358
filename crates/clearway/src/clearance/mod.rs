//! Per-edge and per-node clearance: the largest agent radius each admits.

use std::ops::Range;

use crate::par::prelude::*;

use crate::dimension::{Dimension, Plane};
use crate::geometry::{Point, Segment, Separation};
use crate::indices::{EdgeIdx, NodeIdx};
use crate::map::Map;
use crate::obstacle_index::{Nearest, PartRef};
use bounded_search::{BoundedSearch, Items};
pub(crate) use slack::level_magnitude;
pub(crate) use slack::slack_for_magnitude;
pub use stale::StaleBake;
pub use tight_spots::TightSpots;

mod bounded_search;
mod slack;
mod stale;
mod tight_spots;

/// Whether a clearance admits an agent radius on a level with slack
/// `slack` ([`Map::slack`]): `clearance > 0` and `clearance >= radius -
/// slack`. A clearance of 0 means the edge (or node) touches or crosses an
/// obstacle, so even an agent of radius 0 cannot pass it; a clearance
/// c > 0 admits every radius up to c, and up to `slack` above it, the few
/// units in the last place by which the level's decimal coordinates, stored
/// in binary, may shift a distance (a door 1.8 wide admits a 0.9 agent
/// though it measures 0.8999999999999986; see [`Map::slack`](crate::Map::slack)). A
/// NaN radius fits nothing. The one rule every command and search applies.
///
/// ```
/// use clearway::admits;
/// assert!(admits(1.0, 1.0, 0.0) && admits(1.0, 0.0, 0.0) && !admits(1.0, 1.5, 0.0));
/// assert!(!admits(0.0, 0.0, 0.0)); // through a wall: blocked at radius 0 too
/// assert!(!admits(0.0, 1e-20, 1e-14)); // the slack never opens a wall
/// assert!(admits(0.8999999999999986, 0.9, 2.8e-14)); // the door above
/// assert!(admits(f64::INFINITY, 1e300, 0.0));
/// ```
pub fn admits(clearance: f64, agent_radius: f64, slack: f64) -> bool {
    clearance > 0.0 && clearance >= agent_radius - slack
}

/// The radius that admits exactly what `agent_radius` admits under
/// [`admits`] with `slack`, but by the plain comparison `clearance >=
/// radius`: `agent_radius - slack`, or the least positive `f64` when that
/// is below it (so a clearance of 0 never admits). NaN stays NaN. For the
/// searches, which compare radii against clearance floors.
pub(crate) fn effective_radius(agent_radius: f64, slack: f64) -> f64 {
    let radius = agent_radius - slack;
    if radius.is_nan() {
        radius
    } else {
        radius.max(LEAST_POSITIVE)
    }
}

/// The least positive `f64` (a subnormal): every clearance > 0 is at least it.
const LEAST_POSITIVE: f64 = f64::from_bits(1);

/// The obstacle that sets a clearance, and where it pinches. Generic over
/// the point type: `Witness` in the plane, `Witness<Point3>` in space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Witness<P = Point> {
    /// The obstacle's index in the map (file order).
    pub obstacle: usize,
    /// The pinch point on the edge (for a node: its position).
    pub edge_point: P,
    /// The closest point of the obstacle.
    pub obstacle_point: P,
}

/// The clearance of one edge or node: the distance to the nearest obstacle,
/// which is the largest agent radius it admits. Generic over the point type
/// of its witness: `Clearance` in the plane, `Clearance<Point3>` in space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clearance<P = Point> {
    /// The clearance, >= 0; `f64::INFINITY` when nothing limits it.
    pub value: f64,
    /// What sets it; `None` when the map has no obstacles (the value is then
    /// unbounded, or a baked value read from the map).
    pub witness: Option<Witness<P>>,
}

impl Clearance {
    /// The clearance of an edge or node that no obstacle limits.
    pub const UNBOUNDED: Clearance = Clearance::unbounded();
}

impl<P> Clearance<P> {
    /// The clearance of an edge or node that no obstacle limits, in any
    /// dimension ([`Clearance::UNBOUNDED`] in the plane).
    pub(crate) const fn unbounded() -> Clearance<P> {
        Clearance {
            value: f64::INFINITY,
            witness: None,
        }
    }

    /// Whether an agent of this radius fits on a level with slack `slack`
    /// ([`Map::slack`]; see [`admits`]): clearance 0 admits no agent,
    /// radius 0 included; clearance c > 0 admits every radius up to c, and
    /// up to `slack` above it. Pass the level's slack,
    /// [`Clearances::slack`].
    pub fn admits(&self, agent_radius: f64, slack: f64) -> bool {
        admits(self.value, agent_radius, slack)
    }

    /// The value, or `None` when unbounded (as written to JSON: `null`).
    pub fn finite_value(&self) -> Option<f64> {
        self.value.is_finite().then_some(self.value)
    }

    pub(crate) fn from_nearest(nearest: Option<Nearest<P>>) -> Clearance<P> {
        nearest.map_or(Clearance::unbounded(), |n| {
            Clearance::from_separation(n.obstacle, n.separation)
        })
    }

    pub(crate) fn from_separation(obstacle: usize, s: Separation<P>) -> Clearance<P> {
        Clearance {
            value: s.distance,
            witness: Some(Witness {
                obstacle,
                edge_point: s.edge_point,
                obstacle_point: s.obstacle_point,
            }),
        }
    }
}

/// The clearance of every edge and every node of a map, in map order.
///
/// ```
/// use clearway::{Clearances, Map};
/// let map = Map::loader().read_str(r#"Map(
///     nodes: [(id: 0, pos: (0.0, 0.0)), (id: 1, pos: (5.0, 0.0))],
///     edges: [(from: 0, to: 1)],
///     obstacles: [Point((3.0, -2.0))],
/// )"#, "doc.ron").unwrap();
/// let clearances = Clearances::compute(&map);
/// assert_eq!(clearances.edge(clearway::EdgeIdx::new(0)).value, 2.0);
/// let edge = clearway::EdgeIdx::new(0);
/// let slack = clearances.slack();
/// assert!(clearances.edge(edge).admits(2.0, slack) && !clearances.edge(edge).admits(2.01, slack));
/// ```
///
/// Generic over the [`Dimension`]: `Clearances` of a flat map,
/// `Clearances<Space>` of a map with height, computed by the same code.
#[derive(Clone, Debug, PartialEq)]
pub struct Clearances<D: Dimension = Plane> {
    edges: Vec<Clearance<D::Point>>,
    nodes: Vec<Clearance<D::Point>>,
    /// Values up to this are exact; see [`ClearanceOptions::within`].
    exact_up_to: f64,
    /// The map's slack ([`Map::slack`]), which [`admits`] takes.
    slack: f64,
}

impl Clearances {
    /// Options for computing clearances: [`ClearanceOptions::within`] a
    /// largest radius, with [`ClearanceOptions::progress`] reported; then
    /// [`ClearanceOptions::compute`] (every edge and node),
    /// [`ClearanceOptions::tight_spots`] (only those too tight), or
    /// [`ClearanceOptions::compute_part`] (a block at a time).
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// use clearway::{Clearances, EdgeIdx, Map};
    /// let map = Map::loader().read_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (0, 10))],
    ///     edges: [(from: 0, to: 1), (from: 0, to: 2)],
    ///     obstacles: [Point((5, 1))],
    /// )"#, "doc.ron")?;
    /// let done = AtomicUsize::new(0);
    /// let within = Clearances::options()
    ///     .within(2.0)
    ///     .progress(&|n| { done.fetch_add(n, Ordering::Relaxed); })
    ///     .compute(&map);
    /// assert_eq!(done.into_inner(), 5); // two edges and three nodes
    /// let exact = Clearances::compute(&map);
    /// assert_eq!(within.edge(EdgeIdx::new(0)), exact.edge(EdgeIdx::new(0))); // the rock is 1 from edge 0
    /// assert!(within.edge(EdgeIdx::new(1)).witness.is_none() && within.edge(EdgeIdx::new(1)).value > 2.0);
    /// for r in [0.0, 0.5, 1.0, 1.5, 2.0] {
    ///     assert!(within.blocked_edges(r).eq(exact.blocked_edges(r)));
    /// }
    /// # Ok::<(), clearway::LoadError>(())
    /// ```
    pub fn options() -> ClearanceOptions<'static> {
        ClearanceOptions {
            within: None,
            progress: &|_| {},
        }
    }
}

/// How to compute clearances, made by [`Clearances::options`].
#[derive(Clone, Copy)]
#[must_use = "options compute nothing until told to compute"]
pub struct ClearanceOptions<'a> {
    within: Option<f64>,
    progress: &'a (dyn Fn(usize) + Sync),
}

impl std::fmt::Debug for ClearanceOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClearanceOptions")
            .field("within", &self.within)
            .finish_non_exhaustive()
    }
}

impl<'a> ClearanceOptions<'a> {
    /// Computes only what decides every radius up to `max_radius`: what a
    /// check needs. An edge or node with an obstacle within `max_radius`
    /// gets its exact clearance and witness, as [`Clearances::compute`]
    /// gives them; one with none gets a lower bound, the least `f64` above
    /// `max_radius`, with no witness, and the search for it stops at
    /// `max_radius` instead of finding how far the nearest obstacle is.
    /// Edges with a baked clearance are always computed exactly, so that
    /// stale bakes can be found.
    ///
    /// So [`Clearance::admits`], [`Clearances::blocked_edges`] and
    /// [`Clearances::blocked_nodes`] answer as with [`Clearances::compute`]
    /// for every radius up to `max_radius`; beyond it they do not.
    pub fn within(self, max_radius: f64) -> ClearanceOptions<'a> {
        ClearanceOptions {
            within: Some(max_radius),
            ..self
        }
    }

    /// Calls `progress` with the number of edges and nodes just finished,
    /// from any thread, every few hundred.
    pub fn progress<'b>(self, progress: &'b (dyn Fn(usize) + Sync)) -> ClearanceOptions<'b> {
        ClearanceOptions {
            within: self.within,
            progress,
        }
    }

    /// Computes the clearance of every edge and node of `map`, on all
    /// cores, as the options say.
    pub fn compute<D: Dimension>(self, map: &Map<D>) -> Clearances<D> {
        let progress = self.progress;
        match self.within {
            Some(max_radius) if BoundedSearch::applies(map, max_radius) => {
                let search = BoundedSearch::new(map, max_radius);
                let edges = search.all_of(Items::Edges, progress);
                let nodes = search.all_of(Items::Nodes, progress);
                Clearances {
                    edges,
                    nodes,
                    exact_up_to: max_radius.max(0.0),
                    slack: map.slack(),
                }
            }
            _ => Clearances {
                edges: edge_clearances(map, 0..map.edges().len(), progress),
                nodes: node_clearances(map, 0..map.nodes().len(), progress),
                exact_up_to: f64::INFINITY,
                slack: map.slack(),
            },
        }
    }

    /// The edges and nodes of `map` too tight for some radius up to the
    /// one given to [`ClearanceOptions::within`] (every radius without
    /// it), through the map's R-tree, on all cores: a search stops at the
    /// largest radius where nothing is that near, and an edge with a baked
    /// clearance is always measured exactly, so that a stale bake is found.
    /// A NaN radius keeps every edge and node (no clearance admits NaN).
    pub fn tight_spots<D: Dimension>(self, map: &Map<D>) -> TightSpots<D> {
        TightSpots::search(map, self.within.unwrap_or(f64::INFINITY), self.progress)
    }

    /// The clearances of the edges in `edges` and the nodes in `nodes`
    /// (indices into [`Map::edges`] and [`Map::nodes`]), in order, on all
    /// cores: exact, as [`Clearances::compute`] gives them, whatever
    /// [`ClearanceOptions::within`] says. The part's
    /// [`Clearances::edges`]`[k]` is edge `edges.start + k`'s, and so for
    /// the nodes. For a table of every edge that is written as it is
    /// computed, a block at a time, without holding every clearance at
    /// once.
    ///
    /// ```
    /// use clearway::{Clearances, Map};
    /// let map = Map::loader().read_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (5, 0)), (id: 2, pos: (5, 5))],
    ///     edges: [(from: 0, to: 1), (from: 1, to: 2)],
    ///     obstacles: [Point((3, -2))],
    /// )"#, "doc.ron").unwrap();
    /// let all = Clearances::compute(&map);
    /// let part = Clearances::options().compute_part(&map, 1..2, 0..3);
    /// assert_eq!(part.edges(), &all.edges()[1..2]);
    /// assert_eq!(part.nodes(), all.nodes());
    /// ```
    ///
    /// # Panics
    /// When `edges` or `nodes` runs backwards or reaches past the map's
    /// edges or nodes.
    pub fn compute_part<D: Dimension>(
        self,
        map: &Map<D>,
        edges: Range<usize>,
        nodes: Range<usize>,
    ) -> Clearances<D> {
        assert!(
            edges.start <= edges.end && edges.end <= map.edges().len(),
            "edges {edges:?} of {}",
            map.edges().len()
        );
        assert!(
            nodes.start <= nodes.end && nodes.end <= map.nodes().len(),
            "nodes {nodes:?} of {}",
            map.nodes().len()
        );
        Clearances {
            edges: edge_clearances(map, edges, self.progress),
            nodes: node_clearances(map, nodes, self.progress),
            exact_up_to: f64::INFINITY,
            slack: map.slack(),
        }
    }
}

/// Edges handed to one rayon task at a time: enough to amortise the hand-off.
pub(super) const EDGES_PER_TASK: usize = 256;

impl<D: Dimension> Clearances<D> {
    /// Computes every clearance through the map's R-tree, on all cores. The
    /// result does not depend on the number of threads.
    ///
    /// A map without obstacles takes its edges' baked clearances where it has
    /// them; a map with obstacles always recomputes. To compute only what
    /// decides the radii up to some largest one, or to follow the progress,
    /// see [`Clearances::options`].
    pub fn compute(map: &Map<D>) -> Clearances<D> {
        Clearances::options().compute(map)
    }

    /// Up to which value the clearances are exact: infinity for
    /// [`Clearances::compute`], `max_radius` for clearances computed
    /// [`within`](ClearanceOptions::within) it (a value above it may be a
    /// lower bound).
    pub(crate) fn exact_up_to(&self) -> f64 {
        self.exact_up_to
    }

    /// Computes every clearance by measuring every obstacle against every
    /// edge and node: slow and obviously right. The twin that the R-tree
    /// search is tested and benchmarked against (feature `test-twins`).
    #[cfg(any(test, feature = "test-twins"))]
    pub fn compute_brute_force(map: &Map<D>) -> Clearances<D> {
        if map.obstacles().is_empty() {
            return Clearances::compute(map);
        }
        let nearest = |query: Segment<D::Point>| {
            let mut best: Option<Clearance<D::Point>> = None;
            for (i, obstacle) in map.obstacles().iter().enumerate() {
                let s = D::separation(obstacle, query);
                // An obstacle that is nowhere (a 3D mesh without triangles,
                // at distance infinity) limits nothing, as in the index.
                if s.distance < f64::INFINITY && best.is_none_or(|b| s.distance < b.value) {
                    best = Some(Clearance::from_separation(i, s));
                }
            }
            best.unwrap_or(Clearance::unbounded())
        };
        Clearances {
            edges: (0..map.edges().len())
                .map(|i| nearest(map.edge_segment(EdgeIdx::new(i))))
                .collect(),
            nodes: map
                .nodes()
                .iter()
                .map(|n| nearest(Segment::new(n.pos, n.pos)))
                .collect(),
            exact_up_to: f64::INFINITY,
            slack: map.slack(),
        }
    }

    /// Every edge's clearance, indexed like [`Map::edges`].
    pub fn edges(&self) -> &[Clearance<D::Point>] {
        &self.edges
    }

    /// The edges' clearances, for a live level to keep current.
    pub(crate) fn edges_mut(&mut self) -> &mut Vec<Clearance<D::Point>> {
        &mut self.edges
    }

    /// The nodes' clearances, for a live level to keep current.
    pub(crate) fn nodes_mut(&mut self) -> &mut Vec<Clearance<D::Point>> {
        &mut self.nodes
    }

    /// Exact clearances from their parts, for a live level that hands out
    /// its own in another order ([`crate::live::LiveLevel::reordered`]).
    pub(crate) fn from_parts(
        edges: Vec<Clearance<D::Point>>,
        nodes: Vec<Clearance<D::Point>>,
        slack: f64,
    ) -> Clearances<D> {
        Clearances {
            edges,
            nodes,
            exact_up_to: f64::INFINITY,
            slack,
        }
    }

    /// Sets the slack, for a live level whose largest coordinate changed.
    pub(crate) fn set_slack(&mut self, slack: f64) {
        self.slack = slack;
    }

    /// Every node's clearance, indexed like [`Map::nodes`].
    pub fn nodes(&self) -> &[Clearance<D::Point>] {
        &self.nodes
    }

    /// The slack of the map these were computed for ([`Map::slack`]): how
    /// far below a radius a clearance may fall and still admit it.
    pub fn slack(&self) -> f64 {
        self.slack
    }

    /// Whether edge `i` admits an agent of radius `agent_radius`, by the
    /// level's rule ([`admits`] with [`Clearances::slack`]).
    ///
    /// # Panics
    /// When `i` is not an edge index of the map these were computed for.
    pub(crate) fn edge_admits(&self, i: EdgeIdx, agent_radius: f64) -> bool {
        self.edges[i].admits(agent_radius, self.slack)
    }

    /// The clearance of edge `i`.
    ///
    /// # Panics
    /// When `i` is not an edge index of the map these were computed for.
    pub fn edge(&self, i: EdgeIdx) -> &Clearance<D::Point> {
        &self.edges[i]
    }

    /// The clearance of node `i` (an index into [`Map::nodes`]).
    ///
    /// # Panics
    /// When `i` is not a node index of the map these were computed for.
    pub fn node(&self, i: NodeIdx) -> &Clearance<D::Point> {
        &self.nodes[i]
    }

    /// The indices of the edges too tight for an agent of this radius.
    pub fn blocked_edges(&self, agent_radius: f64) -> impl Iterator<Item = EdgeIdx> + '_ {
        blocked(&self.edges, agent_radius, self.slack).map(EdgeIdx::new)
    }

    /// The indices of the nodes too tight for an agent of this radius.
    pub fn blocked_nodes(&self, agent_radius: f64) -> impl Iterator<Item = NodeIdx> + '_ {
        blocked(&self.nodes, agent_radius, self.slack).map(NodeIdx::new)
    }
}

/// The clearances of `edges`, in order, on all cores. Each search starts
/// from the previous one's nearest part (in 3D): neighbours in file order
/// are usually near each other. A map without obstacles gives its edges'
/// baked clearances where they have them.
fn edge_clearances<D: Dimension>(
    map: &Map<D>,
    edges: Range<usize>,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Clearance<D::Point>> {
    let obstacles = map.obstacles();
    if obstacles.is_empty() {
        let baked = |value| Clearance {
            value,
            witness: None,
        };
        return map.edges()[edges]
            .iter()
            .map(|e| e.clearance.map_or(Clearance::unbounded(), baked))
            .collect();
    }
    let index = map.obstacle_index();
    in_parallel(edges, progress, |i, hint| {
        Clearance::from_nearest(index.nearest_to_segment_hinted(
            obstacles,
            map.edge_segment(EdgeIdx::new(i)),
            hint,
        ))
    })
}

/// The clearances of `nodes`, in order, on all cores, as [`edge_clearances`].
fn node_clearances<D: Dimension>(
    map: &Map<D>,
    nodes: Range<usize>,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Clearance<D::Point>> {
    let obstacles = map.obstacles();
    if obstacles.is_empty() {
        return vec![Clearance::unbounded(); nodes.len()];
    }
    let index = map.obstacle_index();
    in_parallel(nodes, progress, |i, hint| {
        let p = map.nodes()[i].pos;
        Clearance::from_nearest(index.nearest_to_segment_hinted(
            obstacles,
            Segment::new(p, p),
            hint,
        ))
    })
}

/// Runs `clearance` for each of `items` on all cores, in chunks, keeping
/// order.
///
/// Each chunk writes straight into its own slots of the one result vector,
/// so the results are never held twice (gathering per-chunk vectors would
/// hold every clearance twice at the end: 56 MB more at a million edges).
/// Within a chunk, `clearance` is handed one search hint, passed from item
/// to item (it changes no result, so neither does the chunking).
fn in_parallel<P: Copy + Send + Sync>(
    items: Range<usize>,
    progress: &(dyn Fn(usize) + Sync),
    clearance: impl Fn(usize, &mut Option<PartRef>) -> Clearance<P> + Sync,
) -> Vec<Clearance<P>> {
    let mut all = crate::par::filled(Clearance::unbounded(), items.len());
    all.par_chunks_mut(EDGES_PER_TASK)
        .enumerate()
        .for_each(|(chunk, slots)| {
            let first = items.start + chunk * EDGES_PER_TASK;
            let mut hint = None;
            for (i, slot) in (first..).zip(slots.iter_mut()) {
                *slot = clearance(i, &mut hint);
            }
            progress(slots.len());
        });
    all
}

fn blocked<P>(
    all: &[Clearance<P>],
    agent_radius: f64,
    slack: f64,
) -> impl Iterator<Item = usize> + '_ {
    all.iter()
        .enumerate()
        .filter(move |(_, c)| !c.admits(agent_radius, slack))
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests_3d;

#[cfg(test)]
mod tests {
    use super::*;

    /// Nodes (0,0), (10,0), (0,10); edges 0-1 along y = 0 and 0-2 along
    /// x = 0; one rock at (5,1).
    ///
    /// Edge 0-1: the rock projects inside it, 1 above it: clearance 1.
    /// Edge 0-2: the rock is 5 right of it: clearance 5.
    /// Nodes: |(5,1)-(0,0)| = |(5,1)-(10,0)| = sqrt(26) ~ 5.099;
    /// |(5,1)-(0,10)| = sqrt(25 + 81) = sqrt(106) ~ 10.296.
    fn corner() -> Clearances {
        let map = Map::loader()
            .read_str(
                "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (0, 10))], \
             edges: [(from: 0, to: 1), (from: 0, to: 2)], obstacles: [Point((5, 1))])",
                "corner.ron",
            )
            .unwrap();
        Clearances::compute(&map)
    }

    #[test]
    fn many_chunks_keep_every_edge_and_node_in_order() {
        // More edges and nodes than a few parallel chunks hold, so that
        // chunk boundaries are crossed; brute force is the twin.
        let params = clearway_synth::Params {
            obstacles_per_edge: 0.5,
            ..clearway_synth::Params::new(clearway_synth::Kind::Grid, 3 * EDGES_PER_TASK)
                .with_mix(clearway_synth::Mix::Mixed)
                .with_seed(3)
        };
        let map = Map::loader()
            .read_str(&clearway_synth::map_string(&params), "grid.ron")
            .unwrap();
        assert!(map.edges().len() > 2 * EDGES_PER_TASK);
        assert!(map.nodes().len() > EDGES_PER_TASK);
        let fast = Clearances::compute(&map);
        let slow = Clearances::compute_brute_force(&map);
        assert_eq!(fast.edges().len(), map.edges().len());
        assert_eq!(fast.nodes().len(), map.nodes().len());
        assert_eq!(fast, slow);
    }

    #[test]
    fn accessors_report_the_hand_computed_clearances() {
        let c = corner();
        let edges: Vec<f64> = c.edges().iter().map(|e| e.value).collect();
        assert_eq!(edges, [1.0, 5.0]);
        let nodes: Vec<f64> = c.nodes().iter().map(|n| n.value).collect();
        assert_eq!(nodes, [26f64.sqrt(), 26f64.sqrt(), 106f64.sqrt()]);
        assert_eq!(c.edge(EdgeIdx::new(1)).finite_value(), Some(5.0));
        assert!(c.edge(EdgeIdx::new(0)).value.is_finite());
    }

    #[test]
    fn admits_is_clearance_at_least_radius_less_the_slack() {
        let c = corner();
        let edge = EdgeIdx::new(0);
        // The level reaches 10: slack 10 * 2^-50 ~ 8.9e-15.
        assert_eq!(c.slack(), 10.0 / 2f64.powi(50));
        // Exactly the clearance fits, and a radius within the slack above
        // it; one twice the slack above it does not.
        assert!(c.edge_admits(edge, 1.0));
        assert!(c.edge_admits(edge, 1.0 + 0.5 * c.slack()));
        assert!(!c.edge_admits(edge, 1.0 + 2.0 * c.slack()));
        assert!(c.edge_admits(edge, 0.0));
        // With no slack, a hair more does not fit.
        assert!(c.edge(edge).admits(1.0, 0.0));
        assert!(!c.edge(edge).admits(1.0f64.next_up(), 0.0));
        assert!(Clearance::UNBOUNDED.admits(1e300, 0.0));
    }

    #[test]
    fn clearance_zero_admits_no_radius_not_even_zero() {
        let touching: Clearance = Clearance {
            value: 0.0,
            witness: None,
        };
        for slack in [0.0, 1e-14, 1.0] {
            assert!(!touching.admits(0.0, slack));
            assert!(!touching.admits(-1.0, slack));
        }
        let tiny: Clearance = Clearance {
            value: LEAST_POSITIVE,
            witness: None,
        };
        assert!(tiny.admits(0.0, 0.0) && tiny.admits(LEAST_POSITIVE, 0.0));
        assert!(!tiny.admits(LEAST_POSITIVE.next_up(), 0.0));
        assert!(tiny.admits(1e-15, 1e-14));
        assert!(!Clearance::UNBOUNDED.admits(f64::NAN, 0.0));
        assert!(!Clearance::UNBOUNDED.admits(f64::NAN, 1.0));
    }

    #[test]
    fn the_effective_radius_turns_the_rule_into_a_plain_comparison() {
        let values = [
            0.0,
            LEAST_POSITIVE,
            1e-300,
            1e-15,
            0.5,
            1.0 - 1e-15,
            1.0,
            f64::INFINITY,
        ];
        for slack in [0.0, 1e-14, 0.25] {
            for r in [
                -1.0,
                0.0,
                LEAST_POSITIVE,
                1e-300,
                1e-15,
                0.5,
                1.0,
                f64::INFINITY,
            ] {
                for c in values {
                    assert_eq!(
                        c >= effective_radius(r, slack),
                        admits(c, r, slack),
                        "c {c:e}, r {r:e}, slack {slack:e}"
                    );
                }
            }
            assert!(effective_radius(f64::NAN, slack).is_nan());
        }
    }

    #[test]
    fn unbounded_is_infinite_and_has_no_finite_value() {
        assert_eq!(Clearance::UNBOUNDED.value, f64::INFINITY);
        assert_eq!(Clearance::UNBOUNDED.finite_value(), None);
    }

    #[test]
    fn blocked_lists_the_elements_tighter_than_the_radius() {
        let c = corner();
        assert_eq!(
            c.blocked_edges(2.0).collect::<Vec<_>>(),
            [0].map(EdgeIdx::new)
        );
        assert_eq!(
            c.blocked_edges(6.0).collect::<Vec<_>>(),
            [0, 1].map(EdgeIdx::new)
        );
        assert_eq!(c.blocked_edges(1.0).count(), 0);
        // sqrt(26) ~ 5.099 < 5.5 < sqrt(106).
        assert_eq!(
            c.blocked_nodes(5.5).collect::<Vec<_>>(),
            [0, 1].map(NodeIdx::new)
        );
        assert_eq!(c.blocked_nodes(1.0).count(), 0);
    }
}
