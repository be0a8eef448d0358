//! The R-tree over every obstacle, and the search that runs on it: one
//! index and one search for both dimensions, generic over the
//! [`Dimension`] (see [`Dimension`](crate::Dimension)); `plane/` and `space/` hold
//! what is 2D and what is 3D.

use crate::par::prelude::*;
use rstar::{RStarInsertionStrategy, RTree, RTreeParams};

use crate::dimension::{Dimension, ObstacleOf, Plane};
use crate::geometry::{Point, Segment};

mod bucket;
mod nearest;
mod neighbourhood;
mod plane;
mod quick_bounds;
mod rtree_point;
mod shards;
mod space;
#[cfg(test)]
pub(crate) mod tests_3d;

use bucket::{Bucket, PartStore};
pub(crate) use nearest::PartRef;

pub use nearest::{Nearest, SearchStats};
pub(crate) use neighbourhood::{Neighbourhood, segment_envelope};
pub(crate) use quick_bounds::box_box_distance_2;
pub(crate) use space::{BoxNeighbourhood, NearPart, NearShape, meets};

/// The shape of the R-tree's nodes: up to 16 children where rstar's default
/// is 6. The obstacle tree is only ever bulk loaded and searched depth
/// first, where a child costs a few comparisons before its box is ever
/// measured against the segment; wider nodes make the tree shallower, its
/// bulk load faster and its inner nodes fewer. A live level's trees (edges
/// grown by their clearance, changed obstacles) take the same shape: they
/// are queried far more often than changed.
#[derive(Debug)]
pub(crate) struct TreeParams;

impl RTreeParams for TreeParams {
    const MIN_SIZE: usize = 6;
    const MAX_SIZE: usize = 16;
    const REINSERTION_COUNT: usize = 4;
    type DefaultInsertionStrategy = RStarInsertionStrategy;
}

/// One shard of the index.
pub(crate) type ObstacleTree<P = Point> = RTree<Bucket<P>, TreeParams>;

/// An R-tree over the parts of every obstacle (small polygons whole, others
/// as their boundary edges plus an interior part; see
/// `obstacle_index/plane/part.rs`), searched by distance to a segment.
///
/// The tree's leaves are buckets of up to 8 parts that are neighbours along
/// a Hilbert curve (see `obstacle_index/bucket.rs`). On large maps the top
/// of the hierarchy is a few median cuts, each shard an rstar tree bulk
/// loaded on its own core (see `obstacle_index/shards.rs`); one depth-first
/// search runs over all of them.
///
/// Generic over the [`Dimension`]: `ObstacleIndex` is the 2D index,
/// `ObstacleIndex<Space>` the 3D one (see [`Dimension`](crate::Dimension)), the same
/// buckets, shards and search compiled for each.
#[derive(Debug)]
pub struct ObstacleIndex<D: Dimension = Plane> {
    trees: Vec<ObstacleTree<D::Point>>,
    parts: PartStore<D>,
}

impl<D: Dimension> ObstacleIndex<D> {
    /// Builds the index over `obstacles` (bulk loaded): an [`Obstacle`](crate::Obstacle) list
    /// gives the 2D index, an [`Obstacle3`](crate::Obstacle3) list the 3D one.
    ///
    /// # Panics
    /// Never for a map that loaded: it holds fewer than 2^32 obstacles. More
    /// than that panics, as no 2^32-obstacle map fits a RON file anyway.
    pub fn build<O>(obstacles: &[O]) -> Self
    where
        O: ObstacleOf<Dimension = D>,
        D: Dimension<Obstacle = O>,
    {
        ObstacleIndex::build_sharded(obstacles, shards::BUCKETS_PER_SHARD_AT_LEAST)
    }

    /// As [`ObstacleIndex::build`], for generic code that names the
    /// dimension rather than the obstacle type.
    pub(crate) fn build_over(obstacles: &[D::Obstacle]) -> Self {
        ObstacleIndex::build_sharded(obstacles, shards::BUCKETS_PER_SHARD_AT_LEAST)
    }

    /// Builds the index with shards of at least `min_buckets_per_shard`
    /// buckets.
    fn build_sharded(obstacles: &[D::Obstacle], min_buckets_per_shard: usize) -> Self {
        let (parts, buckets) = bucket::bucketed::<D>(obstacles);
        let trees = shards::into_shards(buckets, min_buckets_per_shard)
            .into_par_iter()
            .map(ObstacleTree::bulk_load_with_params)
            .collect();
        ObstacleIndex { trees, parts }
    }

    /// The number of indexed parts: one an obstacle, but for a polygon of
    /// more than 8 vertices or that fills less than half its bounding box,
    /// which is n + 1 parts (its n edges and its interior).
    #[cfg(test)]
    pub(crate) fn part_count(&self) -> usize {
        self.parts.len()
    }

    /// The obstacle nearest to `edge`, exactly, with its witness points.
    /// `obstacles` must be the list the index was built from. `None` when
    /// there are no obstacles.
    ///
    /// ```
    /// use clearway::geometry::{Point, Segment};
    /// use clearway::ObstacleIndex;
    /// use clearway::Obstacle;
    /// let obstacles = vec![
    ///     Obstacle::Point(Point::new(3.0, -2.0)),
    ///     Obstacle::Point(Point::new(8.0, 4.0)),
    /// ];
    /// let index = ObstacleIndex::build(&obstacles);
    /// let edge = Segment::new(Point::new(0.0, 0.0), Point::new(5.0, 0.0));
    /// let nearest = index.nearest_to_segment(&obstacles, edge).unwrap();
    /// assert_eq!(nearest.obstacle, 0);
    /// assert_eq!(nearest.separation.distance, 2.0);
    /// ```
    pub fn nearest_to_segment(
        &self,
        obstacles: &[D::Obstacle],
        edge: Segment<D::Point>,
    ) -> Option<Nearest<D::Point>> {
        self.search(
            obstacles,
            edge,
            f64::INFINITY,
            &mut None,
            &mut SearchStats::default(),
        )
    }

    /// As [`ObstacleIndex::nearest_to_segment`] (the same answer, ties
    /// included), starting from `hint`: a part measured before the walk,
    /// whose distance prunes it from the first box on. On return, `hint` is
    /// the part found nearest, the hint for a neighbouring edge. Only 3D
    /// levels take the hint ([`Dimension::HINTED`]); in 2D this is
    /// [`ObstacleIndex::nearest_to_segment`].
    pub(crate) fn nearest_to_segment_hinted(
        &self,
        obstacles: &[D::Obstacle],
        edge: Segment<D::Point>,
        hint: &mut Option<PartRef>,
    ) -> Option<Nearest<D::Point>> {
        if !D::HINTED {
            return self.nearest_to_segment(obstacles, edge);
        }
        self.search(
            obstacles,
            edge,
            f64::INFINITY,
            hint,
            &mut SearchStats::default(),
        )
    }

    /// The one search behind the public ones: the nearest obstacle within
    /// `cutoff`, starting from `hint` (updated to the part found nearest),
    /// its work counted in `stats`.
    fn search(
        &self,
        obstacles: &[D::Obstacle],
        edge: Segment<D::Point>,
        cutoff: f64,
        hint: &mut Option<PartRef>,
        stats: &mut SearchStats,
    ) -> Option<Nearest<D::Point>> {
        nearest::nearest_to_segment::<D>(
            &self.trees,
            &self.parts,
            obstacles,
            edge,
            cutoff,
            hint,
            stats,
            |_| true,
        )
    }

    /// The obstacle nearest to `edge` among those `alive` keeps (by their
    /// index), when it is within `cutoff` (infinity: any), as
    /// [`ObstacleIndex::nearest_within`] finds it over the obstacles that
    /// are kept: the same answer, ties included, as an index built over
    /// those alone. For a live level, whose removed obstacles stay in the
    /// index it was built with.
    pub(crate) fn nearest_among_alive(
        &self,
        obstacles: &[D::Obstacle],
        edge: Segment<D::Point>,
        cutoff: f64,
        alive: impl Fn(u32) -> bool + Copy,
    ) -> Option<Nearest<D::Point>> {
        nearest::nearest_to_segment::<D>(
            &self.trees,
            &self.parts,
            obstacles,
            edge,
            cutoff,
            &mut None,
            &mut SearchStats::default(),
            alive,
        )
    }

    /// The obstacle nearest to `edge` when it is at most `max_distance`
    /// away, else `None`: what [`ObstacleIndex::nearest_to_segment`] returns
    /// (the same obstacle, ties included, and the same witness) whenever that
    /// is that near. The search opens no box farther than `max_distance`, so
    /// asking "does anything come within r?" costs little when nothing does.
    pub(crate) fn nearest_within(
        &self,
        obstacles: &[D::Obstacle],
        edge: Segment<D::Point>,
        max_distance: f64,
    ) -> Option<Nearest<D::Point>> {
        self.search(
            obstacles,
            edge,
            max_distance,
            &mut None,
            &mut SearchStats::default(),
        )
    }

    /// As [`ObstacleIndex::nearest_within`], also counting the work done.
    #[cfg(test)]
    pub(crate) fn nearest_within_with_stats(
        &self,
        obstacles: &[D::Obstacle],
        edge: Segment<D::Point>,
        max_distance: f64,
        stats: &mut SearchStats,
    ) -> Option<Nearest<D::Point>> {
        self.search(obstacles, edge, max_distance, &mut None, stats)
    }

    /// As [`ObstacleIndex::nearest_to_segment`], also counting the work
    /// done (feature `test-twins`: for tests and benchmarks).
    #[cfg(any(test, feature = "test-twins"))]
    pub fn nearest_to_segment_with_stats(
        &self,
        obstacles: &[D::Obstacle],
        edge: Segment<D::Point>,
        stats: &mut SearchStats,
    ) -> Option<Nearest<D::Point>> {
        self.search(obstacles, edge, f64::INFINITY, &mut None, stats)
    }

    /// How many shards (separately bulk-loaded trees) the index has.
    #[cfg(test)]
    pub(crate) fn shard_count(&self) -> usize {
        self.trees.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nothing within 1.5 of the edge; the point 2 away within 2.
    #[test]
    fn nearest_within_opens_nothing_farther_than_asked() {
        let obstacles = vec![Obstacle::Point(Point::new(3.0, -2.0))];
        let index = ObstacleIndex::<Plane>::build(&obstacles);
        let edge = Segment::new(Point::new(0.0, 0.0), Point::new(5.0, 0.0));
        assert!(index.nearest_within(&obstacles, edge, 1.5).is_none());
        assert_eq!(
            index
                .nearest_within(&obstacles, edge, 2.0)
                .unwrap()
                .separation
                .distance,
            2.0
        );
    }
    use crate::geometry::{Circle, Polygon};
    use crate::obstacle::Obstacle;

    /// A deterministic scatter of every kind of obstacle.
    fn scatter(n: usize) -> Vec<Obstacle> {
        scatter_seeded(n, 0x9e37_79b9_7f4a_7c15)
    }

    /// The same from another (nonzero) seed.
    pub(super) fn scatter_seeded(n: usize, seed: u64) -> Vec<Obstacle> {
        let mut x = seed;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as f64 / (1u64 << 53) as f64 * 100.0
        };
        (0..n)
            .map(|i| {
                let p = Point::new(next(), next());
                match i % 4 {
                    0 => Obstacle::Point(p),
                    1 => Obstacle::Circle(Circle {
                        center: p,
                        radius: next() / 50.0,
                    }),
                    2 => Obstacle::Segment(Segment::new(
                        p,
                        Point::new(p.x + next() / 20.0, p.y - 1.0),
                    )),
                    // Triangles go into the index whole, thin diagonal
                    // slivers as their edges and interior.
                    _ if i % 8 == 3 => Obstacle::Polygon(
                        Polygon::new(vec![
                            p,
                            Point::new(p.x + 2.0, p.y),
                            Point::new(p.x, p.y + 1.5),
                        ])
                        .expect("a triangle"),
                    ),
                    _ => Obstacle::Polygon(
                        Polygon::new(vec![
                            p,
                            Point::new(p.x + 3.0, p.y + 3.0),
                            Point::new(p.x + 3.25, p.y + 3.0),
                            Point::new(p.x + 0.25, p.y),
                        ])
                        .expect("a sliver"),
                    ),
                }
            })
            .collect()
    }

    /// The obstacle (lowest index on ties) and separation measuring every
    /// obstacle finds.
    pub(super) fn brute_force(
        obstacles: &[Obstacle],
        edge: Segment,
    ) -> (usize, crate::geometry::Separation) {
        obstacles
            .iter()
            .enumerate()
            .map(|(i, o)| (i, o.separation_from(edge)))
            .fold(
                None,
                |acc: Option<(usize, crate::geometry::Separation)>, (i, s)| match acc {
                    Some((_, b)) if b.distance <= s.distance => acc,
                    _ => Some((i, s)),
                },
            )
            .expect("obstacles exist")
    }

    proptest::proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(64))]

        /// Any number of obstacles, cut into any number of buckets and
        /// shards (partly filled last buckets, one-bucket shards), answers
        /// as measuring every obstacle does.
        #[test]
        fn buckets_and_shards_match_brute_force(
            n in 1usize..700,
            seed in 1u64..u64::MAX,
            min_buckets in 1usize..40,
            ends in proptest::collection::vec((0.0..100.0f64, 0.0..100.0f64, 0.0..100.0f64, 0.0..100.0f64), 1..20),
        ) {
            let obstacles = scatter_seeded(n, seed);
            let index = ObstacleIndex::<Plane>::build_sharded(&obstacles, min_buckets);
            for (ax, ay, bx, by) in ends {
                let edge = Segment::new(Point::new(ax, ay), Point::new(bx, by));
                let best = index.nearest_to_segment(&obstacles, edge).expect("obstacles exist");
                let (i, brute) = brute_force(&obstacles, edge);
                proptest::prop_assert_eq!((best.obstacle, best.separation), (i, brute));
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(64))]

        /// The search with a cutoff returns what measuring every obstacle
        /// finds (obstacle, ties, witness) exactly when that is within the
        /// cutoff, and nothing otherwise: at cutoffs around the true
        /// distance, at it exactly, at 0 and at the f64 either side.
        #[test]
        fn the_bounded_search_matches_brute_force(
            n in 1usize..400,
            seed in 1u64..u64::MAX,
            min_buckets in 1usize..20,
            ends in proptest::collection::vec((0.0..100.0f64, 0.0..100.0f64, 0.0..100.0f64, 0.0..100.0f64), 1..12),
            scales in proptest::collection::vec(0.0..3.0f64, 1..4),
        ) {
            let obstacles = scatter_seeded(n, seed);
            let index = ObstacleIndex::<Plane>::build_sharded(&obstacles, min_buckets);
            for (ax, ay, bx, by) in ends {
                let edge = Segment::new(Point::new(ax, ay), Point::new(bx, by));
                let (i, brute) = brute_force(&obstacles, edge);
                let d = brute.distance;
                let mut cutoffs: Vec<f64> = scales.iter().map(|s| s * d).collect();
                cutoffs.extend([0.0, d, d.next_up(), d.next_down().max(0.0), f64::INFINITY]);
                for cutoff in cutoffs {
                    let found = index.nearest_within(&obstacles, edge, cutoff);
                    if d <= cutoff {
                        let found = found.expect("within the cutoff");
                        proptest::prop_assert_eq!((found.obstacle, found.separation), (i, brute));
                    } else {
                        proptest::prop_assert!(found.is_none(), "{:?} beyond {}", found, cutoff);
                    }
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(64))]

        /// The search that passes over the obstacles a live level removed
        /// answers as measuring every obstacle kept does (obstacle, ties,
        /// witness), within cutoffs around that answer and without one:
        /// the test of whether a part's obstacle is kept, asked only of
        /// parts near enough to be measured, leaves out exactly the others.
        #[test]
        fn the_search_among_the_alive_matches_brute_force_over_them(
            n in 1usize..400,
            seed in 1u64..u64::MAX,
            min_buckets in 1usize..20,
            dead_every in 1u32..5,
            ends in proptest::collection::vec((0.0..100.0f64, 0.0..100.0f64, 0.0..100.0f64, 0.0..100.0f64), 1..12),
        ) {
            let obstacles = scatter_seeded(n, seed);
            let index = ObstacleIndex::<Plane>::build_sharded(&obstacles, min_buckets);
            let alive = |i: u32| (i + seed as u32) % (dead_every + 1) != 0;
            // The kept obstacles with their indices in the map.
            let kept: Vec<(usize, &Obstacle)> = obstacles
                .iter()
                .enumerate()
                .filter(|&(i, _)| alive(i as u32))
                .collect();
            for (ax, ay, bx, by) in ends {
                let edge = Segment::new(Point::new(ax, ay), Point::new(bx, by));
                let brute = kept
                    .iter()
                    .map(|&(i, o)| (i, o.separation_from(edge)))
                    .fold(None, |acc: Option<(usize, crate::geometry::Separation)>, (i, s)| match acc {
                        Some((_, b)) if b.distance <= s.distance => acc,
                        _ => Some((i, s)),
                    });
                let d = brute.map_or(f64::INFINITY, |(_, s)| s.distance);
                for cutoff in [f64::INFINITY, d, d.next_down().max(0.0), d * 0.5, 0.0] {
                    let found = index
                        .nearest_among_alive(&obstacles, edge, cutoff, alive)
                        .map(|b| (b.obstacle, b.separation));
                    let expected = brute.filter(|(_, s)| s.distance <= cutoff);
                    proptest::prop_assert_eq!(found, expected, "cutoff {}", cutoff);
                }
            }
        }
    }

    /// A cutoff that is NaN admits nothing, as `d <= NaN` is false: the
    /// bounded walk finds nothing, rather than the unbounded search taking
    /// over.
    #[test]
    fn a_nan_cutoff_finds_nothing() {
        let obstacles = scatter(40);
        let index = ObstacleIndex::<Plane>::build(&obstacles);
        let edge = Segment::new(Point::new(10.0, 10.0), Point::new(60.0, 40.0));
        assert!(index.nearest_to_segment(&obstacles, edge).is_some());
        assert!(index.nearest_within(&obstacles, edge, f64::NAN).is_none());
        assert!(
            index
                .nearest_within(&obstacles, edge, f64::INFINITY)
                .is_some()
        );
    }

    /// Eight shards answer exactly as measuring every obstacle does.
    #[test]
    fn sharded_search_matches_brute_force() {
        let obstacles = scatter(400);
        // 100 points and 500 other parts (100 circles, 100 walls, 50
        // triangles whole, 50 slivers of 4 edges and an interior): 13 + 63
        // buckets, 8 shards of 9 or 10.
        let index = ObstacleIndex::<Plane>::build_sharded(&obstacles, 8);
        assert_eq!(index.shard_count(), 8);
        assert_eq!(index.part_count(), 100 + 100 + 100 + 50 + 5 * 50);
        let mut y = 1.0;
        for k in 0..200 {
            y = (y * 7.3 + 3.1) % 100.0;
            let edge = Segment::new(
                Point::new(k as f64 / 2.0, y),
                Point::new(100.0 - y, k as f64 / 3.0),
            );
            let best = index
                .nearest_to_segment(&obstacles, edge)
                .expect("obstacles exist");
            let (i, brute) = brute_force(&obstacles, edge);
            assert_eq!((best.obstacle, best.separation), (i, brute), "edge {k}");
        }
    }
}
