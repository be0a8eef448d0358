//! Whether an imported mesh is closed, and so solid: the rule that decides
//! [`Mesh::is_solid`] for OBJ objects, and the tally of the edges that
//! keep a mesh from being closed or make it untidy, for the import's
//! warnings.
//!
//! The rule is parity: a mesh is closed when every edge is shared by an
//! even number of its triangles. Its inside is then well defined by the
//! parity of crossings ([`mesh_contains`](crate::geometry::space::mesh_contains)),
//! whichever way each face is wound and however many faces meet at an edge:
//! a box with a face wound backwards, or two boxes sharing an edge in one
//! object, is as solid as a tidy one.

use std::collections::HashMap;

use crate::geometry::{Mesh, Point3};

/// How many edges of a mesh are of one kind, and the first triangle (in
/// file order) that has one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct EdgeTally {
    /// How many edges.
    pub(crate) edges: usize,
    /// The least index of a triangle along one of them.
    pub(crate) first_triangle: Option<usize>,
}

impl EdgeTally {
    fn add(&mut self, triangle: usize) {
        self.edges += 1;
        self.first_triangle = Some(self.first_triangle.map_or(triangle, |t| t.min(triangle)));
    }
}

/// How a mesh's edges are shared between its triangles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Closure {
    /// Whether some triangle has three distinct corners (a mesh of
    /// degenerate triangles only encloses nothing).
    pub(crate) has_area: bool,
    /// How many distinct edges the triangles have.
    pub(crate) edges: usize,
    /// Edges shared by an odd number of triangles (1: the border of a hole
    /// or of a sheet): any one makes the mesh open, a surface.
    pub(crate) open: EdgeTally,
    /// Edges shared by more than two triangles (boxes touching along an
    /// edge): solid all the same when the count is even.
    pub(crate) non_manifold: EdgeTally,
    /// Edges shared by two triangles that run along them the same way (a
    /// face wound against its neighbours): solid all the same.
    pub(crate) miswound: EdgeTally,
}

impl Closure {
    /// Whether the mesh is closed by the parity rule, and so solid.
    pub(crate) fn is_closed(&self) -> bool {
        self.has_area && self.open.edges == 0
    }

    /// Whether an open mesh looks meant to be closed: a few open edges (at
    /// most 12) among many (under a quarter), as a box missing a face (4
    /// of 18) has, and a terrain sheet (every border edge open) or a wall
    /// quad (4 of 5) has not.
    pub(crate) fn is_almost_closed(&self) -> bool {
        !self.is_closed()
            && self.has_area
            && self.open.edges <= 12
            && 4 * self.open.edges < self.edges
    }
}

/// The sharing of `mesh`'s edges. Vertices at exactly the same position
/// count as one (exporters often repeat them); a triangle with two corners
/// at one position has no edge of its own (its two other sides are the
/// same edge, counted twice: an even number, which changes no parity).
pub(crate) fn closure(mesh: &Mesh) -> Closure {
    let mut welded: HashMap<[u64; 3], u32> = HashMap::new();
    let ids: Vec<u32> = mesh
        .vertices()
        .iter()
        .map(|p| {
            let next = welded.len() as u32;
            *welded.entry(key(*p)).or_insert(next)
        })
        .collect();
    /// One undirected edge: its triangles, those running from the lower
    /// vertex id to the higher, and the first of them.
    #[derive(Default)]
    struct Sharing {
        triangles: u32,
        forward: u32,
        first: usize,
    }
    let mut edges: HashMap<(u32, u32), Sharing> = HashMap::new();
    let mut out = Closure::default();
    for (t, triangle) in mesh.triangle_indices().iter().enumerate() {
        let [a, b, c] = triangle.map(|i| ids[i as usize]);
        if a == b || b == c || c == a {
            continue;
        }
        out.has_area = true;
        for (u, v) in [(a, b), (b, c), (c, a)] {
            let edge = edges.entry((u.min(v), u.max(v))).or_insert(Sharing {
                first: t,
                ..Sharing::default()
            });
            edge.triangles += 1;
            edge.forward += u32::from(u < v);
        }
    }
    out.edges = edges.len();
    for edge in edges.values() {
        if edge.triangles % 2 == 1 {
            out.open.add(edge.first);
        }
        if edge.triangles > 2 {
            out.non_manifold.add(edge.first);
        }
        if edge.triangles == 2 && edge.forward != 1 {
            out.miswound.add(edge.first);
        }
    }
    out
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

    fn is_closed(vertices: &[[f64; 3]], triangles: &[[u32; 3]]) -> bool {
        closure(&mesh(vertices, triangles)).is_closed()
    }

    const TETRA: [[f64; 3]; 4] = [[0., 0., 0.], [1., 0., 0.], [0., 1., 0.], [0., 0., 1.]];
    const FACES: [[u32; 3]; 4] = [[0, 2, 1], [0, 1, 3], [1, 2, 3], [2, 0, 3]];

    #[test]
    fn a_tetrahedron_is_closed_and_tidy() {
        let c = closure(&mesh(&TETRA, &FACES));
        assert!(c.is_closed());
        assert_eq!((c.open, c.non_manifold, c.miswound), Default::default());
    }

    #[test]
    fn a_missing_face_opens_it_at_its_three_edges() {
        let c = closure(&mesh(&TETRA, &FACES[..3]));
        assert!(!c.is_closed());
        // 3 open edges of 6: not almost closed (a tetrahedron is small).
        assert_eq!(c.edges, 6);
        assert!(!c.is_almost_closed());
        // The missing face (2, 0, 3) had the edges 2-0, 0-3 and 3-2; the
        // first triangle along one of them is triangle 0 (0, 2, 1).
        assert_eq!(
            c.open,
            EdgeTally {
                edges: 3,
                first_triangle: Some(0)
            }
        );
    }

    #[test]
    fn a_flipped_face_keeps_it_closed_and_is_counted() {
        let rotated = [[0, 2, 1], [0, 1, 3], [1, 2, 3], [3, 2, 0]];
        let c = closure(&mesh(&TETRA, &rotated));
        assert!(
            c.is_closed() && c.miswound.edges == 0,
            "same winding, rotated"
        );
        // Face 3 wound the other way: each of its 3 edges now runs the same
        // way in it as in its neighbour. Parity does not care.
        let flipped = [[0, 2, 1], [0, 1, 3], [1, 2, 3], [0, 2, 3]];
        let c = closure(&mesh(&TETRA, &flipped));
        assert!(c.is_closed());
        assert_eq!(c.miswound.edges, 3);
    }

    #[test]
    fn two_tetrahedra_sharing_an_edge_are_closed_and_non_manifold() {
        // The second is the first turned half a turn about the z axis, the
        // line of its edge 0-3: (x, y, z) -> (-x, -y, z). Vertices 0 and 3
        // stay, 1 and 2 become 4 (-1, 0, 0) and 5 (0, -1, 0). The edge 0-3
        // is then shared by 4 faces: even, so closed.
        let mut v = TETRA.to_vec();
        v.extend([[-1., 0., 0.], [0., -1., 0.]]);
        let mut faces = FACES.to_vec();
        faces.extend([[0, 5, 4], [0, 4, 3], [4, 5, 3], [5, 0, 3]]);
        let c = closure(&mesh(&v, &faces));
        assert!(c.is_closed());
        assert_eq!(
            c.non_manifold,
            EdgeTally {
                edges: 1,
                first_triangle: Some(1)
            }
        );
        // Three faces on one edge is odd: open.
        faces.pop();
        assert!(!is_closed(&v, &faces));
    }

    #[test]
    fn a_face_given_twice_opens_it() {
        let mut faces = FACES.to_vec();
        faces.push(FACES[3]);
        assert!(!is_closed(&TETRA, &faces));
    }

    #[test]
    fn repeated_positions_are_one_vertex() {
        // Vertex 4 is vertex 0 again (written as -0.0).
        let mut v = TETRA.to_vec();
        v.push([-0.0, 0.0, 0.0]);
        let faces = [[0, 2, 1], [4, 1, 3], [1, 2, 3], [2, 0, 3]];
        assert!(is_closed(&v, &faces));
    }

    #[test]
    fn degenerate_triangles_change_nothing_and_alone_enclose_nothing() {
        assert!(!is_closed(&TETRA, &[]));
        assert!(!is_closed(&TETRA, &[[0, 1, 1]]));
        let mut faces = FACES.to_vec();
        faces.push([0, 1, 1]);
        assert!(is_closed(&TETRA, &faces));
    }
}
