//! `WalkingTightSpots` (the search `check --agent` makes, bounded by the
//! agent's radius) against measuring every spot whole: for every radius in
//! the range searched, the spots it says are blocked are exactly those
//! `WalkingClearances::compute` blocks, in the same order, each the same
//! spot bit for bit and blocked for the same reason. On the seeded random
//! levels of the walking twin (every obstacle kind, offsets up to 1e7) and
//! of the walking routes (steps, ramps, cliffs, gaps, beams).

use crate::walking::random_walk;
use crate::walking_routes::random_level;
use clearway::walking::{Walking, WalkingClearances, WalkingTightSpots};
use clearway::{EdgeIdx, Level, Map, NodeIdx, Space};
use clearway_test_support::proptest_config::seeded;
use proptest::prelude::*;

fn load(text: &str) -> Map<Space> {
    match Level::loader().read_str(text, "walk.ron").expect("loads") {
        Level::Space(map) => map,
        Level::Plane(_) => panic!("a 3D level"),
    }
}

/// The bound searched, as a fraction of the widest body (above 1: wider
/// than any body, so nothing is bounded), and the radii decided with it,
/// as fractions of the bound.
fn bounds() -> impl Strategy<Value = (f64, Vec<f64>)> {
    (
        prop_oneof![Just(0.0), 0.01f64..1.0, Just(0.5), Just(1.0), Just(1.5)],
        prop::collection::vec(prop_oneof![Just(0.0), Just(1.0), 0.0f64..1.0], 1..4),
    )
}

fn agree(
    map: &Map<Space>,
    walking: Walking,
    (bound, radii): &(f64, Vec<f64>),
) -> Result<(), TestCaseError> {
    let max_radius = bound * walking.widest_body();
    let least = radii.iter().fold(1.0f64, |a, &b| a.min(b)) * max_radius;
    let tight = WalkingTightSpots::compute(map, walking, least..=max_radius);
    let whole = WalkingClearances::compute(map, walking);
    for r in radii.iter().map(|f| f * max_radius) {
        let got: Vec<_> = tight.blocked_edges(r).map(|(e, s, b)| (e, *s, b)).collect();
        let want: Vec<_> = (0..map.edges().len())
            .map(EdgeIdx::new)
            .filter_map(|e| Some((e, *whole.edge(e), whole.edge_blocked(map, e, r)?)))
            .collect();
        prop_assert_eq!(got, want, "edges at radius {} (bound {})", r, max_radius);
        let got: Vec<_> = tight.blocked_nodes(r).map(|(n, s, b)| (n, *s, b)).collect();
        let want: Vec<_> = (0..map.nodes().len())
            .map(NodeIdx::new)
            .filter_map(|n| Some((n, *whole.node(n), whole.node_blocked(map, n, r)?)))
            .collect();
        prop_assert_eq!(got, want, "nodes at radius {} (bound {})", r, max_radius);
    }
    Ok(())
}

proptest! {
    #![proptest_config(seeded(48, 0x7195_5b07))]

    #[test]
    fn tight_spots_are_the_whole_measure_blocked(level in random_walk(), bounds in bounds()) {
        let map = load(&level.text);
        let walking = map.agents()[0].walking.expect("a walking agent");
        agree(&map, walking, &bounds)?;
    }

    #[test]
    fn tight_spots_on_floors_steps_and_gaps(level in random_level(), bounds in bounds()) {
        let map = load(&level.text);
        let walking = map.agents()[0].walking.expect("a walking agent");
        agree(&map, walking, &bounds)?;
    }
}

#[test]
#[should_panic(expected = "cannot decide radius 0.4")]
fn a_radius_beyond_the_bound_is_refused() {
    let map = load(
        r#"Map(agents: [(name: "w", radius: 0.3, height: 1.8, climb: 0.35)],
            nodes: [(id: 0, pos: (0.0, 0.0, 0.0))], edges: [], obstacles: [])"#,
    );
    let walking = map.agents()[0].walking.expect("a walking agent");
    let tight = WalkingTightSpots::compute(&map, walking, 0.2..=0.3);
    let _ = tight.blocked_edges(0.4).count();
}

#[test]
#[should_panic(expected = "cannot decide radius 0.1")]
fn a_radius_below_the_range_is_refused() {
    // A stretch without ground shorter than the range's least radius is
    // not kept: a narrower agent's verdict was not looked for.
    let map = load(
        r#"Map(agents: [(name: "w", radius: 0.3, height: 1.8, climb: 0.35)],
            nodes: [(id: 0, pos: (0.0, 0.0, 0.0))], edges: [], obstacles: [])"#,
    );
    let walking = map.agents()[0].walking.expect("a walking agent");
    let tight = WalkingTightSpots::compute(&map, walking, 0.2..=0.3);
    let _ = tight.blocked_nodes(0.1).count();
}
