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

twin_pub! {
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
    fn parse_movingai(text: &str, source_name: &str) -> Result<Grid, LoadError> {
        parse(text, source_name, None)
    }
}

/// The terrain of a Moving AI map that becomes an area rather than solid
/// ground with [`parse_movingai_bytes_with_areas`]: swamp `S` and water
/// `W`, water first (an edge between the two is water's).
const TERRAIN_AREAS: [(char, &str); 2] = [('W', "water"), ('S', "swamp")];

/// Reads a Moving AI `.map` file's bytes (lines ending in `\n` or `\r\n`,
/// blank lines allowed after the last row), after checking that they are text (a leading UTF-8 byte-order mark is skipped;
/// columns are counted without it, as editors show them), and with swamp
/// `S` and water `W` as areas `swamp` and `water` (free
/// cells that agents may pay more for, or never enter), unless listed in
/// `solid_terrain` (`"SW"`, `"W"`, ...), which are solid. An edge between
/// two cells takes the area of either end that has one; between swamp
/// and water, water.
///
/// ```
/// let grid = clearway::grid::parse_movingai_bytes_with_areas(
///     b"type octile\nheight 1\nwidth 4\nmap\n.SW@\n", "pond.map", "").unwrap();
/// assert!(!grid.is_solid(1, 0) && !grid.is_solid(2, 0) && grid.is_solid(3, 0));
/// assert_eq!((grid.area(1, 0), grid.area(2, 0)), (Some("swamp"), Some("water")));
/// let grid = clearway::grid::parse_movingai_bytes_with_areas(
///     b"type octile\nheight 1\nwidth 4\nmap\n.SW@\n", "pond.map", "W").unwrap();
/// assert!(grid.is_solid(2, 0) && grid.area(1, 0) == Some("swamp"));
/// let err = clearway::grid::parse_movingai_bytes_with_areas(b"type octile\0", "x.map", "")
///     .unwrap_err();
/// assert!(err.to_string().contains("binary"), "{err}");
/// ```
///
/// # Errors
/// Bytes that are not UTF-8 (a UTF-16 file is named as such), a control
/// character other than tab, CR and LF (a binary file), a header line that
/// is missing or malformed (`type octile`, `height N`, `width N`, `map`, in
/// that order, `height` and `width` either way round), a row of the wrong
/// length, too few or too many rows: each located at file:line:col.
pub fn parse_movingai_bytes_with_areas(
    bytes: &[u8],
    source_name: &str,
    solid_terrain: &str,
) -> Result<Grid, LoadError> {
    let text = checked_text(bytes, source_name)?;
    parse(text, source_name, Some(solid_terrain))
}

/// The parse, with `S` and `W` as areas unless in `solid_terrain` when it
/// is given, as the Moving AI benchmarks read them when not (`S` plain
/// ground, `W` solid).
fn parse(text: &str, source_name: &str, solid_terrain: Option<&str>) -> Result<Grid, LoadError> {
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
    // Cells are stored as the rows are read, not all at once: a header
    // promising 1e14 cells must end in a located error, not in an abort.
    let mut solid = Vec::with_capacity(width.saturating_mul(height).min(text.len()));
    // The cells of each terrain area, in the order of TERRAIN_AREAS.
    let mut terrain: [Vec<(usize, usize)>; 2] = [Vec::new(), Vec::new()];
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
            let area = solid_terrain.and_then(|listed| {
                (!listed.contains(c))
                    .then(|| TERRAIN_AREAS.iter().position(|&(t, _)| t == c))
                    .flatten()
            });
            match area {
                Some(a) => {
                    terrain[a].push((col, row));
                    solid.push(false);
                }
                None if solid_terrain.is_some() => solid.push(!matches!(c, '.' | 'G')),
                None => solid.push(!passable(c)),
            }
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
            let mut grid = Grid {
                width,
                height,
                solid,
                cell_area: Vec::new(),
                area_names: Vec::new(),
            };
            for (cells, &(_, name)) in terrain.iter().zip(&TERRAIN_AREAS) {
                for &(col, row) in cells {
                    grid.set_area(col, row, Some(name));
                }
            }
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

/// The bytes as text, without a leading byte-order mark; an error when they
/// are not UTF-8 or hold a control character.
fn checked_text<'b>(bytes: &'b [u8], source_name: &str) -> Result<&'b str, LoadError> {
    let (text, bad_byte) = match std::str::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(e) => {
            let valid = bytes.get(..e.valid_up_to()).unwrap_or_default();
            let byte = bytes.get(e.valid_up_to()).copied().unwrap_or_default();
            // `valid_up_to` bytes are UTF-8 by definition.
            (std::str::from_utf8(valid).unwrap_or_default(), Some(byte))
        }
    };
    let control = |b: &u8| (*b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || *b == 0x7F;
    if let Some(offset) = text.bytes().position(|b| control(&b)) {
        let byte = text.as_bytes()[offset];
        let message = format!(
            "the grid is a binary file, not a Moving AI map: it holds the control byte 0x{byte:02X}"
        );
        return Err(
            LoadError::new(LoadErrorKind::Binary, source_name, message).at(
                text,
                offset..offset + 1,
                format!("byte 0x{byte:02X}"),
            ),
        );
    }
    if let Some(byte) = bad_byte {
        let message = if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
            "the grid is UTF-16 text; save it as UTF-8 (or ASCII)".to_owned()
        } else {
            format!("the grid is not UTF-8 text: byte 0x{byte:02X} is not valid UTF-8")
        };
        return Err(
            LoadError::new(LoadErrorKind::NotUtf8, source_name, message).at(
                text,
                text.len()..text.len(),
                format!("byte 0x{byte:02X} follows here"),
            ),
        );
    }
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
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
