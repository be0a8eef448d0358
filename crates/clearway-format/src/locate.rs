//! A lazy locator: finds where a value sits in RON source text.
//!
//! Loading never builds a position table. Only when validation rejects a
//! value does the loader come here, with the [`DocPath`] of the bad value,
//! and re-scan the text with the [`Scanner`] to find its byte span.
//!
//! Every function here returns `None` rather than panicking on text it does
//! not understand, and none of them recurses: nesting depth costs nothing.

use std::fmt;
use std::ops::Range;

use crate::ron_scanner::{Child, Scanner, Value};

/// A position in the map text: 1-based line, and 1-based column counted in
/// chars (not bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Location {
    /// The line, from 1.
    pub line: usize,
    /// The column in chars, from 1.
    pub column: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// One step of a [`DocPath`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A named field of a struct or struct variant: `.pos`.
    Field(&'static str),
    /// An element of a list: `[3]`.
    Item(usize),
    /// An element of a tuple, or the content of a tuple variant: `.1`.
    Elem(usize),
}

/// A path from the document root to one value, such as `nodes[3].pos.1`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DocPath(Vec<Step>);

impl DocPath {
    /// The path of the `index`-th element of a top-level list field.
    pub fn item(field: &'static str, index: usize) -> Self {
        DocPath(vec![Step::Field(field), Step::Item(index)])
    }

    /// This path extended by a named field.
    pub fn field(mut self, name: &'static str) -> Self {
        self.0.push(Step::Field(name));
        self
    }

    /// This path extended by a tuple element.
    pub fn elem(mut self, index: usize) -> Self {
        self.0.push(Step::Elem(index));
        self
    }

    /// This path extended by a list item.
    pub fn at(mut self, index: usize) -> Self {
        self.0.push(Step::Item(index));
        self
    }

    /// The steps, from the root.
    pub fn steps(&self) -> &[Step] {
        &self.0
    }
}

impl fmt::Display for DocPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.0.iter().enumerate() {
            match step {
                Step::Field(name) if i == 0 => f.write_str(name)?,
                Step::Field(name) => write!(f, ".{name}")?,
                Step::Item(index) => write!(f, "[{index}]")?,
                Step::Elem(index) => write!(f, ".{index}")?,
            }
        }
        Ok(())
    }
}

/// The byte span of the value at `path` in `text`.
///
/// A value written as `Some(x)` is located at `x`. Returns `None` if the path
/// does not exist in the text.
pub fn locate(text: &str, path: &DocPath) -> Option<Range<usize>> {
    let scanner = Scanner::new(text);
    let mut value = scanner.root()?;
    for step in path.steps() {
        value = child(&scanner, value, *step)?;
    }
    scanner.span_of(value)
}

/// The byte span of the value at `path`, or failing that of its deepest
/// ancestor that can be found (the text may be written with RON extensions
/// the locator does not model, such as `unwrap_variant_newtypes`).
pub fn locate_nearest(text: &str, path: &DocPath) -> Option<Range<usize>> {
    let scanner = Scanner::new(text);
    let mut value = scanner.root()?;
    for step in path.steps() {
        match child(&scanner, value, *step) {
            Some(child) => value = child,
            None => break,
        }
    }
    scanner.span_of(value)
}

/// The 1-based line of each element of the top-level list field `field`
/// (`obstacles`, `edges`, ...), in order; `None` if the field is absent or
/// the text cannot be walked.
///
/// ```
/// let text = "Map(\n  obstacles: [\n    Point((0, 0)),\n\n    Point((1, 1)),\n  ],\n)";
/// assert_eq!(clearway_format::locate::list_item_lines(text, "obstacles"), Some(vec![3, 5]));
/// ```
pub fn list_item_lines(text: &str, field: &str) -> Option<Vec<usize>> {
    let locations = list_item_locations(text, field)?;
    Some(locations.iter().map(|l| l.line).collect())
}

/// The 1-based line and column (in chars) at which each element of the
/// top-level list field `field` starts, in order; `None` as for
/// [`list_item_lines`]. One pass over the text, even when every element is
/// on one line.
///
/// ```
/// use clearway_format::locate::{Location, list_item_locations};
/// let text = "Map(\n  edges: [(from: 1, to: 2), (from: 2, to: 3)],\n)";
/// let at = |line, column| Location { line, column };
/// assert_eq!(list_item_locations(text, "edges"), Some(vec![at(2, 11), at(2, 29)]));
/// ```
pub fn list_item_locations(text: &str, field: &str) -> Option<Vec<Location>> {
    let scanner = Scanner::new(text);
    let root = scanner.root()?;
    let open = scanner.open_of(root)?;
    let list = scanner.field(open, field)?;
    let list_open = scanner.open_of(list.value)?;
    if scanner.byte(list_open) != Some(b'[') {
        return None;
    }
    let (line, column) = line_col(text, list_open);
    let mut at = Location { line, column };
    let mut counted_to = list_open;
    let mut locations = Vec::new();
    let children: Option<Vec<Child>> = scanner.children(list_open).collect();
    for child in children? {
        let between = text.get(counted_to..child.value.start)?;
        match between.rfind('\n') {
            Some(n) => {
                at.line += count_newlines(between.as_bytes());
                at.column = 1 + between[n + 1..].chars().count();
            }
            None => at.column += between.chars().count(),
        }
        counted_to = child.value.start;
        locations.push(at);
    }
    Some(locations)
}

/// The innermost bracket (`(`, `[` or `{`) still open at byte `offset`.
pub fn innermost_open(text: &str, offset: usize) -> Option<u8> {
    let scanner = Scanner::new(text);
    let mut stack = Vec::new();
    let mut pos = 0;
    while pos < offset {
        pos = scanner.skip_trivia(pos)?;
        if pos >= offset {
            break;
        }
        match scanner.byte(pos)? {
            open @ (b'(' | b'[' | b'{') => {
                stack.push(open);
                pos += 1;
            }
            b')' | b']' | b'}' => {
                stack.pop();
                pos += 1;
            }
            _ => pos = scanner.token_end(pos)?,
        }
    }
    stack.last().copied()
}

/// Whether `text` holds nothing but whitespace and comments. An unclosed
/// block comment counts as content (the parser reports it).
pub fn is_blank(text: &str) -> bool {
    Scanner::new(text).skip_trivia(0) == Some(text.len())
}

/// The first byte offset at or after `offset` that is not whitespace or a
/// comment.
pub fn next_token(text: &str, offset: usize) -> Option<usize> {
    Scanner::new(text).skip_trivia(offset)
}

fn count_newlines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

/// The value one `step` below `value`. `Some(..)` wrappers are looked
/// through.
fn child(scanner: &Scanner<'_>, value: Value, step: Step) -> Option<Value> {
    let value = scanner.unwrap_some(value)?;
    let open = scanner.open_of(value)?;
    let child = match step {
        Step::Field(field) => scanner.field(open, field),
        Step::Item(index) | Step::Elem(index) => scanner.children(open).nth(index).flatten(),
    };
    child.map(|c| c.value)
}

/// A 1-based line and column (in chars) for a byte offset of `text`.
///
/// An offset inside a multi-byte char, or past the end, is clamped.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text.as_bytes()[..offset];
    let line = 1 + count_newlines(before);
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |n| n + 1);
    let column = 1 + text[line_start..offset].chars().count();
    (line, column)
}

/// The byte offset of a 1-based line and column (in chars), clamped to the
/// end of that line (or of the text).
pub fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut line_start = 0;
    for _ in 1..line {
        match text.as_bytes()[line_start..]
            .iter()
            .position(|&b| b == b'\n')
        {
            Some(n) => line_start += n + 1,
            None => return text.len(),
        }
    }
    let rest = &text[line_start..];
    let offset = rest
        .char_indices()
        .take_while(|&(_, c)| c != '\n')
        .nth(column.saturating_sub(1))
        .map_or_else(|| rest.find('\n').unwrap_or(rest.len()), |(i, _)| i);
    line_start + offset
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span_text<'a>(text: &'a str, path: &DocPath) -> Option<&'a str> {
        locate(text, path).and_then(|r| text.get(r))
    }

    const EXAMPLE: &str = r#"// maps/example.ron
Map(
    agents: [
        (name: "soldier", radius: 0.4),
        (name: "tank", radius: 1.5),
    ],
    nodes: [
        (id: 0, pos: (0.0, 0.0)),
        (id: 1, pos: (10.0, 0.0), name: "gate"),
        (id: 2, pos: (10.0, 8.0)),
    ],
    edges: [
        (from: 0, to: 1),                 // two-way by default
        (from: 1, to: 2, one_way: true),  // from -> to only
        (from: 0, to: 2, cost: 30.0),     // explicit cost
    ],
    obstacles: [
        Point((4.0, 0.3)),
        Circle(center: (7.0, 4.0), radius: 0.75),
        Segment(from: (2.0, -3.0), to: (2.0, -1.0)),
        Polygon([(12.0, 1.0), (14.0, 1.0), (14.0, 3.0)]),
    ],
)
"#;

    #[test]
    fn finds_fields_items_and_tuple_elements() {
        let p = DocPath::item("nodes", 1).field("pos").elem(0);
        assert_eq!(span_text(EXAMPLE, &p), Some("10.0"));
        let p = DocPath::item("nodes", 2);
        assert_eq!(span_text(EXAMPLE, &p), Some("(id: 2, pos: (10.0, 8.0))"));
        let p = DocPath::item("edges", 2).field("cost");
        assert_eq!(span_text(EXAMPLE, &p), Some("30.0"));
        let p = DocPath::item("agents", 1).field("name");
        assert_eq!(span_text(EXAMPLE, &p), Some("\"tank\""));
    }

    #[test]
    fn finds_inside_enum_variants() {
        let p = DocPath::item("obstacles", 1).field("radius");
        assert_eq!(span_text(EXAMPLE, &p), Some("0.75"));
        let p = DocPath::item("obstacles", 0).elem(0).elem(1);
        assert_eq!(span_text(EXAMPLE, &p), Some("0.3"));
        let p = DocPath::item("obstacles", 3).elem(0).at(2).elem(1);
        assert_eq!(span_text(EXAMPLE, &p), Some("3.0"));
        let p = DocPath::item("obstacles", 3);
        assert_eq!(
            span_text(EXAMPLE, &p),
            Some("Polygon([(12.0, 1.0), (14.0, 1.0), (14.0, 3.0)])")
        );
    }

    #[test]
    fn missing_paths_are_none() {
        assert_eq!(locate(EXAMPLE, &DocPath::item("nodes", 3)), None);
        assert_eq!(
            locate(EXAMPLE, &DocPath::item("nodes", 0).field("name")),
            None
        );
        assert_eq!(locate(EXAMPLE, &DocPath::item("zones", 0)), None);
        assert_eq!(locate("", &DocPath::item("nodes", 0)), None);
    }

    #[test]
    fn skips_comments_strings_and_raw_strings() {
        let text = r####"/* a /* nested */ ( comment */ #![enable(implicit_some)]
(
  agents: [(name: "a,)]\"(", radius: 1), (name: r#"x")]"#, radius: 2),
           (radius: 3, name: 'c')],
  // nodes: [(id: 9)],
  nodes: [ /* ] */ (id: 7, pos: (1, 2)) ],
)"####;
        let p = DocPath::item("agents", 1).field("radius");
        assert_eq!(span_text(text, &p), Some("2"));
        let p = DocPath::item("agents", 2).field("radius");
        assert_eq!(span_text(text, &p), Some("3"));
        let p = DocPath::item("nodes", 0).field("id");
        assert_eq!(span_text(text, &p), Some("7"));
        assert_eq!(list_item_lines(text, "agents"), Some(vec![3, 3, 4]));
    }

    #[test]
    fn looks_through_some_and_trailing_commas() {
        let text = "(edges: [(from: 1, to: 2, cost: Some(-3.0),),], nodes: [],)";
        let p = DocPath::item("edges", 0).field("cost");
        assert_eq!(span_text(text, &p), Some("-3.0"));
        assert_eq!(list_item_lines(text, "nodes"), Some(vec![]));
        assert_eq!(list_item_lines(text, "obstacles"), None);
    }

    #[test]
    fn list_item_lines_counts_lines() {
        assert_eq!(
            list_item_lines(EXAMPLE, "obstacles"),
            Some(vec![18, 19, 20, 21])
        );
        assert_eq!(list_item_lines(EXAMPLE, "edges"), Some(vec![13, 14, 15]));
    }

    #[test]
    fn list_item_locations_count_columns_in_chars() {
        let at = |line, column| Location { line, column };
        let text = "(nodes: [(id: 1), (id: 2),\n  /* é */ (id: 3)], edges: [])";
        assert_eq!(
            list_item_locations(text, "nodes"),
            Some(vec![at(1, 10), at(1, 19), at(2, 11)])
        );
        let one_line = "(n: [ 'é', 'ü' ,\t'x' ])";
        assert_eq!(
            list_item_locations(one_line, "n"),
            Some(vec![at(1, 7), at(1, 12), at(1, 18)])
        );
        assert_eq!(list_item_locations(text, "edges"), Some(vec![]));
        assert_eq!(list_item_locations(text, "agents"), None);
    }

    #[test]
    fn deep_nesting_does_not_recurse() {
        let deep = format!("(nodes: {}{})", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(list_item_lines(&deep, "nodes"), Some(vec![1]));
        assert_eq!(innermost_open(&deep, 100_000), Some(b'['));
        let unclosed = format!("(nodes: {}", "[".repeat(100_000));
        assert_eq!(list_item_lines(&unclosed, "nodes"), None);
    }

    #[test]
    fn nearest_falls_back_to_an_ancestor() {
        let text = "#![enable(unwrap_variant_newtypes)]\n(obstacles: [Point(4.0, NaN)])";
        let p = DocPath::item("obstacles", 0).elem(0).elem(1);
        assert_eq!(locate(text, &p), None);
        let span = locate_nearest(text, &p).and_then(|r| text.get(r));
        assert_eq!(span, Some("4.0"));
    }

    #[test]
    fn bad_text_gives_none_not_panics() {
        for text in [
            "(",
            "(a: ",
            "(a: \"",
            "(a: r#\"",
            "/*",
            "(a: 'x",
            ")",
            "(nodes: [1 2])",
        ] {
            assert_eq!(
                locate(text, &DocPath::item("a", 0).field("b")),
                None,
                "{text}"
            );
            let _ = list_item_lines(text, "a");
            let _ = innermost_open(text, text.len());
        }
    }

    #[test]
    fn blank_texts() {
        assert!(is_blank(""));
        assert!(is_blank("  \n// c\n/* /* */ */\t"));
        assert!(!is_blank("/* unclosed"));
        assert!(!is_blank("()"));
    }

    #[test]
    fn innermost_open_bracket() {
        let text = "(nodes: [(id: 1 pos: (1, 2))])";
        assert_eq!(innermost_open(text, 16), Some(b'('));
        assert_eq!(innermost_open(text, 8), Some(b'('));
        assert_eq!(innermost_open(text, 9), Some(b'['));
    }

    #[test]
    fn line_col_round_trip() {
        let text = "ab\ncdé f\n";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 3), (2, 1));
        assert_eq!(line_col(text, 7), (2, 4));
        assert_eq!(line_col(text, 6), (2, 3));
        assert_eq!(offset_of(text, 2, 4), 7);
        assert_eq!(offset_of(text, 2, 99), 9);
        assert_eq!(offset_of(text, 9, 1), text.len());
    }

    #[test]
    fn doc_path_display() {
        let p = DocPath::item("obstacles", 3).elem(0).at(2).elem(1);
        assert_eq!(p.to_string(), "obstacles[3].0[2].1");
        assert_eq!(
            DocPath::item("nodes", 3).field("pos").elem(1).to_string(),
            "nodes[3].pos.1"
        );
    }
}
