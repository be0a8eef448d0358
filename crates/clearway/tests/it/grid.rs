//! Levels from grids: the Moving AI reader, the merged rectangles and the
//! network, against brute-force twins.

use std::fmt::Write as _;

use crate::common::octile::octile_distance;
use clearway::grid::{Connectivity, Grid, GridOptions, grid_map, parse_movingai};
use clearway::{Clearances, Map, Router};
use clearway::{EdgeIdx, NodeIdx};
use proptest::prelude::*;

/// A seeded random grid: each cell solid with probability `fill`.
fn random_grid(w: usize, h: usize, bits: &[u8], fill: u8) -> Grid {
    let mut grid = Grid::new(w, h);
    for row in 0..h {
        for col in 0..w {
            grid.set_solid(col, row, bits[(row * w + col) % bits.len()] < fill);
        }
    }
    grid
}

/// The twin level: the same nodes and edges as `map`, but one unit square per
/// solid cell instead of merged rectangles.
fn one_square_per_cell(grid: &Grid, map: &Map) -> Map {
    let mut text = String::from("(nodes: [");
    for n in map.nodes() {
        let _ = write!(text, "(id: {}, pos: ({:?}, {:?})),", n.id, n.pos.x, n.pos.y);
    }
    text.push_str("], edges: [");
    for e in map.edges() {
        let _ = write!(
            text,
            "(from: {}, to: {}),",
            map.nodes()[e.from].id,
            map.nodes()[e.to].id
        );
    }
    text.push_str("], obstacles: [");
    let h = grid.height();
    for row in 0..h {
        for col in 0..grid.width() {
            if grid.is_solid(col, row) {
                let (x, y) = (col as f64, (h - row - 1) as f64);
                let _ = write!(
                    text,
                    "Polygon([({x:?}, {y:?}), ({:?}, {y:?}), ({:?}, {:?}), ({x:?}, {:?})]),",
                    x + 1.0,
                    x + 1.0,
                    y + 1.0,
                    y + 1.0
                );
            }
        }
    }
    text.push_str("])");
    Map::loader()
        .read_str(&text, "squares.ron")
        .expect("the twin loads")
}

proptest! {
    #![proptest_config(clearway_test_support::proptest_config::config(48))]

    /// Merging solid cells into rectangles changes no clearance: every edge's
    /// clearance equals the one against a square per cell, to 1e-12
    /// relative, and is 0 exactly when the twin's is.
    #[test]
    fn merged_rectangles_give_the_clearances_of_one_square_per_cell(
        w in 1usize..10, h in 1usize..10, bits in proptest::collection::vec(any::<u8>(), 100),
        fill in 40u8..140
    ) {
        let grid = random_grid(w, h, &bits, fill);
        let map = grid_map(&grid, &GridOptions::new(Connectivity::Eight)).unwrap();
        prop_assert_eq!(map.obstacles().len(), grid.solid_rectangles().len());
        let twin = one_square_per_cell(&grid, &map);
        let (ours, theirs) = (Clearances::compute(&map), Clearances::compute(&twin));
        for e in 0..map.edges().len() {
            let (a, b) = (ours.edge(EdgeIdx::new(e)).value, theirs.edge(EdgeIdx::new(e)).value);
            prop_assert_eq!(a == 0.0, b == 0.0, "edge {}: {} vs {}", e, a, b);
            prop_assert!((a - b).abs() <= 1e-12 * b.abs() || a == b, "edge {}: {} vs {}", e, a, b);
        }
    }

    /// A route at radius 1e-9 is the benchmark's optimal octile length, for
    /// every pair of free cells of random grids.
    #[test]
    fn routes_at_a_tiny_radius_are_the_octile_optimum(
        w in 1usize..9, h in 1usize..9, bits in proptest::collection::vec(any::<u8>(), 81),
        fill in 0u8..110
    ) {
        let grid = random_grid(w, h, &bits, fill);
        let map = grid_map(&grid, &GridOptions::new(Connectivity::Eight)).unwrap();
        let clearances = Clearances::compute(&map);
        let cell = |i: usize| {
            let id = map.nodes()[i].id as usize;
            (id % w, id / w)
        };
        for start in 0..map.nodes().len() {
            for goal in 0..map.nodes().len() {
                let free = |c: usize, r: usize| !grid.is_solid(c, r);
                let expected = octile_distance(grid.width(), grid.height(), free, cell(start), cell(goal));
                let found = Router::new(&map, &clearances).route(NodeIdx::new(start), NodeIdx::new(goal), 1e-9).map(|r| r.length);
                match (expected, found) {
                    (None, None) => {}
                    (Some(x), Some(y)) => prop_assert!((x - y).abs() <= 1e-9 * x.max(1.0),
                        "{:?} -> {:?}: expected {}, found {}", cell(start), cell(goal), x, y),
                    _ => prop_assert!(false, "{:?} -> {:?}: expected {:?}, found {:?}",
                        cell(start), cell(goal), expected, found),
                }
            }
        }
    }
}

/// 4-connected grids have no diagonal edges, and cell size scales positions.
#[test]
fn four_connected_and_scaled() {
    // Cell (col 2, row 0) of a 3 x 2 grid at size 2: ((2 + 0.5) * 2, (2 - 0 - 0.5) * 2).
    let grid = Grid::from_rows(&["...", "..."], |c| c == '#').unwrap();
    let mut options = GridOptions::new(Connectivity::Four);
    options.cell_size = 2.0;
    let map = grid_map(&grid, &options).unwrap();
    let n2 = &map.nodes()[2];
    assert_eq!((n2.id, n2.pos.x, n2.pos.y), (2, 5.0, 3.0));
    // 2 rows x 2 horizontal + 3 vertical.
    assert_eq!(map.edges().len(), 7);
    options.connect = Connectivity::Eight;
    assert_eq!(grid_map(&grid, &options).unwrap().edges().len(), 7 + 4);
    options.cell_size = 0.0;
    assert!(grid_map(&grid, &options).is_err());
    options.cell_size = 1e15;
    assert!(grid_map(&grid, &options).is_err());
}

/// Every malformed header or row is a located error.
#[test]
fn malformed_movingai_maps_are_located() {
    let cases: [(&str, &str); 9] = [
        ("", "g.map:1:1"),
        ("type tile\nheight 1\nwidth 1\nmap\n.\n", "g.map:1:1"),
        ("type octile\nheight x\nwidth 1\nmap\n.\n", "g.map:2:8"),
        ("type octile\nheight 0\nwidth 1\nmap\n", "g.map:2:8"),
        ("type octile\nheight 1\nheight 1\nmap\n.\n", "g.map:3:1"),
        ("type octile\nheight 1\nwidth 2\nmab\n..\n", "g.map:4:1"),
        (
            "type octile\nheight 2\nwidth 2\nmap\n...\n..\n",
            "g.map:5:3",
        ),
        ("type octile\nheight 2\nwidth 2\nmap\n..\n", "g.map:6:1"),
        ("type octile\nheight 1\nwidth 2\nmap\n..\n@@\n", "g.map:6:1"),
    ];
    for (text, at) in cases {
        let err = parse_movingai(text, "g.map").unwrap_err().to_string();
        assert!(err.contains(at), "{text:?}: expected {at} in\n{err}");
    }
    // Width before height, CRLF line ends and trailing blank lines are fine.
    let grid = parse_movingai(
        "type octile\r\nwidth 2\r\nheight 1\r\nmap\r\n.T\r\n\r\n",
        "g.map",
    )
    .unwrap();
    assert_eq!(
        (grid.width(), grid.height(), grid.is_solid(1, 0)),
        (2, 1, true)
    );
}
