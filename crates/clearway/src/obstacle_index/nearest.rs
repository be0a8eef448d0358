//! The search for the obstacle nearest to a segment: a depth-first walk
//! of the tree that opens only boxes that may hold something at least as
//! near as the best found so far (and within the cutoff, if there is one).
//!
//! Two walks, by what is asked:
//! - With a finite cutoff ("is anything within r, and if so the nearest"),
//!   children are walked in tree order: when nothing lies within the
//!   cutoff there is nothing to order (see [`depth_first`]).
//! - Without one, each node's children are walked nearest box first, so
//!   that a near part is measured early and its distance prunes the rest;
//!   a box is measured against the segment itself only when it is about to
//!   be opened, so boxes ruled out by then never pay for it (see
//!   [`nearest_first`]). This replaced a best-first search over a priority
//!   queue, which opened as few boxes but paid more per box.
//!
//! Every box that may hold something as near as the best (within a little
//! slack, see `may_hold_better`) is opened in both, so the order of the
//! walk changes how much is measured, never what is found: ties go to the
//! lowest (obstacle, piece) key. A bucket's parts are measured nearest first
//! by their quick distance, so that the first exact measure usually wins
//! and rules the rest out.
//!
//! A search may also start from a *hint*: a part (in practice the previous
//! edge's nearest, as edges come in file order and neighbours are usually
//! near each other) measured exactly before the walk, so that the walk
//! prunes by its distance from the first box on. The hint is one more
//! candidate, measured by the same kernel, and the walk still measures every
//! part that may be as near: the answer is the same, ties included.

use std::cmp::Ordering;

use rstar::{AABB, ParentNode, Point as _, RTreeNode};

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
#[allow(clippy::too_many_arguments)]
pub(crate) fn nearest_to_segment<D: Dimension>(
    trees: &[ObstacleTree<D::Point>],
    parts: &PartStore<D>,
    obstacles: &[D::Obstacle],
    edge: Segment<D::Point>,
    cutoff: f64,
    hint: &mut Option<PartRef>,
    stats: &mut SearchStats,
    alive: impl Fn(u32) -> bool + Copy,
) -> Option<Nearest<D::Point>> {
    if trees.iter().all(|t| t.size() == 0) {
        return None;
    }
    let best = hinted_best::<D>(parts, obstacles, edge, *hint, stats, alive);
    // A NaN cutoff admits nothing: the bounded walk finds nothing.
    let best = if cutoff == f64::INFINITY {
        nearest_first::<D>(trees, parts, obstacles, edge, best, stats, alive)
    } else {
        depth_first::<D>(trees, parts, obstacles, edge, cutoff, best, stats, alive)
    };
    *hint = best.as_ref().map(|b| b.at);
    best.filter(|b| b.separation.distance <= cutoff)
        .map(|b| Nearest {
            obstacle: b.key.0 as usize,
            separation: b.separation,
        })
}

/// The hinted part measured exactly, as the walk's first best; `None`
/// without a hint or for a hint past the end of its store.
fn hinted_best<D: Dimension>(
    parts: &PartStore<D>,
    obstacles: &[D::Obstacle],
    edge: Segment<D::Point>,
    hint: Option<PartRef>,
    stats: &mut SearchStats,
    alive: impl Fn(u32) -> bool,
) -> Option<Best<D::Point>> {
    let at = hint?;
    stats.parts_measured += 1;
    let (separation, key) = match at {
        (Store::Points, i) => {
            let part = parts.points.get(i as usize).filter(|p| alive(p.obstacle))?;
            (D::point_separation(edge, part.p), (part.obstacle, 0))
        }
        (Store::Others, i) => {
            let part = parts
                .others
                .get(i as usize)
                .filter(|p| alive(D::part_key(p).0))?;
            (
                D::part_separation(part, edge, obstacles, |_| true)?,
                D::part_key(part),
            )
        }
    };
    Some(Best {
        key,
        separation,
        at,
    })
}

/// The search without a cutoff: depth first, each node's children nearest
/// box first by the box-to-box distance. A node's or bucket's distance to
/// the segment itself, a tighter bound for diagonal edges, is computed only
/// when it is about to be opened, and rules it out if it is farther than
/// the best by then.
fn nearest_first<D: Dimension>(
    trees: &[ObstacleTree<D::Point>],
    parts: &PartStore<D>,
    obstacles: &[D::Obstacle],
    edge: Segment<D::Point>,
    mut best: Option<Best<D::Point>>,
    stats: &mut SearchStats,
    alive: impl Fn(u32) -> bool + Copy,
) -> Option<Best<D::Point>> {
    let cutoff = f64::INFINITY;
    let scale = D::scale(edge);
    let (edge_lower, edge_upper) = D::segment_bounds(edge);
    // Whether the edge's box is WIDE times the best distance so far across
    // on two axes: only then is the segment bound worth its cost.
    let mut extents = [0.0_f64; 3];
    for (axis, extent) in extents
        .iter_mut()
        .enumerate()
        .take(<D::Point as rstar::Point>::DIMENSIONS)
    {
        *extent = edge_upper.nth(axis) - edge_lower.nth(axis);
    }
    let wide = |best: Option<&Best<D::Point>>| {
        let d = best.map_or(f64::INFINITY, |b| b.separation.distance);
        extents.iter().filter(|&&e| e > WIDE * d).count() >= 2
    };
    // In the plane, a box that the edge's box is ORDER_WIDE times across on
    // two axes is ordered and pruned by its distance to the segment: the
    // edge's box overlaps most such boxes (a box-to-box bound of 0), so
    // only the segment tells near from far. Without it a long diagonal
    // walked first into whichever subtree came first, far from the segment
    // (8,000 nodes opened a query on the 100k grid levels' 2,000-long
    // diagonals, against 600). Short edges never pay for it. In space
    // (hinted searches) it made the terrain and building levels' own edges
    // twice as slow, for their many triangles' costlier segment-to-box
    // bound, so there the walk orders by the box.
    let box_bound = |lower: D::Point, upper: D::Point| {
        let small = || {
            (0..<D::Point as rstar::Point>::DIMENSIONS)
                .filter(|&axis| extents[axis] > ORDER_WIDE * (upper.nth(axis) - lower.nth(axis)))
                .count()
                >= 2
        };
        if !D::HINTED && small() {
            D::segment_box_2(edge, lower, upper)
        } else {
            D::box_box_2(edge_lower, edge_upper, lower, upper)
        }
    };
    // Allocated once per query: nodes waiting (each with its box bound),
    // and one node's children and buckets while they are ordered.
    let mut stack: Vec<(f64, &ParentNode<Bucket<D::Point>>)> = Vec::with_capacity(64);
    let mut children: Vec<(f64, &ParentNode<Bucket<D::Point>>)> = Vec::with_capacity(16);
    let mut buckets: Vec<(f64, &Bucket<D::Point>)> = Vec::with_capacity(16);
    for tree in trees.iter().filter(|t| t.size() > 0) {
        let envelope = tree.root().envelope();
        children.push((box_bound(envelope.lower(), envelope.upper()), tree.root()));
    }
    loop {
        // The nearest child on top of the stack.
        children.sort_unstable_by(|x, y| y.0.total_cmp(&x.0));
        stack.append(&mut children);
        let Some((bound_2, node)) = stack.pop() else {
            break;
        };
        if !may_hold_better(bound_2, best.as_ref(), scale, cutoff) {
            continue;
        }
        let segment_test = wide(best.as_ref());
        let envelope = node.envelope();
        if segment_test
            && !may_hold_better(
                D::segment_box_2(edge, envelope.lower(), envelope.upper()),
                best.as_ref(),
                scale,
                cutoff,
            )
        {
            continue;
        }
        stats.nodes_visited += 1;
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
                        children.push((bound_2, inner));
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
            if segment_test
                && !may_hold_better(
                    D::segment_box_2(edge, bucket.lower, bucket.upper),
                    best.as_ref(),
                    scale,
                    cutoff,
                )
            {
                continue;
            }
            stats.nodes_visited += 1;
            measure_bucket::<D>(
                parts,
                obstacles,
                edge,
                (edge_lower, edge_upper),
                bucket,
                &mut best,
                (scale, cutoff),
                stats,
                alive,
            );
        }
        buckets.clear();
    }
    best
}

/// The search with a finite cutoff: depth first, with no queue. Every box
/// it opens lies within the cutoff, or within the best distance found once
/// something is. Nearer children are not taken first: when nothing lies
/// within the cutoff (most edges of most levels at the radii `check` asks
/// about) there is nothing to order, and when something does, the order of
/// the walk changes how much is measured, never what is found.
///
/// A child is opened by the [`BoundedTest`].
#[allow(clippy::too_many_arguments)]
fn depth_first<D: Dimension>(
    trees: &[ObstacleTree<D::Point>],
    parts: &PartStore<D>,
    obstacles: &[D::Obstacle],
    edge: Segment<D::Point>,
    cutoff: f64,
    mut best: Option<Best<D::Point>>,
    stats: &mut SearchStats,
    alive: impl Fn(u32) -> bool + Copy,
) -> Option<Best<D::Point>> {
    let test = BoundedTest::<D>::new(edge, cutoff);
    let near = |lower, upper, best: Option<&Best<D::Point>>| test.opens(lower, upper, best);
    let mut stack: Vec<&ParentNode<Bucket<D::Point>>> = Vec::with_capacity(64);
    for tree in trees.iter().filter(|t| t.size() > 0) {
        let envelope = tree.root().envelope();
        if near(envelope.lower(), envelope.upper(), best.as_ref()) {
            stack.push(tree.root());
        }
    }
    while let Some(node) = stack.pop() {
        // Pushed while the best was farther: the box may be ruled out now.
        let envelope = node.envelope();
        if best.is_some() && !near(envelope.lower(), envelope.upper(), best.as_ref()) {
            continue;
        }
        stats.nodes_visited += 1;
        for child in node.children() {
            match child {
                RTreeNode::Leaf(bucket) => {
                    test.measure_if_near(parts, obstacles, bucket, &mut best, stats, alive);
                }
                RTreeNode::Parent(inner) => {
                    let envelope = inner.envelope();
                    if near(envelope.lower(), envelope.upper(), best.as_ref()) {
                        stack.push(inner);
                    }
                }
            }
        }
    }
    best
}

/// The test [`depth_first`] opens a box by, for one edge and a finite
/// cutoff: whether the box may hold something within the cutoff and as
/// near as the best so far. By the box-to-box distance alone, and also by
/// the box's distance to the segment when the edge's box is [`WIDE`]
/// cutoffs across on two axes (a diagonal much longer than the cutoff),
/// which keeps a long diagonal's walk to the strip along it; on grid and
/// tile levels, whose edges are a few cutoffs long, the second test cost
/// more than it spared.
struct BoundedTest<D: Dimension> {
    edge: Segment<D::Point>,
    bounds: (D::Point, D::Point),
    scale: f64,
    cutoff: f64,
    segment_test: bool,
}

impl<D: Dimension> BoundedTest<D> {
    #[inline(always)]
    fn new(edge: Segment<D::Point>, cutoff: f64) -> Self {
        let (lower, upper) = D::segment_bounds(edge);
        BoundedTest {
            edge,
            bounds: (lower, upper),
            scale: D::scale(edge),
            cutoff,
            segment_test: (0..<D::Point as rstar::Point>::DIMENSIONS)
                .filter(|&axis| upper.nth(axis) - lower.nth(axis) > WIDE * cutoff)
                .count()
                >= 2,
        }
    }

    /// Measures the parts of `bucket` against the best so far, if the
    /// bucket is to be opened.
    #[inline(always)]
    fn measure_if_near(
        &self,
        parts: &PartStore<D>,
        obstacles: &[D::Obstacle],
        bucket: &Bucket<D::Point>,
        best: &mut Option<Best<D::Point>>,
        stats: &mut SearchStats,
        alive: impl Fn(u32) -> bool + Copy,
    ) {
        if self.opens(bucket.lower, bucket.upper, best.as_ref()) {
            stats.nodes_visited += 1;
            measure_bucket::<D>(
                parts,
                obstacles,
                self.edge,
                self.bounds,
                bucket,
                best,
                (self.scale, self.cutoff),
                stats,
                alive,
            );
        }
    }

    /// Whether the box from `lower` to `upper` is to be opened.
    #[inline(always)]
    fn opens(&self, lower: D::Point, upper: D::Point, best: Option<&Best<D::Point>>) -> bool {
        let (edge_lower, edge_upper) = self.bounds;
        may_hold_better(
            D::box_box_2(edge_lower, edge_upper, lower, upper),
            best,
            self.scale,
            self.cutoff,
        ) && (!self.segment_test
            || may_hold_better(
                D::segment_box_2(self.edge, lower, upper),
                best,
                self.scale,
                self.cutoff,
            ))
    }
}

/// Appends to `out` every bucket of `trees` that may hold something within
/// `cutoff` of the box `around`: by the test of [`may_hold_better`], with
/// the slack of the box's largest coordinate. A search from any edge
/// inside the box, with a cutoff no larger, opens only buckets among
/// these: its box-to-box distance to a bucket is at least the box's (the
/// gaps of a box inside another are no smaller, in floating point too),
/// and its slack no larger.
///
/// Stops and returns `false` as soon as there are more than `most` of
/// them (the box is too big to be worth it); `true` otherwise.
pub(super) fn collect_near_buckets<'t, D: Dimension>(
    trees: &'t [ObstacleTree<D::Point>],
    around: &AABB<D::Point>,
    cutoff: f64,
    most: usize,
    out: &mut Vec<&'t Bucket<D::Point>>,
) -> bool {
    let (lower, upper) = (around.lower(), around.upper());
    // The largest coordinate of the box is that of its diagonal.
    let scale = D::scale(Segment::new(lower, upper));
    let near = |l: D::Point, u: D::Point| {
        may_hold_better::<D::Point>(D::box_box_2(lower, upper, l, u), None, scale, cutoff)
    };
    collect_buckets_where::<D>(trees, near, most, out)
}

/// Appends to `out` every bucket of `trees` whose box `near` accepts,
/// opening only the nodes whose box it accepts (so `near` must accept a
/// node's box whenever it accepts a box inside it). Stops and returns
/// `false` as soon as there are more than `most` of them; `true` otherwise.
pub(super) fn collect_buckets_where<'t, D: Dimension>(
    trees: &'t [ObstacleTree<D::Point>],
    near: impl Fn(D::Point, D::Point) -> bool,
    most: usize,
    out: &mut Vec<&'t Bucket<D::Point>>,
) -> bool {
    let mut stack: Vec<&ParentNode<Bucket<D::Point>>> = Vec::with_capacity(64);
    for tree in trees.iter().filter(|t| t.size() > 0) {
        let envelope = tree.root().envelope();
        if near(envelope.lower(), envelope.upper()) {
            stack.push(tree.root());
        }
    }
    while let Some(node) = stack.pop() {
        for child in node.children() {
            match child {
                RTreeNode::Leaf(bucket) => {
                    if near(bucket.lower, bucket.upper) {
                        if out.len() == most {
                            return false;
                        }
                        out.push(bucket);
                    }
                }
                RTreeNode::Parent(inner) => {
                    let envelope = inner.envelope();
                    if near(envelope.lower(), envelope.upper()) {
                        stack.push(inner);
                    }
                }
            }
        }
    }
    true
}

/// The nearest obstacle within `cutoff` of `edge` among the parts of
/// `buckets`, which must hold every bucket the bounded walk
/// ([`depth_first`]) would open for it (see [`collect_near_buckets`]). Each
/// bucket is opened by the walk's own test, so the same parts may win, and
/// the answer is the walk's, ties included: the order in which buckets are
/// opened changes how much is measured, never what is found.
pub(super) fn nearest_among<D: Dimension>(
    buckets: &[&Bucket<D::Point>],
    parts: &PartStore<D>,
    obstacles: &[D::Obstacle],
    edge: Segment<D::Point>,
    cutoff: f64,
    stats: &mut SearchStats,
) -> Option<Nearest<D::Point>> {
    let test = BoundedTest::<D>::new(edge, cutoff);
    let mut best = None;
    for &bucket in buckets {
        test.measure_if_near(parts, obstacles, bucket, &mut best, stats, |_| true);
    }
    best.filter(|b| b.separation.distance <= cutoff)
        .map(|b| Nearest {
            obstacle: b.key.0 as usize,
            separation: b.separation,
        })
}

/// How many cutoffs across the edge's box must be on two axes before the
/// depth-first search also measures boxes against the segment itself.
const WIDE: f64 = 32.0;

/// How many times a box's size the edge's box must be across on two axes
/// before the nearest-first walk orders that box by its distance to the
/// segment rather than to the edge's box.
const ORDER_WIDE: f64 = 4.0;

/// Measures the parts of `bucket` that may still win (or tie) against the
/// best so far.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn measure_bucket<D: Dimension>(
    parts: &PartStore<D>,
    obstacles: &[D::Obstacle],
    edge: Segment<D::Point>,
    (edge_lower, edge_upper): (D::Point, D::Point),
    bucket: &Bucket<D::Point>,
    best: &mut Option<Best<D::Point>>,
    (scale, cutoff): (f64, f64),
    stats: &mut SearchStats,
    alive: impl Fn(u32) -> bool + Copy,
) {
    let run = bucket.first as usize..bucket.first as usize + usize::from(bucket.len);
    match bucket.store {
        Store::Points => measure_run(
            &parts.points[run],
            (Store::Points, bucket.first),
            best,
            (scale, cutoff),
            stats,
            // A part of an obstacle that is gone (a live level's) is
            // never measured: NaN passes it over. Asked only of a part
            // near enough to be measured: most are not, and the lookup
            // by obstacle index is a cache miss (parts lie in curve
            // order, obstacles in file order).
            |part, best| {
                let quick_2 = D::point_quick_2(part.p, edge);
                if may_hold_better(quick_2, best, scale, cutoff) && !alive(part.obstacle) {
                    f64::NAN
                } else {
                    quick_2
                }
            },
            |part, _| Some((D::point_separation(edge, part.p), (part.obstacle, 0))),
        ),
        Store::Others => measure_run(
            &parts.others[run],
            (Store::Others, bucket.first),
            best,
            (scale, cutoff),
            stats,
            // A part's own box first: a few comparisons that spare
            // most of the quick distances (orientation tests for
            // walls and polygon edges).
            // Whether its obstacle is gone, only for a part near enough
            // to be measured, as for points.
            |part, best| {
                let envelope = D::part_envelope(part);
                let bound_2 =
                    D::box_box_2(edge_lower, edge_upper, envelope.lower(), envelope.upper());
                if !may_hold_better(bound_2, best, scale, cutoff) {
                    return f64::INFINITY;
                }
                let quick_2 = D::part_quick_2(part, edge);
                if may_hold_better(quick_2, best, scale, cutoff) && !alive(D::part_key(part).0) {
                    f64::NAN
                } else {
                    quick_2
                }
            },
            |part, best| {
                let may_win = |bound_2| may_hold_better(bound_2, best, scale, cutoff);
                let separation = D::part_separation(part, edge, obstacles, may_win)?;
                Some((separation, D::part_key(part)))
            },
        ),
    }
}

/// Measures the parts of one bucket that may still win (or tie), nearest
/// first by their quick distance, so that the first exact measure is likely
/// the winner and the quick distance rules the others out. `quick` may
/// return infinity for a part it rules out by cheaper means against the
/// best so far, and NaN for a part never to measure (an obstacle a live
/// level removed). `exact` gives a part's separation and its (obstacle, piece)
/// key, or `None` for a polygon interior the edge is not inside; it too is
/// given the best so far, for the pieces of a whole polygon.
fn measure_run<T, P>(
    run: &[T],
    (store, first): PartRef,
    best: &mut Option<Best<P>>,
    (scale, cutoff): (f64, f64),
    stats: &mut SearchStats,
    quick: impl Fn(&T, Option<&Best<P>>) -> f64,
    exact: impl Fn(&T, Option<&Best<P>>) -> Option<(Separation<P>, (u32, u32))>,
) {
    let mut near = [(0.0f64, 0usize); BUCKET];
    let mut n = 0;
    for (i, part) in run.iter().enumerate() {
        // Rule out with fast arithmetic first.
        let quick_2 = quick(part, best.as_ref());
        if quick_2.is_nan() {
            // A part to pass over (see `quick`).
            continue;
        }
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
        if let Some((separation, key)) = exact(&run[i], best.as_ref()) {
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
