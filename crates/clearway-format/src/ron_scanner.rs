//! A byte-level walker over RON text: just enough RON to walk a document
//! without parsing it. It understands comments (`//`, nested `/* */`),
//! strings with escapes, raw strings, char literals, optional struct names,
//! enum variants, `Some(..)`, trailing commas and fields in any order.
//!
//! The error locator ([`super::locate`]), the chunked parse
//! ([`super::chunked_parse`]) and the edge editor ([`super::edge_edit`])
//! walk the text with it. Every method returns `None` rather than
//! panicking on text it does not understand, and none of them recurses:
//! nesting depth costs nothing.

use std::ops::Range;

/// A value found in the text: where it starts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Value {
    /// The value's first byte.
    pub(crate) start: usize,
}

/// One element of a bracketed group: an optional field name, and its value.
#[derive(Clone, Debug)]
pub(crate) struct Child {
    /// The span of its `name:` label, if any.
    pub(crate) name: Option<Range<usize>>,
    /// Where its value starts.
    pub(crate) value: Value,
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

/// What a byte is to [`Scanner::group_end`]'s one pass: a plain byte, an
/// opening or closing bracket, or one that may open a string, a char or a
/// comment (`"`, `'`, `/`).
const GROUP_BYTES: [u8; 256] = {
    let mut table = [PLAIN; 256];
    table[b'(' as usize] = OPEN;
    table[b'[' as usize] = OPEN;
    table[b'{' as usize] = OPEN;
    table[b')' as usize] = CLOSE;
    table[b']' as usize] = CLOSE;
    table[b'}' as usize] = CLOSE;
    table[b'"' as usize] = QUOTE;
    table[b'\'' as usize] = QUOTE;
    table[b'/' as usize] = QUOTE;
    table
};
const PLAIN: u8 = 0;
const OPEN: u8 = 1;
const CLOSE: u8 = 2;
const QUOTE: u8 = 3;

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

    /// The document's top-level value, after a byte-order mark and any
    /// `#![enable(..)]` attributes. (ron never sees the mark: the loader
    /// strips it. Read as a token, it would swallow the root's name when a
    /// line break follows it.)
    pub(crate) fn root(&self) -> Option<Value> {
        let bom = if self.starts_with(0, "\u{feff}".as_bytes()) {
            3
        } else {
            0
        };
        let mut pos = self.skip_trivia(bom)?;
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
    pub(crate) fn token_end(&self, pos: usize) -> Option<usize> {
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
    ///
    /// Most groups (a node, an edge, an obstacle) hold no string, char or
    /// comment: for them only the brackets count, and one tight pass over
    /// the bytes finds the end. At the first byte that may open a string,
    /// a char or a comment (`"`, `'`, `/`: every such token holds one), the
    /// group is walked token by token instead.
    fn group_end(&self, pos: usize) -> Option<usize> {
        let mut depth = 0usize;
        for (i, &byte) in self.bytes.get(pos..)?.iter().enumerate() {
            // One load and one well-predicted branch for most bytes (digits,
            // spaces, commas), where a `match` on the bytes jumps through a
            // table.
            match GROUP_BYTES[usize::from(byte)] {
                PLAIN => {}
                OPEN => depth += 1,
                CLOSE => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(pos + i + 1);
                    }
                }
                _ => return self.group_end_by_tokens(pos),
            }
        }
        None
    }

    /// The end of a list element that is a bracketed group, bare or right
    /// after an ASCII name (`(id: 0, ..)`, `Point((1, 2))`): the common
    /// element of a big list, walked here in one pass where
    /// [`Scanner::group_item`] and [`Scanner::value_end`] tokenise its name
    /// twice. `None` for any other element (or text that cannot be walked),
    /// which they then walk; where this finds an end, theirs is the same.
    pub(crate) fn plain_element_end(&self, pos: usize) -> Option<usize> {
        let rest = self.bytes.get(pos..)?;
        let first = *rest.first()?;
        let open = if first.is_ascii_alphabetic() || first == b'_' {
            let name = rest
                .iter()
                .position(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))?;
            (rest.get(name) == Some(&b'(')).then_some(pos + name)?
        } else if matches!(first, b'(' | b'[' | b'{') {
            pos
        } else {
            return None;
        };
        self.group_end(open)
    }

    /// [`Scanner::group_end`], token by token.
    fn group_end_by_tokens(&self, pos: usize) -> Option<usize> {
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
    pub(crate) fn open_of(&self, value: Value) -> Option<usize> {
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
    pub(crate) fn span_of(&self, value: Value) -> Option<Range<usize>> {
        let value = self.unwrap_some(value)?;
        Some(value.start..self.value_end(value.start)?)
    }

    /// `x` for a value written `Some(x)`, the value itself otherwise.
    pub(crate) fn unwrap_some(&self, value: Value) -> Option<Value> {
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
    pub(crate) fn children(&self, open: usize) -> Children<'_, 'a> {
        Children {
            scanner: self,
            pos: Some(open + 1),
        }
    }

    /// The value of the field `field` of the struct opening at `open`.
    pub(crate) fn field(&self, open: usize, field: &str) -> Option<Child> {
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
}

/// The elements of a bracketed group, read one at a time. Yields
/// `Some(None)` once, and stops, if the text cannot be walked.
pub(crate) struct Children<'s, 'a> {
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

/// Where the next element of a group closed by `close` may start, after a
/// value ending at `end`: past a comma (`true`), or at the closing bracket
/// (`false`); `None` if anything else follows.
pub(crate) fn next_in_group(scanner: &Scanner<'_>, end: usize, close: u8) -> Option<(usize, bool)> {
    let after = scanner.skip_trivia(end)?;
    match scanner.byte(after)? {
        b',' => Some((after + 1, true)),
        byte if byte == close => Some((after, false)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(2000))]

        /// The one-pass group end is the token-by-token one, on texts made
        /// of brackets, quotes, comment openers, raw-string and byte-string
        /// prefixes, escapes and plain bytes.
        #[test]
        fn group_ends_agree_with_the_token_walk(
            picks in prop::collection::vec(0usize..18, 0..60)
        ) {
            const PIECES: [&str; 18] = [
                "(", ")", "[", "]", "{", "}", "\"", "'", "/", "*", "r", "#", "b", "\\", " ",
                "a", ",", "1.5",
            ];
            let text: String = picks.iter().map(|&i| PIECES[i]).collect();
            let scanner = Scanner::new(&text);
            for (pos, byte) in text.bytes().enumerate() {
                if matches!(byte, b'(' | b'[' | b'{') {
                    prop_assert_eq!(
                        scanner.group_end(pos),
                        scanner.group_end_by_tokens(pos),
                        "{:?} at {}", text, pos
                    );
                }
            }
        }

        /// Where the one-pass element walk finds an element's end, the
        /// walk by `group_item` and `value_end` finds the same element and
        /// the same end.
        #[test]
        fn plain_element_ends_agree_with_the_token_walk(
            picks in prop::collection::vec(0usize..24, 0..60)
        ) {
            const PIECES: [&str; 24] = [
                "(", ")", "[", "]", "{", "}", "\"", "'", "/", "*", "r", "#", "b", "\\", " ",
                "a", ",", "1.5", "Point", ":", "_x", "é", "\n", "-",
            ];
            let text: String = picks.iter().map(|&i| PIECES[i]).collect();
            let scanner = Scanner::new(&text);
            for pos in (0..text.len()).filter(|&pos| text.is_char_boundary(pos)) {
                if let Some(end) = scanner.plain_element_end(pos) {
                    prop_assert_eq!(
                        scanner.group_item(pos),
                        Some(GroupItem::Element { name: None, value: pos }),
                        "{:?} at {}", text, pos
                    );
                    prop_assert_eq!(scanner.value_end(pos), Some(end), "{:?} at {}", text, pos);
                }
            }
        }
    }
}
