//! The result of every distance query: how far, and where.

use super::Point;

/// The distance between a query shape (an edge, or a node as a point) and an
/// obstacle, with the closest point on each: the *witness* of a clearance.
///
/// When the shapes touch or overlap, `distance` is 0 and both points lie in
/// the overlap (usually the same point). `distance` is never NaN and never
/// negative.
///
/// Generic over the point type: `Separation` in the plane,
/// `Separation<Point3>` in space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Separation<P = Point> {
    /// The Euclidean distance between the two shapes, >= 0.
    pub distance: f64,
    /// The closest point on the query shape (the edge's pinch point).
    pub edge_point: P,
    /// The closest point on the obstacle.
    pub obstacle_point: P,
}
