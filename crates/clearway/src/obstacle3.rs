//! The obstacles of a 3D level, as validated domain values.

use crate::geometry::{AxisBox, Mesh, Point3, Segment, Separation, Sphere, Triangle, space};
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

    /// The separation between `edge` (a node is a zero-length edge) and this
    /// obstacle: the direct dispatch to the 3D kernel, one function per
    /// shape. The obstacle index is tested against this.
    ///
    /// ```
    /// use clearway::geometry::{Point3, Segment, Sphere};
    /// use clearway::Obstacle3;
    /// let edge = Segment::new(Point3::new(0.0, 0.0, 0.0), Point3::new(10.0, 0.0, 0.0));
    /// // Point (3,4,0): 4 above the edge's point (3,0,0).
    /// assert_eq!(Obstacle3::Point(Point3::new(3.0, 4.0, 0.0)).separation_from(edge).distance, 4.0);
    /// // A ball of radius 1 around the same point: 4 - 1 = 3.
    /// let ball = Obstacle3::Sphere(Sphere { center: Point3::new(3.0, 4.0, 0.0), radius: 1.0 });
    /// assert_eq!(ball.separation_from(edge).distance, 3.0);
    /// ```
    pub fn separation_from(&self, edge: Segment<Point3>) -> Separation<Point3> {
        match self {
            Obstacle3::Point(p) => space::segment_to_point(edge, *p),
            Obstacle3::Sphere(s) => space::segment_to_sphere(edge, *s),
            Obstacle3::Segment(w) => space::segment_to_segment(edge, *w),
            Obstacle3::Triangle(t) => space::segment_to_triangle(edge, *t),
            Obstacle3::Box(b) => space::segment_to_box(edge, *b),
            Obstacle3::Mesh(m) => space::segment_to_mesh(edge, m),
        }
    }
}
