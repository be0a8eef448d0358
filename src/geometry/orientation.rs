//! Exact orientation of three points.

use super::Point;
use super::precise::{exponent, ldexp};

/// Which way three points turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    /// `c` lies to the left of the directed line `a -> b`.
    CounterClockwise,
    /// `c` lies to the right of the directed line `a -> b`.
    Clockwise,
    /// The three points lie on one line.
    Collinear,
}

/// The exact orientation of `c` relative to the directed line `a -> b`.
///
/// Decided with Shewchuk's adaptive predicate (`robust::orient2d`), so the
/// answer is exact for every finite input: coordinates far from 1 in
/// magnitude are first brought near 1 by an exact power-of-two scaling, which
/// keeps the predicate's products clear of overflow and underflow.
///
/// ```
/// use clearway::geometry::{Orientation, Point, orientation};
/// let (a, b) = (Point::new(0.0, 0.0), Point::new(1.0, 0.0));
/// assert_eq!(orientation(a, b, Point::new(0.5, 1.0)), Orientation::CounterClockwise);
/// assert_eq!(orientation(a, b, Point::new(0.5, -1.0)), Orientation::Clockwise);
/// assert_eq!(orientation(a, b, Point::new(7.0, 0.0)), Orientation::Collinear);
/// ```
pub fn orientation(a: Point, b: Point, c: Point) -> Orientation {
    let m = [a.x, a.y, b.x, b.y, c.x, c.y]
        .iter()
        .fold(0.0_f64, |m, v| m.max(v.abs()));
    if m == 0.0 {
        return Orientation::Collinear;
    }
    // Products of coordinate differences must stay well inside f64's range.
    let k = if (0.5e-150..=0.5e150).contains(&m) {
        0
    } else {
        -exponent(m)
    };
    let coord = |p: Point| robust::Coord {
        x: ldexp(p.x, k),
        y: ldexp(p.y, k),
    };
    let det = robust::orient2d(coord(a), coord(b), coord(c));
    if det > 0.0 {
        Orientation::CounterClockwise
    } else if det < 0.0 {
        Orientation::Clockwise
    } else {
        Orientation::Collinear
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn basic_turns() {
        // a=(0,0), b=(2,0): c=(1,1) is above the line -> left turn (CCW).
        assert_eq!(
            orientation(p(0.0, 0.0), p(2.0, 0.0), p(1.0, 1.0)),
            Orientation::CounterClockwise
        );
        assert_eq!(
            orientation(p(0.0, 0.0), p(2.0, 0.0), p(1.0, -1.0)),
            Orientation::Clockwise
        );
        assert_eq!(
            orientation(p(0.0, 0.0), p(2.0, 0.0), p(-3.0, 0.0)),
            Orientation::Collinear
        );
        // Degenerate: a == b makes everything collinear.
        assert_eq!(
            orientation(p(1.0, 1.0), p(1.0, 1.0), p(5.0, -2.0)),
            Orientation::Collinear
        );
    }

    #[test]
    fn near_collinear_far_from_origin_is_exact() {
        // On the line y = x + 1e7 shifted: c is one ulp above the line.
        let a = p(1e7, 1e7);
        let b = p(1e7 + 1.0, 1e7 + 1.0);
        let c_on = p(1e7 + 0.5, 1e7 + 0.5);
        let ulp = f64::EPSILON * 8388608.0; // ulp(1e7) = 2^-29
        let c_above = p(1e7 + 0.5, 1e7 + 0.5 + ulp);
        let c_below = p(1e7 + 0.5, 1e7 + 0.5 - ulp);
        assert_eq!(orientation(a, b, c_on), Orientation::Collinear);
        assert_eq!(orientation(a, b, c_above), Orientation::CounterClockwise);
        assert_eq!(orientation(a, b, c_below), Orientation::Clockwise);
    }

    #[test]
    fn tiny_and_huge_coordinates() {
        // Products of 1e-300 differences would underflow without scaling.
        let s = 1e-300;
        assert_eq!(
            orientation(p(0.0, 0.0), p(2.0 * s, 0.0), p(s, s)),
            Orientation::CounterClockwise
        );
        assert_eq!(
            orientation(p(0.0, 0.0), p(2.0 * s, 2.0 * s), p(s, s)),
            Orientation::Collinear
        );
        let h = 1e300;
        assert_eq!(
            orientation(p(-h, -h), p(h, -h), p(0.0, h)),
            Orientation::CounterClockwise
        );
        assert_eq!(
            orientation(p(-h, -h), p(h, h), p(0.0, 0.0)),
            Orientation::Collinear
        );
        assert_eq!(
            orientation(p(f64::MAX, 0.0), p(-f64::MAX, 0.0), p(0.0, -1.0)),
            Orientation::CounterClockwise
        );
    }
}
