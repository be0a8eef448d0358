//! Writing output files so that a failure never leaves half a file behind:
//! the clearway command line writes every output through it, and so do the
//! Python binding's `save` and `render`, so a reader of a level being
//! written sees the old file or the new one, never half of one.

use std::fs::{File, OpenOptions};
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes `contents` to `path` atomically: into a temporary file in the same
/// directory, synced to disk, then renamed over `path`. On any failure the
/// temporary file is removed and `path` is left as it was.
///
/// The file is written as `>` would write it, only atomically:
///
/// - a new file gets mode `0666` less the umask;
/// - a file that exists keeps its mode, and its owner and group where the
///   process may set them;
/// - a symbolic link is followed, through every link of a chain, and its
///   final target is replaced (the temporary file goes in the target's
///   folder); the link stays a link. A dangling link's target is created.
///
/// A `path` that exists and is not a regular file (`/dev/null`, a named
/// pipe, a terminal) is written to directly: renaming over it would replace
/// the device or pipe with a file.
///
/// Errors never name the temporary file: the caller names `path`.
///
/// ```
/// use clearway_atomic_write::write_atomically;
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("level.ron");
/// write_atomically(&path, b"(nodes: [])")?;
/// assert_eq!(std::fs::read(&path)?, b"(nodes: [])");
/// // A folder is not overwritten, and nothing is left behind.
/// assert!(write_atomically(dir.path(), b"x").is_err());
/// assert_eq!(std::fs::read_dir(dir.path())?.count(), 1);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// When the directory does not exist or cannot be written, when `path` is a
/// directory, when links loop, or when the disk fails.
pub fn write_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    write_atomically_with(path, |out| out.write_all(contents))
}

/// As [`write_atomically`], with the contents written by `write` as they
/// are made, through a buffer, rather than held whole: for outputs larger
/// than the memory they come from (the level of a large grid). Whatever
/// `write` fails with leaves `path` as it was.
///
/// ```
/// use std::io::Write;
/// use clearway_atomic_write::write_atomically_with;
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("numbers.txt");
/// write_atomically_with(&path, |out| (0..3).try_for_each(|i| write!(out, "{i} ")))?;
/// assert_eq!(std::fs::read_to_string(&path)?, "0 1 2 ");
/// // A failure part way leaves the file as it was.
/// let failed = write_atomically_with(&path, |out| {
///     out.write_all(b"half")?;
///     Err(std::io::Error::other("the rest failed"))
/// });
/// assert!(failed.is_err());
/// assert_eq!(std::fs::read_to_string(&path)?, "0 1 2 ");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// As [`write_atomically`], and `write`'s own.
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let path = final_target(path)?;
    let existing = match std::fs::metadata(&path) {
        Ok(metadata) if metadata.is_dir() => {
            return Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "the output path is a directory",
            ));
        }
        Ok(metadata) if !metadata.is_file() => {
            let special = OpenOptions::new().write(true).open(&path)?;
            let mut out = io::BufWriter::new(special);
            return write(&mut out).and_then(|()| out.flush());
        }
        Ok(metadata) => Some(metadata),
        Err(_) => None,
    };
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let temp = TempFile::create_in(dir)?;
    if let Some(metadata) = &existing {
        keep_owner_and_mode(&temp.file, metadata)?;
    }
    let mut out = io::BufWriter::new(&temp.file);
    write(&mut out)?;
    out.flush()?;
    drop(out);
    temp.file.sync_all()?;
    std::fs::rename(temp.path(), &path)?;
    temp.keep();
    Ok(())
}

/// How many links a chain may hold before it counts as a loop (as Linux's
/// `MAXSYMLINKS`).
const MAX_LINKS: usize = 40;

/// `path` with every symbolic link of a chain followed to its final target
/// (which need not exist). Folders on the way are left to the system.
fn final_target(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&path) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let target = std::fs::read_link(&path)?;
                path = match path.parent() {
                    Some(parent) if target.is_relative() => parent.join(target),
                    _ => target,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links in a row (a loop?)"
    )))
}

/// Gives the new file the old one's owner, group and mode. Changing the
/// owner is allowed to fail (only root may give a file away); the mode is
/// set after it, since changing the owner may clear set-id bits.
#[cfg(unix)]
fn keep_owner_and_mode(file: &File, old: &std::fs::Metadata) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let _ = std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid()));
    file.set_permissions(old.permissions())
}

#[cfg(not(unix))]
fn keep_owner_and_mode(file: &File, old: &std::fs::Metadata) -> io::Result<()> {
    file.set_permissions(old.permissions())
}

/// A temporary file that is removed when dropped, unless kept.
struct TempFile {
    /// `None` once kept.
    path: Option<PathBuf>,
    file: File,
}

impl TempFile {
    /// A new file `.clearway-XXXXXXXXXXXXXXXX.tmp` in `dir`, created with
    /// mode `0666` so that the umask alone decides its permissions.
    fn create_in(dir: &Path) -> io::Result<TempFile> {
        let mut last_error = None;
        for attempt in 0u32..64 {
            let path = dir.join(format!(".clearway-{:016x}.tmp", random_name(attempt)));
            let mut options = OpenOptions::new();
            options.write(true).create_new(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o666);
            match options.open(&path) {
                Ok(file) => {
                    return Ok(TempFile {
                        path: Some(path),
                        file,
                    });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last_error = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last_error.unwrap_or_else(|| io::Error::other("no free temporary file name")))
    }

    fn path(&self) -> &Path {
        self.path.as_deref().unwrap_or(Path::new(""))
    }

    /// Leaves the file where it is (it has been renamed into place).
    fn keep(mut self) {
        self.path = None;
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if let Some(path) = &self.path {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// A number for a temporary file's name: random keys (std seeds them from
/// the system), the process id, the time and the attempt.
fn random_name(attempt: u32) -> u64 {
    let mut hasher = std::hash::RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    hasher.write_u32(attempt);
    if let Ok(now) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        hasher.write_u128(now.as_nanos());
    }
    hasher.finish()
}

#[cfg(test)]
mod examples {
    use super::*;

    /// A file is written whole; a directory is refused; a device is
    /// written to, not replaced.
    #[test]
    fn writes_a_file_refuses_a_directory_and_writes_through_a_device() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("level.ron");
        write_atomically(&path, b"(nodes: [])").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"(nodes: [])");
        assert!(write_atomically(dir.path(), b"x").is_err());
        write_atomically(Path::new("/dev/null"), b"x").unwrap();
        assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
    }

    /// Contents written as they are made; a write that fails leaves the
    /// file as it was, and no temporary file behind.
    #[test]
    fn a_failed_write_leaves_the_file_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("level.ron");
        write_atomically_with(&path, |out| (0..3).try_for_each(|i| write!(out, "{i} "))).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"0 1 2 ");
        let failed = write_atomically_with(&path, |out| {
            out.write_all(b"half")?;
            Err(std::io::Error::other("the rest failed"))
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"0 1 2 ");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
