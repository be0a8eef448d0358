//! An independent exact twin of the geometry kernel, on arbitrary-precision
//! numbers: every `f64` input converts exactly (`BigRational::from_float`),
//! every predicate and squared distance is exact. Written the obvious slow
//! way, sharing nothing with `src/`, so the kernel can be checked against it.
//!
//! Points are plain `(f64, f64)` tuples. Inside one query all coordinates are
//! brought to a common power-of-two denominator `D`, so the work is done on
//! integers (`BigInt`, no gcd at every step, which keeps the twin fast
//! enough for property tests); squared distances are fractions of integers
//! and become one `BigRational` (times `1/D^2`) at the end.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;

/// A plain point.
pub type P = (f64, f64);

/// The exact rational value of a finite `f64`.
pub fn rat(v: f64) -> BigRational {
    BigRational::from_float(v).expect("finite coordinate")
}

/// An integer point: the coordinates times the query's common denominator.
#[derive(Clone, Debug, PartialEq)]
struct I {
    x: BigInt,
    y: BigInt,
}

/// The points of one query on a common denominator (a power of two).
struct Query {
    points: Vec<I>,
    denom: BigInt,
}

impl Query {
    fn new(points: &[P]) -> Query {
        let rats: Vec<(BigRational, BigRational)> =
            points.iter().map(|&(x, y)| (rat(x), rat(y))).collect();
        // Every denominator is a power of two: the largest is a multiple of
        // all of them.
        let denom = rats
            .iter()
            .flat_map(|(x, y)| [x.denom().clone(), y.denom().clone()])
            .max()
            .unwrap_or_else(BigInt::one);
        let int = |r: &BigRational| r.numer() * (&denom / r.denom());
        let points = rats
            .iter()
            .map(|(x, y)| I {
                x: int(x),
                y: int(y),
            })
            .collect();
        Query { points, denom }
    }

    /// A squared distance in integer units, as an exact rational.
    fn to_rational(&self, d: &Frac) -> BigRational {
        BigRational::new(d.num.clone(), &d.den * &self.denom * &self.denom)
    }
}

/// A non-negative fraction `num / den`, `den > 0` (not reduced).
#[derive(Clone, Debug)]
struct Frac {
    num: BigInt,
    den: BigInt,
}

impl Frac {
    fn int(v: BigInt) -> Frac {
        Frac {
            num: v,
            den: BigInt::one(),
        }
    }

    fn cmp(&self, other: &Frac) -> Ordering {
        (&self.num * &other.den).cmp(&(&other.num * &self.den))
    }

    fn is_zero(&self) -> bool {
        self.num.is_zero()
    }
}

fn min_frac(fs: impl IntoIterator<Item = Frac>) -> Frac {
    fs.into_iter()
        .reduce(|a, b| if b.cmp(&a) == Ordering::Less { b } else { a })
        .expect("at least one candidate")
}

fn sub(a: &I, b: &I) -> I {
    I {
        x: &a.x - &b.x,
        y: &a.y - &b.y,
    }
}

fn dot(a: &I, b: &I) -> BigInt {
    &a.x * &b.x + &a.y * &b.y
}

fn cross(a: &I, b: &I) -> BigInt {
    &a.x * &b.y - &a.y * &b.x
}

fn between(v: &BigInt, lo: &BigInt, hi: &BigInt) -> bool {
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    lo <= v && v <= hi
}

/// Whether `p` lies on the closed segment a-b.
fn on_segment(p: &I, a: &I, b: &I) -> bool {
    cross(&sub(b, a), &sub(p, a)).is_zero()
        && between(&p.x, &a.x, &b.x)
        && between(&p.y, &a.y, &b.y)
}

/// The sign (-1, 0, 1) of the turn a -> b -> c: positive = counter-clockwise.
pub fn exact_orientation(a: P, b: P, c: P) -> i32 {
    let q = Query::new(&[a, b, c]);
    let [a, b, c] = [&q.points[0], &q.points[1], &q.points[2]];
    match cross(&sub(b, a), &sub(c, a)).sign() {
        num_bigint::Sign::Plus => 1,
        num_bigint::Sign::Minus => -1,
        num_bigint::Sign::NoSign => 0,
    }
}

/// The exact squared distance from `p` to the closed segment a-b (a == b
/// allowed): the clamped projection.
pub fn exact_point_segment_distance_2(p: P, a: P, b: P) -> BigRational {
    let q = Query::new(&[p, a, b]);
    let d = point_segment(&q.points[0], &q.points[1], &q.points[2]);
    q.to_rational(&d)
}

/// Clamped projection: t = dot(ap, ab) / |ab|^2 in [0, 1]; the closest point
/// is a + t ab, so p - closest = (ap |ab|^2 - ab dot) / |ab|^2 in the interior.
fn point_segment(p: &I, a: &I, b: &I) -> Frac {
    let ab = sub(b, a);
    let ap = sub(p, a);
    let len2 = dot(&ab, &ab);
    if len2.is_zero() {
        return Frac::int(dot(&ap, &ap));
    }
    let e = dot(&ap, &ab);
    if !e.is_positive() {
        return Frac::int(dot(&ap, &ap));
    }
    if e >= len2 {
        let bp = sub(p, b);
        return Frac::int(dot(&bp, &bp));
    }
    let v = I {
        x: &ap.x * &len2 - &ab.x * &e,
        y: &ap.y * &len2 - &ab.y * &e,
    };
    Frac {
        num: dot(&v, &v),
        den: &len2 * &len2,
    }
}

/// Whether the closed segments s0-s1 and t0-t1 share a point, by solving for
/// the intersection parameters (not by orientation signs).
pub fn exact_segments_intersect(s0: P, s1: P, t0: P, t1: P) -> bool {
    let q = Query::new(&[s0, s1, t0, t1]);
    let p = &q.points;
    segments_intersect(&p[0], &p[1], &p[2], &p[3])
}

/// Whether `0 <= num / den <= 1` (den != 0).
fn unit_fraction(num: &BigInt, den: &BigInt) -> bool {
    if den.is_positive() {
        !num.is_negative() && num <= den
    } else {
        !num.is_positive() && num >= den
    }
}

fn segments_intersect(a: &I, b: &I, c: &I, d: &I) -> bool {
    let r = sub(b, a);
    let s = sub(d, c);
    let denom = cross(&r, &s);
    if denom.is_zero() {
        // Parallel (or degenerate): they meet only if an endpoint of one lies
        // on the other.
        return on_segment(a, c, d)
            || on_segment(b, c, d)
            || on_segment(c, a, b)
            || on_segment(d, a, b);
    }
    // a + u r = c + v s  =>  u = cross(c - a, s) / denom, v = cross(c - a, r) / denom.
    let ca = sub(c, a);
    unit_fraction(&cross(&ca, &s), &denom) && unit_fraction(&cross(&ca, &r), &denom)
}

/// The exact squared distance between two closed segments.
pub fn exact_segment_segment_distance_2(s0: P, s1: P, t0: P, t1: P) -> BigRational {
    let q = Query::new(&[s0, s1, t0, t1]);
    let p = &q.points;
    let d = segment_segment(&p[0], &p[1], &p[2], &p[3]);
    q.to_rational(&d)
}

fn segment_segment(a: &I, b: &I, c: &I, d: &I) -> Frac {
    if segments_intersect(a, b, c, d) {
        return Frac::int(BigInt::zero());
    }
    min_frac([
        point_segment(a, c, d),
        point_segment(b, c, d),
        point_segment(c, a, b),
        point_segment(d, a, b),
    ])
}

/// Even-odd point in polygon, boundary counting as inside: counts the edges
/// crossed by the ray from `p` towards +x, comparing each crossing's x
/// (`u.x + (p.y - u.y) (v.x - u.x) / (v.y - u.y)`) with `p.x` exactly.
pub fn exact_point_in_polygon_even_odd(poly: &[P], p: P) -> bool {
    let mut all = poly.to_vec();
    all.push(p);
    let q = Query::new(&all);
    let (p, vs) = q.points.split_last().expect("p");
    point_in_polygon(vs, p)
}

fn point_in_polygon(vs: &[I], p: &I) -> bool {
    let n = vs.len();
    let mut inside = false;
    for i in 0..n {
        let u = &vs[i];
        let v = &vs[(i + 1) % n];
        if on_segment(p, u, v) {
            return true;
        }
        if (u.y > p.y) != (v.y > p.y) {
            // x - p.x = ((u.x - p.x)(v.y - u.y) + (p.y - u.y)(v.x - u.x)) / (v.y - u.y)
            let num = (&u.x - &p.x) * (&v.y - &u.y) + (&p.y - &u.y) * (&v.x - &u.x);
            let dy = &v.y - &u.y;
            let right = if dy.is_positive() {
                num.is_positive()
            } else {
                num.is_negative()
            };
            if right {
                inside = !inside;
            }
        }
    }
    inside
}

/// The exact squared distance from segment a-b to a solid polygon (even-odd).
pub fn exact_segment_polygon_distance_2(a: P, b: P, poly: &[P]) -> BigRational {
    let mut all = vec![a, b];
    all.extend_from_slice(poly);
    let q = Query::new(&all);
    let (a, b, vs) = (&q.points[0], &q.points[1], &q.points[2..]);
    if point_in_polygon(vs, a) {
        return BigRational::zero();
    }
    let n = vs.len();
    let d = min_frac((0..n).map(|i| segment_segment(a, b, &vs[i], &vs[(i + 1) % n])));
    q.to_rational(&d)
}

/// The exact squared distance from `p` to the boundary of a polygon.
pub fn exact_point_boundary_distance_2(p: P, poly: &[P]) -> BigRational {
    let mut all = vec![p];
    all.extend_from_slice(poly);
    let q = Query::new(&all);
    let (p, vs) = (&q.points[0], &q.points[1..]);
    let n = vs.len();
    let d = min_frac((0..n).map(|i| point_segment(p, &vs[i], &vs[(i + 1) % n])));
    q.to_rational(&d)
}

/// The clearance between segment a-b and a disc: the square root of the exact
/// squared centre distance (rounded to f64), minus the radius, floored at 0.
pub fn exact_segment_circle_distance(a: P, b: P, center: P, radius: f64) -> f64 {
    let d = sqrt_to_f64(&exact_point_segment_distance_2(center, a, b));
    (d - radius).max(0.0)
}

/// The largest coordinate magnitude among the points, for absolute
/// rounding tolerances on witness points.
pub fn magnitude(points: &[P]) -> f64 {
    points
        .iter()
        .fold(0.0_f64, |m, p| m.max(p.0.abs()).max(p.1.abs()))
}

/// An obstacle as plain data: what [`exact_segment_shape_distance`] measures.
/// The twin's own type, so that it needs nothing from `src/`.
#[derive(Clone, Debug)]
pub enum Shape {
    Point(P),
    /// A disc: centre and radius.
    Circle(P, f64),
    Segment(P, P),
    /// An outline, read by the even-odd rule.
    Polygon(Vec<P>),
}

/// The exact clearance between segment a-b and a shape, and whether it is
/// exactly 0: a squared distance below half the smallest subnormal rounds to
/// 0 without being 0; a circle's is 0 when it rounds to 0 (its radius is
/// subtracted in f64).
pub fn exact_segment_shape_distance(a: P, b: P, shape: &Shape) -> (f64, bool) {
    let d2 = match shape {
        Shape::Point(p) => exact_point_segment_distance_2(*p, a, b),
        Shape::Circle(c, r) => {
            let d = exact_segment_circle_distance(a, b, *c, *r);
            return (d, d == 0.0);
        }
        Shape::Segment(p, q) => exact_segment_segment_distance_2(a, b, *p, *q),
        Shape::Polygon(v) => exact_segment_polygon_distance_2(a, b, v),
    };
    (distance_from_2(&d2), d2.is_zero())
}

/// sqrt of a non-negative rational, as f64 (within about an ulp), without
/// underflow or overflow in the intermediate conversion.
pub fn sqrt_to_f64(r: &BigRational) -> f64 {
    assert!(!r.is_negative(), "negative squared distance");
    if r.is_zero() {
        return 0.0;
    }
    // r = m * 4^k with m near 1: convert m, take its root, scale by 2^k.
    let e = r.numer().bits() as i64 - r.denom().bits() as i64;
    let k = e.div_euclid(2);
    let four_k = BigRational::from_integer(BigInt::one() << (2 * k.unsigned_abs()));
    let m = if k >= 0 { r / four_k } else { r * four_k };
    let root = m.to_f64().expect("m is near 1").sqrt();
    // root * 2^k, in steps that stay exact until the last one.
    let mut out = root;
    let mut k = k;
    while k != 0 {
        let step = k.clamp(-1000, 1000);
        out *= 2f64.powi(step as i32);
        k -= step;
    }
    out
}

/// The exact distance of a squared distance, as f64 (sqrt rounded).
pub fn distance_from_2(d2: &BigRational) -> f64 {
    sqrt_to_f64(d2)
}

#[cfg(test)]
mod self_tests {
    use super::*;

    #[test]
    fn worked_examples() {
        // (3,3) to (1,1)-(5,2): ab=(4,1), ap=(2,2), t=10/17,
        // closest (57/17, 27/17), diff (-6/17, 24/17), d^2 = 612/289 = 36/17.
        assert_eq!(
            exact_point_segment_distance_2((3.0, 3.0), (1.0, 1.0), (5.0, 2.0)),
            BigRational::new(36.into(), 17.into())
        );
        // Fractional coordinates on a common denominator: (0.5, 0.25) to
        // the point (0, 0): 1/4 + 1/16 = 5/16.
        assert_eq!(
            exact_point_segment_distance_2((0.5, 0.25), (0.0, 0.0), (0.0, 0.0)),
            BigRational::new(5.into(), 16.into())
        );
        assert_eq!(sqrt_to_f64(&rat(4.0)), 2.0);
        // sqrt(2^-1200) = 2^-600, although 2^-1200 is below f64's range.
        let tiny = rat(2f64.powi(-600));
        assert_eq!(sqrt_to_f64(&(&tiny * &tiny)), 2f64.powi(-600));
        assert_eq!(exact_orientation((0.0, 0.0), (1.0, 0.0), (0.5, 1e-300)), 1);
    }
}
