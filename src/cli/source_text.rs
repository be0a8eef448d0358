//! The map text a command edits (`bake`, `prune`, `link`), kept until the
//! edit is written: held in memory when it came from standard input or a
//! pipe, left on disk when it came from a regular file and read again for
//! the edit, so that it is not held while the clearances are computed.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use super::Failure;
use super::bounded_read;
use super::input::read_failure;

/// A map's source text, as a level read for editing keeps it.
pub enum SourceText {
    /// Not kept: the level was read without it.
    None,
    /// Held: it came from standard input or another stream.
    Held(Vec<u8>),
    /// Left in the regular file it came from, which had `stamp` when it
    /// was read.
    OnDisk { path: PathBuf, stamp: FileStamp },
}

impl SourceText {
    /// The text, read again from its file if it was left there; `None`
    /// when it was not kept (or is empty). An error when the file cannot
    /// be read again or changed since it was loaded: the edit would not
    /// be the edit of the level loaded.
    pub fn text(&self) -> Result<Option<Cow<'_, str>>, Failure> {
        let bytes = match self {
            SourceText::None => return Ok(None),
            SourceText::Held(bytes) => Cow::Borrowed(bytes.as_slice()),
            SourceText::OnDisk { path, stamp } => Cow::Owned(read_again(path, stamp)?),
        };
        if bytes.is_empty() {
            return Ok(None);
        }
        Ok(match bytes {
            Cow::Borrowed(bytes) => std::str::from_utf8(bytes).ok().map(Cow::Borrowed),
            Cow::Owned(bytes) => String::from_utf8(bytes).ok().map(Cow::Owned),
        })
    }
}

/// What tells a regular file changed since it was read: its size, its
/// modification and status-change times (nanoseconds where the file
/// system keeps them), and which file it is. Any write or replacement
/// changes one of them, as `make`, `rsync` and `git` rely on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileStamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
    #[cfg(unix)]
    identity: (u64, u64, i64, i64),
}

impl FileStamp {
    /// The stamp of an open file, as its metadata says now.
    pub fn of(metadata: &std::fs::Metadata) -> FileStamp {
        #[cfg(unix)]
        use std::os::unix::fs::MetadataExt;
        FileStamp {
            len: metadata.len(),
            modified: metadata.modified().ok(),
            #[cfg(unix)]
            identity: (
                metadata.dev(),
                metadata.ino(),
                metadata.ctime(),
                metadata.ctime_nsec(),
            ),
        }
    }
}

/// The bytes of `path`, read again, when its stamp is still `stamp`.
fn read_again(path: &Path, stamp: &FileStamp) -> Result<Vec<u8>, Failure> {
    let what = format!("map `{}` again to edit it", path.display());
    let file =
        std::fs::File::open(path).map_err(|e| Failure::Io(format!("cannot read {what}: {e}")))?;
    let changed = || {
        Failure::Io(format!(
            "cannot edit map `{}`: it changed on disk while clearway worked on it; \
             nothing was written, run the command again",
            path.display()
        ))
    };
    let before = file
        .metadata()
        .map_err(|e| Failure::Io(format!("cannot read {what}: {e}")))?;
    if FileStamp::of(&before) != *stamp {
        return Err(changed());
    }
    let size = usize::try_from(stamp.len).map_err(|_| changed())?;
    let mut bytes = Vec::with_capacity(size.saturating_add(1));
    #[cfg(unix)]
    bounded_read::read_file_text(&file, size, &mut bytes).map_err(|e| read_failure(e, &what))?;
    #[cfg(not(unix))]
    bounded_read::read_text(&file, &mut bytes, false).map_err(|e| read_failure(e, &what))?;
    let after = file
        .metadata()
        .map_err(|e| Failure::Io(format!("cannot read {what}: {e}")))?;
    if FileStamp::of(&after) != *stamp || bytes.len() != size {
        return Err(changed());
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A map text left on disk, as `bake` keeps one it read from `path`.
    fn on_disk(path: &Path) -> SourceText {
        let stamp = FileStamp::of(&std::fs::metadata(path).unwrap());
        SourceText::OnDisk {
            path: path.to_path_buf(),
            stamp,
        }
    }

    #[test]
    fn a_file_left_alone_is_read_again_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("map.ron");
        std::fs::write(&path, "(nodes: [], edges: [])").unwrap();
        let text = on_disk(&path);
        assert_eq!(
            text.text().unwrap().as_deref(),
            Some("(nodes: [], edges: [])")
        );
        // Read again as often as asked.
        assert_eq!(
            text.text().unwrap().as_deref(),
            Some("(nodes: [], edges: [])")
        );
    }

    #[test]
    fn a_file_written_or_replaced_since_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("map.ron");
        std::fs::write(&path, "(nodes: [], edges: [])").unwrap();
        let text = on_disk(&path);
        // Appended to: its size changes.
        std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap()
            .write_all(b" ")
            .unwrap();
        let message = match text.text() {
            Err(Failure::Io(message)) => message,
            _ => panic!("a changed file must be refused"),
        };
        assert!(message.contains("changed on disk"), "{message}");
        // Replaced by another file of the same size and text (an editor's
        // save by rename): another file, refused too.
        let text = on_disk(&path);
        let other = dir.path().join("saved.ron");
        std::fs::write(&other, std::fs::read(&path).unwrap()).unwrap();
        std::fs::rename(&other, &path).unwrap();
        assert!(matches!(text.text(), Err(Failure::Io(_))));
        // Gone.
        let text = on_disk(&path);
        std::fs::remove_file(&path).unwrap();
        assert!(matches!(text.text(), Err(Failure::Io(_))));
    }

    #[test]
    fn held_and_absent_texts() {
        assert_eq!(
            SourceText::Held(b"(x)".to_vec()).text().unwrap().as_deref(),
            Some("(x)")
        );
        assert_eq!(SourceText::Held(Vec::new()).text().unwrap(), None);
        assert_eq!(SourceText::None.text().unwrap(), None);
    }
}
