//! Every command on a 3D level (#15), run through the binary on the small
//! hand-made level `LEVEL_3D` (tests/it/common/levels.rs, where its clearances
//! are worked out by hand): the values and pinch points printed, with a
//! third coordinate; exit codes 0/1/2; `--obstacles level.obj`; the usage
//! errors of the commands and inputs that stay flat.

use std::path::{Path, PathBuf};

use crate::common::cli::{RunExt, clearway, stderr, stdout};
use crate::common::files::{files_in, write_file};
use crate::common::levels::{ARCH_OBJ, LEVEL_3D};

use serde_json::{Value, json};

/// A temp dir holding `level3d.ron` (and `level.obj`, the arch).
fn level_dir() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(&dir, "level3d.ron", LEVEL_3D);
    write_file(&dir, "level.obj", ARCH_OBJ);
    (dir, path)
}

/// Runs clearway in `dir` with `args`; returns (exit code, stdout, stderr).
fn run(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = clearway().args(args).current_dir(dir).output().unwrap();
    (out.status.code(), stdout(&out), stderr(&out))
}

#[test]
fn clearance_text_names_each_obstacle_and_its_pinch_point_in_3d() {
    let (dir, _) = level_dir();
    let (code, out, err) = run(dir.path(), &["clearance", "level3d.ron"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "edge 0 (1 \"a\" -> 2 \"b\"): clearance 1.5, sphere #1 (line 20) pinches at (5, 0, 1), obstacle at (5, 0, 2.5)\n\
         edge 1 (2 \"b\" -> 3 \"c\"): clearance 2, triangle #2 (line 21) pinches at (10, 5, 1), obstacle at (12, 5, 1)\n\
         edge 2 (3 \"c\" -> 4 \"d\"): clearance 2.5, mesh #3 (line 22) pinches at (5, 10, 1), obstacle at (5, 12.5, 1)\n\
         edge 3 (4 \"d\" -> 5 \"up\"): clearance 1.5, point #4 (line 27) pinches at (0, 10, 4.5), obstacle at (0, 8.5, 4.5)\n\
         edge 4 (1 \"a\" -> 4 \"d\"): clearance 1.75, segment #5 (line 28) pinches at (0, 5, 1), obstacle at (-1.75, 5, 1)\n"
    );
}

#[test]
fn clearance_json_and_csv_points_have_a_z() {
    let (dir, _) = level_dir();
    let (code, out, _) = run(
        dir.path(),
        &["clearance", "level3d.ron", "--format", "json"],
    );
    assert_eq!(code, Some(0));
    let table: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        table["edges"][2],
        json!({"edge": 2, "from": 3, "to": 4, "from_name": "c", "to_name": "d",
               "clearance": 2.5, "obstacle": 3,
               "edge_point": [5.0, 10.0, 1.0], "obstacle_point": [5.0, 12.5, 1.0]})
    );
    let points: Vec<(&Value, &Value)> = table["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (&e["edge_point"], &e["obstacle_point"]))
        .collect();
    assert_eq!(
        points[0],
        (&json!([5.0, 0.0, 1.0]), &json!([5.0, 0.0, 2.5]))
    );
    assert_eq!(
        points[4],
        (&json!([0.0, 5.0, 1.0]), &json!([-1.75, 5.0, 1.0]))
    );
    // Nodes: 3 above the floor's top (box #0), "up" sqrt(2.5) from the point.
    let nodes: Vec<(f64, u64)> = table["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            (
                n["clearance"].as_f64().unwrap(),
                n["obstacle"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        nodes,
        [(3.0, 0), (3.0, 0), (3.0, 0), (3.0, 0), (2.5f64.sqrt(), 4)]
    );

    let (code, csv, _) = run(dir.path(), &["clearance", "level3d.ron", "--format", "csv"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        csv,
        "edge,from,to,clearance,obstacle,edge_x,edge_y,edge_z,obstacle_x,obstacle_y,obstacle_z\n\
         0,1,2,1.5,1,5,0,1,5,0,2.5\n\
         1,2,3,2,2,10,5,1,12,5,1\n\
         2,3,4,2.5,3,5,10,1,5,12.5,1\n\
         3,4,5,1.5,4,0,10,4.5,0,8.5,4.5\n\
         4,1,4,1.75,5,0,5,1,-1.75,5,1\n"
    );
}

#[test]
fn check_fails_the_drone_and_passes_a_smaller_agent() {
    let (dir, _) = level_dir();
    let (code, out, _) = run(dir.path(), &["check", "level3d.ron"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        out,
        "blocked: edge 0 (1 \"a\" -> 2 \"b\"): clearance 1.5 < radius 1.6: sphere #1 (line 20) pinches at (5, 0, 1), obstacle at (5, 0, 2.5)\n\
         blocked: edge 3 (4 \"d\" -> 5 \"up\"): clearance 1.5 < radius 1.6: point #4 (line 27) pinches at (0, 10, 4.5), obstacle at (0, 8.5, 4.5)\n\
         blocked: node 5 \"up\": clearance 1.581139 < radius 1.6: point #4 (line 27) pinches at (0, 10, 5), obstacle at (0, 8.5, 4.5)\n\
         FAILED: drone (radius 1.6): 2 of 5 edges blocked, 1 of 5 nodes blocked\n"
    );
    let (code, out, _) = run(dir.path(), &["check", "level3d.ron", "--summary"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        out,
        "FAILED: drone (radius 1.6): 2 of 5 edges blocked, 1 of 5 nodes blocked\n"
    );
    let (code, out, _) = run(dir.path(), &["check", "level3d.ron", "--radius", "1.5"]);
    assert_eq!(code, Some(0), "clearance 1.5 admits radius 1.5");
    assert_eq!(
        out,
        "ok: radius 1.5: 0 of 5 edges blocked, 0 of 5 nodes blocked\n"
    );
    let (code, out, _) = run(dir.path(), &["check", "level3d.ron", "--format", "json"]);
    assert_eq!(code, Some(1));
    // Every profile is checked: a report per profile.
    let reports: Value = serde_json::from_str(&out).unwrap();
    let report = &reports[0];
    assert_eq!(report["agent"], "drone");
    assert_eq!(report["edges_checked"], 5);
    assert_eq!(
        report["blocked"][1],
        json!({"edge": 3, "from": 4, "to": 5, "from_name": "d", "to_name": "up",
               "clearance": 1.5, "obstacle": 4,
               "edge_point": [0.0, 10.0, 4.5], "obstacle_point": [0.0, 8.5, 4.5]})
    );
    // Node "up" (0, 10, 5) is sqrt(2.5) from point #4 (0, 8.5, 4.5): both
    // points, as an edge row has them.
    assert_eq!(
        report["blocked_nodes"][0],
        json!({"id": 5, "name": "up", "clearance": 2.5f64.sqrt(), "obstacle": 4,
               "node_point": [0.0, 10.0, 5.0], "obstacle_point": [0.0, 8.5, 4.5]})
    );
}

#[test]
fn prune_drops_the_blocked_edges_from_the_text_and_bake_writes_clearances() {
    let (dir, _) = level_dir();
    let (code, _, err) = run(
        dir.path(),
        &[
            "prune",
            "level3d.ron",
            "--agent",
            "drone",
            "-o",
            "pruned.ron",
        ],
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        err,
        "pruned 2 of 5 edges for drone (radius 1.6); connected components: 1 before, 2 after\n\
         cut off from the rest: 1 node(s): 5 \"up\"\n"
    );
    let pruned = std::fs::read_to_string(dir.path().join("pruned.ron")).unwrap();
    let expected = LEVEL_3D
        .replace("        (from: 1, to: 2),\n", "")
        .replace("        (from: 4, to: 5),\n", "");
    assert_eq!(pruned, expected, "the text is edited, comments kept");

    let (code, _, err) = run(dir.path(), &["bake", "level3d.ron", "-o", "baked.ron"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(err, "baked the clearance of 5 of 5 edges\n");
    let baked = std::fs::read_to_string(dir.path().join("baked.ron")).unwrap();
    for (edge, value) in [
        ("(from: 1, to: 2", "1.5"),
        ("(from: 2, to: 3", "2.0"),
        ("(from: 3, to: 4", "2.5"),
        ("(from: 4, to: 5", "1.5"),
        ("(from: 1, to: 4", "1.75"),
    ] {
        assert!(
            baked.contains(&format!("{edge}, clearance: {value}),")),
            "{edge}: {baked}"
        );
    }
    // The baked level checks clean, and goes stale when the sphere drops
    // by 0.25: edge 0's clearance becomes 1.25.
    let (code, _, _) = run(dir.path(), &["check", "baked.ron", "--radius", "1"]);
    assert_eq!(code, Some(0));
    let moved = baked.replace("center: (5, 0, 3.5)", "center: (5, 0, 3.25)");
    write_file(&dir, "moved.ron", &moved);
    let (code, out, _) = run(dir.path(), &["check", "moved.ron", "--radius", "1"]);
    assert_eq!(code, Some(1));
    assert!(
        out.contains(
            "stale bake: edge 0 (1 \"a\" -> 2 \"b\"): baked clearance 1.5, the obstacles now give 1.25\n"
        ),
        "{out}"
    );
}

#[test]
fn bake_from_standard_input_writes_a_3d_level_that_loads_back() {
    let out = clearway()
        .args(["bake", "-", "-o", "-", "--quiet"])
        .write_stdin(LEVEL_3D)
        .run()
        .exit(0)
        .stdout_has("(from: 4, to: 5, clearance: 1.5)");
    let baked = stdout(&out);
    clearway()
        .args(["check", "-", "--radius", "1.5"])
        .write_stdin(baked)
        .run()
        .exit(0);
}

#[test]
fn route_and_widest_go_round_the_sphere_in_3d() {
    let (dir, _) = level_dir();
    // a -> b -> c is 20 long but the sphere leaves 1.5 < 1.6 on a -> b;
    // a -> d -> c is 20 too, its narrowest edge a -> d (1.75).
    let (code, out, _) = run(
        dir.path(),
        &[
            "route",
            "level3d.ron",
            "--from",
            "a",
            "--to",
            "c",
            "--agent",
            "drone",
        ],
    );
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "route: 1 \"a\" -> 4 \"d\" -> 3 \"c\"\nlength 20, cost 20, narrowest clearance 1.75\n"
    );
    // "up" is reached by edge 3 only (1.5).
    let (code, out, _) = run(
        dir.path(),
        &[
            "route",
            "level3d.ron",
            "--from",
            "a",
            "--to",
            "up",
            "--agent",
            "drone",
        ],
    );
    assert_eq!(code, Some(1));
    assert_eq!(
        out,
        "no route from 1 \"a\" to 5 \"up\" for radius 1.6\n\
         the widest agent that can go has radius 1.5; bottleneck: edge 3 (4 \"d\" -> 5 \"up\")\n"
    );
    // The vertical edge d -> up is 4 long.
    let (code, out, _) = run(
        dir.path(),
        &[
            "route",
            "level3d.ron",
            "--from",
            "a",
            "--to",
            "up",
            "--radius",
            "1",
            "--format",
            "json",
        ],
    );
    assert_eq!(code, Some(0));
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["path"], json!([1, 4, 5]));
    assert_eq!(report["length"], 14.0);
    assert_eq!(report["min_clearance"], 1.5);

    let (code, out, _) = run(
        dir.path(),
        &["widest", "level3d.ron", "--from", "a", "--to", "c"],
    );
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "widest radius from 1 \"a\" to 3 \"c\": 1.75\n\
         route: 1 \"a\" -> 4 \"d\" -> 3 \"c\"\n\
         bottleneck: edge 4 (1 \"a\" -> 4 \"d\"), clearance 1.75\n"
    );
}

#[test]
fn route_pairs_on_a_3d_level() {
    let (dir, _) = level_dir();
    write_file(&dir, "pairs.txt", "a c\na up\n");
    let (code, out, _) = run(
        dir.path(),
        &[
            "route",
            "level3d.ron",
            "--pairs",
            "pairs.txt",
            "--agent",
            "drone",
        ],
    );
    assert_eq!(code, Some(1), "a -> up has no route for the drone");
    assert_eq!(
        out,
        "1 a c: route: 1 \"a\" -> 4 \"d\" -> 3 \"c\"; length 20, cost 20, narrowest clearance 1.75\n\
         2 a up: no route from 1 \"a\" to 5 \"up\" for radius 1.6; the widest agent that can go has \
         radius 1.5; bottleneck: edge 3 (4 \"d\" -> 5 \"up\")\n"
    );
}

#[test]
fn diff_of_two_3d_levels_and_a_flat_one_against_a_3d_one() {
    let (dir, _) = level_dir();
    // The sphere drops by 0.25: edge 0 goes from 1.5 to 1.25.
    let lower = LEVEL_3D.replace("center: (5, 0, 3.5)", "center: (5, 0, 3.25)");
    write_file(&dir, "lower.ron", &lower);
    let (code, out, _) = run(
        dir.path(),
        &["diff", "level3d.ron", "lower.ron", "--radius", "1.4"],
    );
    assert_eq!(code, Some(1));
    assert_eq!(
        out,
        "blocked    edge 0 (1 \"a\" -> 2 \"b\")  clearance 1.5 -> 1.25  (radius 1.4)\n\
         FAILED: 1 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 0 one_way, 0 cost\n"
    );
    let (code, out, _) = run(dir.path(), &["diff", "level3d.ron", "level3d.ron"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "ok: 0 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 0 one_way, 0 cost\n"
    );

    write_file(
        &dir,
        "flat.ron",
        "(nodes: [(id: 1, pos: (0, 0)), (id: 2, pos: (10, 0))], edges: [(from: 1, to: 2)])",
    );
    for (old, new) in [("flat.ron", "level3d.ron"), ("level3d.ron", "flat.ron")] {
        let (code, out, err) = run(dir.path(), &["diff", old, new]);
        assert_eq!(code, Some(2));
        assert!(out.is_empty());
        assert_eq!(
            err,
            "error: cannot compare a flat level with a 3D one: `flat.ron` is flat (its nodes \
             have two coordinates) and `level3d.ron` is 3D (three); diff compares two versions \
             of one level\n"
        );
    }
}

#[test]
fn obj_meshes_join_a_3d_level_named_by_file_and_object() {
    let (dir, _) = level_dir();
    let (code, out, _) = run(
        dir.path(),
        &[
            "check",
            "level3d.ron",
            "--radius",
            "1.2",
            "--obstacles",
            "level.obj",
        ],
    );
    assert_eq!(code, Some(1));
    assert_eq!(
        out,
        "blocked: edge 4 (1 \"a\" -> 4 \"d\"): clearance 1 < radius 1.2: mesh #6 (level.obj object `arch` at line 2, triangle 0 at line 6) pinches at (0, 5, 1), obstacle at (0, 5, 2)\n\
         FAILED: radius 1.2: 1 of 5 edges blocked, 0 of 5 nodes blocked\n"
    );
    let (code, out, _) = run(
        dir.path(),
        &[
            "clearance",
            "level3d.ron",
            "--obstacles",
            "level.obj",
            "--format",
            "json",
        ],
    );
    assert_eq!(code, Some(0));
    let table: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(table["edges"][4]["obstacle"], 6);
    assert_eq!(table["edges"][4]["obstacle_point"], json!([0.0, 5.0, 2.0]));
    // bake counts the arch but writes the level's own obstacles only, as
    // with a .tmx.
    let (code, _, err) = run(
        dir.path(),
        &[
            "bake",
            "level3d.ron",
            "--obstacles",
            "level.obj",
            "-o",
            "baked.ron",
        ],
    );
    assert_eq!(code, Some(0), "{err}");
    let baked = std::fs::read_to_string(dir.path().join("baked.ron")).unwrap();
    assert!(
        baked.contains("(from: 1, to: 4, clearance: 1.0),"),
        "{baked}"
    );
    assert_eq!(baked.matches("Mesh(").count(), 1, "{baked}");
    let (code, _, _) = run(
        dir.path(),
        &[
            "check",
            "baked.ron",
            "--radius",
            "0.5",
            "--obstacles",
            "level.obj",
        ],
    );
    assert_eq!(code, Some(0), "baked with the arch, checked with the arch");
    // The OBJ from standard input.
    let out = clearway()
        .args([
            "widest",
            "level3d.ron",
            "--from",
            "a",
            "--to",
            "d",
            "--obstacles",
            "-",
        ])
        .current_dir(dir.path())
        .write_stdin(ARCH_OBJ)
        .run()
        .exit(0);
    // The arch leaves 1 on a -> d; round it by b and c the sphere leaves
    // 1.5 on a -> b.
    assert_eq!(
        stdout(&out),
        "widest radius from 1 \"a\" to 4 \"d\": 1.5\n\
         route: 1 \"a\" -> 2 \"b\" -> 3 \"c\" -> 4 \"d\"\n\
         bottleneck: edge 0 (1 \"a\" -> 2 \"b\"), clearance 1.5\n"
    );
}

#[test]
fn an_obj_with_a_flat_level_or_a_tmx_with_a_3d_level_is_a_usage_error() {
    let (dir, _) = level_dir();
    write_file(
        &dir,
        "flat.ron",
        "(nodes: [(id: 1, pos: (0, 0)), (id: 2, pos: (10, 0))], edges: [(from: 1, to: 2)])",
    );
    write_file(&dir, "level.tmx", "<map/>");
    let (code, out, err) = run(
        dir.path(),
        &[
            "check",
            "flat.ron",
            "--radius",
            "1",
            "--obstacles",
            "level.obj",
        ],
    );
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(
        err,
        "error: --obstacles `level.obj`: an OBJ file holds 3D meshes, and `flat.ron` is a flat \
         level (its nodes have two coordinates); give a flat level's obstacles as a Tiled map \
         (--obstacles level.tmx), or give the level's nodes a height\n"
    );
    let (code, out, err) = run(
        dir.path(),
        &["check", "level3d.ron", "--obstacles", "level.tmx"],
    );
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(
        err,
        "error: --obstacles `level.tmx`: Tiled maps are 2D, and `level3d.ron` is a 3D level \
         (its nodes have three coordinates); give a 3D level's obstacles as a Wavefront OBJ \
         file (--obstacles level.obj)\n"
    );
    let (code, _, err) = run(
        dir.path(),
        &[
            "check",
            "level3d.ron",
            "--obstacles",
            "level.obj",
            "--pixels-per-unit",
            "16",
        ],
    );
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "error: --pixels-per-unit is for Tiled maps (.tmx); `level.obj` is read as a Wavefront \
         OBJ file, in map units\n"
    );
}

/// A broken OBJ file stops every command that reads a map, as a broken map
/// does: exit 2, `file:line:col` and the line, nothing on stdout or on
/// disk (locations as crates/clearway/tests/it/obj.rs counts them).
#[test]
fn a_broken_obj_file_is_reported_like_a_broken_map() {
    let (dir, _) = level_dir();
    let bad = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad_obj");
    let out_dir = tempfile::tempdir().unwrap();
    let out = out_dir.path().join("out.ron");
    let out = out.to_str().unwrap();
    for (file, location, words) in [
        (
            "index_out_of_range.obj",
            "5:7",
            "vertex index 9 is out of range: the file has 3 vertices",
        ),
        ("nan.obj", "3:5", "y coordinate is NaN"),
    ] {
        let obj = bad.join(file);
        let obj = obj.to_str().unwrap();
        let commands: [&[&str]; 7] = [
            &["check", "level3d.ron"],
            &["clearance", "level3d.ron", "--format", "json"],
            &["prune", "level3d.ron", "--radius", "1", "-o", out],
            &["bake", "level3d.ron", "-o", out],
            &[
                "route",
                "level3d.ron",
                "--from",
                "a",
                "--to",
                "c",
                "--radius",
                "1",
            ],
            &["widest", "level3d.ron", "--from", "a", "--to", "c"],
            &["diff", "level3d.ron", "level3d.ron"],
        ];
        for args in commands {
            let mut args = args.to_vec();
            args.extend(["--obstacles", obj]);
            let (code, stdout, err) = run(dir.path(), &args);
            assert_eq!(code, Some(2), "{args:?}: {err}");
            assert!(stdout.is_empty(), "{args:?}: {stdout}");
            assert!(
                err.starts_with("error: ") && err.contains(words),
                "{args:?}: {err}"
            );
            assert!(err.contains(&format!("--> {obj}:{location}\n")), "{err}");
            assert!(err.contains('^'), "a snippet: {err}");
        }
    }
    assert!(files_in(out_dir.path()).is_empty(), "nothing written");
}

#[test]
fn the_obj_file_is_never_written_over() {
    let (dir, _) = level_dir();
    let (code, out, err) = run(
        dir.path(),
        &[
            "bake",
            "level3d.ron",
            "--obstacles",
            "level.obj",
            "-o",
            "level.obj",
        ],
    );
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(
        err,
        "level.obj: 1 mesh, 1 surface (object `arch` at line 2)\n\
         error: refusing to overwrite the OBJ file `level.obj` (--obstacles): `level.obj` is \
         the same file\n"
    );
    let obj = std::fs::read_to_string(dir.path().join("level.obj")).unwrap();
    assert_eq!(obj, ARCH_OBJ);
}

/// Every file of the OBJ corpus (tests/bad_obj/, located by crates/clearway/tests/it/obj.rs)
/// stops `check` on a 3D level: exit 2, an error naming the file, no
/// panic, nothing on stdout.
#[test]
fn every_broken_obj_file_stops_check() {
    let (dir, _) = level_dir();
    let bad = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad_obj");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&bad)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 19, "the corpus is there");
    for obj in files {
        let obj = obj.to_str().unwrap();
        let (code, out, err) = run(dir.path(), &["check", "level3d.ron", "--obstacles", obj]);
        assert_eq!(code, Some(2), "{obj}: {err}");
        assert!(out.is_empty(), "{obj}: {out}");
        assert!(err.starts_with("error: "), "{obj}: {err}");
        assert!(!err.contains("panicked"), "{obj}: {err}");
        assert!(err.contains(obj), "{obj} is named: {err}");
    }
}

/// The tetrahedron x, y, z >= 0, x + y + z <= 4, its faces wound outward
/// but the last, the slanted one (line 9), wound backwards: parity reads it
/// as solid all the same.
const FLIPPED_TETRAHEDRON_OBJ: &str = "o rock
v 0 0 0
v 4 0 0
v 0 4 0
v 0 0 4
f 1 3 2
f 1 2 4
f 1 4 3
f 2 4 3
";

/// An edge from (0.5, 1, 1) to (1.5, 1, 1), inside the tetrahedron, and one
/// outside, from (6, 0, 0) to (7, 0, 0), 2 from its corner (4, 0, 0).
/// Read as a hollow surface (before the parity rule), the inside edge had
/// 0.5 / sqrt(3) = 0.2886751: from (1.5, 1, 1), whose x + y + z = 3.5, to
/// the slanted face.
const INSIDE_THE_ROCK: &str = "Map(
    nodes: [
        (id: 0, pos: (0.5, 1, 1)),
        (id: 1, pos: (1.5, 1, 1)),
        (id: 2, pos: (6, 0, 0)),
        (id: 3, pos: (7, 0, 0)),
    ],
    edges: [(from: 0, to: 1), (from: 2, to: 3)],
    obstacles: [],
)
";

#[test]
fn an_edge_inside_a_solid_with_a_face_wound_backwards_is_blocked() {
    let dir = tempfile::tempdir().unwrap();
    write_file(&dir, "cube.ron", INSIDE_THE_ROCK);
    write_file(&dir, "rock.obj", FLIPPED_TETRAHEDRON_OBJ);
    let (code, out, err) = run(
        dir.path(),
        &[
            "clearance",
            "cube.ron",
            "--obstacles",
            "rock.obj",
            "--format",
            "csv",
        ],
    );
    assert_eq!(code, Some(0), "{err}");
    let clearances: Vec<&str> = out
        .lines()
        .skip(1)
        .map(|row| row.split(',').nth(3).unwrap())
        .collect();
    assert_eq!(clearances, ["0", "2"], "{out}");
    assert_eq!(
        err,
        "warning: rock.obj object `rock` at line 1 is read as a solid (every edge is shared by \
         an even number of its faces, so its inside is well defined), though 3 edges run the \
         same way in both their faces (a face wound backwards, the first in the face at line \
         6)\n\
         rock.obj: 1 mesh, 1 solid (object `rock` at line 1)\n"
    );
    // --quiet keeps the warning, not the summary.
    let (_, _, err) = run(
        dir.path(),
        &[
            "clearance",
            "cube.ron",
            "--obstacles",
            "rock.obj",
            "--quiet",
        ],
    );
    assert!(
        err.starts_with("warning: rock.obj object `rock` at line 1 is read as a solid"),
        "{err}"
    );
    assert!(!err.contains("1 mesh"), "{err}");
}

/// Two groups both named `Generic` (as some exporters name every group):
/// told apart by their lines, each cited with the triangle that holds the
/// closest point and its face's line. Edge 0 stands 1 above the first
/// group's one triangle (line 9); edge 1 stands 2 above the point
/// (10.8, 0.8, 0) of the second group's quad, in its second triangle
/// (11, 0), (11, 1), (10, 1) (x + y >= 11 there), from the face on line 12.
#[test]
fn obj_obstacles_are_cited_by_group_line_triangle_and_face_line() {
    let dir = tempfile::tempdir().unwrap();
    write_file(
        &dir,
        "g.obj",
        "g Generic\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 10 0 0\nv 11 0 0\nv 10 1 0\nv 11 1 0\n\
         f 1 2 3\ng Generic\nf 4 5 6\nf 5 7 6\n",
    );
    write_file(
        &dir,
        "g.ron",
        "Map(
    nodes: [
        (id: 0, pos: (0.2, 0.2, 1)), (id: 1, pos: (0.2, 0.2, 3)),
        (id: 2, pos: (10.8, 0.8, 2)), (id: 3, pos: (10.8, 0.8, 5)),
    ],
    edges: [(from: 0, to: 1), (from: 2, to: 3)],
    obstacles: [],
)
",
    );
    let (code, out, err) = run(dir.path(), &["clearance", "g.ron", "--obstacles", "g.obj"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "edge 0 (0 -> 1): clearance 1, mesh #0 (g.obj group `Generic` at line 1, triangle 0 at line 9) pinches at (0.2, 0.2, 1), obstacle at (0.2, 0.2, 0)\n\
         edge 1 (2 -> 3): clearance 2, mesh #1 (g.obj group `Generic` at line 10, triangle 1 at line 12) pinches at (10.8, 0.8, 2), obstacle at (10.8, 0.8, 0)\n"
    );
    assert_eq!(
        err,
        "g.obj: 2 meshes, 2 surfaces (group `Generic` at line 1, group `Generic` at line 10)\n"
    );
    let (code, out, _) = run(
        dir.path(),
        &["check", "g.ron", "--obstacles", "g.obj", "--radius", "1.5"],
    );
    assert_eq!(code, Some(1));
    assert!(
        out.starts_with(
            "blocked: edge 0 (0 -> 1): clearance 1 < radius 1.5: mesh #0 (g.obj group `Generic` \
             at line 1, triangle 0 at line 9) pinches at (0.2, 0.2, 1), obstacle at (0.2, 0.2, 0)\n"
        ),
        "{out}"
    );
}

/// Issue #29 item 11, in JSON: a row whose obstacle is a mesh from an
/// `.obj` names the triangle and its face's line, as the text does; a point
/// inside a solid mesh is `obstacle_inside`. Rows of other obstacles carry
/// none of these fields.
#[test]
fn json_rows_cite_the_obj_triangle_and_its_line() {
    let dir = tempfile::tempdir().unwrap();
    // Line 1 `o`, lines 2-9 the unit cube's corners, faces from line 10:
    // the bottom (z = 0) is faces 0 and 1 at lines 10 and 11.
    write_file(
        &dir,
        "cube.obj",
        "o cube\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n\
         f 1 3 2\nf 1 4 3\nf 5 6 7\nf 5 7 8\nf 1 2 6\nf 1 6 5\n\
         f 2 3 7\nf 2 7 6\nf 3 4 8\nf 3 8 7\nf 4 1 5\nf 4 5 8\n",
    );
    // Edge 0 runs 0.5 below the bottom face, under the point (0.2, 0.3, 0).
    // Face 0 (corners (0,0,0), (1,1,0), (1,0,0)) is the half x >= y of the
    // bottom, face 1 (corners (0,0,0), (0,1,0), (1,1,0)) the half y >= x;
    // 0.3 > 0.2, so the point lies in face 1, at line 11. Clearance 0.5.
    // Edge 1 runs inside the cube, touching no face: clearance 0, inside.
    // Edge 2 passes 2 from the point obstacle at (5, 5, 0): no mesh fields.
    write_file(
        &dir,
        "cube.ron",
        "Map(
    nodes: [
        (id: 0, pos: (0.2, 0.3, -0.5)), (id: 1, pos: (0.2, 0.3, -2)),
        (id: 2, pos: (0.5, 0.5, 0.4)), (id: 3, pos: (0.5, 0.5, 0.6)),
        (id: 4, pos: (5, 3, 0)), (id: 5, pos: (6, 3, 0)),
    ],
    edges: [(from: 0, to: 1), (from: 2, to: 3), (from: 4, to: 5)],
    obstacles: [Point((5, 5, 0))],
)
",
    );
    let (code, out, err) = run(
        dir.path(),
        &[
            "clearance",
            "cube.ron",
            "--obstacles",
            "cube.obj",
            "--format",
            "json",
        ],
    );
    assert_eq!(code, Some(0), "{err}");
    let table: Value = serde_json::from_str(&out).unwrap();
    let edges = &table["edges"];
    assert_eq!(edges[0]["clearance"], json!(0.5));
    assert_eq!(edges[0]["obstacle"], json!(1));
    assert_eq!(edges[0]["obstacle_triangle"], json!(1));
    assert_eq!(edges[0]["obstacle_triangle_line"], json!(11));
    assert_eq!(edges[0].get("obstacle_inside"), None);
    assert_eq!(edges[1]["clearance"], json!(0.0));
    assert_eq!(edges[1]["obstacle_inside"], json!(true));
    assert_eq!(edges[1].get("obstacle_triangle"), None);
    assert_eq!(edges[2]["obstacle"], json!(0));
    for field in [
        "obstacle_triangle",
        "obstacle_triangle_line",
        "obstacle_inside",
    ] {
        assert_eq!(edges[2].get(field), None, "{field}");
    }
    // check's rows carry the same: edge 1 is blocked at any radius.
    let (code, out, _) = run(
        dir.path(),
        &[
            "check",
            "cube.ron",
            "--obstacles",
            "cube.obj",
            "--radius",
            "0.1",
            "--format",
            "json",
        ],
    );
    assert_eq!(code, Some(1));
    let report: Value = serde_json::from_str(&out).unwrap();
    let blocked = report["blocked"].as_array().unwrap();
    assert_eq!(blocked.len(), 1, "{out}");
    assert_eq!(blocked[0]["edge"], json!(1));
    assert_eq!(blocked[0]["obstacle_inside"], json!(true));
}
