//! Point to segment: the clamped projection.
//!
//! The closest point of segment `ab` to `p` is `a + t (b - a)` with
//! `t = dot(p - a, b - a) / dot(b - a, b - a)` clamped to [0, 1]. The
//! distance is computed so that it stays accurate *relative to itself*, even
//! for nearly collinear points far from the origin:
//!
//! * the branch is chosen by the exact signs of `dot(p - a, b - a)` and
//!   `dot(p - b, a - b)` (a non-positive one means that endpoint is closest);
//! * at an endpoint, the distance is `hypot` of the correctly rounded
//!   difference vector;
//! * in the interior, it is `|cross(b - a, p - a)| / |b - a|`, the cross
//!   product evaluated exactly from the exact coordinate differences
//!   (see [`super::precise`]) and rounded once.
//!
//! Never `sqrt(|ap|^2 - e^2 / |ab|^2)`: that cancels catastrophically and can
//! go negative. A zero-length segment is a point; nothing divides by zero.
//!
//! The segment is put in a canonical direction first, so reversing it gives
//! bit-for-bit the same answer.

use super::orientation::{Orientation, orientation};
use super::precise::{DdVec, exponent, ldexp};
use super::segment_segment::on_segment;
use super::small_grid::on_small_grid;
use super::{Point, Segment, Separation};

/// The smallest positive `f64`, reported instead of a distance that would
/// underflow to 0 although the point is off the segment.
const TINIEST: f64 = 5e-324;

/// Coordinates beyond this are scaled down first so differences cannot
/// overflow.
const HUGE: f64 = 1e300;
const HUGE_SCALE: i32 = -64;

/// The point of `segment` closest to `p`.
///
/// It is the clamped projection of `p` onto the segment, rounded, and always
/// within the segment's bounding box; an endpoint is returned exactly when it
/// is the closest point, and `p` itself when `p` lies on the segment. Equal to `segment_to_point(segment, p).edge_point`.
///
/// ```
/// use clearway::geometry::{Point, Segment, closest_point_on_segment};
/// let s = Segment::new(Point::new(0.0, 0.0), Point::new(5.0, 0.0));
/// assert_eq!(closest_point_on_segment(Point::new(3.0, -2.0), s), Point::new(3.0, 0.0));
/// assert_eq!(closest_point_on_segment(Point::new(8.0, 4.0), s), Point::new(5.0, 0.0));
/// ```
#[cfg(any(test, feature = "test-twins"))]
pub fn closest_point_on_segment(p: Point, segment: Segment) -> Point {
    point_segment(p, segment).1
}

/// The separation between an edge and an obstacle point.
///
/// `edge_point` is the closest point of the edge ([`closest_point_on_segment`]),
/// `obstacle_point` is `p` itself. The distance is 0 exactly when `p` lies on
/// the edge, and then `edge_point` is `p` too.
///
/// ```
/// use clearway::geometry::{Point, Segment, segment_to_point};
/// let edge = Segment::new(Point::new(0.0, 0.0), Point::new(5.0, 0.0));
/// let s = segment_to_point(edge, Point::new(8.0, 4.0));
/// assert_eq!(s.distance, 5.0);
/// assert_eq!(s.edge_point, Point::new(5.0, 0.0));
/// ```
pub fn segment_to_point(edge: Segment, p: Point) -> Separation {
    let (distance, edge_point) = point_segment(p, edge);
    Separation {
        distance,
        edge_point,
        obstacle_point: p,
    }
}

/// The distance from `p` to `segment` and the closest point of the segment.
pub(crate) fn point_segment(p: Point, segment: Segment) -> (f64, Point) {
    point_segment_by(p, segment, point_segment_core)
}

/// [`point_segment`] for coordinates known not to lie on one small grid
/// (`small_grid.rs`) as a whole, so that their test is not repeated: the
/// exact kernel alone, the same answer (it is exact for any coordinates).
pub(crate) fn point_segment_off_grid(p: Point, segment: Segment) -> (f64, Point) {
    point_segment_by(p, segment, point_segment_exact)
}

/// [`point_segment`] with the given kernel for coordinates whose
/// differences cannot overflow.
#[inline(always)]
fn point_segment_by(
    p: Point,
    segment: Segment,
    core: fn(Point, Point, Point) -> (f64, Point),
) -> (f64, Point) {
    let (a, b) = canonical(segment.a, segment.b);
    let m = [a.x, a.y, b.x, b.y, p.x, p.y]
        .iter()
        .fold(0.0_f64, |m, v| m.max(v.abs()));
    if m > HUGE {
        // Differences of such coordinates may overflow: work on a scaled copy
        // (exact, bar subnormal crumbs) and scale the answer back. The
        // crumbs can move p onto or off the segment, so whether it is on it
        // is decided on the originals (exactly).
        if on_segment(p, Segment::new(a, b)) {
            return (0.0, p);
        }
        let s = |q: Point| Point::new(ldexp(q.x, HUGE_SCALE), ldexp(q.y, HUGE_SCALE));
        let (d, c) = core(s(p), s(a), s(b));
        let c = Point::new(ldexp(c.x, -HUGE_SCALE), ldexp(c.y, -HUGE_SCALE));
        return (ldexp(d, -HUGE_SCALE).max(TINIEST), clamp_to_box(c, a, b));
    }
    let (d, c) = core(p, a, b);
    // Bringing the vectors near 1 scales them down when the coordinates are
    // large, which can flush a subnormal crumb of a difference (a point
    // 5e-324 below an endpoint at 4.7e7 then looks past the endpoint, 5e-324
    // from it). Such an answer is that tiny: confirm it exactly.
    if d > 0.0 && d <= ldexp(m, -1000) && on_segment(p, Segment::new(a, b)) {
        return (0.0, p);
    }
    (d, c)
}

/// [`point_segment`] for coordinates known to lie on a small grid
/// (`small_grid.rs`), the same answer to the bit: such coordinates are
/// never huge, and the distance of a point off the segment is at least
/// 2^-26 of the grid's spacing, far above the tiny answers `point_segment`
/// confirms exactly.
pub(crate) fn point_segment_on_small_grid(p: Point, segment: Segment) -> (f64, Point) {
    let (a, b) = canonical(segment.a, segment.b);
    point_segment_on_grid(p, a, b)
}

/// The segment's endpoints in a fixed order (lexicographic on the bit-exact
/// total order), so the result does not depend on the direction.
fn canonical(a: Point, b: Point) -> (Point, Point) {
    match a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)) {
        std::cmp::Ordering::Greater => (b, a),
        _ => (a, b),
    }
}

/// `point_segment` for coordinates whose differences cannot overflow.
fn point_segment_core(p: Point, a: Point, b: Point) -> (f64, Point) {
    if on_small_grid(&[p.x, p.y, a.x, a.y, b.x, b.y]) {
        point_segment_on_grid(p, a, b)
    } else {
        point_segment_exact(p, a, b)
    }
}

/// [`point_segment_exact`] for coordinates on a small grid (tile levels),
/// in plain `f64`, with the same result to the bit.
///
/// Why the same: on such a grid every difference is exact (`small_grid.rs`),
/// so each [`DdVec`] there has a zero `lo` and its `hi` is the plain
/// difference; scaling by `2^k` is exact; and each dot or cross product
/// there is a sum of two products of scaled differences, which is exact
/// too. An [`super::precise::Expansion`] holding an exact sum that is itself
/// an `f64` ends as that one component (the two-sum's error is 0), so its
/// sign and estimate are those of the plain expression below. An exact zero
/// cross product means collinear, as the exact orientation would confirm.
/// Every other step (the lengths, the quotients, the closest point) is the
/// same `f64` operation on the same values.
fn point_segment_on_grid(p: Point, a: Point, b: Point) -> (f64, Point) {
    let ab = b - a;
    let ap = p - a;
    if ab.x == 0.0 && ab.y == 0.0 {
        return (ap.length(), a);
    }
    let bp = p - b;
    // DdVec::scale_all: the largest component to [1, 2).
    let m = [ab.x, ab.y, ap.x, ap.y, bp.x, bp.y]
        .iter()
        .fold(0.0_f64, |m, v| m.max(v.abs()));
    let k = -exponent(m);
    let scaled = |v: Point| Point::new(ldexp(v.x, k), ldexp(v.y, k));
    let (ab_s, ap_s, bp_s) = (scaled(ab), scaled(ap), scaled(bp));
    let dot_a = ap_s.x * ab_s.x + ap_s.y * ab_s.y;
    if dot_a <= 0.0 {
        return (ap.length(), a);
    }
    if bp_s.x * -ab_s.x + bp_s.y * -ab_s.y <= 0.0 {
        return (bp.length(), b);
    }
    let cross = ab_s.x * ap_s.y - ab_s.y * ap_s.x;
    if cross == 0.0 {
        return (0.0, p);
    }
    let len = ab_s.length();
    let mut distance = ldexp(cross.abs() / len, -k);
    if distance == 0.0 {
        distance = TINIEST;
    }
    let t = (dot_a / len / len).clamp(0.0, 1.0);
    let closest = Point::new(a.x + ab.x * t, a.y + ab.y * t);
    (distance, clamp_to_box(closest, a, b))
}

/// `point_segment` for coordinates whose differences cannot overflow, with
/// exact signs and products for any such coordinates.
fn point_segment_exact(p: Point, a: Point, b: Point) -> (f64, Point) {
    let ab = DdVec::between(a, b);
    let ap = DdVec::between(a, p);
    if ab.is_zero() {
        return (ap.rounded().length(), a);
    }
    let bp = DdVec::between(b, p);
    let mut v = [ab, ap, bp];
    let k = DdVec::scale_all(&mut v);
    let [ab_s, ap_s, bp_s] = v;
    let dot_a = ap_s.dot(ab_s);
    if dot_a.signum() <= 0 {
        return (ap.rounded().length(), a);
    }
    if bp_s.dot(ab_s.neg()).signum() <= 0 {
        return (bp.rounded().length(), b);
    }
    // Interior: perpendicular distance |cross(ab, ap)| / |ab|, all scaled by
    // 2^k (the ratio is scaled once by 2^k).
    let cross = ab_s.cross(ap_s);
    if cross.signum() == 0 && orientation(a, b, p) == Orientation::Collinear {
        // Collinear and between the endpoints: p is on the segment. (The
        // scaled cross product can underflow to 0 when coordinates of very
        // different magnitudes meet, say 2^-1074 next to 1: the exact
        // orientation decides; off the line, the distance below is then 0
        // and reported as the tiniest positive one.)
        return (0.0, p);
    }
    let len = ab_s.rounded().length();
    let mut distance = ldexp(cross.estimate().abs() / len, -k);
    if distance == 0.0 {
        // p is off the segment, but the distance underflows.
        distance = TINIEST;
    }
    // len > 0 here (a zero ab would have taken the first branch); dividing
    // twice keeps the quotient clear of underflow in len^2.
    let t = (dot_a.estimate() / len / len).clamp(0.0, 1.0);
    let d = ab.rounded();
    let closest = Point::new(a.x + d.x * t, a.y + d.y * t);
    (distance, clamp_to_box(closest, a, b))
}

/// Clamps `c` into the bounding box of `a` and `b`.
pub(crate) fn clamp_to_box(c: Point, a: Point, b: Point) -> Point {
    Point::new(
        c.x.clamp(a.x.min(b.x), a.x.max(b.x)),
        c.y.clamp(a.y.min(b.y), a.y.max(b.y)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::shorthand::{p, seg};
    use crate::geometry::small_grid::tile_coordinates;

    proptest::proptest! {
        #![proptest_config(clearway_test_support::proptest_config::seeded_filtered(4096, 17))]

        /// On a small grid, the plain-f64 path gives the exact path's answer
        /// to the bit: distance and closest point.
        #[test]
        fn on_grid_is_bit_identical_to_the_exact_path(
            c in tile_coordinates(6),
            same in 0usize..8,
        ) {
            let (mut q, a, mut b) = (p(c[0], c[1]), p(c[2], c[3]), p(c[4], c[5]));
            match same {
                0 => b = a,                       // a point
                1 => q = a,                       // at an end
                2 => b = p(b.x, a.y),             // horizontal
                3 => b = p(a.x, b.y),             // vertical
                4 => b = p(a.x + (b.y - a.y), b.y), // diagonal
                _ => {}
            }
            let on_grid = on_small_grid(&[q.x, q.y, a.x, a.y, b.x, b.y]);
            // Offsets 1e7 with unit 2^-20 are too fine: the exact path alone.
            proptest::prop_assume!(on_grid);
            let (d, c) = point_segment_on_grid(q, a, b);
            let (d_exact, c_exact) = point_segment_exact(q, a, b);
            proptest::prop_assert_eq!(d.to_bits(), d_exact.to_bits());
            proptest::prop_assert_eq!((c.x.to_bits(), c.y.to_bits()), (c_exact.x.to_bits(), c_exact.y.to_bits()));
        }
    }

    #[test]
    fn closest_point_scaled_back_near_the_top_of_the_range() {
        // Above 1e300 the work is done on a copy scaled by 2^-64 and the
        // closest point scaled back. (3e307, 1e307) is 1e307 above the
        // segment from the origin to (1e308, 0), over (3e307, 0).
        let (d, c) = point_segment(p(3e307, 1e307), seg((0.0, 0.0), (1e308, 0.0)));
        assert!((d - 1e307).abs() <= 1e-12 * 1e307, "{d}");
        assert!((c.x - 3e307).abs() <= 1e-12 * 3e307, "{c:?}");
        assert_eq!(c.y, 0.0);
        // Both coordinates scaled back: (0, 1e308) projects onto the
        // diagonal y = x at (5e307, 5e307), 1e308 / sqrt(2) away.
        let (d, c) = point_segment(p(0.0, 1e308), seg((0.0, 0.0), (1e308, 1e308)));
        assert!((d - 1e308 / 2f64.sqrt()).abs() <= 1e-12 * 1e308, "{d}");
        for v in [c.x, c.y] {
            assert!((v - 5e307).abs() <= 1e-12 * 5e307, "{c:?}");
        }
    }

    #[test]
    fn worked_example_interior() {
        // Edge (1,1)-(5,2), point (3,3):
        //   ab = (4,1), ap = (2,2), dot(ap,ab) = 8+2 = 10, |ab|^2 = 17,
        //   t = 10/17, closest = (1 + 40/17, 1 + 10/17) = (57/17, 27/17),
        //   p - closest = (51/17 - 57/17, 51/17 - 27/17) = (-6/17, 24/17),
        //   d^2 = (36 + 576) / 289 = 612/289 = 36/17.
        // Via the cross product: cross(ab, ap) = 4*2 - 1*2 = 6, d = 6/sqrt(17).
        let s = segment_to_point(seg((1.0, 1.0), (5.0, 2.0)), p(3.0, 3.0));
        let expected = (36.0_f64 / 17.0).sqrt();
        assert!((s.distance - expected).abs() <= 2.0 * f64::EPSILON * expected);
        assert!((s.edge_point.x - 57.0 / 17.0).abs() < 1e-15);
        assert!((s.edge_point.y - 27.0 / 17.0).abs() < 1e-15);
        assert_eq!(s.obstacle_point, p(3.0, 3.0));
    }

    #[test]
    fn worked_example_perpendicular_foot() {
        // Edge (0,0)-(5,0), point (3,-2): t = 3/5, foot (3,0), distance 2.
        let s = segment_to_point(seg((0.0, 0.0), (5.0, 0.0)), p(3.0, -2.0));
        assert_eq!(s.distance, 2.0);
        assert_eq!(s.edge_point, p(3.0, 0.0));
    }

    #[test]
    fn worked_example_endpoint() {
        // Edge (0,0)-(5,0), point (8,4): dot(p-b, a-b) = (3,4).(-5,0) = -15 <= 0,
        // so the closest point is b = (5,0); distance |(3,4)| = 5.
        let s = segment_to_point(seg((0.0, 0.0), (5.0, 0.0)), p(8.0, 4.0));
        assert_eq!(s.distance, 5.0);
        assert_eq!(s.edge_point, p(5.0, 0.0));
        // Behind a: (-3,-4) -> a = (0,0), distance 5.
        let s = segment_to_point(seg((0.0, 0.0), (5.0, 0.0)), p(-3.0, -4.0));
        assert_eq!(s.distance, 5.0);
        assert_eq!(s.edge_point, p(0.0, 0.0));
    }

    #[test]
    fn zero_length_edge_is_a_point() {
        // Point edge (1,1) to (4,5): |(3,4)| = 5, no division by zero.
        let s = segment_to_point(seg((1.0, 1.0), (1.0, 1.0)), p(4.0, 5.0));
        assert_eq!(s.distance, 5.0);
        assert_eq!(s.edge_point, p(1.0, 1.0));
        let s = segment_to_point(seg((1.0, 1.0), (1.0, 1.0)), p(1.0, 1.0));
        assert_eq!(s.distance, 0.0);
    }

    #[test]
    fn point_on_segment_is_exactly_zero() {
        let s = segment_to_point(seg((0.0, 0.0), (3.0, 3.0)), p(1.0, 1.0));
        assert_eq!(s.distance, 0.0);
        assert_eq!(s.edge_point, p(1.0, 1.0));
        // Far from the origin, still exactly collinear: 0.
        let s = segment_to_point(
            seg((1e7, 1e7), (1e7 + 4.0, 1e7 + 2.0)),
            p(1e7 + 2.0, 1e7 + 1.0),
        );
        assert_eq!(s.distance, 0.0);
    }

    #[test]
    fn near_collinear_far_from_origin_keeps_precision() {
        // The edge from (1e7, 1e7) to (1e7 + 2, 1e7 + 2) and a point one ulp
        // (2^-29) above its middle: the exact distance is 2^-29 / sqrt(2).
        let ulp = 2f64.powi(-29);
        let edge = seg((1e7, 1e7), (1e7 + 2.0, 1e7 + 2.0));
        let s = segment_to_point(edge, p(1e7 + 1.0, 1e7 + 1.0 + ulp));
        let expected = ulp / 2f64.sqrt();
        assert!((s.distance - expected).abs() <= 4.0 * f64::EPSILON * expected);
    }

    #[test]
    fn underflowing_cross_product_is_not_a_touch() {
        // Found by fuzzing: the edge (0,0)-(2^-1074, 1) and the point
        // (0, 0.5): the cross product 2^-1075 underflows, yet the point is
        // off the edge, so the distance is not 0.
        let t = f64::from_bits(1);
        let s = segment_to_point(seg((0.0, 0.0), (t, 1.0)), p(0.0, 0.5));
        assert!(s.distance > 0.0, "{s:?}");
        let s = segment_to_point(seg((0.0, 0.0), (2.0 * t, 1.0)), p(t, 0.5));
        assert_eq!(s.distance, 0.0, "{s:?}");
    }

    #[test]
    fn subnormal_crumb_below_an_endpoint_is_on_the_segment() {
        // Found by fuzzing: the edge x = -47370962.84375 from y = -47370962.84375
        // to y = 0, and the point one subnormal below its top end, on it.
        let x = -47370962.84375;
        let tiny = f64::from_bits(1);
        let s = segment_to_point(seg((x, x), (x, 0.0)), p(x, -tiny));
        assert_eq!(s.distance, 0.0, "{s:?}");
        assert_eq!(s.edge_point, p(x, -tiny));
        // Just above the end it is off the edge, by 5e-324.
        let s = segment_to_point(seg((x, x), (x, 0.0)), p(x, tiny));
        assert_eq!(s.distance, tiny, "{s:?}");
    }

    #[test]
    fn subnormal_crumbs_next_to_huge_coordinates() {
        // Found by fuzzing: a point 5.5e-322 off a wall whose other end is at
        // -2e304. Scaling by 2^-64 (to keep differences finite) flushed the
        // 5.5e-322 to 0 and the point was taken to lie on the wall.
        let y = -112.0 * f64::from_bits(1);
        let wall = seg((-1.9889857552117793e304, y), (0.93, 3.0));
        let s = segment_to_point(wall, p(-1.9889857552117793e304, 0.0));
        assert!(s.distance > 0.0, "{s:?}");
        assert_eq!(segment_to_point(wall, wall.a).distance, 0.0);
    }

    #[test]
    fn reversal_is_bit_identical() {
        let e = seg((0.1, 0.7), (3.3, -1.9));
        let q = p(1.234, 0.567);
        let s1 = segment_to_point(e, q);
        let s2 = segment_to_point(e.reversed(), q);
        assert_eq!(s1, s2);
    }

    #[test]
    fn extreme_magnitudes_never_nan() {
        for &scale in &[1e-300, 1e-310, 1e12, 1e300, f64::MAX / 4.0] {
            let e = seg((-scale, 0.0), (scale, scale));
            for q in [
                p(0.0, scale),
                p(scale, -scale),
                p(-scale, -scale),
                p(0.0, 0.0),
            ] {
                let s = segment_to_point(e, q);
                assert!(
                    !s.distance.is_nan() && s.distance >= 0.0,
                    "{scale} {q:?} {s:?}"
                );
                assert!(s.edge_point.is_finite());
            }
        }
        // Tiny: (0, 2e-300) above the edge (-1e-300,0)-(1e-300,0): 2e-300.
        let s = segment_to_point(seg((-1e-300, 0.0), (1e-300, 0.0)), p(0.0, 2e-300));
        assert_eq!(s.distance, 2e-300);
        // Huge: the whole range of f64.
        let s = segment_to_point(seg((-f64::MAX, 0.0), (f64::MAX, 0.0)), p(0.0, f64::MAX));
        assert_eq!(s.distance, f64::MAX);
        assert_eq!(s.edge_point, p(0.0, 0.0));
    }
}
