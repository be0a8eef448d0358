//! Segment to solid disc.

use std::ops::{Add, Mul, Sub};

use super::point_segment::point_segment;
use super::{Circle, Point, Segment, Separation};

/// The separation between an edge and a solid disc.
///
/// With `d` the distance from the centre to the edge, the distance is
/// `max(d - radius, 0)`. `edge_point` is the point of the edge closest to the
/// centre; `obstacle_point` is the point of the circle's boundary towards it,
/// `center + (edge_point - center) * (radius / d)`, except when the disc
/// touches or overlaps the edge (distance 0): then it is `edge_point` itself.
/// A zero radius makes the disc a point.
///
/// ```
/// use clearway::geometry::{Circle, Point, Segment, segment_to_circle};
/// let edge = Segment::new(Point::new(0.0, 0.0), Point::new(10.0, 0.0));
/// let rock = Circle { center: Point::new(4.0, 5.0), radius: 2.0 };
/// let s = segment_to_circle(edge, rock);
/// assert_eq!(s.distance, 3.0);
/// assert_eq!(s.edge_point, Point::new(4.0, 0.0));
/// assert_eq!(s.obstacle_point, Point::new(4.0, 3.0));
/// ```
pub fn segment_to_circle(edge: Segment, circle: Circle) -> Separation {
    let (d, edge_point) = point_segment(circle.center, edge);
    outside_ball(
        d,
        edge_point,
        circle.center,
        circle.radius,
        Point::is_finite,
    )
}

/// The separation from an edge to a solid disc or ball of centre `c` and
/// radius `radius`, given the centre's distance `d` to the edge and the
/// edge's point `edge_point` nearest to it; the rule of
/// [`segment_to_circle`], shared by the disc and the ball
/// ([`super::space::segment_to_sphere`]).
pub(crate) fn outside_ball<P>(
    d: f64,
    edge_point: P,
    c: P,
    radius: f64,
    is_finite: fn(P) -> bool,
) -> Separation<P>
where
    P: Copy + Add<Output = P> + Sub<Output = P> + Mul<f64, Output = P>,
{
    let r = radius.max(0.0);
    let distance = d - r;
    if distance.is_nan() || distance <= 0.0 || d == 0.0 {
        return Separation {
            distance: 0.0,
            edge_point,
            obstacle_point: edge_point,
        };
    }
    // 0 <= r / d < 1 here. With coordinates near f64::MAX the difference
    // of the edge point and the centre can overflow, and the product is
    // not finite: the point is then the centre, at most r from the true
    // one, a vanishing part of a distance that large.
    let obstacle_point = c + (edge_point - c) * (r / d);
    Separation {
        distance,
        edge_point,
        obstacle_point: if is_finite(obstacle_point) {
            obstacle_point
        } else {
            c
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::shorthand::{p, seg};

    #[test]
    fn circle_overlapping_edge_is_zero() {
        // Centre (2,1), radius 1.5, edge along y = 0: centre distance 1 < 1.5.
        let c = Circle {
            center: p(2.0, 1.0),
            radius: 1.5,
        };
        let s = segment_to_circle(seg((0.0, 0.0), (5.0, 0.0)), c);
        assert_eq!(s.distance, 0.0);
        assert_eq!(s.edge_point, p(2.0, 0.0));
        assert_eq!(s.obstacle_point, p(2.0, 0.0));
        // Exactly tangent: centre distance 1 = radius.
        let c = Circle {
            center: p(2.0, 1.0),
            radius: 1.0,
        };
        assert_eq!(
            segment_to_circle(seg((0.0, 0.0), (5.0, 0.0)), c).distance,
            0.0
        );
        // Centre on the edge.
        let c = Circle {
            center: p(2.0, 0.0),
            radius: 0.5,
        };
        let s = segment_to_circle(seg((0.0, 0.0), (5.0, 0.0)), c);
        assert_eq!(s.distance, 0.0);
        assert_eq!(s.obstacle_point, p(2.0, 0.0));
    }

    #[test]
    fn circle_away_from_edge() {
        // Edge (0,0)-(5,0), centre (8,4), radius 2: the closest edge point is
        // the endpoint (5,0), centre distance |(3,4)| = 5, clearance 5 - 2 = 3.
        // Boundary point: (8,4) + (-3,-4) * 2/5 = (8 - 1.2, 4 - 1.6) = (6.8, 2.4).
        let c = Circle {
            center: p(8.0, 4.0),
            radius: 2.0,
        };
        let s = segment_to_circle(seg((0.0, 0.0), (5.0, 0.0)), c);
        assert_eq!(s.distance, 3.0);
        assert_eq!(s.edge_point, p(5.0, 0.0));
        assert!((s.obstacle_point.x - 6.8).abs() < 1e-15);
        assert!((s.obstacle_point.y - 2.4).abs() < 1e-15);
        // Edge (1,1)-(5,2), centre (3,3): centre distance 6/sqrt(17), radius
        // 1: clearance 6/sqrt(17) - 1 = 0.45521...
        let c = Circle {
            center: p(3.0, 3.0),
            radius: 1.0,
        };
        let s = segment_to_circle(seg((1.0, 1.0), (5.0, 2.0)), c);
        assert!((s.distance - (6.0 / 17.0_f64.sqrt() - 1.0)).abs() < 1e-15);
        assert!((s.obstacle_point.distance_to(p(3.0, 3.0)) - 1.0).abs() < 1e-15);
    }

    #[test]
    fn zero_radius_is_a_point_and_zero_length_edge_works() {
        let c = Circle {
            center: p(3.0, -2.0),
            radius: 0.0,
        };
        let s = segment_to_circle(seg((0.0, 0.0), (5.0, 0.0)), c);
        assert_eq!(s.distance, 2.0);
        assert_eq!(s.obstacle_point, p(3.0, -2.0));
        let c = Circle {
            center: p(4.0, 5.0),
            radius: 1.0,
        };
        let s = segment_to_circle(seg((1.0, 1.0), (1.0, 1.0)), c);
        assert_eq!(s.distance, 4.0);
        assert_eq!(s.edge_point, p(1.0, 1.0));
    }

    #[test]
    fn extreme_values_never_nan() {
        let m = f64::MAX;
        let c = Circle {
            center: p(-m, m),
            radius: 1.0,
        };
        let s = segment_to_circle(seg((m, -m), (m, -m)), c);
        // The centre is 2 * MAX from the edge on each axis: the difference
        // overflows and the distance is infinite; the boundary point falls
        // back to the centre.
        assert_eq!(s.distance, f64::INFINITY);
        assert_eq!(s.obstacle_point, p(-m, m));
        let c = Circle {
            center: p(1e-300, 1e-300),
            radius: 1e-300,
        };
        let s = segment_to_circle(seg((0.0, 0.0), (2e-300, 0.0)), c);
        assert_eq!(s.distance, 0.0);
    }
}
