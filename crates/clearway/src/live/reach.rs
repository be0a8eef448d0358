//! Which edges and nodes a new obstacle may be nearer to than what limits
//! them now: their boxes, each grown by its clearance, in one tree.
//!
//! An obstacle at distance d from an edge lies within d of the edge's box
//! on every axis; it can win against the edge's clearance c only if
//! d <= c, so only if its box meets the edge's box grown by c. So the
//! edges to measure a new obstacle against are those whose grown box
//! meets the obstacle's box, and the search for them grows with what is
//! near the obstacle, not with the level. Nodes are zero-length segments.
//!
//! Edges and nodes share the tree (a node's entry is marked by the top bit
//! of its id): every change asks for both, and one walk down one tree
//! costs less than a walk down each of two (most of an event's time on
//! the 1M-edge levels was those walks' cache misses).
//!
//! A box grown by more than the clearance still holds every obstacle that
//! may win, so a clearance that shrinks (an obstacle came nearer) leaves
//! its box as it is: only one that grows (its witness was removed or moved
//! away) is put in again. The box an item is in is remembered as the
//! distance it was grown by, so that it can be found and taken out.
//!
//! So almost every box stays where the level's build put it: those are
//! packed once (`packed.rs`: flat, a box in its own size, no slot for
//! growing), and the few put in since (a box that grew, an item added)
//! go in a small R-tree beside it; a query asks both.
//!
//! Items with no clearance bound (nothing limits them) have no box; they
//! are kept aside and are candidates for every new obstacle.
//!
//! The boxes are kept in single precision, each corner rounded outward
//! (and so is the box asked about, and the distance a box is grown by):
//! a box that holds the exact one only adds candidates, which are then
//! measured exactly, and it halves the bytes of a tree that a query walks
//! through cache misses.

use rstar::{AABB, RTree, RTreeObject};

use crate::obstacle_index::TreeParams;

use super::obstacles::grown;
use super::packed::{Bounds, Packed};
use crate::dimension::Dimension;
use crate::geometry::Segment;

/// Edges or nodes: the two kinds of item a clearance belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Items {
    Edges,
    Nodes,
}

impl Items {
    /// Where this kind's per-item lists are kept.
    fn lane(self) -> usize {
        match self {
            Items::Edges => 0,
            Items::Nodes => 1,
        }
    }

    /// The id of item `i` of this kind in the tree.
    fn id(self, i: usize) -> u32 {
        let i = u32::try_from(i)
            .ok()
            .filter(|&i| i < NODE)
            .expect("fewer than 2^31 edges and nodes");
        match self {
            Items::Edges => i,
            Items::Nodes => i | NODE,
        }
    }
}

/// The bit that marks a node's id in the tree.
const NODE: u32 = 1 << 31;

/// The edges and nodes near a box, by kind.
#[derive(Debug, Default)]
pub(super) struct Near {
    pub edges: Vec<usize>,
    pub nodes: Vec<usize>,
}

impl Near {
    /// The nodes, then the edges: a node's clearance bounds its edges'
    /// searches, so nodes are searched first.
    pub fn nodes_first(self) -> [(Items, Vec<usize>); 2] {
        [(Items::Nodes, self.nodes), (Items::Edges, self.edges)]
    }
}

/// An edge or node in the tree of items put in since the level was built:
/// its id (see [`Items::id`]) and its grown box in single precision.
#[derive(Clone, Debug, PartialEq)]
struct Entry<N: rstar::Point> {
    id: u32,
    envelope: AABB<N>,
}

impl<N: rstar::Point> RTreeObject for Entry<N> {
    type Envelope = AABB<N>;

    fn envelope(&self) -> AABB<N> {
        self.envelope.clone()
    }
}

/// The edges and nodes of a live level, each in a box grown by at least its
/// clearance.
#[derive(Debug)]
pub(super) struct Reach<D: Dimension> {
    /// The items as the level was built, packed (see `packed.rs`); an
    /// item whose box grows since is taken out of it.
    packed: Packed<D::Narrow>,
    /// The items put in since: added, or whose box grew.
    tree: RTree<Entry<D::Narrow>, TreeParams>,
    /// The distance each item's box is grown by, edges' then nodes'
    /// (rounded up to single precision: a box grown by more only finds
    /// more); NaN for an item not in a tree (removed, or unbounded).
    grown_by: [Vec<f32>; 2],
    /// Items with no bound, edges' then nodes': candidates for every
    /// obstacle.
    unbounded: [Vec<u32>; 2],
}

impl<D: Dimension> Reach<D> {
    /// The tree over `edges` and `nodes` (segments with their clearances),
    /// packed.
    pub fn new(
        edges: impl ExactSizeIterator<Item = (Segment<D::Point>, f64)>,
        nodes: impl ExactSizeIterator<Item = (Segment<D::Point>, f64)>,
    ) -> Reach<D> {
        let mut unbounded = [Vec::new(), Vec::new()];
        let mut grown_by = [
            Vec::with_capacity(edges.len()),
            Vec::with_capacity(nodes.len()),
        ];
        let mut leaves = Vec::with_capacity(edges.len() + nodes.len());
        lay_out::<D>(
            Items::Edges,
            edges,
            &mut leaves,
            &mut grown_by,
            &mut unbounded,
        );
        lay_out::<D>(
            Items::Nodes,
            nodes,
            &mut leaves,
            &mut grown_by,
            &mut unbounded,
        );
        Reach {
            packed: Packed::new(leaves),
            tree: RTree::new_with_params(),
            grown_by,
            unbounded,
        }
    }

    /// Puts item `i` of `items` (a new one, or one taken out) in, at
    /// `clearance`.
    pub fn insert(&mut self, items: Items, i: usize, segment: Segment<D::Point>, clearance: f64) {
        let lane = items.lane();
        let id = items.id(i);
        if i >= self.grown_by[lane].len() {
            self.grown_by[lane].resize(i + 1, f32::NAN);
        }
        if clearance == f64::INFINITY {
            self.unbounded[lane].push(id & !NODE);
        } else {
            let by = up(clearance);
            let bounds = box_of::<D>(segment, by);
            self.tree.insert(Entry {
                id,
                envelope: AABB::from_corners(bounds.lower, bounds.upper),
            });
            self.grown_by[lane][i] = by;
        }
    }

    /// Takes item `i` of `items` out, if it is in.
    pub fn remove(&mut self, items: Items, i: usize, segment: Segment<D::Point>) {
        let lane = items.lane();
        let id = items.id(i);
        match self.grown_by[lane].get(i) {
            Some(&by) if !by.is_nan() => {
                let bounds = box_of::<D>(segment, by);
                if !self.packed.take_out(id, &bounds) {
                    self.tree.remove(&Entry {
                        id,
                        envelope: AABB::from_corners(bounds.lower, bounds.upper),
                    });
                }
                self.grown_by[lane][i] = f32::NAN;
            }
            _ => self.unbounded[lane].retain(|&u| u != id & !NODE),
        }
    }

    /// Item `i` of `items` has clearance `clearance` now: its box is grown
    /// again if it no longer holds that clearance.
    pub fn update(&mut self, items: Items, i: usize, segment: Segment<D::Point>, clearance: f64) {
        let by = self.grown_by[items.lane()][i];
        if by.is_nan() && clearance == f64::INFINITY || clearance <= f64::from(by) {
            return;
        }
        self.remove(items, i, segment);
        self.insert(items, i, segment, clearance);
    }

    /// Every edge and node whose box meets `envelope`, and every unbounded
    /// one, in no particular order.
    pub fn near(&self, envelope: &AABB<D::Point>) -> Near {
        // Room for what a small obstacle finds, so that the lists do not
        // grow step by step (allocation was 3 to 11% of an event).
        let mut near = Near {
            edges: Vec::with_capacity(32),
            nodes: Vec::with_capacity(16),
        };
        let query = narrow::<D>(envelope);
        let mut found = |id: u32| {
            if id & NODE == 0 {
                near.edges.push(id as usize);
            } else {
                near.nodes.push((id & !NODE) as usize);
            }
        };
        self.packed.for_each_meeting(&query, &mut found);
        if self.tree.size() > 0 {
            let envelope = AABB::from_corners(query.lower, query.upper);
            for r in self.tree.locate_in_envelope_intersecting(envelope) {
                found(r.id);
            }
        }
        near.edges
            .extend(self.unbounded[0].iter().map(|&u| u as usize));
        near.nodes
            .extend(self.unbounded[1].iter().map(|&u| u as usize));
        near
    }
}

/// Notes `all`, the items of `items`, with their boxes in `leaves` (or
/// aside, when unbounded), for the packed tree.
fn lay_out<D: Dimension>(
    items: Items,
    all: impl Iterator<Item = (Segment<D::Point>, f64)>,
    leaves: &mut Vec<(u32, Bounds<D::Narrow>)>,
    grown_by: &mut [Vec<f32>; 2],
    unbounded: &mut [Vec<u32>; 2],
) {
    let lane = items.lane();
    for (i, (segment, clearance)) in all.enumerate() {
        if clearance == f64::INFINITY {
            unbounded[lane].push(items.id(i) & !NODE);
            grown_by[lane].push(f32::NAN);
        } else {
            let by = up(clearance);
            leaves.push((items.id(i), box_of::<D>(segment, by)));
            grown_by[lane].push(by);
        }
    }
}

/// A segment's box grown by `by` (see [`grown`]), in single precision.
fn box_of<D: Dimension>(segment: Segment<D::Point>, by: f32) -> Bounds<D::Narrow> {
    narrow::<D>(&grown::<D>(
        super::obstacles::segment_envelope::<D>(segment),
        f64::from(by),
        D::scale(segment),
    ))
}

/// The smallest single-precision box that holds `envelope`.
fn narrow<D: Dimension>(envelope: &AABB<D::Point>) -> Bounds<D::Narrow> {
    use rstar::Point as _;
    let (lower, upper) = (envelope.lower(), envelope.upper());
    Bounds {
        lower: D::Narrow::generate(|axis| down(lower.nth(axis))),
        upper: D::Narrow::generate(|axis| up(upper.nth(axis))),
    }
}

/// The largest `f32` at most `x` (an infinity beyond its range).
fn down(x: f64) -> f32 {
    let f = x as f32;
    if f64::from(f) > x { f.next_down() } else { f }
}

/// The smallest `f32` at least `x`.
fn up(x: f64) -> f32 {
    let f = x as f32;
    if f64::from(f) < x { f.next_up() } else { f }
}
