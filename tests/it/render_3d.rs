//! `clearway render` on 3D levels: a small two-storey house seen from
//! above. Its obstacles are drawn as footprints, flattest first, shaded by
//! their height; titles carry the z values; nodes are filled by storey;
//! `--up y` on a y-up copy of the house draws the same picture as `--up z`
//! on the z-up one; PNG works; `--up` on a 2D level is a usage error.

use std::collections::HashMap;

use crate::common::cli::{RunExt, clearway, stderr};
use crate::common::files::{files_in, write_file};

use clearway::geometry::Point;
use clearway::map::Level;
use clearway::render::{Picture, PictureOptions, Up};
use clearway::{Clearances, Map, Space};
use resvg::tiny_skia::Pixmap;

type P = (f64, f64, f64);

/// The house, z up, every position written through `at` (the identity, or
/// a rotation to another up axis). Waypoints stand 1 above each floor.
fn house(at: impl Fn(P) -> P) -> String {
    let p = |q: P| {
        let (x, y, z) = at(q);
        format!("({x:?}, {y:?}, {z:?})")
    };
    let cuboid = |a: P, b: P| {
        let (a, b) = (at(a), at(b));
        let lo = (a.0.min(b.0), a.1.min(b.1), a.2.min(b.2));
        let hi = (a.0.max(b.0), a.1.max(b.1), a.2.max(b.2));
        format!("Box(min: {}, max: {})", p_raw(lo), p_raw(hi))
    };
    let nodes = [
        (0, (2.0, 2.0, 1.0), Some("hall")),
        (1, (2.0, 6.0, 1.0), None),
        (2, (7.0, 6.0, 1.0), None),
        (3, (10.0, 0.5, 1.0), Some("foot")),
        (4, (10.0, 5.5, 4.2), Some("top")),
        (5, (10.0, 7.0, 4.2), None),
        (6, (3.0, 7.0, 4.2), Some("attic")),
    ];
    let nodes: Vec<String> = nodes
        .iter()
        .map(|(id, q, name)| match name {
            Some(n) => format!("(id: {id}, pos: {}, name: \"{n}\")", p(*q)),
            None => format!("(id: {id}, pos: {})", p(*q)),
        })
        .collect();
    let obstacles = [
        // #0 the upper floor, with a stairwell opening at x 8..12, y 0..5
        cuboid((0.0, 0.0, 3.0), (8.0, 8.0, 3.2)),
        // #1 the ground slab
        cuboid((0.0, 0.0, -0.2), (12.0, 8.0, 0.0)),
        // #2 an outer wall, two storeys tall
        cuboid((0.0, -0.2, -0.2), (12.0, 0.0, 6.2)),
        // #3 a ground-floor wall between nodes 1 and 2
        cuboid((5.0, 4.0, 0.0), (5.2, 8.0, 3.0)),
        // #4 the stair ramp, two triangles
        format!(
            "Mesh(vertices: [{}, {}, {}, {}], triangles: [(0, 1, 2), (0, 2, 3)])",
            p((9.5, 0.5, 0.0)),
            p((10.5, 0.5, 0.0)),
            p((10.5, 5.0, 3.2)),
            p((9.5, 5.0, 3.2))
        ),
        // #5 a low beam over the upper landing
        cuboid((8.0, 6.8, 4.6), (12.0, 7.2, 5.0)),
        // #6 a lamp, #7 a railing, #8 a sign, #9 a post top
        format!("Sphere(center: {}, radius: 0.3)", p((6.0, 4.0, 2.5))),
        format!(
            "Segment(from: {}, to: {})",
            p((11.0, 0.5, 1.0)),
            p((11.0, 5.0, 4.2))
        ),
        format!(
            "Triangle([{}, {}, {}])",
            p((3.0, 0.1, 4.0)),
            p((4.0, 0.1, 4.0)),
            p((3.5, 0.1, 5.0))
        ),
        format!("Point({})", p((1.0, 4.0, 4.5))),
    ];
    format!(
        "Map(\n  nodes: [{}],\n  edges: [(from: 0, to: 1), (from: 1, to: 2), (from: 0, to: 3), \
         (from: 3, to: 4), (from: 4, to: 5), (from: 5, to: 6)],\n  obstacles: [\n    {}\n  ],\n)\n",
        nodes.join(", "),
        obstacles.join(",\n    ")
    )
}

fn p_raw((x, y, z): P) -> String {
    format!("({x:?}, {y:?}, {z:?})")
}

/// z up to y up, a rotation (not a mirror): (x, y, z) -> (x, z, -y).
fn y_up((x, y, z): P) -> P {
    (x, z, -y)
}

fn space(text: &str) -> Map<Space> {
    match Level::loader().read_str(text, "house.ron").unwrap() {
        Level::Space(map) => map,
        Level::Plane(_) => panic!("the house is 3D"),
    }
}

fn svg(text: &str, up: Up) -> String {
    let map = space(text);
    let clearances = Clearances::compute(&map);
    Picture::new(
        &map,
        &clearances,
        PictureOptions {
            up,
            agent_radius: Some(0.5),
            title: Some("house.ron".to_string()),
            ..PictureOptions::default()
        },
    )
    .to_svg()
}

/// Each CSS class's fill colour.
fn fills(doc: &roxmltree::Document) -> HashMap<String, String> {
    let style = doc
        .descendants()
        .find(|n| n.has_tag_name("style"))
        .and_then(|n| n.text())
        .unwrap();
    style
        .lines()
        .filter_map(|line| {
            let (class, rest) = line.strip_prefix('.')?.split_once('{')?;
            let fill = rest.strip_prefix("fill:")?.split(';').next()?;
            Some((class.to_string(), fill.to_string()))
        })
        .collect()
}

/// The elements of a layer with their titles: (tag, class, title).
fn titled(doc: &roxmltree::Document, layer: &str) -> Vec<(String, String, String)> {
    let g = doc
        .descendants()
        .find(|n| n.has_tag_name("g") && n.attribute("id") == Some(layer))
        .unwrap_or_else(|| panic!("no layer {layer}"));
    g.children()
        .filter(|n| n.is_element())
        .map(|n| {
            let title = n
                .children()
                .find(|c| c.has_tag_name("title"))
                .and_then(|c| c.text())
                .unwrap_or_default();
            (
                n.tag_name().name().to_string(),
                n.attribute("class").unwrap_or_default().to_string(),
                title.to_string(),
            )
        })
        .collect()
}

/// `#rrggbb` to its lightness (the sum of its channels).
fn lightness(css: &str) -> u32 {
    let v = u32::from_str_radix(css.trim_start_matches('#'), 16).unwrap();
    (v >> 16) + ((v >> 8) & 0xff) + (v & 0xff)
}

#[test]
fn footprints_are_drawn_flattest_first_as_their_shapes_shaded_by_height() {
    let text = svg(&house(|q| q), Up::Z);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let fills = fills(&doc);
    let obstacles = titled(&doc, "obstacles");
    let number = |title: &str| -> usize {
        let rest = title.strip_prefix("obstacle #").unwrap();
        rest[..rest.find(':').unwrap()].parse().unwrap()
    };
    let order: Vec<usize> = obstacles.iter().map(|(_, _, t)| number(t)).collect();
    // Flattest first (by how high each stands, then bottom): the ramp's
    // triangles (rising 3.2 over 4.5, 35°: a walkable slope stands 0,
    // bottom 0), the post top (a point, 0, bottom 4.5), the ground slab
    // (-0.2..0) and the upper floor (3..3.2), the beam (4.6..5: 0.4), the
    // lamp (2.2..2.8: 0.6), the upright sign (4..5: 1), the ground-floor
    // wall (0..3), the railing (1..4.2: 3.2, a segment stands its extent),
    // the outer wall (-0.2..6.2: 6.4). So the walls of both storeys lie
    // over both floors.
    assert_eq!(order, [4, 4, 9, 1, 0, 5, 6, 8, 3, 7, 2], "{obstacles:#?}");
    let kinds: Vec<(usize, &str)> = obstacles
        .iter()
        .map(|(tag, _, t)| (number(t), tag.as_str()))
        .collect();
    for (i, tag) in [
        (0, "polygon"),
        (4, "polygon"),
        (6, "circle"),
        (7, "polyline"),
        (8, "polygon"),
        (9, "circle"),
    ] {
        assert!(kinds.contains(&(i, tag)), "#{i} as a {tag}: {kinds:?}");
    }
    let shade = |i: usize| {
        let (_, class, _) = obstacles.iter().find(|(_, _, t)| number(t) == i).unwrap();
        lightness(&fills[class])
    };
    // Flat floors faint, the two-storey wall dark, the one-storey wall between.
    assert!(shade(1) > shade(3) && shade(3) > shade(2), "{fills:?}");
    assert_eq!(shade(0), shade(1), "two slabs 0.2 thick, one shade");
    // The ramp's triangles each by their own height: both rise 3.2.
    let ramp: Vec<&(String, String, String)> = obstacles
        .iter()
        .filter(|(_, _, t)| number(t) == 4)
        .collect();
    assert!(
        ramp[0]
            .2
            .contains("mesh of 2 triangles, triangle 0; z 0 to 3.2")
    );
    assert!(ramp[1].2.contains("triangle 1; z 0 to 3.2"));
    // The legend says what the shades mean.
    assert!(text.contains("flat obstacle (floor, ramp up to 45°)"));
    assert!(text.contains("tall obstacle (6.4 high): darker = taller, drawn over flatter"));
}

#[test]
fn titles_carry_the_heights_and_nodes_are_filled_by_storey() {
    let text = svg(&house(|q| q), Up::Z);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let fills = fills(&doc);
    let nodes = titled(&doc, "nodes");
    let node = |prefix: &str| {
        nodes
            .iter()
            .find(|(_, _, t)| t.starts_with(prefix))
            .unwrap_or_else(|| panic!("{prefix}: {nodes:#?}"))
    };
    assert!(
        node("node 0 \"hall\": clearance ")
            .2
            .ends_with(" at (2, 2, 1)")
    );
    assert!(node("node 6 \"attic\"").2.ends_with(" at (3, 7, 4.2)"));
    let fill = |prefix: &str| fills[&node(prefix).1].clone();
    assert_eq!(fill("node 0 "), fill("node 2:"), "one storey, one colour");
    assert_eq!(fill("node 4 "), fill("node 6 "));
    assert_ne!(fill("node 0 "), fill("node 6 "), "two storeys, two colours");
    assert!(text.contains("node at z 1<"), "the height legend");
    assert!(text.contains(">z 4.2<"));

    let edges = titled(&doc, "edges");
    let edge = |prefix: &str| {
        edges
            .iter()
            .find(|(_, _, t)| t.starts_with(prefix))
            .unwrap_or_else(|| panic!("{prefix}: {edges:#?}"))
            .2
            .clone()
    };
    // The stairs rise from 1 to 4.2; the ground-floor wall blocks edge 1;
    // the beam 0.4 above the landing's waypoints blocks edge 4.
    assert!(
        edge("edge 3 (3 -> 4)").contains("; z 1 to 4.2"),
        "{edges:#?}"
    );
    let blocked = edge("edge 1 (1 -> 2)");
    assert!(
        blocked.contains("blocked; box #3 pinches at (5"),
        "{blocked}"
    );
    assert!(blocked.ends_with("; z 1 to 1"), "{blocked}");
    let beam = edge("edge 4 (4 -> 5)");
    assert!(
        beam.contains("clearance 0.4 < radius 0.5: blocked; box #5"),
        "{beam}"
    );
    let obstacles = titled(&doc, "obstacles");
    let beam = obstacles
        .iter()
        .find(|(_, _, t)| t.starts_with("obstacle #5:"))
        .unwrap();
    assert_eq!(
        beam.2,
        "obstacle #5: box from (8, 6.8, 4.6) to (12, 7.2, 5); z 4.6 to 5; blocks edges 4, 5 for radius 0.5"
    );
}

/// Every shape's geometry and class, without texts and titles.
fn geometry(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.is_element() && !n.has_tag_name("title") && !n.has_tag_name("style"))
        .map(|n| {
            let attrs: Vec<String> = n
                .attributes()
                .map(|a| format!("{}={}", a.name(), a.value()))
                .collect();
            format!("{} {}", n.tag_name().name(), attrs.join(" "))
        })
        .collect()
}

#[test]
fn up_y_on_a_y_up_copy_draws_the_same_picture_as_up_z() {
    let z_up = svg(&house(|q| q), Up::Z);
    let seen_along_y = svg(&house(y_up), Up::Y);
    let (a, b) = (geometry(&z_up), geometry(&seen_along_y));
    assert!(a.len() > 40);
    assert_eq!(a, b);
    // Only the axis's name differs in the words.
    assert_ne!(z_up, seen_along_y);
    assert!(seen_along_y.contains("; y 1 to 4.2"));
    assert!(seen_along_y.contains("at (2, 1, -2)"));
    // The y-up copy seen along z would be another picture: a side view.
    assert_ne!(geometry(&svg(&house(y_up), Up::Z)), a);
}

#[test]
fn the_cli_draws_a_3d_level_as_png_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    let level = write_file(&dir, "level3d.ron", &house(|q| q));
    let png = dir.path().join("out.png");
    clearway()
        .args(["render", "--radius", "0.5", "-o"])
        .arg(&png)
        .arg(&level)
        .run()
        .exit(0);
    let pixmap = Pixmap::decode_png(&std::fs::read(&png).unwrap()).unwrap();
    // Where the library puts things: the two-storey wall dark, the floor
    // under the stairwell opening (ground slab only) light.
    let map = space(&house(|q| q));
    let clearances = Clearances::compute(&map);
    let frame = Picture::new(
        &map,
        &clearances,
        PictureOptions {
            agent_radius: Some(0.5),
            ..PictureOptions::default()
        },
    )
    .layout()
    .frame;
    let pixel = |x: f64, y: f64| {
        let p = frame.to_picture(Point::new(x, y));
        let c = pixmap.pixel(p.x as u32, p.y as u32).unwrap();
        u32::from(c.red()) + u32::from(c.green()) + u32::from(c.blue())
    };
    assert!(pixel(6.0, -0.1) < 3 * 120, "the wall");
    assert!(pixel(8.5, 3.0) > 3 * 180, "the opening");
    assert!(
        pixel(4.0, 3.0) < pixel(8.5, 3.0),
        "two floors darker than one"
    );

    let svg = dir.path().join("out.svg");
    clearway()
        .args(["render", "--up", "y", "-o"])
        .arg(&svg)
        .arg(write_file(&dir, "y_up.ron", &house(y_up)))
        .run()
        .exit(0);
    assert!(
        std::fs::read_to_string(&svg)
            .unwrap()
            .contains("node at y 1<")
    );
}

/// `check --render` draws a 3D level too (seen along z): the same picture
/// as `render` at the radius checked, and the check's verdict unchanged.
#[test]
fn check_render_draws_a_3d_level() {
    let dir = tempfile::tempdir().unwrap();
    let level = write_file(&dir, "level3d.ron", &house(|q| q));
    let (check, svg, drawn) = check_and_render(&dir, &level, &[]);
    let plain = clearway()
        .args(["check", "--radius", "0.5"])
        .arg(&level)
        .output()
        .unwrap();
    assert_eq!(check.status.code(), plain.status.code());
    assert_eq!(check.stdout, plain.stdout);
    assert_eq!(geometry(&svg), geometry(&drawn));
    assert!(svg.contains("node at z 1<"), "heights in the legend");
}

/// `check --radius 0.5 --render` and `render --radius 0.5` of `level`,
/// both with the options `extra`: the check's output, its picture and
/// render's.
fn check_and_render(
    dir: &tempfile::TempDir,
    level: &std::path::Path,
    extra: &[&str],
) -> (std::process::Output, String, String) {
    let (checked, drawn) = (dir.path().join("check.svg"), dir.path().join("render.svg"));
    let check = clearway()
        .args(["check", "--radius", "0.5"])
        .args(extra)
        .arg("--render")
        .arg(&checked)
        .arg(level)
        .output()
        .unwrap();
    clearway()
        .args(["render", "--radius", "0.5"])
        .args(extra)
        .arg("-o")
        .arg(&drawn)
        .arg(level)
        .run()
        .exit(0);
    let read = |path| std::fs::read_to_string(path).unwrap();
    (check, read(&checked), read(&drawn))
}

#[test]
fn up_on_a_2d_level_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let flat = write_file(
        &dir,
        "flat.ron",
        "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))], edges: [(from: 0, to: 1)])",
    );
    clearway()
        .args(["render", "--up", "z", "-o"])
        .arg(dir.path().join("out.svg"))
        .arg(&flat)
        .run()
        .exit(2)
        .stderr_has("--up z applies to 3D levels only");
    assert_eq!(files_in(dir.path()), ["flat.ron"]);
}

#[test]
fn nodes_stacked_above_one_another_share_a_label_and_both_show() {
    let text = svg(
        "(nodes: [(id: 0, pos: (0, 0, 4), name: \"attic\"), (id: 1, pos: (0, 0, 1), name: \"hall\"),
                  (id: 2, pos: (30, 0, 1))],
          edges: [(from: 1, to: 2), (from: 0, to: 2)])",
        Up::Z,
    );
    let doc = roxmltree::Document::parse(&text).unwrap();
    let nodes: Vec<(String, f64)> = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("nodes"))
        .unwrap()
        .children()
        .filter(|n| n.has_tag_name("circle"))
        .map(|n| {
            let title = n.first_element_child().unwrap().text().unwrap().to_string();
            (title, n.attribute("r").unwrap().parse().unwrap())
        })
        .collect();
    // Lowest first; the one above drawn smaller, so the one below shows as
    // a ring around it.
    assert!(nodes[0].0.starts_with("node 1 \"hall\""), "{nodes:?}");
    assert!(nodes[2].0.starts_with("node 0 \"attic\""), "{nodes:?}");
    assert!(nodes[2].1 < nodes[0].1, "{nodes:?}");
    assert!(text.contains(">hall / attic</text>"), "{text}");
}

/// The texts of a layer, in order.
fn texts_in(svg: &str, layer: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let g = doc
        .descendants()
        .find(|n| n.has_tag_name("g") && n.attribute("id") == Some(layer))
        .unwrap_or_else(|| panic!("no layer {layer}"));
    g.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or_default().to_string())
        .collect()
}

/// Seen along y, the picture's right is +x and its up is −z: the axis
/// arrows in the legend say so (they said `y`, the axis the picture looks
/// along). Seen along z they say x and y.
#[test]
fn the_axis_arrows_name_the_level_axes_the_picture_shows() {
    let along_y = texts_in(&svg(&house(y_up), Up::Y), "legend");
    assert!(along_y.iter().any(|t| t == "x"), "{along_y:?}");
    assert!(along_y.iter().any(|t| t == "−z"), "{along_y:?}");
    assert!(!along_y.iter().any(|t| t == "y"), "{along_y:?}");
    let along_z = texts_in(&svg(&house(|q| q), Up::Z), "legend");
    assert!(along_z.iter().any(|t| t == "y"), "{along_z:?}");
    assert!(!along_z.iter().any(|t| t == "−z"), "{along_z:?}");
}

/// A ramp is ground to walk on, not a wall: however high it climbs, a
/// triangle sloping at most 45° is shaded as a floor. Steeper, it stands
/// what it climbs beyond a 45° slope over its footprint.
///
/// * the ramp (0,0,0) (2,0,0) (0,4,3) rises 3 over 4: normal (0, -6, 8),
///   slope atan(6/8) = 36.9°: stands 0, the floor's shade;
/// * the cliff (10,0,0) (12,0,0) (10,1,2) rises 2 over 1: normal
///   (0, -4, 2), slope atan(4/2) = 63.4°, tan 2: stands 2 · (1 − 1/2) = 1;
/// * the wall, a box 4 high, stands 4: the darkest, the top of the scale;
///   the cliff is 1/4 of the way from the floor's grey to the wall's.
///
/// Shaded by vertical extent, the ramp (3) would be 3/4 of the way to
/// the darkest and the cliff (2) halfway.
#[test]
fn a_ramp_is_shaded_as_a_floor_however_high_it_climbs() {
    use clearway::render::{RecordingDrawer, palette};
    let map = space(
        "(nodes: [(id: 0, pos: (5, 10, 1)), (id: 1, pos: (15, 10, 1))],
          edges: [(from: 0, to: 1)],
          obstacles: [
            Triangle([(0, 0, 0), (2, 0, 0), (0, 4, 3)]),
            Triangle([(10, 0, 0), (12, 0, 0), (10, 1, 2)]),
            Box(min: (20, 0, 0), max: (20.2, 4, 4)),
          ])",
    );
    let clearances = Clearances::compute(&map);
    let mut recording = RecordingDrawer::default();
    Picture::new(&map, &clearances, PictureOptions::default()).draw(&mut recording);
    let fill = |n: usize| {
        let title = format!("obstacle #{n}:");
        let shape = recording.titled(&title).next().unwrap();
        shape.style.as_ref().unwrap().fill.unwrap()
    };
    assert_eq!(fill(0), palette::FLAT_OBSTACLE, "the ramp");
    assert_eq!(
        fill(1),
        palette::FLAT_OBSTACLE.mix(palette::WALL, 0.25),
        "the cliff"
    );
    assert_eq!(fill(2), palette::WALL, "the wall");
    // Drawn flattest first: the ramp, the cliff, the wall.
    let order: Vec<&str> = recording
        .in_layer("obstacles")
        .filter_map(|s| s.title.as_deref())
        .map(|t| &t[..t.find(':').unwrap()])
        .collect();
    assert_eq!(order, ["obstacle #0", "obstacle #1", "obstacle #2"]);
    assert!(
        recording
            .texts()
            .contains(&"tall obstacle (4 high): darker = taller, drawn over flatter"),
        "{:?}",
        recording.texts()
    );
}

/// `check --render --up y` draws a y-up level from above, as `render --up
/// y` does (without `--up`, `check --render` could only draw it along z: a
/// side view); `--up` on a 2D level, or without `--render`, is a usage
/// error that writes nothing.
#[test]
fn check_render_up_y_draws_a_y_up_level_from_above() {
    let dir = tempfile::tempdir().unwrap();
    let level = write_file(&dir, "y_up.ron", &house(y_up));
    let (check, svg, drawn) = check_and_render(&dir, &level, &["--up", "y"]);
    assert_eq!(check.status.code(), Some(1), "{}", stderr(&check));
    assert_eq!(geometry(&svg), geometry(&drawn));
    // The same picture as the z-up house seen along z, not a side view.
    assert_eq!(geometry(&svg), geometry(&svg_of_house_along_z()));
    assert!(svg.contains("node at y 1<"), "heights along y");

    let flat = write_file(
        &dir,
        "flat.ron",
        "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))], edges: [(from: 0, to: 1)])",
    );
    let out = clearway()
        .args(["check", "--radius", "0.5", "--up", "y", "--render"])
        .arg(dir.path().join("flat.svg"))
        .arg(&flat)
        .run()
        .exit(2)
        .stderr_has("--up y applies to 3D levels only");
    assert!(out.stdout.is_empty(), "nothing checked, nothing printed");
    clearway()
        .args(["check", "--radius", "0.5", "--up", "y"])
        .arg(&level)
        .run()
        .exit(2)
        .stderr_has("--render");
    assert_eq!(
        files_in(dir.path()),
        ["check.svg", "flat.ron", "render.svg", "y_up.ron"]
    );
}

/// The z-up house at radius 0.5, drawn along z with the CLI's title.
fn svg_of_house_along_z() -> String {
    let map = space(&house(|q| q));
    let clearances = Clearances::compute(&map);
    Picture::new(
        &map,
        &clearances,
        PictureOptions {
            agent_radius: Some(0.5),
            title: Some("y_up.ron".to_string()),
            ..PictureOptions::default()
        },
    )
    .to_svg()
}
