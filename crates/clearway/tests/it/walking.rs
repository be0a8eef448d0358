//! Walking agents (`clearway::walking`) against their exact twin
//! (`crates/clearway-test-support/src/exact_walking.rs`): every walking
//! clearance is the largest radius whose body fits, to 1e-9 relative, as
//! the twin decides fitting in exact rationals over every obstacle (no
//! index); every ground gap is the twin's longest gap; on seeded random
//! levels at offsets 0, 1e6 and 1e7. Plus the closed forms worked out by
//! hand: a beam, a ramp, a step, and a box the body just touches at its
//! side, top and bottom.

use crate::common::exact::sqrt_to_f64;
use crate::common::exact_walking::{body_fits, longest_gap};
use clearway::geometry::Point3;
use clearway::walking::{Blocked, Walking, WalkingClearances};
use clearway::{EdgeIdx, Level, Map, NodeIdx, Space};
use clearway_test_support::proptest_config::seeded;
use num_traits::ToPrimitive;
use proptest::prelude::*;

fn load(text: &str) -> Map<Space> {
    match Level::loader().read_str(text, "walk.ron").expect("loads") {
        Level::Space(map) => map,
        Level::Plane(_) => panic!("a 3D level"),
    }
}

fn walking(map: &Map<Space>, agent: usize) -> (Walking, f64) {
    let a = &map.agents()[agent];
    (a.walking.expect("a walking agent"), a.radius)
}

// ------------------------------------------------------------ closed forms

/// A corridor floor (top at z = 0), the edge along x at the feet, and one
/// more obstacle.
fn corridor(agents: &str, obstacle: &str) -> Map<Space> {
    load(&format!(
        r#"Map(
            agents: [{agents}],
            nodes: [(id: 0, pos: (0.0, 0.0, 0.0)), (id: 1, pos: (10.0, 0.0, 0.0))],
            edges: [(from: 0, to: 1)],
            obstacles: [
                Box(min: (-1.0, -5.0, -1.0), max: (11.0, 5.0, 0.0)),
                {obstacle}
            ],
        )"#
    ))
}

const SOLDIER: &str = r#"(name: "soldier", radius: 0.4, height: 1.8, climb: 0.4, max_slope: 40.0)"#;

#[test]
fn a_beam_lower_than_the_head_blocks_and_a_higher_one_pinches_nothing() {
    // The soldier's core at radius r runs from 0.4 + r to 1.8 - r above
    // the feet. A beam across at 1.6 is inside the capsule's reach for
    // every r (1.8 - r + r = 1.8 > 1.6): clearance 0.
    let map = corridor(
        SOLDIER,
        "Segment(from: (5.0, -5.0, 1.6), to: (5.0, 5.0, 1.6)),",
    );
    let (w, r) = walking(&map, 0);
    let walk = WalkingClearances::compute(&map, w);
    let e = EdgeIdx::new(0);
    assert_eq!(walk.edge(e).body.value, 0.0);
    assert_eq!(walk.edge(e).body.witness.unwrap().obstacle, 1);
    assert!(matches!(
        walk.edge_blocked(&map, e, r),
        Some(Blocked::Body(_))
    ));
    // At 2.0, the beam is 2.0 - (1.8 - r) = 0.2 + r from the core: never
    // closer than r. The floor is 0.4 + r below it: the same. So the body
    // fits up to the widest, (1.8 - 0.4) / 2 = 0.7.
    let map = corridor(
        SOLDIER,
        "Segment(from: (5.0, -5.0, 2.0), to: (5.0, 5.0, 2.0)),",
    );
    let walk = WalkingClearances::compute(&map, w);
    assert_eq!(walk.edge(e).body.value, 0.7);
    assert_eq!(walk.edge(e).body.witness, None);
    assert_eq!(walk.edge_blocked(&map, e, r), None);
}

#[test]
fn a_box_beside_above_and_below_the_body() {
    // Beside: a pillar 0.55 to the side of the path, as tall as the room.
    // The core's distance to it is 0.55 for every r: clearance 0.55.
    let map = corridor(SOLDIER, "Box(min: (4.0, 0.55, 0.0), max: (6.0, 2.0, 3.0)),");
    let (w, _) = walking(&map, 0);
    let walk = WalkingClearances::compute(&map, w);
    assert_eq!(walk.edge(EdgeIdx::new(0)).body.value, 0.55);
    // Above and to the side: a shelf whose lower corner is 0.3 to the side
    // and at 1.5. The core's top corner line is at 1.8 - r: while
    // 1.8 - r > 1.5 the distance is 0.3 (level with it); the body fits
    // while r <= 0.3, and 1.8 - 0.3 = 1.5 is just level: clearance 0.3.
    let map = corridor(SOLDIER, "Box(min: (4.0, 0.3, 1.5), max: (6.0, 2.0, 3.0)),");
    let walk = WalkingClearances::compute(&map, w);
    assert!((walk.edge(EdgeIdx::new(0)).body.value - 0.3).abs() <= 1e-15);
    // Below and to the side: a low block 0.3 to the side, 0.6 tall. The
    // core's bottom is at 0.4 + r: at r = 0.2 that is level with the top,
    // 0.3 away; below r = 0.2 the core's bottom is beside the block (0.3
    // away, > r); above, the distance is hypot(0.3, 0.4 + r - 0.6) = r
    // where 0.09 + (r - 0.2)^2 = r^2, r = 0.13 / 0.4 = 0.325.
    let map = corridor(SOLDIER, "Box(min: (4.0, 0.3, 0.0), max: (6.0, 2.0, 0.6)),");
    let walk = WalkingClearances::compute(&map, w);
    let c = walk.edge(EdgeIdx::new(0)).body.value;
    assert!((c - 0.325).abs() <= 1e-12, "{c}");
}

#[test]
fn a_step_lower_than_the_climb_is_walked_over() {
    // A 0.3 step across the path (x in [5, 11]): the soldier (climb 0.4)
    // walks on at z = 0 through it? No: his feet are at 0, so the step's
    // top at 0.3 is within the climb and its side below the body's bottom
    // at 0.4: the body clears it by 0.1 + r > r. Held up all along.
    let map = corridor(
        SOLDIER,
        "Box(min: (5.0, -5.0, 0.0), max: (11.0, 5.0, 0.3)),",
    );
    let (w, r) = walking(&map, 0);
    let walk = WalkingClearances::compute(&map, w);
    assert_eq!(walk.edge(EdgeIdx::new(0)).body.value, 0.7);
    assert_eq!(walk.edge_blocked(&map, EdgeIdx::new(0), r), None);
    // A 0.5 step is above the body's bottom (0.4 + r): clearance 0.
    let map = corridor(
        SOLDIER,
        "Box(min: (5.0, -5.0, 0.0), max: (11.0, 5.0, 0.5)),",
    );
    let walk = WalkingClearances::compute(&map, w);
    assert_eq!(walk.edge(EdgeIdx::new(0)).body.value, 0.0);
}

#[test]
fn ramps_of_30_and_45_degrees_against_a_40_degree_limit() {
    for (degrees, steep) in [(30.0f64, false), (45.0, true)] {
        // A ramp rising along x: the edge climbs it from (0,0,0) to
        // (4, 0, 4 tan a), on a triangle ramp under it.
        let rise = 4.0 * degrees.to_radians().tan();
        let map = load(&format!(
            r#"Map(
                agents: [{SOLDIER}],
                nodes: [(id: 0, pos: (0.0, 0.0, 0.0)), (id: 1, pos: (4.0, 0.0, {rise:?}))],
                edges: [(from: 0, to: 1)],
                obstacles: [Triangle([(0.0, -2.0, 0.0), (4.0, -2.0, {rise:?}), (0.0, 2.0, 0.0)]),
                            Triangle([(4.0, -2.0, {rise:?}), (4.0, 2.0, {rise:?}), (0.0, 2.0, 0.0)])],
            )"#
        ));
        let (w, r) = walking(&map, 0);
        let walk = WalkingClearances::compute(&map, w);
        let spot = walk.edge(EdgeIdx::new(0));
        assert!((spot.slope - degrees).abs() < 1e-9, "{}", spot.slope);
        assert_eq!(spot.ground, None, "the ramp holds it up all along");
        let verdict = walk.edge_blocked(&map, EdgeIdx::new(0), r);
        assert_eq!(
            matches!(verdict, Some(Blocked::TooSteep(_))),
            steep,
            "{verdict:?}"
        );
    }
}

#[test]
fn a_gap_in_the_floor_longer_than_the_radius_blocks() {
    // Two floor slabs with a 3.2 gap between x = 3 and 6.2: the edge from
    // 0 to 10 has no ground under 3.2 of its 10, from (3, 0, 0).
    let map = load(&format!(
        r#"Map(
            agents: [{SOLDIER}, (name: "strider", radius: 0.4, height: 8.0, climb: 0.4)],
            nodes: [(id: 0, pos: (0.0, 0.0, 0.0)), (id: 1, pos: (10.0, 0.0, 0.0)),
                    (id: 2, pos: (4.0, 0.0, 0.0))],
            edges: [(from: 0, to: 1)],
            obstacles: [Box(min: (-1.0, -5.0, -1.0), max: (3.0, 5.0, 0.0)),
                        Box(min: (6.2, -5.0, -1.0), max: (11.0, 5.0, 0.0))],
        )"#
    ));
    let (w, r) = walking(&map, 0);
    let walk = WalkingClearances::compute(&map, w);
    let gap = walk.edge(EdgeIdx::new(0)).ground.expect("a gap");
    assert!(
        (gap.length - 3.2).abs() < 1e-12 && gap.of == 10.0,
        "{gap:?}"
    );
    assert_eq!(gap.from, Point3::new(3.0, 0.0, 0.0));
    assert!(matches!(
        walk.edge_blocked(&map, EdgeIdx::new(0), r),
        Some(Blocked::NoGround(_))
    ));
    // A node over the gap has no ground at all.
    assert!(matches!(
        walk.node_blocked(&map, NodeIdx::new(2), r),
        Some(Blocked::NoGround(_))
    ));
    assert_eq!(walk.node_blocked(&map, NodeIdx::new(0), r), None);
}

#[test]
fn a_short_gap_is_stepped_over() {
    // A 0.3 gap: shorter than the radius 0.4.
    let map = load(&format!(
        r#"Map(
            agents: [{SOLDIER}],
            nodes: [(id: 0, pos: (0.0, 0.0, 0.0)), (id: 1, pos: (10.0, 0.0, 0.0))],
            edges: [(from: 0, to: 1)],
            obstacles: [Box(min: (-1.0, -5.0, -1.0), max: (5.0, 5.0, 0.0)),
                        Box(min: (5.3, -5.0, -1.0), max: (11.0, 5.0, 0.0))],
        )"#
    ));
    let (w, r) = walking(&map, 0);
    let walk = WalkingClearances::compute(&map, w);
    let gap = walk.edge(EdgeIdx::new(0)).ground.expect("a gap");
    assert!((gap.length - 0.3).abs() < 1e-12, "{gap:?}");
    assert_eq!(walk.edge_blocked(&map, EdgeIdx::new(0), r), None);
}

// ------------------------------------------------------------ the twin

/// Where a level sits: an offset from the origin.
fn offset() -> impl Strategy<Value = f64> {
    prop_oneof![3 => Just(0.0), 2 => Just(1e6), 2 => Just(1e7), 1 => Just(-1e7 - 0.5)]
}

fn coordinate() -> impl Strategy<Value = f64> {
    prop_oneof![(-16i32..=16).prop_map(|v| v as f64 / 4.0), -4.0f64..4.0,]
}

fn point() -> impl Strategy<Value = (f64, f64, f64)> {
    (
        coordinate(),
        coordinate(),
        (0i32..=12).prop_map(|z| z as f64 / 4.0),
    )
}

fn ron((x, y, z): (f64, f64, f64), at: f64) -> String {
    format!("({:?}, {:?}, {:?})", x + at, y + at, z + at)
}

type P = (f64, f64, f64);

/// One obstacle of any kind, around the origin.
#[derive(Clone, Debug)]
enum Shape {
    Point(P),
    Ball(P, f64),
    Segment(P, P),
    Triangle(P, P, P),
    Box(P, P),
    /// A solid tetrahedron (closed), its corner and size.
    Tetrahedron(P, f64),
}

impl Shape {
    fn ron(&self, at: f64) -> String {
        match *self {
            Shape::Point(p) => format!("Point({})", ron(p, at)),
            Shape::Ball(c, r) => format!("Sphere(center: {}, radius: {r:?})", ron(c, at)),
            Shape::Segment(a, b) => format!("Segment(from: {}, to: {})", ron(a, at), ron(b, at)),
            Shape::Triangle(a, b, c) => {
                format!("Triangle([{}, {}, {}])", ron(a, at), ron(b, at), ron(c, at))
            }
            Shape::Box(lo, hi) => format!("Box(min: {}, max: {})", ron(lo, at), ron(hi, at)),
            Shape::Tetrahedron(p, s) => {
                let v = [
                    p,
                    (p.0 + s, p.1, p.2),
                    (p.0, p.1 + s, p.2),
                    (p.0, p.1, p.2 + s),
                ];
                format!(
                    "Mesh(vertices: [{}], triangles: [(0, 2, 1), (0, 1, 3), (0, 3, 2), (1, 2, 3)], solid: true)",
                    v.map(|q| ron(q, at)).join(", ")
                )
            }
        }
    }
}

fn obstacle() -> impl Strategy<Value = Shape> {
    prop_oneof![
        point().prop_map(Shape::Point),
        (point(), 0.0f64..1.5).prop_map(|(c, r)| Shape::Ball(c, r)),
        (point(), point()).prop_map(|(a, b)| Shape::Segment(a, b)),
        (point(), point(), point()).prop_map(|(a, b, c)| Shape::Triangle(a, b, c)),
        (point(), (0i32..=8, 0i32..=8, 0i32..=8)).prop_map(|(lo, (dx, dy, dz))| {
            Shape::Box(
                lo,
                (
                    lo.0 + dx as f64 / 4.0,
                    lo.1 + dy as f64 / 4.0,
                    lo.2 + dz as f64 / 4.0,
                ),
            )
        }),
        (point(), 0.25f64..2.0).prop_map(|(p, s)| Shape::Tetrahedron(p, s)),
    ]
}

#[derive(Debug)]
pub(crate) struct RandomWalk {
    pub(crate) text: String,
}

pub(crate) fn random_walk() -> impl Strategy<Value = RandomWalk> {
    (
        offset(),
        prop::collection::vec(point(), 2..6),
        prop::collection::vec(obstacle(), 1..4),
        (1i32..=8).prop_map(|c| c as f64 / 8.0),
        (1i32..=8).prop_map(|h| h as f64 / 4.0),
        any::<bool>(),
    )
        .prop_map(|(at, nodes, obstacles, climb, above, floor)| {
            let height = climb + above;
            let nodes_text: Vec<String> = nodes
                .iter()
                .enumerate()
                .map(|(i, p)| format!("(id: {i}, pos: {})", ron(*p, at)))
                .collect();
            let edges: Vec<String> = (1..nodes.len())
                .map(|i| format!("(from: {}, to: {i})", i - 1))
                .collect();
            let mut obstacles: Vec<String> = obstacles.iter().map(|o| o.ron(at)).collect();
            if floor {
                obstacles.push(format!(
                    "Box(min: {}, max: {})",
                    ron((-5.0, -5.0, -1.0), at),
                    ron((5.0, 5.0, 0.0), at)
                ));
            }
            RandomWalk {
                text: format!(
                    "Map(agents: [(name: \"w\", radius: 0.0, height: {height:?}, climb: {climb:?})], nodes: [{}], edges: [{}], obstacles: [{}])",
                    nodes_text.join(", "),
                    edges.join(", "),
                    obstacles.join(", ")
                ),
            }
        })
}

fn tup(p: Point3) -> (f64, f64, f64) {
    (p.x, p.y, p.z)
}

/// The walking clearance `c` of `a`-`b` is the largest radius that fits,
/// to 1e-9 relative: a body a hair narrower fits, one a hair wider does
/// not (unless `c` is the widest body); 0 exactly when the thinnest body
/// touches.
fn check_body(
    what: &str,
    map: &Map<Space>,
    w: &Walking,
    (a, b): (Point3, Point3),
    c: f64,
) -> Result<(), TestCaseError> {
    let obstacles = map.obstacles();
    let widest = w.widest_body();
    prop_assert!(
        (0.0..=widest).contains(&c),
        "{what}: {c} beyond [0, {widest}]"
    );
    let fits = |r: f64| body_fits(w, tup(a), tup(b), r, obstacles);
    if c == 0.0 {
        prop_assert!(
            !fits(0.0),
            "{what}: clearance 0, but the thinnest body fits"
        );
        return Ok(());
    }
    let below = c * (1.0 - 1e-9);
    prop_assert!(
        fits(below),
        "{what}: clearance {c}, but {below} does not fit"
    );
    if c < widest {
        let above = (c * (1.0 + 1e-9)).min(widest);
        prop_assert!(!fits(above), "{what}: clearance {c}, but {above} fits too");
    }
    Ok(())
}

fn check_ground(
    what: &str,
    map: &Map<Space>,
    w: &Walking,
    (a, b): (Point3, Point3),
    got: Option<clearway::walking::GroundGap>,
) -> Result<(), TestCaseError> {
    let length = (b - a).length();
    let tolerance = 1e-9 * length.max(1.0);
    let got_length = got.map_or(0.0, |g| g.length);
    // Exactly, or with the held slivers rounding may make or unmake (a
    // ridge crossed, a triangle's edge brushed) left out.
    let exact = longest_gap(w, tup(a), tup(b), map.obstacles(), 0.0);
    let matches = |sliver: f64| {
        let exact = longest_gap(w, tup(a), tup(b), map.obstacles(), sliver);
        let exact_length = exact
            .as_ref()
            .map_or(0.0, |(t, _)| t.to_f64().unwrap() * length);
        (got_length - exact_length).abs() <= tolerance
    };
    prop_assert!(
        matches(0.0) || matches(1e-9),
        "{what}: gap {got:?}, exact {exact:?}"
    );
    if a == b {
        prop_assert_eq!(got.is_some(), exact.is_some(), "{}: node held up?", what);
    }
    Ok(())
}

proptest! {
    #![proptest_config(seeded(40, 0x3a1c_1e55))]

    #[test]
    fn walking_clearances_match_the_exact_twin(level in random_walk()) {
        let map = load(&level.text);
        let (w, _) = walking(&map, 0);
        let walk = WalkingClearances::compute(&map, w);
        for (i, e) in map.edges().iter().enumerate() {
            let ends = (map.nodes()[e.from].pos, map.nodes()[e.to].pos);
            let spot = walk.edge(EdgeIdx::new(i));
            let what = format!("edge {i} in {}", level.text);
            check_body(&what, &map, &w, ends, spot.body.value)?;
            check_ground(&what, &map, &w, ends, spot.ground)?;
            if let Some(witness) = spot.body.witness {
                // The witness points are the clearance apart (to rounding).
                let gap = (witness.edge_point - witness.obstacle_point).length();
                let scale = 1e7f64.max(1.0);
                prop_assert!(
                    (gap - spot.body.value).abs() <= 1e-9 * spot.body.value + 64.0 * f64::EPSILON * scale,
                    "{}: witness gap {} vs {}", what, gap, spot.body.value
                );
            }
        }
        for (i, n) in map.nodes().iter().enumerate() {
            let spot = walk.node(NodeIdx::new(i));
            let what = format!("node {i} in {}", level.text);
            check_body(&what, &map, &w, (n.pos, n.pos), spot.body.value)?;
            check_ground(&what, &map, &w, (n.pos, n.pos), spot.ground)?;
        }
    }
}

#[test]
fn the_twin_agrees_on_a_hand_case() {
    // The soldier beside the pillar 0.55 away: the twin fits 0.55 and not
    // a hair more.
    let map = corridor(SOLDIER, "Box(min: (4.0, 0.55, 0.0), max: (6.0, 2.0, 3.0)),");
    let (w, _) = walking(&map, 0);
    let (a, b) = ((0.0, 0.0, 0.0), (10.0, 0.0, 0.0));
    assert!(body_fits(&w, a, b, 0.55, map.obstacles()));
    assert!(!body_fits(&w, a, b, 0.55f64.next_up(), map.obstacles()));
    let _ = sqrt_to_f64;
}
