//! Writing a map file a list element at a time, for levels too large to hold
//! as one text (a 2000 x 2000 grid is half a gigabyte of RON).
//!
//! The text is byte for byte what [`crate::write`] writes for the same
//! entries: the tests compare the two.

use std::io::{self, Write};

use ron::ser::PrettyConfig;
use serde::Serialize;

use crate::wire;

/// Writes `Map(` .. `)` with one list at a time, each element serialized on
/// its own, so that no more than one element is held as text.
///
/// ```
/// use clearway_format::MapTextWriter;
/// use clearway_format::wire::{NodeEntry, Position};
/// let mut text = Vec::new();
/// let mut writer = MapTextWriter::new(&mut text).unwrap();
/// let nodes = [NodeEntry { id: 3, pos: Position::Plane(0.5, 2.0), name: None }];
/// writer.list("nodes", nodes, true).unwrap();
/// writer.list("edges", Vec::<clearway_format::wire::EdgeEntry>::new(), false).unwrap();
/// writer.finish().unwrap();
/// let text = String::from_utf8(text).unwrap();
/// assert_eq!(text, "Map(\n    nodes: [\n        (id: 3, pos: (0.5, 2.0)),\n    ],\n)\n");
/// assert_eq!(clearway_format::parse(&text).unwrap().nodes[0].id, 3);
/// ```
pub struct MapTextWriter<W: Write> {
    out: W,
    /// How each element is written: on one line.
    inline: PrettyConfig,
    options: ron::Options,
}

/// The indentation of the map's fields, and twice it of list elements, as
/// [`crate::write`] indents them.
const INDENT: &str = "    ";

impl<W: Write> MapTextWriter<W> {
    /// Starts the map: writes `Map(`.
    ///
    /// # Errors
    /// When writing fails.
    pub fn new(mut out: W) -> io::Result<MapTextWriter<W>> {
        out.write_all(b"Map(\n")?;
        Ok(MapTextWriter {
            out,
            inline: inline(),
            options: wire::options(),
        })
    }

    /// Writes the field `name: [ .. ]` with `items` one a line; an empty
    /// list is written as `[]`, or not at all when `required` is false (as
    /// the file's optional lists, `agents`, `edges` and `obstacles`, are
    /// left out when empty). Returns how many items were written.
    ///
    /// # Errors
    /// When writing fails.
    pub fn list<T: Serialize>(
        &mut self,
        name: &str,
        items: impl IntoIterator<Item = T>,
        required: bool,
    ) -> io::Result<usize> {
        let mut items = items.into_iter().peekable();
        if items.peek().is_none() {
            if required {
                writeln!(self.out, "{INDENT}{name}: [],")?;
            }
            return Ok(0);
        }
        writeln!(self.out, "{INDENT}{name}: [")?;
        let mut count = 0;
        for item in items {
            self.out.write_all(INDENT.as_bytes())?;
            self.out.write_all(INDENT.as_bytes())?;
            self.options
                .to_io_writer_pretty(&mut self.out, &item, self.inline.clone())
                .map_err(|e| match e {
                    ron::Error::Io(message) => io::Error::other(message),
                    e => unreachable!("the wire types always serialize: {e}"),
                })?;
            self.out.write_all(b",\n")?;
            count += 1;
        }
        writeln!(self.out, "{INDENT}],")?;
        Ok(count)
    }

    /// Ends the map: writes `)` and a line break, flushes, and gives the
    /// writer back.
    ///
    /// # Errors
    /// When writing fails.
    pub fn finish(mut self) -> io::Result<W> {
        self.out.write_all(b")\n")?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// One element on one line, as [`Map::to_ron_string`](super::Map::to_ron_string)
/// writes elements below its depth limit.
fn inline() -> PrettyConfig {
    PrettyConfig::new()
        .struct_names(false)
        .depth_limit(0)
        .indentor("")
        .new_line("")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::MapFile;

    /// Every list, filled or empty, is written as the whole-text writer
    /// writes it.
    #[test]
    fn the_text_is_the_whole_text_writers() {
        let text = r#"(agents: [(name: "a \"b\"", radius: 0.3)],
            nodes: [(id: 1, pos: (0.1, 1e15), name: "gate"), (id: 2, pos: (-0.0, 3))],
            edges: [(from: 1, to: 2, one_way: true, cost: 3.5, clearance: 1e-300),
                (from: 2, to: 1, closed: true), (from: 2, to: 1, closed: false)],
            obstacles: [Polygon([(0, 0), (1, 0), (1, 1)]), Circle(center: (5, 5), radius: 2),
                Point((7, 7)), Segment(from: (1, 2), to: (3, 4))])"#;
        let empty_lists = "(nodes: [])";
        for text in [text, empty_lists] {
            let file: MapFile = crate::wire::options().from_str(text).unwrap();
            let mut streamed = Vec::new();
            let mut writer = MapTextWriter::new(&mut streamed).unwrap();
            writer.list("agents", &file.agents, false).unwrap();
            writer.list("nodes", &file.nodes, true).unwrap();
            writer.list("edges", &file.edges, false).unwrap();
            writer.list("obstacles", &file.obstacles, false).unwrap();
            writer.finish().unwrap();
            assert_eq!(String::from_utf8(streamed).unwrap(), crate::write(&file));
        }
    }
}
