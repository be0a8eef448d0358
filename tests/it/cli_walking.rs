//! Walking agents through the binary (#30), on the example level
//! `maps/two_storey_walking.ron` (its header tells the story by hand: the
//! soldier stopped by the duct, the bot under it, the cart by the stairs):
//! `check` in text, JSON and the CI formats; `route`, `route --pairs`,
//! `widest`, `prune`, `diff`, `render` and `update` answering for the
//! walking body; and the commands that measure spheres only so far
//! (`link`, the viewer page) refusing a walking agent rather than
//! answering for a sphere.

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
fn route_and_widest_answer_for_the_walking_body() {
    let map = level();
    let map = map.to_str().unwrap();
    // The soldier cannot pass under the duct (edges 13 and 15) to the
    // plant room: no route, at any body of his height (the only ways in
    // are under it).
    let (code, out, err) = run(&[
        "route",
        map,
        "--agent",
        "soldier",
        "--from",
        "street",
        "--to",
        "plant room",
    ]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.contains("no route"), "{out}");
    // The bot passes under it, up the stairs and across the landing.
    let (code, out, err) = run(&[
        "route",
        map,
        "--agent",
        "bot",
        "--from",
        "street",
        "--to",
        "plant room",
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    let path: Vec<u64> = json["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(path, [0, 1, 2, 3, 4, 9, 10, 11, 12, 13, 14, 17, 15]);
    // Its widest body: the bot's widest is (0.9 - 0.25) / 2 = 0.325, and
    // the route's narrowest edge allows just that.
    assert_eq!(json["widest_radius"], 0.325, "{out}");
    // The cart cannot climb the stairs (33.7 degrees > 15): nothing
    // upstairs at any radius.
    let (code, out, _) = run(&[
        "widest",
        map,
        "--agent",
        "cart",
        "--from",
        "street",
        "--to",
        "west bedroom",
    ]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("at any radius"), "{out}");
    let (code, out, err) = run(&[
        "widest", map, "--agent", "cart", "--from", "street", "--to", "office", "--format", "json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    assert!(json["widest_radius"].as_f64().unwrap() > 0.5, "{out}");
}

#[test]
fn route_pairs_answer_for_the_walking_body() {
    let map = level();
    let dir = tempfile::tempdir().unwrap();
    let pairs = dir.path().join("pairs.txt");
    std::fs::write(&pairs, "0 15\n0 8\n").unwrap();
    let lengths = |agent: &str| -> Vec<Value> {
        let (_, out, err) = run(&[
            "route",
            map.to_str().unwrap(),
            "--agent",
            agent,
            "--pairs",
            pairs.to_str().unwrap(),
            "--format",
            "json",
        ]);
        // One JSON line per pair.
        out.lines()
            .map(|line| {
                let json: Value =
                    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
                json["length"].clone()
            })
            .collect()
    };
    let soldier = lengths("soldier");
    assert!(soldier[0].is_null(), "no way under the duct: {soldier:?}");
    assert!(
        soldier[1].is_number(),
        "the office is downstairs: {soldier:?}"
    );
    let bot = lengths("bot");
    assert!(bot[0].is_number() && bot[1].is_number(), "{bot:?}");
}

#[test]
fn prune_removes_what_the_walking_agent_cannot_walk() {
    let map = level();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cart.ron");
    let (code, stdout, err) = run(&[
        "prune",
        map.to_str().unwrap(),
        "--agent",
        "cart",
        "-o",
        out.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    let pruned: Vec<u64> = json["pruned_edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["edge"].as_u64().unwrap())
        .collect();
    // The four flights of stairs (too steep) and edge 14 (no ground).
    assert_eq!(pruned, [9, 10, 11, 12, 14]);
    // What is left, checked again: the cart walks every edge of it.
    let (code, text, err) = run(&["check", out.to_str().unwrap(), "--agent", "cart"]);
    assert_eq!(code, Some(0), "{text}{err}");
}

#[test]
fn diff_judges_a_walking_agent_by_its_body() {
    let map = level();
    let text = std::fs::read_to_string(&map).unwrap();
    // Raise the duct 0.6: the soldier's head (1.8 above 3.2) now clears
    // its underside at 5.1.
    let raised = text.replace(
        "Box(min: (16.6, 0.2, 4.5), max: (16.9, 9.8, 4.8))",
        "Box(min: (16.6, 0.2, 5.1), max: (16.9, 9.8, 5.4))",
    );
    assert_ne!(raised, text);
    let dir = tempfile::tempdir().unwrap();
    let new = dir.path().join("raised.ron");
    std::fs::write(&new, raised).unwrap();
    let (code, out, err) = run(&["diff", map.to_str().unwrap(), new.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.matches("unblocked").count(), 2 + 1, "{out}");
    assert!(out.contains("(radius 0.4 soldier)"), "{out}");
    // Back again: newly blocked for the soldier only, the duct cited.
    let (code, out, _) = run(&[
        "diff",
        new.to_str().unwrap(),
        map.to_str().unwrap(),
        "--format",
        "github",
    ]);
    assert_eq!(code, Some(1), "{out}");
    assert_eq!(out.matches("::error ").count(), 2, "{out}");
    assert!(out.contains("newly blocked for soldier"), "{out}");
    assert!(out.contains("box #34"), "{out}");
}

#[test]
fn pictures_name_the_height_and_draw_where_the_ground_ends() {
    let map = level();
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("cart.svg");
    let (code, _, err) = run(&[
        "render",
        map.to_str().unwrap(),
        "--agent",
        "cart",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(svg.contains("cart (radius 0.5, height 1.2)"), "the caption");
    assert!(svg.contains("5 of 23 edges blocked"), "stairs and the gap");
    assert!(svg.contains("no ground under the feet (1)"), "the legend");
    // check --render draws the largest agent, the cart, the same way.
    let png = dir.path().join("check.png");
    let (code, _, err) = run(&[
        "check",
        map.to_str().unwrap(),
        "--render",
        png.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1), "the soldier and the cart fail: {err}");
    assert!(std::fs::metadata(&png).unwrap().len() > 0);
}

#[test]
fn commands_that_measure_spheres_refuse_a_walking_agent() {
    let map = level();
    let map = map.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.ron");
    let html = dir.path().join("out.html");
    for args in [
        vec![
            "link",
            map,
            "--max-length",
            "3",
            "--agent",
            "soldier",
            "-o",
            out.to_str().unwrap(),
        ],
        vec![
            "render",
            map,
            "--agent",
            "bot",
            "-o",
            html.to_str().unwrap(),
        ],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("walking agent"), "{args:?}: {err}");
    }
    let written: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(written.is_empty(), "nothing written: {written:?}");
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

/// A hall with a floor and a beam 2 above it, over which the soldier (1.8
/// tall, a walking agent) walks; a drone (a sphere) beside him, on the
/// floor with every node. `watch`'s tests save it too.
pub(crate) const HALL: &str = r#"Map(
    agents: [
        (name: "soldier", radius: 0.4, height: 1.8, climb: 0.35, max_slope: 40.0),
        (name: "drone", radius: 0.3),
    ],
    nodes: [
        (id: 0, pos: (0.0, 0.0, 0.0)),
        (id: 1, pos: (5.0, 0.0, 0.0)),
        (id: 2, pos: (10.0, 0.0, 0.0)),
        (id: 3, pos: (5.0, 4.0, 0.0)),
    ],
    edges: [(from: 0, to: 1), (from: 1, to: 2), (from: 0, to: 3), (from: 3, to: 2)],
    obstacles: [
        Box(min: (-1.0, -2.0, -1.0), max: (11.0, 6.0, 0.0)),
        Segment(from: (2.5, -2.0, 2.0), to: (2.5, 2.0, 2.0)),
    ],
)"#;

#[test]
fn update_follows_a_walking_agent_as_check_judges_it() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("hall.ron");
    std::fs::write(&map, HALL).unwrap();
    let events = dir.path().join("events.jsonl");
    std::fs::write(
        &events,
        concat!(
            "# A crate pushed under the beam, from 1.5 up to it: the soldier's head hits it.\n",
            "{\"add\": {\"Box\": {\"min\": [2.0, -1.0, 1.5], \"max\": [3.0, 1.0, 2.0]}}}\n",
            "{\"route\": {\"from\": 0, \"to\": 2}}\n",
            "# The floor cut short at x = 6: no ground under the far half.\n",
            "{\"replace\": 0, \"with\": {\"Box\": {\"min\": [-1.0, -2.0, -1.0], \"max\": [6.0, 6.0, 0.0]}}}\n",
            "{\"route\": {\"from\": 0, \"to\": 2}}\n",
        ),
    )
    .unwrap();
    let (map, events) = (map.to_str().unwrap(), events.to_str().unwrap());
    let (code, out, err) = run(&["update", map, "--agent", "soldier", "--events", events]);
    // The last route finds none.
    assert_eq!(code, Some(1), "{err}");
    // The spheres' clearances do not change (the nodes are on the floor):
    // only the soldier's walking verdict does. Around the crate by node 3;
    // its narrowest body is the one that fits past the crate's corner.
    assert_eq!(
        out,
        "line 2: added obstacle 2 (box): no clearance changed
  blocked for soldier: edge 0 (0 -> 1)
line 3: route: 0 -> 3 -> 2; length 12.80625, cost 12.80625, narrowest clearance 0.5158537
line 5: replaced obstacle 0 with a box: 1 node changed clearance
  node 2: clearance 0 -> 4
  blocked for soldier: edge 1 (1 -> 2), edge 3 (3 -> 2)
line 6: no route from 0 to 2 for radius 0.4; 2 cannot be reached from 0 at any radius
",
        "{err}"
    );
    // Without --agent: every agent of the map, the soldier by his walking
    // verdict and the drone as a sphere; a route event for the soldier
    // answers as `route --agent soldier` does on the level as it stands.
    let events2 = dir.path().join("two.jsonl");
    std::fs::write(
        &events2,
        concat!(
            "{\"add\": {\"Box\": {\"min\": [2.0, -1.0, 1.5], \"max\": [3.0, 1.0, 2.0]}}}\n",
            "{\"route\": {\"from\": 0, \"to\": 2, \"agent\": \"soldier\"}}\n",
        ),
    )
    .unwrap();
    let after = dir.path().join("after.ron");
    let (code, out, err) = run(&[
        "update",
        map,
        "--events",
        events2.to_str().unwrap(),
        "--format",
        "json",
        "-o",
        after.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["blocked"]["soldier"], serde_json::json!([0]));
    assert_eq!(lines[0]["blocked"]["drone"], serde_json::json!([]));
    let (code, fresh, err) = run(&[
        "route",
        after.to_str().unwrap(),
        "--from",
        "0",
        "--to",
        "2",
        "--agent",
        "soldier",
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let fresh: Value = serde_json::from_str(&fresh).unwrap();
    for (key, value) in fresh.as_object().unwrap() {
        assert_eq!(&lines[1][key], value, "{key}");
    }
}
