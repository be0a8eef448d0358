//! The pairs file of `route --pairs`: one `FROM TO` pair of nodes a line,
//! written as `--from` and `--to` are (a value with spaces or a `#` in
//! double quotes, `"east door"`); `#` starts a comment, blank lines are
//! skipped. A Moving AI scenario file (`.scen`) is read as its pairs
//! ([`super::scenario_file`]). A bad line is reported as a map's errors are:
//! `file:line:col` and the line, with the bad value underlined.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::ops::Range;
use std::path::Path;

use super::Failure;
use super::ends::NodeNames;
use super::input::read_input;
use super::scenario_file::{self, Cell};

/// How many bad lines are shown; the rest are counted.
const SHOWN_ERRORS: usize = 10;

/// How many chars of a long line a snippet shows each side of the bad value.
const CONTEXT_CHARS: usize = 40;

/// A pairs file, read whole.
pub struct PairsFile {
    /// The name errors give it: its path, or `<stdin>`.
    source_name: String,
    text: String,
    /// Whether it is a Moving AI scenario file rather than `FROM TO` lines.
    scenario: bool,
}

/// One query as written: its line, its two ends, and the optimal length a
/// scenario file gives for it.
pub struct Pair<'t> {
    /// The line number, from 1.
    pub line: usize,
    /// The start node.
    pub from: End<'t>,
    /// The goal node.
    pub to: End<'t>,
    /// The scenario's optimal length (scenario files only).
    pub optimal: Option<f64>,
}

/// One end of a pair: the node as written, and where.
pub struct End<'t> {
    /// The value, as `--from` would take it: quotes removed; a scenario
    /// cell's node id.
    pub value: Cow<'t, str>,
    /// The value as an answer line echoes it: as written, quotes kept (so
    /// that the line reads back); a scenario cell's node id.
    pub written: Cow<'t, str>,
    /// Where it is written in the text (bytes).
    pub(super) span: Range<usize>,
    /// The grid cell a scenario gives, which names its node by id.
    pub(super) cell: Option<Cell>,
}

impl PairsFile {
    /// Reads the file at `path`; `-` reads standard input. As a map is
    /// read: input that is not a regular file stops at its first binary
    /// byte and at `--max-input-size`. The text must be UTF-8, without
    /// control characters; UTF-16 is named as such. A path ending in
    /// `.scen` is a Moving AI scenario file.
    pub fn read(path: &Path) -> Result<PairsFile, Failure> {
        let (bytes, source_name) = read_input(path, "pairs file", 0)?;
        let scenario = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("scen"));
        let text = checked_text(bytes, &source_name, "pairs file")?;
        Ok(PairsFile {
            source_name,
            text,
            scenario,
        })
    }

    /// The text, for the scenario reader.
    pub(super) fn text(&self) -> &str {
        &self.text
    }

    /// The name errors give the file: its path, or `<stdin>`.
    pub(super) fn source_name(&self) -> &str {
        &self.source_name
    }

    /// The pairs, in file order. Every line that is not blank or a comment
    /// must hold two values; the first few bad lines are reported.
    pub fn pairs(&self) -> Result<Vec<Pair<'_>>, Failure> {
        if self.scenario {
            return scenario_file::pairs(self);
        }
        let mut pairs = Vec::new();
        let mut errors = Errors::default();
        for (index, (start, line)) in lines(&self.text).enumerate() {
            let fields = match fields(line) {
                Ok(fields) => fields,
                Err(bad) => {
                    let span = start + bad.span.start..start + bad.span.end;
                    errors.push(|| self.diagnostic(span, bad.message, bad.label));
                    continue;
                }
            };
            match fields.as_slice() {
                [] => {}
                [from, to] => pairs.push(Pair {
                    line: index + 1,
                    from: from.end(start),
                    to: to.end(start),
                    optimal: None,
                }),
                [only] => {
                    let end = start + only.at + only.raw.len();
                    errors.push(|| {
                        self.diagnostic(
                            end..end,
                            "expected two nodes, `FROM TO`; found one",
                            "the goal node is missing",
                        )
                    });
                }
                [_, _, third, ..] => {
                    let last = &fields[fields.len() - 1];
                    let span = start + third.at..start + last.at + last.raw.len();
                    let message = format!(
                        "expected two nodes, `FROM TO`; found {} values",
                        fields.len()
                    );
                    errors.push(|| self.diagnostic(span, &message, "one pair a line"));
                }
            }
        }
        errors.into_result(&self.source_name)?;
        Ok(pairs)
    }

    /// The node indices of every pair, resolved as `--from` and `--to` are
    /// (a scenario's cells by their node ids): every value that names no
    /// node, or more than one, is reported.
    pub fn resolve<D: clearway::Dimension>(
        &self,
        pairs: &[Pair<'_>],
        names: &NodeNames<'_, D>,
    ) -> Result<Vec<(clearway::NodeIdx, clearway::NodeIdx)>, Failure> {
        let mut ends = Vec::with_capacity(pairs.len());
        let mut errors = Errors::default();
        for pair in pairs {
            let mut resolve = |end: &End<'_>, option: &str| {
                let resolved = match end.cell {
                    Some(cell) => cell.node(names.map(), option),
                    None => names.resolve(&end.value, option),
                };
                resolved.map_err(|bad| {
                    errors.push(|| self.diagnostic(end.span.clone(), &bad.message, bad.label));
                })
            };
            let from = resolve(&pair.from, "FROM");
            let to = resolve(&pair.to, "TO");
            if let (Ok(from), Ok(to)) = (from, to) {
                ends.push((from, to));
            }
        }
        errors.into_result(&self.source_name)?;
        Ok(ends)
    }

    /// A rustc-style diagnostic for the bytes `span` of the text, in the
    /// form of [`clearway::LoadError`]'s.
    pub(super) fn diagnostic(&self, span: Range<usize>, message: &str, label: &str) -> String {
        diagnostic(&self.text, &self.source_name, span, message, label)
    }
}

/// A rustc-style diagnostic for the bytes `span` of `text`, a file named
/// `source_name` in messages, in the form of [`clearway::LoadError`]'s:
/// the message, `file:line:col`, and the line with the span underlined and
/// labelled.
pub(super) fn diagnostic(
    text: &str,
    source_name: &str,
    span: Range<usize>,
    message: &str,
    label: &str,
) -> String {
    let (line, column) = line_col(text, span.start);
    let line_start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[span.start..]
        .find('\n')
        .map_or(text.len(), |i| span.start + i);
    let line_text = text[line_start..line_end]
        .strip_suffix('\r')
        .unwrap_or(&text[line_start..line_end]);
    let span =
        span.start.min(line_start + line_text.len())..span.end.min(line_start + line_text.len());
    let before: Vec<char> = text[line_start..span.start].chars().collect();
    let value: Vec<char> = text[span.clone()].chars().collect();
    let after = &text[span.end..line_start + line_text.len()];
    // Long lines are cut around the value, `…` marking the cut.
    let cut_before = before.len() > CONTEXT_CHARS;
    let mut excerpt: String = if cut_before { "…" } else { "" }.to_string();
    excerpt.extend(&before[before.len().saturating_sub(CONTEXT_CHARS)..]);
    let caret = excerpt.chars().count();
    let shown = value.len().min(CONTEXT_CHARS);
    excerpt.extend(&value[..shown]);
    let room = CONTEXT_CHARS.saturating_sub(shown);
    excerpt.extend(after.chars().take(room));
    if shown < value.len() || after.chars().nth(room).is_some() {
        excerpt.push('…');
    }
    let excerpt = excerpt.replace('\t', " ");
    let number = line.to_string();
    let gutter = " ".repeat(number.len());
    let mut out = format!("error: {message}\n{gutter} --> {source_name}:{line}:{column}");
    let gutter = format!(" {gutter}");
    let source_line = format!(" {number} | {excerpt}");
    let _ = write!(
        out,
        "\n{gutter} |\n{}\n{gutter} | {}{} {label}",
        source_line.trim_end(),
        " ".repeat(caret),
        "^".repeat(shown.max(1)),
    );
    out
}

/// The text of a pairs file's (or an events file's) bytes, or an error naming what they are
/// instead: UTF-16 text, a binary file (a control character other than
/// tab, LF and CR), bytes that are not UTF-8, each located as a map's are.
/// `kind` (`pairs file`) names the file in the messages.
pub(super) fn checked_text(
    bytes: Vec<u8>,
    source_name: &str,
    kind: &str,
) -> Result<String, Failure> {
    if clearway_text::utf16::looks_like_utf16(&bytes) {
        return Err(Failure::Located(format!(
            "error: the {kind} is UTF-16 text; clearway reads UTF-8: {}\n  --> {source_name}:1:1",
            clearway_text::utf16::CONVERT
        )));
    }
    let valid_up_to = std::str::from_utf8(&bytes).map_or_else(|e| e.valid_up_to(), |_| bytes.len());
    let control = clearway_text::binary::first_control_byte(&bytes[..valid_up_to]);
    let Some(bad) = control.or((valid_up_to < bytes.len()).then_some(valid_up_to)) else {
        return Ok(String::from_utf8(bytes).unwrap_or_default());
    };
    let byte = bytes[bad];
    let (message, label) = if control.is_some() {
        (
            format!(
                "the {kind} is a binary file, not text: it holds the control byte 0x{byte:02X}"
            ),
            format!("byte 0x{byte:02X}"),
        )
    } else {
        (
            format!("the {kind} is not UTF-8 text: byte 0x{byte:02X} is not valid UTF-8"),
            format!("byte 0x{byte:02X} follows here"),
        )
    };
    // The text before the bad byte is UTF-8 without control characters:
    // its last line is the snippet, the bad byte just after it.
    let before = String::from_utf8_lossy(&bytes[..bad]);
    let end = before.len();
    Err(Failure::Located(diagnostic(
        &before,
        source_name,
        end..end,
        &message,
        &label,
    )))
}

/// The bad lines found so far: the first few diagnostics, and a count.
#[derive(Default)]
pub(super) struct Errors {
    shown: Vec<String>,
    count: usize,
}

impl Errors {
    /// Counts one error, rendering it only when it will be shown.
    pub(super) fn push(&mut self, diagnostic: impl FnOnce() -> String) {
        if self.shown.len() < SHOWN_ERRORS {
            self.shown.push(diagnostic());
        }
        self.count += 1;
    }

    /// `Ok` when there were none; otherwise every diagnostic shown, and how
    /// many more there were.
    pub(super) fn into_result(self, source_name: &str) -> Result<(), Failure> {
        if self.count == 0 {
            return Ok(());
        }
        let mut all = self.shown.join("\n\n");
        let more = self.count - self.shown.len();
        if more > 0 {
            let _ = write!(
                all,
                "\n\nerror: {more} more {} in {source_name}",
                if more == 1 { "error" } else { "errors" }
            );
        }
        Err(Failure::Located(all))
    }
}

/// The lines of `text` with the byte offset each starts at, without their
/// line breaks (`\n` or `\r\n`). A byte order mark before the first line is
/// skipped.
pub(super) fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let skipped = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut start = skipped;
    text[skipped..].split('\n').map(move |line| {
        let at = start;
        start += line.len() + 1;
        (at, line.strip_suffix('\r').unwrap_or(line))
    })
}

/// One value of a line: where it starts, as written, and its value.
struct Field<'t> {
    /// Its byte offset in the line.
    at: usize,
    /// As written, quotes included.
    raw: &'t str,
    /// The value: `raw` without its quotes and escapes.
    value: Cow<'t, str>,
}

impl<'t> Field<'t> {
    /// The end of a pair this field writes, on a line starting at byte
    /// `line_start` of the text.
    fn end(&self, line_start: usize) -> End<'t> {
        let at = line_start + self.at;
        End {
            value: self.value.clone(),
            written: Cow::Borrowed(self.raw),
            span: at..at + self.raw.len(),
            cell: None,
        }
    }
}

/// A value that cannot be read: where in the line, and why.
struct BadField {
    span: Range<usize>,
    message: &'static str,
    label: &'static str,
}

/// The values of a line: separated by whitespace, up to a `#` that starts
/// a comment. A value that starts with `"` runs to the next `"` that is
/// not escaped (`\"` is a quote, `\\` a backslash), spaces and `#` included,
/// and must be followed by a space, a comment or the end of the line.
fn fields(line: &str) -> Result<Vec<Field<'_>>, BadField> {
    let mut fields = Vec::new();
    let mut chars = line.char_indices().peekable();
    while let Some(&(at, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        if c == '#' {
            break;
        }
        if c != '"' {
            let mut end = line.len();
            while let Some(&(i, c)) = chars.peek() {
                if c.is_whitespace() || c == '#' {
                    end = i;
                    break;
                }
                chars.next();
            }
            let raw = &line[at..end];
            fields.push(Field {
                at,
                raw,
                value: Cow::Borrowed(raw),
            });
            continue;
        }
        chars.next();
        let mut value = String::new();
        let mut closed = None;
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    closed = Some(i + 1);
                    break;
                }
                '\\' if matches!(chars.peek(), Some((_, '"' | '\\'))) => {
                    value.extend(chars.next().map(|(_, c)| c));
                }
                _ => value.push(c),
            }
        }
        let Some(end) = closed else {
            return Err(BadField {
                span: at..at + 1,
                message: "a quoted value is not closed: a `\"` is missing",
                label: "this quote is not closed",
            });
        };
        if let Some(&(i, c)) = chars.peek() {
            if !c.is_whitespace() && c != '#' {
                return Err(BadField {
                    span: i..i + c.len_utf8(),
                    message: "expected a space after the closing quote",
                    label: "quote the whole value",
                });
            }
        }
        fields.push(Field {
            at,
            raw: &line[at..end],
            value: Cow::Owned(value),
        });
    }
    Ok(fields)
}

/// The 1-based line and column (in chars) of byte `offset` of `text`.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_text = &before[line_start..];
    // A byte order mark is no column.
    let line_text = line_text.strip_prefix('\u{feff}').unwrap_or(line_text);
    (line, line_text.chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> PairsFile {
        PairsFile {
            source_name: "p.txt".into(),
            text: text.into(),
            scenario: false,
        }
    }

    #[test]
    fn fields_comments_and_blank_lines() {
        let f = file("\u{feff}a b\n\n  # note\r\n7\tid:9  # trailing\r\nx y#z\n");
        let pairs = f.pairs().unwrap();
        let got: Vec<(usize, &str, &str)> = pairs
            .iter()
            .map(|p| (p.line, &*p.from.value, &*p.to.value))
            .collect();
        assert_eq!(got, [(1, "a", "b"), (4, "7", "id:9"), (5, "x", "y")]);
        assert_eq!(&f.text[pairs[1].to.span.clone()], "id:9");
    }

    /// A quoted value holds spaces, `#` and escaped quotes; the answer
    /// echoes it as written, and `--from` takes it unquoted.
    #[test]
    fn quoted_values() {
        let f = file(
            "\"east door\" 12 # a name with a space\n\"a #1\"\t\"say \\\"hi\\\" \\\\ \\n\"\nx\"y z\"\n",
        );
        let pairs = f.pairs().unwrap();
        let got: Vec<(&str, &str, &str, &str)> = pairs
            .iter()
            .map(|p| {
                (
                    &*p.from.value,
                    &*p.from.written,
                    &*p.to.value,
                    &*p.to.written,
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("east door", "\"east door\"", "12", "12"),
                (
                    "a #1",
                    "\"a #1\"",
                    "say \"hi\" \\ \\n",
                    "\"say \\\"hi\\\" \\\\ \\n\""
                ),
                // A quote inside an unquoted value is part of it.
                ("x\"y", "x\"y", "z\"", "z\""),
            ]
        );
        assert_eq!(&f.text[pairs[0].from.span.clone()], "\"east door\"");
    }

    #[test]
    fn a_bad_quote_is_located() {
        let Err(Failure::Located(message)) = file("a b\n\"east door 12\n").pairs() else {
            panic!("an open quote");
        };
        assert_eq!(
            message,
            "error: a quoted value is not closed: a `\"` is missing\n  --> p.txt:2:1\n   |\n 2 | \"east door 12\n   | ^ this quote is not closed"
        );
        let Err(Failure::Located(message)) = file("\"east\"door 12\n").pairs() else {
            panic!("text after the closing quote");
        };
        assert!(
            message.contains("expected a space after the closing quote\n  --> p.txt:1:7\n"),
            "{message}"
        );
    }

    #[test]
    fn a_bad_line_is_located_and_underlined() {
        let f = file("a b\n  a b c d # four\n");
        let Err(Failure::Located(message)) = f.pairs() else {
            panic!("a line of four values");
        };
        assert_eq!(
            message,
            "error: expected two nodes, `FROM TO`; found 4 values\n  --> p.txt:2:7\n   |\n 2 |   a b c d # four\n   |       ^^^ one pair a line"
        );
        let Err(Failure::Located(message)) = file("x\n").pairs() else {
            panic!("a line of one value");
        };
        assert!(
            message.contains("  --> p.txt:1:2\n   |\n 1 | x\n   |  ^ the goal node is missing"),
            "{message}"
        );
    }

    #[test]
    fn long_lines_are_cut_around_the_value() {
        let line = format!(
            "{} {} {}",
            "a".repeat(100),
            "b".repeat(100),
            "c".repeat(100)
        );
        let Err(Failure::Located(message)) = file(&line).pairs() else {
            panic!("three values");
        };
        let excerpt = message.lines().nth(3).unwrap();
        let underline = message.lines().nth(4).unwrap();
        assert_eq!(
            excerpt,
            format!(" 1 | …{} {}…", "b".repeat(39), "c".repeat(40))
        );
        assert_eq!(underline.find('^'), excerpt.find('c').map(|i| i - 2));
        assert!(message.contains("p.txt:1:203"), "{message}");
    }

    #[test]
    fn errors_beyond_the_first_few_are_counted() {
        let f = file(&"x\n".repeat(13));
        let Err(Failure::Located(message)) = f.pairs() else {
            panic!("thirteen bad lines");
        };
        assert_eq!(message.matches("found one").count(), SHOWN_ERRORS);
        assert!(
            message.ends_with("error: 3 more errors in p.txt"),
            "{message}"
        );
    }
}
