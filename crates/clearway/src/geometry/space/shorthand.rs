//! Short constructors for the 3D kernels' unit tests, so that a case reads
//! as its coordinates: `p(1.0, 2.0, 3.0)`, `seg((0.0, 0.0, 0.0), (4.0, 0.0, 0.0))`.

use crate::geometry::{Point3, Segment};

/// The point (x, y, z).
pub(crate) fn p(x: f64, y: f64, z: f64) -> Point3 {
    Point3::new(x, y, z)
}

/// The segment from `a` to `b`.
pub(crate) fn seg(a: (f64, f64, f64), b: (f64, f64, f64)) -> Segment<Point3> {
    Segment::new(a.into(), b.into())
}
