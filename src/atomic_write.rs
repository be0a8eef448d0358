//! Writing output files so that a failure never leaves half a file behind.

use std::io::{self, Write};
use std::path::Path;

/// Writes `contents` to `path` atomically: into a temporary file in the same
/// directory, synced to disk, then renamed over `path`. On any failure the
/// temporary file is removed and `path` is left as it was.
///
/// A `path` that exists and is not a regular file (`/dev/null`, a named
/// pipe, a terminal) is written to directly: renaming over it would replace
/// the device or pipe with a file.
///
/// # Errors
/// When the directory does not exist or cannot be written, when `path` is a
/// directory, or when the disk fails.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("level.ron");
/// clearway::atomic_write::write_atomically(&path, b"(nodes: [])").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"(nodes: [])");
/// assert!(clearway::atomic_write::write_atomically(dir.path(), b"x").is_err());
/// // A device is written to, not replaced.
/// clearway::atomic_write::write_atomically(std::path::Path::new("/dev/null"), b"x").unwrap();
/// assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
/// ```
pub fn write_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    if let Ok(metadata) = std::fs::metadata(path) {
        if metadata.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "the output path is a directory",
            ));
        }
        if !metadata.is_file() {
            let mut special = std::fs::OpenOptions::new().write(true).open(path)?;
            return special.write_all(contents).and_then(|()| special.flush());
        }
    }
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut temp = tempfile::Builder::new()
        .prefix(".clearway-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    temp.write_all(contents)?;
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
