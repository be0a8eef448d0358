//! The R-tree over every obstacle, and the searches that run on it.

use crate::obstacle::Obstacle;

/// An R-tree over the parts of every obstacle.
#[derive(Debug)]
pub struct ObstacleIndex {}

impl ObstacleIndex {
    /// Builds the index over `obstacles`.
    pub fn build(obstacles: &[Obstacle]) -> Self {
        let _ = obstacles;
        ObstacleIndex {}
    }
}
