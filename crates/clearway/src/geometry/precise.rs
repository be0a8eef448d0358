//! Error-free transforms and small exact expansions.
//!
//! The distance kernel needs two things that plain `f64` arithmetic cannot
//! give when a map sits far from the origin or when points are nearly
//! collinear:
//!
//! * coordinate differences without rounding: [`two_diff`] returns the
//!   rounded difference *and* its exact error, so `hi + lo` is exact;
//! * cross and dot products of such differences without cancellation: every
//!   partial product is split exactly with [`two_prod`] (an FMA), and the
//!   pieces are summed into a non-overlapping [`Expansion`] (Shewchuk's
//!   grow-expansion with zero elimination), whose sign is exact and whose
//!   estimate is within about one ulp of the exact value.
//!
//! All of this is only exact while nothing overflows or underflows, so the
//! callers bring their vectors to a magnitude near 1 with exact power-of-two
//! scaling first ([`DdVec::scale_all`], [`ldexp`]).

use super::Point;

/// `a + b` rounded, and the exact rounding error: `s + e == a + b` exactly.
pub(crate) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bv = s - a;
    let av = s - bv;
    (s, (a - av) + (b - bv))
}

/// `a - b` rounded, and the exact rounding error: `d + e == a - b` exactly.
pub(crate) fn two_diff(a: f64, b: f64) -> (f64, f64) {
    two_sum(a, -b)
}

/// `a * b` rounded, and the exact rounding error (via a fused multiply-add).
pub(crate) fn two_prod(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    (p, a.mul_add(b, -p))
}

/// A double-double number `hi + lo`, here always an exact difference.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Dd {
    /// The rounded value.
    pub hi: f64,
    /// The exact remainder.
    pub lo: f64,
}

impl Dd {
    /// The exact difference `a - b`.
    pub(crate) fn diff(a: f64, b: f64) -> Dd {
        let (hi, lo) = two_diff(a, b);
        Dd { hi, lo }
    }

    fn scaled(self, k: i32) -> Dd {
        Dd {
            hi: ldexp(self.hi, k),
            lo: ldexp(self.lo, k),
        }
    }

    fn neg(self) -> Dd {
        Dd {
            hi: -self.hi,
            lo: -self.lo,
        }
    }
}

/// A vector whose components are exact differences of `f64` coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct DdVec {
    /// The x component.
    pub x: Dd,
    /// The y component.
    pub y: Dd,
}

impl DdVec {
    /// The exact vector `p - q`.
    pub(crate) fn between(q: Point, p: Point) -> DdVec {
        DdVec {
            x: Dd::diff(p.x, q.x),
            y: Dd::diff(p.y, q.y),
        }
    }

    /// The rounded vector (each component correctly rounded).
    pub(crate) fn rounded(self) -> Point {
        Point::new(self.x.hi, self.y.hi)
    }

    /// Whether the vector is exactly zero.
    pub(crate) fn is_zero(self) -> bool {
        self.x.hi == 0.0 && self.y.hi == 0.0
    }

    /// The largest absolute rounded component.
    fn max_abs(self) -> f64 {
        self.x.hi.abs().max(self.y.hi.abs())
    }

    /// The same vector, reversed (exact).
    pub(crate) fn neg(self) -> DdVec {
        DdVec {
            x: self.x.neg(),
            y: self.y.neg(),
        }
    }

    fn scaled(self, k: i32) -> DdVec {
        DdVec {
            x: self.x.scaled(k),
            y: self.y.scaled(k),
        }
    }

    /// Scales all vectors by one common power of two so that the largest
    /// component lies in [1, 2); returns the exponent `k` applied (each vector
    /// was multiplied by 2^k). All-zero vectors are left alone (k = 0).
    pub(crate) fn scale_all(vs: &mut [DdVec]) -> i32 {
        let m = vs.iter().fold(0.0_f64, |m, v| m.max(v.max_abs()));
        if m == 0.0 || !m.is_finite() {
            return 0;
        }
        let k = -exponent(m);
        for v in vs.iter_mut() {
            *v = v.scaled(k);
        }
        k
    }

    /// The exact cross product `self × other` as an expansion.
    pub(crate) fn cross(self, other: DdVec) -> Expansion {
        let mut e = Expansion::new();
        e.add_product_dd(self.x, other.y);
        e.add_product_dd(self.y.neg(), other.x);
        e
    }

    /// The exact dot product `self · other` as an expansion.
    pub(crate) fn dot(self, other: DdVec) -> Expansion {
        let mut e = Expansion::new();
        e.add_product_dd(self.x, other.x);
        e.add_product_dd(self.y, other.y);
        e
    }
}

/// Every add grows an expansion by at most one component, and no caller adds
/// more than 24 terms: a 3D dot product of double-doubles (3 x 4 exact
/// products of 2 terms each) and the triple product (6 x 2 x 2) are the
/// largest; 2D cross and dot products add 16, `orientation` 12. A smaller
/// array is less to zero for each of the millions of expansions a 3D level
/// makes (an overflow would panic on the index, never go unnoticed).
const CAPACITY: usize = 24;

/// An exact sum of `f64` values, kept as non-overlapping components in
/// increasing order of magnitude (no zero components).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Expansion {
    components: [f64; CAPACITY],
    len: usize,
}

impl Expansion {
    /// The empty sum (zero).
    pub(crate) fn new() -> Expansion {
        Expansion {
            components: [0.0; CAPACITY],
            len: 0,
        }
    }

    /// Adds `b` exactly (grow-expansion with zero elimination).
    pub(crate) fn add(&mut self, b: f64) {
        if b == 0.0 {
            return;
        }
        let mut q = b;
        let mut out = 0;
        for i in 0..self.len {
            let (s, err) = two_sum(q, self.components[i]);
            q = s;
            if err != 0.0 {
                // out <= i: component i has already been read.
                self.components[out] = err;
                out += 1;
            }
        }
        if q != 0.0 {
            self.components[out] = q;
            out += 1;
        }
        self.len = out;
    }

    /// Adds `a * b` exactly.
    pub(crate) fn add_product(&mut self, a: f64, b: f64) {
        if a == 0.0 || b == 0.0 {
            return;
        }
        let (p, e) = two_prod(a, b);
        self.add(e);
        self.add(p);
    }

    /// Adds the product of two double-doubles exactly.
    fn add_product_dd(&mut self, a: Dd, b: Dd) {
        self.add_product(a.lo, b.lo);
        self.add_product(a.lo, b.hi);
        self.add_product(a.hi, b.lo);
        self.add_product(a.hi, b.hi);
    }

    /// The exact sign: -1, 0 or 1.
    pub(crate) fn signum(&self) -> i32 {
        match self.len {
            0 => 0,
            n if self.components[n - 1] > 0.0 => 1,
            _ => -1,
        }
    }

    /// An approximation of the exact value, within about one ulp: the
    /// components summed from the smallest up.
    pub(crate) fn estimate(&self) -> f64 {
        self.components[..self.len].iter().sum()
    }
}

/// The binary exponent of a positive finite `x`: `floor(log2(x))`.
pub(crate) fn exponent(x: f64) -> i32 {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if biased == 0 {
        let mantissa = bits & ((1_u64 << 52) - 1);
        (63 - mantissa.leading_zeros() as i32) - 1074
    } else {
        biased - 1023
    }
}

/// 2^n for n in [-1022, 1023].
fn pow2(n: i32) -> f64 {
    debug_assert!((-1022..=1023).contains(&n));
    f64::from_bits(((n + 1023) as u64) << 52)
}

/// `x * 2^n`, exact unless the result overflows or becomes subnormal.
pub(crate) fn ldexp(mut x: f64, mut n: i32) -> f64 {
    while n > 1023 {
        x *= pow2(1023);
        n -= 1023;
    }
    while n < -1022 {
        // Scale the rest first so that only the final step can round.
        let step = (n + 1022).max(-1022);
        x *= pow2(step);
        n -= step;
    }
    x * pow2(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_sum_and_two_prod_are_exact() {
        let (s, e) = two_sum(1.0, 1e-20);
        assert_eq!((s, e), (1.0, 1e-20));
        let (d, e) = two_diff(1e7 + 0.5, 1e-10);
        assert_eq!(d, 1e7 + 0.5);
        assert_eq!(e, -1e-10);
        // (1 + 2^-30)^2 = 1 + 2^-29 + 2^-60: the last term is the error.
        let x = 1.0 + 2f64.powi(-30);
        let (p, e) = two_prod(x, x);
        assert_eq!(p, 1.0 + 2f64.powi(-29));
        assert_eq!(e, 2f64.powi(-60));
    }

    #[test]
    fn expansion_keeps_cancelling_terms() {
        let mut e = Expansion::new();
        e.add(1e30);
        e.add(1.0);
        e.add(-1e30);
        assert_eq!(e.signum(), 1);
        assert_eq!(e.estimate(), 1.0);
        e.add(-1.0);
        assert_eq!(e.signum(), 0);
        assert_eq!(e.estimate(), 0.0);
    }

    #[test]
    fn exponent_and_ldexp() {
        assert_eq!(exponent(1.0), 0);
        assert_eq!(exponent(1.5), 0);
        assert_eq!(exponent(0.75), -1);
        assert_eq!(exponent(f64::MAX), 1023);
        assert_eq!(exponent(f64::MIN_POSITIVE), -1022);
        assert_eq!(exponent(f64::from_bits(1)), -1074);
        // Subnormals: the exponent is read from the mantissa's top bit.
        assert_eq!(exponent(f64::from_bits(1 << 14)), -1060);
        assert_eq!(exponent(f64::from_bits((1 << 14) + 3)), -1060);
        assert_eq!(exponent(f64::MIN_POSITIVE / 2.0), -1023);
        assert_eq!(exponent(f64::from_bits((1 << 52) - 1)), -1023);
        assert_eq!(ldexp(f64::from_bits(1), 1074), 1.0);
        assert_eq!(ldexp(1.0, -1074), f64::from_bits(1));
        assert_eq!(ldexp(3.0, 10), 3072.0);
        // MAX * 2^-2047 = 2^-1023 - 2^-1076, which rounds to 2^-1023.
        assert_eq!(ldexp(f64::MAX, -2047), f64::MIN_POSITIVE / 2.0);
    }

    #[test]
    fn scaled_cross_of_tiny_vectors_does_not_underflow() {
        // (3e-300, 1e-300) x (1e-300, 2e-300) = 6e-600 - 1e-600 = 5e-600,
        // far below f64's range; in the scaled frame it is representable.
        let o = Point::new(0.0, 0.0);
        let u = DdVec::between(o, Point::new(3e-300, 1e-300));
        let v = DdVec::between(o, Point::new(1e-300, 2e-300));
        let mut vs = [u, v];
        let k = DdVec::scale_all(&mut vs);
        let c = vs[0].cross(vs[1]);
        assert_eq!(c.signum(), 1);
        let unit = ldexp(1e-300, k);
        let expected = 5.0 * unit * unit;
        assert!((c.estimate() - expected).abs() <= 1e-12 * expected);
    }
}
