//! Routing, pruning and baking against slow, obviously right twins, on
//! seeded random levels.

use crate::common::random_map::{
    RandomMap, RandomObstacle, config, load, random_map, with_closed_edges,
};
use clearway::Router;
use clearway::{Clearances, EdgeIdx, Map, NodeIdx, PruneReport};
use proptest::prelude::*;

/// Directed arcs (from, to, cost, clearance), two-way edges both ways; a
/// closed edge is no arc at all.
fn arcs(map: &Map, clearances: &Clearances) -> Vec<(usize, usize, f64, f64)> {
    let mut out = Vec::new();
    for (i, e) in map.edges().iter().enumerate() {
        if e.closed {
            continue;
        }
        let cost = e
            .cost
            .unwrap_or_else(|| map.edge_segment(EdgeIdx::new(i)).length());
        let c = clearances.edge(EdgeIdx::new(i)).value;
        out.push((e.from.get(), e.to.get(), cost, c));
        if !e.one_way {
            out.push((e.to.get(), e.from.get(), cost, c));
        }
    }
    out
}

/// The rule, written out again: clearance 0 (touching an obstacle) admits
/// no agent, radius 0 included; clearance c > 0 admits every radius up to c,
/// and up to the level's slack above it.
fn fits(clearance: f64, r: f64, slack: f64) -> bool {
    clearance > 0.0 && clearance >= r - slack
}

/// Bellman-Ford: relax every arc that admits the radius, n times. A route
/// from a node to itself is that node, if the node admits the radius.
fn cheapest_cost(
    map: &Map,
    clearances: &Clearances,
    start: usize,
    goal: usize,
    r: f64,
) -> Option<f64> {
    if start == goal {
        return fits(
            clearances.node(NodeIdx::new(start)).value,
            r,
            clearances.slack(),
        )
        .then_some(0.0);
    }
    let mut best = vec![f64::INFINITY; map.nodes().len()];
    best[start] = 0.0;
    let arcs = arcs(map, clearances);
    for _ in 0..map.nodes().len() {
        for &(a, b, cost, c) in &arcs {
            if fits(c, r, clearances.slack()) && best[a] + cost < best[b] {
                best[b] = best[a] + cost;
            }
        }
    }
    best[goal].is_finite().then_some(best[goal])
}

/// Whether `goal` can be reached using only arcs whose clearance is at least
/// t (and above 0): the strict rule, which the widest radius (the largest
/// bottleneck clearance) is defined by.
fn reachable(map: &Map, clearances: &Clearances, start: usize, goal: usize, t: f64) -> bool {
    let mut seen = vec![false; map.nodes().len()];
    seen[start] = true;
    let arcs = arcs(map, clearances);
    let mut changed = true;
    while changed {
        changed = false;
        for &(a, b, _, c) in &arcs {
            if seen[a] && !seen[b] && fits(c, t, 0.0) {
                seen[b] = true;
                changed = true;
            }
        }
    }
    seen[goal]
}

/// The widest radius by trying every distinct clearance (and unbounded) as a
/// threshold: the largest that still lets the goal be reached.
fn widest_by_sweep(map: &Map, clearances: &Clearances, start: usize, goal: usize) -> Option<f64> {
    if start == goal {
        let c = clearances.node(NodeIdx::new(start)).value;
        return (c > 0.0).then_some(c);
    }
    let mut thresholds: Vec<f64> = clearances
        .edges()
        .iter()
        .map(|c| c.value)
        .filter(|&c| c > 0.0)
        .collect();
    thresholds.push(f64::INFINITY);
    thresholds.sort_by(|a, b| b.total_cmp(a));
    thresholds.dedup();
    thresholds
        .into_iter()
        .find(|&t| reachable(map, clearances, start, goal, t))
}

/// The directed network as petgraph holds it: node weights are node
/// indices, edge weights are edge indices; a two-way edge is added in both
/// directions.
fn network_graph(map: &Map) -> petgraph::graph::DiGraph<usize, usize> {
    use petgraph::graph::NodeIndex;
    let mut graph = petgraph::graph::DiGraph::new();
    for i in 0..map.nodes().len() {
        graph.add_node(i);
    }
    for (i, e) in map.edges().iter().enumerate() {
        graph.add_edge(NodeIndex::new(e.from.get()), NodeIndex::new(e.to.get()), i);
        if !e.one_way {
            graph.add_edge(NodeIndex::new(e.to.get()), NodeIndex::new(e.from.get()), i);
        }
    }
    graph
}

/// petgraph's own `astar` over the radius-filtered view of the map's graph
/// (closed edges filtered out too),
/// with a zero estimate (so a Dijkstra): the library the router's loop
/// replaced, kept as an independent twin.
fn petgraph_astar_cost(
    map: &Map,
    clearances: &Clearances,
    start: usize,
    goal: usize,
    r: f64,
) -> Option<f64> {
    use petgraph::graph::NodeIndex;
    use petgraph::visit::EdgeFiltered;
    let cost = |e: usize| {
        map.edges()[e]
            .cost
            .unwrap_or_else(|| map.edge_segment(EdgeIdx::new(e)).length())
    };
    let graph = network_graph(map);
    let view = EdgeFiltered::from_fn(&graph, |e: petgraph::graph::EdgeReference<'_, usize>| {
        !map.edges()[*e.weight()].closed
            && fits(
                clearances.edge(EdgeIdx::new(*e.weight())).value,
                r,
                clearances.slack(),
            )
    });
    if start == goal
        && !fits(
            clearances.node(NodeIdx::new(start)).value,
            r,
            clearances.slack(),
        )
    {
        return None;
    }
    petgraph::algo::astar(
        &view,
        NodeIndex::new(start),
        |n| n.index() == goal,
        |e| cost(*e.weight()),
        |_| 0.0,
    )
    .map(|(c, _)| c)
}

/// Checks that `route` goes from `s` to `g` along edges that exist in the
/// direction taken, each admitting `r`.
fn check_route_shape(
    map: &Map,
    clearances: &Clearances,
    route: &clearway::Route,
    s: usize,
    g: usize,
    r: f64,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(route.nodes.first(), Some(&NodeIdx::new(s)));
    prop_assert_eq!(route.nodes.last(), Some(&NodeIdx::new(g)));
    prop_assert_eq!(route.edges.len() + 1, route.nodes.len());
    for (k, &e) in route.edges.iter().enumerate() {
        let edge = &map.edges()[e];
        let (x, y) = (route.nodes[k], route.nodes[k + 1]);
        prop_assert!(
            (edge.from == x && edge.to == y) || (!edge.one_way && edge.from == y && edge.to == x)
        );
        // Never an edge too tight for the radius, nor a closed one.
        prop_assert!(fits(clearances.edge(e).value, r, clearances.slack()));
        prop_assert!(!edge.closed, "route through closed edge {}", e.get());
    }
    Ok(())
}

/// Routes `s` to `g` with `router` at each radius and holds it to
/// Bellman-Ford: a route exactly when the twin finds one, as cheap, and
/// well formed.
fn routes_like_the_twin(
    router: &mut Router<'_>,
    map: &Map,
    clearances: &Clearances,
    s: usize,
    g: usize,
    radii: &[f64],
) -> Result<(), TestCaseError> {
    for &r in radii {
        let found = router.route(NodeIdx::new(s), NodeIdx::new(g), r);
        let twin = cheapest_cost(map, clearances, s, g, r);
        prop_assert_eq!(found.is_some(), twin.is_some(), "radius {}", r);
        if let (Some(found), Some(t)) = (&found, twin) {
            prop_assert!(
                close(found.cost, t),
                "router {} vs Bellman-Ford {} at radius {}",
                found.cost,
                t,
                r
            );
            check_route_shape(map, clearances, found, s, g, r)?;
        }
    }
    Ok(())
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * (1.0 + a.abs().max(b.abs()))
}

/// Random levels: up to 14 nodes and 12 obstacles, one-way edges, explicit
/// costs from 0 (some free edges, where A* has only landmarks to go on) to
/// much less or more than the edge's length; half of them with some edges
/// closed (doors), which no route may use.
fn level() -> impl Strategy<Value = RandomMap> {
    prop_oneof![
        random_map(14, 12),
        with_closed_edges(random_map(14, 12), 0.25)
    ]
}

/// [`level`], and half the time with every explicit cost taken away, so
/// that each edge costs its length. A single explicit cost below its edge's
/// length scales the straight-line estimate down for the whole map, and
/// most random levels have one: without these, A* would rarely be tested
/// with the straight line at full strength.
fn routing_level() -> impl Strategy<Value = RandomMap> {
    (level(), any::<bool>()).prop_map(|(mut m, lengths_only)| {
        if lengths_only {
            for edge in &mut m.edges {
                edge.3 = None;
            }
        }
        m
    })
}

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn astar_cost_equals_dijkstra_and_bellman_ford(m in routing_level(), r in prop_oneof![Just(0.0), 0.0..6.0f64], s in 0usize..100, g in 0usize..100) {
        let map = load(&m);
        let clearances = Clearances::compute(&map);
        let (s, g) = (s % map.nodes().len(), g % map.nodes().len());
        let astar = Router::new(&map, &clearances).route(NodeIdx::new(s), NodeIdx::new(g), r);
        let dijkstra = Router::new(&map, &clearances).route_dijkstra(NodeIdx::new(s), NodeIdx::new(g), r);
        let twin = cheapest_cost(&map, &clearances, s, g, r);
        prop_assert_eq!(astar.is_some(), twin.is_some());
        prop_assert_eq!(dijkstra.is_some(), twin.is_some());
        if let (Some(a), Some(d), Some(t)) = (&astar, &dijkstra, twin) {
            prop_assert!(close(a.cost, t), "A* {} vs twin {}", a.cost, t);
            prop_assert!(close(d.cost, t), "Dijkstra {} vs twin {}", d.cost, t);
            // The route is connected, starts and ends right, never too tight.
            check_route_shape(&map, &clearances, a, s, g, r)?;
        }
    }

    #[test]
    fn one_router_with_landmarks_answers_query_after_query_like_the_twins(
        m in routing_level(),
        // Past the 6 landmarks a query reads, so that choosing them is tested.
        landmarks in 0usize..12,
        queries in proptest::collection::vec((0usize..100, 0usize..100, prop_oneof![Just(0.0), 0.0..6.0f64], 0usize..100), 1..10),
    ) {
        let map = load(&m);
        let clearances = Clearances::compute(&map);
        // One router for every query: what one query leaves behind must not
        // change the next one's answer.
        let mut router = Router::with_landmarks(&map, &clearances, landmarks, &[0.0]);
        prop_assert!(router.landmark_count() <= landmarks);
        let n = map.nodes().len();
        for (s, g, r, e) in queries {
            let (s, g) = (s % n, g % n);
            // Besides the random radius: an edge's clearance exactly and the
            // next f64 up, where the router's f32 clearance floors tie and
            // the exact value must decide.
            let mut radii = vec![r];
            if !map.edges().is_empty() {
                let c = clearances.edge(EdgeIdx::new(e % map.edges().len())).value;
                radii.extend([c, c.next_up()]);
            }
            routes_like_the_twin(&mut router, &map, &clearances, s, g, &radii)?;
            // And petgraph's A* agrees with the twin.
            for r in radii {
                let petgraph = petgraph_astar_cost(&map, &clearances, s, g, r);
                let twin = cheapest_cost(&map, &clearances, s, g, r);
                prop_assert_eq!(petgraph.is_some(), twin.is_some());
                if let (Some(p), Some(t)) = (petgraph, twin) {
                    prop_assert!(close(p, t), "petgraph {} vs Bellman-Ford {}", p, t);
                }
            }
            let widest = router.widest_route(NodeIdx::new(s), NodeIdx::new(g), None).map(|w| w.widest_radius);
            prop_assert_eq!(widest, widest_by_sweep(&map, &clearances, s, g));
        }
    }

    #[test]
    fn one_router_with_landmarks_for_agents_answers_like_the_twins(
        m in routing_level(),
        landmarks in 0usize..12,
        // Tables for a few radii, repeats and NaN (skipped) among them.
        agents in proptest::collection::vec(prop_oneof![Just(0.0), Just(f64::NAN), Just(1.5), 0.0..6.0f64], 0..4),
        // And tables at edges' clearances and the f64s either side, where
        // the tables' own f32 floors tie and the exact clearance decides.
        table_edges in proptest::collection::vec(0usize..100, 0..3),
        queries in proptest::collection::vec((0usize..100, 0usize..100, prop_oneof![Just(0.0), 0.0..6.0f64], 0usize..100), 1..8),
    ) {
        let map = load(&m);
        let clearances = Clearances::compute(&map);
        let mut agents = agents;
        if !map.edges().is_empty() {
            for e in table_edges {
                let c = clearances.edge(EdgeIdx::new(e % map.edges().len())).value;
                agents.extend([c.next_down(), c, c.next_up()]);
            }
        }
        let mut router = Router::with_landmarks(&map, &clearances, landmarks, &agents);
        prop_assert!(router.landmark_count() <= landmarks);
        let n = map.nodes().len();
        for (s, g, r, e) in queries {
            let (s, g) = (s % n, g % n);
            // The random radius; each table's radius and the f64 just below
            // it, where the query must fall back to the table below; an
            // edge's clearance and the next f64 up; and a negative radius.
            let mut radii = vec![r, -1.0];
            for &a in agents.iter().filter(|a| !a.is_nan()) {
                radii.extend([a, a.next_down()]);
            }
            if !map.edges().is_empty() {
                let c = clearances.edge(EdgeIdx::new(e % map.edges().len())).value;
                radii.extend([c, c.next_up()]);
            }
            routes_like_the_twin(&mut router, &map, &clearances, s, g, &radii)?;
            let widest = router.widest_route(NodeIdx::new(s), NodeIdx::new(g), None).map(|w| w.widest_radius);
            prop_assert_eq!(widest, widest_by_sweep(&map, &clearances, s, g));
        }
    }

    /// Forks of a router with landmarks and the widest table answer like
    /// the twins, their queries interleaved with the original's: each has
    /// working memory of its own, and the shared tables are the original's.
    #[test]
    fn forked_routers_answer_like_the_twins(
        m in routing_level(),
        landmarks in 0usize..8,
        agent in prop_oneof![Just(0.0), 0.0..6.0f64],
        queries in proptest::collection::vec((0usize..100, 0usize..100, prop_oneof![Just(0.0), 0.0..6.0f64], 0usize..3), 1..10),
    ) {
        let map = load(&m);
        let clearances = Clearances::compute(&map);
        let original = Router::with_landmarks(&map, &clearances, landmarks, &[agent]).with_widest_table();
        let count = original.landmark_count();
        let mut routers = [original.fork(), original.fork(), original];
        prop_assert!(routers.iter().all(|r| r.landmark_count() == count));
        let n = map.nodes().len();
        for (s, g, r, which) in queries {
            let (s, g) = (s % n, g % n);
            let router = &mut routers[which];
            routes_like_the_twin(router, &map, &clearances, s, g, &[r, agent])?;
            let widest = router.widest_route(NodeIdx::new(s), NodeIdx::new(g), None).map(|w| w.widest_radius);
            prop_assert_eq!(widest, widest_by_sweep(&map, &clearances, s, g));
        }
    }

    /// A level with closed edges routes as the same level with those edges
    /// taken out, at every radius and by every router (plain, with the
    /// widest table, with landmarks for every radius and for an agent's):
    /// the same costs, the same widest radii, and never a closed edge. A
    /// twin that does not share the routing clearance rule.
    #[test]
    fn closed_edges_route_as_if_they_were_not_there(
        m in with_closed_edges(random_map(14, 12), 0.3),
        r in prop_oneof![Just(0.0), 0.0..6.0f64],
        pairs in proptest::collection::vec((0usize..100, 0usize..100), 1..6),
    ) {
        let map = load(&m);
        let clearances = Clearances::compute(&map);
        let mut open = m.clone();
        open.edges = (0..m.edges.len()).filter(|i| !m.closed.contains(i)).map(|i| m.edges[i]).collect();
        open.closed.clear();
        let without = load(&open);
        let without_clearances = Clearances::compute(&without);
        // The closed edges' clearances are measured all the same.
        let kept: Vec<f64> = (0..m.edges.len())
            .filter(|i| !m.closed.contains(i))
            .map(|i| clearances.edge(EdgeIdx::new(i)).value)
            .collect();
        let measured: Vec<f64> = without_clearances.edges().iter().map(|c| c.value).collect();
        prop_assert_eq!(kept, measured);
        let mut routers = vec![
            Router::new(&map, &clearances),
            Router::new(&map, &clearances).with_widest_table(),
            Router::with_landmarks(&map, &clearances, 4, &[0.0]),
            Router::with_landmarks(&map, &clearances, 4, &[0.0, r]),
        ];
        let mut reference = Router::new(&without, &without_clearances);
        let n = map.nodes().len();
        for (s, g) in pairs {
            let (s, g) = (NodeIdx::new(s % n), NodeIdx::new(g % n));
            let expected = reference.route(s, g, r).map(|x| x.cost);
            let widest = reference.widest_route(s, g, None).map(|w| w.widest_radius);
            for router in &mut routers {
                let found = router.route(s, g, r);
                let dijkstra = router.route_dijkstra(s, g, r).map(|x| x.cost);
                for cost in [found.as_ref().map(|x| x.cost), dijkstra] {
                    prop_assert_eq!(cost.is_some(), expected.is_some());
                    if let (Some(a), Some(b)) = (cost, expected) {
                        prop_assert!(close(a, b), "{} with doors vs {} without", a, b);
                    }
                }
                if let Some(found) = &found {
                    check_route_shape(&map, &clearances, found, s.get(), g.get(), r)?;
                }
                let w = router.widest_route(s, g, None);
                prop_assert_eq!(w.as_ref().map(|w| w.widest_radius), widest);
                if let Some(w) = w {
                    prop_assert!(w.route.edges.iter().all(|&e| !map.edges()[e].closed));
                }
            }
        }
    }

    #[test]
    fn widest_radius_equals_threshold_sweep(m in level(), s in 0usize..100, g in 0usize..100) {
        let map = load(&m);
        let clearances = Clearances::compute(&map);
        let (s, g) = (s % map.nodes().len(), g % map.nodes().len());
        let widest = Router::new(&map, &clearances).widest_route(NodeIdx::new(s), NodeIdx::new(g), None);
        let sweep = widest_by_sweep(&map, &clearances, s, g);
        prop_assert_eq!(widest.as_ref().map(|w| w.widest_radius), sweep);
        if let Some(w) = widest {
            // The route achieves it: every edge admits it, and the bottleneck sets it.
            prop_assert!(w.route.edges.iter().all(|&e| clearances.edge(e).value >= w.widest_radius));
            prop_assert_eq!(w.route.min_clearance, w.widest_radius);
            let limited = w.widest_radius.is_finite() && !w.route.edges.is_empty();
            prop_assert_eq!(w.bottleneck_edge.map(|e| clearances.edge(e).value), limited.then_some(w.widest_radius));
        }
    }

    #[test]
    fn a_larger_radius_prunes_a_superset(m in level(), r1 in 0.0..5.0f64, r2 in 0.0..5.0f64) {
        let map = load(&m);
        let clearances = Clearances::compute(&map);
        let (small, large) = if r1 <= r2 { (r1, r2) } else { (r2, r1) };
        let pruned_small = PruneReport::new(&map, &clearances, small).pruned_edges;
        let pruned_large = PruneReport::new(&map, &clearances, large).pruned_edges;
        prop_assert!(pruned_small.iter().all(|e| pruned_large.contains(e)));
    }

    #[test]
    fn the_report_from_tight_spots_is_the_report_from_every_clearance(m in level(), r in 0.0..5.0f64, within in 0.0..5.0f64) {
        // The command line prunes for a radius from the tight spots alone
        // (searched up to `within`, at least `r`); the report must be the
        // one every clearance gives.
        let map = load(&m);
        let spots = Clearances::options().within(r.max(within)).tight_spots(&map);
        let fast = PruneReport::from_tight_spots(&map, &spots, r);
        prop_assert_eq!(fast, PruneReport::new(&map, &Clearances::compute_brute_force(&map), r));
    }

    #[test]
    fn prune_then_load_round_trips(m in level(), r in 0.0..5.0f64) {
        let map = load(&m);
        let clearances = Clearances::compute(&map);
        let text = map.pruned(&clearances, r).to_ron_string();
        let again = Map::loader().read_str(&text, "pruned.ron").expect("pruned maps load");
        let kept: Vec<_> = map.edges().iter().zip(clearances.edges())
            .filter(|(_, c)| fits(c.value, r, clearances.slack())).map(|(e, _)| e.clone()).collect();
        prop_assert_eq!(again.edges(), kept.as_slice());
        prop_assert_eq!(again.nodes(), map.nodes());
        prop_assert_eq!(again.obstacles(), map.obstacles());
        prop_assert_eq!(again.agents(), map.agents());
    }

    #[test]
    fn bake_then_check_finds_nothing_stale_until_an_obstacle_moves(m in level(), which in 0usize..100, dx in -20.0..20.0f64) {
        let map = load(&m);
        let baked_text = map.baked(&Clearances::compute(&map)).to_ron_string();
        let baked = Map::loader().read_str(&baked_text, "baked.ron").expect("baked maps load");
        prop_assert!(Clearances::compute(&baked).stale_bakes(&baked).is_empty());
        prop_assume!(!m.obstacles.is_empty());

        // Move one obstacle, keep the baked values.
        let mut moved = m.clone();
        let k = which % moved.obstacles.len();
        let shift = |(x, y): (f64, f64)| (x + dx, y);
        moved.obstacles[k] = match &moved.obstacles[k] {
            RandomObstacle::Point(p) => RandomObstacle::Point(shift(*p)),
            RandomObstacle::Circle(c, r) => RandomObstacle::Circle(shift(*c), *r),
            RandomObstacle::Segment(a, b) => RandomObstacle::Segment(shift(*a), shift(*b)),
            RandomObstacle::Polygon(v) => RandomObstacle::Polygon(v.iter().map(|&p| shift(p)).collect()),
        };
        let moved_map = load(&moved);
        let stale_map = moved_map.baked(&Clearances::compute(&baked)); // old values, new obstacles
        let now = Clearances::compute_brute_force(&moved_map);
        let stale: Vec<usize> = Clearances::compute(&stale_map).stale_bakes(&stale_map).iter().map(|s| s.edge.get()).collect();
        let affected: Vec<usize> = (0..map.edges().len())
            .filter(|&i| {
                let (old, new) = (baked.edges()[i].clearance, now.edge(EdgeIdx::new(i)).finite_value());
                match (old, new) {
                    (Some(o), Some(n)) => (o - n).abs() > 1e-9 * o.abs().max(n.abs()),
                    _ => false,
                }
            })
            .collect();
        prop_assert_eq!(stale, affected);
    }
}

/// A costs cheaper than length keep A* exact: the 0 -> 2 edge costs 1 though
/// it is 100 long, so the straight-line estimate alone would overstate.
#[test]
fn cheap_explicit_cost_keeps_astar_exact() {
    let map = Map::loader()
        .read_str(
            "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (50, 1)), (id: 2, pos: (100, 0))],
          edges: [(from: 0, to: 1), (from: 1, to: 2), (from: 0, to: 2, cost: 1.0)])",
            "cheap.ron",
        )
        .expect("valid");
    let clearances = Clearances::compute(&map);
    let r = Router::new(&map, &clearances)
        .route(NodeIdx::new(0), NodeIdx::new(2), 0.0)
        .expect("connected");
    assert_eq!(r.nodes, [0, 2].map(NodeIdx::new));
    assert_eq!(r.cost, 1.0);
    assert_eq!(r.length, 100.0);
}

/// A free edge of positive length leaves no admissible estimate: Dijkstra.
#[test]
fn free_edge_falls_back_to_dijkstra() {
    let map = Map::loader().read_str(
        "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (50, 0)), (id: 2, pos: (100, 0)), (id: 3, pos: (1, 0))],
          edges: [(from: 0, to: 3), (from: 3, to: 2, cost: 0.0), (from: 0, to: 1), (from: 1, to: 2)])",
        "free.ron",
    )
    .expect("valid");
    let clearances = Clearances::compute(&map);
    let r = Router::new(&map, &clearances)
        .route(NodeIdx::new(0), NodeIdx::new(2), 0.0)
        .expect("connected");
    assert_eq!(r.nodes, [0, 3, 2].map(NodeIdx::new));
    assert_eq!(r.cost, 1.0);
}

/// One-way edges are honoured: 1 -> 0 only, so 0 cannot reach 1.
#[test]
fn one_way_edges_are_honoured() {
    let map = Map::loader().read_str(
        "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (5, 0))], edges: [(from: 1, to: 0, one_way: true)])",
        "oneway.ron",
    )
    .expect("valid");
    let clearances = Clearances::compute(&map);
    assert!(
        Router::new(&map, &clearances)
            .route(NodeIdx::new(0), NodeIdx::new(1), 0.0)
            .is_none()
    );
    assert!(
        Router::new(&map, &clearances)
            .widest_route(NodeIdx::new(0), NodeIdx::new(1), None)
            .is_none()
    );
    assert_eq!(
        Router::new(&map, &clearances)
            .route(NodeIdx::new(1), NodeIdx::new(0), 0.0)
            .map(|r| r.nodes),
        Some([1, 0].map(NodeIdx::new).to_vec())
    );
}

/// Two parallel edges 0-1 of equal cost, a free two-way edge 1-2 (a zero-cost
/// cycle), and a third node. Costs: 0-1 is 5 (both), 1-2 is 0, 0-2 is 9.
fn ties_and_free_edges() -> Map {
    Map::loader()
        .read_str(
            "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (5, 0)), (id: 2, pos: (5, 1))], \
         edges: [(from: 0, to: 2, cost: 9.0), (from: 0, to: 1, cost: 5.0), \
                 (from: 1, to: 0, cost: 5.0), (from: 1, to: 2, cost: 0.0)])",
            "ties.ron",
        )
        .expect("valid map")
}

#[test]
fn parallel_edges_of_equal_cost_take_the_lowest_index() {
    let map = ties_and_free_edges();
    let clearances = Clearances::compute(&map);
    for landmarks in [0, 1, 3] {
        let mut router = Router::with_landmarks(&map, &clearances, landmarks, &[0.0]);
        let r = router
            .route(NodeIdx::new(0), NodeIdx::new(2), 0.0)
            .expect("connected");
        // 0 -> 1 by edge 1 (edge 2 ties at 5 and comes later), 1 -> 2 free.
        assert_eq!(r.edges, [1, 3].map(EdgeIdx::new), "{landmarks} landmarks");
        assert_eq!(r.cost, 5.0);
        // Back the other way: 2 -> 1 free, 1 -> 0 by edge 1 again.
        let back = router
            .route(NodeIdx::new(2), NodeIdx::new(0), 0.0)
            .expect("connected");
        assert_eq!(back.edges, [3, 1].map(EdgeIdx::new));
    }
}

#[test]
fn a_nan_radius_fits_nowhere() {
    let map = ties_and_free_edges();
    let clearances = Clearances::compute(&map);
    let mut router = Router::new(&map, &clearances);
    assert_eq!(
        router.route(NodeIdx::new(0), NodeIdx::new(2), f64::NAN),
        None
    );
    assert_eq!(
        router.route_dijkstra(NodeIdx::new(0), NodeIdx::new(2), f64::NAN),
        None
    );
    // A negative radius fits everywhere, like 0.
    assert_eq!(
        router
            .route(NodeIdx::new(0), NodeIdx::new(2), -1.0)
            .map(|r| r.cost),
        Some(5.0)
    );
}

#[test]
fn landmarks_on_tiny_maps() {
    for text in [
        "(nodes: [(id: 7, pos: (0, 0))])",
        "(nodes: [(id: 1, pos: (0, 0)), (id: 2, pos: (3, 4))])",
    ] {
        let map = Map::loader().read_str(text, "tiny.ron").expect("valid map");
        let clearances = Clearances::compute(&map);
        let mut router = Router::with_landmarks(&map, &clearances, 8, &[0.0]);
        // Never more landmarks than nodes reached from node 0.
        assert_eq!(router.landmark_count(), 1);
        assert_eq!(
            router
                .route(NodeIdx::new(0), NodeIdx::new(0), 1.0)
                .map(|r| r.nodes),
            Some([0].map(NodeIdx::new).to_vec())
        );
        if map.nodes().len() > 1 {
            assert_eq!(router.route(NodeIdx::new(0), NodeIdx::new(1), 0.0), None);
        }
    }
}
