//! The obstacles of a 3D level, as validated domain values.

use crate::geometry::{AxisBox, Mesh, Point3, Segment, Sphere, Triangle};
use crate::obstacle::ObstacleKind;

/// One obstacle of a 3D level. Its identity is its index in the map's
/// obstacle list (file order, from 0), as in 2D.
#[derive(Clone, Debug, PartialEq)]
pub enum Obstacle3 {
    /// A point obstacle.
    Point(Point3),
    /// A solid ball.
    Sphere(Sphere),
    /// A wall or beam as a segment (zero length allowed).
    Segment(Segment<Point3>),
    /// A triangle surface (degenerate allowed).
    Triangle(Triangle),
    /// A solid axis-aligned box.
    Box(AxisBox),
    /// A triangle mesh, solid or not.
    Mesh(Mesh),
}

impl Obstacle3 {
    /// The obstacle's kind.
    pub fn kind(&self) -> ObstacleKind {
        match self {
            Obstacle3::Point(_) => ObstacleKind::Point,
            Obstacle3::Sphere(_) => ObstacleKind::Sphere,
            Obstacle3::Segment(_) => ObstacleKind::Segment,
            Obstacle3::Triangle(_) => ObstacleKind::Triangle,
            Obstacle3::Box(_) => ObstacleKind::Box,
            Obstacle3::Mesh(_) => ObstacleKind::Mesh,
        }
    }
}
