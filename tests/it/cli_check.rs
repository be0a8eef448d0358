//! `clearway check` and `clearway clearance` end to end: exit codes, text,
//! JSON and CSV, on a small map whose every number is worked out by hand.

use crate::common::cli::{RunExt, clearway, stdout};
use crate::common::files::write_file;

use serde_json::{Value, json};

/// Three nodes and two rocks:
///
/// ```text
///   2 (5,5)          * rock 1 (8,4)
///   |
///   |
///   0 (0,0) ---- 1 (5,0)
///          * rock 0 (3,-2)
/// ```
///
/// Edge 0 (0 -> 1): rock 0 projects inside it at (3,0): clearance 2. Rock 1
/// is nearest to the end (5,0): sqrt(9 + 16) = 5.
/// Edge 1 (1 -> 2): rock 1 projects at (5,4): 3. Rock 0 is nearest to the end
/// (5,0): sqrt(4 + 4) = 2.828..., the smaller: the clearance is sqrt(8).
/// Nodes: 0 is sqrt(13) from rock 0; 1 is sqrt(8) from rock 0; 2 is sqrt(10)
/// from rock 1.
const MAP: &str = r#"Map(
    agents: [(name: "small", radius: 1.0), (name: "big", radius: 2.9)],
    nodes: [
        (id: 0, pos: (0.0, 0.0)),
        (id: 1, pos: (5.0, 0.0), name: "gate"),
        (id: 2, pos: (5.0, 5.0)),
    ],
    edges: [(from: 0, to: 1), (from: 1, to: 2, one_way: true)],
    obstacles: [
        Point((3.0, -2.0)),
        Point((8.0, 4.0)),
    ],
)
"#;

fn json_of(output: &std::process::Output) -> Value {
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

#[test]
fn passing_radius_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "m.ron", MAP);
    clearway()
        .arg("check")
        .arg(&map)
        .args(["--radius", "2"])
        .run()
        .exit(0)
        .stdout_is("ok: radius 2: 0 of 2 edges blocked, 0 of 3 nodes blocked\n");
}

#[test]
fn blocked_edge_exits_1_with_a_line_per_edge() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "m.ron", MAP);
    clearway()
        .arg("check")
        .arg(&map)
        .args(["--radius", "2.5"])
        .run()
        .exit(1).stdout_is("blocked: edge 0 (0 -> 1 \"gate\"): clearance 2 < radius 2.5: point #0 (line 10) pinches at (3, 0), obstacle at (3, -2)\n\
         FAILED: radius 2.5: 1 of 2 edges blocked, 0 of 3 nodes blocked\n");
}

#[test]
fn json_for_one_radius_is_an_object() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "m.ron", MAP);
    let out = clearway()
        .arg("check")
        .arg(&map)
        .args(["--radius", "2.9", "--format", "json"])
        .run()
        .exit(1);
    let sqrt8 = 8f64.sqrt();
    assert_eq!(
        json_of(&out),
        json!({
            "radius": 2.9,
            "edges_checked": 2,
            "blocked": [
                {"edge": 0, "from": 0, "to": 1, "to_name": "gate", "clearance": 2.0, "obstacle": 0,
                 "edge_point": [3.0, 0.0], "obstacle_point": [3.0, -2.0]},
                {"edge": 1, "from": 1, "from_name": "gate", "to": 2, "clearance": sqrt8, "obstacle": 0,
                 "edge_point": [5.0, 0.0], "obstacle_point": [3.0, -2.0]},
            ],
            // Node 1 (5, 0) is sqrt(8) from rock 0 (3, -2).
            "blocked_nodes": [{"id": 1, "name": "gate", "clearance": sqrt8, "obstacle": 0,
                               "node_point": [5.0, 0.0], "obstacle_point": [3.0, -2.0]}],
            "stale_bakes": [],
        })
    );
}

#[test]
fn every_agent_profile_without_a_radius() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "m.ron", MAP);
    let out = clearway()
        .arg("check")
        .arg(&map)
        .args(["--format", "json"])
        .run()
        .exit(1);
    let reports = json_of(&out);
    let reports = reports.as_array().expect("an array, one per profile");
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0]["agent"], "small");
    assert_eq!(reports[0]["radius"], 1.0);
    assert_eq!(reports[0]["blocked"], json!([]));
    assert_eq!(reports[1]["agent"], "big");
    assert_eq!(reports[1]["blocked"].as_array().unwrap().len(), 2);

    let text = clearway().arg("check").arg(&map).output().unwrap();
    let text = stdout(&text);
    assert!(
        text.contains("ok: small (radius 1): 0 of 2 edges blocked"),
        "{text}"
    );
    assert!(
        text.contains("FAILED: big (radius 2.9): 2 of 2 edges blocked, 1 of 3 nodes blocked"),
        "{text}"
    );
    assert!(
        text.contains(
            "blocked: node 1 \"gate\": clearance 2.828427 < radius 2.9: point #0 (line 10) pinches at (5, 0), obstacle at (3, -2)"
        ),
        "{text}"
    );
}

#[test]
fn agent_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "m.ron", MAP);
    clearway()
        .arg("check")
        .arg(&map)
        .args(["--agent", "small"])
        .run()
        .exit(0);
    clearway()
        .arg("check")
        .arg(&map)
        .args(["--agent", "nobody"])
        .run()
        .exit(2)
        .stderr_has("no agent named `nobody`")
        .stderr_has("`small`, `big`");
}

#[test]
fn no_radius_and_no_profiles_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "m.ron", "(nodes: [(id: 0, pos: (0, 0))])");
    clearway()
        .arg("check")
        .arg(&map)
        .run()
        .exit(2)
        .stdout_is("")
        .stderr_has("no agent profiles");
}

#[test]
fn bad_usage_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "m.ron", MAP);
    for args in [
        vec!["--radius", "1", "--agent", "small"],
        vec!["--radius", "-1"],
        vec!["--radius", "NaN"],
        vec!["--radius", "inf"],
        vec!["--radius", "wide"],
        vec!["--format", "xml"],
    ] {
        clearway()
            .arg("check")
            .arg(&map)
            .args(&args)
            .run()
            .exit(2)
            .stdout_is("");
    }
    clearway().arg("frobnicate").run().exit(2);
}

#[test]
fn missing_file_exits_2_naming_it() {
    clearway()
        .args(["check", "no/such/level.ron", "--radius", "1"])
        .run()
        .exit(2)
        .stderr_has("no/such/level.ron")
        .stderr_lacks("panicked");
}

#[test]
fn bad_map_exits_2_with_location() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(
        &dir,
        "bad.ron",
        "(\n  nodes: [(id: 0, pos: (0, 0)), (id: 0, pos: (1, 0))],\n)\n",
    );
    clearway()
        .arg("check")
        .arg(&map)
        .args(["--radius", "1"])
        .run()
        .exit(2)
        .stdout_is("")
        .stderr_has("bad.ron:2:")
        .stderr_has("duplicate node id");
}

#[test]
fn map_from_stdin() {
    clearway()
        .args(["check", "-", "--radius", "2.5"])
        .write_stdin(MAP)
        .run()
        .exit(1);
    clearway()
        .args(["check", "-", "--radius", "1"])
        .write_stdin("(nodes: [")
        .run()
        .exit(2)
        .stderr_has("<stdin>:1:");
}

#[test]
fn clearance_json_lists_every_edge_and_node() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "m.ron", MAP);
    let out = clearway()
        .arg("clearance")
        .arg(&map)
        .args(["--format", "json"])
        .run()
        .exit(0);
    let v = json_of(&out);
    assert_eq!(v["edges"][0]["clearance"], 2.0);
    assert_eq!(v["edges"][0]["edge_point"], json!([3.0, 0.0]));
    assert_eq!(v["edges"][1]["clearance"], 8f64.sqrt());
    assert_eq!(
        v["nodes"][0],
        json!({"id": 0, "clearance": 13f64.sqrt(), "obstacle": 0,
               "node_point": [0.0, 0.0], "obstacle_point": [3.0, -2.0]})
    );
    assert_eq!(
        v["nodes"][2],
        json!({"id": 2, "clearance": 10f64.sqrt(), "obstacle": 1,
               "node_point": [5.0, 5.0], "obstacle_point": [8.0, 4.0]})
    );
}

#[test]
fn clearance_is_null_without_obstacles() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(
        &dir,
        "open.ron",
        "(nodes: [(id: 7, pos: (0, 0)), (id: 9, pos: (1, 1))], edges: [(from: 7, to: 9)])",
    );
    let out = clearway()
        .arg("clearance")
        .arg(&map)
        .args(["--format", "json"])
        .run()
        .exit(0);
    assert_eq!(
        json_of(&out),
        json!({
            "edges": [{"edge": 0, "from": 7, "to": 9, "clearance": null, "obstacle": null,
                       "edge_point": null, "obstacle_point": null}],
            "nodes": [{"id": 7, "clearance": null, "obstacle": null,
                       "node_point": null, "obstacle_point": null},
                      {"id": 9, "clearance": null, "obstacle": null,
                       "node_point": null, "obstacle_point": null}],
        })
    );
}

#[test]
fn clearance_csv_and_text() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "m.ron", MAP);
    let out = clearway()
        .arg("clearance")
        .arg(&map)
        .args(["--format", "csv"])
        .output()
        .unwrap();
    let csv = stdout(&out);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("edge,from,to,clearance,obstacle,edge_x,edge_y,obstacle_x,obstacle_y")
    );
    assert_eq!(lines.next(), Some("0,0,1,2,0,3,0,3,-2"));
    let out = clearway().arg("clearance").arg(&map).output().unwrap();
    let text = stdout(&out);
    assert_eq!(
        text.lines().next(),
        Some(
            "edge 0 (0 -> 1 \"gate\"): clearance 2, point #0 (line 10) pinches at (3, 0), obstacle at (3, -2)"
        )
    );
}

/// A level without obstacles keeps its baked clearances: edge 0 was baked
/// at 1.0, edge 1 not (unbounded). `check --radius 2` blocks edge 0 and
/// says the value is baked; `clearance` lists 1.0 and `null` (and
/// unbounded nodes).
#[test]
fn a_level_without_obstacles_keeps_its_bakes() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(
        &dir,
        "baked.ron",
        "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (4, 0)), (id: 2, pos: (4, 4))],
          edges: [(from: 0, to: 1, clearance: 1.0), (from: 1, to: 2)])",
    );
    clearway()
        .args(["check", "--radius", "2"])
        .arg(&map)
        .run().exit(1).stdout_is("blocked: edge 0 (0 -> 1): clearance 1 < radius 2 (baked value; the map has no obstacles)\n\
         FAILED: radius 2: 1 of 2 edges blocked, 0 of 3 nodes blocked\n");
    let out = clearway()
        .args(["clearance", "--format", "json"])
        .arg(&map)
        .run()
        .exit(0);
    let table = json_of(&out);
    let edges: Vec<&Value> = table["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["clearance"])
        .collect();
    assert_eq!(edges, [&json!(1.0), &Value::Null]);
    let nodes: Vec<&Value> = table["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| &n["clearance"])
        .collect();
    assert_eq!(nodes, [&Value::Null, &Value::Null, &Value::Null]);
}
