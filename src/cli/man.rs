//! `clearway man`: the man page, on stdout or as files.

use super::args::ManArgs;
use super::{Failure, Outcome, conventions, write_stdout};

pub fn run(args: &ManArgs) -> Result<Outcome, Failure> {
    let command = conventions::command();
    match &args.dir {
        Some(dir) => {
            clap_mangen::generate_to(command, dir).map_err(|e| {
                Failure::Io(format!(
                    "cannot write man pages to `{}`: {e}",
                    dir.display()
                ))
            })?;
            conventions::note!("wrote the man pages to {}", dir.display());
        }
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command)
                .render(&mut page)
                .map_err(|e| Failure::Io(format!("cannot render the man page: {e}")))?;
            write_stdout(&String::from_utf8_lossy(&page))?;
        }
    }
    Ok(Outcome::Pass)
}
