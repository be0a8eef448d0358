//! Not timed: how many R-tree nodes clearway's segment-aware best-first
//! search opens, against the query a radius check would make without it
//! (the edge's axis-aligned box grown by r, `locate_in_envelope_intersecting`
//! semantics, counted through a custom `SelectionFunction`). Prints a table.
//!
//! Run: `cargo bench --bench search_visits`.
//!
//! The trees differ: the baseline's has one entry per obstacle box (rstar's
//! default node size); clearway's has buckets of up to 8 parts as leaves
//! (16 children a node), and holds polygons as boundary edges plus an
//! interior part. clearway's "visited" counts tree nodes and buckets opened,
//! the baseline's "opened" the nodes whose children it examined; both are
//! the nodes whose boxes a query had to look inside.

mod common;

use clearway::geometry::{Point, Segment};
use clearway::obstacle_index::SearchStats;
use clearway::{EdgeIdx, Map};
use clearway_synth::{Kind, Mix, SplitMix64};
use common::{CountingIntersecting, RADIUS, grown_box, mix_name, obstacle_box_tree, synth_map};

/// Per-query averages of the work both searches do.
#[derive(Default)]
struct Tally {
    queries: usize,
    clearway: SearchStats,
    box_tested: usize,
    box_opened: usize,
    box_candidates: usize,
}

fn tally(map: &Map, queries: &[Segment], r: f64) -> Tally {
    let tree = obstacle_box_tree(map);
    let mut t = Tally {
        queries: queries.len(),
        ..Tally::default()
    };
    for &edge in queries {
        map.obstacle_index()
            .nearest_to_segment_with_stats(map.obstacles(), edge, &mut t.clearway);
        let counter = CountingIntersecting::new(grown_box(edge, r));
        t.box_candidates += tree.locate_with_selection_function(&counter).count();
        t.box_tested += counter.tested.get();
        t.box_opened += counter.opened.get();
    }
    t
}

/// `n` diagonal segments of length `length` at 45 degrees (alternately
/// rising and falling), placed at random inside the map's node bounds.
fn diagonals(map: &Map, n: usize, length: f64, rng: &mut SplitMix64) -> Vec<Segment> {
    let (mut lo, mut hi) = (
        Point::new(f64::INFINITY, f64::INFINITY),
        Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    for node in map.nodes() {
        lo = Point::new(lo.x.min(node.pos.x), lo.y.min(node.pos.y));
        hi = Point::new(hi.x.max(node.pos.x), hi.y.max(node.pos.y));
    }
    let d = length / 2f64.sqrt();
    (0..n)
        .map(|k| {
            let x = rng.range(lo.x, (hi.x - d).max(lo.x));
            let y = rng.range(lo.y, (hi.y - d).max(lo.y));
            if k % 2 == 0 {
                Segment::new(Point::new(x, y), Point::new(x + d, y + d))
            } else {
                Segment::new(Point::new(x, y + d), Point::new(x + d, y))
            }
        })
        .collect()
}

fn row(label: &str, t: &Tally) {
    let per = |v: usize| v as f64 / t.queries as f64;
    let visited = per(t.clearway.nodes_visited);
    let opened = per(t.box_opened);
    println!(
        "| {label:<28} | {:>7} | {visited:>10.1} | {:>10.1} | {:>10.1} | {opened:>10.1} | {:>10.1} | {:>13.2}x |",
        t.queries,
        per(t.clearway.parts_measured),
        per(t.box_tested),
        per(t.box_candidates),
        opened / visited,
    );
}

fn main() {
    for mix in [Mix::Points, Mix::Mixed] {
        let map = synth_map(Kind::Grid, 100_000, mix);
        let mut rng = SplitMix64::new(42);
        println!(
            "\nsearch_visits: grid, 100k edges, {}, r = {RADIUS} for the box query (clearway's search does not depend on r)",
            mix_name(mix)
        );
        println!(
            "| {:<28} | {:>7} | {:>10} | {:>10} | {:>10} | {:>10} | {:>10} | {:>14} |",
            "queries",
            "n",
            "cw visited",
            "cw parts",
            "box tested",
            "box opened",
            "box cands",
            "opened/visited"
        );
        println!(
            "|{:-<30}|{:-<9}|{:-<12}|{:-<12}|{:-<12}|{:-<12}|{:-<12}|{:-<16}|",
            "", "", "", "", "", "", "", ""
        );
        let sample: Vec<Segment> = (0..map.edges().len())
            .step_by(10)
            .map(|i| map.edge_segment(EdgeIdx::new(i)))
            .collect();
        row("map edges (every 10th)", &tally(&map, &sample, RADIUS));
        for length in [50.0, 200.0, 1000.0, 2000.0] {
            let queries = diagonals(&map, 200, length, &mut rng);
            row(
                &format!("diagonals, length {length}"),
                &tally(&map, &queries, RADIUS),
            );
        }
        let queries = diagonals(&map, 200, 200.0, &mut rng);
        row("diagonals 200, r = 3.0", &tally(&map, &queries, 3.0));
    }
}
