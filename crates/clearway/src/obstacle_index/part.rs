//! The pieces an obstacle is cut into for the R-tree.
//!
//! Points, circles and walls go in whole: points as a [`PointPart`] of 24
//! bytes, every other part as an [`ObstaclePart`]. A polygon goes in as its boundary
//! edges plus one *interior* part: an edge that does not touch the boundary
//! is either wholly outside (the boundary parts measure it) or wholly inside,
//! which only the interior part can see.

use rstar::{AABB, RTreeObject};

use super::quick_distance;
use super::segment_box::segment_box_distance_2;
use crate::geometry::{
    Circle, Point, Segment, Separation, polygon_contains, segment_to_circle, segment_to_segment,
};
use crate::obstacle::Obstacle;

/// The sub-index given to a polygon's interior part, so that on a tie with
/// its own boundary the boundary's witness is chosen, as the direct
/// computation does.
pub(crate) const INTERIOR: u32 = u32::MAX;

/// A point obstacle as the index keeps it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PointPart<P = Point> {
    /// The point.
    pub p: P,
    /// The obstacle's index in the map.
    pub obstacle: u32,
}

/// One indexed piece of an obstacle other than a point.
#[derive(Clone, Debug)]
pub struct ObstaclePart {
    /// The obstacle's index in the map (file order).
    pub obstacle: u32,
    /// Which piece of the obstacle this is: 0 for whole shapes, the boundary
    /// edge index for polygon edges, [`INTERIOR`] for a polygon's interior.
    pub piece: u32,
    /// The piece's shape.
    pub shape: PartShape,
}

/// The shape of an indexed piece.
#[derive(Clone, Copy, Debug)]
pub enum PartShape {
    /// A solid disc.
    Circle(Circle),
    /// A wall, or one boundary edge of a polygon.
    Segment(Segment),
    /// The solid inside of a polygon; the box is the polygon's bounding box.
    Interior {
        /// Lower-left corner of the polygon's bounding box.
        lower: Point,
        /// Upper-right corner of the polygon's bounding box.
        upper: Point,
    },
}

impl ObstaclePart {
    /// The piece numbers of an obstacle other than a point, in the order
    /// they are cut: 0 for a circle or a wall; for a polygon, each boundary
    /// edge (the closing edge last), then [`INTERIOR`]. None for a point,
    /// which is a [`PointPart`].
    pub(crate) fn pieces(obstacle: &Obstacle) -> impl Iterator<Item = u32> {
        let (whole, edges) = match obstacle {
            Obstacle::Point(_) => (None, 0..0),
            Obstacle::Circle(_) | Obstacle::Segment(_) => (Some(0), 0..0),
            Obstacle::Polygon(poly) => {
                let n = u32::try_from(poly.vertices().len()).expect("fewer than 2^32 vertices");
                (Some(INTERIOR), 0..n)
            }
        };
        // A polygon's interior comes after its edges; a whole shape alone.
        edges.chain(whole)
    }

    /// Piece `piece` (one of [`ObstaclePart::pieces`]) of `obstacle`, number
    /// `index` in the map. A piece number the obstacle does not have gives
    /// its closest one (an edge number wraps around the outline, a point is
    /// a zero-length wall), so this never panics.
    pub(crate) fn piece(index: u32, obstacle: &Obstacle, piece: u32) -> ObstaclePart {
        let shape = match obstacle {
            Obstacle::Point(p) => PartShape::Segment(Segment::new(*p, *p)),
            Obstacle::Circle(c) => PartShape::Circle(*c),
            Obstacle::Segment(s) => PartShape::Segment(*s),
            Obstacle::Polygon(poly) if piece == INTERIOR => {
                let bounds = AABB::from_points(poly.vertices());
                PartShape::Interior {
                    lower: bounds.lower(),
                    upper: bounds.upper(),
                }
            }
            Obstacle::Polygon(poly) => {
                let vertices = poly.vertices();
                let n = vertices.len().max(1);
                let i = piece as usize % n;
                let at = |k: usize| vertices.get(k).copied().unwrap_or_default();
                PartShape::Segment(Segment::new(at(i), at((i + 1) % n)))
            }
        };
        ObstaclePart {
            obstacle: index,
            piece,
            shape,
        }
    }

    /// A fast approximation of the squared distance from `edge` to this part,
    /// accurate to a few ulps of the coordinates (see [`super::quick_distance`]);
    /// for an interior part, the distance to the polygon's bounding box.
    pub(crate) fn quick_distance_2(&self, edge: Segment) -> f64 {
        match self.shape {
            PartShape::Circle(c) => quick_distance::segment_circle_2(edge, c),
            PartShape::Segment(s) => quick_distance::segment_segment_2(edge, s),
            PartShape::Interior { lower, upper } => segment_box_distance_2(edge, lower, upper),
        }
    }

    /// The exact separation between `edge` and this part, or `None` for an
    /// interior part the edge is not inside (its boundary parts speak then).
    pub(crate) fn separation_from(
        &self,
        edge: Segment,
        obstacles: &[Obstacle],
    ) -> Option<Separation> {
        match self.shape {
            PartShape::Circle(c) => Some(segment_to_circle(edge, c)),
            PartShape::Segment(s) => Some(segment_to_segment(edge, s)),
            PartShape::Interior { .. } => match obstacles.get(self.obstacle as usize) {
                Some(Obstacle::Polygon(poly)) if polygon_contains(poly, edge.a) => {
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

impl RTreeObject for ObstaclePart {
    type Envelope = AABB<Point>;

    /// Called twice per comparison while the tree is bulk loaded: inlined,
    /// it costs a few instructions instead of a call.
    #[inline(always)]
    fn envelope(&self) -> Self::Envelope {
        match self.shape {
            PartShape::Circle(c) => AABB::from_corners(
                Point::new(c.center.x - c.radius, c.center.y - c.radius),
                Point::new(c.center.x + c.radius, c.center.y + c.radius),
            ),
            PartShape::Segment(s) => AABB::from_corners(s.a, s.b),
            PartShape::Interior { lower, upper } => AABB::from_corners(lower, upper),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Polygon;

    fn segment_of(part: &ObstaclePart) -> Option<Segment> {
        match part.shape {
            PartShape::Segment(s) => Some(s),
            _ => None,
        }
    }

    #[test]
    fn a_polygon_is_its_edges_in_order_then_its_interior() {
        // An L-shaped outline of six vertices: six edges, the closing one
        // from (0, 4) back to (0, 0), then the interior, whose box is
        // (0, 0)-(4, 4).
        let vertices = [
            (0.0, 0.0),
            (4.0, 0.0),
            (4.0, 1.0),
            (1.0, 1.0),
            (1.0, 4.0),
            (0.0, 4.0),
        ]
        .map(|(x, y)| Point::new(x, y));
        let poly = Polygon::new(vertices.to_vec()).unwrap();
        let edges: Vec<Segment> = poly.edges().collect();
        let obstacle = Obstacle::Polygon(poly);
        let pieces: Vec<u32> = ObstaclePart::pieces(&obstacle).collect();
        assert_eq!(pieces, [0, 1, 2, 3, 4, 5, INTERIOR]);
        for (k, edge) in (0u32..).zip(&edges) {
            let part = ObstaclePart::piece(7, &obstacle, k);
            assert_eq!((part.obstacle, part.piece), (7, k));
            assert_eq!(segment_of(&part), Some(*edge));
        }
        assert_eq!(
            edges[5],
            Segment::new(Point::new(0.0, 4.0), Point::new(0.0, 0.0))
        );
        let interior = ObstaclePart::piece(7, &obstacle, INTERIOR);
        match interior.shape {
            PartShape::Interior { lower, upper } => {
                assert_eq!((lower, upper), (Point::new(0.0, 0.0), Point::new(4.0, 4.0)));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn whole_shapes_are_one_piece_and_points_none() {
        let wall = Obstacle::Segment(Segment::new(Point::new(1.0, 2.0), Point::new(3.0, 5.0)));
        let disc = Obstacle::Circle(Circle {
            center: Point::new(1.0, 1.0),
            radius: 2.0,
        });
        assert_eq!(ObstaclePart::pieces(&wall).collect::<Vec<_>>(), [0]);
        assert_eq!(ObstaclePart::pieces(&disc).collect::<Vec<_>>(), [0]);
        assert_eq!(
            ObstaclePart::pieces(&Obstacle::Point(Point::new(0.0, 0.0))).count(),
            0
        );
        assert_eq!(
            segment_of(&ObstaclePart::piece(3, &wall, 0)),
            Some(Segment::new(Point::new(1.0, 2.0), Point::new(3.0, 5.0)))
        );
        assert!(matches!(
            ObstaclePart::piece(3, &disc, 0).shape,
            PartShape::Circle(c) if c.radius == 2.0
        ));
    }
}
