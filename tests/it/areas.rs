//! Areas and per-agent costs (#30) in the commands: routes pay an agent's
//! multipliers and avoid its forbidden areas, `prune --agent` removes those
//! areas' edges and says so apart, `check` counts them, `clearance` carries
//! each edge's area, and maps without areas read as before.

use serde_json::{Value, json};

use crate::common::cli::{RunExt, clearway};
use crate::common::files::write_file;

/// A pond between the dock and the island:
///
/// ```text
///            2 (5,5)
///          /         \
///   0 (0,0) ~~water~~ 1 (10,0) "island"
/// ```
///
/// Straight across is 10 (water); round by node 2 is 2 · sqrt(50) = 14.14.
/// The boat pays half in water (5), the cat may not swim, the duck pays 1.5
/// (15 > 14.14: round it goes).
const POND: &str = r#"Map(
    agents: [
        (name: "boat", radius: 0.5, costs: {"water": 0.5}),
        (name: "cat", radius: 0.5, forbid: ["water"]),
        (name: "duck", radius: 0.5, costs: {"water": 1.5}),
    ],
    nodes: [
        (id: 0, pos: (0.0, 0.0), name: "dock"),
        (id: 1, pos: (10.0, 0.0), name: "island"),
        (id: 2, pos: (5.0, 5.0)),
    ],
    edges: [
        (from: 0, to: 1, area: "water"), // across
        (from: 0, to: 2),
        (from: 2, to: 1),
    ],
)
"#;

fn json_of(out: &std::process::Output) -> Value {
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

fn route(map: &std::path::Path, who: &[&str]) -> Value {
    let out = clearway()
        .arg("route")
        .arg(map)
        .args(["--from", "0", "--to", "1", "--format", "json"])
        .args(who)
        .run()
        .exit(0);
    json_of(&out)
}

#[test]
fn route_pays_the_agents_costs_and_never_crosses_a_forbidden_area() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "pond.ron", POND);
    let boat = route(&map, &["--agent", "boat"]);
    assert_eq!(
        (boat["path"].clone(), boat["cost"].clone()),
        (json!([0, 1]), json!(5.0))
    );
    let duck = route(&map, &["--agent", "duck"]);
    assert_eq!(duck["path"], json!([0, 2, 1]));
    let cat = route(&map, &["--agent", "cat"]);
    assert_eq!(cat["path"], json!([0, 2, 1]));
    // A radius alone pays no multiplier and forbids nothing.
    let plain = route(&map, &["--radius", "0.5"]);
    assert_eq!(
        (plain["path"].clone(), plain["cost"].clone()),
        (json!([0, 1]), json!(10.0))
    );
    clearway()
        .arg("route")
        .arg(&map)
        .args(["--from", "0", "--to", "1", "--agent", "boat"])
        .run()
        .exit(0)
        .stdout_is(
            "route: 0 \"dock\" -> 1 \"island\"\nlength 10, cost 5, narrowest clearance unbounded\n",
        );
    // The same through --pairs, and the widest route for the cat.
    let pairs = write_file(&dir, "pairs.txt", "0 1\n");
    clearway()
        .arg("route")
        .arg(&map)
        .arg("--pairs")
        .arg(&pairs)
        .args(["--agent", "cat", "--format", "json"])
        .run()
        .exit(0)
        .stdout_has("\"path\":[0,2,1]");
    let out = clearway()
        .arg("widest")
        .arg(&map)
        .args([
            "--from", "0", "--to", "1", "--agent", "cat", "--format", "json",
        ])
        .run()
        .exit(0);
    assert_eq!(json_of(&out)["path"], json!([0, 2, 1]));
    clearway()
        .arg("widest")
        .arg(&map)
        .args(["--from", "0", "--to", "1", "--agent", "nobody"])
        .run()
        .exit(2)
        .stderr_has("no agent named `nobody`");
}

#[test]
fn prune_for_an_agent_removes_its_forbidden_areas_and_says_so_apart() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "pond.ron", POND);
    let out = dir.path().join("cat.ron");
    clearway()
        .arg("prune")
        .arg(&map)
        .args(["--agent", "cat", "-o"])
        .arg(&out)
        .run()
        .exit(0)
        .stderr_has(
            "pruned 0 of 3 edges for cat (radius 0.5), and 1 more of an area it may not use; \
             connected components: 1 before, 1 after",
        );
    // No edge has water now: the agents' water costs and forbid name
    // nothing, and are left out, so that the map loads again.
    let pruned = std::fs::read_to_string(&out).unwrap();
    assert!(!pruned.contains("water"), "{pruned}");
    clearway().arg("check").arg(&out).run().exit(0);
    let report = clearway()
        .arg("prune")
        .arg(&map)
        .args(["--agent", "cat", "--format", "json", "-o"])
        .arg(dir.path().join("cat2.ron"))
        .run()
        .exit(0);
    let report = json_of(&report);
    assert_eq!(report["pruned_edges"], json!([]));
    assert_eq!(
        report["forbidden_edges"],
        json!([{"edge": 0, "from": 0, "to": 1}])
    );
    // The boat keeps every edge, and the text as it was.
    let kept = dir.path().join("boat.ron");
    clearway()
        .arg("prune")
        .arg(&map)
        .args(["--agent", "boat", "-o"])
        .arg(&kept)
        .run()
        .exit(0)
        .stderr_has("pruned 0 of 3 edges for boat (radius 0.5); connected");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), POND);
}

#[test]
fn check_counts_the_edges_an_agent_may_not_use() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "pond.ron", POND);
    clearway().arg("check").arg(&map).run().exit(0).stdout_is(
        "ok: boat (radius 0.5): 0 of 3 edges blocked, 0 of 3 nodes blocked\n\
         ok: cat (radius 0.5): 0 of 3 edges blocked, 0 of 3 nodes blocked, 1 edge of areas it may not use\n\
         ok: duck (radius 0.5): 0 of 3 edges blocked, 0 of 3 nodes blocked\n",
    );
    let out = clearway()
        .arg("check")
        .arg(&map)
        .args(["--agent", "cat", "--format", "json"])
        .run()
        .exit(0);
    assert_eq!(json_of(&out)["edges_forbidden"], 1);
    let out = clearway()
        .arg("check")
        .arg(&map)
        .args(["--agent", "boat", "--format", "json"])
        .run()
        .exit(0);
    assert!(json_of(&out).get("edges_forbidden").is_none());
}

#[test]
fn clearance_carries_each_edges_area_only_on_maps_with_areas() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "pond.ron", POND);
    clearway()
        .arg("clearance")
        .arg(&map)
        .args(["--format", "csv"])
        .run()
        .exit(0)
        .stdout_is(
            "edge,from,to,clearance,obstacle,edge_x,edge_y,obstacle_x,obstacle_y,area\n\
             0,0,1,,,,,,,water\n1,0,2,,,,,,,\n2,2,1,,,,,,,\n",
        );
    let out = clearway()
        .arg("clearance")
        .arg(&map)
        .args(["--format", "json"])
        .run()
        .exit(0);
    let table = json_of(&out);
    assert_eq!(table["edges"][0]["area"], "water");
    assert_eq!(table["edges"][1]["area"], Value::Null);
    assert!(table["edges"][1].get("area").is_some());
    // Without areas: no column, no field.
    let dry = POND
        .replace(", area: \"water\"", "")
        .replace(", costs: {\"water\": 0.5}", "")
        .replace(", costs: {\"water\": 1.5}", "")
        .replace(", forbid: [\"water\"]", "");
    let dry = write_file(&dir, "dry.ron", &dry);
    clearway()
        .arg("clearance")
        .arg(&dry)
        .args(["--format", "csv"])
        .run()
        .exit(0)
        .stdout_starts_with(
            "edge,from,to,clearance,obstacle,edge_x,edge_y,obstacle_x,obstacle_y\n",
        );
    let out = clearway()
        .arg("clearance")
        .arg(&dry)
        .args(["--format", "json"])
        .run()
        .exit(0);
    assert!(json_of(&out)["edges"][0].get("area").is_none());
}

#[test]
fn diff_reports_area_changes_as_their_own_kind() {
    let dir = tempfile::tempdir().unwrap();
    let old = write_file(&dir, "old.ron", POND);
    // The crossing turns to mud; the way to node 2 becomes water.
    let changed = POND
        .replace(
            "(from: 0, to: 1, area: \"water\")",
            "(from: 0, to: 1, area: \"mud\")",
        )
        .replace("(from: 0, to: 2),", "(from: 0, to: 2, area: \"water\"),");
    let new = write_file(&dir, "new.ron", &changed);
    clearway()
        .arg("diff")
        .arg(&old)
        .arg(&new)
        .run()
        .exit(0)
        .stdout_is(
            "area       edge 0 (0 \"dock\" -> 1 \"island\")  area \"water\" -> \"mud\"\n\
             area       edge 1 (0 \"dock\" -> 2)  area none -> \"water\"\n\
             forbidden  edge 1 (0 \"dock\" -> 2)  area none -> \"water\", now forbidden  (radius 0.5 cat)\n\
             allowed    edge 0 (0 \"dock\" -> 1 \"island\")  area \"water\" -> \"mud\", allowed again  (radius 0.5 cat)\n\
             ok: 0 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 0 one_way, 0 cost, 2 area, 1 forbidden, 1 allowed\n",
        );
    let out = clearway()
        .arg("diff")
        .arg(&old)
        .arg(&new)
        .args(["--format", "json"])
        .run()
        .exit(0);
    let report = json_of(&out);
    assert_eq!(report["area"], 2);
    assert_eq!(report["changes"][1]["old_area"], Value::Null);
    assert_eq!(report["changes"][1]["new_area"], "water");
    // No area changed: no count, no kind.
    let out = clearway()
        .arg("diff")
        .arg(&old)
        .arg(&old)
        .args(["--format", "json"])
        .run()
        .exit(0);
    assert!(json_of(&out).get("area").is_none());
    assert!(json_of(&out).get("forbidden").is_none());
}

/// A profile whose costs or forbidden areas changed is an agent change,
/// and the edges it may no longer use (or may use again) by their areas
/// are `forbidden` (`allowed`) for it, in text, JSON and the CI formats'
/// summary; neither fails the diff.
#[test]
fn diff_reports_changed_costs_and_forbidden_areas_with_the_edges_they_touch() {
    let dir = tempfile::tempdir().unwrap();
    let old = write_file(&dir, "old.ron", POND);
    // The boat pays 2 in water now and may not enter it; the cat may swim.
    let changed = POND
        .replace(
            "(name: \"boat\", radius: 0.5, costs: {\"water\": 0.5})",
            "(name: \"boat\", radius: 0.5, costs: {\"water\": 2.0}, forbid: [\"water\"])",
        )
        .replace(
            ", forbid: [\"water\"]),\n        (name: \"duck\"",
            "),\n        (name: \"duck\"",
        );
    assert!(
        !changed.contains("(name: \"cat\", radius: 0.5, forbid"),
        "{changed}"
    );
    let new = write_file(&dir, "new.ron", &changed);
    clearway()
        .arg("diff")
        .arg(&old)
        .arg(&new)
        .run()
        .exit(0)
        .stdout_is(
            "agent      boat  costs {\"water\": 0.5} -> {\"water\": 2}, forbid [] -> [\"water\"]\n\
             agent      cat  forbid [\"water\"] -> []\n\
             forbidden  edge 0 (0 \"dock\" -> 1 \"island\")  area \"water\", now forbidden  (radius 0.5 boat)\n\
             allowed    edge 0 (0 \"dock\" -> 1 \"island\")  area \"water\", allowed again  (radius 0.5 cat)\n\
             ok: 0 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 0 one_way, 0 cost, 1 forbidden, 1 allowed, \
             2 agents changed (boat costs {\"water\": 0.5} -> {\"water\": 2}, forbid [] -> [\"water\"], cat forbid [\"water\"] -> [])\n",
        );
    let out = clearway()
        .arg("diff")
        .arg(&old)
        .arg(&new)
        .args(["--format", "json"])
        .run()
        .exit(0);
    let report = json_of(&out);
    assert_eq!(
        (report["forbidden"].clone(), report["allowed"].clone()),
        (json!(1), json!(1))
    );
    assert_eq!(
        report["agent_changes"][0],
        json!({
            "agent": "boat", "old_radius": 0.5, "radius": 0.5,
            "costs": {"old": {"water": 0.5}, "new": {"water": 2.0}},
            "forbid": {"old": [], "new": ["water"]},
        })
    );
    assert_eq!(
        report["agent_changes"][1],
        json!({"agent": "cat", "old_radius": 0.5, "radius": 0.5, "forbid": {"old": ["water"], "new": []}})
    );
    let row = &report["changes"][0];
    assert_eq!(
        (row["kind"].clone(), row["agent"].clone()),
        (json!("forbidden"), json!("boat"))
    );
    assert_eq!(
        (row["old_area"].clone(), row["new_area"].clone()),
        (json!("water"), json!("water"))
    );
    // The CI formats carry the summary; nothing fails.
    clearway()
        .arg("diff")
        .arg(&old)
        .arg(&new)
        .args(["--format", "github"])
        .run()
        .exit(0)
        .stdout_has("1 forbidden, 1 allowed");
    // `--agent cat` checks the cat alone: its edge only.
    clearway()
        .arg("diff")
        .arg(&old)
        .arg(&new)
        .args(["--agent", "cat", "--summary"])
        .run()
        .exit(0)
        .stdout_has("0 forbidden, 1 allowed");
}

/// The text table names each edge's area on a map with areas, and is as
/// before on a map without.
#[test]
fn clearance_text_names_areas_only_on_maps_with_areas() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "pond.ron", POND);
    clearway()
        .arg("clearance")
        .arg(&map)
        .run()
        .exit(0)
        .stdout_is(
            "edge 0 (0 \"dock\" -> 1 \"island\"): area \"water\", clearance inf\n\
             edge 1 (0 \"dock\" -> 2): area none, clearance inf\n\
             edge 2 (2 -> 1 \"island\"): area none, clearance inf\n",
        );
    let dry = POND
        .replace(", area: \"water\"", "")
        .replace(", costs: {\"water\": 0.5}", "")
        .replace(", costs: {\"water\": 1.5}", "")
        .replace(", forbid: [\"water\"]", "");
    let dry = write_file(&dir, "dry.ron", &dry);
    clearway()
        .arg("clearance")
        .arg(&dry)
        .run()
        .exit(0)
        .stdout_is(
            "edge 0 (0 \"dock\" -> 1 \"island\"): clearance inf\n\
             edge 1 (0 \"dock\" -> 2): clearance inf\n\
             edge 2 (2 -> 1 \"island\"): clearance inf\n",
        );
}

#[test]
fn grid_reads_swamp_and_water_as_areas_unless_solid() {
    let dir = tempfile::tempdir().unwrap();
    let bunker = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/bunker.map");
    let with_water = dir.path().join("water.ron");
    clearway()
        .arg("grid")
        .arg(bunker)
        .arg("-o")
        .arg(&with_water)
        .run()
        .exit(0)
        .stderr_has("598 free");
    let text = std::fs::read_to_string(&with_water).unwrap();
    assert!(text.contains("area: \"water\""), "{text}");
    // The 20 water cells solid again: no area, 20 fewer nodes.
    let solid = dir.path().join("solid.ron");
    clearway()
        .arg("grid")
        .arg(bunker)
        .args(["--solid", "W", "-o"])
        .arg(&solid)
        .run()
        .exit(0)
        .stderr_has("578 free");
    assert!(!std::fs::read_to_string(&solid).unwrap().contains("area"));
    clearway()
        .arg("grid")
        .arg(bunker)
        .args(["--solid", "T", "-o"])
        .arg(dir.path().join("no.ron"))
        .run()
        .exit(2)
        .stderr_has("`T` is not terrain with an area");
    // A cat that may not swim goes round the pond; a radius alone wades.
    let level = std::fs::read_to_string(&with_water).unwrap().replacen(
        "Map(",
        "Map(\n    agents: [(name: \"cat\", radius: 0.0, forbid: [\"water\"])],",
        1,
    );
    assert!(level.contains("agents"), "the level starts with Map(");
    let level = write_file(&dir, "cat.ron", &level);
    let cat = route_between(&level, "cat", "--agent");
    let wader = route_between(&level, "0", "--radius");
    assert!(
        cat["cost"].as_f64() > wader["cost"].as_f64(),
        "{cat} {wader}"
    );
}

/// The route from node 629 (cell (21, 19), west of the pond) to 635 (cell
/// (27, 19), east of it): 6 straight across the water.
fn route_between(map: &std::path::Path, who: &str, option: &str) -> Value {
    let out = clearway()
        .arg("route")
        .arg(map)
        .args([
            "--from", "629", "--to", "635", option, who, "--format", "json",
        ])
        .run()
        .exit(0);
    json_of(&out)
}

#[test]
fn render_marks_each_edge_with_an_area_and_names_the_areas_in_the_legend() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "pond.ron", POND);
    let svg = dir.path().join("pond.svg");
    clearway()
        .arg("render")
        .arg(&map)
        .args(["--agent", "cat", "-o"])
        .arg(&svg)
        .run()
        .exit(0);
    let text = std::fs::read_to_string(&svg).unwrap();
    // A dashed ink line along the edge (no colour needed), named in the
    // legend.
    assert!(text.contains("id=\"areas\""), "{text}");
    assert!(text.contains("area &quot;water&quot; (1)"), "{text}");
    let dry = write_file(
        &dir,
        "dry.ron",
        &POND
            .replace(", area: \"water\"", "")
            .replace(", costs: {\"water\": 0.5}", "")
            .replace(", costs: {\"water\": 1.5}", "")
            .replace(", forbid: [\"water\"]", ""),
    );
    clearway()
        .arg("render")
        .arg(&dry)
        .args(["--radius", "0.5", "-o"])
        .arg(&svg)
        .run()
        .exit(0);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        !text.contains("id=\"areas\"") && !text.contains("area &quot;"),
        "{text}"
    );
}
