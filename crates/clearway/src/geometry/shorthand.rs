//! Short constructors for the plane kernels' unit tests, so that a case
//! reads as its coordinates: `p(1.0, 2.0)`, `seg((0.0, 0.0), (4.0, 0.0))`.

use super::{Point, Segment};

/// The point (x, y).
pub(crate) fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

/// The segment from `a` to `b`.
pub(crate) fn seg(a: (f64, f64), b: (f64, f64)) -> Segment {
    Segment::new(a.into(), b.into())
}

/// A pentagram of circumradius 10 about the origin, drawn as one
/// self-intersecting outline through every second vertex of a regular
/// pentagon (the first at the top): its central pentagon is wound twice.
pub(crate) fn pentagram() -> Vec<(f64, f64)> {
    (0..5)
        .map(|i| {
            let a = std::f64::consts::FRAC_PI_2 + (i * 2) as f64 * 2.0 * std::f64::consts::PI / 5.0;
            (10.0 * a.cos(), 10.0 * a.sin())
        })
        .collect()
}
