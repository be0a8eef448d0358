//! Validation of 3D levels: which dimension a map file has, and its
//! positions and obstacles as 3D domain values.
//!
//! A map is 3D when its first node's `pos` has three coordinates (with no
//! nodes, when its first obstacle's first position has). Every other
//! position must then have three as well, and every obstacle must be a 3D
//! kind; the first value that disagrees is the error, named by its
//! [`DocPath`] like every other validation error.

use std::fmt;

use super::validate::{Quantity, ValidationError, coordinate, length};
use super::wire::{MapFile, ObstacleEntry, Position};
use crate::geometry::{AxisBox, Mesh, Point3, Segment, Sphere, Triangle};
use crate::obstacle3::Obstacle3;
use clearway_format::locate::{DocPath, Step};

/// The dimension of a level, as its file says: which instance of the
/// [`Dimension`](crate::Dimension) engine loads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FileDimension {
    /// Flat ([`Plane`](crate::Plane)): positions `(x, y)`.
    TwoD,
    /// With height ([`Space`](crate::Space)): positions `(x, y, z)`.
    ThreeD,
}

impl FileDimension {
    /// The dimension of a position.
    fn of(position: Position) -> FileDimension {
        match position {
            Position::Plane(..) => FileDimension::TwoD,
            Position::Space(..) => FileDimension::ThreeD,
        }
    }

    /// The other dimension.
    pub(crate) fn other(self) -> FileDimension {
        match self {
            FileDimension::TwoD => FileDimension::ThreeD,
            FileDimension::ThreeD => FileDimension::TwoD,
        }
    }
}

impl fmt::Display for FileDimension {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FileDimension::TwoD => "2D",
            FileDimension::ThreeD => "3D",
        })
    }
}

/// The dimension of a map file, and the value that sets it: the first
/// node's `pos`; with no nodes, the first obstacle's first position (or,
/// for an obstacle written without any, its kind: an empty `Mesh` is 3D);
/// with neither, the map is flat (and `first` is the empty path).
pub(crate) fn dimension_of(file: &MapFile) -> (FileDimension, DocPath) {
    if let Some(node) = file.nodes.first() {
        return (
            FileDimension::of(node.pos),
            DocPath::item("nodes", 0).field("pos"),
        );
    }
    for (index, obstacle) in file.obstacles.iter().enumerate() {
        if let Some(found) = first_position(index, obstacle) {
            return found;
        }
    }
    (FileDimension::TwoD, DocPath::default())
}

/// The dimension an obstacle entry sets, and where: its first position, or
/// its kind when it has none (an empty `Polygon` is flat, an empty
/// `Triangle` or `Mesh` 3D).
fn first_position(index: usize, obstacle: &ObstacleEntry) -> Option<(FileDimension, DocPath)> {
    let path = DocPath::item("obstacles", index);
    let at = |position: Position, path: DocPath| Some((FileDimension::of(position), path));
    match obstacle {
        ObstacleEntry::Point(p) => at(*p, path.elem(0)),
        ObstacleEntry::Circle { center, .. } | ObstacleEntry::Sphere { center, .. } => {
            at(*center, path.field("center"))
        }
        ObstacleEntry::Segment { from, .. } => at(*from, path.field("from")),
        ObstacleEntry::Box { min, .. } => at(*min, path.field("min")),
        ObstacleEntry::Polygon(vertices) => match vertices.first() {
            Some(&v) => at(v, path.elem(0).at(0)),
            None => Some((FileDimension::TwoD, path)),
        },
        ObstacleEntry::Triangle(corners) => match corners.first() {
            Some(&c) => at(c, path.elem(0).at(0)),
            None => Some((FileDimension::ThreeD, path)),
        },
        ObstacleEntry::Mesh { vertices, .. } => match vertices.first() {
            Some(&v) => at(v, path.field("vertices").at(0)),
            None => Some((FileDimension::ThreeD, path)),
        },
    }
}

/// How a message names the value that set the map's dimension.
pub(crate) fn first_name(first: &DocPath) -> &'static str {
    match first.steps() {
        [Step::Field("nodes"), ..] => "node",
        [_, _] => "obstacle",
        _ => "position",
    }
}

/// The name of an axis in messages: `x`, `y` or `z`.
pub(crate) fn axis_name(axis: usize) -> &'static str {
    ["x", "y", "z"].get(axis).copied().unwrap_or("?")
}

/// The valid vertex indices of a mesh with `vertices` vertices, for
/// messages: ` (indices 0 to 7)`, or nothing for a mesh without vertices.
pub(crate) fn index_range(vertices: usize) -> String {
    match vertices {
        0 => String::new(),
        1 => " (index 0 only)".to_owned(),
        n => format!(" (indices 0 to {})", n - 1),
    }
}

/// The error for an obstacle of a kind that exists only in the other
/// dimension, saying what to write instead. `entry` must be one.
pub(crate) fn wrong_dimension(
    index: usize,
    entry: &ObstacleEntry,
    map: FileDimension,
) -> ValidationError {
    let (kind, instead) = match entry {
        ObstacleEntry::Circle { .. } => ("Circle", "`Sphere`"),
        ObstacleEntry::Polygon(_) => (
            "Polygon",
            "`Box`, `Triangle` or `Mesh` (a prism: its sides and caps as a solid `Mesh`)",
        ),
        ObstacleEntry::Sphere { .. } => ("Sphere", "`Circle`"),
        ObstacleEntry::Triangle(_) => ("Triangle", "`Polygon`"),
        ObstacleEntry::Box { .. } => ("Box", "`Polygon` (its four corners)"),
        ObstacleEntry::Mesh { .. } => ("Mesh", "`Polygon`"),
        // Both dimensions have these; callers never pass them.
        ObstacleEntry::Point(_) => ("Point", "`Point`"),
        ObstacleEntry::Segment { .. } => ("Segment", "`Segment`"),
    };
    ValidationError::ObstacleDimension {
        index,
        kind,
        map,
        instead,
    }
}

/// A position of a 3D level: `(x, y, z)`, its coordinates finite and within
/// range. `path` names it in the document and `first` the position that
/// made the level 3D; both are only used when there is an error to report.
pub(crate) fn point3(
    position: Position,
    path: &dyn Fn() -> DocPath,
    first: &DocPath,
) -> Result<Point3, ValidationError> {
    let Position::Space(x, y, z) = position else {
        return Err(ValidationError::MixedDimensions {
            path: path(),
            found: FileDimension::TwoD,
            map: FileDimension::ThreeD,
            first: first.clone(),
        });
    };
    Ok(Point3::new(
        coordinate(x, || path().elem(0))?,
        coordinate(y, || path().elem(1))?,
        coordinate(z, || path().elem(2))?,
    ))
}

/// An obstacle of a 3D level. `first` is the position that made the level
/// 3D, for the message if one of this obstacle's is not.
pub(crate) fn obstacle3(
    index: usize,
    entry: ObstacleEntry,
    first: &DocPath,
) -> Result<Obstacle3, ValidationError> {
    let path = || DocPath::item("obstacles", index);
    let point = |p: Position, at: &dyn Fn() -> DocPath| point3(p, at, first);
    Ok(match entry {
        ObstacleEntry::Point(p) => Obstacle3::Point(point(p, &|| path().elem(0))?),
        ObstacleEntry::Sphere { center, radius } => Obstacle3::Sphere(Sphere {
            center: point(center, &|| path().field("center"))?,
            radius: length(radius, || path().field("radius"), Quantity::Radius)?,
        }),
        ObstacleEntry::Segment { from, to } => Obstacle3::Segment(Segment::new(
            point(from, &|| path().field("from"))?,
            point(to, &|| path().field("to"))?,
        )),
        ObstacleEntry::Triangle(corners) => {
            let [a, b, c] = corners[..] else {
                return Err(ValidationError::TriangleCorners {
                    index,
                    corners: corners.len(),
                });
            };
            let corner = |p: Position, k: usize| point(p, &|| path().elem(0).at(k));
            Obstacle3::Triangle(Triangle {
                corners: [corner(a, 0)?, corner(b, 1)?, corner(c, 2)?],
            })
        }
        ObstacleEntry::Box { min, max } => {
            let min = point(min, &|| path().field("min"))?;
            let max = point(max, &|| path().field("max"))?;
            for axis in 0..3 {
                if min.nth(axis) > max.nth(axis) {
                    return Err(ValidationError::InvertedBox {
                        index,
                        axis,
                        min: min.nth(axis),
                        max: max.nth(axis),
                    });
                }
            }
            Obstacle3::Box(AxisBox { min, max })
        }
        ObstacleEntry::Mesh {
            vertices,
            triangles,
            solid,
        } => Obstacle3::Mesh(mesh(index, &vertices, &triangles, solid, first)?),
        ObstacleEntry::Circle { .. } | ObstacleEntry::Polygon(_) => {
            return Err(wrong_dimension(index, &entry, FileDimension::ThreeD));
        }
    })
}

/// A mesh: its vertices checked as positions, then its triangles' indices
/// against the vertex count, in file order.
fn mesh(
    index: usize,
    vertices: &[Position],
    triangles: &[(u64, u64, u64)],
    solid: bool,
    first: &DocPath,
) -> Result<Mesh, ValidationError> {
    let path = || DocPath::item("obstacles", index);
    let points = vertices
        .iter()
        .enumerate()
        .map(|(i, &v)| point3(v, &|| path().field("vertices").at(i), first))
        .collect::<Result<Vec<_>, _>>()?;
    let out_of_range =
        |triangle: usize, corner: usize, vertex: u64| ValidationError::MeshIndexOutOfRange {
            index,
            triangle,
            corner,
            vertex,
            vertices: points.len(),
        };
    let mut indices = Vec::with_capacity(triangles.len());
    for (t, &(i, j, k)) in triangles.iter().enumerate() {
        let mut triangle = [0u32; 3];
        for (corner, vertex) in [i, j, k].into_iter().enumerate() {
            triangle[corner] = u32::try_from(vertex)
                .ok()
                .filter(|&v| (v as usize) < points.len())
                .ok_or_else(|| out_of_range(t, corner, vertex))?;
        }
        indices.push(triangle);
    }
    let vertex_count = points.len();
    Mesh::new(points, indices, solid).map_err(|(triangle, corner, vertex)| {
        ValidationError::MeshIndexOutOfRange {
            index,
            triangle,
            corner,
            vertex: u64::from(vertex),
            vertices: vertex_count,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::load::level_from_ron_str;
    use super::super::validate::ValidLevel;
    use super::super::wire::{self, NodeEntry};
    use super::*;
    use crate::Map;
    use crate::geometry::space::shorthand::p;
    use crate::map::{LoadError, LoadErrorKind};

    const LEVEL: &str = "Map(
    nodes: [
        (id: 0, pos: (0.0, 0.0, 0.9)),
        (id: 1, pos: (10.0, 0.0, 0.9), name: \"door\"),
    ],
    edges: [(from: 0, to: 1)],
    obstacles: [
        Point((4.0, 0.3, 1.0)),
        Sphere(center: (7.0, 4.0, 2.0), radius: 0.75),
        Segment(from: (2.0, -3.0, 1.6), to: (2.0, 3.0, 1.6)),
        Triangle([(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0)]),
        Box(min: (-1.0, -1.0, -0.5), max: (1.0, 1.0, -0.0)),
        Mesh(vertices: [(0, 0, 3), (1, 0, 3), (0, 1, 3), (0, 0, 4)],
             triangles: [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)], solid: true),
        Mesh(vertices: [(5, 5, 5)], triangles: [(0, 0, 0)]),
        Mesh(vertices: [], triangles: []),
    ],
)";

    fn space(text: &str) -> super::super::validate::ValidParts<Point3, Obstacle3> {
        match level_from_ron_str(text, "level.ron", &mut ()) {
            Ok(ValidLevel::Space(parts)) => parts,
            Ok(ValidLevel::Plane(_)) => panic!("read as 2D:\n{text}"),
            Err(e) => panic!("{e}"),
        }
    }

    fn error(text: &str) -> LoadError {
        level_from_ron_str(text, "level.ron", &mut ()).expect_err(text)
    }

    #[test]
    fn every_3d_obstacle_kind_reads_into_its_domain_value() {
        let parts = space(LEVEL);
        assert_eq!(parts.nodes[1].pos, p(10.0, 0.0, 0.9));
        assert_eq!(parts.nodes[1].name.as_deref(), Some("door"));
        assert_eq!((parts.edges[0].from.get(), parts.edges[0].to.get()), (0, 1));
        let o = &parts.obstacles;
        assert_eq!(o[0], Obstacle3::Point(p(4.0, 0.3, 1.0)));
        assert_eq!(
            o[1],
            Obstacle3::Sphere(Sphere {
                center: p(7.0, 4.0, 2.0),
                radius: 0.75
            })
        );
        assert_eq!(
            o[2],
            Obstacle3::Segment(Segment::new(p(2.0, -3.0, 1.6), p(2.0, 3.0, 1.6)))
        );
        assert_eq!(
            o[3],
            Obstacle3::Triangle(Triangle {
                corners: [p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0)]
            })
        );
        assert_eq!(
            o[4],
            Obstacle3::Box(AxisBox {
                min: p(-1.0, -1.0, -0.5),
                max: p(1.0, 1.0, -0.0)
            })
        );
        let Obstacle3::Mesh(tetra) = &o[5] else {
            panic!("{:?}", o[5]);
        };
        assert!(tetra.is_solid());
        assert_eq!(tetra.vertices()[3], p(0.0, 0.0, 4.0));
        assert_eq!(tetra.triangle_indices()[1], [0, 1, 3]);
        let Obstacle3::Mesh(dot) = &o[6] else {
            panic!("{:?}", o[6]);
        };
        assert!(!dot.is_solid(), "`solid` defaults to false");
        assert_eq!(dot.triangle_indices(), [[0, 0, 0]]);
        let Obstacle3::Mesh(empty) = &o[7] else {
            panic!("{:?}", o[7]);
        };
        assert!(empty.vertices().is_empty() && empty.triangle_indices().is_empty());
        let kinds: Vec<String> = o.iter().map(|o| format!("{:?}", o.kind())).collect();
        assert_eq!(
            kinds,
            [
                "Point", "Sphere", "Segment", "Triangle", "Box", "Mesh", "Mesh", "Mesh"
            ]
        );
    }

    #[test]
    fn written_3d_files_read_back_the_same() {
        let parts = space(LEVEL);
        let file = wire::MapFile {
            agents: vec![],
            nodes: parts.nodes.iter().map(NodeEntry::from).collect(),
            edges: vec![],
            obstacles: parts.obstacles.iter().map(ObstacleEntry::from).collect(),
        };
        let text = wire::options().to_string(&file).unwrap();
        assert!(text.contains("pos:(10.0,0.0,0.9)"), "{text}");
        assert!(text.contains("solid:true"), "{text}");
        assert!(!text.contains("solid:false"), "{text}");
        assert_eq!(wire::from_str(&text).unwrap(), file);
        let again = space(&text);
        assert_eq!(again.nodes, parts.nodes);
        assert_eq!(again.obstacles, parts.obstacles);
    }

    #[test]
    fn the_first_node_sets_the_dimension_else_the_first_position() {
        let flat = "(nodes: [(id: 0, pos: (0, 0))], obstacles: [Point((1, 1))])";
        assert!(matches!(
            level_from_ron_str(flat, "x", &mut ()),
            Ok(ValidLevel::Plane(_))
        ));
        let no_nodes =
            "(nodes: [], obstacles: [Mesh(vertices: [], triangles: []), Point((1, 1, 1))])";
        assert_eq!(space(no_nodes).obstacles.len(), 2);
        let err = error("(nodes: [], obstacles: [Point((1, 1, 1)), Point((1, 1))])");
        assert_eq!(err.kind(), LoadErrorKind::MixedDimensions);
        assert_eq!(
            err.message(),
            "`obstacles[1].0` is a 2D position in a 3D map: the first position, \
             `obstacles[0].0`, makes the map 3D, and a map is 2D or 3D throughout"
        );
        let err =
            error("(nodes: [], obstacles: [Mesh(vertices: [], triangles: []), Point((1, 1))])");
        assert!(
            err.message()
                .contains("the first obstacle, `obstacles[0]`, makes the map 3D"),
            "{err}"
        );
        // Nothing at all: a flat (empty) map.
        assert!(matches!(
            level_from_ron_str("(nodes: [])", "x", &mut ()),
            Ok(ValidLevel::Plane(_))
        ));
    }

    #[test]
    fn mixed_dimensions_are_located_at_the_first_value_that_disagrees() {
        let err = error("(nodes: [(id: 0, pos: (0, 0, 0)),\n (id: 1, pos: (1, 0))])");
        assert_eq!(err.kind(), LoadErrorKind::MixedDimensions);
        assert_eq!(err.location().map(|l| (l.line, l.column)), Some((2, 15)));
        assert_eq!(
            err.message(),
            "`nodes[1].pos` is a 2D position in a 3D map: the first node, `nodes[0].pos`, \
             makes the map 3D, and a map is 2D or 3D throughout"
        );
        assert!(
            err.to_string().contains("^^^^^^ 2D position in a 3D map"),
            "{err}"
        );

        let err = error(
            "(nodes: [(id: 0, pos: (0, 0))], obstacles: [Polygon([(0, 0), (1, 0, 5), (0, 1)])])",
        );
        assert_eq!(err.kind(), LoadErrorKind::MixedDimensions);
        assert!(
            err.message()
                .starts_with("`obstacles[0].0[1]` is a 3D position in a 2D map"),
            "{err}"
        );
        assert_eq!(err.location().map(|l| l.column), Some(62));
    }

    #[test]
    fn obstacles_of_the_other_dimension_say_what_to_use() {
        let cases = [
            (
                "(nodes: [(id: 0, pos: (0, 0, 0))], obstacles: [Circle(center: (0, 0, 0), radius: 1)])",
                "a `Circle`, which is 2D-only, in a 3D map: use `Sphere`",
            ),
            (
                "(nodes: [(id: 0, pos: (0, 0, 0))], obstacles: [Polygon([(0, 0), (1, 0), (0, 1)])])",
                "a `Polygon`, which is 2D-only, in a 3D map: use `Box`, `Triangle` or `Mesh`",
            ),
            (
                "(nodes: [(id: 0, pos: (0, 0))], obstacles: [Sphere(center: (0, 0), radius: 1)])",
                "a `Sphere`, which is 3D-only, in a 2D map: use `Circle`",
            ),
            (
                "(nodes: [(id: 0, pos: (0, 0))], obstacles: [Triangle([(0, 0), (1, 0), (0, 1)])])",
                "a `Triangle`, which is 3D-only, in a 2D map: use `Polygon`",
            ),
            (
                "(nodes: [(id: 0, pos: (0, 0))], obstacles: [Box(min: (0, 0), max: (1, 1))])",
                "a `Box`, which is 3D-only, in a 2D map: use `Polygon`",
            ),
            (
                "(nodes: [(id: 0, pos: (0, 0))], obstacles: [Mesh(vertices: [], triangles: [])])",
                "a `Mesh`, which is 3D-only, in a 2D map: use `Polygon`",
            ),
        ];
        for (text, words) in cases {
            let err = error(text);
            assert_eq!(err.kind(), LoadErrorKind::ObstacleDimension, "{err}");
            assert!(err.message().contains(words), "{err}");
            assert_eq!(
                err.location().map(|l| l.column),
                Some(text.find("obstacles: [").unwrap() + 13),
                "{err}"
            );
            // The 2D loader says the same.
            assert_eq!(
                Map::loader()
                    .read_str(text, "level.ron")
                    .unwrap_err()
                    .message(),
                err.message()
            );
        }
    }

    #[test]
    fn an_inverted_box_names_its_axis() {
        let err = error(
            "(nodes: [(id: 0, pos: (0, 0, 0))], obstacles: [Box(min: (0, 2, 0), max: (1, 1, 1))])",
        );
        assert_eq!(err.kind(), LoadErrorKind::InvertedBox);
        assert_eq!(
            err.message(),
            "obstacle 0 (box) has min y = 2.0 above max y = 1.0: a box needs min <= max on every axis"
        );
        assert_eq!(err.location().map(|l| l.column), Some(61));
        // Equal is fine: a flat box.
        let flat = "(nodes: [(id: 0, pos: (0, 0, 0))], obstacles: [Box(min: (0, 1, -0.0), max: (1, 1, 0))])";
        assert_eq!(space(flat).obstacles.len(), 1);
    }

    #[test]
    fn a_mesh_index_out_of_range_names_the_index_and_the_vertex_count() {
        let text = "(nodes: [(id: 0, pos: (0, 0, 0))], obstacles: [Mesh(vertices: [(0, 0, 0), (1, 0, 0), (0, 1, 0)],\n triangles: [(0, 1, 2), (2, 3, 0)])])";
        let err = error(text);
        assert_eq!(err.kind(), LoadErrorKind::MeshIndexOutOfRange);
        assert_eq!(
            err.message(),
            "obstacle 0 (mesh): triangle 1 names vertex 3, but the mesh has 3 vertices (indices 0 to 2)"
        );
        assert_eq!(err.location().map(|l| (l.line, l.column)), Some((2, 29)));
        let huge = "(nodes: [(id: 0, pos: (0, 0, 0))], obstacles: [Mesh(vertices: [], triangles: [(18446744073709551615, 0, 0)])])";
        assert_eq!(
            error(huge).message(),
            "obstacle 0 (mesh): triangle 0 names vertex 18446744073709551615, but the mesh has 0 vertices"
        );
    }

    #[test]
    fn a_mesh_index_beyond_u64_is_named_as_a_mesh_index() {
        for index in ["-1", "18446744073709551616"] {
            let text = format!(
                "(nodes: [(id: 0, pos: (0, 0, 0))], obstacles: [Mesh(vertices: [], triangles: [(0, {index}, 0)])])"
            );
            let err = error(&text);
            assert_eq!(err.kind(), LoadErrorKind::OutOfRange, "{err}");
            assert_eq!(
                err.message(),
                "integer out of range: mesh vertex indices run from 0 to 18446744073709551615"
            );
            // ron's span of a negative number starts after its sign.
            let digits = text.find(index.trim_start_matches('-'));
            assert_eq!(err.location().map(|l| l.column), digits.map(|i| i + 1));
        }
        let id = error("(nodes: [(id: -1, pos: (0, 0, 0))])");
        assert!(id.message().contains("node ids run from 0"), "{id}");
    }

    #[test]
    fn a_triangle_has_three_corners() {
        let err = error(
            "(nodes: [(id: 0, pos: (0, 0, 0))], obstacles: [Triangle([(0, 0, 0), (1, 0, 0)])])",
        );
        assert_eq!(err.kind(), LoadErrorKind::WrongType);
        assert_eq!(
            err.message(),
            "obstacle 0 (triangle) has 2 corners: a triangle has exactly 3"
        );
    }

    #[test]
    fn bad_numbers_in_3d_are_rejected_as_in_2d() {
        let cases = [
            (
                "(nodes: [(id: 0, pos: (0, 0, NaN))])",
                LoadErrorKind::NonFinite,
                "`nodes[0].pos.2` is NaN: every coordinate must be finite",
            ),
            (
                "(nodes: [(id: 0, pos: (0, 0, -inf))])",
                LoadErrorKind::NonFinite,
                "`nodes[0].pos.2` is infinite",
            ),
            (
                "(nodes: [(id: 0, pos: (0, 0, 1e16))])",
                LoadErrorKind::OutOfRange,
                "`nodes[0].pos.2` is 1e16, out of range",
            ),
            (
                "(nodes: [(id: 0, pos: (0, 0, 0))], obstacles: [Sphere(center: (0, 0, 0), radius: -0.5)])",
                LoadErrorKind::Negative,
                "`obstacles[0].radius` is negative (-0.5): a radius must be >= 0",
            ),
            (
                "(nodes: [(id: 0, pos: (0, 0, 0))], obstacles: [Mesh(vertices: [(0, 1e400, 0)], triangles: [])])",
                LoadErrorKind::NonFinite,
                "`obstacles[0].vertices[0].1` is infinite",
            ),
            (
                "(nodes: [(id: 0, pos: (0, 0, 0))], obstacles: [Box(min: (0, 0, 0), max: (1, 1, 2e15))])",
                LoadErrorKind::OutOfRange,
                "`obstacles[0].max.2` is 2e15",
            ),
            (
                "(nodes: [(id: 0, pos: (0, 0, 0))], obstacles: [Triangle([(0, 0, 0), (1, 0, 0), (0, NaN, 0)])])",
                LoadErrorKind::NonFinite,
                "`obstacles[0].0[2].1` is NaN",
            ),
        ];
        for (text, kind, words) in cases {
            let err = error(text);
            assert_eq!(err.kind(), kind, "{err}");
            assert!(err.message().starts_with(words), "{err}");
            assert!(err.location().is_some(), "{err}");
        }
        // -0.0 is a valid radius, and 1e15 a valid coordinate, as in 2D.
        let edge = "(nodes: [(id: 0, pos: (0, 0, 1e15))], obstacles: [Sphere(center: (0, 0, 0), radius: -0.0)])";
        assert_eq!(space(edge).obstacles.len(), 1);
    }

    /// The example level of docs/MAP_FORMAT.md's 3D section, whose worked
    /// example counts on its nodes at z = 0.9 and the beam's underside at 1.6.
    #[test]
    fn the_documented_3d_example_reads_as_described() {
        let doc = include_str!("../../../../docs/MAP_FORMAT.md");
        let section = &doc[doc.find("## 3D levels").expect("the 3D section")..];
        let start = section.find("```ron\n").expect("an example") + "```ron\n".len();
        let example = &section[start..start + section[start..].find("```").expect("closed")];
        let parts = space(example);
        assert!(parts.nodes.iter().all(|n| n.pos.z == 0.9));
        assert_eq!(parts.agents[0].radius, 0.4);
        assert_eq!(
            parts.obstacles[1],
            Obstacle3::Box(AxisBox {
                min: p(8.0, -5.0, 1.6),
                max: p(9.0, 5.0, 1.8)
            })
        );
        let kinds: Vec<String> = parts
            .obstacles
            .iter()
            .map(|o| format!("{:?}", o.kind()))
            .collect();
        assert_eq!(
            kinds,
            [
                "Box", "Box", "Point", "Sphere", "Segment", "Triangle", "Mesh"
            ]
        );
    }

    #[test]
    fn the_2d_loaders_refuse_a_valid_3d_level_with_a_located_error() {
        let err = Map::loader().read_str(LEVEL, "level.ron").unwrap_err();
        assert_eq!(err.kind(), LoadErrorKind::ThreeDimensional);
        assert!(
            err.message()
                .starts_with("this level is 3D (`nodes[0].pos` has three coordinates)"),
            "{err}"
        );
        assert_eq!(err.location().map(|l| (l.line, l.column)), Some((3, 22)));
        let err = Map::loader()
            .read_bytes(LEVEL.as_bytes(), "level.ron")
            .unwrap_err();
        assert_eq!(err.kind(), LoadErrorKind::ThreeDimensional);
        // An invalid 3D level gets its own error, not this one.
        let err = Map::loader()
            .read_str("(nodes: [(id: 0, pos: (0, 0, NaN))])", "x")
            .unwrap_err();
        assert_eq!(err.kind(), LoadErrorKind::NonFinite);
    }
}
