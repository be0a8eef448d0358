//! The `geometry` target on flat inputs: the 2D kernel on arbitrary
//! segments and obstacles, checked against brute-force invariants and the
//! exact rational twin:
//!
//! * never NaN, never negative, witness points never NaN;
//! * symmetric: reversing the edge, the wall or the polygon's outline, or
//!   swapping edge and wall, gives bit-for-bit the same distance;
//! * 0 exactly when the shapes intersect (decided exactly by the twin; for
//!   circles, whose distance is a rounded square root minus the radius, to
//!   within the rounding of the centre distance);
//! * within the loader's coordinate range, the distance matches the exact
//!   value to 1e-12 relative (circles: 1e-12 of the centre distance).
//!
//! Coordinates outside the loader's range (up to f64::MAX) are fed too, for
//! the never-NaN and symmetry checks.

use super::exact::{
    distance_from_2, exact_point_segment_distance_2, exact_segment_circle_distance,
    exact_segment_polygon_distance_2, exact_segment_segment_distance_2, exact_segments_intersect,
};
use super::exact_obstacle::{pt, seg};
use super::{Frame, LIMIT, Local, LocalPoint, Offset, list, magnitude, near_point};
use arbitrary::{Arbitrary, Unstructured};
use clearway::geometry::{
    Circle, Point, Polygon, Separation, closest_point_on_segment, segment_to_circle,
    segment_to_point, segment_to_polygon, segment_to_segment, segments_intersect,
};
use num_rational::BigRational;
use num_traits::Zero;

type P = (f64, f64);

#[derive(Arbitrary, Debug)]
enum Shape {
    Point(LocalPoint),
    /// A point on the edge at t, moved a few ulps in y.
    NearPoint(u16, i8),
    Circle(LocalPoint, Local),
    Wall(LocalPoint, LocalPoint),
    /// A wall starting on or a hair off the edge, running nearly parallel
    /// to it (tilted by `tilt * 2^-40` of its direction) or to any point.
    NearWall {
        t: u16,
        dy: i8,
        tilt: i16,
        len: u8,
        other: Option<LocalPoint>,
    },
    Polygon,
}

/// A flat input.
#[derive(Debug)]
pub struct Input {
    frame: Frame,
    a: P,
    b: P,
    shape: Shape,
    polygon: Vec<P>,
}

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let offset = Offset::arbitrary(u)?;
        let clamp = u.ratio(7u8, 8u8)?;
        let frame = Frame {
            offset: offset.value(),
            clamp,
        };
        let a = frame.at(LocalPoint::arbitrary(u)?);
        let b = if u.ratio(1u8, 8u8)? {
            a
        } else {
            frame.at(LocalPoint::arbitrary(u)?)
        };
        let shape = Shape::arbitrary(u)?;
        let polygon = if matches!(shape, Shape::Polygon) {
            list::<LocalPoint>(u, 3, 8)?
                .into_iter()
                .map(|p| frame.at(p))
                .collect()
        } else {
            Vec::new()
        };
        Ok(Input {
            frame,
            a,
            b,
            shape,
            polygon,
        })
    }
}

fn sane(s: &Separation, what: &str) {
    assert!(
        !s.distance.is_nan() && s.distance >= 0.0,
        "{what}: distance {s:?}"
    );
    assert!(
        !s.edge_point.x.is_nan()
            && !s.edge_point.y.is_nan()
            && !s.obstacle_point.x.is_nan()
            && !s.obstacle_point.y.is_nan(),
        "{what}: witness {s:?}"
    );
}

/// The kernel against the exact squared distance: 0 exactly when it is 0,
/// else positive and (outside the subnormal range) within 1e-12 relative.
fn matches_exact(d: f64, exact_2: &BigRational, what: &str) {
    if exact_2.is_zero() {
        assert_eq!(d, 0.0, "{what}: the shapes intersect, kernel says {d}");
    } else {
        let e = distance_from_2(exact_2);
        assert!(d > 0.0, "{what}: exact distance {e} > 0, kernel says 0");
        if e >= 1e-290 {
            assert!(
                (d - e).abs() <= 1e-12 * e,
                "{what}: kernel {d} vs exact {e}"
            );
        }
    }
}

fn wall_end(input: &Input, start: P, tilt: i16, len: u8, other: Option<LocalPoint>) -> P {
    if let Some(o) = other {
        return input.frame.at(o);
    }
    let (ex, ey) = (input.b.0 - input.a.0, input.b.1 - input.a.1);
    let eps = f64::from(tilt) * 2f64.powi(-40);
    let k = f64::from(len) / 16.0;
    let p = (start.0 + (ex - ey * eps) * k, start.1 + (ey + ex * eps) * k);
    if p.0.is_finite() && p.1.is_finite() {
        p
    } else {
        start
    }
}

/// The checks on one flat input.
pub fn check(input: Input) {
    let (a, b) = (input.a, input.b);
    let edge = seg(a, b);
    let mut points = vec![a, b];
    match input.shape {
        Shape::Point(_) | Shape::NearPoint(..) => {
            let p = match input.shape {
                Shape::Point(p) => input.frame.at(p),
                Shape::NearPoint(t, dy) => near_point(a, b, t, dy),
                _ => unreachable!(),
            };
            points.push(p);
            let s = segment_to_point(edge, pt(p));
            sane(&s, "point");
            assert_eq!(s.obstacle_point, pt(p));
            assert_eq!(s.edge_point, closest_point_on_segment(pt(p), edge));
            let r = segment_to_point(edge.reversed(), pt(p));
            assert_eq!(
                r.distance.to_bits(),
                s.distance.to_bits(),
                "point: reversal"
            );
            // A point is a zero-length wall.
            let w = segment_to_segment(edge, seg(p, p));
            sane(&w, "point as wall");
            assert_eq!(
                w.distance == 0.0,
                s.distance == 0.0,
                "point as wall: {w:?} {s:?}"
            );
            if magnitude(&points) <= LIMIT {
                matches_exact(
                    s.distance,
                    &exact_point_segment_distance_2(p, a, b),
                    "point",
                );
            }
        }
        Shape::Circle(c, r) => {
            let c = input.frame.at(c);
            let radius = r.value().abs();
            points.push(c);
            let circle = Circle {
                center: pt(c),
                radius,
            };
            let s = segment_to_circle(edge, circle);
            sane(&s, "circle");
            let r2 = segment_to_circle(edge.reversed(), circle);
            assert_eq!(
                r2.distance.to_bits(),
                s.distance.to_bits(),
                "circle: reversal"
            );
            if magnitude(&points) <= LIMIT {
                let centre_2 = exact_point_segment_distance_2(c, a, b);
                let centre = distance_from_2(&centre_2);
                let e = exact_segment_circle_distance(a, b, c, radius);
                // Subnormal distances carry only a few bits: allow their rounding.
                let tol = 1e-12 * centre + 1e-300;
                assert!(
                    (s.distance - e).abs() <= tol,
                    "circle: kernel {} vs exact {e} (centre {centre})",
                    s.distance
                );
                // 0 when the disc meets the edge (exact: centre^2 <= r^2),
                // up to the rounding of the centre distance.
                let meets = centre_2 <= super::exact::rat(radius) * super::exact::rat(radius);
                if meets {
                    assert!(s.distance <= tol, "circle: meets, kernel {}", s.distance);
                }
                if s.distance == 0.0 {
                    assert!(e <= tol, "circle: kernel 0, exact {e}");
                }
            }
        }
        Shape::Wall(..) | Shape::NearWall { .. } => {
            let (c, d) = match input.shape {
                Shape::Wall(c, d) => (input.frame.at(c), input.frame.at(d)),
                Shape::NearWall {
                    t,
                    dy,
                    tilt,
                    len,
                    other,
                } => {
                    let c = near_point(a, b, t, dy);
                    (c, wall_end(&input, c, tilt, len, other))
                }
                _ => unreachable!(),
            };
            points.extend([c, d]);
            let wall = seg(c, d);
            let s = segment_to_segment(edge, wall);
            sane(&s, "wall");
            let hit = segments_intersect(edge, wall);
            assert_eq!(
                hit,
                segments_intersect(wall, edge),
                "wall: intersect symmetric"
            );
            assert_eq!(hit, s.distance == 0.0, "wall: 0 iff intersect: {s:?}");
            if hit {
                assert_eq!(s.edge_point, s.obstacle_point);
            }
            let bits = s.distance.to_bits();
            for (e2, w2, what) in [
                (edge.reversed(), wall, "edge reversed"),
                (edge, wall.reversed(), "wall reversed"),
                (wall, edge, "swapped"),
                (wall.reversed(), edge.reversed(), "swapped, both reversed"),
            ] {
                let t = segment_to_segment(e2, w2);
                sane(&t, what);
                assert_eq!(t.distance.to_bits(), bits, "wall: {what}: {t:?} vs {s:?}");
            }
            if magnitude(&points) <= LIMIT {
                assert_eq!(
                    hit,
                    exact_segments_intersect(a, b, c, d),
                    "wall: exact intersect"
                );
                matches_exact(
                    s.distance,
                    &exact_segment_segment_distance_2(a, b, c, d),
                    "wall",
                );
            }
        }
        Shape::Polygon => {
            let Some(polygon) = Polygon::new(input.polygon.iter().map(|&v| pt(v)).collect()) else {
                return;
            };
            let verts: Vec<P> = polygon.vertices().iter().map(|v| (v.x, v.y)).collect();
            points.extend(verts.iter().copied());
            let s = segment_to_polygon(edge, &polygon);
            sane(&s, "polygon");
            let bits = s.distance.to_bits();
            let r = segment_to_polygon(edge.reversed(), &polygon);
            assert_eq!(r.distance.to_bits(), bits, "polygon: edge reversed");
            let mut rev: Vec<Point> = polygon.vertices().to_vec();
            rev.reverse();
            if let Some(rp) = Polygon::new(rev) {
                let t = segment_to_polygon(edge, &rp);
                assert_eq!(t.distance.to_bits(), bits, "polygon: outline reversed");
            }
            let mut rot: Vec<Point> = polygon.vertices().to_vec();
            rot.rotate_left(1);
            if let Some(rp) = Polygon::new(rot) {
                let t = segment_to_polygon(edge, &rp);
                assert_eq!(t.distance.to_bits(), bits, "polygon: outline rotated");
            }
            if magnitude(&points) <= LIMIT {
                matches_exact(
                    s.distance,
                    &exact_segment_polygon_distance_2(a, b, &verts),
                    "polygon",
                );
            }
        }
    }
}
