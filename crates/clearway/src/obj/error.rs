//! The error an OBJ import ends with: a [`Diagnostic`], written as the
//! map loader writes its errors: headline, `file:line:col`, the line with
//! the bad part underlined.

use crate::diagnostic::Diagnostic;
use crate::map::Location;

/// The class of an [`ObjError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ObjErrorKind {
    /// The file could not be read (missing, unreadable, a directory).
    Io,
    /// The file is not UTF-8 text (UTF-16, or bytes that are not UTF-8).
    NotUtf8,
    /// The file holds a NUL byte or another control character.
    Binary,
    /// A line is not a well-formed OBJ statement: an unknown keyword, a word
    /// that is not a number or an index, too few or too many values.
    Syntax,
    /// A coordinate is NaN or infinite.
    NonFinite,
    /// A coordinate beyond ±1e15.
    OutOfRange,
    /// A face names a vertex that does not exist (or the index 0).
    IndexOutOfRange,
    /// The file has no face at all.
    NoFaces,
    /// `tobj` rejected text the scan had accepted: a bug in clearway.
    Internal,
}

/// Why an OBJ file could not be imported, and where.
///
/// Its `Display` is a complete diagnostic, as for map files:
///
/// ```text
/// error: vertex index 9 is out of range: the file has 4 vertices
///   --> level.obj:7:7
///    |
///  7 | f 1 2 9
///    |       ^ no vertex 9
/// ```
#[derive(Debug)]
pub struct ObjError(Diagnostic<ObjErrorKind>);

impl ObjError {
    /// An error with no position in the text.
    pub(crate) fn new(kind: ObjErrorKind, source_name: &str, message: String) -> ObjError {
        ObjError(Diagnostic::new(kind, source_name, message))
    }

    /// An I/O error reading `source_name`.
    pub(crate) fn io(source_name: &str, message: String, io: std::io::Error) -> ObjError {
        ObjError(Diagnostic::io(ObjErrorKind::Io, source_name, message, io))
    }

    /// Places the error at byte `span` of `text`, with an underline
    /// labelled `label`.
    pub(crate) fn at(self, text: &str, span: std::ops::Range<usize>, label: String) -> Self {
        ObjError(self.0.at(text, span, label))
    }

    /// The class of the error.
    pub fn kind(&self) -> ObjErrorKind {
        self.0.kind()
    }

    /// Where in the text the error is (I/O errors have no place).
    pub fn location(&self) -> Option<Location> {
        self.0.location()
    }

    /// The name of the OBJ source (usually its path), as given to the reader.
    pub fn source_name(&self) -> &str {
        self.0.source_name()
    }

    /// The one-line headline of the error, without location or snippet.
    pub fn message(&self) -> &str {
        self.0.message()
    }
}

/// The full diagnostic: headline, location and snippet.
impl std::fmt::Display for ObjError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// The I/O error under a file that could not be read.
impl std::error::Error for ObjError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.io_error()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_the_map_loader() {
        let text = "v 0 0 0\nf 1 2 9\n";
        let at = text.find('9').unwrap();
        let err = ObjError::new(
            ObjErrorKind::IndexOutOfRange,
            "x.obj",
            "vertex index 9 is out of range".into(),
        )
        .at(text, at..at + 1, "no vertex 9".into());
        assert_eq!(
            err.to_string(),
            "error: vertex index 9 is out of range\n  --> x.obj:2:7\n   |\n 2 | f 1 2 9\n   |       ^ no vertex 9"
        );
        assert_eq!(err.location(), Some(Location { line: 2, column: 7 }));
    }
}
