//! Pruning a 100k-edge map (grid, 5 points per edge) for one radius:
//! `Map::pruned` (which rebuilds the graph and the obstacle R-tree of the
//! smaller map) and `PruneReport::new` (two union-find passes).
//!
//! Run: `cargo bench --bench prune`.

mod common;

use std::hint::black_box;
use std::time::Duration;

use clearway::{Clearances, PruneReport};
use clearway_synth::{Kind, Mix};
use common::{RADIUS, synth_map};
use criterion::{Criterion, criterion_group, criterion_main};

fn prune(c: &mut Criterion) {
    let map = synth_map(Kind::Grid, 100_000, Mix::Points);
    let clearances = Clearances::compute(&map);
    let report = PruneReport::new(&map, &clearances, RADIUS);
    let pruned = map.pruned(&clearances, RADIUS);
    assert_eq!(
        pruned.edges().len() + report.pruned_edges.len(),
        map.edges().len()
    );
    eprintln!(
        "[check] r = {RADIUS}: {} edges pruned, components {} -> {}, {} nodes cut off",
        report.pruned_edges.len(),
        report.components_before,
        report.components_after,
        report.cut_off_nodes.len()
    );
    let mut group = c.benchmark_group("prune/100k");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("pruned", |b| {
        b.iter(|| black_box(&map).pruned(&clearances, RADIUS))
    });
    group.bench_function("prune_report", |b| {
        b.iter(|| PruneReport::new(black_box(&map), &clearances, RADIUS))
    });
    group.finish();
}

criterion_group!(benches, prune);
criterion_main!(benches);
