//! A lazy locator: finds where a value sits in RON source text.
//!
//! Loading never builds a position table. Only when validation rejects a
//! value does the loader come here, with the [`DocPath`] of the bad value,
//! and re-scan the text to find its byte span. The scanner understands just
//! enough RON to walk the document: comments (`//`, nested `/* */`), strings
//! with escapes, raw strings, char literals, optional struct names, enum
//! variants, `Some(..)`, trailing commas and fields in any order.
//!
//! Every function here returns `None` rather than panicking on text it does
//! not understand, and none of them recurses: nesting depth costs nothing.

use std::fmt;
use std::ops::Range;

use super::error::Location;

/// One step of a [`DocPath`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A named field of a struct or struct variant: `.pos`.
    Field(&'static str),
    /// An element of a list: `[3]`.
    Item(usize),
    /// An element of a tuple, or the content of a tuple variant: `.1`.
    Elem(usize),
}

/// A path from the document root to one value, such as `nodes[3].pos.1`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct DocPath(Vec<Step>);

impl DocPath {
    /// The path of the `index`-th element of a top-level list field.
    pub(crate) fn item(field: &'static str, index: usize) -> Self {
        DocPath(vec![Step::Field(field), Step::Item(index)])
    }

    /// This path extended by a named field.
    pub(crate) fn field(mut self, name: &'static str) -> Self {
        self.0.push(Step::Field(name));
        self
    }

    /// This path extended by a tuple element.
    pub(crate) fn elem(mut self, index: usize) -> Self {
        self.0.push(Step::Elem(index));
        self
    }

    /// This path extended by a list item.
    pub(crate) fn at(mut self, index: usize) -> Self {
        self.0.push(Step::Item(index));
        self
    }

    /// The steps, from the root.
    pub(crate) fn steps(&self) -> &[Step] {
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
pub(crate) fn locate(text: &str, path: &DocPath) -> Option<Range<usize>> {
    let scanner = Scanner::new(text);
    let mut value = scanner.root()?;
    for step in path.steps() {
        value = scanner.child(value, *step)?;
    }
    scanner.span_of(value)
}

/// The byte span of the value at `path`, or failing that of its deepest
/// ancestor that can be found (the text may be written with RON extensions
/// the locator does not model, such as `unwrap_variant_newtypes`).
pub(crate) fn locate_nearest(text: &str, path: &DocPath) -> Option<Range<usize>> {
    let scanner = Scanner::new(text);
    let mut value = scanner.root()?;
    for step in path.steps() {
        match scanner.child(value, *step) {
            Some(child) => value = child,
            None => break,
        }
    }
    scanner.span_of(value)
}

/// The 1-based line of each element of the top-level list field `field`
/// (`obstacles`, `edges`, ...), in order; `None` if the field is absent or
/// the text cannot be walked.
pub(crate) fn list_item_lines(text: &str, field: &str) -> Option<Vec<usize>> {
    let locations = list_item_locations(text, field)?;
    Some(locations.iter().map(|l| l.line).collect())
}

/// The 1-based line and column (in chars) at which each element of the
/// top-level list field `field` starts, in order; `None` as for
/// [`list_item_lines`]. One pass over the text, even when every element is
/// on one line.
pub(crate) fn list_item_locations(text: &str, field: &str) -> Option<Vec<Location>> {
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
pub(crate) fn innermost_open(text: &str, offset: usize) -> Option<u8> {
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
pub(crate) fn is_blank(text: &str) -> bool {
    Scanner::new(text).skip_trivia(0) == Some(text.len())
}

/// The first byte offset at or after `offset` that is not whitespace or a
/// comment.
pub(crate) fn next_token(text: &str, offset: usize) -> Option<usize> {
    Scanner::new(text).skip_trivia(offset)
}

fn count_newlines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

/// A value found in the text: where it starts.
#[derive(Clone, Copy, Debug)]
struct Value {
    start: usize,
}

/// One element of a bracketed group: an optional field name, and its value.
#[derive(Clone, Debug)]
struct Child {
    name: Option<Range<usize>>,
    value: Value,
}

/// What comes next inside a bracketed group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum GroupItem {
    /// The group's closing bracket, at this byte.
    Close(usize),
    /// An element: its `name:` label, if any, and where its value starts.
    Element {
        /// The span of the field name.
        name: Option<Range<usize>>,
        /// The first byte of the value.
        value: usize,
    },
}

/// A byte-level walker over RON text.
pub(crate) struct Scanner<'a> {
    bytes: &'a [u8],
}

impl<'a> Scanner<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Scanner {
            bytes: text.as_bytes(),
        }
    }

    pub(crate) fn byte(&self, pos: usize) -> Option<u8> {
        self.bytes.get(pos).copied()
    }

    fn slice(&self, range: Range<usize>) -> &'a [u8] {
        self.bytes.get(range).unwrap_or_default()
    }

    fn starts_with(&self, pos: usize, prefix: &[u8]) -> bool {
        self.bytes
            .get(pos..)
            .is_some_and(|rest| rest.starts_with(prefix))
    }

    /// The document's top-level value, after any `#![enable(..)]` attributes.
    fn root(&self) -> Option<Value> {
        let mut pos = self.skip_trivia(0)?;
        while self.byte(pos) == Some(b'#') {
            pos += 1;
            if self.byte(pos) == Some(b'!') {
                pos += 1;
            }
            pos = self.skip_trivia(pos)?;
            if self.byte(pos) != Some(b'[') {
                return None;
            }
            pos = self.group_end(pos)?;
            pos = self.skip_trivia(pos)?;
        }
        (pos < self.bytes.len()).then_some(Value { start: pos })
    }

    /// Skips whitespace and comments; `None` on an unclosed block comment.
    pub(crate) fn skip_trivia(&self, mut pos: usize) -> Option<usize> {
        loop {
            match self.byte(pos) {
                Some(b' ' | b'\t' | b'\n' | b'\r') => pos += 1,
                Some(b'/') if self.byte(pos + 1) == Some(b'/') => {
                    pos = self.bytes[pos..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map_or(self.bytes.len(), |n| pos + n);
                }
                Some(b'/') if self.byte(pos + 1) == Some(b'*') => {
                    pos = self.block_comment_end(pos)?
                }
                _ => return Some(pos),
            }
        }
    }

    /// The end of the (nested) block comment starting at `pos`.
    fn block_comment_end(&self, mut pos: usize) -> Option<usize> {
        let mut depth = 0usize;
        loop {
            if self.starts_with(pos, b"/*") {
                depth += 1;
                pos += 2;
            } else if self.starts_with(pos, b"*/") {
                depth = depth.saturating_sub(1);
                pos += 2;
                if depth == 0 {
                    return Some(pos);
                }
            } else if pos < self.bytes.len() {
                pos += 1;
            } else {
                return None;
            }
        }
    }

    /// The end of the single token starting at `pos` (not a bracket, not
    /// trivia): a string, a char, or an identifier/number/punctuation run.
    fn token_end(&self, pos: usize) -> Option<usize> {
        match self.byte(pos)? {
            b'"' => self.string_end(pos),
            b'\'' => self.char_end(pos),
            b'b' if matches!(self.byte(pos + 1), Some(b'"' | b'\'')) => self.token_end(pos + 1),
            b'b' if self.byte(pos + 1) == Some(b'r') && self.is_raw_string(pos + 1) => {
                self.raw_string_end(pos + 1)
            }
            b'r' if self.is_raw_string(pos) => self.raw_string_end(pos),
            b',' | b':' | b';' => Some(pos + 1),
            _ => Some(self.atom_end(pos).max(pos + 1)),
        }
    }

    /// The end of a run of identifier/number characters.
    fn atom_end(&self, pos: usize) -> usize {
        let is_delimiter = |b: &u8| {
            matches!(
                b,
                b' ' | b'\t'
                    | b'\n'
                    | b'\r'
                    | b','
                    | b':'
                    | b'('
                    | b')'
                    | b'['
                    | b']'
                    | b'{'
                    | b'}'
                    | b'"'
                    | b'\''
                    | b'/'
            )
        };
        self.bytes
            .get(pos..)
            .and_then(|rest| rest.iter().position(is_delimiter))
            .map_or(self.bytes.len(), |n| pos + n)
    }

    /// The end of the `"..."` string starting at `pos`.
    fn string_end(&self, pos: usize) -> Option<usize> {
        let mut i = pos + 1;
        loop {
            match self.byte(i)? {
                b'\\' => i += 2,
                b'"' => return Some(i + 1),
                _ => i += 1,
            }
        }
    }

    /// The end of the char literal starting at `pos`.
    fn char_end(&self, pos: usize) -> Option<usize> {
        let mut i = pos + 1;
        loop {
            match self.byte(i)? {
                b'\\' => i += 2,
                b'\'' => return Some(i + 1),
                b'\n' => return None,
                _ => i += 1,
            }
        }
    }

    /// Whether a raw string `r"`, `r#"`, `r##"`... starts at `pos`.
    fn is_raw_string(&self, pos: usize) -> bool {
        if self.byte(pos) != Some(b'r') {
            return false;
        }
        let hashes = self.count_hashes(pos + 1);
        self.byte(pos + 1 + hashes) == Some(b'"')
    }

    fn count_hashes(&self, pos: usize) -> usize {
        self.bytes
            .get(pos..)
            .map_or(0, |rest| rest.iter().take_while(|&&b| b == b'#').count())
    }

    /// The end of the raw string starting at `pos` (at the `r`).
    fn raw_string_end(&self, pos: usize) -> Option<usize> {
        let hashes = self.count_hashes(pos + 1);
        let mut i = pos + 1 + hashes + 1;
        loop {
            if self.byte(i)? == b'"' && self.count_hashes(i + 1) >= hashes {
                return Some(i + 1 + hashes);
            }
            i += 1;
        }
    }

    /// The end of the bracketed group opening at `pos`, without recursion.
    fn group_end(&self, pos: usize) -> Option<usize> {
        let mut depth = 0usize;
        let mut i = pos;
        loop {
            i = self.skip_trivia(i)?;
            match self.byte(i)? {
                b'(' | b'[' | b'{' => {
                    depth += 1;
                    i += 1;
                }
                b')' | b']' | b'}' => {
                    depth = depth.checked_sub(1)?;
                    i += 1;
                    if depth == 0 {
                        return Some(i);
                    }
                }
                _ => i = self.token_end(i)?,
            }
        }
    }

    /// The end of the value starting at `pos`: an optional name followed by
    /// a bracketed group, or a single token.
    pub(crate) fn value_end(&self, pos: usize) -> Option<usize> {
        match self.byte(pos)? {
            b'(' | b'[' | b'{' => self.group_end(pos),
            _ => {
                let end = self.token_end(pos)?;
                if !self.is_identifier(pos..end) {
                    return Some(end);
                }
                let after = self.skip_trivia(end)?;
                if self.byte(after) == Some(b'(') {
                    self.group_end(after)
                } else {
                    Some(end)
                }
            }
        }
    }

    fn is_identifier(&self, range: Range<usize>) -> bool {
        let word = self.slice(range);
        word.first()
            .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'_' || b >= 0x80)
    }

    /// Whether a child is the field `field`.
    fn is_named(&self, child: &Child, field: &str) -> bool {
        child
            .name
            .as_ref()
            .is_some_and(|name| self.slice(name.clone()) == field.as_bytes())
    }

    /// The opening bracket of the document's top-level value, past an
    /// optional struct name; `None` if the document starts with
    /// `#![enable(..)]` attributes, which change how the rest is read.
    pub(crate) fn root_open_without_attributes(&self) -> Option<usize> {
        let start = self.skip_trivia(0)?;
        if self.byte(start)? == b'#' {
            return None;
        }
        self.open_of(Value { start })
    }

    /// What follows at `pos` (after trivia) inside a group: its closing
    /// bracket or the next element.
    pub(crate) fn group_item(&self, pos: usize) -> Option<GroupItem> {
        let pos = self.skip_trivia(pos)?;
        match self.byte(pos)? {
            b')' | b']' | b'}' => Some(GroupItem::Close(pos)),
            _ => {
                let (name, value_start) = self.field_name(pos)?;
                let value = self.skip_trivia(value_start)?;
                Some(GroupItem::Element { name, value })
            }
        }
    }

    /// The opening bracket of the compound value starting at `start`, past
    /// an optional struct or variant name.
    pub(crate) fn open_at(&self, start: usize) -> Option<usize> {
        self.open_of(Value { start })
    }

    /// Whether the text from `pos` holds a `//` or `/* */` comment (outside
    /// strings); `None` if it cannot be walked.
    pub(crate) fn has_comment(&self, mut pos: usize) -> Option<bool> {
        loop {
            match self.byte(pos) {
                None => return Some(false),
                Some(b' ' | b'\t' | b'\n' | b'\r') => pos += 1,
                Some(b'/') if matches!(self.byte(pos + 1), Some(b'/' | b'*')) => return Some(true),
                Some(b'(' | b'[' | b'{' | b')' | b']' | b'}') => pos += 1,
                Some(_) => pos = self.token_end(pos)?,
            }
        }
    }

    /// The opening bracket of a compound value, past an optional struct or
    /// variant name.
    fn open_of(&self, value: Value) -> Option<usize> {
        match self.byte(value.start)? {
            b'(' | b'[' | b'{' => Some(value.start),
            _ => {
                let end = self.token_end(value.start)?;
                if !self.is_identifier(value.start..end) {
                    return None;
                }
                let open = self.skip_trivia(end)?;
                (self.byte(open) == Some(b'(')).then_some(open)
            }
        }
    }

    /// The span of a value, looking through `Some(..)`.
    fn span_of(&self, value: Value) -> Option<Range<usize>> {
        let value = self.unwrap_some(value)?;
        Some(value.start..self.value_end(value.start)?)
    }

    /// `x` for a value written `Some(x)`, the value itself otherwise.
    fn unwrap_some(&self, value: Value) -> Option<Value> {
        if !self.starts_with(value.start, b"Some") {
            return Some(value);
        }
        let end = self.token_end(value.start)?;
        if self.slice(value.start..end) != b"Some" {
            return Some(value);
        }
        match self.open_of(value) {
            Some(open) => Some(self.children(open).next()??.value),
            None => Some(value),
        }
    }

    /// The elements of the group opening at `open`, in order, read lazily.
    fn children(&self, open: usize) -> Children<'_, 'a> {
        Children {
            scanner: self,
            pos: Some(open + 1),
        }
    }

    /// The value of the field `field` of the struct opening at `open`.
    fn field(&self, open: usize, field: &str) -> Option<Child> {
        self.children(open)
            .map_while(|child| child)
            .find(|child| self.is_named(child, field))
    }

    /// The child whose label and value start are `name` and `value`, and
    /// where the next one starts (`None` when this one is the last).
    fn child_at(&self, name: Option<Range<usize>>, value: usize) -> Option<(Child, Option<usize>)> {
        let child = Child {
            name,
            value: Value { start: value },
        };
        let after = self.skip_trivia(self.value_end(value)?)?;
        match self.byte(after)? {
            b',' => Some((child, Some(after + 1))),
            b')' | b']' | b'}' => Some((child, None)),
            _ => None,
        }
    }

    /// If a `name:` field label starts at `pos`, its span and the position
    /// after the colon; otherwise no name and `pos` itself.
    fn field_name(&self, pos: usize) -> Option<(Option<Range<usize>>, usize)> {
        let end = self.token_end(pos)?;
        if !self.is_identifier(pos..end) {
            return Some((None, pos));
        }
        let colon = self.skip_trivia(end)?;
        if self.byte(colon) == Some(b':') && self.byte(colon + 1) != Some(b':') {
            Some((Some(pos..end), colon + 1))
        } else {
            Some((None, pos))
        }
    }

    /// The value one `step` below `value`. `Some(..)` wrappers are looked
    /// through.
    fn child(&self, value: Value, step: Step) -> Option<Value> {
        let value = self.unwrap_some(value)?;
        let open = self.open_of(value)?;
        let child = match step {
            Step::Field(field) => self.field(open, field),
            Step::Item(index) | Step::Elem(index) => self.children(open).nth(index).flatten(),
        };
        child.map(|c| c.value)
    }
}

/// The elements of a bracketed group, read one at a time. Yields
/// `Some(None)` once, and stops, if the text cannot be walked.
struct Children<'s, 'a> {
    scanner: &'s Scanner<'a>,
    /// Where the next element (or the closing bracket) may start, after
    /// trivia; `None` once the group is done.
    pos: Option<usize>,
}

impl Iterator for Children<'_, '_> {
    type Item = Option<Child>;

    fn next(&mut self) -> Option<Option<Child>> {
        let scanner = self.scanner;
        let pos = self.pos.take()?;
        match scanner.group_item(pos) {
            None => Some(None),
            Some(GroupItem::Close(_)) => None,
            Some(GroupItem::Element { name, value }) => {
                Some(scanner.child_at(name, value).map(|(child, next)| {
                    self.pos = next;
                    child
                }))
            }
        }
    }
}

/// A 1-based line and column (in chars) for a byte offset of `text`.
///
/// An offset inside a multi-byte char, or past the end, is clamped.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
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
pub(crate) fn offset_of(text: &str, line: usize, column: usize) -> usize {
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
