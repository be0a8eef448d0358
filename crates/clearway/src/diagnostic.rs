//! A located diagnostic as rustc writes one, for the errors of the map
//! loader and the OBJ reader ([`crate::LoadError`]): the headline,
//! `--> source:line:col`, the source line with the bad part underlined, and
//! for a duplicate the note of where it was first defined.

use std::fmt::{self, Write as _};

use crate::map::Location;

/// An error's parts: its class `K`, where it is, and the I/O error under
/// it, if any. Its `Display` is the full diagnostic.
#[derive(Debug)]
pub(crate) struct Diagnostic<K> {
    parts: Box<Parts<K>>,
    io: Option<std::io::Error>,
}

/// The parts of a [`Diagnostic`], boxed to keep `Result`s small.
#[derive(Debug)]
struct Parts<K> {
    kind: K,
    source_name: String,
    message: String,
    location: Option<Location>,
    snippet: Option<Snippet>,
    related: Option<Location>,
}

impl<K: Copy> Diagnostic<K> {
    /// A diagnostic with no position in the text.
    pub(crate) fn new(kind: K, source_name: &str, message: String) -> Diagnostic<K> {
        Diagnostic {
            parts: Box::new(Parts {
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

    /// An I/O error reading `source_name`, of class `kind`.
    pub(crate) fn io(
        kind: K,
        source_name: &str,
        message: String,
        io: std::io::Error,
    ) -> Diagnostic<K> {
        Diagnostic {
            io: Some(io),
            ..Diagnostic::new(kind, source_name, message)
        }
    }

    /// Places the diagnostic at byte `span` of `text`, with an underline
    /// labelled `label`.
    pub(crate) fn at(mut self, text: &str, span: std::ops::Range<usize>, label: String) -> Self {
        let (line, column) = clearway_format::locate::line_col(text, span.start);
        self.parts.location = Some(Location { line, column });
        self.parts.snippet = Some(Snippet::new(text, span, label));
        self
    }

    /// Adds the location of a first definition (for duplicates).
    pub(crate) fn with_related(mut self, related: Option<Location>) -> Self {
        self.parts.related = related;
        self
    }

    pub(crate) fn kind(&self) -> K {
        self.parts.kind
    }

    pub(crate) fn location(&self) -> Option<Location> {
        self.parts.location
    }

    pub(crate) fn related_location(&self) -> Option<Location> {
        self.parts.related
    }

    pub(crate) fn source_name(&self) -> &str {
        &self.parts.source_name
    }

    pub(crate) fn message(&self) -> &str {
        &self.parts.message
    }

    /// The I/O error under the diagnostic, for `Error::source`.
    pub(crate) fn io_error(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.io.as_ref().map(|e| e as _)
    }
}

/// The full diagnostic: `error: message`, then `--> source:line:col` and the
/// source line with the span underlined, then the note of a first
/// definition.
impl<K> fmt::Display for Diagnostic<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let this = &self.parts;
        let mut out = format!("error: {}", this.message);
        if let Some(location) = this.location {
            let number = location.line.to_string();
            let gutter = " ".repeat(number.len());
            let _ = write!(out, "\n{gutter} --> {}:{location}", this.source_name);
            if let Some(snippet) = &this.snippet {
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
            if let Some(related) = this.related {
                let gutter = " ".repeat(number.len() + 1);
                let _ = write!(
                    out,
                    "\n{gutter} = note: first defined at {}:{related}",
                    this.source_name
                );
            }
        }
        f.write_str(&out)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

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
