//! Clearance of every edge, at 10k, 100k and 1M edges (grid, 5 obstacles per
//! edge), points only and mixed, beside its baselines:
//!
//! * brute force (`Clearances::compute_brute_force`, one core, O(E x O)):
//!   at 10k only, and timed once (printed as `[oneshot]` on stderr) rather
//!   than by criterion, as one run takes tens of seconds;
//! * `radius_check_aabb`: for one radius, each edge's box grown by r queried
//!   in an R-tree of the obstacles' boxes, every candidate measured exactly
//!   (on all cores, like clearway);
//! * against `radius_check_clearway`: `Clearances::compute` then `admits(r)`,
//!   `radius_check_within`: `Clearances::options().within(r).compute` (the
//!   search stops at r, runs of edges share one walk) then `admits(r)`, and
//!   `radius_check_tight_spots`: `Clearances::options().within(r).tight_spots` (what `check`
//!   runs: the same searches, keeping only the blocked edges and nodes).
//!
//! `compute` measures edges *and* nodes; `edges_only` is the same search over
//! the edges alone, the like-for-like twin of the box baseline.
//!
//! Run one size: `cargo bench --bench clearance -- 'clearance/points/.*/10k'`.

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use clearway::{Clearances, EdgeIdx};
use clearway_synth::{Kind, Mix};
use common::{RADIUS, aabb_blocked_edges, mix_name, obstacle_box_tree, size_name, synth_map};
use criterion::{BenchmarkId, Criterion, SamplingMode, criterion_group, criterion_main};
use rayon::prelude::*;

const SIZES: [usize; 3] = [10_000, 100_000, 1_000_000];
/// The largest size brute force is run at.
const BRUTE_FORCE_MAX: usize = 10_000;

fn clearance(c: &mut Criterion) {
    for mix in [Mix::Points, Mix::Mixed] {
        let mut group = c.benchmark_group(format!("clearance/{}", mix_name(mix)));
        for edges in SIZES {
            if !any_selected(mix, edges) {
                continue;
            }
            let size = size_name(edges);
            let map = synth_map(Kind::Grid, edges, mix);
            let tree = obstacle_box_tree(&map);

            // Correctness first: the baselines agree with clearway.
            let clearances = Clearances::compute(&map);
            let blocked = aabb_blocked_edges(&map, &tree, RADIUS);
            let by_clearway: Vec<bool> = clearances
                .edges()
                .iter()
                .map(|c| !c.admits(RADIUS, clearances.slack()))
                .collect();
            assert_eq!(blocked, by_clearway, "box baseline and clearway disagree");
            let within = Clearances::options().within(RADIUS).compute(&map);
            assert!(
                within
                    .blocked_edges(RADIUS)
                    .eq(clearances.blocked_edges(RADIUS)),
                "compute_within and compute disagree"
            );
            let spots = Clearances::options().within(RADIUS).tight_spots(&map);
            assert!(
                spots
                    .blocked_edges(RADIUS)
                    .map(|(e, _)| *e)
                    .eq(clearances.blocked_edges(RADIUS)),
                "tight spots and compute disagree"
            );
            let n_blocked = blocked.iter().filter(|&&b| b).count();
            eprintln!(
                "[check] {size}: {n_blocked} of {} edges blocked for r = {RADIUS}",
                map.edges().len()
            );
            if edges <= BRUTE_FORCE_MAX {
                // Timed once, not by criterion: one run is O(E x O), tens of
                // seconds at 10k edges, too slow to repeat 10+ times.
                let started = Instant::now();
                let brute = Clearances::compute_brute_force(&map);
                eprintln!(
                    "[oneshot] clearance/{}/brute_force/{size}: {:.2} s (one core; checked equal to compute)",
                    mix_name(mix),
                    started.elapsed().as_secs_f64()
                );
                assert_eq!(brute, clearances);
            }

            if edges >= 1_000_000 {
                group.sample_size(10);
                group.sampling_mode(SamplingMode::Flat);
                group.warm_up_time(Duration::from_secs(1));
                group.measurement_time(Duration::from_secs(20));
            } else {
                group.sample_size(10);
                group.sampling_mode(SamplingMode::Auto);
                group.warm_up_time(Duration::from_secs(1));
                group.measurement_time(Duration::from_secs(5));
            }
            group.bench_function(BenchmarkId::new("compute", &size), |b| {
                b.iter(|| Clearances::compute(black_box(&map)))
            });
            group.bench_function(BenchmarkId::new("edges_only", &size), |b| {
                b.iter(|| {
                    let index = map.obstacle_index();
                    (0..map.edges().len())
                        .into_par_iter()
                        .with_min_len(256)
                        .map(|i| {
                            index.nearest_to_segment(
                                map.obstacles(),
                                map.edge_segment(EdgeIdx::new(i)),
                            )
                        })
                        .collect::<Vec<_>>()
                })
            });
            group.bench_function(BenchmarkId::new("radius_check_clearway", &size), |b| {
                b.iter(|| {
                    let c = Clearances::compute(black_box(&map));
                    c.blocked_edges(RADIUS).count()
                })
            });
            group.bench_function(BenchmarkId::new("radius_check_within", &size), |b| {
                b.iter(|| {
                    let c = Clearances::options()
                        .within(RADIUS)
                        .compute(black_box(&map));
                    c.blocked_edges(RADIUS).count()
                })
            });
            group.bench_function(BenchmarkId::new("radius_check_tight_spots", &size), |b| {
                b.iter(|| {
                    Clearances::options()
                        .within(RADIUS)
                        .tight_spots(black_box(&map))
                        .blocked_edges(RADIUS)
                        .count()
                })
            });
            group.bench_function(BenchmarkId::new("radius_check_aabb", &size), |b| {
                b.iter(|| {
                    aabb_blocked_edges(black_box(&map), &tree, RADIUS)
                        .iter()
                        .filter(|&&b| b)
                        .count()
                })
            });
        }
        group.finish();
    }
}

/// Whether a filter given on the command line can select some benchmark of
/// this size, so that `cargo bench --bench clearance -- 10k` does not build
/// the 1M maps for nothing. (Criterion filters by regex; this is a cheap
/// substring test on the literal parts of the common patterns.)
fn any_selected(mix: Mix, edges: usize) -> bool {
    let size = size_name(edges);
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    filters.is_empty()
        || filters.iter().any(|f| {
            let mentions_size = SIZES.iter().any(|&s| f.contains(&size_name(s)));
            let mentions_mix = f.contains("points") || f.contains("mixed");
            (!mentions_size || f.contains(&size)) && (!mentions_mix || f.contains(mix_name(mix)))
        })
}

criterion_group!(benches, clearance);
criterion_main!(benches);
