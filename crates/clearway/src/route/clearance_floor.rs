//! An arc's clearance in four bytes: the `f32` at or just below it. The
//! searches compare a radius against this floor, which keeps an arc to 16
//! bytes (four to a cache line), and fall back to the exact `f64` only in
//! the one case the floor cannot decide.
//!
//! Why that is exact: write `c` for the clearance, `lo` for its floor and
//! `rd` for the radius's floor. `lo <= c < next_up(lo)` and
//! `rd <= r < next_up(rd)`. When `lo < rd`, `c < next_up(lo) <= rd <= r`: too
//! tight. When `lo > rd`, `c >= lo >= next_up(rd) > r`: it fits. Only when
//! `lo == rd` do the floors tie, and then `r` itself decides if it is an
//! `f32` (then `rd == r`, so `c >= lo == r`); otherwise the exact clearance
//! must be read. (An infinite `c` or `r` is its own floor, where
//! `next_up(∞) = ∞` breaks the strict bounds above, but then only the tie or
//! the other order can occur, and an infinite `r` is an `f32`.)

/// The largest `f32` not above `x` (`f32::MAX` for finite `x` above the
/// `f32` range, -∞ for finite `x` below it, `x` itself when infinite).
pub(crate) fn floor_f32(x: f64) -> f32 {
    let nearest = x as f32;
    if f64::from(nearest) > x {
        nearest.next_down()
    } else {
        nearest
    }
}

/// Whether a clearance admits one agent radius, decided from the clearance's
/// floor (see the module comment).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RadiusFit {
    radius: f64,
    floor: f32,
    /// Whether `radius` is an `f32`, so that a tie of floors admits.
    radius_is_f32: bool,
}

impl RadiusFit {
    /// The test for `radius` (not NaN).
    pub fn new(radius: f64) -> RadiusFit {
        let floor = floor_f32(radius);
        RadiusFit {
            radius,
            floor,
            radius_is_f32: f64::from(floor) == radius,
        }
    }

    /// Whether the clearance whose floor is `floor` admits the radius;
    /// `exact` gives the clearance itself, read only on a tie of floors.
    #[inline]
    pub fn admits(&self, floor: f32, exact: impl FnOnce() -> f64) -> bool {
        if floor != self.floor {
            floor > self.floor
        } else {
            self.radius_is_f32 || exact() >= self.radius
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_floor_is_the_largest_f32_not_above() {
        // 0.1 is not an f32: its nearest f32 is 0.100000001490116..., above it.
        let lo = floor_f32(0.1);
        assert!(f64::from(lo) < 0.1 && f64::from(lo.next_up()) > 0.1);
        assert_eq!(floor_f32(0.5), 0.5);
        // -0.1's nearest f32, -0.100000001490116..., is already below it.
        assert_eq!(floor_f32(-0.1), -0.1f64 as f32);
        assert_eq!(floor_f32(1e300), f32::MAX);
        assert_eq!(floor_f32(f64::INFINITY), f32::INFINITY);
        assert_eq!(floor_f32(1e-300), 0.0);
        assert_eq!(floor_f32(0.0), 0.0);
    }

    /// Every pair of a radius and a clearance from values on both sides of
    /// f32 boundaries, against the plain comparison.
    #[test]
    fn the_fit_agrees_with_the_exact_comparison() {
        let mut values = vec![0.0, 1e-300, 0.1, 0.5, 0.8, 1.0, 1e300, f64::INFINITY];
        for base in [0.1f64, 0.5, 0.8, 3.0, 1e-30] {
            let f = base as f32;
            for g in [f.next_down(), f, f.next_up()] {
                let g = f64::from(g);
                values.extend([g, g.next_down(), g.next_up(), (g + g.next_up()) / 2.0]);
            }
        }
        let mut exact_reads = 0;
        for &r in &values {
            let fit = RadiusFit::new(r);
            for &c in &values {
                let admits = fit.admits(floor_f32(c), || {
                    exact_reads += 1;
                    c
                });
                assert_eq!(admits, c >= r, "radius {r:e}, clearance {c:e}");
            }
        }
        // The exact value is needed only on ties of floors.
        assert!(exact_reads > 0 && exact_reads < values.len() * values.len() / 4);
    }
}
