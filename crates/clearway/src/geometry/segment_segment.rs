//! Segment to segment.
//!
//! Two closed segments either share a point (decided exactly with
//! [`orientation`]) and are 0 apart, or they are disjoint and their distance
//! is attained at an endpoint of one of them: the minimum of the four
//! endpoint-to-segment distances.

use super::orientation::{Orientation, adaptive_orientation, grid_orientation, orientation};
use super::point_segment::{clamp_to_box, point_segment_off_grid, point_segment_on_small_grid};
use super::precise::{DdVec, ldexp};
use super::small_grid::on_small_grid;
use super::{Point, Segment, Separation};

/// Whether two closed segments share at least one point (exact).
///
/// Endpoints count, collinear overlaps count, and a zero-length segment is a
/// point (it intersects a segment exactly when it lies on it).
///
/// ```
/// use clearway::geometry::{Point, Segment, segments_intersect};
/// let s = |a: (f64, f64), b: (f64, f64)| Segment::new(a.into(), b.into());
/// assert!(segments_intersect(s((0.0, 0.0), (2.0, 2.0)), s((0.0, 2.0), (2.0, 0.0))));
/// assert!(segments_intersect(s((0.0, 0.0), (1.0, 0.0)), s((1.0, 0.0), (1.0, 5.0))));
/// assert!(!segments_intersect(s((0.0, 0.0), (1.0, 0.0)), s((2.0, 0.0), (3.0, 0.0))));
/// ```
pub fn segments_intersect(s: Segment, t: Segment) -> bool {
    intersection_point(s, t).is_some()
}

/// The separation between an edge and a wall segment.
///
/// * If they intersect, the distance is exactly 0 and both witness points are
///   one common point: the first of `edge.a`, `edge.b`, `wall.a`, `wall.b`
///   that lies on the other segment (touches and collinear overlaps), or else
///   the computed crossing point (rounded, clamped into both segments'
///   bounding boxes).
/// * Otherwise the distance is the minimum of the four endpoint-to-segment
///   distances, with the witness points of the winning pair (`edge_point` on
///   the edge, `obstacle_point` on the wall). Exact ties go to the first in
///   the order edge.a–wall, edge.b–wall, wall.a–edge, wall.b–edge.
///
/// ```
/// use clearway::geometry::{Point, Segment, segment_to_segment};
/// let s = |a: (f64, f64), b: (f64, f64)| Segment::new(a.into(), b.into());
/// let sep = segment_to_segment(s((0.0, 0.0), (4.0, 0.0)), s((1.0, 3.0), (3.0, 5.0)));
/// assert_eq!(sep.distance, 3.0);
/// assert_eq!(sep.edge_point, Point::new(1.0, 0.0));
/// assert_eq!(sep.obstacle_point, Point::new(1.0, 3.0));
/// ```
pub fn segment_to_segment(edge: Segment, wall: Segment) -> Separation {
    // One test for the whole pair (tile levels): then every orientation is
    // a plain determinant and every distance the plain-f64 kernel, each the
    // same answer as the exact path (small_grid.rs).
    let grid = on_small_grid(&[
        edge.a.x, edge.a.y, edge.b.x, edge.b.y, wall.a.x, wall.a.y, wall.b.x, wall.b.y,
    ]);
    segment_to_segment_by(edge, wall, grid)
}

/// [`segment_to_segment`] by the grid kernels (`grid`: only for coordinates
/// on a small grid) or the exact ones (for any).
fn segment_to_segment_by(edge: Segment, wall: Segment, grid: bool) -> Separation {
    // Off the grid, the exact kernels directly: the parts' own grid tests
    // would only repeat this one's work (and they are exact either way).
    let touch = if grid {
        intersection_point_with(edge, wall, grid_orientation)
    } else {
        intersection_point_with(edge, wall, adaptive_orientation)
    };
    if let Some(x) = touch {
        return Separation {
            distance: 0.0,
            edge_point: x,
            obstacle_point: x,
        };
    }
    nearest_end_pair(edge, wall, |q, other| {
        if grid {
            point_segment_on_small_grid(q, other)
        } else {
            point_segment_off_grid(q, other)
        }
    })
}

/// The nearest of the four pairs an end point of one segment makes with
/// the other segment, in either dimension: `edge.a` and `edge.b` against
/// `wall`, then `wall.a` and `wall.b` against `edge`, the first strictly
/// least winning. `point_segment(q, s)` is the distance from `q` to `s`
/// and the point of `s` nearest `q`. For segments that do not meet, this is
/// their separation unless the closest pair is inside both (3D only).
pub(crate) fn nearest_end_pair<P: Copy>(
    edge: Segment<P>,
    wall: Segment<P>,
    point_segment: impl Fn(P, Segment<P>) -> (f64, P),
) -> Separation<P> {
    let candidates = [
        (edge.a, wall, true),
        (edge.b, wall, true),
        (wall.a, edge, false),
        (wall.b, edge, false),
    ];
    let mut best: Option<Separation<P>> = None;
    for (q, other, q_on_edge) in candidates {
        let (distance, c) = point_segment(q, other);
        if best.is_none_or(|b| distance < b.distance) {
            let (edge_point, obstacle_point) = if q_on_edge { (q, c) } else { (c, q) };
            best = Some(Separation {
                distance,
                edge_point,
                obstacle_point,
            });
        }
    }
    // Four candidates were considered, so `best` is set.
    best.unwrap_or(Separation {
        distance: 0.0,
        edge_point: edge.a,
        obstacle_point: wall.a,
    })
}

/// Whether `q`, known to be collinear with `s`, lies within `s`'s bounding
/// box (and therefore on `s`).
fn within_box(q: Point, s: Segment) -> bool {
    q.x >= s.a.x.min(s.b.x)
        && q.x <= s.a.x.max(s.b.x)
        && q.y >= s.a.y.min(s.b.y)
        && q.y <= s.a.y.max(s.b.y)
}

/// Whether `q` lies on the closed segment `s` (exact).
pub(crate) fn on_segment(q: Point, s: Segment) -> bool {
    within_box(q, s) && orientation(s.a, s.b, q) == Orientation::Collinear
}

/// A common point of two closed segments, or `None` when they are disjoint.
///
/// Shared endpoints are preferred (in the order s.a, s.b, t.a, t.b), so the
/// point is exact whenever one segment touches the other; a proper crossing
/// gets its computed (rounded) crossing point.
pub(crate) fn intersection_point(s: Segment, t: Segment) -> Option<Point> {
    intersection_point_with(s, t, orientation)
}

/// [`intersection_point`] with the given orientation predicate.
fn intersection_point_with(
    s: Segment,
    t: Segment,
    orientation: impl Fn(Point, Point, Point) -> Orientation,
) -> Option<Point> {
    let o1 = orientation(t.a, t.b, s.a);
    let o2 = orientation(t.a, t.b, s.b);
    let o3 = orientation(s.a, s.b, t.a);
    let o4 = orientation(s.a, s.b, t.b);
    use Orientation::Collinear;
    if o1 == Collinear && within_box(s.a, t) {
        return Some(s.a);
    }
    if o2 == Collinear && within_box(s.b, t) {
        return Some(s.b);
    }
    if o3 == Collinear && within_box(t.a, s) {
        return Some(t.a);
    }
    if o4 == Collinear && within_box(t.b, s) {
        return Some(t.b);
    }
    let straddles = |x: Orientation, y: Orientation| x != Collinear && y != Collinear && x != y;
    if straddles(o1, o2) && straddles(o3, o4) {
        return Some(crossing_point(s, t));
    }
    None
}

/// The crossing point of two properly crossing segments (not parallel):
/// `s.a + u (s.b - s.a)` with `u = cross(t.a - s.a, q) / cross(r, q)`,
/// `r = s.b - s.a`, `q = t.b - t.a`, both crosses evaluated exactly and
/// rounded, then clamped into both bounding boxes.
fn crossing_point(s: Segment, t: Segment) -> Point {
    let m = [s.a.x, s.a.y, s.b.x, s.b.y, t.a.x, t.a.y, t.b.x, t.b.y]
        .iter()
        .fold(0.0_f64, |m, v| m.max(v.abs()));
    // Keep the differences finite for coordinates near f64::MAX.
    let k0 = if m > 1e300 { -64 } else { 0 };
    let sc = |p: Point| Point::new(ldexp(p.x, k0), ldexp(p.y, k0));
    let (sa, sb, ta, tb) = (sc(s.a), sc(s.b), sc(t.a), sc(t.b));
    let r = DdVec::between(sa, sb);
    let mut v = [r, DdVec::between(ta, tb), DdVec::between(sa, ta)];
    DdVec::scale_all(&mut v);
    let [r_s, q_s, w_s] = v;
    let num = w_s.cross(q_s).estimate();
    let den = r_s.cross(q_s).estimate();
    let u = if den != 0.0 {
        (num / den).clamp(0.0, 1.0)
    } else {
        0.5
    };
    let u = if u.is_nan() { 0.5 } else { u };
    let d = r.rounded();
    let x = Point::new(sa.x + d.x * u, sa.y + d.y * u);
    let x = Point::new(ldexp(x.x, -k0), ldexp(x.y, -k0));
    // Into the intersection of the two bounding boxes (non-empty: they cross).
    let x = clamp_to_box(x, s.a, s.b);
    clamp_to_box(x, t.a, t.b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::shorthand::{p, seg};
    use crate::geometry::small_grid::tile_coordinates;

    proptest::proptest! {
        #![proptest_config(clearway_test_support::proptest_config::seeded_filtered(4096, 17))]

        /// On a small grid, the grid kernels give the exact kernels' answer
        /// to the bit: touching corners, collinear overlaps, equal distances.
        #[test]
        fn on_grid_is_bit_identical_to_the_exact_path(c in tile_coordinates(8), same in 0usize..8) {
            let mut e = seg((c[0], c[1]), (c[2], c[3]));
            let mut w = seg((c[4], c[5]), (c[6], c[7]));
            match same {
                0 => w.a = e.b,                                             // a shared corner
                1 => w = seg((e.a.x, e.a.y), (2.0 * e.b.x - e.a.x, 2.0 * e.b.y - e.a.y)), // collinear
                2 => e.b = p(e.a.x + (e.b.y - e.a.y), e.b.y),               // diagonal edge
                3 => w.b = p(w.b.x, w.a.y),                                 // horizontal wall
                4 => w = seg((w.a.x, e.a.y + 1.0), (w.b.x, e.a.y + 1.0)),   // parallel, tied
                5 => e.b = e.a,                                             // a point edge
                _ => {}
            }
            let coords = [e.a.x, e.a.y, e.b.x, e.b.y, w.a.x, w.a.y, w.b.x, w.b.y];
            proptest::prop_assume!(on_small_grid(&coords));
            let bits = |s: Separation| {
                [s.distance, s.edge_point.x, s.edge_point.y, s.obstacle_point.x, s.obstacle_point.y]
                    .map(f64::to_bits)
            };
            proptest::prop_assert_eq!(
                bits(segment_to_segment_by(e, w, true)),
                bits(segment_to_segment_by(e, w, false))
            );
        }
    }

    #[test]
    fn crossing_gives_zero_at_the_crossing_point() {
        // (0,0)-(4,4) and (0,4)-(4,0) cross at (2,2).
        let s = segment_to_segment(seg((0.0, 0.0), (4.0, 4.0)), seg((0.0, 4.0), (4.0, 0.0)));
        assert_eq!(s.distance, 0.0);
        assert_eq!(s.edge_point, p(2.0, 2.0));
        assert_eq!(s.obstacle_point, p(2.0, 2.0));
        // (0,0)-(3,0) and (1,-1)-(2,2): the wall is x = 1 + (y+1)/3, at y=0
        // x = 4/3.
        let s = segment_to_segment(seg((0.0, 0.0), (3.0, 0.0)), seg((1.0, -1.0), (2.0, 2.0)));
        assert_eq!(s.distance, 0.0);
        assert!((s.edge_point.x - 4.0 / 3.0).abs() < 1e-15);
        assert_eq!(s.edge_point.y, 0.0);
    }

    #[test]
    fn parallel_walls() {
        // Edge (0,0)-(4,0), wall (1,3)-(3,3): parallel, 3 apart. Candidates:
        // edge.a->wall = |(0,0)-(1,3)| = sqrt(10), edge.b->wall = sqrt(10),
        // wall.a->edge = 3 at (1,0), wall.b->edge = 3 at (3,0): first 3 wins.
        let s = segment_to_segment(seg((0.0, 0.0), (4.0, 0.0)), seg((1.0, 3.0), (3.0, 3.0)));
        assert_eq!(s.distance, 3.0);
        assert_eq!(s.edge_point, p(1.0, 0.0));
        assert_eq!(s.obstacle_point, p(1.0, 3.0));
        // Offset parallel: wall (6,4)-(9,4) beyond b: |(6,4)-(4,0)| = sqrt(20).
        let s = segment_to_segment(seg((0.0, 0.0), (4.0, 0.0)), seg((6.0, 4.0), (9.0, 4.0)));
        assert_eq!(s.distance, 20.0_f64.sqrt());
        assert_eq!(s.edge_point, p(4.0, 0.0));
        assert_eq!(s.obstacle_point, p(6.0, 4.0));
    }

    #[test]
    fn collinear_overlap_and_disjoint() {
        // Overlap [2,4] of (0,0)-(4,0) and (2,0)-(6,0): first shared endpoint
        // in the order edge.a, edge.b, wall.a, wall.b is edge.b = (4,0).
        let s = segment_to_segment(seg((0.0, 0.0), (4.0, 0.0)), seg((2.0, 0.0), (6.0, 0.0)));
        assert_eq!(s.distance, 0.0);
        assert_eq!(s.edge_point, p(4.0, 0.0));
        // Wall inside the edge: wall.a = (1,0) is the first endpoint on the other.
        let s = segment_to_segment(seg((0.0, 0.0), (4.0, 0.0)), seg((1.0, 0.0), (2.0, 0.0)));
        assert_eq!(s.distance, 0.0);
        assert_eq!(s.edge_point, p(1.0, 0.0));
        // Collinear, disjoint: gap from 4 to 7.
        let s = segment_to_segment(seg((0.0, 0.0), (4.0, 0.0)), seg((7.0, 0.0), (9.0, 0.0)));
        assert_eq!(s.distance, 3.0);
        assert_eq!(s.edge_point, p(4.0, 0.0));
        assert_eq!(s.obstacle_point, p(7.0, 0.0));
        assert!(!segments_intersect(
            seg((0.0, 0.0), (4.0, 0.0)),
            seg((7.0, 0.0), (9.0, 0.0))
        ));
    }

    #[test]
    fn touching_endpoints() {
        // T-junction: wall (2,0)-(2,5) touches the edge interior at (2,0).
        let s = segment_to_segment(seg((0.0, 0.0), (4.0, 0.0)), seg((2.0, 0.0), (2.0, 5.0)));
        assert_eq!(s.distance, 0.0);
        assert_eq!(s.edge_point, p(2.0, 0.0));
        // Shared endpoint (4,0).
        let s = segment_to_segment(seg((0.0, 0.0), (4.0, 0.0)), seg((4.0, 0.0), (5.0, 5.0)));
        assert_eq!(s.distance, 0.0);
        assert_eq!(s.edge_point, p(4.0, 0.0));
        // Almost touching: one ulp away.
        let below = -f64::from_bits(1);
        assert!(!segments_intersect(
            seg((0.0, 0.0), (4.0, 0.0)),
            seg((2.0, below), (2.0, -5.0))
        ));
    }

    #[test]
    fn zero_length_segments() {
        // A point edge on the wall: 0, at the point.
        let s = segment_to_segment(seg((1.0, 1.0), (1.0, 1.0)), seg((0.0, 0.0), (2.0, 2.0)));
        assert_eq!(s.distance, 0.0);
        assert_eq!(s.edge_point, p(1.0, 1.0));
        // A point edge off the wall: (1,3) to (0,0)-(2,2) is |cross|/|ab| =
        // |2*3 - 2*1| / sqrt(8) = 4/sqrt(8) = sqrt(2), foot (2,2).
        let s = segment_to_segment(seg((1.0, 3.0), (1.0, 3.0)), seg((0.0, 0.0), (2.0, 2.0)));
        assert!((s.distance - 2.0_f64.sqrt()).abs() < 1e-15);
        assert_eq!(s.edge_point, p(1.0, 3.0));
        assert_eq!(s.obstacle_point, p(2.0, 2.0));
        // Two points.
        let s = segment_to_segment(seg((1.0, 1.0), (1.0, 1.0)), seg((4.0, 5.0), (4.0, 5.0)));
        assert_eq!(s.distance, 5.0);
        assert!(segments_intersect(
            seg((1.0, 1.0), (1.0, 1.0)),
            seg((1.0, 1.0), (1.0, 1.0))
        ));
        assert!(!segments_intersect(
            seg((1.0, 1.0), (1.0, 1.0)),
            seg((1.0, 2.0), (1.0, 2.0))
        ));
    }

    #[test]
    fn reversal_does_not_change_distance() {
        let e = seg((0.3, 0.1), (5.7, 2.9));
        let w = seg((1.1, 4.2), (6.6, 3.3));
        let d1 = segment_to_segment(e, w).distance;
        assert_eq!(d1, segment_to_segment(e.reversed(), w).distance);
        assert_eq!(d1, segment_to_segment(e, w.reversed()).distance);
    }

    #[test]
    fn crossing_point_scaled_back_near_the_top_of_the_range() {
        // Coordinates above 1e300 are scaled by 2^-64 for the arithmetic and
        // back by 2^64 after. The diagonals of the square [1e301, 5e301]^2
        // cross at its centre, (3e301, 3e301).
        let s = segment_to_segment(
            seg((1e301, 1e301), (5e301, 5e301)),
            seg((1e301, 5e301), (5e301, 1e301)),
        );
        assert_eq!(s.distance, 0.0);
        for c in [s.edge_point.x, s.edge_point.y] {
            assert!((c - 3e301).abs() <= 1e-12 * 3e301, "{:?}", s.edge_point);
        }
    }

    #[test]
    fn extreme_crossing_point_is_finite() {
        let m = f64::MAX;
        let s = segment_to_segment(seg((-m, -m), (m, m)), seg((-m, m), (m, -m)));
        assert_eq!(s.distance, 0.0);
        assert_eq!(s.edge_point, p(0.0, 0.0));
    }
}
