//! Accurate products of 3D vectors: the building blocks of the 3D kernel.
//!
//! The 3D queries work on *local* vectors: coordinate differences from a
//! local origin (an endpoint or a corner of the shapes at hand), so a level
//! 1e7 from the origin loses nothing (differences of coordinates within a
//! factor of two of each other are exact in `f64`). The vectors of one query
//! are then scaled by one common power of two ([`scale`]) so that no product
//! overflows or underflows, and every cross-product component, dot product
//! and triple product is summed exactly from exact partial products
//! ([`crate::geometry::precise::Expansion`]) and rounded once.

use crate::geometry::Point3;
use crate::geometry::precise::{Expansion, exponent, ldexp, two_diff, two_prod, two_sum};

/// A vector whose components are exact differences of `f64` coordinates:
/// `hi` rounded, `lo` the exact remainder (zero whenever the difference is
/// representable, as for coordinates within a factor of two of each other).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Dd3 {
    /// The rounded vector.
    pub hi: Point3,
    /// The exact remainder of each component.
    pub lo: Point3,
}

impl Dd3 {
    /// The exact vector `p - q`.
    pub(crate) fn between(q: Point3, p: Point3) -> Dd3 {
        let (x, xe) = two_diff(p.x, q.x);
        let (y, ye) = two_diff(p.y, q.y);
        let (z, ze) = two_diff(p.z, q.z);
        Dd3 {
            hi: Point3::new(x, y, z),
            lo: Point3::new(xe, ye, ze),
        }
    }

    /// Whether the vector is exactly zero.
    pub(crate) fn is_zero(self) -> bool {
        self.hi == Point3::default()
    }
}

/// Scales all vectors by one power of two so that the largest component lies
/// in [1, 2); returns the exponent `k` applied (each vector was multiplied by
/// 2^k). All-zero vectors are left alone (k = 0).
pub(crate) fn scale(vs: &mut [Dd3]) -> i32 {
    let m = vs.iter().fold(0.0_f64, |m, v| {
        m.max(v.hi.x.abs()).max(v.hi.y.abs()).max(v.hi.z.abs())
    });
    if m == 0.0 || !m.is_finite() {
        return 0;
    }
    let k = -exponent(m);
    let s = |v: Point3| Point3::new(ldexp(v.x, k), ldexp(v.y, k), ldexp(v.z, k));
    for v in vs.iter_mut() {
        *v = Dd3 {
            hi: s(v.hi),
            lo: s(v.lo),
        };
    }
    k
}

/// `v * 2^-k`, componentwise: undoes [`scale`].
pub(crate) fn unscale(v: Point3, k: i32) -> Point3 {
    Point3::new(ldexp(v.x, -k), ldexp(v.y, -k), ldexp(v.z, -k))
}

/// Adds `(a.hi + a.lo) * (b.hi + b.lo)` exactly.
fn add_product_dd(e: &mut Expansion, a: (f64, f64), b: (f64, f64)) {
    e.add_product(a.1, b.1);
    e.add_product(a.1, b.0);
    e.add_product(a.0, b.1);
    e.add_product(a.0, b.0);
}

fn parts(v: Dd3) -> [(f64, f64); 3] {
    [(v.hi.x, v.lo.x), (v.hi.y, v.lo.y), (v.hi.z, v.lo.z)]
}

/// The cross product `u × v`, each component exact before its one rounding.
pub(crate) fn cross(u: Dd3, v: Dd3) -> Point3 {
    let ([ux, uy, uz], [vx, vy, vz]) = (parts(u), parts(v));
    let neg = |p: (f64, f64)| (-p.0, -p.1);
    let component = |a, b, c, d| {
        let mut e = Expansion::new();
        add_product_dd(&mut e, a, b);
        add_product_dd(&mut e, neg(c), d);
        e.estimate()
    };
    Point3::new(
        component(uy, vz, uz, vy),
        component(uz, vx, ux, vz),
        component(ux, vy, uy, vx),
    )
}

/// The dot product `u · v` as an exact expansion.
pub(crate) fn dot(u: Dd3, v: Dd3) -> Expansion {
    let mut e = Expansion::new();
    for (a, b) in parts(u).into_iter().zip(parts(v)) {
        add_product_dd(&mut e, a, b);
    }
    e
}

/// The triple product `det[u, v, w] = (u × v) · w`, exact before its one
/// rounding.
pub(crate) fn triple(u: Dd3, v: Dd3, w: Dd3) -> f64 {
    let zero = Point3::default();
    if u.lo == zero && v.lo == zero && w.lo == zero {
        // The usual case (exact differences): 24 exact terms fit the
        // fixed-size expansion.
        let (u, v, w) = (u.hi, v.hi, w.hi);
        let mut e = Expansion::new();
        let terms = [
            (u.x, v.y, w.z),
            (-u.x, v.z, w.y),
            (u.y, v.z, w.x),
            (-u.y, v.x, w.z),
            (u.z, v.x, w.y),
            (-u.z, v.y, w.x),
        ];
        for (f, g, h) in terms {
            if f == 0.0 || g == 0.0 || h == 0.0 {
                continue;
            }
            let (p, err) = two_prod(f, g);
            e.add_product(err, h);
            e.add_product(p, h);
        }
        return e.estimate();
    }
    triple_big(u, v, w).estimate()
}

/// The sign of a value estimated as `estimate` with an absolute error of at
/// most `bound`, when the estimate decides it (else `None`).
pub(crate) fn filtered_sign(estimate: f64, bound: f64) -> Option<i32> {
    if estimate > bound {
        Some(1)
    } else if estimate < -bound {
        Some(-1)
    } else {
        None
    }
}

/// A generous bound on the error of `n · m` computed in `f64` from
/// components that are each within an ulp or two of exact.
pub(crate) fn dot_error_bound(n: Point3, m: Point3) -> f64 {
    16.0 * f64::EPSILON * n.length() * m.length()
}

/// An exact sum of `f64` values of any length (non-overlapping components,
/// increasing magnitude): for the degree-4 quantities whose sign decides
/// which pair of points is closest.
#[derive(Clone, Debug, Default)]
pub(crate) struct Big(Vec<f64>);

impl Big {
    /// Adds `b` exactly (grow-expansion with zero elimination).
    fn add(&mut self, b: f64) {
        if b == 0.0 {
            return;
        }
        let mut q = b;
        let mut out = Vec::with_capacity(self.0.len() + 1);
        for &c in &self.0 {
            let (s, err) = two_sum(q, c);
            q = s;
            if err != 0.0 {
                out.push(err);
            }
        }
        if q != 0.0 {
            out.push(q);
        }
        self.0 = out;
    }

    /// Adds `a * b` exactly.
    fn add_product(&mut self, a: f64, b: f64) {
        if a == 0.0 || b == 0.0 {
            return;
        }
        let (p, e) = two_prod(a, b);
        self.add(e);
        self.add(p);
    }

    /// Adds `x * y` exactly.
    fn add_big_product(&mut self, x: &Big, y: &Big) {
        for &a in &x.0 {
            for &b in &y.0 {
                self.add_product(a, b);
            }
        }
    }

    /// `self - other`, exactly.
    pub(crate) fn minus(&self, other: &Big) -> Big {
        let mut d = self.clone();
        for &c in &other.0 {
            d.add(-c);
        }
        d
    }

    /// The exact sign: -1, 0 or 1.
    pub(crate) fn signum(&self) -> i32 {
        match self.0.last() {
            None => 0,
            Some(&c) if c > 0.0 => 1,
            Some(_) => -1,
        }
    }

    /// The value, rounded (within about an ulp).
    pub(crate) fn estimate(&self) -> f64 {
        self.0.iter().sum()
    }

    fn from_dd(hi: f64, lo: f64) -> Big {
        let mut b = Big::default();
        b.add(lo);
        b.add(hi);
        b
    }
}

/// The cross product `u × v`, exact, component by component.
pub(crate) fn cross_big(u: Dd3, v: Dd3) -> [Big; 3] {
    let ([ux, uy, uz], [vx, vy, vz]) = (parts(u), parts(v));
    let component = |a: (f64, f64), b: (f64, f64), c: (f64, f64), d: (f64, f64)| {
        let mut e = Big::default();
        for (x, y) in [(a.0, b.0), (a.0, b.1), (a.1, b.0), (a.1, b.1)] {
            e.add_product(x, y);
        }
        for (x, y) in [(c.0, d.0), (c.0, d.1), (c.1, d.0), (c.1, d.1)] {
            e.add_product(-x, y);
        }
        e
    };
    [
        component(uy, vz, uz, vy),
        component(uz, vx, ux, vz),
        component(ux, vy, uy, vx),
    ]
}

/// The dot product of two exact vectors, exact.
pub(crate) fn dot_big(x: &[Big; 3], y: &[Big; 3]) -> Big {
    let mut e = Big::default();
    for i in 0..3 {
        e.add_big_product(&x[i], &y[i]);
    }
    e
}

/// `det[u, v, w]`, exact.
pub(crate) fn triple_big(u: Dd3, v: Dd3, w: Dd3) -> Big {
    let n = cross_big(u, v);
    let w = parts(w).map(|(hi, lo)| Big::from_dd(hi, lo));
    dot_big(&n, &w)
}

/// The largest absolute coordinate among `points`.
pub(crate) fn max_abs(points: &[Point3]) -> f64 {
    points.iter().fold(0.0_f64, |m, p| {
        m.max(p.x.abs()).max(p.y.abs()).max(p.z.abs())
    })
}

/// Clamps `c` into the bounding box of `a` and `b`.
pub(crate) fn clamp_to_box(c: Point3, a: Point3, b: Point3) -> Point3 {
    Point3::new(
        c.x.clamp(a.x.min(b.x), a.x.max(b.x)),
        c.y.clamp(a.y.min(b.y), a.y.max(b.y)),
        c.z.clamp(a.z.min(b.z), a.z.max(b.z)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dd(v: Point3) -> Dd3 {
        Dd3::between(Point3::default(), v)
    }

    #[test]
    fn products_by_hand() {
        let (u, v) = (
            dd(Point3::new(1.0, 2.0, 3.0)),
            dd(Point3::new(4.0, -5.0, 6.0)),
        );
        // (2*6 - 3*-5, 3*4 - 1*6, 1*-5 - 2*4) = (27, 6, -13).
        assert_eq!(cross(u, v), Point3::new(27.0, 6.0, -13.0));
        assert_eq!(dot(u, v).estimate(), 12.0);
        // det[u, v, w] = (u × v) · w = 27*1 + 6*0 + -13*2 = 1.
        assert_eq!(triple(u, v, dd(Point3::new(1.0, 0.0, 2.0))), 1.0);
    }

    #[test]
    fn cancelling_products_are_exact() {
        // (1 + 2^-30)^2 - (1 + 2^-29) = 2^-60: lost by plain f64.
        let x = 1.0 + 2f64.powi(-30);
        let u = dd(Point3::new(x, 1.0 + 2f64.powi(-29), 0.0));
        let v = dd(Point3::new(1.0, x, 0.0));
        assert_eq!(cross(u, v).z, 2f64.powi(-60));
    }

    #[test]
    fn differences_keep_their_remainder() {
        // 1 - 2^-60 is not an f64: the difference from 0 to 1 and 2^-60
        // keeps it, and the dot product with (1, 0, 0) sees it.
        let d = Dd3::between(
            Point3::new(2f64.powi(-60), 0.0, 0.0),
            Point3::new(1.0, 0.0, 0.0),
        );
        assert_eq!((d.hi.x, d.lo.x), (1.0, -(2f64.powi(-60))));
        assert_eq!(dot(d, dd(Point3::new(1.0, 0.0, 0.0))).estimate(), 1.0);
        assert_eq!(dot(d, dd(Point3::new(1.0, 0.0, 0.0))).signum(), 1);
    }

    #[test]
    fn scaling_is_a_power_of_two() {
        let mut v = [dd(Point3::new(3e-300, 0.0, -1e-300))];
        let k = scale(&mut v);
        assert!((1.0..2.0).contains(&v[0].hi.x.abs()));
        assert_eq!(unscale(v[0].hi, k), Point3::new(3e-300, 0.0, -1e-300));
    }
}
