//! Obstacles from Tiled tile layers: collision shapes placed and flipped as
//! their tiles (every coordinate worked out by hand in the comments), whole
//! solid cells merged without changing a clearance, infinite maps, the grid
//! of a tile layer, layer choice, and the errors.

use crate::common::cli::{RunExt, clearway, stderr, stdout};
use crate::common::rng::SplitMix64;

use clearway::geometry::{Circle, Point, Polygon, Segment};
use clearway::tiled::{
    TiledError, TiledOptions, load_obstacles, obstacles_from_tmx_bytes, tile_layer_grid,
    tile_layer_grid_from_tmx_bytes,
};
use clearway::{Clearances, EdgeIdx, Map, Obstacle};

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

fn vertices(o: &Obstacle) -> Vec<Point> {
    match o {
        Obstacle::Polygon(poly) => poly.vertices().to_vec(),
        other => panic!("expected a polygon, got {other:?}"),
    }
}

/// Tiled's flip flags, in the high bits of a tile's gid.
const H: u32 = 0x8000_0000;
const V: u32 = 0x4000_0000;
const D: u32 = 0x2000_0000;

/// An orthogonal map of `width` x `height` tiles of 16 px holding `body`.
fn tmx(width: u32, height: u32, body: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="{width}" height="{height}" tilewidth="16" tileheight="16" infinite="0" nextlayerid="9" nextobjectid="1">
{body}
</map>
"#
    )
}

/// A tile layer `name` of `width` x `height` tiles, rows of gids.
fn layer(id: u32, name: &str, width: u32, height: u32, rows: &[&[u32]]) -> String {
    let data: Vec<String> = rows
        .iter()
        .map(|r| {
            r.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    format!(
        "<layer id=\"{id}\" name=\"{name}\" width=\"{width}\" height=\"{height}\">\n<data encoding=\"csv\">\n{}\n</data>\n</layer>",
        data.join(",\n")
    )
}

/// The tiles of the tileset `shapes` (16 x 16 px), ids from 0 (gid 1):
///
/// - 0: a triangle polygon at (2, 1) with points (0,0) (8,0) (0,4): in the
///   tile, (2,1) (10,1) (2,5), near the top-left corner, so that every flip
///   moves it somewhere else;
/// - 1: the boolean property `solid` = true, no collision shape;
/// - 2: one collision rectangle filling the tile (a wall);
/// - 3: a rectangle at (0, 8) of 8 x 4, a circle (ellipse 8 x 8 at (8, 0)),
///   a point at (3, 5) and a polyline from (0, 0) to (16, 16);
/// - 4: the property `solid` = false;
/// - 5: the property `solid` as a string (an error when asked for);
/// - 6: a collision polygon with a NaN point.
const SHAPES_TILES: &str = r#"
 <tile id="0">
  <objectgroup draworder="index" id="2">
   <object id="1" x="2" y="1"><polygon points="0,0 8,0 0,4"/></object>
  </objectgroup>
 </tile>
 <tile id="1">
  <properties><property name="solid" type="bool" value="true"/></properties>
 </tile>
 <tile id="2">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="0" width="16" height="16"/>
  </objectgroup>
 </tile>
 <tile id="3">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="8" width="8" height="4"/>
   <object id="2" x="8" y="0" width="8" height="8"><ellipse/></object>
   <object id="3" x="3" y="5"><point/></object>
   <object id="4" x="0" y="0"><polyline points="0,0 16,16"/></object>
  </objectgroup>
 </tile>
 <tile id="4">
  <properties><property name="solid" type="bool" value="false"/></properties>
 </tile>
 <tile id="5">
  <properties><property name="solid" value="yes"/></properties>
 </tile>
 <tile id="6">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="0"><polygon points="0,0 nan,0 0,4"/></object>
  </objectgroup>
 </tile>
"#;

fn embedded_shapes() -> String {
    format!(
        "<tileset firstgid=\"1\" name=\"shapes\" tilewidth=\"16\" tileheight=\"16\" tilecount=\"8\" columns=\"8\">\n<image source=\"shapes.png\" width=\"128\" height=\"16\"/>{SHAPES_TILES}</tileset>"
    )
}

fn options(layer: Option<&str>, property: Option<&str>) -> TiledOptions {
    TiledOptions {
        layer: layer.map(Into::into),
        pixels_per_unit: 16.0,
        solid_property: property.map(Into::into),
        ..TiledOptions::default()
    }
}

/// The triangle of tile 0 in each of the 8 flip combinations, one per
/// column of a 8 x 1 map. With 16 px per unit and a map 16 px high, the
/// tile-local pixel (u, v) of the tile in column c is the point
/// (c + u / 16, 1 - v / 16).
///
/// The flips, applied in Tiled's order (diagonal first: (x, y) -> (y, x),
/// then horizontal: u -> 16 - u, vertical: v -> 16 - v) to the triangle
/// (2,1) (10,1) (2,5):
///
/// | column | flags | (u, v) of the three vertices |
/// |---|---|---|
/// | 0 | none  | (2,1) (10,1) (2,5) |
/// | 1 | H     | (14,1) (6,1) (14,5) |
/// | 2 | V     | (2,15) (10,15) (2,11) |
/// | 3 | H V   | (14,15) (6,15) (14,11) (a half turn) |
/// | 4 | D     | (1,2) (1,10) (5,2) |
/// | 5 | H D   | (15,2) (15,10) (11,2) (a quarter turn clockwise) |
/// | 6 | V D   | (1,14) (1,6) (5,14) (a quarter turn anticlockwise) |
/// | 7 | H V D | (15,14) (15,6) (11,14) |
const FLIPPED: [[(f64, f64); 3]; 8] = [
    [(2.0, 1.0), (10.0, 1.0), (2.0, 5.0)],
    [(14.0, 1.0), (6.0, 1.0), (14.0, 5.0)],
    [(2.0, 15.0), (10.0, 15.0), (2.0, 11.0)],
    [(14.0, 15.0), (6.0, 15.0), (14.0, 11.0)],
    [(1.0, 2.0), (1.0, 10.0), (5.0, 2.0)],
    [(15.0, 2.0), (15.0, 10.0), (11.0, 2.0)],
    [(1.0, 14.0), (1.0, 6.0), (5.0, 14.0)],
    [(15.0, 14.0), (15.0, 6.0), (11.0, 14.0)],
];

fn flips_layer() -> String {
    let gids = [
        1,
        1 | H,
        1 | V,
        1 | H | V,
        1 | D,
        1 | H | D,
        1 | V | D,
        1 | H | V | D,
    ];
    layer(1, "walls", 8, 1, &[&gids])
}

fn check_flips(o: &[Obstacle]) {
    assert_eq!(o.len(), 8, "{o:#?}");
    for (c, want) in FLIPPED.iter().enumerate() {
        let want: Vec<Point> = want
            .iter()
            .map(|&(u, v)| p(c as f64 + u / 16.0, 1.0 - v / 16.0))
            .collect();
        assert_eq!(vertices(&o[c]), want, "column {c}");
    }
}

#[test]
fn collision_shapes_follow_each_of_the_8_flips() {
    let map = tmx(8, 1, &format!("{}\n{}", embedded_shapes(), flips_layer()));
    let import = obstacles_from_tmx_bytes(map.as_bytes(), "t.tmx", &options(None, None)).unwrap();
    check_flips(&import.obstacles);
    assert_eq!(
        import.sources[5].to_string(),
        "t.tmx layer `walls` tile (5, 0) shape 1"
    );
    assert!(import.warnings.is_empty(), "{:?}", import.warnings);
}

#[test]
fn an_external_tsx_tileset_reads_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let tsx = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tileset version=\"1.10\" name=\"shapes\" tilewidth=\"16\" tileheight=\"16\" tilecount=\"8\" columns=\"8\">\n<image source=\"shapes.png\" width=\"128\" height=\"16\"/>{SHAPES_TILES}</tileset>\n"
    );
    std::fs::write(dir.path().join("shapes.tsx"), tsx).unwrap();
    let map = tmx(
        8,
        1,
        &format!(
            "<tileset firstgid=\"1\" source=\"shapes.tsx\"/>\n{}",
            flips_layer()
        ),
    );
    let path = dir.path().join("level.tmx");
    std::fs::write(&path, map).unwrap();
    let import = load_obstacles(&path, &options(None, None)).unwrap();
    check_flips(&import.obstacles);
}

/// Tile 3 turned a quarter clockwise (H D: (x, y) -> (16 - y, x)) in cell
/// (1, 1) of a 2 x 2 map 32 px high: tile-local (u, v) is the point
/// (1 + u / 16, 1 - v / 16).
#[test]
fn rectangles_circles_points_and_polylines_of_a_tile_turn_too() {
    let body = format!(
        "{}\n{}",
        embedded_shapes(),
        layer(1, "walls", 2, 2, &[&[0, 0], &[0, 4 | H | D]])
    );
    let import =
        obstacles_from_tmx_bytes(tmx(2, 2, &body).as_bytes(), "t.tmx", &options(None, None))
            .unwrap();
    let o = &import.obstacles;
    assert_eq!(o.len(), 4, "{o:#?}");
    // Rectangle (0,8) (8,8) (8,12) (0,12) -> (8,0) (8,8) (4,8) (4,0).
    assert_eq!(
        vertices(&o[0]),
        [p(1.5, 1.0), p(1.5, 0.5), p(1.25, 0.5), p(1.25, 1.0)]
    );
    // Circle: centre (12, 4) -> (12, 12), radius 4 px.
    assert_eq!(
        o[1],
        Obstacle::Circle(Circle {
            center: p(1.75, 0.25),
            radius: 0.25
        })
    );
    // Point (3, 5) -> (11, 3).
    assert_eq!(o[2], Obstacle::Point(p(1.6875, 0.8125)));
    // Polyline (0,0)-(16,16) -> (16,0)-(0,16).
    assert_eq!(
        o[3],
        Obstacle::Segment(Segment::new(p(2.0, 1.0), p(1.0, 0.0)))
    );
    let ids: Vec<u32> = import.sources.iter().map(|s| s.object_id).collect();
    assert_eq!(ids, [1, 2, 3, 4]);
}

/// A 16 x 32 px tile in a grid of 16 px is drawn with its bottom-left corner
/// at its cell's: in cell (0, 1) of a 2 x 2 map, its box spans y 0..32 px,
/// one cell above its own. Its collision rectangle (0, 0) 16 x 8 is then
/// px (0, 0)-(16, 8): x 0..1, y (32 - 0) / 16 = 2 down to (32 - 8) / 16 = 1.5.
/// The tileset's drawing offset (4, -2) px moves it by (0.25, +0.125).
#[test]
fn tall_tiles_are_bottom_aligned_and_moved_by_the_tileset_offset() {
    let tileset = |offset: &str| {
        format!(
            r#"<tileset firstgid="1" name="tall" tilewidth="16" tileheight="32" tilecount="1" columns="1">
{offset}
<image source="tall.png" width="16" height="32"/>
<tile id="0"><objectgroup id="2"><object id="1" x="0" y="0" width="16" height="8"/></objectgroup></tile>
</tileset>"#
        )
    };
    let read = |offset: &str| {
        let body = format!(
            "{}\n{}",
            tileset(offset),
            layer(1, "walls", 2, 2, &[&[0, 0], &[1, 0]])
        );
        obstacles_from_tmx_bytes(tmx(2, 2, &body).as_bytes(), "t.tmx", &options(None, None))
            .unwrap()
            .obstacles
    };
    assert_eq!(
        vertices(&read("")[0]),
        [p(0.0, 2.0), p(1.0, 2.0), p(1.0, 1.5), p(0.0, 1.5)]
    );
    assert_eq!(
        vertices(&read(r#"<tileoffset x="4" y="-2"/>"#)[0]),
        [
            p(0.25, 2.125),
            p(1.25, 2.125),
            p(1.25, 1.625),
            p(0.25, 1.625)
        ]
    );
}

/// A 4 x 3 map, 48 px high:
///
/// ```text
///   col 0 1 2 3
/// row 0 S S . F        S: tile 1 (`solid` = true)   F: tile 4 (`solid` = false)
/// row 1 S S . W        W: tile 2 (a collision rectangle filling the cell)
/// row 2 . . . .
/// ```
fn solid_block_map() -> String {
    let body = format!(
        "{}\n{}",
        embedded_shapes(),
        layer(
            1,
            "walls",
            4,
            3,
            &[&[2, 2, 0, 5], &[2, 2, 0, 3], &[0, 0, 0, 0]]
        )
    );
    tmx(4, 3, &body)
}

#[test]
fn solid_property_tiles_and_full_cell_walls_merge_into_rectangles() {
    let import = obstacles_from_tmx_bytes(
        solid_block_map().as_bytes(),
        "t.tmx",
        &options(None, Some("solid")),
    )
    .unwrap();
    let o = &import.obstacles;
    assert_eq!(o.len(), 2, "{o:#?}");
    // The 2 x 2 block: px (0, 0)-(32, 32) -> x 0..2, y (48 - 0) / 16 = 3
    // down to (48 - 32) / 16 = 1.
    assert_eq!(
        vertices(&o[0]),
        [p(0.0, 3.0), p(2.0, 3.0), p(2.0, 1.0), p(0.0, 1.0)]
    );
    // The wall at (3, 1): px (48, 16)-(64, 32) -> x 3..4, y 2 down to 1.
    assert_eq!(
        vertices(&o[1]),
        [p(3.0, 2.0), p(4.0, 2.0), p(4.0, 1.0), p(3.0, 1.0)]
    );
    assert_eq!(
        import.sources[0].to_string(),
        "t.tmx layer `walls` tiles (0, 0) to (1, 1)"
    );
    assert_eq!(
        import.sources[1].to_string(),
        "t.tmx layer `walls` tile (3, 1)"
    );

    // Without --solid-property only the wall is solid.
    let import =
        obstacles_from_tmx_bytes(solid_block_map().as_bytes(), "t.tmx", &options(None, None))
            .unwrap();
    assert_eq!(import.obstacles, [o[1].clone()]);
}

#[test]
fn a_solid_property_that_is_not_a_bool_is_an_error_naming_the_tile() {
    let body = format!(
        "{}\n{}",
        embedded_shapes(),
        layer(1, "walls", 2, 1, &[&[0, 6]])
    );
    let e = obstacles_from_tmx_bytes(
        tmx(2, 1, &body).as_bytes(),
        "t.tmx",
        &options(None, Some("solid")),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Tiled map `t.tmx`, tileset `shapes`, tile 5: its property `solid` is a string, not a bool (tick the box in Tiled: a property of type bool)"
    );
    // Tile 6's NaN point.
    let body = format!(
        "{}\n{}",
        embedded_shapes(),
        layer(1, "walls", 2, 1, &[&[0, 7]])
    );
    let e = obstacles_from_tmx_bytes(tmx(2, 1, &body).as_bytes(), "t.tmx", &options(None, None))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Tiled map `t.tmx`, tileset `shapes`, tile 6: collision object 1: point 1: x is NaN"
    );
}

/// A chunk of 16 x 16 gids, with `at` (local col, row, gid) set.
fn chunk(x: i32, y: i32, at: &[(usize, usize, u32)]) -> String {
    let mut gids = [[0u32; 16]; 16];
    for &(c, r, g) in at {
        gids[r][c] = g;
    }
    let rows: Vec<String> = gids
        .iter()
        .map(|r| {
            r.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    format!(
        "<chunk x=\"{x}\" y=\"{y}\" width=\"16\" height=\"16\">\n{}\n</chunk>",
        rows.join(",\n")
    )
}

/// An infinite map (its nominal size 30 x 20 tiles, 320 px high) with three
/// chunks: at (-16, -16) a `solid` tile at local (15, 15), tile (-1, -1);
/// at (0, 0) a wall at local (0, 0), tile (0, 0); at (-16, 0) tile 0's
/// triangle at local (13, 2), tile (-3, 2).
fn infinite_map() -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="30" height="20" tilewidth="16" tileheight="16" infinite="1" nextlayerid="2" nextobjectid="1">
{}
<layer id="1" name="walls" width="30" height="20">
<data encoding="csv">
{}
{}
{}
</data>
</layer>
</map>
"#,
        embedded_shapes(),
        chunk(-16, -16, &[(15, 15, 2)]),
        chunk(0, 0, &[(0, 0, 3)]),
        chunk(-16, 0, &[(13, 2, 1)]),
    )
}

#[test]
fn infinite_maps_read_chunks_at_negative_coordinates() {
    let import = obstacles_from_tmx_bytes(
        infinite_map().as_bytes(),
        "inf.tmx",
        &options(None, Some("solid")),
    )
    .unwrap();
    let o = &import.obstacles;
    assert_eq!(o.len(), 3, "{o:#?}");
    // Tile (-1, -1): px (-16, -16)-(0, 0) -> x -1..0, y (320 + 16) / 16 = 21
    // down to 20. Tile (0, 0): x 0..1, y 20 down to 19. Diagonal neighbours:
    // two rectangles.
    assert_eq!(
        vertices(&o[0]),
        [p(-1.0, 21.0), p(0.0, 21.0), p(0.0, 20.0), p(-1.0, 20.0)]
    );
    assert_eq!(
        vertices(&o[1]),
        [p(0.0, 20.0), p(1.0, 20.0), p(1.0, 19.0), p(0.0, 19.0)]
    );
    assert_eq!(
        import.sources[0].to_string(),
        "inf.tmx layer `walls` tile (-1, -1)"
    );
    // Tile (-3, 2): its box's top-left is px (-48, 32); the triangle (2,1)
    // (10,1) (2,5) is px (-46, 33) (-38, 33) (-46, 37): x / 16 and
    // (320 - y) / 16.
    assert_eq!(
        vertices(&o[2]),
        [
            p(-46.0 / 16.0, 287.0 / 16.0),
            p(-38.0 / 16.0, 287.0 / 16.0),
            p(-46.0 / 16.0, 283.0 / 16.0)
        ]
    );

    // The grid spans the chunks' bounding box: tiles -16..16 both ways.
    let g = tile_layer_grid_from_tmx_bytes(
        infinite_map().as_bytes(),
        "inf.tmx",
        &options(None, Some("solid")),
    )
    .unwrap();
    assert_eq!(g.first, (-16, -16));
    assert_eq!((g.grid.width(), g.grid.height()), (32, 32));
    assert_eq!(g.grid.solid_count(), 3);
    // Tiled's tile (c, r) is the grid's cell (c + 16, r + 16).
    for (c, r) in [(15, 15), (16, 16), (13, 18)] {
        assert!(g.grid.is_solid(c, r), "({c}, {r})");
    }
}

#[test]
fn the_grid_of_a_tile_layer_is_solid_where_a_tile_has_a_shape_or_the_property() {
    let g = tile_layer_grid_from_tmx_bytes(
        solid_block_map().as_bytes(),
        "t.tmx",
        &options(None, Some("solid")),
    )
    .unwrap();
    assert_eq!(g.first, (0, 0));
    let rows: Vec<String> = (0..3)
        .map(|r| {
            (0..4)
                .map(|c| if g.grid.is_solid(c, r) { '#' } else { '.' })
                .collect()
        })
        .collect();
    assert_eq!(rows, ["##..", "##.#", "...."]);
    // Without the property only the wall (a collision shape) is solid; a
    // tile with any shape makes its whole cell solid (the triangle here).
    let body = format!("{}\n{}", embedded_shapes(), flips_layer());
    let g =
        tile_layer_grid_from_tmx_bytes(tmx(8, 1, &body).as_bytes(), "t.tmx", &options(None, None))
            .unwrap();
    assert_eq!(g.grid.solid_count(), 8);
    // An object layer is not a grid.
    let body = format!(
        "{}\n{}\n<objectgroup id=\"5\" name=\"spawns\"/>",
        embedded_shapes(),
        flips_layer()
    );
    let e = tile_layer_grid_from_tmx_bytes(
        tmx(8, 1, &body).as_bytes(),
        "t.tmx",
        &options(Some("spawns"), None),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "layer `spawns` of Tiled map `t.tmx` is an object layer, not a tile layer"
    );
}

/// Merging solid cells into rectangles changes no clearance: a 12 x 10
/// layer of `solid` tiles (about 40 % of them) read merged, against one
/// square per solid cell, under 150 short edges scattered over the level.
#[test]
fn merged_cells_give_the_clearances_of_one_square_per_cell() {
    let (w, h) = (12usize, 10usize);
    let mut rng = SplitMix64::new(16);
    let cells: Vec<Vec<u32>> = (0..h)
        .map(|_| {
            (0..w)
                .map(|_| if rng.next_f64() < 0.4 { 2 } else { 0 })
                .collect()
        })
        .collect();
    let rows: Vec<&[u32]> = cells.iter().map(Vec::as_slice).collect();
    let body = format!(
        "{}\n{}",
        embedded_shapes(),
        layer(1, "walls", w as u32, h as u32, &rows)
    );
    let merged = obstacles_from_tmx_bytes(
        tmx(w as u32, h as u32, &body).as_bytes(),
        "t.tmx",
        &options(None, Some("solid")),
    )
    .unwrap()
    .obstacles;
    let squares: Vec<Obstacle> = (0..h)
        .flat_map(|row| (0..w).map(move |col| (col, row)))
        .filter(|&(col, row)| cells[row][col] != 0)
        .map(|(col, row)| {
            let (x, y) = (col as f64, (h - row - 1) as f64);
            Obstacle::Polygon(
                Polygon::new(vec![
                    p(x, y + 1.0),
                    p(x + 1.0, y + 1.0),
                    p(x + 1.0, y),
                    p(x, y),
                ])
                .unwrap(),
            )
        })
        .collect();
    assert!(
        merged.len() < squares.len(),
        "{} rectangles for {} cells",
        merged.len(),
        squares.len()
    );

    // Short edges (up to 1.5 long each way), so that many pass between
    // the walls rather than through them.
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    for e in 0..150 {
        let (x, y) = (rng.next_f64() * w as f64, rng.next_f64() * h as f64);
        let (dx, dy) = (3.0 * rng.next_f64() - 1.5, 3.0 * rng.next_f64() - 1.5);
        nodes.push(format!("(id: {}, pos: ({x}, {y}))", 2 * e));
        nodes.push(format!(
            "(id: {}, pos: ({}, {}))",
            2 * e + 1,
            x + dx,
            y + dy
        ));
        edges.push(format!("(from: {}, to: {})", 2 * e, 2 * e + 1));
    }
    let ron = format!(
        "Map(nodes: [{}], edges: [{}])",
        nodes.join(", "),
        edges.join(", ")
    );
    let with = |obstacles: Vec<Obstacle>| {
        let network = Map::loader().read_str(&ron, "net.ron").unwrap();
        Clearances::compute(&network.with_extra_obstacles(obstacles).unwrap())
    };
    let (a, b) = (with(merged), with(squares));
    let mut positive = 0;
    for e in 0..150 {
        let (x, y) = (a.edge(EdgeIdx::new(e)).value, b.edge(EdgeIdx::new(e)).value);
        assert_eq!(x, y, "edge {e}: merged vs one square per cell");
        positive += usize::from(x > 0.0);
    }
    // Enough edges clear of every wall for the comparison to mean something.
    assert!(positive >= 40, "{positive}");
}

/// One object layer and one tile layer with solid tiles, plus an image
/// layer and a tile layer without solid tiles.
fn mixed_map(orientation: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="{orientation}" renderorder="right-down" width="2" height="1" tilewidth="16" tileheight="16" infinite="0" nextlayerid="5" nextobjectid="2">
{}
{}
{}
<objectgroup id="3" name="spawns"><object id="1" x="4" y="4"><point/></object></objectgroup>
<imagelayer id="4" name="backdrop"/>
</map>
"#,
        embedded_shapes(),
        layer(1, "floor", 2, 1, &[&[0, 0]]),
        layer(2, "walls", 2, 1, &[&[3, 0]]),
    )
}

#[test]
fn layer_choice_counts_tile_layers_with_solid_tiles() {
    let map = mixed_map("orthogonal");
    let e = obstacles_from_tmx_bytes(map.as_bytes(), "m.tmx", &options(None, None)).unwrap_err();
    assert!(matches!(e, TiledError::SeveralObjectLayers { .. }));
    assert_eq!(
        e.to_string(),
        "Tiled map `m.tmx` has 2 layers with obstacles (object layers, and tile layers with solid tiles) (`walls`, `spawns`): choose one with --layer"
    );
    let e = obstacles_from_tmx_bytes(map.as_bytes(), "m.tmx", &options(Some("roof"), None))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Tiled map `m.tmx` has no layer `roof`; its object and tile layers are `floor`, `walls`, `spawns`"
    );
    let e = obstacles_from_tmx_bytes(map.as_bytes(), "m.tmx", &options(Some("backdrop"), None))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "layer `backdrop` of Tiled map `m.tmx` is an image layer, not an object layer or a tile layer"
    );
    let walls =
        obstacles_from_tmx_bytes(map.as_bytes(), "m.tmx", &options(Some("walls"), None)).unwrap();
    assert_eq!(walls.obstacles.len(), 1);
    // The grid needs no --layer: `walls` is the only tile layer with solid
    // tiles.
    let g = tile_layer_grid_from_tmx_bytes(map.as_bytes(), "m.tmx", &options(None, None)).unwrap();
    assert_eq!(g.grid.solid_count(), 1);
    assert!(g.grid.is_solid(0, 0));
}

#[test]
fn tile_layers_of_a_map_that_is_not_orthogonal_are_an_error_located_in_the_file() {
    let map = mixed_map("isometric");
    // The `orientation` attribute: line 2, after `<map version="1.10" `
    // (20 characters).
    let e = obstacles_from_tmx_bytes(map.as_bytes(), "iso.tmx", &options(Some("walls"), None))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "iso.tmx:2:21: Tiled map `iso.tmx` is isometric, not orthogonal: clearway reads tile layers of orthogonal maps only"
    );
    // Its object layers are still read, with the old warning.
    let spawns =
        obstacles_from_tmx_bytes(map.as_bytes(), "iso.tmx", &options(Some("spawns"), None))
            .unwrap();
    assert_eq!(spawns.obstacles.len(), 1);
    assert_eq!(spawns.warnings.len(), 1);
}

/// A network from (0.5, 0.5) to (3.5, 0.5) along the free bottom row of the
/// solid-block map, and up column 2 to (2.5, 2.5).
const NETWORK: &str = "Map(agents: [(name: \"small\", radius: 0.4), (name: \"big\", radius: 0.6)], \
    nodes: [(id: 1, pos: (0.5, 0.5)), (id: 2, pos: (2.5, 0.5)), (id: 3, pos: (3.5, 0.5)), (id: 4, pos: (2.5, 2.5))], \
    edges: [(from: 1, to: 2), (from: 2, to: 3), (from: 2, to: 4)])";

#[test]
fn check_reads_tile_layers_and_names_the_tiles() {
    let dir = tempfile::tempdir().unwrap();
    let tmx_path = dir.path().join("level.tmx");
    std::fs::write(&tmx_path, solid_block_map()).unwrap();
    let ron = dir.path().join("net.ron");
    std::fs::write(&ron, NETWORK).unwrap();
    let out = clearway()
        .current_dir(dir.path())
        .args([
            "check",
            "net.ron",
            "--obstacles",
            "level.tmx",
            "--pixels-per-unit",
            "16",
            "--solid-property",
            "solid",
            "--agent",
            "big",
        ])
        .run()
        .exit(1);
    let text = stdout(&out);
    // Edge 2 -> 4 runs up x = 2.5 between the block (x <= 2) and the wall
    // (x >= 3): 0.5 on each side.
    assert!(
        text.contains("blocked: edge 2 (2 -> 4): clearance 0.5 < radius 0.6"),
        "{text}"
    );
    assert!(text.contains("(level.tmx layer `walls` tile"), "{text}");
}

#[test]
fn tile_layer_errors_exit_2_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("iso.tmx"), mixed_map("isometric")).unwrap();
    std::fs::write(dir.path().join("mixed.tmx"), mixed_map("orthogonal")).unwrap();
    std::fs::write(dir.path().join("net.ron"), NETWORK).unwrap();
    let run = |tmx: &str, extra: &[&str]| {
        let out = clearway()
            .current_dir(dir.path())
            .args([
                "check",
                "net.ron",
                "--obstacles",
                tmx,
                "--render",
                "out.svg",
            ])
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        assert!(out.stdout.is_empty());
        assert!(!dir.path().join("out.svg").exists());
        stderr(&out)
    };
    assert_eq!(
        run("iso.tmx", &["--layer", "walls"]),
        "error: iso.tmx:2:21: Tiled map `iso.tmx` is isometric, not orthogonal: clearway reads tile layers of orthogonal maps only\n"
    );
    assert!(run("mixed.tmx", &["--layer", "roof"]).contains(
        "has no layer `roof`; its object and tile layers are `floor`, `walls`, `spawns`"
    ));
    assert!(
        run("mixed.tmx", &["--layer", "backdrop"])
            .contains("is an image layer, not an object layer or a tile layer")
    );
    assert!(run("mixed.tmx", &[]).contains("has 2 layers with obstacles"));
}

/// maps/tiled_tiles.tmx: 66 solid tiles, of which the 56 walls (a
/// rectangle filling the tile) and 2 crates (`solid`) merge into 7
/// rectangles: the top row, the left and right columns (rows 1 to 9), the
/// two halves of the inner wall, the crates, the bottom row (columns 1 to
/// 14). Then the 8 shapes row by row: slopes (1, 1) and (14, 1), pillars
/// (4, 2) and (11, 2), half-blocks (7, 6) and (8, 6), slopes (1, 8) and
/// (14, 8).
#[test]
fn the_example_tile_level_reads() {
    let import = load_obstacles(
        "maps/tiled_tiles.tmx",
        &options(Some("walls"), Some("solid")),
    )
    .unwrap();
    let names: Vec<String> = import.sources.iter().map(ToString::to_string).collect();
    let tiles: Vec<&str> = names
        .iter()
        .map(|n| {
            n.strip_prefix("maps/tiled_tiles.tmx layer `walls` ")
                .unwrap()
        })
        .collect();
    assert_eq!(
        tiles,
        [
            "tiles (0, 0) to (15, 0)",
            "tiles (0, 1) to (0, 9)",
            "tiles (15, 1) to (15, 9)",
            "tiles (3, 4) to (6, 4)",
            "tiles (9, 4) to (12, 4)",
            "tiles (11, 6) to (12, 6)",
            "tiles (1, 9) to (14, 9)",
            "tile (1, 1) shape 1",
            "tile (14, 1) shape 1",
            "tile (4, 2) shape 1",
            "tile (11, 2) shape 1",
            "tile (7, 6) shape 1",
            "tile (8, 6) shape 1",
            "tile (1, 8) shape 1",
            "tile (14, 8) shape 1",
        ]
    );
    // The top-left slope (H and V: the triangle over the top-left half of
    // cell (1, 1), x 1..2, y 8..9): (16,0) (16,16) (0,16) px flipped both
    // ways is (0,16) (0,0) (16,0).
    assert_eq!(
        vertices(&import.obstacles[7]),
        [p(1.0, 8.0), p(1.0, 9.0), p(2.0, 9.0)]
    );
    // A pillar: centre (8, 8) px of cell (4, 2), radius 6 px.
    assert_eq!(
        import.obstacles[9],
        Obstacle::Circle(Circle {
            center: p(4.5, 7.5),
            radius: 0.375
        })
    );
    // The grid: the same 66 cells (a tile with any shape is solid whole).
    let g = tile_layer_grid("maps/tiled_tiles.tmx", &options(None, Some("solid"))).unwrap();
    assert_eq!(g.first, (0, 0));
    assert_eq!((g.grid.width(), g.grid.height()), (16, 10));
    assert_eq!(g.grid.solid_count(), 66);
}

/// The guide's tile level command and its output, word for word.
#[test]
fn the_guide_tile_level_command_prints_what_the_guide_shows() {
    let out = clearway()
        .args([
            "check",
            "maps/tiled_tiles.ron",
            "--obstacles",
            "maps/tiled_tiles.tmx",
            "--layer",
            "walls",
            "--pixels-per-unit",
            "16",
            "--solid-property",
            "solid",
        ])
        .run()
        .exit(1);
    let text = stdout(&out);
    let readme = std::fs::read_to_string("docs/GUIDE.md").unwrap();
    assert!(readme.contains(&text), "{text}");
    assert!(text.starts_with("ok: cat (radius 0.25)"), "{text}");
}
