//! Conventions every command follows: completions and man page, `-` for
//! stdin and stdout, `NO_COLOR`, `--quiet`, reports on stdout and messages on
//! stderr, a closed pipe is not an error, JSON summaries, exit codes 0/1/2.

use crate::common::cli::{RunExt, stderr, stdout};
use crate::common::levels::big_map;

use std::io::Read;
use std::process::Stdio;

use assert_cmd::Command;
use serde_json::Value;

const MAP: &str = r#"Map(
    agents: [(name: "small", radius: 1.0), (name: "big", radius: 2.9)],
    nodes: [(id: 0, pos: (0.0, 0.0)), (id: 1, pos: (5.0, 0.0)), (id: 2, pos: (5.0, 5.0))],
    edges: [(from: 0, to: 1), (from: 1, to: 2)],
    obstacles: [Point((3.0, -2.0)), Point((8.0, 4.0))],
)
"#;

fn clearway() -> Command {
    let mut command = Command::cargo_bin("clearway").expect("the binary is built");
    command.env_remove("NO_COLOR").env_remove("CLICOLOR_FORCE");
    command
}

fn map_file() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.ron");
    std::fs::write(&path, MAP).unwrap();
    (dir, path)
}

#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = clearway()
            .args(["completions", shell])
            .run()
            .exit(0)
            .stdout_has("clearway");
        let script = stdout(&out);
        assert!(
            script.contains("diff") && script.contains("--obstacles"),
            "{shell}"
        );
        assert!(out.stderr.is_empty());
    }
    clearway().args(["completions", "tcsh"]).run().exit(2);
}

#[test]
fn man_page_on_stdout_or_one_per_command() {
    let out = clearway().arg("man").run().exit(0);
    let page = stdout(&out);
    assert!(
        page.starts_with(".ie") || page.contains(".TH clearway 1"),
        "{page}"
    );
    // The exit codes stand under man-pages(7)'s heading, not clap_mangen's
    // `EXTRA`; clap's `help` subcommand has no page, so none is listed.
    assert!(page.contains(".SH \"EXIT STATUS\""), "{page}");
    assert!(page.contains(".SH ENVIRONMENT"), "{page}");
    assert!(!page.contains("EXTRA"), "{page}");
    assert!(!page.contains("clearway\\-help"), "{page}");
    assert!(page.contains("clearway\\-check(1)"), "{page}");
    let dir = tempfile::tempdir().unwrap();
    clearway()
        .args(["man", "--dir"])
        .arg(dir.path())
        .run()
        .exit(0);
    for name in [
        "clearway.1",
        "clearway-check.1",
        "clearway-diff.1",
        "clearway-completions.1",
    ] {
        assert!(dir.path().join(name).is_file(), "{name}");
    }
    assert!(!dir.path().join("clearway-help.1").exists());
    let top = std::fs::read_to_string(dir.path().join("clearway.1")).unwrap();
    assert!(top.contains(".SH \"EXIT STATUS\""), "{top}");
    assert!(
        !top.contains("EXTRA") && !top.contains("clearway\\-help"),
        "{top}"
    );
    // `--obstacles` takes a Tiled map or an OBJ file, as the help says
    // (help_and_man_page_say_obstacles_takes_tmx_or_obj).
    let check = std::fs::read_to_string(dir.path().join("clearway-check.1")).unwrap();
    assert!(
        check.contains("Wavefront OBJ") && !check.contains("TMX"),
        "{check}"
    );
}

#[test]
fn man_dir_replaces_its_pages_atomically() {
    // A page that already exists is replaced by a new file (written aside,
    // then renamed), not rewritten in place: another name for the old file
    // (a hard link, as an installed copy may be) keeps the old text.
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old.1");
    std::fs::write(&old, "old page").unwrap();
    std::fs::hard_link(&old, dir.path().join("clearway-check.1")).unwrap();
    clearway()
        .args(["man", "--dir"])
        .arg(dir.path())
        .run()
        .exit(0);
    assert_eq!(std::fs::read_to_string(&old).unwrap(), "old page");
    let page = std::fs::read_to_string(dir.path().join("clearway-check.1")).unwrap();
    assert!(page.contains("clearway\\-check"), "{page}");
    // Nothing else is left behind: no temporary files.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.iter().all(|n| n.ends_with(".1")), "{names:?}");
}

#[test]
fn man_dir_makes_its_folder() {
    // The guide's `clearway man --dir man/`, on a checkout without `man/`.
    let dir = tempfile::tempdir().unwrap();
    clearway()
        .args(["man", "--dir", "man/"])
        .current_dir(dir.path())
        .run()
        .exit(0);
    assert!(dir.path().join("man/clearway.1").is_file());
    // A folder that cannot be made is an error naming it.
    let file = dir.path().join("file");
    std::fs::write(&file, "x").unwrap();
    clearway()
        .args(["man", "--dir"])
        .arg(file.join("man"))
        .run()
        .exit(2)
        .stderr_has("cannot write man pages to");
    // A file where the folder should be is named as such.
    clearway()
        .args(["man", "--dir"])
        .arg(&file)
        .run()
        .exit(2)
        .stderr_has("it is not a folder");
}

#[test]
fn help_that_cannot_be_written_is_a_failed_write() {
    // `clearway --help > /dev/full`: the help is lost, so exit 2, as any
    // report that cannot be written.
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for args in [&["--help"][..], &["--version"], &["check", "--help"]] {
        std::process::Command::new(assert_cmd::cargo::cargo_bin("clearway"))
            .args(args)
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .run()
            .exit(2)
            .stderr_has("cannot write to standard output");
    }
}

#[test]
fn help_documents_the_exit_codes() {
    clearway()
        .arg("--help")
        .run()
        .exit(0)
        .stdout_has("Exit codes: 0 success")
        .stdout_has("2 bad input or bad usage");
}

/// `--obstacles` takes a Tiled map for a flat level and an OBJ file for a
/// 3D one: the help says both, not `<TMX>` alone (and so do the man pages,
/// man_page_on_stdout_or_one_per_command).
#[test]
fn help_and_man_page_say_obstacles_takes_tmx_or_obj() {
    for command in ["check", "clearance", "render", "diff"] {
        let out = clearway()
            .args([command, "--help"])
            .run()
            .exit(0)
            .stdout_has("--obstacles <FILE>")
            .stdout_lacks("<TMX>");
        let help = stdout(&out);
        assert!(
            help.contains("(.tmx)") && help.contains("(.obj)"),
            "{command}: {help}"
        );
        assert!(!help.contains("Obstacles from Tiled:"), "{command}: {help}");
    }
}

#[test]
fn no_color_wins_over_forced_colour() {
    // Forced colour shows that the test can see colour at all.
    let forced = clearway()
        .arg("--bogus")
        .env("CLICOLOR_FORCE", "1")
        .run()
        .exit(2);
    assert!(forced.stderr.contains(&0x1b), "no colour even when forced");
    let out = clearway()
        .arg("--bogus")
        .env("CLICOLOR_FORCE", "1")
        .env("NO_COLOR", "1")
        .run()
        .exit(2);
    assert!(!out.stderr.contains(&0x1b), "{}", stderr(&out));
    let out = clearway()
        .arg("--help")
        .env("CLICOLOR_FORCE", "1")
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(!out.stdout.contains(&0x1b));
}

#[test]
fn quiet_silences_summaries_not_errors() {
    let (dir, map) = map_file();
    let out_path = dir.path().join("out.ron");
    let loud = clearway()
        .arg("prune")
        .arg(&map)
        .args(["--agent", "big", "-o"])
        .arg(&out_path)
        .output()
        .unwrap();
    assert!(!loud.stderr.is_empty());
    for command in [&["prune", "--agent", "big"][..], &["bake"]] {
        clearway()
            .arg("-q")
            .args(command)
            .arg(&map)
            .arg("-o")
            .arg(&out_path)
            .run()
            .exit(0)
            .stderr_is("")
            .stdout_is("");
    }
    clearway()
        .args(["check", "--quiet", "missing.ron"])
        .run()
        .exit(2)
        .stderr_starts_with("error: ");
}

/// `--timings` prints each phase of the load and the command, in the order
/// they ran, then the total, as `name` padded to 10 and milliseconds to one
/// decimal; the report on stdout is the one without it. The loader reports
/// its phases to a closure (`Loader::phases`) and the CLI's table adds them
/// up: this is what that hand-off must keep.
#[test]
fn timings_lists_every_phase_in_order_and_leaves_the_report_alone() {
    let (_dir, map) = map_file();
    let plain = clearway().arg("check").arg(&map).output().unwrap();
    let timed = clearway()
        .args(["--timings", "check"])
        .arg(&map)
        .output()
        .unwrap();
    assert_eq!(timed.status.code(), plain.status.code());
    assert_eq!(timed.stdout, plain.stdout);
    let report = stderr(&timed);
    let mut names = Vec::new();
    let mut sum = 0.0;
    let mut total = f64::NAN;
    for line in report.lines() {
        let (name, ms) = line.split_at(10);
        let ms = ms.strip_suffix(" ms").expect(line);
        assert_eq!(ms.len(), 11, "{line:?}");
        let ms: f64 = ms.trim().parse().expect(line);
        let name = name.trim_end();
        if name == "total" {
            total = ms;
        } else {
            sum += ms;
        }
        names.push(name.to_string());
    }
    assert_eq!(
        names,
        [
            "read",
            "parse",
            "validate",
            "R-tree",
            "clearance",
            "output",
            "total"
        ],
        "{report}"
    );
    // Each line is rounded to 0.1 ms on its own.
    assert!((total - sum).abs() <= 0.05 * names.len() as f64, "{report}");
}

#[test]
fn prune_and_bake_summaries_as_json_on_stdout() {
    let (dir, map) = map_file();
    let out_path = dir.path().join("out.ron");
    let out = clearway()
        .arg("prune")
        .arg(&map)
        .args(["--agent", "big", "--format", "json", "-o"])
        .arg(&out_path)
        .run()
        .exit(0)
        .stderr_is("");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    // Edge 0 has clearance 2 and edge 1 sqrt(8) = 2.83: both < 2.9.
    assert_eq!(
        v["pruned_edges"],
        serde_json::json!([{"edge": 0, "from": 0, "to": 1}, {"edge": 1, "from": 1, "to": 2}])
    );
    assert_eq!(v["agent"], "big");
    assert_eq!(v["components_after"], 3);
    let out = clearway()
        .arg("bake")
        .arg(&map)
        .args(["--format", "json", "-o"])
        .arg(&out_path)
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v, serde_json::json!({"edges": 2, "baked": 2}));
    // With the map on stdout, a JSON summary has nowhere to go.
    clearway()
        .arg("bake")
        .arg(&map)
        .args(["--format", "json", "-o", "-"])
        .run()
        .exit(2)
        .stdout_is("");
}

#[test]
fn dash_reads_stdin_and_writes_stdout() {
    clearway()
        .args(["bake", "-", "-o", "-"])
        .write_stdin(MAP)
        .run()
        .exit(0)
        .stdout_has("clearance:")
        // Messages stay on stderr, so the map on stdout is whole.
        .stderr_is("baked the clearance of 2 of 2 edges\n");
}

#[test]
fn failures_print_nothing_on_stdout() {
    clearway()
        .args(["check", "-", "--format", "json"])
        .write_stdin("Map(nodes: [(id: 0, pos: (0, 0))], edges: [(from: 0, to: 9)])")
        .run()
        .exit(2)
        .stdout_is("")
        .stderr_has("<stdin>:1:");
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.ron");
    std::fs::write(&path, big_map(5.0)).unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("clearway"))
        .args(["clearance", "--format", "csv"])
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read one line, as `| head -1` would, then hang up.
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "");
}
