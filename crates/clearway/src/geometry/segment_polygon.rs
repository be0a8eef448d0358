//! Segment to solid polygon.

use super::polygon_contains::polygon_contains;
use super::segment_segment::segment_to_segment;
use super::{Polygon, Segment, Separation};

/// The separation between an edge and a solid polygon (even-odd rule).
///
/// * If the edge touches or crosses a boundary edge, the distance is 0 and
///   both witness points are the touching point with the lowest-index
///   boundary edge (as [`super::segment_to_segment`] reports it).
/// * Else, if the edge lies inside the polygon, the distance is 0 and both
///   witness points are `edge.a`.
/// * Otherwise the distance is the minimum of [`super::segment_to_segment`]
///   over the boundary edges (closing edge last), with that edge's witness
///   points; ties go to the lowest boundary-edge index.
///
/// ```
/// use clearway::geometry::{Point, Polygon, Segment, segment_to_polygon};
/// let square = Polygon::new(vec![
///     Point::new(0.0, 0.0), Point::new(2.0, 0.0), Point::new(2.0, 2.0), Point::new(0.0, 2.0),
/// ]).unwrap();
/// let edge = Segment::new(Point::new(5.0, 1.0), Point::new(5.0, 3.0));
/// let s = segment_to_polygon(edge, &square);
/// // Boundary edge 1, (2,0)-(2,2), is 3 away from edge.a = (5,1), at (2,1).
/// assert_eq!(s.distance, 3.0);
/// assert_eq!(s.edge_point, Point::new(5.0, 1.0));
/// assert_eq!(s.obstacle_point, Point::new(2.0, 1.0));
/// ```
pub fn segment_to_polygon(edge: Segment, polygon: &Polygon) -> Separation {
    let mut best: Option<Separation> = None;
    for boundary in polygon.edges() {
        let s = segment_to_segment(edge, boundary);
        if s.distance == 0.0 {
            // Exactly 0 only when they intersect.
            return s;
        }
        if best.is_none_or(|b| s.distance < b.distance) {
            best = Some(s);
        }
    }
    if polygon_contains(polygon, edge.a) {
        return Separation {
            distance: 0.0,
            edge_point: edge.a,
            obstacle_point: edge.a,
        };
    }
    // A polygon has at least 3 edges, so `best` is set.
    best.unwrap_or(Separation {
        distance: 0.0,
        edge_point: edge.a,
        obstacle_point: edge.a,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Point;
    use crate::geometry::shorthand::{p, pentagram, seg};

    fn poly(v: &[(f64, f64)]) -> Polygon {
        Polygon::new(v.iter().map(|&q| Point::from(q)).collect()).expect("valid polygon")
    }

    fn square() -> Polygon {
        poly(&[(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)])
    }

    #[test]
    fn ties_go_to_the_lowest_boundary_edge() {
        // The edge y = 5 from x = -1 to 5 runs 1 above the square's top.
        // Boundary 1, (4,0)-(4,4), is 1 away at its end (4,4), seen from
        // (4,5); boundary 2, the top, is 1 away all along; boundary 3,
        // (0,4)-(0,0), is 1 away at (0,4), seen from (0,5). The first wins.
        let s = segment_to_polygon(seg((-1.0, 5.0), (5.0, 5.0)), &square());
        assert_eq!(s.distance, 1.0);
        assert_eq!(s.obstacle_point, p(4.0, 4.0));
        assert_eq!(s.edge_point, p(4.0, 5.0));
    }

    #[test]
    fn edge_through_polygon() {
        // (-1,2)-(5,2) crosses boundary edge 1 ((4,0)-(4,4)) at (4,2) first
        // in index order.
        let s = segment_to_polygon(seg((-1.0, 2.0), (5.0, 2.0)), &square());
        assert_eq!(s.distance, 0.0);
        assert_eq!(s.edge_point, p(4.0, 2.0));
        assert_eq!(s.obstacle_point, p(4.0, 2.0));
    }

    #[test]
    fn edge_wholly_inside() {
        let s = segment_to_polygon(seg((1.0, 1.0), (3.0, 2.0)), &square());
        assert_eq!(s.distance, 0.0);
        assert_eq!(s.edge_point, p(1.0, 1.0));
        assert_eq!(s.obstacle_point, p(1.0, 1.0));
        // A point edge inside.
        let s = segment_to_polygon(seg((2.0, 2.0), (2.0, 2.0)), &square());
        assert_eq!(s.distance, 0.0);
    }

    #[test]
    fn edge_outside() {
        // (6,1)-(6,3) to the square: 2, first minimal pair is edge.a vs
        // boundary edge 1 ((4,0)-(4,4)) at (4,1).
        let s = segment_to_polygon(seg((6.0, 1.0), (6.0, 3.0)), &square());
        assert_eq!(s.distance, 2.0);
        assert_eq!(s.edge_point, p(6.0, 1.0));
        assert_eq!(s.obstacle_point, p(4.0, 1.0));
        // A point edge outside, diagonal from the corner (4,4): |(3,4)| = 5.
        let s = segment_to_polygon(seg((7.0, 8.0), (7.0, 8.0)), &square());
        assert_eq!(s.distance, 5.0);
        assert_eq!(s.obstacle_point, p(4.0, 4.0));
    }

    #[test]
    fn u_shape_notch() {
        // U with a notch x in [2,4], y in [2,6]; an edge in the notch from
        // (2.5,3) to (3,5): nearest wall is the left arm x = 2 at 0.5, the
        // floor y = 2 is 1 away, the right arm x = 4 is 1 away.
        let u = poly(&[
            (0.0, 0.0),
            (6.0, 0.0),
            (6.0, 6.0),
            (4.0, 6.0),
            (4.0, 2.0),
            (2.0, 2.0),
            (2.0, 6.0),
            (0.0, 6.0),
        ]);
        let s = segment_to_polygon(seg((2.5, 3.0), (3.0, 5.0)), &u);
        assert_eq!(s.distance, 0.5);
        assert_eq!(s.edge_point, p(2.5, 3.0));
        assert_eq!(s.obstacle_point, p(2.0, 3.0));
    }

    #[test]
    fn pentagram_centre_is_outside() {
        let star = poly(&pentagram());
        // The inner pentagon's vertices are at radius 10 cos(72°)/cos(36°)
        // = 3.8197; its sides are at the inradius 10 cos(72°) = 3.0902. A
        // short edge around the centre is outside and 3.09 - 0.5 away.
        let s = segment_to_polygon(seg((-0.5, 0.0), (0.5, 0.0)), &star);
        let inradius = 10.0 * (2.0 * std::f64::consts::PI / 5.0).cos();
        assert!(s.distance > 0.0);
        // The nearest boundary lines are the sides at angles 270°±72°, the
        // closest point of the edge to them is an endpoint.
        let expected = {
            let n = (-std::f64::consts::FRAC_PI_2 + 2.0 * std::f64::consts::PI / 5.0).cos();
            let m = (-std::f64::consts::FRAC_PI_2 + 2.0 * std::f64::consts::PI / 5.0).sin();
            // Side line: x n + y m = inradius; from (0.5, 0): inradius - 0.5 n.
            inradius - 0.5 * n.abs() - 0.0 * m
        };
        assert!((s.distance - expected).abs() < 1e-12, "{s:?} vs {expected}");
    }

    #[test]
    fn bow_tie_notch() {
        let b = poly(&[(0.0, 0.0), (4.0, 4.0), (4.0, 0.0), (0.0, 4.0)]);
        // (2,3.5) is above the crossing, outside; 1.5/sqrt(2) from both
        // diagonals... the nearest boundary: the diagonals at distance
        // |3.5 - 2| / sqrt(2) = 1.0607, top is open (no top edge).
        let s = segment_to_polygon(seg((2.0, 3.5), (2.0, 3.5)), &b);
        assert!((s.distance - 1.5 / 2f64.sqrt()).abs() < 1e-15);
    }
}
