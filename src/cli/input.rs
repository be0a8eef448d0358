//! Reading the map named on the command line (a path, or `-` for stdin).

use std::cell::OnceCell;
use std::io::Read;
use std::path::{Path, PathBuf};

use clearway::Map;
use clearway::map::{Location, ValidatedMap};
use clearway::timings::Timings;

use super::Failure;
use super::args::{MapArg, TiledArgs};
use super::tiled_input;

/// A loaded map, with its source text kept when reports cite lines.
pub struct Level {
    /// The validated map.
    pub map: Map,
    text: Vec<u8>,
    obstacle_lines: OnceCell<Vec<usize>>,
    edge_locations: OnceCell<Vec<Location>>,
    /// Where the obstacles after the map's own came from (`--obstacles`).
    tiled: tiled_input::TiledObstacleSources,
}

/// What to read: a map file (or `-`), and the Tiled options that add
/// obstacles to it.
#[derive(Clone, Copy)]
pub struct Source<'a> {
    /// The map file; `-` is standard input.
    pub path: &'a Path,
    /// `--obstacles` and its options, when given.
    pub tiled: Option<&'a TiledArgs>,
}

impl<'a> From<&'a PathBuf> for Source<'a> {
    fn from(path: &'a PathBuf) -> Self {
        Source { path, tiled: None }
    }
}

impl<'a> From<&'a MapArg> for Source<'a> {
    fn from(arg: &'a MapArg) -> Self {
        Source {
            path: &arg.map,
            tiled: Some(&arg.tiled),
        }
    }
}

impl Level {
    /// Reads and loads the map at `source`'s path (`-` reads standard
    /// input), adding the obstacles of `--obstacles` when given.
    pub fn read<'a>(
        source: impl Into<Source<'a>>,
        timings: &mut Timings,
    ) -> Result<Level, Failure> {
        Level::read_with(source.into(), timings, false)
    }

    /// As [`Level::read`], keeping the source text so that reports can cite
    /// the line of each obstacle ([`Level::obstacle_origin`]). Otherwise the
    /// text is dropped before the R-tree is built, when memory peaks.
    pub fn read_citing_lines<'a>(
        source: impl Into<Source<'a>>,
        timings: &mut Timings,
    ) -> Result<Level, Failure> {
        Level::read_with(source.into(), timings, true)
    }

    /// As [`Level::read`], keeping the source text for
    /// [`Level::source_text`]: `prune` and `bake` edit it.
    pub fn read_keeping_text<'a>(
        source: impl Into<Source<'a>>,
        timings: &mut Timings,
    ) -> Result<Level, Failure> {
        Level::read_with(source.into(), timings, true)
    }

    fn read_with(
        source: Source<'_>,
        timings: &mut Timings,
        cite_lines: bool,
    ) -> Result<Level, Failure> {
        let path = source.path;
        let start = std::time::Instant::now();
        let (bytes, source_name) = if path.as_os_str() == "-" {
            let bytes = read_map_bytes(std::io::stdin().lock(), 0).map_err(|e| {
                Failure::Io(format!("cannot read the map from standard input: {e}"))
            })?;
            (bytes, "<stdin>".to_string())
        } else {
            let bytes = std::fs::File::open(path)
                .and_then(|file| {
                    let size = file.metadata().map_or(0, |m| m.len());
                    read_map_bytes(file, usize::try_from(size).unwrap_or(0))
                })
                .map_err(|e| Failure::Io(format!("cannot read map `{}`: {e}", path.display())))?;
            (bytes, path.display().to_string())
        };
        timings.record("read", start.elapsed());
        let validated = ValidatedMap::from_ron_bytes(&bytes, &source_name, timings)?;
        // Dropped here, not at the end of the function: a binding that is
        // moved on one branch only lives to the end of its scope otherwise,
        // through the R-tree build where memory peaks.
        let text = if cite_lines {
            bytes
        } else {
            drop(bytes);
            Vec::new()
        };
        let (validated, tiled) = tiled_input::add(validated, path, source.tiled, timings)?;
        let map = validated.index(timings);
        Ok(Level {
            map,
            text,
            obstacle_lines: OnceCell::new(),
            edge_locations: OnceCell::new(),
            tiled,
        })
    }

    /// The map's source text, when the level was read keeping it and it is
    /// UTF-8 (as a map that loaded is).
    pub fn source_text(&self) -> Option<&str> {
        std::str::from_utf8(&self.text)
            .ok()
            .filter(|text| !text.is_empty())
    }

    /// How many obstacles are the map's own: the rest came from
    /// `--obstacles`, and are not written into the map.
    pub fn own_obstacles(&self) -> usize {
        self.map.obstacles().len() - self.tiled.count()
    }

    /// Where obstacle `i` comes from: `line 57` of the map, or
    /// `level.tmx object 12`.
    pub fn obstacle_origin(&self, i: usize) -> Option<String> {
        match self.tiled.source(i) {
            Some(source) => Some(source),
            None => self.obstacle_line(i).map(|l| format!("line {l}")),
        }
    }

    /// The 1-based line on which obstacle `i` starts in the source; `None`
    /// unless the level was read with [`Level::read_citing_lines`].
    pub fn obstacle_line(&self, i: usize) -> Option<usize> {
        self.obstacle_lines
            .get_or_init(|| {
                std::str::from_utf8(&self.text)
                    .ok()
                    .and_then(|text| clearway::map::list_item_lines(text, "obstacles"))
                    .unwrap_or_default()
            })
            .get(i)
            .copied()
    }
}

impl Level {
    /// The line and column at which edge `i` starts in the source, for CI
    /// annotations; `None` unless the level was read with
    /// [`Level::read_citing_lines`].
    pub fn edge_location(&self, i: usize) -> Option<Location> {
        self.edge_locations
            .get_or_init(|| {
                std::str::from_utf8(&self.text)
                    .ok()
                    .and_then(|text| clearway::map::list_item_locations(text, "edges"))
                    .unwrap_or_default()
            })
            .get(i)
            .copied()
    }
}

/// The address space a map's bytes are read into, at the least: more than
/// glibc's 32 MiB cap on its dynamic `mmap` threshold.
const MAP_BUFFER_AT_LEAST: usize = 40 << 20;

/// Reads a whole map into memory, into a buffer of at least
/// [`MAP_BUFFER_AT_LEAST`] bytes of address space.
///
/// The text is freed before the index is built, where memory peaks. glibc
/// serves a block this large with `mmap`, and when such a block of up to
/// 32 MiB is freed it raises its `mmap` threshold to the block's size (and
/// its trim threshold to twice that, see mallopt(3)), so every smaller
/// block after it comes from the heap and is not given back when freed:
/// 12 MB more at the peak of a 23 MB level. A buffer above the cap leaves
/// the thresholds alone; the pages never written are never resident, so it
/// costs nothing. Elsewhere than glibc it is a plain read.
fn read_map_bytes(mut reader: impl Read, size_hint: usize) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(size_hint.saturating_add(1).max(MAP_BUFFER_AT_LEAST));
    reader.read_to_end(&mut bytes)?;
    Ok(bytes)
}
