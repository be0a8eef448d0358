//! The R-tree over every obstacle, and the search that runs on it.

use rstar::RTree;

use crate::geometry::{Point, Segment};
use crate::obstacle::Obstacle;

mod nearest;
mod part;
mod quick_distance;
mod segment_box;

pub use nearest::{Nearest, SearchStats};
use part::ObstaclePart;

/// An R-tree over the parts of every obstacle (polygons as their boundary
/// edges plus an interior part), searched by distance to a segment.
#[derive(Debug)]
pub struct ObstacleIndex {
    tree: RTree<ObstaclePart>,
}

impl ObstacleIndex {
    /// Builds the index over `obstacles` (bulk loaded).
    ///
    /// # Panics
    /// Never for a map that loaded: it holds fewer than 2^32 obstacles. More
    /// than that panics, as no 2^32-obstacle map fits a RON file anyway.
    pub fn build(obstacles: &[Obstacle]) -> Self {
        let mut parts = Vec::with_capacity(obstacles.len());
        for (i, obstacle) in obstacles.iter().enumerate() {
            let index = u32::try_from(i).expect("fewer than 2^32 obstacles");
            ObstaclePart::cut(index, obstacle, &mut parts);
        }
        ObstacleIndex {
            tree: RTree::bulk_load(parts),
        }
    }

    /// The number of indexed parts (a polygon of n vertices is n + 1 parts).
    pub fn part_count(&self) -> usize {
        self.tree.size()
    }

    /// The obstacle nearest to `edge`, exactly, with its witness points.
    /// `obstacles` must be the list the index was built from. `None` when
    /// there are no obstacles.
    ///
    /// ```
    /// use clearway::geometry::{Point, Segment};
    /// use clearway::obstacle_index::ObstacleIndex;
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
    pub fn nearest_to_segment(&self, obstacles: &[Obstacle], edge: Segment) -> Option<Nearest> {
        nearest::nearest_to_segment(&self.tree, obstacles, edge, &mut SearchStats::default())
    }

    /// As [`ObstacleIndex::nearest_to_segment`], also counting the work done.
    pub fn nearest_to_segment_with_stats(
        &self,
        obstacles: &[Obstacle],
        edge: Segment,
        stats: &mut SearchStats,
    ) -> Option<Nearest> {
        nearest::nearest_to_segment(&self.tree, obstacles, edge, stats)
    }

    /// The obstacle nearest to a point (a zero-length segment).
    pub fn nearest_to_point(&self, obstacles: &[Obstacle], p: Point) -> Option<Nearest> {
        self.nearest_to_segment(obstacles, Segment::new(p, p))
    }
}
