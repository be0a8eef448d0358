//! Exact predicates in space: orientation of four points, and whether a
//! point lies on a segment or a triangle, or two segments meet.
//!
//! Coplanar configurations are decided in the three coordinate projections
//! (xy, yz, zx) with the exact 2D predicates: a point or segment lying in a
//! plane is in a closed segment or triangle of that plane exactly when it is
//! so in *every* projection (one projection along an axis the plane is not
//! parallel to is one-to-one on the plane, and the others cannot say no to a
//! true contact). No projection axis has to be chosen, so nothing depends on
//! a rounded normal.

use crate::geometry::orientation::{Orientation, orientation};
use crate::geometry::precise::{exponent, ldexp};
use crate::geometry::segment_segment::on_segment as on_segment_2d;
use crate::geometry::{Point, Point3, Segment, segments_intersect};

/// The three coordinate projections of a point.
fn projections(p: Point3) -> [Point; 3] {
    [
        Point::new(p.x, p.y),
        Point::new(p.y, p.z),
        Point::new(p.z, p.x),
    ]
}

/// The exact sign (-1, 0 or 1) of the triple product
/// `det[b - a, c - a, d - a]`: positive when `d` lies on the side of the
/// plane `abc` that `(b - a) × (c - a)` points to.
///
/// Decided with Shewchuk's adaptive `robust::orient3d`, after an exact
/// power-of-two scaling that brings the largest coordinate to about 2^300:
/// exact for every input whose nonzero coordinates are at least 2^-300 times
/// the largest (maps are limited to 1e15, so down to about 1e-75 there).
pub(crate) fn volume_sign(a: Point3, b: Point3, c: Point3, d: Point3) -> i32 {
    let m = [a, b, c, d].iter().fold(0.0_f64, |m, p| {
        m.max(p.x.abs()).max(p.y.abs()).max(p.z.abs())
    });
    if m == 0.0 {
        return 0;
    }
    let k = 300 - exponent(m);
    let coord = |p: Point3| robust::Coord3D {
        x: ldexp(p.x, k),
        y: ldexp(p.y, k),
        z: ldexp(p.z, k),
    };
    // orient3d(a, b, c, d) = det[a - d, b - d, c - d] = -det[b - a, c - a, d - a].
    let det = robust::orient3d(coord(a), coord(b), coord(c), coord(d));
    if det > 0.0 {
        -1
    } else if det < 0.0 {
        1
    } else {
        0
    }
}

/// Whether `p` lies on the closed segment `s` (exact; a zero-length segment
/// is its point).
pub(crate) fn on_segment(p: Point3, s: Segment<Point3>) -> bool {
    let (pp, aa, bb) = (projections(p), projections(s.a), projections(s.b));
    (0..3).all(|i| on_segment_2d(pp[i], Segment::new(aa[i], bb[i])))
}

/// Whether two closed segments share a point (exact): they are coplanar and
/// meet in every coordinate projection.
pub(crate) fn segments_meet(s: Segment<Point3>, t: Segment<Point3>) -> bool {
    if volume_sign(s.a, s.b, t.a, t.b) != 0 {
        return false;
    }
    let (sa, sb, ta, tb) = (
        projections(s.a),
        projections(s.b),
        projections(t.a),
        projections(t.b),
    );
    (0..3).all(|i| segments_intersect(Segment::new(sa[i], sb[i]), Segment::new(ta[i], tb[i])))
}

/// Whether three points lie on one line (exact): collinear in every
/// projection.
pub(crate) fn collinear(a: Point3, b: Point3, c: Point3) -> bool {
    let (pa, pb, pc) = (projections(a), projections(b), projections(c));
    (0..3).all(|i| orientation(pa[i], pb[i], pc[i]) == Orientation::Collinear)
}

/// Whether `p` lies in the closed triangle `abc` (exact), for a triangle
/// whose corners are not collinear: `p` is in its plane, and in every
/// projection the three edge orientations of `p` do not disagree in sign.
pub(crate) fn in_triangle(p: Point3, [a, b, c]: [Point3; 3]) -> bool {
    if volume_sign(a, b, c, p) != 0 {
        return false;
    }
    let (pp, pa, pb, pc) = (
        projections(p),
        projections(a),
        projections(b),
        projections(c),
    );
    (0..3).all(|i| {
        let signs = [
            orientation(pa[i], pb[i], pp[i]),
            orientation(pb[i], pc[i], pp[i]),
            orientation(pc[i], pa[i], pp[i]),
        ];
        !(signs.contains(&Orientation::Clockwise) && signs.contains(&Orientation::CounterClockwise))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::space::shorthand::p;

    #[test]
    fn volume_sign_by_hand() {
        // det[(1,0,0), (0,1,0), (0,0,1)] = 1: d above the xy triangle.
        let (o, x, y) = (p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0));
        assert_eq!(volume_sign(o, x, y, p(0.3, 0.3, 1.0)), 1);
        assert_eq!(volume_sign(o, x, y, p(0.3, 0.3, -1.0)), -1);
        assert_eq!(volume_sign(o, x, y, p(5.0, -7.0, 0.0)), 0);
        // One ulp above a plane 1e7 from the origin.
        let h = 1e7;
        let ulp = 2f64.powi(-29);
        let (a, b, c) = (p(h, h, h), p(h + 1.0, h, h), p(h, h + 1.0, h));
        assert_eq!(volume_sign(a, b, c, p(h + 0.5, h + 0.25, h + ulp)), 1);
        assert_eq!(volume_sign(a, b, c, p(h + 0.5, h + 0.25, h)), 0);
    }

    #[test]
    fn on_segment_and_meeting() {
        let s = Segment::new(p(0.0, 0.0, 0.0), p(2.0, 4.0, 6.0));
        assert!(on_segment(p(1.0, 2.0, 3.0), s));
        assert!(!on_segment(p(1.0, 2.0, 3.5), s));
        assert!(!on_segment(p(3.0, 6.0, 9.0), s));
        // Crossing at (1, 1, 1); lifted by 1 in z they are skew.
        let t = Segment::new(p(0.0, 2.0, 1.0), p(2.0, 0.0, 1.0));
        let u = Segment::new(p(0.0, 0.0, 1.0), p(2.0, 2.0, 1.0));
        assert!(segments_meet(t, u));
        let u2 = Segment::new(p(0.0, 0.0, 2.0), p(2.0, 2.0, 2.0));
        assert!(!segments_meet(t, u2));
    }

    #[test]
    fn in_triangle_on_boundary_and_off_plane() {
        let t = [p(0.0, 0.0, 0.0), p(4.0, 0.0, 4.0), p(0.0, 4.0, 4.0)];
        assert!(in_triangle(p(1.0, 1.0, 2.0), t));
        assert!(in_triangle(p(2.0, 0.0, 2.0), t)); // on a side
        assert!(in_triangle(p(4.0, 0.0, 4.0), t)); // a corner
        assert!(!in_triangle(p(1.0, 1.0, 2.5), t)); // above
        assert!(!in_triangle(p(3.0, 3.0, 6.0), t)); // in the plane, outside
        assert!(collinear(
            p(0.0, 0.0, 0.0),
            p(1.0, 1.0, 1.0),
            p(3.0, 3.0, 3.0)
        ));
        assert!(!collinear(t[0], t[1], t[2]));
    }
}
