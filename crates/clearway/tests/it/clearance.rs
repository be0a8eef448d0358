//! The clearance engine against its twins, on seeded random levels:
//! - the R-tree search against brute force over every obstacle;
//! - every clearance against exact rational arithmetic (to 1e-9 relative);
//! - invariance under reversing edges and shifting the map far from the origin.

use crate::common::exact::exact_segment_shape_distance;
use crate::common::random_map::{RandomMap, RandomObstacle, config, load, random_map};
use clearway::SearchStats;
use clearway::{Clearances, EdgeIdx, Map, TightSpots};
use proptest::prelude::*;

/// Within `rel` of `exact`, relative to the value itself; exact zeros exactly.
fn close(got: f64, exact: f64, rel: f64) -> bool {
    if exact == 0.0 || exact.is_infinite() {
        got == exact
    } else {
        (got - exact).abs() <= rel * exact
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// The indexed search finds the same obstacle, distance and witness as
    /// measuring every obstacle.
    #[test]
    fn rtree_matches_brute_force(m in random_map(30, 40)) {
        let map = load(&m);
        prop_assert_eq!(Clearances::compute(&map), Clearances::compute_brute_force(&map));
    }

    /// Clearances computed only up to a radius R (what `check` asks) block
    /// the same edges and nodes as measuring every obstacle, at every radius
    /// up to R (0, R, the clearances themselves and the f64 either side),
    /// and every edge or node they block has the brute-force clearance and
    /// witness.
    #[test]
    fn clearances_within_a_radius_decide_as_brute_force(
        m in random_map(30, 40),
        largest in prop_oneof![Just(0.0), 0.0..30.0f64],
    ) {
        let map = load(&m);
        let within = Clearances::options().within(largest).compute(&map);
        let brute = Clearances::compute_brute_force(&map);
        let mut radii = vec![0.0, largest, largest.next_down().max(0.0)];
        radii.extend(brute.edges().iter().map(|c| c.value).filter(|&v| v <= largest));
        radii.extend(brute.edges().iter().map(|c| c.value.next_up()).filter(|&v| v <= largest));
        for r in radii {
            prop_assert!(within.blocked_edges(r).eq(brute.blocked_edges(r)), "r = {}", r);
            prop_assert!(within.blocked_nodes(r).eq(brute.blocked_nodes(r)), "r = {}", r);
            for e in within.blocked_edges(r) {
                prop_assert_eq!(within.edge(e), brute.edge(e));
            }
            for n in within.blocked_nodes(r) {
                prop_assert_eq!(within.node(n), brute.node(n));
            }
        }
        for (w, b) in within.edges().iter().zip(brute.edges()) {
            if b.value <= largest {
                prop_assert_eq!(w, b);
            } else {
                prop_assert!(w.value > largest && w.value <= b.value);
            }
        }
    }

    /// The tight spots up to a radius R (what `check` keeps) are the edges
    /// and nodes that brute force blocks at R, with its clearances and
    /// witnesses; at every radius up to R they block what brute force
    /// blocks; and on a level where some edges carry baked clearances (some
    /// current, some stale, some 0), they find the stale bakes that brute
    /// force's clearances give.
    #[test]
    fn tight_spots_decide_as_brute_force(
        m in random_map(30, 40),
        largest in prop_oneof![Just(0.0), 0.0..30.0f64],
        bakes in prop::collection::vec(0u8..4, 40),
    ) {
        let plain = load(&m);
        let exact = Clearances::compute_brute_force(&plain);
        let map = with_bakes(&m, &plain, &exact, &bakes);
        let spots = Clearances::options().within(largest).tight_spots(&map);
        let brute = Clearances::compute_brute_force(&map);
        let expected: Vec<_> = brute.blocked_edges(largest).map(|e| (e, *brute.edge(e))).collect();
        prop_assert_eq!(spots.edges(), &expected[..]);
        let expected: Vec<_> = brute.blocked_nodes(largest).map(|n| (n, *brute.node(n))).collect();
        prop_assert_eq!(spots.nodes(), &expected[..]);
        let mut radii = vec![0.0, largest, largest.next_down().max(0.0)];
        radii.extend(brute.edges().iter().map(|c| c.value).filter(|&v| v <= largest));
        radii.extend(brute.edges().iter().map(|c| c.value.next_up()).filter(|&v| v <= largest));
        for r in radii {
            prop_assert!(spots.blocked_edges(r).map(|(e, _)| *e).eq(brute.blocked_edges(r)), "r = {}", r);
            prop_assert!(spots.blocked_nodes(r).map(|(n, _)| *n).eq(brute.blocked_nodes(r)), "r = {}", r);
        }
        prop_assert_eq!(spots.stale_bakes(), &brute.stale_bakes(&map)[..]);
        // The same from every clearance, as `check --render` makes them.
        prop_assert_eq!(&TightSpots::from_clearances(&map, &brute, largest), &spots);
    }

    /// Clearances computed a range of edges (or nodes) at a time, as
    /// `clearway clearance` writes its table, are those computed at once,
    /// at any cut; without obstacles too, where edges keep their bakes.
    #[test]
    fn clearances_in_ranges_are_those_of_compute(
        m in random_map(30, 40),
        cuts in prop::collection::vec(0usize..50, 0..4),
        bakes in prop::collection::vec(0u8..4, 40),
    ) {
        let map = load(&m);
        let whole = Clearances::compute(&map);
        let bare = RandomMap { obstacles: Vec::new(), ..m.clone() };
        let baked = with_bakes(&bare, &load(&bare), &whole, &bakes);
        let baked_whole = Clearances::compute(&baked);
        for (map, whole) in [(&map, &whole), (&baked, &baked_whole)] {
            let in_ranges = |len: usize, compute: &dyn Fn(std::ops::Range<usize>) -> Vec<_>| {
                let mut ends: Vec<usize> = cuts.iter().map(|&c| c.min(len)).chain([0, len]).collect();
                ends.sort_unstable();
                ends.windows(2).flat_map(|w| compute(w[0]..w[1])).collect::<Vec<_>>()
            };
            let edges = in_ranges(map.edges().len(), &|r| Clearances::options().compute_part(map, r, 0..0).edges().to_vec());
            let nodes = in_ranges(map.nodes().len(), &|r| Clearances::options().compute_part(map, 0..0, r).nodes().to_vec());
            prop_assert_eq!(&edges[..], whole.edges());
            prop_assert_eq!(&nodes[..], whole.nodes());
        }
    }

    /// Every clearance agrees with exact arithmetic to 1e-9 relative; circles,
    /// whose radius is subtracted, to 1e-9 of the coordinate scale (100).
    #[test]
    fn clearances_match_exact_arithmetic(m in random_map(12, 16)) {
        let map = load(&m);
        let clearances = Clearances::compute(&map);
        for (i, &(from, to, _, _)) in m.edges.iter().enumerate() {
            let (a, b) = (m.nodes[from], m.nodes[to]);
            let exact = m.obstacles.iter().map(|o| exact_segment_shape_distance(a, b, o).0).fold(f64::INFINITY, f64::min);
            let got = clearances.edge(EdgeIdx::new(i)).value;
            let has_circle = m.obstacles.iter().any(|o| matches!(o, RandomObstacle::Circle(..)));
            let ok = close(got, exact, 1e-9) || (has_circle && (got - exact).abs() <= 1e-9 * 100.0);
            prop_assert!(ok, "edge {}: got {}, exact {}", i, got, exact);
        }
    }

    /// No NaN, no negative value, and a witness pair exactly that far apart.
    #[test]
    fn clearances_are_sane(m in random_map(30, 40)) {
        let map = load(&m);
        let clearances = Clearances::compute(&map);
        for c in clearances.edges().iter().chain(clearances.nodes()) {
            prop_assert!(c.value >= 0.0, "{:?}", c);
            if let Some(w) = c.witness {
                let gap = w.edge_point.distance_to(w.obstacle_point);
                prop_assert!((gap - c.value).abs() <= 1e-9 * (1.0 + c.value), "{:?}", c);
            }
        }
    }

    /// Reversing every edge changes no clearance and no obstacle.
    #[test]
    fn reversing_edges_changes_nothing(m in random_map(30, 40)) {
        let forward = Clearances::compute(&load(&m));
        let backward = Clearances::compute(&load(&m.reversed()));
        for (f, b) in forward.edges().iter().zip(backward.edges()) {
            prop_assert!(close(b.value, f.value, 1e-12), "{:?} vs {:?}", f, b);
        }
    }

    /// Moving the whole map 1e6 (and 1e7) from the origin changes no
    /// clearance by more than 1e-9 of the coordinate scale.
    #[test]
    fn shifting_far_from_the_origin_keeps_clearances(m in random_map(30, 40)) {
        let here = Clearances::compute(&load(&m));
        for shift in [1e6, 1e7] {
            let there = Clearances::compute(&load(&m.shifted(shift, -shift)));
            for (h, t) in here.edges().iter().zip(there.edges()) {
                let same = h.value == t.value || (h.value - t.value).abs() <= 1e-9 * shift;
                prop_assert!(same, "{:?} vs {:?} at {}", h, t, shift);
            }
        }
    }
}

/// The level `m` (loaded as `map`, whose clearances are `exact`) with a
/// baked clearance on some edges, by `bakes[i] % 4` for edge i: none, the
/// current value, half of it plus 0.25 (stale), or 0 (stale unless the
/// edge touches an obstacle). An unbounded clearance is not baked.
fn with_bakes(m: &RandomMap, map: &Map, exact: &Clearances, bakes: &[u8]) -> Map {
    let text = m.to_ron();
    let (head, rest) = text.split_once("  edges: [\n").expect("an edge list");
    let (edges, tail) = rest.split_once("  ],\n").expect("its end");
    let mut baked = format!("{head}  edges: [\n");
    for (i, line) in edges.lines().enumerate() {
        let value = exact.edges()[i].finite_value();
        let bake = match (bakes.get(i).copied().unwrap_or(0) % 4, value) {
            (1, Some(v)) => Some(v),
            (2, Some(v)) => Some(v / 2.0 + 0.25),
            (3, Some(_)) => Some(0.0),
            _ => None,
        };
        match bake {
            Some(v) => baked.push_str(&format!(
                "{}, clearance: {v:?}),\n",
                line.trim_end_matches("),")
            )),
            None => baked.push_str(&format!("{line}\n")),
        }
    }
    baked.push_str(&format!("  ],\n{tail}"));
    let loaded = Map::loader()
        .read_str(&baked, "baked.ron")
        .expect("a valid baked level");
    assert_eq!(loaded.edges().len(), map.edges().len());
    loaded
}

/// The map of one edge from (0, 0) to (1000, 1000) among `obstacles` (RON
/// list items), and the unbounded search for its nearest obstacle, which
/// must agree with the brute force: the map, the obstacle found and what
/// the search did.
fn search_the_diagonal(obstacles: &str) -> (Map, usize, SearchStats) {
    let text = format!(
        "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1000, 1000))], edges: [(from: 0, to: 1)], obstacles: [{obstacles}])"
    );
    let map = Map::loader()
        .read_str(&text, "diagonal.ron")
        .expect("valid");
    let mut stats = SearchStats::default();
    let nearest = map
        .obstacle_index()
        .nearest_to_segment_with_stats(
            map.obstacles(),
            map.edge_segment(EdgeIdx::new(0)),
            &mut stats,
        )
        .expect("there are obstacles");
    assert_eq!(
        Clearances::compute_brute_force(&map)
            .edge(EdgeIdx::new(0))
            .witness
            .map(|w| w.obstacle),
        Some(nearest.obstacle)
    );
    (map, nearest.obstacle, stats)
}

/// A long diagonal whose nearest obstacle is one point by its middle, with
/// a field of points filling the half of its bounding box below it, none
/// nearer than 60: the edge's box meets every bucket's box, so a walk
/// ordered by the box-to-box bound goes first wherever the tree puts first
/// and measures far points before the near one. Ordered by the distance to
/// the segment, it goes to the near point and opens little else.
#[test]
fn long_diagonal_goes_to_its_nearest_obstacle_first() {
    let mut obstacles = String::new();
    // Every 5 units where x - y >= 85: at least 85 / sqrt(2) = 60.1 from
    // the diagonal; 16,836 points.
    for i in 0..200 {
        for j in 0..200 {
            if i - j >= 17 {
                obstacles.push_str(&format!("Point(({}, {})),", i * 5, j * 5));
            }
        }
    }
    // The nearest: (500.5, 499.5) is 1 / sqrt(2) = 0.707 from the diagonal.
    obstacles.push_str("Point((500.5, 499.5))");
    let (map, nearest, stats) = search_the_diagonal(&obstacles);
    assert_eq!(nearest, map.obstacles().len() - 1);
    // 16,837 points in some 2,100 buckets. Ordered by the segment the walk
    // opens 52 nodes and buckets and measures 64 parts; ordered by the box
    // it opened 751 (and measured 89).
    assert!(stats.nodes_visited < 150, "{stats:?}");
    assert!(stats.parts_measured < 150, "{stats:?}");
}

/// A long diagonal edge through a field of points: the search visits only the
/// tree nodes near the segment, a small share of those whose boxes meet the
/// edge's bounding box grown by the clearance (what an axis-aligned query reads).
#[test]
fn long_diagonal_visits_few_tree_nodes() {
    let mut obstacles = String::new();
    // A 200 x 200 lattice of points, every 5 units, shifted off the diagonal.
    for i in 0..200 {
        for j in 0..200 {
            obstacles.push_str(&format!("Point(({}.5, {}.25)),", i * 5, j * 5));
        }
    }
    let (map, _, stats) = search_the_diagonal(&obstacles);
    // 40,000 points; the edge's bounding box holds all of them. The segment
    // passes near about 200 lattice cells.
    assert!(stats.parts_measured < 4_000, "{stats:?}");
    assert!(
        stats.parts_measured * 10 < map.obstacles().len(),
        "{stats:?}"
    );
}
