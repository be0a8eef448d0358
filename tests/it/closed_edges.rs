//! Closed edges (doors) in every static command: measured and reported as
//! any edge, marked `closed`, never used by a route, kept by `prune`,
//! `bake` and `link`, drawn with a bar, and reported by `diff` when they
//! close or open.

use serde_json::{Value, json};

use crate::common::cli::{RunExt, clearway};
use crate::common::files::write_file;

/// Three nodes and a rock at (5, 4):
///
/// ```text
///            2 (5,5)
///          /    * rock (5,4)
///        /        \
///   0 (0,0) ===|=== 1 (10,0) "hall"
/// ```
///
/// Edge 0 (0 -> 1) is the door, closed: the rock is 4 above it. Edges 1
/// (0 -> 2) and 2 (2 -> 1) go round, each passing the rock at 1 / sqrt(2)
/// (it projects onto their middles, (4.5, 4.5) and (5.5, 4.5)). Node 2 is
/// 1 from the rock.
const DOOR: &str = r#"Map(
    agents: [(name: "small", radius: 0.5), (name: "big", radius: 2.0)],
    nodes: [
        (id: 0, pos: (0.0, 0.0)),
        (id: 1, pos: (10.0, 0.0), name: "hall"),
        (id: 2, pos: (5.0, 5.0)),
    ],
    edges: [
        (from: 0, to: 1, closed: true), // the door
        (from: 0, to: 2),
        (from: 2, to: 1),
    ],
    obstacles: [Point((5.0, 4.0))],
)
"#;

/// [`DOOR`] with the door open.
fn open() -> String {
    DOOR.replace(", closed: true", "")
}

fn json_of(out: &std::process::Output) -> Value {
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

#[test]
fn check_judges_a_closed_edge_by_its_clearance_and_marks_it() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "door.ron", DOOR);
    // The door (clearance 4) admits 0.5: not a failure, though closed.
    clearway()
        .arg("check")
        .arg(&map)
        .args(["--agent", "small"])
        .run()
        .exit(0)
        .stdout_is(
            "ok: small (radius 0.5): 0 of 3 edges blocked, 0 of 3 nodes blocked, 1 edge closed\n",
        );
    // Too tight at 5: listed as blocked, and marked closed.
    clearway()
        .arg("check")
        .arg(&map)
        .args(["--radius", "5", "--summary"])
        .run()
        .exit(1)
        .stdout_is("FAILED: radius 5: 3 of 3 edges blocked, 1 of 3 nodes blocked, 1 edge closed\n");
    clearway()
        .arg("check")
        .arg(&map)
        .args(["--radius", "5"])
        .run()
        .exit(1)
        .stdout_starts_with(
            "blocked: edge 0 (0 -> 1 \"hall\") (closed): clearance 4 < radius 5: point #0 (line 13) \
             pinches at (5, 0), obstacle at (5, 4)\n\
             blocked: edge 1 (0 -> 2): clearance",
        );
    let out = clearway()
        .arg("check")
        .arg(&map)
        .args(["--radius", "5", "--format", "json"])
        .run()
        .exit(1);
    let report = json_of(&out);
    assert_eq!(report["edges_closed"], 1);
    assert_eq!(
        report["blocked"][0],
        json!({"edge": 0, "from": 0, "to": 1, "to_name": "hall", "closed": true,
               "clearance": 4.0, "obstacle": 0, "edge_point": [5.0, 0.0],
               "obstacle_point": [5.0, 4.0]})
    );
    // An open edge's row has no `closed`; a level without closed edges no
    // count.
    assert!(report["blocked"][1].get("closed").is_none());
    let open = write_file(&dir, "open.ron", &open());
    let out = clearway()
        .arg("check")
        .arg(&open)
        .args(["--radius", "5", "--format", "json"])
        .run()
        .exit(1);
    assert!(json_of(&out).get("edges_closed").is_none());
    clearway()
        .arg("check")
        .arg(&open)
        .args(["--radius", "5"])
        .run()
        .exit(1)
        .stdout_lacks("closed");
}

#[test]
fn clearance_measures_a_closed_edge_and_marks_it() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "door.ron", DOOR);
    clearway()
        .arg("clearance")
        .arg(&map)
        .run()
        .exit(0)
        .stdout_starts_with(
            "edge 0 (0 -> 1 \"hall\") (closed): clearance 4, point #0 (line 13) pinches at (5, 0), obstacle at (5, 4)\n\
             edge 1 (0 -> 2): clearance 0.7071068,",
        );
    let csv = clearway()
        .arg("clearance")
        .arg(&map)
        .args(["--format", "csv"])
        .run()
        .exit(0)
        .stdout();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "edge,from,to,clearance,obstacle,edge_x,edge_y,obstacle_x,obstacle_y,closed"
    );
    assert_eq!(lines[1], "0,0,1,4,0,5,0,5,4,true");
    assert!(lines[2].ends_with(",false"), "{csv}");
    let out = clearway()
        .arg("clearance")
        .arg(&map)
        .args(["--format", "json"])
        .run()
        .exit(0);
    let table = json_of(&out);
    assert_eq!(table["edges"][0]["closed"], true);
    assert_eq!(table["edges"][0]["clearance"], 4.0);
    assert!(table["edges"][1].get("closed").is_none());
    // Without closed edges, no column.
    let open = write_file(&dir, "open.ron", &open());
    clearway()
        .arg("clearance")
        .arg(&open)
        .args(["--format", "csv"])
        .run()
        .exit(0)
        .stdout_lacks("closed");
}

#[test]
fn route_and_widest_go_round_a_closed_edge() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "door.ron", DOOR);
    let open = write_file(&dir, "open.ron", &open());
    // Open, the door is the way, at any radius up to 4.
    clearway()
        .arg("route")
        .arg(&open)
        .args(["--from", "0", "--to", "hall", "--radius", "0"])
        .run()
        .exit(0)
        .stdout_starts_with("route: 0 -> 1 \"hall\"\n");
    // Closed, even radius 0 goes round.
    for radius in ["0", "0.5"] {
        clearway()
            .arg("route")
            .arg(&map)
            .args(["--from", "0", "--to", "hall", "--radius", radius])
            .run()
            .exit(0)
            .stdout_starts_with("route: 0 -> 2 -> 1 \"hall\"\n");
    }
    // Too wide for the way round: no route, with a note on the door.
    clearway()
        .arg("route")
        .arg(&map)
        .args(["--from", "0", "--to", "hall", "--radius", "1"])
        .run()
        .exit(1)
        .stdout_is(
            "no route from 0 to 1 \"hall\" for radius 1\n\
             the widest agent that can go has radius 0.70710678; bottleneck: edge 1 (0 -> 2)\n\
             note: 1 closed edge is unusable for every agent\n",
        );
    let out = clearway()
        .arg("route")
        .arg(&map)
        .args([
            "--from", "0", "--to", "1", "--radius", "0.5", "--format", "json",
        ])
        .run()
        .exit(0);
    assert_eq!(json_of(&out)["path"], json!([0, 2, 1]));
    clearway()
        .arg("widest")
        .arg(&map)
        .args(["--from", "0", "--to", "hall"])
        .run()
        .exit(0)
        .stdout_is(
            "widest radius from 0 to 1 \"hall\": 0.70710678\n\
             route: 0 -> 2 -> 1 \"hall\"\n\
             bottleneck: edge 1 (0 -> 2), clearance 0.7071068\n",
        );
    clearway()
        .arg("widest")
        .arg(&open)
        .args(["--from", "0", "--to", "hall"])
        .run()
        .exit(0)
        .stdout_starts_with("widest radius from 0 to 1 \"hall\": 4\n");
    // With only the door between them, no way at all.
    let shut = write_file(
        &dir,
        "shut.ron",
        "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))], edges: [(from: 0, to: 1, closed: true)])",
    );
    clearway()
        .arg("widest")
        .arg(&shut)
        .args(["--from", "0", "--to", "1"])
        .run()
        .exit(1)
        .stdout_is(
            "1 cannot be reached from 0 at any radius\n\
             note: 1 closed edge is unusable for every agent\n",
        );
}

#[test]
fn diff_reports_edges_closed_and_opened() {
    let dir = tempfile::tempdir().unwrap();
    let door = write_file(&dir, "door.ron", DOOR);
    let open = write_file(&dir, "open.ron", &open());
    clearway()
        .arg("diff")
        .arg(&open)
        .arg(&door)
        .run()
        .exit(0)
        .stdout_is(
            "closed     edge 0 (0 -> 1 \"hall\")  open -> closed\n\
             ok: 0 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 0 one_way, 0 cost, \
             1 closed, 0 opened\n",
        );
    clearway()
        .arg("diff")
        .arg(&door)
        .arg(&open)
        .run()
        .exit(0)
        .stdout_is(
            "opened     edge 0 (0 -> 1 \"hall\")  closed -> open\n\
             ok: 0 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 0 one_way, 0 cost, \
             0 closed, 1 opened\n",
        );
    let out = clearway()
        .arg("diff")
        .arg(&door)
        .arg(&open)
        .args(["--format", "json"])
        .run()
        .exit(0);
    let report = json_of(&out);
    assert_eq!(
        (report["closed"].clone(), report["opened"].clone()),
        (json!(0), json!(1))
    );
    assert_eq!(report["changes"][0]["kind"], "opened");
    assert_eq!(report["changes"][0]["old"]["closed"], true);
    assert!(report["changes"][0]["new"].get("closed").is_none());
    // The same doors on both sides: nothing to report, and the summary
    // as it always was.
    let out = clearway()
        .arg("diff")
        .arg(&door)
        .arg(&door)
        .args(["--format", "json"])
        .run()
        .exit(0);
    assert!(json_of(&out).get("closed").is_none());
    clearway()
        .arg("diff")
        .arg(&door)
        .arg(&door)
        .run()
        .exit(0)
        .stdout_is(
            "ok: 0 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 0 one_way, 0 cost\n",
        );
}

#[test]
fn render_draws_a_bar_across_a_closed_edge_with_a_legend_key() {
    let dir = tempfile::tempdir().unwrap();
    let door = write_file(&dir, "door.ron", DOOR);
    let open = write_file(&dir, "open.ron", &open());
    let svg = |map: &std::path::Path, name: &str| {
        let out = dir.path().join(name);
        clearway()
            .arg("render")
            .arg(map)
            .args(["--radius", "0.5", "-o"])
            .arg(&out)
            .run()
            .exit(0);
        std::fs::read_to_string(out).unwrap()
    };
    let shut = svg(&door, "door.svg");
    assert!(shut.contains("<g id=\"closed\">"), "{shut}");
    assert!(
        shut.contains("<title>edge 0 (0 -&gt; 1): closed</title>"),
        "{shut}"
    );
    assert!(shut.contains(">closed (1)</text>"), "{shut}");
    assert!(
        shut.contains("; closed: unusable for every agent</title>"),
        "{shut}"
    );
    let opened = svg(&open, "open.svg");
    assert!(!opened.contains("closed"), "{opened}");
    // PNG too.
    let png = dir.path().join("door.png");
    clearway()
        .arg("render")
        .arg(&door)
        .args(["--radius", "0.5", "-o"])
        .arg(&png)
        .run()
        .exit(0);
    assert!(std::fs::metadata(&png).unwrap().len() > 0);
}

#[test]
fn prune_and_bake_keep_a_closed_edge_closed() {
    let dir = tempfile::tempdir().unwrap();
    let door = write_file(&dir, "door.ron", DOOR);
    // At 1, the way round goes (0.71) and the door (4) stays, closed.
    let pruned = dir.path().join("pruned.ron");
    clearway()
        .arg("prune")
        .arg(&door)
        .args(["--radius", "1", "-o"])
        .arg(&pruned)
        .run()
        .exit(0);
    let text = std::fs::read_to_string(&pruned).unwrap();
    assert!(
        text.contains("(from: 0, to: 1, closed: true), // the door"),
        "{text}"
    );
    assert!(!text.contains("(from: 0, to: 2)"), "{text}");
    // At 5 the door goes too: pruned by clearance, as any edge.
    let gone = dir.path().join("gone.ron");
    clearway()
        .arg("prune")
        .arg(&door)
        .args(["--radius", "5", "-o"])
        .arg(&gone)
        .run()
        .exit(0);
    assert!(
        !std::fs::read_to_string(&gone)
            .unwrap()
            .contains("from: 0, to: 1")
    );
    let baked = dir.path().join("baked.ron");
    clearway()
        .arg("bake")
        .arg(&door)
        .arg("-o")
        .arg(&baked)
        .run()
        .exit(0);
    let text = std::fs::read_to_string(&baked).unwrap();
    assert!(
        text.contains("(from: 0, to: 1, closed: true, clearance: 4.0), // the door"),
        "{text}"
    );
    // The baked level checks, routes and diffs as the level did.
    clearway()
        .arg("route")
        .arg(&baked)
        .args(["--from", "0", "--to", "1", "--radius", "0"])
        .run()
        .exit(0)
        .stdout_starts_with("route: 0 -> 2 -> 1 \"hall\"\n");
    clearway()
        .arg("diff")
        .arg(&door)
        .arg(&baked)
        .run()
        .exit(0)
        .stdout_lacks("closed");
}

#[test]
fn link_adds_open_edges_and_never_one_beside_a_door() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(
        &dir,
        "yard.ron",
        "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (3, 0)), (id: 2, pos: (0, 3))],\n \
         edges: [(from: 0, to: 1, closed: true)])",
    );
    let out = dir.path().join("linked.ron");
    clearway()
        .arg("link")
        .arg(&map)
        .args(["--max-length", "5", "--radius", "0.1", "-o"])
        .arg(&out)
        .run()
        .exit(0);
    let text = std::fs::read_to_string(&out).unwrap();
    // 0-2 and 1-2 are new and open; 0-1 is the door, left as it is.
    assert_eq!(
        text,
        "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (3, 0)), (id: 2, pos: (0, 3))],\n \
         edges: [(from: 0, to: 1, closed: true), (from: 0, to: 2), (from: 1, to: 2)])"
    );
}

/// A level written anew (not edited in its text) keeps `closed`: `prune`
/// of a level whose text cannot be edited (an `#![enable]` attribute)
/// writes it through the format's writer, and it reads back the same.
#[test]
fn a_level_written_anew_keeps_closed() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("#![enable(implicit_some)]\n{DOOR}");
    let map = write_file(&dir, "door.ron", &text);
    let out = dir.path().join("written.ron");
    clearway()
        .arg("prune")
        .arg(&map)
        .args(["--radius", "0", "-o"])
        .arg(&out)
        .run()
        .exit(0);
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(
        written.contains("(from: 0, to: 1, closed: true)"),
        "{written}"
    );
    assert!(!written.contains("closed: false"), "{written}");
    assert!(!written.contains("// the door"), "written anew: {written}");
    let again = clearway_format::parse(&written).unwrap();
    let closed: Vec<bool> = again.edges.iter().map(|e| e.closed).collect();
    assert_eq!(closed, [true, false, false]);
}
