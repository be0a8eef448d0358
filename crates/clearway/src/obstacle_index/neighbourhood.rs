//! Bounded searches from many edges that lie close together, sharing one
//! walk of the tree.
//!
//! `check` asks, of every edge and node, whether anything comes within the
//! largest radius R. Edges and nodes come in file order, and neighbours in
//! the file are usually neighbours on the map (a generated grid's rows, a
//! tile level's cells). So a run of them shares one walk: the buckets that
//! may hold something within R of the box around the whole run are
//! gathered once, and each edge then tests only those, by the very test
//! its own walk would have opened them by. On a tile level that replaces
//! about ten tree nodes opened per edge (sixteen children tested in each)
//! by a short list.

use super::ObstacleIndex;
use super::bucket::Bucket;
use super::nearest::{Nearest, SearchStats, collect_near_buckets, nearest_among};
use crate::dimension::{Dimension, Plane};
use crate::geometry::Segment;
use rstar::{AABB, Envelope};

/// The buckets near one box, gathered for the edges inside it; reused
/// from one box to the next (it keeps its list's allocation).
pub(crate) struct Neighbourhood<'i, D: Dimension = Plane> {
    index: &'i ObstacleIndex<D>,
    /// The box the buckets were gathered around, and for which cutoff;
    /// `None` when there is no gathered list to use (nothing gathered yet,
    /// or too many buckets were that near).
    around: Option<(AABB<D::Point>, f64)>,
    buckets: Vec<&'i Bucket<D::Point>>,
}

impl<'i, D: Dimension> Neighbourhood<'i, D> {
    /// An empty neighbourhood in `index`: until [`Neighbourhood::gather`],
    /// every search walks the tree.
    pub fn new(index: &'i ObstacleIndex<D>) -> Self {
        Neighbourhood {
            index,
            around: None,
            buckets: Vec::new(),
        }
    }

    /// Gathers the buckets that may hold something within `cutoff` of the
    /// box `around`, unless there are more than `most` of them: then the
    /// box is too big to share, searches walk the tree, and this returns
    /// `false`.
    pub fn gather(&mut self, around: AABB<D::Point>, cutoff: f64, most: usize) -> bool {
        self.buckets.clear();
        self.around = None;
        // Only a finite, non-negative cutoff is shared; the bounded walk
        // handles the others itself.
        if !(0.0..f64::INFINITY).contains(&cutoff) {
            return false;
        }
        if collect_near_buckets::<D>(&self.index.trees, &around, cutoff, most, &mut self.buckets) {
            self.around = Some((around, cutoff));
            true
        } else {
            self.buckets.clear();
            false
        }
    }

    /// What [`ObstacleIndex::nearest_within`] returns for `edge` and
    /// `cutoff`, ties included. From the gathered buckets when `edge` lies
    /// inside the gathered box and `cutoff` is no larger than the one they
    /// were gathered for; by a walk of the tree otherwise.
    pub fn nearest_within(
        &self,
        obstacles: &[D::Obstacle],
        edge: Segment<D::Point>,
        cutoff: f64,
    ) -> Option<Nearest<D::Point>> {
        match &self.around {
            Some((around, gathered))
                if cutoff <= *gathered
                    && around.contains_envelope(&segment_envelope::<D>(edge)) =>
            {
                nearest_among::<D>(
                    &self.buckets,
                    &self.index.parts,
                    obstacles,
                    edge,
                    cutoff,
                    &mut SearchStats::default(),
                )
            }
            _ => self.index.nearest_within(obstacles, edge, cutoff),
        }
    }
}

/// The box around `edge` (its envelope, in rstar's word): what a shared
/// neighbourhood must contain to answer for the edge.
pub(crate) fn segment_envelope<D: Dimension>(edge: Segment<D::Point>) -> AABB<D::Point> {
    let (lower, upper) = D::segment_bounds(edge);
    AABB::from_corners(lower, upper)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{brute_force, scatter_seeded};
    use super::*;
    use crate::geometry::{Point, Polygon};
    use crate::obstacle::Obstacle;

    /// What the shared search must answer: the bounded walk's answer.
    fn walk(
        index: &ObstacleIndex,
        obstacles: &[Obstacle],
        edge: Segment,
        cutoff: f64,
    ) -> Option<Nearest> {
        index.nearest_within(obstacles, edge, cutoff)
    }

    proptest::proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(64))]

        /// Edges inside the gathered box, at the gathered cutoff and below,
        /// get the walk's answer (obstacle, ties, witness), which is brute
        /// force's within the cutoff; edges outside the box and larger
        /// cutoffs too (they walk the tree). Any cap on the buckets.
        #[test]
        fn shared_searches_answer_as_the_walk(
            n in 1usize..400,
            seed in 1u64..u64::MAX,
            min_buckets in 1usize..20,
            corner in (0.0..90.0f64, 0.0..90.0f64),
            size in (0.0..30.0f64, 0.0..30.0f64),
            gathered in proptest::prop_oneof![proptest::strategy::Just(0.0), 0.0..10.0f64],
            most in 0usize..100,
            ends in proptest::collection::vec((0.0..1.0f64, 0.0..1.0f64, 0.0..1.0f64, 0.0..1.0f64), 1..16),
            outside in proptest::collection::vec((0.0..100.0f64, 0.0..100.0f64, 0.0..100.0f64, 0.0..100.0f64), 0..4),
        ) {
            let obstacles = scatter_seeded(n, seed);
            let index = ObstacleIndex::<Plane>::build_sharded(&obstacles, min_buckets);
            let lower = Point::new(corner.0, corner.1);
            let upper = Point::new(corner.0 + size.0, corner.1 + size.1);
            let mut near = Neighbourhood::new(&index);
            near.gather(AABB::from_corners(lower, upper), gathered, most);
            let at = |u: f64, v: f64| Point::new(lower.x + u * size.0, lower.y + v * size.1);
            let edges = ends
                .iter()
                .map(|&(ax, ay, bx, by)| Segment::new(at(ax, ay), at(bx, by)))
                .chain(outside.iter().map(|&(ax, ay, bx, by)| {
                    Segment::new(Point::new(ax, ay), Point::new(bx, by))
                }));
            for edge in edges {
                let (i, brute) = brute_force(&obstacles, edge);
                let d = brute.distance;
                for cutoff in [gathered, gathered.next_down().max(0.0), gathered / 2.0, d, gathered * 2.0 + 1.0] {
                    let shared = near.nearest_within(&obstacles, edge, cutoff);
                    proptest::prop_assert_eq!(shared, walk(&index, &obstacles, edge, cutoff));
                    if d <= cutoff {
                        let shared = shared.expect("within the cutoff");
                        proptest::prop_assert_eq!((shared.obstacle, shared.separation), (i, brute));
                    }
                }
            }
        }
    }

    /// A tile level in miniature: unit squares on a grid as polygons, and
    /// edges between cell centres (rows, columns and diagonals). Every wall
    /// is exactly 0.5 from the edges along it, and diagonals touch corners,
    /// so ties are everywhere; the shared search breaks them as the walk.
    #[test]
    fn ties_on_a_tile_grid_go_as_the_walk() {
        let mut obstacles = Vec::new();
        for (x, y) in [(2, 2), (3, 2), (5, 4), (5, 5), (1, 6), (7, 1), (4, 7)] {
            let (x, y) = (f64::from(x), f64::from(y));
            obstacles.push(Obstacle::Polygon(
                Polygon::new(vec![
                    Point::new(x, y),
                    Point::new(x + 1.0, y),
                    Point::new(x + 1.0, y + 1.0),
                    Point::new(x, y + 1.0),
                ])
                .expect("a square"),
            ));
        }
        let index = ObstacleIndex::<Plane>::build(&obstacles);
        let centre = |x: i32, y: i32| Point::new(f64::from(x) + 0.5, f64::from(y) + 0.5);
        let mut edges = Vec::new();
        for y in 0..9 {
            for x in 0..9 {
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (-1, 1), (0, 0)] {
                    edges.push(Segment::new(centre(x, y), centre(x + dx, y + dy)));
                }
            }
        }
        let mut near = Neighbourhood::new(&index);
        let mut found = 0;
        for run in edges.chunks(8) {
            let around = run
                .iter()
                .map(|e| AABB::from_corners(e.a, e.b))
                .reduce(|a, b| a.merged(&b))
                .expect("a run of edges");
            assert!(near.gather(around, 0.5, 64));
            for &edge in run {
                for cutoff in [0.0, 0.5, 0.25] {
                    let shared = near.nearest_within(&obstacles, edge, cutoff);
                    assert_eq!(shared, walk(&index, &obstacles, edge, cutoff), "{edge:?}");
                    found += usize::from(shared.is_some());
                }
            }
        }
        // Touching corners (clearance 0) and walls at exactly 0.5.
        assert!(found > 50, "{found}");
    }

    /// No finite cutoff, no sharing: a NaN, negative or infinite cutoff
    /// gathers nothing, and searches walk the tree (a NaN finds nothing).
    #[test]
    fn only_a_finite_cutoff_is_shared() {
        let obstacles = scatter_seeded(50, 7);
        let index = ObstacleIndex::<Plane>::build(&obstacles);
        let mut near = Neighbourhood::new(&index);
        let bounds = AABB::from_corners(Point::new(0.0, 0.0), Point::new(100.0, 100.0));
        for cutoff in [f64::NAN, -1.0, f64::INFINITY] {
            assert!(!near.gather(bounds, cutoff, usize::MAX));
        }
        assert!(near.gather(bounds, 1.0, usize::MAX));
        assert!(!near.gather(bounds, 1.0, 3), "more than 3 buckets are near");
        let edge = Segment::new(Point::new(10.0, 10.0), Point::new(60.0, 40.0));
        assert!(near.nearest_within(&obstacles, edge, f64::NAN).is_none());
    }
}
