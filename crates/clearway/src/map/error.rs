//! The error a map load ends with: a [`Diagnostic`] that says where.

pub use clearway_format::locate::Location;

use crate::diagnostic::Diagnostic;

/// The class of a [`LoadError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LoadErrorKind {
    /// The file could not be read (missing, unreadable, a directory).
    Io,
    /// The file is not UTF-8 text.
    NotUtf8,
    /// The file holds a NUL byte or another control character.
    Binary,
    /// The file is empty, or holds only whitespace and comments.
    Empty,
    /// The text is not well-formed RON, or not shaped like a map.
    Syntax,
    /// A value has the wrong type (a string where a number belongs, ...).
    WrongType,
    /// A struct has a field the format does not define.
    UnknownField,
    /// A required field is missing.
    MissingField,
    /// A field is given twice.
    DuplicateField,
    /// An obstacle kind (enum variant) the format does not define.
    UnknownVariant,
    /// Two nodes share an id.
    DuplicateNodeId,
    /// An edge names a node id that no node has.
    UnknownNode,
    /// An edge goes from a node to itself.
    SelfLoop,
    /// A number is NaN or infinite.
    NonFinite,
    /// A radius, cost or clearance is below zero.
    Negative,
    /// A coordinate beyond ±1e15, an integer too large for its type, or a
    /// list of more than 2^32 nodes or edges.
    OutOfRange,
    /// A polygon with fewer than 3 distinct vertices.
    DegeneratePolygon,
    /// Two agent profiles share a name.
    DuplicateAgentName,
    /// A map that mixes 2D and 3D positions.
    MixedDimensions,
    /// An obstacle kind of the other dimension: `Circle` or `Polygon` in a
    /// 3D map, `Sphere`, `Triangle`, `Box` or `Mesh` in a 2D one.
    ObstacleDimension,
    /// A `Box` whose `min` is above its `max` on an axis.
    InvertedBox,
    /// A `Mesh` triangle naming a vertex the mesh does not have.
    MeshIndexOutOfRange,
    /// A valid 3D level, read where only a 2D level can be used.
    ThreeDimensional,
    /// A walking agent's profile that cannot be (a missing or bad
    /// `height`, `climb` or `max_slope`), or one in a 2D level.
    AgentProfile,
    /// An agent's `costs` or `forbid` names an area no edge carries.
    UnknownArea,
    /// An agent's cost multiplier is 0 (a multiplier must be > 0; a
    /// negative or non-finite one is [`LoadErrorKind::Negative`] or
    /// [`LoadErrorKind::NonFinite`]).
    ZeroMultiplier,
    /// An OBJ face names a vertex that does not exist (or the index 0).
    IndexOutOfRange,
    /// An OBJ file has no face at all.
    NoFaces,
    /// `tobj` rejected OBJ text the scan had accepted: a bug in clearway.
    Internal,
}

/// Why a map (or an OBJ file of obstacles, [`crate::obj`]) could not be
/// loaded, and where.
///
/// Its `Display` is a complete diagnostic in the style of rustc:
///
/// ```text
/// error: duplicate node id 3
///   --> maps/x.ron:9:10
///    |
///  9 |         (id: 3, pos: (1.0, 2.0)),
///    |              ^ node id 3 is defined again here
///    = note: first defined at maps/x.ron:4:10
/// ```
#[derive(Debug)]
pub struct LoadError(Diagnostic<LoadErrorKind>);

impl LoadError {
    /// An error with no position in the text.
    pub(crate) fn new(kind: LoadErrorKind, source_name: &str, message: String) -> LoadError {
        LoadError(Diagnostic::new(kind, source_name, message))
    }

    /// An I/O error reading `source_name`.
    pub(crate) fn io(source_name: &str, message: String, io: std::io::Error) -> LoadError {
        LoadError(Diagnostic::io(LoadErrorKind::Io, source_name, message, io))
    }

    /// Places the error at `span` of `text`, with an underline labelled `label`.
    pub(crate) fn at(self, text: &str, span: std::ops::Range<usize>, label: String) -> Self {
        LoadError(self.0.at(text, span, label))
    }

    /// Adds the location of a first definition (for duplicates).
    pub(crate) fn with_related(self, related: Option<Location>) -> Self {
        LoadError(self.0.with_related(related))
    }

    /// The class of the error.
    pub fn kind(&self) -> LoadErrorKind {
        self.0.kind()
    }

    /// Where in the text the error is, if it is in the text at all (I/O
    /// errors are not).
    pub fn location(&self) -> Option<Location> {
        self.0.location()
    }

    twin_pub! {
        /// For a duplicate node id or agent name, where the first definition is.
        fn related_location(&self) -> Option<Location> {
            self.0.related_location()
        }
    }

    /// The name of the map source (usually its path), as given to the loader.
    pub fn source_name(&self) -> &str {
        self.0.source_name()
    }

    /// The one-line headline of the error, without location or snippet.
    pub fn message(&self) -> &str {
        self.0.message()
    }
}

/// The full diagnostic: headline, location, snippet and note.
impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// The I/O error under a file that could not be read.
impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.io_error()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_rustc() {
        let text = "(\n nodes: [\n  (id: 3, pos: (1.0, 2.0)),\n  (id: 3, pos: (0, 0)),\n ],\n)\n";
        let second = text.rfind("3,").unwrap();
        let err = LoadError::new(
            LoadErrorKind::DuplicateNodeId,
            "x.ron",
            "duplicate node id 3".into(),
        )
        .at(
            text,
            second..second + 1,
            "node id 3 is defined again here".into(),
        )
        .with_related(Some(Location { line: 3, column: 8 }));
        assert_eq!(
            err.to_string(),
            "error: duplicate node id 3\n  --> x.ron:4:8\n   |\n 4 |   (id: 3, pos: (0, 0)),\n   |        ^ node id 3 is defined again here\n   = note: first defined at x.ron:3:8"
        );
    }
}
