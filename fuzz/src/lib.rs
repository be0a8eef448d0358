//! Shared input generators and oracles for clearway's fuzz targets.
//!
//! Inputs are decoded from the fuzzer's bytes with `arbitrary`. Coordinates
//! mix a small integer grid (exact touches, collinear cases), fine binary
//! fractions, and raw `f64` values, on top of an offset from the origin (0,
//! 1e6, 1e7, 1e12, near 1e15), so the fuzzer reaches the far-from-origin and
//! nearly-parallel cases the kernel is built for.
//!
//! The exact oracles are the test suite's own rational twins, from the
//! `clearway-test-support` crate (`exact`, `exact3`): they share nothing
//! with the library; `exact_obstacle` and `exact_obstacle3` beside them
//! measure a loaded obstacle with them.
//!
//! Each target's input type and checks live here, not in
//! `fuzz_targets/`, so that the library's test suite
//! (`crates/clearway/tests/it/fuzz_targets.rs`) includes this file by path and
//! runs every target's checks over the committed inputs without libFuzzer.
//! The `geometry`, `clearance` and `live_events` inputs start with one byte
//! whose low bit chooses the dimension: 0 flat, 1 with height.

#![allow(missing_docs)]

use arbitrary::{Arbitrary, Unstructured};

pub use clearway_test_support::{exact, exact_obstacle, exact_obstacle3, exact3};

pub mod clearance;
pub mod clearance2;
pub mod clearance3;
pub mod geometry;
pub mod geometry2;
pub mod geometry3;
pub mod live_events;
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
/// `ulps` units in the last place of coordinate `axis`: a point on, or a
/// hair off, the segment. Written once for both dimensions; a coordinate
/// that is not finite becomes 0.
pub fn near<const N: usize>(a: [f64; N], b: [f64; N], t: u16, axis: usize, ulps: i8) -> [f64; N] {
    let t = f64::from(t) / 65535.0;
    let mut p: [f64; N] = std::array::from_fn(|k| a[k] + (b[k] - a[k]) * t);
    for _ in 0..ulps.unsigned_abs() {
        p[axis] = if ulps > 0 {
            p[axis].next_up()
        } else {
            p[axis].next_down()
        };
    }
    p.map(|v| if v.is_finite() { v } else { 0.0 })
}

/// [`near`] in the plane, moved `dy_ulps` in y.
pub fn near_point(a: (f64, f64), b: (f64, f64), t: u16, dy_ulps: i8) -> (f64, f64) {
    let [x, y] = near([a.0, a.1], [b.0, b.1], t, 1, dy_ulps);
    (x, y)
}

/// [`near`] in space, moved along axis `axis % 3`.
pub fn near_point3(
    a: (f64, f64, f64),
    b: (f64, f64, f64),
    t: u16,
    axis: u8,
    ulps: i8,
) -> (f64, f64, f64) {
    let [x, y, z] = near(
        [a.0, a.1, a.2],
        [b.0, b.1, b.2],
        t,
        usize::from(axis % 3),
        ulps,
    );
    (x, y, z)
}

/// Edges between `n` nodes from raw pairs of indices: each end taken
/// modulo `n`, and an edge from a node to itself sent on to the next node.
pub fn edges_between(pairs: Vec<(u8, u8)>, n: usize) -> Vec<(usize, usize)> {
    pairs
        .into_iter()
        .map(|(f, t)| {
            let f = usize::from(f) % n;
            let t = usize::from(t) % n;
            (f, if t == f { (f + 1) % n } else { t })
        })
        .collect()
}

/// The RON text of a level, flat or with height: its nodes' positions (as
/// written), its edges and one line for each obstacle.
pub fn level_text(nodes: &[String], edges: &[(usize, usize)], obstacles: &[String]) -> String {
    let mut text = String::from("Map(\n  nodes: [\n");
    for (i, pos) in nodes.iter().enumerate() {
        text.push_str(&format!("    (id: {i}, pos: {pos}),\n"));
    }
    text.push_str("  ],\n  edges: [\n");
    for &(f, t) in edges {
        text.push_str(&format!("    (from: {f}, to: {t}),\n"));
    }
    text.push_str("  ],\n  obstacles: [\n");
    for line in obstacles {
        text.push_str(&format!("    {line},\n"));
    }
    text.push_str("  ],\n)\n");
    text
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

/// The largest magnitude among some coordinates.
fn largest(coordinates: impl IntoIterator<Item = f64>) -> f64 {
    coordinates.into_iter().fold(0.0_f64, |m, v| m.max(v.abs()))
}

/// The largest magnitude among some points in space.
pub fn magnitude3(points: &[(f64, f64, f64)]) -> f64 {
    largest(points.iter().flat_map(|p| [p.0, p.1, p.2]))
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
    largest(points.iter().flat_map(|p| [p.0, p.1]))
}
