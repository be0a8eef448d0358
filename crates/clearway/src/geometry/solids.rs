//! The 3D obstacle shapes clearway measures against: spheres, triangles,
//! axis-aligned boxes and triangle meshes. (Points and segments in space
//! are [`Point3`] and [`Segment<Point3>`](super::Segment).)

use super::Point3;

/// A solid ball.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sphere {
    /// The centre.
    pub center: Point3,
    /// The radius, finite and >= 0.
    pub radius: f64,
}

/// A triangle, as a surface (not solid). A degenerate triangle (collinear or
/// repeated corners) is its segment or its point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Triangle {
    /// The three corners, in the order written.
    pub corners: [Point3; 3],
}

/// A solid axis-aligned box: every point with `min <= p <= max` on each axis.
/// `min <= max` on every axis (a flat or empty-volume box is allowed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxisBox {
    /// The corner with the least coordinates.
    pub min: Point3,
    /// The corner with the greatest coordinates.
    pub max: Point3,
}

/// A triangle soup, optionally solid.
///
/// A solid mesh is taken to be closed: a point is inside when a ray from it
/// crosses the surface an odd number of times (crossing parity, as polygons
/// use even-odd in 2D), and its inside counts as obstacle.
#[derive(Clone, Debug, PartialEq)]
pub struct Mesh {
    vertices: Vec<Point3>,
    triangles: Vec<[u32; 3]>,
    solid: bool,
}

impl Mesh {
    /// Makes a mesh. Returns the first out-of-range index (and where it is:
    /// triangle number and corner 0..3) when a triangle names a vertex that
    /// does not exist.
    ///
    /// ```
    /// use clearway::geometry::{Mesh, Point3};
    /// let v = vec![Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0)];
    /// assert!(Mesh::new(v.clone(), vec![[0, 1, 2]], false).is_ok());
    /// assert_eq!(Mesh::new(v, vec![[0, 1, 3]], false).unwrap_err(), (0, 2, 3));
    /// ```
    pub fn new(
        vertices: Vec<Point3>,
        triangles: Vec<[u32; 3]>,
        solid: bool,
    ) -> Result<Mesh, (usize, usize, u32)> {
        for (t, triangle) in triangles.iter().enumerate() {
            for (corner, &i) in triangle.iter().enumerate() {
                if i as usize >= vertices.len() {
                    return Err((t, corner, i));
                }
            }
        }
        Ok(Mesh {
            vertices,
            triangles,
            solid,
        })
    }

    /// The vertices, in the order written.
    pub fn vertices(&self) -> &[Point3] {
        &self.vertices
    }

    /// The triangles, as indices into [`Mesh::vertices`].
    pub fn triangle_indices(&self) -> &[[u32; 3]] {
        &self.triangles
    }

    /// Whether the mesh's inside counts as obstacle.
    pub fn is_solid(&self) -> bool {
        self.solid
    }

    /// Triangle `i`, with its corners looked up.
    pub(crate) fn triangle(&self, i: usize) -> Triangle {
        let [a, b, c] = self.triangles[i];
        Triangle {
            corners: [
                self.vertices[a as usize],
                self.vertices[b as usize],
                self.vertices[c as usize],
            ],
        }
    }

    /// Every triangle, with its corners looked up, in the order written.
    pub fn triangles(&self) -> impl Iterator<Item = Triangle> + '_ {
        (0..self.triangles.len()).map(|i| self.triangle(i))
    }
}

#[cfg(test)]
/// Seeded random triangles in an 8-unit cube at offsets 0, 1e6, 1e7 and
/// -1e7 - 0.5, `per_offset` at each, with an edge each: random ends, or
/// (every third) ends a few ulps above and below the triangle's plane, one
/// over its first corner and one over the middle of its far side. The cases
/// the 3D kernels' f64 shortcuts and bounds must get right to the bit.
pub(crate) fn triangles_with_edges_near_their_planes(
    seed: u64,
    per_offset: usize,
) -> Vec<(Triangle, super::Segment<Point3>)> {
    let mut rng = clearway_synth::SplitMix64::new(seed);
    let nudge = |v: f64, k: i64| f64::from_bits((v.to_bits() as i64 + k) as u64);
    let mut cases = Vec::with_capacity(4 * per_offset);
    for offset in [0.0, 1e6, 1e7, -1e7 - 0.5] {
        for n in 0..per_offset {
            let mut q = || {
                Point3::new(
                    offset + 8.0 * rng.next_f64(),
                    offset + 8.0 * rng.next_f64(),
                    offset + 8.0 * rng.next_f64(),
                )
            };
            let corners = [q(), q(), q()];
            let (mut a, mut b) = (q(), q());
            if n % 3 == 0 {
                let k = (n / 3 % 7) as i64 - 3;
                a = corners[0];
                a.z = nudge(a.z, k);
                let mid = (corners[1] + corners[2]) * 0.5;
                b = Point3::new(mid.x, mid.y, nudge(mid.z, (n / 21 % 7) as i64 - 3));
            }
            cases.push((Triangle { corners }, super::Segment::new(a, b)));
        }
    }
    cases
}

/// A closed box surface as a solid (or hollow) mesh of 12 triangles, corner
/// `lo`, edge `side` (the test support's unit cube, scaled): the cube the
/// tests of the mesh kernel and of the 3D index both use.
#[cfg(test)]
pub(crate) fn cube_mesh(lo: Point3, side: f64, solid: bool) -> Mesh {
    let (unit, faces) = clearway_test_support::exact3::unit_cube();
    let v = unit
        .into_iter()
        .map(|(x, y, z)| Point3::new(lo.x + x * side, lo.y + y * side, lo.z + z * side))
        .collect();
    Mesh::new(v, faces, solid).expect("indices in range")
}
