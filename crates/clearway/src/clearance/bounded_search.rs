//! Clearance searches bounded by a radius: what [`ClearanceOptions::within`]
//! and [`TightSpots`] measure. An edge or node with an obstacle within the
//! radius gets its exact clearance and witness; one with none gets a lower
//! bound just above the radius, and its search stops there.
//!
//! [`ClearanceOptions::within`]: super::ClearanceOptions::within
//! [`TightSpots`]: super::TightSpots

use rstar::Envelope;

use super::{Clearance, EDGES_PER_TASK};
use crate::dimension::Dimension;
use crate::geometry::Segment;
use crate::indices::EdgeIdx;
use crate::map::Map;
use crate::obstacle_index::{Neighbourhood, segment_envelope};
use crate::par::prelude::*;

/// Items (edges or nodes, in file order) that share one [`Neighbourhood`].
const ITEMS_PER_NEIGHBOURHOOD: usize = 8;

/// At most this many buckets in a shared [`Neighbourhood`]; a run with
/// more walks the tree per item.
const BUCKETS_PER_NEIGHBOURHOOD: usize = 64;

/// The searches of one map, bounded by `max_radius`.
pub(super) struct BoundedSearch<'m, D: Dimension> {
    map: &'m Map<D>,
    max_radius: f64,
    /// What an edge or node with nothing within `max_radius` gets: the least
    /// `f64` above it, with no witness.
    beyond: Clearance<D::Point>,
}

/// Whether an item is an edge or a node: they are searched alike, but an
/// edge with a baked clearance is always measured exactly.
#[derive(Clone, Copy)]
pub(super) enum Items {
    /// The map's edges.
    Edges,
    /// The map's nodes.
    Nodes,
}

/// The clearances of one kind of item, each with its index, as one search
/// emits them.
pub(super) type Kept<P> = Vec<(usize, Clearance<P>)>;

impl<'m, D: Dimension> BoundedSearch<'m, D> {
    /// Whether a bounded search applies: the map has obstacles and the
    /// radius is neither NaN nor infinity. Otherwise there is nothing to
    /// bound (every clearance is baked or unbounded, or every one is
    /// wanted exactly).
    pub(super) fn applies(map: &Map<D>, max_radius: f64) -> bool {
        !map.obstacles().is_empty() && !max_radius.is_nan() && max_radius != f64::INFINITY
    }

    /// The searches of `map` up to `max_radius`; see [`BoundedSearch::applies`].
    pub(super) fn new(map: &'m Map<D>, max_radius: f64) -> BoundedSearch<'m, D> {
        debug_assert!(BoundedSearch::applies(map, max_radius));
        // A radius below 0 is blocked only by clearance 0: search up to 0.
        let max_radius = max_radius.max(0.0);
        BoundedSearch {
            map,
            max_radius,
            beyond: Clearance {
                value: max_radius.next_up(),
                witness: None,
            },
        }
    }

    fn count(&self, items: Items) -> usize {
        match items {
            Items::Edges => self.map.edges().len(),
            Items::Nodes => self.map.nodes().len(),
        }
    }

    /// Every item's clearance, in map order, on all cores: each task
    /// writes straight into its own slots of the one result vector.
    pub(super) fn all_of(
        &self,
        items: Items,
        progress: &(dyn Fn(usize) + Sync),
    ) -> Vec<Clearance<D::Point>> {
        let mut all = crate::par::filled(Clearance::unbounded(), self.count(items));
        all.par_chunks_mut(EDGES_PER_TASK)
            .enumerate()
            .for_each(|(chunk, slots)| {
                let first = chunk * EDGES_PER_TASK;
                self.measure(items, first..first + slots.len(), |i, c| {
                    slots[i - first] = c;
                });
                progress(slots.len());
            });
        all
    }

    /// The items whose clearance `keep` accepts, each with its index, in
    /// map order, on all cores: each task keeps its own, and the tasks'
    /// lists are joined in order. Memory grows with what is kept, not with
    /// the map.
    pub(super) fn kept_of(
        &self,
        items: Items,
        progress: &(dyn Fn(usize) + Sync),
        keep: impl Fn(usize, &Clearance<D::Point>) -> bool + Sync,
    ) -> Kept<D::Point> {
        let count = self.count(items);
        (0..count.div_ceil(EDGES_PER_TASK))
            .into_par_iter()
            .flat_map_iter(|chunk| {
                let range = chunk * EDGES_PER_TASK..((chunk + 1) * EDGES_PER_TASK).min(count);
                let len = range.len();
                let mut kept = Vec::new();
                self.measure(items, range, |i, c| {
                    if keep(i, &c) {
                        kept.push((i, c));
                    }
                });
                progress(len);
                kept
            })
            .collect()
    }

    /// Measures the items of `range` in order on one thread, handing each
    /// answer to `emit`. They go in runs of [`ITEMS_PER_NEIGHBOURHOOD`]
    /// (neighbours in the file, usually neighbours on the map), and each run
    /// shares one gathering of the buckets within `max_radius` of the box
    /// around its segments (see [`Neighbourhood`]). A run whose box has more
    /// than [`BUCKETS_PER_NEIGHBOURHOOD`] buckets that near walks the tree per
    /// item instead. Either way each item's answer is the walk's, so the
    /// runs (and the tasks) change no result.
    fn measure(
        &self,
        items: Items,
        range: std::ops::Range<usize>,
        mut emit: impl FnMut(usize, Clearance<D::Point>),
    ) {
        let index = self.map.obstacle_index();
        let mut near = Neighbourhood::new(index);
        let mut segments = Vec::with_capacity(ITEMS_PER_NEIGHBOURHOOD);
        let mut start = range.start;
        while start < range.end {
            let run = start..(start + ITEMS_PER_NEIGHBOURHOOD).min(range.end);
            segments.clear();
            segments.extend(run.clone().map(|i| self.segment(items, i)));
            let around = segments
                .iter()
                .map(|&s| segment_envelope::<D>(s))
                .reduce(|a, b| a.merged(&b));
            if let Some(around) = around {
                near.gather(around, self.max_radius, BUCKETS_PER_NEIGHBOURHOOD);
            }
            for (i, &s) in run.clone().zip(&segments) {
                emit(i, self.clearance(items, i, s, &near));
            }
            start = run.end;
        }
    }

    fn segment(&self, items: Items, i: usize) -> Segment<D::Point> {
        match items {
            Items::Edges => self.map.edge_segment(EdgeIdx::new(i)),
            Items::Nodes => {
                let p = self.map.nodes()[i].pos;
                Segment::new(p, p)
            }
        }
    }

    /// One item's clearance: exact when something is within `max_radius`
    /// (always, for an edge with a baked clearance, so that stale bakes can
    /// be found), `beyond` otherwise.
    fn clearance(
        &self,
        items: Items,
        i: usize,
        segment: Segment<D::Point>,
        near: &Neighbourhood<'_, D>,
    ) -> Clearance<D::Point> {
        let obstacles = self.map.obstacles();
        if matches!(items, Items::Edges) && self.map.edges()[i].clearance.is_some() {
            let index = self.map.obstacle_index();
            return Clearance::from_nearest(index.nearest_to_segment(obstacles, segment));
        }
        match near.nearest_within(obstacles, segment, self.max_radius) {
            Some(n) => Clearance::from_separation(n.obstacle, n.separation),
            None => self.beyond,
        }
    }
}
