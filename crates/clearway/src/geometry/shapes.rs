//! The shapes clearway measures against: segments, circles and polygons.

use super::{Point, Point3};

/// A straight segment from `a` to `b`. A zero-length segment is a point.
///
/// Generic over the point type: `Segment` is a segment in the plane,
/// `Segment<Point3>` one in space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment<P = Point> {
    /// The start point.
    pub a: P,
    /// The end point.
    pub b: P,
}

impl<P: Copy> Segment<P> {
    /// Makes a segment from its two end points.
    pub const fn new(a: P, b: P) -> Self {
        Self { a, b }
    }

    twin_pub! {
        /// The same segment, walked the other way.
        fn reversed(&self) -> Segment<P> {
            Segment::new(self.b, self.a)
        }
    }
}

impl Segment {
    /// The segment's length.
    pub fn length(&self) -> f64 {
        self.a.distance_to(self.b)
    }
}

impl Segment<Point3> {
    /// The segment's length.
    pub fn length(&self) -> f64 {
        self.a.distance_to(self.b)
    }
}

/// A solid disc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Circle {
    /// The centre.
    pub center: Point,
    /// The radius, finite and >= 0.
    pub radius: f64,
}

/// A solid polygon, read by the even-odd rule; either winding, convex or not.
///
/// The outline is implicitly closed: the last vertex joins the first. A
/// repeated closing vertex is dropped when the polygon is made.
#[derive(Clone, Debug, PartialEq)]
pub struct Polygon {
    vertices: Vec<Point>,
}

impl Polygon {
    /// Makes a polygon from its outline, dropping a repeated closing vertex.
    ///
    /// Returns `None` when the outline has fewer than 3 distinct vertices.
    ///
    /// ```
    /// use clearway::geometry::{Point, Polygon};
    /// let square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.0, 0.0)];
    /// let poly = Polygon::new(square.iter().map(|&p| Point::from(p)).collect()).unwrap();
    /// assert_eq!(poly.vertices().len(), 4);
    /// assert!(Polygon::new(vec![Point::new(0.0, 0.0), Point::new(1.0, 1.0)]).is_none());
    /// ```
    pub fn new(mut vertices: Vec<Point>) -> Option<Self> {
        if vertices.len() > 1 && vertices.first() == vertices.last() {
            vertices.pop();
        }
        if count_distinct(&vertices) < 3 {
            return None;
        }
        Some(Self { vertices })
    }

    /// The outline's vertices, without a repeated closing vertex.
    pub fn vertices(&self) -> &[Point] {
        &self.vertices
    }

    /// The outline's edges, the closing edge last.
    pub fn edges(&self) -> impl Iterator<Item = Segment> + '_ {
        let n = self.vertices.len();
        (0..n).map(move |i| Segment::new(self.vertices[i], self.vertices[(i + 1) % n]))
    }
}

/// Counts distinct points, stopping early at 3 (all a polygon needs).
pub(crate) fn count_distinct(points: &[Point]) -> usize {
    let mut seen: Vec<Point> = Vec::with_capacity(3);
    for &p in points {
        if !seen.contains(&p) {
            seen.push(p);
            if seen.len() == 3 {
                break;
            }
        }
    }
    seen.len()
}
