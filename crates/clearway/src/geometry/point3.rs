//! A position or a displacement in space, for 3D levels.

use std::ops::{Add, Mul, Sub};

/// A point (or a vector between two points) in the coordinates of a 3D
/// level. Which axis is up is the level's choice (`render --up`); the
/// clearance maths does not care.
///
/// ```
/// use clearway::geometry::Point3;
/// let d = Point3::new(3.0, 4.0, 12.0) - Point3::new(0.0, 0.0, 0.0);
/// assert_eq!(d.length(), 13.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point3 {
    /// The x coordinate.
    pub x: f64,
    /// The y coordinate.
    pub y: f64,
    /// The z coordinate.
    pub z: f64,
}

impl Point3 {
    /// Makes a point from its coordinates.
    pub const fn new(x: f64, y: f64, z: f64) -> Self {
        Self { x, y, z }
    }

    /// The dot product, treating both points as vectors.
    pub(crate) fn dot(self, other: Point3) -> f64 {
        self.x * other.x + self.y * other.y + self.z * other.z
    }

    /// The cross product, treating both points as vectors.
    pub(crate) fn cross(self, other: Point3) -> Point3 {
        Point3::new(
            self.y * other.z - self.z * other.y,
            self.z * other.x - self.x * other.z,
            self.x * other.y - self.y * other.x,
        )
    }

    /// The squared length of this vector.
    pub(crate) fn length_2(self) -> f64 {
        self.dot(self)
    }

    twin_pub! {
        /// The length of this vector, without overflow or underflow in the squares.
        fn length(self) -> f64 {
            self.x.hypot(self.y).hypot(self.z)
        }
    }

    /// The Euclidean distance to another point.
    pub fn distance_to(self, other: Point3) -> f64 {
        (self - other).length()
    }

    twin_pub! {
        /// Whether every coordinate is finite (not NaN, not infinite).
        fn is_finite(self) -> bool {
            self.x.is_finite() && self.y.is_finite() && self.z.is_finite()
        }
    }

    /// Coordinate `axis` (0 for x, 1 for y, anything else for z).
    pub(crate) fn nth(self, axis: usize) -> f64 {
        match axis {
            0 => self.x,
            1 => self.y,
            _ => self.z,
        }
    }
}

impl Add for Point3 {
    type Output = Point3;
    fn add(self, other: Point3) -> Point3 {
        Point3::new(self.x + other.x, self.y + other.y, self.z + other.z)
    }
}

impl Sub for Point3 {
    type Output = Point3;
    fn sub(self, other: Point3) -> Point3 {
        Point3::new(self.x - other.x, self.y - other.y, self.z - other.z)
    }
}

impl Mul<f64> for Point3 {
    type Output = Point3;
    fn mul(self, factor: f64) -> Point3 {
        Point3::new(self.x * factor, self.y * factor, self.z * factor)
    }
}

impl From<(f64, f64, f64)> for Point3 {
    fn from((x, y, z): (f64, f64, f64)) -> Self {
        Point3::new(x, y, z)
    }
}

impl From<Point3> for [f64; 3] {
    fn from(p: Point3) -> Self {
        [p.x, p.y, p.z]
    }
}

impl From<[f64; 3]> for Point3 {
    fn from([x, y, z]: [f64; 3]) -> Self {
        Point3::new(x, y, z)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_arithmetic_by_hand() {
        let (u, v) = (Point3::new(1.0, 2.0, 3.0), Point3::new(4.0, -5.0, 6.0));
        // 1*4 + 2*-5 + 3*6 = 12.
        assert_eq!(u.dot(v), 12.0);
        // (2*6 - 3*-5, 3*4 - 1*6, 1*-5 - 2*4) = (27, 6, -13).
        assert_eq!(u.cross(v), Point3::new(27.0, 6.0, -13.0));
        // 1 + 4 + 9 = 14.
        assert_eq!(u.length_2(), 14.0);
        // |(2, 3, 6)| = 7.
        assert_eq!(Point3::new(2.0, 3.0, 6.0).length(), 7.0);
        assert_eq!(u + v, Point3::new(5.0, -3.0, 9.0));
        assert_eq!(u - v, Point3::new(-3.0, 7.0, -3.0));
        assert_eq!(u * 2.0, Point3::new(2.0, 4.0, 6.0));
        assert_eq!((u.nth(0), u.nth(1), u.nth(2)), (1.0, 2.0, 3.0));
    }

    #[test]
    fn length_does_not_overflow_or_underflow() {
        assert_eq!(Point3::new(2e300, 3e300, 6e300).length(), 7e300);
        assert_eq!(Point3::new(2e-300, 3e-300, 6e-300).length(), 7e-300);
    }

    #[test]
    fn conversions_keep_the_coordinates() {
        let p = Point3::from((1.5, -2.5, 4.0));
        assert_eq!(<[f64; 3]>::from(p), [1.5, -2.5, 4.0]);
        assert_eq!(Point3::from([1.5, -2.5, 4.0]), p);
        assert!(p.is_finite());
        assert!(!Point3::new(0.0, 0.0, f64::NAN).is_finite());
    }
}
