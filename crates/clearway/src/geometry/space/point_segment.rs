//! Point to segment in space: the clamped projection.
//!
//! The closest point of segment `ab` to `p` is `a + t (b - a)` with
//! `t = dot(p - a, b - a) / dot(b - a, b - a)` clamped to [0, 1], the
//! vectors taken relative to the local origin `a` (so coordinates of 1e6 or
//! 1e7 lose nothing; each difference is kept exactly, as a rounded part and
//! its remainder) and scaled by a power of two (see [`super::precise`]):
//!
//! * the branch is chosen by the exact signs of `dot(p - a, b - a)` and
//!   `dot(p - b, a - b)` (a non-positive one means that endpoint is closest);
//! * at an endpoint, the distance is `hypot` of the difference vector;
//! * in the interior, it is `|(b - a) × (p - a)| / |b - a|`, the cross product
//!   summed exactly per component and rounded once;
//! * a point that lies on the segment (decided exactly) is at distance 0, and
//!   one off it never is.
//!
//! The same branch and formulas in plain `f64` decide first
//! ([`super::fast::point_segment`]), taken whenever their proven error
//! bound is within 2^-36 relative; the exact path above is the rest.
//!
//! Never `sqrt(|ap|^2 - proj^2)`: that cancels and can go negative. A
//! zero-length segment is a point. The endpoints are put in a canonical
//! order first, so reversing the segment gives bit-for-bit the same answer.

use super::fast;
use super::precise::{Dd3, clamp_to_box, cross, dot, max_abs, scale};
use super::predicates::on_segment;
use crate::geometry::precise::ldexp;
use crate::geometry::{Point3, Segment, Separation};

/// The smallest positive `f64`, reported instead of a distance that would
/// round to 0 although the shapes do not meet.
pub(crate) const TINIEST: f64 = 5e-324;

/// The point of `seg` closest to `p`: the clamped projection, rounded and
/// kept within the segment's bounding box; an endpoint exactly when it is
/// the closest point, `p` itself when `p` lies on the segment. Equal to
/// `segment_to_point(seg, p).edge_point`.
///
/// ```
/// use clearway::geometry::{Point3, Segment, space::closest_point_on_segment};
/// // The segment (0,0,0)-(5,0,0) and p = (3,0,-2): dot(p - a, b - a) = 15,
/// // |b - a|^2 = 25, t = 15/25 = 0.6, so the closest point is (3,0,0).
/// let s = Segment::new(Point3::new(0.0, 0.0, 0.0), Point3::new(5.0, 0.0, 0.0));
/// assert_eq!(closest_point_on_segment(s, Point3::new(3.0, 0.0, -2.0)), Point3::new(3.0, 0.0, 0.0));
/// // Beyond b, t = 40/25 clamps to 1: the end (5,0,0), not "no point".
/// assert_eq!(closest_point_on_segment(s, Point3::new(8.0, 1.0, 0.0)), Point3::new(5.0, 0.0, 0.0));
/// ```
#[cfg(any(test, feature = "test-twins"))]
pub fn closest_point_on_segment(seg: Segment<Point3>, p: Point3) -> Point3 {
    point_segment(p, seg).1
}

/// The separation between an edge and an obstacle point.
///
/// `edge_point` is the closest point of the edge
/// ([`closest_point_on_segment`]), `obstacle_point` is `p`. The distance is
/// 0 exactly when `p` lies on the edge (then `edge_point` is `p`).
///
/// ```
/// use clearway::geometry::{Point3, Segment, space::segment_to_point};
/// // Edge (0,0,0)-(4,0,0), p = (2,3,4): t = 8/16 = 0.5, foot (2,0,0),
/// // distance |(0,3,4)| = 5.
/// let edge = Segment::new(Point3::new(0.0, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0));
/// let s = segment_to_point(edge, Point3::new(2.0, 3.0, 4.0));
/// assert_eq!(s.distance, 5.0);
/// assert_eq!(s.edge_point, Point3::new(2.0, 0.0, 0.0));
/// assert_eq!(s.obstacle_point, Point3::new(2.0, 3.0, 4.0));
/// ```
pub fn segment_to_point(edge: Segment<Point3>, p: Point3) -> Separation<Point3> {
    let (distance, edge_point) = point_segment(p, edge);
    Separation {
        distance,
        edge_point,
        obstacle_point: p,
    }
}

/// The distance from `p` to `seg` and the closest point of the segment.
pub(crate) fn point_segment(p: Point3, seg: Segment<Point3>) -> (f64, Point3) {
    let (a, b) = canonical(seg.a, seg.b);
    // Plain f64 where its proven bound allows (`fast3.rs`): within 2^-36
    // relative, and never 0.
    if let Some((d, c)) = fast::point_segment(p, a, b) {
        if d.accepted() {
            return (d.value, c);
        }
    }
    let (mut d, c) = core(p, a, b);
    // A point on the segment can only come out within rounding of it: confirm
    // small answers exactly.
    if d <= ldexp(max_abs(&[a, b, p]), -40) {
        if on_segment(p, Segment::new(a, b)) {
            return (0.0, p);
        }
        if d == 0.0 {
            d = TINIEST;
        }
    }
    (d, c)
}

/// The endpoints in a fixed order (lexicographic on the bit-exact total
/// order), so the result does not depend on the direction.
pub(crate) fn canonical(a: Point3, b: Point3) -> (Point3, Point3) {
    let order =
        a.x.total_cmp(&b.x)
            .then(a.y.total_cmp(&b.y))
            .then(a.z.total_cmp(&b.z));
    match order {
        std::cmp::Ordering::Greater => (b, a),
        _ => (a, b),
    }
}

fn core(p: Point3, a: Point3, b: Point3) -> (f64, Point3) {
    let mut v = [Dd3::between(a, b), Dd3::between(a, p), Dd3::between(b, p)];
    let k = scale(&mut v);
    let [ab, ap, bp] = v;
    if ab.is_zero() {
        return (p.distance_to(a), a);
    }
    let dot_a = dot(ap, ab);
    if dot_a.signum() <= 0 {
        return (p.distance_to(a), a);
    }
    if dot(bp, ab).signum() >= 0 {
        return (p.distance_to(b), b);
    }
    let len = ab.hi.length();
    let distance = ldexp(cross(ab, ap).length() / len, -k);
    // Dividing twice keeps the quotient clear of underflow in len^2.
    let t = (dot_a.estimate() / len / len).clamp(0.0, 1.0);
    let closest = a + (b - a) * t;
    (distance, clamp_to_box(closest, a, b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::space::shorthand::p;

    #[test]
    fn worked_example_interior() {
        // Edge (1,1,0)-(5,2,0), point (3,3,0): the 2D sample lifted into
        // space. ab = (4,1,0), ap = (2,2,0), cross = (0,0,6), d = 6/sqrt(17);
        // t = 10/17, foot (57/17, 27/17, 0).
        let s = segment_to_point(
            Segment::new(p(1.0, 1.0, 0.0), p(5.0, 2.0, 0.0)),
            p(3.0, 3.0, 0.0),
        );
        let expected = 6.0 / 17f64.sqrt();
        assert!((s.distance - expected).abs() <= 2.0 * f64::EPSILON * expected);
        assert!((s.edge_point.x - 57.0 / 17.0).abs() < 1e-15);
        assert!((s.edge_point.y - 27.0 / 17.0).abs() < 1e-15);
    }

    #[test]
    fn endpoints_zero_length_and_on_segment() {
        let e = Segment::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 4.0));
        // Below a: (3,0,-4) is |(3,0,-4)| = 5 from a.
        assert_eq!(point_segment(p(3.0, 0.0, -4.0), e), (5.0, p(0.0, 0.0, 0.0)));
        assert_eq!(point_segment(p(0.0, 3.0, 8.0), e), (5.0, p(0.0, 0.0, 4.0)));
        assert_eq!(point_segment(p(0.0, 0.0, 1.5), e), (0.0, p(0.0, 0.0, 1.5)));
        let dot = Segment::new(p(1.0, 1.0, 1.0), p(1.0, 1.0, 1.0));
        // (4,5,1) - (1,1,1) = (3,4,0): 5.
        assert_eq!(
            point_segment(p(4.0, 5.0, 1.0), dot),
            (5.0, p(1.0, 1.0, 1.0))
        );
    }

    #[test]
    fn far_from_origin_keeps_precision() {
        // The diagonal from (1e7,1e7,1e7) to (1e7+2, 1e7+2, 1e7+2) and a point
        // one ulp (2^-29) off its middle in z: the distance is
        // |ab × ap| / |ab| = 2^-29 * sqrt(8) / sqrt(12) = 2^-29 * sqrt(2/3).
        let h = 1e7;
        let ulp = 2f64.powi(-29);
        let e = Segment::new(p(h, h, h), p(h + 2.0, h + 2.0, h + 2.0));
        let d = point_segment(p(h + 1.0, h + 1.0, h + 1.0 + ulp), e).0;
        let expected = ulp * (2.0f64 / 3.0).sqrt();
        assert!((d - expected).abs() <= 4.0 * f64::EPSILON * expected, "{d}");
        assert_eq!(point_segment(p(h + 1.0, h + 1.0, h + 1.0), e).0, 0.0);
    }

    #[test]
    fn reversal_is_bit_identical() {
        let e = Segment::new(p(0.1, 0.7, -2.2), p(3.3, -1.9, 0.4));
        let q = p(1.234, 0.567, 9.1);
        assert_eq!(segment_to_point(e, q), segment_to_point(e.reversed(), q));
    }
}
