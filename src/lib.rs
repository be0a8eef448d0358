//! clearway: can an agent of radius r travel along each edge of a path
//! network without touching an obstacle?

pub mod geometry;
pub mod map;
pub mod obstacle;
pub mod obstacle_index;

pub use map::{Agent, Edge, Map, Node};
pub use obstacle::{Obstacle, ObstacleKind};
