//! Seeded random levels for property tests, written as RON so every test also
//! goes through the real loader.

use std::fmt::Write as _;

use clearway::Map;
use proptest::prelude::*;

/// A random level: its parts, and the RON text that describes it.
#[derive(Clone, Debug)]
pub struct RandomMap {
    pub nodes: Vec<(f64, f64)>,
    pub edges: Vec<(usize, usize, bool, Option<f64>)>,
    pub obstacles: Vec<RandomObstacle>,
    /// The indices (into `edges`) of the closed edges: none from
    /// [`random_map`]; [`with_closed_edges`] closes some.
    pub closed: Vec<usize>,
}

/// An obstacle of a random level: the exact twin's plain shape, so that the
/// twin measures it as it is.
pub type RandomObstacle = super::exact::Shape;

/// A coordinate: often on a small integer grid (to hit exact touches and
/// collinear cases), otherwise anywhere in [0, 100).
fn coordinate() -> impl Strategy<Value = f64> {
    prop_oneof![(0i32..=20).prop_map(|v| f64::from(v) * 5.0), 0.0..100.0f64,]
}

fn point() -> impl Strategy<Value = (f64, f64)> {
    (coordinate(), coordinate())
}

/// A polygon: a star-shaped outline around a centre (convex or not), or a
/// few arbitrary vertices (possibly self-intersecting, read by even-odd).
fn polygon() -> impl Strategy<Value = Vec<(f64, f64)>> {
    let star = (
        point(),
        prop::collection::vec((0.5..15.0f64, 0.0..1.0f64), 3..12),
    )
        .prop_map(|((cx, cy), spokes)| {
            let n = spokes.len() as f64;
            spokes
                .iter()
                .enumerate()
                .map(|(i, &(r, jitter))| {
                    let angle = (i as f64 + 0.8 * jitter) / n * std::f64::consts::TAU;
                    (cx + r * angle.cos(), cy + r * angle.sin())
                })
                .collect()
        });
    let scribble = prop::collection::vec(point(), 3..7);
    prop_oneof![3 => star, 1 => scribble]
}

fn obstacle() -> impl Strategy<Value = RandomObstacle> {
    prop_oneof![
        point().prop_map(RandomObstacle::Point),
        (point(), prop_oneof![Just(0.0), 0.0..8.0f64])
            .prop_map(|(c, r)| RandomObstacle::Circle(c, r)),
        (point(), point()).prop_map(|(a, b)| RandomObstacle::Segment(a, b)),
        polygon().prop_map(RandomObstacle::Polygon),
    ]
}

/// A random level of up to `max_nodes` nodes and `max_obstacles` obstacles.
pub fn random_map(max_nodes: usize, max_obstacles: usize) -> impl Strategy<Value = RandomMap> {
    (
        prop::collection::vec(point(), 2..max_nodes),
        prop::collection::vec(obstacle(), 0..max_obstacles),
    )
        .prop_flat_map(|(nodes, obstacles)| {
            let n = nodes.len();
            let edge = (
                0..n,
                1..n,
                any::<bool>(),
                prop::option::of(prop_oneof![1 => Just(0.0), 9 => 0.0..200.0f64]),
            )
                .prop_map(move |(from, step, one_way, cost)| {
                    (from, (from + step) % n, one_way, cost)
                });
            (
                Just(nodes),
                prop::collection::vec(edge, 0..3 * n),
                Just(obstacles),
            )
        })
        .prop_filter("polygons need 3 distinct vertices", |(_, _, obstacles)| {
            obstacles.iter().all(|o| match o {
                RandomObstacle::Polygon(v) => distinct(v) >= 3,
                _ => true,
            })
        })
        .prop_map(|(nodes, edges, obstacles)| RandomMap {
            nodes,
            edges,
            obstacles,
            closed: Vec::new(),
        })
}

/// `levels` with each edge closed (a door) with probability `share`, by a
/// coin of its own: none when `share` is 0.
pub fn with_closed_edges(
    levels: impl Strategy<Value = RandomMap>,
    share: f64,
) -> impl Strategy<Value = RandomMap> {
    levels.prop_flat_map(move |m| {
        let coins = prop::collection::vec(prop::bool::weighted(share), m.edges.len());
        (Just(m), coins).prop_map(|(mut m, coins)| {
            m.closed = (0..coins.len()).filter(|&i| coins[i]).collect();
            m
        })
    })
}

fn distinct(points: &[(f64, f64)]) -> usize {
    let mut seen: Vec<(f64, f64)> = Vec::new();
    for p in points {
        if !seen.contains(p) {
            seen.push(*p);
        }
    }
    seen.len()
}

impl RandomMap {
    /// The same level with every coordinate moved by `(dx, dy)`.
    pub fn shifted(&self, dx: f64, dy: f64) -> RandomMap {
        let s = |(x, y): (f64, f64)| (x + dx, y + dy);
        RandomMap {
            nodes: self.nodes.iter().map(|&p| s(p)).collect(),
            edges: self.edges.clone(),
            closed: self.closed.clone(),
            obstacles: self
                .obstacles
                .iter()
                .map(|o| match o {
                    RandomObstacle::Point(p) => RandomObstacle::Point(s(*p)),
                    RandomObstacle::Circle(c, r) => RandomObstacle::Circle(s(*c), *r),
                    RandomObstacle::Segment(a, b) => RandomObstacle::Segment(s(*a), s(*b)),
                    RandomObstacle::Polygon(v) => {
                        RandomObstacle::Polygon(v.iter().map(|&p| s(p)).collect())
                    }
                })
                .collect(),
        }
    }

    /// The same level with every edge walked the other way.
    pub fn reversed(&self) -> RandomMap {
        RandomMap {
            edges: self
                .edges
                .iter()
                .map(|&(a, b, one_way, cost)| (b, a, one_way, cost))
                .collect(),
            ..self.clone()
        }
    }

    /// The level as RON, node ids 10, 11, ... (so ids differ from indices).
    pub fn to_ron(&self) -> String {
        let p = |(x, y): (f64, f64)| format!("({x:?}, {y:?})");
        let mut out = String::from(
            "Map(\n  agents: [(name: \"small\", radius: 0.5), (name: \"large\", radius: 3.0)],\n  nodes: [\n",
        );
        for (i, &pos) in self.nodes.iter().enumerate() {
            let _ = writeln!(out, "    (id: {}, pos: {}),", i + 10, p(pos));
        }
        out.push_str("  ],\n  edges: [\n");
        for (i, &(from, to, one_way, cost)) in self.edges.iter().enumerate() {
            let _ = write!(out, "    (from: {}, to: {}", from + 10, to + 10);
            if one_way {
                out.push_str(", one_way: true");
            }
            if self.closed.contains(&i) {
                out.push_str(", closed: true");
            }
            if let Some(c) = cost {
                let _ = write!(out, ", cost: {c:?}");
            }
            out.push_str("),\n");
        }
        out.push_str("  ],\n  obstacles: [\n");
        for o in &self.obstacles {
            let text = match o {
                RandomObstacle::Point(q) => format!("Point({})", p(*q)),
                RandomObstacle::Circle(c, r) => format!("Circle(center: {}, radius: {r:?})", p(*c)),
                RandomObstacle::Segment(a, b) => format!("Segment(from: {}, to: {})", p(*a), p(*b)),
                RandomObstacle::Polygon(v) => {
                    let vs: Vec<String> = v.iter().map(|&q| p(q)).collect();
                    format!("Polygon([{}])", vs.join(", "))
                }
            };
            let _ = writeln!(out, "    {text},");
        }
        out.push_str("  ],\n)\n");
        out
    }
}

/// A random level loaded through the real loader.
pub fn load(m: &RandomMap) -> Map {
    Map::loader()
        .read_str(&m.to_ron(), "random.ron")
        .expect("random maps are valid")
}

/// Property tests over random levels: `cases` of them, no failure file.
pub use crate::proptest_config::config;
