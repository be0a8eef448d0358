//! A proven lower bound on the distance from a segment to one edge of an
//! axis-aligned box, in plain `f64`: what lets `segment_to_box` skip the
//! exact measure of box edges that cannot win.
//!
//! The box edge runs along axis `i` over `[lo_i, hi_i]` at the fixed
//! coordinates `c_j`, `c_l` on the other two axes `j`, `l`. For the closest
//! pair `x` (on the segment) and `y` (on the box edge):
//!
//! * `|x_i - y_i| >= g_i`, the gap between the segment's range on axis `i`
//!   and `[lo_i, hi_i]`;
//! * the `(j, l)` part of `x - y` is at least the distance from `(c_j, c_l)`
//!   to the segment's projection on the `jl` plane, which is at least both
//!   the distance to the projected *line* (`p`) and the gaps `g_j`, `g_l` of
//!   `c_j`, `c_l` to the segment's ranges on those axes.
//!
//! So `dist^2 >= g_i^2 + max(p^2, g_j^2 + g_l^2)`.
//!
//! Rounding (u = 2^-53, no underflow or overflow; the bound is 0 when a
//! product might underflow, when it is below 1e-150 (its squares might be
//! subnormal) or when anything is not finite):
//!
//! * a gap is one rounded subtraction of an exact positive difference, so
//!   the exact gap is at least `g (1 - u)`;
//! * `p` is computed relative to the local origin `a` (the segment's first
//!   end, projected): `d = b - a`, `w = c - a`, each component one rounded
//!   difference (relative error <= u). The cross product `d × w` of those,
//!   rounded, is within `4.1 u |d| |w|` of the exact one, and `|d|` within
//!   `3 u` relative, so the exact `p` is at least
//!   `p~ (1 - 5 u) - 5 u (|w_x| + |w_y|)`; we take `1e-15` for `5 u`
//!   (5.6e-16) to cover the rounding of the bound itself. The error is
//!   relative to the *local* size `|w|`, not to the coordinates, so a level
//!   at 1e7 loses nothing;
//! * the sum of squares and the square root then lose at most `4 u`
//!   relative, which [`SLACK`] covers with room to spare.

use crate::geometry::Point3;

/// Relative slack applied to the bound before it may rule a box edge out:
/// covers the bound's own rounding (a few u) and that of the exact kernel's
/// rounded result (it is within about 16 u of the exact distance), with
/// four orders of magnitude to spare.
pub(crate) const SLACK: f64 = 1e-12;

/// A lower bound, within [`SLACK`] relative, on the distance from the
/// segment `a`-`b` to the box edge along axis `i` over `[lo_i, hi_i]` whose
/// other two coordinates are those of `corner`.
#[inline]
pub(crate) fn box_edge_lower_bound(
    a: Point3,
    b: Point3,
    i: usize,
    corner: Point3,
    lo_i: f64,
    hi_i: f64,
) -> f64 {
    let (j, l) = ((i + 1) % 3, (i + 2) % 3);
    let gap = |x: f64, y: f64, lo: f64, hi: f64| {
        let (min, max) = (x.min(y), x.max(y));
        if max < lo {
            lo - max
        } else if min > hi {
            min - hi
        } else {
            0.0
        }
    };
    let (cj, cl) = (corner.nth(j), corner.nth(l));
    let gi = gap(a.nth(i), b.nth(i), lo_i, hi_i);
    let gj = gap(a.nth(j), b.nth(j), cj, cj);
    let gl = gap(a.nth(l), b.nth(l), cl, cl);
    let (dx, dy) = (b.nth(j) - a.nth(j), b.nth(l) - a.nth(l));
    let (wx, wy) = (cj - a.nth(j), cl - a.nth(l));
    let d_norm = (dx * dx + dy * dy).sqrt();
    let w_sum = wx.abs() + wy.abs();
    let mut p = 0.0;
    if d_norm * w_sum > 1e-200 {
        let cross = dx * wy - dy * wx;
        p = (cross.abs() / d_norm) * (1.0 - 1e-15) - 1e-15 * w_sum;
    }
    let side_2 = (gj * gj + gl * gl).max(if p > 0.0 { p * p } else { 0.0 });
    let bound = (gi * gi + side_2).sqrt();
    // Below 1e-150 the squares may be subnormal and lose their relative
    // precision: no bound then.
    if bound.is_finite() && bound > 1e-150 {
        bound
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::super::segment_segment::segment_to_segment;
    use super::*;
    use crate::geometry::Segment;
    use crate::geometry::space::shorthand::p;

    #[test]
    fn by_hand() {
        // The box edge along z at (x, y) = (1, 1) over [0, 1]; the segment
        // along the line x + y = 3 at z = 5: the projected line is
        // |1 + 1 - 3| / sqrt(2) from (1, 1), and the z gap is 4.
        let b = box_edge_lower_bound(
            p(3.0, 0.0, 5.0),
            p(0.0, 3.0, 5.0),
            2,
            p(1.0, 1.0, 0.0),
            0.0,
            1.0,
        );
        let exact = (16.0 + 0.5_f64).sqrt();
        assert!(b <= exact && exact - b < 1e-12, "{b} vs {exact}");
        // Parallel to the box edge: the projection is a point, the gaps
        // give the distance (3, 4 -> 5).
        let b = box_edge_lower_bound(
            p(4.0, 5.0, 0.0),
            p(4.0, 5.0, 9.0),
            2,
            p(1.0, 1.0, 0.0),
            0.0,
            1.0,
        );
        assert!(b <= 5.0 && 5.0 - b < 1e-12, "{b}");
    }

    #[test]
    fn never_above_the_exact_kernel_far_from_the_origin() {
        let mut rng = clearway_synth::SplitMix64::new(0x9e37_79b9_7f4a_7c15_u64);
        let mut unit = move || rng.next_f64();
        for offset in [0.0, 1e6, 1e7, -1e7 - 0.5] {
            for n in 0..2000 {
                let mut q = || {
                    p(
                        offset + 8.0 * unit(),
                        offset + 8.0 * unit(),
                        offset + 8.0 * unit(),
                    )
                };
                let (a, mut b, c) = (q(), q(), q());
                let i = n % 3;
                if n % 5 == 0 {
                    // Parallel to the box edge, or a few ulps off it.
                    let mut shifted = [a.x, a.y, a.z];
                    shifted[i] = b.nth(i);
                    b = Point3::new(shifted[0], shifted[1], shifted[2]);
                }
                let (lo, hi) = (c.nth(i), c.nth(i) + 4.0 * unit());
                let mut far = [c.x, c.y, c.z];
                far[i] = hi;
                let box_edge = Segment::new(c, Point3::new(far[0], far[1], far[2]));
                let bound = box_edge_lower_bound(a, b, i, c, lo, hi);
                let exact = segment_to_segment(Segment::new(a, b), box_edge).distance;
                assert!(
                    bound * (1.0 - SLACK) <= exact,
                    "{bound} > {exact} at offset {offset}"
                );
                // Parallel to the box edge, the bound is the distance (the
                // gaps are the closest pair's offsets): it prunes.
                if n % 5 == 0 {
                    assert!((exact - bound).abs() <= 1e-9 * exact, "{bound} vs {exact}");
                }
            }
        }
    }
}
