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

use crate::par::prelude::*;
use rstar::{AABB, Envelope, RTreeObject};

use super::part::PointPart;
use crate::dimension::Dimension;

/// At most this many parts to a bucket.
pub(crate) const BUCKET: usize = 8;

/// Obstacles to a task while the curve keys are computed.
const KEY_CHUNK: usize = 1 << 14;

/// What one chunk of obstacles holds: the box around its parts' centres
/// (`None` for no parts), its points and its other parts.
type ChunkSummary<P> = (Option<AABB<P>>, usize, usize);

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
pub(crate) struct Bucket<P> {
    pub lower: P,
    pub upper: P,
    pub first: u32,
    pub len: u16,
    pub store: Store,
}

impl<P: rstar::Point<Scalar = f64> + Copy> RTreeObject for Bucket<P> {
    type Envelope = AABB<P>;

    #[inline(always)]
    fn envelope(&self) -> Self::Envelope {
        AABB::from_corners(self.lower, self.upper)
    }
}

/// The parts of every obstacle, by kind, each bucket's run contiguous.
#[derive(Debug)]
pub(crate) struct PartStore<D: Dimension> {
    /// Point obstacles.
    pub points: Vec<PointPart<D::Point>>,
    /// Every other part: in 2D circles, walls, polygon edges and polygon
    /// interiors.
    pub others: Vec<D::Part>,
}

impl<D: Dimension> Default for PartStore<D> {
    fn default() -> Self {
        PartStore {
            points: Vec::new(),
            others: Vec::new(),
        }
    }
}

impl<D: Dimension> PartStore<D> {
    /// How many parts there are.
    pub fn len(&self) -> usize {
        self.points.len() + self.others.len()
    }
}

/// Cuts `obstacles` into parts, sorts each kind along one space-filling
/// curve (Hilbert in the plane) over the parts' box centres, and cuts each sorted array into buckets.
///
/// The parts are sorted as keys first (a curve key and where the part comes
/// from, 16 bytes each) and made once, in curve order, on every core:
/// making them first and then sorting them held two copies of every part
/// (48 bytes each for walls, circles and polygon pieces), and that set the
/// peak of the whole run on mixed levels.
///
/// # Panics
/// When there are 2^32 obstacles or more (no such map fits a RON file).
pub(crate) fn bucketed<D: Dimension>(
    obstacles: &[D::Obstacle],
) -> (PartStore<D>, Vec<Bucket<D::Point>>) {
    let index = |i: usize| u32::try_from(i).expect("fewer than 2^32 obstacles");
    let centre =
        |i: usize, piece: u32| D::part_envelope(&D::piece(index(i), &obstacles[i], piece)).center();
    // One pass on every core over chunks of obstacles: the box around the
    // parts' centres, and how many points and other parts each chunk has.
    let chunks: Vec<(usize, &[D::Obstacle])> = obstacles
        .chunks(KEY_CHUNK)
        .enumerate()
        .map(|(k, chunk)| (k * KEY_CHUNK, chunk))
        .collect();
    let summaries: Vec<ChunkSummary<D::Point>> = chunks
        .par_iter()
        .map(|&(first, chunk)| {
            let mut bounds: Option<AABB<D::Point>> = None;
            let mut grow = |p: D::Point| match bounds.as_mut() {
                Some(b) => b.merge(&AABB::from_point(p)),
                None => bounds = Some(AABB::from_point(p)),
            };
            let (mut points, mut others) = (0, 0);
            for (i, obstacle) in (first..).zip(chunk) {
                if let Some(p) = D::point_obstacle(obstacle) {
                    points += 1;
                    grow(p);
                }
                for piece in D::pieces(obstacle) {
                    others += 1;
                    grow(centre(i, piece));
                }
            }
            (bounds, points, others)
        })
        .collect();
    // The curve over the box's two corners is the curve over every centre:
    // the grid is made from their least and greatest coordinates.
    let bounds = summaries
        .iter()
        .filter_map(|s| s.0)
        .reduce(|a, b| a.merged(&b));
    let Some(grid) = bounds.and_then(|b| D::curve_around([b.lower(), b.upper()])) else {
        return (PartStore::default(), Vec::new());
    };
    // Then the keys, on every core, each chunk's straight into its own
    // slots, in obstacle order: no list of pieces to gather and copy.
    let point_count = summaries.iter().map(|s| s.1).sum();
    let other_count = summaries.iter().map(|s| s.2).sum();
    let mut point_keys: Vec<(u64, u32)> = vec![(0, 0); point_count];
    let mut other_keys: Vec<(u64, u32, u32)> = vec![(0, 0, 0); other_count];
    let mut point_slots = Vec::with_capacity(chunks.len());
    let mut other_slots = Vec::with_capacity(chunks.len());
    let (mut point_rest, mut other_rest) = (point_keys.as_mut_slice(), other_keys.as_mut_slice());
    for &(_, points, others) in &summaries {
        let (slots, rest) = point_rest.split_at_mut(points);
        point_slots.push(slots);
        point_rest = rest;
        let (slots, rest) = other_rest.split_at_mut(others);
        other_slots.push(slots);
        other_rest = rest;
    }
    chunks
        .into_par_iter()
        .zip(point_slots)
        .zip(other_slots)
        .for_each(|(((first, chunk), point_slots), other_slots)| {
            let mut point_slots = point_slots.iter_mut();
            let mut other_slots = other_slots.iter_mut();
            for (i, obstacle) in (first..).zip(chunk) {
                if let Some(p) = D::point_obstacle(obstacle) {
                    if let Some(slot) = point_slots.next() {
                        *slot = (D::curve_key(&grid, p), index(i));
                    }
                }
                for piece in D::pieces(obstacle) {
                    if let Some(slot) = other_slots.next() {
                        *slot = (D::curve_key(&grid, centre(i, piece)), index(i), piece);
                    }
                }
            }
        });
    // Sorted by curve key, then by obstacle, then by piece (a polygon's
    // interior after its edges): the order in which the obstacles were
    // cut. The keys are all distinct, so an unstable sort gives one order,
    // and with it the same tree on every run.
    point_keys.par_sort_unstable();
    other_keys.par_sort_unstable();
    let points: Vec<PointPart<D::Point>> = point_keys
        .par_iter()
        .map(|&(_, obstacle)| PointPart {
            p: D::point_obstacle(&obstacles[obstacle as usize]).unwrap_or_default(),
            obstacle,
        })
        .collect();
    drop(point_keys);
    let others: Vec<D::Part> = other_keys
        .par_iter()
        .map(|&(_, obstacle, piece)| D::piece(obstacle, &obstacles[obstacle as usize], piece))
        .collect();
    drop(other_keys);
    let mut buckets =
        Vec::with_capacity(points.len().div_ceil(BUCKET) + others.len().div_ceil(BUCKET));
    buckets.extend(cut(&points, Store::Points, |p| AABB::from_point(p.p)));
    buckets.extend(cut(&others, Store::Others, D::part_envelope));
    (PartStore { points, others }, buckets)
}

/// Runs of [`BUCKET`] consecutive items as buckets of `store`.
fn cut<'a, T, P: rstar::Point<Scalar = f64> + Copy>(
    items: &'a [T],
    store: Store,
    envelope: impl Fn(&T) -> AABB<P> + 'a,
) -> impl Iterator<Item = Bucket<P>> + 'a {
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
