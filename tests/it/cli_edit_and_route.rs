//! `clearway prune`, `bake`, `route` and `widest` end to end: exit codes,
//! atomic writes, refusing to clobber the input, and the JSON contract.

use crate::common::cli::{RunExt, clearway, stderr, stdout};
use crate::common::files::files_in;

use serde_json::{Value, json};

/// A square with a rock near its south side:
///
/// ```text
///   3 (0,10) ------- 2 (10,10)
///   |                |
///   |                |
///   0 (0,0) -------- 1 (10,0)      rock at (5,1): edge 0 -> 1 has clearance 1
/// ```
///
/// The west, north and east sides are 5+ from the rock (nearest: the east and
/// west sides at distance sqrt(25 + 0) = 5 from x = 0 and x = 10, the north
/// side 9 away). Edge 3 -> 0 is one-way.
const MAP: &str = r#"Map(
    agents: [(name: "small", radius: 0.5), (name: "big", radius: 2.0)],
    nodes: [
        (id: 0, pos: (0, 0), name: "sw"),
        (id: 1, pos: (10, 0), name: "se"),
        (id: 2, pos: (10, 10)),
        (id: 3, pos: (0, 10)),
    ],
    edges: [
        (from: 0, to: 1),
        (from: 1, to: 2),
        (from: 2, to: 3, cost: 3.0),
        (from: 3, to: 0, one_way: true),
    ],
    obstacles: [Point((5, 1))],
)
"#;

fn setup() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("level.ron");
    std::fs::write(&path, MAP).expect("write map");
    (dir, path)
}

#[test]
fn prune_writes_the_map_without_blocked_edges() {
    let (dir, map) = setup();
    let out_path = dir.path().join("pruned.ron");
    clearway()
        .arg("prune")
        .arg(&map)
        .args(["--agent", "big", "-o"])
        .arg(&out_path)
        .run()
        .exit(0)
        .stderr_has("pruned 1 of 4 edges for big (radius 2)")
        .stderr_has("connected components: 1 before, 1 after");
    let text = std::fs::read_to_string(&out_path).unwrap();
    assert!(!text.contains("(from: 0, to: 1)"), "{text}");
    assert!(text.contains("(from: 2, to: 3, cost: 3.0)"), "{text}");
    assert!(text.contains("(from: 3, to: 0, one_way: true)"), "{text}");
    assert!(text.contains("name: \"sw\""), "{text}");
    // It loads back and now passes for big.
    clearway()
        .arg("check")
        .arg(&out_path)
        .args(["--agent", "big"])
        .run()
        .exit(0);
    assert_eq!(
        std::fs::read_to_string(&map).unwrap(),
        MAP,
        "input untouched"
    );
}

#[test]
fn prune_reports_nodes_cut_off() {
    let (dir, map) = setup();
    // Radius 6 blocks the east and west sides too (5 from the rock) and the
    // south side; only the north side (2 - 3) survives: 0 and 1 are cut off.
    clearway()
        .arg("prune")
        .arg(&map)
        .args(["--radius", "6", "-o", "-"])
        .current_dir(dir.path())
        .run()
        .exit(0)
        .stderr_has("pruned 3 of 4 edges for radius 6")
        .stderr_has("connected components: 1 before, 3 after")
        .stderr_has("cut off from the rest: 2 node(s): 0 \"sw\", 1 \"se\"")
        .stdout_starts_with("Map(");
    assert_eq!(files_in(dir.path()), vec!["level.ron"], "stdout only");
}

/// A hub at the origin with `n` spokes, each through a rock: every spoke is
/// blocked for radius 1, and its far node is cut off.
fn star_map(n: usize) -> String {
    let mut nodes = vec!["(id: 0, pos: (0.0, 0.0))".to_string()];
    let mut edges = Vec::new();
    let mut rocks = Vec::new();
    for i in 1..=n {
        let y = i as f64 * 10.0;
        nodes.push(format!("(id: {i}, pos: (10.0, {y}))"));
        edges.push(format!("(from: 0, to: {i})"));
        rocks.push(format!("Point((5.0, {}))", y / 2.0));
    }
    format!(
        "(nodes: [{}], edges: [{}], obstacles: [{}])",
        nodes.join(", "),
        edges.join(", "),
        rocks.join(", ")
    )
}

#[test]
fn prune_lists_the_first_cut_off_nodes_in_text_and_all_in_json() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("star.ron");
    std::fs::write(&map, star_map(30)).unwrap();
    let out = clearway()
        .arg("prune")
        .arg(&map)
        .args(["--radius", "1", "-o", "-"])
        .run()
        .exit(0);
    let err = stderr(&out);
    let first_20: Vec<String> = (1..=20).map(|i| i.to_string()).collect();
    assert!(
        err.contains(&format!(
            "cut off from the rest: 30 node(s): {}, … and 10 more (--format json lists them all)\n",
            first_20.join(", ")
        )),
        "{err}"
    );
    assert!(!err.contains(", 21"), "{err}");

    let out = clearway()
        .arg("prune")
        .arg(&map)
        .args(["--radius", "1", "--format", "json"])
        .arg("-o")
        .arg(dir.path().join("out.ron"))
        .run()
        .exit(0);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cut_off_nodes"].as_array().unwrap().len(), 30, "{v}");
}

#[test]
fn prune_refuses_to_overwrite_its_input_without_in_place() {
    let (dir, map) = setup();
    clearway()
        .arg("prune")
        .arg(&map)
        .args(["--radius", "2", "-o"])
        .arg(&map)
        .run()
        .exit(2)
        .stderr_has("refusing to overwrite the input map")
        .stderr_has("--in-place");
    assert_eq!(std::fs::read_to_string(&map).unwrap(), MAP);

    // The same file through another spelling of its path is refused too.
    let other = dir.path().join(".").join("level.ron");
    clearway()
        .arg("prune")
        .arg(&map)
        .args(["--radius", "2", "-o"])
        .arg(&other)
        .run()
        .exit(2);

    clearway()
        .arg("prune")
        .arg(&map)
        .args(["--radius", "2", "--in-place"])
        .run()
        .exit(0);
    let text = std::fs::read_to_string(&map).unwrap();
    assert!(!text.contains("(from: 0, to: 1)"), "{text}");
    assert_eq!(files_in(dir.path()), vec!["level.ron"], "no temp file left");
}

#[test]
fn a_failed_write_exits_2_and_leaves_nothing_behind() {
    let (dir, map) = setup();
    // Into a folder that does not exist.
    let missing = dir.path().join("no/such/dir/out.ron");
    clearway()
        .arg("prune")
        .arg(&map)
        .args(["--radius", "2", "-o"])
        .arg(&missing)
        .run()
        .exit(2)
        .stderr_has("cannot write")
        .stderr_has("no/such/dir/out.ron");
    // Onto a directory.
    let folder = dir.path().join("folder");
    std::fs::create_dir(&folder).unwrap();
    clearway()
        .arg("bake")
        .arg(&map)
        .arg("-o")
        .arg(&folder)
        .run()
        .exit(2)
        .stderr_has("directory");
    assert_eq!(
        std::fs::read_to_string(&map).unwrap(),
        MAP,
        "input untouched"
    );
    assert_eq!(
        files_in(dir.path()),
        vec!["folder", "level.ron"],
        "no temp file left"
    );
    assert!(files_in(&folder).is_empty());
}

#[test]
fn prune_needs_a_radius_and_an_output() {
    let (_dir, map) = setup();
    clearway()
        .arg("prune")
        .arg(&map)
        .args(["-o", "-"])
        .run()
        .exit(2)
        .stderr_has("--radius");
    clearway()
        .arg("prune")
        .arg(&map)
        .args(["--radius", "1"])
        .run()
        .exit(2);
    clearway()
        .args(["bake", "-", "--in-place"])
        .write_stdin(MAP)
        .run()
        .exit(2);
}

#[test]
fn bake_then_check_and_a_stale_bake() {
    let (dir, map) = setup();
    let baked = dir.path().join("baked.ron");
    clearway()
        .arg("bake")
        .arg(&map)
        .arg("-o")
        .arg(&baked)
        .run()
        .exit(0);
    let text = std::fs::read_to_string(&baked).unwrap();
    assert!(text.contains("(from: 0, to: 1, clearance: 1.0)"), "{text}");
    clearway()
        .arg("check")
        .arg(&baked)
        .args(["--radius", "0.5"])
        .run()
        .exit(0);

    // Move the rock: the south edge's baked 1.0 is now stale (the rock at
    // (5, 3) is 3 away), so is the north edge's 9 (now 7); the east and west
    // sides stay 5. Check fails whatever the radius.
    // The baked map keeps the input's text, only its edges changed.
    let moved = text.replace("Point((5, 1))", "Point((5, 3))");
    assert_ne!(moved, text);
    std::fs::write(&baked, moved).unwrap();
    let check = clearway()
        .arg("check")
        .arg(&baked)
        .args(["--radius", "0.5", "--format", "json"])
        .run()
        .exit(1);
    let v: Value = serde_json::from_slice(&check.stdout).unwrap();
    assert_eq!(v["blocked"], json!([]));
    assert_eq!(
        v["stale_bakes"],
        json!([
            {"edge": 0, "from": 0, "to": 1, "baked": 1.0, "recomputed": 3.0},
            {"edge": 2, "from": 2, "to": 3, "baked": 9.0, "recomputed": 7.0},
        ])
    );

    // Without obstacles the baked values are the clearances.
    let bare = text.replace("obstacles: [Point((5, 1))],", "");
    assert!(!bare.contains("Point"), "{bare}");
    std::fs::write(&baked, bare).unwrap();
    clearway()
        .arg("check")
        .arg(&baked)
        .args(["--radius", "2"])
        .run()
        .exit(1)
        .stdout_has("blocked: edge 0 (0 \"sw\" -> 1 \"se\"): clearance 1 < radius 2 (baked value");
}

#[test]
fn route_json_and_exit_codes() {
    let (_dir, map) = setup();
    // Small agent: straight along the south side, 10 long.
    let out = clearway()
        .arg("route")
        .arg(&map)
        .args([
            "--from", "sw", "--to", "se", "--agent", "small", "--format", "json",
        ])
        .run()
        .exit(0);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["found"], true);
    assert_eq!(v["path"], json!([0, 1]));
    assert_eq!(v["length"], 10.0);
    assert_eq!(v["cost"], 10.0);
    assert_eq!(v["min_clearance"], 1.0);
    // From sw the only way out is the south side (3 -> 0 is one-way in).
    assert_eq!(v["widest_radius"], 1.0);

    // Big agent: the south side is too tight and 3 -> 0 is one-way, so from
    // sw the only way out is closed: no route, exit 1, widest radius 1.
    let out = clearway()
        .arg("route")
        .arg(&map)
        .args([
            "--from", "0", "--to", "1", "--agent", "big", "--format", "json",
        ])
        .run()
        .exit(1);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["found"], false);
    assert_eq!(v["path"], json!([]));
    assert_eq!(v["length"], Value::Null);
    assert_eq!(v["cost"], Value::Null);
    assert_eq!(v["min_clearance"], Value::Null);
    assert_eq!(v["widest_radius"], 1.0);
    let text = clearway()
        .arg("route")
        .arg(&map)
        .args(["--from", "0", "--to", "1", "--radius", "2"])
        .output()
        .unwrap();
    let text = stdout(&text);
    assert!(
        text.contains("no route from 0 \"sw\" to 1 \"se\" for radius 2"),
        "{text}"
    );
    assert!(
        text.contains(
            "the widest agent that can go has radius 1; bottleneck: edge 0 (0 \"sw\" -> 1 \"se\")"
        ),
        "{text}"
    );

    // The other way round, big goes round the north: 1 -> 2 -> 3 -> 0, with
    // the north side's cost 3 instead of its length 10.
    let out = clearway()
        .arg("route")
        .arg(&map)
        .args([
            "--from", "se", "--to", "sw", "--radius", "2", "--format", "json",
        ])
        .run()
        .exit(0);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["path"], json!([1, 2, 3, 0]));
    assert_eq!(v["length"], 30.0);
    assert_eq!(v["cost"], 23.0);
    assert_eq!(v["min_clearance"], 5.0);
}

#[test]
fn route_usage_errors_exit_2() {
    let (_dir, map) = setup();
    for args in [
        vec!["--from", "sw", "--to", "nowhere", "--radius", "1"],
        vec!["--from", "sw", "--to", "se"],
        vec!["--from", "sw", "--radius", "1"],
    ] {
        clearway()
            .arg("route")
            .arg(&map)
            .args(&args)
            .run()
            .exit(2)
            .stdout_is("");
    }
}

#[test]
fn widest_json_and_exit_codes() {
    let (_dir, map) = setup();
    let out = clearway()
        .arg("widest")
        .arg(&map)
        .args(["--from", "se", "--to", "sw", "--format", "json"])
        .run()
        .exit(0);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    // Round the north (bottleneck 5: the east and west sides) beats the
    // south side (1).
    assert_eq!(
        v,
        json!({"found": true, "unbounded": false, "widest_radius": 5.0, "path": [1, 2, 3, 0],
               "path_names": ["se", null, null, "sw"], "bottleneck_edge": 1})
    );

    // A node nobody can reach: exit 1.
    let island = MAP.replace(
        "(id: 3, pos: (0, 10)),",
        "(id: 3, pos: (0, 10)),\n        (id: 9, pos: (50, 50)),",
    );
    let out = clearway()
        .args([
            "widest", "-", "--from", "0", "--to", "9", "--format", "json",
        ])
        .write_stdin(island)
        .run()
        .exit(1);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v,
        json!({"found": false, "unbounded": false, "widest_radius": null, "path": [], "path_names": [], "bottleneck_edge": null})
    );

    // No obstacles: unbounded.
    let open = MAP.replace("obstacles: [Point((5, 1))],", "");
    let out = clearway()
        .args([
            "widest", "-", "--from", "0", "--to", "1", "--format", "json",
        ])
        .write_stdin(open)
        .run()
        .exit(0);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v,
        json!({"found": true, "unbounded": true, "widest_radius": null, "path": [0, 1], "path_names": ["sw", "se"], "bottleneck_edge": null})
    );
}
