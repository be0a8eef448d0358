//! `clearway grid`: Moving AI maps to levels, through the command line.

use std::path::{Path, PathBuf};

use clearway::Map;
use serde_json::Value;

use crate::common::cli::{RunExt, clearway, stderr, stdout};
use crate::common::files::files_in;
use crate::common::octile::octile_distance;

/// Two solid cells in the middle of a 4 x 3 grid.
const TINY: &str = "type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n";

fn repo_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// A temporary folder holding `tiny.map`.
fn setup(text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("tiny.map");
    std::fs::write(&path, text).expect("write grid");
    (dir, path)
}

/// Runs `clearway grid` on `grid` with `args`, writing `out.ron` beside it;
/// the loaded level, and the stderr.
fn grid_level(grid: &Path, args: &[&str]) -> (Map, String) {
    let out = grid.with_file_name("out.ron");
    let output = clearway()
        .arg("grid")
        .arg(grid)
        .arg("-o")
        .arg(&out)
        .args(args)
        .run()
        .exit(0);
    (
        Map::loader().read_file(&out).expect("the level loads"),
        stderr(&output),
    )
}

/// The rows of a Moving AI map, read here without clearway's reader.
fn rows_of(text: &str) -> Vec<Vec<char>> {
    let lines: Vec<&str> = text.lines().collect();
    let map_line = lines
        .iter()
        .position(|l| l.trim() == "map")
        .expect("a `map` line");
    lines[map_line + 1..]
        .iter()
        .filter(|l| !l.is_empty())
        .map(|l| l.chars().collect())
        .collect()
}

/// A route's length at radius 1e-9 through the command line, `None` when
/// there is none (exit 1).
fn route_length(level: &Path, from: usize, to: usize) -> Option<f64> {
    let output = clearway()
        .arg("route")
        .arg(level)
        .args(["--from", &from.to_string(), "--to", &to.to_string()])
        .args(["--radius", "1e-9", "--format", "json"])
        .output()
        .expect("runs");
    let json: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    match output.status.code() {
        Some(0) => Some(json["length"].as_f64().expect("a length")),
        Some(1) => None,
        code => panic!("route exited {code:?}: {}", stderr(&output)),
    }
}

/// Every scenario of `maps/bunker.map.scen` is routed at its optimal length,
/// and that length is the one an independent octile Dijkstra finds.
#[test]
fn scenarios_route_at_their_optimal_length() {
    let map_text = std::fs::read_to_string(repo_file("maps/bunker.map")).expect("the grid");
    let rows = rows_of(&map_text);
    let (w, h) = (rows[0].len(), rows.len());
    let free = |c: usize, r: usize| matches!(rows[r][c], '.' | 'G' | 'S');
    let dir = tempfile::tempdir().expect("temp dir");
    let level = dir.path().join("bunker.ron");
    // The benchmarks' water `W` is impassable: solid, not an area.
    clearway()
        .args(["grid", "maps/bunker.map", "--solid", "W", "-o"])
        .arg(&level)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .assert()
        .code(0);

    let scen = std::fs::read_to_string(repo_file("maps/bunker.map.scen")).expect("scenarios");
    let mut lines = scen.lines();
    assert_eq!(lines.next(), Some("version 1"));
    let mut checked = 0;
    for line in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 9, "{line}");
        assert_eq!(fields[1], "bunker.map");
        let number = |i: usize| fields[i].parse::<usize>().expect("a whole number");
        assert_eq!((number(2), number(3)), (w, h), "{line}");
        let (sx, sy, gx, gy) = (number(4), number(5), number(6), number(7));
        let optimal: f64 = fields[8].parse().expect("the optimal length");
        let brute = octile_distance(w, h, free, (sx, sy), (gx, gy)).expect("reachable");
        assert!((brute - optimal).abs() <= 1e-6, "{line}: Dijkstra {brute}");
        // The .scen y is the row, counted from the top.
        let length = route_length(&level, sy * w + sx, gy * w + gx).expect("a route");
        assert!((length - optimal).abs() <= 1e-6, "{line}: route {length}");
        checked += 1;
    }
    assert_eq!(checked, 26);
}

/// A route between the two halves of a map that only a diagonal past a
/// solid corner joins is not found, as in the benchmarks.
#[test]
fn no_route_past_a_solid_corner() {
    let (_dir, grid) = setup("type octile\nheight 2\nwidth 2\nmap\n.@\n@.\n");
    let (map, _) = grid_level(&grid, &[]);
    assert_eq!(map.edges().len(), 1, "the diagonal is written");
    assert_eq!(route_length(&grid.with_file_name("out.ron"), 0, 3), None);
    assert_eq!(octile_distance(2, 2, |c, r| c == r, (0, 0), (1, 1)), None);
}

#[test]
fn four_and_eight_connected_counts() {
    let (_dir, grid) = setup(TINY);
    let (eight, report) = grid_level(&grid, &[]);
    assert_eq!(eight.nodes().len(), 10);
    // 10 orthogonal edges and 4 diagonals, each past a corner of the wall.
    assert_eq!(eight.edges().len(), 14);
    assert_eq!(eight.obstacles().len(), 1, "the two solid cells are merged");
    assert!(
        report.contains(
            "4 x 3 cells, 10 free: wrote 10 nodes, 14 edges (8-connected), obstacles: 1 \
             rectangle from 2 solid cells; connected components: 1"
        ),
        "{report}"
    );
    let (four, report) = grid_level(&grid, &["--connect", "4"]);
    assert_eq!(four.nodes().len(), 10);
    assert_eq!(four.edges().len(), 10);
    assert!(report.contains("10 edges (4-connected)"), "{report}");
    let text = std::fs::read_to_string(grid.with_file_name("out.ron")).expect("written");
    assert!(text.starts_with("// clearway grid: "), "{text}");
    assert!(
        text.lines()
            .next()
            .unwrap()
            .ends_with("tiny.map, 4-connected, cell size 1")
    );

    // The diagonals touch the wall: check fails for any agent with 8, not 4.
    for (connect, code) in [("8", 1), ("4", 0)] {
        let out = grid.with_file_name(format!("level{connect}.ron"));
        clearway()
            .arg("grid")
            .arg(&grid)
            .arg("-o")
            .arg(&out)
            .args(["--connect", connect, "--quiet"])
            .assert()
            .code(0)
            .stderr("");
        clearway()
            .arg("check")
            .arg(&out)
            .args(["--radius", "0.25", "--summary"])
            .assert()
            .code(code);
    }
}

#[test]
fn the_summary_as_json() {
    let (_dir, grid) = setup(TINY);
    let output = clearway()
        .arg("grid")
        .arg(&grid)
        .arg("-o")
        .arg(grid.with_file_name("out.ron"))
        .args(["--format", "json"])
        .run()
        .exit(0);
    let json: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(
        json,
        serde_json::json!({
            "width": 4, "height": 3, "cells": 12, "free_cells": 10, "solid_cells": 2,
            "connect": 8, "cell_size": 1.0, "nodes": 10, "edges": 14, "obstacles": 1,
            "components": 1,
        })
    );
    // JSON on stdout cannot share it with the level.
    clearway()
        .arg("grid")
        .arg(&grid)
        .args(["-o", "-", "--format", "json"])
        .assert()
        .code(2);
}

#[test]
fn cell_size_scales_the_level() {
    let (_dir, grid) = setup(TINY);
    let (map, _) = grid_level(&grid, &["--cell-size", "2"]);
    let first = &map.nodes()[0];
    assert_eq!(first.id, 0);
    assert_eq!((first.pos.x, first.pos.y), (1.0, 5.0));
    let last = map.nodes().last().expect("nodes");
    assert_eq!(last.id, 11);
    assert_eq!((last.pos.x, last.pos.y), (7.0, 1.0));
    let text = std::fs::read_to_string(grid.with_file_name("out.ron")).expect("written");
    assert!(
        text.contains("Polygon([(2.0, 2.0), (6.0, 2.0), (6.0, 4.0), (2.0, 4.0)])"),
        "{text}"
    );
    assert!(text.lines().next().unwrap().ends_with("cell size 2"));
}

#[test]
fn agents_are_written_into_the_level() {
    let (_dir, grid) = setup(TINY);
    let (map, _) = grid_level(&grid, &["--agent", "soldier=0.25", "--agent", "robot=0.45"]);
    let agents: Vec<(&str, f64)> = map
        .agents()
        .iter()
        .map(|a| (a.name.as_str(), a.radius))
        .collect();
    assert_eq!(agents, [("soldier", 0.25), ("robot", 0.45)]);
}

#[test]
fn standard_output_holds_a_level_that_loads() {
    let (_dir, grid) = setup(TINY);
    let output = clearway()
        .arg("grid")
        .arg(&grid)
        .args(["-o", "-", "--agent", "cat=0.2"])
        .run()
        .exit(0);
    let text = stdout(&output);
    let map = Map::loader()
        .read_str(&text, "stdout")
        .expect("the level loads");
    assert_eq!((map.nodes().len(), map.edges().len()), (10, 14));
    assert_eq!(map.agents()[0].name, "cat");

    // And a grid read from standard input.
    clearway()
        .args(["grid", "-", "-o", "-"])
        .write_stdin(TINY)
        .run()
        .exit(0)
        .stdout_has("// clearway grid: -, 8-connected");
}

/// Runs `grid` on `text` with `args`: exit 2, nothing written; the stderr.
fn refused(text: &[u8], args: &[&str]) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let grid = dir.path().join("bad.map");
    std::fs::write(&grid, text).expect("write");
    let output = clearway()
        .arg("grid")
        .arg(&grid)
        .arg("-o")
        .arg(dir.path().join("out.ron"))
        .args(args)
        .run()
        .exit(2);
    assert_eq!(files_in(dir.path()), ["bad.map"], "nothing written");
    stderr(&output)
}

#[test]
fn malformed_grids_are_located_and_nothing_is_written() {
    for (text, location, message) in [
        (
            "type octal\nheight 1\nwidth 1\nmap\n.\n",
            "bad.map:1:1",
            "type octile",
        ),
        (
            "type octile\nheight x\nwidth 1\nmap\n.\n",
            "bad.map:2:8",
            "height",
        ),
        (
            "type octile\nheight 1\nwidth 1\n.\n",
            "bad.map:4:1",
            "expected `map`",
        ),
        (
            "type octile\nheight 2\nwidth 3\nmap\n...\n..\n",
            "bad.map:6:3",
            "row 1 has 2 cells",
        ),
        (
            "type octile\nheight 1\nwidth 2\nmap\n...\n",
            "bad.map:5:3",
            "longer than the width",
        ),
        (
            "type octile\nheight 2\nwidth 1\nmap\n.\n",
            "bad.map:6:1",
            "ends after 1 rows",
        ),
        // A header that promises more cells than any memory holds.
        (
            "type octile\nheight 16777216\nwidth 16777216\nmap\n.\n",
            "bad.map:5:2",
            "row 0 has 1 cells",
        ),
    ] {
        let err = refused(text.as_bytes(), &[]);
        assert!(
            err.contains(location) && err.contains(message),
            "{text:?}: {err}"
        );
    }
    let err = refused(b"type octile\nheight 1\nwidth 1\nmap\n\0\n", &[]);
    assert!(
        err.contains("binary") && err.contains("bad.map:5:1"),
        "{err}"
    );
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain("type octile\n".encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let err = refused(&utf16, &[]);
    assert!(
        err.contains("UTF-16") && err.contains("bad.map:1:1"),
        "{err}"
    );
}

#[test]
fn bad_options_exit_2_and_write_nothing() {
    for (args, message) in [
        (&["--cell-size", "0"][..], "cell size"),
        (&["--cell-size", "-1"], "cell size"),
        (&["--cell-size", "inf"], "cell size"),
        (&["--cell-size", "NaN"], "cell size"),
        (&["--cell-size", "wide"], "not a number"),
        (&["--cell-size", "1e300"], "1e15"),
        (&["--connect", "6"], "--connect"),
        (&["--agent", "soldier"], "NAME=RADIUS"),
        (&["--agent", "=0.5"], "name"),
        (&["--agent", "soldier=-1"], "negative"),
        (&["--agent", "soldier=inf"], "not finite"),
        (&["--agent", "a=1", "--agent", "a=2"], "given twice"),
        (&["--layer", "walls"], "--layer"),
        (&["--solid-property", "solid"], "--solid-property"),
    ] {
        let err = refused(TINY.as_bytes(), args);
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn inputs_are_never_overwritten() {
    let (dir, grid) = setup(TINY);
    clearway()
        .arg("grid")
        .arg(&grid)
        .arg("-o")
        .arg(dir.path().join(".").join("tiny.map"))
        .run()
        .exit(2)
        .stderr_has("refusing to overwrite the input grid");
    assert_eq!(std::fs::read_to_string(&grid).expect("kept"), TINY);
    assert_eq!(files_in(dir.path()), ["tiny.map"]);
}

#[test]
fn missing_files_and_tiled_maps_exit_2() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out.ron");
    clearway()
        .arg("grid")
        .arg(dir.path().join("missing.map"))
        .arg("-o")
        .arg(&out)
        .run()
        .exit(2)
        .stderr_has("cannot read grid");
    // An object layer is not a grid: exit 2, naming it.
    clearway()
        .args(["grid", "maps/tiled_yard.tmx", "--layer", "collision", "-o"])
        .arg(&out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .run()
        .exit(2)
        .stderr_has("collision");
    assert!(files_in(dir.path()).is_empty());
}

/// A Tiled map's tile layer is a grid: a cell is solid when its tile has a
/// collision shape or the solid property. maps/tiled_tiles.tmx is 16 x 10
/// tiles with 66 solid ones (walls, half-blocks, slopes, pillars, crates).
#[test]
fn a_tiled_tile_layer_is_a_grid() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("tiles.ron");
    let output = clearway()
        .args([
            "grid",
            "maps/tiled_tiles.tmx",
            "--solid-property",
            "solid",
            "-o",
        ])
        .arg(&out)
        .args(["--format", "json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .run()
        .exit(0);
    let summary: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(summary["width"], 16, "{summary}");
    assert_eq!(summary["height"], 10, "{summary}");
    assert_eq!(summary["nodes"], 16 * 10 - 66, "{summary}");
    let map = clearway::Map::loader()
        .read_file(&out)
        .expect("the level loads");
    assert_eq!(map.nodes().len(), 94);
    // Without the property the two crates are free cells.
    let output = clearway()
        .args(["grid", "maps/tiled_tiles.tmx", "-o", "-"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .run()
        .exit(0);
    let text = stdout(&output);
    let map = clearway::Map::loader()
        .read_str(&text, "stdout")
        .expect("loads");
    assert_eq!(map.nodes().len(), 96);
    // An unknown layer: exit 2, listing the tile layers.
    clearway()
        .args(["grid", "maps/tiled_tiles.tmx", "--layer", "nope", "-o"])
        .arg(&out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .run()
        .exit(2)
        .stderr_has("`walls`");
}

/// The guide's loop over a scenario file, as written there: it passes on
/// the bundled scenarios and reports a wrong optimal length (exit 1).
#[cfg(unix)]
#[test]
fn the_guide_checks_a_scenario_file() {
    let readme = std::fs::read_to_string(repo_file("docs/GUIDE.md")).expect("the guide");
    let section = &readme[readme
        .find("### Checking a published scenario file")
        .expect("the section")..];
    let start = section.find("```sh\n").expect("a shell block") + "```sh\n".len();
    let script = &section[start..start + section[start..].find("```").expect("its end")];
    assert!(script.contains("maps/bunker.map.scen"), "{script}");

    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("maps")).expect("maps");
    let scen = std::fs::read_to_string(repo_file("maps/bunker.map.scen")).expect("scenarios");
    std::fs::copy(
        repo_file("maps/bunker.map"),
        dir.path().join("maps/bunker.map"),
    )
    .expect("copy");
    let binary = Path::new(env!("CARGO_BIN_EXE_clearway"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().expect("a folder").to_path_buf()).chain(
            std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
        ),
    )
    .expect("a PATH");
    let run = |scen: &str| {
        std::fs::write(dir.path().join("maps/bunker.map.scen"), scen).expect("write");
        std::process::Command::new("bash")
            .args(["-c", script])
            .current_dir(dir.path())
            .env("PATH", &path)
            .output()
            .expect("bash runs")
    };
    let output = run(&scen);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "26 of 26 scenarios at the optimal length\n"
    );
    let wrong = scen.replace("26.55634919", "26.55");
    let output = run(&wrong);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let report = stdout(&output);
    assert!(
        report.contains("MISMATCH: 16 1 11 19 26.556349186 26.55"),
        "{report}"
    );
    assert!(report.contains("25 of 26 scenarios"), "{report}");
}

/// Two free cells joined only by a diagonal across the corner where two
/// solid cells meet (`.@` over `@.`, and its mirror) are two components:
/// that diagonal's clearance is 0, so it joins nothing an agent can travel.
#[test]
fn blocked_corner_diagonals_join_no_components() {
    for rows in [".@\n@.\n", "@.\n.@\n"] {
        let (_dir, grid) = setup(&format!("type octile\nheight 2\nwidth 2\nmap\n{rows}"));
        let (map, report) = grid_level(&grid, &[]);
        assert_eq!(map.edges().len(), 1, "the diagonal is written: {rows}");
        assert!(report.contains("connected components: 2"), "{report}");
        let output = clearway()
            .arg("grid")
            .arg(&grid)
            .arg("-o")
            .arg(grid.with_file_name("json.ron"))
            .args(["--format", "json"])
            .output()
            .expect("runs");
        let json: Value = serde_json::from_slice(&output.stdout).expect("JSON");
        assert_eq!(json["components"], 2, "{json}");
    }
    // . . @      the diagonal (1, 1)-(2, 2) passes a solid corner, but the
    // . . .      orthogonal edges join every free cell: 1 component.
    // @ . .
    let (_dir, grid) = setup("type octile\nheight 3\nwidth 3\nmap\n..@\n...\n@..\n");
    let (_, report) = grid_level(&grid, &[]);
    assert!(report.contains("connected components: 1"), "{report}");
}

/// The most memory `clearway grid` held while writing the level of a
/// `side` x `side` open grid to a file, read from `/proc` as it runs
/// (`VmHWM`, the resident peak), with the level's size: both in bytes.
#[cfg(target_os = "linux")]
fn grid_peak_and_output(side: usize) -> (u64, u64) {
    let dir = tempfile::tempdir().expect("temp dir");
    let grid = dir.path().join("open.map");
    let row = ".".repeat(side) + "\n";
    let text = format!(
        "type octile\nheight {side}\nwidth {side}\nmap\n{}",
        row.repeat(side)
    );
    std::fs::write(&grid, text).expect("write grid");
    let out = dir.path().join("open.ron");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("clearway"))
        .arg("grid")
        .arg(&grid)
        .arg("-o")
        .arg(&out)
        .arg("--quiet")
        .spawn()
        .expect("runs");
    let status = format!("/proc/{}/status", child.id());
    let mut peak_kib = 0;
    loop {
        if let Some(kib) = std::fs::read_to_string(&status).ok().and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?.to_owned();
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        }) {
            peak_kib = peak_kib.max(kib);
        }
        if let Some(exit) = child.try_wait().expect("waits") {
            assert!(exit.success(), "grid failed: {exit}");
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    (
        peak_kib * 1024,
        std::fs::metadata(&out).expect("written").len(),
    )
}

/// `grid` writes its level as it makes it: its memory stays within 3 times
/// the level it writes (it once held the whole text and the whole map:
/// 2.9 GB for a 2000 x 2000 grid, 5 times the text, and then failed).
/// A 250 x 250 open grid is 62,500 nodes and 248,502 edges, about 11 MB of
/// text; the program's own code and buffers are a few MB.
#[cfg(target_os = "linux")]
#[test]
fn grid_memory_stays_within_three_times_its_output() {
    let (peak, written) = grid_peak_and_output(250);
    assert!(written > 10_000_000, "{written} bytes written");
    assert!(
        peak <= 3 * written,
        "peak resident memory {peak} bytes for a level of {written} bytes"
    );
}

/// The areas of a grid made from tests/fixtures/tiled_areas.tmx, by node
/// id: (from, to) -> area, for every edge.
fn tiled_areas(layer: &str) -> std::collections::BTreeMap<(u64, u64), Option<String>> {
    let output = clearway()
        .args([
            "grid",
            "tests/fixtures/tiled_areas.tmx",
            "--solid-property",
            "solid",
            "--area-property",
            "area",
            "--layer",
            layer,
            "-o",
            "-",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .run()
        .exit(0);
    let map = Map::loader()
        .read_str(&stdout(&output), "stdout")
        .expect("the level loads");
    (0..map.edges().len())
        .map(|e| {
            let edge = &map.edges()[e];
            let ids = (map.nodes()[edge.from].id, map.nodes()[edge.to].id);
            (
                ids,
                map.edge_area(clearway::EdgeIdx::new(e)).map(str::to_owned),
            )
        })
        .collect()
}

/// A Tiled tile's string property names its cell's area; the uppermost
/// layer's tile wins a cell; an edge takes the area of either end that has
/// one, and between two areas the one whose tile has the lower global id
/// (water, 2, before mud, 3), whatever their order on the map or by name.
/// Checked edge by edge against that rule applied to the fixture's cells.
#[test]
fn a_tiled_tile_property_gives_cells_their_areas() {
    // The fixture's free cells (id = row * 4 + col) and their areas, from
    // its comment; cell 3 is a wall.
    let ground = [
        (0, ""),
        (1, "mud"),
        (2, "water"),
        (4, ""),
        (5, ""),
        (6, "mud"),
        (7, ""),
    ];
    for (layer, cell_6) in [("level", "water"), ("level/ground", "mud")] {
        let cells: std::collections::BTreeMap<u64, &str> = ground
            .iter()
            .map(|&(id, area)| (id, if id == 6 { cell_6 } else { area }))
            .collect();
        let rank = |area: &str| ["water", "mud"].iter().position(|&a| a == area);
        let edges = tiled_areas(layer);
        assert_eq!(edges.len(), 13, "8-connected around one wall: {edges:?}");
        for (&(a, b), area) in &edges {
            let ends = [cells[&a], cells[&b]];
            let want = ends
                .iter()
                .filter(|e| !e.is_empty())
                .min_by_key(|e| rank(e))
                .map(|e| (*e).to_owned());
            assert_eq!(area, &want, "edge {a}-{b} on layer {layer}");
        }
        assert!(edges.values().any(|a| a.as_deref() == Some("mud")));
    }
    assert_eq!(tiled_areas("level")[&(1, 2)].as_deref(), Some("water"));
    assert_eq!(tiled_areas("level")[&(5, 6)].as_deref(), Some("water"));
    assert_eq!(tiled_areas("level/ground")[&(5, 6)].as_deref(), Some("mud"));
}

/// A tile whose area property is not a string, or a string that is no area
/// name: exit 2 naming the tile and why, nothing written.
#[test]
fn a_bad_tiled_area_property_is_refused_naming_the_tile() {
    let fixture =
        std::fs::read_to_string(repo_file("tests/fixtures/tiled_areas.tmx")).expect("fixture");
    let water = "<property name=\"area\" value=\"water\"/>";
    assert!(fixture.contains(water));
    for (property, why) in [
        (
            "<property name=\"area\" type=\"int\" value=\"3\"/>",
            "its property `area` is an int, not a string",
        ),
        (
            "<property name=\"area\" type=\"bool\" value=\"true\"/>",
            "its property `area` is a bool, not a string",
        ),
        (
            "<property name=\"area\" value=\"\"/>",
            "its property `area` is \"\", which is no area name",
        ),
        (
            "<property name=\"area\" value=\" water\"/>",
            "starts or ends with a blank",
        ),
        (
            "<property name=\"area\" value=\"wa&#10;ter\"/>",
            "holds a control character",
        ),
    ] {
        let dir = tempfile::tempdir().expect("temp dir");
        let tmx = dir.path().join("bad.tmx");
        std::fs::write(&tmx, fixture.replace(water, property)).expect("write");
        let output = clearway()
            .arg("grid")
            .arg(&tmx)
            .args(["--area-property", "area", "--layer", "level", "-o"])
            .arg(dir.path().join("out.ron"))
            .run()
            .exit(2);
        let err = stderr(&output);
        assert!(
            err.contains("bad.tmx`, tileset `terrain`, tile 1: ") && err.contains(why),
            "{property}: {err}"
        );
        assert_eq!(files_in(dir.path()), ["bad.tmx"], "nothing written");
    }
    // The option is for Tiled maps only.
    let (dir, grid) = setup(TINY);
    let output = clearway()
        .arg("grid")
        .arg(&grid)
        .args(["--area-property", "area", "-o"])
        .arg(dir.path().join("out.ron"))
        .run()
        .exit(2);
    assert!(stderr(&output).contains("--area-property picks tiles of a Tiled map"));
}
