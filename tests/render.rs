//! `clearway render` and the picture behind it: golden SVG snapshots of the
//! example maps, pixels of a rasterised tiny map (a blocked edge is red; an
//! obstacle is where its coordinates say, y up), what is drawn (through a
//! recording drawer), large maps, and the command line's exit codes.

use std::path::Path;

use assert_cmd::Command;
use clearway::geometry::Point;
use clearway::render::{Fonts, Picture, RecordingDrawer, Shape, palette, svg_to_png_with};
use clearway::{Clearances, Map};
use resvg::tiny_skia::Pixmap;

fn load(name: &str) -> Map {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name);
    Map::load(&path).unwrap()
}

/// The largest agent profile of a map: what `check --render` draws against.
fn largest_agent(map: &Map) -> (String, f64) {
    let a = map.agents().iter().fold(&map.agents()[0], |best, a| {
        if a.radius > best.radius { a } else { best }
    });
    (a.name.clone(), a.radius)
}

fn snapshot_for_largest_agent(file: &str) -> String {
    let map = load(file);
    let clearances = Clearances::compute(&map);
    let (name, radius) = largest_agent(&map);
    Picture::new(&map, &clearances)
        .agent(&name, radius)
        .title(file)
        .to_svg()
}

#[test]
fn corridors_for_the_tank() {
    insta::assert_snapshot!(
        "corridors_tank",
        snapshot_for_largest_agent("corridors.ron")
    );
}

#[test]
fn rooms_for_the_ogre() {
    insta::assert_snapshot!("rooms_ogre", snapshot_for_largest_agent("rooms.ron"));
}

#[test]
fn warehouse_for_the_forklift() {
    insta::assert_snapshot!(
        "warehouse_forklift",
        snapshot_for_largest_agent("warehouse.ron")
    );
}

#[test]
fn field_for_the_wagon() {
    insta::assert_snapshot!("field_wagon", snapshot_for_largest_agent("field.ron"));
}

#[test]
fn rooms_by_clearance_with_routes() {
    let map = load("rooms.ron");
    let clearances = Clearances::compute(&map);
    let gate = map.node_index(1).unwrap();
    let garden = map.node_index(14).unwrap();
    let terrace = map.node_index(11).unwrap();
    let svg = Picture::new(&map, &clearances)
        .route(gate, garden)
        .widest(gate, terrace)
        .title("rooms.ron")
        .to_svg();
    insta::assert_snapshot!("rooms_clearance_routes", svg);
}

#[test]
fn the_same_picture_is_the_same_bytes() {
    let a = snapshot_for_largest_agent("rooms.ron");
    let b = snapshot_for_largest_agent("rooms.ron");
    assert_eq!(a, b);
}

/// Three nodes, a rock 1 above the bottom edge and a boulder up and left:
///
/// ```text
///   (2,8) boulder, radius 1        2 (10,10)
///                                  |
///                                  |
///   0 (0,0) ----*---------------- 1 (10,0)
///             rock (5,1)
/// ```
///
/// For radius 2 the bottom edge (clearance 1) is blocked; the right edge
/// (clearance 5) is clear.
const TINY: &str = r#"Map(
    nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (10, 10))],
    edges: [(from: 0, to: 1), (from: 1, to: 2)],
    obstacles: [Point((5, 1)), Circle(center: (2, 8), radius: 1)],
)"#;

fn tiny() -> (Map, Clearances) {
    let map = Map::from_ron_str(TINY, "tiny.ron").unwrap();
    let clearances = Clearances::compute(&map);
    (map, clearances)
}

fn rgb(pixmap: &Pixmap, x: u32, y: u32) -> (u8, u8, u8) {
    let p = pixmap.pixel(x, y).unwrap().demultiply();
    (p.red(), p.green(), p.blue())
}

#[test]
fn tiny_map_pixels_blocked_edge_is_red_and_y_points_up() {
    let (map, clearances) = tiny();
    let picture = Picture::new(&map, &clearances)
        .agent_radius(2.0)
        .long_side(280.0);
    let png = picture.to_png().unwrap();
    let pixmap = Pixmap::decode_png(&png).unwrap();

    // Worked out by hand: the map spans (0,0)-(10,10), padded by the radius
    // 2 to (-2,-2)-(12,12): 14 units on 280 px is 20 px per unit. The picture
    // is at least 820 wide, so the map area starts at x = (820 - 280) / 2 =
    // 270; it starts 24 px from the top. Level y = 12 is at the top.
    let to_pixel = |x: f64, y: f64| (270.0 + (x + 2.0) * 20.0, 24.0 + (12.0 - y) * 20.0);
    let frame = picture.layout().frame;
    assert_eq!(
        frame.to_picture(Point::new(2.0, 8.0)),
        Point::from(to_pixel(2.0, 8.0))
    );
    assert_eq!(pixmap.width(), 820);

    // The blocked bottom edge, away from its pinch marker: red.
    let (x, y) = to_pixel(7.5, 0.0);
    let (r, g, b) = rgb(&pixmap, x as u32, y as u32);
    assert!(
        r > 190 && g < 70 && b < 70,
        "blocked edge pixel is {:?}",
        (r, g, b)
    );
    assert_eq!((r, g, b), (0xd6, 0x27, 0x28));

    // The clear right edge: green.
    let (x, y) = to_pixel(10.0, 6.0);
    assert_eq!(rgb(&pixmap, x as u32, y as u32), (0x2e, 0x9e, 0x4f));

    // The boulder at (2, 8) is drawn up and left, 80 px above the level's
    // y = 4 line: obstacle grey there, background below it at (2, 3.5).
    let (x, y) = to_pixel(2.0, 8.0);
    assert_eq!(rgb(&pixmap, x as u32, y as u32), (0x4a, 0x4a, 0x4a));
    let (x, y) = to_pixel(2.0, 3.5);
    assert_eq!(rgb(&pixmap, x as u32, y as u32), (0xff, 0xff, 0xff));
    // Its edge: 1 unit (20 px) from the centre is grey inside, white outside.
    let (x, y) = to_pixel(2.0, 8.0);
    assert_eq!(
        rgb(&pixmap, x as u32, (y - 17.0) as u32),
        (0x4a, 0x4a, 0x4a)
    );
    assert_eq!(
        rgb(&pixmap, x as u32, (y - 23.0) as u32),
        (0xff, 0xff, 0xff)
    );
}

#[test]
fn recording_blocked_edge_is_red_with_its_pinch_and_outline() {
    let (map, clearances) = tiny();
    let mut rec = RecordingDrawer::default();
    Picture::new(&map, &clearances)
        .agent_radius(2.0)
        .draw(&mut rec);
    let edge = rec
        .titled("edge 0 (0 -> 1): clearance 1 < radius 2: blocked")
        .next()
        .unwrap();
    assert_eq!(edge.layer, "edges");
    assert_eq!(edge.style.as_ref().unwrap().stroke, Some(palette::BLOCKED));
    let clear = rec
        .titled("edge 1 (1 -> 2): clearance 5 >= radius 2: clear")
        .next()
        .unwrap();
    assert_eq!(clear.style.as_ref().unwrap().stroke, Some(palette::CLEAR));
    // The blocked edge is drawn after (on top of) the clear one.
    let pos = |title: &str| {
        rec.shapes
            .iter()
            .position(|s| s.title.as_deref().is_some_and(|t| t.starts_with(title)))
    };
    assert!(pos("edge 0 ") > pos("edge 1 "));
    // One agent outline, one pinch ring with its label.
    assert_eq!(rec.in_layer("agent outlines").count(), 1);
    let ring = rec
        .titled("pinch point of edge 0: point #0")
        .next()
        .unwrap();
    assert_eq!(ring.layer, "pinch points");
    assert!(rec.texts().contains(&"edge 0: fits r ≤ 1"));
    // The obstacles carry their index and kind, and what they block.
    let rock = rec.titled("obstacle #0: point at (5, 1)").next().unwrap();
    assert!(
        rock.title
            .as_deref()
            .unwrap()
            .contains("blocks edge 0 for radius 2")
    );
    assert!(
        rec.titled("obstacle #1: circle at (2, 8), radius 1")
            .next()
            .is_some()
    );
    // Nodes are labelled by id (they have no names).
    for label in ["0", "1", "2"] {
        assert!(rec.texts().contains(&label), "{label}");
    }
}

#[test]
fn without_a_radius_edges_follow_the_continuous_scale() {
    let (map, clearances) = tiny();
    let mut rec = RecordingDrawer::default();
    Picture::new(&map, &clearances).draw(&mut rec);
    let tight = rec.titled("edge 0 ").next().unwrap().style.clone().unwrap();
    let wide = rec.titled("edge 1 ").next().unwrap().style.clone().unwrap();
    // The scale runs 0 to 5 (the widest edge's clearance, already round).
    assert_eq!(tight.stroke, Some(palette::ramp(1.0 / 5.0)));
    assert_eq!(wide.stroke, Some(palette::ramp(1.0)));
    assert!(rec.in_layer("pinch points").next().is_none());
    assert!(rec.texts().contains(&"narrow → wide"));
}

/// A grid of `n` x `n` nodes one unit apart, with a rock in every cell.
fn grid(n: usize) -> String {
    let mut nodes = String::new();
    let mut edges = String::new();
    let mut rocks = String::new();
    for y in 0..n {
        for x in 0..n {
            let id = y * n + x;
            nodes.push_str(&format!("(id: {id}, pos: ({x}, {y})),"));
            if x + 1 < n {
                edges.push_str(&format!("(from: {id}, to: {}),", id + 1));
                rocks.push_str(&format!("Point(({x}.5, {y}.3)),"));
            }
            if y + 1 < n {
                edges.push_str(&format!("(from: {id}, to: {}),", id + n));
            }
        }
    }
    format!("(nodes: [{nodes}], edges: [{edges}], obstacles: [{rocks}])")
}

#[test]
fn large_maps_group_edges_by_colour_and_say_so() {
    let map = Map::from_ron_str(&grid(101), "grid.ron").unwrap();
    assert!(map.edges().len() > clearway::render::LARGE_MAP_EDGES);
    let clearances = Clearances::compute(&map);
    let mut rec = RecordingDrawer::default();
    Picture::new(&map, &clearances)
        .agent_radius(0.25)
        .draw(&mut rec);
    let edges: Vec<_> = rec.in_layer("edges").collect();
    // Blocked (the rock is 0.3 from horizontal edges) and clear: two paths.
    assert_eq!(edges.len(), 2);
    assert!(edges.iter().all(|e| matches!(e.shape, Shape::Segments(_))));
    assert!(rec.in_layer("nodes").next().is_none());
    assert!(rec.notes.iter().any(|n| n.contains("one path per colour")));
    // And the SVG stays small: well under 100 bytes per edge.
    let svg = Picture::new(&map, &clearances).agent_radius(0.25).to_svg();
    assert!(svg.len() < map.edges().len() * 100, "{} bytes", svg.len());
    assert!(!svg.contains("<title>edge "));
}

#[test]
fn node_labels_are_left_out_when_they_would_crowd() {
    let map = Map::from_ron_str(&grid(20), "grid.ron").unwrap();
    assert!(map.nodes().len() > clearway::render::LABEL_MAX_NODES);
    let clearances = Clearances::compute(&map);
    let mut rec = RecordingDrawer::default();
    Picture::new(&map, &clearances).draw(&mut rec);
    assert!(
        rec.in_layer("nodes")
            .all(|s| !matches!(s.shape, Shape::Text(..)))
    );
    assert!(rec.notes.iter().any(|n| n.contains("node labels left out")));
}

fn clearway() -> Command {
    Command::cargo_bin("clearway").unwrap()
}

#[test]
fn cli_writes_svg_and_png_by_extension() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("c.svg");
    let png = dir.path().join("c.PNG");
    for out in [&svg, &png] {
        clearway()
            .args([
                "render",
                "maps/corridors.ron",
                "--agent",
                "tank",
                "--route",
                "west_end",
                "hangar",
                "-o",
            ])
            .arg(out)
            .assert()
            .code(0);
    }
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(text, snapshot_for_largest_agent_with_route());
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
}

/// The SVG without its texts: what a PNG looked like with no font at hand.
fn without_texts(svg: &str) -> String {
    svg.lines()
        .filter(|l| !l.starts_with("<text"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// How many pixels of two same-sized PNGs differ below picture row `top`.
fn pixels_differing_below(a: &[u8], b: &[u8], top: u32) -> usize {
    let (a, b) = (
        Pixmap::decode_png(a).unwrap(),
        Pixmap::decode_png(b).unwrap(),
    );
    assert_eq!((a.width(), a.height()), (b.width(), b.height()));
    (top..a.height())
        .flat_map(|y| (0..a.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| a.pixel(x, y) != b.pixel(x, y))
        .count()
}

#[test]
fn png_texts_are_drawn_with_the_built_in_font_alone() {
    let map = load("corridors.ron");
    let clearances = Clearances::compute(&map);
    let picture = Picture::new(&map, &clearances)
        .agent("tank", 1.5)
        .title("corridors.ron");
    let svg = picture.to_svg();
    let png = svg_to_png_with(&svg, Fonts::Embedded).unwrap();
    let bare = svg_to_png_with(&without_texts(&svg), Fonts::Embedded).unwrap();
    // The legend (the caption, the scale bar's words, seven keys' words) is
    // thousands of pixels of ink that the picture without texts lacks.
    let legend_top = picture.layout().legend_top as u32;
    let ink = pixels_differing_below(&png, &bare, legend_top);
    assert!(ink > 3000, "{ink} legend pixels of text");
    // And what the command writes is those same pixels, whatever is installed.
    assert_eq!(picture.to_png().unwrap(), png);
}

/// A machine without fonts (most CI images), as fontconfig sees it: one
/// font folder, empty.
#[test]
fn cli_png_on_a_machine_without_fonts_has_its_labels() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("fonts");
    std::fs::create_dir(&empty).unwrap();
    let config = dir.path().join("fonts.conf");
    std::fs::write(
        &config,
        format!(
            "<?xml version=\"1.0\"?>\n<fontconfig><dir>{}</dir></fontconfig>\n",
            empty.display()
        ),
    )
    .unwrap();
    let out = dir.path().join("c.png");
    clearway()
        .env("FONTCONFIG_FILE", &config)
        .env("HOME", dir.path())
        .args(["render", "maps/corridors.ron", "--agent", "tank", "-o"])
        .arg(&out)
        .assert()
        .code(0);
    let written = std::fs::read(&out).unwrap();
    let map = load("corridors.ron");
    let clearances = Clearances::compute(&map);
    let picture = Picture::new(&map, &clearances)
        .agent("tank", 1.5)
        .title("corridors.ron");
    let svg = picture.to_svg();
    let bare = svg_to_png_with(&without_texts(&svg), Fonts::Embedded).unwrap();
    let ink = pixels_differing_below(&written, &bare, picture.layout().legend_top as u32);
    assert!(ink > 3000, "{ink} legend pixels of text");
    assert_eq!(written, svg_to_png_with(&svg, Fonts::Embedded).unwrap());
}

fn snapshot_for_largest_agent_with_route() -> String {
    let map = load("corridors.ron");
    let clearances = Clearances::compute(&map);
    let west_end = map.node_index(100).unwrap();
    let hangar = map.node_index(125).unwrap();
    Picture::new(&map, &clearances)
        .agent("tank", 1.5)
        .route(west_end, hangar)
        .title("corridors.ron")
        .to_svg()
}

#[test]
fn cli_bad_output_or_input_exits_2_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c.jpg");
    clearway()
        .args(["render", "maps/corridors.ron", "-o"])
        .arg(&out)
        .assert()
        .code(2);
    let svg = dir.path().join("c.svg");
    clearway()
        .args(["render", "maps/corridors.ron", "--agent", "nobody", "-o"])
        .arg(&svg)
        .assert()
        .code(2);
    clearway()
        .args([
            "render",
            "maps/corridors.ron",
            "--route",
            "100",
            "999",
            "-o",
        ])
        .arg(&svg)
        .assert()
        .code(2);
    clearway()
        .args(["render", "maps/corridors.ron", "-o"])
        .arg(dir.path().join("missing").join("c.svg"))
        .assert()
        .code(2);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn check_render_writes_the_picture_of_a_failing_check() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("artifact.svg");
    clearway()
        .args(["check", "maps/corridors.ron", "--render"])
        .arg(&out)
        .assert()
        .code(1);
    // Every profile was checked: the picture is for the largest agent.
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text, snapshot_for_largest_agent("corridors.ron"));
    clearway()
        .args(["check", "maps/corridors.ron", "--render"])
        .arg(dir.path().join("artifact.gif"))
        .assert()
        .code(2);
}

/// The pictures in the README are what `clearway render` draws today
/// (regenerate them with the commands in the README's "Pictures" section).
#[test]
fn readme_pictures_are_current() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let picture = |file: &str, agent: Option<&str>, route: Option<(u64, u64)>| {
        let map = load(file);
        let clearances = Clearances::compute(&map);
        let mut p = Picture::new(&map, &clearances).title(file);
        if let Some(name) = agent {
            let a = map.agents().iter().find(|a| a.name == name).unwrap();
            p = p.agent(name, a.radius);
        }
        if let Some((a, b)) = route {
            p = p.route(map.node_index(a).unwrap(), map.node_index(b).unwrap());
        }
        p.to_svg()
    };
    let expected = [
        (
            "corridors.svg",
            picture("corridors.ron", Some("tank"), None),
        ),
        (
            "rooms.svg",
            picture("rooms.ron", Some("ogre"), Some((1, 14))),
        ),
        ("warehouse.svg", picture("warehouse.ron", None, None)),
        ("field.svg", picture("field.ron", Some("wagon"), None)),
    ];
    for (name, svg) in expected {
        let on_disk = std::fs::read_to_string(docs.join(name)).unwrap();
        assert!(on_disk == svg, "docs/{name} is stale: re-render it");
    }
}
