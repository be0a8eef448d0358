//! Walking agents in every search (#30): the clearances
//! [`WalkingClearances::for_agent`] folds a walking agent's verdicts into
//! admit exactly the edges and nodes its own verdict admits, so that a
//! [`Router`] over them finds the routes and widest routes a plain search
//! over that verdict finds. On seeded random levels: a 3 x 3 grid of
//! waypoints on floors with a gap between them, some waypoints raised (a
//! ramp, a step, a cliff), beams and blocks at random heights.

use std::collections::{BinaryHeap, VecDeque};

use clearway::walking::WalkingClearances;
use clearway::{EdgeIdx, Level, Map, NodeIdx, Router, Space};
use clearway_test_support::proptest_config::seeded;
use proptest::prelude::*;

fn load(text: &str) -> Map<Space> {
    match Level::loader().read_str(text, "walk.ron").expect("loads") {
        Level::Space(map) => map,
        Level::Plane(_) => panic!("a 3D level"),
    }
}

#[derive(Debug)]
pub(crate) struct RandomLevel {
    pub(crate) text: String,
}

/// A level: 9 waypoints 2 apart, their heights drawn from 0 (most), 0.3
/// (a step), 1.2 (a ramp of 31 degrees from a neighbour) and 3 (a cliff);
/// grid and some diagonal edges; two floors with a gap between them at a
/// random place; up to three blocks or beams.
pub(crate) fn random_level() -> impl Strategy<Value = RandomLevel> {
    let height = prop_oneof![4 => Just(0.0), 1 => Just(0.3), 1 => Just(1.2), 1 => Just(3.0)];
    let block = (0i32..=8, 0i32..=8, 0i32..=12, 1i32..=6).prop_map(|(x, y, z, size)| {
        let (x, y, z, s) = (
            x as f64 * 0.5,
            y as f64 * 0.5,
            z as f64 * 0.25,
            size as f64 * 0.25,
        );
        format!(
            "Box(min: ({x:?}, {y:?}, {z:?}), max: ({:?}, {:?}, {:?}))",
            x + s,
            y + s,
            z + s
        )
    });
    (
        prop::collection::vec(height, 9),
        prop::collection::vec(any::<bool>(), 4),
        (0i32..=16, 1i32..=6),
        prop::collection::vec(block, 0..4),
    )
        .prop_map(|(heights, diagonals, (gap_at, gap_len), blocks)| {
            let nodes: Vec<String> = (0..9)
                .map(|i| {
                    let (x, y) = ((i % 3) as f64 * 2.0, (i / 3) as f64 * 2.0);
                    format!("(id: {i}, pos: ({x:?}, {y:?}, {:?}))", heights[i])
                })
                .collect();
            let mut edges = Vec::new();
            for i in 0..9 {
                if i % 3 < 2 {
                    edges.push(format!("(from: {i}, to: {})", i + 1));
                }
                if i / 3 < 2 {
                    edges.push(format!("(from: {i}, to: {})", i + 3));
                }
            }
            for (k, &d) in diagonals.iter().enumerate() {
                let i = k % 2 + 3 * (k / 2);
                if d {
                    edges.push(format!("(from: {i}, to: {})", i + 4));
                }
            }
            // Floors at z = 0 (and under every raised waypoint, its own
            // top), with a gap from x = gap_at / 4 for gap_len / 8.
            let (gap_from, gap_to) = (gap_at as f64 * 0.25, gap_at as f64 * 0.25 + gap_len as f64 * 0.125);
            let mut obstacles = vec![
                format!("Box(min: (-1.0, -1.0, -1.0), max: ({gap_from:?}, 5.0, 0.0))"),
                format!("Box(min: ({gap_to:?}, -1.0, -1.0), max: (5.0, 5.0, 0.0))"),
            ];
            for (i, h) in heights.iter().enumerate() {
                if *h > 0.0 {
                    let (x, y) = ((i % 3) as f64 * 2.0, (i / 3) as f64 * 2.0);
                    obstacles.push(format!(
                        "Box(min: ({:?}, {:?}, 0.0), max: ({:?}, {:?}, {h:?}))",
                        x - 0.5,
                        y - 0.5,
                        x + 0.5,
                        y + 0.5
                    ));
                }
            }
            obstacles.extend(blocks);
            RandomLevel {
                text: format!(
                    "Map(agents: [(name: \"w\", radius: 0.3, height: 1.8, climb: 0.35, max_slope: 40.0)], nodes: [{}], edges: [{}], obstacles: [{}])",
                    nodes.join(", "),
                    edges.join(", "),
                    obstacles.join(", ")
                ),
            }
        })
}

/// The cost of the cheapest route over the edges `usable` admits, by a
/// plain Dijkstra over every edge both ways (the levels' edges are
/// two-way and cost their length).
fn cheapest(map: &Map<Space>, usable: &dyn Fn(EdgeIdx) -> bool, a: usize, b: usize) -> Option<f64> {
    let n = map.nodes().len();
    let mut best = vec![f64::INFINITY; n];
    let mut heap = BinaryHeap::new();
    best[a] = 0.0;
    heap.push((std::cmp::Reverse(ordered(0.0)), a));
    while let Some((std::cmp::Reverse(d), u)) = heap.pop() {
        let d = f64::from_bits(d);
        if d > best[u] {
            continue;
        }
        for (i, e) in map.edges().iter().enumerate() {
            if !usable(EdgeIdx::new(i)) {
                continue;
            }
            let v = match (e.from.get(), e.to.get()) {
                (f, t) if f == u => t,
                (f, t) if t == u => f,
                _ => continue,
            };
            let s = map.edge_segment(EdgeIdx::new(i));
            let nd = d + (s.b - s.a).length();
            if nd < best[v] {
                best[v] = nd;
                heap.push((std::cmp::Reverse(ordered(nd)), v));
            }
        }
    }
    best[b].is_finite().then_some(best[b])
}

/// A non-negative float's bits, which order as the float does.
fn ordered(x: f64) -> u64 {
    x.to_bits()
}

/// Whether `b` is reachable from `a` over the edges `usable` admits.
fn reachable(map: &Map<Space>, usable: &dyn Fn(usize) -> bool, a: usize, b: usize) -> bool {
    let mut seen = vec![false; map.nodes().len()];
    let mut queue = VecDeque::from([a]);
    seen[a] = true;
    while let Some(u) = queue.pop_front() {
        for (i, e) in map.edges().iter().enumerate() {
            if !usable(i) {
                continue;
            }
            for (f, t) in [(e.from.get(), e.to.get()), (e.to.get(), e.from.get())] {
                if f == u && !seen[t] {
                    seen[t] = true;
                    queue.push_back(t);
                }
            }
        }
    }
    seen[b]
}

proptest! {
    #![proptest_config(seeded(64, 0x3a1c_ca75))]

    #[test]
    fn a_router_over_the_folded_clearances_routes_as_the_walking_verdict_does(
        level in random_level(),
        radius in prop_oneof![Just(0.05), Just(0.3), Just(0.6)],
    ) {
        let map = load(&level.text);
        let walking = map.agents()[0].walking.unwrap();
        let walk = WalkingClearances::compute(&map, walking);
        let folded = walk.for_agent(&map, radius);
        // The fold admits what the verdict admits, edge by edge and node
        // by node.
        for e in 0..map.edges().len() {
            let e = EdgeIdx::new(e);
            prop_assert_eq!(
                folded.edge(e).admits(radius, folded.slack()),
                walk.edge_blocked(&map, e, radius).is_none(),
                "edge {:?}: {:?} in {}", e, walk.edge(e), level.text
            );
        }
        for n in 0..map.nodes().len() {
            let n = NodeIdx::new(n);
            prop_assert_eq!(
                folded.node(n).admits(radius, folded.slack()),
                walk.node_blocked(&map, n, radius).is_none(),
                "node {:?}: {:?}", n, walk.node(n)
            );
        }
        // Every route and widest route, against the plain searches.
        let mut router = Router::new(&map, &folded);
        let admitted = |e: EdgeIdx| walk.edge_blocked(&map, e, radius).is_none();
        // A widest route's edges: footing for `radius`, body >= the value.
        // (The rule restated: not steeper than max_slope, no
        // stretch without ground as long as the radius.)
        let footing = |i: usize| {
            let spot = walk.edge(EdgeIdx::new(i));
            spot.slope <= walking.max_slope
                && spot.ground.is_none_or(|g| g.length < radius)
                && spot.body.value > 0.0
        };
        for a in 0..9 {
            for b in 0..9 {
                if a == b {
                    continue;
                }
                let (na, nb) = (NodeIdx::new(a), NodeIdx::new(b));
                let got = router.route(na, nb, radius).map(|r| r.cost);
                let want = cheapest(&map, &admitted, a, b);
                match (got, want) {
                    (Some(g), Some(w)) => prop_assert!((g - w).abs() <= 1e-9 * w, "{} -> {}: {} vs {}", a, b, g, w),
                    _ => prop_assert_eq!(got, want, "{} -> {} in {}", a, b, level.text),
                }
                // The widest: the largest body value v whose edges of
                // footing and body >= v join a to b.
                let mut values: Vec<f64> = (0..map.edges().len())
                    .filter(|&i| footing(i))
                    .map(|i| walk.edge(EdgeIdx::new(i)).body.value)
                    .collect();
                values.sort_by(|x, y| y.total_cmp(x));
                let want = values.iter().copied().find(|&v| {
                    reachable(&map, &|i| footing(i) && walk.edge(EdgeIdx::new(i)).body.value >= v, a, b)
                });
                let got = router.widest_route(na, nb, None).map(|w| w.widest_radius);
                prop_assert_eq!(got, want, "widest {} -> {} in {}", a, b, level.text);
            }
        }
    }
}
