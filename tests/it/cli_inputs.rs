//! Input that never ends, binary or UTF-16 input, and input quoted back in
//! error messages: each is refused quickly, with a short located error,
//! exit 2 and nothing written.

use crate::common::cli::{Run, RunExt, stderr, with_endless_stdin};

use std::time::Duration;

use assert_cmd::Command;

const MAP: &str = r#"Map(
    agents: [(name: "small", radius: 1.0)],
    nodes: [(id: 0, pos: (0.0, 0.0)), (id: 1, pos: (5.0, 0.0), name: "gate")],
    edges: [(from: 0, to: 1)],
    obstacles: [Point((3.0, -2.0))],
)
"#;

fn clearway() -> Command {
    let mut command = Command::cargo_bin("clearway").expect("the binary is built");
    // A regression would read forever: fail instead of hanging the suite.
    command.timeout(Duration::from_secs(60));
    command
}

#[cfg(unix)]
#[test]
fn dev_zero_is_refused_as_binary_at_once() {
    let out = clearway()
        .args(["check", "/dev/zero"])
        .run()
        .exit(2)
        .stderr_has("the map is a binary file, not RON text: it holds the control byte 0x00")
        .stderr_has("/dev/zero:1:1");
    let err = stderr(&out);
    // The NUL bytes are not echoed to the terminal.
    assert!(!err.contains('\0'), "{err:?}");
    assert!(out.stdout.is_empty());
}

#[cfg(unix)]
#[test]
fn dev_zero_as_tiled_obstacles_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("m.ron");
    std::fs::write(&map, MAP).unwrap();
    clearway()
        .arg("check")
        .arg(&map)
        .args(["--obstacles", "/dev/zero"])
        .run()
        .exit(2)
        .stderr_has("Tiled map `/dev/zero`: it is not XML text: byte 0x00 at line 1, column 1");
}

#[test]
fn endless_binary_stdin_is_refused_at_the_first_chunk() {
    let out = with_endless_stdin(&["check", "-"], &[0xFF; 4096]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = stderr(&out);
    assert!(err.contains("byte 0xFF is not valid UTF-8"), "{err}");
    assert!(err.contains("<stdin>:1:1"), "{err}");
}

#[test]
fn endless_text_on_stdin_stops_at_the_size_limit() {
    let out = with_endless_stdin(&["check", "-", "--max-input-size", "2M"], b"y\n");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = stderr(&out);
    assert!(
        err.contains("cannot read the map from standard input: it holds more than 2 MiB"),
        "{err}"
    );
    assert!(err.contains("--max-input-size"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn endless_tiled_stdin_stops_at_the_size_limit() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("m.ron");
    std::fs::write(&map, MAP).unwrap();
    let map = map.to_str().unwrap();
    let out = with_endless_stdin(
        &["check", map, "--obstacles", "-", "--max-input-size", "1M"],
        b"<!-- - -->\n",
    );
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = stderr(&out);
    assert!(
        err.contains("cannot read Tiled map `<stdin>`: it holds more than 1 MiB"),
        "{err}"
    );
}

#[test]
fn piped_input_within_a_raised_limit_loads() {
    // 3 MiB of comment after the map: over a 2 MiB limit, under 4 MiB.
    let mut text = MAP.to_string();
    text.push_str("// ");
    text.push_str(&"x".repeat(3 << 20));
    text.push('\n');
    clearway()
        .args(["check", "-", "--max-input-size", "2M"])
        .write_stdin(text.clone())
        .run()
        .exit(2)
        .stderr_has("more than 2 MiB");
    clearway()
        .args(["check", "-", "--max-input-size", "4M"])
        .write_stdin(text.clone())
        .run()
        .exit(0);
    // A regular file has no limit, whatever the option says.
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("m.ron");
    std::fs::write(&map, &text).unwrap();
    clearway()
        .arg("check")
        .arg(&map)
        .args(["--max-input-size", "1K"])
        .run()
        .exit(0);
}

#[test]
fn a_bad_max_input_size_is_a_usage_error() {
    clearway()
        .args(["check", "-", "--max-input-size", "lots"])
        .run()
        .exit(2)
        .stderr_has("`lots` is not a size");
    // Too large is not "less than a byte".
    clearway()
        .args(["check", "-", "--max-input-size", "99999999999T"])
        .run()
        .exit(2)
        .stderr_has("`99999999999T` is too large")
        .stderr_lacks("at least 1 byte");
    let out = clearway()
        .args(["check", "-", "--max-input-size", "0.1"])
        .output()
        .unwrap();
    assert!(
        stderr(&out).contains("`0.1` must be at least 1 byte"),
        "{out:?}"
    );
}

fn utf16(text: &str, bom: bool, little_endian: bool) -> Vec<u8> {
    let mut bytes = Vec::new();
    let units = bom.then_some(0xFEFF).into_iter().chain(text.encode_utf16());
    for unit in units {
        if little_endian {
            bytes.extend_from_slice(&unit.to_le_bytes());
        } else {
            bytes.extend_from_slice(&unit.to_be_bytes());
        }
    }
    bytes
}

#[test]
fn a_utf16_map_is_named_as_utf16() {
    let dir = tempfile::tempdir().unwrap();
    for (bom, le) in [(true, true), (false, true), (true, false), (false, false)] {
        let path = dir.path().join("u16.ron");
        std::fs::write(&path, utf16(MAP, bom, le)).unwrap();
        clearway()
            .arg("check")
            .arg(&path)
            .run()
            .exit(2)
            .stderr_has("the map is UTF-16 text; clearway reads UTF-8")
            .stderr_has("iconv -f UTF-16 -t UTF-8");
    }
}

#[test]
fn a_utf16_tmx_is_named_as_utf16() {
    let dir = tempfile::tempdir().unwrap();
    let tmx = std::fs::read_to_string("maps/tiled_yard.tmx").unwrap();
    let path = dir.path().join("u16.tmx");
    std::fs::write(&path, utf16(&tmx, true, true)).unwrap();
    clearway()
        .args(["check", "maps/tiled_yard.ron", "--obstacles"])
        .arg(&path)
        .run()
        .exit(2)
        .stderr_has("it is UTF-16 text; clearway reads UTF-8");
    clearway()
        .args(["check", "maps/tiled_yard.ron", "--obstacles", "-"])
        .write_stdin(utf16(&tmx, false, true))
        .run()
        .exit(2)
        .stderr_has("Tiled map `<stdin>`: it is UTF-16 text");
}

#[test]
fn a_utf8_bom_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bom.ron");
    std::fs::write(&path, format!("\u{FEFF}{MAP}")).unwrap();
    clearway().arg("check").arg(&path).run().exit(0);
    // Columns of errors are counted without it.
    std::fs::write(
        &path,
        "\u{FEFF}(nodes: [(id: 0, pos: (0, 0))], edges: [(from: 0, to: 9)])",
    )
    .unwrap();
    clearway()
        .arg("check")
        .arg(&path)
        .run()
        .exit(2)
        .stderr_has("bom.ron:1:");
}

/// A byte-order mark on a line of its own: `check` cites the obstacles'
/// lines as it does without the mark.
#[test]
fn a_utf8_bom_before_a_line_break_keeps_the_citations() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bom.ron");
    for (text, line) in [
        (MAP.to_owned(), 5),
        (format!("\u{FEFF}{MAP}"), 5),
        (format!("\u{FEFF}\n{MAP}"), 6),
        (format!("\u{FEFF}\r\n{MAP}"), 6),
        (format!("\u{FEFF}  // note\n{MAP}"), 6),
    ] {
        std::fs::write(&path, &text).unwrap();
        clearway()
            .arg("check")
            .arg(&path)
            .args(["--radius", "3"])
            .run()
            .exit(1)
            .stdout_has(&format!(
                "blocked: edge 0 (0 -> 1 \"gate\"): clearance 2 < radius 3: \
                 point #0 (line {line}) pinches at (3, 0), obstacle at (3, -2)"
            ));
    }
}

#[test]
fn the_map_and_tiled_obstacles_cannot_both_come_from_stdin() {
    let tmx = std::fs::read("maps/tiled_yard.tmx").unwrap();
    clearway()
        .args(["check", "-", "--obstacles", "-"])
        .write_stdin(tmx)
        .run()
        .exit(2)
        .stderr_has("cannot read both the map and --obstacles from standard input")
        .stderr_lacks("expected a `Map`");
}

/// Asserts that a run failed with exit 2 and a short message on stderr.
fn assert_short_error(out: &std::process::Output, expected: &str) {
    assert_eq!(out.status.code(), Some(2), "{}", stderr(out));
    let err = stderr(out);
    assert!(err.len() < 2000, "{} bytes: {}", err.len(), &err[..2000]);
    assert!(err.contains(expected), "{err}");
    assert!(err.contains('…'), "{err}");
    assert!(out.stdout.is_empty());
}

fn check_text(dir: &tempfile::TempDir, text: &str) -> Run {
    let path = dir.path().join("long.ron");
    std::fs::write(&path, text).unwrap();
    clearway().arg("check").arg(&path).run()
}

#[test]
fn a_long_run_of_input_is_quoted_capped() {
    let dir = tempfile::tempdir().unwrap();
    let long = "x".repeat(100_000);
    let out = check_text(&dir, &long);
    assert_short_error(&out, "expected struct `Map`, found `xxxx");
    let out = check_text(&dir, &format!("(nodes: [(id: 0, pos: (0, 0), {long}: 1)])"));
    assert_short_error(&out, "unknown field `xxxx");
    let out = check_text(
        &dir,
        &format!("(nodes: [(id: 0, pos: (0, 0))], obstacles: [{long}((0, 0))])"),
    );
    assert_short_error(&out, "unknown variant `xxxx");
    let out = check_text(
        &dir,
        &format!(
            "(agents: [(name: \"{long}\", radius: 1), (name: \"{long}\", radius: 1)], nodes: [])"
        ),
    );
    assert_short_error(&out, "duplicate agent name \"xxxx");
}

#[test]
fn a_long_name_on_the_command_line_is_quoted_capped() {
    let long = "y".repeat(100_000);
    let out = clearway()
        .args(["check", "maps/warehouse.ron", "--agent", &long])
        .output()
        .unwrap();
    assert_short_error(&out, "no agent named `yyyy");
    let out = clearway()
        .args(["route", "maps/warehouse.ron", "--radius", "1", "--to", "1"])
        .args(["--from", &long])
        .output()
        .unwrap();
    assert_short_error(&out, "--from yyyy");
    let out = clearway()
        .args([
            "check",
            "maps/tiled_yard.ron",
            "--obstacles",
            "maps/tiled_yard.tmx",
        ])
        .args(["--layer", &long])
        .output()
        .unwrap();
    assert_short_error(&out, "has no layer `yyyy");
}

#[test]
fn a_long_tiled_layer_name_or_tag_is_quoted_capped() {
    let dir = tempfile::tempdir().unwrap();
    let long = "z".repeat(100_000);
    let tmx = std::fs::read_to_string("maps/tiled_yard.tmx").unwrap();
    let path = dir.path().join("long.tmx");
    std::fs::write(&path, tmx.replacen("<map ", &format!("<{long} "), 1)).unwrap();
    let out = clearway()
        .args(["check", "maps/tiled_yard.ron", "--obstacles"])
        .arg(&path)
        .output()
        .unwrap();
    assert_short_error(&out, "cannot read Tiled map");
    let renamed = tmx.replacen("name=\"collision\"", &format!("name=\"{long}\""), 1);
    std::fs::write(&path, renamed).unwrap();
    let out = clearway()
        .args(["check", "maps/tiled_yard.ron", "--obstacles"])
        .arg(&path)
        .output()
        .unwrap();
    assert_short_error(&out, "choose one with --layer");
}

#[test]
fn negative_numbers_get_our_message_not_a_hint_about_dashes() {
    let cases: [&[&str]; 7] = [
        &[
            "diff",
            "maps/warehouse.ron",
            "maps/warehouse.ron",
            "--tolerance",
            "-1",
        ],
        &[
            "diff",
            "maps/warehouse.ron",
            "maps/warehouse.ron",
            "--relative-tolerance",
            "-1e-3",
        ],
        &["check", "maps/warehouse.ron", "--radius", "-1e-3"],
        &[
            "route",
            "maps/warehouse.ron",
            "--radius",
            "1",
            "--from",
            "-1",
            "--to",
            "1",
        ],
        &["widest", "maps/warehouse.ron", "--from", "1", "--to", "-2"],
        &[
            "render",
            "maps/warehouse.ron",
            "--widest",
            "-1",
            "2",
            "-o",
            "x.svg",
        ],
        &[
            "check",
            "maps/tiled_yard.ron",
            "--obstacles",
            "maps/tiled_yard.tmx",
            "--pixels-per-unit",
            "-16",
        ],
    ];
    let expected = [
        "`-1` is negative; a tolerance must be >= 0",
        "`-1e-3` is negative; a tolerance must be >= 0",
        "`-1e-3` is negative; a radius must be >= 0",
        "--from -1: no node has that id or name",
        "--to -2: no node has that id or name",
        "--widest -1: no node has that id or name",
        "`-16` must be finite and > 0",
    ];
    for (args, expected) in cases.iter().zip(expected) {
        clearway()
            .args(*args)
            .run()
            .exit(2)
            .stderr_has(expected)
            .stderr_lacks("tip:");
    }
    let out = clearway()
        .args(["check", "-", "--max-input-size", "-1M"])
        .output()
        .unwrap();
    assert!(stderr(&out).contains("`-1M` is not a size"), "{out:?}");
    let out = clearway()
        .args([
            "check",
            "maps/tiled_yard.ron",
            "--obstacles",
            "maps/tiled_yard.tmx",
        ])
        .args(["--ellipse-sides", "-3"])
        .output()
        .unwrap();
    assert!(
        stderr(&out).contains("`-3` is not a number of sides from 3 to 100000"),
        "{out:?}"
    );
}

#[test]
fn a_bad_tiled_object_names_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let tmx = std::fs::read_to_string("maps/tiled_yard.tmx").unwrap();
    let broken = tmx.replacen(
        r#"<object id="3" name="pallet" x="160""#,
        r#"<object id="3" name="pallet" x="NaN""#,
        1,
    );
    assert_ne!(broken, tmx);
    let line = 1 + broken[..broken.find(r#"<object id="3""#).unwrap()]
        .matches('\n')
        .count();
    let path = dir.path().join("broken.tmx");
    std::fs::write(&path, &broken).unwrap();
    clearway()
        .args([
            "check",
            "maps/tiled_yard.ron",
            "--layer",
            "collision",
            "--obstacles",
        ])
        .arg(&path)
        .run()
        .exit(2)
        .stderr_has(&format!("object 3 (line {line}): x is NaN"));
    // The same from standard input.
    let out = clearway()
        .args([
            "check",
            "maps/tiled_yard.ron",
            "--layer",
            "collision",
            "--obstacles",
            "-",
        ])
        .write_stdin(broken)
        .output()
        .unwrap();
    assert!(
        stderr(&out).contains(&format!("object 3 (line {line}): x is NaN")),
        "{out:?}"
    );
}

#[test]
fn diff_reads_a_tiled_map_on_stdin_once_for_both_levels() {
    let tmx = std::fs::read("maps/tiled_yard.tmx").unwrap();
    clearway()
        .args(["diff", "maps/tiled_yard.ron", "maps/tiled_yard.ron"])
        .args([
            "--obstacles",
            "-",
            "--layer",
            "collision",
            "--pixels-per-unit",
            "16",
        ])
        .write_stdin(tmx.clone())
        .run()
        .exit(0)
        .stdout_starts_with("ok: 0 newly blocked");
    // A level and the Tiled map cannot share standard input.
    for args in [
        ["diff", "-", "maps/tiled_yard.ron", "--obstacles", "-"],
        ["diff", "maps/tiled_yard.ron", "-", "--old-obstacles", "-"],
    ] {
        clearway()
            .args(args)
            .write_stdin(tmx.clone())
            .run()
            .exit(2)
            .stderr_has("cannot read both a level and a Tiled map from standard input");
    }
}
