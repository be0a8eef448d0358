//! Walking agents through the binary (#30), on the example level
//! `maps/two_storey_walking.ron` (its header tells the story by hand: the
//! soldier stopped by the duct, the bot under it, the cart by the stairs):
//! `check` in text, JSON and the CI formats, and the commands that measure
//! spheres only so far refusing a walking agent rather than answering for
//! a sphere.

use std::path::{Path, PathBuf};

use crate::common::cli::{clearway, stderr, stdout};

use serde_json::Value;

fn level() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/two_storey_walking.ron")
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = clearway().args(args).output().unwrap();
    (out.status.code(), stdout(&out), stderr(&out))
}

#[test]
fn check_reports_each_walking_agent_by_body_ground_and_slope() {
    let map = level();
    let (code, out, err) = run(&["check", map.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{err}");
    // The duct's underside is 1.3 above the upper floor: the soldier (1.8
    // tall) touches it on both edges under it, at every radius.
    assert!(
        out.contains("blocked: edge 13 (13 \"stair top\" -> 14 \"plant room landing\"): walking clearance 0 < radius 0.4: box #34 (line 115) pinches at (16.6, 1, 4.5), obstacle at (16.6, 1, 4.5)\n"),
        "{out}"
    );
    assert!(out.contains("FAILED: soldier (radius 0.4, height 1.8): 2 of 23 edges blocked, 0 of 23 nodes blocked\n"), "{out}");
    assert!(
        out.contains(
            "ok: bot (radius 0.3, height 0.9): 0 of 23 edges blocked, 0 of 23 nodes blocked\n"
        ),
        "{out}"
    );
    // The stairs rise 0.2 in 0.3: atan(2/3) = 33.69 degrees, over the
    // cart's 15.
    assert!(
        out.contains(
            "blocked: edge 9 (9 \"stair foot\" -> 10 \"step 4\"): too steep: 33.7° > 15°\n"
        ),
        "{out}"
    );
    // From the stair top (over step 16, top 3.2) towards node 16 the edge
    // crosses the stairwell: step 15's top is 0.2 below, beyond the cart's
    // climb 0.1, until the upper slab at y = 1.8: t from 0 to 0.4 of the
    // edge, 0.4 * |(-0.5, 2, 0)| = 0.4 * 2.0616 = 0.8246.
    assert!(out.contains("blocked: edge 14 (13 \"stair top\" -> 16): no ground under 0.8246211 of 2.061553 units, from (15.5, 1, 3.2)\n"), "{out}");
    assert!(
        out.ends_with(
            "FAILED: cart (radius 0.5, height 1.2): 5 of 23 edges blocked, 0 of 23 nodes blocked\n"
        ),
        "{out}"
    );
}

#[test]
fn check_json_says_why_and_names_the_body() {
    let map = level();
    let (code, out, err) = run(&[
        "check",
        map.to_str().unwrap(),
        "--agent",
        "cart",
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(1), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["walking"]["height"], 1.2);
    assert_eq!(v["walking"]["climb"], 0.1);
    assert_eq!(v["walking"]["max_slope"], 15.0);
    let blocked = v["blocked"].as_array().unwrap();
    assert_eq!(blocked.len(), 5);
    assert_eq!(blocked[0]["blocked_by"], "slope");
    assert!(
        (blocked[0]["slope"].as_f64().unwrap() - (2.0f64 / 3.0).atan().to_degrees()).abs() < 1e-9
    );
    let ground = blocked.iter().find(|b| b["edge"] == 14).unwrap();
    assert_eq!(ground["blocked_by"], "ground");
    assert!((ground["no_ground"]["length"].as_f64().unwrap() - 0.4 * 4.25f64.sqrt()).abs() < 1e-9);
    assert_eq!(
        ground["no_ground"]["from"],
        serde_json::json!([15.5, 1.0, 3.2])
    );
    // A sphere's report has none of these fields.
    let (_, out, _) = run(&[
        "check",
        map.to_str().unwrap(),
        "--radius",
        "0.1",
        "--format",
        "json",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v.get("walking").is_none());
}

#[test]
fn ci_formats_carry_walking_verdicts() {
    let map = level();
    let (code, out, _) = run(&["check", map.to_str().unwrap(), "--format", "github"]);
    assert_eq!(code, Some(1));
    assert!(out.contains("title=edge 14 blocked for cart (radius 0.5)::edge 14 (13 \"stair top\" -> 16): no ground under 0.8246211 of 2.061553 units"), "{out}");
    assert_eq!(out.matches("::error ").count(), 7, "{out}");
}

#[test]
fn commands_that_measure_spheres_refuse_a_walking_agent() {
    let map = level();
    let map = map.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.ron");
    let png = dir.path().join("out.png");
    for args in [
        vec![
            "route", map, "--agent", "soldier", "--from", "0", "--to", "15",
        ],
        vec!["widest", map, "--from", "0", "--to", "15", "--agent", "bot"],
        vec!["prune", map, "--agent", "cart", "-o", out.to_str().unwrap()],
        vec!["check", map, "--render", png.to_str().unwrap()],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("walking agent"), "{args:?}: {err}");
    }
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "nothing written"
    );
}

#[test]
fn clearance_with_a_walking_agent_lists_body_slope_and_ground() {
    let map = level();
    let map = map.to_str().unwrap();
    let (code, out, err) = run(&["clearance", map, "--agent", "soldier"]);
    assert_eq!(code, Some(0), "{err}");
    // Under the duct: 0. On the ground floor's open hall: the widest body,
    // (1.8 - 0.35) / 2 = 0.725, nothing pinching it.
    assert!(out.contains("edge 13 (13 \"stair top\" -> 14 \"plant room landing\"): walking clearance 0, box #34 (line 115) pinches at (16.6, 1, 4.5), obstacle at (16.6, 1, 4.5); slope 0.0°\n"), "{out}");
    assert!(out.starts_with("edge 0 (0 \"street\" -> 1 \"entrance\"): walking clearance 0.725 (the widest body: nothing pinches it); slope 0.0°\n"), "{out}");
    let (code, out, _) = run(&["clearance", map, "--agent", "soldier", "--format", "json"]);
    assert_eq!(code, Some(0));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["edges"].as_array().unwrap().len(), 23);
    assert_eq!(v["nodes"].as_array().unwrap().len(), 23);
    assert_eq!(v["edges"][13]["clearance"], 0.0);
    assert!(v["edges"][13].get("blocked_by").is_none());
    let (code, out, _) = run(&["clearance", map, "--agent", "soldier", "--format", "csv"]);
    assert_eq!(code, Some(0));
    assert_eq!(out.lines().count(), 24);
    assert!(
        out.lines().nth(14).unwrap().starts_with("13,13,14,0,34,0,"),
        "{out}"
    );
    // A sphere, or a 2D level's agent, has no walking table.
    let corridors = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/corridors.ron");
    let (code, _, err) = run(&["clearance", corridors.to_str().unwrap(), "--agent", "tank"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("discs"), "{err}");
    let (code, _, err) = run(&["clearance", map, "--agent", "nobody"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no agent named `nobody`"), "{err}");
}
