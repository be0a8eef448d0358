//! Reading the map named on the command line (a path, or `-` for stdin).

use std::borrow::Cow;
use std::cell::OnceCell;
use std::path::{Path, PathBuf};

use super::timings::Timings;
use clearway::map::{LoadError, Location};
use clearway::{Citations, Cite};
use clearway::{Level as AnyMap, Map, Plane, Space};
use clearway_format::citations::SourceCitations;

use super::Failure;
use super::args::{MapArg, TiledArgs};
use super::bounded_read::{self, ReadError, read_text};
use super::dimension::Shown;
use super::file_kind::{FileKind, map_hint, obstacles_hint, with_hint};
use super::mesh_spot::MeshSpot;
use super::obj_input::{self, ObjObstacleSources};
use super::source_text::{FileStamp, SourceText};
use super::tiled_input::{self, TiledObstacleSources};

/// A loaded map of either dimension, with where its edges and obstacles
/// start when reports cite them, and its source text when a command edits
/// it: `Level` is a flat one, `Level<Space>` a 3D one.
pub struct Level<D: Shown = Plane> {
    /// The validated map.
    pub map: Map<D>,
    text: SourceText,
    /// Recorded by the parse when read citing lines; walked from the text
    /// when first asked for otherwise.
    citations: OnceCell<Citations>,
    /// Where the obstacles after the map's own came from (`--obstacles`).
    imported: Imported,
}

/// Runs `$body` with `$level` bound to the level read, flat or 3D: the one
/// generic body, written once and compiled for each dimension (a closure
/// cannot be generic over the dimension).
macro_rules! on_level {
    ($any:expr, |$level:ident| $body:expr) => {
        match $any {
            $crate::cli::input::AnyLevel::Plane($level) => $body,
            $crate::cli::input::AnyLevel::Space($level) => $body,
        }
    };
}
pub(super) use on_level;

/// A level as read: flat or 3D, as its first node says. Commands match on
/// it once ([`on_level`]) and run one generic body on either.
pub enum AnyLevel {
    /// A flat level.
    Plane(Level),
    /// A level with height.
    Space(Level<Space>),
}

/// What a read keeps of the map beside the map itself.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    /// Nothing: the text is freed once parsed.
    Nothing,
    /// Where each edge and obstacle starts, recorded as it is parsed.
    Citations,
    /// Where each obstacle starts (text reports name obstacles by line,
    /// edges by their nodes).
    ObstacleLines,
    /// The whole text, for commands that edit it.
    Text,
}

/// The sources of the obstacles `--obstacles` added: a Tiled map's objects
/// (flat levels) or an OBJ file's meshes (3D levels).
enum Imported {
    Tiled(TiledObstacleSources),
    Obj(ObjObstacleSources),
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

impl AnyLevel {
    /// Reads and loads the map at `source`'s path (`-` reads standard
    /// input), of either dimension, adding the obstacles of `--obstacles`
    /// when given.
    pub fn read<'a>(
        source: impl Into<Source<'a>>,
        timings: &mut Timings,
    ) -> Result<AnyLevel, Failure> {
        AnyLevel::read_with(source.into(), timings, Keep::Nothing)
    }

    /// As [`AnyLevel::read`], recording where each obstacle and edge
    /// starts as the map is parsed, so that reports can cite them
    /// ([`Level::obstacle_origin`], [`Level::edge_location`]). The text is
    /// dropped before the R-tree is built, when memory peaks, all the same.
    pub fn read_citing_lines<'a>(
        source: impl Into<Source<'a>>,
        timings: &mut Timings,
    ) -> Result<AnyLevel, Failure> {
        AnyLevel::read_with(source.into(), timings, Keep::Citations)
    }

    /// As [`AnyLevel::read_citing_lines`], the obstacles only: what a text
    /// report cites ([`Level::obstacle_origin`]), without holding each
    /// edge's line and column ([`Level::edge_location`] is `None`).
    pub fn read_citing_obstacles<'a>(
        source: impl Into<Source<'a>>,
        timings: &mut Timings,
    ) -> Result<AnyLevel, Failure> {
        AnyLevel::read_with(source.into(), timings, Keep::ObstacleLines)
    }

    /// As [`AnyLevel::read`], keeping the source text for
    /// [`Level::source_text`]: `prune` and `bake` edit it.
    pub fn read_keeping_text<'a>(
        source: impl Into<Source<'a>>,
        timings: &mut Timings,
    ) -> Result<AnyLevel, Failure> {
        AnyLevel::read_with(source.into(), timings, Keep::Text)
    }

    fn read_with(
        source: Source<'_>,
        timings: &mut Timings,
        keep: Keep,
    ) -> Result<AnyLevel, Failure> {
        let path = source.path;
        let start = std::time::Instant::now();
        let obstacles: Vec<&Path> = source
            .tiled
            .map(|t| t.files().collect())
            .unwrap_or_default();
        if path.as_os_str() == "-" && obstacles.iter().any(|tmx| tmx.as_os_str() == "-") {
            return Err(Failure::Usage(
                "cannot read both the map and --obstacles from standard input: \
                 name one of them by its path"
                    .into(),
            ));
        }
        let (bytes, source_name, stamp) = read_input_stamped(path, "map", MAP_BUFFER_AT_LEAST)?;
        timings.record("read", start.elapsed());
        let hinted = |e: LoadError| match map_hint(path, &bytes[..bytes.len().min(4096)]) {
            Some(hint) => Failure::Located(with_hint(&e.to_string(), &hint)),
            None => Failure::from(e),
        };
        let mut cited = Citations::default();
        let mut phases = |phase, took| timings.record(phase, took);
        let loader = AnyMap::loader().phases(&mut phases);
        let loaded = match keep {
            Keep::Citations => loader
                .cite(Cite::ObstaclesAndEdges, &mut cited)
                .read_bytes(&bytes, &source_name),
            Keep::ObstacleLines => loader
                .cite(Cite::Obstacles, &mut cited)
                .read_bytes(&bytes, &source_name),
            Keep::Nothing | Keep::Text => loader.read_bytes(&bytes, &source_name),
        }
        .map_err(hinted)?;
        let citations = matches!(keep, Keep::Citations | Keep::ObstacleLines).then_some(cited);
        // Dropped here, not at the end of the function: a binding that is
        // moved on one branch only lives to the end of its scope otherwise,
        // through the R-tree build where memory peaks.
        // A regular file's text is read again when the edit is written.
        let text = match (keep, stamp) {
            (Keep::Text, Some(stamp)) => {
                drop(bytes);
                SourceText::OnDisk {
                    path: path.to_path_buf(),
                    stamp,
                }
            }
            (Keep::Text, None) => SourceText::Held(bytes),
            _ => {
                drop(bytes);
                SourceText::None
            }
        };
        match loaded {
            AnyMap::Plane(map) => {
                if let Some(obj) = obstacles.iter().find(|p| obj_input::is_obj(p)) {
                    return Err(Failure::Usage(format!(
                        "--obstacles `{}`: an OBJ file holds 3D meshes, and `{source_name}` \
                         is a flat level (its nodes have two coordinates); give a flat level's \
                         obstacles as a Tiled map (--obstacles level.tmx), or give the level's \
                         nodes a height",
                        obj.display()
                    )));
                }
                let (map, tiled) = tiled_input::add(map, path, source.tiled, timings)
                    .map_err(|f| obstacles_hinted(f, &obstacles, FileKind::Tiled))?;
                index(&map, timings);
                tiled.warn_if_off_the_network(&map, source.tiled);
                Ok(AnyLevel::Plane(Level::new(
                    map,
                    text,
                    citations,
                    Imported::Tiled(tiled),
                )))
            }
            AnyMap::Space(map) => {
                let (map, obj) = obj_input::add(map, &source_name, source.tiled, timings)
                    .map_err(|f| obstacles_hinted(f, &obstacles, FileKind::Obj))?;
                index(&map, timings);
                Ok(AnyLevel::Space(Level::new(
                    map,
                    text,
                    citations,
                    Imported::Obj(obj),
                )))
            }
        }
    }
}

/// Builds the map's R-tree now, timed as the `R-tree` phase: a level read
/// to be measured is indexed before the measuring starts, once the
/// obstacles of `--obstacles` joined it, so that `--timings` shows the two
/// apart.
fn index<D: Shown>(map: &Map<D>, timings: &mut Timings) {
    let start = std::time::Instant::now();
    map.obstacle_index();
    timings.record("R-tree", start.elapsed());
}

/// `failure` to read the `--obstacles` files, with a hint when one of them
/// is not of the `expected` kind (a level given as `--obstacles yard.ron`).
/// Usage errors say what to give already.
fn obstacles_hinted(failure: Failure, obstacles: &[&Path], expected: FileKind) -> Failure {
    let hint = obstacles
        .iter()
        .find_map(|path| obstacles_hint(path, expected));
    match (failure, hint) {
        (Failure::Io(message) | Failure::Located(message), Some(hint)) => {
            let message = if message.starts_with("error") {
                message
            } else {
                format!("error: {message}")
            };
            Failure::Located(with_hint(&message, &hint))
        }
        (failure, _) => failure,
    }
}

impl<D: Shown> Level<D> {
    fn new(
        map: Map<D>,
        text: SourceText,
        citations: Option<Citations>,
        imported: Imported,
    ) -> Level<D> {
        Level {
            map,
            text,
            citations: citations.map(OnceCell::from).unwrap_or_default(),
            imported,
        }
    }

    /// Where the map's own edges and obstacles start: recorded by the
    /// parse, or walked from the kept text; none when neither was kept.
    fn citations(&self) -> &Citations {
        self.citations.get_or_init(|| match self.text.text() {
            Ok(Some(text)) => Citations::from(SourceCitations::walked(&text)),
            _ => Citations::default(),
        })
    }

    /// The map's source text, when the level was read keeping it and it is
    /// UTF-8 (as a map that loaded is): read again from its file, when it
    /// came from one, which must not have changed since.
    pub fn source_text(&self) -> Result<Option<Cow<'_, str>>, Failure> {
        self.text.text()
    }

    /// Whether the level was read keeping its source text (which may be
    /// empty or not UTF-8: [`Level::source_text`] says).
    pub fn keeps_text(&self) -> bool {
        !matches!(self.text, SourceText::None)
    }

    /// How many obstacles are the map's own: the rest came from
    /// `--obstacles`, and are not written into the map.
    pub fn own_obstacles(&self) -> usize {
        self.map.obstacles().len() - self.imported_count()
    }

    fn imported_count(&self) -> usize {
        match &self.imported {
            Imported::Tiled(tiled) => tiled.count(),
            Imported::Obj(obj) => obj.count(),
        }
    }

    /// Where obstacle `i` comes from: `line 57` of the map, or
    /// `level.tmx object 12`, or `level.obj object `arch``.
    pub fn obstacle_origin(&self, i: usize) -> Option<String> {
        let imported = match &self.imported {
            Imported::Tiled(tiled) => tiled.source(i),
            Imported::Obj(obj) => obj.source(i),
        };
        match imported {
            Some(source) => Some(source),
            None => self.obstacle_line(i).map(|l| format!("line {l}")),
        }
    }

    /// Where obstacle `i` comes from, as [`Level::obstacle_origin`], and for
    /// a mesh from an OBJ file the triangle that holds its closest point
    /// `at` and its face's line: `level.obj object `arch` at line 2,
    /// triangle 417 at line 5519` (or `inside it`).
    pub fn obstacle_cited(&self, i: usize, at: D::Point) -> Option<String> {
        let origin = self.obstacle_origin(i)?;
        Some(match self.obj_spot(i, at) {
            Some((MeshSpot::Triangle(t), Some(line))) => {
                format!("{origin}, triangle {t} at line {line}")
            }
            Some((MeshSpot::Triangle(t), None)) => format!("{origin}, triangle {t}"),
            Some((MeshSpot::Inside, _)) => format!("{origin}, inside it"),
            None => origin,
        })
    }

    /// For a mesh read from an OBJ file, where its closest point `at` lies:
    /// the triangle (with its face's line in the file) or inside the solid;
    /// `None` for every other obstacle.
    pub fn obj_spot(&self, i: usize, at: D::Point) -> Option<(MeshSpot, Option<usize>)> {
        let Imported::Obj(obj) = &self.imported else {
            return None;
        };
        let spot = obj
            .triangles(i)
            .and_then(|triangles| D::mesh_spot(&self.map.obstacles()[i], at, triangles))?;
        let line = match spot {
            MeshSpot::Triangle(t) => obj.triangle_line(i, t),
            MeshSpot::Inside => None,
        };
        Some((spot, line))
    }

    /// The 1-based line on which obstacle `i` starts in the source; `None`
    /// unless the level was read with [`AnyLevel::read_citing_lines`] or
    /// [`AnyLevel::read_citing_obstacles`] (or keeping its text).
    pub fn obstacle_line(&self, i: usize) -> Option<usize> {
        self.citations().obstacle_line(i)
    }
}

impl<D: Shown> Level<D> {
    /// The line and column at which edge `i` starts in the source, for CI
    /// annotations; `None` unless the level was read with
    /// [`AnyLevel::read_citing_lines`] (or keeping its text).
    pub fn edge_location(&self, i: usize) -> Option<Location> {
        self.citations().edge_location(i)
    }
}

/// The address space a map's bytes are read into, at the least: more than
/// glibc's 32 MiB cap on its dynamic `mmap` threshold.
///
/// The text is freed before the index is built, where memory peaks. glibc
/// serves a block this large with `mmap`, and when such a block of up to
/// 32 MiB is freed it raises its `mmap` threshold to the block's size (and
/// its trim threshold to twice that, see mallopt(3)), so every smaller
/// block after it comes from the heap and is not given back when freed:
/// 12 MB more at the peak of a 23 MB level. A buffer above the cap leaves
/// the thresholds alone; the pages never written are never resident, so it
/// costs nothing. Elsewhere than glibc it is a plain read.
pub(super) const MAP_BUFFER_AT_LEAST: usize = 40 << 20;

/// The bytes of an input file, or of standard input for `-`, and the name
/// to give it in messages. A regular file is read whole, on every core
/// ([`bounded_read::read_file_text`]); other input goes through the guarded
/// reader, which stops at its first binary byte and at `--max-input-size`.
/// Either way the parser checks the bytes and names a binary byte. `kind`
/// (`map`, `grid`) names it in errors; the buffer holds at least `at_least`
/// bytes of address space.
pub fn read_input(path: &Path, kind: &str, at_least: usize) -> Result<(Vec<u8>, String), Failure> {
    read_input_stamped(path, kind, at_least).map(|(bytes, name, _)| (bytes, name))
}

/// As [`read_input`], with the stamp of a regular file as it was read
/// (`None` for standard input and other streams): a command that edits
/// the text can read it again when it writes the edit, rather than hold it.
fn read_input_stamped(
    path: &Path,
    kind: &str,
    at_least: usize,
) -> Result<(Vec<u8>, String, Option<FileStamp>), Failure> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::with_capacity(at_least);
        read_text(
            std::io::stdin().lock(),
            &mut bytes,
            bounded_read::stdin_is_unbounded(),
        )
        .map_err(|e| read_failure(e, &format!("the {kind} from standard input")))?;
        return Ok((bytes, "<stdin>".to_string(), None));
    }
    let what = format!("{kind} `{}`", path.display());
    let cannot_read = |e: std::io::Error| Failure::Io(format!("cannot read {what}: {e}"));
    let file = std::fs::File::open(path).map_err(cannot_read)?;
    let metadata = file.metadata().map_err(cannot_read)?;
    let size = usize::try_from(metadata.len()).unwrap_or(0);
    let mut bytes = Vec::with_capacity(size.saturating_add(1).max(at_least));
    #[cfg(unix)]
    if metadata.is_file() {
        bounded_read::read_file_text(&file, size, &mut bytes)
            .map_err(|e| read_failure(e, &what))?;
        let stamp = file.metadata().map(|m| FileStamp::of(&m)).ok();
        return Ok((bytes, path.display().to_string(), stamp));
    }
    read_text(&file, &mut bytes, bounded_read::is_unbounded(&metadata))
        .map_err(|e| read_failure(e, &what))?;
    Ok((bytes, path.display().to_string(), None))
}

/// A failed or refused read of `what` (`map \`x.ron\``).
pub fn read_failure(e: ReadError, what: &str) -> Failure {
    match e {
        ReadError::Io(e) => Failure::Io(format!("cannot read {what}: {e}")),
        ReadError::TooLarge { limit } => Failure::Io(format!(
            "cannot read {what}: it holds more than {}, the limit on input that is not a \
             regular file; raise it with --max-input-size (say --max-input-size 4G), or \
             read it from a file instead",
            bounded_read::size_text(limit)
        )),
    }
}
