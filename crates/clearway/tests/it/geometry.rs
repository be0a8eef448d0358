//! The geometry kernel against its exact twin (`crates/clearway-test-support/src/exact.rs`):
//! seeded property tests over small integer grids (exact touches and
//! collinear cases), continuous coordinates, maps shifted 1e6 and 1e7 from
//! the origin, tiny and huge scales, and nearly parallel / nearly touching
//! configurations; plus hand-worked cases.

use crate::common::exact::magnitude;
use crate::common::exact::{
    self, P, distance_from_2, exact_orientation, exact_point_boundary_distance_2,
    exact_point_in_polygon_even_odd, exact_point_segment_distance_2, exact_segment_circle_distance,
    exact_segment_polygon_distance_2, exact_segment_segment_distance_2, exact_segments_intersect,
};
use crate::common::exact_obstacle::{pt, seg, tup};
use clearway::geometry::{
    Circle, Orientation, Point, Polygon, Segment, Separation, closest_point_on_segment,
    orientation, polygon_contains, segment_to_circle, segment_to_point, segment_to_polygon,
    segment_to_segment, segments_intersect,
};
use clearway_test_support::proptest_config::seeded;
use num_traits::Zero;
use proptest::prelude::*;
use proptest::test_runner::Config;

fn config() -> Config {
    seeded(512, 0x00c1_ea7a_7e57)
}

// ---------------------------------------------------------------- strategies

/// A map: an offset from the origin and a scale for local coordinates.
#[derive(Clone, Copy, Debug)]
struct Frame {
    offset: f64,
    scale: f64,
}

impl Frame {
    fn at(self, local: (f64, f64)) -> P {
        (
            self.offset + local.0 * self.scale,
            self.offset + local.1 * self.scale,
        )
    }
}

fn frame() -> impl Strategy<Value = Frame> {
    prop_oneof![
        4 => Just(Frame { offset: 0.0, scale: 1.0 }),
        2 => Just(Frame { offset: 1e6, scale: 1.0 }),
        2 => Just(Frame { offset: 1e7, scale: 1.0 }),
        1 => Just(Frame { offset: -1e7 - 0.5, scale: 1.0 }),
        1 => Just(Frame { offset: 0.0, scale: 1e-300 }),
        1 => Just(Frame { offset: 0.0, scale: 1e12 }),
        1 => Just(Frame { offset: 1e12, scale: 1e-3 }),
    ]
}

/// A local coordinate: often on a small integer grid, otherwise continuous.
fn local() -> impl Strategy<Value = (f64, f64)> {
    prop_oneof![
        ((-4i32..=4), (-4i32..=4)).prop_map(|(x, y)| (f64::from(x), f64::from(y))),
        ((-50.0..50.0f64), (-50.0..50.0f64)),
    ]
}

/// A local segment: grid, continuous, zero-length, or axis aligned.
fn local_segment() -> impl Strategy<Value = ((f64, f64), (f64, f64))> {
    prop_oneof![
        6 => (local(), local()),
        1 => local().prop_map(|p| (p, p)),
        1 => (local(), -10.0..10.0f64).prop_map(|(p, d)| (p, (p.0 + d, p.1))),
    ]
}

/// An edge and a wall in one frame; some walls start at a point computed on
/// the edge, offset by a hair in y, and run nearly parallel or across.
fn edge_and_wall() -> impl Strategy<Value = (P, P, P, P)> {
    let generic = (frame(), local_segment(), local_segment())
        .prop_map(|(f, (a, b), (c, d))| (f.at(a), f.at(b), f.at(c), f.at(d)));
    let near = (
        frame(),
        local_segment(),
        0.0..=1.0f64,
        prop_oneof![Just(0.0), Just(1e-7), Just(-1e-7), Just(1e-9), Just(-3e-12)],
        prop_oneof![(-1e-6..1e-6f64).prop_map(|e| (1.0, e)), local(),],
        0.01..3.0f64,
    )
        .prop_map(|(f, (a, b), t, dy, (dirx, diry), len)| {
            let (a, b) = (f.at(a), f.at(b));
            let on = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
            let c = (on.0, on.1 + dy);
            // Direction: along the edge (nearly parallel) or arbitrary.
            let (ex, ey) = (b.0 - a.0, b.1 - a.1);
            let (dx, dy2) = (ex * dirx - ey * diry, ey * dirx + ex * diry);
            let d = (c.0 + dx * len, c.1 + dy2 * len);
            (a, b, c, d)
        });
    prop_oneof![3 => generic, 2 => near]
}

fn polygon_local() -> impl Strategy<Value = Vec<(f64, f64)>> {
    prop_oneof![
        prop::collection::vec(local(), 3..9),
        // Regular-ish stars (self-intersecting) and convex polygons.
        (
            3usize..8,
            1usize..3,
            1.0..20.0f64,
            -10.0..10.0f64,
            -10.0..10.0f64
        )
            .prop_map(|(n, step, r, cx, cy)| {
                let n = if n % step == 0 && step > 1 { n + 1 } else { n };
                (0..n)
                    .map(|i| {
                        let a = (i * step) as f64 * std::f64::consts::TAU / n as f64;
                        (cx + r * a.cos(), cy + r * a.sin())
                    })
                    .collect()
            }),
    ]
}

// ------------------------------------------------------------------ helpers

/// Rounding slack for computed points at coordinate magnitude `m`.
fn point_slack(m: f64) -> f64 {
    64.0 * f64::EPSILON * m + 1e-300
}

/// The kernel distance `d` against an exact squared distance: exactly 0 for
/// exact 0, otherwise positive and within 1e-12 relative.
fn check_distance(d: f64, exact_2: &num_rational::BigRational) -> Result<(), TestCaseError> {
    prop_assert!(!d.is_nan() && d >= 0.0, "distance {d}");
    if exact_2.is_zero() {
        prop_assert_eq!(d, 0.0, "exact distance is 0");
    } else {
        let e = distance_from_2(exact_2);
        prop_assert!(d > 0.0, "exact distance {e} > 0 but kernel says 0");
        prop_assert!((d - e).abs() <= 1e-12 * e, "kernel {d} vs exact {e}");
    }
    Ok(())
}

/// Witness points: `edge_point` on the edge, `obstacle_point` on the
/// obstacle (checked by the caller), and their distance equal to `distance`
/// up to rounding of the points.
fn check_witness(s: &Separation, edge: (P, P), slack: f64) -> Result<(), TestCaseError> {
    prop_assert!(
        s.edge_point.is_finite() && s.obstacle_point.is_finite(),
        "{s:?}"
    );
    let off = distance_from_2(&exact_point_segment_distance_2(
        tup(s.edge_point),
        edge.0,
        edge.1,
    ));
    prop_assert!(
        off <= slack,
        "edge point {:?} is {off} off the edge",
        s.edge_point
    );
    let between = s.edge_point.distance_to(s.obstacle_point);
    prop_assert!(
        (between - s.distance).abs() <= slack + 1e-12 * s.distance,
        "witness distance {between} vs {}",
        s.distance
    );
    if s.distance == 0.0 {
        prop_assert_eq!(s.edge_point, s.obstacle_point);
    }
    Ok(())
}

// --------------------------------------------------------------- properties

proptest! {
    #![proptest_config(config())]

    #[test]
    fn orientation_matches_exact(f in frame(), a in local(), b in local(), c in local(), t in 0.0..1.0f64) {
        let (a, b) = (f.at(a), f.at(b));
        // Half the time, c is a rounded point on the line a-b.
        let c = if t < 0.5 { f.at(c) } else { (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t) };
        let o = orientation(pt(a), pt(b), pt(c));
        let expected = match exact_orientation(a, b, c) {
            1 => Orientation::CounterClockwise,
            -1 => Orientation::Clockwise,
            _ => Orientation::Collinear,
        };
        prop_assert_eq!(o, expected);
    }

    #[test]
    fn point_segment_matches_exact(f in frame(), (a, b) in local_segment(), p in local(), t in 0.0..1.0f64, dy in -1e-6..1e-6f64) {
        let (a, b) = (f.at(a), f.at(b));
        // Half the time, p is near the edge (a hair off a rounded point on it).
        let p = if t < 0.5 { f.at(p) } else {
            (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t + dy * f.scale)
        };
        let s = segment_to_point(seg(a, b), pt(p));
        check_distance(s.distance, &exact_point_segment_distance_2(p, a, b))?;
        prop_assert_eq!(s.obstacle_point, pt(p));
        check_witness(&s, (a, b), point_slack(magnitude(&[a, b, p])))?;
        prop_assert_eq!(s.edge_point, closest_point_on_segment(pt(p), seg(a, b)));
        // Reversal: bit-identical.
        let r = segment_to_point(seg(b, a), pt(p));
        prop_assert_eq!(r.distance, s.distance);
    }

    #[test]
    fn segment_segment_matches_exact((a, b, c, d) in edge_and_wall()) {
        let (e, w) = (seg(a, b), seg(c, d));
        let hit = exact_segments_intersect(a, b, c, d);
        prop_assert_eq!(segments_intersect(e, w), hit);
        prop_assert_eq!(segments_intersect(w, e), hit);
        let s = segment_to_segment(e, w);
        let exact_2 = exact_segment_segment_distance_2(a, b, c, d);
        prop_assert_eq!(exact_2.is_zero(), hit);
        check_distance(s.distance, &exact_2)?;
        let slack = point_slack(magnitude(&[a, b, c, d]));
        check_witness(&s, (a, b), slack)?;
        let off = distance_from_2(&exact_point_segment_distance_2(tup(s.obstacle_point), c, d));
        prop_assert!(off <= slack, "obstacle point {:?} is {off} off the wall", s.obstacle_point);
        // Reversing the edge (or the wall) does not change the distance.
        prop_assert_eq!(segment_to_segment(e.reversed(), w).distance, s.distance);
        prop_assert_eq!(segment_to_segment(e, w.reversed()).distance, s.distance);
        prop_assert_eq!(segment_to_segment(e.reversed(), w.reversed()).distance, s.distance);
    }

    #[test]
    fn polygon_contains_matches_exact(f in frame(), poly in polygon_local(), p in local(), pick in 0usize..16, t in 0.0..1.0f64) {
        let vs: Vec<Point> = poly.iter().map(|&v| pt(f.at(v))).collect();
        let Some(polygon) = Polygon::new(vs) else { return Ok(()) };
        let verts: Vec<P> = polygon.vertices().iter().map(|&v| tup(v)).collect();
        let n = verts.len();
        // Test a random point, a vertex, or a rounded point on an edge.
        let p = match pick % 4 {
            0 => verts[pick % n],
            1 => {
                let (u, v) = (verts[pick % n], verts[(pick + 1) % n]);
                (u.0 + (v.0 - u.0) * t, u.1 + (v.1 - u.1) * t)
            }
            _ => f.at(p),
        };
        prop_assert_eq!(polygon_contains(&polygon, pt(p)), exact_point_in_polygon_even_odd(&verts, p));
    }

    #[test]
    fn segment_polygon_matches_exact(f in frame(), poly in polygon_local(), (a, b) in local_segment()) {
        let vs: Vec<Point> = poly.iter().map(|&v| pt(f.at(v))).collect();
        let Some(polygon) = Polygon::new(vs) else { return Ok(()) };
        let verts: Vec<P> = polygon.vertices().iter().map(|&v| tup(v)).collect();
        let (a, b) = (f.at(a), f.at(b));
        let s = segment_to_polygon(seg(a, b), &polygon);
        check_distance(s.distance, &exact_segment_polygon_distance_2(a, b, &verts))?;
        let mut all = verts.clone();
        all.extend([a, b]);
        let slack = point_slack(magnitude(&all));
        check_witness(&s, (a, b), slack)?;
        let op = tup(s.obstacle_point);
        if s.distance > 0.0 {
            // The obstacle point lies on the boundary.
            let off = distance_from_2(&exact_point_boundary_distance_2(op, &verts));
            prop_assert!(off <= slack, "obstacle point {op:?} is {off} off the boundary");
        } else {
            // Touching: the witness is in the solid (on the boundary or inside),
            // up to the rounding of a computed crossing point.
            prop_assert!(
                exact_point_in_polygon_even_odd(&verts, op)
                    || distance_from_2(&exact_point_boundary_distance_2(op, &verts)) <= slack
            );
        }
        prop_assert_eq!(segment_to_polygon(seg(b, a), &polygon).distance, s.distance);
    }

    #[test]
    fn segment_circle_matches_exact(f in frame(), (a, b) in local_segment(), c in local(), r in prop_oneof![Just(0.0), 0.0..20.0f64]) {
        let (a, b, c) = (f.at(a), f.at(b), f.at(c));
        let radius = r * f.scale;
        let circle = Circle { center: pt(c), radius };
        let s = segment_to_circle(seg(a, b), circle);
        prop_assert!(!s.distance.is_nan() && s.distance >= 0.0);
        let e = exact_segment_circle_distance(a, b, c, radius);
        let centre = distance_from_2(&exact_point_segment_distance_2(c, a, b));
        prop_assert!((s.distance - e).abs() <= 1e-12 * centre, "kernel {} vs exact {e}", s.distance);
        let slack = point_slack(magnitude(&[a, b, c]) + radius);
        check_witness(&s, (a, b), slack + 1e-12 * centre)?;
        if s.distance > 0.0 {
            let on_circle = s.obstacle_point.distance_to(pt(c));
            prop_assert!((on_circle - radius).abs() <= slack + 1e-12 * centre, "{on_circle} vs radius {radius}");
        }
        prop_assert_eq!(segment_to_circle(seg(b, a), circle).distance, s.distance);
    }
}

/// A tile level's pieces: a rectangle of whole cells (integer corners) and
/// an edge between two cell centres one king's move apart (or a node), in a
/// frame shifted by 0, 1e6 or 1e7. Edges run along walls at equal
/// distances, diagonals pass through corners, corners touch edges.
fn tile_case() -> impl Strategy<Value = (Vec<P>, (P, P))> {
    let offset = prop_oneof![Just(0.0), Just(1e6), Just(1e7), Just(-1e7)];
    (
        offset,
        -6i32..6,
        -6i32..6,
        1i32..4,
        1i32..4,
        -8i32..8,
        -8i32..8,
        -1i32..=1,
        -1i32..=1,
    )
        .prop_map(|(o, x, y, w, h, cx, cy, dx, dy)| {
            let (x, y, w, h) = (f64::from(x), f64::from(y), f64::from(w), f64::from(h));
            let rect = vec![
                (o + x, o + y),
                (o + x + w, o + y),
                (o + x + w, o + y + h),
                (o + x, o + y + h),
            ];
            let a = (o + f64::from(cx) + 0.5, o + f64::from(cy) + 0.5);
            let b = (a.0 + f64::from(dx), a.1 + f64::from(dy));
            (rect, (a, b))
        })
}

proptest! {
    #![proptest_config(config())]

    /// Tile levels take the plain-f64 paths of the kernel (coordinates on a
    /// small grid): every answer against the exact twin, touching corners,
    /// collinear corners and ties included.
    #[test]
    fn tile_geometry_matches_exact((rect, (a, b)) in tile_case()) {
        let polygon = Polygon::new(rect.iter().map(|&v| pt(v)).collect()).expect("a rectangle");
        let s = segment_to_polygon(seg(a, b), &polygon);
        check_distance(s.distance, &exact_segment_polygon_distance_2(a, b, &rect))?;
        let mut all = rect.clone();
        all.extend([a, b]);
        check_witness(&s, (a, b), point_slack(magnitude(&all)))?;
        // Ties go to the lowest boundary edge: the first side at the least
        // exact distance gives the witness.
        let exact: Vec<_> = (0..4)
            .map(|i| exact_segment_segment_distance_2(a, b, rect[i], rect[(i + 1) % 4]))
            .collect();
        let least = exact.iter().min().expect("four sides");
        let first = exact.iter().position(|d| d == least).expect("the least is one of them");
        let side = segment_to_segment(seg(a, b), seg(rect[first], rect[(first + 1) % 4]));
        if least.is_zero() || !exact_point_in_polygon_even_odd(&rect, a) {
            prop_assert_eq!(s, side);
        } else {
            prop_assert_eq!((s.edge_point, s.obstacle_point), (pt(a), pt(a)));
        }
        for (i, &c) in rect.iter().enumerate() {
            let o = orientation(pt(a), pt(b), pt(c));
            let expected = match exact_orientation(a, b, c) {
                1 => Orientation::CounterClockwise,
                -1 => Orientation::Clockwise,
                _ => Orientation::Collinear,
            };
            prop_assert_eq!(o, expected);
            let d = rect[(i + 1) % 4];
            prop_assert_eq!(segments_intersect(seg(a, b), seg(c, d)), exact_segments_intersect(a, b, c, d));
            let t = segment_to_segment(seg(a, b), seg(c, d));
            check_distance(t.distance, &exact[i])?;
            let q = segment_to_point(seg(a, b), pt(c));
            check_distance(q.distance, &exact_point_segment_distance_2(c, a, b))?;
        }
        for q in [a, b] {
            prop_assert_eq!(polygon_contains(&polygon, pt(q)), exact_point_in_polygon_even_odd(&rect, q));
        }
    }
}

// ------------------------------------------------------------ worked cases

#[test]
fn worked_point_cases_against_the_twin() {
    // (3,3) to (1,1)-(5,2): 36/17 (ab=(4,1), ap=(2,2), t=10/17,
    // closest (57/17, 27/17), diff (-6/17, 24/17), d^2 = 612/289 = 36/17).
    let d2 = exact_point_segment_distance_2((3.0, 3.0), (1.0, 1.0), (5.0, 2.0));
    assert_eq!(d2, num_rational::BigRational::new(36.into(), 17.into()));
    let s = segment_to_point(seg((1.0, 1.0), (5.0, 2.0)), Point::new(3.0, 3.0));
    assert!((s.distance - (36.0f64 / 17.0).sqrt()).abs() <= 1e-15);
    // (3,-2) to (0,0)-(5,0): 2 at (3,0); (8,4): 5 at (5,0).
    let s = segment_to_point(seg((0.0, 0.0), (5.0, 0.0)), Point::new(3.0, -2.0));
    assert_eq!((s.distance, s.edge_point), (2.0, Point::new(3.0, 0.0)));
    let s = segment_to_point(seg((0.0, 0.0), (5.0, 0.0)), Point::new(8.0, 4.0));
    assert_eq!((s.distance, s.edge_point), (5.0, Point::new(5.0, 0.0)));
}

#[test]
fn zero_length_edge_against_everything() {
    let node = seg((1.0, 1.0), (1.0, 1.0));
    // Point (4,5): |(3,4)| = 5.
    assert_eq!(segment_to_point(node, Point::new(4.0, 5.0)).distance, 5.0);
    // Wall (4,-3)-(4,9): 3, foot (4,1).
    let s = segment_to_segment(node, seg((4.0, -3.0), (4.0, 9.0)));
    assert_eq!((s.distance, s.obstacle_point), (3.0, Point::new(4.0, 1.0)));
    // Square (2,2)-(6,6): nearest is the corner (2,2), sqrt(2) away; inside
    // the square it is 0.
    let square = Polygon::new(vec![
        Point::new(2.0, 2.0),
        Point::new(6.0, 2.0),
        Point::new(6.0, 6.0),
        Point::new(2.0, 6.0),
    ])
    .expect("square");
    let s = segment_to_polygon(node, &square);
    assert_eq!(s.distance, 2f64.sqrt());
    assert_eq!(s.obstacle_point, Point::new(2.0, 2.0));
    assert_eq!(
        segment_to_polygon(seg((3.0, 3.0), (3.0, 3.0)), &square).distance,
        0.0
    );
}

#[test]
fn nearly_touching_far_from_origin() {
    // Edge along y = 1e7 from x = 1e7 to 1e7 + 10; a wall starting 1e-7
    // above its middle and going up: distance 1e-7 (to the rounding of the
    // offset point), compared with the twin.
    let (a, b) = ((1e7, 1e7), (1e7 + 10.0, 1e7));
    let c = (1e7 + 5.0, 1e7 + 1e-7);
    let d = (1e7 + 5.0, 1e7 + 3.0);
    let s = segment_to_segment(seg(a, b), seg(c, d));
    let e = distance_from_2(&exact_segment_segment_distance_2(a, b, c, d));
    assert!((s.distance - e).abs() <= 1e-15 * e, "{} vs {e}", s.distance);
    assert!((s.distance - 1e-7).abs() < 1e-8);
    // Nearly parallel: the wall rises 1e-9 over 10 units, starting 1e-7 above.
    let d = (1e7 + 15.0, 1e7 + 1e-7 + 1e-9);
    let s = segment_to_segment(seg(a, b), seg(c, d));
    let e = distance_from_2(&exact_segment_segment_distance_2(a, b, c, d));
    assert!((s.distance - e).abs() <= 1e-15 * e, "{} vs {e}", s.distance);
}

#[test]
fn extremes_never_nan_or_negative() {
    let values = [
        0.0,
        1e-300,
        -1e-300,
        5e-324,
        1.0,
        1e7,
        1e12,
        -1e12,
        1e300,
        -f64::MAX,
        f64::MAX,
    ];
    let square = Polygon::new(vec![
        Point::new(-1e12, -1e12),
        Point::new(1e12, -1e12),
        Point::new(1e12, 1e12),
        Point::new(-1e12, 1e12),
    ])
    .expect("square");
    for &x0 in &values {
        for &y1 in &values {
            for &x2 in &values {
                let e = Segment::new(Point::new(x0, 1.0), Point::new(-1.0, y1));
                let w = Segment::new(Point::new(x2, -x0), Point::new(y1, x2));
                let seps = [
                    segment_to_point(e, w.a),
                    segment_to_segment(e, w),
                    segment_to_circle(
                        e,
                        Circle {
                            center: w.a,
                            radius: y1.abs(),
                        },
                    ),
                    segment_to_polygon(e, &square),
                ];
                for s in seps {
                    assert!(
                        !s.distance.is_nan() && s.distance >= 0.0,
                        "{e:?} {w:?} {s:?}"
                    );
                    assert!(
                        !s.edge_point.x.is_nan() && !s.edge_point.y.is_nan(),
                        "{s:?}"
                    );
                    assert!(
                        !s.obstacle_point.x.is_nan() && !s.obstacle_point.y.is_nan(),
                        "{s:?}"
                    );
                }
                let r = segment_to_segment(e.reversed(), w);
                assert_eq!(r.distance, seps[1].distance);
            }
        }
    }
}

#[test]
fn exact_twin_self_check() {
    // The twin's own building blocks on hand-worked values.
    assert!(exact::exact_segments_intersect(
        (0.0, 0.0),
        (2.0, 2.0),
        (0.0, 2.0),
        (2.0, 0.0)
    ));
    assert!(!exact::exact_segments_intersect(
        (0.0, 0.0),
        (1.0, 0.0),
        (2.0, 0.0),
        (3.0, 0.0)
    ));
    assert!(exact::exact_segments_intersect(
        (0.0, 0.0),
        (1.0, 0.0),
        (1.0, 0.0),
        (1.0, 0.0)
    ));
    let sq = [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)];
    assert!(exact_point_in_polygon_even_odd(&sq, (1.0, 1.0)));
    assert!(exact_point_in_polygon_even_odd(&sq, (2.0, 1.0)));
    assert!(!exact_point_in_polygon_even_odd(&sq, (3.0, 1.0)));
    assert_eq!(
        exact_segment_circle_distance((0.0, 0.0), (5.0, 0.0), (8.0, 4.0), 2.0),
        3.0
    );
}
