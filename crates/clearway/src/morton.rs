//! Morton (Z-order) keys for points in space: a point's place along the
//! Z-order curve through a 2^21 x 2^21 x 2^21 lattice laid over a bounding
//! box, the 3D twin of [`crate::hilbert`]. Sorting by the key puts things
//! that are near each other in the level near each other in the list, which
//! is what the 3D obstacle index's buckets and the 3D route searches' node
//! order are built on. (Z-order jumps more often than a Hilbert curve, which
//! costs a little box overlap, never correctness.)

use crate::geometry::Point3;

/// The curve's resolution: 2^21 lattice cells a side, 63 bits a key.
const BITS: u32 = 21;

/// The lattice over one bounding box, turning points into keys.
#[derive(Clone, Copy, Debug)]
pub struct MortonGrid {
    lower: Point3,
    /// Lattice cells per unit length, the same on every axis so cells are
    /// cubes; 0 when the box is a single point.
    scale: f64,
}

impl MortonGrid {
    /// The lattice over the box around `points` (all finite); `None` when
    /// there are none.
    pub fn around(points: impl IntoIterator<Item = Point3>) -> Option<MortonGrid> {
        let mut points = points.into_iter();
        let first = points.next()?;
        let (mut lo, mut hi) = (first, first);
        for p in points {
            lo = Point3::new(lo.x.min(p.x), lo.y.min(p.y), lo.z.min(p.z));
            hi = Point3::new(hi.x.max(p.x), hi.y.max(p.y), hi.z.max(p.z));
        }
        let side = (hi.x - lo.x).max(hi.y - lo.y).max(hi.z - lo.z);
        let cells = f64::from((1u32 << BITS) - 1);
        Some(MortonGrid {
            lower: lo,
            scale: if side > 0.0 { cells / side } else { 0.0 },
        })
    }

    /// The key of `p`; points outside the box are clamped to its faces.
    pub fn key(&self, p: Point3) -> u64 {
        let cells = f64::from((1u32 << BITS) - 1);
        let snap = |v: f64, from: f64| ((v - from) * self.scale).clamp(0.0, cells) as u64;
        spread(snap(p.x, self.lower.x))
            | spread(snap(p.y, self.lower.y)) << 1
            | spread(snap(p.z, self.lower.z)) << 2
    }
}

/// The low 21 bits of `v` spread out to every third bit (bit k to bit 3k).
fn spread(v: u64) -> u64 {
    let mut x = v & 0x1f_ffff;
    x = (x | x << 32) & 0x001f_0000_0000_ffff;
    x = (x | x << 16) & 0x001f_0000_ff00_00ff;
    x = (x | x << 8) & 0x100f_00f0_0f00_f00f;
    x = (x | x << 4) & 0x10c3_0c30_c30c_30c3;
    x = (x | x << 2) & 0x1249_2492_4924_9249;
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spreading_puts_bit_k_at_bit_3k() {
        for k in 0..BITS {
            assert_eq!(spread(1 << k), 1 << (3 * k), "bit {k}");
        }
        assert_eq!(spread(0x1f_ffff).count_ones(), BITS);
    }

    /// On a 2^k cube of lattice points, keys are distinct and the first
    /// eight in key order are the unit cube at the origin, x fastest.
    #[test]
    fn a_lattice_is_walked_in_z_order() {
        let side = 4usize;
        let mut points: Vec<Point3> = (0..side * side * side)
            .map(|i| {
                Point3::new(
                    (i % side) as f64,
                    (i / side % side) as f64,
                    (i / side / side) as f64,
                )
            })
            .collect();
        let grid = MortonGrid::around(points.iter().copied()).unwrap();
        points.sort_by_key(|&p| grid.key(p));
        let mut keys: Vec<u64> = points.iter().map(|&p| grid.key(p)).collect();
        keys.dedup();
        assert_eq!(keys.len(), side * side * side);
        let first: Vec<(f64, f64, f64)> = points[..8].iter().map(|p| (p.x, p.y, p.z)).collect();
        assert_eq!(
            first,
            [
                (0.0, 0.0, 0.0),
                (1.0, 0.0, 0.0),
                (0.0, 1.0, 0.0),
                (1.0, 1.0, 0.0),
                (0.0, 0.0, 1.0),
                (1.0, 0.0, 1.0),
                (0.0, 1.0, 1.0),
                (1.0, 1.0, 1.0),
            ]
        );
    }

    #[test]
    fn a_single_point_and_none() {
        let p = Point3::new(1e15, -1e15, 3.0);
        let grid = MortonGrid::around([p, p]).unwrap();
        assert_eq!(grid.key(p), 0);
        assert_eq!(grid.key(Point3::new(-1e15, 1e15, 0.0)), 0);
        assert!(MortonGrid::around(std::iter::empty()).is_none());
    }
}
