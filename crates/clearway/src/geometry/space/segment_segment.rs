//! Segment to segment in space.
//!
//! Two closed segments either meet (decided exactly: coplanar by
//! `robust::orient3d`, then meeting in every coordinate projection by the
//! exact 2D test) and are 0 apart, or they are disjoint and their closest
//! pair is an endpoint of one and a point of the other, or, for skew
//! segments, a pair interior to both: the one point where the common
//! perpendicular of the two lines crosses both segments.

use super::fast;
use super::point_segment::{TINIEST, canonical, point_segment};
use super::precise::{
    Big, Dd3, clamp_to_box, cross, cross_big, dot_big, dot_error_bound, filtered_sign, scale,
    triple,
};
use super::predicates::{on_segment, segments_meet};
use crate::geometry::precise::ldexp;
use crate::geometry::segment_segment::nearest_end_pair;
use crate::geometry::{Point3, Segment, Separation};

/// The separation between an edge and a wall segment in space.
///
/// * If they meet, the distance is exactly 0 and both witness points are one
///   common point: the first of `edge.a`, `edge.b`, `wall.a`, `wall.b` that
///   lies on the other segment, or else the computed crossing point (on the
///   edge, rounded, clamped into both bounding boxes).
/// * Otherwise the distance is the least of the four endpoint-to-segment
///   distances (in the order edge.a–wall, edge.b–wall, wall.a–edge,
///   wall.b–edge) and, for skew segments whose common perpendicular crosses
///   the interiors of both, that interior pair (last); the first strictly
///   least wins, with the witness points of its pair.
///
/// The interior pair is `edge.a + s u`, `wall.a + t v` with `u`, `v` the
/// directions, `w = edge.a - wall.a`, `n = u × v`,
/// `s = n · (v × w) / |n|^2`, `t = n · (u × w) / |n|^2`, and its distance
/// `|det[u, v, w]| / |n|` (the triple product summed exactly).
///
/// ```
/// use clearway::geometry::{Point3, Segment, space::segment_to_segment};
/// let p = Point3::new;
/// // A beam along x at height 0 and one along y at height 3, crossing
/// // over (2,0): u = (4,0,0), v = (0,4,0), w = (-2,2,-3), n = (0,0,16),
/// // det[u, v, w] = n · w = -48, distance 48/16 = 3; s = t = 1/2.
/// let s = segment_to_segment(
///     Segment::new(p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0)),
///     Segment::new(p(2.0, -2.0, 3.0), p(2.0, 2.0, 3.0)),
/// );
/// assert_eq!(s.distance, 3.0);
/// assert_eq!(s.edge_point, p(2.0, 0.0, 0.0));
/// assert_eq!(s.obstacle_point, p(2.0, 0.0, 3.0));
/// ```
pub fn segment_to_segment(edge: Segment<Point3>, wall: Segment<Point3>) -> Separation<Point3> {
    if segments_meet(edge, wall) {
        let x = meeting_point(edge, wall);
        return Separation {
            distance: 0.0,
            edge_point: x,
            obstacle_point: x,
        };
    }
    disjoint_segments(edge, wall)
}

/// [`segment_to_segment`] for two segments known not to meet.
pub(crate) fn disjoint_segments(
    edge: Segment<Point3>,
    wall: Segment<Point3>,
) -> Separation<Point3> {
    let mut best = nearest_end_pair(edge, wall, point_segment);
    if let Some(pair) = interior_pair(edge, wall) {
        if pair.distance < best.distance {
            best = pair;
        }
    }
    // They do not meet: never report 0.
    best.distance = best.distance.max(TINIEST);
    best
}

/// The closest pair of two skew segments when it is interior to both: in
/// plain `f64` where its proven bound allows (`fast3.rs`), else exactly.
///
/// The fast path takes the wall's ends in a fixed order, so that one side
/// shared by two triangles (adjacent mesh tiles) measures bit for bit the
/// same from both, whichever way each triangle runs it, and a true tie
/// between them stays a tie (the exact path rounds once from exact values,
/// which does not depend on the direction).
fn interior_pair(edge: Segment<Point3>, wall: Segment<Point3>) -> Option<Separation<Point3>> {
    let (a, b) = canonical(wall.a, wall.b);
    match fast::interior_pair(edge, Segment::new(a, b)) {
        Some(None) => return None,
        Some(Some((d, s, t))) if d.accepted() => {
            return Some(Separation {
                distance: d.value,
                edge_point: clamp_to_box(edge.a + (edge.b - edge.a) * s, edge.a, edge.b),
                obstacle_point: clamp_to_box(a + (b - a) * t, a, b),
            });
        }
        _ => {}
    }
    interior_pair_exact(edge, wall)
}

/// [`interior_pair`] with every sign decided exactly and every product
/// summed exactly before its one rounding.
fn interior_pair_exact(edge: Segment<Point3>, wall: Segment<Point3>) -> Option<Separation<Point3>> {
    let mut v = [
        Dd3::between(edge.a, edge.b),
        Dd3::between(wall.a, wall.b),
        Dd3::between(wall.a, edge.a),
    ];
    let k = scale(&mut v);
    let [u, v, w] = v;
    // Interior exactly when 0 < s < 1 and 0 < t < 1, with s and t the
    // exact quotients below: decided on floating-point estimates when their
    // error bounds allow, else on the exact numerators.
    let n = cross(u, v);
    let n2 = n.length_2();
    if n2 == 0.0 || !n2.is_finite() {
        // Each component is the exact one rounded: all zero means parallel.
        return None;
    }
    let (m, l) = (cross(v, w), cross(u, w));
    let (s_est, t_est) = (n.dot(m), n.dot(l));
    let en = 16.0 * f64::EPSILON * n2;
    let (es, et) = (dot_error_bound(n, m), dot_error_bound(n, l));
    let signs = [
        filtered_sign(s_est, es),
        filtered_sign(n2 - s_est, es + en),
        filtered_sign(t_est, et),
        filtered_sign(n2 - t_est, et + en),
    ];
    if signs.contains(&Some(-1)) {
        return None;
    }
    if signs.contains(&None) {
        let n = cross_big(u, v);
        let n2 = dot_big(&n, &n);
        let s_num = dot_big(&n, &cross_big(v, w));
        let t_num = dot_big(&n, &cross_big(u, w));
        let within = |num: &Big| num.signum() > 0 && n2.minus(num).signum() > 0;
        if !(within(&s_num) && within(&t_num)) {
            return None;
        }
    }
    let s = (s_est / n2).clamp(0.0, 1.0);
    let t = (t_est / n2).clamp(0.0, 1.0);
    let distance = ldexp(triple(u, v, w).abs() / n2.sqrt(), -k);
    let edge_point = clamp_to_box(edge.a + (edge.b - edge.a) * s, edge.a, edge.b);
    let obstacle_point = clamp_to_box(wall.a + (wall.b - wall.a) * t, wall.a, wall.b);
    Some(Separation {
        distance,
        edge_point,
        obstacle_point,
    })
}

/// A common point of two segments known to meet: the first endpoint lying on
/// the other segment, else the crossing point.
fn meeting_point(edge: Segment<Point3>, wall: Segment<Point3>) -> Point3 {
    for (q, other) in [
        (edge.a, wall),
        (edge.b, wall),
        (wall.a, edge),
        (wall.b, edge),
    ] {
        if on_segment(q, other) {
            return q;
        }
    }
    // A proper crossing: the lines are not parallel, so the interior pair
    // exists; the two points agree up to rounding.
    let x = interior_pair(edge, wall).map_or(edge.a, |pair| pair.edge_point);
    clamp_to_box(clamp_to_box(x, wall.a, wall.b), edge.a, edge.b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::space::shorthand::{p, seg};

    #[test]
    fn crossing_and_touching() {
        // Diagonals of the square z = 1 cross at (1,1,1).
        let s = segment_to_segment(
            seg((0.0, 0.0, 1.0), (2.0, 2.0, 1.0)),
            seg((0.0, 2.0, 1.0), (2.0, 0.0, 1.0)),
        );
        assert_eq!(s.distance, 0.0);
        assert_eq!(s.edge_point, p(1.0, 1.0, 1.0));
        // T-junction: the wall starts on the edge's interior.
        let s = segment_to_segment(
            seg((0.0, 0.0, 0.0), (4.0, 0.0, 0.0)),
            seg((3.0, 0.0, 0.0), (3.0, 5.0, 5.0)),
        );
        assert_eq!((s.distance, s.edge_point), (0.0, p(3.0, 0.0, 0.0)));
        // Collinear overlap: edge.b = (4,0,0) is the first endpoint on the other.
        let s = segment_to_segment(
            seg((0.0, 0.0, 0.0), (4.0, 0.0, 0.0)),
            seg((2.0, 0.0, 0.0), (6.0, 0.0, 0.0)),
        );
        assert_eq!((s.distance, s.edge_point), (0.0, p(4.0, 0.0, 0.0)));
    }

    #[test]
    fn parallel_and_collinear_apart() {
        // Parallel, 5 apart in (y, z) = (3, 4): wall.a (1,3,4) is 5 from (1,0,0).
        let s = segment_to_segment(
            seg((0.0, 0.0, 0.0), (4.0, 0.0, 0.0)),
            seg((1.0, 3.0, 4.0), (3.0, 3.0, 4.0)),
        );
        assert_eq!(s.distance, 5.0);
        assert_eq!(
            (s.edge_point, s.obstacle_point),
            (p(1.0, 0.0, 0.0), p(1.0, 3.0, 4.0))
        );
        // Collinear, gap 4..7.
        let s = segment_to_segment(
            seg((0.0, 0.0, 0.0), (0.0, 0.0, 4.0)),
            seg((0.0, 0.0, 7.0), (0.0, 0.0, 9.0)),
        );
        assert_eq!(s.distance, 3.0);
    }

    #[test]
    fn skew_but_closest_at_an_end() {
        // The wall along y at height 3 passes x = 6, beyond the edge's end
        // (4,0,0): the closest pair is (4,0,0)-(6,0,3), sqrt(4 + 9).
        let s = segment_to_segment(
            seg((0.0, 0.0, 0.0), (4.0, 0.0, 0.0)),
            seg((6.0, -2.0, 3.0), (6.0, 2.0, 3.0)),
        );
        assert_eq!(s.distance, 13f64.sqrt());
        assert_eq!(
            (s.edge_point, s.obstacle_point),
            (p(4.0, 0.0, 0.0), p(6.0, 0.0, 3.0))
        );
    }

    #[test]
    fn a_wall_measures_the_same_either_way_round() {
        // A side shared by two triangles runs one way in one and the other
        // way in the other: its distance must not depend on which, or a
        // true tie between the two becomes an ulp apart (the witness on the
        // wall may differ by rounding).
        let mut rng = clearway_synth::SplitMix64::new(0x5_1de);
        let mut interior = 0;
        for offset in [0.0, 1e6, 1e7, -1e7 - 0.5] {
            for _ in 0..2000 {
                let mut q = || {
                    Point3::new(
                        offset + 8.0 * rng.next_f64(),
                        offset + 8.0 * rng.next_f64(),
                        offset + 8.0 * rng.next_f64(),
                    )
                };
                let (edge, wall) = (Segment::new(q(), q()), Segment::new(q(), q()));
                let (s, r) = (
                    segment_to_segment(edge, wall),
                    segment_to_segment(edge, wall.reversed()),
                );
                assert_eq!(
                    s.distance.to_bits(),
                    r.distance.to_bits(),
                    "{edge:?} {wall:?}"
                );
                assert!((s.obstacle_point - r.obstacle_point).length() <= 1e-15 * 2e7);
                if interior_pair(edge, wall).is_some() {
                    interior += 1;
                }
            }
        }
        assert!(interior > 1000, "{interior}");
    }

    #[test]
    fn one_ulp_apart_far_from_origin() {
        let h = 1e7;
        let ulp = 2f64.powi(-29);
        let e = seg((h, h, h), (h + 4.0, h, h));
        let w = seg((h + 2.0, h - 2.0, h + ulp), (h + 2.0, h + 2.0, h + ulp));
        let s = segment_to_segment(e, w);
        assert_eq!(s.distance, ulp);
        let w = seg((h + 2.0, h - 2.0, h), (h + 2.0, h + 2.0, h));
        assert_eq!(segment_to_segment(e, w).distance, 0.0);
    }
}
