//! The precision guarantee over the whole coordinate range the loader
//! accepts (|x|, |y| <= 1e15), against exact rational arithmetic
//! (`crates/clearway-test-support/src/exact.rs`):
//!
//! * points, walls and polygons: the distance is within 1e-12 of the exact
//!   value *relative to the value itself*, and 0 exactly when the shapes
//!   touch, at every offset from the origin up to 1e15 and at every scale;
//! * circles (distance minus radius): within 1e-12 of the exact distance
//!   from the centre, so within 1e-9 of the coordinate scale (the largest
//!   coordinate magnitude), including near 1e15;
//! * whole maps through the loader, the R-tree and the engine: the same, and
//!   the R-tree search equals brute force at every offset;
//! * the range's edge: 1e15 loads, the next f64 above it does not.
//!
//! `tests/it/geometry.rs` and `tests/it/clearance.rs` cover offsets 1e6 and 1e7 and
//! scales from 1e-300 to 1e12; this file adds offsets 1e9, 1e12, 1e14 and
//! the last binade below 1e15 (where coordinates are multiples of 0.125), and
//! maps spread over the whole range.

use crate::common::exact::magnitude;
use crate::common::exact::{
    P, distance_from_2, exact_point_segment_distance_2, exact_segment_circle_distance,
    exact_segment_polygon_distance_2, exact_segment_segment_distance_2,
};
use crate::common::exact_obstacle::{exact_segment_obstacle_distance, pt, seg, tup};
use crate::common::random_map::random_map;
use clearway::geometry::{
    Circle, Polygon, Segment, segment_to_circle, segment_to_point, segment_to_polygon,
    segment_to_segment,
};
use clearway::{Clearances, EdgeIdx, LoadErrorKind, Map, NodeIdx, Obstacle};
use clearway_test_support::proptest_config::seeded;
use num_rational::BigRational;
use num_traits::Zero;
use proptest::prelude::*;
use proptest::test_runner::Config;

/// The loader's limit on coordinates.
const LIMIT: f64 = 1e15;

fn config(cases: u32) -> Config {
    seeded(cases, 0x9e15_9e15)
}

/// Offsets from the origin across the range, both signs; the last ones sit
/// in the top binade, where the spacing of f64 is 0.125.
fn offset() -> impl Strategy<Value = (f64, f64)> {
    let o = prop_oneof![
        Just(1e6),
        Just(1e7),
        Just(1e9),
        Just(1e12),
        Just(1e14),
        Just(LIMIT - 256.0),
        Just(9.9e14),
    ];
    (o.clone(), o, any::<bool>(), any::<bool>())
        .prop_map(|(x, y, sx, sy)| (if sx { -x } else { x }, if sy { -y } else { y }))
}

/// A local coordinate: a small grid (exact touches) or continuous in [-100, 100).
fn local() -> impl Strategy<Value = (f64, f64)> {
    prop_oneof![
        ((-6i32..=6), (-6i32..=6)).prop_map(|(x, y)| (f64::from(x), f64::from(y))),
        ((-100.0..100.0f64), (-100.0..100.0f64)),
    ]
}

fn at(o: (f64, f64), l: (f64, f64)) -> P {
    (o.0 + l.0, o.1 + l.1)
}

/// A rounded point on a-b at t, moved `ulps` steps of f64 in y: on the
/// segment, or a hair off it (one step is 0.125 near 1e15).
fn near(a: P, b: P, t: f64, ulps: i32) -> P {
    let mut y = a.1 + (b.1 - a.1) * t;
    for _ in 0..ulps.unsigned_abs() {
        y = if ulps > 0 { y.next_up() } else { y.next_down() };
    }
    (a.0 + (b.0 - a.0) * t, y)
}

/// Distance `d` against the exact squared distance: exact zeros exactly,
/// otherwise within 1e-12 relative to the exact value.
fn relative(d: f64, exact_2: &BigRational) -> Result<(), TestCaseError> {
    prop_assert!(!d.is_nan() && d >= 0.0, "distance {d}");
    if exact_2.is_zero() {
        prop_assert_eq!(d, 0.0, "the shapes touch");
    } else {
        let e = distance_from_2(exact_2);
        prop_assert!(d > 0.0, "exact {e} > 0, kernel 0");
        prop_assert!((d - e).abs() <= 1e-12 * e, "kernel {d} vs exact {e}");
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(384))]

    /// Point to segment, far from the origin, with the point on or a few
    /// ulps off the segment half the time.
    #[test]
    fn point_segment_across_the_range(o in offset(), a in local(), b in local(), p in local(), t in 0.0..1.0f64, ulps in -3i32..=3, pick in any::<bool>()) {
        let (a, b) = (at(o, a), at(o, b));
        let p = if pick { at(o, p) } else { near(a, b, t, ulps) };
        let s = segment_to_point(seg(a, b), pt(p));
        relative(s.distance, &exact_point_segment_distance_2(p, a, b))?;
    }

    /// Walls starting on or a few ulps off the edge, running nearly parallel
    /// (tilted by 2^-40 .. 2^-20 of the edge's direction) or across it.
    #[test]
    fn nearly_parallel_nearly_touching_walls(o in offset(), a in local(), b in local(), t in 0.0..1.0f64, ulps in -4i32..=4, tilt in -1e-6..1e-6f64, len in 0.05..2.0f64, across in any::<bool>(), far in local()) {
        let (a, b) = (at(o, a), at(o, b));
        let c = near(a, b, t, ulps);
        let (ex, ey) = (b.0 - a.0, b.1 - a.1);
        let d = if across {
            at(o, far)
        } else {
            (c.0 + (ex - ey * tilt) * len, c.1 + (ey + ex * tilt) * len)
        };
        let s = segment_to_segment(seg(a, b), seg(c, d));
        relative(s.distance, &exact_segment_segment_distance_2(a, b, c, d))?;
        // Parallel copies shifted k ulps off the edge.
        let shifted = |p: P| near(p, p, 0.0, ulps);
        let (c2, d2) = (shifted(a), shifted(b));
        let s = segment_to_segment(seg(a, b), seg(c2, d2));
        relative(s.distance, &exact_segment_segment_distance_2(a, b, c2, d2))?;
    }

    /// Polygons (convex, star-shaped or scribbled) far from the origin.
    #[test]
    fn polygons_across_the_range(o in offset(), a in local(), b in local(), vs in prop::collection::vec(local(), 3..8)) {
        let (a, b) = (at(o, a), at(o, b));
        let Some(poly) = Polygon::new(vs.iter().map(|&v| pt(at(o, v))).collect()) else { return Ok(()) };
        let verts: Vec<P> = poly.vertices().iter().map(|v| (v.x, v.y)).collect();
        let s = segment_to_polygon(seg(a, b), &poly);
        relative(s.distance, &exact_segment_polygon_distance_2(a, b, &verts))?;
    }

    /// Circles (distance minus radius) far from the origin, with radii that
    /// make the disc nearly tangent to the edge: within 1e-12 of the centre
    /// distance, far inside 1e-9 of the coordinate scale.
    #[test]
    fn circles_across_the_range(o in offset(), a in local(), b in local(), c in local(), gap in prop_oneof![Just(0.0), -1e-3..1e-3f64, 0.0..50.0f64]) {
        let (a, b, c) = (at(o, a), at(o, b), at(o, c));
        let centre = distance_from_2(&exact_point_segment_distance_2(c, a, b));
        let radius = (centre - gap).max(0.0);
        let s = segment_to_circle(seg(a, b), Circle { center: pt(c), radius });
        prop_assert!(!s.distance.is_nan() && s.distance >= 0.0);
        let e = exact_segment_circle_distance(a, b, c, radius);
        prop_assert!((s.distance - e).abs() <= 1e-12 * centre, "kernel {} vs exact {e}", s.distance);
        prop_assert!((s.distance - e).abs() <= 1e-9 * magnitude(&[a, b, c]));
    }

    /// Huge circles: the centre across the map, the radius almost the whole
    /// distance to the edge (up to about 2.8e15), so the clearance is a small
    /// difference of two numbers near 1e15. The error stays within a few
    /// ulps of the centre distance: far inside 1e-9 of the coordinate scale,
    /// though not within 1e-9 of the (tiny) clearance itself.
    #[test]
    fn huge_circles_near_the_limit(a in local(), b in local(), cx in -LIMIT..LIMIT, cy in -LIMIT..LIMIT, gap in 0.0..1e3f64, sign in any::<bool>()) {
        let corner = if sign { (LIMIT - 200.0, -LIMIT + 200.0) } else { (-LIMIT + 200.0, LIMIT - 200.0) };
        let (a, b) = (at(corner, a), at(corner, b));
        let c = (cx, cy);
        let centre = distance_from_2(&exact_point_segment_distance_2(c, a, b));
        let radius = (centre - gap).max(0.0);
        let s = segment_to_circle(seg(a, b), Circle { center: pt(c), radius });
        let e = exact_segment_circle_distance(a, b, c, radius);
        let err = (s.distance - e).abs();
        prop_assert!(err <= 4.0 * f64::EPSILON * centre, "error {err} at centre distance {centre}");
        prop_assert!(err <= 1e-9 * LIMIT, "error {err}");
    }

    /// Whole random levels moved to offsets up to 1e15, through the loader,
    /// the R-tree and the engine: the R-tree equals brute force, and every
    /// edge and node clearance matches exact arithmetic (relative to itself
    /// without circles; to 1e-9 of the coordinate scale with them).
    #[test]
    fn shifted_levels_match_exact_arithmetic(m in random_map(10, 12), o in offset()) {
        let text = m.shifted(o.0, o.1).to_ron();
        let map = Map::loader().read_str(&text, "shifted.ron").expect("loads");
        check_map(&map)?;
    }

    /// Levels spread over the whole range: every coordinate anywhere in
    /// [-1e15, 1e15], nodes and obstacles.
    #[test]
    fn levels_spread_over_the_whole_range(nodes in prop::collection::vec((-LIMIT..=LIMIT, -LIMIT..=LIMIT), 2..8), walls in prop::collection::vec(((-LIMIT..=LIMIT, -LIMIT..=LIMIT), (-LIMIT..=LIMIT, -LIMIT..=LIMIT)), 1..6), circles in prop::collection::vec(((-LIMIT..=LIMIT, -LIMIT..=LIMIT), 0.0..1e15f64), 0..3)) {
        let p = |(x, y): P| format!("({x:?}, {y:?})");
        let mut text = String::from("(nodes: [");
        for (i, &n) in nodes.iter().enumerate() {
            text.push_str(&format!("(id: {i}, pos: {}),", p(n)));
        }
        text.push_str("], edges: [");
        for i in 1..nodes.len() {
            text.push_str(&format!("(from: {}, to: {i}), (from: 0, to: {i}),", i - 1));
        }
        text.push_str("], obstacles: [");
        for &(a, b) in &walls {
            text.push_str(&format!("Segment(from: {}, to: {}),", p(a), p(b)));
        }
        for &(c, r) in &circles {
            text.push_str(&format!("Circle(center: {}, radius: {r:?}),", p(c)));
        }
        text.push_str("])");
        let map = Map::loader().read_str(&text, "spread.ron").expect("loads");
        check_map(&map)?;
    }
}

/// Every clearance of `map` against brute force and exact arithmetic.
fn check_map(map: &Map) -> Result<(), TestCaseError> {
    let clearances = Clearances::compute(map);
    prop_assert_eq!(&clearances, &Clearances::compute_brute_force(map));
    let scale = map
        .nodes()
        .iter()
        .fold(0.0_f64, |m, n| m.max(n.pos.x.abs()).max(n.pos.y.abs()));
    let has_circle = map
        .obstacles()
        .iter()
        .any(|o| matches!(o, Obstacle::Circle(_)));
    let edges = (0..map.edges().len()).map(|i| {
        (
            map.edge_segment(EdgeIdx::new(i)),
            clearances.edge(EdgeIdx::new(i)).value,
        )
    });
    let nodes = map.nodes().iter().enumerate().map(|(i, n)| {
        (
            Segment::new(n.pos, n.pos),
            clearances.node(NodeIdx::new(i)).value,
        )
    });
    for (s, got) in edges.chain(nodes) {
        prop_assert!(!got.is_nan() && got >= 0.0);
        if map.obstacles().is_empty() {
            continue;
        }
        let (a, b) = (tup(s.a), tup(s.b));
        let (exact, touching) = map
            .obstacles()
            .iter()
            .map(|o| exact_segment_obstacle_distance(a, b, o))
            .fold((f64::INFINITY, false), |(d, t), (e, u)| (d.min(e), t || u));
        prop_assert!(
            (got - exact).abs() <= 1e-9 * scale,
            "{s:?}: {got} vs exact {exact}"
        );
        if !has_circle {
            prop_assert_eq!(got == 0.0, touching, "{:?}: {} vs exact {}", s, got, exact);
            prop_assert!(
                (got - exact).abs() <= 1e-12 * exact,
                "{s:?}: {got} vs exact {exact}"
            );
        }
    }
    Ok(())
}

/// A wall one ulp (0.125) off an edge in the top binade: the clearance is
/// exactly 0.125, and exactly 0 when the wall touches.
#[test]
fn one_ulp_gaps_at_the_limit() {
    let y = LIMIT - 64.0; // spacing 0.125 here
    let text = |wall_y: f64| {
        format!(
            "(nodes: [(id: 0, pos: (-1e15, {y:?})), (id: 1, pos: (1e15, {y:?}))], edges: [(from: 0, to: 1)], \
             obstacles: [Segment(from: (3.0, {wall_y:?}), to: (999999999999999.0, {wall_y:?}))])"
        )
    };
    let map = Map::loader()
        .read_str(&text(y + 0.125), "gap.ron")
        .expect("loads");
    assert_eq!(Clearances::compute(&map).edge(EdgeIdx::new(0)).value, 0.125);
    let map = Map::loader()
        .read_str(&text(y), "touch.ron")
        .expect("loads");
    assert_eq!(Clearances::compute(&map).edge(EdgeIdx::new(0)).value, 0.0);
    // A point one ulp off the diagonal from (-1e15, -1e15) to (1e15, 1e15):
    // 0.125 / sqrt(2) away.
    let map = Map::loader().read_str(
        "(nodes: [(id: 0, pos: (-1e15, -1e15)), (id: 1, pos: (1e15, 1e15))], edges: [(from: 0, to: 1)], \
         obstacles: [Point((999999999999000.0, 999999999999000.125))])",
        "diagonal.ron",
    )
    .expect("loads");
    let got = Clearances::compute(&map).edge(EdgeIdx::new(0)).value;
    let exact = 0.125 / 2f64.sqrt();
    assert!((got - exact).abs() <= 2.0 * f64::EPSILON * exact, "{got}");
}

/// The range is closed at ±1e15 and ends there: the next f64 beyond it is
/// an `OutOfRange` error wherever the coordinate stands.
#[test]
fn the_range_ends_at_1e15() {
    let beyond = LIMIT.next_up(); // 1e15 + 0.125
    assert_eq!(format!("{beyond:?}"), "1000000000000000.1");
    let ok = [
        "(nodes: [(id: 0, pos: (1e15, -1e15))])".to_owned(),
        "(nodes: [(id: 0, pos: (1000000000000000.0, 0))])".to_owned(),
        "(nodes: [], obstacles: [Polygon([(1e15, 1e15), (-1e15, 1e15), (0, -1e15)])])".to_owned(),
        // Radii are lengths, not coordinates: any finite radius loads.
        "(nodes: [], obstacles: [Circle(center: (1e15, 0), radius: 1e300)])".to_owned(),
    ];
    for text in &ok {
        Map::loader()
            .read_str(text, "ok.ron")
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let bad = [
        format!("(nodes: [(id: 0, pos: ({beyond:?}, 0))])"),
        format!("(nodes: [(id: 0, pos: (0, -{beyond:?}))])"),
        format!("(nodes: [], obstacles: [Point(({beyond:?}, 0))])"),
        format!("(nodes: [], obstacles: [Circle(center: (0, {beyond:?}), radius: 1)])"),
        format!("(nodes: [], obstacles: [Segment(from: (0, 0), to: (-{beyond:?}, 0))])"),
        format!("(nodes: [], obstacles: [Polygon([(0, 0), (1, 0), ({beyond:?}, 1)])])"),
        "(nodes: [(id: 0, pos: (1e16, 0))])".to_owned(),
        "(nodes: [(id: 0, pos: (1e300, 0))])".to_owned(),
    ];
    for text in &bad {
        let err = Map::loader().read_str(text, "bad.ron").expect_err(text);
        assert_eq!(err.kind(), LoadErrorKind::OutOfRange, "{text}: {err}");
        assert!(
            err.to_string()
                .contains("coordinates must lie within ±1e15"),
            "{err}"
        );
        assert!(err.location().is_some(), "{text}: {err}");
    }
}

/// A huge circle whose boundary passes within a hair of an edge near the
/// opposite corner of the range: the clearance is the difference of two
/// numbers near 2.8e15, each known to 0.25 (the spacing of f64 there).
/// It stays within a few ulps of the centre distance, which is well inside
/// 1e-9 of the coordinate scale (1e6 at 1e15).
#[test]
fn huge_circle_across_the_range() {
    let (a, b) = ((LIMIT, LIMIT), (LIMIT - 10.0, LIMIT));
    let c = (-LIMIT, -LIMIT);
    let centre = distance_from_2(&exact_point_segment_distance_2(c, a, b));
    for gap in [0.0, 0.25, 0.5, 1.0, 7.0, 1000.0] {
        let radius = centre - gap;
        let s = segment_to_circle(
            seg(a, b),
            Circle {
                center: pt(c),
                radius,
            },
        );
        let e = exact_segment_circle_distance(a, b, c, radius);
        let err = (s.distance - e).abs();
        assert!(err <= 4.0 * f64::EPSILON * centre, "gap {gap}: {err}");
        assert!(err <= 1e-9 * LIMIT, "gap {gap}: {err}");
    }
}
