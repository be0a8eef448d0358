//! Conventions every command follows: `NO_COLOR`, `--quiet`, and parsing the
//! command line with them in force.
//!
//! - Reports (text, JSON, CSV, maps written with `-o -`) go to stdout;
//!   messages, warnings and errors go to stderr.
//! - `NO_COLOR` (set and not empty, see <https://no-color.org>) turns off
//!   colour in clap's help and usage errors. clearway itself never prints
//!   colour.
//! - `--quiet` silences what is only informative (summaries, progress);
//!   errors and warnings still print.
//! - A closed stdout (`| head`) ends a command quietly with exit 0.

use std::sync::atomic::{AtomicBool, Ordering};

use clap::{ColorChoice, CommandFactory, FromArgMatches};

use super::args::Cli;

static QUIET: AtomicBool = AtomicBool::new(false);

/// Records `--quiet` for the whole run.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether `--quiet` was given: informative stderr output is skipped.
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// Prints an informative line to stderr, unless `--quiet`.
macro_rules! note {
    ($($arg:tt)*) => {
        if !$crate::cli::conventions::quiet() {
            eprintln!($($arg)*);
        }
    };
}
pub(crate) use note;

/// Whether `NO_COLOR` asks for no colour: set, and not empty.
pub fn no_color() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

/// The command line as clap knows it, with colour off under `NO_COLOR`.
pub fn command() -> clap::Command {
    let command = Cli::command();
    if no_color() {
        command.color(ColorChoice::Never)
    } else {
        command
    }
}

/// Parses the process's arguments.
pub fn parse() -> Result<Cli, clap::Error> {
    let mut command = command();
    let matches = command.try_get_matches_from_mut(std::env::args_os())?;
    Cli::from_arg_matches(&matches).map_err(|e| e.with_cmd(&command))
}

/// `prune` and `bake` print their summary as JSON on stdout with
/// `--format json`, which cannot share stdout with the map (`-o -`).
pub fn json_summary_needs_stdout(
    format: super::args::ReportFormat,
    destination: &super::output::Destination,
) -> Result<(), super::Failure> {
    if format == super::args::ReportFormat::Json
        && matches!(destination, super::output::Destination::Stdout)
    {
        return Err(super::Failure::Usage(
            "--format json prints the summary on stdout, where `-o -` writes the map; write the map to a file".into(),
        ));
    }
    Ok(())
}

/// One JSON document, pretty-printed, and a newline.
pub fn json_text(value: &impl serde::Serialize) -> Result<String, super::Failure> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| super::Failure::Io(format!("cannot write JSON: {e}")))?;
    Ok(text + "\n")
}

/// Writes one JSON document (and a newline) to stdout.
pub fn write_json(value: &impl serde::Serialize) -> Result<(), super::Failure> {
    super::write_stdout(&json_text(value)?)
}

/// Hands a command's large values (the level, its clearances) to the end of
/// the process instead of dropping them. The process is about to exit, and
/// the operating system takes all of its memory back at once; freeing a
/// million-edge level piece by piece first takes a second or more. Only for
/// values a command is done with, just before it returns its verdict.
pub fn keep_until_exit<T>(value: T) {
    std::mem::forget(value);
}

/// [`keep_until_exit`] for a value a command still works with: it is never
/// freed, and the command borrows it for the rest of its run, early returns
/// included. For the large values a command makes (a level, clearances, a
/// router), right where it makes them.
pub fn kept_until_exit<T: 'static>(value: T) -> &'static mut T {
    Box::leak(Box::new(value))
}
