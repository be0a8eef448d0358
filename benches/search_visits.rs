//! Not timed: how many R-tree nodes clearway's segment-aware depth-first
//! search opens, against the query a radius check would make without it
//! (the edge's axis-aligned box grown by r, `locate_in_envelope_intersecting`
//! semantics, counted through a custom `SelectionFunction`). Prints a table.
//!
//! Run: `cargo bench --bench search_visits`.
//!
//! The same on 3D levels (`gen_map --kind terrain` and `--kind building`,
//! 100k edges and 100k triangles): the baseline's boxes are 3D boxes, its
//! query the edge's 3D box grown by r.
//!
//! The trees differ: the baseline's has one entry per obstacle box (rstar's
//! default node size); clearway's has buckets of up to 8 parts as leaves
//! (16 children a node), and holds large polygons as boundary edges plus
//! an interior part (small ones whole). clearway's "visited" counts tree nodes and buckets opened,
//! the baseline's "opened" the nodes whose children it examined; both are
//! the nodes whose boxes a query had to look inside.

mod common;

use clearway::SearchStats;
use clearway::geometry::{Point, Point3, Segment};
use clearway::map::Level;
use clearway::{Dimension, Obstacle3, Space};
use clearway::{EdgeIdx, Map};
use clearway_synth::{Kind, Mix, Params, SplitMix64};
use common::{
    CountingIntersecting, ObstacleBox, RADIUS, box_tree, grown_box, mix_name, obstacle_box_tree,
    synth_map,
};
use rstar::{AABB, Point as RstarPoint, RTree};

/// Per-query averages of the work both searches do.
#[derive(Default)]
struct Tally {
    queries: usize,
    clearway: SearchStats,
    box_tested: usize,
    box_opened: usize,
    box_candidates: usize,
}

/// Both searches over `queries`, in either dimension: clearway's on the
/// map's index, the baseline's in `tree` (the obstacles' boxes, built once
/// per level) with each query's box from `grown`.
fn tally<D: Dimension, P: RstarPoint>(
    map: &Map<D>,
    tree: &RTree<ObstacleBox<P>>,
    queries: &[Segment<D::Point>],
    grown: impl Fn(Segment<D::Point>) -> AABB<P>,
) -> Tally {
    let mut t = Tally {
        queries: queries.len(),
        ..Tally::default()
    };
    for &edge in queries {
        map.obstacle_index()
            .nearest_to_segment_with_stats(map.obstacles(), edge, &mut t.clearway);
        let counter = CountingIntersecting::new(grown(edge));
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

/// An obstacle's 3D bounding box, for the baseline.
fn obstacle3_aabb(o: &Obstacle3) -> AABB<[f64; 3]> {
    let a = |p: Point3| [p.x, p.y, p.z];
    match o {
        Obstacle3::Point(p) => AABB::from_point(a(*p)),
        Obstacle3::Sphere(s) => {
            let r = Point3::new(s.radius, s.radius, s.radius);
            AABB::from_corners(a(s.center - r), a(s.center + r))
        }
        Obstacle3::Segment(s) => AABB::from_corners(a(s.a), a(s.b)),
        Obstacle3::Triangle(t) => AABB::from_points(t.corners.map(a).iter()),
        Obstacle3::Box(b) => AABB::from_corners(a(b.min), a(b.max)),
        Obstacle3::Mesh(m) => AABB::from_points(
            m.vertices()
                .iter()
                .map(|&p| a(p))
                .collect::<Vec<_>>()
                .iter(),
        ),
    }
}

/// The 3D edge's box grown by `r` on every side.
fn grown_box3(edge: Segment<Point3>, r: f64) -> AABB<[f64; 3]> {
    let (lo, hi) = (
        [
            edge.a.x.min(edge.b.x),
            edge.a.y.min(edge.b.y),
            edge.a.z.min(edge.b.z),
        ],
        [
            edge.a.x.max(edge.b.x),
            edge.a.y.max(edge.b.y),
            edge.a.z.max(edge.b.z),
        ],
    );
    AABB::from_corners(lo.map(|v| v - r), hi.map(|v| v + r))
}

/// `n` segments of length `length` along the cube's diagonals (alternately
/// rising and falling in x), placed at random inside the nodes' bounds.
fn diagonals3(
    map: &Map<Space>,
    n: usize,
    length: f64,
    rng: &mut SplitMix64,
) -> Vec<Segment<Point3>> {
    let inf = f64::INFINITY;
    let (mut lo, mut hi) = (Point3::new(inf, inf, inf), Point3::new(-inf, -inf, -inf));
    for node in map.nodes() {
        let p = node.pos;
        lo = Point3::new(lo.x.min(p.x), lo.y.min(p.y), lo.z.min(p.z));
        hi = Point3::new(hi.x.max(p.x), hi.y.max(p.y), hi.z.max(p.z));
    }
    let d = length / 3f64.sqrt();
    (0..n)
        .map(|k| {
            let x = rng.range(lo.x, (hi.x - d).max(lo.x));
            let y = rng.range(lo.y, (hi.y - d).max(lo.y));
            let z = rng.range(lo.z, (hi.z - d).max(lo.z));
            if k % 2 == 0 {
                Segment::new(Point3::new(x, y, z), Point3::new(x + d, y + d, z + d))
            } else {
                Segment::new(Point3::new(x + d, y, z), Point3::new(x, y + d, z + d))
            }
        })
        .collect()
}

fn three_d(kind: Kind) {
    let params = Params::new(kind, 100_000);
    let text = clearway_synth::map_string(&params);
    let Ok(Level::Space(map)) = Level::loader().read_str(&text, "synth.ron") else {
        panic!("{kind:?} is a 3D level");
    };
    let mut rng = SplitMix64::new(42);
    println!(
        "\nsearch_visits: {kind:?}, 100k edges, 100k triangles ({} edges, {} obstacles), r = {RADIUS} for the box query",
        map.edges().len(),
        map.obstacles().len()
    );
    header();
    let tree = box_tree(map.obstacles().iter().map(obstacle3_aabb));
    let sample: Vec<Segment<Point3>> = (0..map.edges().len())
        .step_by(10)
        .map(|i| map.edge_segment(EdgeIdx::new(i)))
        .collect();
    row(
        "map edges (every 10th)",
        &tally(&map, &tree, &sample, |e| grown_box3(e, RADIUS)),
    );
    for length in [20.0, 50.0, 200.0] {
        let queries = diagonals3(&map, 200, length, &mut rng);
        row(
            &format!("diagonals, length {length}"),
            &tally(&map, &tree, &queries, |e| grown_box3(e, RADIUS)),
        );
    }
}

fn header() {
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
}

fn main() {
    for mix in [Mix::Points, Mix::Mixed] {
        let map = synth_map(Kind::Grid, 100_000, mix);
        let mut rng = SplitMix64::new(42);
        println!(
            "\nsearch_visits: grid, 100k edges, {}, r = {RADIUS} for the box query (clearway's search does not depend on r)",
            mix_name(mix)
        );
        header();
        let tree = obstacle_box_tree(&map);
        let sample: Vec<Segment> = (0..map.edges().len())
            .step_by(10)
            .map(|i| map.edge_segment(EdgeIdx::new(i)))
            .collect();
        row(
            "map edges (every 10th)",
            &tally(&map, &tree, &sample, |e| grown_box(e, RADIUS)),
        );
        for length in [50.0, 200.0, 1000.0, 2000.0] {
            let queries = diagonals(&map, 200, length, &mut rng);
            row(
                &format!("diagonals, length {length}"),
                &tally(&map, &tree, &queries, |e| grown_box(e, RADIUS)),
            );
        }
        let queries = diagonals(&map, 200, 200.0, &mut rng);
        row(
            "diagonals 200, r = 3.0",
            &tally(&map, &tree, &queries, |e| grown_box(e, 3.0)),
        );
    }
    for kind in [Kind::Terrain, Kind::Building] {
        three_d(kind);
    }
}
