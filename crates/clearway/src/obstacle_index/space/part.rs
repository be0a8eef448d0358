//! The pieces a 3D obstacle is cut into for the R-tree, the twin of
//! `plane/part.rs`.
//!
//! Points go in as point parts (as in 2D); spheres, segments, triangles and
//! boxes go in whole; a mesh goes in as one part per triangle (piece = the
//! triangle's index) plus, when it is solid, one *interior* part, exactly as
//! a large 2D polygon goes in as its boundary edges plus its interior: an edge
//! that touches no triangle of a solid mesh is wholly outside (the triangle
//! parts measure it) or wholly inside, which only the interior part sees.
//! The interior's piece number, [`INTERIOR`], is the highest, so on a tie
//! with a triangle of its own mesh the triangle's witness wins, as the
//! direct computation (`space::segment_to_mesh`) has it.

use rstar::AABB;

use super::super::plane::part::INTERIOR;
use super::node_bound::{point_segment_2, segment_box_distance_2};
use super::triangle_bound::plane_lower_bound;
use crate::geometry::{AxisBox, Point3, Segment, Separation, Sphere, Triangle, space};
use crate::obstacle3::Obstacle3;

/// One indexed piece of a 3D obstacle other than a point.
#[derive(Clone, Debug)]
pub struct ObstaclePart {
    /// The obstacle's index in the map (file order).
    pub obstacle: u32,
    /// Which piece: 0 for whole shapes, the triangle index for a mesh
    /// triangle, [`INTERIOR`] for a solid mesh's inside.
    pub piece: u32,
    /// The piece's shape.
    pub shape: PartShape,
}

/// The shape of an indexed 3D piece.
#[derive(Clone, Copy, Debug)]
pub enum PartShape {
    /// A solid ball.
    Sphere(Sphere),
    /// A wall or beam.
    Segment(Segment<Point3>),
    /// A triangle obstacle, or one triangle of a mesh.
    Triangle(Triangle),
    /// A solid axis-aligned box.
    Box(AxisBox),
    /// The solid inside of a mesh; the box is the mesh's bounding box.
    Interior {
        /// The least corner of the mesh's bounding box.
        lower: Point3,
        /// The greatest corner of the mesh's bounding box.
        upper: Point3,
    },
}

impl ObstaclePart {
    /// The piece numbers of an obstacle other than a point, in the order
    /// they are cut: 0 for a whole shape; for a mesh, each triangle, then
    /// [`INTERIOR`] when it is solid and has triangles. None for a point.
    pub(crate) fn pieces(obstacle: &Obstacle3) -> impl Iterator<Item = u32> {
        let (whole, triangles) = match obstacle {
            Obstacle3::Point(_) => (None, 0..0),
            Obstacle3::Sphere(_)
            | Obstacle3::Segment(_)
            | Obstacle3::Triangle(_)
            | Obstacle3::Box(_) => (Some(0), 0..0),
            Obstacle3::Mesh(mesh) => {
                let n = u32::try_from(mesh.triangle_indices().len())
                    .expect("fewer than 2^32 triangles");
                ((mesh.is_solid() && n > 0).then_some(INTERIOR), 0..n)
            }
        };
        triangles.chain(whole)
    }

    /// Piece `piece` (one of [`ObstaclePart::pieces`]) of `obstacle`,
    /// number `index` in the map. A piece number the obstacle does not have
    /// gives its closest one (a triangle number wraps around, a point is a
    /// zero-length segment, an empty mesh its interior), so this never
    /// panics.
    pub(crate) fn piece(index: u32, obstacle: &Obstacle3, piece: u32) -> ObstaclePart {
        let shape = match obstacle {
            Obstacle3::Point(p) => PartShape::Segment(Segment::new(*p, *p)),
            Obstacle3::Sphere(s) => PartShape::Sphere(*s),
            Obstacle3::Segment(s) => PartShape::Segment(*s),
            Obstacle3::Triangle(t) => PartShape::Triangle(*t),
            Obstacle3::Box(b) => PartShape::Box(*b),
            Obstacle3::Mesh(mesh) => {
                let n = mesh.triangle_indices().len();
                if piece == INTERIOR || n == 0 {
                    let (lower, upper) = match mesh.vertices().split_first() {
                        Some((first, rest)) => rest.iter().fold((*first, *first), |(lo, hi), p| {
                            (
                                Point3::new(lo.x.min(p.x), lo.y.min(p.y), lo.z.min(p.z)),
                                Point3::new(hi.x.max(p.x), hi.y.max(p.y), hi.z.max(p.z)),
                            )
                        }),
                        None => (Point3::default(), Point3::default()),
                    };
                    PartShape::Interior { lower, upper }
                } else {
                    PartShape::Triangle(mesh.triangle(piece as usize % n))
                }
            }
        };
        ObstaclePart {
            obstacle: index,
            piece,
            shape,
        }
    }

    /// The box around the part.
    #[inline]
    pub(crate) fn envelope(&self) -> AABB<Point3> {
        match self.shape {
            PartShape::Sphere(s) => {
                let r = Point3::new(s.radius, s.radius, s.radius);
                AABB::from_corners(s.center - r, s.center + r)
            }
            PartShape::Segment(s) => AABB::from_corners(s.a, s.b),
            PartShape::Triangle(t) => AABB::from_points(&t.corners),
            PartShape::Box(b) => AABB::from_corners(b.min, b.max),
            PartShape::Interior { lower, upper } => AABB::from_corners(lower, upper),
        }
    }

    /// A lower bound on the squared distance from `edge` to this part, in
    /// plain f64 (within a few ulps): the distance to the sphere's centre
    /// less its radius; for the other shapes the distance from the edge
    /// segment to the part's box (exact for a box; for a segment, triangle
    /// or interior the exact kernel then decides), and for a triangle also
    /// the distance to its plane when the edge is clearly on one side of it
    /// (`triangle_bound.rs`, a proven bound).
    #[inline]
    pub(crate) fn quick_distance_2(&self, edge: Segment<Point3>) -> f64 {
        match self.shape {
            PartShape::Sphere(s) => {
                let gap = (point_segment_2(s.center, edge).sqrt() - s.radius).max(0.0);
                gap * gap
            }
            PartShape::Triangle(t) => {
                let envelope = self.envelope();
                let box_2 = segment_box_distance_2(edge, envelope.lower(), envelope.upper());
                let plane = plane_lower_bound(edge, &t);
                box_2.max(plane * plane)
            }
            _ => {
                let envelope = self.envelope();
                segment_box_distance_2(edge, envelope.lower(), envelope.upper())
            }
        }
    }

    /// The exact separation between `edge` and this part, or `None` for an
    /// interior part the edge does not start inside (its triangles speak
    /// then).
    pub(crate) fn separation_from(
        &self,
        edge: Segment<Point3>,
        obstacles: &[Obstacle3],
    ) -> Option<Separation<Point3>> {
        match self.shape {
            PartShape::Sphere(s) => Some(space::segment_to_sphere(edge, s)),
            PartShape::Segment(s) => Some(space::segment_to_segment(edge, s)),
            PartShape::Triangle(t) => Some(space::segment_to_triangle(edge, t)),
            PartShape::Box(b) => Some(space::segment_to_box(edge, b)),
            // The ray from a start beyond the box in y or z, or beyond its
            // far x face, meets no triangle, and the start lies on none:
            // `space::mesh_contains` would say no, closed mesh or not.
            PartShape::Interior { lower, upper }
                if edge.a.y < lower.y
                    || edge.a.y > upper.y
                    || edge.a.z < lower.z
                    || edge.a.z > upper.z
                    || edge.a.x > upper.x =>
            {
                None
            }
            PartShape::Interior { .. } => match obstacles.get(self.obstacle as usize) {
                Some(Obstacle3::Mesh(mesh))
                    if mesh.is_solid() && space::mesh_contains(mesh, edge.a) =>
                {
                    Some(Separation {
                        distance: 0.0,
                        edge_point: edge.a,
                        obstacle_point: edge.a,
                    })
                }
                _ => None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Mesh;
    use crate::geometry::space::shorthand::p;

    #[test]
    fn a_solid_mesh_is_its_triangles_in_order_then_its_interior() {
        // A tetrahedron: four triangles, then the interior over the box
        // (0,0,0)-(1,1,1).
        let vertices = vec![
            p(0.0, 0.0, 0.0),
            p(1.0, 0.0, 0.0),
            p(0.0, 1.0, 0.0),
            p(0.0, 0.0, 1.0),
        ];
        let triangles = vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
        let mesh = Mesh::new(vertices, triangles, true).unwrap();
        let obstacle = Obstacle3::Mesh(mesh.clone());
        let pieces: Vec<u32> = ObstaclePart::pieces(&obstacle).collect();
        assert_eq!(pieces, [0, 1, 2, 3, INTERIOR]);
        for k in 0..4u32 {
            let part = ObstaclePart::piece(5, &obstacle, k);
            assert_eq!((part.obstacle, part.piece), (5, k));
            assert!(matches!(part.shape, PartShape::Triangle(t) if t == mesh.triangle(k as usize)));
        }
        let interior = ObstaclePart::piece(5, &obstacle, INTERIOR);
        assert!(matches!(
            interior.shape,
            PartShape::Interior { lower, upper } if lower == p(0.0, 0.0, 0.0) && upper == p(1.0, 1.0, 1.0)
        ));
        // The same mesh, not solid: no interior part.
        let soup = Obstacle3::Mesh(
            Mesh::new(
                mesh.vertices().to_vec(),
                mesh.triangle_indices().to_vec(),
                false,
            )
            .unwrap(),
        );
        assert_eq!(
            ObstaclePart::pieces(&soup).collect::<Vec<_>>(),
            [0, 1, 2, 3]
        );
    }

    #[test]
    fn an_interior_skips_the_parity_count_only_where_it_says_no() {
        // An open "solid" mesh (one triangle in the plane x = 1): a start
        // before it, inside its yz shadow, crosses it once and counts as
        // inside; starts beside its box or past it do not, with or without
        // the shortcut.
        let vertices = vec![p(1.0, 0.0, 0.0), p(1.0, 4.0, 0.0), p(1.0, 0.0, 4.0)];
        let mesh = Mesh::new(vertices, vec![[0, 1, 2]], true).unwrap();
        let obstacles = [Obstacle3::Mesh(mesh.clone())];
        let interior = ObstaclePart::piece(0, &obstacles[0], INTERIOR);
        for start in [
            p(0.0, 1.0, 1.0),
            p(2.0, 1.0, 1.0),
            p(0.0, -1.0, 1.0),
            p(0.0, 5.0, 1.0),
            p(0.0, 1.0, -1.0),
            p(0.0, 1.0, 5.0),
            p(1.0, 1.0, 1.0),
            p(1.0, 4.0, 0.0),
        ] {
            let edge = Segment::new(start, p(9.0, 9.0, 9.0));
            let got = interior.separation_from(edge, &obstacles).is_some();
            assert_eq!(got, space::mesh_contains(&mesh, start), "{start:?}");
        }
        let edge = Segment::new(p(0.0, 1.0, 1.0), p(9.0, 9.0, 9.0));
        assert!(interior.separation_from(edge, &obstacles).is_some());
    }

    #[test]
    fn whole_shapes_are_one_piece_and_points_none() {
        let ball = Obstacle3::Sphere(Sphere {
            center: p(1.0, 2.0, 3.0),
            radius: 0.5,
        });
        let slab = Obstacle3::Box(AxisBox {
            min: p(0.0, 0.0, 0.0),
            max: p(4.0, 4.0, 0.2),
        });
        for o in [&ball, &slab] {
            assert_eq!(ObstaclePart::pieces(o).collect::<Vec<_>>(), [0]);
        }
        assert_eq!(
            ObstaclePart::pieces(&Obstacle3::Point(p(0.0, 0.0, 0.0))).count(),
            0
        );
        let envelope = ObstaclePart::piece(0, &ball, 0).envelope();
        assert_eq!(
            (envelope.lower(), envelope.upper()),
            (p(0.5, 1.5, 2.5), p(1.5, 2.5, 3.5))
        );
    }
}
