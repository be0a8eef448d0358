//! Hilbert-curve keys for points: a point's distance along a Hilbert curve
//! through a 2^16 x 2^16 lattice laid over a bounding box. Sorting by the key
//! puts things that are near each other on the level near each other in the
//! list, which is what the route searches' node order and the obstacle
//! index's buckets are built on.

use crate::geometry::Point;

/// The curve's resolution: 2^16 lattice cells a side.
const BITS: u32 = 16;

/// The lattice over one bounding box, turning points into keys.
#[derive(Clone, Copy, Debug)]
pub struct HilbertGrid {
    lower: Point,
    /// Lattice cells per unit length, the same on both axes so cells are
    /// square; 0 when the box is a single point.
    scale: f64,
}

impl HilbertGrid {
    /// The lattice over the box around `points` (all finite); `None` when
    /// there are none.
    pub fn around(points: impl IntoIterator<Item = Point>) -> Option<HilbertGrid> {
        let mut points = points.into_iter();
        let first = points.next()?;
        let (mut lo, mut hi) = (first, first);
        for p in points {
            lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
            hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
        }
        let side = (hi.x - lo.x).max(hi.y - lo.y);
        let cells = f64::from((1u32 << BITS) - 1);
        Some(HilbertGrid {
            lower: lo,
            scale: if side > 0.0 { cells / side } else { 0.0 },
        })
    }

    /// The key of `p`; points outside the box are clamped to its edge.
    pub fn key(&self, p: Point) -> u64 {
        let cells = f64::from((1u32 << BITS) - 1);
        let snap = |v: f64, from: f64| ((v - from) * self.scale).clamp(0.0, cells) as u32;
        hilbert_index(snap(p.x, self.lower.x), snap(p.y, self.lower.y))
    }
}

/// The distance along the Hilbert curve of lattice cell `(x, y)`, both below
/// 2^16: the same number as [`hilbert_index_by_quadrants`], without its 16
/// rounds of data-dependent branches, which cost about 50 ns a key and were
/// the largest part of cutting 5 million points into buckets.
///
/// The quadrant walk turns the frame at every level by the transforms of the
/// levels above; each transform is one of four (identity, swap, flip both,
/// swap and flip), kept as two bit masks. Composing them down the 16 levels
/// is a prefix scan, done for all bits at once in four doubling rounds
/// (shifts by 1, 2, 4, 8), after which every bit of the index follows from
/// its level's quadrant and the transform in force there. This is the
/// well-known branch-free formulation of the same curve (after Fabian
/// Giesen's and others' published versions); the test
/// `the_prefix_scan_is_the_quadrant_walk` checks it against the walk.
fn hilbert_index(x: u32, y: u32) -> u64 {
    const ONES: u32 = 0xFFFF;
    let (x, y) = (x & ONES, y & ONES);
    let (mut big_a, mut big_b, mut big_c, mut big_d);
    {
        let a = x ^ y;
        let b = ONES ^ a;
        let c = ONES ^ (x | y);
        let d = x & (y ^ ONES);
        big_a = a | (b >> 1);
        big_b = (a >> 1) ^ a;
        big_c = ((c >> 1) ^ (b & (d >> 1))) ^ c;
        big_d = ((a & (c >> 1)) ^ (d >> 1)) ^ d;
    }
    for shift in [2, 4] {
        let (a, b, c, d) = (big_a, big_b, big_c, big_d);
        big_a = (a & (a >> shift)) ^ (b & (b >> shift));
        big_b = (a & (b >> shift)) ^ (b & ((a ^ b) >> shift));
        big_c ^= (a & (c >> shift)) ^ (b & (d >> shift));
        big_d ^= (b & (c >> shift)) ^ ((a ^ b) & (d >> shift));
    }
    {
        let (a, b, c, d) = (big_a, big_b, big_c, big_d);
        big_c ^= (a & (c >> 8)) ^ (b & (d >> 8));
        big_d ^= (b & (c >> 8)) ^ ((a ^ b) & (d >> 8));
    }
    let a = big_c ^ (big_c >> 1);
    let b = big_d ^ (big_d >> 1);
    let i0 = x ^ y;
    let i1 = b | (ONES ^ (i0 | a));
    (interleave(i1) << 1) | interleave(i0)
}

/// The 16 low bits of `v` spread to the even bits of a 32-bit number.
fn interleave(v: u32) -> u64 {
    let mut v = u64::from(v & 0xFFFF);
    v = (v | (v << 8)) & 0x00FF_00FF;
    v = (v | (v << 4)) & 0x0F0F_0F0F;
    v = (v | (v << 2)) & 0x3333_3333;
    v = (v | (v << 1)) & 0x5555_5555;
    v
}

/// The distance along the Hilbert curve of lattice cell `(x, y)`, both below
/// 2^16 (the textbook `xy2d`: one quadrant choice per bit, from the top,
/// turning the frame so that each quadrant's curve joins the next). The
/// slow twin of [`hilbert_index`].
#[cfg(test)]
fn hilbert_index_by_quadrants(mut x: u32, mut y: u32) -> u64 {
    let n = 1u32 << BITS;
    let mut d = 0u64;
    let mut s = n / 2;
    while s > 0 {
        let rx = u32::from(x & s != 0);
        let ry = u32::from(y & s != 0);
        d += u64::from(s) * u64::from(s) * u64::from((3 * rx) ^ ry);
        if ry == 0 {
            if rx == 1 {
                x = n - 1 - x;
                y = n - 1 - y;
            }
            std::mem::swap(&mut x, &mut y);
        }
        s /= 2;
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_quadrants_follow_the_curve() {
        // At the top level the curve visits (0,0), (0,1), (1,1), (1,0) in
        // quadrants: lower left, upper left, upper right, lower right.
        let half = 1u32 << (BITS - 1);
        let quarter = 1u64 << (2 * BITS - 2);
        assert_eq!(hilbert_index(0, 0), 0);
        assert_eq!(hilbert_index(0, half) / quarter, 1);
        assert_eq!(hilbert_index(half, half) / quarter, 2);
        assert_eq!(hilbert_index(half, 0) / quarter, 3);
    }

    /// On a full 2^k x 2^k lattice of points, sorting by key walks from
    /// each point to a neighbour one unit away: the defining property of
    /// the curve.
    #[test]
    fn a_square_lattice_is_walked_in_unit_steps() {
        for k in 1..=5 {
            let side = 1usize << k;
            // Row by row; side - 1 spans the box, so the lattice cells are
            // multiples of the same step.
            let mut points: Vec<Point> = (0..side * side)
                .map(|i| Point::new((i % side) as f64, (i / side) as f64))
                .collect();
            let grid = HilbertGrid::around(points.iter().copied()).unwrap();
            points.sort_by_key(|&p| grid.key(p));
            for pair in points.windows(2) {
                assert_eq!((pair[0] - pair[1]).length_2(), 1.0, "side {side}");
            }
        }
    }

    /// The branch-free index is the quadrant walk's, on every cell of a
    /// 256 x 256 corner, along the lattice's edges and on seeded random cells.
    #[test]
    fn the_prefix_scan_is_the_quadrant_walk() {
        let top = (1u32 << BITS) - 1;
        let mut cells: Vec<(u32, u32)> = (0..256 * 256).map(|i| (i % 256, i / 256)).collect();
        for v in 0..=top {
            cells.extend([(v, 0), (0, v), (v, top), (top, v), (v, v), (v, top - v)]);
        }
        let mut rng = clearway_synth::SplitMix64::new(0x17);
        for _ in 0..200_000 {
            let r = rng.next_u64();
            cells.push(((r as u32) & top, ((r >> 32) as u32) & top));
        }
        for (x, y) in cells {
            assert_eq!(
                hilbert_index(x, y),
                hilbert_index_by_quadrants(x, y),
                "({x}, {y})"
            );
        }
    }

    #[test]
    fn a_single_point_and_none() {
        let p = Point::new(1e15, -1e15);
        let grid = HilbertGrid::around([p, p]).unwrap();
        assert_eq!(grid.key(p), 0);
        // Outside the box: clamped, never a panic.
        assert_eq!(grid.key(Point::new(-1e15, 1e15)), 0);
        assert!(HilbertGrid::around(std::iter::empty()).is_none());
    }
}
