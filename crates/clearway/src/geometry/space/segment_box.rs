//! Segment to solid axis-aligned box.

use super::box_edge_bound::{SLACK, box_edge_lower_bound};
use super::point_segment::TINIEST;
use super::precise::clamp_to_box;
use super::segment_segment::disjoint_segments;
use crate::geometry::orientation::{Orientation, orientation};
use crate::geometry::{AxisBox, Point, Point3, Segment, Separation};

/// The separation between an edge and a solid axis-aligned box.
///
/// Meeting is decided exactly by separating axes: the edge misses the box
/// exactly when, on some axis, its coordinate range lies outside the box's,
/// or, in some coordinate plane (yz, zx, xy), all four corners of the box's
/// rectangle lie strictly on one side of the edge's projected line (exact
/// `orientation`). Then the distance is 0 and both witness points
/// are `edge.a` if it is in the box, else `edge.b` if it is, else the point
/// where the edge enters the box (clipped slab by slab, rounded, clamped
/// into the box and the edge's bounding box).
///
/// Otherwise the distance is the least of: `edge.a` to the box (its clamp
/// into the box), `edge.b` to the box, then the edge to each of the twelve
/// box edges, numbered by corner `k` (bit 0: x at max, bit 1: y, bit 2: z)
/// ascending and then axis `i` ascending, for the box edge from corner `k`
/// to corner `k | 1 << i` when bit `i` of `k` is clear. The first strictly
/// least wins, with its witness points. (A disjoint segment's closest point
/// to a box is at an endpoint or on a box edge.)
///
/// ```
/// use clearway::geometry::{AxisBox, Point3, Segment, space::segment_to_box};
/// let p = Point3::new;
/// let crate_ = AxisBox { min: p(1.0, 1.0, 0.0), max: p(3.0, 3.0, 2.0) };
/// // An edge at height 5 over the crate, along x at y = 2: its end (0,2,5)
/// // clamps to (1,2,2), |(-1,0,3)| = sqrt(10); but the box edge at the top
/// // from (1,1,2) to (1,3,2) meets the edge's plumb line: the pair
/// // (1,2,5)-(1,2,2) is 3 apart, and so is the whole top face.
/// let s = segment_to_box(Segment::new(p(0.0, 2.0, 5.0), p(4.0, 2.0, 5.0)), crate_);
/// assert_eq!(s.distance, 3.0);
/// assert_eq!(s.edge_point, p(1.0, 2.0, 5.0));
/// assert_eq!(s.obstacle_point, p(1.0, 2.0, 2.0));
/// // Through the crate: it enters at x = 1.
/// let s = segment_to_box(Segment::new(p(0.0, 2.0, 1.0), p(4.0, 2.0, 1.0)), crate_);
/// assert_eq!(s.distance, 0.0);
/// assert_eq!(s.edge_point, p(1.0, 2.0, 1.0));
/// ```
pub fn segment_to_box(edge: Segment<Point3>, axis_box: AxisBox) -> Separation<Point3> {
    let (lo, hi) = (axis_box.min, axis_box.max);
    if meets(edge, lo, hi) {
        let x = [edge.a, edge.b]
            .into_iter()
            .find(|&q| clamp(q, lo, hi) == q)
            .unwrap_or_else(|| entry_point(edge, lo, hi));
        return Separation {
            distance: 0.0,
            edge_point: x,
            obstacle_point: x,
        };
    }
    // Candidates are numbered as the doc says (the two ends 0 and 1, then
    // the box edges 2..14 in order); the least distance wins, the lowest
    // number on a tie: the first strictly least, whatever order they are
    // measured in.
    let mut best: Option<(Separation<Point3>, usize)> = None;
    fn consider(best: &mut Option<(Separation<Point3>, usize)>, s: Separation<Point3>, n: usize) {
        if best.is_none_or(|(b, m)| s.distance < b.distance || (s.distance == b.distance && n < m))
        {
            *best = Some((s, n));
        }
    }
    for (n, q) in [edge.a, edge.b].into_iter().enumerate() {
        consider(&mut best, end_to_box(q, lo, hi), n);
    }
    let corner = |k: usize| box_corner(lo, hi, k);
    // The box edges nearest first by a proven lower bound (see
    // `box_edge_bound.rs`); one whose bound, less its slack, is above the
    // best exact distance so far cannot win or tie, and neither can any
    // after it: its exact measure is skipped.
    let mut box_edges = [(0.0_f64, 0_usize, 0_usize, 0_usize); 12];
    let mut n = 0;
    for k in 0..8 {
        for i in 0..3 {
            if k & (1 << i) == 0 {
                let bound =
                    box_edge_lower_bound(edge.a, edge.b, i, corner(k), lo.nth(i), hi.nth(i));
                box_edges[n] = (bound * (1.0 - SLACK), n + 2, k, i);
                n += 1;
            }
        }
    }
    box_edges.sort_unstable_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
    for (bound, n, k, i) in box_edges {
        if best.is_some_and(|(b, _)| bound > b.distance) {
            break;
        }
        consider(
            &mut best,
            disjoint_segments(edge, Segment::new(corner(k), corner(k | 1 << i))),
            n,
        );
    }
    let best = best.map(|(b, _)| b);
    let mut best = best.unwrap_or(Separation {
        distance: 0.0,
        edge_point: edge.a,
        obstacle_point: lo,
    });
    best.distance = best.distance.max(TINIEST);
    best
}

fn clamp(q: Point3, lo: Point3, hi: Point3) -> Point3 {
    Point3::new(
        q.x.clamp(lo.x, hi.x),
        q.y.clamp(lo.y, hi.y),
        q.z.clamp(lo.z, hi.z),
    )
}

/// Whether the closed segment meets the closed box (exact, separating axes).
fn meets(edge: Segment<Point3>, lo: Point3, hi: Point3) -> bool {
    for i in 0..3 {
        let (a, b) = (edge.a.nth(i), edge.b.nth(i));
        if a.max(b) < lo.nth(i) || a.min(b) > hi.nth(i) {
            return false;
        }
    }
    for (i, j) in [(1, 2), (2, 0), (0, 1)] {
        let (a, b) = (
            Point::new(edge.a.nth(i), edge.a.nth(j)),
            Point::new(edge.b.nth(i), edge.b.nth(j)),
        );
        let sides = [
            (lo.nth(i), lo.nth(j)),
            (hi.nth(i), lo.nth(j)),
            (lo.nth(i), hi.nth(j)),
            (hi.nth(i), hi.nth(j)),
        ]
        .map(|c| orientation(a, b, Point::from(c)));
        for one_side in [Orientation::Clockwise, Orientation::CounterClockwise] {
            if sides.iter().all(|&o| o == one_side) {
                return false;
            }
        }
    }
    true
}

/// The point where a segment that meets the box (both ends outside) enters
/// it: the largest slab entry parameter.
fn entry_point(edge: Segment<Point3>, lo: Point3, hi: Point3) -> Point3 {
    let d = edge.b - edge.a;
    let mut t_enter = 0.0_f64;
    for i in 0..3 {
        let di = d.nth(i);
        if di != 0.0 {
            let (e, x) = (
                (lo.nth(i) - edge.a.nth(i)) / di,
                (hi.nth(i) - edge.a.nth(i)) / di,
            );
            t_enter = t_enter.max(e.min(x));
        }
    }
    let t = t_enter.clamp(0.0, 1.0);
    let x = clamp_to_box(edge.a + d * t, edge.a, edge.b);
    clamp(x, lo, hi)
}

/// An end `q` of the edge against the box from `lo` to `hi`: its distance to
/// the nearest point of the box, `q` clamped into it.
fn end_to_box(q: Point3, lo: Point3, hi: Point3) -> Separation<Point3> {
    let c = clamp(q, lo, hi);
    Separation {
        distance: q.distance_to(c),
        edge_point: q,
        obstacle_point: c,
    }
}

/// Corner `k` (0 to 7) of the box from `lo` to `hi`: bit 0 picks `hi.x`
/// over `lo.x`, bit 1 `hi.y`, bit 2 `hi.z`, so that corners `k` and
/// `k | 1 << i` share the box edge along axis `i`.
pub(crate) fn box_corner(lo: Point3, hi: Point3, k: usize) -> Point3 {
    Point3::new(
        if k & 1 == 0 { lo.x } else { hi.x },
        if k & 2 == 0 { lo.y } else { hi.y },
        if k & 4 == 0 { lo.z } else { hi.z },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::space::shorthand::{p, seg};

    fn unit() -> AxisBox {
        AxisBox {
            min: p(0.0, 0.0, 0.0),
            max: p(1.0, 1.0, 1.0),
        }
    }

    #[test]
    fn inside_touching_and_corner_misses() {
        let s = segment_to_box(seg((0.5, 0.5, 0.5), (9.0, 9.0, 9.0)), unit());
        assert_eq!((s.distance, s.edge_point), (0.0, p(0.5, 0.5, 0.5)));
        // Grazing the top face.
        let s = segment_to_box(seg((-1.0, 0.5, 1.0), (2.0, 0.5, 1.0)), unit());
        assert_eq!((s.distance, s.edge_point), (0.0, p(0.0, 0.5, 1.0)));
        // The diagonal x + y = 2.5 at z = 0.5 in the xy plane misses the
        // corner (1,1): its distance is (2.5 - 2)/sqrt(2).
        let s = segment_to_box(seg((2.5, 0.0, 0.5), (0.0, 2.5, 0.5)), unit());
        assert!((s.distance - 0.5 / 2f64.sqrt()).abs() < 1e-15, "{s:?}");
        assert_eq!(s.obstacle_point, p(1.0, 1.0, 0.5));
        // x + y = 2 touches the corner edge exactly.
        let s = segment_to_box(seg((2.0, 0.0, 0.5), (0.0, 2.0, 0.5)), unit());
        assert_eq!((s.distance, s.edge_point), (0.0, p(1.0, 1.0, 0.5)));
    }

    /// The loop before the box edges were pruned: all fourteen candidates
    /// measured in order, the first strictly least kept.
    fn unpruned(edge: Segment<Point3>, axis_box: AxisBox) -> Separation<Point3> {
        let (lo, hi) = (axis_box.min, axis_box.max);
        if meets(edge, lo, hi) {
            return segment_to_box(edge, axis_box);
        }
        let mut candidates: Vec<_> = [edge.a, edge.b]
            .into_iter()
            .map(|q| end_to_box(q, lo, hi))
            .collect();
        let corner = |k: usize| box_corner(lo, hi, k);
        for k in 0..8 {
            for i in 0..3 {
                if k & (1 << i) == 0 {
                    candidates.push(disjoint_segments(
                        edge,
                        Segment::new(corner(k), corner(k | 1 << i)),
                    ));
                }
            }
        }
        let mut best = candidates[0];
        for s in candidates {
            if s.distance < best.distance {
                best = s;
            }
        }
        best.distance = best.distance.max(TINIEST);
        best
    }

    #[test]
    fn pruning_box_edges_changes_no_bit() {
        // Random edges and boxes, and edges parallel to the box's faces and
        // edges (where several box edges tie exactly) nudged by a few ulps,
        // at offsets 0, 1e6 and +-1e7: the pruned search gives bit for bit
        // the unpruned one's separation.
        let mut rng = clearway_synth::SplitMix64::new(0x2545_f491_4f6c_dd1d_u64);
        let mut unit = move || rng.next_f64();
        let nudge = |v: f64, k: i64| {
            if k == 0 || v == 0.0 {
                v
            } else {
                f64::from_bits((v.to_bits() as i64 + k) as u64)
            }
        };
        for offset in [0.0, 1e6, 1e7, -1e7 - 0.5] {
            for n in 0..3000 {
                // Small integers make exact ties common; fractions make
                // skew cases.
                let mut c = |grid: bool| {
                    let x = 8.0 * unit() - 2.0;
                    offset + if grid { x.round() } else { x }
                };
                let grid = n % 3 != 0;
                let (c0, c1) = (p(c(grid), c(grid), c(grid)), p(c(grid), c(grid), c(grid)));
                let axis_box = AxisBox {
                    min: p(c0.x.min(c1.x), c0.y.min(c1.y), c0.z.min(c1.z)),
                    max: p(c0.x.max(c1.x), c0.y.max(c1.y), c0.z.max(c1.z)),
                };
                let a = p(c(grid), c(grid), c(grid));
                let mut b = p(c(grid), c(grid), c(grid));
                if n % 4 == 0 {
                    // Parallel to an axis, then a few ulps off it.
                    let axis = n / 4 % 3;
                    let k = (n / 12 % 7) as i64 - 3;
                    let mut coords = [a.x, a.y, a.z];
                    coords[axis] = b.nth(axis);
                    coords[(axis + 1) % 3] = nudge(coords[(axis + 1) % 3], k);
                    b = p(coords[0], coords[1], coords[2]);
                }
                let edge = Segment::new(a, b);
                let (got, want) = (segment_to_box(edge, axis_box), unpruned(edge, axis_box));
                assert_eq!(got, want, "{edge:?} {axis_box:?}");
                assert_eq!(got.distance.to_bits(), want.distance.to_bits());
            }
        }
    }

    #[test]
    fn flat_box_and_point_edge() {
        // A flat box (a rectangle at z = 0) and a node above it.
        let slab = AxisBox {
            min: p(0.0, 0.0, 0.0),
            max: p(4.0, 4.0, 0.0),
        };
        let s = segment_to_box(seg((1.0, 2.0, 3.0), (1.0, 2.0, 3.0)), slab);
        assert_eq!(s.distance, 3.0);
        assert_eq!(s.obstacle_point, p(1.0, 2.0, 0.0));
    }
}
