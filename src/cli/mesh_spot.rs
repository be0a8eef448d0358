//! Which triangle of a mesh a report cites: the one that holds the
//! obstacle's closest point, so that an OBJ obstacle is traced back to its
//! face (`triangle 417 at line 5519`), not only to its object.

use std::sync::OnceLock;

use clearway::Obstacle3;
use clearway::ObstacleIndex;
use clearway::Space;
use clearway::geometry::{Mesh, Point3, Segment, Triangle};

/// Where on a mesh a clearance's closest point lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeshSpot {
    /// On this triangle (the first, in file order, of those nearest).
    Triangle(usize),
    /// Inside the solid mesh, on none of its triangles: an edge that starts
    /// in the rock.
    Inside,
}

/// A mesh's triangles, indexed, to find the one nearest a point without
/// measuring them all: built once per cited mesh, as a report may cite a
/// mesh of 10,000 triangles for every edge.
#[derive(Debug)]
pub struct MeshTriangles {
    triangles: Vec<Obstacle3>,
    index: ObstacleIndex<Space>,
}

impl MeshTriangles {
    fn new(mesh: &Mesh) -> MeshTriangles {
        let triangles: Vec<Obstacle3> = mesh
            .triangles()
            .map(|t: Triangle| Obstacle3::Triangle(t))
            .collect();
        let index = ObstacleIndex::build(&triangles);
        MeshTriangles { triangles, index }
    }
}

/// The spot of `point`, the closest point a clearance found on `mesh`:
/// the nearest triangle (the first in file order on a tie); inside when the
/// mesh is solid and the point is off every triangle by more than rounding
/// (a millionth of a millionth of its size). `None` for a mesh without
/// triangles. `triangles` keeps the mesh's indexed triangles between calls.
pub fn mesh_spot(
    mesh: &Mesh,
    point: Point3,
    triangles: &OnceLock<MeshTriangles>,
) -> Option<MeshSpot> {
    let indexed = triangles.get_or_init(|| MeshTriangles::new(mesh));
    let nearest = indexed
        .index
        .nearest_to_segment(&indexed.triangles, Segment::new(point, point))?;
    let size = point.x.abs().max(point.y.abs()).max(point.z.abs()).max(1.0);
    if mesh.is_solid() && nearest.separation.distance > 1e-12 * size {
        return Some(MeshSpot::Inside);
    }
    Some(MeshSpot::Triangle(nearest.obstacle))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_triangle_or_inside() {
        // The tetrahedron x, y, z >= 0, x + y + z <= 4, faces in this order:
        // z = 0, y = 0, x = 0, the slanted one.
        let v = vec![
            Point3::new(0.0, 0.0, 0.0),
            Point3::new(4.0, 0.0, 0.0),
            Point3::new(0.0, 4.0, 0.0),
            Point3::new(0.0, 0.0, 4.0),
        ];
        let faces = vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
        let solid = Mesh::new(v.clone(), faces.clone(), true).unwrap();
        let indexed = OnceLock::new();
        let at = |x, y, z| mesh_spot(&solid, Point3::new(x, y, z), &indexed);
        assert_eq!(at(1.0, 1.0, 0.0), Some(MeshSpot::Triangle(0)));
        assert_eq!(at(1.0, 0.0, 1.0), Some(MeshSpot::Triangle(1)));
        // On the slanted face: 1 + 1 + 2 = 4.
        assert_eq!(at(1.0, 1.0, 2.0), Some(MeshSpot::Triangle(3)));
        // On the edge y = z = 0, shared by faces 0 and 1: the first.
        assert_eq!(at(2.0, 0.0, 0.0), Some(MeshSpot::Triangle(0)));
        assert_eq!(at(1.0, 1.0, 1.0), Some(MeshSpot::Inside));
        // A hollow mesh has no inside: the nearest face, x = 0 (0.5 away).
        let hollow = Mesh::new(v, faces, false).unwrap();
        assert_eq!(
            mesh_spot(&hollow, Point3::new(0.5, 1.0, 1.0), &OnceLock::new()),
            Some(MeshSpot::Triangle(2))
        );
    }
}
