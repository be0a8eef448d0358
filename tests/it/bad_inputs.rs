//! Every class of broken map in `tests/bad/`, run through the binary: exit
//! code 2, `file:line:col` and the message on stderr, a snippet, no panic, and
//! nothing on stdout or on disk. Locations were counted by hand in each file.

use crate::common::cli::stderr;

use std::path::Path;

use assert_cmd::Command;

/// (file in tests/bad, line:col, words the message must contain)
const CORPUS: &[(&str, &str, &str)] = &[
    ("truncated.ron", "4:26", "unexpected end of file"),
    ("wrong_type.ron", "3:14", "expected an integer"),
    (
        "unknown_field_top.ron",
        "3:5",
        "unknown field `walls` in `Map`",
    ),
    (
        "unknown_field_node.ron",
        "3:34",
        "unknown field `height` in `Node`",
    ),
    (
        "unknown_field_obstacle.ron",
        "4:49",
        "unknown field `height` in `Circle`",
    ),
    ("missing_field.ron", "3:15", "missing field `pos` in `Node`"),
    ("unknown_variant.ron", "4:9", "unknown variant `Square`"),
    ("duplicate_node_id.ron", "5:14", "duplicate node id 7"),
    ("unknown_node.ron", "8:23", "unknown node 5"),
    ("self_loop.ron", "6:23", "self-loop"),
    ("nan.ron", "3:28", "is NaN"),
    ("inf.ron", "3:23", "is infinite"),
    ("overflow_1e400.ron", "4:16", "is infinite"),
    ("out_of_range.ron", "3:23", "out of range"),
    ("negative_circle_radius.ron", "4:44", "negative (-0.5)"),
    ("negative_agent_radius.ron", "3:33", "negative (-1.0)"),
    ("negative_cost.ron", "7:32", "negative (-3.0)"),
    ("negative_clearance.ron", "7:37", "negative (-1.0)"),
    ("polygon_two_vertices.ron", "4:9", "has 2 distinct vertices"),
    (
        "duplicate_agent_name.ron",
        "4:16",
        "duplicate agent name \"tank\"",
    ),
    ("deep_nesting.ron", "1:13", "expected a `Node`"),
    ("empty.ron", "1:1", "the map is empty"),
    ("comments_only.ron", "1:1", "only whitespace and comments"),
    ("binary.ron", "1:1", "not UTF-8"),
    ("not_utf8.ron", "3:44", "byte 0xE9 is not valid UTF-8"),
    // Walking agents (#30).
    ("walking_in_2d.ron", "3:48", "has `height` in a 2D level"),
    (
        "walking_climb_without_height.ron",
        "3:45",
        "has `climb` but no `height`",
    ),
    (
        "walking_no_climb.ron",
        "3:9",
        "has a `height` but no `climb`",
    ),
    (
        "walking_too_short.ron",
        "3:48",
        "height 1, below climb 0.35 + 2 x radius 0.4 = 1.15",
    ),
    (
        "walking_slope_out_of_range.ron",
        "3:73",
        "above 0 and at most 90",
    ),
    ("walking_climb_zero.ron", "3:60", "has `climb: 0`"),
    ("walking_negative_climb.ron", "3:60", "negative (-0.5)"),
    // 3D levels (#15).
    (
        "mixed_dimensions.ron",
        "4:22",
        "`nodes[1].pos` is a 2D position in a 3D map",
    ),
    (
        "mixed_dimensions_obstacle.ron",
        "5:39",
        "`obstacles[1].to` is a 3D position in a 2D map",
    ),
    ("circle_in_3d.ron", "5:9", "in a 3D map: use `Sphere`"),
    (
        "polygon_in_3d.ron",
        "4:9",
        "in a 3D map: use `Box`, `Triangle` or `Mesh`",
    ),
    (
        "box_in_2d.ron",
        "5:9",
        "`Box`, which is 3D-only, in a 2D map",
    ),
    (
        "mesh_in_2d.ron",
        "3:17",
        "`Mesh`, which is 3D-only, in a 2D map",
    ),
    (
        "box_min_above_max.ron",
        "5:30",
        "has min z = 2.0 above max z = 1.6",
    ),
    (
        "mesh_index_out_of_range.ron",
        "6:43",
        "names vertex 4, but the mesh has 4 vertices",
    ),
    ("triangle_two_corners.ron", "4:9", "has 2 corners"),
    ("nan_3d.ron", "2:68", "`nodes[1].pos.2` is NaN"),
    ("out_of_range_3d.ron", "4:53", "is -2e15, out of range"),
    ("inf_3d.ron", "4:59", "`obstacles[0].0[2].1` is infinite"),
    ("negative_sphere_radius.ron", "4:49", "negative (-0.25)"),
    (
        "position_four_coordinates.ron",
        "2:45",
        "expected a tuple of size 2 or 3 but found 4 elements",
    ),
    // Areas and per-agent costs (#30).
    (
        "unknown_area_in_costs.ron",
        "3:44",
        "agent 0 names area \"swamp\" in `costs`, but no edge has that area",
    ),
    (
        "unknown_area_in_forbid.ron",
        "3:54",
        "agent 0 names area \"lava\" in `forbid`",
    ),
    (
        "zero_multiplier.ron",
        "3:44",
        "multiplier for area \"water\" is 0.0: a multiplier must be finite and > 0",
    ),
    ("negative_multiplier.ron", "3:44", "is -2.0: a multiplier"),
    ("nan_multiplier.ron", "3:44", "is NaN: a multiplier"),
    ("inf_multiplier_3d.ron", "3:44", "is inf: a multiplier"),
];

/// Runs every command that reads a map over `map` (given relative to `dir`),
/// checking the common contract, and returns `check`'s stderr.
fn run_all_commands(dir: &Path, map: &str) -> String {
    let out_dir = tempfile::tempdir().expect("temp dir");
    let out = out_dir.path().join("out.ron");
    let out = out.to_str().expect("utf-8 temp path");
    let commands: [&[&str]; 7] = [
        &["check", map, "--radius", "1"],
        &["clearance", map, "--format", "json"],
        &["prune", map, "--radius", "1", "-o", out],
        &["bake", map, "-o", out],
        &["link", map, "--max-length", "5", "--radius", "1", "-o", out],
        &["route", map, "--from", "0", "--to", "1", "--radius", "1"],
        &["widest", map, "--from", "0", "--to", "1"],
    ];
    let mut first_stderr = None;
    for args in commands {
        let output = Command::cargo_bin("clearway")
            .expect("built")
            .args(args)
            .current_dir(dir)
            .output()
            .expect("runs");
        let stderr = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?} wrote to stdout");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        first_stderr.get_or_insert(stderr);
    }
    let left: Vec<_> = std::fs::read_dir(out_dir.path())
        .expect("readable")
        .collect();
    assert!(left.is_empty(), "nothing may be written for {map}");
    first_stderr.unwrap_or_default()
}

#[test]
fn every_broken_map_exits_2_with_a_located_message() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/bad exists")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let listed: Vec<&str> = CORPUS.iter().map(|(f, _, _)| *f).collect();
    for f in &files {
        assert!(
            listed.contains(&f.as_str()),
            "{f} has no expectation in CORPUS"
        );
    }
    for (file, location, words) in CORPUS {
        let stderr = run_all_commands(&dir, file);
        assert!(
            stderr.contains(&format!("--> {file}:{location}\n")),
            "{file}: expected {location}:\n{stderr}"
        );
        assert!(
            stderr.contains(words),
            "{file}: expected {words:?}:\n{stderr}"
        );
        // A snippet: a gutter line with the line number, and a caret line.
        let line = location.split(':').next().unwrap_or_default();
        assert!(
            stderr.contains(&format!("\n {line} |")) || stderr.contains(&format!("\n{line} |")),
            "{file}: no snippet:\n{stderr}"
        );
        assert!(stderr.contains('^'), "{file}: no caret:\n{stderr}");
    }
}

#[test]
fn missing_and_unreadable_files_name_their_path() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("a_folder.ron")).expect("mkdir");
    for map in ["no_such_level.ron", "a_folder.ron"] {
        let stderr = run_all_commands(dir.path(), map);
        assert!(stderr.contains(map), "{stderr}");
    }
}

/// A minified map on one 100 MB line with an error about a kilobyte in: the
/// message and its snippet stay short, and the rest of the line is not echoed.
#[test]
fn error_in_a_100_mb_line_gives_a_short_message() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut text = String::with_capacity(100 << 20);
    text.push_str("(nodes:[");
    for i in 0..40 {
        text.push_str(&format!("(id:{i},pos:({i}.5,0.25)),"));
    }
    text.push_str("(id:40,pos:(1.0,2.0),colour:3),");
    let filler = "(id:99,pos:(0.0,0.0)),";
    while text.len() < 100 << 20 {
        text.push_str(filler);
    }
    text.push_str("])");
    std::fs::write(dir.path().join("minified.ron"), &text).expect("write");
    drop(text);
    let stderr = run_all_commands(dir.path(), "minified.ron");
    assert!(stderr.contains("unknown field `colour`"), "{stderr}");
    assert!(stderr.contains("--> minified.ron:1:"), "{stderr}");
    assert!(stderr.len() < 1_000, "{} bytes:\n{stderr}", stderr.len());
    assert!(stderr.lines().all(|l| l.chars().count() < 200), "{stderr}");
}
