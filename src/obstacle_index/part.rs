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
pub(crate) struct PointPart {
    /// The point.
    pub p: Point,
    /// The obstacle's index in the map.
    pub obstacle: u32,
}

/// One indexed piece of an obstacle other than a point.
#[derive(Clone, Debug)]
pub(crate) struct ObstaclePart {
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
pub(crate) enum PartShape {
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
    /// Cuts `obstacle` (number `index` in the map) into its parts: a point
    /// into `points`, anything else into `parts`.
    pub(crate) fn cut(
        index: u32,
        obstacle: &Obstacle,
        points: &mut Vec<PointPart>,
        parts: &mut Vec<ObstaclePart>,
    ) {
        let whole = |shape| ObstaclePart {
            obstacle: index,
            piece: 0,
            shape,
        };
        match obstacle {
            Obstacle::Point(p) => points.push(PointPart {
                p: *p,
                obstacle: index,
            }),
            Obstacle::Circle(c) => parts.push(whole(PartShape::Circle(*c))),
            Obstacle::Segment(s) => parts.push(whole(PartShape::Segment(*s))),
            Obstacle::Polygon(poly) => {
                let mut lower = Point::new(f64::INFINITY, f64::INFINITY);
                let mut upper = Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY);
                for v in poly.vertices() {
                    lower = Point::new(lower.x.min(v.x), lower.y.min(v.y));
                    upper = Point::new(upper.x.max(v.x), upper.y.max(v.y));
                }
                for (piece, edge) in (0u32..).zip(poly.edges()) {
                    parts.push(ObstaclePart {
                        obstacle: index,
                        piece,
                        shape: PartShape::Segment(edge),
                    });
                }
                parts.push(ObstaclePart {
                    obstacle: index,
                    piece: INTERIOR,
                    shape: PartShape::Interior { lower, upper },
                });
            }
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
