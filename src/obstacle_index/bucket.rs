//! Buckets: the R-tree's leaves, each a run of up to [`BUCKET`] parts that
//! lie next to each other along a Hilbert curve, with the box around them.
//!
//! Every entry of an rstar tree costs 56 bytes whatever it holds (an entry
//! is as large as an inner node's header: its child vector and box), and a
//! bulk load moves every entry at every level. With one part per entry the tree was the largest
//! thing in memory and its bulk load most of the loading time beyond the
//! parse. Eight parts to an entry make the tree an eighth of the size and
//! the bulk load an eighth of the work; the parts themselves sit in plain
//! arrays by kind, points at 24 bytes each, in curve order so that a
//! bucket's parts share cache lines.

use rayon::prelude::*;
use rstar::{AABB, Envelope, RTreeObject};

use super::part::{ObstaclePart, PointPart};
use crate::geometry::Point;
use crate::hilbert::HilbertGrid;
use crate::obstacle::Obstacle;

/// At most this many parts to a bucket.
pub(crate) const BUCKET: usize = 8;

/// Which array a bucket's parts are in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Store {
    /// [`PartStore::points`].
    Points,
    /// [`PartStore::others`].
    Others,
}

/// One leaf of the tree: `len` parts from `first` on in one store, and the
/// box around them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bucket {
    pub lower: Point,
    pub upper: Point,
    pub first: u32,
    pub len: u16,
    pub store: Store,
}

impl RTreeObject for Bucket {
    type Envelope = AABB<Point>;

    #[inline(always)]
    fn envelope(&self) -> Self::Envelope {
        AABB::from_corners(self.lower, self.upper)
    }
}

/// The parts of every obstacle, by kind, each bucket's run contiguous.
#[derive(Debug, Default)]
pub(crate) struct PartStore {
    /// Point obstacles.
    pub points: Vec<PointPart>,
    /// Circles, walls, polygon edges and polygon interiors.
    pub others: Vec<ObstaclePart>,
}

impl PartStore {
    /// How many parts there are.
    pub fn len(&self) -> usize {
        self.points.len() + self.others.len()
    }
}

/// Cuts `obstacles` into parts, sorts each kind along one Hilbert curve over
/// the parts' box centres, and cuts each sorted array into buckets.
///
/// # Panics
/// When there are 2^32 obstacles or more (no such map fits a RON file).
pub(crate) fn bucketed(obstacles: &[Obstacle]) -> (PartStore, Vec<Bucket>) {
    let mut points = Vec::new();
    let mut others = Vec::new();
    for (i, obstacle) in obstacles.iter().enumerate() {
        let obstacle_index = u32::try_from(i).expect("fewer than 2^32 obstacles");
        ObstaclePart::cut(obstacle_index, obstacle, &mut points, &mut others);
    }
    let centre = |part: &ObstaclePart| part.envelope().center();
    let Some(grid) =
        HilbertGrid::around(points.iter().map(|p| p.p).chain(others.iter().map(centre)))
    else {
        return (PartStore::default(), Vec::new());
    };
    // Sorted by curve key, then by place in the array (obstacle order, and
    // for a polygon's parts the order they were cut in): the order, and
    // with it the tree, is the same on every run.
    let points = sorted_by_key(points, |p| grid.key(p.p));
    let others = sorted_by_key(others, |p| grid.key(centre(p)));
    let mut buckets =
        Vec::with_capacity(points.len().div_ceil(BUCKET) + others.len().div_ceil(BUCKET));
    buckets.extend(cut(&points, Store::Points, |p| AABB::from_point(p.p)));
    buckets.extend(cut(&others, Store::Others, ObstaclePart::envelope));
    (PartStore { points, others }, buckets)
}

/// `items` sorted by `key`, equal keys in their original order. The keys
/// are sorted with their items' indices (16 bytes each, all distinct, so an
/// unstable sort needs no buffer and gives one order), and the items are
/// then gathered in that order on every core. Sorting the items themselves,
/// each with its key, held a larger copy and set the peak of the whole load
/// on mixed levels.
fn sorted_by_key<T: Clone + Send + Sync>(items: Vec<T>, key: impl Fn(&T) -> u64 + Sync) -> Vec<T> {
    let mut order: Vec<(u64, u32)> = items
        .par_iter()
        .enumerate()
        .map(|(i, t)| (key(t), u32::try_from(i).expect("fewer than 2^32 parts")))
        .collect();
    order.par_sort_unstable();
    // The indices alone (4 bytes each) before the gather: measured, this
    // keeps the peak 55 MB lower on the 1M mixed level than gathering
    // through the 16-byte pairs.
    let source: Vec<u32> = order.into_iter().map(|(_, i)| i).collect();
    source
        .par_iter()
        .map(|&i| items[i as usize].clone())
        .collect()
}

/// Runs of [`BUCKET`] consecutive items as buckets of `store`.
fn cut<'a, T>(
    items: &'a [T],
    store: Store,
    envelope: impl Fn(&T) -> AABB<Point> + 'a,
) -> impl Iterator<Item = Bucket> + 'a {
    items.chunks(BUCKET).enumerate().map(move |(k, run)| {
        let mut b = envelope(&run[0]);
        for item in &run[1..] {
            b.merge(&envelope(item));
        }
        Bucket {
            lower: b.lower(),
            upper: b.upper(),
            first: u32::try_from(k * BUCKET).expect("fewer than 2^32 parts"),
            len: u16::try_from(run.len()).expect("a bucket holds at most BUCKET parts"),
            store,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorting_keeps_equal_keys_in_order() {
        let items: Vec<(u64, usize)> = (0..1000).map(|i| ((i * 7919 % 13) as u64, i)).collect();
        let sorted = sorted_by_key(items.clone(), |&(k, _)| k);
        let mut expected = items;
        expected.sort_by_key(|&(k, _)| k); // stable
        assert_eq!(sorted, expected);
    }
}
