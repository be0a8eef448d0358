//! `clearway update`: every event kind in 2D and 3D, the JSON shape, exit
//! codes 0/1/2, bad events located with the ones before them applied and
//! `-o` left unwritten, the level written by `-o` reproducing the live
//! clearances, events from standard input.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::cli::{Run, RunExt, clearway};
use crate::common::files::{files_in, write_file};

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// `clearway update MAP --events EVENTS ARGS..`.
fn update(map: &Path, events: &Path, args: &[&str]) -> Run {
    clearway()
        .arg("update")
        .arg(map)
        .arg("--events")
        .arg(events)
        .args(args)
        .run()
}

/// The JSON lines a run printed.
fn json_lines(run: &Run) -> Vec<Value> {
    run.stdout()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// The keys of the JSON object `text`, in the order written.
fn keys(text: &str) -> Vec<String> {
    struct Keys(Vec<String>);
    impl<'de> serde::Deserialize<'de> for Keys {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Keys, D::Error> {
            struct Visit;
            impl<'de> serde::de::Visitor<'de> for Visit {
                type Value = Keys;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("an object")
                }
                fn visit_map<A: serde::de::MapAccess<'de>>(
                    self,
                    mut map: A,
                ) -> Result<Keys, A::Error> {
                    let mut keys = Vec::new();
                    while let Some((key, _)) = map.next_entry::<String, serde::de::IgnoredAny>()? {
                        keys.push(key);
                    }
                    Ok(Keys(keys))
                }
            }
            d.deserialize_map(Visit)
        }
    }
    serde_json::from_str::<Keys>(text).unwrap().0
}

/// Every clearance the change lines report, the last one for each edge:
/// what the level's edges have after the events (`None` for unbounded).
fn last_edge_clearances(lines: &[Value]) -> BTreeMap<u64, Option<f64>> {
    let mut last = BTreeMap::new();
    for line in lines {
        for change in line["changed_edges"].as_array().into_iter().flatten() {
            last.insert(
                change["edge"].as_u64().unwrap(),
                change["clearance"].as_f64(),
            );
        }
    }
    last
}

/// `clearway clearance MAP --format json`'s edge clearances, by index.
fn clearance_of(map: &Path) -> Vec<Option<f64>> {
    let run = clearway()
        .arg("clearance")
        .arg(map)
        .args(["--format", "json"])
        .run()
        .exit(0);
    let table: Value = serde_json::from_str(&run.stdout()).unwrap();
    table["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["clearance"].as_f64())
        .collect()
}

/// The guide's worked example prints what the guide shows: a door
/// shutting, a crate pushed into the corridor, the routes around it.
#[test]
fn the_corridors_example_reports_each_event_in_order() {
    update(
        &repo("maps/corridors.ron"),
        &repo("maps/corridors-events.jsonl"),
        &[],
    )
    .exit(0)
    .stdout_is(
        "line 4: closed edge 4 (101 -> 110 \"west_door\"): no clearance changed
  blocked for soldier: edge 4 (101 -> 110 \"west_door\")
line 6: added obstacle 13 (circle): 1 edge changed clearance
  edge 2 (102 -> 103): clearance 2 -> 0.6
  blocked for tank: edge 2 (102 -> 103)
line 8: route: 100 \"west_end\" -> 101 -> 102 -> 103 -> 111 \"east_door\" -> 123 -> 125 \"hangar\"; length 38.89416, cost 38.89416, narrowest clearance 0.6
line 9: widest radius from 100 \"west_end\" to 125 \"hangar\": 0.6; route: 100 \"west_end\" -> 101 -> 102 -> 103 -> 111 \"east_door\" -> 123 -> 125 \"hangar\"; bottleneck: edge 2 (102 -> 103), clearance 0.6
line 11: removed obstacle 13: 1 edge changed clearance
  edge 2 (102 -> 103): clearance 0.6 -> 2
  passable for tank: edge 2 (102 -> 103)
line 12: route: 100 \"west_end\" -> 101 -> 102 -> 103 -> 111 \"east_door\" -> 123 -> 125 \"hangar\"; length 38.89416, cost 38.89416, narrowest clearance 1.7
",
    );
}

/// Every 2D event kind, as JSON: the shape of a change line and of a
/// route's, the indices added obstacles get, the witnesses; and the level
/// `-o` writes gives, afresh, the clearances the lines reported last.
#[test]
fn every_2d_event_applies_and_the_written_level_has_the_live_clearances() {
    let dir = tempfile::tempdir().unwrap();
    let events = write_file(
        &dir,
        "events.jsonl",
        r#"# Every kind of obstacle, then every other event.
{"add": {"Point": [15.0, 1.0]}}
{"add": {"Circle": {"center": [25.0, 1.0], "radius": 0.4}}}

{"add": {"Segment": {"from": [35.0, 0.5], "to": [36.0, 1.0]}}}
{"add": {"Polygon": [[5.0, 0.5], [6.0, 0.5], [5.5, 1.2]]}}
{"move": 14, "by": [0.0, -0.3]}
{"replace": 13, "with": {"Point": [15.0, 0.5]}}
{"remove": 16}
  # An indented comment.
{"close": 2}
{"open": 2}
{"close": 0}
{"route": {"from": "west_end", "to": "hangar", "radius": 0.4}}
{"widest": {"from": 101, "to": "id:125"}}
"#,
    );
    let out = dir.path().join("after.ron");
    let run = update(
        &repo("maps/corridors.ron"),
        &events,
        &["--format", "json", "-o", out.to_str().unwrap()],
    )
    .exit(1); // edge 0, the only way out of the west end, is closed
    let lines = json_lines(&run);
    let raw = run.stdout();
    let raw: Vec<&str> = raw.lines().collect();
    assert_eq!(lines.len(), 12, "{}", run.stdout());
    let change_keys = [
        "event",
        "line",
        "changed_edges",
        "changed_nodes",
        "blocked",
        "passable",
    ];
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["event"], i, "{line}");
    }
    let lines_of: Vec<u64> = lines.iter().map(|l| l["line"].as_u64().unwrap()).collect();
    assert_eq!(lines_of, [2, 3, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15]);
    // The added obstacles get the next indices, and say so.
    for (k, index) in (0..4).zip(13..) {
        assert_eq!(lines[k]["obstacle"], index, "{}", raw[k]);
        let mut with_obstacle = change_keys.to_vec();
        with_obstacle.insert(2, "obstacle");
        assert_eq!(keys(raw[k]), with_obstacle);
    }
    for line in &raw[4..10] {
        assert_eq!(keys(line), change_keys, "{line}");
    }
    // The point lowers the corridor edge 1 to 1 and is its witness; each
    // agent's status is listed, in the map's order.
    assert_eq!(
        lines[0]["changed_edges"],
        serde_json::json!([{"edge": 1, "from": 101, "to": 102, "was": 2.0, "clearance": 1.0, "obstacle": 13}])
    );
    assert_eq!(
        lines[0]["blocked"],
        serde_json::json!({"soldier": [], "tank": [1]})
    );
    assert_eq!(lines[1]["changed_edges"][0]["clearance"], 0.6);
    // Moved 0.3 down, the circle leaves edge 2 1.3 - 0.4 = 0.9 clear.
    let moved = lines[4]["changed_edges"][0]["clearance"].as_f64().unwrap();
    assert!((moved - 0.9).abs() < 1e-9, "{}", lines[4]);
    // The point replaced: 1.5 from edge 1.
    assert_eq!(lines[5]["changed_edges"][0]["clearance"], 1.5);
    assert_eq!(lines[5]["changed_edges"][0]["obstacle"], 13);
    // Removing the polygon gives edge 0 its walls back.
    assert!(!lines[6]["changed_edges"].as_array().unwrap().is_empty());
    // Closing and opening an edge changes no clearance: it blocks and frees.
    assert_eq!(lines[7]["changed_edges"], serde_json::json!([]));
    assert_eq!(
        lines[7]["blocked"],
        serde_json::json!({"soldier": [2], "tank": []})
    );
    assert_eq!(
        lines[8]["passable"],
        serde_json::json!({"soldier": [2], "tank": []})
    );
    // The route and the widest route: the commands' own JSON after the
    // query, for the level as it stands (edge 0 closed).
    let route = &lines[10];
    assert_eq!(route["query"], "route");
    assert_eq!(route["radius"], 0.4);
    assert_eq!(route["found"], false);
    assert_eq!(route["reachable"], false);
    let widest = &lines[11];
    assert_eq!(widest["query"], "widest");
    assert_eq!(widest["from"], 101);
    assert_eq!(widest["to"], "id:125");
    assert_eq!(widest["found"], true);

    // The written level, computed afresh, has the live clearances.
    let fresh = clearance_of(&out);
    for (edge, clearance) in last_edge_clearances(&lines) {
        assert_eq!(fresh[edge as usize], clearance, "edge {edge}");
    }
    // Edge 0 is written closed, and the routes on the written level are
    // the live ones: none from the west end, the same widest route.
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(written.matches("closed: true").count(), 1, "{written}");
    clearway()
        .arg("route")
        .arg(&out)
        .args(["--from", "west_end", "--to", "hangar", "--radius", "0.4"])
        .run()
        .exit(1);
    let widest_now = clearway()
        .arg("widest")
        .arg(&out)
        .args(["--from", "101", "--to", "125", "--format", "json"])
        .run()
        .exit(0);
    let widest_keys = keys(&widest_now.stdout());
    let widest_now: Value = serde_json::from_str(&widest_now.stdout()).unwrap();
    for key in &widest_keys {
        assert_eq!(widest[key], widest_now[key], "{key}");
    }
    let mut expected = vec!["event", "line", "query", "from", "to"];
    expected.extend(widest_keys.iter().map(String::as_str));
    assert_eq!(keys(raw[11]), expected);
}

/// A route event's JSON is `route --format json`'s, after the query.
#[test]
fn a_route_event_prints_what_route_prints() {
    let dir = tempfile::tempdir().unwrap();
    let events = write_file(
        &dir,
        "events.jsonl",
        "{\"route\": {\"from\": \"west_end\", \"to\": \"hangar\"}}\n",
    );
    let map = repo("maps/corridors.ron");
    let run = update(&map, &events, &["--agent", "soldier", "--format", "json"]).exit(0);
    let line = &json_lines(&run)[0];
    let route_run = clearway()
        .arg("route")
        .arg(&map)
        .args(["--from", "west_end", "--to", "hangar", "--agent", "soldier"])
        .args(["--format", "json"])
        .run()
        .exit(0);
    let route_keys = keys(&route_run.stdout());
    let route: Value = serde_json::from_str(&route_run.stdout()).unwrap();
    let mut expected = vec!["event", "line", "query", "from", "to", "radius"];
    expected.extend(route_keys.iter().map(String::as_str));
    assert_eq!(keys(run.stdout().trim_end()), expected);
    for key in &route_keys {
        assert_eq!(line[key], route[key], "{key}");
    }
    assert_eq!(line["radius"], 0.4);
}

/// Every 3D event kind: the six 3D obstacles added, moved by three
/// numbers, replaced, removed; edges closed and opened; the routes; and the
/// written level's clearances.
#[test]
fn every_3d_event_applies_and_the_written_level_has_the_live_clearances() {
    let dir = tempfile::tempdir().unwrap();
    let events = write_file(
        &dir,
        "events.jsonl",
        r#"{"add": {"Point": [5.0, 1.0, 1.0]}}
{"add": {"Sphere": {"center": [10.0, 5.0, 1.0], "radius": 0.5}}}
{"add": {"Segment": {"from": [0.0, 5.0, 0.0], "to": [1.0, 5.0, 2.0]}}}
{"add": {"Triangle": [[3.0, 10.5, 0.0], [4.0, 10.5, 0.0], [3.0, 10.5, 2.0]]}}
{"add": {"Box": {"min": [8.0, 9.0, 0.0], "max": [9.0, 9.5, 2.0]}}}
{"add": {"Mesh": {"vertices": [[5.0, -2.0, 1.0], [6.0, -2.0, 1.0], [5.0, -3.0, 1.0]], "triangles": [[0, 1, 2]]}}}
{"move": 1, "by": [0.0, 0.0, -1.5]}
{"replace": 6, "with": {"Sphere": {"center": [5.0, 1.0, 1.0], "radius": 0.25}}}
{"remove": 7}
{"close": 1}
{"open": 1}
{"route": {"from": "a", "to": "up", "radius": 0.4}}
{"widest": {"from": 1, "to": 5}}
"#,
    );
    let out = dir.path().join("after.ron");
    let run = update(
        &repo("maps/level3d.ron"),
        &events,
        &[
            "--format",
            "json",
            "--radius",
            "0.4",
            "-o",
            out.to_str().unwrap(),
        ],
    )
    .exit(0);
    let lines = json_lines(&run);
    assert_eq!(lines.len(), 13);
    for (line, index) in lines[..6].iter().zip(6..) {
        assert_eq!(line["obstacle"], index, "{line}");
    }
    // The agent of --radius is the one the reports speak of.
    assert_eq!(lines[1]["blocked"], serde_json::json!({"radius 0.4": [1]}));
    // The sphere moved down onto edge 0.
    assert_eq!(lines[6]["changed_edges"][0]["edge"], 0);
    assert_eq!(lines[6]["changed_edges"][0]["clearance"], 0.0);
    assert_eq!(lines[6]["changed_edges"][0]["obstacle"], 1);
    // Removing the sphere on edge 1 frees it.
    assert_eq!(lines[8]["passable"], serde_json::json!({"radius 0.4": [1]}));
    assert_eq!(lines[9]["blocked"], serde_json::json!({"radius 0.4": [1]}));
    assert_eq!(
        lines[10]["passable"],
        serde_json::json!({"radius 0.4": [1]})
    );
    assert_eq!(lines[11]["found"], true);
    assert_eq!(lines[11]["path"], serde_json::json!([1, 4, 5]));
    assert_eq!(lines[12]["bottleneck_edge"], 4);
    let fresh = clearance_of(&out);
    let last = last_edge_clearances(&lines);
    assert!(last.len() >= 4, "{last:?}");
    for (edge, clearance) in last {
        assert_eq!(fresh[edge as usize], clearance, "edge {edge}");
    }
}

/// Text reports count what changed in words: `1 edge`, `2 edges`, `1 node`.
#[test]
fn text_reports_count_edges_and_nodes_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let events = write_file(
        &dir,
        "events.jsonl",
        "{\"add\": {\"Circle\": {\"center\": [20.0, 1.0], \"radius\": 0.2}}}\n\
         {\"add\": {\"Box\": {\"min\": [8.0, 9.0, 0.0], \"max\": [9.0, 9.5, 2.0]}}}\n",
    );
    // The circle at node 102 touches two edges and the node.
    let run = update(&repo("maps/corridors.ron"), &events, &["--radius", "1"]).exit(2);
    assert!(
        run.stdout().starts_with(
            "line 1: added obstacle 13 (circle): 2 edges and 1 node changed clearance\n"
        ),
        "{}",
        run.stdout()
    );
    run.stdout_has("  blocked for radius 1: edge 1 (101 -> 102), edge 2 (102 -> 103)\n")
        .stderr_has("obstacle 14 is a `Box`, which is 3D-only, in a 2D map: use `Polygon`");
}

/// A route that finds no way is exit 1; the events after it still apply.
#[test]
fn a_route_not_found_is_exit_1_and_the_events_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let events = write_file(
        &dir,
        "events.jsonl",
        "{\"close\": 0}\n{\"route\": {\"from\": 100, \"to\": 104, \"agent\": \"soldier\"}}\n{\"open\": 0}\n",
    );
    let run = update(&repo("maps/corridors.ron"), &events, &[])
        .exit(1)
        .stdout_has("line 2: no route from 100 \"west_end\" to 104 \"east_end\" for radius 0.4;");
    assert_eq!(run.stdout().lines().count(), 7, "{}", run.stdout());
    assert!(run.stdout().contains("line 3: opened edge 0"));
}

/// Each bad event: exit 2, located (`file:line:col`, the line, the value
/// underlined) with a message as the map loader's; the events before it
/// applied and printed; `-o` not written.
#[test]
fn a_bad_event_is_located_and_stops_the_run_after_the_ones_before() {
    let cases: &[(&str, &str, &str)] = &[
        (
            r#"{"remove": 99}"#,
            "there is no obstacle 99: the level's obstacles are numbered 0 to 12",
            ":3:12\n",
        ),
        (
            r#"{"remove": 12}"#,
            "obstacle 12 was removed by an earlier change",
            ":3:12\n",
        ),
        (
            r#"{"replace": 12, "with": {"Point": [1, 1]}}"#,
            "obstacle 12 was removed by an earlier change",
            ":3:13\n",
        ),
        (
            r#"{"close": 14}"#,
            "there is no edge 14: the level's edges are numbered 0 to 13",
            ":3:11\n",
        ),
        (
            r#"{"open": 1000000000000}"#,
            "there is no edge 1000000000000",
            ":3:10\n",
        ),
        (
            r#"{"add": {"Sphere": {"center": [1, 2, 3], "radius": 1}}}"#,
            "obstacle 13 is a `Sphere`, which is 3D-only, in a 2D map: use `Circle`",
            ":3:9\n",
        ),
        (
            r#"{"add": {"Circle": {"center": [1, 2, 3], "radius": 1}}}"#,
            "is a 3D position in a 2D level",
            ":3:9\n",
        ),
        (
            r#"{"move": 3, "by": [1, 2, 3]}"#,
            "`by` has 3 numbers: a move in a 2D level is by [dx, dy]",
            ":3:19\n",
        ),
        (
            r#"{"add": {"Point": [1e400, 2]}}"#,
            "this number is out of range",
            ":3:24\n",
        ),
        (
            r#"{"add": {"Point": [1e300, 2]}}"#,
            "is 1e300, out of range: coordinates must lie within ±1e15",
            ":3:9\n",
        ),
        (
            r#"{"move": 3, "by": [-1e400, 0]}"#,
            "this number is out of range",
            ":3:",
        ),
        (
            r#"{"add": {"Circle": {"center": [1, 2], "radius": -1}}}"#,
            "is negative (-1.0): a radius must be >= 0",
            ":3:9\n",
        ),
        (
            r#"{"add": {"Polygon": [[0, 0], [1, 1], [0, 0]]}}"#,
            "(polygon) has 2 distinct vertices: a polygon needs at least 3",
            ":3:9\n",
        ),
        (
            r#"{"add": {"Point": [1, 2]"#,
            "this line ends inside the event",
            ":3:",
        ),
        (r#"{"close": 1,}"#, "this line is not JSON", ":3:"),
        (
            r#"{"explode": 3}"#,
            "unknown field `explode`, expected one of `add`",
            ":3:",
        ),
        ("[1, 2]", "an event is a JSON object", ":3:1\n"),
        (
            r#"{"close": 1, "open": 2}"#,
            "one event a line: this line has `close` and `open`",
            ":3:22\n",
        ),
        (r#"{"replace": 2}"#, "`replace` needs `with`", ":3:13\n"),
        (r#"{"by": [1, 2]}"#, "`by` goes with `move`", ":3:8\n"),
        (r#"{"remove": -1}"#, "invalid value: integer `-1`", ":3:"),
        (
            r#"{"route": {"from": "nowhere", "to": 104}}"#,
            "`from` nowhere: no node has that id or name",
            ":3:20\n",
        ),
        (
            r#"{"route": {"from": 100, "to": 104}}"#,
            "a route needs the agent's size",
            ":3:11\n",
        ),
        (
            r#"{"route": {"from": 100, "to": 104, "agent": "cat"}}"#,
            "no agent named `cat` in the map",
            ":3:45\n",
        ),
        (
            r#"{"route": {"from": 100, "to": 104, "agent": "tank", "radius": 1}}"#,
            "a route is for one agent size: give `agent` or `radius`, not both",
            ":3:63\n",
        ),
        (
            r#"{"widest": {"from": 100, "to": [1]}}"#,
            "`to` is a node id (a whole number >= 0) or a node name (a string)",
            ":3:32\n",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(
        &dir,
        "corridors.ron",
        &std::fs::read_to_string(repo("maps/corridors.ron")).unwrap(),
    );
    for (bad, message, location) in cases {
        let events = write_file(
            &dir,
            "events.jsonl",
            &format!("{{\"close\": 4}}\n{{\"remove\": 12}}\n{bad}\n{{\"open\": 4}}\n"),
        );
        let out = dir.path().join("after.ron");
        let run = update(
            &map,
            &events,
            &["--format", "json", "-o", out.to_str().unwrap()],
        )
        .exit(2)
        .stderr_starts_with("error: ")
        .stderr_has(message)
        .stderr_has(&format!("events.jsonl{location}"))
        .stderr_has("\n 3 | ")
        .stderr_has("^");
        let lines = json_lines(&run);
        assert_eq!(lines.len(), 2, "{bad}: {}", run.stdout());
        // The pillar removed: edge 10 is clear of it.
        assert_eq!(lines[1]["changed_edges"][0]["edge"], 10, "{bad}");
        assert_eq!(
            files_in(dir.path()),
            ["corridors.ron", "events.jsonl"],
            "{bad}: -o writes nothing"
        );
    }
}

/// An error's snippet underlines the bad value.
#[test]
fn a_bad_event_underlines_its_value() {
    let dir = tempfile::tempdir().unwrap();
    let events = write_file(&dir, "events.jsonl", "\n{\"close\": 77}\n");
    update(&repo("maps/corridors.ron"), &events, &[])
        .exit(2)
        .stdout_is("")
        .stderr_is(&format!(
            "error: there is no edge 77: the level's edges are numbered 0 to 13\n  --> {}:2:11\n   |\n 2 | {{\"close\": 77}}\n   |           ^^ no edge has this index\n",
            events.display()
        ));
}

/// Events from standard input, and the limit on input that is not a
/// regular file.
#[test]
fn events_can_come_from_standard_input_within_the_input_limit() {
    let map = repo("maps/corridors.ron");
    let events = "{\"close\": 4}\n{\"open\": 4}\n";
    clearway()
        .arg("update")
        .arg(&map)
        .args(["--events", "-", "--format", "json"])
        .write_stdin(events)
        .run()
        .exit(0)
        .stdout_starts_with("{\"event\":0,\"line\":1,\"changed_edges\":[]")
        .stdout_has("{\"event\":1,\"line\":2,");
    clearway()
        .args(["--max-input-size", "10", "update"])
        .arg(&map)
        .args(["--events", "-"])
        .write_stdin(events)
        .run()
        .exit(2)
        .stdout_is("")
        .stderr_has("cannot read the events file from standard input: it holds more than");
    clearway()
        .args(["update", "-", "--events", "-"])
        .write_stdin(events)
        .run()
        .exit(2)
        .stderr_has("cannot both be read from standard input");
    clearway()
        .arg("update")
        .arg(&map)
        .args(["--events", "-"])
        .write_stdin("# nothing\n")
        .run()
        .exit(0)
        .stdout_is("")
        .stderr_has("warning: no events in <stdin>");
}

/// `-o` never writes over the map or the events file, nor to standard
/// output, where the report goes.
#[test]
fn the_output_never_replaces_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(repo("maps/corridors.ron")).unwrap();
    let map = write_file(&dir, "corridors.ron", &text);
    let events = write_file(&dir, "events.jsonl", "{\"close\": 4}\n");
    for (out, refusal) in [
        (map.to_str().unwrap(), "refusing to overwrite the input map"),
        (
            events.to_str().unwrap(),
            "refusing to overwrite the input events file",
        ),
        ("-", "-o - would write the level where the report goes"),
    ] {
        update(&map, &events, &["-o", out])
            .exit(2)
            .stdout_is("")
            .stderr_has(refusal);
    }
    assert_eq!(std::fs::read_to_string(&map).unwrap(), text);
    assert_eq!(
        std::fs::read_to_string(&events).unwrap(),
        "{\"close\": 4}\n"
    );
}

/// `--timings` adds the count of events and their median, 99th percentile
/// and largest time.
#[test]
fn timings_give_the_time_per_event() {
    let run = update(
        &repo("maps/corridors.ron"),
        &repo("maps/corridors-events.jsonl"),
        &["--timings"],
    )
    .exit(0);
    let stderr = run.stderr();
    let line = stderr
        .lines()
        .find(|l| l.starts_with("6 events: median "))
        .unwrap_or_else(|| panic!("{stderr}"));
    let times: Vec<f64> = line
        .split(' ')
        .filter_map(|w| w.parse().ok())
        .skip(1)
        .collect();
    assert_eq!(times.len(), 3, "{line}");
    assert!(times[0] <= times[1] && times[1] <= times[2], "{line}");
    assert!(stderr.contains("apply "), "{stderr}");
}

/// The guide's example of every obstacle kind is an event `update` applies:
/// the first block to a flat level, the second to a 3D one.
#[test]
fn the_guides_obstacle_examples_apply() {
    let guide = std::fs::read_to_string(repo("docs/GUIDE.md")).unwrap();
    let events = &guide[guide.find("### Events").unwrap()..];
    let events = &events[..events.find("### What it prints").unwrap()];
    let blocks: Vec<&str> = events
        .split("```json\n")
        .skip(1)
        .map(|b| &b[..b.find("```").unwrap()])
        .collect();
    assert_eq!(blocks.len(), 2);
    let dir = tempfile::tempdir().unwrap();
    for (block, map, kinds) in [
        (
            blocks[0],
            "maps/corridors.ron",
            ["point", "circle", "segment", "polygon"].as_slice(),
        ),
        (
            blocks[1],
            "maps/level3d.ron",
            ["point", "sphere", "segment", "triangle", "box", "mesh"].as_slice(),
        ),
    ] {
        let events = write_file(&dir, "events.jsonl", block);
        let printed = update(&repo(map), &events, &["--radius", "0"])
            .exit(0)
            .stdout();
        let added: Vec<&str> = printed.lines().filter(|l| l.starts_with("line ")).collect();
        assert_eq!(added.len(), kinds.len(), "{printed}");
        for (k, (line, kind)) in added.iter().zip(kinds).enumerate() {
            let head = format!("line {}: added obstacle ", k + 1);
            assert!(line.starts_with(&head), "{line}");
            assert!(line.contains(&format!(" ({kind}): ")), "{line}");
        }
    }
}

/// A route event for an agent with area costs (the event's `agent`, or
/// `--agent`) routes by those costs and never through a forbidden area, as
/// `route --agent` does; a radius alone routes by plain costs.
#[test]
fn a_route_event_for_an_agent_honours_its_area_costs() {
    let dir = tempfile::tempdir().unwrap();
    let map = repo("maps/pond.ron");
    let route = |agent: &str| -> Value {
        let run = clearway()
            .arg("route")
            .arg(&map)
            .args(["--from", "dock", "--to", "island", "--agent", agent])
            .args(["--format", "json"])
            .run()
            .exit(0);
        serde_json::from_str(&run.stdout()).unwrap()
    };
    let events = write_file(
        &dir,
        "events.jsonl",
        "{\"route\": {\"from\": \"dock\", \"to\": \"island\", \"agent\": \"boat\"}}\n\
         {\"route\": {\"from\": \"dock\", \"to\": \"island\", \"agent\": \"cat\"}}\n\
         {\"route\": {\"from\": \"dock\", \"to\": \"island\", \"agent\": \"duck\"}}\n\
         {\"route\": {\"from\": \"dock\", \"to\": \"island\", \"radius\": 0.5}}\n",
    );
    let run = update(&map, &events, &["--format", "json"]).exit(0);
    let lines = json_lines(&run);
    for (line, agent) in lines.iter().zip(["boat", "cat", "duck"]) {
        let expected = route(agent);
        for key in [
            "found",
            "path",
            "cost",
            "length",
            "widest_radius",
            "widest_bottleneck_edge",
        ] {
            assert_eq!(line[key], expected[key], "{agent}: {key}: {line}");
        }
    }
    // The boat crosses at half price, the cat and the duck go round.
    let costs: Vec<f64> = lines.iter().map(|l| l["cost"].as_f64().unwrap()).collect();
    assert_eq!(costs[0], 5.0, "{}", lines[0]);
    assert!((costs[1] - 2.0 * 50f64.sqrt()).abs() < 1e-9, "{}", lines[1]);
    assert_eq!(costs[1], costs[2]);
    assert_eq!(costs[3], 10.0, "a radius alone: plain costs: {}", lines[3]);

    // `--agent cat`: with the way round closed, no route, for the water is
    // forbidden (exit 1); nor does the widest route cross it.
    let events = write_file(
        &dir,
        "closed.jsonl",
        "{\"close\": 1}\n\
         {\"route\": {\"from\": \"dock\", \"to\": \"island\"}}\n\
         {\"widest\": {\"from\": \"dock\", \"to\": \"island\"}}\n",
    );
    let run = update(&map, &events, &["--agent", "cat", "--format", "json"]).exit(1);
    let lines = json_lines(&run);
    assert_eq!(lines[1]["found"], false, "{}", lines[1]);
    assert_eq!(lines[2]["found"], false, "{}", lines[2]);
    let run = update(&map, &events, &["--agent", "boat", "--format", "json"]).exit(0);
    let lines = json_lines(&run);
    assert_eq!(lines[1]["cost"], 5.0, "{}", lines[1]);
    assert_eq!(lines[2]["found"], true, "{}", lines[2]);
}
