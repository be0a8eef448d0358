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

use super::plane::part::PointPart;
use crate::dimension::Dimension;
use crate::radix_sort::sort_stable_by_key;

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
    /// Every other part: in 2D circles, walls and small polygons whole, and
    /// the edges and interiors of larger polygons.
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
    #[cfg(test)]
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
    // interior after its edges): the keys were written in obstacle order,
    // each obstacle's pieces in order, so a stable sort by curve key gives
    // that order, and with it the same tree on every run.
    // Two radix sorts side by side keep both cores busy when both lists
    // are long (mixed levels); when one list is most of the parts, a
    // comparison sort of it on every core is the faster (the keys are
    // distinct, so it gives the same order). Only in the plane: in space
    // the index build is where memory peaks, and the radix sorts' scratch
    // vectors, freed, raise glibc's `mmap` threshold (as
    // `MAP_BUFFER_AT_LEAST` in the CLI describes), which raised the peak of
    // `check` on the terrain level by 9 MB; a 2D level peaks before the
    // index, at the end of validation.
    let (shorter, longer) = (
        point_keys.len().min(other_keys.len()),
        point_keys.len().max(other_keys.len()),
    );
    let in_the_plane = <D::Point as rstar::Point>::DIMENSIONS == 2;
    if in_the_plane && shorter >= longer / 4 {
        crate::par::join(
            || sort_stable_by_key(&mut point_keys, |key| key.0),
            || sort_stable_by_key(&mut other_keys, |key| key.0),
        );
    } else {
        point_keys.par_sort_unstable();
        other_keys.par_sort_unstable();
    }
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
    let mut buckets = cut(&points, Store::Points, |p| AABB::from_point(p.p));
    buckets.append(&mut cut(&others, Store::Others, D::part_envelope));
    (PartStore { points, others }, buckets)
}

/// Runs of [`BUCKET`] consecutive items as buckets of `store`, made on
/// every core.
fn cut<T: Sync, P: rstar::Point<Scalar = f64> + Copy + Send>(
    items: &[T],
    store: Store,
    envelope: impl Fn(&T) -> AABB<P> + Sync,
) -> Vec<Bucket<P>> {
    (0..items.len().div_ceil(BUCKET))
        .into_par_iter()
        .map(|k| {
            let run = &items[k * BUCKET..items.len().min((k + 1) * BUCKET)];
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
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dimension::Plane;
    use crate::obstacle::Obstacle;
    use crate::obstacle_index::tests::scatter_seeded;

    /// Checks that the parts of `obstacles` come out sorted by curve key,
    /// then obstacle, then piece, whichever sort `bucketed` chose: the
    /// curve recomputed here over every part's centre, as `bucketed` lays
    /// it.
    fn assert_in_curve_order(obstacles: &[Obstacle]) {
        let (parts, buckets) = bucketed::<Plane>(obstacles);
        let centre = |part: &<Plane as Dimension>::Part| Plane::part_envelope(part).center();
        let centres = (parts.points.iter().map(|p| p.p)).chain(parts.others.iter().map(centre));
        let grid = Plane::curve_around(centres).expect("some parts");
        let points: Vec<(u64, u32)> = (parts.points.iter())
            .map(|p| (Plane::curve_key(&grid, p.p), p.obstacle))
            .collect();
        let others: Vec<(u64, u32, u32)> = (parts.others.iter())
            .map(|part| {
                let (obstacle, piece) = Plane::part_key(part);
                (Plane::curve_key(&grid, centre(part)), obstacle, piece)
            })
            .collect();
        assert!(points.windows(2).all(|w| w[0] < w[1]));
        assert!(others.windows(2).all(|w| w[0] < w[1]));
        let every_part: usize = obstacles
            .iter()
            .map(|o| usize::from(Plane::point_obstacle(o).is_some()) + Plane::pieces(o).count())
            .sum();
        assert_eq!(parts.len(), every_part);
        let in_buckets: usize = buckets.iter().map(|b| usize::from(b.len)).sum();
        assert_eq!(in_buckets, every_part);
    }

    #[test]
    fn parts_are_in_curve_order_whichever_sort_runs() {
        // A quarter points: the others are most of the parts, and one
        // comparison sort runs on every core.
        let scatter = scatter_seeded(4000, 0x2545_f491_4f6c_dd1d);
        assert_in_curve_order(&scatter);
        // Each point five times more, at the same place (equal keys, kept
        // in obstacle order): as many points as other parts, and two radix
        // sorts run side by side.
        let mut mixed = scatter.clone();
        for o in &scatter {
            if let Obstacle::Point(p) = o {
                mixed.extend(std::iter::repeat_n(Obstacle::Point(*p), 5));
            }
        }
        assert_in_curve_order(&mixed);
    }
}
