//! Point in solid polygon, by the even-odd rule.

use super::orientation::{Orientation, orientation};
use super::segment_segment::on_segment;
use super::{Point, Polygon};

/// Whether `p` lies inside `polygon` or on its boundary (even-odd rule).
///
/// Exact: a point on any boundary edge is contained; otherwise a ray from `p`
/// towards +x is crossed against every edge `(u, v)` whose y-range straddles
/// `p.y` half-open (`(u.y > p.y) != (v.y > p.y)`), and whether the crossing
/// lies to the right of `p` is decided by the exact [`orientation`] of `p`
/// relative to the edge (left of an upward edge, right of a downward one).
/// Works for either winding, non-convex and self-intersecting outlines.
///
/// ```
/// use clearway::geometry::{Point, Polygon, polygon_contains};
/// let square = Polygon::new(vec![
///     Point::new(0.0, 0.0), Point::new(2.0, 0.0), Point::new(2.0, 2.0), Point::new(0.0, 2.0),
/// ]).unwrap();
/// assert!(polygon_contains(&square, Point::new(1.0, 1.0)));
/// assert!(polygon_contains(&square, Point::new(2.0, 1.0))); // on the boundary
/// assert!(!polygon_contains(&square, Point::new(3.0, 1.0)));
/// ```
pub fn polygon_contains(polygon: &Polygon, p: Point) -> bool {
    let mut inside = false;
    for e in polygon.edges() {
        if on_segment(p, e) {
            return true;
        }
        let (u, v) = (e.a, e.b);
        if (u.y > p.y) != (v.y > p.y) {
            let o = orientation(u, v, p);
            let right = if v.y > u.y {
                o == Orientation::CounterClockwise
            } else {
                o == Orientation::Clockwise
            };
            if right {
                inside = !inside;
            }
        }
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::shorthand::{p, pentagram};

    fn poly(v: &[(f64, f64)]) -> Polygon {
        Polygon::new(v.iter().map(|&q| Point::from(q)).collect()).expect("valid polygon")
    }

    #[test]
    fn square_both_windings() {
        let ccw = poly(&[(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]);
        let cw = poly(&[(0.0, 0.0), (0.0, 4.0), (4.0, 4.0), (4.0, 0.0)]);
        for sq in [&ccw, &cw] {
            assert!(polygon_contains(sq, p(2.0, 2.0)));
            assert!(polygon_contains(sq, p(0.0, 0.0))); // vertex
            assert!(polygon_contains(sq, p(4.0, 2.0))); // edge
            assert!(polygon_contains(sq, p(2.0, 4.0))); // top edge
            assert!(!polygon_contains(sq, p(5.0, 2.0)));
            assert!(!polygon_contains(sq, p(-1.0, 4.0))); // level with top edge
            assert!(!polygon_contains(sq, p(-1.0, 0.0))); // level with bottom
            assert!(!polygon_contains(sq, p(2.0, -1e-300)));
        }
    }

    #[test]
    fn ray_through_vertices() {
        // Diamond: the ray from (0,0) passes through the vertex (2,0).
        let d = poly(&[(2.0, 0.0), (0.0, 2.0), (-2.0, 0.0), (0.0, -2.0)]);
        assert!(polygon_contains(&d, p(0.0, 0.0)));
        assert!(!polygon_contains(&d, p(-3.0, 0.0)));
        assert!(!polygon_contains(&d, p(3.0, 0.0)));
    }

    #[test]
    fn u_shape_notch_is_outside() {
        // U: outer (0,0)-(6,0)-(6,6)-(4,6)-(4,2)-(2,2)-(2,6)-(0,6); notch x in (2,4), y > 2.
        let u = poly(&[
            (0.0, 0.0),
            (6.0, 0.0),
            (6.0, 6.0),
            (4.0, 6.0),
            (4.0, 2.0),
            (2.0, 2.0),
            (2.0, 6.0),
            (0.0, 6.0),
        ]);
        assert!(!polygon_contains(&u, p(3.0, 4.0)));
        assert!(polygon_contains(&u, p(1.0, 4.0)));
        assert!(polygon_contains(&u, p(5.0, 4.0)));
        assert!(polygon_contains(&u, p(3.0, 1.0)));
        assert!(polygon_contains(&u, p(3.0, 2.0))); // notch floor: boundary
    }

    #[test]
    fn pentagram_centre_is_outside_by_even_odd() {
        // A pentagram drawn as one self-intersecting outline visiting every
        // second vertex of a regular pentagon: the central pentagon is wound
        // twice, so even-odd leaves it outside; the points (tips) are inside.
        let star = poly(&pentagram());
        assert!(!polygon_contains(&star, p(0.0, 0.0)));
        assert!(polygon_contains(&star, p(0.0, 8.0))); // top tip
        assert!(!polygon_contains(&star, p(0.0, 11.0)));
    }

    #[test]
    fn bow_tie() {
        // (0,0)-(4,4)-(4,0)-(0,4): two triangles meeting at (2,2).
        let b = poly(&[(0.0, 0.0), (4.0, 4.0), (4.0, 0.0), (0.0, 4.0)]);
        assert!(polygon_contains(&b, p(0.5, 2.0)));
        assert!(polygon_contains(&b, p(3.5, 2.0)));
        assert!(polygon_contains(&b, p(2.0, 2.0))); // the crossing is on the boundary
        assert!(!polygon_contains(&b, p(2.0, 3.0)));
        assert!(!polygon_contains(&b, p(2.0, 1.0)));
    }

    #[test]
    fn far_from_origin_exact() {
        let o = 1e7;
        let tri = poly(&[(o, o), (o + 1.0, o), (o, o + 1.0)]);
        let ulp = 2f64.powi(-29);
        // The hypotenuse x + y = 2e7 + 1: a point one ulp outside it.
        assert!(polygon_contains(&tri, p(o + 0.5, o + 0.5)));
        assert!(!polygon_contains(&tri, p(o + 0.5, o + 0.5 + ulp)));
        assert!(polygon_contains(&tri, p(o + 0.5, o + 0.5 - ulp)));
    }
}
