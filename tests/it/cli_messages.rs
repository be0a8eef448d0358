//! What reports and warnings say: numbers that never contradict each other,
//! nodes by name, and warnings for a route or a Tiled layer that cannot be
//! what the user meant.

use crate::common::cli::{RunExt, clearway, stderr, stdout};
use crate::common::files::write_file;

/// One edge along the x axis from (0, 0) to (10, 0), a rock at (5, -c):
/// the edge's clearance is exactly `c`.
fn rock_map(c: &str) -> String {
    format!(
        "(nodes: [(id: 0, pos: (0.0, 0.0), name: \"start\"), (id: 1, pos: (10.0, 0.0))],
          edges: [(from: 0, to: 1)],
          obstacles: [Point((5.0, -{c}))])"
    )
}

#[test]
fn a_clearance_never_reads_as_the_radius_it_fails() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "m.ron", &rock_map("1.0"));
    clearway()
        .arg("check")
        .arg(&map)
        .args(["--radius", "1.0000000001"])
        .run()
        .exit(1)
        .stdout_has("clearance 1 < radius 1.0000000001")
        .stdout_has("FAILED: radius 1.0000000001:");

    // The other way round: a clearance just under a round radius.
    let map = write_file(&dir, "m.ron", &rock_map("0.99999999"));
    let out = clearway()
        .arg("check")
        .arg(&map)
        .args(["--radius", "1"])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(text.contains("clearance 0.99999999 < radius 1:"), "{text}");

    // And in route's "the widest agent that can go".
    let out = clearway()
        .arg("route")
        .arg(&map)
        .args(["--from", "0", "--to", "1", "--radius", "1"])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(
        text.contains("no route from 0 \"start\" to 1 for radius 1\n"),
        "{text}"
    );
    // The widest radius never reads as more than fits: the rock puts the
    // clearance at 0.9999999899999998, 2e-16 below 0.99999999, which the
    // level's slack (its coordinates' rounding, a few 1e-15) admits, so
    // 0.99999999 is printed, and the radius printed fits when given back.
    assert!(
        text.contains("the widest agent that can go has radius 0.99999999;"),
        "{text}"
    );
    let printed = text
        .split("has radius ")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .expect("a radius");
    for command in ["route", "widest"] {
        let mut cmd = clearway();
        cmd.arg(command)
            .arg(&map)
            .args(["--from", "0", "--to", "1"]);
        if command == "route" {
            cmd.args(["--radius", printed]);
        }
        let out = cmd.run().exit(0);
        if command == "widest" {
            assert!(
                stdout(&out).contains(&format!(": {printed}\n")),
                "{}",
                stdout(&out)
            );
        }
    }
}

#[test]
fn a_huge_radius_prints_without_padding() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "m.ron", &rock_map("1.0"));
    let out = clearway()
        .arg("check")
        .arg(&map)
        .args(["--radius", "1e308"])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(text.contains("clearance 1 < radius 1e308:"), "{text}");
    assert!(!text.contains("000000e"), "{text}");
}

#[test]
fn csv_and_json_never_print_negative_zero() {
    let dir = tempfile::tempdir().unwrap();
    // The pinch point is node 0, written at x = -0.
    let map = write_file(
        &dir,
        "m.ron",
        "(nodes: [(id: 0, pos: (-0.0, 0.0)), (id: 1, pos: (0.0, 5.0))],
          edges: [(from: 0, to: 1)], obstacles: [Point((1.0, -1.0))])",
    );
    let out = clearway()
        .arg("clearance")
        .arg(&map)
        .args(["--format", "csv"])
        .output()
        .unwrap();
    let csv = stdout(&out);
    assert_eq!(
        csv.lines().nth(1),
        Some("0,0,1,1.4142135623730951,0,0,0,1,-1"),
        "{csv}"
    );
    let out = clearway()
        .arg("clearance")
        .arg(&map)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let json = stdout(&out);
    assert!(!json.contains("-0.0"), "{json}");
}

#[test]
fn picture_titles_and_legend_never_read_the_clearance_as_the_radius() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "m.ron", &rock_map("1.0"));
    clearway()
        .arg("render")
        .arg(&map)
        .args(["--radius", "1.0000000001", "-o", "-"])
        .run()
        .exit(0)
        .stdout_lacks("radius 1:")
        .stdout_lacks("radius 1)")
        .stdout_has("edge 0 (0 -&gt; 1): clearance 1 &lt; radius 1.0000000001: blocked")
        .stdout_has("leaves clearance 1 &lt; radius 1.0000000001")
        .stdout_has("agent radius 1.0000000001")
        .stdout_has("agent outline (radius 1.0000000001)")
        .stdout_has("blocked: clearance &lt; 1.0000000001");

    // A clearance just under a round radius: the label and titles give
    // the digits that tell it from the radius.
    let map = write_file(&dir, "m.ron", &rock_map("0.99999999"));
    let out = clearway()
        .arg("render")
        .arg(&map)
        .args(["--radius", "1", "-o", "-"])
        .output()
        .unwrap();
    let svg = stdout(&out);
    assert!(
        svg.contains("clearance 0.99999999 &lt; radius 1: blocked"),
        "{svg}"
    );
    assert!(svg.contains("fits r ≤ 0.99999999"), "{svg}");
    assert!(!svg.contains("fits r ≤ 1<"), "{svg}");
}

#[test]
fn widest_from_a_node_to_itself_names_the_bottleneck_node() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "m.ron", &rock_map("1.0"));
    clearway()
        .arg("widest")
        .arg(&map)
        .args(["--from", "start", "--to", "start"])
        .run()
        .exit(0)
        .stdout_has("bottleneck: node 0 \"start\", clearance 5.09902");
}

#[test]
fn ci_formats_print_the_radius_as_given() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "m.ron", &rock_map("1.0"));
    for format in ["github", "junit", "sarif"] {
        clearway()
            .arg("check")
            .arg(&map)
            .args(["--radius", "1.0000000001", "--format", format])
            .run()
            .exit(1)
            .stdout_lacks("radius 1\"")
            .stdout_lacks("radius 1:")
            .stdout_lacks("radius 1::")
            .stdout_has("radius 1.0000000001");
    }
    // diff: the old clearance 2 becomes 1, below radius 1.0000000001.
    let old = write_file(&dir, "old.ron", &rock_map("2.0"));
    clearway()
        .arg("diff")
        .arg(&old)
        .arg(&map)
        .args(["--radius", "1.0000000001", "--format", "github"])
        .run()
        .exit(1)
        .stdout_has("title=edge 0 newly blocked for radius 1.0000000001::")
        .stdout_has("clearance 2 -> 1 < radius 1.0000000001: the change blocks it");
}

#[test]
fn names_in_reports_are_cut_in_every_format() {
    // A node and an agent named with 100,000 characters: text and CI
    // reports cut them as error messages do; JSON keeps them whole.
    let long = "n".repeat(100_000);
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(
        &dir,
        "m.ron",
        &format!(
            "(agents: [(name: \"{long}\", radius: 1.5)],
              nodes: [(id: 0, pos: (0.0, 0.0), name: \"{long}\"), (id: 1, pos: (10.0, 0.0))],
              edges: [(from: 0, to: 1)],
              obstacles: [Point((5.0, -1.0))])"
        ),
    );
    for format in ["text", "github", "junit", "sarif"] {
        let out = clearway()
            .arg("check")
            .arg(&map)
            .args(["--format", format])
            .run()
            .exit(1);
        assert!(
            out.stdout.len() < 10_000,
            "{format}: {} bytes",
            out.stdout.len()
        );
        assert!(stdout(&out).contains("nnnnnnnn…"), "{format}");
    }
    let out = clearway()
        .arg("diff")
        .arg(&map)
        .arg(&map)
        .args(["--format", "github"])
        .output()
        .unwrap();
    assert!(
        out.stdout.len() < 10_000,
        "diff: {} bytes",
        out.stdout.len()
    );
    let out = clearway()
        .arg("render")
        .arg(&map)
        .arg("--agent")
        .arg(&long)
        .args(["-o", "-"])
        .run()
        .exit(0);
    assert!(
        out.stdout.len() < 100_000,
        "render: {} bytes",
        out.stdout.len()
    );
    assert!(stdout(&out).contains("nnnnnnnn… (radius 1.5)"));
    let out = clearway()
        .arg("check")
        .arg(&map)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(stdout(&out).contains(&long));
}

#[test]
fn long_lists_in_errors_are_cut() {
    // 5,000 layers, agents or nodes of a name: the error names the first
    // ten and counts the rest.
    let dir = tempfile::tempdir().unwrap();
    let n = 5_000;
    let layers: String = (1..=n)
        .map(|i| format!("<objectgroup id=\"{i}\" name=\"c\"/>"))
        .collect();
    write_file(
        &dir,
        "many.tmx",
        &format!(
            "<?xml version=\"1.0\"?>\n<map version=\"1.10\" orientation=\"orthogonal\" \
             width=\"20\" height=\"20\" tilewidth=\"1\" tileheight=\"1\">{layers}</map>"
        ),
    );
    write_file(
        &dir,
        "m.ron",
        &format!(
            "(agents: [{}], nodes: [{}], edges: [(from: 0, to: 1)])",
            (0..n)
                .map(|i| format!("(name: \"a{i}\", radius: 1)"))
                .collect::<Vec<_>>()
                .join(", "),
            (0..n)
                .map(|i| format!("(id: {i}, pos: ({i}, 0), name: \"same\")"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
    let runs: [&[&str]; 4] = [
        &["--obstacles", "many.tmx", "--radius", "1"],
        &["--obstacles", "many.tmx", "--layer", "c", "--radius", "1"],
        &["--obstacles", "many.tmx", "--layer", "x", "--radius", "1"],
        &["--agent", "nope"],
    ];
    for args in runs {
        let out = clearway()
            .current_dir(dir.path())
            .args(["check", "m.ron"])
            .args(args)
            .run()
            .exit(2);
        let err = stderr(&out);
        assert!(err.len() < 2_000, "{args:?}: {} bytes", err.len());
        assert!(err.contains(&format!(", … and {} more", n - 10)), "{err}");
    }
    let out = clearway()
        .current_dir(dir.path())
        .args([
            "route", "m.ron", "--from", "same", "--to", "1", "--radius", "0",
        ])
        .run()
        .exit(2);
    let err = stderr(&out);
    assert!(err.len() < 2_000, "{} bytes", err.len());
    assert!(
        err.contains(
            "5000 nodes have that name (ids 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … and 4990 more)"
        ),
        "{err}"
    );
}

fn svg_of(map: &std::path::Path) -> String {
    let out = clearway()
        .arg("render")
        .arg(map)
        .args(["-o", "-"])
        .run()
        .exit(0);
    stdout(&out)
}

#[test]
fn the_scale_bar_reads_one_unit_or_an_exponent() {
    let dir = tempfile::tempdir().unwrap();
    let small = write_file(
        &dir,
        "small.ron",
        "(nodes: [(id: 0, pos: (0.0, 0.0)), (id: 1, pos: (8.0, 0.0))],
          edges: [(from: 0, to: 1)], obstacles: [Point((4.0, -1.0))])",
    );
    let svg = svg_of(&small);
    assert!(svg.contains(">1 unit<"), "{svg}");
    assert!(!svg.contains("1 units"), "{svg}");
    let huge = write_file(
        &dir,
        "huge.ron",
        "(nodes: [(id: 0, pos: (0.0, 0.0)), (id: 1, pos: (1e15, 0.0))],
          edges: [(from: 0, to: 1)], obstacles: [Point((5e14, -1e14))])",
    );
    let svg = svg_of(&huge);
    assert!(svg.contains(">1e14 units<"), "{svg}");
    assert!(!svg.contains("00000000 units"), "{svg}");
}

/// Two islands: 0 - 1, and 2 - 3, far apart.
const ISLANDS: &str = "(nodes: [(id: 0, pos: (0.0, 0.0), name: \"west\"), (id: 1, pos: (5.0, 0.0)),
                 (id: 2, pos: (20.0, 0.0)), (id: 3, pos: (25.0, 0.0), name: \"east\")],
          edges: [(from: 0, to: 1), (from: 2, to: 3)],
          obstacles: [Point((2.5, -1.0))])";

#[test]
fn render_warns_when_the_widest_route_does_not_exist() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "m.ron", ISLANDS);
    let out_svg = dir.path().join("m.svg");
    clearway()
        .arg("render")
        .arg(&map)
        .args(["--widest", "west", "east", "-o"])
        .arg(&out_svg)
        .run()
        .exit(0)
        .stderr_has(
            "warning: no route from 0 \"west\" to 3 \"east\" at any radius; the legend says so",
        );
    let out = clearway()
        .arg("render")
        .arg(&map)
        .args(["--route", "west", "east", "--radius", "0.5", "-o"])
        .arg(&out_svg)
        .output()
        .unwrap();
    assert!(
        stderr(&out).contains(
            "warning: no route from 0 \"west\" to 3 \"east\" for radius 0.5; the legend says so"
        ),
        "{out:?}"
    );
    // A route that exists warns of nothing.
    let out = clearway()
        .arg("render")
        .arg(&map)
        .args(["--widest", "west", "1", "-o"])
        .arg(&out_svg)
        .output()
        .unwrap();
    assert!(stderr(&out).is_empty(), "{out:?}");
}

#[test]
fn a_tiled_layer_that_misses_the_network_is_warned_about() {
    let yard = [
        "check",
        "maps/tiled_yard.ron",
        "--obstacles",
        "maps/tiled_yard.tmx",
        "--layer",
        "collision",
    ];
    // The right scale: no warning.
    let out = clearway()
        .args(yard)
        .args(["--pixels-per-unit", "16"])
        .output()
        .unwrap();
    assert!(!stderr(&out).contains("warning"), "{out:?}");
    // The wrong corner puts every obstacle at y <= 0, under the network.
    let out = clearway()
        .args(yard)
        .args(["--pixels-per-unit", "16", "--tiled-origin", "top-left"])
        .output()
        .unwrap();
    assert!(
        stderr(&out).contains(
            "warning: maps/tiled_yard.tmx: none of its 11 obstacles comes near the path network; \
             is --tiled-origin (top-left) or --pixels-per-unit (16) wrong?"
        ),
        "{out:?}"
    );
    // No scale puts them 16 times too far out.
    let out = clearway().args(yard).output().unwrap();
    assert!(
        stderr(&out).contains("--pixels-per-unit (1) wrong?"),
        "{out:?}"
    );
    // diff reads the .tmx for both levels, and says so once.
    let out = clearway()
        .args(["diff", "maps/tiled_yard.ron", "maps/tiled_yard.ron"])
        .args(&yard[2..])
        .run()
        .exit(0);
    assert_eq!(
        stderr(&out).matches("comes near the path network").count(),
        1,
        "{out:?}"
    );
}

/// A Tiled coordinate of `1e39` is beyond what Tiled's 32-bit numbers hold:
/// it is out of range, said so, rather than "infinite" (it was written as a
/// plain number).
#[test]
fn a_tiled_coordinate_beyond_f32_is_out_of_range() {
    let dir = tempfile::tempdir().unwrap();
    let tmx = write_file(
        &dir,
        "far.tmx",
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="2" height="2" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="2">
 <objectgroup id="1" name="collision">
  <object id="1" name="far" x="1e39" y="0" width="16" height="16"/>
 </objectgroup>
</map>
"#,
    );
    let map = write_file(&dir, "level.ron", &rock_map("1"));
    clearway()
        .arg("check")
        .arg(&map)
        .arg("--obstacles")
        .arg(&tmx)
        .args(["--radius", "0.5"])
        .run()
        .exit(2)
        .stderr_has("x is out of range")
        .stderr_lacks("infinite");
}

/// Counts read as English: one stale baked clearance, two stale baked
/// clearances.
#[test]
fn one_stale_baked_clearance_is_singular() {
    let dir = tempfile::tempdir().unwrap();
    // The edge's clearance is 1 (the rock at (5, -1)); the baked 3 is stale.
    let one =
        "(nodes: [(id: 0, pos: (0.0, 0.0)), (id: 1, pos: (10.0, 0.0)), (id: 2, pos: (10.0, 5.0))],
          edges: [(from: 0, to: 1, clearance: 3.0), (from: 1, to: 2, clearance: VALUE)],
          obstacles: [Point((5.0, -1.0))])";
    // The second edge, x = 10 from y 0 to 5, is 5.09902 from the rock
    // (sqrt(5^2 + 1^2) from its nearest end (10, 0)): 5.09902 baked as is,
    // it is up to date; baked as 9 it is stale too.
    for (value, says) in [
        ("5.0990195135927845", "1 stale baked clearance\n"),
        ("9.0", "2 stale baked clearances\n"),
    ] {
        let map = write_file(&dir, "baked.ron", &one.replace("VALUE", value));
        let out = clearway()
            .arg("check")
            .arg(&map)
            .args(["--radius", "0.5", "--summary"])
            .run()
            .exit(1);
        assert!(stdout(&out).ends_with(says), "{out:?}");
    }
}

/// A file of another kind than the one expected gets a hint naming what
/// reads it: a Moving AI map or a Tiled map given as the level, a level
/// given as `--obstacles` (to a flat or a 3D level) or as `grid`'s input.
/// Exit 2 and the parser's located error all the same.
#[test]
fn a_wrong_file_type_gets_a_hint() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["check", "maps/bunker.map", "--radius", "1"],
            "help: `maps/bunker.map` is a Moving AI grid map, not a clearway level: make a level \
             from it with `clearway grid maps/bunker.map -o level.ron`",
        ),
        (
            &["check", "maps/tiled_yard.tmx", "--radius", "1"],
            "help: `maps/tiled_yard.tmx` is a Tiled map, not a clearway level: add its objects \
             to a level's obstacles with `--obstacles maps/tiled_yard.tmx`",
        ),
        (
            &["check", "maps/drone_canyon.obj", "--radius", "1"],
            "help: `maps/drone_canyon.obj` is a Wavefront OBJ file, not a clearway level: add \
             its meshes to a 3D level's obstacles with `--obstacles maps/drone_canyon.obj`",
        ),
        (
            &[
                "check",
                "maps/tiled_yard.ron",
                "--obstacles",
                "maps/rooms.ron",
            ],
            "help: `maps/rooms.ron` is a clearway level: --obstacles reads a Tiled map (.tmx) \
             for a flat level's obstacles, or a Wavefront OBJ file (.obj) for a 3D level's",
        ),
        (
            &[
                "check",
                "maps/drone_canyon.ron",
                "--obstacles",
                "maps/bunker.map",
            ],
            "help: `maps/bunker.map` is a Moving AI grid map: --obstacles reads a Tiled map",
        ),
        (
            &["grid", "maps/rooms.ron", "-o", "-"],
            "help: `maps/rooms.ron` is a clearway level already: `clearway grid` makes one from \
             a Moving AI grid map (.map) or a Tiled map's tile layer (.tmx)",
        ),
    ];
    for (args, hint) in cases {
        clearway()
            .args(args)
            .run()
            .exit(2)
            .stdout_is("")
            .stderr_has(hint)
            .stderr_starts_with("error: ");
    }
    // A level whose own text is wrong gets the parser's error, no hint.
    let dir = tempfile::tempdir().unwrap();
    let bad = write_file(
        &dir,
        "bad.ron",
        "(nodes: [(id: 0, pos: (0, 0), colour: 1)])",
    );
    let out = clearway().arg("check").arg(&bad).run().exit(2);
    assert!(!stderr(&out).contains("help:"), "{out:?}");
}
