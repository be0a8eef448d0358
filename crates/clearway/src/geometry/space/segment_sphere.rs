//! Segment to solid ball.

use super::point_segment::point_segment;
use crate::geometry::segment_circle::outside_ball;
use crate::geometry::{Point3, Segment, Separation, Sphere};

/// The separation between an edge and a solid ball.
///
/// With `d` the distance from the centre to the edge
/// (`space::segment_to_point`), the distance is `max(d - radius, 0)`.
/// `edge_point` is the point of the edge closest to the centre;
/// `obstacle_point` is the point of the sphere towards it,
/// `center + (edge_point - center) * (radius / d)`, except when the ball
/// touches or overlaps the edge (distance 0): then it is `edge_point`
/// itself. A zero radius makes the ball a point.
///
/// ```
/// use clearway::geometry::{Point3, Segment, Sphere, space::segment_to_sphere};
/// // Edge along x; centre (4,3,4) is |(0,3,4)| = 5 from its point (4,0,0);
/// // minus the radius 2.5 leaves 2.5, and the sphere's point towards the
/// // edge is (4,3,4) + (0,-3,-4) * (2.5/5) = (4,1.5,2).
/// let edge = Segment::new(Point3::new(0.0, 0.0, 0.0), Point3::new(10.0, 0.0, 0.0));
/// let ball = Sphere { center: Point3::new(4.0, 3.0, 4.0), radius: 2.5 };
/// let s = segment_to_sphere(edge, ball);
/// assert_eq!(s.distance, 2.5);
/// assert_eq!(s.edge_point, Point3::new(4.0, 0.0, 0.0));
/// assert_eq!(s.obstacle_point, Point3::new(4.0, 1.5, 2.0));
/// ```
pub fn segment_to_sphere(edge: Segment<Point3>, sphere: Sphere) -> Separation<Point3> {
    let (d, edge_point) = point_segment(sphere.center, edge);
    outside_ball(
        d,
        edge_point,
        sphere.center,
        sphere.radius,
        Point3::is_finite,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::space::shorthand::p;

    #[test]
    fn overlapping_tangent_and_point_sized() {
        let edge = Segment::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 10.0));
        // Centre 2 from the edge at (0,0,5): radius 3 overlaps, radius 2 touches.
        for r in [3.0, 2.0] {
            let s = segment_to_sphere(
                edge,
                Sphere {
                    center: p(2.0, 0.0, 5.0),
                    radius: r,
                },
            );
            assert_eq!(s.distance, 0.0);
            assert_eq!(
                (s.edge_point, s.obstacle_point),
                (p(0.0, 0.0, 5.0), p(0.0, 0.0, 5.0))
            );
        }
        // Radius 0 is a point: beyond the end, |(0,3,4)| = 5 from (0,0,10).
        let s = segment_to_sphere(
            edge,
            Sphere {
                center: p(0.0, 3.0, 14.0),
                radius: 0.0,
            },
        );
        assert_eq!(s.distance, 5.0);
        assert_eq!(s.obstacle_point, p(0.0, 3.0, 14.0));
    }
}
