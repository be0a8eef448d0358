//! Exact orientation of three points.

use super::Point;
use super::precise::{Expansion, exponent, ldexp, two_prod};
use super::small_grid::on_small_grid;

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
/// Coordinates on a small common grid (tile levels: integers and halves)
/// skip all of that: there the plain `f64` determinant is exact (see
/// `small_grid.rs`), exact zeros included.
///
/// ```
/// use clearway::geometry::{Orientation, Point, orientation};
/// let (a, b) = (Point::new(0.0, 0.0), Point::new(1.0, 0.0));
/// assert_eq!(orientation(a, b, Point::new(0.5, 1.0)), Orientation::CounterClockwise);
/// assert_eq!(orientation(a, b, Point::new(0.5, -1.0)), Orientation::Clockwise);
/// assert_eq!(orientation(a, b, Point::new(7.0, 0.0)), Orientation::Collinear);
/// ```
pub fn orientation(a: Point, b: Point, c: Point) -> Orientation {
    if on_small_grid(&[a.x, a.y, b.x, b.y, c.x, c.y]) {
        return grid_orientation(a, b, c);
    }
    adaptive_orientation(a, b, c)
}

/// [`orientation`] for points known to lie on a small grid: the plain
/// determinant, two differences' products and their difference, is exact
/// there (`small_grid.rs`).
#[inline]
pub(crate) fn grid_orientation(a: Point, b: Point, c: Point) -> Orientation {
    from_sign(sign((a.x - c.x) * (b.y - c.y) - (a.y - c.y) * (b.x - c.x)))
}

/// The sign of `x`: -1, 0 or 1.
fn sign(x: f64) -> i32 {
    if x > 0.0 {
        1
    } else if x < 0.0 {
        -1
    } else {
        0
    }
}

/// [`orientation`] for any finite coordinates, by the adaptive predicate.
pub(crate) fn adaptive_orientation(a: Point, b: Point, c: Point) -> Orientation {
    let m = [a.x, a.y, b.x, b.y, c.x, c.y]
        .iter()
        .fold(0.0_f64, |m, v| m.max(v.abs()));
    if m == 0.0 {
        return Orientation::Collinear;
    }
    // Products of coordinate differences must stay well inside f64's range,
    // and none of the predicate's partial products may underflow: scale the
    // largest coordinate to about 2^496. Then every coordinate of at least
    // 2^-890 times the largest is a multiple of 2^-452 or coarser, so every
    // partial product is a multiple of 2^-904, and the predicate is exact.
    // A nonzero coordinate tinier than that (say 1e-317 next to 8) goes to
    // the slower exact sum of products instead.
    let e = exponent(m);
    let tiny = [a.x, a.y, b.x, b.y, c.x, c.y]
        .iter()
        .any(|&v| v != 0.0 && exponent(v.abs()) < e - 890);
    if tiny {
        return from_sign(sign_of_cross(a, b, c));
    }
    let k = 496 - e;
    let coord = |p: Point| robust::Coord {
        x: ldexp(p.x, k),
        y: ldexp(p.y, k),
    };
    let det = robust::orient2d(coord(a), coord(b), coord(c));
    from_sign(sign(det))
}

fn from_sign(sign: i32) -> Orientation {
    match sign {
        1 => Orientation::CounterClockwise,
        -1 => Orientation::Clockwise,
        _ => Orientation::Collinear,
    }
}

/// Exponent gap that separates clusters of terms in [`sign_of_cross`].
const GAP: i32 = 128;

/// The exact sign of `(a - c) x (b - c)` for any finite inputs, however far
/// apart their magnitudes: expanded into six products of coordinates
/// (`ax by - ax cy - cx by - ay bx + ay cx + cy bx`), each split exactly
/// into `(p + e) 2^s` with `p + e` the product of two mantissas in [1, 2).
/// Terms sorted by `s` fall into clusters separated by gaps of at least
/// [`GAP`]; a cluster is summed exactly (its span is at most 5 × GAP, so
/// no term underflows), and the first nonzero cluster sum decides: it is a
/// multiple of 2^(s_low - 104) while all lower terms together are below
/// 2^(s_low - 123).
fn sign_of_cross(a: Point, b: Point, c: Point) -> i32 {
    let products = [
        (a.x, b.y),
        (-a.x, c.y),
        (-c.x, b.y),
        (-a.y, b.x),
        (a.y, c.x),
        (c.y, b.x),
    ];
    let mut terms: Vec<(i32, f64, f64)> = Vec::with_capacity(6);
    for (u, v) in products {
        if u == 0.0 || v == 0.0 {
            continue;
        }
        let (eu, ev) = (exponent(u.abs()), exponent(v.abs()));
        let (p, e) = two_prod(ldexp(u, -eu), ldexp(v, -ev));
        terms.push((eu + ev, p, e));
    }
    terms.sort_by_key(|t| std::cmp::Reverse(t.0));
    let mut i = 0;
    while i < terms.len() {
        let top = terms[i].0;
        let mut j = i + 1;
        while j < terms.len() && terms[j - 1].0 - terms[j].0 < GAP {
            j += 1;
        }
        let mut sum = Expansion::new();
        for &(s, p, e) in &terms[i..j] {
            sum.add(ldexp(e, s - top));
            sum.add(ldexp(p, s - top));
        }
        if sum.signum() != 0 {
            return sum.signum();
        }
        i = j;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::shorthand::p;
    use crate::geometry::small_grid::tile_coordinates;

    proptest::proptest! {
        #![proptest_config(clearway_test_support::proptest_config::seeded_filtered(4096, 17))]

        /// On a small grid, the plain determinant's sign is the adaptive
        /// predicate's, collinear and touching points included.
        #[test]
        fn on_grid_matches_the_adaptive_predicate(c in tile_coordinates(6), same in 0usize..6) {
            let (a, mut b, mut q) = (p(c[0], c[1]), p(c[2], c[3]), p(c[4], c[5]));
            match same {
                0 => q = a,                                   // at an end
                1 => b = p(a.x + (b.y - a.y), b.y),           // diagonal
                2 => q = p(a.x + 2.0 * (b.x - a.x), a.y + 2.0 * (b.y - a.y)), // on the line
                3 => b = p(b.x, a.y),                         // horizontal
                _ => {}
            }
            proptest::prop_assume!(on_small_grid(&[a.x, a.y, b.x, b.y, q.x, q.y]));
            proptest::prop_assert_eq!(orientation(a, b, q), adaptive_orientation(a, b, q));
        }
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
    fn tiny_next_to_ordinary_coordinates() {
        // Found by fuzzing: the wall from (0, -8 + 93 ulps) to (6.8e-317, -8)
        // passes 6.8e-317 to the right of (0, -8); the product of the two
        // differences (about 1e-330) underflows, and the predicate said
        // collinear.
        let mut y = -8.0_f64;
        for _ in 0..93 {
            y = y.next_up();
        }
        let (c, d, p0) = (p(0.0, y), p(6.767275e-317, -8.0), p(0.0, -8.0));
        assert_eq!(orientation(c, d, p0), Orientation::Clockwise);
        assert_eq!(orientation(d, c, p0), Orientation::CounterClockwise);
        // Exactly collinear with a subnormal: (0,0), (2^-1074, 1), (2^-1073, 2).
        let t = f64::from_bits(1);
        assert_eq!(
            orientation(p(0.0, 0.0), p(t, 1.0), p(2.0 * t, 2.0)),
            Orientation::Collinear
        );
        assert_eq!(
            orientation(p(0.0, 0.0), p(t, 1.0), p(t, 2.0)),
            Orientation::CounterClockwise
        );
        // Tiny factors next to a coordinate of 1: the determinant is
        // 2^-52 * 1e-300, and 1e-300 - 3e-600.
        assert_eq!(
            orientation(p(0.0, 0.0), p(1e-300, 1e-300), p(1.0, 1.0 + 2f64.powi(-52))),
            Orientation::CounterClockwise
        );
        assert_eq!(
            orientation(p(0.0, 0.0), p(1e-300, 3e-300), p(1e-300, 1.0)),
            Orientation::CounterClockwise
        );
    }

    #[test]
    fn products_of_two_tiny_differences() {
        // det = 1e-320 * 1e-320 (the other product is 0): below f64's range
        // even after scaling the largest coordinate (1) up to 2^496, so only
        // the exact sum of products gets it right.
        let t = 1e-320;
        assert_eq!(
            orientation(p(0.0, 0.0), p(t, 1.0), p(0.0, t)),
            Orientation::CounterClockwise
        );
        assert_eq!(
            orientation(p(0.0, 0.0), p(-t, 1.0), p(0.0, t)),
            Orientation::Clockwise
        );
        // And cancelling to exactly 0: (t, t) on the line through 0 and (1, 1).
        assert_eq!(
            orientation(p(0.0, 0.0), p(1.0, 1.0), p(t, t)),
            Orientation::Collinear
        );
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
