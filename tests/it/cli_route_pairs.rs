//! `clearway route --pairs`: many queries with one load answer as single
//! `route` calls do, one line each in input order; exit 0/1/2; bad lines
//! located; standard input; a closed pipe keeps the verdict.

use crate::common::cli::{Run, RunExt, clearway, run_and_hang_up, stderr, stdout};
use crate::common::files::write_file;
use crate::common::rng::SplitMix64;

use std::path::Path;

use serde_json::Value;

/// A `side` x `side` grid of nodes 2 apart, joined right and down, with a
/// wall of rocks between columns 4 and 5 (x = 9): the edges through it have
/// clearance 0.5, so `small` (0.3) crosses and `big` (1.5) does not. Node
/// 0 is `start`, the last `goal`; node 20 is named `3`, which is also node
/// 3's id; nodes 10 and 11 are both `twin`; node 10000, `island`, has no
/// edge. Edge 1 -> 2 is one-way.
fn grid_map(side: usize) -> String {
    let mut text = String::from(
        "Map(\n    agents: [(name: \"small\", radius: 0.3), (name: \"big\", radius: 1.5)],\n    nodes: [\n",
    );
    for id in 0..side * side {
        let (row, col) = (id / side, id % side);
        let name = match id {
            0 => Some("start".to_string()),
            20 => Some("3".to_string()),
            10 | 11 => Some("twin".to_string()),
            _ if id == side * side - 1 => Some("goal".to_string()),
            _ => None,
        };
        let name = name.map_or(String::new(), |n| format!(", name: \"{n}\""));
        text += &format!(
            "        (id: {id}, pos: ({}, {}){name}),\n",
            col * 2,
            row * 2
        );
    }
    text += "        (id: 10000, pos: (500, 500), name: \"island\"),\n    ],\n    edges: [\n";
    for id in 0..side * side {
        let (row, col) = (id / side, id % side);
        let one_way = if id == 1 { ", one_way: true" } else { "" };
        if col + 1 < side {
            text += &format!("        (from: {id}, to: {}{one_way}),\n", id + 1);
        }
        if row + 1 < side {
            text += &format!("        (from: {id}, to: {}),\n", id + side);
        }
    }
    text += "    ],\n    obstacles: [\n";
    for row in 0..side {
        text += &format!(
            "        Circle(center: (9, {}), radius: 0.5),\n",
            row * 2 + 1
        );
    }
    text += "    ],\n)\n";
    text
}

fn pairs_run(map: &Path, pairs: &Path, size: &[&str], format: &str) -> Run {
    clearway()
        .arg("route")
        .arg(map)
        .arg("--pairs")
        .arg(pairs)
        .args(size)
        .args(["--format", format])
        .run()
}

fn single(map: &Path, from: &str, to: &str, size: &[&str], format: &str) -> Run {
    clearway()
        .arg("route")
        .arg(map)
        .args(["--from", from, "--to", to])
        .args(size)
        .args(["--format", format])
        .run()
}

/// Checks every answer of `--pairs` against a single `route` call for its
/// pair: the JSON object field by field (plus `line`, `from`, `to`), and
/// the text line as `LINE FROM TO: ` and the single text's lines joined by
/// `; `. Returns how many pairs had a route.
fn check_against_single_routes(
    map: &Path,
    pairs_file: &Path,
    pairs: &[(usize, &str, &str)],
    size: &[&str],
) -> usize {
    let json = pairs_run(map, pairs_file, size, "json");
    let text = pairs_run(map, pairs_file, size, "text");
    let json_lines: Vec<Value> = stdout(&json)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let text_lines: Vec<String> = stdout(&text).lines().map(str::to_string).collect();
    assert_eq!(json_lines.len(), pairs.len(), "{}", stderr(&json));
    assert_eq!(text_lines.len(), pairs.len(), "{}", stderr(&text));
    let mut found = 0;
    for ((&(line, from, to), object), text_line) in pairs.iter().zip(&json_lines).zip(&text_lines) {
        let one = single(map, from, to, size, "json");
        let expected: Value = serde_json::from_slice(&one.stdout).unwrap();
        let expected = expected.as_object().unwrap();
        let object = object.as_object().unwrap();
        assert_eq!(object.len(), expected.len() + 3, "{object:?}");
        assert_eq!(object["line"], line, "{object:?}");
        assert_eq!(object["from"], from, "{object:?}");
        assert_eq!(object["to"], to, "{object:?}");
        for (field, value) in expected {
            assert_eq!(&object[field], value, "{from} {to} {size:?}: {field}");
        }
        let one_text = single(map, from, to, size, "text");
        assert_eq!(one.status.code(), one_text.status.code());
        let joined: Vec<&str> = std::str::from_utf8(&one_text.stdout)
            .unwrap()
            .lines()
            .collect();
        assert_eq!(
            text_line,
            &format!("{line} {from} {to}: {}", joined.join("; "))
        );
        found += usize::from(one.status.code() == Some(0));
    }
    let all = if found == pairs.len() { 0 } else { 1 };
    assert_eq!(json.status.code(), Some(all), "{}", stderr(&json));
    assert_eq!(text.status.code(), Some(all), "{}", stderr(&text));
    found
}

#[test]
fn every_pair_answers_as_a_single_route_does() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "grid.ron", &grid_map(8));
    // Ids, names, `id:`/`name:`, a node to itself, the island, across the
    // wall and back along the one-way edge, each written as --from/--to are.
    let pairs = [
        (2, "start", "goal"),
        (3, "0", "63"),
        (4, "goal", "start"),
        (6, "id:3", "name:3"),
        (7, "2", "1"),
        (8, "1", "2"),
        (9, "5", "5"),
        (10, "start", "island"),
        (11, "island", "island"),
        (12, "7", "56"),
        (13, "60", "id:10000"),
        (14, "name:goal", "4"),
        (15, "32", "39"),
    ];
    let mut text = String::from("# from to\n");
    for (line, from, to) in pairs {
        while text.lines().count() + 1 < line {
            text += "\n";
        }
        text += &format!("{from} {to}\n");
    }
    let pairs_file = write_file(&dir, "pairs.txt", &text);
    let small = check_against_single_routes(&map, &pairs_file, &pairs, &["--agent", "small"]);
    let big = check_against_single_routes(&map, &pairs_file, &pairs, &["--radius", "1.5"]);
    // Only the pairs that end on the island are out of reach for `small`;
    // `big` cannot cross the wall.
    assert_eq!(small, pairs.len() - 2);
    assert!((1..small).contains(&big), "{big}");
}

#[test]
fn answers_keep_the_input_order_and_skip_comments() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "grid.ron", &grid_map(4));
    let pairs = write_file(
        &dir,
        "pairs.txt",
        "# the first line is a comment\r\n15 0\r\n\r\n   \t \r\n0 15 # trailing\r\n  3\t12\r\n#\r\n2 1",
    );
    let out = pairs_run(&map, &pairs, &["--radius", "0.1"], "json").exit(0);
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let got: Vec<(u64, &str, &str)> = lines
        .iter()
        .map(|v| {
            (
                v["line"].as_u64().unwrap(),
                v["from"].as_str().unwrap(),
                v["to"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (2, "15", "0"),
            (5, "0", "15"),
            (6, "3", "12"),
            (8, "2", "1")
        ]
    );
    assert_eq!(lines[0]["path"][0], 15);
    assert_eq!(lines[1]["path"][0], 0);
    // The text, one line a query.
    let out = pairs_run(&map, &pairs, &["--radius", "0.1"], "text");
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 4);
    assert!(text.starts_with("2 15 0: route: 15 \"goal\" -> "), "{text}");
    // Edge 1 -> 2 is one-way: from 2 to 1 goes round.
    assert!(
        text.contains("\n8 2 1: route: 2 -> 6 -> 5 -> 1; length 6, cost 6, narrowest clearance "),
        "{text}"
    );

    // One pair with no route, in the middle: every line is still answered,
    // and the exit code is 1.
    let pairs = write_file(&dir, "some.txt", "0 1\n0 island\n1 0\n");
    for format in ["text", "json"] {
        let out = pairs_run(&map, &pairs, &["--radius", "0.1"], format).exit(1);
        assert_eq!(stdout(&out).lines().count(), 3, "{format}");
        assert_eq!(stderr(&out), "", "{format}");
    }
    let out = pairs_run(&map, &pairs, &["--radius", "0.1"], "text");
    assert!(
        stdout(&out).contains(
            "\n2 0 island: no route from 0 \"start\" to 10000 \"island\" for radius 0.1; 10000 \"island\" cannot be reached from 0 \"start\" at any radius\n"
        ),
        "{}",
        stdout(&out)
    );
}

/// Runs `--pairs` over `text` and returns its stderr, checking that it
/// exits 2 and prints nothing on stdout.
fn bad_pairs(map: &Path, dir: &tempfile::TempDir, text: &str) -> String {
    let pairs = write_file(dir, "pairs.txt", text);
    for format in ["text", "json"] {
        pairs_run(map, &pairs, &["--radius", "0.1"], format)
            .exit(2)
            .stdout_is("");
    }
    stderr(&pairs_run(map, &pairs, &["--radius", "0.1"], "json"))
}

#[test]
fn a_bad_line_is_located_and_nothing_is_answered() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "grid.ron", &grid_map(8));
    let file = dir.path().join("pairs.txt").display().to_string();
    // An unknown node on the last line: the good lines before it are not
    // answered either.
    let err = bad_pairs(&map, &dir, "0 1\n1 2\n# a comment\n2   nowhere # gone\n");
    assert_eq!(
        err,
        format!(
            "error: TO nowhere: no node has that id or name\n  --> {file}:4:5\n   |\n 4 | 2   nowhere # gone\n   |     ^^^^^^^ no node has this id or name\n"
        )
    );
    // Three values; one value.
    let err = bad_pairs(&map, &dir, "0 1\n0 1 2\n");
    assert!(err.contains(&format!("--> {file}:2:5\n")), "{err}");
    assert!(err.contains("found 3 values"), "{err}");
    assert!(
        err.contains(" 2 | 0 1 2\n   |     ^ one pair a line"),
        "{err}"
    );
    let err = bad_pairs(&map, &dir, "\n\n  start # no goal\n");
    assert!(err.contains(&format!("--> {file}:3:8\n")), "{err}");
    assert!(err.contains("found one"), "{err}");
    // `3` is node 3's id and node 20's name; `twin` names two nodes; an id
    // that is no node's.
    let err = bad_pairs(&map, &dir, "3 0\n0 twin\nid:77 0\n");
    assert!(
        err.contains(
            "error: FROM 3 is ambiguous: it is the id of node 3 and the name of the node named \"3\" (id 20); write id:3 or name:3"
        ),
        "{err}"
    );
    assert!(err.contains(&format!("--> {file}:1:1\n")), "{err}");
    assert!(
        err.contains("error: TO twin: 2 nodes have that name (ids 10, 11); give an id instead"),
        "{err}"
    );
    assert!(err.contains(&format!("--> {file}:2:3\n")), "{err}");
    assert!(
        err.contains("error: FROM id:77: no node has that id"),
        "{err}"
    );
    assert!(err.contains(&format!("--> {file}:3:1\n")), "{err}");
    // The same words as --from and --to use.
    single(&map, "3", "0", &["--radius", "0.1"], "text").exit(2).stderr_has("--from 3 is ambiguous: it is the id of node 3 and the name of the node named \"3\" (id 20)");
    // Not UTF-8.
    let pairs = dir.path().join("latin1.txt");
    std::fs::write(&pairs, b"0 1\n0 caf\xe9\n").unwrap();
    pairs_run(&map, &pairs, &["--radius", "0.1"], "text")
        .exit(2)
        .stdout_is("")
        .stderr_has(&format!(
            "not UTF-8 text: byte 0xE9 is not valid UTF-8\n  --> {}:2:6",
            pairs.display()
        ));
    // A missing file.
    pairs_run(
        &map,
        &dir.path().join("none.txt"),
        &["--radius", "0.1"],
        "text",
    )
    .exit(2)
    .stderr_has("cannot read pairs file");
}

#[test]
fn pairs_from_standard_input_and_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "grid.ron", &grid_map(4));
    clearway()
        .arg("route")
        .arg(&map)
        .args(["--pairs", "-", "--agent", "small", "--format", "json"])
        .write_stdin("start goal\n0 zz\n")
        .run()
        .exit(2)
        .stdout_is("")
        .stderr_has("--> <stdin>:2:3\n");
    let out = clearway()
        .arg("route")
        .arg(&map)
        .args(["--pairs", "-", "--agent", "small", "--format", "json"])
        .write_stdin("start goal\n")
        .run()
        .exit(0);
    let v: Value = serde_json::from_str(stdout(&out).trim_end()).unwrap();
    assert_eq!(
        (v["line"].as_u64(), v["found"].as_bool()),
        (Some(1), Some(true))
    );
    // Nothing to route: a warning, exit 0.
    clearway()
        .arg("route")
        .arg(&map)
        .args(["--pairs", "-", "--radius", "1"])
        .write_stdin("# nothing\n\n")
        .run()
        .exit(0)
        .stdout_is("")
        .stderr_is("warning: no pairs in standard input\n");

    for (args, message) in [
        (
            vec!["-", "--pairs", "-", "--radius", "1"],
            "the map and --pairs cannot both be read from standard input",
        ),
        (
            vec!["MAP", "--pairs", "-", "--obstacles", "-", "--radius", "1"],
            "--obstacles and --pairs cannot both be read from standard input",
        ),
        (
            vec!["MAP", "--pairs", "-", "--from", "0", "--radius", "1"],
            "cannot be used with",
        ),
        (
            vec![
                "MAP", "--pairs", "-", "--from", "0", "--to", "1", "--radius", "1",
            ],
            "cannot be used with",
        ),
        (vec!["MAP", "--radius", "1"], "--pairs <FILE>"),
        (
            vec!["MAP", "--pairs", "-"],
            "give the agent size with --radius R or --agent NAME",
        ),
    ] {
        let args: Vec<&str> = args
            .iter()
            .map(|&a| if a == "MAP" { map.to_str().unwrap() } else { a })
            .collect();
        clearway()
            .arg("route")
            .args(&args)
            .write_stdin("0 1\n")
            .run()
            .exit(2)
            .stdout_is("")
            .stderr_has(message);
    }
}

#[test]
fn a_thousand_pairs_on_a_larger_level() {
    let dir = tempfile::tempdir().unwrap();
    let side = 30;
    let map = write_file(&dir, "grid.ron", &grid_map(side));
    let mut random = SplitMix64::new(16);
    let count = 1000;
    let mut text = String::new();
    let mut pairs = Vec::new();
    for _ in 0..count {
        // Node 20 is named `3`: node 3 is written `id:3`.
        let written = |id: usize| match id {
            3 => "id:3".to_string(),
            _ => id.to_string(),
        };
        let (a, b) = (
            written(random.below(side * side)),
            written(random.below(side * side)),
        );
        text += &format!("{a} {b}\n");
        pairs.push((a, b));
    }
    let pairs_file = write_file(&dir, "pairs.txt", &text);
    // `big` cannot cross the wall: about half the pairs have no route.
    let out = pairs_run(&map, &pairs_file, &["--agent", "big"], "json").exit(1);
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), count);
    let mut found = 0;
    for (i, (v, (a, b))) in lines.iter().zip(&pairs).enumerate() {
        assert_eq!(v["line"], i + 1);
        assert_eq!(
            (&v["from"], &v["to"]),
            (&Value::from(a.as_str()), &Value::from(b.as_str()))
        );
        found += usize::from(v["found"] == true);
    }
    assert!((count / 4..count * 3 / 4).contains(&found), "{found}");
    // A sample, against single calls: the router reused query after query
    // answers as a fresh one does.
    let sample: Vec<(usize, &str, &str)> = pairs
        .iter()
        .enumerate()
        .step_by(67)
        .map(|(i, (a, b))| (i + 1, a.as_str(), b.as_str()))
        .collect();
    let mut sample_text = String::new();
    let mut written = 0;
    for &(line, a, b) in &sample {
        while written + 1 < line {
            sample_text += "#\n";
            written += 1;
        }
        sample_text += &format!("{a} {b}\n");
        written += 1;
    }
    let sample_file = write_file(&dir, "sample.txt", &sample_text);
    check_against_single_routes(&map, &sample_file, &sample, &["--agent", "big"]);
    let sample_run = pairs_run(&map, &sample_file, &["--agent", "big"], "json");
    let sample_lines: Vec<Value> = stdout(&sample_run)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let in_the_big_run: Vec<Value> = lines.iter().step_by(67).cloned().collect();
    assert_eq!(sample_lines, in_the_big_run);
}

/// Every core answers as one thread does: the same lines, byte for byte,
/// in input order (the pairs are routed on forks of one router, each line
/// written once its predecessors are).
#[test]
fn every_core_answers_as_one_thread_does() {
    let dir = tempfile::tempdir().unwrap();
    let side = 24;
    let map = write_file(&dir, "grid.ron", &grid_map(side));
    let mut random = SplitMix64::new(33);
    let text: String = (0..400)
        .map(|_| {
            let (a, b) = (random.below(side * side), random.below(side * side));
            format!("id:{a} id:{b}\n")
        })
        .collect();
    let pairs = write_file(&dir, "pairs.txt", &text);
    for (agent, format) in [("small", "json"), ("big", "json"), ("big", "text")] {
        let on = |threads: &str| {
            let out = clearway()
                .env("RAYON_NUM_THREADS", threads)
                .arg("route")
                .arg(&map)
                .arg("--pairs")
                .arg(&pairs)
                .args(["--agent", agent, "--format", format])
                .output()
                .unwrap();
            assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
            out.stdout
        };
        let one = on("1");
        assert_eq!(String::from_utf8_lossy(&one).lines().count(), 400);
        for threads in ["2", "5"] {
            assert!(on(threads) == one, "{agent} {format} on {threads} threads");
        }
    }
}

#[test]
fn a_closed_pipe_keeps_the_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "grid.ron", &grid_map(8));
    // Far more output than a pipe holds; the one pair with no route last.
    let found = "start 1\n".repeat(10_000);
    let all = write_file(&dir, "all.txt", &found);
    let last_fails = write_file(&dir, "last.txt", &(found + "start island\n"));
    for format in ["text", "json"] {
        for (pairs, code) in [(&all, 0), (&last_fails, 1)] {
            let (got, err) = run_and_hang_up(&[
                "route".as_ref(),
                map.as_os_str(),
                "--pairs".as_ref(),
                pairs.as_os_str(),
                "--radius".as_ref(),
                "0.1".as_ref(),
                "--format".as_ref(),
                format.as_ref(),
            ]);
            assert_eq!(got, Some(code), "{format} {}: {err}", pairs.display());
            assert_eq!(err, "", "{format}");
        }
    }
}

/// Where the repository's `path` is.
fn repo_file(path: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// Input that never ends is not read on: a device stops at its first
/// binary byte, a pipe at `--max-input-size`, for the pairs as for the map
/// and for `--obstacles`.
#[test]
fn endless_pairs_and_obstacles_are_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "grid.ron", &grid_map(4));
    let map = map.to_str().unwrap();
    let args = ["route", map, "--pairs", "-", "--radius", "0.1"];
    let out = crate::common::cli::with_endless_stdin(
        &[&args[..], &["--max-input-size", "1M"]].concat(),
        b"0 1\n",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    assert_eq!(
        stderr(&out),
        "error: cannot read the pairs file from standard input: it holds more than 1 MiB, the \
         limit on input that is not a regular file; raise it with --max-input-size (say \
         --max-input-size 4G), or read it from a file instead\n"
    );
    let out = crate::common::cli::with_endless_stdin(&args, &[0xFF; 4096]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with(
            "error: the pairs file is not UTF-8 text: byte 0xFF is not valid UTF-8\n  --> <stdin>:1:1\n"
        ),
        "{}",
        stderr(&out)
    );
    #[cfg(unix)]
    {
        clearway()
            .args(["route", map, "--pairs", "/dev/zero", "--radius", "0.1"])
            .timeout(std::time::Duration::from_secs(60))
            .run()
            .exit(2).stdout_is("").stderr_is("error: the pairs file is a binary file, not text: it holds the control byte 0x00\n  \
             --> /dev/zero:1:1\n   |\n 1 |\n   | ^ byte 0x00\n");
        // The obstacles of a 3D level (an OBJ file) are bounded too (those
        // of a flat level, a Tiled map, in `cli_inputs.rs`).
        let level = repo_file("maps/two_storey.ron");
        let pairs = write_file(&dir, "pairs.txt", "0 1\n");
        clearway()
            .arg("route")
            .arg(&level)
            .arg("--pairs")
            .arg(&pairs)
            .args(["--radius", "0.1", "--obstacles", "/dev/zero"])
            .timeout(std::time::Duration::from_secs(60))
            .run()
            .exit(2)
            .stderr_has("the OBJ file is a binary file, not text: it holds the control byte 0x00");
        let (level, pairs) = (level.to_str().unwrap(), pairs.to_str().unwrap());
        let out = crate::common::cli::with_endless_stdin(
            &[
                "route",
                level,
                "--pairs",
                pairs,
                "--radius",
                "0.1",
                "--obstacles",
                "-",
                "--max-input-size",
                "1M",
            ],
            b"v 0 0 0\n",
        );
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(
            stderr(&out)
                .contains("cannot read the OBJ file from standard input: it holds more than 1 MiB"),
            "{}",
            stderr(&out)
        );
    }
}

/// A UTF-16 or binary pairs file is named as such, as a map is, at the
/// first bad byte, with its line.
#[test]
fn utf16_and_binary_pairs_files_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "grid.ron", &grid_map(4));
    let utf16 = |bom: bool, little: bool| -> Vec<u8> {
        let units = bom
            .then_some(0xFEFF)
            .into_iter()
            .chain("0 1\n".encode_utf16());
        units
            .flat_map(|u: u16| {
                if little {
                    u.to_le_bytes()
                } else {
                    u.to_be_bytes()
                }
            })
            .collect()
    };
    for (name, bytes) in [
        ("le.txt", utf16(true, true)),
        ("be.txt", utf16(true, false)),
        ("plain_le.txt", utf16(false, true)),
    ] {
        let pairs = dir.path().join(name);
        std::fs::write(&pairs, bytes).unwrap();
        pairs_run(&map, &pairs, &["--radius", "0.1"], "text")
            .exit(2)
            .stdout_is("")
            .stderr_is(&format!(
                "error: the pairs file is UTF-16 text; clearway reads UTF-8: save it as UTF-8, or \
                 convert it: `iconv -f UTF-16 -t UTF-8`\n  --> {}:1:1\n",
                pairs.display()
            ));
    }
    // A NUL on line 2, after `0 `: column 3.
    let pairs = dir.path().join("nul.txt");
    std::fs::write(&pairs, b"0 1\n0 \x001\n").unwrap();
    pairs_run(&map, &pairs, &["--radius", "0.1"], "json")
        .exit(2)
        .stdout_is("")
        .stderr_is(&format!(
            "error: the pairs file is a binary file, not text: it holds the control byte 0x00\n  \
             --> {}:2:3\n   |\n 2 | 0\n   |   ^ byte 0x00\n",
            pairs.display()
        ));
}

/// A name with spaces or a `#` is written in double quotes; the text
/// answer echoes it as written, JSON gives the name, and the route is the
/// one `--from` and `--to` give.
#[test]
fn quoted_names() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(
        &dir,
        "doors.ron",
        r#"Map(
    nodes: [
        (id: 0, pos: (0, 0), name: "east door"),
        (id: 1, pos: (4, 0), name: "hall #2"),
        (id: 2, pos: (4, 3), name: "say \"hi\""),
    ],
    edges: [(from: 0, to: 1), (from: 1, to: 2)],
)
"#,
    );
    let pairs = write_file(
        &dir,
        "pairs.txt",
        "\"east door\" \"hall #2\" # a comment\n2\t\"east door\"\n\"say \\\"hi\\\"\" 0\n",
    );
    let out = pairs_run(&map, &pairs, &["--radius", "0.1"], "text").exit(0);
    // 0 -> 1 is 4 long, 1 -> 2 is 3. Each line echoes its pair as written.
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "1 \"east door\" \"hall #2\": route: 0 \"east door\" -> 1 \"hall #2\"; length 4, cost 4, narrowest clearance unbounded"
    );
    assert!(
        lines[1].starts_with("2 2 \"east door\": route: 2 "),
        "{text}"
    );
    assert!(
        lines[2].starts_with("3 \"say \\\"hi\\\"\" 0: route: 2 "),
        "{text}"
    );
    assert!(lines[1].ends_with("; length 7, cost 7, narrowest clearance unbounded"));
    assert_eq!(lines.len(), 3);
    let out = pairs_run(&map, &pairs, &["--radius", "0.1"], "json");
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let ends: Vec<(&str, &str)> = lines
        .iter()
        .map(|v| (v["from"].as_str().unwrap(), v["to"].as_str().unwrap()))
        .collect();
    assert_eq!(
        ends,
        [
            ("east door", "hall #2"),
            ("2", "east door"),
            ("say \"hi\"", "0")
        ]
    );
    for (v, (from, to)) in lines.iter().zip(&ends) {
        let one: Value =
            serde_json::from_slice(&single(&map, from, to, &["--radius", "0.1"], "json").stdout)
                .unwrap();
        assert_eq!(v["path"], one["path"], "{from} {to}");
        assert!(v.get("scenario_optimal_length").is_none());
    }
    let err = bad_pairs(&map, &dir, "\"east door 1\n");
    assert!(
        err.contains("error: a quoted value is not closed: a `\"` is missing\n"),
        "{err}"
    );
}

/// A Moving AI scenario file is read as it is, its cells routed by the node
/// ids `clearway grid` gives them (`y * width + x`), and its optimal length
/// reported beside ours. `--connect 8` (the default) writes a diagonal past
/// a solid corner with clearance 0, which admits no agent: no corner
/// cutting, as the scenarios assume; a radius of 1e-9 fits every other
/// edge. So every length is the scenario's optimal (octile) length.
#[test]
fn a_scenario_file_is_routed_at_its_optimal_lengths() {
    let dir = tempfile::tempdir().unwrap();
    let level = dir.path().join("bunker.ron");
    // The benchmarks' water `W` is impassable: solid, not an area.
    clearway()
        .arg("grid")
        .arg(repo_file("maps/bunker.map"))
        .args(["--solid", "W", "-o"])
        .arg(&level)
        .run()
        .exit(0);
    let scen_path = repo_file("maps/bunker.map.scen");
    let scen = std::fs::read_to_string(&scen_path).unwrap();
    let scenarios: Vec<Vec<&str>> = scen
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(scenarios.len(), 26);
    let out = pairs_run(&level, &scen_path, &["--radius", "1e-9"], "json").exit(0);
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), scenarios.len());
    for (i, (v, s)) in lines.iter().zip(&scenarios).enumerate() {
        let n = |k: usize| s[k].parse::<u64>().unwrap();
        let (width, sx, sy, gx, gy) = (n(2), n(4), n(5), n(6), n(7));
        let optimal: f64 = s[8].parse().unwrap();
        assert_eq!(v["line"], i + 2);
        assert_eq!(v["from"], (sy * width + sx).to_string());
        assert_eq!(v["to"], (gy * width + gx).to_string());
        assert_eq!(v["scenario_optimal_length"], optimal);
        let length = v["length"].as_f64().unwrap();
        // The scenario's lengths have 8 decimals.
        assert!((length - optimal).abs() < 1e-6, "{v}");
    }
    // Line 2: `4 bunker.map 32 24 17 19 1 12 18.89949494`: from cell
    // (17, 19), node 19 * 32 + 17 = 625, to cell (1, 12), node 12 * 32 + 1
    // = 385; 16 across and 7 down, in the open: 9 + 7 * sqrt(2) =
    // 18.899494936... (7 significant digits: 18.89949).
    let out = pairs_run(&level, &scen_path, &["--radius", "1e-9"], "text");
    let text = stdout(&out);
    let first = text.lines().next().unwrap();
    assert!(first.starts_with("2 625 385: route: 625 -> "), "{first}");
    assert!(
        first.ends_with("; length 18.89949, cost 18.89949, narrowest clearance 0.5; scenario optimal length 18.89949"),
        "{first}"
    );
    assert_eq!(text.matches("; scenario optimal length ").count(), 26);

    // Bad scenario files: no header, a cell outside the map, a solid cell
    // (cell (0, 0) is a wall: no node 0), a line of 8 values.
    let bad = |text: &str| {
        let path = write_file(&dir, "bad.scen", text);
        let out = pairs_run(&level, &path, &["--radius", "1e-9"], "text")
            .exit(2)
            .stdout_is("");
        stderr(&out).replace(&path.display().to_string(), "bad.scen")
    };
    let line = "4\tbunker.map\t32\t24\t17\t19\t1\t12\t18.9\n";
    assert_eq!(
        bad(line),
        "error: a Moving AI scenario file (.scen) starts with a line `version 1`\n  --> bad.scen:1:1\n   |\n 1 | 4 bunker.map 32 24 17 19 1 12 18.9\n   | ^ expected `version 1`\n"
    );
    let err = bad(&format!(
        "version 1\n{line}4\tbunker.map\t32\t24\t32\t0\t1\t12\t3\n"
    ));
    assert!(
        err.starts_with("error: the start cell (32, 0) is outside the map's 32 x 24 cells\n  --> bad.scen:3:20\n"),
        "{err}"
    );
    let err = bad("version 1\n0\tbunker.map\t32\t24\t0\t0\t1\t1\t1.41421356\n");
    assert!(
        err.starts_with(
            "error: FROM cell (0, 0) is node 0, and the level has no node 0: the cell is solid, \
             or the level is not the one `clearway grid` makes from the scenario's map\n  --> bad.scen:2:"
        ),
        "{err}"
    );
    let err = bad("version 1\n0 bunker.map 32 24 17 19 1 12\n");
    assert!(err.contains("expected 9 values"), "{err}");
    assert!(err.contains("found 8"), "{err}");
}

/// `--timings` shows building the router (its widest table) and the
/// routes as phases of their own; radii at an edge's clearance route as
/// single calls do (the widest table and the search agree on what fits).
#[test]
fn timings_name_the_router_and_the_routes() {
    let dir = tempfile::tempdir().unwrap();
    let map = write_file(&dir, "grid.ron", &grid_map(6));
    let pairs_file = write_file(&dir, "pairs.txt", "start goal\n0 5\n");
    let out = clearway()
        .arg("route")
        .arg(&map)
        .arg("--pairs")
        .arg(&pairs_file)
        .args(["--radius", "0.5", "--timings"])
        .run()
        .exit(0);
    let phases: Vec<&str> = std::str::from_utf8(&out.stderr)
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let at = |phase: &str| phases.iter().position(|p| *p == phase);
    assert!(
        at("clearance") < at("router") && at("router") < at("routes"),
        "{phases:?}"
    );
    // The rocks at x = 9 leave the edges across the wall exactly 0.5.
    let pairs = [(1, "start", "goal"), (2, "0", "5")];
    check_against_single_routes(&map, &pairs_file, &pairs, &["--radius", "0.5"]);
    check_against_single_routes(
        &map,
        &pairs_file,
        &pairs,
        &["--radius", "0.5000000000000001"],
    );
}
