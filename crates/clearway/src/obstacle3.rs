//! The obstacles of a 3D level, as validated domain values.

use crate::geometry::{AxisBox, Mesh, Point3, Segment, Separation, Sphere, Triangle, space};
use crate::obstacle::ObstacleKind;

/// One obstacle of a 3D level. Its identity is its index in the map's
/// obstacle list (file order, from 0), as in 2D.
#[derive(Clone, Debug, PartialEq)]
pub enum Obstacle3 {
    /// A point obstacle.
    Point(Point3),
    /// A solid ball.
    Sphere(Sphere),
    /// A wall or beam as a segment (zero length allowed).
    Segment(Segment<Point3>),
    /// A triangle surface (degenerate allowed).
    Triangle(Triangle),
    /// A solid axis-aligned box.
    Box(AxisBox),
    /// A triangle mesh, solid or not.
    Mesh(Mesh),
}

impl Obstacle3 {
    /// The obstacle's kind.
    pub fn kind(&self) -> ObstacleKind {
        match self {
            Obstacle3::Point(_) => ObstacleKind::Point,
            Obstacle3::Sphere(_) => ObstacleKind::Sphere,
            Obstacle3::Segment(_) => ObstacleKind::Segment,
            Obstacle3::Triangle(_) => ObstacleKind::Triangle,
            Obstacle3::Box(_) => ObstacleKind::Box,
            Obstacle3::Mesh(_) => ObstacleKind::Mesh,
        }
    }

    twin_pub! {
        /// The separation between `edge` (a node is a zero-length edge) and this
        /// obstacle: the direct dispatch to the 3D kernel, one function per
        /// shape. The obstacle index is tested against this.
        ///
        /// ```
        /// use clearway::geometry::{Point3, Segment, Sphere};
        /// use clearway::Obstacle3;
        /// let edge = Segment::new(Point3::new(0.0, 0.0, 0.0), Point3::new(10.0, 0.0, 0.0));
        /// // Point (3,4,0): 4 above the edge's point (3,0,0).
        /// assert_eq!(Obstacle3::Point(Point3::new(3.0, 4.0, 0.0)).separation_from(edge).distance, 4.0);
        /// // A ball of radius 1 around the same point: 4 - 1 = 3.
        /// let ball = Obstacle3::Sphere(Sphere { center: Point3::new(3.0, 4.0, 0.0), radius: 1.0 });
        /// assert_eq!(ball.separation_from(edge).distance, 3.0);
        /// ```
        fn separation_from(&self, edge: Segment<Point3>) -> Separation<Point3> {
            match self {
                Obstacle3::Point(p) => space::segment_to_point(edge, *p),
                Obstacle3::Sphere(s) => space::segment_to_sphere(edge, *s),
                Obstacle3::Segment(w) => space::segment_to_segment(edge, *w),
                Obstacle3::Triangle(t) => space::segment_to_triangle(edge, *t),
                Obstacle3::Box(b) => space::segment_to_box(edge, *b),
                Obstacle3::Mesh(m) => space::segment_to_mesh(edge, m),
            }
        }
    }

    /// The same obstacle moved by `by` (a mesh keeps its triangles and
    /// whether it is solid). Always `Some`: the `Option` matches the 2D
    /// obstacles', whose polygons may degenerate.
    pub(crate) fn translated(&self, by: Point3) -> Option<Obstacle3> {
        Some(match self {
            Obstacle3::Point(p) => Obstacle3::Point(*p + by),
            Obstacle3::Sphere(s) => Obstacle3::Sphere(Sphere {
                center: s.center + by,
                radius: s.radius,
            }),
            Obstacle3::Segment(s) => Obstacle3::Segment(Segment::new(s.a + by, s.b + by)),
            Obstacle3::Triangle(t) => Obstacle3::Triangle(Triangle {
                corners: t.corners.map(|c| c + by),
            }),
            Obstacle3::Box(b) => Obstacle3::Box(AxisBox {
                min: b.min + by,
                max: b.max + by,
            }),
            Obstacle3::Mesh(m) => Obstacle3::Mesh(
                Mesh::new(
                    m.vertices().iter().map(|&v| v + by).collect(),
                    m.triangle_indices().to_vec(),
                    m.is_solid(),
                )
                .ok()?,
            ),
        })
    }

    /// Every coordinate of the obstacle (a sphere's centre, not its radius,
    /// which [`Obstacle3::problem`] checks), as a list of numbers to check.
    pub(crate) fn numbers(&self) -> Vec<f64> {
        let xyz = |p: &Point3| [p.x, p.y, p.z];
        match self {
            Obstacle3::Point(p) => xyz(p).to_vec(),
            Obstacle3::Sphere(s) => xyz(&s.center).to_vec(),
            Obstacle3::Segment(s) => [xyz(&s.a), xyz(&s.b)].concat(),
            Obstacle3::Triangle(t) => t.corners.iter().flat_map(xyz).collect(),
            Obstacle3::Box(b) => [xyz(&b.min), xyz(&b.max)].concat(),
            Obstacle3::Mesh(m) => m.vertices().iter().flat_map(xyz).collect(),
        }
    }

    /// What is wrong with an obstacle whose numbers are finite: a
    /// negative radius, a box whose min is above its max.
    pub(crate) fn problem(&self) -> Option<String> {
        match self {
            Obstacle3::Sphere(s) if !(s.radius >= 0.0 && s.radius.is_finite()) => Some(format!(
                "the sphere's radius {} is not a finite number >= 0",
                s.radius
            )),
            Obstacle3::Box(b) => {
                let (min, max) = ([b.min.x, b.min.y, b.min.z], [b.max.x, b.max.y, b.max.z]);
                (0..3).find(|&k| min[k] > max[k]).map(|k| {
                    format!(
                        "the box's min {} is above its max {} on {}: min must be <= max",
                        min[k],
                        max[k],
                        ["x", "y", "z"][k]
                    )
                })
            }
            _ => None,
        }
    }
}
