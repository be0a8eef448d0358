//! Shared input generators and oracles for clearway's fuzz targets.
//!
//! Inputs are decoded from the fuzzer's bytes with `arbitrary`. Coordinates
//! mix a small integer grid (exact touches, collinear cases), fine binary
//! fractions, and raw `f64` values, on top of an offset from the origin (0,
//! 1e6, 1e7, 1e12, near 1e15), so the fuzzer reaches the far-from-origin and
//! nearly-parallel cases the kernel is built for.
//!
//! The exact oracles are the test suite's own rational twins,
//! `crates/clearway-test-support/src/exact.rs` and `exact3.rs`, included by
//! path: they share nothing with the library; `exact_obstacle.rs` and
//! `exact_obstacle3.rs` beside them (also by path) measure a loaded
//! obstacle with them.
//!
//! Each target's input type and checks live here, not in
//! `fuzz_targets/`, so that the library's test suite
//! (`crates/clearway/tests/fuzz_targets.rs`) includes this file by path and
//! runs every target's checks over the committed inputs without libFuzzer.
//! The `geometry` and `clearance` inputs start with one byte whose low bit
//! chooses the dimension: 0 flat, 1 with height.

#![allow(missing_docs)]

use arbitrary::{Arbitrary, Unstructured};

#[path = "../../crates/clearway-test-support/src/exact.rs"]
#[allow(dead_code)]
pub mod exact;

#[path = "../../crates/clearway-test-support/src/exact_obstacle.rs"]
#[allow(dead_code)]
pub mod exact_obstacle;

#[path = "../../crates/clearway-test-support/src/exact3.rs"]
#[allow(dead_code)]
pub mod exact3;

#[path = "../../crates/clearway-test-support/src/exact_obstacle3.rs"]
#[allow(dead_code)]
pub mod exact_obstacle3;

pub mod clearance;
pub mod clearance2;
pub mod clearance3;
pub mod geometry;
pub mod geometry2;
pub mod geometry3;
pub mod load;
pub mod parse;

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

/// A point in space, relative to the frame.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub struct LocalPoint3(pub Local, pub Local, pub Local);

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

    pub fn at3(self, p: LocalPoint3) -> (f64, f64, f64) {
        (self.coord(p.0), self.coord(p.1), self.coord(p.2))
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

/// A point on segment a-b at parameter `t / 65535`, rounded, then moved
/// `ulps` units in the last place of one coordinate (`axis % 3`): a point
/// on, or a hair off, the segment.
pub fn near_point3(
    a: (f64, f64, f64),
    b: (f64, f64, f64),
    t: u16,
    axis: u8,
    ulps: i8,
) -> (f64, f64, f64) {
    let t = f64::from(t) / 65535.0;
    let mut p = [
        a.0 + (b.0 - a.0) * t,
        a.1 + (b.1 - a.1) * t,
        a.2 + (b.2 - a.2) * t,
    ];
    let k = usize::from(axis % 3);
    for _ in 0..ulps.unsigned_abs() {
        p[k] = if ulps > 0 {
            p[k].next_up()
        } else {
            p[k].next_down()
        };
    }
    let ok = |v: f64| if v.is_finite() { v } else { 0.0 };
    (ok(p[0]), ok(p[1]), ok(p[2]))
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

/// The largest magnitude among some points in space.
pub fn magnitude3(points: &[(f64, f64, f64)]) -> f64 {
    points.iter().fold(0.0_f64, |m, p| {
        m.max(p.0.abs()).max(p.1.abs()).max(p.2.abs())
    })
}

/// Decodes a target's input from raw fuzzer bytes exactly as
/// `libfuzzer_sys::fuzz_target!` does (`arbitrary_take_rest` over the whole
/// input); `None` where the fuzzer would skip the input.
pub fn decode<'a, T: Arbitrary<'a>>(bytes: &'a [u8]) -> Option<T> {
    if bytes.len() < T::size_hint(0).0 {
        return None;
    }
    T::arbitrary_take_rest(Unstructured::new(bytes)).ok()
}

/// The largest magnitude among some points.
pub fn magnitude(points: &[(f64, f64)]) -> f64 {
    points
        .iter()
        .fold(0.0_f64, |m, p| m.max(p.0.abs()).max(p.1.abs()))
}
