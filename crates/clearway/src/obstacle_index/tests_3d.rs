//! The 3D index against brute force: every kind of 3D obstacle, any number
//! of buckets and shards, with and without cutoffs; the same answers in
//! pools of any size; and the segment-aware search's visits against a box
//! query grown by the radius.

use rstar::{Envelope, RTreeNode, RTreeObject};

use super::*;
use crate::dimension::Space;
use crate::geometry::{AxisBox, Point3, Separation, Sphere, Triangle, cube_mesh};
use crate::obstacle3::Obstacle3;

/// xorshift64: seeded coordinates in [0, 100).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64 * 100.0
    }

    fn point(&mut self) -> Point3 {
        Point3::new(self.next(), self.next(), self.next())
    }
}

/// A deterministic scatter of every kind of 3D obstacle, solid and hollow
/// meshes included, with some exact duplicates (ties between obstacles).
pub(crate) fn scatter3(n: usize, seed: u64) -> Vec<Obstacle3> {
    let mut rng = Rng(seed | 1);
    let mut out: Vec<Obstacle3> = Vec::with_capacity(n);
    for i in 0..n {
        let p = rng.point();
        let o = match i % 8 {
            0 | 6 => Obstacle3::Point(p),
            1 => Obstacle3::Sphere(Sphere {
                center: p,
                radius: rng.next() / 25.0,
            }),
            2 => Obstacle3::Segment(Segment::new(
                p,
                p + Point3::new(rng.next() / 10.0, -1.0, rng.next() / 20.0),
            )),
            3 => Obstacle3::Triangle(Triangle {
                corners: [
                    p,
                    p + Point3::new(3.0, 0.0, rng.next() / 30.0),
                    p + Point3::new(0.0, 2.0, 1.0),
                ],
            }),
            4 => Obstacle3::Box(AxisBox {
                min: p,
                max: p + Point3::new(rng.next() / 20.0, rng.next() / 20.0, 0.5),
            }),
            5 => Obstacle3::Mesh(cube_mesh(p, 1.0 + rng.next() / 20.0, i % 16 == 5)),
            _ => out.get(i / 2).cloned().unwrap_or(Obstacle3::Point(p)),
        };
        out.push(o);
    }
    out
}

/// The obstacle (lowest index on ties) and separation that measuring every
/// obstacle finds.
fn brute_force(obstacles: &[Obstacle3], edge: Segment<Point3>) -> (usize, Separation<Point3>) {
    obstacles
        .iter()
        .enumerate()
        .map(|(i, o)| (i, o.separation_from(edge)))
        .fold(
            None,
            |acc: Option<(usize, Separation<Point3>)>, (i, s)| match acc {
                Some((_, b)) if b.distance <= s.distance => acc,
                _ => Some((i, s)),
            },
        )
        .expect("obstacles exist")
}

/// Edges of every sort: long, short, zero-length, and some starting inside
/// the solid meshes (their lower corner nudged in).
fn edges(obstacles: &[Obstacle3], seed: u64, count: usize) -> Vec<Segment<Point3>> {
    let mut rng = Rng(seed.rotate_left(17) | 1);
    let mut out = Vec::with_capacity(count);
    for k in 0..count {
        let a = rng.point();
        let edge = match k % 5 {
            0 => Segment::new(a, a),
            1 => Segment::new(
                a,
                a + Point3::new(rng.next() / 10.0, 1.0, -rng.next() / 10.0),
            ),
            2 => {
                let inside = obstacles.iter().filter_map(|o| match o {
                    Obstacle3::Mesh(m) if m.is_solid() => Some(m.vertices()[0]),
                    _ => None,
                });
                match inside.clone().nth(k % 7).or_else(|| inside.clone().next()) {
                    Some(corner) => {
                        let start = corner + Point3::new(0.25, 0.5, 0.75);
                        Segment::new(start, start + Point3::new(0.1, 0.2, 0.05))
                    }
                    None => Segment::new(a, rng.point()),
                }
            }
            _ => Segment::new(a, rng.point()),
        };
        out.push(edge);
    }
    out
}

proptest::proptest! {
    #![proptest_config(clearway_test_support::proptest_config::config(32))]

    /// Any number of 3D obstacles, cut into any number of buckets and
    /// shards, answers as measuring every obstacle does: obstacle, value
    /// and both witness points.
    #[test]
    fn the_3d_index_matches_brute_force(
        n in 1usize..500,
        seed in 1u64..u64::MAX,
        min_buckets in 1usize..40,
    ) {
        let obstacles = scatter3(n, seed);
        let index = ObstacleIndex::<Space>::build_sharded(&obstacles, min_buckets);
        for edge in edges(&obstacles, seed, 16) {
            let best = index.nearest_to_segment(&obstacles, edge).expect("obstacles exist");
            let (i, brute) = brute_force(&obstacles, edge);
            proptest::prop_assert_eq!((best.obstacle, best.separation), (i, brute));
        }
    }

    /// A search started from a hint answers as measuring every obstacle
    /// does, whatever the hint: the previous edge's nearest part (as the
    /// clearance loop passes it), any part of either store (a far one, an
    /// interior the edge is not inside, the later of two duplicate
    /// obstacles at the same distance), or one past the end. The hint it
    /// hands back is the nearest part's.
    #[test]
    fn a_hinted_3d_search_matches_brute_force(
        n in 1usize..400,
        seed in 1u64..u64::MAX,
        min_buckets in 1usize..30,
        picks in proptest::collection::vec((proptest::bool::ANY, 0u32..1200), 1..6),
    ) {
        let obstacles = scatter3(n, seed);
        let index = ObstacleIndex::<Space>::build_sharded(&obstacles, min_buckets);
        let mut chained = None;
        for edge in edges(&obstacles, seed, 16) {
            let (i, brute) = brute_force(&obstacles, edge);
            let mut hints = vec![chained];
            hints.extend(picks.iter().map(|&(points, k)| {
                Some((if points { bucket::Store::Points } else { bucket::Store::Others }, k))
            }));
            for mut hint in hints {
                let best = index
                    .nearest_to_segment_hinted(&obstacles, edge, &mut hint)
                    .expect("obstacles exist");
                proptest::prop_assert_eq!((best.obstacle, best.separation), (i, brute));
                let (store, k) = hint.expect("a nearest part");
                let key = match store {
                    bucket::Store::Points => (index.parts.points[k as usize].obstacle, 0),
                    bucket::Store::Others => Space::part_key(&index.parts.others[k as usize]),
                };
                proptest::prop_assert_eq!(key.0 as usize, i);
                chained = Some((store, k));
            }
        }
    }

    /// With a cutoff, what measuring every obstacle finds exactly when that
    /// is within it, and nothing otherwise: at cutoffs around the true
    /// distance, at it exactly, at 0 and at the f64 either side.
    #[test]
    fn the_bounded_3d_search_matches_brute_force(
        n in 1usize..300,
        seed in 1u64..u64::MAX,
        min_buckets in 1usize..20,
        scales in proptest::collection::vec(0.0..3.0f64, 1..4),
    ) {
        let obstacles = scatter3(n, seed);
        let index = ObstacleIndex::<Space>::build_sharded(&obstacles, min_buckets);
        for edge in edges(&obstacles, seed, 10) {
            let (i, brute) = brute_force(&obstacles, edge);
            let d = brute.distance;
            let mut cutoffs: Vec<f64> = scales.iter().map(|s| s * d).collect();
            cutoffs.extend([0.0, d, d.next_up(), d.next_down().max(0.0), f64::INFINITY]);
            for cutoff in cutoffs {
                let found = index.nearest_within(&obstacles, edge, cutoff);
                if d <= cutoff {
                    let found = found.expect("within the cutoff");
                    proptest::prop_assert_eq!((found.obstacle, found.separation), (i, brute));
                } else {
                    proptest::prop_assert!(found.is_none(), "{:?} beyond {}", found, cutoff);
                }
            }
        }
    }
}

/// A fixed, larger case: eight shards, every kind, and edges that start
/// inside solid meshes (clearance 0 with the edge's start as witness).
#[test]
fn sharded_3d_search_matches_brute_force() {
    let obstacles = scatter3(2000, 0x9e37_79b9_7f4a_7c15);
    let index = ObstacleIndex::<Space>::build_sharded(&obstacles, 8);
    assert_eq!(index.shard_count(), 8);
    let mut inside = 0;
    for edge in edges(&obstacles, 7, 300) {
        let best = index
            .nearest_to_segment(&obstacles, edge)
            .expect("obstacles exist");
        let (i, brute) = brute_force(&obstacles, edge);
        assert_eq!((best.obstacle, best.separation), (i, brute), "{edge:?}");
        if matches!(&obstacles[i], Obstacle3::Mesh(m) if m.is_solid()) && brute.distance == 0.0 {
            inside += 1;
        }
    }
    assert!(inside > 10, "only {inside} edges inside solid meshes");
}

/// Two triangles sharing a side, wound opposite ways (as adjacent mesh
/// tiles are), both sloping down and away from it, and an edge passing
/// skew above the side: the side is the nearest part of both, at one true
/// distance, and the lower obstacle index wins the tie, from either order
/// of the two.
#[test]
fn a_side_shared_by_two_triangles_is_a_tie_the_lower_index_wins() {
    let mut rng = Rng(0x7_11e5);
    let mut jitter = move || (rng.next() - 50.0) / 1000.0;
    for offset in [0.0, 1e6, -1e7 - 0.5] {
        let at = |x: f64, y: f64, z: f64| Point3::new(offset + x, offset + y, offset + z);
        for _ in 0..300 {
            let (a, b) = (
                at(jitter(), jitter(), jitter()),
                at(1.0 + jitter(), jitter(), jitter()),
            );
            let (left, right) = (at(0.5, 1.0, -1.0), at(0.5, -1.0, -1.0));
            let shared = [
                Obstacle3::Triangle(Triangle {
                    corners: [a, b, left],
                }),
                Obstacle3::Triangle(Triangle {
                    corners: [b, a, right],
                }),
            ];
            let (x, y, h) = (0.5 + jitter(), jitter(), 0.3 + jitter());
            let edge = Segment::new(at(x - 0.2, y - 0.3, h), at(x + 0.2, y + 0.3, h + jitter()));
            for obstacles in [shared.clone(), [shared[1].clone(), shared[0].clone()]] {
                let index = ObstacleIndex::build(&obstacles);
                let found = index.nearest_to_segment(&obstacles, edge).unwrap();
                assert_eq!(found.obstacle, 0, "{edge:?} {obstacles:?}");
            }
        }
    }
}

/// A solid mesh counts as obstacle inside, a hollow one does not; a
/// triangle the edge touches wins the tie with the interior.
#[test]
fn inside_a_solid_mesh_is_clearance_zero_at_the_edge_start() {
    let solid = Obstacle3::Mesh(cube_mesh(Point3::new(0.0, 0.0, 0.0), 10.0, true));
    let hollow = Obstacle3::Mesh(cube_mesh(Point3::new(0.0, 0.0, 0.0), 10.0, false));
    let edge = Segment::new(Point3::new(4.0, 5.0, 5.0), Point3::new(6.0, 5.0, 5.0));
    let index = ObstacleIndex::build(std::slice::from_ref(&solid));
    let found = index
        .nearest_to_segment(std::slice::from_ref(&solid), edge)
        .unwrap();
    assert_eq!(found.separation.distance, 0.0);
    assert_eq!(found.separation.edge_point, edge.a);
    assert_eq!(found.separation, solid.separation_from(edge));
    let index = ObstacleIndex::build(std::slice::from_ref(&hollow));
    let found = index
        .nearest_to_segment(std::slice::from_ref(&hollow), edge)
        .unwrap();
    assert_eq!(found.separation.distance, 4.0);
    // Leaving through a face: the face's witness, not the interior's.
    let out = Segment::new(Point3::new(5.0, 5.0, 5.0), Point3::new(15.0, 5.0, 5.0));
    let index = ObstacleIndex::build(std::slice::from_ref(&solid));
    let found = index
        .nearest_to_segment(std::slice::from_ref(&solid), out)
        .unwrap();
    assert_eq!(found.separation, solid.separation_from(out));
    assert_eq!(found.separation.distance, 0.0);
    assert_ne!(found.separation.edge_point, out.a);
}

/// Building the index and measuring every edge gives bit-identical answers
/// in rayon pools of 1, 2 and 4 threads, sharded or not.
#[test]
fn the_3d_index_does_not_depend_on_the_pool() {
    let obstacles = scatter3(3000, 0x00c1_ea7a_0d37);
    let queries = edges(&obstacles, 11, 200);
    let in_pool = |threads: usize, min_buckets: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("pool");
        pool.install(|| {
            let index = ObstacleIndex::<Space>::build_sharded(&obstacles, min_buckets);
            let answers: Vec<_> = queries
                .iter()
                .map(|&e| index.nearest_to_segment(&obstacles, e))
                .collect();
            format!("{answers:?}")
        })
    };
    let one = in_pool(1, 8);
    for (threads, min_buckets) in [(2, 8), (4, 8), (4, 1 << 20)] {
        assert!(
            in_pool(threads, min_buckets) == one,
            "{threads} threads, {min_buckets}"
        );
    }
}

/// Tree nodes and buckets whose boxes meet `[lower, upper]`: what a box
/// query (the edge's box grown by the radius) would open.
fn box_query_visits(index: &ObstacleIndex<Space>, lower: Point3, upper: Point3) -> usize {
    let query = rstar::AABB::from_corners(lower, upper);
    fn walk(node: &rstar::ParentNode<Bucket<Point3>>, query: &rstar::AABB<Point3>) -> usize {
        let mut visits = 1;
        for child in node.children() {
            match child {
                RTreeNode::Leaf(bucket) => {
                    if bucket.envelope().intersects(query) {
                        visits += 1;
                    }
                }
                RTreeNode::Parent(inner) => {
                    if inner.envelope().intersects(query) {
                        visits += walk(inner, query);
                    }
                }
            }
        }
        visits
    }
    index
        .trees
        .iter()
        .filter(|t| t.size() > 0 && t.root().envelope().intersects(&query))
        .map(|t| walk(t.root(), &query))
        .sum()
}

/// On a long diagonal edge through a point cloud, asking "is anything
/// within r?" opens far fewer tree nodes with the segment-to-box bound than
/// a query for the edge's box grown by r would (that box is the whole
/// level).
#[test]
fn the_segment_aware_search_opens_far_fewer_nodes_than_a_grown_box() {
    let mut rng = Rng(0x5eed);
    let obstacles: Vec<Obstacle3> = (0..20_000).map(|_| Obstacle3::Point(rng.point())).collect();
    let index = ObstacleIndex::build(&obstacles);
    let edge = Segment::new(Point3::new(0.0, 0.0, 0.0), Point3::new(100.0, 100.0, 100.0));
    let r = 0.5;
    let mut stats = SearchStats::default();
    let found = index.nearest_within_with_stats(&obstacles, edge, r, &mut stats);
    let brute = brute_force(&obstacles, edge);
    assert_eq!(
        found.map(|n| n.obstacle),
        (brute.1.distance <= r).then_some(brute.0)
    );
    let grown = Point3::new(r, r, r);
    let boxed = box_query_visits(&index, edge.a - grown, edge.b + grown);
    assert!(
        stats.nodes_visited * 10 < boxed,
        "segment-aware {} vs grown box {boxed}",
        stats.nodes_visited
    );
}
