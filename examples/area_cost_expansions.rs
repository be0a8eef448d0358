//! Where the time of routes with area costs goes (issue #30): on the route
//! bench's 1M-edge grid and its 1,000 seeded queries at r = 0.8, each query
//! is routed by the plain agent and by the agent paying 2.0 in mud and 0.8
//! on roads, on routers without landmarks and on routers with 16 landmarks
//! (the plain routes on landmarks for their radius, the agent on landmarks
//! of its own costs), as the bench's cases do. Prints, per case, the nodes
//! a query expanded (`Router::last_expanded`: mean, median, sum), the nodes
//! on its route, and the time per query and per node expanded, so that a
//! gap between the cases splits into more nodes and dearer nodes.
//!
//! ```text
//! cargo run --release --example area_cost_expansions [-- QUERIES]
//! ```

#[path = "../benches/common/mod.rs"]
mod common;

use std::time::Instant;

use clearway::{Agent, Clearances, NodeIdx, Router};
use clearway_synth::{Kind, Mix, SplitMix64};
use common::{RADIUS, paying, synth_map, with_areas};

/// The route bench's landmark count.
const LANDMARKS: usize = 16;

/// What one case did over the queries.
struct Tally {
    expanded: Vec<usize>,
    route_nodes: usize,
    found: usize,
    seconds: f64,
}

/// Routes every query on `router` for `who` (an agent, or the radius
/// alone when `None`), twice: the first pass counts, the second times.
fn tally(router: &mut Router<'_>, who: Option<&Agent>, queries: &[(usize, usize)]) -> Tally {
    let route = |router: &mut Router<'_>, s, g| match who {
        Some(agent) => router.route(NodeIdx::new(s), NodeIdx::new(g), agent),
        None => router.route(NodeIdx::new(s), NodeIdx::new(g), RADIUS),
    };
    let mut expanded = Vec::with_capacity(queries.len());
    let (mut route_nodes, mut found) = (0, 0);
    for &(s, g) in queries {
        if let Some(r) = route(router, s, g) {
            route_nodes += r.nodes.len();
            found += 1;
        }
        expanded.push(router.last_expanded());
    }
    let started = Instant::now();
    for &(s, g) in queries {
        std::hint::black_box(route(router, s, g));
    }
    Tally {
        expanded,
        route_nodes,
        found,
        seconds: started.elapsed().as_secs_f64(),
    }
}

fn print(name: &str, t: &Tally, base: Option<&Tally>) {
    let n = t.expanded.len().max(1) as f64;
    let sum: usize = t.expanded.iter().sum();
    let mut sorted = t.expanded.clone();
    sorted.sort_unstable();
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0);
    let per_node_ns = t.seconds * 1e9 / sum.max(1) as f64;
    let against = base.map_or(String::new(), |b| {
        let base_sum: usize = b.expanded.iter().sum();
        let per_query: Vec<f64> = t
            .expanded
            .iter()
            .zip(&b.expanded)
            .filter(|&(_, &b)| b > 0)
            .map(|(&a, &b)| a as f64 / b as f64)
            .collect();
        let mut ratios = per_query.clone();
        ratios.sort_by(f64::total_cmp);
        let median_ratio = ratios.get(ratios.len() / 2).copied().unwrap_or(0.0);
        format!(
            "; against the plain case: expanded {:.2}x (per query median {median_ratio:.2}x), \
             time {:.2}x, per node {:.2}x",
            sum as f64 / base_sum.max(1) as f64,
            t.seconds / b.seconds,
            per_node_ns / (b.seconds * 1e9 / base_sum.max(1) as f64)
        )
    });
    println!(
        "{name}: {} found; expanded mean {:.0}, median {median}, sum {sum}; route nodes mean {:.0}; \
         {:.2} ms a query, {per_node_ns:.0} ns a node expanded{against}",
        t.found,
        sum as f64 / n,
        t.route_nodes as f64 / t.found.max(1) as f64,
        t.seconds * 1e3 / n,
    );
}

fn main() {
    let count: usize = std::env::args()
        .nth(1)
        .map_or(1_000, |a| a.parse().expect("QUERIES is a count"));
    let map = synth_map(Kind::Grid, 1_000_000, Mix::Points);
    let clearances = Clearances::compute(&map);
    let mut rng = SplitMix64::new(7);
    let n = map.nodes().len();
    let queries: Vec<(usize, usize)> = (0..1_000).map(|_| (rng.below(n), rng.below(n))).collect();
    let queries = &queries[..count.min(1_000)];
    let area_map = with_areas(&map);
    let area_clearances = Clearances::compute(&area_map);
    let mixed = paying(2.0, 0.8);

    let mut plain = Router::new(&map, &clearances);
    let base = tally(&mut plain, None, queries);
    print("astar_r0.8", &base, None);
    let mut with_areas = Router::new(&area_map, &area_clearances);
    print(
        "astar_area_costs_r0.8",
        &tally(&mut with_areas, Some(&mixed), queries),
        Some(&base),
    );
    drop((plain, with_areas));

    let mut agent = Router::with_landmarks(&map, &clearances, LANDMARKS, &[RADIUS]);
    let base = tally(&mut agent, None, queries);
    print("astar_agent_landmarks_r0.8", &base, None);
    drop(agent);
    let mut own = Router::with_landmarks(&area_map, &area_clearances, LANDMARKS, &[&mixed]);
    print(
        "astar_area_costs_landmarks_r0.8",
        &tally(&mut own, Some(&mixed), queries),
        Some(&base),
    );
}
