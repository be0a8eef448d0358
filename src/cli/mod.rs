//! The command line: parse, load, run a command, report, exit 0/1/2.

use std::io;
use std::process::ExitCode;

use timings::Timings;

mod args;
mod bake;
mod bounded_read;
mod check;
mod check_walking;
mod ci_check;
mod ci_diff;
mod ci_report;
mod clearance_table;
mod clearance_walking;
mod completions;
mod conventions;
mod counted;
mod diff;
mod dimension;
mod ends;
mod events;
mod failure;
mod file_kind;
mod file_watch;
mod grid;
mod grid_input;
mod input;
mod level_diff;
mod link;
mod man;
mod mesh_spot;
mod node_names;
mod numbers;
mod obj_input;
mod obstacle_sources;
mod output;
mod pairs_file;
mod progress;
mod prune;
mod radius;
mod render;
mod report_github;
mod report_junit;
mod report_sarif;
mod route;
mod route_pairs;
mod rows;
mod scenario_file;
mod source_text;
mod tiled_input;
mod tiled_placement;
mod timings;
mod update;
mod update_report;
mod watch;
mod watch_changes;
mod widest;

use args::{Cli, Command};
pub use failure::Failure;

/// Runs the command line and returns the process exit code.
pub fn main() -> ExitCode {
    let cli = match conventions::parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help and version to stdout (exit 0) and usage errors
            // to stderr (exit 2). Help that cannot be written is a failed
            // write (exit 2), unless the reader left early (`| head`).
            let printed = e.print();
            if e.use_stderr() {
                return ExitCode::from(2);
            }
            return match printed {
                Err(io) if io.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("error: cannot write to standard output: {io}");
                    ExitCode::from(2)
                }
                _ => ExitCode::SUCCESS,
            };
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("{failure}");
            ExitCode::from(2)
        }
    }
}

/// What a command concluded, for the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// Everything checked passed: exit 0.
    Pass,
    /// Something checked failed (a blocked edge, no route): exit 1.
    Fail,
}

impl Outcome {
    /// [`Outcome::Pass`] when `passed`, else [`Outcome::Fail`].
    fn passed_if(passed: bool) -> Outcome {
        if passed { Outcome::Pass } else { Outcome::Fail }
    }
}

fn run(cli: Cli) -> Result<ExitCode, Failure> {
    let mut timings = Timings::default();
    let t = &mut timings;
    conventions::set_quiet(cli.quiet);
    bounded_read::set_max_input_size(cli.max_input_size);
    let outcome = match cli.command {
        Command::Check(args) => check::run(&args, t),
        Command::Clearance(args) => clearance_table::run(&args, t),
        Command::Prune(args) => prune::run(&args, t),
        Command::Bake(args) => bake::run(&args, t),
        Command::Link(args) => link::run(&args, t),
        Command::Route(args) => route::run(&args, t),
        Command::Widest(args) => widest::run(&args, t),
        Command::Diff(args) => diff::run(&args, t),
        Command::Update(args) => update::run(&args, t),
        Command::Completions(args) => completions::run(&args),
        Command::Man(args) => man::run(&args),
        Command::Render(args) => render::run(&args, t),
        Command::Grid(args) => grid::run(&args, t),
        Command::Watch(args) => watch::run(&args, t),
    };
    if cli.timings {
        eprint!("{}", timings.report());
    }
    Ok(match outcome? {
        Outcome::Pass => ExitCode::SUCCESS,
        Outcome::Fail => ExitCode::from(1),
    })
}

/// Streams a report to stdout through a buffer, for reports too large to
/// build in memory first. A closed pipe (`| head`) ends the report quietly
/// and is no failure: the command goes on to its verdict, so the exit code
/// is the one the report would have given (1 for a blocked edge).
fn stream_stdout(write: impl FnOnce(&mut dyn io::Write) -> io::Result<()>) -> Result<(), Failure> {
    use io::Write;
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let written = write(&mut out).and_then(|()| out.flush());
    if written.is_err() {
        // The buffer still holds what the pipe refused: drop it, unwritten.
        let _ = out.into_parts();
    }
    written.or_else(quiet_if_closed)
}

/// Writes a whole report to stdout at once; a closed pipe ends it quietly,
/// as [`stream_stdout`] says.
fn write_stdout(report: &str) -> Result<(), Failure> {
    use io::Write;
    let mut out = io::stdout().lock();
    out.write_all(report.as_bytes())
        .and_then(|()| out.flush())
        .or_else(quiet_if_closed)
}

/// A closed standard output is not an error; any other write error is.
fn quiet_if_closed(e: io::Error) -> Result<(), Failure> {
    match Failure::from_stdout_error(e) {
        Failure::BrokenPipe => Ok(()),
        failure => Err(failure),
    }
}
