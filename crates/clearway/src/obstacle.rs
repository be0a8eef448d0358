//! The obstacles of a level, as validated domain values.

use crate::geometry::{
    Circle, Point, Polygon, Segment, Separation, segment_to_circle, segment_to_point,
    segment_to_polygon, segment_to_segment,
};

/// One obstacle of a level. Its identity is its index in the map's obstacle
/// list (file order, from 0).
#[derive(Clone, Debug, PartialEq)]
pub enum Obstacle {
    /// A point obstacle.
    Point(Point),
    /// A solid disc.
    Circle(Circle),
    /// A wall: a segment (zero length allowed).
    Segment(Segment),
    /// A solid polygon, even-odd rule.
    Polygon(Polygon),
}

/// The kind of an obstacle, as named in the map format; it displays as
/// the lower-case name reports use: `point`, `circle`, `segment`,
/// `polygon`, `sphere`, `triangle`, `box`, `mesh`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ObstacleKind {
    /// `Point(..)`
    Point,
    /// `Circle(..)`
    Circle,
    /// `Segment(..)`
    Segment,
    /// `Polygon(..)`
    Polygon,
    /// `Sphere(..)` (3D)
    Sphere,
    /// `Triangle(..)` (3D)
    Triangle,
    /// `Box(..)` (3D)
    Box,
    /// `Mesh(..)` (3D)
    Mesh,
}

impl ObstacleKind {
    /// The lower-case name reports use (see the type's doc).
    pub(crate) fn name(self) -> &'static str {
        match self {
            ObstacleKind::Point => "point",
            ObstacleKind::Circle => "circle",
            ObstacleKind::Segment => "segment",
            ObstacleKind::Polygon => "polygon",
            ObstacleKind::Sphere => "sphere",
            ObstacleKind::Triangle => "triangle",
            ObstacleKind::Box => "box",
            ObstacleKind::Mesh => "mesh",
        }
    }
}

impl std::fmt::Display for ObstacleKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Obstacle {
    /// The obstacle's kind.
    pub fn kind(&self) -> ObstacleKind {
        match self {
            Obstacle::Point(_) => ObstacleKind::Point,
            Obstacle::Circle(_) => ObstacleKind::Circle,
            Obstacle::Segment(_) => ObstacleKind::Segment,
            Obstacle::Polygon(_) => ObstacleKind::Polygon,
        }
    }

    twin_pub! {
        /// The exact separation between an edge (or a node, as a zero-length
        /// segment) and this obstacle, computed directly, without any index.
        ///
        /// This is the obviously right path that the indexed search is tested
        /// against.
        ///
        /// ```
        /// use clearway::geometry::{Point, Segment};
        /// use clearway::Obstacle;
        /// let edge = Segment::new(Point::new(0.0, 0.0), Point::new(5.0, 0.0));
        /// let rock = Obstacle::Point(Point::new(3.0, -2.0));
        /// let s = rock.separation_from(edge);
        /// assert_eq!(s.distance, 2.0);
        /// assert_eq!(s.edge_point, Point::new(3.0, 0.0));
        /// ```
        fn separation_from(&self, edge: Segment) -> Separation {
            match self {
                Obstacle::Point(p) => segment_to_point(edge, *p),
                Obstacle::Circle(c) => segment_to_circle(edge, *c),
                Obstacle::Segment(wall) => segment_to_segment(edge, *wall),
                Obstacle::Polygon(poly) => segment_to_polygon(edge, poly),
            }
        }
    }

    /// The same obstacle moved by `by`; `None` when moving it merges
    /// vertices of a polygon (coordinates so large that the step rounds
    /// them together), so that it is no longer a polygon.
    pub(crate) fn translated(&self, by: Point) -> Option<Obstacle> {
        Some(match self {
            Obstacle::Point(p) => Obstacle::Point(*p + by),
            Obstacle::Circle(c) => Obstacle::Circle(Circle {
                center: c.center + by,
                radius: c.radius,
            }),
            Obstacle::Segment(s) => Obstacle::Segment(Segment::new(s.a + by, s.b + by)),
            Obstacle::Polygon(poly) => Obstacle::Polygon(Polygon::new(
                poly.vertices().iter().map(|&v| v + by).collect(),
            )?),
        })
    }

    /// Every coordinate of the obstacle (a circle's centre, not its radius,
    /// which [`Obstacle::problem`] checks), as a list of numbers to check:
    /// what a live level validates an obstacle by.
    pub(crate) fn numbers(&self) -> Vec<f64> {
        let xy = |p: &Point| [p.x, p.y];
        match self {
            Obstacle::Point(p) => xy(p).to_vec(),
            Obstacle::Circle(c) => xy(&c.center).to_vec(),
            Obstacle::Segment(s) => [xy(&s.a), xy(&s.b)].concat(),
            Obstacle::Polygon(poly) => poly.vertices().iter().flat_map(xy).collect(),
        }
    }

    /// What is wrong with an obstacle whose numbers are finite: a
    /// negative radius.
    pub(crate) fn problem(&self) -> Option<String> {
        match self {
            Obstacle::Circle(c) if !(c.radius >= 0.0 && c.radius.is_finite()) => Some(format!(
                "the circle's radius {} is not a finite number >= 0",
                c.radius
            )),
            _ => None,
        }
    }
}
