//! The clearway map file format: RON text in, the parsed file (or ron's own
//! error) out.
//!
//! A map file (see `docs/MAP_FORMAT.md`) is RON text that serde reads into
//! the [`wire`] types. Its contract is one function, [`parse`]: the text in,
//! the [`wire::MapFile`] out, or ron's own [`ron::error::SpannedError`] with
//! its position in the text, exactly as `ron` reading the whole text in one
//! pass returns them. What lies behind it is speed: the `nodes`, `edges` and
//! `obstacles` lists are cut into chunks at element boundaries
//! ([`chunked_parse`]) and read on every core, each chunk by a fast reader
//! of the element shapes machine-written levels use, and by ron when the
//! fast reader declines it.
//!
//! Around the parse: where things are in the text ([`locate`], for located
//! errors; [`citations`], for reports that cite elements once the text is
//! gone), the text editor `prune`, `bake` and `link` edit levels with while
//! keeping their comments and layout ([`edit_edges`], [`append_edges`]),
//! and the writers ([`write`], and [`MapTextWriter`] for levels too large to
//! hold as one text).
//!
//! ```
//! let text = "Map(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (3, 4))], edges: [(from: 0, to: 1)])";
//! let file = clearway_format::parse(text)?;
//! assert_eq!(file.nodes[1].pos, clearway_format::wire::Position::Plane(3.0, 4.0));
//! let again = clearway_format::parse(&clearway_format::write(&file))?;
//! assert_eq!(again, file);
//!
//! let error = clearway_format::parse("Map(nodes: [(id: 0)])").unwrap_err();
//! assert_eq!((error.span.start.line, error.span.start.col), (1, 19));
//! # Ok::<(), ron::error::SpannedError>(())
//! ```

#![deny(missing_docs)]

pub mod chunked_parse;
pub mod citations;
mod edge_edit;
mod fast_elements;
pub mod fields;
mod list_cut;
pub mod locate;
#[doc(hidden)]
pub mod par;
mod position;
mod ron_scanner;
mod ron_stream;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod wire;

pub use edge_edit::{
    AppendedEdges, EdgeAppend, EdgeEdit, StreamedEdit, append_edges, edit_edges, has_comments,
};
pub use ron_stream::MapTextWriter;

/// Parses a map file's text: the [`wire::MapFile`] it holds, or ron's own
/// error, with its position, when it is not a map file. The same result as
/// `wire::options().from_str(text)`, read in chunks on every core
/// ([`wire::from_str`]).
///
/// # Errors
///
/// ron's error, with its position in `text`, when `text` is not a map file.
pub fn parse(text: &str) -> Result<wire::MapFile, ron::error::SpannedError> {
    wire::from_str(text)
}

/// A map file as RON text, the way `clearway` writes levels: `Map(` and
/// one field a line, one list element a line, `Some` and defaults left
/// out, numbers that read back to the same bits.
pub fn write(file: &wire::MapFile) -> String {
    let config = ron::ser::PrettyConfig::new()
        .struct_names(false)
        .depth_limit(2)
        .indentor("    ");
    let body = wire::options()
        .to_string_pretty(file, config)
        .unwrap_or_else(|e| unreachable!("the wire types always serialize: {e}"));
    format!("Map{body}\n")
}
