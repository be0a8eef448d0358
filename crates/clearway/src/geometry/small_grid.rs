//! Coordinates on a small common grid, where plain `f64` arithmetic is exact.
//!
//! Tile levels put every wall corner on integers and every node on a cell
//! centre: walls at exactly equal distances and corners touching edges, so
//! orientations come out exactly 0 and the exact predicates' filters fail
//! on almost every edge. But such coordinates need no exact arithmetic at
//! all: [`on_small_grid`] proves, with a few integer operations per
//! coordinate, that every difference, every product of two differences and
//! every sum of two such products is exact in `f64`.
//!
//! # The error argument
//!
//! Let `high` be the binary exponent of the largest coordinate of a query
//! (`2^high <= max |v| < 2^(high + 1)`) and `L = high - 24`. The test
//! admits the query when every coordinate is an integer multiple of `2^L`:
//! then every coordinate is such a multiple below `2^(L + 25)` in
//! magnitude, so:
//!
//! * a difference of two coordinates is a multiple of `2^L` below
//!   `2^(L + 26)`: at most 26 significant bits, exact;
//! * a product of two differences is a multiple of `2^(2 L)` below
//!   `2^(2 L + 52)`: at most 52 bits, exact;
//! * a sum or difference of two such products is a multiple of `2^(2 L)`
//!   below `2^(2 L + 53)`: at most 53 bits, exact.
//!
//! All of this stays clear of underflow and overflow because `L >= -480`
//! and `high <= 480` (every nonzero product lies between `2^-960` and
//! `2^962`). Multiplying these values by a power of two that brings the
//! largest difference into [1, 2) (what [`super::precise::DdVec::scale_all`]
//! does) keeps them multiples of `2^-25` or coarser below 2, so the same
//! holds after scaling.
//!
//! Whether `v` is a multiple of `2^L` is itself decided exactly:
//! `C = 1.5 * 2^(L + 52)` has an ulp of `2^L`, and so has every `f64` in
//! `[2^(L + 52), 2^(L + 53))`, where `v + C` lies for `|v| < 2^(L + 25)`;
//! so `v + C` rounds `v` to the nearest multiple of `2^L`, subtracting `C`
//! again is exact, and `(v + C) - C == v` exactly when `v` is such a
//! multiple. Zeros pass; NaN fails the comparison; an infinite or
//! subnormal largest coordinate fails the bounds on `high`, and a smaller
//! subnormal one is not a multiple of `2^L >= 2^-480`.

/// The binary orders of magnitude between the largest coordinate and the
/// grid's spacing: 25-bit integers, whose products fit an `f64` mantissa.
const SPAN: i32 = 24;

/// Bounds on the grid's spacing and the largest coordinate's exponent that
/// keep every product clear of underflow and overflow (see the module
/// documentation).
const LOWEST: i32 = -480;
const HIGHEST: i32 = 480;

/// Whether every coordinate in `coords` lies on one grid of spacing `2^L`,
/// `L` being 24 below the largest coordinate's binary exponent (see the
/// module documentation): then differences of coordinates, products of two
/// differences and sums of two such products are all exact in plain `f64`
/// arithmetic, and a sign or a tie read from them is the exact one.
#[inline]
pub(crate) fn on_small_grid(coords: &[f64]) -> bool {
    let m = coords.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
    if m == 0.0 {
        // All zeros, or NaN (which `max` passes over) among zeros.
        return coords.iter().all(|&v| v == 0.0);
    }
    let bits = m.to_bits();
    let high = ((bits >> 52) & 0x7ff) as i32 - 1023; // -1023: subnormal
    let low = high - SPAN;
    if !(LOWEST..=HIGHEST).contains(&low) || high > HIGHEST {
        return false;
    }
    // 1.5 * 2^(low + 52): biased exponent low + 52 + 1023, top mantissa bit.
    let c = f64::from_bits((((low + 52 + 1023) as u64) << 52) | (1_u64 << 51));
    // Without short-circuits: a few adds and compares, no branches.
    coords.iter().fold(true, |ok, &v| ok & ((v + c) - c == v))
}

#[cfg(test)]
pub(crate) fn tile_coordinates(n: usize) -> impl proptest::strategy::Strategy<Value = Vec<f64>> {
    use proptest::prelude::*;
    let unit = prop_oneof![Just(1.0), Just(2f64.powi(-20)), Just(2f64.powi(30))];
    let offset = prop_oneof![Just(0.0), Just(1e6), Just(1e7), Just(-1e7 - 0.5)];
    let steps = prop_oneof![-8i32..=8, -80i32..=80];
    (offset, unit, proptest::collection::vec(steps, n))
        .prop_map(|(o, u, n)| n.iter().map(|&n| o + u * f64::from(n) / 2.0).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_coordinates_are_on_a_small_grid() {
        // Cell centres and wall corners of a 2000-cell level.
        assert!(on_small_grid(&[1.5, 287.5, 2.0, 288.0, 1999.5, 0.0]));
        // All zeros: nothing to round.
        assert!(on_small_grid(&[0.0, -0.0]));
        assert!(on_small_grid(&[]));
        // 1e7 + 0.5 needs 25 bits: 2^23 <= 1e7 < 2^24, lowest bit 2^-1.
        assert!(on_small_grid(&[1e7 + 0.5, 1e7]));
        // 1.7e7 + 0.5 needs 26 (2^24 <= 1.7e7): too wide.
        assert!(!on_small_grid(&[1.7e7 + 0.5, 1.0]));
        // 2^-25 next to 1: span 25.
        assert!(!on_small_grid(&[2f64.powi(-25), 1.0]));
        assert!(on_small_grid(&[2f64.powi(-24), 1.0]));
        // Continuous coordinates use all 53 bits.
        assert!(!on_small_grid(&[0.1, 0.0]));
        // Huge and tiny grids, subnormals, non-finite values.
        assert!(on_small_grid(&[2f64.powi(480), 3.0 * 2f64.powi(470)]));
        assert!(!on_small_grid(&[2f64.powi(481)]));
        // The spacing is 2^-480 for a largest coordinate of 2^-456.
        assert!(on_small_grid(&[2f64.powi(-456), 2f64.powi(-480)]));
        assert!(!on_small_grid(&[2f64.powi(-457)]));
        assert!(!on_small_grid(&[f64::from_bits(1)]));
        assert!(!on_small_grid(&[1.0, f64::from_bits(1)]));
        assert!(!on_small_grid(&[f64::INFINITY]));
        assert!(!on_small_grid(&[f64::NAN]));
        assert!(!on_small_grid(&[0.0, f64::NAN]));
        assert!(!on_small_grid(&[1.0, f64::NAN]));
    }

    #[test]
    fn the_arithmetic_it_admits_is_exact() {
        // The widest admitted grid: 25-bit integers. The extreme differences,
        // products and sums, checked against 128-bit integers.
        let top = (1_i64 << 25) - 1;
        let coords = [top as f64, -(top as f64), 1.0, 0.0];
        assert!(on_small_grid(&coords));
        let d = (top as f64) - (-(top as f64));
        assert_eq!(d as i128, 2 * top as i128);
        let p = d * d;
        assert_eq!(p as i128, (2 * top as i128) * (2 * top as i128));
        let s = p - (-p);
        assert_eq!(s as i128, 2 * (2 * top as i128) * (2 * top as i128));
    }
}
