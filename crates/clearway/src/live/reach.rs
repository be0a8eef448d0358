//! Which edges and nodes a new obstacle may be nearer to than what limits
//! them now: one R-tree of their boxes, each grown by its clearance.
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
//! Items with no clearance bound (nothing limits them) have no box; they
//! are kept aside and are candidates for every new obstacle.
//!
//! The boxes are kept in single precision, each corner rounded outward
//! (and so is the box asked about): a box that holds the exact one only
//! adds candidates, which are then measured exactly, and it halves the
//! bytes of a tree that a query walks through cache misses.

use rstar::{AABB, RTree, RTreeObject};

use crate::obstacle_index::TreeParams;

use super::obstacles::grown;
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

/// An edge or node in the tree: its id (see [`Items::id`]) and its grown
/// box in single precision.
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
    tree: RTree<Entry<D::Narrow>, TreeParams>,
    /// The distance each item's box is grown by, edges' then nodes'; NaN
    /// for an item not in the tree (removed, or unbounded).
    grown_by: [Vec<f64>; 2],
    /// Items with no bound, edges' then nodes': candidates for every
    /// obstacle.
    unbounded: [Vec<u32>; 2],
}

impl<D: Dimension> Reach<D> {
    /// The tree over `edges` and `nodes` (segments with their clearances),
    /// bulk loaded.
    pub fn new(
        edges: impl Iterator<Item = (Segment<D::Point>, f64)>,
        nodes: impl Iterator<Item = (Segment<D::Point>, f64)>,
    ) -> Reach<D> {
        let mut reach = Reach {
            tree: RTree::new_with_params(),
            grown_by: [Vec::new(), Vec::new()],
            unbounded: [Vec::new(), Vec::new()],
        };
        let mut entries = Vec::new();
        reach.lay_out(Items::Edges, edges, &mut entries);
        reach.lay_out(Items::Nodes, nodes, &mut entries);
        reach.tree = RTree::bulk_load_with_params(entries);
        reach
    }

    /// Notes `all`, the items of `items`, with their boxes in `entries`
    /// (or aside, when unbounded), for the bulk load.
    fn lay_out(
        &mut self,
        items: Items,
        all: impl Iterator<Item = (Segment<D::Point>, f64)>,
        entries: &mut Vec<Entry<D::Narrow>>,
    ) {
        let lane = items.lane();
        for (i, (segment, clearance)) in all.enumerate() {
            if clearance == f64::INFINITY {
                self.unbounded[lane].push(items.id(i) & !NODE);
                self.grown_by[lane].push(f64::NAN);
            } else {
                entries.push(Entry {
                    id: items.id(i),
                    envelope: box_of::<D>(segment, clearance),
                });
                self.grown_by[lane].push(clearance);
            }
        }
    }

    /// Puts item `i` of `items` (a new one, or one taken out) in, at
    /// `clearance`.
    pub fn insert(&mut self, items: Items, i: usize, segment: Segment<D::Point>, clearance: f64) {
        let lane = items.lane();
        let id = items.id(i);
        if i >= self.grown_by[lane].len() {
            self.grown_by[lane].resize(i + 1, f64::NAN);
        }
        if clearance == f64::INFINITY {
            self.unbounded[lane].push(id & !NODE);
        } else {
            self.tree.insert(Entry {
                id,
                envelope: box_of::<D>(segment, clearance),
            });
            self.grown_by[lane][i] = clearance;
        }
    }

    /// Takes item `i` of `items` out, if it is in.
    pub fn remove(&mut self, items: Items, i: usize, segment: Segment<D::Point>) {
        let lane = items.lane();
        let id = items.id(i);
        match self.grown_by[lane].get(i) {
            Some(&by) if !by.is_nan() => {
                self.tree.remove(&Entry {
                    id,
                    envelope: box_of::<D>(segment, by),
                });
                self.grown_by[lane][i] = f64::NAN;
            }
            _ => self.unbounded[lane].retain(|&u| u != id & !NODE),
        }
    }

    /// Item `i` of `items` has clearance `clearance` now: its box is grown
    /// again if it no longer holds that clearance.
    pub fn update(&mut self, items: Items, i: usize, segment: Segment<D::Point>, clearance: f64) {
        let by = self.grown_by[items.lane()][i];
        if by.is_nan() && clearance == f64::INFINITY || clearance <= by {
            return;
        }
        self.remove(items, i, segment);
        self.insert(items, i, segment, clearance);
    }

    /// Every edge and node whose box meets `envelope`, and every unbounded
    /// one, in no particular order.
    pub fn near(&self, envelope: &AABB<D::Point>) -> Near {
        let mut near = Near::default();
        for r in self
            .tree
            .locate_in_envelope_intersecting(narrow::<D>(envelope))
        {
            if r.id & NODE == 0 {
                near.edges.push(r.id as usize);
            } else {
                near.nodes.push((r.id & !NODE) as usize);
            }
        }
        near.edges
            .extend(self.unbounded[0].iter().map(|&u| u as usize));
        near.nodes
            .extend(self.unbounded[1].iter().map(|&u| u as usize));
        near
    }
}

/// A segment's box grown by `clearance` (see [`grown`]), in single
/// precision.
fn box_of<D: Dimension>(segment: Segment<D::Point>, clearance: f64) -> AABB<D::Narrow> {
    narrow::<D>(&grown::<D>(
        super::obstacles::segment_envelope::<D>(segment),
        clearance,
        D::scale(segment),
    ))
}

/// The smallest single-precision box that holds `envelope`.
fn narrow<D: Dimension>(envelope: &AABB<D::Point>) -> AABB<D::Narrow> {
    use rstar::Point as _;
    let (lower, upper) = (envelope.lower(), envelope.upper());
    AABB::from_corners(
        D::Narrow::generate(|axis| down(lower.nth(axis))),
        D::Narrow::generate(|axis| up(upper.nth(axis))),
    )
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
