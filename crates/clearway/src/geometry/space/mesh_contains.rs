//! Point in solid mesh, by crossing parity.

use super::predicates::{collinear, in_triangle, volume_sign};
use super::segment_segment::segment_to_segment;
use crate::geometry::orientation::{Orientation, orientation};
use crate::geometry::{Mesh, Point, Point3, Segment};

/// Whether `p` lies inside `mesh` or on its surface, by crossing parity.
///
/// Exact, and right whatever the ray meets: a point on any triangle
/// (decided exactly) is contained; otherwise the triangles crossed by the
/// ray from `p` towards +x are counted, with the ray's start perturbed
/// symbolically to `p + (0, ε, ε²)` for an infinitesimal ε > 0 (simulation
/// of simplicity). In the yz projection a triangle is crossed when the
/// perturbed point is strictly inside it, and when the exact orientation of
/// the point and a projected side `u -> v` is 0 its sign is that of
/// `-(v.z - u.z)`, or of `v.y - u.y` when that is 0 too; a triangle whose
/// projection has no area (seen edge-on) is never crossed. Two triangles
/// sharing a side see it the same way, so a ray through a shared side or
/// vertex counts once, never twice or not at all. Whether the crossing is
/// ahead of `p` (x greater) is the exact sign of the triangle's signed
/// volume with `p` (`robust::orient3d`) against its projected orientation.
/// The answer is the parity of the count: meaningful for a closed mesh
/// (either winding, any shape); `solid` is not consulted.
///
/// ```
/// use clearway::geometry::{Mesh, Point3, space::mesh_contains};
/// // A tetrahedron with corners at the origin and on the three axes at 4:
/// // inside are the points with x, y, z >= 0 and x + y + z <= 4.
/// let v = vec![
///     Point3::new(0.0, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0),
///     Point3::new(0.0, 4.0, 0.0), Point3::new(0.0, 0.0, 4.0),
/// ];
/// let tet = Mesh::new(v, vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]], true).unwrap();
/// assert!(mesh_contains(&tet, Point3::new(1.0, 1.0, 1.0)));
/// // The ray from (-1, 0, 0) runs along the edge x-axis, through two
/// // vertices; the perturbed ray passes just beside it and crosses the
/// // faces twice (or never): outside.
/// assert!(!mesh_contains(&tet, Point3::new(-1.0, 0.0, 0.0)));
/// // 1 + 1 + 2 = 4: on the slanted face, which counts as inside.
/// assert!(mesh_contains(&tet, Point3::new(1.0, 1.0, 2.0)));
/// assert!(!mesh_contains(&tet, Point3::new(1.0, 1.0, 2.5)));
/// ```
pub fn mesh_contains(mesh: &Mesh, p: Point3) -> bool {
    if mesh.triangles().any(|t| on_triangle(p, t.corners)) {
        return true;
    }
    let q = Point::new(p.y, p.z);
    let mut inside = false;
    for t in mesh.triangles() {
        let [a, b, c] = t.corners.map(|v| Point::new(v.y, v.z));
        let area = orientation(a, b, c);
        if area == Orientation::Collinear {
            continue;
        }
        let sides = [side(a, b, q), side(b, c, q), side(c, a, q)];
        if sides.iter().any(|&s| s != area) {
            continue;
        }
        // The plane meets the ray at x > p.x when p's signed volume against
        // the triangle has the sign opposite to the normal's x component
        // (which is the projected orientation).
        let [t0, t1, t2] = t.corners;
        let volume = volume_sign(t0, t1, t2, p);
        let ahead = match area {
            Orientation::CounterClockwise => volume < 0,
            _ => volume > 0,
        };
        if ahead {
            inside = !inside;
        }
    }
    inside
}

/// The orientation of the perturbed point `q + (ε, ε²)` (in yz) to `u -> v`,
/// never collinear unless `u == v`.
fn side(u: Point, v: Point, q: Point) -> Orientation {
    let o = orientation(u, v, q);
    if o != Orientation::Collinear {
        return o;
    }
    // det(v - u, q' - u) gains (v.x - u.x) ε² - (v.y - u.y) ε.
    let dz = v.y - u.y;
    let dy = v.x - u.x;
    let s = if dz != 0.0 { -dz } else { dy };
    if s > 0.0 {
        Orientation::CounterClockwise
    } else if s < 0.0 {
        Orientation::Clockwise
    } else {
        Orientation::Collinear
    }
}

/// Whether `p` lies on the closed triangle (degenerate: on its sides).
pub(crate) fn on_triangle(p: Point3, corners: [Point3; 3]) -> bool {
    let [c0, c1, c2] = corners;
    if !collinear(c0, c1, c2) {
        return in_triangle(p, corners);
    }
    let point = Segment::new(p, p);
    [(c0, c1), (c1, c2), (c2, c0)]
        .iter()
        .any(|&(u, v)| segment_to_segment(point, Segment::new(u, v)).distance == 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cube(solid: bool) -> Mesh {
        crate::geometry::cube_mesh(Point3::new(0.0, 0.0, 0.0), 1.0, solid)
    }

    #[test]
    fn rays_through_edges_and_vertices_of_a_cube() {
        let c = cube(true);
        // Rays along the face diagonals (shared triangle sides) and through
        // the cube's edges and corners.
        // (At x = 0.5 every one of them is inside or on a face or edge.)
        for (y, z) in [
            (0.5, 0.5),
            (0.25, 0.25),
            (0.75, 0.25),
            (0.0, 0.5),
            (0.0, 0.0),
            (1.0, 1.0),
        ] {
            assert!(!mesh_contains(&c, Point3::new(-1.0, y, z)), "{y} {z}");
            assert!(mesh_contains(&c, Point3::new(0.5, y, z)), "{y} {z}");
            assert!(!mesh_contains(&c, Point3::new(2.0, y, z)), "{y} {z}");
        }
        // Inside, with rays along the face diagonals y = z of the x = 1 face.
        assert!(mesh_contains(&c, Point3::new(0.5, 0.3, 0.3)));
        assert!(mesh_contains(&c, Point3::new(0.5, 0.7, 0.7)));
        assert!(!mesh_contains(&c, Point3::new(0.5, 1.5, 0.5)));
        assert!(!mesh_contains(&c, Point3::new(0.5, 0.5, -1e-300)));
    }
}
