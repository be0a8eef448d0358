//! The edges and nodes too tight for some agent radius up to a bound, and
//! the stale bakes: what a check reports, in memory that grows with what
//! it finds rather than with the level.

use super::StaleBake;
use super::bounded_search::{BoundedSearch, Items};
use super::{Clearance, Clearances, admits};
use crate::dimension::{Dimension, Plane};
use crate::indices::{EdgeIdx, NodeIdx};
use crate::map::Map;

/// The edges and nodes that some agent radius up to `max_radius` cannot
/// pass (found by `Clearances::options().within(max_radius).tight_spots(&map)`,
/// see [`ClearanceOptions::tight_spots`](crate::ClearanceOptions::tight_spots)), each with its exact clearance and witness, in map order; and the
/// edges whose baked clearance no longer matches the obstacles.
///
/// It decides every radius up to `max_radius` as [`Clearances`] does, but
/// holds only what is blocked: on a level where a few percent of the edges
/// are tight, a small fraction of the memory of a [`Clearances`], which
/// holds a [`Clearance`] for every edge and node. What `clearway check`
/// uses.
///
/// ```
/// use clearway::{Clearances, EdgeIdx, Map, TightSpots};
/// let map = Map::loader().read_str(r#"(
///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (0, 10))],
///     edges: [(from: 0, to: 1), (from: 0, to: 2)],
///     obstacles: [Point((5, 1))],
/// )"#, "doc.ron").unwrap();
/// // The rock is 1 from edge 0 and 5 from edge 1.
/// let spots = Clearances::options().within(2.0).tight_spots(&map);
/// assert_eq!(spots.edges().len(), 1);
/// let (edge, clearance) = &spots.edges()[0];
/// assert_eq!((*edge, clearance.value), (EdgeIdx::new(0), 1.0));
/// assert_eq!(spots.blocked_edges(1.5).count(), 1);
/// assert_eq!(spots.blocked_edges(1.0).count(), 0); // clearance 1 admits radius 1
/// let exact = Clearances::compute(&map);
/// for r in [0.0, 0.5, 1.0, 1.5, 2.0] {
///     assert!(spots.blocked_edges(r).map(|(e, _)| *e).eq(exact.blocked_edges(r)));
/// }
/// ```
///
/// Generic over the [`Dimension`], as [`Clearances`] is.
#[derive(Clone, Debug, PartialEq)]
pub struct TightSpots<D: Dimension = Plane> {
    edges: Vec<(EdgeIdx, Clearance<D::Point>)>,
    nodes: Vec<(NodeIdx, Clearance<D::Point>)>,
    stale_bakes: Vec<StaleBake>,
    max_radius: f64,
    /// The map's slack ([`Map::slack`]), which [`admits`] takes.
    slack: f64,
}

impl<D: Dimension> TightSpots<D> {
    /// Finds the edges and nodes blocked at `max_radius` (every one blocked
    /// at a radius up to it is among them), through the map's R-tree, on
    /// all cores, calling `progress` with the number of edges and nodes
    /// just finished, from any thread, every few hundred. A search stops
    /// at `max_radius` where nothing is that near; an edge with a baked
    /// clearance is always measured exactly, so that a stale bake is
    /// found. The result does not depend on the number of threads. A NaN
    /// `max_radius` keeps every edge and node (no clearance admits NaN) and
    /// so decides every radius.
    pub(super) fn search(
        map: &Map<D>,
        max_radius: f64,
        progress: &(dyn Fn(usize) + Sync),
    ) -> TightSpots<D> {
        if !BoundedSearch::applies(map, max_radius) {
            let clearances = Clearances::options().progress(progress).compute(map);
            return TightSpots::from_clearances(map, &clearances, max_radius);
        }
        let slack = map.slack();
        let tight = |c: &Clearance<D::Point>| !admits(c.value, max_radius, slack);
        let stale = |i: usize, c: &Clearance<D::Point>| {
            StaleBake::of(EdgeIdx::new(i), map.edges()[i].clearance?, c.value)
        };
        let search = BoundedSearch::new(map, max_radius);
        // A baked edge that is neither tight nor stale is not kept: a baked
        // level holds no more than an unbaked one.
        let edges = search.kept_of(Items::Edges, progress, |i, c| {
            tight(c) || stale(i, c).is_some()
        });
        let nodes = search.kept_of(Items::Nodes, progress, |_, c| tight(c));
        let stale_bakes = edges.iter().filter_map(|(i, c)| stale(*i, c)).collect();
        let mut edges: Vec<_> = edges
            .into_iter()
            .filter(|(_, c)| tight(c))
            .map(|(i, c)| (EdgeIdx::new(i), c))
            .collect();
        // The list was filtered in place: give back what the stale bakes held.
        edges.shrink_to_fit();
        TightSpots {
            edges,
            nodes: nodes
                .into_iter()
                .map(|(i, c)| (NodeIdx::new(i), c))
                .collect(),
            stale_bakes,
            max_radius,
            slack,
        }
    }

    /// No tight spot and no stale bake, found without a search: what a
    /// check that measures no sphere (only walking agents, say) needs of a
    /// map, when none of its edges has a baked clearance to go stale.
    ///
    /// # Panics
    /// When an edge of `map` has a baked clearance: those must be searched.
    pub fn unsearched(map: &Map<D>) -> TightSpots<D> {
        assert!(
            map.edges().iter().all(|e| e.clearance.is_none()),
            "a map with baked clearances is searched for stale ones"
        );
        TightSpots {
            edges: Vec::new(),
            nodes: Vec::new(),
            stale_bakes: Vec::new(),
            // Decides no radius at all.
            max_radius: f64::NEG_INFINITY,
            slack: map.slack(),
        }
    }

    /// The tight spots among `clearances` (computed for `map`), for when
    /// every clearance is wanted anyway (to draw them all, say).
    ///
    /// # Panics
    /// When `clearances` were computed [`within`](crate::ClearanceOptions::within)
    /// a radius (exact only below it), or not for `map`.
    pub fn from_clearances(
        map: &Map<D>,
        clearances: &Clearances<D>,
        max_radius: f64,
    ) -> TightSpots<D> {
        assert!(
            clearances.exact_up_to() >= max_radius || clearances.exact_up_to() == f64::INFINITY,
            "clearances exact up to {} cannot decide radius {max_radius}",
            clearances.exact_up_to()
        );
        assert_eq!(clearances.edges().len(), map.edges().len());
        TightSpots {
            edges: clearances
                .blocked_edges(max_radius)
                .map(|i| (i, *clearances.edge(i)))
                .collect(),
            nodes: clearances
                .blocked_nodes(max_radius)
                .map(|i| (i, *clearances.node(i)))
                .collect(),
            stale_bakes: clearances.stale_bakes(map),
            max_radius,
            slack: clearances.slack(),
        }
    }

    /// The edges blocked at the largest radius they were found for, with their
    /// clearances, in map order.
    pub fn edges(&self) -> &[(EdgeIdx, Clearance<D::Point>)] {
        &self.edges
    }

    /// The nodes blocked at the largest radius they were found for, with their
    /// clearances, in map order.
    pub fn nodes(&self) -> &[(NodeIdx, Clearance<D::Point>)] {
        &self.nodes
    }

    /// The edges too tight for an agent of this radius, with their
    /// clearances, in map order: those [`Clearances::blocked_edges`] gives.
    ///
    /// # Panics
    /// When `agent_radius` is above the largest radius they were found for, or NaN
    /// (unless `max_radius` is NaN too): what blocks it was not looked for.
    pub fn blocked_edges(
        &self,
        agent_radius: f64,
    ) -> impl Iterator<Item = &(EdgeIdx, Clearance<D::Point>)> + '_ {
        self.assert_decides(agent_radius);
        self.edges
            .iter()
            .filter(move |(_, c)| !c.admits(agent_radius, self.slack))
    }

    /// The nodes too tight for an agent of this radius, with their
    /// clearances, in map order: those [`Clearances::blocked_nodes`] gives.
    ///
    /// # Panics
    /// As [`TightSpots::blocked_edges`].
    pub fn blocked_nodes(
        &self,
        agent_radius: f64,
    ) -> impl Iterator<Item = &(NodeIdx, Clearance<D::Point>)> + '_ {
        self.assert_decides(agent_radius);
        self.nodes
            .iter()
            .filter(move |(_, c)| !c.admits(agent_radius, self.slack))
    }

    /// The edges whose baked clearance differs from the one the obstacles
    /// give now: [`Clearances::stale_bakes`] of the map, whatever the radius.
    pub fn stale_bakes(&self) -> &[StaleBake] {
        &self.stale_bakes
    }

    fn assert_decides(&self, agent_radius: f64) {
        assert!(
            agent_radius <= self.max_radius || self.max_radius.is_nan(),
            "tight spots up to radius {} cannot decide radius {agent_radius}",
            self.max_radius
        );
    }
}
