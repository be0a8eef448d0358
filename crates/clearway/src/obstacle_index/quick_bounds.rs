//! The plain-`f64` squared distances both dimensions prune with, written
//! once over rstar's [`Point`](rstar::Point) (its `nth` coordinates, summed
//! in axis order, so each is the very expression the 2D and the 3D search
//! computed before): point to segment, point to box and box to box.
//!
//! Their error is a few ulps of the coordinates involved, far inside the
//! slack the search allows; the parts they keep are measured exactly.

use rstar::Point;

use crate::geometry::Segment;

/// The sum over the axes of `term(axis)`, in axis order.
#[inline(always)]
fn axes_sum<P: Point<Scalar = f64>>(term: impl Fn(usize) -> f64) -> f64 {
    (1..P::DIMENSIONS).fold(term(0), |sum, i| sum + term(i))
}

/// The squared distance from `p` to `segment` by clamped projection.
#[inline]
pub(crate) fn point_segment_2<P: Point<Scalar = f64>>(p: P, segment: Segment<P>) -> f64 {
    let ab = |i: usize| segment.b.nth(i) - segment.a.nth(i);
    let ap = |i: usize| p.nth(i) - segment.a.nth(i);
    let length_2 = axes_sum::<P>(|i| ab(i) * ab(i));
    let t = if length_2 > 0.0 {
        (axes_sum::<P>(|i| ap(i) * ab(i)) / length_2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    axes_sum::<P>(|i| {
        let d = ap(i) - ab(i) * t;
        d * d
    })
}

/// The squared distance from a point to the closed box `[lower, upper]`.
#[inline]
pub(crate) fn point_box_distance_2<P: Point<Scalar = f64>>(p: P, lower: P, upper: P) -> f64 {
    axes_sum::<P>(|i| {
        let d = (lower.nth(i) - p.nth(i))
            .max(p.nth(i) - upper.nth(i))
            .max(0.0);
        d * d
    })
}

/// The squared distance between the closed boxes `[a_lower, a_upper]` and
/// `[b_lower, b_upper]`. With the first box around a segment, a cheaper and
/// looser lower bound than the segment-to-box one (`plane/node_bound.rs`,
/// `space/node_bound.rs`): the search rules most boxes out with it before
/// paying for that.
#[inline]
pub(crate) fn box_box_distance_2<P: Point<Scalar = f64>>(
    a_lower: P,
    a_upper: P,
    b_lower: P,
    b_upper: P,
) -> f64 {
    axes_sum::<P>(|i| {
        let d = (b_lower.nth(i) - a_upper.nth(i))
            .max(a_lower.nth(i) - b_upper.nth(i))
            .max(0.0);
        d * d
    })
}
