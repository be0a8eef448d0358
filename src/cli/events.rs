//! The events file of `clearway update`: one JSON object a line (JSON
//! Lines), each one change to the level or one route asked of it; blank
//! lines and lines starting with `#` are skipped. A bad line is reported as
//! a map's errors are: `file:line:col` and the line, the bad value
//! underlined.

use std::ops::Range;
use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

use clearway_format::wire::ObstacleEntry;

use super::Failure;
use super::input::read_input;
use super::pairs_file::{checked_text, diagnostic, lines};

/// An events file, read whole.
pub struct EventsFile {
    /// The name errors give it: its path, or `<stdin>`.
    source_name: String,
    text: String,
}

/// One line holding an event: where it is, and its text.
pub struct EventLine<'t> {
    /// The event's place among the events, from 0.
    pub index: usize,
    /// The line number, from 1.
    pub number: usize,
    /// The byte offset of the line in the file.
    start: usize,
    /// The line, without its line break.
    text: &'t str,
}

/// One event, as written.
pub enum Event {
    /// `{"add": OBSTACLE}`
    Add(ObstacleEntry),
    /// `{"remove": N}`
    Remove(usize),
    /// `{"replace": N, "with": OBSTACLE}`
    Replace(usize, ObstacleEntry),
    /// `{"move": N, "by": [dx, dy]}` (three numbers in 3D)
    Move(usize, Vec<f64>),
    /// `{"close": E}`
    Close(usize),
    /// `{"open": E}`
    Open(usize),
    /// `{"route": {"from": A, "to": B}}`
    Route(Query),
    /// `{"widest": {"from": A, "to": B}}`
    Widest(Query),
}

/// A route asked: its ends (node ids, or names), and for `route` the agent
/// size, when the event gives it rather than the command line.
#[derive(Deserialize)]
#[serde(rename = "query", deny_unknown_fields)]
pub struct Query {
    /// The start node: an id (a number), or a name or `id:N` (a string).
    pub from: Value,
    /// The goal node.
    pub to: Value,
    /// An agent profile of the map, whose radius the route is for.
    #[serde(default)]
    pub agent: Option<String>,
    /// The agent radius the route is for.
    #[serde(default)]
    pub radius: Option<f64>,
}

/// An event line as serde reads it: every key optional, then checked to
/// hold exactly one event.
#[derive(Deserialize)]
#[serde(rename = "event", deny_unknown_fields)]
struct Raw {
    #[serde(default)]
    add: Option<ObstacleEntry>,
    #[serde(default)]
    remove: Option<usize>,
    #[serde(default)]
    replace: Option<usize>,
    #[serde(default)]
    with: Option<ObstacleEntry>,
    #[serde(default, rename = "move")]
    move_: Option<usize>,
    #[serde(default)]
    by: Option<Vec<f64>>,
    #[serde(default)]
    close: Option<usize>,
    #[serde(default)]
    open: Option<usize>,
    #[serde(default)]
    route: Option<Query>,
    #[serde(default)]
    widest: Option<Query>,
}

/// The keys that name an event, for messages.
const EVENTS: &str = "`add`, `remove`, `replace`, `move`, `close`, `open`, `route` or `widest`";

impl EventsFile {
    /// Reads the file at `path`; `-` reads standard input. As a map is
    /// read: input that is not a regular file stops at its first binary
    /// byte and at `--max-input-size`. The text must be UTF-8.
    pub fn read(path: &Path) -> Result<EventsFile, Failure> {
        let (bytes, source_name) = read_input(path, "events file", 0)?;
        let text = checked_text(bytes, &source_name, "events file")?;
        Ok(EventsFile { source_name, text })
    }

    /// The lines that hold an event, in file order.
    pub fn lines(&self) -> impl Iterator<Item = EventLine<'_>> {
        lines(&self.text)
            .enumerate()
            .filter(|(_, (_, text))| {
                let text = text.trim_start();
                !text.is_empty() && !text.starts_with('#')
            })
            .enumerate()
            .map(|(index, (number, (start, text)))| EventLine {
                index,
                number: number + 1,
                start,
                text,
            })
    }

    /// The event of a line, or the diagnostic of what is wrong with it.
    pub fn parse(&self, line: &EventLine<'_>) -> Result<Event, String> {
        if !line.text.trim_start().starts_with('{') {
            let at = line.text.len() - line.text.trim_start().len();
            let message = "an event is a JSON object, `{\"close\": 4}`, one a line";
            return Err(self.diagnostic(line, at..at + 1, message, "not `{`"));
        }
        let raw: Raw = serde_json::from_str(line.text).map_err(|e| {
            let at = column_offset(line.text, e.column());
            let message = serde_message(&e);
            self.diagnostic(line, at..at + 1, &message, "here")
        })?;
        if let Some((key, message, label)) = raw.orphan() {
            return Err(self.at_key(line, key, message, label));
        }
        let keys = raw.event_keys();
        let event = match keys.as_slice() {
            [] => {
                let span = 0..line.text.len();
                let message = format!("an event is one of {EVENTS}: this line has none");
                return Err(self.diagnostic(line, span, &message, "no event"));
            }
            [_] => raw.into_event(),
            [_, second, ..] => {
                let message = format!(
                    "one event a line: this line has `{}` and `{second}`",
                    keys[0]
                );
                return Err(self.at_key(line, second, &message, "a second event"));
            }
        };
        event.map_err(|(key, message, label)| self.at_key(line, key, &message, label))
    }

    /// A diagnostic for the value of `key` in `line` (the whole line when
    /// the key cannot be found).
    pub fn at_key(&self, line: &EventLine<'_>, key: &str, message: &str, label: &str) -> String {
        let span = value_span(line.text, key).unwrap_or(0..line.text.len());
        self.diagnostic(line, span, message, label)
    }

    /// A diagnostic for the bytes `span` of `line`.
    fn diagnostic(
        &self,
        line: &EventLine<'_>,
        span: Range<usize>,
        message: &str,
        label: &str,
    ) -> String {
        let span = line.start + span.start..line.start + span.end;
        diagnostic(&self.text, &self.source_name, span, message, label)
    }

    /// The name errors give the file.
    pub fn source_name(&self) -> &str {
        &self.source_name
    }
}

impl Raw {
    /// The keys of events this line has, in the order [`EVENTS`] lists them.
    fn event_keys(&self) -> Vec<&'static str> {
        [
            ("add", self.add.is_some()),
            ("remove", self.remove.is_some()),
            ("replace", self.replace.is_some()),
            ("move", self.move_.is_some()),
            ("close", self.close.is_some()),
            ("open", self.open.is_some()),
            ("route", self.route.is_some()),
            ("widest", self.widest.is_some()),
        ]
        .into_iter()
        .filter_map(|(key, given)| given.then_some(key))
        .collect()
    }

    /// A `with` without `replace`, or a `by` without `move`: the key, a
    /// message and a label.
    fn orphan(&self) -> Option<(&'static str, &'static str, &'static str)> {
        if self.replace.is_none() && self.with.is_some() {
            return Some(("with", "`with` goes with `replace`", "no `replace`"));
        }
        if self.move_.is_none() && self.by.is_some() {
            return Some(("by", "`by` goes with `move`", "no `move`"));
        }
        None
    }

    /// The one event of a line (see [`Raw::event_keys`]), or the key that
    /// is wrong, a message and a label.
    fn into_event(self) -> Result<Event, (&'static str, String, &'static str)> {
        Ok(if let Some(entry) = self.add {
            Event::Add(entry)
        } else if let Some(n) = self.remove {
            Event::Remove(n)
        } else if let Some(n) = self.replace {
            let Some(with) = self.with else {
                let message = "`replace` needs `with`: the obstacle's new shape".into();
                return Err(("replace", message, "no `with`"));
            };
            Event::Replace(n, with)
        } else if let Some(n) = self.move_ {
            let Some(by) = self.by else {
                let message = "`move` needs `by`: the displacement, [dx, dy] (3D: [dx, dy, dz])";
                return Err(("move", message.into(), "no `by`"));
            };
            Event::Move(n, by)
        } else if let Some(e) = self.close {
            Event::Close(e)
        } else if let Some(e) = self.open {
            Event::Open(e)
        } else if let Some(query) = self.route {
            Event::Route(query)
        } else if let Some(query) = self.widest {
            Event::Widest(query)
        } else {
            unreachable!("a line with one event key")
        })
    }
}

/// serde_json's message without the position it appends (the diagnostic
/// gives it), and without the name of the type read.
fn serde_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let text = text.strip_suffix(&suffix).unwrap_or(&text);
    if text.starts_with("number out of range") {
        // JSON has no infinity: a number too large for a float is one.
        return "this number is out of range: every coordinate must be finite and within ±1e15"
            .into();
    }
    match e.classify() {
        serde_json::error::Category::Eof => format!("this line ends inside the event: {text}"),
        serde_json::error::Category::Syntax => format!("this line is not JSON: {text}"),
        _ => text.to_string(),
    }
}

/// The byte offset serde_json's column (from 1, the char it stopped at)
/// stands for in `line`, on a char boundary.
fn column_offset(line: &str, column: usize) -> usize {
    let mut at = column.saturating_sub(1).min(line.len());
    while !line.is_char_boundary(at) {
        at -= 1;
    }
    if at == line.len() && at > 0 {
        // Past the end: the last char.
        at -= 1;
        while !line.is_char_boundary(at) {
            at -= 1;
        }
    }
    at
}

/// Where the value of the first `"key":` in `line` is written, in bytes:
/// from its first char to the end of the value (a nested object or array
/// whole, a string with its quotes).
pub fn value_span(line: &str, key: &str) -> Option<Range<usize>> {
    let quoted = format!("\"{key}\"");
    let mut from = 0;
    let start = loop {
        let at = from + line[from..].find(&quoted)?;
        let after = at + quoted.len();
        let rest = line[after..].trim_start();
        if let Some(value) = rest.strip_prefix(':') {
            break line.len() - value.trim_start().len();
        }
        from = after;
    };
    let bytes = line.as_bytes();
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut end = start;
    while end < bytes.len() {
        let b = bytes[end];
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => {
                    in_string = false;
                    if depth == 0 {
                        return Some(start..end + 1);
                    }
                }
                _ => {}
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'{' | b'[' => depth += 1,
                b'}' | b']' if depth == 0 => break,
                b'}' | b']' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(start..end + 1);
                    }
                }
                b',' if depth == 0 => break,
                _ => {}
            }
        }
        end += 1;
    }
    let value = line[start..end].trim_end();
    (!value.is_empty()).then(|| start..start + value.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_span_covers_the_whole_value() {
        let line = r#"{"replace": 3, "with": {"Point": [1, 2]}}"#;
        assert_eq!(&line[value_span(line, "replace").unwrap()], "3");
        assert_eq!(
            &line[value_span(line, "with").unwrap()],
            r#"{"Point": [1, 2]}"#
        );
        let line = r#"{"route": {"from": "a, b", "to": 4}}"#;
        assert_eq!(&line[value_span(line, "from").unwrap()], r#""a, b""#);
        assert_eq!(&line[value_span(line, "to").unwrap()], "4");
        // A string that reads as the key is no key.
        let line = r#"{"route": {"from": "to", "to": 4}}"#;
        assert_eq!(&line[value_span(line, "to").unwrap()], "4");
        assert_eq!(value_span(line, "by"), None);
    }

    #[test]
    fn a_column_past_the_end_is_the_last_char() {
        assert_eq!(column_offset("{\"a\"", 5), 3);
        assert_eq!(column_offset("{\"é", 4), 2);
        assert_eq!(column_offset("{", 1), 0);
    }
}
