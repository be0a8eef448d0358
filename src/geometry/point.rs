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
    pub fn dot(self, other: Point) -> f64 {
        self.x * other.x + self.y * other.y
    }

    /// The z component of the cross product, treating both points as vectors.
    pub fn cross(self, other: Point) -> f64 {
        self.x * other.y - self.y * other.x
    }

    /// The squared length of this vector.
    pub fn length_2(self) -> f64 {
        self.dot(self)
    }

    /// The length of this vector, without overflow or underflow in the squares.
    pub fn length(self) -> f64 {
        self.x.hypot(self.y)
    }

    /// The Euclidean distance to another point.
    pub fn distance_to(self, other: Point) -> f64 {
        (self - other).length()
    }

    /// Whether both coordinates are finite (not NaN, not infinite).
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
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
