//! Routing on a 1M-edge grid (5 points per edge): a pool of 1,000 seeded
//! random (start, goal) queries, cycled through one per iteration, so each
//! result is the mean time of one query:
//!
//! * `astar_r0.8`: `Router::route` for radius 0.8 (A* skipping the edges too
//!   tight for the agent);
//! * `astar_unfiltered`: the same for radius 0 (no clearance is below 0, so
//!   nothing is skipped: the cost of the filter itself shows);
//! * `astar_landmarks_r0.8`: radius 0.8 on a router with 16 landmarks
//!   (costs over every edge, `Router::with_landmarks(.., &[0.0])`);
//! * `astar_agent_landmarks_r0.8`: radius 0.8 on a router with 16 landmarks
//!   for that radius (costs over the edges that admit it,
//!   `Router::with_landmarks` with the radius);
//! * `dijkstra_r0.8`: `Router::route_dijkstra` for radius 0.8;
//! * `astar_area_costs_1_r0.8`: the same grid with areas on two edges in
//!   three (`mud`, `road`), `Router::route` for an agent of radius 0.8 who
//!   pays 1.0 for both: the same routes as `astar_r0.8` (checked), so the
//!   difference is what reading each arc's area costs (target: at most
//!   1.2x);
//! * `astar_area_costs_r0.8`: an agent who pays 2.0 in mud and 0.8 on
//!   roads: other routes, and a goal bound scaled by 0.8.
//! * `astar_area_costs_landmarks_r0.8`: that agent on a router with 16
//!   landmarks of its own costs (`Router::with_landmarks` with the agent): to set
//!   beside `astar_agent_landmarks_r0.8`, the plain routes with landmarks
//!   for their radius.
//!
//! Each router is built once, before timing (the build times are printed).
//!
//! Before timing, every query is routed once with A* and each kind of
//! landmarks (found or not is counted), and the first 20 are checked
//! against Dijkstra (same cost, every edge admits the radius).
//!
//! Run: `cargo bench --bench route`.

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use clearway::Router;
use clearway::{Clearances, NodeIdx};
use clearway_synth::{Kind, Mix, SplitMix64};
use common::{RADIUS, paying, synth_map, with_areas};
use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};

const QUERIES: usize = 1_000;
const CHECKED: usize = 20;
const LANDMARKS: usize = 16;

fn check(clearances: &Clearances, router: &mut Router<'_>, queries: &[(usize, usize)]) {
    let started = Instant::now();
    let found = queries
        .iter()
        .filter(|&&(s, g)| {
            router
                .route(NodeIdx::new(s), NodeIdx::new(g), RADIUS)
                .is_some()
        })
        .count();
    let astar = started.elapsed();
    let started = Instant::now();
    for &(s, g) in &queries[..CHECKED] {
        let a = router.route(NodeIdx::new(s), NodeIdx::new(g), RADIUS);
        let d = router.route_dijkstra(NodeIdx::new(s), NodeIdx::new(g), RADIUS);
        match (a, d) {
            (Some(a), Some(d)) => {
                let tolerance = 1e-9 * d.cost.max(1.0);
                assert!(
                    (a.cost - d.cost).abs() <= tolerance,
                    "A* {} vs Dijkstra {}",
                    a.cost,
                    d.cost
                );
                assert!(
                    a.edges
                        .iter()
                        .all(|&e| clearances.edge(e).admits(RADIUS, clearances.slack()))
                );
            }
            (None, None) => {}
            (a, d) => panic!("A* found {}, Dijkstra found {}", a.is_some(), d.is_some()),
        }
        let unfiltered = router
            .route(NodeIdx::new(s), NodeIdx::new(g), 0.0)
            .expect("the grid is connected");
        assert!(
            unfiltered.nodes.first() == Some(&NodeIdx::new(s))
                && unfiltered.nodes.last() == Some(&NodeIdx::new(g))
        );
    }
    eprintln!(
        "[check] {found} of {QUERIES} queries routed for r = {RADIUS} ({:.1} ms each with A*); \
         {CHECKED} agree with Dijkstra ({:.1} s for those)",
        astar.as_secs_f64() * 1e3 / QUERIES as f64,
        started.elapsed().as_secs_f64()
    );
}

fn routing(c: &mut Criterion) {
    let map = synth_map(Kind::Grid, 1_000_000, Mix::Points);
    let clearances = Clearances::compute(&map);
    let mut rng = SplitMix64::new(7);
    let n = map.nodes().len();
    let queries: Vec<(usize, usize)> = (0..QUERIES).map(|_| (rng.below(n), rng.below(n))).collect();

    let mut group = c.benchmark_group("route/1M");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.warm_up_time(Duration::from_secs(2));
    group.measurement_time(Duration::from_secs(15));
    let started = Instant::now();
    let mut plain = Router::new(&map, &clearances);
    let plain_built = started.elapsed();
    let started = Instant::now();
    let mut guided = Router::with_landmarks(&map, &clearances, LANDMARKS, &[0.0]);
    let guided_built = started.elapsed();
    let started = Instant::now();
    let mut agent = Router::with_landmarks(&map, &clearances, LANDMARKS, &[RADIUS]);
    eprintln!(
        "[build] router {:.1} ms, with {LANDMARKS} landmarks {:.1} ms, with {LANDMARKS} for \
         r = {RADIUS} {:.1} ms (not timed below)",
        plain_built.as_secs_f64() * 1e3,
        guided_built.as_secs_f64() * 1e3,
        started.elapsed().as_secs_f64() * 1e3
    );
    check(&clearances, &mut guided, &queries);
    check(&clearances, &mut agent, &queries);
    let area_map = with_areas(&map);
    let area_clearances = Clearances::compute(&area_map);
    let mut with_areas = Router::new(&area_map, &area_clearances);
    let (even, mixed) = (paying(1.0, 1.0), paying(2.0, 0.8));
    let started = Instant::now();
    let mut own_landmarks =
        Router::with_landmarks(&area_map, &area_clearances, LANDMARKS, &[&mixed]);
    eprintln!(
        "[build] with {LANDMARKS} landmarks of the costs 2.0 in mud and 0.8 on roads, \
         r = {RADIUS}: {:.1} ms (not timed below)",
        started.elapsed().as_secs_f64() * 1e3
    );
    for &(s, g) in &queries[..CHECKED] {
        let (s, g) = (NodeIdx::new(s), NodeIdx::new(g));
        let plain_cost = plain.route(s, g, RADIUS).map(|r| r.cost);
        assert_eq!(with_areas.route(s, g, &even).map(|r| r.cost), plain_cost);
        let mixed_cost = with_areas.route(s, g, &mixed).map(|r| r.cost);
        assert_eq!(mixed_cost.is_some(), plain_cost.is_some());
        assert_eq!(
            own_landmarks.route(s, g, &mixed).map(|r| r.cost),
            mixed_cost
        );
    }
    let mut bench = |name: &str, router: &mut Router<'_>, radius: f64, dijkstra: bool| {
        let mut next = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                let (s, g) = queries[next % QUERIES];
                next += 1;
                if dijkstra {
                    router.route_dijkstra(black_box(NodeIdx::new(s)), NodeIdx::new(g), radius)
                } else {
                    router.route(black_box(NodeIdx::new(s)), NodeIdx::new(g), radius)
                }
            })
        });
    };
    bench("astar_r0.8", &mut plain, RADIUS, false);
    bench("astar_unfiltered", &mut plain, 0.0, false);
    bench("astar_landmarks_r0.8", &mut guided, RADIUS, false);
    bench("astar_agent_landmarks_r0.8", &mut agent, RADIUS, false);
    bench("dijkstra_r0.8", &mut plain, RADIUS, true);
    for (name, own, who) in [
        ("astar_area_costs_1_r0.8", false, &even),
        ("astar_area_costs_r0.8", false, &mixed),
        ("astar_area_costs_landmarks_r0.8", true, &mixed),
    ] {
        let router = if own {
            &mut own_landmarks
        } else {
            &mut with_areas
        };
        let mut next = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                let (s, g) = queries[next % QUERIES];
                next += 1;
                router.route(black_box(NodeIdx::new(s)), NodeIdx::new(g), who)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, routing);
criterion_main!(benches);
