//! Segment to triangle (a surface, not solid).

use super::fast;
use super::point_segment::TINIEST;
use super::precise::{
    Dd3, clamp_to_box, cross, cross_big, dot_big, dot_error_bound, filtered_sign, scale, triple,
    unscale,
};
use super::predicates::{collinear, in_triangle, volume_sign};
use super::segment_segment::{disjoint_segments, segment_to_segment};
use crate::geometry::precise::ldexp;
use crate::geometry::{Point3, Segment, Separation, Triangle};

/// The separation between an edge and a closed triangle.
///
/// Meeting is decided exactly: an endpoint of the edge lies in the triangle,
/// or the edge meets one of its sides, or it pierces the triangle (its ends
/// are not strictly on one side of the triangle's plane, by
/// `robust::orient3d`, and the three signed volumes of the edge with the
/// sides do not disagree in sign). Then the distance is 0 and both witness
/// points are, in this order of preference: `edge.a` if it lies in the
/// triangle, `edge.b` if it does, the meeting point with the first side
/// that meets the edge (sides `c0c1`, `c1c2`, `c2c0`; see
/// `space::segment_to_segment`), else the computed piercing point
/// (rounded, clamped into the edge's bounding box).
///
/// Otherwise the distance is the least of: `edge.a` to the face, `edge.b` to
/// the face (each only when the point's foot on the plane falls inside the
/// triangle; the distance is `|det[c1 - c0, c2 - c0, p - c0]| / |n|`), then
/// the edge to each side in the order above; the first strictly least wins,
/// with its witness points. A degenerate triangle (collinear corners, decided
/// exactly) is the union of its sides: its segment or its point.
///
/// ```
/// use clearway::geometry::{Point3, Segment, Triangle, space::segment_to_triangle};
/// let p = Point3::new;
/// let floor = Triangle { corners: [p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), p(0.0, 4.0, 0.0)] };
/// // A vertical edge over (1,1) from z = 2 to 5: its lower end is above the
/// // triangle (1 + 1 <= 4), det[(4,0,0), (0,4,0), (1,1,2)] = 32, |n| = 16,
/// // so the distance is 32/16 = 2 and the foot is (1,1,0).
/// let s = segment_to_triangle(Segment::new(p(1.0, 1.0, 5.0), p(1.0, 1.0, 2.0)), floor);
/// assert_eq!(s.distance, 2.0);
/// assert_eq!(s.edge_point, p(1.0, 1.0, 2.0));
/// assert_eq!(s.obstacle_point, p(1.0, 1.0, 0.0));
/// // Lowered to z = -1 it pierces the floor at (1,1,0).
/// let s = segment_to_triangle(Segment::new(p(1.0, 1.0, 5.0), p(1.0, 1.0, -1.0)), floor);
/// assert_eq!(s.distance, 0.0);
/// assert_eq!(s.edge_point, p(1.0, 1.0, 0.0));
/// ```
pub fn segment_to_triangle(edge: Segment<Point3>, triangle: Triangle) -> Separation<Point3> {
    let corners = triangle.corners;
    let [c0, c1, c2] = corners;
    // Both ends strictly on one side of the plane (exact; never so for a
    // degenerate triangle, whose volumes are all 0): the edge cannot meet
    // the triangle, and what the tests below would find is known. Only the
    // distances are left, measured as below.
    let side_a = volume_sign(c0, c1, c2, edge.a);
    if side_a != 0 && side_a == volume_sign(c0, c1, c2, edge.b) {
        let sides = [
            Segment::new(c0, c1),
            Segment::new(c1, c2),
            Segment::new(c2, c0),
        ];
        return nearest(
            [face(edge.a, corners), face(edge.b, corners)],
            sides.map(|side| disjoint_segments(edge, side)),
        );
    }
    general(edge, corners)
}

/// [`segment_to_triangle`] by the tests in the order its doc gives them.
fn general(edge: Segment<Point3>, corners: [Point3; 3]) -> Separation<Point3> {
    let [c0, c1, c2] = corners;
    let flat = collinear(c0, c1, c2);
    if !flat {
        for q in [edge.a, edge.b] {
            if in_triangle(q, corners) {
                return touch(q);
            }
        }
    }
    let sides = [
        Segment::new(c0, c1),
        Segment::new(c1, c2),
        Segment::new(c2, c0),
    ];
    let side_seps = sides.map(|side| segment_to_segment(edge, side));
    if let Some(s) = side_seps.iter().find(|s| s.distance == 0.0) {
        return *s;
    }
    if !flat && pierces(edge, corners) {
        return touch(piercing_point(edge, corners));
    }
    let faces = if flat {
        [None, None]
    } else {
        [face(edge.a, corners), face(edge.b, corners)]
    };
    nearest(faces, side_seps)
}

/// The first strictly least of the faces (where they exist) then the
/// sides, for an edge that does not meet the triangle: never 0.
fn nearest(
    faces: [Option<Separation<Point3>>; 2],
    side_seps: [Separation<Point3>; 3],
) -> Separation<Point3> {
    let mut best: Option<Separation<Point3>> = None;
    for s in faces.into_iter().flatten().chain(side_seps) {
        if best.is_none_or(|b| s.distance < b.distance) {
            best = Some(s);
        }
    }
    let mut best = best.unwrap_or(side_seps[0]);
    best.distance = best.distance.max(TINIEST);
    best
}

fn touch(q: Point3) -> Separation<Point3> {
    Separation {
        distance: 0.0,
        edge_point: q,
        obstacle_point: q,
    }
}

/// Whether the edge crosses the plane of a non-degenerate triangle inside
/// it (exact; touches of the sides are found before).
fn pierces(edge: Segment<Point3>, [c0, c1, c2]: [Point3; 3]) -> bool {
    let oa = volume_sign(c0, c1, c2, edge.a);
    let ob = volume_sign(c0, c1, c2, edge.b);
    if oa == ob || oa * ob > 0 {
        // Strictly on one side, or in the plane (handled by the ends and sides).
        return false;
    }
    let s = [
        volume_sign(edge.a, edge.b, c0, c1),
        volume_sign(edge.a, edge.b, c1, c2),
        volume_sign(edge.a, edge.b, c2, c0),
    ];
    !(s.contains(&1) && s.contains(&-1))
}

/// Where the edge crosses the triangle's plane: `a + (b - a) va / (va - vb)`
/// with `va`, `vb` the signed volumes of the ends, relative to `c0`.
fn piercing_point(edge: Segment<Point3>, [c0, c1, c2]: [Point3; 3]) -> Point3 {
    let mut v = [
        Dd3::between(c0, c1),
        Dd3::between(c0, c2),
        Dd3::between(c0, edge.a),
        Dd3::between(c0, edge.b),
    ];
    scale(&mut v);
    let [e1, e2, qa, qb] = v;
    let va = triple(e1, e2, qa);
    let vb = triple(e1, e2, qb);
    let t = (va / (va - vb)).clamp(0.0, 1.0);
    let t = if t.is_nan() { 0.0 } else { t };
    clamp_to_box(edge.a + (edge.b - edge.a) * t, edge.a, edge.b)
}

/// The distance from `p` to the triangle's plane when its foot falls inside
/// the (non-degenerate) triangle, with the foot as obstacle point: in plain
/// `f64` where its proven bound allows (`fast3.rs`), else exactly.
fn face(p: Point3, corners: [Point3; 3]) -> Option<Separation<Point3>> {
    match fast::triangle_face(p, corners) {
        Some(None) => None,
        Some(Some((d, foot))) if d.accepted() => Some(Separation {
            distance: d.value,
            edge_point: p,
            obstacle_point: foot,
        }),
        _ => face_exact(p, corners),
    }
}

/// [`face`] with every sign decided exactly and every product summed
/// exactly before its one rounding.
fn face_exact(p: Point3, [c0, c1, c2]: [Point3; 3]) -> Option<Separation<Point3>> {
    let mut v = [
        Dd3::between(c0, c1),
        Dd3::between(c0, c2),
        Dd3::between(c0, p),
        Dd3::between(c1, c2),
        Dd3::between(c1, p),
        Dd3::between(c2, c0),
        Dd3::between(c2, p),
    ];
    let k = scale(&mut v);
    let [e1, e2, q, s1, q1, s2, q2] = v;
    let n = cross(e1, e2);
    let n2 = n.length_2();
    if n2 == 0.0 || !n2.is_finite() {
        return None;
    }
    // The foot is inside when it is on the inner side of every side:
    // n · (side × (p - corner)) >= 0, decided exactly (on the estimate when
    // its error bound allows).
    for (side, to_p) in [(e1, q), (s1, q1), (s2, q2)] {
        let c = cross(side, to_p);
        let sign = filtered_sign(n.dot(c), dot_error_bound(n, c))
            .unwrap_or_else(|| dot_big(&cross_big(e1, e2), &cross_big(side, to_p)).signum());
        if sign < 0 {
            return None;
        }
    }
    let h = triple(e1, e2, q);
    let distance = ldexp(h.abs() / n2.sqrt(), -k);
    let foot = p - unscale(n * (h / n2), k);
    Some(Separation {
        distance,
        edge_point: p,
        obstacle_point: foot,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::space::shorthand::{p, seg};

    fn tri(a: (f64, f64, f64), b: (f64, f64, f64), c: (f64, f64, f64)) -> Triangle {
        Triangle {
            corners: [a.into(), b.into(), c.into()],
        }
    }

    #[test]
    fn the_one_side_shortcut_changes_no_bit() {
        // Random triangles and edges, and edges whose ends are a few ulps
        // off the plane, at offsets 0, 1e6 and +-1e7: the shortcut for an
        // edge wholly on one side gives what the full sequence of tests
        // gives, bit for bit.
        let mut shortcut = 0;
        for (triangle, edge) in crate::geometry::triangles_with_edges_near_their_planes(7, 3000) {
            let corners = triangle.corners;
            let [c0, c1, c2] = corners;
            let side = volume_sign(c0, c1, c2, edge.a);
            if side != 0 && side == volume_sign(c0, c1, c2, edge.b) {
                shortcut += 1;
            }
            let got = segment_to_triangle(edge, triangle);
            let want = general(edge, corners);
            assert_eq!(got, want, "{edge:?} {corners:?}");
            assert_eq!(got.distance.to_bits(), want.distance.to_bits());
        }
        assert!(shortcut > 3000, "{shortcut}");
    }

    #[test]
    fn lying_in_the_plane() {
        let t = tri((0.0, 0.0, 0.0), (4.0, 0.0, 0.0), (0.0, 4.0, 0.0));
        // Inside: edge.a wins.
        let s = segment_to_triangle(seg((1.0, 1.0, 0.0), (9.0, 9.0, 0.0)), t);
        assert_eq!((s.distance, s.edge_point), (0.0, p(1.0, 1.0, 0.0)));
        // Across, both ends outside: side c0c1 (y = 0) is met first at (1,0,0).
        let s = segment_to_triangle(seg((1.0, -1.0, 0.0), (1.0, 5.0, 0.0)), t);
        assert_eq!((s.distance, s.edge_point), (0.0, p(1.0, 0.0, 0.0)));
        // In the plane, outside: (5,5,0)-(6,6,0) to the hypotenuse x + y = 4:
        // (5,5) is 6/sqrt(2) away, foot (2,2).
        let s = segment_to_triangle(seg((5.0, 5.0, 0.0), (6.0, 6.0, 0.0)), t);
        assert!((s.distance - 6.0 / 2f64.sqrt()).abs() < 1e-15);
        assert!((s.obstacle_point - p(2.0, 2.0, 0.0)).length() < 1e-15);
    }

    #[test]
    fn touching_a_corner_from_above() {
        let t = tri((0.0, 0.0, 0.0), (4.0, 0.0, 0.0), (0.0, 4.0, 0.0));
        let s = segment_to_triangle(seg((4.0, 0.0, 3.0), (4.0, 0.0, 0.0)), t);
        assert_eq!((s.distance, s.edge_point), (0.0, p(4.0, 0.0, 0.0)));
        // Passing one ulp beside the corner, through the plane: not a touch.
        let s = segment_to_triangle(
            seg(
                (4.0 + 2f64.powi(-50), 0.0, 3.0),
                (4.0 + 2f64.powi(-50), 0.0, -3.0),
            ),
            t,
        );
        assert!(s.distance > 0.0);
    }

    #[test]
    fn degenerate_triangles_are_segments_and_points() {
        // Collinear corners: the segment (0,0,0)-(4,0,0) (the middle corner is
        // (2,0,0)); (2,3,4) is 5 from it.
        let t = tri((0.0, 0.0, 0.0), (4.0, 0.0, 0.0), (2.0, 0.0, 0.0));
        let s = segment_to_triangle(seg((2.0, 3.0, 4.0), (2.0, 3.0, 4.0)), t);
        assert_eq!(s.distance, 5.0);
        assert_eq!(s.obstacle_point, p(2.0, 0.0, 0.0));
        let t = tri((1.0, 1.0, 1.0), (1.0, 1.0, 1.0), (1.0, 1.0, 1.0));
        let s = segment_to_triangle(seg((1.0, 4.0, 5.0), (1.0, 4.0, 5.0)), t);
        assert_eq!(s.distance, 5.0);
        let s = segment_to_triangle(seg((1.0, 0.0, 1.0), (1.0, 2.0, 1.0)), t);
        assert_eq!((s.distance, s.edge_point), (0.0, p(1.0, 1.0, 1.0)));
    }
}
