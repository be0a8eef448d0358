//! Shared input generators and oracles for clearway's fuzz targets.
//!
//! Inputs are decoded from the fuzzer's bytes with `arbitrary`. Coordinates
//! mix a small integer grid (exact touches, collinear cases), fine binary
//! fractions, and raw `f64` values, on top of an offset from the origin (0,
//! 1e6, 1e7, 1e12, near 1e15), so the fuzzer reaches the far-from-origin and
//! nearly-parallel cases the kernel is built for.
//!
//! The exact oracle is the test suite's own rational twin,
//! `crates/clearway-test-support/src/exact.rs`, included by path: it shares
//! nothing with the library; `exact_obstacle.rs` beside it (also by path)
//! measures a loaded obstacle with it.

#![allow(missing_docs)]

use arbitrary::{Arbitrary, Unstructured};

#[path = "../../crates/clearway-test-support/src/exact.rs"]
#[allow(dead_code)]
pub mod exact;

#[path = "../../crates/clearway-test-support/src/exact_obstacle.rs"]
#[allow(dead_code)]
pub mod exact_obstacle;

/// The loader's coordinate limit (docs/MAP_FORMAT.md).
pub const LIMIT: f64 = 1e15;

/// One coordinate relative to the frame's offset.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub enum Local {
    /// An integer in -8..=7.
    Grid(i8),
    /// A binary fraction `n / 2^k`, k in 0..32.
    Fine(i32, u8),
    /// Any bit pattern (NaN and infinities are mapped to 0).
    Raw(f64),
}

impl Local {
    pub fn value(self) -> f64 {
        match self {
            Local::Grid(v) => f64::from(v.rem_euclid(16) - 8),
            Local::Fine(n, k) => f64::from(n) / f64::from(1u32 << (k % 32)),
            Local::Raw(v) if v.is_finite() => v,
            Local::Raw(_) => 0.0,
        }
    }
}

/// Where the shapes sit.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub enum Offset {
    Origin,
    Million,
    TenMillion,
    NegTenMillionHalf,
    Trillion,
    NearLimit,
    NegNearLimit,
}

impl Offset {
    pub fn value(self) -> f64 {
        match self {
            Offset::Origin => 0.0,
            Offset::Million => 1e6,
            Offset::TenMillion => 1e7,
            Offset::NegTenMillionHalf => -1e7 - 0.5,
            Offset::Trillion => 1e12,
            Offset::NearLimit => 1e15 - 1024.0,
            Offset::NegNearLimit => -1e15 + 1024.0,
        }
    }
}

/// A point, relative to the frame.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub struct LocalPoint(pub Local, pub Local);

/// A frame: an offset and whether raw values are clamped into the loader's
/// coordinate range.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    pub offset: f64,
    pub clamp: bool,
}

impl Frame {
    pub fn at(self, p: LocalPoint) -> (f64, f64) {
        (self.coord(p.0), self.coord(p.1))
    }

    fn coord(self, l: Local) -> f64 {
        let v = self.offset + l.value();
        let v = if v.is_finite() { v } else { l.value() };
        if self.clamp {
            v.clamp(-LIMIT, LIMIT)
        } else {
            v
        }
    }
}

/// A point on segment a-b at parameter `t / 65535`, rounded, then moved
/// `dy_ulps` units in the last place of its y coordinate: a point on, or a
/// hair off, the segment.
pub fn near_point(a: (f64, f64), b: (f64, f64), t: u16, dy_ulps: i8) -> (f64, f64) {
    let t = f64::from(t) / 65535.0;
    let x = a.0 + (b.0 - a.0) * t;
    let mut y = a.1 + (b.1 - a.1) * t;
    for _ in 0..dy_ulps.unsigned_abs() {
        y = if dy_ulps > 0 {
            y.next_up()
        } else {
            y.next_down()
        };
    }
    let ok = |v: f64| if v.is_finite() { v } else { 0.0 };
    (ok(x), ok(y))
}

/// Reads a list of at most `max` items.
pub fn list<'a, T: Arbitrary<'a>>(
    u: &mut Unstructured<'a>,
    min: usize,
    max: usize,
) -> arbitrary::Result<Vec<T>> {
    let n = u.int_in_range(min..=max)?;
    (0..n).map(|_| T::arbitrary(u)).collect()
}

/// The largest magnitude among some points.
pub fn magnitude(points: &[(f64, f64)]) -> f64 {
    points
        .iter()
        .fold(0.0_f64, |m, p| m.max(p.0.abs()).max(p.1.abs()))
}
