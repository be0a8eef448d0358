//! Fast, approximate distances for pruning: plain f64 arithmetic, no exact
//! sums. Their error is a few ulps of the coordinates involved, far inside
//! the slack the search allows, so a part they rule out cannot win; the
//! parts they keep are then measured exactly.

use robust::{Coord, orient2d};

use crate::geometry::{Circle, Point, Segment, on_small_grid};
pub(crate) use crate::obstacle_index::quick_bounds::point_segment_2;

/// The squared distance between two segments: 0 when they meet (decided
/// exactly, so a crossing is never missed), else the nearest end point pair.
pub(crate) fn segment_segment_2(s: Segment, t: Segment) -> f64 {
    if segments_meet(s, t) {
        return 0.0;
    }
    point_segment_2(s.a, t)
        .min(point_segment_2(s.b, t))
        .min(point_segment_2(t.a, s))
        .min(point_segment_2(t.b, s))
}

/// The squared distance from a segment to a disc: (centre distance - r)².
pub(crate) fn segment_circle_2(s: Segment, c: Circle) -> f64 {
    let gap = (point_segment_2(c.center, s).sqrt() - c.radius).max(0.0);
    gap * gap
}

/// Below this, an orientation determinant may be an underflow artefact of
/// absurdly small coordinates: it is read as "collinear", which is safe here.
const UNDERFLOW_GUARD: f64 = 1e-200;

/// Whether two closed segments may share a point, by orientation signs.
/// Collinear or underflowing configurations report a meeting: a lower bound
/// of 0 only sends the part on to the exact kernel.
///
/// On a small common grid (tile levels) the plain `f64` determinants are
/// exact (see `geometry/small_grid.rs`), so the adaptive predicate, which
/// would confirm every exact 0 (a corner on the edge's line) the slow way,
/// is not needed.
fn segments_meet(s: Segment, t: Segment) -> bool {
    let grid = on_small_grid(&[s.a.x, s.a.y, s.b.x, s.b.y, t.a.x, t.a.y, t.b.x, t.b.y]);
    segments_meet_by(s, t, grid)
}

/// [`segments_meet`] with the plain determinants (`grid`, only for
/// coordinates on a small grid) or the adaptive predicate.
fn segments_meet_by(s: Segment, t: Segment, grid: bool) -> bool {
    let side = |a: Point, b: Point, c: Point| {
        if grid {
            (a.x - c.x) * (b.y - c.y) - (a.y - c.y) * (b.x - c.x)
        } else {
            orient2d(
                Coord { x: a.x, y: a.y },
                Coord { x: b.x, y: b.y },
                Coord { x: c.x, y: c.y },
            )
        }
    };
    let (d1, d2) = (side(s.a, s.b, t.a), side(s.a, s.b, t.b));
    let (d3, d4) = (side(t.a, t.b, s.a), side(t.a, t.b, s.b));
    if [d1, d2, d3, d4].iter().any(|d| d.abs() < UNDERFLOW_GUARD) {
        return true;
    }
    (d1 > 0.0) != (d2 > 0.0) && (d3 > 0.0) != (d4 > 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::tile_coordinates;

    proptest::proptest! {
        #![proptest_config(clearway_test_support::proptest_config::seeded_filtered(4096, 17))]

        /// On a small grid, the plain determinants say what the adaptive
        /// predicate says: touching corners, collinear overlaps, crossings.
        #[test]
        fn on_grid_meets_as_the_adaptive_predicate(c in tile_coordinates(8), same in 0usize..6) {
            let mut s = seg(c[0], c[1], c[2], c[3]);
            let mut t = seg(c[4], c[5], c[6], c[7]);
            match same {
                0 => t.a = s.b,                                   // sharing a corner
                1 => t = seg(s.a.x, s.a.y, 2.0 * s.b.x - s.a.x, 2.0 * s.b.y - s.a.y), // collinear
                2 => s.b = Point::new(s.a.x + (s.b.y - s.a.y), s.b.y), // diagonal
                3 => t.b = Point::new(t.b.x, t.a.y),             // horizontal
                _ => {}
            }
            let coords = [s.a.x, s.a.y, s.b.x, s.b.y, t.a.x, t.a.y, t.b.x, t.b.y];
            proptest::prop_assume!(on_small_grid(&coords));
            proptest::prop_assert_eq!(segments_meet_by(s, t, true), segments_meet_by(s, t, false));
        }
    }

    fn seg(ax: f64, ay: f64, bx: f64, by: f64) -> Segment {
        Segment::new(Point::new(ax, ay), Point::new(bx, by))
    }

    #[test]
    fn worked_point_cases() {
        // (3,3) to (1,1)-(5,2): 36/17.
        let d2 = point_segment_2(Point::new(3.0, 3.0), seg(1.0, 1.0, 5.0, 2.0));
        assert!((d2 - 36.0 / 17.0).abs() < 1e-12);
        assert_eq!(
            point_segment_2(Point::new(3.0, -2.0), seg(0.0, 0.0, 5.0, 0.0)),
            4.0
        );
        assert_eq!(
            point_segment_2(Point::new(8.0, 4.0), seg(0.0, 0.0, 5.0, 0.0)),
            25.0
        );
        assert_eq!(
            point_segment_2(Point::new(3.0, 4.0), seg(0.0, 0.0, 0.0, 0.0)),
            25.0
        );
    }

    #[test]
    fn crossing_touching_and_apart() {
        assert_eq!(
            segment_segment_2(seg(0.0, 0.0, 4.0, 4.0), seg(0.0, 4.0, 4.0, 0.0)),
            0.0
        );
        assert_eq!(
            segment_segment_2(seg(0.0, 0.0, 4.0, 0.0), seg(4.0, 0.0, 4.0, 3.0)),
            0.0
        );
        assert_eq!(
            segment_segment_2(seg(0.0, 0.0, 4.0, 0.0), seg(0.0, 2.0, 4.0, 2.0)),
            4.0
        );
        // Long segments crossing far from every end point.
        assert_eq!(
            segment_segment_2(seg(-100.0, -1.0, 100.0, 1.0), seg(0.0, -100.0, 0.5, 100.0)),
            0.0
        );
    }

    #[test]
    fn tiny_coordinates_are_never_ruled_out() {
        // Crossing segments 1e-300 across: the determinants underflow.
        let (s, t) = (seg(0.0, 0.0, 4e-300, 4e-300), seg(0.0, 4e-300, 4e-300, 0.0));
        assert_eq!(segment_segment_2(s, t), 0.0);
    }

    #[test]
    fn circle_gap() {
        let c = Circle {
            center: Point::new(5.0, 3.0),
            radius: 1.0,
        };
        assert_eq!(segment_circle_2(seg(0.0, 0.0, 10.0, 0.0), c), 4.0);
        let c = Circle {
            center: Point::new(5.0, 0.5),
            radius: 1.0,
        };
        assert_eq!(segment_circle_2(seg(0.0, 0.0, 10.0, 0.0), c), 0.0);
    }
}
