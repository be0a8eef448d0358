//! The Moving AI grid format (`.map`), as used by the pathfinding benchmarks
//! at movingai.com and many tile games:
//!
//! ```text
//! type octile
//! height 3
//! width 4
//! map
//! ....
//! .@@.
//! ..T.
//! ```
//!
//! `.`, `G` and `S` are passable; every other character is solid.

use crate::map::{LoadError, LoadErrorKind};

use super::Grid;

/// Whether a Moving AI map character is passable.
fn passable(c: char) -> bool {
    matches!(c, '.' | 'G' | 'S')
}

/// Reads a Moving AI `.map` text. Lines may end in `\n` or `\r\n`; blank
/// lines after the last row are allowed.
///
/// ```
/// let grid = clearway::grid::parse_movingai(
///     "type octile\nheight 2\nwidth 3\nmap\n.@.\nGTS\n", "tiny.map").unwrap();
/// assert_eq!((grid.width(), grid.height()), (3, 2));
/// assert!(grid.is_solid(1, 0) && grid.is_solid(1, 1) && !grid.is_solid(2, 1));
/// let err = parse_movingai_err("type octile\nheight 2\nwidth 3\nmap\n.@.\n..\n");
/// assert!(err.contains("tiny.map:6:3"), "{err}");
/// # fn parse_movingai_err(t: &str) -> String {
/// #     clearway::grid::parse_movingai(t, "tiny.map").unwrap_err().to_string()
/// # }
/// ```
///
/// # Errors
/// A header line that is missing or malformed (`type octile`, `height N`,
/// `width N`, `map`, in that order, `height` and `width` either way round),
/// a row of the wrong length, too few or too many rows: each located at
/// file:line:col with a snippet.
pub fn parse_movingai(text: &str, source_name: &str) -> Result<Grid, LoadError> {
    let mut lines = Lines::new(text);
    let error = |span: std::ops::Range<usize>, message: String, label: &str| {
        LoadError::new(LoadErrorKind::Syntax, source_name, message).at(text, span, label.into())
    };

    let (span, line) = lines.next_line();
    if line.split_whitespace().collect::<Vec<_>>() != ["type", "octile"] {
        return Err(error(
            span,
            format!("expected the header `type octile`, found `{}`", cap(line)),
            "a Moving AI map starts with `type octile`",
        ));
    }
    let mut height = None;
    let mut width = None;
    for _ in 0..2 {
        let (span, line) = lines.next_line();
        let words: Vec<&str> = line.split_whitespace().collect();
        let (slot, name) = match words.first() {
            Some(&"height") if height.is_none() => (&mut height, "height"),
            Some(&"width") if width.is_none() => (&mut width, "width"),
            _ => {
                let wanted = if height.is_none() && width.is_none() {
                    "`height N` or `width N`"
                } else if height.is_none() {
                    "`height N`"
                } else {
                    "`width N`"
                };
                return Err(error(
                    span,
                    format!("expected {wanted}, found `{}`", cap(line)),
                    "the header gives the height and the width",
                ));
            }
        };
        match words.as_slice() {
            [_, n] => match n.parse::<usize>() {
                Ok(n) if n > 0 && n <= MAX_SIDE => *slot = Some(n),
                _ => {
                    let start = span.start + line.find(n).unwrap_or(0);
                    return Err(error(
                        start..start + n.len(),
                        format!(
                            "the {name} must be a whole number from 1 to {MAX_SIDE}, not `{}`",
                            cap(n)
                        ),
                        "not a size",
                    ));
                }
            },
            _ => {
                return Err(error(
                    span,
                    format!("expected `{name} N`, found `{}`", cap(line)),
                    "one number after the word",
                ));
            }
        }
    }
    let (height, width) = (height.unwrap_or(0), width.unwrap_or(0));
    let (span, line) = lines.next_line();
    if line.trim() != "map" {
        return Err(error(
            span,
            format!("expected `map`, found `{}`", cap(line)),
            "the rows follow a line `map`",
        ));
    }
    let mut grid = Grid::new(width, height);
    for row in 0..height {
        let (span, line) = lines.next_line();
        if span.start == text.len() {
            return Err(error(
                span,
                format!("the map ends after {row} rows; the header says {height}"),
                "more rows expected",
            ));
        }
        let mut len = 0;
        for (col, (offset, c)) in line.char_indices().enumerate() {
            if col == width {
                let start = span.start + offset;
                return Err(error(
                    start..span.end,
                    format!("row {row} is longer than the width {width}"),
                    "past the width",
                ));
            }
            grid.set_solid(col, row, !passable(c));
            len += 1;
        }
        if len < width {
            return Err(error(
                span.end..span.end,
                format!("row {row} has {len} cells; the width is {width}"),
                "the row ends here",
            ));
        }
    }
    loop {
        let (span, line) = lines.next_line();
        if span.start == text.len() {
            return Ok(grid);
        }
        if !line.trim().is_empty() {
            return Err(error(
                span,
                format!("more rows than the height {height}"),
                "an extra row",
            ));
        }
    }
}

/// The largest width or height read: a map of 1e8 x 1e8 cells would not fit
/// in memory anyway, and the bound keeps `width * height` from overflowing.
const MAX_SIDE: usize = 1 << 24;

/// At most 40 chars of input, for a message.
fn cap(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// The text's lines with their byte spans (without the line break); past
/// the end, empty lines at the end of the text.
struct Lines<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        Lines { text, at: 0 }
    }

    fn next_line(&mut self) -> (std::ops::Range<usize>, &'a str) {
        let start = self.at;
        let rest = &self.text[start..];
        let (line, advance) = match rest.find('\n') {
            Some(n) => (&rest[..n], n + 1),
            None => (rest, rest.len()),
        };
        let line = line.strip_suffix('\r').unwrap_or(line);
        self.at += advance;
        (start..start + line.len(), line)
    }
}
