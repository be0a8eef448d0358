//! A local origin for measuring a walking body far from the world's
//! origin.
//!
//! The body's core has corners `climb + r` and `height - r` above the
//! feet. At 1e7 a coordinate's last bit is about 2e-9, so corners computed
//! there would move the body by that much, more than the 1e-9 relative a
//! clearance of 0.5 may be off. So on an axis where the edge's start lies
//! beyond ±65536 the edge and the obstacles near it are measured from that
//! start: an obstacle within the body's reach is within a factor of two of
//! it there, so the difference is exact (Sterbenz), and the corners are
//! computed at the scale of the level's features. Nearer the origin
//! nothing moves, so no coordinate is ever rounded: touching is decided on
//! the coordinates as written.

use crate::geometry::{AxisBox, Point3, Segment, Separation, Sphere, Triangle};
use crate::obstacle_index::NearShape;

/// From which axis is a coordinate far enough to move.
const FAR: f64 = 65536.0;

/// A local origin: what is subtracted from every coordinate.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Local {
    origin: Point3,
}

impl Local {
    /// No move: the world's own coordinates.
    #[cfg(test)]
    pub(crate) const WORLD: Local = Local {
        origin: Point3::new(0.0, 0.0, 0.0),
    };

    /// The origin for measuring around `feet`.
    pub(crate) fn origin(feet: Segment<Point3>) -> Local {
        let at = |v: f64| if v.abs() >= FAR { v } else { 0.0 };
        Local {
            origin: Point3::new(at(feet.a.x), at(feet.a.y), at(feet.a.z)),
        }
    }

    /// A point, moved.
    pub(crate) fn point(&self, p: Point3) -> Point3 {
        p - self.origin
    }

    /// A point moved back to the world.
    pub(crate) fn point_back(&self, p: Point3) -> Point3 {
        p + self.origin
    }

    /// A segment, moved.
    pub(crate) fn segment(&self, s: Segment<Point3>) -> Segment<Point3> {
        Segment::new(self.point(s.a), self.point(s.b))
    }

    /// A shape, moved (a mesh's inside stays where it is: it is asked
    /// about a point moved back, see `Sweep::inside`).
    pub(crate) fn shape<'a>(&self, shape: &NearShape<'a>) -> NearShape<'a> {
        match *shape {
            NearShape::Point(p) => NearShape::Point(self.point(p)),
            NearShape::Sphere(s) => NearShape::Sphere(Sphere {
                center: self.point(s.center),
                radius: s.radius,
            }),
            NearShape::Segment(s) => NearShape::Segment(self.segment(s)),
            NearShape::Triangle(t) => NearShape::Triangle(Triangle {
                corners: t.corners.map(|c| self.point(c)),
            }),
            NearShape::Box(b) => NearShape::Box(AxisBox {
                min: self.point(b.min),
                max: self.point(b.max),
            }),
            NearShape::Inside(mesh) => NearShape::Inside(mesh),
        }
    }

    /// A separation measured here, its points moved back to the world.
    pub(crate) fn back(&self, s: Separation<Point3>) -> Separation<Point3> {
        Separation {
            distance: s.distance,
            edge_point: self.point_back(s.edge_point),
            obstacle_point: self.point_back(s.obstacle_point),
        }
    }
}
