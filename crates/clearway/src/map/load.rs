//! Reading a map: bytes -> text -> wire types -> validated [`Map`].
//!
//! The happy path is parse + validate and nothing else. Positions are worked
//! out only when something is wrong: the validator names the bad value by
//! its path, and the locator finds that path in the text.

use std::fs;
use std::path::Path;

use ron::error::{Error as RonError, SpannedError};

use super::chunk_validate::{self, LoadFile};
use super::error::{LoadError, LoadErrorKind, Location};
use super::validate::{self, ValidLevel, ValidParts, ValidationError};
use super::wire;
use crate::phases::Phases;
use clearway_format::citations::{Cite, SourceCitations};
use clearway_format::locate::{self, DocPath};
use clearway_text::quote::{capped, capped_message};

/// The bytes of the map file at `path`, and its name for messages: an
/// [`LoadErrorKind::Io`] error naming the path when it is missing,
/// unreadable or a directory.
pub(super) fn read_map_file(path: &Path) -> Result<(Vec<u8>, String), LoadError> {
    let name = path.display().to_string();
    let cannot_read =
        |e: std::io::Error| LoadError::io(&name, format!("cannot read map `{name}`: {e}"), e);
    if fs::metadata(path).map_err(cannot_read)?.is_dir() {
        let e = std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a directory");
        return Err(LoadError::io(
            &name,
            format!("cannot read map `{name}`: it is a directory, not a file"),
            e,
        ));
    }
    let bytes = fs::read(path).map_err(cannot_read)?;
    Ok((bytes, name))
}

/// Checks, parses and validates map bytes as a flat level, recording the
/// `parse` and `validate` phases.
pub(super) fn map_from_ron_bytes(
    bytes: &[u8],
    source_name: &str,
    timings: &mut dyn Phases,
) -> Result<ValidParts, LoadError> {
    let text = checked_text(bytes, source_name, timings)?;
    parse(text, source_name, timings)
}

/// As [`map_from_ron_bytes`], from text.
pub(super) fn map_from_ron_str(
    text: &str,
    source_name: &str,
    timings: &mut dyn Phases,
) -> Result<ValidParts, LoadError> {
    check_control_chars(text, source_name)?;
    parse(text, source_name, timings)
}

/// Checks, parses and validates map bytes as a level of either dimension,
/// and where each obstacle (and edge, as `cite` asks) starts in the text.
/// The big lists' elements are found by the walk that cuts them for the
/// parse, so this costs a pass over their line feeds, in parallel, within
/// `parse`.
pub(super) fn level_from_ron_bytes_citing(
    bytes: &[u8],
    source_name: &str,
    timings: &mut dyn Phases,
    cite: Cite,
) -> Result<(ValidLevel, SourceCitations), LoadError> {
    let text = checked_text(bytes, source_name, timings)?;
    // The lines and columns are the whole text's, byte-order mark
    // included (as `list_item_locations` counts them); the chunked
    // parse reads the text after it, so a text that has one is walked.
    let bom = text.starts_with('\u{feff}');
    let parse_cites = if bom { Cite::Nothing } else { cite };
    let (level, cited) = parse_level(text, source_name, timings, parse_cites)?;
    let cited = match cited {
        Some(cited) => cited,
        None => timings.time("parse", || SourceCitations::walked_citing(text, cite)),
    };
    Ok((level, cited))
}

/// The text of map bytes: rejects UTF-16, bytes that are not UTF-8 and
/// control characters, each located, recording the checks as `parse`.
fn checked_text<'a>(
    bytes: &'a [u8],
    source_name: &str,
    timings: &mut dyn Phases,
) -> Result<&'a str, LoadError> {
    let start = std::time::Instant::now();
    if clearway_text::utf16::looks_like_utf16(bytes) {
        let message = format!(
            "the map is UTF-16 text; clearway reads UTF-8: {}",
            clearway_text::utf16::CONVERT
        );
        return Err(
            LoadError::new(LoadErrorKind::NotUtf8, source_name, message).at(
                "",
                0..0,
                "UTF-16 starts here".to_owned(),
            ),
        );
    }
    // Both checks on both cores: a control byte counts if it comes before
    // any byte that is not UTF-8, as if only the UTF-8 text were searched.
    let (utf8, control) = crate::par::join(
        || std::str::from_utf8(bytes),
        || clearway_text::binary::first_control_byte(bytes),
    );
    let (text, utf8_error) = match utf8 {
        Ok(text) => (text, None),
        Err(e) => {
            let valid = bytes.get(..e.valid_up_to()).unwrap_or_default();
            // `valid_up_to` bytes are UTF-8 by definition.
            (std::str::from_utf8(valid).unwrap_or_default(), Some(e))
        }
    };
    if control.is_some_and(|offset| offset < text.len()) {
        check_control_chars(text, source_name)?;
    }
    timings.record("parse", start.elapsed());
    if let Some(e) = utf8_error {
        let byte = bytes.get(e.valid_up_to()).copied().unwrap_or_default();
        let message = format!("the map is not UTF-8 text: byte 0x{byte:02X} is not valid UTF-8");
        let label = format!("byte 0x{byte:02X} follows here");
        return Err(
            LoadError::new(LoadErrorKind::NotUtf8, source_name, message).at(
                text,
                text.len()..text.len(),
                label,
            ),
        );
    }
    Ok(text)
}

/// Checks, parses and validates map bytes as a level of either dimension:
/// the entry for 3D levels, with the checks and errors of
/// [`map_from_ron_bytes`] (which reads 2D levels only).
pub(crate) fn level_from_ron_bytes(
    bytes: &[u8],
    source_name: &str,
    timings: &mut dyn Phases,
) -> Result<ValidLevel, LoadError> {
    let text = checked_text(bytes, source_name, timings)?;
    Ok(parse_level(text, source_name, timings, Cite::Nothing)?.0)
}

/// As [`level_from_ron_bytes`], from text.
pub(crate) fn level_from_ron_str(
    text: &str,
    source_name: &str,
    timings: &mut dyn Phases,
) -> Result<ValidLevel, LoadError> {
    check_control_chars(text, source_name)?;
    Ok(parse_level(text, source_name, timings, Cite::Nothing)?.0)
}

/// Validates a wire file (built in memory, not parsed) as a level of
/// either dimension, by the rules a parsed file meets. There is no text to
/// locate an error in: its message names the value by its place in the
/// file (`nodes[3]`).
pub(crate) fn level_from_wire(
    file: wire::MapFile,
    source_name: &str,
) -> Result<ValidLevel, LoadError> {
    validate::validate_loaded(LoadFile::wire(file))
        .map_err(|e| LoadError::new(e.kind(), source_name, e.to_string()))
}

/// Rejects text holding a control character other than tab, LF and CR.
fn check_control_chars(text: &str, source_name: &str) -> Result<(), LoadError> {
    let Some(offset) = clearway_text::binary::first_control_byte(text.as_bytes()) else {
        return Ok(());
    };
    let byte = text.as_bytes().get(offset).copied().unwrap_or_default();
    let message =
        format!("the map is a binary file, not RON text: it holds the control byte 0x{byte:02X}");
    Err(
        LoadError::new(LoadErrorKind::Binary, source_name, message).at(
            text,
            offset..offset + 1,
            format!("byte 0x{byte:02X}"),
        ),
    )
}

/// Parses text already known to be free of control characters.
///
/// A leading UTF-8 byte-order mark is ignored: editors do not show it, so
/// columns are counted without it.
fn parse(text: &str, source_name: &str, timings: &mut dyn Phases) -> Result<ValidParts, LoadError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (file, _) = parse_file(text, source_name, timings, Cite::Nothing)?;
    timings
        .time("validate", || validate::validate(file))
        .map_err(|e| validation_error(text, source_name, &e))
}

/// Parses and validates text (free of control characters) as a level of
/// either dimension, recording the `parse` and `validate` phases: the entry
/// for 3D levels. Errors are located as a flat level's are. And
/// where each obstacle (and edge) starts, as `cite` asks, when the parse
/// found them.
fn parse_level(
    text: &str,
    source_name: &str,
    timings: &mut dyn Phases,
    cite: Cite,
) -> Result<(ValidLevel, Option<SourceCitations>), LoadError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (file, cited) = parse_file(text, source_name, timings, cite)?;
    let level = timings
        .time("validate", || validate::validate_loaded(file))
        .map_err(|e| validation_error(text, source_name, &e))?;
    Ok((level, cited))
}

/// The wire form of a map text with no byte-order mark: an `Empty` error
/// for a blank text, a located syntax-level error for one that is not a map.
/// And where each obstacle (and edge) starts, as `cite` asks, when the
/// lists were read in chunks.
fn parse_file(
    text: &str,
    source_name: &str,
    timings: &mut dyn Phases,
    cite: Cite,
) -> Result<(LoadFile, Option<SourceCitations>), LoadError> {
    if locate::is_blank(text) {
        let message = if text.is_empty() {
            "the map is empty"
        } else {
            "the map is empty: it holds only whitespace and comments"
        };
        return Err(
            LoadError::new(LoadErrorKind::Empty, source_name, message.to_owned()).at(
                text,
                0..0,
                "expected `Map(..)`".to_owned(),
            ),
        );
    }
    timings
        .time("parse", || chunk_validate::parse(text, cite))
        .map_err(|e| syntax_error(text, source_name, e))
}

/// Locates a validation error in the text it came from.
fn validation_error(text: &str, source_name: &str, error: &ValidationError) -> LoadError {
    let err = LoadError::new(error.kind(), source_name, error.to_string());
    let err = match locate::locate_nearest(text, &error.path()) {
        Some(span) => err.at(text, span, error.label()),
        None => err,
    };
    err.with_related(
        error
            .first_definition()
            .and_then(|path| location_of(text, &path)),
    )
}

fn location_of(text: &str, path: &DocPath) -> Option<Location> {
    let span = locate::locate(text, path)?;
    let (line, column) = locate::line_col(text, span.start);
    Some(Location { line, column })
}

/// Turns a ron error into a located, readable [`LoadError`].
fn syntax_error(text: &str, source_name: &str, error: SpannedError) -> LoadError {
    let start = locate::offset_of(text, error.span.start.line, error.span.start.col);
    let end = locate::offset_of(text, error.span.end.line, error.span.end.col).max(start);
    let (kind, message, span, label) = describe(text, &error.code, start, end);
    LoadError::new(kind, source_name, message).at(text, span, label)
}

type Described = (LoadErrorKind, String, std::ops::Range<usize>, String);

/// The kind, message, span and label for a ron error spanning `start..end`.
fn describe(text: &str, code: &RonError, start: usize, end: usize) -> Described {
    use LoadErrorKind as K;
    let at_start = start..end.max(start + 1);
    match code {
        RonError::NoSuchStructField {
            expected,
            found,
            outer,
        } => (
            K::UnknownField,
            format!(
                "unknown field `{}`{}, {}",
                capped(found),
                in_outer(outer),
                one_of(expected, "fields")
            ),
            at_start,
            "unknown field".to_owned(),
        ),
        RonError::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => (
            K::UnknownVariant,
            format!(
                "unknown variant `{}`{}, {}",
                capped(found),
                in_outer(outer),
                one_of(expected, "variants")
            ),
            at_start,
            "unknown variant".to_owned(),
        ),
        RonError::MissingStructField { field, outer } => (
            K::MissingField,
            format!("missing field `{}`{}", capped(field), in_outer(outer)),
            start..start + 1,
            format!("`{}` is required before this", capped(field)),
        ),
        RonError::DuplicateStructField { field, outer } => (
            K::DuplicateField,
            format!(
                "field `{}` is given twice{}",
                capped(field),
                in_outer(outer)
            ),
            at_start,
            "given again here".to_owned(),
        ),
        RonError::IntegerOutOfBounds => (
            K::OutOfRange,
            integer_out_of_range(text, start),
            at_start,
            "out of range".to_owned(),
        ),
        RonError::ExpectedDifferentStructName { expected, found } => (
            K::Syntax,
            format!(
                "expected struct `{}`, found `{}`",
                capped(expected),
                capped(found)
            ),
            at_start,
            format!("expected `{}` or no name", capped(expected)),
        ),
        RonError::ExpectedStringEnd => (
            K::Syntax,
            "unterminated string".to_owned(),
            start..start + 1,
            "this string is never closed".to_owned(),
        ),
        RonError::ExceededRecursionLimit => (
            K::Syntax,
            format!(
                "the map is nested too deeply (more than {} levels)",
                wire::RECURSION_LIMIT
            ),
            start..start + 1,
            "too deep".to_owned(),
        ),
        code if locate::next_token(text, end).is_none_or(|at| at >= text.len()) => {
            end_of_file(code, text.len())
        }
        code => match wrong_type(code) {
            Some(message) => {
                let at = locate::next_token(text, start).unwrap_or(start);
                (
                    K::WrongType,
                    message,
                    at..end.max(at + 1),
                    "wrong type".to_owned(),
                )
            }
            None => syntax(text, code, end),
        },
    }
}

/// The message for an integer out of the range of u64 at `start`: node
/// ids and edge ends follow a field name (`id: `), a mesh's vertex indices
/// (the only other integers) an opening bracket or a comma.
fn integer_out_of_range(text: &str, start: usize) -> String {
    // ron's span of a negative number starts after its sign.
    let before = text.get(..start).unwrap_or_default();
    let before = before.trim_end_matches(['-', '+']).trim_end();
    let what = if before.ends_with('(') || before.ends_with(',') {
        "mesh vertex indices"
    } else {
        "node ids"
    };
    format!("integer out of range: {what} run from 0 to 18446744073709551615")
}

/// A parse that ran out of text.
fn end_of_file(code: &RonError, len: usize) -> Described {
    let message = match code {
        RonError::Eof => "unexpected end of file".to_owned(),
        RonError::ExpectedComma => {
            "unexpected end of file: expected `,` or a closing bracket".to_owned()
        }
        code => format!(
            "unexpected end of file: {}",
            lowercase_first(&code.to_string())
        ),
    };
    (
        LoadErrorKind::Syntax,
        message,
        len..len,
        "the file ends here".to_owned(),
    )
}

/// A plain syntax error, reported at the first token at or after `end`
/// (where the parser stopped).
fn syntax(text: &str, code: &RonError, end: usize) -> Described {
    let at = locate::next_token(text, end).unwrap_or(end);
    let message = match code {
        RonError::ExpectedComma => {
            let close = match locate::innermost_open(text, at) {
                Some(b'[') => "`]`",
                Some(b'{') => "`}`",
                _ => "`)`",
            };
            format!("expected `,` or {close}")
        }
        RonError::TrailingCharacters => "unexpected text after the end of the map".to_owned(),
        RonError::UnexpectedChar(c) => format!("unexpected character {c:?}"),
        code => lowercase_first(&code.to_string()),
    };
    (
        LoadErrorKind::Syntax,
        message,
        at..at + 1,
        "unexpected here".to_owned(),
    )
}

/// The message for a value of the wrong type, if `code` is one.
fn wrong_type(code: &RonError) -> Option<String> {
    Some(match code {
        RonError::ExpectedBoolean => "expected `true` or `false`".to_owned(),
        RonError::ExpectedFloat => "expected a number".to_owned(),
        RonError::ExpectedInteger => "expected an integer".to_owned(),
        RonError::ExpectedString => "expected a string".to_owned(),
        RonError::ExpectedArray => "expected a list `[..]`".to_owned(),
        RonError::ExpectedStructLike => "expected `(`".to_owned(),
        RonError::ExpectedNamedStructLike(name) if !name.is_empty() => {
            let name = capped(name);
            format!("expected a `{name}` (written `(..)` or `{name}(..)`)")
        }
        RonError::InvalidValueForType { .. } | RonError::ExpectedDifferentLength { .. } => {
            lowercase_first(&code.to_string())
        }
        _ => return None,
    })
}

fn in_outer(outer: &Option<String>) -> String {
    outer
        .as_ref()
        .map(|o| format!(" in `{}`", capped(o)))
        .unwrap_or_default()
}

/// "expected one of `a`, `b`, `c`"
fn one_of(alternatives: &[&str], none: &str) -> String {
    match alternatives {
        [] => format!("there are no {none}"),
        [only] => format!("expected `{}`", capped(only)),
        [first, second] => format!("expected `{}` or `{}`", capped(first), capped(second)),
        _ => {
            let list: Vec<String> = alternatives
                .iter()
                .map(|a| format!("`{}`", capped(a)))
                .collect();
            format!("expected one of {}", list.join(", "))
        }
    }
}

/// Also caps the message: ron's own messages may repeat the input.
fn lowercase_first(message: &str) -> String {
    let message = capped_message(message);
    let mut chars = message.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use crate::map::Level;
    use clearway_format::citations::{Cite, SourceCitations};

    /// The loader cites what the walk of the whole text finds, byte-order
    /// mark and attributes (which the chunked parse does not read) included.
    #[test]
    fn the_loader_cites_as_the_walk_does() {
        let body = "Map(\r\n  nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))],\r\n  \
                    edges: [(from: 0, to: 1), /* é */ (from: 1, to: 0)],\r\n  \
                    obstacles: [Point((3, 4)),\r\n    Point((5, 4))],\r\n)";
        for (text, cites) in [
            (body.to_owned(), 2),
            (format!("\u{feff}{body}"), 2),
            (format!("\u{feff}\r\n{body}"), 2),
            (format!("#![enable(implicit_some)]\n{body}"), 2),
            (format!("// ü\n{body}"), 2),
        ] {
            let mut cited = crate::Citations::default();
            Level::loader()
                .cite(Cite::ObstaclesAndEdges, &mut cited)
                .read_bytes(text.as_bytes(), "level.ron")
                .unwrap();
            assert_eq!(cited.0, SourceCitations::walked(&text), "{text}");
            let obstacles = (0..).take_while(|&i| cited.obstacle_line(i).is_some());
            assert_eq!(obstacles.count(), cites, "{text}");
            let edges = (0..).take_while(|&i| cited.edge_location(i).is_some());
            assert_eq!(edges.count(), cites, "{text}");
        }
    }
}
