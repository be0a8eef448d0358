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
/// 2^16 (the textbook `xy2d`: one quadrant choice per bit, from the top,
/// turning the frame so that each quadrant's curve joins the next).
fn hilbert_index(mut x: u32, mut y: u32) -> u64 {
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
