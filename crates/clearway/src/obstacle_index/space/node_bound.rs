//! The 3D twin of `plane/node_bound.rs`: the bound the 3D search prunes
//! tree nodes with (the point and box ones are shared, `quick_bounds.rs`).
//!
//! The bound that matters is [`segment_box_distance_2`]: the distance from
//! the edge *segment* to a box, not from a box grown around the edge. A long
//! diagonal edge's box covers a great deal of a 3D level that the edge
//! itself does not come near (in 3D even more than in 2D: the edge's box
//! grows on three axes), and every tree node in it would be opened.

use crate::geometry::{Point3, Segment};
use crate::obstacle_index::quick_bounds::point_box_distance_2;
pub(crate) use crate::obstacle_index::quick_bounds::{box_box_distance_2, point_segment_2};

/// The squared distance from `segment` to the closed box `[lower, upper]`.
///
/// Along the segment, a = s.a + t (s.b - s.a), the squared distance to the
/// box is a sum over the axes of the squared overshoot beyond the box's
/// slab, each term 0 inside the slab and a quadratic in t outside it. So
/// between the (at most six) values of t where the segment crosses a slab
/// face, the distance is one quadratic, minimised in closed form; the least
/// of those minima is the distance. An interval inside every slab means the
/// segment meets the box: 0, exactly. In 3D the closest pair may join the
/// inside of the segment to the inside of a box edge, which a vertex-only
/// rule (enough in 2D) would miss.
pub(crate) fn segment_box_distance_2(
    segment: Segment<Point3>,
    lower: Point3,
    upper: Point3,
) -> f64 {
    let a = [segment.a.x, segment.a.y, segment.a.z];
    let b = [segment.b.x, segment.b.y, segment.b.z];
    let lo = [lower.x, lower.y, lower.z];
    let hi = [upper.x, upper.y, upper.z];
    let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let mut cuts = [0.0f64; 8];
    cuts[1] = 1.0;
    let mut n = 2;
    for axis in 0..3 {
        if d[axis] != 0.0 {
            for face in [lo[axis], hi[axis]] {
                let t = (face - a[axis]) / d[axis];
                if t > 0.0 && t < 1.0 {
                    cuts[n] = t;
                    n += 1;
                }
            }
        }
    }
    let cuts = &mut cuts[..n];
    cuts.sort_unstable_by(f64::total_cmp);
    let at = |t: f64| Point3::new(a[0] + d[0] * t, a[1] + d[1] * t, a[2] + d[2] * t);
    let mut best = f64::INFINITY;
    for pair in cuts.windows(2) {
        let (t0, t1) = (pair[0], pair[1]);
        let middle = 0.5 * (t0 + t1);
        // The quadratic on this interval: the axes outside their slab, each
        // measured from the face it is beyond.
        let (mut qa, mut qb) = (0.0, 0.0);
        let mut outside = false;
        for axis in 0..3 {
            let c = a[axis] + d[axis] * middle;
            let face = if c < lo[axis] {
                lo[axis]
            } else if c > hi[axis] {
                hi[axis]
            } else {
                continue;
            };
            outside = true;
            let e = a[axis] - face;
            qa += d[axis] * d[axis];
            qb += d[axis] * e;
        }
        if !outside {
            return 0.0;
        }
        let t = if qa > 0.0 {
            (-qb / qa).clamp(t0, t1)
        } else {
            t0
        };
        best = best.min(point_box_distance_2(at(t), lower, upper));
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg(a: (f64, f64, f64), b: (f64, f64, f64)) -> Segment<Point3> {
        Segment::new(a.into(), b.into())
    }

    const LOWER: Point3 = Point3::new(0.0, 0.0, 0.0);
    const UPPER: Point3 = Point3::new(2.0, 1.0, 1.0);

    #[test]
    fn crossing_inside_and_touching_are_at_zero() {
        assert_eq!(
            segment_box_distance_2(seg((-1.0, 0.5, 0.5), (3.0, 0.5, 0.5)), LOWER, UPPER),
            0.0
        );
        assert_eq!(
            segment_box_distance_2(seg((0.5, 0.5, 0.5), (1.0, 0.6, 0.7)), LOWER, UPPER),
            0.0
        );
        // Through the corner (2, 1, 1) only.
        assert_eq!(
            segment_box_distance_2(seg((1.0, 2.0, 2.0), (3.0, 0.0, 0.0)), LOWER, UPPER),
            0.0
        );
        // A point on a face.
        assert_eq!(
            segment_box_distance_2(seg((2.0, 0.5, 0.5), (2.0, 0.5, 0.5)), LOWER, UPPER),
            0.0
        );
    }

    #[test]
    fn skew_to_a_box_edge_is_closest_inside_both() {
        // The box edge x = 2, y = 1, z in [0, 1]; the segment runs along
        // the line x + y = 5 at z = 0.5, from (5, 0, 0.5) to (0, 5, 0.5).
        // Closest to the edge at (2, 1): |2 + 1 - 5| / sqrt(2), squared 2;
        // both closest points are inside their pieces (z = 0.5 on the box
        // edge).
        let d2 = segment_box_distance_2(seg((5.0, 0.0, 0.5), (0.0, 5.0, 0.5)), LOWER, UPPER);
        assert!((d2 - 2.0).abs() < 1e-12, "{d2}");
        // Tilted out of the plane: from (5, 0, -1) to (0, 5, 2) passes the
        // box edge at (3, 2, 0.2), t = 0.4, where the common perpendicular
        // (1, 1, 0) / sqrt(2) meets the edge at (2, 1, 0.2): both interior
        // points, squared distance 2 again.
        let s = seg((5.0, 0.0, -1.0), (0.0, 5.0, 2.0));
        let d2 = segment_box_distance_2(s, LOWER, UPPER);
        assert!((d2 - 2.0).abs() < 1e-12, "{d2}");
        let sampled = (0..=100_000)
            .map(|i| {
                let t = f64::from(i) / 100_000.0;
                point_box_distance_2(s.a + (s.b - s.a) * t, LOWER, UPPER)
            })
            .fold(f64::INFINITY, f64::min);
        assert!(d2 <= sampled && sampled - d2 < 1e-6, "{d2} vs {sampled}");
        // Every end point and box corner is farther (the nearest corner,
        // (2, 1, 0), by about 2.034): a vertex-only rule would overstate.
        let corners = (0..8).map(|k| {
            Point3::new(
                if k & 1 == 0 { 0.0 } else { 2.0 },
                if k & 2 == 0 { 0.0 } else { 1.0 },
                if k & 4 == 0 { 0.0 } else { 1.0 },
            )
        });
        let vertex_only = corners
            .map(|c| point_segment_2(c, s))
            .chain([s.a, s.b].map(|p| point_box_distance_2(p, LOWER, UPPER)))
            .fold(f64::INFINITY, f64::min);
        assert!(vertex_only > d2 + 0.02, "{vertex_only} vs {d2}");
    }

    #[test]
    fn never_above_sampling_and_box_box_never_above_it() {
        let mut rng = clearway_synth::SplitMix64::new(0x2545_f491_4f6c_dd1d_u64);
        let mut coordinate = move || (rng.next_f64() - 0.5) * 20.0;
        for _ in 0..300 {
            let s = Segment::new(
                Point3::new(coordinate(), coordinate(), coordinate()),
                Point3::new(coordinate(), coordinate(), coordinate()),
            );
            let (p, q) = (
                Point3::new(coordinate(), coordinate(), coordinate()),
                Point3::new(coordinate(), coordinate(), coordinate()),
            );
            let lo = Point3::new(p.x.min(q.x), p.y.min(q.y), p.z.min(q.z));
            let hi = Point3::new(p.x.max(q.x), p.y.max(q.y), p.z.max(q.z));
            let d2 = segment_box_distance_2(s, lo, hi);
            let sampled = (0..=2000)
                .map(|i| point_box_distance_2(s.a + (s.b - s.a) * (f64::from(i) / 2000.0), lo, hi))
                .fold(f64::INFINITY, f64::min);
            assert!(d2 <= sampled * (1.0 + 1e-12) + 1e-300, "{d2} > {sampled}");
            assert!(
                sampled - d2 < 0.05 * (1.0 + sampled),
                "{d2} far below {sampled}"
            );
            let boxes = box_box_distance_2(
                Point3::new(s.a.x.min(s.b.x), s.a.y.min(s.b.y), s.a.z.min(s.b.z)),
                Point3::new(s.a.x.max(s.b.x), s.a.y.max(s.b.y), s.a.z.max(s.b.z)),
                lo,
                hi,
            );
            assert!(boxes <= d2 * (1.0 + 1e-12), "{boxes} > {d2}");
        }
    }

    #[test]
    fn point_cases() {
        let s = seg((0.0, 0.0, 0.0), (4.0, 0.0, 0.0));
        assert_eq!(point_segment_2(Point3::new(2.0, 3.0, 4.0), s), 25.0);
        assert_eq!(point_segment_2(Point3::new(-3.0, 0.0, 4.0), s), 25.0);
        let p = seg((1.0, 1.0, 1.0), (1.0, 1.0, 1.0));
        assert_eq!(point_segment_2(Point3::new(1.0, 1.0, 3.0), p), 4.0);
        assert_eq!(
            point_box_distance_2(Point3::new(3.0, 2.0, 1.0), LOWER, UPPER),
            2.0
        );
    }
}
