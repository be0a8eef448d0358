//! Clearances of a 3D level: the same parallel loop over the same search,
//! compiled for [`Space`], against measuring every obstacle.

use super::*;
use crate::dimension::Space;
use crate::geometry::Point3;
use crate::map::{Edge, Node};
use crate::obstacle_index::tests_3d::scatter3;

/// A 3D map over a scatter of every obstacle kind: 120 nodes in the same
/// box, each joined to three others.
fn level() -> Map<Space> {
    let mut rng = clearway_synth::SplitMix64::new(0x00dd_ba11_u64);
    let mut next = move || rng.next_f64() * 100.0;
    let nodes: Vec<Node<Point3>> = (0..120)
        .map(|i| Node {
            id: i,
            pos: Point3::new(next(), next(), next()),
            name: None,
        })
        .collect();
    let edges = (0..nodes.len())
        .flat_map(|i| (1..=3).map(move |k| (i, (i + k * 7) % 120)))
        .filter(|(a, b)| a != b)
        .map(|(from, to)| Edge::two_way(NodeIdx::new(from), NodeIdx::new(to)))
        .collect();
    Map::from_validated(Vec::new(), nodes, edges, scatter3(400, 0x1234_5678))
}

#[test]
fn clearances_in_space_match_brute_force() {
    let map = level();
    let fast = Clearances::compute(&map);
    let slow = Clearances::compute_brute_force(&map);
    assert_eq!(fast, slow);
    assert!(fast.edges().iter().any(|c| c.value == 0.0));
    assert!(fast.edges().iter().any(|c| c.value > 0.5));
    // Within a radius: the exact clearance where something is that near,
    // a bound above the radius otherwise; the same blocked edges.
    for r in [0.0, 0.3, 1.0, 2.5] {
        let within = Clearances::options().within(r).compute(&map);
        for (w, f) in within.edges().iter().zip(fast.edges()) {
            if f.value <= r {
                assert_eq!(w, f);
            } else {
                assert!(w.value > r && w.value <= f.value && w.witness.is_none());
            }
        }
        assert!(within.blocked_edges(r).eq(fast.blocked_edges(r)));
        assert!(within.blocked_nodes(r).eq(fast.blocked_nodes(r)));
        // The tight spots: those edges and nodes, with their clearances.
        let spots = Clearances::options().within(r).tight_spots(&map);
        let edges: Vec<_> = fast.blocked_edges(r).map(|e| (e, *fast.edge(e))).collect();
        let nodes: Vec<_> = fast.blocked_nodes(r).map(|n| (n, *fast.node(n))).collect();
        assert_eq!((spots.edges(), spots.nodes()), (&edges[..], &nodes[..]));
        assert_eq!(spots, TightSpots::from_clearances(&map, &fast, r));
    }
}

/// Bit-identical clearances in rayon pools of 1, 2 and 4 threads; a map
/// made per pool, so that each builds its own index there.
#[test]
fn clearances_in_space_do_not_depend_on_the_pool() {
    let in_pool = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("pool");
        pool.install(|| format!("{:?}", Clearances::compute(&level())))
    };
    let one = in_pool(1);
    for threads in [2, 4] {
        assert!(in_pool(threads) == one, "{threads} threads");
    }
}

/// The map's index is built once, on first use, and shared by the maps
/// pruned and baked from it; the graph likewise on first use.
#[test]
fn a_3d_map_indexes_on_first_use_and_shares_the_index() {
    let map = level();
    let clearances = Clearances::compute(&map);
    let pruned = map.pruned(&clearances, 0.5);
    assert!(std::ptr::eq(map.obstacle_index(), pruned.obstacle_index()));
    assert!(pruned.edges().len() < map.edges().len());
    assert_eq!(
        Clearances::compute(&pruned).edges().len(),
        pruned.edges().len()
    );
    let baked = map.baked(&clearances);
    assert!(std::ptr::eq(map.obstacle_index(), baked.obstacle_index()));
}

/// A mesh without triangles is nowhere: it limits nothing, in the index and
/// in brute force alike, solid or not.
#[test]
fn an_empty_mesh_limits_nothing() {
    use crate::geometry::Mesh;
    use crate::obstacle3::Obstacle3;
    let empty = |solid| Obstacle3::Mesh(Mesh::new(Vec::new(), Vec::new(), solid).unwrap());
    let nodes = vec![
        Node {
            id: 0,
            pos: Point3::new(0.0, 0.0, 0.0),
            name: None,
        },
        Node {
            id: 1,
            pos: Point3::new(4.0, 0.0, 0.0),
            name: None,
        },
    ];
    let edges = vec![Edge::two_way(NodeIdx::new(0), NodeIdx::new(1))];
    let only_empty: Map<Space> = Map::from_validated(
        Vec::new(),
        nodes.clone(),
        edges.clone(),
        vec![empty(true), empty(false)],
    );
    let fast = Clearances::compute(&only_empty);
    assert_eq!(fast.edge(EdgeIdx::new(0)), &Clearance::unbounded());
    assert_eq!(fast, Clearances::compute_brute_force(&only_empty));
    let with_rock: Map<Space> = Map::from_validated(
        Vec::new(),
        nodes,
        edges,
        vec![
            empty(true),
            Obstacle3::Point(Point3::new(2.0, 0.0, 3.0)),
            empty(false),
        ],
    );
    let fast = Clearances::compute(&with_rock);
    assert_eq!(
        (
            fast.edge(EdgeIdx::new(0)).value,
            fast.edge(EdgeIdx::new(0)).witness.map(|w| w.obstacle)
        ),
        (3.0, Some(1))
    );
    assert_eq!(fast, Clearances::compute_brute_force(&with_rock));
}
