//! The edges and obstacles validated chunk by chunk as they are parsed, so
//! that a level's wire edges and obstacles (56 and 72 bytes each, 360 MB
//! for five million points) are never all held at once beside the text and
//! the validated ones.
//!
//! The chunked parse ([`super::chunked_parse`]) fills the nodes first; when
//! there is one, its position sets the level's dimension (as
//! [`super::validate3d::dimension_of`] says). The nodes are validated before
//! the edges are read, and each chunk of edges, then of obstacles, is
//! validated into the domain type as soon as it is read, with the element's
//! index in the file: the same values, and the same first error, as
//! validating the whole lists afterwards. The errors are held until the
//! agents are validated, and the obstacles' until the nodes and edges are,
//! which come first ([`super::validate::validate_loaded`]). A level with no
//! nodes, or one the chunks cannot be read from, is validated as before.

use serde::Deserialize;

use super::validate::{self, Network, ValidationError};
use super::validate3d::{self, FileDimension};
use super::wire::{self, MapFile};
use crate::geometry::{Point, Point3};
use crate::obstacle::Obstacle;
use crate::obstacle3::Obstacle3;
use clearway_format::chunked_parse::{self, ChunkedFile, ListChunks, ListField};
use clearway_format::citations::{Cite, SourceCitations};
use clearway_format::locate::DocPath;

/// A map file as the loader reads it: the wire file, its obstacles left
/// empty when they were validated as they were parsed.
#[derive(Deserialize)]
#[serde(transparent)]
pub(crate) struct LoadFile {
    /// Everything the file holds, but the obstacles validated already.
    pub(crate) file: MapFile,
    /// The obstacles, validated chunk by chunk (or the first one's error);
    /// `None` when they are in `file`.
    #[serde(skip)]
    pub(crate) obstacles: Option<Result<ValidObstacles, ValidationError>>,
    /// The nodes and edges, validated as the edges were parsed (or the
    /// first error); `None` when they are in `file`.
    #[serde(skip)]
    pub(crate) network: Option<Result<ValidNetwork, ValidationError>>,
    /// The dimension the first node set, and where, when the nodes were
    /// taken out of `file` to be validated.
    #[serde(skip)]
    pub(crate) nodes_dimension: Option<(FileDimension, DocPath)>,
}

impl LoadFile {
    /// A wire file, nothing validated yet.
    pub(crate) fn wire(file: MapFile) -> LoadFile {
        LoadFile {
            file,
            obstacles: None,
            network: None,
            nodes_dimension: None,
        }
    }

    /// The level's dimension and the value that sets it, as
    /// [`validate3d::dimension_of`] says of the whole file.
    pub(crate) fn dimension(&self) -> (FileDimension, DocPath) {
        match &self.nodes_dimension {
            Some(dimension) => dimension.clone(),
            None => validate3d::dimension_of(&self.file),
        }
    }
}

/// Validated nodes and edges of either dimension.
pub(crate) enum ValidNetwork {
    /// A flat level's.
    Plane(Network<Point>),
    /// A 3D level's.
    Space(Network<Point3>),
}

/// Validated obstacles of either dimension.
pub(crate) enum ValidObstacles {
    /// A flat level's.
    Plane(Vec<Obstacle>),
    /// A 3D level's.
    Space(Vec<Obstacle3>),
}

impl ValidNetwork {
    /// A flat level's nodes and edges; `None` for a 3D level's.
    pub(crate) fn plane(self) -> Option<Network<Point>> {
        match self {
            ValidNetwork::Plane(n) => Some(n),
            ValidNetwork::Space(_) => None,
        }
    }

    /// A 3D level's nodes and edges; `None` for a flat level's.
    pub(crate) fn space(self) -> Option<Network<Point3>> {
        match self {
            ValidNetwork::Space(n) => Some(n),
            ValidNetwork::Plane(_) => None,
        }
    }
}

impl ValidObstacles {
    /// A flat level's obstacles; `None` for a 3D level's.
    pub(crate) fn plane(self) -> Option<Vec<Obstacle>> {
        match self {
            ValidObstacles::Plane(o) => Some(o),
            ValidObstacles::Space(_) => None,
        }
    }

    /// A 3D level's obstacles; `None` for a flat level's.
    pub(crate) fn space(self) -> Option<Vec<Obstacle3>> {
        match self {
            ValidObstacles::Space(o) => Some(o),
            ValidObstacles::Plane(_) => None,
        }
    }
}

impl ChunkedFile for LoadFile {
    fn fill_list(&mut self, field: ListField, list: &ListChunks<'_>) -> Option<()> {
        match field {
            ListField::Nodes => self.file.nodes = list.parse()?,
            ListField::Edges if self.file.nodes.is_empty() => self.file.edges = list.parse()?,
            ListField::Edges => {
                // The nodes are filled first: the first one sets the dimension.
                let (dimension, first) = validate3d::dimension_of(&self.file);
                let nodes = std::mem::take(&mut self.file.nodes);
                self.network = Some(match dimension {
                    FileDimension::TwoD => validate::network_as_parsed(nodes, list, |p, path| {
                        validate::point(p, path, &first)
                    })?
                    .map(ValidNetwork::Plane),
                    FileDimension::ThreeD => {
                        validate::network_as_parsed(nodes, list, |p, path| {
                            validate3d::point3(p, path, &first)
                        })?
                        .map(ValidNetwork::Space)
                    }
                });
                self.nodes_dimension = Some((dimension, first));
            }
            ListField::Obstacles if self.file.nodes.is_empty() && self.network.is_none() => {
                self.file.obstacles = list.parse()?;
            }
            ListField::Obstacles => {
                // The nodes are filled first: the first one sets the dimension.
                let (dimension, first) = self.dimension();
                self.obstacles = Some(match dimension {
                    FileDimension::TwoD => list
                        .parse_converted(Obstacle::Point(Point::new(0.0, 0.0)), |i, o| {
                            validate::obstacle(i, o, &first)
                        })?
                        .map(ValidObstacles::Plane),
                    FileDimension::ThreeD => list
                        .parse_converted(Obstacle3::Point(Point3::new(0.0, 0.0, 0.0)), |i, o| {
                            validate3d::obstacle3(i, o, &first)
                        })?
                        .map(ValidObstacles::Space),
                });
            }
        }
        Some(())
    }
}

/// Parses a map text (with no byte-order mark) for loading: as
/// [`wire::from_str_citing`], the obstacles validated as they are parsed
/// when the lists are read in chunks.
pub(crate) fn parse(
    text: &str,
    cite: Cite,
) -> Result<(LoadFile, Option<SourceCitations>), ron::error::SpannedError> {
    parse_in_chunks(text, chunked_parse::CHUNK_BYTES, cite)
}

/// [`parse`] in chunks of about `chunk_bytes`.
fn parse_in_chunks(
    text: &str,
    chunk_bytes: usize,
    cite: Cite,
) -> Result<(LoadFile, Option<SourceCitations>), ron::error::SpannedError> {
    let options = wire::options();
    match chunked_parse::parse_citing(text, chunk_bytes, &options, cite) {
        Some(parsed) => Ok(parsed),
        None => Ok((LoadFile::wire(options.from_str(text)?), None)),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::map::validate::{ValidLevel, validate_loaded};
    use clearway_format::testing::{map_text, map_text_3d};

    /// A validated level, or its error, as `Debug` text: the node map in
    /// id order.
    fn show(level: Result<ValidLevel, String>) -> String {
        fn parts<P: std::fmt::Debug, O: std::fmt::Debug>(
            parts: &crate::map::validate::ValidParts<P, O>,
        ) -> String {
            let by_id: Vec<_> = (parts.nodes.iter())
                .map(|n| (n.id, parts.node_ids.index(n.id, &parts.nodes)))
                .collect();
            format!(
                "{:?} {:?} {by_id:?} {:?} {:?}",
                parts.agents, parts.nodes, parts.edges, parts.obstacles
            )
        }
        match level {
            Ok(ValidLevel::Plane(p)) => format!("plane {}", parts(&p)),
            Ok(ValidLevel::Space(p)) => format!("space {}", parts(&p)),
            Err(e) => e,
        }
    }

    /// The level the loader validates from `text`, chunk by chunk.
    fn loaded(text: &str, chunk_bytes: usize) -> String {
        show(
            parse_in_chunks(text, chunk_bytes, Cite::Nothing)
                .map_err(|e| format!("{e:?}"))
                .and_then(|(file, _)| validate_loaded(file).map_err(|e| format!("{e:?}"))),
        )
    }

    /// The twin: the whole file parsed by ron, then validated.
    fn whole(text: &str) -> String {
        show(
            wire::options()
                .from_str::<MapFile>(text)
                .map_err(|e| format!("{e:?}"))
                .and_then(|file| {
                    validate_loaded(LoadFile::wire(file)).map_err(|e| format!("{e:?}"))
                }),
        )
    }

    /// Where one of the places `text` says `after` ends, picked by `pick`.
    fn nth_end(text: &str, after: &str, pick: prop::sample::Index) -> Option<usize> {
        let ends: Vec<usize> = text
            .match_indices(after)
            .map(|(i, _)| i + after.len())
            .collect();
        (!ends.is_empty()).then(|| ends[pick.index(ends.len())])
    }

    /// Validated chunk by chunk or whole, the level (or its first error) is
    /// the same, at every chunk size.
    fn agrees(text: &str) {
        let expected = whole(text);
        for chunk_bytes in [0, 1, 40, 300, chunked_parse::CHUNK_BYTES] {
            assert_eq!(loaded(text, chunk_bytes), expected, "{chunk_bytes}\n{text}");
        }
    }

    proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(300))]

        /// Random levels, flat and 3D, many invalid (self-loops, negative
        /// radii, degenerate polygons), some with a position of the other
        /// dimension among the obstacles or the nodes, a node's id changed
        /// (repeated, or out of count), or an edge's end unknown.
        #[test]
        fn validated_as_parsed_is_validated_whole(
            text in map_text(),
            text_3d in map_text_3d(),
            other in any::<prop::sample::Index>(),
            id in 0u64..16,
        ) {
            agrees(&text);
            agrees(&text_3d);
            // One `Point((x, y))` made `Point((1, x, y))`, and the same of a
            // node's position.
            for (text, after) in [(&text, "(("), (&text, "pos: ("), (&text_3d, "pos: (")] {
                if let Some(at) = nth_end(text, after, other) {
                    let mut mixed = text.clone();
                    mixed.insert_str(at, "1, ");
                    agrees(&mixed);
                }
            }
            for (text, after, by) in [(&text, "id: ", id), (&text_3d, "id: ", id), (&text, "from: ", 99)] {
                if let Some(at) = nth_end(text, after, other) {
                    let digits = text[at..].bytes().take_while(u8::is_ascii_digit).count();
                    let mut renumbered = text.clone();
                    renumbered.replace_range(at..at + digits, &by.to_string());
                    agrees(&renumbered);
                }
            }
        }
    }

    #[test]
    fn errors_keep_their_order_and_dimensions_their_rules() {
        let nodes = "nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))]";
        let many = (0..50)
            .map(|i| format!("Point(({i}, 1))"))
            .collect::<Vec<_>>()
            .join(", ");
        for text in [
            // An edge error comes before an obstacle's.
            format!("({nodes}, edges: [(from: 0, to: 0)], obstacles: [{many}, Circle(center: (0, 0), radius: -1)])"),
            // The first of two obstacle errors, in different chunks.
            format!("({nodes}, obstacles: [{many}, Point((NaN, 0)), {many}, Point((0, inf))])"),
            // A 3D position among a flat level's obstacles, the obstacles first in the file.
            format!("(obstacles: [{many}, Point((1, 2, 3))], {nodes})"),
            // A 3D level: its obstacles read as 3D.
            "(nodes: [(id: 0, pos: (0, 0, 0))], obstacles: [Point((1, 2, 3)), Sphere(center: (0, 0, 0), radius: 1)])".to_owned(),
            "(nodes: [(id: 0, pos: (0, 0, 0))], obstacles: [Point((1, 2, 3)), Circle(center: (0, 0), radius: 1)])".to_owned(),
            // No nodes: the first obstacle sets the dimension.
            format!("(nodes: [], obstacles: [Point((1, 2, 3)), {many}])"),
            format!("(obstacles: [{many}], nodes: [])"),
        ] {
            agrees(&text);
            let (file, _) = parse_in_chunks(&text, 40, Cite::Nothing).unwrap();
            assert_eq!(file.obstacles.is_some(), text.contains("(id:"), "{text}");
        }
    }
}
