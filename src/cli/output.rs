//! Writing a map: to standard output, or atomically to a file, never over the
//! input unless asked to.

use std::path::{Path, PathBuf};

use clearway::atomic_write::write_atomically;

use super::args::OutputArgs;
use super::{Failure, write_stdout};

/// Where the map goes.
pub enum Destination {
    /// `-o -`
    Stdout,
    /// A file, written atomically.
    File(PathBuf),
}

impl Destination {
    /// Decides where to write `input`'s result, refusing to overwrite the
    /// input without `--in-place`.
    pub fn choose(input: &Path, args: &OutputArgs) -> Result<Destination, Failure> {
        let target = match &args.output {
            Some(out) if out.as_os_str() == "-" => return Ok(Destination::Stdout),
            Some(out) => out.clone(),
            None if input.as_os_str() == "-" => {
                return Err(Failure::Usage(
                    "--in-place needs a map file, not standard input".into(),
                ));
            }
            None => input.to_path_buf(),
        };
        if !args.in_place && input.as_os_str() != "-" && same_file(input, &target) {
            return Err(Failure::Usage(format!(
                "refusing to overwrite the input map `{}`; pass --in-place to replace it",
                input.display()
            )));
        }
        Ok(Destination::File(target))
    }

    /// Writes the text there.
    pub fn write(&self, text: &str) -> Result<(), Failure> {
        match self {
            Destination::Stdout => write_stdout(text),
            Destination::File(path) => write_atomically(path, text.as_bytes()).map_err(|e| {
                Failure::Io(format!(
                    "cannot write `{}`: {e}; nothing was written",
                    path.display()
                ))
            }),
        }
    }
}

/// Whether two paths name the same existing file (through links and `..`).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
