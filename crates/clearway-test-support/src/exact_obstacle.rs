//! The exact twin (`exact.rs`) applied to clearway's own types: their
//! coordinates read out as plain tuples, then measured by the twin, which
//! shares no code with `src/`. Used by the tests and, by path, by the fuzz
//! targets (`fuzz/src/lib.rs`).

use clearway::Obstacle;
use clearway::geometry::{Point, Segment};

use super::exact::{P, Shape, exact_segment_shape_distance};

/// A point as a plain tuple.
pub fn tup(p: Point) -> P {
    (p.x, p.y)
}

/// A plain tuple as a point.
pub fn pt(p: P) -> Point {
    Point::new(p.0, p.1)
}

/// Two plain tuples as a segment.
pub fn seg(a: P, b: P) -> Segment {
    Segment::new(pt(a), pt(b))
}

/// A loaded obstacle as the twin's plain shape.
pub fn shape_of(o: &Obstacle) -> Shape {
    match o {
        Obstacle::Point(q) => Shape::Point(tup(*q)),
        Obstacle::Circle(c) => Shape::Circle(tup(c.center), c.radius),
        Obstacle::Segment(s) => Shape::Segment(tup(s.a), tup(s.b)),
        Obstacle::Polygon(poly) => {
            Shape::Polygon(poly.vertices().iter().map(|&v| tup(v)).collect())
        }
    }
}

/// The exact clearance between segment a-b and a loaded obstacle, and
/// whether it is exactly 0 (see [`exact_segment_shape_distance`]).
pub fn exact_segment_obstacle_distance(a: P, b: P, o: &Obstacle) -> (f64, bool) {
    exact_segment_shape_distance(a, b, &shape_of(o))
}
