//! A position or a displacement in the plane.

use std::ops::{Add, Mul, Sub};

/// A point (or a vector between two points) in level coordinates, y up.
///
/// ```
/// use clearway::geometry::Point;
/// let d = Point::new(4.0, 6.0) - Point::new(1.0, 2.0);
/// assert_eq!(d.length(), 5.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    /// The x coordinate.
    pub x: f64,
    /// The y coordinate (up).
    pub y: f64,
}

impl Point {
    /// Makes a point from its coordinates.
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    /// The dot product, treating both points as vectors.
    pub(crate) fn dot(self, other: Point) -> f64 {
        self.x * other.x + self.y * other.y
    }

    /// The z component of the cross product, treating both points as vectors.
    #[cfg(test)]
    pub(crate) fn cross(self, other: Point) -> f64 {
        self.x * other.y - self.y * other.x
    }

    /// The squared length of this vector.
    pub(crate) fn length_2(self) -> f64 {
        self.dot(self)
    }

    twin_pub! {
        /// The length of this vector, without overflow or underflow in the squares.
        fn length(self) -> f64 {
            self.x.hypot(self.y)
        }
    }

    /// The Euclidean distance to another point.
    pub fn distance_to(self, other: Point) -> f64 {
        (self - other).length()
    }

    twin_pub! {
        /// Whether both coordinates are finite (not NaN, not infinite).
        fn is_finite(self) -> bool {
            self.x.is_finite() && self.y.is_finite()
        }
    }
}

impl Add for Point {
    type Output = Point;
    fn add(self, other: Point) -> Point {
        Point::new(self.x + other.x, self.y + other.y)
    }
}

impl Sub for Point {
    type Output = Point;
    fn sub(self, other: Point) -> Point {
        Point::new(self.x - other.x, self.y - other.y)
    }
}

impl Mul<f64> for Point {
    type Output = Point;
    fn mul(self, factor: f64) -> Point {
        Point::new(self.x * factor, self.y * factor)
    }
}

impl From<(f64, f64)> for Point {
    fn from((x, y): (f64, f64)) -> Self {
        Point::new(x, y)
    }
}

impl From<Point> for [f64; 2] {
    fn from(p: Point) -> Self {
        [p.x, p.y]
    }
}

impl From<[f64; 2]> for Point {
    fn from([x, y]: [f64; 2]) -> Self {
        Point::new(x, y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_arithmetic_by_hand() {
        let (u, v) = (Point::new(3.0, 4.0), Point::new(-2.0, 5.0));
        // 3 * -2 + 4 * 5 = 14; 3 * 5 - 4 * -2 = 23, and the other way -23.
        assert_eq!(u.dot(v), 14.0);
        assert_eq!(u.cross(v), 23.0);
        assert_eq!(v.cross(u), -23.0);
        // |(3,4)| = 5; |(3,4) - (-2,5)| = |(5,-1)| = sqrt(26).
        assert_eq!(u.length_2(), 25.0);
        assert_eq!(u.length(), 5.0);
        assert_eq!(u.distance_to(v), 26f64.sqrt());
        assert_eq!(u + v, Point::new(1.0, 9.0));
        assert_eq!(u - v, Point::new(5.0, -1.0));
        assert_eq!(u * 2.0, Point::new(6.0, 8.0));
    }

    #[test]
    fn length_does_not_overflow_or_underflow() {
        // The squares would overflow (1e300^2) or underflow (1e-300^2).
        assert_eq!(Point::new(3e300, 4e300).length(), 5e300);
        assert_eq!(Point::new(3e-300, 4e-300).length(), 5e-300);
    }

    #[test]
    fn conversions_keep_the_coordinates() {
        let p = Point::from((1.5, -2.5));
        assert_eq!((p.x, p.y), (1.5, -2.5));
        assert_eq!(<[f64; 2]>::from(p), [1.5, -2.5]);
        assert_eq!(Point::from([1.5, -2.5]), p);
        assert!(p.is_finite());
        assert!(!Point::new(f64::NAN, 0.0).is_finite());
        assert!(!Point::new(0.0, f64::INFINITY).is_finite());
    }
}
