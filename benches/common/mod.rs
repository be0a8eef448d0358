//! What the benches share: synthetic maps, and the axis-aligned-box baseline.
//!
//! Each bench uses a different part of this module.
#![allow(dead_code)]

use std::cell::Cell;
use std::time::Instant;

use clearway::Obstacle;
use clearway::geometry::Segment;
use clearway::{Agent, EdgeIdx, Map};
use clearway_synth::{self as synth, Kind, Mix, Params};
use rayon::prelude::*;
use rstar::{AABB, Envelope, Point as RstarPoint, RTree, RTreeObject, SelectionFunction};

/// The agent radius the radius checks use: the synthetic maps' "soldier".
pub const RADIUS: f64 = 0.8;

/// A short label for a mix, for benchmark names.
pub fn mix_name(mix: Mix) -> &'static str {
    match mix {
        Mix::Points => "points",
        Mix::Mixed => "mixed",
    }
}

/// A size label: 10k, 100k, 1M.
pub fn size_name(edges: usize) -> String {
    if edges >= 1_000_000 && edges % 1_000_000 == 0 {
        format!("{}M", edges / 1_000_000)
    } else if edges >= 1_000 && edges % 1_000 == 0 {
        format!("{}k", edges / 1_000)
    } else {
        edges.to_string()
    }
}

/// Generates the map (seed 1, 5 obstacles per edge) and loads it, saying on
/// stderr how long that took; the text is dropped once loaded.
pub fn synth_map(kind: Kind, edges: usize, mix: Mix) -> Map {
    let params = Params::new(kind, edges).with_mix(mix);
    let started = Instant::now();
    let text = synth::map_string(&params);
    let generated = started.elapsed();
    let map = Map::loader()
        .read_str(&text, "synth.ron")
        .expect("synthetic maps load");
    eprintln!(
        "[setup] {kind:?}/{} {} edges: {:.1} MB, {} edges, {} obstacles; generated in {:.2} s, loaded in {:.2} s",
        mix_name(mix),
        size_name(edges),
        text.len() as f64 / 1e6,
        map.edges().len(),
        map.obstacles().len(),
        generated.as_secs_f64(),
        (started.elapsed() - generated).as_secs_f64(),
    );
    map
}

/// `map` written out and read back with `area: "mud"` on every third edge
/// and `area: "road"` on the next.
pub fn with_areas(map: &Map) -> Map {
    let mut k = 0;
    let text: String = map
        .to_ron_string()
        .lines()
        .map(|line| {
            let trimmed = line.trim_start();
            let edge = trimmed.starts_with("(from:") && trimmed.ends_with("),");
            let out = match (edge, k % 3) {
                (true, 0) => line.replacen("),", ", area: \"mud\"),", 1),
                (true, 1) => line.replacen("),", ", area: \"road\"),", 1),
                _ => line.to_owned(),
            };
            k += usize::from(edge);
            out + "\n"
        })
        .collect();
    Map::loader()
        .read_str(&text, "areas.ron")
        .expect("the level with areas loads")
}

/// An agent of radius [`RADIUS`] who pays `mud` and `road` in those areas.
pub fn paying(mud: f64, road: f64) -> Agent {
    Agent {
        name: "walker".into(),
        radius: RADIUS,
        costs: [("mud".to_owned(), mud), ("road".to_owned(), road)].into(),
        ..Agent::default()
    }
}

/// An obstacle as the baseline indexes it: its index and its bounding box
/// (`[f64; 2]` corners in 2D, `[f64; 3]` in 3D).
#[derive(Clone, Debug)]
pub struct ObstacleBox<P: RstarPoint = [f64; 2]> {
    /// The obstacle's index in the map.
    pub obstacle: usize,
    aabb: AABB<P>,
}

impl<P: RstarPoint> RTreeObject for ObstacleBox<P> {
    type Envelope = AABB<P>;
    fn envelope(&self) -> Self::Envelope {
        self.aabb.clone()
    }
}

/// The baseline's index of boxes, one entry per obstacle, bulk loaded.
pub fn box_tree<P: RstarPoint>(boxes: impl Iterator<Item = AABB<P>>) -> RTree<ObstacleBox<P>> {
    RTree::bulk_load(
        boxes
            .enumerate()
            .map(|(obstacle, aabb)| ObstacleBox { obstacle, aabb })
            .collect(),
    )
}

/// The bounding box of an obstacle.
pub fn obstacle_aabb(obstacle: &Obstacle) -> AABB<[f64; 2]> {
    match obstacle {
        Obstacle::Point(p) => AABB::from_point([p.x, p.y]),
        Obstacle::Circle(c) => AABB::from_corners(
            [c.center.x - c.radius, c.center.y - c.radius],
            [c.center.x + c.radius, c.center.y + c.radius],
        ),
        Obstacle::Segment(s) => AABB::from_corners([s.a.x, s.a.y], [s.b.x, s.b.y]),
        Obstacle::Polygon(p) => AABB::from_points(
            p.vertices()
                .iter()
                .map(|v| [v.x, v.y])
                .collect::<Vec<_>>()
                .iter(),
        ),
    }
}

/// The baseline's index: an R-tree of the obstacles' bounding boxes, one
/// entry per obstacle, bulk loaded.
pub fn obstacle_box_tree(map: &Map) -> RTree<ObstacleBox> {
    box_tree(map.obstacles().iter().map(obstacle_aabb))
}

/// The edge's bounding box grown by `r` on every side.
pub fn grown_box(edge: Segment, r: f64) -> AABB<[f64; 2]> {
    AABB::from_corners(
        [edge.a.x.min(edge.b.x) - r, edge.a.y.min(edge.b.y) - r],
        [edge.a.x.max(edge.b.x) + r, edge.a.y.max(edge.b.y) + r],
    )
}

/// The baseline radius check for one edge: every obstacle whose box meets
/// the edge's box grown by `r` is measured exactly; blocked when one is
/// nearer than `r`. Clearway's `admits` is `clearance > 0 && clearance >=
/// r less the level's slack`: the same for the bench's r > 0 unless a
/// clearance falls within the slack (about 1e-13 on these levels) below r,
/// and the benches assert that none does.
pub fn aabb_blocks(map: &Map, tree: &RTree<ObstacleBox>, edge: Segment, r: f64) -> bool {
    tree.locate_in_envelope_intersecting(grown_box(edge, r))
        .any(|o| map.obstacles()[o.obstacle].separation_from(edge).distance < r)
}

/// The baseline over every edge, on all cores like `Clearances::compute`:
/// which edges are blocked for radius `r`.
pub fn aabb_blocked_edges(map: &Map, tree: &RTree<ObstacleBox>, r: f64) -> Vec<bool> {
    (0..map.edges().len())
        .into_par_iter()
        .with_min_len(256)
        .map(|i| aabb_blocks(map, tree, map.edge_segment(EdgeIdx::new(i)), r))
        .collect()
}

/// `SelectInEnvelopeIntersecting`, counting its work: how many tree nodes'
/// boxes it tested (`should_unpack_parent` calls) and how many it opened.
pub struct CountingIntersecting<P: RstarPoint = [f64; 2]> {
    envelope: AABB<P>,
    /// `should_unpack_parent` calls: node boxes tested.
    pub tested: Cell<usize>,
    /// Those that returned true: nodes whose children were examined, the
    /// counterpart of clearway's `SearchStats::nodes_visited`.
    pub opened: Cell<usize>,
}

impl<P: RstarPoint> CountingIntersecting<P> {
    /// A counter for the query box `envelope`.
    pub fn new(envelope: AABB<P>) -> Self {
        CountingIntersecting {
            envelope,
            tested: Cell::new(0),
            opened: Cell::new(0),
        }
    }
}

impl<P: RstarPoint> SelectionFunction<ObstacleBox<P>> for &CountingIntersecting<P> {
    fn should_unpack_parent(&self, envelope: &AABB<P>) -> bool {
        self.tested.set(self.tested.get() + 1);
        let open = self.envelope.intersects(envelope);
        if open {
            self.opened.set(self.opened.get() + 1);
        }
        open
    }

    fn should_unpack_leaf(&self, leaf: &ObstacleBox<P>) -> bool {
        leaf.aabb.intersects(&self.envelope)
    }
}
