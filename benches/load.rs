//! Loading throughput in MB/s on a ~10 MB synthetic map (grid, 5 obstacles
//! per edge), for each obstacle mix:
//!
//! * `ron_only`: `ron` deserialization into the wire type `MapFile`, in one
//!   pass on one core: the yardstick the scale issue measures loading by;
//! * `chunked_parse`: `wire::from_str`, the parse the loader runs: the same
//!   deserialization with the big lists cut into chunks read on every core;
//! * `from_ron_str`: the full load, `Map::loader().read_str` (parse and
//!   validate; the graph and the R-tree are built when first used);
//! * `rtree_build`: `ObstacleIndex::build` alone on the loaded obstacles
//!   (reported against the same byte count, to show its share).
//!
//! Each result is dropped outside the timing (`iter_with_large_drop`): a
//! loaded map takes longer to free than the parser's output (its index is
//! many small allocations), and freeing is not loading.
//!
//! Run: `cargo bench --bench load` (or `-- load/points` for one mix).

mod common;

use std::hint::black_box;
use std::time::Duration;

use clearway::Map;
use clearway::ObstacleIndex;
use clearway_format::wire::{self, MapFile};
use clearway_synth::{self as synth, Kind, Mix, Params};
use common::mix_name;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Edges for about 10 MB of text: points-only maps take ~220 bytes an
/// edge, mixed ones ~305.
fn edges_for_10_mb(mix: Mix) -> usize {
    match mix {
        Mix::Points => 45_000,
        Mix::Mixed => 33_000,
    }
}

fn load(c: &mut Criterion) {
    for mix in [Mix::Points, Mix::Mixed] {
        let text = synth::map_string(&Params::new(Kind::Grid, edges_for_10_mb(mix)).with_mix(mix));
        let map = Map::loader()
            .read_str(&text, "synth.ron")
            .expect("synthetic maps load");
        eprintln!(
            "[setup] load/{}: {:.2} MB, {} nodes, {} edges, {} obstacles",
            mix_name(mix),
            text.len() as f64 / 1e6,
            map.nodes().len(),
            map.edges().len(),
            map.obstacles().len()
        );
        let mut group = c.benchmark_group(format!("load/{}", mix_name(mix)));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(8));
        group.bench_function("ron_only", |b| {
            b.iter_with_large_drop(|| {
                wire::options()
                    .from_str::<MapFile>(black_box(&text))
                    .expect("parses")
            })
        });
        group.bench_function("chunked_parse", |b| {
            b.iter_with_large_drop(|| wire::from_str(black_box(&text)).expect("parses"))
        });
        group.bench_function("from_ron_str", |b| {
            b.iter_with_large_drop(|| {
                Map::loader()
                    .read_str(black_box(&text), "synth.ron")
                    .expect("loads")
            })
        });
        group.bench_function("rtree_build", |b| {
            b.iter_with_large_drop(|| ObstacleIndex::build(black_box(map.obstacles())))
        });
        group.finish();
    }
}

criterion_group!(benches, load);
criterion_main!(benches);
