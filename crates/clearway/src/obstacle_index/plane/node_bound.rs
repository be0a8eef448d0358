//! A lower bound on the distance from a segment to an axis-aligned box.
//!
//! This is what lets the search prune R-tree nodes by their distance to the
//! edge *segment*, rather than by a box drawn around the whole edge: a long
//! diagonal edge's box covers far more of the map than the edge does.

use crate::geometry::{Point, Segment};
pub(crate) use crate::obstacle_index::quick_bounds::box_box_distance_2;
use crate::obstacle_index::quick_bounds::{point_box_distance_2, point_segment_2};

/// The squared distance from `segment` to the closed box `[lower, upper]`.
///
/// 0 when they meet. Otherwise the two convex shapes are disjoint and their
/// closest pair involves a vertex of one of them: a segment end point against
/// the box, or a box corner against the segment.
pub(crate) fn segment_box_distance_2(segment: Segment, lower: Point, upper: Point) -> f64 {
    if segment_meets_box(segment, lower, upper) {
        return 0.0;
    }
    let ends = [segment.a, segment.b]
        .into_iter()
        .map(|p| point_box_distance_2(p, lower, upper));
    let corners = [
        lower,
        Point::new(upper.x, lower.y),
        upper,
        Point::new(lower.x, upper.y),
    ]
    .into_iter()
    .map(|c| point_segment_2(c, segment));
    ends.chain(corners).fold(f64::INFINITY, f64::min)
}

/// Whether the segment meets the box: Liang-Barsky clipping against the two
/// slabs. Rounding can only err near a box corner, where the corner-to-segment
/// distance is then itself within rounding of 0, so the bound stays sound.
fn segment_meets_box(segment: Segment, lower: Point, upper: Point) -> bool {
    let d = segment.b - segment.a;
    let mut t_enter = 0.0_f64;
    let mut t_exit = 1.0_f64;
    for (start, delta, lo, hi) in [
        (segment.a.x, d.x, lower.x, upper.x),
        (segment.a.y, d.y, lower.y, upper.y),
    ] {
        if delta == 0.0 {
            if start < lo || start > hi {
                return false;
            }
            continue;
        }
        let t_lo = (lo - start) / delta;
        let t_hi = (hi - start) / delta;
        let (near, far) = if t_lo <= t_hi {
            (t_lo, t_hi)
        } else {
            (t_hi, t_lo)
        };
        t_enter = t_enter.max(near);
        t_exit = t_exit.min(far);
        if t_enter > t_exit {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg(ax: f64, ay: f64, bx: f64, by: f64) -> Segment {
        Segment::new(Point::new(ax, ay), Point::new(bx, by))
    }

    const LOWER: Point = Point::new(0.0, 0.0);
    const UPPER: Point = Point::new(2.0, 1.0);

    #[test]
    fn crossing_segment_is_at_zero() {
        assert_eq!(
            segment_box_distance_2(seg(-1.0, 0.5, 3.0, 0.5), LOWER, UPPER),
            0.0
        );
        // Wholly inside.
        assert_eq!(
            segment_box_distance_2(seg(0.5, 0.5, 1.0, 0.6), LOWER, UPPER),
            0.0
        );
        // Touching a corner: the line y = x - 2 passes through (2, 0).
        assert_eq!(
            segment_box_distance_2(seg(1.0, -1.0, 3.0, 1.0), LOWER, UPPER),
            0.0
        );
    }

    #[test]
    fn end_point_nearest() {
        // (3, 0.5) is 1 to the right of the box; the segment runs away from it.
        assert_eq!(
            segment_box_distance_2(seg(3.0, 0.5, 9.0, 0.5), LOWER, UPPER),
            1.0
        );
    }

    #[test]
    fn corner_nearest_to_a_diagonal() {
        // The segment x + y = 5 from (5,0) to (0,5): the corner (2,1) is at
        // |2 + 1 - 5| / sqrt(2) = 2 / sqrt(2), squared: 2.
        let d2 = segment_box_distance_2(seg(5.0, 0.0, 0.0, 5.0), LOWER, UPPER);
        assert!((d2 - 2.0).abs() < 1e-12, "{d2}");
    }

    #[test]
    fn long_diagonal_is_far_from_a_box_inside_its_bounding_box() {
        // The box around (0,0)-(100,100) contains (90, 10), but the segment
        // passes 80/sqrt(2) from it: this is what a bounding-box query misses.
        let d2 = segment_box_distance_2(
            seg(0.0, 0.0, 100.0, 100.0),
            Point::new(90.0, 10.0),
            Point::new(90.0, 10.0),
        );
        assert!((d2 - 3200.0).abs() < 1e-9, "{d2}");
    }

    #[test]
    fn box_box_is_the_gap_between_boxes() {
        // [0,2]x[0,1] and [5,7]x[5,6]: gaps 3 in x and 4 in y, squared 25.
        let (lo, hi) = (Point::new(5.0, 5.0), Point::new(7.0, 6.0));
        assert_eq!(box_box_distance_2(LOWER, UPPER, lo, hi), 25.0);
        assert_eq!(box_box_distance_2(lo, hi, LOWER, UPPER), 25.0);
        // Overlapping in x only: the y gap alone, 4 - 1 = 3, squared 9.
        let (lo, hi) = (Point::new(1.0, 4.0), Point::new(3.0, 4.0));
        assert_eq!(box_box_distance_2(LOWER, UPPER, lo, hi), 9.0);
        // Overlapping boxes are at 0.
        assert_eq!(box_box_distance_2(LOWER, UPPER, LOWER, UPPER), 0.0);
    }

    #[test]
    fn box_box_never_exceeds_segment_box() {
        // The diagonal's box contains (90, 10): the box bound is 0, the
        // segment bound 3200 (see above).
        let (a, b) = (Point::new(0.0, 0.0), Point::new(100.0, 100.0));
        let p = Point::new(90.0, 10.0);
        assert_eq!(box_box_distance_2(a, b, p, p), 0.0);
        // On seeded random segments and boxes, the box bound is never the
        // tighter one (beyond the last bits the search's slack allows).
        let mut rng = clearway_synth::SplitMix64::new(0x2545_f491_4f6c_dd1d_u64);
        let mut coordinate = move || (rng.next_f64() - 0.5) * 200.0;
        for _ in 0..10_000 {
            let (a, b) = (
                Point::new(coordinate(), coordinate()),
                Point::new(coordinate(), coordinate()),
            );
            let (p, q) = (
                Point::new(coordinate(), coordinate()),
                Point::new(coordinate(), coordinate()),
            );
            let (lo, hi) = (
                Point::new(p.x.min(q.x), p.y.min(q.y)),
                Point::new(p.x.max(q.x), p.y.max(q.y)),
            );
            let segment = segment_box_distance_2(Segment::new(a, b), lo, hi);
            let boxes = box_box_distance_2(
                Point::new(a.x.min(b.x), a.y.min(b.y)),
                Point::new(a.x.max(b.x), a.y.max(b.y)),
                lo,
                hi,
            );
            assert!(boxes <= segment * (1.0 + 1e-12), "{boxes} > {segment}");
        }
    }

    #[test]
    fn zero_length_segment_is_a_point() {
        assert_eq!(
            segment_box_distance_2(seg(1.0, 3.0, 1.0, 3.0), LOWER, UPPER),
            4.0
        );
        assert_eq!(
            segment_box_distance_2(seg(1.0, 0.5, 1.0, 0.5), LOWER, UPPER),
            0.0
        );
    }
}
