//! Plain-`f64` twins of the 3D kernel's accurate products, each with a
//! *proven* bound on its error, so that the kernel pays for exact expansion
//! arithmetic only where `f64` cannot decide.
//!
//! A fast value is used only when its bound shows it is within
//! [`ACCEPT`] (2^-36, about 1.5e-11) relative of the exact value: far
//! inside the kernel's contract of 1e-9, and never 0 (a value whose bound
//! does not exclude 0 is left to the exact path, so meeting shapes are still
//! decided exactly). Otherwise the caller takes its exact path, unchanged.
//!
//! # The error argument
//!
//! `u = 2^-53` is the unit roundoff. Every quantity is computed relative to
//! a local origin (a point of the query), as the exact path does:
//!
//! * **Differences.** A local vector `v' = fl(p - q)` has components
//!   `v_i (1 + d_i)`, `|d_i| <= u`, with `v = p - q` exact; `v'` is 0 only
//!   when `p == q`. (Gradual underflow makes a difference of two `f64`s
//!   exact whenever it is subnormal.)
//! * **Range.** Every fast path first checks that the largest component of
//!   its vectors lies in `[2^-250, 2^250]` ([`in_range`]): then no product
//!   of two components nor any square of a sum of two products overflows
//!   (`(2 * 2^500)^2 < 2^1023`), and the lengths computed below are of
//!   normal numbers; a product that underflows loses at most `2^-1075`
//!   absolutely, which each bound covers by adding [`UNDERFLOW`].
//! * **Dot products.** `fl(x' · y')` for local vectors is three products of
//!   perturbed inputs (each with `(1 + d)^3`) summed with two roundings:
//!   its distance from the exact `x · y` is at most `gamma_5 * S`, where
//!   `S = sum |x_i y_i|` and `gamma_n = n u / (1 - n u)`. The computed
//!   `S' = fl(sum |x'_i y'_i|)` is at least `S (1 - 5u)`, so
//!   `5.01u * S' + UNDERFLOW` bounds the error ([`dot`]).
//! * **Cross products.** Each component `x'_j y'_k - x'_k y'_j` carries
//!   four roundings (two input differences, a product, the subtraction):
//!   its error is at most `gamma_4 (|x_j y_k| + |x_k y_j|)`; summed over the
//!   three components, `E = 4.01u * B' + UNDERFLOW` bounds `|c' - c|_1`,
//!   hence `| |c'| - |c| |`, with `B'` the computed sum of the six
//!   `|products|` (at least `(1 - 8u)` of the exact one) ([`cross`]).
//! * **Dots of bounded vectors.** For `x'`, `y'` within `ex`, `ey` (1-norm)
//!   of `x`, `y`: `|x'·y' - x·y| <= ex |y'|_inf + (|x'|_inf + ex) ey`, plus
//!   the rounding of three products and two sums, `3.01u S'` ([`dot_of`]).
//! * **Lengths.** `fl(sqrt(x^2 + y^2 + z^2))` of a vector in range is its
//!   length within `(1 + u)^3 (1 + u)^(1/2) (1 + u)`: `4u` relative; with
//!   the `u` of the vector's own components, `5u` of the exact local
//!   vector's length ([`norm`]).
//! * **Quotients by an exact length.** `q = fl(fl(|c'|) / L)`, `L = fl(|v'|)
//!   = |v| (1 + p)`, `|p| <= 5u`, for a `|c'| = |c| + e`, `|e| <= E`:
//!   `q = (|c| + e) (1 + a) / (|v| (1 + p))` with `|a| <= 5.01u` (the length
//!   and the division), so with `Q = |c| / |v|`,
//!   `q - Q = Q ((1 + a) / (1 + p) - 1) + (e / L) (1 + a)`, and
//!   `|q - Q| <= 10.02u Q + 1.001 E / L`; as `Q <= q + |q - Q|`, the error
//!   is at most `11u q + 1.01 E / L` ([`point_segment`]).
//! * **Quotients by a bounded length.** `|h'| / L` with `L = fl(|n'|)` and
//!   `n'` within `E_n` of `n`: `|n| = L (1 + p)` with
//!   `|p| <= r = 4u + E_n / L`, so for `r <= 1/4`,
//!   `|q - |h| / |n|| <= (q (r + 1.1u) + E_h / L) / (1 - r)` ([`quotient`]).
//!
//! These bounds are what [`ACCEPT`] is compared against; the tests hold
//! each fast value to its own bound against the exact rational twin.

use crate::geometry::Point3;

/// The relative error bound under which a fast value is used: 2^-36.
pub(crate) const ACCEPT: f64 = pow2(-36);

/// `2^k` for a normal exponent `k`, exactly.
const fn pow2(k: i32) -> f64 {
    f64::from_bits(((1023 + k) as u64) << 52)
}

/// The unit roundoff, `2^-53`.
const U: f64 = f64::EPSILON / 2.0;

/// An absolute term that covers every product's loss to underflow.
const UNDERFLOW: f64 = 8.0 * f64::MIN_POSITIVE;

/// The range of component magnitudes the bounds are proven for.
const LOW: f64 = pow2(-250);
const HIGH: f64 = pow2(250);

/// A value computed in plain `f64` with a bound on its absolute error.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Bounded {
    /// The computed value.
    pub value: f64,
    /// A bound on `|value - exact|`.
    pub error: f64,
}

impl Bounded {
    /// Whether the value is close enough to the exact one to be used: within
    /// [`ACCEPT`] relative, so also certainly not 0.
    #[inline]
    pub(crate) fn accepted(self) -> bool {
        self.error <= ACCEPT * self.value
    }
}

/// Whether the largest component magnitude `m` is within the proven range
/// (also false for NaN and infinities).
#[inline]
pub(crate) fn in_range(m: f64) -> bool {
    (LOW..=HIGH).contains(&m)
}

/// The largest component magnitude of `v`.
#[inline]
pub(crate) fn max_component(v: Point3) -> f64 {
    v.x.abs().max(v.y.abs()).max(v.z.abs())
}

/// `x' · y'` and its error bound against the exact `x · y`, for local
/// vectors in range.
#[inline]
pub(crate) fn dot(x: Point3, y: Point3) -> Bounded {
    let (px, py, pz) = (x.x * y.x, x.y * y.y, x.z * y.z);
    Bounded {
        value: px + py + pz,
        error: 5.01 * U * (px.abs() + py.abs() + pz.abs()) + UNDERFLOW,
    }
}

/// `x' × y'` and a bound on the 1-norm of its error against the exact
/// `x × y`, for local vectors in range.
#[inline]
pub(crate) fn cross(x: Point3, y: Point3) -> (Point3, f64) {
    let products = [
        x.y * y.z,
        x.z * y.y,
        x.z * y.x,
        x.x * y.z,
        x.x * y.y,
        x.y * y.x,
    ];
    let c = Point3::new(
        products[0] - products[1],
        products[2] - products[3],
        products[4] - products[5],
    );
    let b: f64 = products.iter().map(|p| p.abs()).sum();
    (c, 4.01 * U * b + UNDERFLOW)
}

/// The length of `v` by a plain square root, within `4u` relative of the
/// exact length of the `f64` vector `v`; `None` for the zero vector or a
/// largest component outside `[2^-500, 2^500]` (where a square could
/// overflow, or the sum of squares fall below the normal numbers).
#[inline]
pub(crate) fn norm(v: Point3) -> Option<f64> {
    let m = max_component(v);
    (NORM_LOW..=NORM_HIGH)
        .contains(&m)
        .then(|| v.length_2().sqrt())
}

const NORM_LOW: f64 = pow2(-500);
const NORM_HIGH: f64 = pow2(500);

/// The 1-norm of `v`.
#[inline]
fn sum_abs(v: Point3) -> f64 {
    v.x.abs() + v.y.abs() + v.z.abs()
}

/// `x' · y'` for vectors known within `ex` and `ey` (1-norm) of exact ones
/// `x`, `y`, with a bound on its distance from `x · y`:
/// `|x'·y' - x·y| <= |x' - x|_1 |y'|_inf + |x|_inf |y' - y|_1`, with
/// `|x|_inf <= |x'|_inf + ex`, plus the rounding of the three products and
/// two sums, `gamma_3 sum |x'_i y'_i| <= 4u S'`.
#[inline]
fn dot_of(x: Point3, ex: f64, y: Point3, ey: f64) -> Bounded {
    let (px, py, pz) = (x.x * y.x, x.y * y.y, x.z * y.z);
    Bounded {
        value: px + py + pz,
        error: ex * max_component(y)
            + (max_component(x) + ex) * ey
            + 3.01 * U * (px.abs() + py.abs() + pz.abs())
            + UNDERFLOW,
    }
}

/// The 1-norm error bound of a local difference `v'`: `|v'_i - v_i| <=
/// u |v_i| <= 1.01 u |v'_i|`.
#[inline]
fn difference_error(v: Point3) -> f64 {
    1.01 * U * sum_abs(v)
}

/// `|h| / |n|` for a numerator `h` and a vector `n'` known within `E_n`
/// (1-norm) of the exact `n`: with `L = fl(|n'|)` and
/// `r = 4u + E_n / L <= 1/4`, `|n|` lies within `L (1 +- r)`, and
/// `d = fl(|h'| / L)` is within `(d (r + 1.1u) + E_h / L) / (1 - r)` of
/// `|h| / |n|` (the module documentation; the `1.01` covers the rounding of
/// the bound itself). `None` when `r > 1/4` (`n` nearly or exactly 0) or
/// `n'` is out of range.
#[inline]
fn quotient(h: Bounded, n: Point3, n_error: f64) -> Option<(Bounded, f64)> {
    let length = norm(n)?;
    let r = 4.0 * U + n_error / length;
    if r > 0.25 {
        return None;
    }
    let d = h.value.abs() / length;
    Some((
        Bounded {
            value: d,
            error: 1.01 * (d * (r + 1.1 * U) + h.error / length) / (1.0 - r),
        },
        length,
    ))
}

/// The sign of a bounded value when its bound decides it.
#[inline]
fn sign(x: Bounded) -> Option<i32> {
    if x.value > x.error {
        Some(1)
    } else if x.value < -x.error {
        Some(-1)
    } else {
        None
    }
}

/// The face case of segment to triangle, in plain `f64`: whether the foot
/// of `p` on the plane of the triangle `[c0, c1, c2]` falls inside it, and
/// if so the distance `|det[c1 - c0, c2 - c0, p - c0]| / |n|` with its
/// bound and the foot. `None` when the fast path cannot decide (out of
/// range, a degenerate or nearly degenerate normal, an inside test within
/// its bound of 0); `Some(None)` when the foot is certainly outside.
///
/// The inside test is the exact path's: `n · (side × (p - corner)) >= 0`
/// for the three sides, each read from [`cross`] and [`dot_of`] with their
/// bounds; a value decided negative means outside, one decided positive
/// inside, an undecided one (a foot on or within rounding of a side) leaves
/// it to the exact path.
pub(crate) fn triangle_face(
    p: Point3,
    [c0, c1, c2]: [Point3; 3],
) -> Option<Option<(Bounded, Point3)>> {
    let (e1, e2, q) = (c1 - c0, c2 - c0, p - c0);
    let (s1, q1, s2, q2) = (c2 - c1, p - c1, c0 - c2, p - c2);
    let m = [e1, e2, q, s1, q1, s2, q2]
        .into_iter()
        .map(max_component)
        .fold(0.0_f64, f64::max);
    if !in_range(m) {
        return None;
    }
    let (n, n_error) = cross(e1, e2);
    let mut inside = true;
    for (side, to_p) in [(e1, q), (s1, q1), (s2, q2)] {
        let (c, c_error) = cross(side, to_p);
        match sign(dot_of(n, n_error, c, c_error)) {
            Some(1) => {}
            Some(_) => inside = false,
            None => return None,
        }
    }
    if !inside {
        return Some(None);
    }
    let h = dot_of(n, n_error, q, difference_error(q));
    let (d, _) = quotient(h, n, n_error)?;
    let foot = p - n * (h.value / n.length_2());
    Some(Some((d, foot)))
}

/// The closest pair of two skew segments, in plain `f64`, when it is
/// interior to both: the distance `|det[u, v, w]| / |n|` with its bound and
/// the parameters `s` (along `edge`) and `t` (along `wall`), as the exact
/// path computes them (`u`, `v` the directions, `w = edge.a - wall.a`,
/// `n = u × v`, `s = n · (v × w) / |n|^2`, `t = n · (u × w) / |n|^2`).
/// `None` when the fast path cannot decide (out of range, nearly parallel,
/// `s` or `t` within rounding of 0 or 1; parallel segments too, which the
/// exact path recognises exactly); `Some(None)` when the pair is certainly
/// not interior to both.
pub(crate) fn interior_pair(
    edge: crate::geometry::Segment<Point3>,
    wall: crate::geometry::Segment<Point3>,
) -> Option<Option<(Bounded, f64, f64)>> {
    let (u, v, w) = (edge.b - edge.a, wall.b - wall.a, edge.a - wall.a);
    let m = max_component(u).max(max_component(v)).max(max_component(w));
    if !in_range(m) {
        return None;
    }
    let (n, n_error) = cross(u, v);
    let n2 = dot_of(n, n_error, n, n_error);
    if sign(n2) != Some(1) {
        return None;
    }
    let (vw, vw_error) = cross(v, w);
    let (uw, uw_error) = cross(u, w);
    let s_num = dot_of(n, n_error, vw, vw_error);
    let t_num = dot_of(n, n_error, uw, uw_error);
    // n2 - num: the two errors add, and the difference rounds once.
    let rest = |num: Bounded| {
        let value = n2.value - num.value;
        Bounded {
            value,
            error: n2.error + num.error + U * value.abs(),
        }
    };
    let signs = [
        sign(s_num),
        sign(rest(s_num)),
        sign(t_num),
        sign(rest(t_num)),
    ];
    if signs.contains(&Some(-1)) {
        return Some(None);
    }
    if signs.contains(&None) {
        return None;
    }
    let h = dot_of(n, n_error, w, difference_error(w));
    let (d, _) = quotient(h, n, n_error)?;
    let s = (s_num.value / n2.value).clamp(0.0, 1.0);
    let t = (t_num.value / n2.value).clamp(0.0, 1.0);
    Some(Some((d, s, t)))
}

/// The distance from `p` to the segment `ab` (`a`, `b` in canonical order),
/// with its bound, and the segment's closest point (as the exact path
/// computes it: the clamped projection, rounded); `None` where the fast
/// path does not apply: vectors out of range, `p` at an endpoint, or the
/// side of an endpoint's perpendicular plane `p` lies on not decided by the
/// dot product's bound.
///
/// The branch is the exact path's: the end `a` when `(p - a) · (b - a) <= 0`,
/// the end `b` when `(p - b) · (b - a) >= 0` (each decided only when its
/// estimate is farther from 0 than its bound), else the interior, at
/// `|(b - a) × (p - a)| / |b - a|`.
pub(crate) fn point_segment(p: Point3, a: Point3, b: Point3) -> Option<(Bounded, Point3)> {
    let ab = b - a;
    let ap = p - a;
    let bp = p - b;
    let m = max_component(ab)
        .max(max_component(ap))
        .max(max_component(bp));
    if !in_range(m) {
        return None;
    }
    let at_end = |v: Point3, end: Point3| {
        // The length of an exact difference in range: 5u relative.
        let d = norm(v)?;
        Some((
            Bounded {
                value: d,
                error: 5.0 * U * d,
            },
            end,
        ))
    };
    if ab == Point3::default() {
        return at_end(ap, a);
    }
    let dot_a = dot(ap, ab);
    if dot_a.value < -dot_a.error {
        return at_end(ap, a);
    }
    if dot_a.value <= dot_a.error {
        return None;
    }
    let dot_b = dot(bp, ab);
    if dot_b.value > dot_b.error {
        return at_end(bp, b);
    }
    if dot_b.value >= -dot_b.error {
        return None;
    }
    let (c, c_error) = cross(ab, ap);
    let length_c = norm(c)?;
    let length_ab = norm(ab)?;
    let distance = length_c / length_ab;
    // Dividing twice keeps the quotient clear of underflow in len^2.
    let t = (dot_a.value / length_ab / length_ab).clamp(0.0, 1.0);
    let closest = super::precise::clamp_to_box(a + ab * t, a, b);
    Some((
        Bounded {
            value: distance,
            error: 11.0 * U * distance + 1.01 * c_error / length_ab,
        },
        closest,
    ))
}

#[cfg(test)]
mod tests {
    //! Each fast value against the exact rational twin: it must lie within
    //! its own bound, and every sign it decides must be the exact one.
    //! Seeded cases at offsets 0, 1e6 and +-1e7, on a quarter grid (exact
    //! touches and zeros), continuous, and a few ulps off a touch (where the
    //! bounds are tight).

    use super::*;
    use crate::geometry::Segment;
    use clearway_test_support::exact::sqrt_to_f64;
    use clearway_test_support::exact3;
    use num_rational::BigRational;
    use num_traits::{Signed, Zero};

    type R = BigRational;
    type V = [R; 3];

    fn v(p: Point3) -> V {
        [p.x, p.y, p.z].map(|c| R::from_float(c).expect("finite"))
    }
    fn sub(a: &V, b: &V) -> V {
        [&a[0] - &b[0], &a[1] - &b[1], &a[2] - &b[2]]
    }
    fn cross_r(a: &V, b: &V) -> V {
        [
            &a[1] * &b[2] - &a[2] * &b[1],
            &a[2] * &b[0] - &a[0] * &b[2],
            &a[0] * &b[1] - &a[1] * &b[0],
        ]
    }
    fn dot_r(a: &V, b: &V) -> R {
        &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2]
    }
    fn sign_r(x: &R) -> i32 {
        if x.is_zero() {
            0
        } else if x.is_positive() {
            1
        } else {
            -1
        }
    }

    /// `|value - exact| <= error`, the exact square root rounded (within
    /// 2u, covered by the slack).
    fn within(what: &str, d: Bounded, exact_2: &R) {
        let exact = sqrt_to_f64(exact_2);
        assert!(
            (d.value - exact).abs() <= d.error + 2.0 * U * exact,
            "{what}: {} vs exact {exact}, bound {} (off by {:e})",
            d.value,
            d.error,
            (d.value - exact).abs()
        );
    }

    /// Points of one frame: a quarter grid or continuous, 8 units wide.
    struct Frame {
        rng: clearway_synth::SplitMix64,
        offset: f64,
    }

    impl Frame {
        fn point(&mut self, grid: bool) -> Point3 {
            let mut c = || {
                let r = 8.0 * self.rng.next_f64() - 4.0;
                self.offset + if grid { (r * 4.0).round() / 4.0 } else { r }
            };
            Point3::new(c(), c(), c())
        }
        /// `p` moved `k` ulps along `axis`.
        fn nudge(p: Point3, axis: usize, k: i64) -> Point3 {
            let n = |c: f64| {
                (0..k.abs()).fold(c, |c, _| if k > 0 { c.next_up() } else { c.next_down() })
            };
            match axis {
                0 => Point3::new(n(p.x), p.y, p.z),
                1 => Point3::new(p.x, n(p.y), p.z),
                _ => Point3::new(p.x, p.y, n(p.z)),
            }
        }
    }

    /// Every frame, `n` cases each: `case(frame, i)`.
    fn each_case(seed: u64, n: usize, mut case: impl FnMut(&mut Frame, usize)) {
        for (j, offset) in [0.0, 1e6, 1e7, -1e7 - 0.5].into_iter().enumerate() {
            let mut frame = Frame {
                rng: clearway_synth::SplitMix64::new(seed + j as u64),
                offset,
            };
            for i in 0..n {
                case(&mut frame, i);
            }
        }
    }

    #[test]
    fn the_constants_are_the_powers_of_two_they_name() {
        assert_eq!(ACCEPT, 2f64.powi(-36));
        assert_eq!((LOW, HIGH), (2f64.powi(-250), 2f64.powi(250)));
        assert_eq!((NORM_LOW, NORM_HIGH), (2f64.powi(-500), 2f64.powi(500)));
        assert_eq!(U, 2f64.powi(-53));
    }

    #[test]
    fn point_segment_is_within_its_bound() {
        let (mut accepted, mut tight) = (0, 0);
        each_case(0x5e9_0001, 3000, |f, i| {
            let grid = i % 3 == 0;
            let (a, b) = (f.point(grid), f.point(grid));
            let p = if i % 2 == 0 {
                // On the segment (at a quarter of it, exact on the grid, or
                // anywhere, rounded), then a few ulps off along one axis.
                let t = if i % 4 == 0 {
                    (i / 4 % 5) as f64 / 4.0
                } else {
                    f.rng.next_f64()
                };
                Frame::nudge(a + (b - a) * t, i % 3, (i / 10 % 7) as i64 - 3)
            } else {
                f.point(grid)
            };
            let Some((d, c)) = point_segment(p, a, b) else {
                return;
            };
            let exact_2 =
                exact3::point_segment_distance_2((p.x, p.y, p.z), (a.x, a.y, a.z), (b.x, b.y, b.z));
            within("point-segment", d, &exact_2);
            if d.accepted() {
                accepted += 1;
                assert!(d.value > 0.0 && !exact_2.is_zero());
                let on_2 = exact3::point_segment_distance_2(
                    (c.x, c.y, c.z),
                    (a.x, a.y, a.z),
                    (b.x, b.y, b.z),
                );
                assert!(sqrt_to_f64(&on_2) <= 16.0 * f64::EPSILON * 2e7);
            }
            if d.error > 1e-3 * d.value {
                tight += 1;
            }
        });
        assert!(accepted > 6000 && tight > 100, "{accepted} {tight}");
    }

    #[test]
    fn triangle_face_is_within_its_bound_and_decides_exactly() {
        let (mut inside, mut outside, mut undecided) = (0, 0, 0);
        each_case(0x5e9_0002, 3000, |f, i| {
            let grid = i % 3 == 0;
            let corners = [f.point(grid), f.point(grid), f.point(grid)];
            // A few ulps off the triangle's plane: on a side (at its middle
            // or anywhere, rounded) or inside.
            let [c0, c1, c2] = corners;
            let (s, t) = (f.rng.next_f64(), f.rng.next_f64() * 0.5);
            let k = (i / 4 % 7) as i64 - 3;
            let p = match i % 4 {
                0 if i % 8 == 0 => Frame::nudge((c0 + c1) * 0.5, i % 3, k),
                0 => Frame::nudge(c0 + (c1 - c0) * s, i % 3, k),
                1 => Frame::nudge(c0 + (c1 - c0) * (s * 0.5) + (c2 - c0) * t, i % 3, k),
                _ => f.point(grid),
            };
            let [c0, c1, c2] = corners.map(v);
            let q = v(p);
            let n = cross_r(&sub(&c1, &c0), &sub(&c2, &c0));
            let signs = [(&c1, &c0), (&c2, &c1), (&c0, &c2)]
                .map(|(to, from)| sign_r(&dot_r(&n, &cross_r(&sub(to, from), &sub(&q, from)))));
            match triangle_face(p, corners) {
                None => undecided += 1,
                Some(None) => {
                    outside += 1;
                    assert!(signs.contains(&-1), "{p:?} {corners:?}");
                }
                Some(Some((d, _))) => {
                    inside += 1;
                    assert!(!signs.contains(&-1), "{p:?} {corners:?}");
                    let h = dot_r(&n, &sub(&q, &c0));
                    within("face", d, &(&h * &h / dot_r(&n, &n)));
                }
            }
        });
        assert!(
            inside > 1500 && outside > 3000 && undecided > 0,
            "{inside} {outside} {undecided}"
        );
    }

    #[test]
    fn interior_pair_is_within_its_bound_and_decides_exactly() {
        let (mut interior, mut not, mut undecided) = (0, 0, 0);
        each_case(0x5e9_0003, 3000, |f, i| {
            let grid = i % 3 == 0;
            let (a, b, c) = (f.point(grid), f.point(grid), f.point(grid));
            let d = if i % 2 == 0 {
                // Through a point of the edge, then lifted a few ulps: a
                // hair from a crossing.
                let on = a + (b - a) * if i % 4 == 0 { 0.5 } else { f.rng.next_f64() };
                let through = on + (on - c) * if i % 4 == 0 { 1.0 } else { f.rng.next_f64() };
                Frame::nudge(through, i % 3, (i / 2 % 7) as i64 - 3)
            } else {
                f.point(grid)
            };
            let (edge, wall) = (Segment::new(a, b), Segment::new(c, d));
            let (u, vv, w) = (sub(&v(b), &v(a)), sub(&v(d), &v(c)), sub(&v(a), &v(c)));
            let n = cross_r(&u, &vv);
            let n2 = dot_r(&n, &n);
            let s_num = dot_r(&n, &cross_r(&vv, &w));
            let t_num = dot_r(&n, &cross_r(&u, &w));
            let is_interior = !n2.is_zero()
                && s_num.is_positive()
                && (&n2 - &s_num).is_positive()
                && t_num.is_positive()
                && (&n2 - &t_num).is_positive();
            match interior_pair(edge, wall) {
                None => undecided += 1,
                Some(None) => {
                    not += 1;
                    assert!(!is_interior, "{edge:?} {wall:?}");
                }
                Some(Some((dist, _, _))) => {
                    interior += 1;
                    assert!(is_interior, "{edge:?} {wall:?}");
                    let h = dot_r(&n, &w);
                    within("interior pair", dist, &(&h * &h / &n2));
                }
            }
        });
        assert!(
            interior > 1500 && not > 3000 && undecided > 0,
            "{interior} {not} {undecided}"
        );
    }
}
