//! Best-first search for the obstacle nearest to a segment.
//!
//! Tree nodes wait in a priority queue ordered by their box's distance to
//! the *segment* (a lower bound on anything inside). When a node is opened,
//! its child nodes join the queue and its buckets (the leaf level) are taken
//! at once, nearest box first: a bucket is opened only while its box may
//! still hold something as near as the best found, and its parts are then
//! measured exactly. The search stops when the nearest waiting box is
//! farther than the best exact distance, so it opens only nodes whose boxes
//! lie within that distance of the edge; a bucket may be opened before a
//! nearer node elsewhere would have ruled it out, which costs some
//! measuring but never changes the answer.
//!
//! Economies that change what is found in no case: a node is first queued
//! by the cheap distance between its box and the box around the edge, and
//! its segment distance is computed only when it reaches the front of the
//! queue (it is put back if that is larger), so boxes the search stops short
//! of never pay for it; a bucket's parts are measured nearest first by their
//! quick distance, so that the first exact measure usually wins and rules
//! the rest out; the queue is allocated once per query.
//!
//! A search may also start from a *hint*: a part (in practice the previous
//! edge's nearest, as edges come in file order and neighbours are usually
//! near each other) measured exactly before the walk, so that the walk
//! prunes by its distance from the first box on. The hint is one more
//! candidate, measured by the same kernel, and the walk still measures every
//! part that may be as near: the answer is the same, ties included.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use rstar::{ParentNode, RTreeNode};

use super::ObstacleTree;
use super::bucket::{BUCKET, Bucket, PartStore, Store};
use crate::dimension::Dimension;
use crate::geometry::{Point, Segment, Separation};

/// The obstacle nearest to a query segment, and the witness of that distance.
/// Generic over the point type: `Nearest` in the plane, `Nearest<Point3>` in
/// space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Nearest<P = Point> {
    /// The obstacle's index in the map (file order). On exact ties the lowest
    /// index wins, so the answer never depends on the tree's shape.
    pub obstacle: usize,
    /// The distance and the two closest points.
    pub separation: Separation<P>,
}

/// How much work a search did; for benchmarks and tests of the pruning.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Tree nodes whose children were examined, and buckets whose parts
    /// were (a bucket is the leaf level: up to 8 parts).
    pub nodes_visited: usize,
    /// Obstacle parts measured exactly.
    pub parts_measured: usize,
}

impl std::ops::AddAssign for SearchStats {
    fn add_assign(&mut self, other: SearchStats) {
        self.nodes_visited += other.nodes_visited;
        self.parts_measured += other.parts_measured;
    }
}

/// A tree node waiting to be opened, keyed by its squared distance to the
/// query.
struct Pending<'t, P: rstar::Point<Scalar = f64> + Copy> {
    bound_2: f64,
    /// Whether `bound_2` is the segment-to-box bound, or still only the
    /// box-to-box one.
    tight: bool,
    node: &'t ParentNode<Bucket<P>>,
}

impl<P: rstar::Point<Scalar = f64> + Copy> PartialEq for Pending<'_, P> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<P: rstar::Point<Scalar = f64> + Copy> Eq for Pending<'_, P> {}

impl<P: rstar::Point<Scalar = f64> + Copy> PartialOrd for Pending<'_, P> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<P: rstar::Point<Scalar = f64> + Copy> Ord for Pending<'_, P> {
    /// Reversed, so that `BinaryHeap` pops the nearest box first.
    fn cmp(&self, other: &Self) -> Ordering {
        other.bound_2.total_cmp(&self.bound_2)
    }
}

/// The best candidate so far, with its tie-breaking key and where it lies.
struct Best<P> {
    key: (u32, u32),
    separation: Separation<P>,
    at: PartRef,
}

/// Where a part lies in the [`PartStore`]: a search's hint.
pub(crate) type PartRef = (Store, u32);

/// Finds the obstacle nearest to `edge` in any of `trees`, whose buckets
/// hold the parts in `parts`; `None` only when there are none.
///
/// With a finite `cutoff`, the search looks no farther than that distance:
/// it returns the nearest obstacle when its distance is at most `cutoff`,
/// and `None` otherwise. Every box within the cutoff is still searched, so
/// what it returns is the same nearest obstacle (ties included) as without
/// one; what it skips is the work of finding out how far away the nearest
/// obstacle is when that is farther.
pub(crate) fn nearest_to_segment<D: Dimension>(
    trees: &[ObstacleTree<D::Point>],
    parts: &PartStore<D>,
    obstacles: &[D::Obstacle],
    edge: Segment<D::Point>,
    cutoff: f64,
    hint: &mut Option<PartRef>,
    stats: &mut SearchStats,
) -> Option<Nearest<D::Point>> {
    if trees.iter().all(|t| t.size() == 0) {
        return None;
    }
    let scale = D::scale(edge);
    let (edge_lower, edge_upper) = D::segment_bounds(edge);
    let box_bound =
        |lower: D::Point, upper: D::Point| D::box_box_2(edge_lower, edge_upper, lower, upper);
    let measure = |(store, i): PartRef| match store {
        Store::Points => {
            let part = parts.points.get(i as usize)?;
            Some((D::point_separation(edge, part.p), (part.obstacle, 0)))
        }
        Store::Others => {
            let part = parts.others.get(i as usize)?;
            Some((
                D::part_separation(part, edge, obstacles)?,
                D::part_key(part),
            ))
        }
    };
    let mut best: Option<Best<D::Point>> = hint.and_then(|at| {
        stats.parts_measured += 1;
        measure(at).map(|(separation, key)| Best {
            key,
            separation,
            at,
        })
    });
    // One allocation up front: growing from empty cost several per query.
    let mut queue = BinaryHeap::with_capacity(64);
    let mut buckets: Vec<(f64, &Bucket<D::Point>)> = Vec::with_capacity(32);
    for tree in trees.iter().filter(|t| t.size() > 0) {
        let envelope = tree.root().envelope();
        queue.push(Pending {
            bound_2: box_bound(envelope.lower(), envelope.upper()),
            tight: false,
            node: tree.root(),
        });
    }
    while let Some(Pending {
        bound_2,
        tight,
        node,
    }) = queue.pop()
    {
        if !may_hold_better(bound_2, best.as_ref(), scale, cutoff) {
            break;
        }
        if !tight {
            // Only now, with the box about to be opened, the exact bound:
            // boxes that the search stops short of never pay for it.
            let envelope = node.envelope();
            let tight_2 = D::segment_box_2(edge, envelope.lower(), envelope.upper());
            if tight_2 > bound_2 {
                if may_hold_better(tight_2, best.as_ref(), scale, cutoff) {
                    queue.push(Pending {
                        bound_2: tight_2,
                        tight: true,
                        node,
                    });
                }
                continue;
            }
        }
        stats.nodes_visited += 1;
        buckets.clear();
        for child in node.children() {
            match child {
                RTreeNode::Leaf(bucket) => {
                    let bound_2 = box_bound(bucket.lower, bucket.upper);
                    if may_hold_better(bound_2, best.as_ref(), scale, cutoff) {
                        buckets.push((bound_2, bucket));
                    }
                }
                RTreeNode::Parent(inner) => {
                    let envelope = inner.envelope();
                    let bound_2 = box_bound(envelope.lower(), envelope.upper());
                    if may_hold_better(bound_2, best.as_ref(), scale, cutoff) {
                        queue.push(Pending {
                            bound_2,
                            tight: false,
                            node: inner,
                        });
                    }
                }
            }
        }
        // The node's buckets nearest first, each opened only if it may
        // still hold something better.
        buckets.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
        for &(bound_2, bucket) in &buckets {
            if !may_hold_better(bound_2, best.as_ref(), scale, cutoff) {
                break;
            }
            let tight_2 = D::segment_box_2(edge, bucket.lower, bucket.upper);
            if !may_hold_better(tight_2, best.as_ref(), scale, cutoff) {
                continue;
            }
            stats.nodes_visited += 1;
            let run = bucket.first as usize..bucket.first as usize + usize::from(bucket.len);
            match bucket.store {
                Store::Points => measure_run(
                    &parts.points[run],
                    (Store::Points, bucket.first),
                    &mut best,
                    (scale, cutoff),
                    stats,
                    |part, _| D::point_quick_2(part.p, edge),
                    |part| Some((D::point_separation(edge, part.p), (part.obstacle, 0))),
                ),
                Store::Others => measure_run(
                    &parts.others[run],
                    (Store::Others, bucket.first),
                    &mut best,
                    (scale, cutoff),
                    stats,
                    // A part's own box first: a few comparisons that spare
                    // most of the quick distances (orientation tests for
                    // walls and polygon edges).
                    |part, best| {
                        let envelope = D::part_envelope(part);
                        let bound_2 = box_bound(envelope.lower(), envelope.upper());
                        if may_hold_better(bound_2, best, scale, cutoff) {
                            D::part_quick_2(part, edge)
                        } else {
                            f64::INFINITY
                        }
                    },
                    |part| {
                        let separation = D::part_separation(part, edge, obstacles)?;
                        Some((separation, D::part_key(part)))
                    },
                ),
            }
        }
    }
    *hint = best.as_ref().map(|b| b.at);
    best.filter(|b| b.separation.distance <= cutoff)
        .map(|b| Nearest {
            obstacle: b.key.0 as usize,
            separation: b.separation,
        })
}

/// Measures the parts of one bucket that may still win (or tie), nearest
/// first by their quick distance, so that the first exact measure is likely
/// the winner and the quick distance rules the others out. `quick` may
/// return infinity for a part it rules out by cheaper means against the
/// best so far. `exact` gives a part's separation and its (obstacle, piece)
/// key, or `None` for a polygon interior the edge is not inside.
fn measure_run<T, P>(
    run: &[T],
    (store, first): PartRef,
    best: &mut Option<Best<P>>,
    (scale, cutoff): (f64, f64),
    stats: &mut SearchStats,
    quick: impl Fn(&T, Option<&Best<P>>) -> f64,
    exact: impl Fn(&T) -> Option<(Separation<P>, (u32, u32))>,
) {
    let mut near = [(0.0f64, 0usize); BUCKET];
    let mut n = 0;
    for (i, part) in run.iter().enumerate() {
        // Rule out with fast arithmetic first.
        let quick_2 = quick(part, best.as_ref());
        if may_hold_better(quick_2, best.as_ref(), scale, cutoff) {
            near[n] = (quick_2, i);
            n += 1;
        }
    }
    let near = &mut near[..n];
    near.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
    for &(quick_2, i) in near.iter() {
        if !may_hold_better(quick_2, best.as_ref(), scale, cutoff) {
            break;
        }
        stats.parts_measured += 1;
        if let Some((separation, key)) = exact(&run[i]) {
            if is_better(&separation, key, best.as_ref()) {
                *best = Some(Best {
                    key,
                    separation,
                    at: (store, first + i as u32),
                });
            }
        }
    }
}

/// Whether a box at squared distance `bound_2` may hold something at least as
/// near as the best so far (ties matter: the lowest obstacle index wins), and
/// no farther than the cutoff.
///
/// The bound is computed in floating point, so it is given a little slack, far
/// below the 1e-9 relative accuracy the results promise: pruning too little
/// costs a few visits, pruning too much would cost correctness.
fn may_hold_better<P>(bound_2: f64, best: Option<&Best<P>>, scale: f64, cutoff: f64) -> bool {
    let d = match best {
        None => cutoff,
        Some(b) => b.separation.distance.min(cutoff),
    };
    if d == f64::INFINITY {
        return true;
    }
    let limit = d + 1e-12 * (scale + d);
    bound_2 <= limit * limit
}

/// Whether a new candidate beats the best so far: nearer, or as near with a
/// lower (obstacle, piece) key.
fn is_better<P>(candidate: &Separation<P>, key: (u32, u32), best: Option<&Best<P>>) -> bool {
    match best {
        None => true,
        Some(b) => match candidate.distance.total_cmp(&b.separation.distance) {
            Ordering::Less => true,
            Ordering::Equal => key < b.key,
            Ordering::Greater => false,
        },
    }
}
