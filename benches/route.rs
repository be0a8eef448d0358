//! Routing on a 1M-edge grid (5 points per edge): a pool of 1,000 seeded
//! random (start, goal) queries, cycled through one per iteration, so each
//! result is the mean time of one query:
//!
//! * `astar_r0.8`: `route` for radius 0.8 (A* over the radius-filtered view);
//! * `astar_unfiltered`: `route` for radius 0 (no clearance is below 0, so
//!   nothing is filtered: the cost of the filter itself shows);
//! * `dijkstra_r0.8`: `route_dijkstra` for radius 0.8.
//!
//! Before timing, every query is routed once with A* (found or not is
//! counted), and the first 20 are checked against Dijkstra (same cost).
//!
//! Run: `cargo bench --bench route`.

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use clearway::route::{route, route_dijkstra};
use clearway::synth::{Kind, Mix, SplitMix64};
use clearway::{Clearances, Map};
use common::{RADIUS, synth_map};
use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};

const QUERIES: usize = 1_000;
const CHECKED: usize = 20;

fn check(map: &Map, clearances: &Clearances, queries: &[(usize, usize)]) {
    let started = Instant::now();
    let found = queries
        .iter()
        .filter(|&&(s, g)| route(map, clearances, s, g, RADIUS).is_some())
        .count();
    let astar = started.elapsed();
    let started = Instant::now();
    for &(s, g) in &queries[..CHECKED] {
        let a = route(map, clearances, s, g, RADIUS);
        let d = route_dijkstra(map, clearances, s, g, RADIUS);
        match (a, d) {
            (Some(a), Some(d)) => {
                let tolerance = 1e-9 * d.cost.max(1.0);
                assert!(
                    (a.cost - d.cost).abs() <= tolerance,
                    "A* {} vs Dijkstra {}",
                    a.cost,
                    d.cost
                );
                assert!(a.edges.iter().all(|&e| clearances.edge(e).admits(RADIUS)));
            }
            (None, None) => {}
            (a, d) => panic!("A* found {}, Dijkstra found {}", a.is_some(), d.is_some()),
        }
        let unfiltered = route(map, clearances, s, g, 0.0).expect("the grid is connected");
        assert!(unfiltered.nodes.first() == Some(&s) && unfiltered.nodes.last() == Some(&g));
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
    check(&map, &clearances, &queries);

    let mut group = c.benchmark_group("route/1M");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.warm_up_time(Duration::from_secs(2));
    group.measurement_time(Duration::from_secs(15));
    let mut bench = |name: &str, radius: f64, dijkstra: bool| {
        let mut next = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                let (s, g) = queries[next % QUERIES];
                next += 1;
                if dijkstra {
                    route_dijkstra(black_box(&map), &clearances, s, g, radius)
                } else {
                    route(black_box(&map), &clearances, s, g, radius)
                }
            })
        });
    };
    bench("astar_r0.8", RADIUS, false);
    bench("astar_unfiltered", 0.0, false);
    bench("dijkstra_r0.8", RADIUS, true);
    group.finish();
}

criterion_group!(benches, routing);
criterion_main!(benches);
