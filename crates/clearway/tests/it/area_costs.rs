//! Routes for agents with costs and forbidden areas (#30), against a plain
//! Dijkstra written out here over the map's edges, on seeded random levels;
//! and hand-worked cases where a goal bound not scaled for multipliers
//! below 1 would pick the wrong route.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::common::random_map::{RandomMap, config, random_map};
use clearway::{Agent, AgentOrRadius, Clearances, EdgeIdx, Map, NodeIdx, Router};
use proptest::prelude::*;

const AREAS: [&str; 3] = ["mud", "road", "water"];

/// Edge `e`'s cost for `agent`: its cost (or length) times the agent's
/// multiplier for its area; `None` when the agent forbids the area or the
/// edge is closed.
fn agent_cost(map: &Map, agent: &Agent, e: usize) -> Option<f64> {
    let edge = &map.edges()[e];
    let area = map.edge_area(EdgeIdx::new(e));
    if edge.closed || area.is_some_and(|a| agent.forbid.iter().any(|f| f == a)) {
        return None;
    }
    let base = edge
        .cost
        .unwrap_or_else(|| map.edge_segment(EdgeIdx::new(e)).length());
    let m = area
        .and_then(|a| agent.costs.get(a))
        .copied()
        .unwrap_or(1.0);
    Some(base * m)
}

/// The rule an edge admits a radius by, written out again.
fn fits(clearance: f64, r: f64, slack: f64) -> bool {
    clearance > 0.0 && clearance >= r - slack
}

/// Dijkstra over the map's edges (both ways unless one-way), each weighed
/// by [`agent_cost`], only those that admit the agent's radius: the cost of
/// the cheapest route, `None` when there is none. Costs are summed from the
/// start, as a route's are.
fn twin(map: &Map, clearances: &Clearances, agent: &Agent, s: usize, g: usize) -> Option<f64> {
    if s == g {
        let c = clearances.node(NodeIdx::new(s)).value;
        return fits(c, agent.radius, clearances.slack()).then_some(0.0);
    }
    twin_from(map, clearances, agent, s)[g]
}

/// [`twin`] from `s` to every other node at once.
fn twin_from(map: &Map, clearances: &Clearances, agent: &Agent, s: usize) -> Vec<Option<f64>> {
    let slack = clearances.slack();
    let mut out: Vec<Vec<(usize, f64)>> = vec![Vec::new(); map.nodes().len()];
    for (i, e) in map.edges().iter().enumerate() {
        let Some(cost) = agent_cost(map, agent, i) else {
            continue;
        };
        if !fits(clearances.edge(EdgeIdx::new(i)).value, agent.radius, slack) {
            continue;
        }
        out[e.from.get()].push((e.to.get(), cost));
        if !e.one_way {
            out[e.to.get()].push((e.from.get(), cost));
        }
    }
    let mut best = vec![f64::INFINITY; map.nodes().len()];
    let mut heap = BinaryHeap::new();
    best[s] = 0.0;
    heap.push(Reverse((OrdF64(0.0), s)));
    while let Some(Reverse((OrdF64(d), v))) = heap.pop() {
        if d > best[v] {
            continue;
        }
        for &(w, c) in &out[v] {
            if d + c < best[w] {
                best[w] = d + c;
                heap.push(Reverse((OrdF64(d + c), w)));
            }
        }
    }
    best.into_iter()
        .map(|b| b.is_finite().then_some(b))
        .collect()
}

/// A cost ordered by `total_cmp`, for the heap.
#[derive(Clone, Copy, PartialEq)]
struct OrdF64(f64);
impl Eq for OrdF64 {}
impl PartialOrd for OrdF64 {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for OrdF64 {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// A random level with an area (or none) on each edge, and an agent whose
/// costs and forbidden areas name only areas some edge carries.
fn level_with_areas() -> impl Strategy<Value = (String, Agent)> {
    random_map(14, 6).prop_flat_map(|m: RandomMap| {
        let n = m.edges.len();
        (
            Just(m),
            prop::collection::vec(prop::option::of(0..AREAS.len()), n),
            prop::collection::vec(
                prop_oneof![
                    Just(0.25),
                    Just(0.5),
                    Just(1.0),
                    Just(2.0),
                    Just(3.0),
                    0.1..4.0f64
                ],
                AREAS.len(),
            ),
            prop::collection::vec(prop::bool::weighted(0.25), AREAS.len()),
            prop_oneof![Just(0.0), Just(0.5), Just(2.0)],
        )
            .prop_map(|(m, areas, multipliers, forbidden, radius)| {
                let text = with_areas(&m.to_ron(), &areas);
                let carried = |a: usize| areas.contains(&Some(a));
                let agent = Agent {
                    name: "a".to_owned(),
                    radius,
                    costs: (0..AREAS.len())
                        .filter(|&a| carried(a) && !forbidden[a])
                        .map(|a| (AREAS[a].to_owned(), multipliers[a]))
                        .collect(),
                    forbid: (0..AREAS.len())
                        .filter(|&a| carried(a) && forbidden[a])
                        .map(|a| AREAS[a].to_owned())
                        .collect(),
                    walking: None,
                };
                (text, agent)
            })
    })
}

/// `text` (a [`RandomMap`]'s RON) with `area: ".."` on each edge that has one.
fn with_areas(text: &str, areas: &[Option<usize>]) -> String {
    let mut k = 0;
    let mut out = String::new();
    for line in text.lines() {
        if line.starts_with("    (from: ") {
            match areas[k] {
                Some(a) => {
                    let body = line.strip_suffix("),").expect("an edge line");
                    out.push_str(&format!("{body}, area: {:?}),", AREAS[a]));
                }
                None => out.push_str(line),
            }
            k += 1;
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    assert_eq!(k, areas.len());
    out
}

/// Checks `router`'s route for `agent` from every node to every other
/// against [`twin`]: found exactly when the twin finds one, the same cost,
/// never a forbidden or closed edge, and its cost the sum of its edges'.
fn like_the_twin(
    router: &mut Router<'_>,
    map: &Map,
    clearances: &Clearances,
    agent: &Agent,
) -> Result<(), TestCaseError> {
    let n = map.nodes().len();
    for s in 0..n {
        for g in 0..n {
            let found = router.route(NodeIdx::new(s), NodeIdx::new(g), agent);
            let expected = twin(map, clearances, agent, s, g);
            prop_assert_eq!(found.as_ref().map(|r| r.cost), expected, "{} -> {}", s, g);
            if let Some(route) = found {
                let mut sum = 0.0;
                for &e in &route.edges {
                    let cost = agent_cost(map, agent, e.get());
                    prop_assert!(cost.is_some(), "forbidden or closed edge {}", e.get());
                    sum += cost.unwrap_or_default();
                }
                prop_assert_eq!(sum, route.cost);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(96))]

    /// Plain A*, A* with landmarks (plain, and of the agent's own costs),
    /// and the widest route's forbidden areas, all against the twins.
    #[test]
    fn routes_with_costs_are_the_cheapest((text, agent) in level_with_areas()) {
        let map = Map::loader().read_str(&text, "areas.ron").expect("loads");
        let clearances = Clearances::compute(&map);
        like_the_twin(&mut Router::new(&map, &clearances), &map, &clearances, &agent)?;
        let mut guided = Router::with_landmarks(&map, &clearances, 3, &[0.0]);
        like_the_twin(&mut guided, &map, &clearances, &agent)?;
        // Landmarks of the agent's own costs; and, on the same router, an
        // agent paying half as much reads the plain table of radius 0,
        // scaled.
        let half = Agent {
            costs: agent.costs.iter().map(|(a, m)| (a.clone(), m * 0.5)).collect(),
            ..agent.clone()
        };
        let tables = [AgentOrRadius::from(&agent), AgentOrRadius::from(0.0)];
        let mut own = Router::with_landmarks(&map, &clearances, 3, &tables);
        like_the_twin(&mut own, &map, &clearances, &agent)?;
        like_the_twin(&mut own, &map, &clearances, &half)?;
        // An agent without costs routes exactly as its radius does.
        let plain = Agent { costs: Default::default(), forbid: Vec::new(), ..agent.clone() };
        let mut router = Router::new(&map, &clearances);
        let n = map.nodes().len();
        for s in 0..n {
            for g in 0..n {
                let (s, g) = (NodeIdx::new(s), NodeIdx::new(g));
                let by_radius = router.route(s, g, agent.radius);
                prop_assert_eq!(router.route(s, g, &plain), by_radius);
                // The widest route for the agent never crosses a forbidden
                // area, and its radius is the widest without them.
                if let Some(w) = router.widest_route(s, g, Some(&agent)) {
                    for &e in &w.route.edges {
                        prop_assert!(!map.forbids(&agent, e));
                    }
                    let wide = Agent { radius: w.widest_radius, ..agent.clone() };
                    let again = twin(&map, &clearances, &wide, s.get(), g.get());
                    prop_assert!(again.is_some());
                }
            }
        }
    }
}

/// Nodes 0 (0, 0), 1 the goal (10, 0), 2 (5, 5). The direct edge 0-1 costs
/// 10; the way round by 2 is two road edges of length sqrt(50) = 7.071 each.
const DETOUR: &str = r#"(
    nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (5, 5))],
    edges: [(from: 0, to: 1), (from: 0, to: 2, area: "road"), (from: 2, to: 1, area: "road")],
)"#;

fn road(multiplier: f64) -> Agent {
    Agent {
        name: "car".to_owned(),
        costs: [("road".to_owned(), multiplier)].into(),
        ..Agent::default()
    }
}

/// With road at 0.5, the way round costs 2 · 7.071 · 0.5 = 7.071 < 10. A
/// straight-line bound not scaled by 0.5 would put node 2 at f = 3.536 +
/// 7.071 = 10.61, above the goal's f = 10 by the direct edge: A* would take
/// the goal at cost 10 first. Scaled, node 2's f is 3.536 + 3.536 = 7.071
/// and the way round is found. The same with landmarks, whose plain costs
/// (10 from node 0) overstate the agent's (7.071) just as much.
#[test]
fn a_bound_scaled_for_cheap_areas_finds_the_cheap_way_round() {
    let map = Map::loader().read_str(DETOUR, "detour.ron").unwrap();
    let clearances = Clearances::compute(&map);
    let leg = 50f64.sqrt() * 0.5;
    for mut router in [
        Router::new(&map, &clearances),
        Router::with_landmarks(&map, &clearances, 3, &[0.0]),
    ] {
        let route = router
            .route(NodeIdx::new(0), NodeIdx::new(1), &road(0.5))
            .unwrap();
        assert_eq!(route.nodes, [0, 2, 1].map(NodeIdx::new));
        assert_eq!(route.cost, leg + leg);
        // At 0.8 the way round costs 11.31 > 10: straight on.
        let route = router
            .route(NodeIdx::new(0), NodeIdx::new(1), &road(0.8))
            .unwrap();
        assert_eq!(route.nodes, [0, 1].map(NodeIdx::new));
        assert_eq!(route.cost, 10.0);
    }
}

/// Forbidding the direct edge's area leaves the way round, even when it is
/// dearer; forbidding the road too leaves nothing.
#[test]
fn a_forbidden_area_is_never_used() {
    let text = DETOUR.replace("(from: 0, to: 1)", "(from: 0, to: 1, area: \"lava\")");
    let map = Map::loader().read_str(&text, "lava.ron").unwrap();
    let clearances = Clearances::compute(&map);
    let mut router = Router::new(&map, &clearances);
    let (a, b) = (NodeIdx::new(0), NodeIdx::new(1));
    let mut agent = Agent {
        forbid: vec!["lava".to_owned()],
        ..road(3.0)
    };
    let route = router.route(a, b, &agent).unwrap();
    assert_eq!(route.nodes, [0, 2, 1].map(NodeIdx::new));
    // 2 · sqrt(50) · 3 = 42.43, against 10 the forbidden way.
    assert_eq!(route.cost, 50f64.sqrt() * 3.0 + 50f64.sqrt() * 3.0);
    let widest = router.widest_route(a, b, Some(&agent)).unwrap();
    assert_eq!(widest.route.nodes, [0, 2, 1].map(NodeIdx::new));
    agent.forbid.push("road".to_owned());
    assert_eq!(router.route(a, b, &agent), None);
    assert_eq!(router.widest_route(a, b, Some(&agent)), None);
    // Without the agent, the radius alone takes the direct edge.
    assert_eq!(
        router.route(a, b, 0.0).unwrap().nodes,
        [0, 1].map(NodeIdx::new)
    );
}

/// A map written back keeps its areas, costs and forbidden areas, and
/// reads back equal.
#[test]
fn areas_costs_and_forbid_survive_a_round_trip() {
    let text = r#"(
        agents: [(name: "boat", radius: 0.5, costs: {"water": 0.5, "road": 2.0}, forbid: ["lava"])],
        nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (5, 5))],
        edges: [(from: 0, to: 1, area: "water"), (from: 0, to: 2, area: "road"), (from: 2, to: 1, area: "lava")],
    )"#;
    let map = Map::loader().read_str(text, "boat.ron").unwrap();
    assert_eq!(map.areas(), ["lava", "road", "water"]);
    assert_eq!(map.edge_area(EdgeIdx::new(0)), Some("water"));
    let written = map.to_ron_string();
    let again = Map::loader().read_str(&written, "again.ron").unwrap();
    assert_eq!(again.agents(), map.agents());
    assert_eq!(again.edges(), map.edges());
    assert_eq!(again.areas(), map.areas());
    let clearances = Clearances::compute(&map);
    let baked = map.baked(&clearances).to_ron_string();
    let baked = Map::loader().read_str(&baked, "baked.ron").unwrap();
    assert_eq!(baked.agents(), map.agents());
    assert_eq!(baked.areas(), map.areas());
}

/// `maps/bunker.map` with its water as an area: a swimmer who pays 3 in
/// water, a wader who pays 0.5, and a cat who never enters it, from a
/// spread of starts to every node, against the twin (with and without
/// landmarks).
#[test]
fn routes_on_the_bunker_grid_with_water_are_the_cheapest() {
    use clearway::grid::{Connectivity, GridOptions, grid_map, parse_movingai_bytes_with_areas};
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../maps/bunker.map");
    let bytes = std::fs::read(path).unwrap();
    let grid = parse_movingai_bytes_with_areas(&bytes, "bunker.map", "").unwrap();
    let map = grid_map(&grid, &GridOptions::new(Connectivity::Eight)).unwrap();
    assert_eq!(map.areas(), ["water"]);
    let clearances = Clearances::compute(&map);
    let agents = [
        Agent {
            costs: [("water".to_owned(), 3.0)].into(),
            radius: 0.3,
            ..Agent::default()
        },
        Agent {
            costs: [("water".to_owned(), 0.5)].into(),
            ..Agent::default()
        },
        Agent {
            forbid: vec!["water".to_owned()],
            ..Agent::default()
        },
    ];
    let mut plain = Router::new(&map, &clearances);
    let mut guided = Router::with_landmarks(&map, &clearances, 8, &[0.0]);
    let n = map.nodes().len();
    for agent in &agents {
        for s in (0..n).step_by(61) {
            let costs = twin_from(&map, &clearances, agent, s);
            for g in (0..n).filter(|&g| g != s) {
                let expected = costs[g];
                let (s, g) = (NodeIdx::new(s), NodeIdx::new(g));
                for router in [&mut plain, &mut guided] {
                    let found = router.route(s, g, agent);
                    assert_eq!(found.as_ref().map(|r| r.cost), expected, "{s:?} -> {g:?}");
                    if let Some(route) = found {
                        assert!(route.edges.iter().all(|&e| !map.forbids(agent, e)));
                    }
                }
            }
        }
    }
}
