//! The CI formats of `check` and `diff`, read back with real parsers: GitHub
//! workflow commands parsed and unescaped as the runner does, JUnit XML with
//! an XML parser, SARIF against the official SARIF 2.1.0 JSON schema; and
//! `--summary`.

use crate::common::cli::{Run, RunExt, clearway, stdout};
use crate::common::files::write_file;

use serde_json::Value;

/// Three nodes, one rock at (5, 1):
///
/// ```text
///   2 "gate" (10,10)
///   |
///   |
///   0 (0,0) -------- 1 (10,0)
///          * rock (5,1)
/// ```
///
/// Edge 0 (0 -> 1) passes 1 from the rock, pinched at (5, 0): blocked for
/// `big` (radius 2), not for `small` (0.5): the obstacle's point is the
/// rock itself. Edge 1 (1 -> 2) is 5 from it, at (10, 1). Node 0's name holds every character the formats must escape,
/// and a control character XML cannot carry. Both edges sit on one line,
/// after a comment with a two-byte char, so that columns count chars.
const MAP: &str = "Map(
    agents: [(name: \"small\", radius: 0.5), (name: \"big\", radius: 2.0)],
    nodes: [
        (id: 0, pos: (0.0, 0.0), name: \"a&b<c>\\\"q\\\" 'x' 100%:,\\n\\u{1}end\"),
        (id: 1, pos: (10.0, 0.0)),
        (id: 2, pos: (10.0, 10.0), name: \"gate\"),
    ],
    edges: [
        /* é */ (from: 0, to: 1), (from: 1, to: 2),
    ],
    obstacles: [
        Point((5.0, 1.0)),
    ],
)
";

/// Node 0's name as the map spells it, once RON has read it.
const NAME: &str = "a&b<c>\"q\" 'x' 100%:,\n\u{1}end";

/// The message for edge 0 blocked for `big`; the rock is on line 12.
fn blocked_message(name: &str) -> String {
    format!(
        "edge 0 (0 \"{name}\" -> 1): clearance 1 < radius 2 (big): point #0 (line 12) pinches at (5, 0), obstacle at (5, 1)"
    )
}

/// The 1-based line and column (in chars) of the first `needle` in `text`,
/// worked out here rather than by the locator under test.
fn line_col(text: &str, needle: &str) -> (usize, usize) {
    let at = text.find(needle).expect("needle is in the text");
    let before = &text[..at];
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    (
        before.matches('\n').count() + 1,
        before[line_start..].chars().count() + 1,
    )
}

/// The stale map: MAP with edge 1's clearance baked as 9 (the rock gives 5).
fn stale_map() -> String {
    MAP.replace("(from: 1, to: 2)", "(from: 1, to: 2, clearance: Some(9.0))")
}

// ---------------------------------------------------------------- GitHub

/// One workflow command, parsed as the Actions runner parses it.
#[derive(Debug)]
struct WorkflowCommand {
    name: String,
    properties: Vec<(String, String)>,
    message: String,
}

impl WorkflowCommand {
    fn property(&self, key: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// `::name key=value,key=value::message`, unescaped per the spec; `None` for
/// a line that is not a command (the log shows it as it is).
fn parse_command(line: &str) -> Option<WorkflowCommand> {
    let rest = line.strip_prefix("::")?;
    let end = rest.find("::")?;
    let (head, message) = (&rest[..end], &rest[end + 2..]);
    let (name, props) = head.split_once(' ').unwrap_or((head, ""));
    let unescape_data = |s: &str| {
        s.replace("%0D", "\r")
            .replace("%0A", "\n")
            .replace("%25", "%")
    };
    let unescape_property = |s: &str| {
        s.replace("%0D", "\r")
            .replace("%0A", "\n")
            .replace("%3A", ":")
            .replace("%2C", ",")
            .replace("%25", "%")
    };
    let properties = props
        .split(',')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').expect("a property is key=value");
            (k.to_string(), unescape_property(v))
        })
        .collect();
    Some(WorkflowCommand {
        name: name.to_string(),
        properties,
        message: unescape_data(message),
    })
}

#[test]
fn github_has_an_error_per_blocked_edge_at_its_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    // `:` and `,` would end a property unescaped.
    let path = write_file(&dir, "level:1,a.ron", MAP);
    let out = clearway()
        .args(["check", "--format", "github"])
        .arg(&path)
        .run()
        .exit(1);
    let text = stdout(&out);
    let commands: Vec<WorkflowCommand> = text.lines().filter_map(parse_command).collect();
    assert_eq!(commands.len(), 1, "{text}");
    let error = &commands[0];
    assert_eq!(error.name, "error");
    let (line, col) = line_col(MAP, "(from: 0, to: 1)");
    assert_eq!((line, col), (9, 17));
    assert_eq!(error.property("file"), Some(path.to_str().unwrap()));
    assert_eq!(error.property("line"), Some(line.to_string().as_str()));
    assert_eq!(error.property("col"), Some(col.to_string().as_str()));
    assert_eq!(
        error.property("title"),
        Some("edge 0 blocked for big (radius 2)")
    );
    // The name's `%`, `:`, `,` and newline survive the round trip.
    assert_eq!(error.message, blocked_message(NAME));
    // The lines that are not commands are the text summary, one per radius.
    let summary = clearway()
        .args(["check", "--summary"])
        .arg(&path)
        .output()
        .unwrap();
    let plain: String = text
        .lines()
        .filter(|l| !l.starts_with("::"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(plain, stdout(&summary));
}

#[test]
fn github_warns_of_stale_bakes_and_leaves_out_the_place_for_stdin() {
    let map = stale_map();
    let out = clearway()
        .args(["check", "-", "--agent", "small", "--format", "github"])
        .write_stdin(map.clone())
        .run()
        .exit(1);
    let commands: Vec<WorkflowCommand> = stdout(&out).lines().filter_map(parse_command).collect();
    assert_eq!(commands.len(), 1);
    let warning = &commands[0];
    assert_eq!(warning.name, "warning");
    let keys: Vec<&str> = warning.properties.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["title"]);
    assert_eq!(
        warning.message,
        "edge 1 (1 -> 2 \"gate\"): baked clearance 9, the obstacles now give 5"
    );

    // From a file, the warning points at edge 1, after edge 0 on its line.
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(&dir, "stale.ron", &map);
    let out = clearway()
        .args(["check", "--agent", "small", "--format", "github"])
        .arg(&path)
        .output()
        .unwrap();
    let commands: Vec<WorkflowCommand> = stdout(&out).lines().filter_map(parse_command).collect();
    let (line, col) = line_col(&map, "(from: 1, to: 2");
    assert_eq!(
        commands[0].property("line"),
        Some(line.to_string().as_str())
    );
    assert_eq!(commands[0].property("col"), Some(col.to_string().as_str()));
}

#[test]
fn github_passes_quietly() {
    clearway()
        .args(["check", "-", "--agent", "small", "--format", "github"])
        .write_stdin(MAP)
        .run()
        .exit(0)
        .stdout_is("ok: small (radius 0.5): 0 of 2 edges blocked, 0 of 3 nodes blocked\n");
}

// ----------------------------------------------------------------- JUnit

fn attr<'a>(node: roxmltree::Node<'a, '_>, name: &str) -> &'a str {
    node.attribute(name)
        .unwrap_or_else(|| panic!("<{}> has {name}", node.tag_name().name()))
}

fn elements<'a, 'i>(
    node: roxmltree::Node<'a, 'i>,
    tag: &'static str,
) -> Vec<roxmltree::Node<'a, 'i>> {
    node.children().filter(|n| n.has_tag_name(tag)).collect()
}

#[test]
fn junit_has_a_suite_per_radius_and_a_case_per_edge() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(&dir, "level.ron", MAP);
    let out = clearway()
        .args(["check", "--format", "junit"])
        .arg(&path)
        .run()
        .exit(1);
    let xml = stdout(&out);
    let doc = roxmltree::Document::parse(&xml).expect("JUnit output is well-formed XML");
    let root = doc.root_element();
    assert!(root.has_tag_name("testsuites"));
    assert_eq!(attr(root, "tests"), "4");
    assert_eq!(attr(root, "failures"), "1");
    let suites = elements(root, "testsuite");
    let names: Vec<&str> = suites.iter().map(|s| attr(*s, "name")).collect();
    assert_eq!(names, ["small (radius 0.5)", "big (radius 2)"]);
    // What XML 1.0 cannot carry becomes U+FFFD; the rest is kept as is.
    let name = NAME.replace('\u{1}', "\u{FFFD}");
    for (suite, failures) in suites.iter().zip([0, 1]) {
        assert_eq!(attr(*suite, "tests"), "2");
        assert_eq!(attr(*suite, "failures"), failures.to_string());
        assert_eq!(attr(*suite, "file"), path.to_str().unwrap());
        let cases = elements(*suite, "testcase");
        let case_names: Vec<&str> = cases.iter().map(|c| attr(*c, "name")).collect();
        assert_eq!(
            case_names,
            [
                format!("edge 0 (0 \"{name}\" -> 1)"),
                "edge 1 (1 -> 2 \"gate\")".into()
            ]
        );
        for case in &cases {
            assert_eq!(attr(*case, "line"), "9");
            assert_eq!(attr(*case, "classname"), attr(*suite, "name"));
        }
        let failed: Vec<_> = cases.iter().flat_map(|c| elements(*c, "failure")).collect();
        assert_eq!(failed.len(), failures);
        for failure in failed {
            assert_eq!(attr(failure, "type"), "blocked-edge");
            assert_eq!(attr(failure, "message"), blocked_message(&name));
            assert_eq!(failure.text(), Some(blocked_message(&name).as_str()));
        }
    }
}

#[test]
fn junit_has_a_suite_of_baked_clearances() {
    let out = clearway()
        .args(["check", "-", "--agent", "small", "--format", "junit"])
        .write_stdin(stale_map())
        .run()
        .exit(1);
    let xml = stdout(&out);
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!((attr(root, "tests"), attr(root, "failures")), ("3", "1"));
    let suites = elements(root, "testsuite");
    assert_eq!(suites.len(), 2);
    let baked = suites[1];
    assert_eq!(attr(baked, "name"), "baked clearances");
    // Read from stdin: no file to name.
    assert_eq!(baked.attribute("file"), None);
    let cases = elements(baked, "testcase");
    assert_eq!(cases.len(), 1);
    assert_eq!(attr(cases[0], "name"), "edge 1 (1 -> 2 \"gate\")");
    assert_eq!(cases[0].attribute("line"), None);
    let failure = elements(cases[0], "failure");
    assert_eq!(attr(failure[0], "type"), "stale-bake");
}

// ----------------------------------------------------------------- SARIF

/// The official SARIF 2.1.0 schema (errata 01), as shipped in tests/schemas.
fn sarif_validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/schemas/sarif-schema-2.1.0.json"
    ))
    .expect("the schema is shipped");
    let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::draft4::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the schema compiles")
}

/// The output as JSON, after checking it against the schema.
fn valid_sarif(out: &std::process::Output) -> Value {
    let log: Value = serde_json::from_slice(&out.stdout).expect("SARIF output is JSON");
    let errors: Vec<String> = sarif_validator()
        .iter_errors(&log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "not valid SARIF 2.1.0: {errors:#?}");
    log
}

#[test]
fn the_schema_rejects_what_is_not_sarif() {
    // The validator is not vacuous: a log with a bad region, or without its
    // version, fails.
    let validator = sarif_validator();
    let good = serde_json::json!({"version": "2.1.0", "runs": []});
    assert!(validator.is_valid(&good));
    assert!(!validator.is_valid(&serde_json::json!({"runs": []})));
    let bad_region = serde_json::json!({"version": "2.1.0", "runs": [{
        "tool": {"driver": {"name": "x"}},
        "results": [{"message": {"text": "m"}, "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": "a.ron"}, "region": {"startLine": 0}}}]}]
    }]});
    assert!(!validator.is_valid(&bad_region));
}

#[test]
fn sarif_has_a_result_per_blocked_edge_at_its_place() {
    let dir = tempfile::tempdir().unwrap();
    write_file(&dir, "level 1.ron", &stale_map());
    let out = clearway()
        .current_dir(dir.path())
        .args(["check", "level 1.ron", "--format", "sarif"])
        .run()
        .exit(1);
    let log = valid_sarif(&out);
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "clearway");
    assert_eq!(run["tool"]["driver"]["version"], env!("CARGO_PKG_VERSION"));
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let results = run["results"].as_array().unwrap();
    let summary: Vec<(&str, &str)> = results
        .iter()
        .map(|r| (r["ruleId"].as_str().unwrap(), r["level"].as_str().unwrap()))
        .collect();
    assert_eq!(
        summary,
        [("blocked-edge", "error"), ("stale-bake", "warning")]
    );
    for r in results {
        let index = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], r["ruleId"]);
    }
    assert_eq!(results[0]["message"]["text"], blocked_message(NAME));
    let place = &results[0]["locations"][0]["physicalLocation"];
    assert_eq!(place["artifactLocation"]["uri"], "level%201.ron");
    assert_eq!(place["region"]["startLine"], 9);
    assert_eq!(place["region"]["startColumn"], 17);
    let place = &results[1]["locations"][0]["physicalLocation"];
    let (line, col) = line_col(&stale_map(), "(from: 1, to: 2");
    assert_eq!(place["region"]["startLine"], line);
    assert_eq!(place["region"]["startColumn"], col);
}

#[test]
fn sarif_from_stdin_and_sarif_that_passes_are_valid_too() {
    let out = clearway()
        .args(["check", "-", "--format", "sarif"])
        .write_stdin(MAP)
        .run()
        .exit(1);
    let log = valid_sarif(&out);
    let result = &log["runs"][0]["results"][0];
    assert_eq!(result["ruleId"], "blocked-edge");
    assert!(result.get("locations").is_none());

    let out = clearway()
        .args(["check", "-", "--radius", "0.5", "--format", "sarif"])
        .write_stdin(MAP)
        .run()
        .exit(0);
    let log = valid_sarif(&out);
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
}

// ------------------------------------------------------------------ diff

/// MAP before the rock moved in: at (5, 3), edge 0 admits `big`. NEW is MAP
/// with two more comment lines before its edges.
fn diff_files() -> (
    tempfile::TempDir,
    std::path::PathBuf,
    std::path::PathBuf,
    String,
) {
    let dir = tempfile::tempdir().unwrap();
    let old = write_file(
        &dir,
        "old.ron",
        &MAP.replace("Point((5.0, 1.0))", "Point((5.0, 3.0))"),
    );
    let new_text = MAP.replace(
        "    edges: [",
        "    // moved the rock\n    //\n    edges: [",
    );
    let new = write_file(&dir, "new.ron", &new_text);
    (dir, old, new, new_text)
}

/// `diff OPTIONS OLD NEW`, which must fail: exit 1.
fn failing_diff(options: &[&str], old: &std::path::Path, new: &std::path::Path) -> Run {
    clearway()
        .arg("diff")
        .args(options)
        .arg(old)
        .arg(new)
        .run()
        .exit(1)
}

#[test]
fn diff_formats_point_at_the_edges_the_change_blocks_in_new() {
    let (_dir, old, new, new_text) = diff_files();
    let run = |format: &str| failing_diff(&["--format", format], &old, &new);
    let (line, col) = line_col(&new_text, "(from: 0, to: 1)");
    assert_eq!((line, col), (11, 17));
    let message = format!(
        "edge 0 (0 \"{NAME}\" -> 1): clearance 3 -> 1 < radius 2 (big): the change blocks it: \
         point #0 (line 14) pinches at (5, 0), obstacle at (5, 1)"
    );

    let out = run("github");
    let commands: Vec<WorkflowCommand> = stdout(&out).lines().filter_map(parse_command).collect();
    assert_eq!(commands.len(), 1);
    assert_eq!(commands[0].name, "error");
    assert_eq!(commands[0].property("file"), Some(new.to_str().unwrap()));
    assert_eq!(
        commands[0].property("line"),
        Some(line.to_string().as_str())
    );
    assert_eq!(commands[0].property("col"), Some(col.to_string().as_str()));
    assert_eq!(
        commands[0].property("title"),
        Some("edge 0 newly blocked for big (radius 2)")
    );
    assert_eq!(commands[0].message, message);
    assert!(stdout(&out).ends_with(
        "\nFAILED: 1 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 0 one_way, 0 cost\n"
    ));

    let out = run("junit");
    let xml = stdout(&out);
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(attr(root, "name"), "clearway diff");
    assert_eq!((attr(root, "tests"), attr(root, "failures")), ("4", "1"));
    let failures: Vec<_> = root
        .descendants()
        .filter(|n| n.has_tag_name("failure"))
        .collect();
    assert_eq!(attr(failures[0], "type"), "newly-blocked-edge");
    let case = failures[0].parent_element().unwrap();
    assert_eq!(attr(case, "classname"), "big (radius 2)");
    assert_eq!(attr(case, "line"), line.to_string());

    let out = run("sarif");
    let log = valid_sarif(&out);
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!(results[0]["ruleId"], "newly-blocked-edge");
    assert_eq!(results[0]["message"]["text"], message);
    let place = &results[0]["locations"][0]["physicalLocation"];
    assert_eq!(place["region"]["startLine"], line);
    assert_eq!(place["region"]["startColumn"], col);
    let uri = place["artifactLocation"]["uri"].as_str().unwrap();
    assert!(
        uri.starts_with("file:///") && uri.ends_with("/new.ron"),
        "{uri}"
    );
}

/// MAP with `small` grown from 0.5 to 1.5 and nothing else changed: edge 0
/// (clearance 1) admitted 0.5 and does not admit 1.5, so every format fails
/// it for `small`; `big` (2) is blocked in both levels, so not newly.
#[test]
fn diff_formats_judge_a_resized_agent_at_both_radii() {
    let dir = tempfile::tempdir().unwrap();
    let old = write_file(&dir, "old.ron", MAP);
    let grown = MAP.replace(
        "(name: \"small\", radius: 0.5)",
        "(name: \"small\", radius: 1.5)",
    );
    let new = write_file(&dir, "new.ron", &grown);
    let run = |format: &str| failing_diff(&["--format", format], &old, &new);
    let title = "edge 0 newly blocked for small (radius 0.5 -> 1.5)";
    let message = format!(
        "edge 0 (0 \"{NAME}\" -> 1): clearance 1 -> 1 < radius 1.5 (small, resized from 0.5): \
         the change blocks it: point #0 (line 12) pinches at (5, 0), obstacle at (5, 1)"
    );
    let summary = "FAILED: 1 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, \
                   0 one_way, 0 cost, 1 agent changed (small radius 0.5 -> 1.5)\n";

    let out = run("github");
    let commands: Vec<WorkflowCommand> = stdout(&out).lines().filter_map(parse_command).collect();
    assert_eq!(commands.len(), 1);
    assert_eq!(commands[0].property("title"), Some(title));
    assert_eq!(commands[0].message, message);
    assert!(stdout(&out).ends_with(&format!("\n{summary}")));

    let out = run("junit");
    let xml = stdout(&out);
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let failures: Vec<_> = (doc.root_element().descendants())
        .filter(|n| n.has_tag_name("failure"))
        .collect();
    assert_eq!(failures.len(), 1);
    let case = failures[0].parent_element().unwrap();
    assert_eq!(attr(case, "classname"), "small (radius 0.5 -> 1.5)");

    let out = run("sarif");
    let log = valid_sarif(&out);
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!(results[0]["message"]["text"], message);

    let out = failing_diff(&["--summary"], &old, &new);
    assert_eq!(stdout(&out), summary);
}

// --------------------------------------------------------------- summary

#[test]
fn summary_prints_the_verdict_lines_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(&dir, "stale.ron", &stale_map());
    let full = clearway().arg("check").arg(&path).output().unwrap();
    let summary = clearway()
        .args(["check", "--summary"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(full.status.code(), Some(1));
    assert_eq!(summary.status.code(), Some(1));
    assert_eq!(
        stdout(&summary),
        "FAILED: small (radius 0.5): 0 of 2 edges blocked, 0 of 3 nodes blocked, 1 stale baked clearance\n\
         FAILED: big (radius 2): 1 of 2 edges blocked, 0 of 3 nodes blocked, 1 stale baked clearance\n"
    );
    let full = stdout(&full);
    let verdicts: String = full
        .lines()
        .filter(|l| l.starts_with("ok: ") || l.starts_with("FAILED: "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(verdicts, stdout(&summary));
    assert!(full.lines().count() > 2);

    let (_dir, old, new, _) = diff_files();
    let out = failing_diff(&["--summary"], &old, &new);
    assert_eq!(
        stdout(&out),
        "FAILED: 1 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 0 one_way, 0 cost\n"
    );
}

#[test]
fn summary_is_for_the_text_format() {
    for command in ["check", "diff"] {
        let (_dir, old, new, _) = diff_files();
        let mut cmd = clearway();
        cmd.args([command, "--summary", "--format", "junit"])
            .arg(&old);
        if command == "diff" {
            cmd.arg(&new);
        }
        cmd.run()
            .exit(2)
            .stdout_is("")
            .stderr_has("--summary is for the text format");
    }
}

// ---------------------------------------------------------------- 3D (#15)

/// `check` and `diff` on the 3D level of tests/it/common/levels.rs: the CI
/// formats carry the same findings, pinch points with a z, at the edges'
/// places; JUnit is well-formed and SARIF valid against the schema.
#[test]
fn ci_formats_report_a_3d_level() {
    use crate::common::levels::LEVEL_3D;
    let dir = tempfile::tempdir().unwrap();
    write_file(&dir, "level3d.ron", LEVEL_3D);
    let check = |format: &str| {
        clearway()
            .current_dir(dir.path())
            .args(["check", "level3d.ron", "--format", format])
            .output()
            .unwrap()
    };
    // Edges 0 (sphere, 1.5) and 3 (point, 1.5) are blocked for the drone.
    let edge0 = "edge 0 (1 \"a\" -> 2 \"b\"): clearance 1.5 < radius 1.6 (drone): sphere #1 \
                 (line 20) pinches at (5, 0, 1), obstacle at (5, 0, 2.5)";
    let edge3 = "edge 3 (4 \"d\" -> 5 \"up\"): clearance 1.5 < radius 1.6 (drone): point #4 \
                 (line 27) pinches at (0, 10, 4.5), obstacle at (0, 8.5, 4.5)";

    let out = check("github");
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let commands: Vec<WorkflowCommand> = text.lines().filter_map(parse_command).collect();
    let found: Vec<(&str, &str, &str)> = commands
        .iter()
        .map(|c| {
            (
                c.property("line").unwrap(),
                c.property("col").unwrap(),
                c.message.as_str(),
            )
        })
        .collect();
    assert_eq!(found, [("12", "9", edge0), ("15", "9", edge3)]);

    let out = check("junit");
    assert_eq!(out.status.code(), Some(1));
    let xml = stdout(&out);
    let doc = roxmltree::Document::parse(&xml).expect("JUnit output is well-formed XML");
    let root = doc.root_element();
    assert_eq!((attr(root, "tests"), attr(root, "failures")), ("5", "2"));
    let suite = elements(root, "testsuite")[0];
    assert_eq!(attr(suite, "name"), "drone (radius 1.6)");
    let failures: Vec<&str> = elements(suite, "testcase")
        .iter()
        .flat_map(|c| elements(*c, "failure"))
        .map(|f| attr(f, "message"))
        .collect();
    assert_eq!(failures, [edge0, edge3]);

    let out = check("sarif");
    assert_eq!(out.status.code(), Some(1));
    let log = valid_sarif(&out);
    let results = log["runs"][0]["results"].as_array().unwrap();
    let messages: Vec<&str> = results
        .iter()
        .map(|r| r["message"]["text"].as_str().unwrap())
        .collect();
    assert_eq!(messages, [edge0, edge3]);
    assert_eq!(
        results[1]["locations"][0]["physicalLocation"]["region"]["startLine"],
        15
    );

    // diff: the sphere drops by 0.25, edge 0 goes from 1.5 to 1.25.
    let lower = LEVEL_3D.replace("center: (5, 0, 3.5)", "center: (5, 0, 3.25)");
    write_file(&dir, "lower.ron", &lower);
    let out = clearway()
        .current_dir(dir.path())
        .args(["diff", "level3d.ron", "lower.ron", "--radius", "1.4"])
        .args(["--format", "sarif"])
        .run()
        .exit(1);
    let log = valid_sarif(&out);
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!(results[0]["ruleId"], "newly-blocked-edge");
    let text = results[0]["message"]["text"].as_str().unwrap();
    assert!(text.contains("pinches at (5, 0, 1)"), "{text}");
}

/// A level large enough that the loader reads its lists in many chunks
/// (about 256 KiB each), with CRLF line ends, multi-line obstacles,
/// comments holding non-ASCII chars between and inside elements, and every
/// edge blocked at radius 0.5 by the obstacle written for it.
fn many_chunk_level(edges: usize) -> String {
    let mut text = String::from("// é: a level in many chunks\r\nMap(\r\n  nodes: [\r\n");
    for i in 0..=edges {
        text.push_str(&format!("    (id: {i}, pos: ({i}, 0)),\r\n"));
    }
    text.push_str("  ],\r\n  edges: [");
    for i in 0..edges {
        let gap = match i % 7 {
            0 => "\r\n    /* ü, ] */ ",
            3 => " ",
            _ => "\r\n    ",
        };
        text.push_str(&format!(
            "{gap}(from: {i}, /* ö */ to: {}, cost: 1.0),",
            i + 1
        ));
    }
    text.push_str("\r\n  ],\r\n  obstacles: [\r\n");
    for i in 0..edges {
        if i % 2 == 0 {
            text.push_str(&format!("    Point(({i}.5, 0.1)), // ß\r\n"));
        } else {
            text.push_str(&format!(
                "    /* é */ Circle(\r\n      center: ({i}.5, -0.2),\r\n      radius: 0.05,\r\n    ),\r\n"
            ));
        }
    }
    text.push_str("  ],\r\n)\r\n");
    text
}

/// The lines and columns `check` cites (recorded while the level is
/// parsed) are the ones the walk of its text finds, on a level whose lists
/// are read in many chunks.
#[test]
fn citations_on_a_level_read_in_chunks_are_the_walked_ones() {
    let edges = 10_000;
    let map = many_chunk_level(edges);
    // Each of the edges and the obstacles is over 512 KiB: two chunks at
    // the least.
    assert!(map.len() > 1_200_000, "{}", map.len());
    let obstacle_lines = clearway_format::locate::list_item_lines(&map, "obstacles").unwrap();
    let edge_locations = clearway_format::locate::list_item_locations(&map, "edges").unwrap();
    assert_eq!((obstacle_lines.len(), edge_locations.len()), (edges, edges));
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(&dir, "chunks.ron", &map);

    let out = clearway()
        .args(["check", "--radius", "0.5", "--format", "github"])
        .arg(&path)
        .run()
        .exit(1);
    let text = stdout(&out);
    let commands: Vec<WorkflowCommand> = text.lines().filter_map(parse_command).collect();
    assert_eq!(commands.len(), edges);
    for command in &commands {
        let title = command.property("title").unwrap();
        let edge: usize = title
            .strip_prefix("edge ")
            .and_then(|t| t.split(' ').next())
            .and_then(|i| i.parse().ok())
            .unwrap();
        let at = edge_locations[edge];
        assert_eq!(command.property("line"), Some(at.line.to_string().as_str()));
        assert_eq!(
            command.property("col"),
            Some(at.column.to_string().as_str())
        );
    }

    let out = clearway()
        .args(["check", "--radius", "0.5"])
        .arg(&path)
        .output()
        .unwrap();
    let text = stdout(&out);
    let blocked: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("blocked: edge"))
        .collect();
    assert_eq!(blocked.len(), edges);
    for line in blocked {
        // `...: point #12 (line 345) pinches at ...`
        let (_, after) = line.split_once('#').unwrap();
        let (obstacle, rest) = after.split_once(" (line ").unwrap();
        let (cited, _) = rest.split_once(')').unwrap();
        let obstacle: usize = obstacle.parse().unwrap();
        assert_eq!(cited, obstacle_lines[obstacle].to_string(), "{line}");
    }
}

// ------------------------------------------------------------- the bytes

/// Each CI format byte for byte, pinned in `tests/it/snapshots/`: the parsers
/// above accept a report whatever its whitespace and key order, and CI
/// systems diff reports from one run to the next. The stale map (edge 0
/// blocked for `big`, edge 1's bake stale) from a file named as given and
/// from standard input, and `diff` of the rock moving in.
#[test]
fn each_format_is_pinned_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    write_file(&dir, "level.ron", &stale_map());
    for format in ["github", "junit", "sarif"] {
        let out = clearway()
            .current_dir(dir.path())
            .args(["check", "level.ron", "--format", format])
            .run()
            .exit(1);
        insta::assert_snapshot!(format!("check_{format}"), stdout(&out));
        let out = clearway()
            .args(["check", "-", "--format", format])
            .write_stdin(stale_map())
            .run()
            .exit(1);
        insta::assert_snapshot!(format!("check_stdin_{format}"), stdout(&out));
    }
    let (dir, old, new, _) = diff_files();
    for format in ["github", "junit", "sarif"] {
        let out = clearway()
            .current_dir(dir.path())
            .args(["diff", "--format", format])
            .arg(old.file_name().unwrap())
            .arg(new.file_name().unwrap())
            .run()
            .exit(1);
        insta::assert_snapshot!(format!("diff_{format}"), stdout(&out));
    }
}
