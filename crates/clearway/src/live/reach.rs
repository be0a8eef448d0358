//! Which edges (or nodes) a new obstacle may be nearer to than what limits
//! them now: an R-tree of their boxes, each grown by its clearance.
//!
//! An obstacle at distance d from an edge lies within d of the edge's box
//! on every axis; it can win against the edge's clearance c only if
//! d <= c, so only if its box meets the edge's box grown by c. So the
//! edges to measure a new obstacle against are those whose grown box
//! meets the obstacle's box, and the search for them grows with what is
//! near the obstacle, not with the level.
//!
//! A box grown by more than the clearance still holds every obstacle that
//! may win, so a clearance that shrinks (an obstacle came nearer) leaves
//! its box as it is: only one that grows (its witness was removed or moved
//! away) is put in again. The box an item is in is remembered as the
//! distance it was grown by, so that it can be found and taken out.
//!
//! Items with no clearance bound (nothing limits them) have no box; they
//! are kept aside and are candidates for every new obstacle.

use rstar::{AABB, RTree};

use crate::obstacle_index::TreeParams;

use super::obstacles::{Boxed, grown};
use crate::dimension::Dimension;
use crate::geometry::Segment;

/// The edges (or nodes, as zero-length segments) of a live level, each in
/// a box grown by at least its clearance.
#[derive(Debug)]
pub(super) struct Reach<D: Dimension> {
    tree: RTree<Boxed<D::Point>, TreeParams>,
    /// The distance each item's box is grown by; NaN for an item not in
    /// the tree (removed, or unbounded).
    grown_by: Vec<f64>,
    /// Items with no bound: candidates for every obstacle.
    unbounded: Vec<u32>,
}

impl<D: Dimension> Reach<D> {
    /// The tree over `items` (segments with their clearances), bulk loaded.
    pub fn new(items: impl Iterator<Item = (Segment<D::Point>, f64)>) -> Reach<D> {
        let mut grown_by = Vec::new();
        let mut unbounded = Vec::new();
        let mut entries = Vec::new();
        for (i, (segment, clearance)) in items.enumerate() {
            let i = u32::try_from(i).expect("fewer than 2^32 edges");
            if clearance == f64::INFINITY {
                unbounded.push(i);
                grown_by.push(f64::NAN);
            } else {
                entries.push(Boxed {
                    id: i,
                    envelope: box_of::<D>(segment, clearance),
                });
                grown_by.push(clearance);
            }
        }
        Reach {
            tree: RTree::bulk_load_with_params(entries),
            grown_by,
            unbounded,
        }
    }

    /// Puts item `i` (a new one, or one taken out) in, at `clearance`.
    pub fn insert(&mut self, i: usize, segment: Segment<D::Point>, clearance: f64) {
        if i >= self.grown_by.len() {
            self.grown_by.resize(i + 1, f64::NAN);
        }
        let item = u32::try_from(i).expect("fewer than 2^32 edges");
        if clearance == f64::INFINITY {
            self.unbounded.push(item);
        } else {
            self.tree.insert(Boxed {
                id: item,
                envelope: box_of::<D>(segment, clearance),
            });
            self.grown_by[i] = clearance;
        }
    }

    /// Takes item `i` out, if it is in.
    pub fn remove(&mut self, i: usize, segment: Segment<D::Point>) {
        let item = i as u32;
        match self.grown_by.get(i) {
            Some(&by) if !by.is_nan() => {
                self.tree.remove(&Boxed {
                    id: item,
                    envelope: box_of::<D>(segment, by),
                });
                self.grown_by[i] = f64::NAN;
            }
            _ => self.unbounded.retain(|&u| u != item),
        }
    }

    /// Item `i`'s clearance is now `clearance`: its box is grown again if
    /// it no longer holds that clearance.
    pub fn update(&mut self, i: usize, segment: Segment<D::Point>, clearance: f64) {
        let by = self.grown_by[i];
        if by.is_nan() && clearance == f64::INFINITY || clearance <= by {
            return;
        }
        self.remove(i, segment);
        self.insert(i, segment, clearance);
    }

    /// Every item whose box meets `envelope`, and every unbounded item, in
    /// no particular order.
    pub fn near(&self, envelope: &AABB<D::Point>) -> Vec<usize> {
        let mut found: Vec<usize> = self
            .tree
            .locate_in_envelope_intersecting(*envelope)
            .map(|r| r.id as usize)
            .collect();
        found.extend(self.unbounded.iter().map(|&u| u as usize));
        found
    }
}

/// A segment's box grown by `clearance` (see [`grown`]).
fn box_of<D: Dimension>(segment: Segment<D::Point>, clearance: f64) -> AABB<D::Point> {
    grown::<D>(
        super::obstacles::segment_envelope::<D>(segment),
        clearance,
        D::scale(segment),
    )
}
