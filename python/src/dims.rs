//! The two dimensions of a level, as numpy sees them: a position is a row
//! of 2 or 3 float64s.

use clearway::geometry::{Point, Point3};
use clearway::render::Flatten;
use clearway::{Map, Plane, Space};

/// What the bindings need of a dimension beyond the library's own traits:
/// how its points become array rows and back.
pub trait Dim: Flatten + Send + Sync + 'static {
    /// Coordinates per position.
    const N: usize;
    /// Appends `p`'s coordinates to `out`.
    fn push(p: Self::Point, out: &mut Vec<f64>);
    /// The point of one array row of `N` coordinates.
    fn point(row: &[f64]) -> Self::Point;
    /// A map of this dimension as a level of either.
    fn level(map: Map<Self>) -> crate::level::Inner;
}

impl Dim for Plane {
    const N: usize = 2;
    fn push(p: Point, out: &mut Vec<f64>) {
        out.extend([p.x, p.y]);
    }
    fn point(row: &[f64]) -> Point {
        Point::new(row[0], row[1])
    }
    fn level(map: Map<Plane>) -> crate::level::Inner {
        crate::level::Inner::Plane(crate::measured::Measured::new(map))
    }
}

impl Dim for Space {
    const N: usize = 3;
    fn push(p: Point3, out: &mut Vec<f64>) {
        out.extend([p.x, p.y, p.z]);
    }
    fn point(row: &[f64]) -> Point3 {
        Point3::new(row[0], row[1], row[2])
    }
    fn level(map: Map<Space>) -> crate::level::Inner {
        crate::level::Inner::Space(crate::measured::Measured::new(map))
    }
}
