//! `clearway render` and the picture behind it: golden SVG snapshots of the
//! example maps, pixels of a rasterised tiny map (a blocked edge is red; an
//! obstacle is where its coordinates say, y up), what is drawn (through a
//! recording drawer), large maps, and the command line's exit codes.

use crate::common::cli::{RunExt, clearway, stdout};

use std::path::Path;

use clearway::geometry::Point;
use clearway::render::{
    Bounds, Fonts, Picture, PictureOptions, RecordingDrawer, Shape, ShownRoute, palette,
    svg_to_png_with,
};
use clearway::{Clearances, Map, NodeIdx, Router};
use resvg::tiny_skia::Pixmap;

fn load(name: &str) -> Map {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name);
    Map::loader().read_file(&path).unwrap()
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
    Picture::new(
        &map,
        &clearances,
        PictureOptions {
            agent_name: Some(name.to_string()),
            agent_radius: Some(radius),
            title: Some(file.to_string()),
            ..PictureOptions::default()
        },
    )
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
    let mut router = Router::new(&map, &clearances);
    let route = router.route(gate, garden, 0.0);
    let widest = router.widest_route(gate, terrace, None);
    let svg = Picture::new(
        &map,
        &clearances,
        PictureOptions {
            route: Some(ShownRoute {
                start: gate,
                goal: garden,
                found: route,
            }),
            widest: Some(ShownRoute {
                start: gate,
                goal: terrace,
                found: widest,
            }),
            title: Some("rooms.ron".to_string()),
            ..PictureOptions::default()
        },
    )
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
    let map = Map::loader().read_str(TINY, "tiny.ron").unwrap();
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
    let picture = Picture::new(
        &map,
        &clearances,
        PictureOptions {
            agent_radius: Some(2.0),
            long_side: 280.0,
            ..PictureOptions::default()
        },
    );
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

    // The blocked bottom edge, away from its pinch marker: red dashes, with
    // the background showing between them.
    let (x0, y) = to_pixel(6.5, 0.0);
    let (x1, _) = to_pixel(9.5, 0.0);
    let along: Vec<_> = (x0 as u32..x1 as u32)
        .map(|x| rgb(&pixmap, x, y as u32))
        .collect();
    let red = along.iter().filter(|&&p| p == (0xb5, 0x29, 0x0b)).count();
    let gaps = along.iter().filter(|&&p| p == (0xff, 0xff, 0xff)).count();
    assert!(red > along.len() / 2 && gaps > 5, "{red} red, {gaps} gaps");

    // The clear right edge: green, solid.
    let (x, y0) = to_pixel(10.0, 7.5);
    let (_, y1) = to_pixel(10.0, 2.5);
    for y in y0 as u32..y1 as u32 {
        assert_eq!(rgb(&pixmap, x as u32, y), (0x00, 0x9e, 0x73), "y {y}");
    }

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
    Picture::new(
        &map,
        &clearances,
        PictureOptions {
            agent_radius: Some(2.0),
            ..PictureOptions::default()
        },
    )
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
    Picture::new(&map, &clearances, PictureOptions::default()).draw(&mut rec);
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
    let map = Map::loader().read_str(&grid(101), "grid.ron").unwrap();
    assert!(map.edges().len() > clearway::render::LARGE_MAP_EDGES);
    let clearances = Clearances::compute(&map);
    let mut rec = RecordingDrawer::default();
    Picture::new(
        &map,
        &clearances,
        PictureOptions {
            agent_radius: Some(0.25),
            ..PictureOptions::default()
        },
    )
    .draw(&mut rec);
    let edges: Vec<_> = rec.in_layer("edges").collect();
    // Blocked (the rock is 0.3 from horizontal edges) and clear: two paths.
    assert_eq!(edges.len(), 2);
    assert!(edges.iter().all(|e| matches!(e.shape, Shape::Segments(_))));
    assert!(rec.in_layer("nodes").next().is_none());
    assert!(rec.notes.iter().any(|n| n.contains("one path per colour")));
    // And the SVG stays small: well under 100 bytes per edge.
    let svg = Picture::new(
        &map,
        &clearances,
        PictureOptions {
            agent_radius: Some(0.25),
            ..PictureOptions::default()
        },
    )
    .to_svg();
    assert!(svg.len() < map.edges().len() * 100, "{} bytes", svg.len());
    assert!(!svg.contains("<title>edge "));
}

#[test]
fn node_labels_are_left_out_when_they_would_crowd() {
    let map = Map::loader().read_str(&grid(20), "grid.ron").unwrap();
    assert!(map.nodes().len() > clearway::render::LABEL_MAX_NODES);
    let clearances = Clearances::compute(&map);
    let mut rec = RecordingDrawer::default();
    Picture::new(&map, &clearances, PictureOptions::default()).draw(&mut rec);
    for layer in ["nodes", "labels"] {
        assert!(
            rec.in_layer(layer)
                .all(|s| !matches!(s.shape, Shape::Text(..)))
        );
    }
    assert!(rec.notes.iter().any(|n| n.contains("node labels left out")));
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
    let picture = Picture::new(
        &map,
        &clearances,
        PictureOptions {
            agent_name: Some("tank".to_string()),
            agent_radius: Some(1.5),
            title: Some("corridors.ron".to_string()),
            ..PictureOptions::default()
        },
    );
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
    let picture = Picture::new(
        &map,
        &clearances,
        PictureOptions {
            agent_name: Some("tank".to_string()),
            agent_radius: Some(1.5),
            title: Some("corridors.ron".to_string()),
            ..PictureOptions::default()
        },
    );
    let svg = picture.to_svg();
    let bare = svg_to_png_with(&without_texts(&svg), Fonts::Embedded).unwrap();
    let ink = pixels_differing_below(&written, &bare, picture.layout().legend_top as u32);
    assert!(ink > 3000, "{ink} legend pixels of text");
    assert_eq!(written, svg_to_png_with(&svg, Fonts::Embedded).unwrap());
}

/// Blocked, tight and clear differ in line pattern as well as colour, in the
/// map and in the legend alike: blocked thick and dashed, tight dotted
/// (dashes shorter than the line is wide), clear solid.
#[test]
fn verdicts_differ_in_pattern_as_well_as_colour() {
    let map = load("rooms.ron");
    let clearances = Clearances::compute(&map);
    let mut rec = RecordingDrawer::default();
    Picture::new(
        &map,
        &clearances,
        PictureOptions {
            agent_name: Some("ogre".to_string()),
            agent_radius: Some(1.2),
            ..PictureOptions::default()
        },
    )
    .draw(&mut rec);
    let style_of = |title: &str| rec.titled(title).next().unwrap().style.clone().unwrap();
    let blocked = style_of(": blocked");
    let tight = style_of(": tight");
    let clear = style_of(": clear");
    let (bw, tw, cw) = (blocked.stroke_width, tight.stroke_width, clear.stroke_width);
    assert!((bw - 1.6 * cw).abs() < 1e-9 && tw == cw, "{bw} {tw} {cw}");
    let (dash, gap) = blocked.dash.unwrap();
    assert!(dash > 2.0 * bw && gap > bw, "blocked dashes {dash} {gap}");
    let (dot, space) = tight.dash.unwrap();
    assert!(dot < tw && space > 2.0 * tw, "tight dots {dot} {space}");
    assert_eq!(clear.dash, None);
    // The legend's samples: the same colours and patterns, at their width.
    let legend: Vec<_> = rec
        .in_layer("legend")
        .filter_map(|s| s.style.clone())
        .collect();
    for (map_style, colour) in [
        (&blocked, palette::BLOCKED),
        (&tight, palette::TIGHT),
        (&clear, palette::CLEAR),
    ] {
        let sample = legend
            .iter()
            .find(|s| s.stroke == Some(colour) && s.dash.is_some() == map_style.dash.is_some())
            .unwrap();
        let ratio = sample.stroke_width / map_style.stroke_width;
        let scaled = map_style.dash.map(|(d, g)| (d * ratio, g * ratio));
        match (sample.dash, scaled) {
            (Some((d, g)), Some((sd, sg))) => {
                assert!((d - sd).abs() < 1e-9 && (g - sg).abs() < 1e-9)
            }
            (None, None) => {}
            other => panic!("legend and map differ: {other:?}"),
        }
    }
}

/// Reads `name="value"` from the first element that starts with `element`.
fn attribute<'a>(svg: &'a str, element: &str, name: &str) -> &'a str {
    let start = svg.find(element).unwrap_or_else(|| panic!("no {element}"));
    let tag = &svg[start..start + svg[start..].find('>').unwrap()];
    let key = format!(" {name}=\"");
    let at = tag
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {tag}"))
        + key.len();
    &tag[at..at + tag[at..].find('"').unwrap()]
}

#[test]
fn cli_width_and_height_size_the_whole_picture() {
    let dir = tempfile::tempdir().unwrap();
    let render = |extra: &[&str], out: &str| {
        let path = dir.path().join(out);
        clearway()
            .args(["render", "maps/corridors.ron", "--agent", "tank"])
            .args(extra)
            .arg("-o")
            .arg(&path)
            .assert()
            .code(0);
        path
    };
    let natural = snapshot_for_largest_agent("corridors.ron");
    let (w, h): (f64, f64) = (
        attribute(&natural, "<svg", "width").parse().unwrap(),
        attribute(&natural, "<svg", "height").parse().unwrap(),
    );
    // One side given: the other keeps the picture's proportions.
    let png =
        Pixmap::decode_png(&std::fs::read(render(&["--width", "600"], "w.png")).unwrap()).unwrap();
    assert_eq!(
        (png.width(), png.height()),
        (600, (600.0 * h / w).round() as u32)
    );
    let png =
        Pixmap::decode_png(&std::fs::read(render(&["--height", "300"], "h.png")).unwrap()).unwrap();
    assert_eq!(
        (png.width(), png.height()),
        ((300.0 * w / h).round() as u32, 300)
    );
    // The SVG: shown at that size, drawn as before (same viewBox, same shapes).
    let svg = std::fs::read_to_string(render(&["--width", "600"], "w.svg")).unwrap();
    assert_eq!(attribute(&svg, "<svg", "width"), "600");
    assert_eq!(
        attribute(&svg, "<svg", "viewBox"),
        attribute(&natural, "<svg", "viewBox")
    );
    assert_eq!(
        svg.lines().skip(2).collect::<Vec<_>>(),
        natural.lines().skip(2).collect::<Vec<_>>()
    );
    // Both: exactly that box, the picture centred in it on the background.
    let png = Pixmap::decode_png(
        &std::fs::read(render(&["--width", "500", "--height", "500"], "sq.png")).unwrap(),
    )
    .unwrap();
    assert_eq!((png.width(), png.height()), (500, 500));
    assert_eq!(rgb(&png, 250, 3), (0xff, 0xff, 0xff));
    assert_eq!(png.pixel(250, 3).unwrap().alpha(), 255);
}

#[test]
fn cli_around_a_node_shows_its_neighbourhood_clipped() {
    let dir = tempfile::tempdir().unwrap();
    let svg_path = dir.path().join("around.svg");
    let png_path = dir.path().join("around.png");
    for out in [&svg_path, &png_path] {
        clearway()
            .args(["render", "maps/rooms.ron", "--agent", "ogre"])
            .args(["--around", "passage_north", "--margin", "6", "-o"])
            .arg(out)
            .assert()
            .code(0);
    }
    // The same picture through the library: the node at the centre of the
    // map area, which is 12 level units wide.
    let map = load("rooms.ron");
    let clearances = Clearances::compute(&map);
    let node = map.nodes()[map.node_index(6).unwrap()].pos;
    let picture = Picture::new(
        &map,
        &clearances,
        PictureOptions {
            agent_name: Some("ogre".to_string()),
            agent_radius: Some(1.2),
            title: Some("rooms.ron".to_string()),
            view: Some(Bounds::around(node, 6.0)),
            centre: Some(map.node_index(6).unwrap()),
            ..PictureOptions::default()
        },
    );
    let layout = picture.layout();
    let [a, b] = layout.clip.unwrap();
    let centre = layout.frame.to_picture(node);
    assert!((centre.x - (a.x + b.x) / 2.0).abs() < 1e-9);
    assert!((centre.y - (a.y + b.y) / 2.0).abs() < 1e-9);
    assert!(((b.x - a.x) / layout.frame.scale() - 12.0).abs() < 1e-9);
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert_eq!(svg, picture.to_svg());
    // Every map layer is clipped to the map area; the legend is not.
    assert_eq!(attribute(&svg, "<clipPath", "id"), "clip0");
    for layer in [
        "obstacles",
        "edges",
        "agent outlines",
        "nodes",
        "pinch points",
        "centre",
    ] {
        let g = format!("<g id=\"{layer}\"");
        assert_eq!(attribute(&svg, &g, "clip-path"), "url(#clip0)", "{layer}");
    }
    assert!(svg.contains("<g id=\"legend\">\n"));
    assert!(svg.contains("<g id=\"background\">\n"));
    // In pixels: a wall runs out of the view on the left; just inside the
    // map area there is ink, just outside only background, top to bottom.
    let png = Pixmap::decode_png(&std::fs::read(&png_path).unwrap()).unwrap();
    let column = |x: f64| (a.y as u32 + 1..b.y as u32 - 1).map(move |y| (x as u32, y));
    assert!(column(a.x + 3.0).any(|(x, y)| rgb(&png, x, y) != (0xff, 0xff, 0xff)));
    assert!(column(a.x - 3.0).all(|(x, y)| rgb(&png, x, y) == (0xff, 0xff, 0xff)));
    assert!(column(b.x + 3.0).all(|(x, y)| rgb(&png, x, y) == (0xff, 0xff, 0xff)));
    // The legend and scale bar stay.
    assert!(svg.contains("rooms.ron · ogre (radius 1.2)"));
    assert!(svg.contains("<title>scale: "));
}

#[test]
fn cli_region_shows_that_box() {
    let out = clearway()
        .args(["render", "maps/rooms.ron", "--region=-2,0,10,6", "-o", "-"])
        .run()
        .exit(0);
    let svg = stdout(&out);
    let map = load("rooms.ron");
    let clearances = Clearances::compute(&map);
    let bounds = Bounds {
        min: Point::new(-2.0, 0.0),
        max: Point::new(10.0, 6.0),
    };
    let picture = Picture::new(
        &map,
        &clearances,
        PictureOptions {
            title: Some("rooms.ron".to_string()),
            view: Some(bounds),
            ..PictureOptions::default()
        },
    );
    assert_eq!(svg, picture.to_svg());
    let layout = picture.layout();
    let [a, b] = layout.clip.unwrap();
    assert_eq!(layout.frame.to_picture(Point::new(-2.0, 6.0)), a);
    assert_eq!(layout.frame.to_picture(Point::new(10.0, 0.0)), b);
    assert!(svg.contains("<!-- showing (-2, 0) to (10, 6) of the level"));
}

#[test]
fn cli_bad_size_or_crop_exits_2_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c.svg");
    for (args, says) in [
        (
            &["--width", "0"][..],
            "a picture side must be 1 to 10000 pixels",
        ),
        (
            &["--height", "-5"],
            "a picture side must be 1 to 10000 pixels",
        ),
        (
            &["--width", "10001"],
            "a picture side must be 1 to 10000 pixels",
        ),
        (&["--width", "wide"], "is not a whole number of pixels"),
        (
            &["--around", "gate", "--margin", "-1"],
            "a margin must be a finite number",
        ),
        (
            &["--around", "gate", "--margin", "0"],
            "a margin must be a finite number",
        ),
        (
            &["--around", "nobody", "--margin", "3"],
            "--around nobody: no node has that id or name",
        ),
        (&["--around", "gate"], "--margin"),
        (&["--margin", "3"], "--around"),
        (&["--region", "1,2,3"], "is not four numbers"),
        (&["--region", "5,0,1,1"], "must be below and left of"),
        (&["--region=0,0,nan,1"], "is not four finite numbers"),
        (
            &["--around", "gate", "--margin", "3", "--region", "0,0,1,1"],
            "cannot be used with",
        ),
    ] {
        let assert = clearway()
            .args(["render", "maps/rooms.ron"])
            .args(args)
            .arg("-o")
            .arg(&out)
            .assert()
            .code(2);
        let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

fn snapshot_for_largest_agent_with_route() -> String {
    let map = load("corridors.ron");
    let clearances = Clearances::compute(&map);
    let west_end = map.node_index(100).unwrap();
    let hangar = map.node_index(125).unwrap();
    let route = Router::new(&map, &clearances).route(west_end, hangar, 1.5);
    Picture::new(
        &map,
        &clearances,
        PictureOptions {
            agent_name: Some("tank".to_string()),
            agent_radius: Some(1.5),
            route: Some(ShownRoute {
                start: west_end,
                goal: hangar,
                found: route,
            }),
            title: Some("corridors.ron".to_string()),
            ..PictureOptions::default()
        },
    )
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

/// The pictures in the README and the guide are what `clearway render` draws today
/// (regenerate them with the commands in the guide's "Pictures" section).
#[test]
fn readme_pictures_are_current() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let picture = |file: &str, agent: Option<&str>, route: Option<(u64, u64)>| {
        let map = load(file);
        let clearances = Clearances::compute(&map);
        let mut options = PictureOptions {
            title: Some(file.to_string()),
            ..PictureOptions::default()
        };
        let mut radius = 0.0;
        if let Some(name) = agent {
            let a = map.agents().iter().find(|a| a.name == name).unwrap();
            options.agent_name = Some(name.to_string());
            options.agent_radius = Some(a.radius);
            radius = a.radius;
        }
        if let Some((a, b)) = route {
            let (a, b) = (map.node_index(a).unwrap(), map.node_index(b).unwrap());
            let found = Router::new(&map, &clearances).route(a, b, radius);
            options.route = Some(ShownRoute {
                start: a,
                goal: b,
                found,
            });
        }
        Picture::new(&map, &clearances, options).to_svg()
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

/// Names an SVG must survive: an XML comment may hold no `--` and not end
/// in `-`, and `-->` or `--!>` end one; `<`, `&`, quotes and `]]>` must be
/// escaped in texts and attributes; control characters and U+FFFE are not
/// XML at all (they are written as U+FFFD).
const HOSTILE: [&str; 9] = [
    "--",
    "-",
    "--!>",
    "-->",
    "<!--",
    "a---b-",
    "]]>&<\"'",
    "bell\u{1}\u{fffe}-",
    "--!>-",
];

/// What a name reads as once written and parsed back.
fn as_written(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            '\u{1}' | '\u{fffe}' => '\u{fffd}',
            c => c,
        })
        .collect()
}

/// A level whose nodes and agents are named with [`HOSTILE`]: node `i` at
/// (10 i, 0) is named `HOSTILE[i]`, agent `i` too; a rock pinches edge 0.
fn hostile_level() -> String {
    let mut text = String::from("Map(\n  agents: [\n");
    for (i, name) in HOSTILE.iter().enumerate() {
        text.push_str(&format!("    (name: {name:?}, radius: {}.5),\n", i + 1));
    }
    text.push_str("  ],\n  nodes: [\n");
    for (i, name) in HOSTILE.iter().enumerate() {
        text.push_str(&format!(
            "    (id: {i}, pos: ({}.0, 0.0), name: {name:?}),\n",
            10 * i
        ));
    }
    text.push_str("  ],\n  edges: [\n");
    for i in 1..HOSTILE.len() {
        text.push_str(&format!("    (from: {}, to: {i}),\n", i - 1));
    }
    text.push_str(
        "  ],\n  obstacles: [Point((5.0, 0.5)), Circle(center: (40.0, 9.0), radius: 2.0)],\n)\n",
    );
    text
}

/// Parses an SVG with a real XML parser and checks that every comment is
/// one XML allows (no `--` inside, no `-` at the end).
fn parsed(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg)
        .unwrap_or_else(|e| panic!("the SVG is not well-formed XML: {e}\n{svg}"));
    for comment in doc.descendants().filter(|n| n.is_comment()) {
        let text = comment.text().unwrap_or_default();
        assert!(!text.contains("--") && !text.ends_with('-'), "{text:?}");
    }
    doc
}

/// Every title and text of a parsed SVG.
fn words_of(doc: &roxmltree::Document) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("title") || n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or_default().to_string())
        .collect()
}

/// Hostile node names, agent names and titles give well-formed SVG that
/// reads back with every name as it was: in the node titles and labels,
/// the route titles and legend, and the caption.
#[test]
fn hostile_names_give_well_formed_svg_that_reads_back() {
    let map = Map::loader()
        .read_str(&hostile_level(), "hostile.ron")
        .unwrap();
    let clearances = Clearances::compute(&map);
    let (first, last) = (0, HOSTILE.len() - 1);
    for (i, name) in HOSTILE.iter().enumerate() {
        let radius = map.agents()[i].radius;
        let mut router = Router::new(&map, &clearances);
        let route = router.route(NodeIdx::new(first), NodeIdx::new(last), radius);
        let widest = router.widest_route(NodeIdx::new(first), NodeIdx::new(last), None);
        let svg = Picture::new(
            &map,
            &clearances,
            PictureOptions {
                agent_name: Some(name.to_string()),
                agent_radius: Some(radius),
                title: Some(name.to_string()),
                route: Some(ShownRoute {
                    start: NodeIdx::new(first),
                    goal: NodeIdx::new(last),
                    found: route,
                }),
                widest: Some(ShownRoute {
                    start: NodeIdx::new(first),
                    goal: NodeIdx::new(last),
                    found: widest,
                }),
                ..PictureOptions::default()
            },
        )
        .to_svg();
        let doc = parsed(&svg);
        let words = words_of(&doc);
        let caption = format!("{} · {} (radius", as_written(name), as_written(name));
        assert!(words.iter().any(|w| w.starts_with(&caption)), "{caption:?}");
        // Every node's label reads back, or is one of those the legend
        // says were left out for want of room beside the pinch labels.
        let mut missing = 0;
        for (j, node) in HOSTILE.iter().enumerate() {
            let title = format!("node {j} \"{}\": clearance", as_written(node));
            assert!(words.iter().any(|w| w.starts_with(&title)), "{title:?}");
            if !words.contains(&as_written(node)) {
                missing += 1;
            }
        }
        let left_out = words
            .iter()
            .find_map(|w| w.strip_suffix(" left out: no room clear of the others"))
            .map_or(0, |n| n.split(' ').next().unwrap().parse().unwrap());
        assert_eq!(missing, left_out, "{name:?}");
        assert!(missing <= 1, "{name:?}");
        let ends = format!(
            "{} to {}",
            as_written(HOSTILE[first]),
            as_written(HOSTILE[last])
        );
        assert!(words.iter().any(|w| w.contains(&ends)), "{ends:?}");
    }
}

/// The SVG writer itself, given hostile words everywhere it writes words:
/// notes (comments), layer ids, titles and texts all parse back.
#[test]
fn the_svg_writer_escapes_every_place_words_go() {
    use clearway::render::{Anchor, Color, Drawer, Style, SvgWriter, TextStyle};
    let mut svg = SvgWriter::new();
    svg.begin(100.0, 100.0);
    let style = TextStyle {
        size: 10.0,
        color: Color::hex(0),
        anchor: Anchor::Start,
        bold: false,
        halo: false,
    };
    for name in HOSTILE {
        svg.note(name);
        svg.layer(name);
        svg.circle(
            Point::new(1.0, 2.0),
            3.0,
            &Style::fill(Color::hex(0)),
            Some(name),
        );
        svg.text(Point::new(1.0, 2.0), name, &style);
    }
    let text = svg.finish();
    let doc = parsed(&text);
    let comments: Vec<String> = doc
        .descendants()
        .filter(|n| n.is_comment())
        .map(|n| n.text().unwrap_or_default().replace(' ', ""))
        .collect();
    let expected: Vec<String> = HOSTILE
        .iter()
        .map(|n| as_written(n).replace(' ', ""))
        .collect();
    assert_eq!(comments, expected, "the notes, hyphens kept");
    let layers: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("g"))
        .map(|n| n.attribute("id").unwrap_or_default())
        .collect();
    let written: Vec<String> = HOSTILE.iter().map(|n| as_written(n)).collect();
    assert_eq!(layers, written);
    let words = words_of(&doc);
    for name in &written {
        assert_eq!(words.iter().filter(|w| *w == name).count(), 2, "{name:?}");
    }
}

/// The command line, on a file whose name and names are hostile: `render`
/// and `check --render` write SVG that parses.
#[test]
fn cli_pictures_of_hostile_names_parse() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("x--!>&<\"-.ron");
    std::fs::write(&map, hostile_level()).unwrap();
    let last = (HOSTILE.len() - 1).to_string();
    let out = clearway()
        .arg("render")
        .arg(&map)
        .arg(format!("--agent={}", HOSTILE[2]))
        .args(["--route", "0", &last, "--widest", "0", &last, "-o", "-"])
        .run()
        .exit(0);
    let svg = stdout(&out);
    let words = words_of(&parsed(&svg));
    assert!(
        words
            .iter()
            .any(|w| w.starts_with("x--!>&<\"-.ron · --!> (radius"))
    );
    let picture = dir.path().join("check.svg");
    clearway()
        .arg("check")
        .arg(&map)
        .arg("--render")
        .arg(&picture)
        .run()
        .exit(1);
    parsed(&std::fs::read_to_string(&picture).unwrap());
}

/// A `--region` that misses the level still writes the picture (the
/// legend and scale bar), but says on stderr, and in the SVG, that it shows
/// none of the level and where the level is; a region that overlaps the
/// level, even at one corner, says nothing.
#[test]
fn cli_region_outside_the_level_warns() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("empty.svg");
    let out = clearway()
        .args(["render", "maps/rooms.ron", "--region=100,100,110,110", "-o"])
        .arg(&svg)
        .run()
        .exit(0);
    let level = Bounds::of_map(&load("rooms.ron")).unwrap();
    let corner = |p: Point| format!("({}, {})", p.x, p.y);
    let says = format!(
        "warning: --region (100, 100) to (110, 110) lies outside the level, which spans {} to {}: \
         the picture shows none of it",
        corner(level.min),
        corner(level.max)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&says), "{err}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("<!-- the view shows none of the level, which spans "));
    // One corner of the region on the level's upper-right corner: it
    // shows that corner, no warning.
    let touching = format!(
        "--region={},{},{},{}",
        level.max.x,
        level.max.y,
        level.max.x + 5.0,
        level.max.y + 5.0
    );
    let out = clearway()
        .args(["render", "maps/rooms.ron", &touching, "-o", "-"])
        .run()
        .exit(0)
        .stderr_is("");
    assert!(!stdout(&out).contains("shows none of the level"));
}

/// `--around NODE` rings the node it centres on (over everything but the
/// legend), titled with the node, and the legend names it: among its
/// neighbours, the node asked about is the one the eye finds.
#[test]
fn cli_around_rings_its_node() {
    let out = clearway()
        .args(["render", "maps/rooms.ron", "--agent", "ogre"])
        .args(["--around", "passage_north", "--margin", "6", "-o", "-"])
        .run()
        .exit(0);
    let svg = stdout(&out);
    let doc = parsed(&svg);
    let words = "node 6 \"passage_north\": centre of the view";
    let ring = doc
        .descendants()
        .find(|n| {
            n.has_tag_name("circle")
                && n.children()
                    .any(|t| t.has_tag_name("title") && t.text() == Some(words))
        })
        .unwrap_or_else(|| panic!("no ring titled {words}"));
    // At the node, which is at the centre of the view.
    let map = load("rooms.ron");
    let clearances = Clearances::compute(&map);
    let node = map.nodes()[map.node_index(6).unwrap()].pos;
    let layout = Picture::new(
        &map,
        &clearances,
        PictureOptions {
            agent_name: Some("ogre".to_string()),
            agent_radius: Some(1.2),
            view: Some(Bounds::around(node, 6.0)),
            ..PictureOptions::default()
        },
    )
    .layout();
    let at = layout.frame.to_picture(node);
    let number = |name: &str| ring.attribute(name).unwrap().parse::<f64>().unwrap();
    assert!((number("cx") - at.x).abs() <= 0.05, "{at:?}");
    assert!((number("cy") - at.y).abs() <= 0.05, "{at:?}");
    // Wider than the node's disc, which it rings.
    let disc = doc
        .descendants()
        .find(|n| {
            n.has_tag_name("circle")
                && n.children().any(|t| {
                    t.has_tag_name("title")
                        && t.text()
                            .is_some_and(|t| t.starts_with("node 6 \"passage_north\": clearance"))
                })
        })
        .unwrap();
    let r = |n: roxmltree::Node| n.attribute("r").unwrap().parse::<f64>().unwrap();
    assert!(r(ring) > r(disc) + 3.0);
    // The ring's layer comes after the nodes and the pinch points.
    let layers: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("g"))
        .filter_map(|n| n.attribute("id"))
        .collect();
    let index = |id: &str| layers.iter().position(|l| *l == id).unwrap();
    let ring_layer = ring.parent().unwrap().attribute("id").unwrap();
    assert!(index(ring_layer) > index("nodes"), "{layers:?}");
    assert!(index(ring_layer) > index("pinch points"), "{layers:?}");
    let legend = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("legend"))
        .unwrap();
    assert!(
        legend
            .descendants()
            .any(|n| n.has_tag_name("text") && n.text() == Some(words)),
        "in the legend"
    );
}

/// A route over dense edges stays visible: it is drawn after every other
/// shape of the level (edges, agent outlines, nodes) but the small markers
/// of the pinch points, on a white halo wider than its line along the same
/// points.
#[test]
fn a_route_is_drawn_over_everything_on_a_halo() {
    let map = load("corridors.ron");
    let clearances = Clearances::compute(&map);
    let west_end = map.node_index(100).unwrap();
    let hangar = map.node_index(125).unwrap();
    let route = Router::new(&map, &clearances).route(west_end, hangar, 0.4);
    assert!(route.is_some());
    let mut recording = RecordingDrawer::default();
    Picture::new(
        &map,
        &clearances,
        PictureOptions {
            agent_name: Some("tank".to_string()),
            agent_radius: Some(1.5),
            route: Some(ShownRoute {
                start: west_end,
                goal: hangar,
                found: route,
            }),
            ..PictureOptions::default()
        },
    )
    .draw(&mut recording);
    let shapes = &recording.shapes;
    let line = shapes
        .iter()
        .position(|s| {
            matches!(s.shape, Shape::Polyline(_))
                && s.title
                    .as_deref()
                    .is_some_and(|t| t.starts_with("route from"))
        })
        .unwrap();
    let last_of = |layer: &str| {
        shapes
            .iter()
            .rposition(|s| s.layer == layer)
            .unwrap_or_else(|| panic!("no {layer}"))
    };
    for layer in ["edges", "agent outlines", "nodes"] {
        assert!(line > last_of(layer), "the route under the {layer}");
    }
    // Only the small markers of the verdicts, and the labels, over it.
    let first_of = |layer: &str| shapes.iter().position(|s| s.layer == layer).unwrap();
    assert!(first_of("pinch points") > line);
    assert!(first_of("labels") > line);
    let halo = &shapes[line - 1];
    assert_eq!(halo.shape, shapes[line].shape, "along the same points");
    let (halo, route) = (
        halo.style.as_ref().unwrap(),
        shapes[line].style.as_ref().unwrap(),
    );
    assert_eq!(halo.stroke, Some(palette::BACKGROUND));
    assert!(halo.stroke_width > route.stroke_width + 3.0);
}

/// A box inside a label's text as drawn: at least half an em a character
/// wide (DejaVu Sans averages more) and 0.7 em tall, so that two of them
/// overlapping means the texts do.
fn inner_box(at: Point, text: &str, style: &clearway::render::TextStyle) -> [f64; 4] {
    use clearway::render::Anchor;
    let width = text.chars().count() as f64 * style.size * 0.5;
    let left = match style.anchor {
        Anchor::Start => at.x,
        Anchor::Middle => at.x - width / 2.0,
        Anchor::End => at.x - width,
    };
    [left, at.y - style.size * 0.7, left + width, at.y]
}

/// On a grid level, many blocked corner diagonals are pinched close
/// together: their labels are placed clear of one another, and those that
/// find no room (on a small picture) are left out, the legend saying how
/// many. Every pinch point is either labelled or counted.
#[test]
fn labels_never_overlap_and_those_left_out_are_counted() {
    let dir = tempfile::tempdir().unwrap();
    let level = dir.path().join("bunker.ron");
    clearway()
        // Water solid, as the 36 corner diagonals below were counted.
        .args([
            "grid",
            "maps/bunker.map",
            "--solid",
            "W",
            "--agent",
            "robot=0.45",
            "-o",
        ])
        .arg(&level)
        .assert()
        .code(0);
    let map = Map::loader().read_file(&level).unwrap();
    let clearances = Clearances::compute(&map);
    for (long_side, some_left_out) in [(1200.0, false), (500.0, true)] {
        let mut rec = RecordingDrawer::default();
        Picture::new(
            &map,
            &clearances,
            PictureOptions {
                agent_name: Some("robot".to_string()),
                agent_radius: Some(0.45),
                long_side,
                ..PictureOptions::default()
            },
        )
        .draw(&mut rec);
        // Every text on the map, whatever its layer.
        let labels: Vec<[f64; 4]> = rec
            .shapes
            .iter()
            .filter(|s| s.layer != "legend")
            .filter_map(|s| match (&s.shape, &s.text_style) {
                (Shape::Text(at, text), Some(style)) => Some(inner_box(*at, text, style)),
                _ => None,
            })
            .collect();
        for (i, a) in labels.iter().enumerate() {
            for b in &labels[..i] {
                let apart = a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1];
                assert!(apart, "{long_side}: labels overlap: {a:?} {b:?}");
            }
        }
        // 36 corner diagonals, each pinched at its own corner.
        let rings = rec
            .in_layer("pinch points")
            .filter(|s| {
                s.title
                    .as_deref()
                    .is_some_and(|t| t.starts_with("pinch point of"))
            })
            .count();
        assert_eq!(rings, 36);
        let left_out = rings - labels.len();
        assert_eq!(
            left_out > 0,
            some_left_out,
            "{long_side}: {left_out} left out"
        );
        if some_left_out {
            let says = format!("{left_out} labels left out: no room clear of the others");
            assert!(rec.texts().contains(&says.as_str()), "{:?}", rec.texts());
            assert!(rec.notes.contains(&says));
        } else {
            assert!(!rec.texts().iter().any(|t| t.contains("left out")));
        }
    }
}
