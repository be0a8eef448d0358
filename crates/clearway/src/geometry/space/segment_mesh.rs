//! Segment to triangle mesh.

use super::mesh_contains::mesh_contains;
use super::segment_triangle::segment_to_triangle;
use crate::geometry::{Mesh, Point3, Segment, Separation};

/// The separation between an edge and a triangle mesh.
///
/// The least of [`super::segment_to_triangle`] over the triangles in order;
/// ties go to the lowest triangle index, and the first triangle the edge
/// meets (distance 0) wins at once. When no triangle meets the edge, the
/// mesh is solid and contains `edge.a` ([`super::mesh_contains`]), the edge
/// lies inside: distance 0 with both witness points `edge.a` (as
/// [`crate::geometry::segment_to_polygon`] does in 2D). A mesh without triangles is
/// nowhere: distance `f64::INFINITY`, both witness points `edge.a`.
///
/// ```
/// use clearway::geometry::{Mesh, Point3, Segment, space::segment_to_mesh};
/// let p = Point3::new;
/// let v = vec![p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), p(0.0, 4.0, 0.0), p(0.0, 0.0, 4.0)];
/// let tet = Mesh::new(v, vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]], true).unwrap();
/// // A short edge deep inside, (1,1,1)-(1,1,1.5): no face is met, the mesh
/// // is solid and contains (1,1,1), so the distance is 0 at edge.a.
/// let s = segment_to_mesh(Segment::new(p(1.0, 1.0, 1.0), p(1.0, 1.0, 1.5)), &tet);
/// assert_eq!((s.distance, s.edge_point), (0.0, p(1.0, 1.0, 1.0)));
/// // Below the floor triangle 0 (z = 0) by 2 at (1,1): det = 32, |n| = 16.
/// let s = segment_to_mesh(Segment::new(p(1.0, 1.0, -2.0), p(1.0, 1.0, -3.0)), &tet);
/// assert_eq!((s.distance, s.obstacle_point), (2.0, p(1.0, 1.0, 0.0)));
/// ```
pub fn segment_to_mesh(edge: Segment<Point3>, mesh: &Mesh) -> Separation<Point3> {
    let mut best: Option<Separation<Point3>> = None;
    for t in mesh.triangles() {
        let s = segment_to_triangle(edge, t);
        if s.distance == 0.0 {
            return s;
        }
        if best.is_none_or(|b| s.distance < b.distance) {
            best = Some(s);
        }
    }
    let inside = Separation {
        distance: 0.0,
        edge_point: edge.a,
        obstacle_point: edge.a,
    };
    match best {
        None => Separation {
            distance: f64::INFINITY,
            ..inside
        },
        Some(_) if mesh.is_solid() && mesh_contains(mesh, edge.a) => inside,
        Some(b) => b,
    }
}
