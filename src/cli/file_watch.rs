//! Waiting for files to be saved, and for Ctrl-C: the events `watch` acts
//! on, in one queue.
//!
//! Each file's folder is watched, not the file: an editor that saves by
//! writing a new file and renaming it over the old one replaces the file
//! (a new inode), and a watch on the old one would see nothing after the
//! first such save. Events for the folder's other files are dropped.
//! Bursts of events (a save that truncates, writes and closes, or writes
//! a temporary file and renames it) are debounced into one. Opening and
//! reading a file is no save: `watch` reads them itself.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::Duration;

use notify::event::{AccessKind, AccessMode};
use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher};

use super::Failure;

/// How long the files must be quiet before a save counts: long enough to
/// gather one save's events, short enough to feel immediate.
const DEBOUNCE: Duration = Duration::from_millis(150);

/// What happened.
#[derive(Debug)]
pub enum Event {
    /// These of the watched files (by their place in the list given to
    /// [`FileWatch::start`], in order) were saved: written, created,
    /// renamed into place or removed.
    Saved(Vec<usize>),
    /// Ctrl-C (SIGINT): time to stop.
    Interrupted,
    /// The watch itself failed (the folder went away, too many watches).
    Failed(String),
}

/// What the watch and the Ctrl-C handler send, before debouncing.
enum Raw {
    /// The watched files at these places.
    Touched(Vec<usize>),
    Interrupted,
    Failed(String),
}

/// The watched files' folders, and the queue their events and Ctrl-C
/// arrive on.
pub struct FileWatch {
    events: Receiver<Raw>,
    /// Kept alive: dropping it stops the watch.
    _watcher: RecommendedWatcher,
}

impl FileWatch {
    /// Starts watching `files` (by their folders) and Ctrl-C.
    pub fn start(files: &[&Path]) -> Result<FileWatch, Failure> {
        let (send, events) = channel();
        let interrupted = send.clone();
        ctrlc::set_handler(move || {
            let _ = interrupted.send(Raw::Interrupted);
        })
        .map_err(|e| Failure::Io(format!("cannot catch Ctrl-C: {e}")))?;
        let targets: Vec<PathBuf> = files
            .iter()
            .map(|f| absolute_target(f))
            .collect::<Result<_, _>>()?;
        let wanted = targets.clone();
        let mut watcher = notify::recommended_watcher(move |event| forward(&send, &wanted, event))
            .map_err(|e| Failure::Io(format!("cannot watch files: {e}")))?;
        let mut folders: Vec<&Path> = targets.iter().filter_map(|t| t.parent()).collect();
        folders.sort();
        folders.dedup();
        for folder in folders {
            watcher
                .watch(folder, RecursiveMode::NonRecursive)
                .map_err(|e| Failure::Io(format!("cannot watch `{}`: {e}", folder.display())))?;
        }
        Ok(FileWatch {
            events,
            _watcher: watcher,
        })
    }

    /// Waits for the next event: a save once the files have been quiet
    /// for [`DEBOUNCE`] after it, or Ctrl-C at once.
    pub fn next(&self) -> Event {
        let lost = || Event::Failed("the file watch stopped".into());
        let mut saved = match self.events.recv() {
            Ok(Raw::Touched(files)) => files,
            Ok(Raw::Interrupted) => return Event::Interrupted,
            Ok(Raw::Failed(message)) => return Event::Failed(message),
            Err(_) => return lost(),
        };
        loop {
            match self.events.recv_timeout(DEBOUNCE) {
                Ok(Raw::Touched(files)) => saved.extend(files),
                Ok(Raw::Interrupted) => return Event::Interrupted,
                Ok(Raw::Failed(message)) => return Event::Failed(message),
                Err(RecvTimeoutError::Timeout) => {
                    saved.sort_unstable();
                    saved.dedup();
                    return Event::Saved(saved);
                }
                Err(RecvTimeoutError::Disconnected) => return lost(),
            }
        }
    }
}

/// Passes on an event that may change a watched file's contents. Opening
/// and reading are not (`watch` itself reads the files at each save); a
/// write closed is.
fn forward(send: &Sender<Raw>, wanted: &[PathBuf], event: notify::Result<notify::Event>) {
    let raw = match event {
        Ok(event) => {
            let touches = match event.kind {
                EventKind::Access(kind) => kind == AccessKind::Close(AccessMode::Write),
                _ => true,
            };
            let files: Vec<usize> = (0..wanted.len())
                .filter(|&k| event.paths.contains(&wanted[k]))
                .collect();
            if !touches || files.is_empty() {
                return;
            }
            Raw::Touched(files)
        }
        Err(e) => Raw::Failed(format!("the file watch failed: {e}")),
    };
    let _ = send.send(raw);
}

/// The path events name `file` by: its folder made absolute (symbolic
/// links resolved, as the watch reports them) joined with its name.
fn absolute_target(file: &Path) -> Result<PathBuf, Failure> {
    let name = file
        .file_name()
        .ok_or_else(|| Failure::Usage(format!("`{}` does not name a file", file.display())))?;
    let folder = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let folder = folder
        .canonicalize()
        .map_err(|e| Failure::Io(format!("cannot watch `{}`: {e}", folder.display())))?;
    Ok(folder.join(name))
}
