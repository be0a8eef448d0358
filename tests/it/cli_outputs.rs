//! Writing output files without losing anything: no input is overwritten
//! (the map nor the `.tmx`, however spelled), new files follow the umask and
//! replaced ones keep their mode and owner, links are written through, the
//! Tiled obstacles stay in the `.tmx`, comments survive `bake` and `prune`,
//! and a failed write names the output, not a temporary file.

use crate::common::cli::{Run, RunExt, clearway, stderr, stdout};
use crate::common::files::files_in;

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;

/// A road past a rock of the map's own (3 away) and, in the `.tmx`, a post
/// 1 away; comments everywhere, an ASCII map on top.
const MAP: &str = r#"// The yard, drawn by hand:
//
//   0 ------ 1      . post (in yard.tmx)   o rock
//        .
//        o
Map(
    agents: [(name: "cart", radius: 0.5)], // the only agent
    nodes: [
        (id: 0, pos: (0, 0)),
        (id: 1, pos: (10, 0)),
        (id: 2, pos: (0, 20)), /* far north */
    ],
    edges: [
        (from: 0, to: 1), // the road past the post
        (from: 0, to: 2),
    ],
    obstacles: [
        Point((5, -3)), // the rock
    ],
)
"#;

/// One point object at pixel (5, 19) of a 20 px high map: (5, 1) in the
/// level, 1 from the road.
const TMX: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="20" height="20" tilewidth="1" tileheight="1" infinite="0">
 <objectgroup id="1" name="walls">
  <object id="1" x="5" y="19"><point/></object>
 </objectgroup>
</map>
"#;

/// The binary run through `sh` with `umask` set first.
fn clearway_with_umask(umask: &str) -> Command {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("umask {umask}; exec \"$0\" \"$@\""))
        .arg(assert_cmd::cargo::cargo_bin("clearway"));
    command
}

fn setup() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = dir.path().join("yard.ron");
    let tmx = dir.path().join("yard.tmx");
    std::fs::write(&map, MAP).expect("write map");
    std::fs::write(&tmx, TMX).expect("write tmx");
    (dir, map, tmx)
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path)
        .expect("exists")
        .permissions()
        .mode()
        & 0o7777
}

fn assert_refused(out: &Output, words: &str) {
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(stderr(out).contains(words), "{}", stderr(out));
    assert!(out.stdout.is_empty(), "{out:?}");
}

// Item 1: every input is protected, compared as files.

#[test]
fn no_command_writes_over_the_tmx_however_it_is_spelled() {
    let (dir, map, tmx) = setup();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    std::fs::hard_link(&tmx, dir.path().join("hard.tmx")).unwrap();
    std::os::unix::fs::symlink("yard.tmx", dir.path().join("soft.tmx")).unwrap();
    let spellings = ["yard.tmx", "./sub/../yard.tmx", "hard.tmx", "soft.tmx"];
    for out in spellings {
        for command in [
            &["bake", "yard.ron", "--obstacles", "yard.tmx", "-o", out][..],
            &["bake", "yard.ron", "--obstacles", out, "-o", "yard.tmx"],
            &[
                "prune",
                "yard.ron",
                "--obstacles",
                "yard.tmx",
                "--radius",
                "1",
                "-o",
                out,
            ],
            &[
                "bake",
                "yard.ron",
                "--obstacles",
                "yard.tmx",
                "--in-place",
                "-o",
                out,
            ],
        ] {
            let result = clearway()
                .current_dir(dir.path())
                .args(command)
                .output()
                .unwrap();
            assert_refused(&result, "refusing to overwrite the Tiled map");
        }
    }
    // A picture over the .tmx: the name must end in .svg to get that far.
    let svg_tmx = dir.path().join("walls.svg");
    std::fs::write(&svg_tmx, TMX).unwrap();
    for command in [
        &[
            "render",
            "yard.ron",
            "--obstacles",
            "walls.svg",
            "-o",
            "walls.svg",
        ][..],
        &[
            "check",
            "yard.ron",
            "--obstacles",
            "walls.svg",
            "--render",
            "./walls.svg",
        ],
    ] {
        let result = clearway()
            .current_dir(dir.path())
            .args(command)
            .output()
            .unwrap();
        assert_refused(&result, "refusing to overwrite the Tiled map");
    }
    assert_eq!(std::fs::read_to_string(&tmx).unwrap(), TMX);
    assert_eq!(std::fs::read_to_string(&svg_tmx).unwrap(), TMX);
    assert_eq!(std::fs::read_to_string(&map).unwrap(), MAP);
    assert_eq!(
        files_in(dir.path()),
        [
            "hard.tmx",
            "soft.tmx",
            "sub",
            "walls.svg",
            "yard.ron",
            "yard.tmx"
        ]
    );
}

#[test]
fn render_and_check_render_never_write_over_the_map() {
    let dir = tempfile::tempdir().unwrap();
    // Maps whose names look like pictures.
    for name in ["level.svg", "level.png"] {
        std::fs::write(dir.path().join(name), MAP).unwrap();
    }
    std::fs::hard_link(dir.path().join("level.png"), dir.path().join("hard.png")).unwrap();
    std::os::unix::fs::symlink("level.svg", dir.path().join("soft.svg")).unwrap();
    for command in [
        &["render", "level.svg", "-o", "level.svg"][..],
        &["render", "level.svg", "-o", "./soft.svg"],
        &["render", "./level.png", "--radius", "1", "-o", "hard.png"],
        &["check", "level.png", "--render", "level.png"],
        &["check", "level.svg", "--render", "soft.svg"],
        &[
            "check",
            "hard.png",
            "--radius",
            "1",
            "--render",
            "level.png",
        ],
    ] {
        let result = clearway()
            .current_dir(dir.path())
            .args(command)
            .output()
            .unwrap();
        assert_refused(&result, "refusing to overwrite the input map");
    }
    for name in ["level.svg", "level.png"] {
        assert_eq!(std::fs::read_to_string(dir.path().join(name)).unwrap(), MAP);
    }
    assert_eq!(
        files_in(dir.path()),
        ["hard.png", "level.png", "level.svg", "soft.svg"]
    );
    // Another file is fine.
    clearway()
        .current_dir(dir.path())
        .args(["check", "level.svg", "--render", "other.svg"])
        .run()
        .exit(0);
}

#[test]
fn an_input_on_standard_input_is_protected_too() {
    // `clearway render - -o level.svg < level.svg`: standard input is the
    // file, so writing the picture would replace the map.
    let (dir, map, tmx) = setup();
    let svg = dir.path().join("level.svg");
    std::fs::write(&svg, MAP).unwrap();
    let stdin_of = |path: &Path| std::fs::File::open(path).unwrap();
    // assert_cmd pipes standard input; the file itself must be the input.
    let clearway_on_file = || std::process::Command::new(assert_cmd::cargo::cargo_bin("clearway"));
    for (command, input) in [
        (&["render", "-", "-o", "level.svg"][..], &svg),
        (&["check", "-", "--render", "./level.svg"], &svg),
        (&["bake", "-", "-o", "yard.ron"], &map),
        (&["prune", "-", "--radius", "1", "-o", "yard.ron"], &map),
        (
            &["bake", "yard.ron", "--obstacles", "-", "-o", "yard.tmx"],
            &tmx,
        ),
    ] {
        let out = clearway_on_file()
            .current_dir(dir.path())
            .args(command)
            .stdin(stdin_of(input))
            .output()
            .unwrap();
        assert_refused(&out, "is the file on standard input");
    }
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), MAP);
    assert_eq!(std::fs::read_to_string(&map).unwrap(), MAP);
    assert_eq!(std::fs::read_to_string(&tmx).unwrap(), TMX);
    // Standard input from another file, or a pipe, is fine.
    clearway_on_file()
        .current_dir(dir.path())
        .args(["render", "-", "-o", "other.svg"])
        .stdin(stdin_of(&svg))
        .run()
        .exit(0);
    clearway()
        .current_dir(dir.path())
        .args(["bake", "-", "-o", "yard.ron"])
        .write_stdin(MAP)
        .run()
        .exit(0);
}

#[test]
fn prune_and_bake_refuse_a_link_to_the_map_without_in_place() {
    let (dir, map, _) = setup();
    std::fs::hard_link(&map, dir.path().join("hard.ron")).unwrap();
    std::os::unix::fs::symlink(&map, dir.path().join("soft.ron")).unwrap();
    for out in ["hard.ron", "soft.ron", "./sub/../yard.ron"] {
        std::fs::create_dir_all(dir.path().join("sub")).unwrap();
        let result = clearway()
            .current_dir(dir.path())
            .args(["bake", "yard.ron", "-o", out])
            .output()
            .unwrap();
        assert_refused(&result, "pass --in-place");
    }
    assert_eq!(std::fs::read_to_string(&map).unwrap(), MAP);
}

// Item 2: permissions.

#[test]
fn new_files_follow_the_umask() {
    let (dir, map, _) = setup();
    for (umask, expected) in [("022", 0o644), ("077", 0o600), ("002", 0o664)] {
        for (command, out) in [
            (&["bake"][..], format!("baked-{umask}.ron")),
            (&["prune", "--radius", "1"], format!("pruned-{umask}.ron")),
            (&["render"], format!("picture-{umask}.svg")),
        ] {
            let out = dir.path().join(out);
            clearway_with_umask(umask)
                .args(command)
                .arg(&map)
                .arg("-o")
                .arg(&out)
                .run()
                .exit(0);
            assert_eq!(mode(&out), expected, "{command:?} with umask {umask}");
        }
        let picture = dir.path().join(format!("check-{umask}.svg"));
        clearway_with_umask(umask)
            .arg("check")
            .arg(&map)
            .arg("--render")
            .arg(&picture)
            .run()
            .exit(0);
        assert_eq!(mode(&picture), expected, "check --render, umask {umask}");
    }
}

#[test]
fn replaced_files_keep_their_mode_and_owner() {
    let (dir, map, _) = setup();
    std::fs::set_permissions(&map, std::fs::Permissions::from_mode(0o640)).unwrap();
    // Root may give the file away; anyone else keeps their own uid, which
    // the write must keep too.
    let owner = if std::fs::metadata(&map).unwrap().uid() == 0 {
        std::os::unix::fs::chown(&map, Some(4242), Some(4343)).unwrap();
        (4242, 4343)
    } else {
        let m = std::fs::metadata(&map).unwrap();
        (m.uid(), m.gid())
    };
    clearway_with_umask("077")
        .arg("bake")
        .arg(&map)
        .arg("--in-place")
        .run()
        .exit(0);
    assert!(std::fs::read_to_string(&map).unwrap().contains("clearance"));
    assert_eq!(mode(&map), 0o640);
    let m = std::fs::metadata(&map).unwrap();
    assert_eq!((m.uid(), m.gid()), owner);

    // `-o` over an existing file keeps that file's mode, as `>` does.
    let out = dir.path().join("out.ron");
    std::fs::write(&out, "old").unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o604)).unwrap();
    clearway_with_umask("022")
        .args(["prune", "--radius", "1"])
        .arg(&map)
        .arg("-o")
        .arg(&out)
        .run()
        .exit(0);
    assert_eq!(mode(&out), 0o604);
    assert_eq!(files_in(dir.path()), ["out.ron", "yard.ron", "yard.tmx"]);
}

// Item 3: symbolic links.

#[test]
fn in_place_through_a_chain_of_links_writes_the_real_file() {
    let (dir, _, _) = setup();
    let real_dir = dir.path().join("levels");
    std::fs::create_dir(&real_dir).unwrap();
    let real = real_dir.join("real.ron");
    std::fs::rename(dir.path().join("yard.ron"), &real).unwrap();
    // yard.ron -> levels/middle.ron -> real.ron (relative to levels/).
    std::os::unix::fs::symlink("real.ron", real_dir.join("middle.ron")).unwrap();
    std::os::unix::fs::symlink("levels/middle.ron", dir.path().join("yard.ron")).unwrap();
    clearway()
        .current_dir(dir.path())
        .args(["bake", "yard.ron", "--in-place"])
        .run()
        .exit(0);
    for link in [dir.path().join("yard.ron"), real_dir.join("middle.ron")] {
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink(),
            "{} is still a link",
            link.display()
        );
    }
    let baked = std::fs::read_to_string(&real).unwrap();
    assert!(
        baked.contains("(from: 0, to: 1, clearance: 3.0)"),
        "{baked}"
    );
    assert_eq!(files_in(dir.path()), ["levels", "yard.ron", "yard.tmx"]);
    assert_eq!(files_in(&real_dir), ["middle.ron", "real.ron"]);
}

#[test]
fn an_output_link_is_written_through_even_when_dangling() {
    let (dir, map, _) = setup();
    let out_dir = dir.path().join("out");
    std::fs::create_dir(&out_dir).unwrap();
    let link = dir.path().join("latest.svg");
    std::os::unix::fs::symlink("out/picture.svg", &link).unwrap();
    clearway()
        .arg("render")
        .arg(&map)
        .arg("-o")
        .arg(&link)
        .run()
        .exit(0);
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let picture = std::fs::read_to_string(out_dir.join("picture.svg")).unwrap();
    assert!(picture.contains("<svg"), "{picture}");
}

#[test]
fn the_temporary_file_goes_in_the_target_folder() {
    // A link on one file system to a file on another: a temporary file next
    // to the link could not be renamed over the target (EXDEV). Needs two
    // file systems; /dev/shm is one on most Linux machines.
    let (dir, map, _) = setup();
    let Ok(shm) = tempfile::tempdir_in("/dev/shm") else {
        eprintln!("no /dev/shm: skipped");
        return;
    };
    let here = std::fs::metadata(dir.path()).unwrap().dev();
    if std::fs::metadata(shm.path()).unwrap().dev() == here {
        eprintln!("/dev/shm is on the same file system: skipped");
        return;
    }
    let target = shm.path().join("baked.ron");
    let link = dir.path().join("baked.ron");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    clearway()
        .arg("bake")
        .arg(&map)
        .arg("-o")
        .arg(&link)
        .run()
        .exit(0);
    assert!(
        std::fs::read_to_string(&target)
            .unwrap()
            .contains("clearance")
    );
    assert_eq!(files_in(shm.path()), ["baked.ron"]);
}

// Item 16 (one part): a failed write names the output, not the temporary file.

#[test]
fn a_failed_write_names_the_output_not_the_temporary_file() {
    let (dir, map, _) = setup();
    // The output's folder is a regular file: creating the temporary file
    // fails (ENOTDIR), whoever runs the test, root included.
    let out = dir.path().join("yard.tmx").join("out.ron");
    for command in [&["bake"][..], &["prune", "--radius", "1"], &["render"]] {
        let out = if command == ["render"] {
            out.with_extension("svg")
        } else {
            out.clone()
        };
        clearway()
            .args(command)
            .arg(&map)
            .arg("-o")
            .arg(&out)
            .run()
            .exit(2)
            .stderr_has(&format!("cannot write `{}`", out.display()))
            .stderr_has("nothing was written")
            .stderr_lacks(".clearway-")
            .stderr_lacks("at path");
    }
    // A full device is written to directly (no temporary file): its error
    // names it too.
    if Path::new("/dev/full").exists() {
        let result = clearway()
            .arg("render")
            .arg(&map)
            .args(["-o", "/dev/full"])
            .output()
            .unwrap();
        // `/dev/full` has no picture extension: name the format by a link.
        assert_eq!(result.status.code(), Some(2));
        let link = dir.path().join("full.svg");
        std::os::unix::fs::symlink("/dev/full", &link).unwrap();
        clearway()
            .arg("render")
            .arg(&map)
            .arg("-o")
            .arg(&link)
            .run()
            .exit(2)
            .stderr_has(&format!("cannot write `{}`", link.display()));
    }
    assert_eq!(
        files_in(dir.path()).len(),
        2 + usize::from(Path::new("/dev/full").exists())
    );
}

// Item 4: the Tiled obstacles stay in the .tmx.

fn bake_in_place(dir: &Path) -> Run {
    clearway()
        .current_dir(dir)
        .args(["bake", "yard.ron", "--obstacles", "yard.tmx", "--in-place"])
        .run()
}

fn check_with_tmx(dir: &Path) -> Run {
    clearway()
        .current_dir(dir)
        .args([
            "check",
            "yard.ron",
            "--obstacles",
            "yard.tmx",
            "--radius",
            "0.5",
        ])
        .args(["--format", "json"])
        .run()
}

#[test]
fn bake_with_obstacles_writes_only_the_level_s_own() {
    let (dir, map, tmx) = setup();
    bake_in_place(dir.path()).exit(0);
    let once = std::fs::read_to_string(&map).unwrap();
    let loaded = clearway::Map::loader().read_str(&once, "yard.ron").unwrap();
    assert_eq!(loaded.obstacles().len(), 1, "{once}");
    // The road's clearance counts the post in the .tmx (1), not only the
    // rock (3).
    assert_eq!(loaded.edges()[0].clearance, Some(1.0));
    // Twice: nothing grows, nothing changes.
    bake_in_place(dir.path()).exit(0);
    assert_eq!(std::fs::read_to_string(&map).unwrap(), once);

    // Checked against the same .tmx, the bake is current.
    let result = check_with_tmx(dir.path()).exit(0);
    let v: serde_json::Value = serde_json::from_slice(&result.stdout).unwrap();
    assert_eq!(v["stale_bakes"], serde_json::json!([]));

    // Move the post to (5, 2): the bake is stale.
    std::fs::write(&tmx, TMX.replace("y=\"19\"", "y=\"18\"")).unwrap();
    let result = check_with_tmx(dir.path()).exit(1);
    let v: serde_json::Value = serde_json::from_slice(&result.stdout).unwrap();
    assert_eq!(
        v["stale_bakes"],
        serde_json::json!([{"edge": 0, "from": 0, "to": 1, "baked": 1.0, "recomputed": 2.0}])
    );
}

#[test]
fn prune_with_obstacles_writes_only_the_level_s_own() {
    let (dir, _, _) = setup();
    let result = clearway()
        .current_dir(dir.path())
        .args([
            "prune",
            "yard.ron",
            "--obstacles",
            "yard.tmx",
            "--radius",
            "2",
        ])
        .args(["-o", "-"])
        .run()
        .exit(0);
    let text = stdout(&result);
    let loaded = clearway::Map::loader()
        .read_str(&text, "pruned.ron")
        .unwrap();
    assert_eq!(loaded.obstacles().len(), 1, "{text}");
    assert_eq!(loaded.edges().len(), 1, "the road is pruned: {text}");
}

// Item 5: comments survive.

#[test]
fn bake_and_prune_keep_comments_and_layout() {
    let (dir, map, _) = setup();
    let result = bake_in_place(dir.path()).exit(0);
    let baked = std::fs::read_to_string(&map).unwrap();
    let expected = MAP
        .replace(
            "(from: 0, to: 1), // the road",
            "(from: 0, to: 1, clearance: 1.0), // the road",
        )
        .replace("(from: 0, to: 2),", "(from: 0, to: 2, clearance: 5.0),");
    assert_eq!(baked, expected);
    assert_eq!(stderr(&result), "baked the clearance of 2 of 2 edges\n");

    clearway()
        .current_dir(dir.path())
        .args([
            "prune",
            "yard.ron",
            "--obstacles",
            "yard.tmx",
            "--radius",
            "2",
        ])
        .args(["-o", "pruned.ron"])
        .run()
        .exit(0);
    let pruned = std::fs::read_to_string(dir.path().join("pruned.ron")).unwrap();
    let expected = baked.replace(
        "        (from: 0, to: 1, clearance: 1.0), // the road past the post\n",
        "        // the road past the post\n",
    );
    assert_eq!(pruned, expected);
}

#[test]
fn a_map_that_cannot_be_edited_is_written_anew_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("attributes.ron");
    std::fs::write(&map, format!("#![enable(implicit_some)]\n{MAP}")).unwrap();
    clearway()
        .arg("bake")
        .arg(&map)
        .arg("--in-place")
        .run()
        .exit(0)
        .stderr_has("warning: the map is written anew, without its comments");
    let text = std::fs::read_to_string(&map).unwrap();
    assert!(!text.contains("//"), "{text}");
    assert!(text.contains("clearance: 3.0"), "{text}");
    // No comments, nothing lost: no warning.
    std::fs::write(
        &map,
        "#![enable(implicit_some)]\n(nodes: [(id: 0, pos: (0, 0))])",
    )
    .unwrap();
    let result = clearway()
        .arg("bake")
        .arg(&map)
        .arg("--in-place")
        .run()
        .exit(0);
    assert!(!stderr(&result).contains("warning"), "{}", stderr(&result));
}
