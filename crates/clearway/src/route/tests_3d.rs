//! Routes on a 3D level: the same router, compiled for [`Space`], with the
//! 3D straight line as A*'s estimate.

use crate::NodeIdx;
use crate::clearance::Clearances;
use crate::dimension::Space;
use crate::geometry::{Point3, Sphere};
use crate::map::{Edge, Map, Node};
use crate::obstacle3::Obstacle3;
use crate::route::Router;

/// A jittered 5 x 5 x 3 lattice of nodes (three storeys 4 apart), edges to
/// the lattice neighbours and some diagonals, a few one-way, a few with a
/// cost above their length; spheres and a point among them.
fn storeys() -> Map<Space> {
    let mut rng = clearway_synth::SplitMix64::new(0x2545_f491_4f6c_dd1d_u64);
    let mut jitter = move || rng.next_f64() - 0.5;
    let (nx, ny, nz) = (5usize, 5usize, 3usize);
    let id = |x: usize, y: usize, z: usize| (z * ny + y) * nx + x;
    let mut nodes = Vec::new();
    for z in 0..nz {
        for y in 0..ny {
            for x in 0..nx {
                nodes.push(Node {
                    id: id(x, y, z) as u64,
                    pos: Point3::new(
                        x as f64 * 3.0 + jitter(),
                        y as f64 * 3.0 + jitter(),
                        z as f64 * 4.0 + jitter() / 2.0,
                    ),
                    name: None,
                });
            }
        }
    }
    let mut edges = Vec::new();
    let mut k = 0;
    let mut edge = |from: usize, to: usize, edges: &mut Vec<Edge>| {
        k += 1;
        edges.push(Edge {
            from: NodeIdx::new(from),
            to: NodeIdx::new(to),
            one_way: k % 11 == 0,
            closed: k % 13 == 0,
            cost: (k % 7 == 0).then(|| 20.0 + f64::from(k % 5)),
            clearance: None,
            area: None,
        });
    };
    for z in 0..nz {
        for y in 0..ny {
            for x in 0..nx {
                if x + 1 < nx {
                    edge(id(x, y, z), id(x + 1, y, z), &mut edges);
                }
                if y + 1 < ny {
                    edge(id(x, y, z), id(x, y + 1, z), &mut edges);
                }
                if z + 1 < nz && (x + y) % 2 == 0 {
                    edge(id(x, y, z), id(x, y, z + 1), &mut edges);
                }
                if x + 1 < nx && y + 1 < ny && z + 1 < nz && (x * y) % 3 == 1 {
                    edge(id(x, y, z), id(x + 1, y + 1, z + 1), &mut edges);
                }
            }
        }
    }
    let obstacles = vec![
        Obstacle3::Sphere(Sphere {
            center: Point3::new(4.5, 4.5, 2.0),
            radius: 1.0,
        }),
        Obstacle3::Sphere(Sphere {
            center: Point3::new(7.5, 1.5, 6.0),
            radius: 0.8,
        }),
        Obstacle3::Point(Point3::new(9.0, 7.5, 4.0)),
    ];
    Map::from_validated(Vec::new(), nodes, edges, obstacles)
}

/// A* with the 3D straight-line bound (with and without landmarks) finds
/// routes exactly as cheap as Dijkstra, between every pair of nodes, for
/// agents of several radii; the free functions agree with the router.
#[test]
fn astar_in_space_is_as_cheap_as_dijkstra() {
    let map = storeys();
    let clearances = Clearances::compute(&map);
    assert_eq!(clearances, Clearances::compute_brute_force(&map));
    let mut plain = Router::new(&map, &clearances);
    let mut guided = Router::with_landmarks(&map, &clearances, 4, &[0.0]);
    let n = map.nodes().len();
    let mut found = 0;
    let mut fewer = 0;
    for radius in [0.0, 0.6, 1.2] {
        for start in (0..n).step_by(3) {
            for goal in (0..n).step_by(4) {
                let dijkstra =
                    plain.route_dijkstra(NodeIdx::new(start), NodeIdx::new(goal), radius);
                let dijkstra_expanded = plain.last_expanded();
                let astar = plain.route(NodeIdx::new(start), NodeIdx::new(goal), radius);
                let astar_expanded = plain.last_expanded();
                let landmarks = guided.route(NodeIdx::new(start), NodeIdx::new(goal), radius);
                match (&dijkstra, &astar, &landmarks) {
                    (Some(d), Some(a), Some(l)) => {
                        found += 1;
                        assert!((d.cost - a.cost).abs() <= 1e-9 * d.cost, "{d:?} vs {a:?}");
                        assert!((d.cost - l.cost).abs() <= 1e-9 * d.cost, "{d:?} vs {l:?}");
                        fewer += usize::from(astar_expanded < dijkstra_expanded);
                    }
                    (None, None, None) => {}
                    other => panic!("{start} -> {goal} at {radius}: {other:?}"),
                }
                assert_eq!(
                    astar,
                    Router::new(&map, &clearances).route(
                        NodeIdx::new(start),
                        NodeIdx::new(goal),
                        radius
                    )
                );
                assert_eq!(
                    dijkstra,
                    Router::new(&map, &clearances).route_dijkstra(
                        NodeIdx::new(start),
                        NodeIdx::new(goal),
                        radius
                    )
                );
            }
        }
    }
    assert!(found > 100, "only {found} routes");
    assert!(
        fewer > found / 4,
        "A* expanded fewer nodes on only {fewer} of {found}"
    );
    // The widest route's radius is the largest that still finds a route,
    // but for the level's slack above it.
    let widest = Router::new(&map, &clearances)
        .widest_route(NodeIdx::new(0), NodeIdx::new(n - 1), None)
        .expect("connected");
    assert!(
        Router::new(&map, &clearances)
            .route(NodeIdx::new(0), NodeIdx::new(n - 1), widest.widest_radius)
            .is_some()
    );
    assert!(
        Router::new(&map, &clearances)
            .route(
                NodeIdx::new(0),
                NodeIdx::new(n - 1),
                widest.widest_radius + 2.0 * map.slack()
            )
            .is_none()
    );
}
