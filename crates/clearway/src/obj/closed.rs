//! Whether an imported mesh is closed, and so solid: the rule that decides
//! [`Mesh::is_solid`] for OBJ objects.

use std::collections::HashMap;

use crate::geometry::{Mesh, Point3};

/// Whether `mesh` is watertight and consistently oriented: every edge of
/// every triangle is shared by exactly two triangles, which run along it in
/// opposite directions. Vertices at exactly the same position count as one
/// (exporters often repeat them). A mesh with no triangles, or with a
/// triangle that repeats a vertex, is not closed.
pub(crate) fn is_closed(mesh: &Mesh) -> bool {
    if mesh.triangle_indices().is_empty() {
        return false;
    }
    let mut welded: HashMap<[u64; 3], u32> = HashMap::new();
    let ids: Vec<u32> = mesh
        .vertices()
        .iter()
        .map(|p| {
            let next = welded.len() as u32;
            *welded.entry(key(*p)).or_insert(next)
        })
        .collect();
    let mut directed: HashMap<(u32, u32), u32> = HashMap::new();
    for t in mesh.triangle_indices() {
        let [a, b, c] = t.map(|i| ids[i as usize]);
        if a == b || b == c || c == a {
            return false;
        }
        for edge in [(a, b), (b, c), (c, a)] {
            *directed.entry(edge).or_insert(0) += 1;
        }
    }
    directed
        .iter()
        .all(|(&(u, v), &n)| n == 1 && directed.get(&(v, u)) == Some(&1))
}

/// The exact position, with -0.0 and 0.0 as one.
fn key(p: Point3) -> [u64; 3] {
    [p.x, p.y, p.z].map(|v| (v + 0.0).to_bits())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mesh(vertices: &[[f64; 3]], triangles: &[[u32; 3]]) -> Mesh {
        Mesh::new(
            vertices.iter().map(|&v| Point3::from(v)).collect(),
            triangles.to_vec(),
            false,
        )
        .unwrap()
    }

    const TETRA: [[f64; 3]; 4] = [[0., 0., 0.], [1., 0., 0.], [0., 1., 0.], [0., 0., 1.]];

    #[test]
    fn a_tetrahedron_is_closed() {
        let faces = [[0, 2, 1], [0, 1, 3], [1, 2, 3], [2, 0, 3]];
        assert!(is_closed(&mesh(&TETRA, &faces)));
    }

    #[test]
    fn a_missing_face_or_a_flipped_face_opens_it() {
        assert!(!is_closed(&mesh(
            &TETRA,
            &[[0, 2, 1], [0, 1, 3], [1, 2, 3]]
        )));
        let rotated = [[0, 2, 1], [0, 1, 3], [1, 2, 3], [3, 2, 0]];
        assert!(is_closed(&mesh(&TETRA, &rotated)), "same winding, rotated");
        let flipped = [[0, 2, 1], [0, 1, 3], [1, 2, 3], [0, 2, 3]];
        assert!(!is_closed(&mesh(&TETRA, &flipped)));
    }

    #[test]
    fn a_face_given_twice_opens_it() {
        let faces = [[0, 2, 1], [0, 1, 3], [1, 2, 3], [2, 0, 3], [2, 0, 3]];
        assert!(!is_closed(&mesh(&TETRA, &faces)));
    }

    #[test]
    fn repeated_positions_are_one_vertex() {
        // Vertex 4 is vertex 0 again (written as -0.0).
        let mut v = TETRA.to_vec();
        v.push([-0.0, 0.0, 0.0]);
        let faces = [[0, 2, 1], [4, 1, 3], [1, 2, 3], [2, 0, 3]];
        assert!(is_closed(&mesh(&v, &faces)));
    }

    #[test]
    fn degenerate_and_empty_meshes_are_open() {
        assert!(!is_closed(&mesh(&TETRA, &[])));
        assert!(!is_closed(&mesh(&TETRA, &[[0, 1, 1]])));
    }
}
