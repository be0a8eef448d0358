//! `clearway watch`: started on a level, which is then saved the ways
//! editors save (written in place, written beside and renamed over, saved
//! broken and then fixed); each save's report is read from the running
//! process, and Ctrl-C (SIGINT) ends it with exit 0. Every run passes the
//! hidden `--verify`, which fails the watch (exit 2) unless the clearances
//! it kept equal a fresh check of the saved file, bit for bit.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::cli_walking::HALL;
use crate::common::cli::clearway;
use crate::common::run::RunExt;

/// How long a report may take: generous, for a loaded machine.
const PATIENCE: Duration = Duration::from_secs(30);

/// A square of four edges, the soldier (radius 0.5) travels every one;
/// `rocks` are its obstacles after a point in the middle.
fn square(rocks: &str) -> String {
    format!(
        "(\n    agents: [(name: \"soldier\", radius: 0.5)],\n    \
         nodes: [(id: 1, pos: (0, 0)), (id: 2, pos: (10, 0)), (id: 3, pos: (10, 10)), \
         (id: 4, pos: (0, 10))],\n    \
         edges: [(from: 1, to: 2), (from: 2, to: 3), (from: 3, to: 4), (from: 4, to: 1)],\n    \
         obstacles: [Point((5, 5)){rocks}],\n)\n"
    )
}

/// A running `clearway watch`, its standard output read line by line on
/// a thread (so that a test waits on a channel with a timeout, never on a
/// pipe), its standard error gathered on another.
struct Watching {
    child: Child,
    lines: Receiver<String>,
    stderr: Option<JoinHandle<String>>,
}

impl Watching {
    fn start(dir: &Path, args: &[&str]) -> Watching {
        let mut child = Command::new(env!("CARGO_BIN_EXE_clearway"))
            .arg("watch")
            .args(args)
            .arg("--verify")
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("clearway starts");
        let (send, lines) = channel();
        let out = BufReader::new(child.stdout.take().unwrap());
        std::thread::spawn(move || {
            for line in out.lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut err = child.stderr.take().unwrap();
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = err.read_to_string(&mut text);
            text
        });
        Watching {
            child,
            lines,
            stderr: Some(stderr),
        }
    }

    /// The next line of standard output; fails the test (stopping the
    /// watch, showing its standard error) when none comes in time.
    fn line(&mut self) -> String {
        match self.lines.recv_timeout(PATIENCE) {
            Ok(line) => line,
            Err(e) => {
                let _ = self.child.kill();
                let _ = self.child.wait();
                let stderr = self.stderr.take().unwrap().join().unwrap();
                panic!("no report from `clearway watch` ({e}); its stderr:\n{stderr}");
            }
        }
    }

    /// The next report, as JSON.
    fn json(&mut self) -> Value {
        let line = self.line();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("`{line}` is not JSON: {e}"))
    }

    /// The next save's report, passing over errors: a file written in
    /// place may be read half written (empty), which does not load, and
    /// is then read again once written.
    fn saved(&mut self) -> Value {
        loop {
            let report = self.json();
            if report["event"] != "error" {
                assert_eq!(report["event"], "saved", "{report}");
                return report;
            }
        }
    }

    /// Ctrl-C: SIGINT, then the exit status and standard error.
    fn interrupt(mut self) -> (ExitStatus, String) {
        let sent = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("`clearway watch` did not stop on SIGINT");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        (status, self.stderr.take().unwrap().join().unwrap())
    }
}

impl Drop for Watching {
    /// A test that fails leaves no watch running.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Writes `text` beside `path` and renames it over `path`, as editors
/// that keep a file whole through a crash save.
fn save_by_rename(path: &Path, text: &str) {
    let beside: PathBuf = path.with_extension("ron.swp");
    std::fs::write(&beside, text).unwrap();
    std::fs::rename(&beside, path).unwrap();
}

/// The changes of a report as (kind, edge in NEW or OLD, agent, witness
/// obstacle) rows.
fn changes(report: &Value) -> Vec<(String, u64, Option<String>, Option<u64>)> {
    report["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let side = if c["new"].is_null() {
                &c["old"]
            } else {
                &c["new"]
            };
            (
                c["kind"].as_str().unwrap().to_string(),
                side["edge"].as_u64().unwrap(),
                c["agent"].as_str().map(String::from),
                c["witness"]["obstacle"].as_u64(),
            )
        })
        .collect()
}

fn row(
    kind: &str,
    edge: u64,
    agent: Option<&str>,
    witness: Option<u64>,
) -> (String, u64, Option<String>, Option<u64>) {
    (kind.to_string(), edge, agent.map(String::from), witness)
}

#[test]
fn watch_reports_each_save_written_in_place_renamed_over_and_broken_then_fixed() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("map.ron");
    std::fs::write(&map, square("")).unwrap();
    let mut watch = Watching::start(dir.path(), &["map.ron", "--format", "json"]);

    let check = watch.json();
    assert_eq!(check["event"], "check", "{check}");
    assert_eq!(
        (check["edges"].as_u64(), check["obstacles"].as_u64()),
        (Some(4), Some(1))
    );
    assert_eq!(check["radii"][0]["agent"], "soldier");
    assert_eq!(check["radii"][0]["blocked"], serde_json::json!([]));

    // 1. Written in place: a crate 0.4 from the bottom edge blocks it for
    // the soldier, and comes nearer the two sides than the middle point.
    let with_crate = square(", Circle(center: (5, 1), radius: 0.6)");
    std::fs::write(&map, &with_crate).unwrap();
    let first = watch.saved();
    assert_eq!(first["newly_blocked"], 1, "{first}");
    assert_eq!(first["changes_applied"], 1, "one obstacle added: {first}");
    assert_eq!(first["files"], serde_json::json!(["map.ron"]), "{first}");
    assert!(first.get("rechecked").is_none(), "{first}");
    assert_eq!(
        changes(&first),
        [
            row("blocked", 0, Some("soldier"), Some(1)),
            row("changed", 1, None, Some(1)),
            row("changed", 3, None, Some(1)),
        ],
        "{first}"
    );
    assert_eq!(first["changes"][0]["old"]["clearance"], 5.0);
    let now = first["changes"][0]["new"]["clearance"].as_f64().unwrap();
    assert!((now - 0.4).abs() < 1e-12, "{first}");

    // 2. Written beside and renamed over: the crate shrinks, and the
    // soldier gets through again.
    save_by_rename(&map, &square(", Circle(center: (5, 1), radius: 0.2)"));
    let second = watch.saved();
    assert_eq!(
        (
            second["newly_blocked"].as_u64(),
            second["unblocked"].as_u64()
        ),
        (Some(0), Some(1)),
        "{second}"
    );
    assert_eq!(
        changes(&second)[0],
        row("unblocked", 0, Some("soldier"), Some(1))
    );

    // 3. Saved broken: the error, located, on stderr and in the stream;
    // the watch goes on with the last level that loaded.
    // (A read of the file half written, empty, is an error too, elsewhere.)
    std::fs::write(&map, "(\n    nodes: [\n").unwrap();
    loop {
        let broken = watch.json();
        assert_eq!(broken["event"], "error", "{broken}");
        if broken["error"].as_str().unwrap().contains("map.ron:3:1") {
            break;
        }
    }

    // ... then fixed, with the big crate back: compared with the last good
    // save (the small crate), the bottom edge is blocked again.
    std::fs::write(&map, &with_crate).unwrap();
    let fixed = watch.saved();
    assert_eq!(fixed["newly_blocked"], 1, "{fixed}");
    assert_eq!(
        changes(&fixed)[0],
        row("blocked", 0, Some("soldier"), Some(1))
    );

    let (status, stderr) = watch.interrupt();
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("watching `map.ron`"), "{stderr}");
    assert!(stderr.contains("--> map.ron:3:1"), "{stderr}");
    assert!(stderr.contains("still watching"), "{stderr}");
}

/// The text report: `diff`'s lines with the obstacle that sets each new
/// clearance; a node that moved checks the whole level again, and says
/// so; nodes and edges added and removed, an agent added, obstacles
/// removed from the middle of the list.
#[test]
fn watch_prints_diff_lines_and_rechecks_the_level_when_a_node_moves() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("map.ron");
    let rocks = ", Point((5, 8)), Point((5, 9)), Circle(center: (5, 1), radius: 0.6)";
    std::fs::write(&map, square(rocks)).unwrap();
    let mut watch = Watching::start(dir.path(), &["map.ron"]);
    assert_eq!(
        watch.line(),
        "FAILED: soldier (radius 0.5): 1 of 4 edges blocked, 0 of 4 nodes blocked"
    );

    // The two rocks in the middle of the list go; node 4 is replaced by
    // node 5 with a diagonal; a tank profile comes.
    let edited = square(", Circle(center: (5, 1), radius: 0.6)")
        .replace("(id: 4, pos: (0, 10))", "(id: 5, pos: (0, 10))")
        .replace(
            "(from: 3, to: 4), (from: 4, to: 1)",
            "(from: 3, to: 5), (from: 5, to: 1), (from: 1, to: 3)",
        )
        .replace(
            "radius: 0.5)]",
            "radius: 0.5), (name: \"tank\", radius: 3)]",
        );
    save_by_rename(&map, &edited);
    let mut lines = Vec::new();
    loop {
        let line = watch.line();
        let done = line.contains("; reloaded in ");
        lines.push(line);
        if done {
            break;
        }
    }
    assert_eq!(lines[0], "saved: map.ron");
    assert_eq!(lines[1], "agent      tank  radius absent -> 3");
    // The diagonal runs through the point in the middle: clearance 0.
    for agent in ["0.5 soldier", "3 tank"] {
        let blocked = format!(
            "blocked    edge 4 (1 -> 3)  clearance absent -> 0  (radius {agent}): \
             point #0 (line 5) pinches at (5, 5), obstacle at (5, 5)"
        );
        assert!(lines.contains(&blocked), "{blocked}\n{lines:#?}");
    }
    for removed in [
        "removed    edge 2 (3 -> 4, in OLD)  clearance 1 -> absent",
        "removed    edge 3 (4 -> 1, in OLD)  clearance 4.4 -> absent",
    ] {
        assert!(
            lines.contains(&removed.to_string()),
            "{removed}\n{lines:#?}"
        );
    }
    let summary = lines.last().unwrap();
    assert!(
        summary.starts_with("FAILED: 2 newly blocked, 0 unblocked, 3 added, 2 removed, "),
        "{summary}"
    );
    assert!(summary.ends_with(" changes applied"), "{summary}");

    // Node 3 moves: no change can say that; the level is checked whole.
    std::fs::write(
        &map,
        edited.replace("(id: 3, pos: (10, 10))", "(id: 3, pos: (10, 9))"),
    )
    .unwrap();
    let moved = loop {
        let line = watch.line();
        if line.contains("; reloaded in ") {
            break line;
        }
    };
    assert!(
        moved.ends_with(", the whole level checked again (node 3 moved)"),
        "{moved}"
    );

    let (status, stderr) = watch.interrupt();
    assert_eq!(status.code(), Some(0), "{stderr}");
}

#[test]
fn watch_needs_files_it_can_read_again() {
    let out = clearway().args(["watch", "-"]).run().exit(2);
    let stderr = String::from_utf8_lossy(&out.0.stderr).to_string();
    assert!(stderr.contains("not `-` (standard input)"), "{stderr}");
}

/// A Tiled map 10 px high (1 px a unit) with one point object at level
/// coordinates (`x`, `y`).
fn tmx_point(x: f64, y: f64) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" \
         orientation=\"orthogonal\" renderorder=\"right-down\" width=\"10\" height=\"10\" \
         tilewidth=\"1\" tileheight=\"1\" infinite=\"0\">\n <objectgroup id=\"1\" \
         name=\"crates\">\n  <object id=\"1\" x=\"{x}\" y=\"{}\"><point/></object>\n \
         </objectgroup>\n</map>\n",
        10.0 - y
    )
}

/// `--obstacles` given twice: both files are read (the first's obstacles,
/// then the second's, after the map's own), and a save of either is
/// reported, naming the file saved and the obstacle by its index in the
/// level so built.
#[test]
fn watch_follows_every_obstacles_file_given() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("map.ron"), square("")).unwrap();
    // 0.3 from the bottom edge: blocked for the soldier (0.5) from the start.
    let crates = dir.path().join("crates.tmx");
    std::fs::write(&crates, tmx_point(5.0, 0.3)).unwrap();
    // 2 from the left edge: its clearance, and nobody blocked.
    let walls = dir.path().join("walls.tmx");
    std::fs::write(&walls, tmx_point(2.0, 5.0)).unwrap();
    let mut watch = Watching::start(
        dir.path(),
        &[
            "map.ron",
            "--obstacles",
            "crates.tmx",
            "--obstacles",
            "walls.tmx",
            "--format",
            "json",
        ],
    );
    let check = watch.json();
    assert_eq!(check["event"], "check", "{check}");
    assert_eq!(
        check["obstacles"], 3,
        "the map's point, then one from each file: {check}"
    );
    let blocked = &check["radii"][0]["blocked"];
    assert_eq!(blocked.as_array().map(Vec::len), Some(1), "{check}");
    assert_eq!(
        (&blocked[0]["edge"], &blocked[0]["obstacle"]),
        (&0.into(), &1.into()),
        "{check}"
    );

    // The second file saved (by rename): its point 0.3 from the left edge
    // blocks that one too; the witness is obstacle 2, the second file's.
    std::fs::write(dir.path().join("walls.tmx.swp"), tmx_point(0.3, 5.0)).unwrap();
    std::fs::rename(dir.path().join("walls.tmx.swp"), &walls).unwrap();
    let saved = watch.saved();
    assert_eq!(saved["files"], serde_json::json!(["walls.tmx"]), "{saved}");
    assert_eq!(saved["newly_blocked"], 1, "{saved}");
    assert_eq!(
        changes(&saved),
        [row("blocked", 3, Some("soldier"), Some(2))],
        "{saved}"
    );

    // The first file saved in place: its point moves away from the bottom
    // edge, which opens again, its clearance now set by obstacle 1 at 2.
    std::fs::write(&crates, tmx_point(5.0, 2.0)).unwrap();
    let saved = watch.saved();
    assert_eq!(saved["files"], serde_json::json!(["crates.tmx"]), "{saved}");
    assert_eq!(saved["unblocked"], 1, "{saved}");
    assert_eq!(
        changes(&saved)[0],
        row("unblocked", 0, Some("soldier"), Some(1)),
        "{saved}"
    );
    assert_eq!(saved["changes"][0]["new"]["clearance"], 2.0, "{saved}");

    let (status, stderr) = watch.interrupt();
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("watching `map.ron` and `crates.tmx` and `walls.tmx`"),
        "{stderr}"
    );
}

/// The lines of the next save's report, up to its summary.
fn save_lines(watch: &mut Watching) -> Vec<String> {
    let mut lines = Vec::new();
    loop {
        let line = watch.line();
        let done = line.contains("; reloaded in ");
        lines.push(line);
        if done {
            return lines;
        }
    }
}

#[test]
fn watch_judges_a_walking_agent_by_its_body_and_ground() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("hall.ron");
    std::fs::write(&map, HALL).unwrap();
    let mut watch = Watching::start(dir.path(), &["hall.ron"]);
    // As `check` judges them: the soldier stands on the floor and fits
    // under the beam; the drone, a sphere, touches the floor everywhere.
    assert_eq!(
        watch.line(),
        "ok: soldier (radius 0.4, height 1.8): 0 of 4 edges blocked, 0 of 4 nodes blocked"
    );
    assert_eq!(
        watch.line(),
        "FAILED: drone (radius 0.3): 4 of 4 edges blocked, 4 of 4 nodes blocked"
    );
    // A crate pushed under the beam, from 1.5 up: the soldier's head hits
    // its far top corner, 1.8 above his feet; the lines `diff` prints,
    // with the obstacle that pinches.
    let with_crate = HALL.replace(
        "Segment(from: (2.5, -2.0, 2.0), to: (2.5, 2.0, 2.0)),",
        "Segment(from: (2.5, -2.0, 2.0), to: (2.5, 2.0, 2.0)),\n        \
         Box(min: (2.0, -1.0, 1.5), max: (3.0, 1.0, 2.0)),",
    );
    save_by_rename(&map, &with_crate);
    let lines = save_lines(&mut watch);
    assert_eq!(lines[0], "saved: hall.ron");
    assert_eq!(
        lines[1],
        "blocked    edge 0 (0 -> 1)  clearance 0.725 -> 0  (radius 0.4 soldier): \
         box #2 (line 16) pinches at (3, 0, 1.8), obstacle at (3, 0, 1.8)"
    );
    assert!(
        lines[2].starts_with("FAILED: 1 newly blocked, 0 unblocked, 0 added, 0 removed, "),
        "{lines:#?}"
    );
    assert!(lines[2].ends_with(", 1 change applied"), "{lines:#?}");
    // The floor cut short at x = 6: no ground under the far half.
    save_by_rename(
        &map,
        &with_crate.replace("max: (11.0, 6.0, 0.0)", "max: (6.0, 6.0, 0.0)"),
    );
    let lines = save_lines(&mut watch);
    assert_eq!(
        lines[1..3],
        [
            "blocked    edge 1 (1 -> 2)  clearance 0.725 -> 0  (radius 0.4 soldier)",
            "blocked    edge 3 (3 -> 2)  clearance 0.725 -> 0  (radius 0.4 soldier)",
        ],
        "{lines:#?}"
    );
    let (status, stderr) = watch.interrupt();
    assert_eq!(status.code(), Some(0), "{stderr}");
}
