//! The error a map load ends with, rendered as a rustc-style diagnostic.

use std::fmt::Write as _;

pub use clearway_format::locate::Location;

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
}

/// A short excerpt of the offending line, with the bad value underlined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Snippet {
    /// The excerpt, at most about 80 chars, `…` marking cut text.
    pub(crate) excerpt: String,
    /// The char index in `excerpt` where the underline starts.
    pub(crate) caret: usize,
    /// How many chars to underline (at least 1).
    pub(crate) width: usize,
    /// The label written after the underline.
    pub(crate) label: String,
}

/// How many chars of context a snippet shows on each side of the caret.
const CONTEXT_CHARS: usize = 40;

impl Snippet {
    /// The excerpt of the line of `text` around byte `span.start`, underlining
    /// the span (clipped to the excerpt). Scans at most a few dozen chars past
    /// the caret, however long the line.
    pub(crate) fn new(text: &str, span: std::ops::Range<usize>, label: String) -> Snippet {
        let start = floor_char_boundary(text, span.start);
        let end = floor_char_boundary(text, span.end.max(start));
        let before: Vec<usize> = text[..start]
            .char_indices()
            .rev()
            .take_while(|&(_, c)| c != '\n')
            .take(CONTEXT_CHARS + 1)
            .map(|(i, _)| i)
            .collect();
        let cut_before = before.len() > CONTEXT_CHARS;
        let kept = before.len().min(CONTEXT_CHARS);
        let left = before
            .get(..kept)
            .and_then(<[usize]>::last)
            .copied()
            .unwrap_or(start);

        let mut right = start;
        let mut cut_after = false;
        for (taken, (i, c)) in text[start..].char_indices().enumerate() {
            if c == '\n' || c == '\r' {
                break;
            }
            if taken == CONTEXT_CHARS {
                cut_after = true;
                break;
            }
            right = start + i + c.len_utf8();
        }

        let mut excerpt = String::new();
        if cut_before {
            excerpt.push('…');
        }
        excerpt.extend(
            text[left..right]
                .chars()
                // Control characters (in a binary file) would garble the
                // terminal: each shows as one replacement character.
                .map(|c| match c {
                    '\t' => ' ',
                    c if c.is_control() => '\u{FFFD}',
                    c => c,
                }),
        );
        if cut_after {
            excerpt.push('…');
        }
        let caret = usize::from(cut_before) + text[left..start].chars().count();
        let width = text[start..end.clamp(start, right)].chars().count().max(1);
        Snippet {
            excerpt,
            caret,
            width,
            label,
        }
    }
}

/// The largest char boundary of `text` at or below `offset`.
fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Why a map could not be loaded, and where.
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
#[derive(Debug, thiserror::Error)]
#[error("{}", self.render())]
pub struct LoadError {
    inner: Box<Inner>,
    #[source]
    io: Option<std::io::Error>,
}

/// The parts of a [`LoadError`], boxed to keep `Result`s small.
#[derive(Debug)]
struct Inner {
    kind: LoadErrorKind,
    source_name: String,
    message: String,
    location: Option<Location>,
    snippet: Option<Snippet>,
    related: Option<Location>,
}

impl LoadError {
    /// An error with no position in the text.
    pub(crate) fn new(kind: LoadErrorKind, source_name: &str, message: String) -> LoadError {
        LoadError {
            inner: Box::new(Inner {
                kind,
                source_name: source_name.to_owned(),
                message,
                location: None,
                snippet: None,
                related: None,
            }),
            io: None,
        }
    }

    /// An I/O error reading `source_name`.
    pub(crate) fn io(source_name: &str, message: String, io: std::io::Error) -> LoadError {
        LoadError {
            io: Some(io),
            ..LoadError::new(LoadErrorKind::Io, source_name, message)
        }
    }

    /// Places the error at `span` of `text`, with an underline labelled `label`.
    pub(crate) fn at(mut self, text: &str, span: std::ops::Range<usize>, label: String) -> Self {
        let (line, column) = clearway_format::locate::line_col(text, span.start);
        self.inner.location = Some(Location { line, column });
        self.inner.snippet = Some(Snippet::new(text, span, label));
        self
    }

    /// Adds the location of a first definition (for duplicates).
    pub(crate) fn with_related(mut self, related: Option<Location>) -> Self {
        self.inner.related = related;
        self
    }

    /// The class of the error.
    pub fn kind(&self) -> LoadErrorKind {
        self.inner.kind
    }

    /// Where in the text the error is, if it is in the text at all (I/O
    /// errors are not).
    pub fn location(&self) -> Option<Location> {
        self.inner.location
    }

    /// For a duplicate node id or agent name, where the first definition is.
    pub fn related_location(&self) -> Option<Location> {
        self.inner.related
    }

    /// The name of the map source (usually its path), as given to the loader.
    pub fn source_name(&self) -> &str {
        &self.inner.source_name
    }

    /// The one-line headline of the error, without location or snippet.
    pub fn message(&self) -> &str {
        &self.inner.message
    }

    /// The full diagnostic: headline, location, snippet and note.
    fn render(&self) -> String {
        let this = &self.inner;
        let mut out = render_located(
            &this.message,
            &this.source_name,
            this.location,
            this.snippet.as_ref(),
        );
        if let (Some(location), Some(related)) = (this.location, this.related) {
            let gutter = " ".repeat(location.line.to_string().len() + 1);
            let _ = write!(
                out,
                "\n{gutter} = note: first defined at {}:{related}",
                this.source_name
            );
        }
        out
    }
}

/// A located diagnostic as rustc writes one: `error: message`, then
/// `--> source:line:col` and the source line with the span underlined.
/// Shared by map and OBJ errors, so both read alike.
pub(crate) fn render_located(
    message: &str,
    source_name: &str,
    location: Option<Location>,
    snippet: Option<&Snippet>,
) -> String {
    let mut out = format!("error: {message}");
    let Some(location) = location else {
        return out;
    };
    let number = location.line.to_string();
    let gutter = " ".repeat(number.len());
    let _ = write!(out, "\n{gutter} --> {source_name}:{location}");
    if let Some(snippet) = snippet {
        let gutter = format!(" {gutter}");
        let source_line = format!(" {number} | {}", snippet.excerpt);
        let _ = write!(
            out,
            "\n{gutter} |\n{}\n{gutter} | {}{} {}",
            source_line.trim_end(),
            " ".repeat(snippet.caret),
            "^".repeat(snippet.width),
            snippet.label
        );
    }
    out
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

    #[test]
    fn snippets_of_long_lines_are_cut() {
        let text = format!("{}X{}", "a".repeat(1000), "b".repeat(1000));
        let s = Snippet::new(&text, 1000..1001, "here".into());
        assert_eq!(s.excerpt.chars().count(), 1 + 40 + 40 + 1);
        assert!(s.excerpt.starts_with('…') && s.excerpt.ends_with('…'));
        assert_eq!(s.excerpt.chars().nth(s.caret), Some('X'));
        assert_eq!(s.width, 1);
    }

    #[test]
    fn snippets_of_short_lines_are_whole() {
        let text = "ab\n\tcdé fg\r\nh";
        let s = Snippet::new(text, 9..11, "x".into());
        assert_eq!(s.excerpt, " cdé fg");
        assert_eq!((s.caret, s.width), (5, 2));
        let s = Snippet::new(text, text.len()..text.len(), "end".into());
        assert_eq!((s.excerpt.as_str(), s.caret, s.width), ("h", 1, 1));
    }
}
