//! Writing a map: to standard output, or atomically to a file, never over an
//! input (the map unless asked to, the `--obstacles` file never).

use std::path::{Path, PathBuf};

use clearway_atomic_write::{write_atomically, write_atomically_with};

use super::args::{MapArg, OutputArgs};
use super::{Failure, stream_stdout, write_stdout};

/// Where the map goes.
pub enum Destination {
    /// `-o -`
    Stdout,
    /// A file, written atomically.
    File(PathBuf),
}

impl Destination {
    /// Decides where to write `map`'s result, refusing to overwrite the map
    /// without `--in-place`, and the `--obstacles` file always.
    pub fn choose(map: &MapArg, args: &OutputArgs) -> Result<Destination, Failure> {
        let input = map.map.as_path();
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
        refuse_tiled_input(&target, map)?;
        refuse_stdin_file(&target, input, "the input map")?;
        if !args.in_place && same_file(input, &target) {
            return Err(Failure::Usage(format!(
                "refusing to overwrite the input map `{}`; pass --in-place to replace it",
                input.display()
            )));
        }
        Ok(Destination::File(target))
    }

    /// Where a command that makes a level from another file writes it:
    /// `-` is standard output; a file, never over `input`.
    pub fn new_level(input: &Path, out: &Path, what: &str) -> Result<Destination, Failure> {
        if out.as_os_str() == "-" {
            return Ok(Destination::Stdout);
        }
        if same_file(input, out) {
            return Err(Failure::Usage(format!(
                "refusing to overwrite the input {what} `{}`: `{}` is the same file",
                input.display(),
                out.display()
            )));
        }
        Ok(Destination::File(out.to_path_buf()))
    }

    /// Writes the text there.
    pub fn write(&self, text: &str) -> Result<(), Failure> {
        match self {
            Destination::Stdout => write_stdout(text),
            Destination::File(path) => {
                write_atomically(path, text.as_bytes()).map_err(|e| cannot_write(path, &e))
            }
        }
    }

    /// Writes there what `write` writes, as it writes it: for texts too
    /// large to hold (a large grid's level). A file is still replaced
    /// atomically; standard output gets the text through a buffer.
    pub fn write_with(
        &self,
        write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
    ) -> Result<(), Failure> {
        match self {
            Destination::Stdout => stream_stdout(write),
            Destination::File(path) => {
                write_atomically_with(path, write).map_err(|e| cannot_write(path, &e))
            }
        }
    }
}

/// The error for an output file that could not be written.
fn cannot_write(path: &Path, e: &std::io::Error) -> Failure {
    Failure::Io(format!(
        "cannot write `{}`: {e}; nothing was written",
        path.display()
    ))
}

/// The text of an edited map: `edited` (the input's own text with its edges
/// changed) when the edit could be made, else the map `written` anew, with a
/// warning when that loses the input's comments.
pub fn edited_or_written(
    input: Option<&str>,
    edited: Option<String>,
    written: impl FnOnce() -> String,
) -> String {
    if let Some(text) = edited {
        return text;
    }
    if input.is_some_and(clearway_format::has_comments) {
        eprintln!(
            "warning: the map is written anew, without its comments: its text could not be \
             edited in place (it uses #![enable(..)] or a form of edge clearway does not edit, \
             or an area its agents name is left on no edge)"
        );
    }
    written()
}

/// Refuses to write `out` (a picture) over any input of the command: the map
/// or the `--obstacles` file.
pub fn refuse_inputs(out: &Path, map: &MapArg) -> Result<(), Failure> {
    refuse_tiled_input(out, map)?;
    refuse_stdin_file(out, &map.map, "the input map")?;
    if same_file(&map.map, out) {
        return Err(Failure::Usage(format!(
            "refusing to overwrite the input map `{}`: `{}` is the same file",
            map.map.display(),
            out.display()
        )));
    }
    Ok(())
}

/// Refuses to write `out` over the `--obstacles` file, even with
/// `--in-place`, which replaces the map only.
fn refuse_tiled_input(out: &Path, map: &MapArg) -> Result<(), Failure> {
    let what = |path: &Path| {
        if super::obj_input::is_obj(path) {
            "the OBJ file"
        } else {
            "the Tiled map"
        }
    };
    if let Some(tmx) = map.tiled.obstacles.as_deref() {
        refuse_stdin_file(out, tmx, &format!("{} (--obstacles)", what(tmx)))?;
    }
    match map.tiled.obstacles.as_deref() {
        Some(tmx) if same_file(tmx, out) => Err(Failure::Usage(format!(
            "refusing to overwrite {} `{}` (--obstacles): `{}` is the same file",
            what(tmx),
            tmx.display(),
            out.display()
        ))),
        _ => Ok(()),
    }
}

/// Refuses to write `out` when `input` is `-` and standard input is that
/// very file (`clearway render - -o level.svg < level.svg`): the shell's
/// redirection makes it an input as much as a path would.
fn refuse_stdin_file(out: &Path, input: &Path, what: &str) -> Result<(), Failure> {
    if input.as_os_str() != "-" || out.as_os_str() == "-" {
        return Ok(());
    }
    match (stdin_metadata(), std::fs::metadata(out)) {
        (Some(a), Ok(b)) if a.is_file() && b.is_file() && same_inode(&a, &b, input, out) => {
            Err(Failure::Usage(format!(
                "refusing to overwrite `{}`: it is the file on standard input ({what})",
                out.display()
            )))
        }
        _ => Ok(()),
    }
}

/// What standard input is, when it is a file (else a pipe, a terminal).
#[cfg(unix)]
fn stdin_metadata() -> Option<std::fs::Metadata> {
    use std::os::fd::AsFd;
    let fd = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
    std::fs::File::from(fd).metadata().ok()
}

#[cfg(not(unix))]
fn stdin_metadata() -> Option<std::fs::Metadata> {
    None
}

/// Whether `input` and `out` are the same regular file, however spelled:
/// through symbolic links, hard links or `..`. Standard input (`-`) and
/// standard output are never the same file as anything; neither are devices
/// and pipes, which writing does not replace.
fn same_file(input: &Path, out: &Path) -> bool {
    if input.as_os_str() == "-" || out.as_os_str() == "-" {
        return false;
    }
    match (std::fs::metadata(input), std::fs::metadata(out)) {
        (Ok(a), Ok(b)) => a.is_file() && b.is_file() && same_inode(&a, &b, input, out),
        _ => false,
    }
}

#[cfg(unix)]
fn same_inode(a: &std::fs::Metadata, b: &std::fs::Metadata, _: &Path, _: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same_inode(_: &std::fs::Metadata, _: &std::fs::Metadata, a: &Path, b: &Path) -> bool {
    matches!((a.canonicalize(), b.canonicalize()), (Ok(a), Ok(b)) if a == b)
}
