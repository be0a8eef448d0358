//! `clearway completions SHELL`: a completion script on stdout.

use super::args::CompletionsArgs;
use super::{Failure, Outcome, conventions, write_stdout};

pub fn run(args: &CompletionsArgs) -> Result<Outcome, Failure> {
    let mut command = conventions::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "clearway", &mut script);
    write_stdout(&String::from_utf8_lossy(&script))?;
    Ok(Outcome::Pass)
}
