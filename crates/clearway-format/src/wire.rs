//! Wire types: the map file exactly as written in RON (see
//! `docs/MAP_FORMAT.md`), before validation.
//!
//! These types mirror the text: node ids rather than node indices, tuples
//! for positions, polygons as written. The `clearway` crate validates them
//! into its domain types, and converts a map back into a [`MapFile`] to
//! write it out again (`prune`, `bake`), with [`options`] so that the output
//! reads the way a person would write it (`name: "gate"`, not
//! `name: Some("gate")`).
//!
//! ```
//! use clearway_format::wire::{self, MapFile};
//! let text = "Map(nodes: [(id: 0, pos: (0.0, 0.0)), (id: 1, pos: (3.0, 4.0))], \
//!             edges: [(from: 0, to: 1)])";
//! let file = wire::from_str(text).unwrap();
//! let written = wire::options().to_string(&file).unwrap();
//! let again: MapFile = wire::options().from_str(&written).unwrap();
//! assert_eq!(again, file);
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::chunked_parse::{self, ChunkedFile, ListChunks, ListElement, ListField};

pub use crate::position::Position;

/// The RON options every map is read (and should be written) with:
/// `implicit_some` on, and a recursion limit of 128 so that absurdly deep
/// nesting is an error rather than a stack overflow.
pub fn options() -> ron::Options {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .with_recursion_limit(RECURSION_LIMIT)
}

/// The deepest nesting the parser follows before giving up.
pub const RECURSION_LIMIT: usize = 128;

/// Parses a map file's text, as `options().from_str(text)` does, but with
/// the `nodes`, `edges` and `obstacles` lists read in parallel (rayon), in
/// chunks of about 256 KiB. The result, and the error for text that is not a
/// map file, are the same as the one-pass parse's; the one-pass parse is
/// what runs when the text cannot be cut (it starts with `#![enable(..)]`
/// attributes, or is not well-formed).
///
/// ```
/// use clearway_format::wire::{self, MapFile};
/// let text = "Map(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (3, 4))], \
///             edges: [(from: 0, to: 1)], obstacles: [Point((1, 1))])";
/// let file = wire::from_str(text)?;
/// assert_eq!(file, wire::options().from_str::<MapFile>(text)?);
/// assert_eq!(file.nodes[1].pos, wire::Position::Plane(3.0, 4.0));
///
/// let error = wire::from_str("Map(nodes: [(id: 0, pos: (0, 0)), (id: 1)])").unwrap_err();
/// assert_eq!(error.span.start.col, 41);
/// # Ok::<(), ron::error::SpannedError>(())
/// ```
///
/// # Errors
///
/// ron's error, with its position in `text`, when `text` is not a map file.
pub fn from_str(text: &str) -> Result<MapFile, ron::error::SpannedError> {
    from_str_in_chunks(text, chunked_parse::CHUNK_BYTES)
}

/// [`from_str`] with chunks of about `chunk_bytes` (at least one element
/// each): for tests, which cut small texts into many chunks.
///
/// ```
/// use clearway_format::wire;
/// let text = "(nodes: [(id: 0, pos: (0, 0)), /* a comment */ (id: 1, pos: (3, 4)), \
///             (id: 2, pos: (5, 4),),])";
/// assert_eq!(wire::from_str_in_chunks(text, 1)?, wire::from_str(text)?);
/// # Ok::<(), ron::error::SpannedError>(())
/// ```
///
/// # Errors
///
/// As [`from_str`].
pub fn from_str_in_chunks(
    text: &str,
    chunk_bytes: usize,
) -> Result<MapFile, ron::error::SpannedError> {
    match chunked_parse::parse_in_chunks(text, chunk_bytes, &options()) {
        Some(file) => Ok(file),
        None => options().from_str(text),
    }
}

/// A whole map file: `Map(agents: [..], nodes: [..], edges: [..], obstacles: [..])`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename = "Map", deny_unknown_fields)]
pub struct MapFile {
    /// Agent profiles; may be omitted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agents: Vec<AgentEntry>,
    /// The nodes of the path network.
    pub nodes: Vec<NodeEntry>,
    /// The edges, identified by their index; may be omitted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub edges: Vec<EdgeEntry>,
    /// The obstacles, identified by their index; may be omitted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub obstacles: Vec<ObstacleEntry>,
}

/// An agent profile: `(name: "tank", radius: 1.5)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "Agent", deny_unknown_fields)]
pub struct AgentEntry {
    /// The profile's name, unique in the map.
    pub name: String,
    /// The agent's radius, finite and >= 0.
    pub radius: f64,
    /// A walking agent's height above its feet (3D levels only); an agent
    /// without one is a sphere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<f64>,
    /// The highest step a walking agent climbs (3D, with `height`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub climb: Option<f64>,
    /// The steepest edge a walking agent walks, in degrees (3D, with
    /// `height`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_slope: Option<f64>,
    /// Multipliers of an edge's cost by the edge's area: `{"water": 3.0}`;
    /// each finite and > 0, each area one some edge carries. An area not
    /// named costs 1.0. Written only when not empty.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub costs: BTreeMap<String, f64>,
    /// The areas whose edges the agent never uses: `["lava"]`. Written only
    /// when not empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbid: Vec<String>,
}

/// A node: `(id: 1, pos: (10.0, 0.0), name: "gate")`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "Node", deny_unknown_fields)]
pub struct NodeEntry {
    /// The node's id, unique in the map.
    pub id: u64,
    /// The node's position.
    pub pos: Position,
    /// An optional name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// An edge: `(from: 1, to: 2, one_way: true, closed: true, cost: 30.0, clearance: 1.25)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "Edge", deny_unknown_fields)]
pub struct EdgeEntry {
    /// The id of the node the edge starts at.
    pub from: u64,
    /// The id of the node the edge ends at.
    pub to: u64,
    /// Whether the edge may be travelled only from `from` to `to`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub one_way: bool,
    /// Whether the edge is closed (a shut door, a raised drawbridge):
    /// unusable for every agent, its clearance still measured. Written only
    /// when true, so that a level without closed edges reads as before.
    #[serde(default, skip_serializing_if = "is_false")]
    pub closed: bool,
    /// An explicit traversal cost, finite and >= 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<f64>,
    /// A baked clearance, as written by `clearway bake`; finite and >= 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clearance: Option<f64>,
    /// The kind of ground the edge crosses (`"water"`, `"road"`), which
    /// agents' `costs` and `forbid` name. Written only when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<String>,
}

/// An obstacle, written as an externally tagged enum.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "Obstacle", deny_unknown_fields)]
pub enum ObstacleEntry {
    /// `Point((x, y))`
    Point(Position),
    /// `Circle(center: (x, y), radius: r)`
    Circle {
        /// The centre.
        center: Position,
        /// The radius, finite and >= 0.
        radius: f64,
    },
    /// `Segment(from: (x, y), to: (x, y))`
    Segment {
        /// One end of the wall.
        from: Position,
        /// The other end of the wall.
        to: Position,
    },
    /// `Polygon([(x, y), ...])`
    Polygon(Vec<Position>),
    /// `Sphere(center: (x, y, z), radius: r)`: 3D only.
    Sphere {
        /// The centre.
        center: Position,
        /// The radius, finite and >= 0.
        radius: f64,
    },
    /// `Triangle([(x, y, z), (x, y, z), (x, y, z)])`: 3D only; exactly
    /// three corners (checked by validation, which can say where).
    Triangle(Vec<Position>),
    /// `Box(min: (x, y, z), max: (x, y, z))`: a solid axis-aligned box, 3D
    /// only; `min <= max` on every axis.
    Box {
        /// The corner with the least coordinates.
        min: Position,
        /// The corner with the greatest coordinates.
        max: Position,
    },
    /// `Mesh(vertices: [(x, y, z), ...], triangles: [(i, j, k), ...], solid: false)`:
    /// a triangle soup, 3D only. The indices count from 0 into `vertices`
    /// (read as u64, so that a too-large one is reported against the
    /// vertex count rather than as an integer overflow).
    Mesh {
        /// The vertices.
        vertices: Vec<Position>,
        /// The triangles, as indices into `vertices`.
        triangles: Vec<(u64, u64, u64)>,
        /// Whether the mesh is closed and its inside is obstacle; `false`
        /// when left out.
        #[serde(default, skip_serializing_if = "is_false")]
        solid: bool,
    },
}

/// The big lists are read in chunks on every core ([`from_str`]).
impl ChunkedFile for MapFile {
    fn fill_list(&mut self, field: ListField, list: &ListChunks<'_>) -> Option<()> {
        match field {
            ListField::Nodes => self.nodes = list.parse()?,
            ListField::Edges => self.edges = list.parse()?,
            ListField::Obstacles => self.obstacles = list.parse()?,
        }
        Some(())
    }
}

impl ListElement for NodeEntry {
    fn placeholder() -> Self {
        NodeEntry {
            id: 0,
            pos: Position::Plane(0.0, 0.0),
            name: None,
        }
    }
}

impl ListElement for EdgeEntry {
    fn placeholder() -> Self {
        EdgeEntry {
            from: 0,
            to: 0,
            one_way: false,
            closed: false,
            cost: None,
            clearance: None,
            area: None,
        }
    }
}

impl ListElement for ObstacleEntry {
    fn placeholder() -> Self {
        ObstacleEntry::Point(Position::Plane(0.0, 0.0))
    }
}

fn is_false(value: &bool) -> bool {
    !*value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::FLAT_LEVEL as FULL;

    /// The wire types as they were before 3D levels: positions as
    /// `(f64, f64)` tuples and the four 2D obstacles. The twin that 2D
    /// files must keep reading and writing exactly as.
    mod before_3d {
        use serde::{Deserialize, Serialize};

        type Position = (f64, f64);

        #[derive(Debug, PartialEq, Serialize, Deserialize)]
        #[serde(rename = "Map", deny_unknown_fields)]
        pub struct MapFile {
            #[serde(default, skip_serializing_if = "Vec::is_empty")]
            pub agents: Vec<super::AgentEntry>,
            pub nodes: Vec<NodeEntry>,
            #[serde(default, skip_serializing_if = "Vec::is_empty")]
            pub edges: Vec<super::EdgeEntry>,
            #[serde(default, skip_serializing_if = "Vec::is_empty")]
            pub obstacles: Vec<ObstacleEntry>,
        }

        #[derive(Debug, PartialEq, Serialize, Deserialize)]
        #[serde(rename = "Node", deny_unknown_fields)]
        pub struct NodeEntry {
            pub id: u64,
            pub pos: Position,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub name: Option<String>,
        }

        #[derive(Debug, PartialEq, Serialize, Deserialize)]
        #[serde(rename = "Obstacle", deny_unknown_fields)]
        pub enum ObstacleEntry {
            Point(Position),
            Circle { center: Position, radius: f64 },
            Segment { from: Position, to: Position },
            Polygon(Vec<Position>),
        }
    }

    /// The old file's values in today's types: what a 2D file must read as.
    fn upgraded(old: before_3d::MapFile) -> MapFile {
        use before_3d::ObstacleEntry as Old;
        let p = Position::from;
        MapFile {
            agents: old.agents,
            nodes: old
                .nodes
                .into_iter()
                .map(|n| NodeEntry {
                    id: n.id,
                    pos: p(n.pos),
                    name: n.name,
                })
                .collect(),
            edges: old.edges,
            obstacles: old
                .obstacles
                .into_iter()
                .map(|o| match o {
                    Old::Point(x) => ObstacleEntry::Point(p(x)),
                    Old::Circle { center, radius } => ObstacleEntry::Circle {
                        center: p(center),
                        radius,
                    },
                    Old::Segment { from, to } => ObstacleEntry::Segment {
                        from: p(from),
                        to: p(to),
                    },
                    Old::Polygon(v) => ObstacleEntry::Polygon(v.into_iter().map(p).collect()),
                })
                .collect(),
        }
    }

    /// RON's default layout, and the one `prune` and `bake` write with.
    fn pretty_configs() -> [ron::ser::PrettyConfig; 2] {
        [
            ron::ser::PrettyConfig::default(),
            ron::ser::PrettyConfig::new()
                .struct_names(false)
                .depth_limit(2)
                .indentor("    "),
        ]
    }

    proptest::proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(200))]

        /// A 2D file reads, through the chunked parse and the one-pass
        /// parse, to exactly the values the tuple-based types read, and is
        /// written back byte for byte as they write it.
        #[test]
        fn flat_files_read_and_write_as_before_3d(
            text in crate::testing::map_text()
        ) {
            let old: before_3d::MapFile = options().from_str(&text).unwrap();
            let old_written = options().to_string(&old).unwrap();
            let old_pretty: Vec<String> = pretty_configs()
                .into_iter()
                .map(|config| options().to_string_pretty(&old, config).unwrap())
                .collect();
            let expected = format!("{:?}", upgraded(old));
            let chunked = from_str(&text).unwrap();
            let chunked_small = from_str_in_chunks(&text, 1).unwrap();
            let whole: MapFile = options().from_str(&text).unwrap();
            proptest::prop_assert_eq!(format!("{chunked:?}"), expected.clone());
            proptest::prop_assert_eq!(format!("{chunked_small:?}"), expected.clone());
            proptest::prop_assert_eq!(format!("{whole:?}"), expected);
            proptest::prop_assert_eq!(options().to_string(&whole).unwrap(), old_written);
            let pretty: Vec<String> = pretty_configs()
                .into_iter()
                .map(|config| options().to_string_pretty(&whole, config).unwrap())
                .collect();
            proptest::prop_assert_eq!(pretty, old_pretty);
        }
    }

    /// `clearway`'s conversions write a loaded map as its parsed file
    /// (`map::to_wire`'s tests); that file writes as before 3D.
    #[test]
    fn flat_files_are_written_as_before_3d() {
        let parsed: MapFile = options().from_str(FULL).unwrap();
        let old: before_3d::MapFile = options().from_str(FULL).unwrap();
        let written = options().to_string(&parsed).unwrap();
        assert_eq!(written, options().to_string(&old).unwrap());
        assert!(written.contains("pos:(0.0,-0.0)"), "{written}");
        assert!(matches!(parsed.nodes[0].pos, Position::Plane(_, y) if y.is_sign_negative()));
        assert!(parsed.agents[1].radius.is_sign_negative());
    }

    #[test]
    fn empty_lists_are_not_written() {
        let text = options().to_string(&MapFile::default()).unwrap();
        assert_eq!(text, "(nodes:[])");
    }
}
