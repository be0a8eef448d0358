//! The error an OBJ import ends with, rendered as the map loader renders
//! its errors: headline, `file:line:col`, the line with the bad part
//! underlined.

use crate::map::{Location, Snippet, render_located};

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
#[derive(Debug, thiserror::Error)]
#[error("{}", self.render())]
pub struct ObjError {
    inner: Box<Inner>,
    #[source]
    io: Option<std::io::Error>,
}

/// The parts of an [`ObjError`], boxed to keep `Result`s small.
#[derive(Debug)]
struct Inner {
    kind: ObjErrorKind,
    source_name: String,
    message: String,
    location: Option<Location>,
    snippet: Option<Snippet>,
}

impl ObjError {
    /// An error with no position in the text.
    pub(crate) fn new(kind: ObjErrorKind, source_name: &str, message: String) -> ObjError {
        ObjError {
            inner: Box::new(Inner {
                kind,
                source_name: source_name.to_owned(),
                message,
                location: None,
                snippet: None,
            }),
            io: None,
        }
    }

    /// An I/O error reading `source_name`.
    pub(crate) fn io(source_name: &str, message: String, io: std::io::Error) -> ObjError {
        ObjError {
            io: Some(io),
            ..ObjError::new(ObjErrorKind::Io, source_name, message)
        }
    }

    /// Places the error at byte `span` of `text`, with an underline
    /// labelled `label`.
    pub(crate) fn at(mut self, text: &str, span: std::ops::Range<usize>, label: String) -> Self {
        let start = span.start.min(text.len());
        let before = text.get(..start).unwrap_or_default();
        let line_start = before.rfind('\n').map_or(0, |n| n + 1);
        self.inner.location = Some(Location {
            line: 1 + before.bytes().filter(|&b| b == b'\n').count(),
            column: 1 + before[line_start..].chars().count(),
        });
        self.inner.snippet = Some(Snippet::new(text, span, label));
        self
    }

    /// The class of the error.
    pub fn kind(&self) -> ObjErrorKind {
        self.inner.kind
    }

    /// Where in the text the error is (I/O errors have no place).
    pub fn location(&self) -> Option<Location> {
        self.inner.location
    }

    /// The name of the OBJ source (usually its path), as given to the reader.
    pub fn source_name(&self) -> &str {
        &self.inner.source_name
    }

    /// The one-line headline of the error, without location or snippet.
    pub fn message(&self) -> &str {
        &self.inner.message
    }

    /// The full diagnostic: headline, location and snippet, written as
    /// the map loader writes its errors.
    fn render(&self) -> String {
        let this = &self.inner;
        render_located(
            &this.message,
            &this.source_name,
            this.location,
            this.snippet.as_ref(),
        )
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
