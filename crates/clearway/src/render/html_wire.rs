//! The obstacles of a 3D level as the HTML page's orbit view draws them:
//! outlines in level coordinates (a box's twelve edges, a triangle's three,
//! a sphere as its centre and radius, a segment, a point), so that the page
//! can turn them with the camera. The plan view keeps the picture's own
//! obstacles layer ([`super::html_shapes`]); a 2D level has no orbit view.
//!
//! A mesh is its triangles' outlines while the level's meshes have at most
//! [`MESH_TRIANGLES`] triangles in all, and its bounding box beyond: the
//! orbit view is for seeing where things are, and a million-triangle
//! outline would neither read nor turn smoothly.

use super::packed::Packed;
use crate::geometry::{Point3, Triangle};
use crate::obstacle3::Obstacle3;

/// The most mesh triangles drawn as outlines, over all meshes of a level.
pub(super) const MESH_TRIANGLES: usize = 20_000;

/// What a record is, as the page's `wire` array numbers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum WireKind {
    /// An open polyline through the points.
    Line = 0,
    /// A closed polyline.
    Loop = 1,
    /// A sphere: its centre, then `(radius, 0, 0)`.
    Sphere = 2,
    /// A point.
    Point = 3,
}

/// The outlines, in drawing order.
#[derive(Debug, Default)]
pub(super) struct Wire {
    /// Per record: kind, obstacle index, first point, point count.
    records: Vec<u32>,
    /// Points as x, y, z.
    coords: Vec<f64>,
}

impl Wire {
    fn add(&mut self, kind: WireKind, obstacle: usize, points: &[Point3]) {
        let first = (self.coords.len() / 3) as u32;
        for p in points {
            self.coords.extend([p.x, p.y, p.z]);
        }
        self.records
            .extend([kind as u32, obstacle as u32, first, points.len() as u32]);
    }

    /// The outlines of `obstacles`, meshes simplified past the budget.
    pub fn of(obstacles: &[Obstacle3]) -> Wire {
        let mesh_triangles: usize = obstacles
            .iter()
            .map(|o| match o {
                Obstacle3::Mesh(m) => m.triangle_indices().len(),
                _ => 0,
            })
            .sum();
        let outline_meshes = mesh_triangles <= MESH_TRIANGLES;
        let mut wire = Wire::default();
        for (i, o) in obstacles.iter().enumerate() {
            match o {
                Obstacle3::Point(p) => wire.add(WireKind::Point, i, &[*p]),
                Obstacle3::Segment(s) => wire.add(WireKind::Line, i, &[s.a, s.b]),
                Obstacle3::Sphere(s) => wire.add(
                    WireKind::Sphere,
                    i,
                    &[s.center, Point3::new(s.radius, 0.0, 0.0)],
                ),
                Obstacle3::Triangle(t) => wire.triangle(i, t),
                Obstacle3::Box(b) => wire.cuboid(i, b.min, b.max),
                Obstacle3::Mesh(m) if outline_meshes => {
                    for t in m.triangles() {
                        wire.triangle(i, &t);
                    }
                }
                Obstacle3::Mesh(m) => {
                    let mut min = Point3::new(f64::INFINITY, f64::INFINITY, f64::INFINITY);
                    let mut max =
                        Point3::new(f64::NEG_INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY);
                    for v in m.vertices() {
                        min = Point3::new(min.x.min(v.x), min.y.min(v.y), min.z.min(v.z));
                        max = Point3::new(max.x.max(v.x), max.y.max(v.y), max.z.max(v.z));
                    }
                    if min.x <= max.x {
                        wire.cuboid(i, min, max);
                    }
                }
            }
        }
        wire
    }

    fn triangle(&mut self, obstacle: usize, t: &Triangle) {
        self.add(WireKind::Loop, obstacle, &t.corners);
    }

    /// A box's twelve edges: its bottom and top loops, and four uprights.
    fn cuboid(&mut self, obstacle: usize, lo: Point3, hi: Point3) {
        let at = |x: bool, y: bool, z: bool| {
            Point3::new(
                if x { hi.x } else { lo.x },
                if y { hi.y } else { lo.y },
                if z { hi.z } else { lo.z },
            )
        };
        for z in [false, true] {
            let ring = [
                at(false, false, z),
                at(true, false, z),
                at(true, true, z),
                at(false, true, z),
            ];
            self.add(WireKind::Loop, obstacle, &ring);
        }
        for (x, y) in [(false, false), (true, false), (true, true), (false, true)] {
            self.add(WireKind::Line, obstacle, &[at(x, y, false), at(x, y, true)]);
        }
    }

    /// Packs the outlines as the arrays `wire` and `wireXYZ`.
    pub fn pack(&self, packed: &mut Packed) {
        packed.u32s("wire", self.records.iter().copied());
        packed.f64s("wireXYZ", self.coords.iter().copied());
    }

    /// How many records there are.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.records.len() / 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{AxisBox, Mesh, Sphere};

    #[test]
    fn a_box_is_twelve_edges_and_a_big_mesh_its_box() {
        let b = Obstacle3::Box(AxisBox {
            min: Point3::new(0.0, 0.0, 0.0),
            max: Point3::new(1.0, 2.0, 3.0),
        });
        let wire = Wire::of(&[b]);
        // Two loops of four and four uprights of two.
        assert_eq!(wire.len(), 6);
        assert_eq!(wire.coords.len(), 3 * (4 + 4 + 4 * 2));
        let s = Obstacle3::Sphere(Sphere {
            center: Point3::new(1.0, 1.0, 1.0),
            radius: 2.0,
        });
        let wire = Wire::of(&[s]);
        assert_eq!(wire.records, [WireKind::Sphere as u32, 0, 0, 2]);
        assert_eq!(wire.coords, [1.0, 1.0, 1.0, 2.0, 0.0, 0.0]);
        // A mesh past the budget: its bounding box, not its triangles.
        let n = MESH_TRIANGLES + 1;
        let vertices: Vec<Point3> = (0..n + 2)
            .map(|i| Point3::new(i as f64, (i % 2) as f64, 0.5))
            .collect();
        let triangles: Vec<[u32; 3]> = (0..n as u32).map(|i| [i, i + 1, i + 2]).collect();
        let mesh = Mesh::new(vertices, triangles, false).unwrap();
        let wire = Wire::of(&[Obstacle3::Mesh(mesh.clone())]);
        assert_eq!(wire.len(), 6);
        assert_eq!(&wire.coords[..3], &[0.0, 0.0, 0.5]);
        // Within the budget: each triangle's outline.
        let small = Mesh::new(
            mesh.vertices()[..4].to_vec(),
            vec![[0, 1, 2], [1, 2, 3]],
            false,
        )
        .unwrap();
        assert_eq!(Wire::of(&[Obstacle3::Mesh(small)]).len(), 2);
    }
}
