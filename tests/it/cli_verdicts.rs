//! The answers CI relies on: exit codes kept when the reader closes the
//! pipe, clearance 0 blocked at every radius (radius 0 included), routes
//! from a node to itself, node names that look like ids, and JSON that
//! tells "unbounded" from "unreachable".

use crate::common::cli::{RunExt, clearway, run_and_hang_up, stderr, stdout};
use crate::common::files::write_file;
use crate::common::levels::big_map;

use std::process::Command as Process;

use serde_json::Value;

#[test]
fn a_closed_pipe_keeps_the_failing_verdict_of_check() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "big.ron", &big_map(5.0));
    // The CI formats are written as they are made: each is cut off mid-way.
    for format in ["text", "json", "github", "junit", "sarif"] {
        let (code, err) = run_and_hang_up(&[
            "check".as_ref(),
            map.as_os_str(),
            "--radius".as_ref(),
            "5000".as_ref(),
            "--format".as_ref(),
            format.as_ref(),
        ]);
        assert_eq!(code, Some(1), "{format}: {err}");
        assert_eq!(err, "", "{format}");
    }
    // A passing check still exits 0 when its reader hangs up.
    let (code, err) = run_and_hang_up(&[
        "check".as_ref(),
        map.as_os_str(),
        "--radius".as_ref(),
        "1".as_ref(),
        "--format".as_ref(),
        "json".as_ref(),
    ]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
}

#[test]
fn a_closed_pipe_keeps_the_failing_verdict_of_diff() {
    // The rock moves from 5 above node 0 to 0.5 above it: 3999 lines, the
    // first edges newly blocked for radius 1.
    let dir = tempfile::tempdir().unwrap();
    let old = write_file(&dir, "old.ron", &big_map(5.0));
    let new = write_file(&dir, "new.ron", &big_map(0.5));
    // junit, with a case per edge, is written as it is made and cut off.
    for format in ["text", "junit"] {
        let (code, err) = run_and_hang_up(&[
            "diff".as_ref(),
            old.as_os_str(),
            new.as_os_str(),
            "--radius".as_ref(),
            "1".as_ref(),
            "--format".as_ref(),
            format.as_ref(),
        ]);
        assert_eq!(code, Some(1), "{format}: {err}");
        assert_eq!(err, "", "{format}");
    }
}

#[test]
fn a_pipefail_pipeline_fails_on_a_blocked_edge() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "big.ron", &big_map(5.0));
    let bin = assert_cmd::cargo::cargo_bin("clearway");
    let Ok(out) = Process::new("bash")
        .arg("-c")
        .arg(r#"set -o pipefail; "$0" check "$1" --radius 5000 | head -1"#)
        .arg(&bin)
        .arg(&map)
        .output()
    else {
        return; // no bash here: the tests above cover the same ground
    };
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(stderr(&out), "");
    assert_eq!(stdout(&out).lines().count(), 1);
}

/// A wall from (5, -1) to (5, 1) crosses edge 0 (0 -> 1) at (5, 0):
/// clearance 0. The way round by node 2 passes the wall's end (5, 1) at
/// 4 / sqrt(2) = 2.828427 from the lines y = x and y = 10 - x. Node 3 sits
/// on the wall's end (clearance 0), and so does its only edge, 3 -> 2.
///
/// ```text
///             2 (5,5)
///            /  \
///   0 (0,0) --|-- 1 (10,0)        wall x = 5, y in [-1, 1]
///             3 (5,1) on the wall's end
/// ```
const WALL: &str = r#"Map(
    agents: [(name: "ghost", radius: 0.0)],
    nodes: [
        (id: 0, pos: (0, 0)),
        (id: 1, pos: (10, 0)),
        (id: 2, pos: (5, 5)),
        (id: 3, pos: (5, 1)),
    ],
    edges: [(from: 0, to: 1), (from: 0, to: 2), (from: 2, to: 1), (from: 3, to: 2)],
    obstacles: [Segment(from: (5, -1), to: (5, 1))],
)
"#;

#[test]
fn at_radius_0_an_edge_through_a_wall_fails_check() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "wall.ron", WALL);
    clearway()
        .arg("check")
        .arg(&map)
        .args(["--radius", "0"])
        .run().exit(1).stdout_is("blocked: edge 0 (0 -> 1): clearance 0 (touches an obstacle) at radius 0: segment #0 (line 10) pinches at (5, 0), obstacle at (5, 0)\n\
         blocked: edge 3 (3 -> 2): clearance 0 (touches an obstacle) at radius 0: segment #0 (line 10) pinches at (5, 1), obstacle at (5, 1)\n\
         blocked: node 3: clearance 0 (touches an obstacle) at radius 0: segment #0 (line 10) pinches at (5, 1), obstacle at (5, 1)\n\
         FAILED: radius 0: 2 of 4 edges blocked, 1 of 4 nodes blocked\n");
    // The agent profile of radius 0 fails too.
    clearway()
        .arg("check")
        .arg(&map)
        .run()
        .exit(1)
        .stdout_has("FAILED: ghost (radius 0): 2 of 4 edges blocked");
    let out = clearway()
        .arg("check")
        .arg(&map)
        .args(["--radius", "0", "--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["blocked"].as_array().unwrap().len(), 2);
    assert_eq!(v["blocked"][0]["clearance"], 0.0);
}

#[test]
fn at_radius_0_prune_removes_an_edge_through_a_wall() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "wall.ron", WALL);
    let out = clearway()
        .arg("prune")
        .arg(&map)
        .args(["--radius", "0", "-o", "-", "--quiet"])
        .run()
        .exit(0);
    let pruned = clearway::Map::loader()
        .read_str(&stdout(&out), "pruned.ron")
        .unwrap();
    let ends: Vec<(u64, u64)> = pruned
        .edges()
        .iter()
        .map(|e| (pruned.nodes()[e.from].id, pruned.nodes()[e.to].id))
        .collect();
    assert_eq!(ends, [(0, 2), (2, 1)]);
}

#[test]
fn at_radius_0_a_route_goes_round_a_wall() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "wall.ron", WALL);
    clearway()
        .arg("route")
        .arg(&map)
        .args(["--from", "0", "--to", "1", "--radius", "0"])
        .run()
        .exit(0)
        .stdout_starts_with("route: 0 -> 2 -> 1\n");
    // Node 3 sits on the wall: no route starts there, at any radius.
    clearway()
        .arg("route")
        .arg(&map)
        .args(["--from", "3", "--to", "1", "--radius", "0"])
        .run()
        .exit(1)
        .stdout_is("no route from 3 to 1 for radius 0\n1 cannot be reached from 3 at any radius\n");
}

#[test]
fn no_radius_fits_when_every_route_touches_a_wall() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "wall.ron", WALL);
    clearway()
        .arg("widest")
        .arg(&map)
        .args(["--from", "0", "--to", "1"])
        .run()
        .exit(0)
        .stdout_starts_with("widest radius from 0 to 1: 2.828427\nroute: 0 -> 2 -> 1\n");
    // From node 3 every route starts on the wall.
    let out = clearway()
        .arg("widest")
        .arg(&map)
        .args(["--from", "3", "--to", "1", "--format", "json"])
        .run()
        .exit(1);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["found"], false);
    assert_eq!(v["unbounded"], false);
    assert_eq!(v["widest_radius"], Value::Null);
}

#[test]
fn at_radius_0_the_picture_draws_an_edge_through_a_wall_as_blocked() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "wall.ron", WALL);
    clearway()
        .arg("render")
        .arg(&map)
        .args(["--radius", "0", "-o", "-"])
        .run()
        .exit(0)
        .stdout_has("edge 0 (0 -&gt; 1): clearance 0 touches an obstacle at radius 0: blocked")
        .stdout_has("edge 1 (0 -&gt; 2): clearance 2.828427 &gt;= radius 0: clear");
}

#[test]
fn at_radius_0_the_picture_draws_no_flat_agent_outline() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "wall.ron", WALL);
    let out = clearway()
        .arg("render")
        .arg(&map)
        .args(["--radius", "0", "-o", "-"])
        .run()
        .exit(0);
    let svg = stdout(&out);
    // The edge is blocked (clearance 0), but an agent of radius 0 has no
    // outline to draw: neither along the edge nor in the legend.
    assert!(svg.contains("clearance 0 touches an obstacle at radius 0: blocked"));
    assert!(!svg.contains("outline of an agent"), "{svg}");
    assert!(!svg.contains("agent outline"), "{svg}");
    // Nor is any edge "tight" for radius 0: no legend line for it.
    assert!(svg.contains("clear: clearance &gt; 0 (2)"), "{svg}");
    assert!(!svg.contains("tight: clearance 0 to 0"), "{svg}");
    // At a radius > 0 both are there.
    let out = clearway()
        .arg("render")
        .arg(&map)
        .args(["--radius", "0.5", "-o", "-"])
        .output()
        .unwrap();
    let svg = stdout(&out);
    assert!(svg.contains("outline of an agent of radius 0.5"), "{svg}");
    assert!(svg.contains("agent outline (radius 0.5)"), "{svg}");
}

/// Node 5 has clearance 2 (a rock 2 below it); node 6 sits on a rock.
const SELF: &str = r#"Map(
    nodes: [(id: 5, pos: (0, 0)), (id: 6, pos: (10, 0)), (id: 7, pos: (20, 0))],
    edges: [(from: 5, to: 6), (from: 6, to: 7)],
    obstacles: [Point((0, -2)), Point((10, 0))],
)
"#;

#[test]
fn a_route_from_a_node_to_itself_is_bounded_by_the_node() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "self.ron", SELF);
    let route = |from: &str, radius: &str| {
        clearway()
            .arg("route")
            .arg(&map)
            .args(["--from", from, "--to", from, "--radius", radius])
            .output()
            .unwrap()
    };
    let out = route("5", "1.5");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        stdout(&out),
        "route: 5\nlength 0, cost 0, narrowest clearance 2\n"
    );
    let out = route("5", "2.5");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        stdout(&out),
        "no route from 5 to 5 for radius 2.5\n\
         the widest agent that can go has radius 2; bottleneck: node 5\n"
    );
    // Node 6 sits on a rock: blocked for every agent, radius 0 included.
    let out = route("6", "0");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        stdout(&out),
        "no route from 6 to 6 for radius 0\n6 cannot be reached from 6 at any radius\n"
    );
    let out = clearway()
        .arg("route")
        .arg(&map)
        .args([
            "--from", "5", "--to", "5", "--radius", "1", "--format", "json",
        ])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["found"], true);
    assert_eq!(v["min_clearance"], 2.0);
    assert_eq!(v["min_clearance_unbounded"], false);
    assert_eq!(v["widest_radius"], 2.0);
}

#[test]
fn the_widest_route_from_a_node_to_itself_is_the_node_s_clearance() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "self.ron", SELF);
    let widest = |from: &str| {
        clearway()
            .arg("widest")
            .arg(&map)
            .args(["--from", from, "--to", from])
            .output()
            .unwrap()
    };
    let out = widest("5");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        stdout(&out),
        "widest radius from 5 to 5: 2\nroute: 5\nbottleneck: node 5, clearance 2\n"
    );
    let out = widest("6");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(stdout(&out), "6 cannot be reached from 6 at any radius\n");
}

#[test]
fn json_tells_unbounded_from_unreachable() {
    // No obstacles: every route is unbounded. Node 2 is cut off.
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(
        &dir,
        "open.ron",
        "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0)), (id: 2, pos: (9, 9))], \
         edges: [(from: 0, to: 1)])",
    );
    let json = |command: &str, to: &str, extra: &[&str]| {
        let out = clearway()
            .arg(command)
            .arg(&map)
            .args(["--from", "0", "--to", to, "--format", "json"])
            .args(extra)
            .output()
            .unwrap();
        serde_json::from_slice::<Value>(&out.stdout).unwrap()
    };
    let v = json("widest", "1", &[]);
    assert_eq!(
        (&v["found"], &v["unbounded"], &v["widest_radius"]),
        (&Value::Bool(true), &Value::Bool(true), &Value::Null)
    );
    let v = json("widest", "2", &[]);
    assert_eq!(
        (&v["found"], &v["unbounded"], &v["widest_radius"]),
        (&Value::Bool(false), &Value::Bool(false), &Value::Null)
    );
    let v = json("route", "1", &["--radius", "1"]);
    assert_eq!(v["found"], true);
    assert_eq!(v["min_clearance"], Value::Null);
    assert_eq!(v["min_clearance_unbounded"], true);
    assert_eq!(v["reachable"], true);
    assert_eq!(v["widest_unbounded"], true);
    let v = json("route", "2", &["--radius", "1"]);
    assert_eq!(v["found"], false);
    assert_eq!(v["min_clearance_unbounded"], false);
    assert_eq!(v["reachable"], false);
    assert_eq!(v["widest_unbounded"], false);
    assert_eq!(v["widest_radius"], Value::Null);
}

#[test]
fn node_ids_on_the_command_line_take_the_map_s_integer_forms() {
    // The map may write ids in hex, octal or binary; so may the user.
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(
        &dir,
        "hex.ron",
        "(nodes: [(id: 0x1F, pos: (0, 0)), (id: 0b1_0000, pos: (10, 0))],
          edges: [(from: 31, to: 0o20)])",
    );
    for (from, to) in [("0x1F", "0b10000"), ("31", "0o20"), ("id:0x1f", "1_6")] {
        clearway()
            .arg("route")
            .arg(&map)
            .args(["--from", from, "--to", to, "--radius", "0"])
            .run()
            .exit(0)
            .stdout_starts_with("route: 31 -> 16\n");
    }
    // A name that reads as a hex id is ambiguous as a decimal one is.
    let map = write_file(
        &dir,
        "named.ron",
        "(nodes: [(id: 16, pos: (0, 0)), (id: 1, pos: (10, 0), name: \"0x10\")],
          edges: [(from: 16, to: 1)])",
    );
    clearway()
        .arg("widest")
        .arg(&map)
        .args(["--from", "0x10", "--to", "1"])
        .run()
        .exit(2)
        .stderr_has("--from 0x10 is ambiguous");
}

/// Node 5 is named "7" and node 7 is named "gate".
const NAMES: &str = r#"Map(
    nodes: [(id: 5, pos: (0, 0), name: "7"), (id: 7, pos: (10, 0), name: "gate"), (id: 9, pos: (20, 0), name: "9")],
    edges: [(from: 5, to: 7), (from: 7, to: 9)],
)
"#;

#[test]
fn a_name_that_is_another_node_s_id_is_ambiguous() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "names.ron", NAMES);
    clearway()
        .arg("route")
        .arg(&map)
        .args(["--from", "9", "--to", "7", "--radius", "0"])
        .run()
        .exit(2).stdout_is("").stderr_is("error: --to 7 is ambiguous: it is the id of node 7 and the name of the node named \"7\" (id 5); \
         write id:7 or name:7\n");
    clearway()
        .arg("widest")
        .arg(&map)
        .args(["--from", "7", "--to", "9"])
        .run()
        .exit(2)
        .stderr_has("--from 7 is ambiguous");
    // `--route` of render resolves the same way.
    clearway()
        .arg("render")
        .arg(&map)
        .args(["--route", "7", "9", "-o", "-"])
        .run()
        .exit(2)
        .stderr_has("--route 7 is ambiguous");
    // id: and name: say which; a name that is its own node's id is fine.
    let out = clearway()
        .arg("route")
        .arg(&map)
        .args(["--from", "name:7", "--to", "id:7", "--radius", "0"])
        .run()
        .exit(0);
    // Reports name named nodes: node 5 is named "7", node 7 "gate".
    assert_eq!(
        stdout(&out).lines().next(),
        Some("route: 5 \"7\" -> 7 \"gate\"")
    );
    clearway()
        .arg("widest")
        .arg(&map)
        .args(["--from", "gate", "--to", "9"])
        .run()
        .exit(0);
    clearway()
        .arg("widest")
        .arg(&map)
        .args(["--from", "id:8", "--to", "9"])
        .run()
        .exit(2)
        .stderr_has("--from id:8: no node has that id");
}

/// Issue #29 item 3: the passage of `maps/rooms.ron` between polygon #0
/// (x = 30) and the edge from node 5 to node 6 (x = 30.9) is 0.9 in the
/// file's decimals and 0.8999999999999986 in binary. A designer's 0.9 agent
/// fits it in every command, and no output prints a clearance that reads as
/// 0.9 or more beside a verdict that 0.9 does not fit.
#[test]
fn a_printed_clearance_of_0_9_admits_radius_0_9_everywhere() {
    let map = "maps/rooms.ron";
    let run = |args: &[&str]| clearway().args(args).output().unwrap();
    // clearance prints 0.9 for edge 9.
    let out = run(&["clearance", map]);
    assert!(
        stdout(&out)
            .contains("edge 9 (5 \"passage_south\" -> 6 \"passage_north\"): clearance 0.9,"),
        "{}",
        stdout(&out)
    );
    // check at 0.9 does not block edge 9 (edge 10 at 0.855202 stays blocked).
    let out = run(&["check", map, "--radius", "0.9"]);
    let text = stdout(&out);
    assert!(!text.contains("edge 9 "), "{text}");
    assert!(text.contains("blocked: edge 10 "), "{text}");
    // route at 0.9 takes edge 9, the direct way from 5 to 6.
    let out = run(&[
        "route", map, "--from", "5", "--to", "6", "--radius", "0.9", "--format", "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let route: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(route["path"], serde_json::json!([5, 6]));
    // A radius the slack cannot cover is still turned away, and the widest
    // radius it then names reads 0.9 and fits when given back: a door 1.8
    // wide, walls at x = 30 and x = 31.8, the edge at x = 30.9.
    let dir = tempfile::tempdir().unwrap();
    let door = write_file(
        &dir,
        "door.ron",
        "(nodes: [(id: 0, pos: (30.9, 0.0)), (id: 1, pos: (30.9, 10.0))], \
          edges: [(from: 0, to: 1)], \
          obstacles: [Segment(from: (30.0, -5.0), to: (30.0, 15.0)), \
                      Segment(from: (31.8, -5.0), to: (31.8, 15.0))])",
    );
    let door = door.to_str().unwrap();
    let out = run(&[
        "route",
        door,
        "--from",
        "0",
        "--to",
        "1",
        "--radius",
        "0.9000001",
    ]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("the widest agent that can go has radius 0.9;"),
        "{text}"
    );
    let out = run(&["widest", door, "--from", "0", "--to", "1"]);
    let text = stdout(&out);
    assert!(text.contains("widest radius from 0 to 1: 0.9\n"), "{text}");
    assert!(text.contains("clearance 0.9"), "{text}");
    let out = run(&["route", door, "--from", "0", "--to", "1", "--radius", "0.9"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    // prune at 0.9 keeps edge 9.
    let pruned = dir.path().join("pruned.ron");
    let out = run(&[
        "prune",
        map,
        "--radius",
        "0.9",
        "-o",
        pruned.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&pruned).unwrap();
    assert!(text.contains("(from: 5, to: 6)"), "{text}");
    // render at 0.9: edge 9's title reads as admitted.
    let svg = dir.path().join("rooms.svg");
    let out = run(&[
        "render",
        map,
        "--radius",
        "0.9",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains("clearance 0.9 &gt;= radius 0.9: tight"),
        "{}",
        text.lines()
            .filter(|l| l.contains("passage_south"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}
