//! `clearway diff`: edges matched by their ends, not their index; the line
//! format; tolerances; JSON; exit codes.

use crate::common::cli::{Run, RunExt, clearway, stdout};

use serde_json::Value;

/// Old level: a corridor 0 -> 1 -> 2 with a rock 1.5 from the first edge
/// and 3 from the second, plus two parallel edges 2 -> 3.
///
/// ```text
///            * rock (2, 1.5)          * rock2 (7, 3)
///   0 (0,0) ---- 1 (4,0) ---- 2 (8,0) ==== 3 (12, 0)
/// ```
///
/// Edge 0 (0 -> 1): 1.5 (the rock projects inside). Edge 1 (1 -> 2):
/// 3 (rock2 projects at (7, 0)); the rock is sqrt(4 + 2.25) = 2.5 from
/// (4, 0): 2.5. Edges 2 and 3 (2 -> 3, twice): rock2 is sqrt(1 + 9) from
/// (8, 0): sqrt(10) = 3.162...
const OLD: &str = r#"Map(
    agents: [(name: "scout", radius: 0.5), (name: "tank", radius: 2.0)],
    nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (4, 0)), (id: 2, pos: (8, 0)), (id: 3, pos: (12, 0)), (id: 4, pos: (4, 8))],
    edges: [(from: 0, to: 1), (from: 1, to: 2), (from: 2, to: 3), (from: 2, to: 3), (from: 1, to: 4)],
    obstacles: [Point((2, 1.5)), Point((7, 3))],
)
"#;

/// New level: an edge 4 -> 0 inserted first (every index shifts by one);
/// the rock moved to (2, 2.5): edge 0 -> 1 now 2.5; edge 1 -> 2 now
/// min(sqrt(4 + 6.25), 3) = 3 (was 2.5: changed, above both radii). The
/// second parallel edge 2 -> 3 is removed; edge 1 -> 4 is unchanged.
/// Edge 4 -> 0 runs along x from (4, 8) to (0, 0): the rock (2, 2.5) is
/// |(-4)(2.5 - 8) - (-8)(2 - 4)| / sqrt(80) = |22 - 16| / 8.944 = 0.6708
/// from it: blocked for the tank (2.0), not for the scout (0.5).
const NEW: &str = r#"Map(
    agents: [(name: "scout", radius: 0.5), (name: "tank", radius: 2.0)],
    nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (4, 0)), (id: 2, pos: (8, 0)), (id: 3, pos: (12, 0)), (id: 4, pos: (4, 8))],
    edges: [(from: 4, to: 0), (from: 0, to: 1), (from: 1, to: 2), (from: 2, to: 3), (from: 1, to: 4)],
    obstacles: [Point((2, 2.5)), Point((7, 3))],
)
"#;

fn files() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old.ron");
    let new = dir.path().join("new.ron");
    std::fs::write(&old, OLD).unwrap();
    std::fs::write(&new, NEW).unwrap();
    (dir, old, new)
}

#[test]
fn a_change_that_unblocks_and_adds_is_reported_line_by_line() {
    let (_dir, old, new) = files();
    let out = clearway().arg("diff").arg(&old).arg(&new).output().unwrap();
    // Edge 0 -> 1 goes from 1.5 to 2.5: unblocked for the tank. The new
    // edge 4 -> 0 is blocked for the tank: a new blocked edge, exit 1.
    // Edges are named by their index in NEW, with OLD's when it differs
    // (every edge moved one on); the removed edge by its index in OLD.
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        stdout(&out),
        "blocked    edge 0 (4 -> 0)  clearance absent -> 0.6708204  (radius 2 tank)\n\
         unblocked  edge 1 (0 -> 1, was edge 0)  clearance 1.5 -> 2.5  (radius 2 tank)\n\
         added      edge 0 (4 -> 0)  clearance absent -> 0.6708204\n\
         removed    edge 3 (2 -> 3, in OLD)  clearance 3.162278 -> absent\n\
         changed    edge 2 (1 -> 2, was edge 1)  clearance 2.5 -> 3\n\
         FAILED: 1 newly blocked, 1 unblocked, 1 added, 1 removed, 1 changed, 0 one_way, 0 cost\n"
    );
    assert!(out.stderr.is_empty());
}

#[test]
fn the_reverse_change_blocks_and_removes() {
    let (_dir, old, new) = files();
    clearway()
        .arg("diff")
        .arg(&new)
        .arg(&old)
        .args(["--agent", "tank"])
        .run()
        .exit(1)
        .stdout_is(
            "blocked    edge 0 (0 -> 1, was edge 1)  clearance 2.5 -> 1.5  (radius 2 tank)\n\
         added      edge 3 (2 -> 3)  clearance absent -> 3.162278\n\
         removed    edge 0 (4 -> 0, in OLD)  clearance 0.6708204 -> absent\n\
         changed    edge 1 (1 -> 2, was edge 2)  clearance 3 -> 2.5\n\
         FAILED: 1 newly blocked, 0 unblocked, 1 added, 1 removed, 1 changed, 0 one_way, 0 cost\n",
        );
}

#[test]
fn changes_below_the_checked_radii_are_changed_lines_and_pass() {
    let (_dir, old, new) = files();
    clearway()
        .arg("diff")
        .arg(&old)
        .arg(&new)
        .args(["--radius", "0.5"])
        .run()
        .exit(0)
        .stdout_is(
            "added      edge 0 (4 -> 0)  clearance absent -> 0.6708204\n\
         removed    edge 3 (2 -> 3, in OLD)  clearance 3.162278 -> absent\n\
         changed    edge 1 (0 -> 1, was edge 0)  clearance 1.5 -> 2.5\n\
         changed    edge 2 (1 -> 2, was edge 1)  clearance 2.5 -> 3\n\
         ok: 0 newly blocked, 0 unblocked, 1 added, 1 removed, 2 changed, 0 one_way, 0 cost\n",
        );
    // An absolute tolerance of 0.5 hides the change of 0.5 on edge 1 -> 2,
    // not the change of 1.0 on edge 0 -> 1.
    let out = clearway()
        .arg("diff")
        .arg(&old)
        .arg(&new)
        .args(["--radius", "0.5", "--tolerance", "0.5"])
        .output()
        .unwrap();
    assert!(stdout(&out).contains("changed    edge 1 (0 -> 1"));
    assert!(!stdout(&out).contains("(1 -> 2"), "{}", stdout(&out));
}

#[test]
fn an_identical_level_has_no_changes() {
    let (_dir, old, _new) = files();
    clearway()
        .arg("diff")
        .arg(&old)
        .arg(&old)
        .run()
        .exit(0)
        .stdout_is(
            "ok: 0 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 0 one_way, 0 cost\n",
        );
}

#[test]
fn json_lists_every_change_with_both_sides() {
    let (_dir, old, new) = files();
    let out = clearway()
        .arg("diff")
        .arg(&old)
        .arg(&new)
        .args(["--format", "json"])
        .run()
        .exit(1);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["newly_blocked"], 1);
    assert_eq!(v["relative_tolerance"], 1e-9);
    let changes = v["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 5);
    let unblocked = &changes[1];
    assert_eq!(unblocked["kind"], "unblocked");
    assert_eq!(
        (unblocked["from"].as_u64(), unblocked["to"].as_u64()),
        (Some(0), Some(1))
    );
    // Matched by ends, not index: edge 0 in OLD is edge 1 in NEW.
    assert_eq!(unblocked["old"]["edge"], 0);
    assert_eq!(unblocked["new"]["edge"], 1);
    assert_eq!(unblocked["old"]["clearance"], 1.5);
    assert_eq!(unblocked["new"]["clearance"], 2.5);
    assert_eq!(unblocked["agent"], "tank");
    assert_eq!(unblocked["radius"], 2.0);
    let removed = &changes[3];
    assert_eq!(removed["kind"], "removed");
    assert_eq!(removed["occurrence"], 1);
    assert_eq!(removed["new"], Value::Null);
}

#[test]
fn old_may_come_from_standard_input() {
    let (_dir, _old, new) = files();
    clearway()
        .args(["diff", "-"])
        .arg(&new)
        .write_stdin(OLD)
        .run()
        .exit(1)
        .stdout_starts_with("blocked    edge 0 (4 -> 0)");
    clearway().args(["diff", "-", "-"]).run().exit(2);
}

#[test]
fn bad_input_exits_2() {
    let (_dir, old, new) = files();
    clearway()
        .arg("diff")
        .arg(&old)
        .arg(&new)
        .args(["--agent", "ogre"])
        .run()
        .exit(2)
        .stdout_is("");
    clearway()
        .arg("diff")
        .arg(&old)
        .arg("missing.ron")
        .run()
        .exit(2)
        .stderr_has("missing.ron");
}

#[test]
fn the_shipped_review_example_blocks_the_forklift() {
    clearway()
        .args(["diff", "maps/warehouse.ron", "maps/review/warehouse_v2.ron"])
        .run().exit(1).stdout_is("blocked    edge 5 (6 \"aisle_bc_west\" -> 7, was edge 4)  clearance 1.3 -> 1.1  (radius 1.25 forklift)\n\
         blocked    edge 6 (7 -> 8, was edge 5)  clearance 1.3 -> 1.1  (radius 1.25 forklift)\n\
         added      edge 0 (0 -> 2)  clearance absent -> 1.6\n\
         changed    edge 2 (1 \"dock\" -> 2, was edge 1)  clearance 1.565248 -> 1.6\n\
         changed    edge 18 (2 -> 5, was edge 17)  clearance 1.565248 -> 2\n\
         FAILED: 2 newly blocked, 0 unblocked, 1 added, 0 removed, 2 changed, 0 one_way, 0 cost\n");
}

/// Three nodes in a row and a rock 1 above node 1; edges as `EDGES` says.
fn level(edges: &str) -> String {
    format!(
        "Map(agents: [(name: \"cat\", radius: 0.1)],\n\
         nodes: [(id: 1, pos: (0, 0)), (id: 2, pos: (4, 0)), (id: 3, pos: (8, 0))],\n\
         edges: [{edges}],\n\
         obstacles: [Point((4, 1))])\n"
    )
}

fn diff_of(old: &str, new: &str, extra: &[&str]) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.ron"), dir.path().join("b.ron"));
    std::fs::write(&a, old).unwrap();
    std::fs::write(&b, new).unwrap();
    clearway().arg("diff").arg(&a).arg(&b).args(extra).run()
}

#[test]
fn a_two_way_edge_written_backwards_is_the_same_edge() {
    diff_of(
        &level("(from: 1, to: 2), (from: 2, to: 3)"),
        &level("(from: 2, to: 1), (from: 3, to: 2)"),
        &[],
    )
    .exit(0)
    .stdout_is(
        "ok: 0 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 0 one_way, 0 cost\n",
    );
}

#[test]
fn one_way_changes_are_their_own_kind() {
    // 1 -> 2 becomes one-way; 2 -> 3 one-way is turned round; a parallel
    // pair 1 - 2 (two-way, then one-way 2 -> 1) is written in the other
    // order: matched alike first, so nothing changes there.
    diff_of(
        &level(
            "(from: 1, to: 2), (from: 2, to: 3, one_way: true), (from: 1, to: 3), \
             (from: 3, to: 1, one_way: true)",
        ),
        &level(
            "(from: 1, to: 2, one_way: true), (from: 3, to: 2, one_way: true), \
             (from: 3, to: 1, one_way: true), (from: 3, to: 1)",
        ),
        &[],
    )
    .exit(0)
    .stdout_is(
        "one_way    edge 0 (1 -> 2)  two-way -> one-way 1->2\n\
         one_way    edge 1 (3 -> 2)  one-way 2->3 -> one-way 3->2\n\
         ok: 0 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 2 one_way, 0 cost\n",
    );
    let out = diff_of(
        &level("(from: 1, to: 2)"),
        &level("(from: 2, to: 1, one_way: true)"),
        &["--format", "json"],
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["one_way"], 1);
    assert_eq!(v["added"], 0);
    assert_eq!(v["removed"], 0);
    let change = &v["changes"][0];
    assert_eq!(change["kind"], "one_way");
    assert_eq!(
        (change["from"].as_u64(), change["to"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(change["old"]["one_way"], false);
    assert_eq!(change["new"]["one_way"], true);
    assert_eq!(change["new"]["from"], 2);
}

#[test]
fn cost_changes_are_their_own_kind() {
    diff_of(
        &level("(from: 1, to: 2), (from: 2, to: 3, cost: 5)"),
        &level("(from: 1, to: 2, cost: 7), (from: 2, to: 3, cost: 5.0000001)"),
        &[],
    )
    .exit(0)
    .stdout_is(
        "cost       edge 0 (1 -> 2)  cost length -> 7\n\
         cost       edge 1 (2 -> 3)  cost 5 -> 5.0000001\n\
         ok: 0 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 0 one_way, 2 cost\n",
    );
    let out = diff_of(
        &level("(from: 1, to: 2, cost: 3)"),
        &level("(from: 2, to: 1)"),
        &["--format", "json"],
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cost"], 1);
    assert_eq!(v["changes"][0]["kind"], "cost");
    assert_eq!(v["changes"][0]["old"]["cost"], 3.0);
    assert_eq!(v["changes"][0]["new"]["cost"], Value::Null);
}

#[test]
fn an_edge_moved_onto_an_obstacle_is_blocked_at_radius_0() {
    // The rock moves from 1 above node 1 onto edge 1 -> 2: clearance 0,
    // blocked for every agent, radius 0 included.
    let old = level("(from: 1, to: 2)");
    let new = old.replace("Point((4, 1))", "Point((2, 0))");
    diff_of(&old, &new, &["--radius", "0"])
        .exit(1)
        .stdout_starts_with("blocked    edge 0 (1 -> 2)  clearance 1 -> 0  (radius 0)\n");
}

/// `diff` of `maps/corridors.ron` against itself with one agent profile
/// changed (`from` replaced by `to`).
fn corridors_changed(from: &str, to: &str, extra: &[&str]) -> Run {
    let old = std::fs::read_to_string("maps/corridors.ron").unwrap();
    assert!(old.contains(from), "{from}");
    diff_of(&old, &old.replace(from, to), extra)
}

/// The corridors' four edges through the west and inner doors (edges 4 to
/// 7) have clearance 1: the doors are 2 wide (walls end at x 9 and 11, and
/// at y 8 and 10). Every other edge has at least 1.7 (the east door, 3.4
/// wide). So a soldier grown from 0.4 to 1.2 no longer fits edges 4 to 7
/// (1 < 1.2, and 1 >= 0.4 before), though no edge changed.
#[test]
fn a_grown_agent_newly_blocks_the_edges_it_no_longer_fits() {
    let soldier = |extra: &[&str]| {
        corridors_changed(
            r#"(name: "soldier", radius: 0.4)"#,
            r#"(name: "soldier", radius: 1.2)"#,
            extra,
        )
    };
    let out = soldier(&[]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        stdout(&out),
        "agent      soldier  radius 0.4 -> 1.2\n\
         blocked    edge 4 (101 -> 110 \"west_door\")  clearance 1 -> 1  (radius 0.4 -> 1.2 soldier)\n\
         blocked    edge 5 (110 \"west_door\" -> 120 \"armory\")  clearance 1 -> 1  (radius 0.4 -> 1.2 soldier)\n\
         blocked    edge 6 (120 \"armory\" -> 121 \"inner_door\")  clearance 1 -> 1  (radius 0.4 -> 1.2 soldier)\n\
         blocked    edge 7 (121 \"inner_door\" -> 122)  clearance 1 -> 1  (radius 0.4 -> 1.2 soldier)\n\
         FAILED: 4 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 0 one_way, 0 cost, \
         1 agent changed (soldier radius 0.4 -> 1.2)\n"
    );
    // --agent soldier judges it the same way; --summary keeps the agent.
    let out = soldier(&["--agent", "soldier", "--summary"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        stdout(&out),
        "FAILED: 4 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 0 one_way, 0 cost, \
         1 agent changed (soldier radius 0.4 -> 1.2)\n"
    );
    // --radius 0.4 is one radius for both levels, as before: nothing
    // blocked, but the profile change is still reported.
    let out = soldier(&["--radius", "0.4"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(stdout(&out).starts_with("agent      soldier  radius 0.4 -> 1.2\nok: 0 newly"));
}

/// The tank shrunk from 1.5 (does not fit the clearance 1 of edges 4 to 7)
/// to 0.9 (fits): four edges newly passable, nothing blocked, exit 0.
#[test]
fn a_shrunk_agent_unblocks_the_edges_it_now_fits() {
    let out = corridors_changed(
        r#"(name: "tank", radius: 1.5)"#,
        r#"(name: "tank", radius: 0.9)"#,
        &["--format", "json"],
    )
    .exit(0);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["newly_blocked"].as_u64(), v["unblocked"].as_u64()),
        (Some(0), Some(4))
    );
    assert_eq!(
        v["agent_changes"],
        serde_json::json!([{"agent": "tank", "old_radius": 1.5, "radius": 0.9}])
    );
    assert_eq!(
        v["radii"][1],
        serde_json::json!({"agent": "tank", "radius": 0.9, "old_radius": 1.5})
    );
    let changes: Vec<(&str, u64, f64, f64)> = v["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let kind = c["kind"].as_str().unwrap();
            let edge = c["new"]["edge"].as_u64().unwrap();
            (
                kind,
                edge,
                c["old_radius"].as_f64().unwrap(),
                c["radius"].as_f64().unwrap(),
            )
        })
        .collect();
    let expected: Vec<(&str, u64, f64, f64)> = (4..8).map(|e| ("unblocked", e, 1.5, 0.9)).collect();
    assert_eq!(changes, expected);
}

/// A profile renamed is one removed and one added: the added one is judged
/// at its radius in both levels, so nothing is blocked for it; the removed
/// one travels NEW no more, so nothing is blocked for it either.
#[test]
fn added_and_removed_agents_are_reported_and_block_nothing_unchanged() {
    corridors_changed(
        r#"(name: "tank", radius: 1.5)"#,
        r#"(name: "apc", radius: 1.5)"#,
        &[],
    )
    .exit(0)
    .stdout_is(
        "agent      apc  radius absent -> 1.5\n\
         agent      tank  radius 1.5 -> absent\n\
         ok: 0 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 0 one_way, 0 cost, \
         2 agents changed (apc radius absent -> 1.5, tank radius 1.5 -> absent)\n",
    );
}
