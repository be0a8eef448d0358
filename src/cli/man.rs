//! `clearway man`: the man page, on stdout or as files.
//!
//! clap_mangen renders the page, but two of its defaults do not suit a man
//! page: it lists clap's `help` subcommand (there is no `clearway-help(1)`),
//! and it puts `after_help` under a heading `EXTRA`. The pages here have no
//! `help` entry, and the exit codes go under the standard `EXIT STATUS`
//! heading, with `ENVIRONMENT` beside it (man-pages(7) names both).

use std::path::Path;

use super::args::ManArgs;
use super::{Failure, Outcome, conventions, write_stdout};

/// The `EXIT STATUS` section, one paragraph per code.
const EXIT_STATUS: [&str; 3] = [
    "0: success: every checked edge is passable for every radius checked, a route \
     was found, a diff blocks nothing, or a file was written.",
    "1: a check failed: an edge is blocked or a baked clearance is stale, no route \
     exists, or a diff newly blocks an edge. The code is kept when the reader of \
     standard output goes away early (`| head`).",
    "2: bad input or bad usage: a map that does not load, a missing file, an unknown \
     agent, a negative radius, a failed write. Nothing is written then.",
];

/// The `ENVIRONMENT` section.
const ENVIRONMENT: &str = "NO_COLOR: when set and not empty, help and usage errors \
                           are printed without colour. clearway itself never prints colour.";

pub fn run(args: &ManArgs) -> Result<Outcome, Failure> {
    let command = conventions::command().disable_help_subcommand(true);
    match &args.dir {
        Some(dir) => {
            write_pages(command, dir).map_err(|e| {
                Failure::Io(format!(
                    "cannot write man pages to `{}`: {e}",
                    dir.display()
                ))
            })?;
            conventions::note!("wrote the man pages to {}", dir.display());
        }
        None => {
            let mut command = command;
            command.build();
            let page = page(&command)
                .map_err(|e| Failure::Io(format!("cannot render the man page: {e}")))?;
            write_stdout(&String::from_utf8_lossy(&page))?;
        }
    }
    Ok(Outcome::Pass)
}

/// Writes `clearway.1` and one page per (visible) subcommand into `dir`
/// (made if missing), each atomically, as every output is.
fn write_pages(mut command: clap::Command, dir: &Path) -> std::io::Result<()> {
    command.build();
    // `clearway man --dir man/` on a fresh checkout: the folder is made, as
    // `mkdir -p` would.
    if dir.exists() && !dir.is_dir() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotADirectory,
            "it is not a folder",
        ));
    }
    std::fs::create_dir_all(dir)?;
    let mut pending = vec![command];
    while let Some(command) = pending.pop() {
        pending.extend(
            command
                .get_subcommands()
                .filter(|s| !s.is_hide_set())
                .cloned(),
        );
        let name = format!(
            "{}.1",
            command
                .get_display_name()
                .unwrap_or_else(|| command.get_name())
        );
        clearway_atomic_write::write_atomically(&dir.join(name), &page(&command)?)?;
    }
    Ok(())
}

/// One command's page: clap_mangen's sections, then ours in place of `EXTRA`.
fn page(command: &clap::Command) -> std::io::Result<Vec<u8>> {
    let man = clap_mangen::Man::new(command.clone());
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    if command.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut page)?;
    }
    if command.has_subcommands() {
        man.render_subcommands_section(&mut page)?;
    }
    if command.get_name() == "clearway" {
        page.extend_from_slice(b".SH \"EXIT STATUS\"\n");
        for paragraph in EXIT_STATUS {
            page.extend_from_slice(format!(".PP\n{}\n", roff_text(paragraph)).as_bytes());
        }
        page.extend_from_slice(b".SH ENVIRONMENT\n");
        page.extend_from_slice(format!(".PP\n{}\n", roff_text(ENVIRONMENT)).as_bytes());
    }
    if command.get_version().is_some() {
        man.render_version_section(&mut page)?;
    }
    Ok(page)
}

/// Escapes text for a roff paragraph: backslashes and hyphens, and a leading
/// `.` or `'`, which roff would read as a request.
fn roff_text(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with('.') || escaped.starts_with('\'') {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}
