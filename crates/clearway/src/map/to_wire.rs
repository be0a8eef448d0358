//! A map written back as its wire form ([`wire::MapFile`]), for tools that
//! write a level out again (`prune`, `bake`): the conversions from the
//! domain types, written once for both dimensions.
//!
//! ```
//! use clearway_format::wire::{self, MapFile};
//! let text = "Map(nodes: [(id: 0, pos: (0.0, 0.0)), (id: 1, pos: (3.0, 4.0))], \
//!             edges: [(from: 0, to: 1)])";
//! let map = clearway::Map::loader().read_str(text, "inline").unwrap();
//! let file = MapFile::from(&map);
//! assert_eq!(file, wire::from_str(text).unwrap());
//! ```

use super::wire::{AgentEntry, EdgeEntry, MapFile, NodeEntry, ObstacleEntry, Position};
use super::{Agent, Edge, Map, Node};
use crate::dimension::Dimension;
use crate::geometry::{AxisBox, Circle, Point, Point3, Segment, Sphere, Triangle};
use crate::indices::NodeIdx;
use crate::obstacle::Obstacle;
use crate::obstacle3::Obstacle3;

/// A point as the file writes it: `(x, y)` or `(x, y, z)`.
trait WirePosition: Copy {
    fn position(self) -> Position;
}

impl WirePosition for Point {
    fn position(self) -> Position {
        Position::Plane(self.x, self.y)
    }
}

impl WirePosition for Point3 {
    fn position(self) -> Position {
        Position::Space(self.x, self.y, self.z)
    }
}

impl From<&Agent> for AgentEntry {
    fn from(agent: &Agent) -> Self {
        AgentEntry {
            name: agent.name.clone(),
            radius: agent.radius,
            height: agent.walking.map(|w| w.height),
            climb: agent.walking.map(|w| w.climb),
            // 90 degrees is no limit: written only when the file set one.
            max_slope: agent.walking.map(|w| w.max_slope).filter(|&m| m < 90.0),
            costs: agent.costs.clone(),
            forbid: agent.forbid.clone(),
        }
    }
}

/// The wire form of a node of either dimension: `pos: (x, y)` or
/// `pos: (x, y, z)`.
#[allow(private_bounds)]
impl<P: WirePosition> From<&Node<P>> for NodeEntry {
    fn from(node: &Node<P>) -> Self {
        NodeEntry {
            id: node.id,
            pos: node.pos.position(),
            name: node.name.clone(),
        }
    }
}

impl From<&Obstacle> for ObstacleEntry {
    fn from(obstacle: &Obstacle) -> Self {
        match obstacle {
            Obstacle::Point(p) => ObstacleEntry::Point(p.position()),
            Obstacle::Circle(Circle { center, radius }) => ObstacleEntry::Circle {
                center: center.position(),
                radius: *radius,
            },
            Obstacle::Segment(segment) => segment_entry(segment),
            Obstacle::Polygon(polygon) => ObstacleEntry::Polygon(positions(polygon.vertices())),
        }
    }
}

/// The wire form of a 3D obstacle, as the file writes it.
impl From<&Obstacle3> for ObstacleEntry {
    fn from(obstacle: &Obstacle3) -> Self {
        match obstacle {
            Obstacle3::Point(p) => ObstacleEntry::Point(p.position()),
            Obstacle3::Sphere(Sphere { center, radius }) => ObstacleEntry::Sphere {
                center: center.position(),
                radius: *radius,
            },
            Obstacle3::Segment(segment) => segment_entry(segment),
            Obstacle3::Triangle(Triangle { corners }) => {
                ObstacleEntry::Triangle(positions(corners))
            }
            Obstacle3::Box(AxisBox { min, max }) => ObstacleEntry::Box {
                min: min.position(),
                max: max.position(),
            },
            Obstacle3::Mesh(mesh) => ObstacleEntry::Mesh {
                vertices: positions(mesh.vertices()),
                triangles: mesh
                    .triangle_indices()
                    .iter()
                    .map(|&[i, j, k]| (u64::from(i), u64::from(j), u64::from(k)))
                    .collect(),
                solid: mesh.is_solid(),
            },
        }
    }
}

/// `Segment(from: .., to: ..)`, in either dimension.
fn segment_entry<P: WirePosition>(Segment { a, b }: &Segment<P>) -> ObstacleEntry {
    ObstacleEntry::Segment {
        from: a.position(),
        to: b.position(),
    }
}

fn positions<P: WirePosition>(points: &[P]) -> Vec<Position> {
    points.iter().map(|p| p.position()).collect()
}

/// The wire form of an edge of `map`, naming its nodes by id.
///
/// The edge must belong to `map` (its node indices must be in range), as
/// every edge of a loaded map does.
pub(crate) fn edge_entry<D: Dimension>(map: &Map<D>, edge: &Edge) -> EdgeEntry {
    let id = |index: NodeIdx| map.nodes()[index].id;
    EdgeEntry {
        from: id(edge.from),
        to: id(edge.to),
        one_way: edge.one_way,
        closed: edge.closed,
        cost: edge.cost,
        clearance: edge.clearance,
        area: edge.area.map(|id| map.areas()[id.index()].clone()),
    }
}

/// A map written back out: everything the file held, in file order, except
/// that a polygon's repeated closing vertex (dropped when the map was
/// loaded) is not restored. Flat and 3D maps alike.
#[allow(private_bounds)]
impl<D: Dimension> From<&Map<D>> for MapFile
where
    D::Point: WirePosition,
    for<'a> ObstacleEntry: From<&'a D::Obstacle>,
{
    fn from(map: &Map<D>) -> Self {
        MapFile {
            agents: map.agents().iter().map(AgentEntry::from).collect(),
            nodes: map.nodes().iter().map(NodeEntry::from).collect(),
            edges: map.edges().iter().map(|e| edge_entry(map, e)).collect(),
            obstacles: map.obstacles().iter().map(ObstacleEntry::from).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::wire::options;
    use clearway_format::testing::FLAT_LEVEL as FULL;

    #[test]
    fn wire_to_domain_to_wire_keeps_everything_in_order() {
        let parsed: MapFile = options().from_str(FULL).unwrap();
        let map = Map::loader().read_str(FULL, "full.ron").unwrap();
        let written = MapFile::from(&map);
        assert_eq!(written, parsed);
        assert!(matches!(written.nodes[0].pos, Position::Plane(_, y) if y.is_sign_negative()));
        assert!(written.agents[1].radius.is_sign_negative());
        // The parsed file writes as the types before 3D did
        // (`clearway_format`'s tests), and so does the map.
        assert_eq!(
            options().to_string(&written).unwrap(),
            options().to_string(&parsed).unwrap()
        );
    }

    #[test]
    fn written_maps_read_back_and_stay_clean() {
        let map = Map::loader().read_str(FULL, "full.ron").unwrap();
        let text = options().to_string(&MapFile::from(&map)).unwrap();
        assert!(!text.contains("Some("), "{text}");
        assert!(!text.contains("one_way:false"), "{text}");
        assert!(!text.contains("closed:false"), "{text}");
        assert!(text.contains("closed:true"), "{text}");
        assert!(!text.contains("cost:None"), "{text}");
        let again = Map::loader().read_str(&text, "written.ron").unwrap();
        assert_eq!(MapFile::from(&again), MapFile::from(&map));
    }
}
