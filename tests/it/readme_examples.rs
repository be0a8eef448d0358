//! The README and the guide (`docs/GUIDE.md`) show commands and what they
//! print; these tests run the commands word for word, from a copy of the
//! repository's `maps/`, and compare: the examples cannot rot.
//!
//! A `sh` block is checked when `text` blocks follow it (the text blocks
//! right after it, up to any other block or heading): every `clearway ...` or `cargo run --release --
//! ...` line of it runs, in a directory shared by the whole document (so a
//! level that `grid` writes can be checked next), and what they print,
//! together, is the text of those blocks. What they print is standard
//! output, and for `grid`, `link`, `prune` and `bake`, whose summaries go to
//! standard error, standard error too. A line `...` in a text block stands
//! for lines left out. A block with other shell (pipes, redirections,
//! loops) is not run here; `cargo test`, `cargo run -p` and `cargo run
//! --example` lines are left to cargo. A block tagged `text FILE` shows a
//! file: it is the file, byte for byte.

use std::path::{Path, PathBuf};

use crate::common::cli::{clearway, stderr, stdout};

fn repo_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
}

fn read(name: &str) -> String {
    std::fs::read_to_string(repo_file(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A fenced block: its info string (`sh`, `text`, `text maps/trips.txt`)
/// and its contents.
#[derive(Debug, PartialEq)]
struct Block {
    info: String,
    body: String,
}

/// The document's fenced blocks, grouped by heading: each group holds the
/// blocks between one heading and the next (of any level).
fn sections(doc: &str) -> Vec<(String, Vec<Block>)> {
    let mut out = vec![(String::new(), Vec::new())];
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        if line.starts_with('#') {
            out.push((line.to_string(), Vec::new()));
            continue;
        }
        let Some(info) = line.strip_prefix("```") else {
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
        let info = info.to_string();
        out.last_mut().unwrap().1.push(Block { info, body });
    }
    out
}

/// The text from the heading line `heading` to the next heading of its
/// level or higher.
fn section<'a>(doc: &'a str, heading: &str) -> &'a str {
    let start = doc
        .find(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("the document has `{heading}`"));
    let level = heading.split(' ').next().unwrap();
    let body = &doc[start + heading.len() + 2..];
    let end = (2..=level.len())
        .filter_map(|n| body.find(&format!("\n{} ", "#".repeat(n))))
        .min()
        .unwrap_or(body.len());
    &body[..end]
}

/// A command line as a shell reads it: words split at spaces, double
/// quotes kept together, a `#` after a space starting a comment.
fn shell_words(command: &str) -> Vec<String> {
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
    out
}

/// What a line of a `sh` block is.
enum Line {
    /// `clearway ARGS` or `cargo run --release -- ARGS`: its ARGS.
    Clearway(Vec<String>),
    /// Another cargo command, or a blank line or comment: not run here.
    Cargo,
    /// Anything else: shell this test does not run.
    Shell,
}

fn line(command: &str) -> Line {
    let words = shell_words(command);
    let plain = !command.contains(['|', '>', '<', '$', '\\', ';', '&']);
    match words.first().map(String::as_str) {
        None => Line::Cargo,
        Some("clearway") if plain => Line::Clearway(words[1..].to_vec()),
        Some("cargo") if words[..4.min(words.len())] == ["cargo", "run", "--release", "--"] => {
            if plain {
                Line::Clearway(words[4..].to_vec())
            } else {
                Line::Shell
            }
        }
        Some("cargo") => Line::Cargo,
        _ => Line::Shell,
    }
}

/// Runs clearway with `args` in `dir`; returns what the documents show of
/// its output (see the module's doc).
fn run(dir: &Path, args: &[String]) -> String {
    let out = clearway().args(args).current_dir(dir).output().unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "clearway {}: {out:?}",
        args.join(" ")
    );
    let mut printed = stdout(&out);
    if matches!(
        args.first().map(String::as_str),
        Some("grid" | "link" | "prune" | "bake")
    ) {
        printed.push_str(&stderr(&out));
    }
    printed
}

/// Whether `printed` is what `shown` shows: the same text, where a line
/// `...` of `shown` stands for any lines.
fn shows(shown: &str, printed: &str) -> bool {
    let parts: Vec<&str> = shown.split("...\n").collect();
    if parts.len() == 1 {
        return shown == printed;
    }
    let mut rest = printed;
    for (k, part) in parts.iter().enumerate() {
        let at = if k == 0 {
            rest.starts_with(part).then_some(0)
        } else if k == parts.len() - 1 {
            rest.ends_with(part).then(|| rest.len() - part.len())
        } else {
            rest.find(part)
        };
        let Some(at) = at else { return false };
        // A gap stands for whole lines.
        if k > 0 && at > 0 && !rest[..at].ends_with('\n') {
            return false;
        }
        rest = &rest[at + part.len()..];
    }
    true
}

/// A directory holding a copy of the repository's `maps/`, where the
/// documents' commands run and write what they write.
fn workspace() -> tempfile::TempDir {
    fn copy_dir(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let target = to.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                copy_dir(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), target).unwrap();
            }
        }
    }
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&repo_file("maps"), &dir.path().join("maps"));
    dir
}

/// Runs every checked command of the document `name`, compares what it
/// prints with the document, and returns how many commands ran.
fn check_document(name: &str) -> usize {
    let doc = read(name);
    let dir = workspace();
    let mut commands = 0;
    let mut failures = Vec::new();
    for (heading, blocks) in sections(&doc) {
        for (k, block) in blocks.iter().enumerate() {
            if block.info != "sh" {
                continue;
            }
            let shown: String = blocks[k + 1..]
                .iter()
                .take_while(|b| b.info.starts_with("text"))
                .filter(|b| b.info == "text")
                .map(|b| b.body.as_str())
                .collect();
            if shown.is_empty() {
                continue;
            }
            let lines: Vec<Line> = block.body.lines().map(line).collect();
            if lines.iter().any(|l| matches!(l, Line::Shell))
                || !lines.iter().any(|l| matches!(l, Line::Clearway(_)))
            {
                continue;
            }
            let mut printed = String::new();
            for l in &lines {
                if let Line::Clearway(args) = l {
                    printed.push_str(&run(dir.path(), args));
                    commands += 1;
                }
            }
            if !shows(&shown, &printed) {
                failures.push(format!(
                    "{name}, {heading}:\n{}--- shows:\n{shown}--- printed:\n{printed}",
                    block.body
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    commands
}

/// The README's two commands stay word for word, and its examples print
/// what it shows.
#[test]
fn the_readme_commands_print_what_the_readme_shows() {
    let readme = read("README.md");
    let quick_start = section(&readme, "## Quick start");
    let first = &sections(quick_start)[0].1[0];
    assert_eq!(first.info, "sh");
    let commands: Vec<&str> = first
        .body
        .lines()
        .map(|l| l.split("  #").next().unwrap().trim_end())
        .collect();
    assert_eq!(
        commands,
        [
            "cargo run --release -- check maps/warehouse.ron",
            "cargo test --locked"
        ]
    );
    // check maps/warehouse.ron and check maps/corridors.ron
    assert_eq!(check_document("README.md"), 2);
}

/// Every command of the guide that shows its output prints it.
#[test]
fn the_guide_commands_print_what_the_guide_shows() {
    let commands = check_document("docs/GUIDE.md");
    // Counted, so that no example drops out of the check unnoticed: a new
    // example with its output raises the count.
    assert_eq!(commands, 35, "commands checked");
    let guide = read("docs/GUIDE.md");
    let three_d = section(&guide, "## 3D levels");
    for shipped in [
        "maps/level3d.ron",
        "maps/level.obj",
        "maps/drone_canyon.obj",
    ] {
        assert!(
            three_d.contains(&format!("clearway check {shipped}"))
                || three_d.contains(&format!("--obstacles {shipped}")),
            "{shipped}"
        );
    }
}

/// The blocks that show a file show it as it is.
#[test]
fn the_files_the_documents_show_are_the_files() {
    let mut files = 0;
    for name in ["README.md", "docs/GUIDE.md"] {
        for (_, blocks) in sections(&read(name)) {
            for block in blocks {
                if let Some(file) = block.info.strip_prefix("text ") {
                    assert_eq!(block.body, read(file), "{name} shows {file}");
                    files += 1;
                }
            }
        }
    }
    assert_eq!(files, 2); // maps/trips.txt, maps/corridors-events.jsonl
}

/// The guide's error for a line 2 of `maps/trips.txt` reading
/// `dock shelf_3` is the one printed.
#[test]
fn the_guide_pairs_error_is_the_one_printed() {
    let guide = read("docs/GUIDE.md");
    let blocks = &sections(section(&guide, "### Many routes at once: route --pairs"))[0].1;
    let command = "clearway route maps/warehouse.ron --pairs maps/trips.txt --radius 1.5\n";
    assert_eq!(
        blocks[0],
        Block {
            info: "sh".into(),
            body: command.into()
        }
    );
    let dir = workspace();
    let trips = dir.path().join("maps/trips.txt");
    let edited = std::fs::read_to_string(&trips)
        .unwrap()
        .replace("dock back_wall", "dock shelf_3");
    std::fs::write(&trips, edited).unwrap();
    let out = clearway()
        .args(&shell_words(command)[1..])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let error = stderr(&out);
    assert!(
        blocks.iter().any(|b| b.info == "text" && b.body == error),
        "{error}"
    );
}

/// The README's library example is the crate's first doctest (its hidden
/// lines left out), which `cargo test` compiles and runs.
#[test]
fn the_readme_library_example_is_the_crate_doctest() {
    let readme = read("README.md");
    let example = &sections(section(&readme, "## The library"))[0].1[0];
    assert_eq!(example.info, "rust");
    let lib = read("crates/clearway/src/lib.rs");
    let doc: Vec<&str> = lib
        .lines()
        .map_while(|l| l.strip_prefix("//!"))
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect();
    let start = doc.iter().position(|l| *l == "```").unwrap() + 1;
    let end = start + doc[start..].iter().position(|l| *l == "```").unwrap();
    let doctest: String = doc[start..end]
        .iter()
        .filter(|l| !l.starts_with("# ") && **l != "#")
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(example.body, doctest);
}

#[test]
fn an_elided_block_matches_whole_lines_in_order() {
    assert!(shows("a\n...\nc\n", "a\nb\nc\n"));
    assert!(shows("a\n...\n", "a\nb\nc\n"));
    assert!(!shows("a\n...\nc\n", "a\nb\nd\n"));
    assert!(!shows("a\n", "a\nb\n"));
    assert!(!shows("...\nc\n", "a\nbc\n"));
}
