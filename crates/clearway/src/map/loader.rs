//! The one way to read a level: [`Map::loader`] (flat levels) or
//! [`Level::loader`] (either dimension), told what to cite and where to
//! report phases, then given a file, bytes or text.

use std::marker::PhantomData;
use std::path::Path;
use std::time::Duration;

use super::Citations;
use super::Map;
use super::error::LoadError;
use super::level::Level;
use super::load::{
    level_from_ron_bytes, level_from_ron_bytes_citing, level_from_ron_str, level_from_wire,
    map_from_ron_bytes, map_from_ron_str, read_map_file,
};
use super::validate::ValidLevel;
use crate::phases::Phases;
use clearway_format::citations::{Cite, SourceCitations};

/// Reads and validates a level from a file, bytes or text (see
/// `docs/MAP_FORMAT.md`), made by [`Map::loader`] for a flat level or
/// [`Level::loader`] for a level of either dimension.
///
/// By default it cites nothing and times nothing; [`Loader::cite`] keeps
/// where each obstacle (and edge) starts in the text, for reports that
/// point at them after the text is gone, and [`Loader::phases`] reports how
/// long the `parse` and `validate` phases took. The obstacle index and the
/// network graph are built when first used: to time the index apart, call
/// [`Map::obstacle_index`] in a phase of your own.
///
/// ```
/// use clearway::{Citations, Cite, Map};
/// let text = "Map(\n  nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))],\n  \
///             edges: [(from: 0, to: 1)],\n  obstacles: [\n    Point((3, 4)),\n  ],\n)";
/// let mut phases = Vec::new();
/// let mut cited = Citations::default();
/// let map = Map::loader()
///     .cite(Cite::Obstacles, &mut cited)
///     .phases(&mut |phase, took| phases.push((phase, took)))
///     .read_str(text, "level.ron")?;
/// assert_eq!(map.obstacles().len(), 1);
/// assert_eq!(cited.obstacle_line(0), Some(5));
/// assert!(phases.iter().any(|(phase, _)| *phase == "validate"));
/// # Ok::<(), clearway::LoadError>(())
/// ```
#[must_use = "a loader reads nothing until given a file, bytes or text"]
pub struct Loader<'a, T = Map> {
    phases: Option<&'a mut dyn Phases>,
    cite: Option<(Cite, &'a mut SourceCitations)>,
    reads: PhantomData<fn() -> T>,
}

impl Map {
    /// A [`Loader`] of flat levels (a 3D level is refused with a located
    /// error; [`Level::loader`] reads either).
    ///
    /// ```
    /// let map = clearway::Map::loader().read_str(
    ///     "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (3, 4), name: \"gate\")],
    ///       edges: [(from: 0, to: 1)])",
    ///     "inline",
    /// )?;
    /// assert_eq!(map.nodes()[1].name.as_deref(), Some("gate"));
    /// assert_eq!(map.edge_segment(clearway::EdgeIdx::new(0)).length(), 5.0);
    ///
    /// let err = clearway::Map::loader()
    ///     .read_str("(nodes: [(id: 0, pos: (0, 0))], edges: [(from: 0, to: 0)])", "x.ron")
    ///     .unwrap_err();
    /// assert_eq!(err.kind(), clearway::LoadErrorKind::SelfLoop);
    /// assert_eq!(err.location().map(|l| (l.line, l.column)), Some((1, 55)));
    /// # Ok::<(), clearway::LoadError>(())
    /// ```
    pub fn loader() -> Loader<'static, Map> {
        Loader::new()
    }
}

impl Level {
    /// A [`Loader`] of levels of either dimension: flat (`pos: (x, y)`) or
    /// 3D (`pos: (x, y, z)`), as the first node says.
    pub fn loader() -> Loader<'static, Level> {
        Loader::new()
    }
}

impl<T: sealed::Read> Loader<'static, T> {
    fn new() -> Self {
        Loader {
            phases: None,
            cite: None,
            reads: PhantomData,
        }
    }
}

impl<'a, T: sealed::Read> Loader<'a, T> {
    /// Tells `phases` how long each phase of the read took, in the order
    /// they ran: `parse` (the text checks and the RON) and `validate`. A
    /// phase may be told more than once (a large level is parsed in
    /// parts): add the durations up.
    ///
    /// ```
    /// use std::time::Duration;
    /// let mut parse = Duration::ZERO;
    /// let text = b"Map(nodes: [(id: 0, pos: (0, 0))])";
    /// clearway::Map::loader()
    ///     .phases(&mut |phase, took| if phase == "parse" { parse += took })
    ///     .read_bytes(text, "level.ron")?;
    /// # Ok::<(), clearway::LoadError>(())
    /// ```
    pub fn phases<'b>(self, phases: &'b mut impl FnMut(&'static str, Duration)) -> Loader<'b, T>
    where
        'a: 'b,
    {
        Loader {
            phases: Some(phases),
            cite: self.cite.map(|(what, into)| (what, &mut *into)),
            reads: PhantomData,
        }
    }

    /// Keeps in `into` where each obstacle, and each edge when `what` asks
    /// for them, starts in the text: lines (and columns) for reports that
    /// cite them once the text is freed. Read from bytes, the big lists'
    /// elements are found by the walk that cuts them for the parse.
    pub fn cite<'b>(self, what: Cite, into: &'b mut Citations) -> Loader<'b, T>
    where
        'a: 'b,
    {
        Loader {
            phases: self.phases.map(|p| p as &'b mut dyn Phases),
            cite: Some((what, &mut into.0)),
            reads: PhantomData,
        }
    }

    /// Reads and validates the file at `path`, named by its path in
    /// messages.
    ///
    /// # Errors
    ///
    /// A [`LoadError`] of kind [`Io`](super::LoadErrorKind::Io) naming the
    /// path if the file is missing, unreadable or a directory; otherwise any
    /// error of [`Loader::read_bytes`].
    pub fn read_file(self, path: impl AsRef<Path>) -> Result<T, LoadError> {
        let (bytes, name) = read_map_file(path.as_ref())?;
        self.read_bytes(&bytes, &name)
    }

    /// Reads and validates raw bytes, which must be UTF-8 RON text.
    /// `source_name` names them in messages only (a path, `<stdin>`, ...).
    ///
    /// # Errors
    ///
    /// [`Binary`](super::LoadErrorKind::Binary) for a NUL byte or another
    /// control character (other than tab, line feed and carriage return),
    /// and [`NotUtf8`](super::LoadErrorKind::NotUtf8) for bytes that are not
    /// UTF-8 (named as UTF-16 when they start as UTF-16 does), both located
    /// at the first bad byte and checked before any parsing; otherwise any
    /// error of [`Loader::read_str`].
    pub fn read_bytes(self, bytes: &[u8], source_name: &str) -> Result<T, LoadError> {
        let mut untimed = ();
        let phases = self.phases.unwrap_or(&mut untimed);
        T::read_bytes(bytes, source_name, phases, self.cite)
    }

    /// Reads and validates RON text. `source_name` names it in messages
    /// only (a path, `<stdin>`, ...).
    ///
    /// # Errors
    ///
    /// A [`LoadError`] located in the text: [`Binary`](super::LoadErrorKind::Binary)
    /// for control characters, [`Empty`](super::LoadErrorKind::Empty) for a
    /// text of only whitespace and comments, a syntax-level kind (`Syntax`,
    /// `WrongType`, `UnknownField`, ...) when the text is not a well-formed
    /// map, and a validation kind (`DuplicateNodeId`, `NonFinite`, ...) when
    /// it is one but breaks a rule of the format.
    pub fn read_str(self, text: &str, source_name: &str) -> Result<T, LoadError> {
        let mut untimed = ();
        let phases = self.phases.unwrap_or(&mut untimed);
        let read = T::read_str(text, source_name, phases)?;
        if let Some((what, into)) = self.cite {
            *into = phases.time("parse", || SourceCitations::walked_citing(text, what));
        }
        Ok(read)
    }
}

impl Level {
    /// A level from the file format's wire types ([`clearway_format::wire`])
    /// built in memory, validated by the rules a map file meets, without
    /// writing and parsing its text: how a binding builds a level from its
    /// own arrays. The level is the one the same file's text would load.
    ///
    /// ```
    /// use clearway::Level;
    /// use clearway_format::wire::MapFile;
    /// let text = "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (3, 4))], edges: [(from: 0, to: 1)])";
    /// let file: MapFile = ron::from_str(text).unwrap();
    /// let (Level::Plane(built), Level::Plane(loaded)) = (
    ///     Level::from_wire(file, "<memory>").unwrap(),
    ///     Level::loader().read_str(text, "doc.ron").unwrap(),
    /// ) else { panic!("a flat level") };
    /// assert_eq!(built.to_ron_string(), loaded.to_ron_string());
    /// let bad: MapFile = ron::from_str("(nodes: [(id: 0, pos: (0, 0)), (id: 0, pos: (1, 0))])").unwrap();
    /// assert!(Level::from_wire(bad, "<memory>").unwrap_err().message().contains("duplicate node id 0"));
    /// ```
    ///
    /// # Errors
    /// The first rule the file breaks, as a [`LoadError`] named
    /// `source_name` with no line and column (there is no text): the
    /// message names the value by its place in the file (`nodes[3]`).
    pub fn from_wire(
        file: clearway_format::wire::MapFile,
        source_name: &str,
    ) -> Result<Level, LoadError> {
        Ok(match level_from_wire(file, source_name)? {
            ValidLevel::Plane(parts) => Level::Plane(Map::from_valid_parts(parts)),
            ValidLevel::Space(parts) => Level::Space(Map::from_valid_parts(parts)),
        })
    }
}

mod sealed {
    use super::*;

    /// What a [`Loader`] reads: a flat [`Map`] or a [`Level`] of either
    /// dimension.
    pub trait Read: Sized {
        fn read_bytes(
            bytes: &[u8],
            source_name: &str,
            phases: &mut dyn Phases,
            cite: Option<(Cite, &mut SourceCitations)>,
        ) -> Result<Self, LoadError>;

        fn read_str(
            text: &str,
            source_name: &str,
            phases: &mut dyn Phases,
        ) -> Result<Self, LoadError>;
    }

    impl Read for Map {
        fn read_bytes(
            bytes: &[u8],
            source_name: &str,
            phases: &mut dyn Phases,
            cite: Option<(Cite, &mut SourceCitations)>,
        ) -> Result<Self, LoadError> {
            let parts = map_from_ron_bytes(bytes, source_name, phases)?;
            if let Some((what, into)) = cite {
                // Bytes that loaded are UTF-8 text.
                let text = std::str::from_utf8(bytes).unwrap_or_default();
                *into = phases.time("parse", || SourceCitations::walked_citing(text, what));
            }
            Ok(Map::from_valid_parts(parts))
        }

        fn read_str(
            text: &str,
            source_name: &str,
            phases: &mut dyn Phases,
        ) -> Result<Self, LoadError> {
            Ok(Map::from_valid_parts(map_from_ron_str(
                text,
                source_name,
                phases,
            )?))
        }
    }

    impl Read for Level {
        fn read_bytes(
            bytes: &[u8],
            source_name: &str,
            phases: &mut dyn Phases,
            cite: Option<(Cite, &mut SourceCitations)>,
        ) -> Result<Self, LoadError> {
            let level = match cite {
                Some((what, into)) => {
                    let (level, cited) =
                        level_from_ron_bytes_citing(bytes, source_name, phases, what)?;
                    *into = cited;
                    level
                }
                None => level_from_ron_bytes(bytes, source_name, phases)?,
            };
            Ok(Level::from_valid(level))
        }

        fn read_str(
            text: &str,
            source_name: &str,
            phases: &mut dyn Phases,
        ) -> Result<Self, LoadError> {
            Ok(Level::from_valid(level_from_ron_str(
                text,
                source_name,
                phases,
            )?))
        }
    }

    impl Level {
        fn from_valid(level: ValidLevel) -> Level {
            match level {
                ValidLevel::Plane(parts) => Level::Plane(Map::from_valid_parts(parts)),
                ValidLevel::Space(parts) => Level::Space(Map::from_valid_parts(parts)),
            }
        }
    }
}
