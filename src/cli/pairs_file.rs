//! The pairs file of `route --pairs`: one `FROM TO` pair of nodes a line,
//! written as `--from` and `--to` are; `#` starts a comment, blank lines are
//! skipped. A bad line is reported as a map's errors are: `file:line:col`
//! and the line, with the bad value underlined.

use std::fmt::Write as _;
use std::io::Read;
use std::ops::Range;
use std::path::Path;

use super::Failure;
use super::ends::NodeNames;

/// How many bad lines are shown; the rest are counted.
const SHOWN_ERRORS: usize = 10;

/// How many chars of a long line a snippet shows each side of the bad value.
const CONTEXT_CHARS: usize = 40;

/// A pairs file, read whole.
pub struct PairsFile {
    /// The name errors give it: its path, or `<stdin>`.
    source_name: String,
    text: String,
}

/// One query as written: its line, and the two node values.
pub struct Pair<'t> {
    /// The line number, from 1.
    pub line: usize,
    /// The start node, as written.
    pub from: &'t str,
    /// The goal node, as written.
    pub to: &'t str,
    /// Where `from` and `to` start in the text (byte offsets).
    offsets: [usize; 2],
}

impl PairsFile {
    /// Reads the file at `path`; `-` reads standard input. The text must be
    /// UTF-8.
    pub fn read(path: &Path) -> Result<PairsFile, Failure> {
        let (bytes, source_name) = if path.as_os_str() == "-" {
            let mut bytes = Vec::new();
            std::io::stdin()
                .lock()
                .read_to_end(&mut bytes)
                .map_err(|e| {
                    Failure::Io(format!("cannot read the pairs from standard input: {e}"))
                })?;
            (bytes, "<stdin>".to_string())
        } else {
            let bytes = std::fs::read(path).map_err(|e| {
                Failure::Io(format!("cannot read pairs file `{}`: {e}", path.display()))
            })?;
            (bytes, path.display().to_string())
        };
        let text = String::from_utf8(bytes).map_err(|e| {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            // The valid prefix is UTF-8: where the first bad byte is.
            let valid = std::str::from_utf8(valid).unwrap_or_default();
            let (line, column) = line_col(valid, valid.len());
            let gutter = " ".repeat(line.to_string().len());
            Failure::Located(format!(
                "error: the pairs file is not UTF-8 text\n{gutter} --> {source_name}:{line}:{column}"
            ))
        })?;
        Ok(PairsFile { source_name, text })
    }

    /// The pairs, in file order. Every line that is not blank or a comment
    /// must hold two values; the first few bad lines are reported.
    pub fn pairs(&self) -> Result<Vec<Pair<'_>>, Failure> {
        let mut pairs = Vec::new();
        let mut errors = Errors::default();
        for (index, (start, line)) in lines(&self.text).enumerate() {
            let content = line.split('#').next().unwrap_or_default();
            let fields = fields(content);
            match fields.as_slice() {
                [] => {}
                [(a, from), (b, to)] => pairs.push(Pair {
                    line: index + 1,
                    from,
                    to,
                    offsets: [start + a, start + b],
                }),
                [(a, only)] => {
                    let end = start + a + only.len();
                    errors.push(|| {
                        self.diagnostic(
                            end..end,
                            "expected two nodes, `FROM TO`; found one",
                            "the goal node is missing",
                        )
                    });
                }
                [_, _, (a, _), ..] => {
                    let (b, last) = fields[fields.len() - 1];
                    let span = start + a..start + b + last.len();
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

    /// The node indices of every pair, resolved as `--from` and `--to` are:
    /// every value that names no node, or more than one, is reported.
    pub fn resolve<D: clearway::Dimension>(
        &self,
        pairs: &[Pair<'_>],
        names: &NodeNames<'_, D>,
    ) -> Result<Vec<(clearway::NodeIdx, clearway::NodeIdx)>, Failure> {
        let mut ends = Vec::with_capacity(pairs.len());
        let mut errors = Errors::default();
        for pair in pairs {
            let mut resolve = |given: &str, offset: usize, option: &str| {
                names.resolve(given, option).map_err(|bad| {
                    errors.push(|| {
                        self.diagnostic(offset..offset + given.len(), &bad.message, bad.label)
                    });
                })
            };
            let from = resolve(pair.from, pair.offsets[0], "FROM");
            let to = resolve(pair.to, pair.offsets[1], "TO");
            if let (Ok(from), Ok(to)) = (from, to) {
                ends.push((from, to));
            }
        }
        errors.into_result(&self.source_name)?;
        Ok(ends)
    }

    /// A rustc-style diagnostic for the bytes `span` of the text, in the
    /// form of [`clearway::LoadError`]'s.
    fn diagnostic(&self, span: Range<usize>, message: &str, label: &str) -> String {
        let text = &self.text;
        let (line, column) = line_col(text, span.start);
        let line_start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[span.start..]
            .find('\n')
            .map_or(text.len(), |i| span.start + i);
        let line_text = text[line_start..line_end]
            .strip_suffix('\r')
            .unwrap_or(&text[line_start..line_end]);
        let span = span.start.min(line_start + line_text.len())
            ..span.end.min(line_start + line_text.len());
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
        let mut out = format!(
            "error: {message}\n{gutter} --> {}:{line}:{column}",
            self.source_name
        );
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
}

/// The bad lines found so far: the first few diagnostics, and a count.
#[derive(Default)]
struct Errors {
    shown: Vec<String>,
    count: usize,
}

impl Errors {
    /// Counts one error, rendering it only when it will be shown.
    fn push(&mut self, diagnostic: impl FnOnce() -> String) {
        if self.shown.len() < SHOWN_ERRORS {
            self.shown.push(diagnostic());
        }
        self.count += 1;
    }

    /// `Ok` when there were none; otherwise every diagnostic shown, and how
    /// many more there were.
    fn into_result(self, source_name: &str) -> Result<(), Failure> {
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
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let skipped = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut start = skipped;
    text[skipped..].split('\n').map(move |line| {
        let at = start;
        start += line.len() + 1;
        (at, line.strip_suffix('\r').unwrap_or(line))
    })
}

/// The whitespace-separated fields of a line, with their byte offsets.
fn fields(line: &str) -> Vec<(usize, &str)> {
    let mut fields = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                fields.push((s, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        fields.push((s, &line[s..]));
    }
    fields
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
        }
    }

    #[test]
    fn fields_comments_and_blank_lines() {
        let f = file("\u{feff}a b\n\n  # note\r\n7\tid:9  # trailing\r\nx y#z\n");
        let pairs = f.pairs().unwrap();
        let got: Vec<(usize, &str, &str)> = pairs.iter().map(|p| (p.line, p.from, p.to)).collect();
        assert_eq!(got, [(1, "a", "b"), (4, "7", "id:9"), (5, "x", "y")]);
        assert_eq!(&f.text[pairs[1].offsets[1]..][..4], "id:9");
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
