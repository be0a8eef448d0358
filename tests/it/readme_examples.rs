//! The README's 3D examples and its `route --pairs` example run word for
//! word from the repository's root, on the files shipped in `maps/`
//! (`level3d.ron`, `level.obj`, `drone_canyon.*`, `two_storey.ron`,
//! `trips.txt`), and print what the README shows: the examples cannot rot.

use std::path::{Path, PathBuf};

use crate::common::cli::{RunExt, clearway, stdout};

fn repo_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
}

fn readme() -> String {
    std::fs::read_to_string(repo_file("README.md")).expect("README.md")
}

/// The text from the heading line `heading` to the next heading of its
/// level or higher.
fn section<'a>(readme: &'a str, heading: &str) -> &'a str {
    let start = readme
        .find(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("the README has `{heading}`"));
    let body = &readme[start + heading.len() + 2..];
    let end = body.find("\n## ").unwrap_or(body.len());
    &body[..end]
}

/// The fenced blocks of `text`, in order: (language, contents).
fn blocks(text: &str) -> Vec<(&str, String)> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(language) = line.strip_prefix("```") else {
            continue;
        };
        let mut body = String::new();
        for line in lines.by_ref() {
            if line == "```" {
                break;
            }
            body.push_str(line);
            body.push('\n');
        }
        out.push((language, body));
    }
    out
}

/// A command line as a shell reads it: words split at spaces, double
/// quotes kept together, a `#` after a space starting a comment; the
/// program (`clearway` or `cargo run --release --`) dropped.
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in command.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            ' ' if !quoted => out.extend(word.take()),
            '#' if !quoted && word.is_none() => break,
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    let program = if out.first().map(String::as_str) == Some("cargo") {
        4 // cargo run --release --
    } else {
        1
    };
    assert!(
        out[0] == "clearway" || out[..4] == ["cargo", "run", "--release", "--"],
        "{command}"
    );
    out.split_off(program)
}

/// Runs the README's command line in `dir`; returns its stdout.
fn run(dir: &Path, command: &str) -> String {
    let out = clearway()
        .args(words(command))
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{command}: {out:?}"
    );
    stdout(&out)
}

/// A directory where the README's commands find `maps/` as in the
/// repository (a link to it) and may write their pictures.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(repo_file("maps"), dir.path().join("maps")).unwrap();
    #[cfg(not(unix))]
    copy_dir(&repo_file("maps"), &dir.path().join("maps"));
    dir
}

#[cfg(not(unix))]
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

/// Every command of the README's "3D levels" section (its subsections
/// included) prints, all its commands together, the text blocks that
/// follow it up to the next command block.
#[test]
fn the_readme_3d_commands_print_what_the_readme_shows() {
    let readme = readme();
    let section = section(&readme, "## 3D levels");
    let blocks = blocks(section);
    let dir = workspace();
    let mut commands = 0;
    for (k, (language, body)) in blocks.iter().enumerate() {
        if *language != "sh" {
            continue;
        }
        let shown: String = blocks[k + 1..]
            .iter()
            .take_while(|(language, _)| *language != "sh")
            .filter(|(language, _)| *language == "text")
            .map(|(_, body)| body.as_str())
            .collect();
        let printed: String = body.lines().map(|line| run(dir.path(), line)).collect();
        assert_eq!(printed, shown, "the README's commands:\n{body}");
        commands += body.lines().count();
    }
    // check, clearance, route and check with the arch on level3d.ron; the
    // three drone canyon commands; the two-storey check and render.
    assert_eq!(commands, 9);
    for shipped in ["maps/level3d.ron", "maps/level.obj"] {
        assert!(
            section.contains(&format!("clearway check {shipped}"))
                || section.contains(&format!("--obstacles {shipped}")),
            "{shipped}"
        );
    }
}

/// The README's `route --pairs` example: `maps/trips.txt` is the file the
/// README shows, the command prints the README's lines, and the README's
/// error for a line 2 reading `dock shelf_3` is the one printed.
#[test]
fn the_readme_pairs_example_runs_as_written() {
    let readme = readme();
    let section = section(&readme, "## Many routes at once: route --pairs");
    let blocks = blocks(section);
    let command = "clearway route maps/warehouse.ron --pairs maps/trips.txt --radius 1.5";
    assert_eq!(blocks[0], ("sh", format!("{command}\n")));
    let trips = std::fs::read_to_string(repo_file("maps/trips.txt")).unwrap();
    assert_eq!(blocks[1], ("text", trips.clone()));
    let dir = workspace();
    assert_eq!(blocks[2], ("text", run(dir.path(), command)));
    // The error example, on a copy of the files with line 2 changed.
    let edited = tempfile::tempdir().unwrap();
    std::fs::create_dir(edited.path().join("maps")).unwrap();
    std::fs::copy(
        repo_file("maps/warehouse.ron"),
        edited.path().join("maps/warehouse.ron"),
    )
    .unwrap();
    std::fs::write(
        edited.path().join("maps/trips.txt"),
        trips.replace("dock back_wall", "dock shelf_3"),
    )
    .unwrap();
    let out = clearway()
        .args(words(command))
        .current_dir(edited.path())
        .run()
        .exit(2);
    let error = crate::common::cli::stderr(&out);
    assert!(
        blocks
            .iter()
            .any(|(language, body)| *language == "text" && *body == error),
        "{error}"
    );
}
