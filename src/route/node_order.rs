//! The order the route searches keep nodes in: along a Hilbert curve over
//! their positions, so that nodes near each other on the level are near
//! each other in memory. A search explores a region of the level; in this
//! order the region's nodes, their arcs and their scores share cache lines
//! and pages, where in file order (often row by row) each step to the next
//! row lands a whole row away.

use crate::geometry::Point;

/// The curve's resolution: positions are snapped to a 2^16 x 2^16 lattice
/// over the nodes' bounding box. Nodes in one lattice cell keep file order.
const BITS: u32 = 16;

/// The nodes (indices into `positions`) in Hilbert-curve order, ties in
/// index order.
pub(crate) fn hilbert_order(positions: &[Point]) -> Vec<u32> {
    let Some(first) = positions.first() else {
        return Vec::new();
    };
    let (mut lo, mut hi) = (*first, *first);
    for p in positions {
        lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
        hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
    }
    let side = (hi.x - lo.x).max(hi.y - lo.y);
    let cells = f64::from((1u32 << BITS) - 1);
    // One scale for both axes keeps the cells square. A single position
    // (side 0) puts every node in cell (0, 0).
    let scale = if side > 0.0 { cells / side } else { 0.0 };
    let snap = |v: f64, from: f64| ((v - from) * scale).clamp(0.0, cells) as u32;
    let mut keyed: Vec<(u64, u32)> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| (hilbert_index(snap(p.x, lo.x), snap(p.y, lo.y)), i as u32))
        .collect();
    keyed.sort_unstable();
    keyed.into_iter().map(|(_, i)| i).collect()
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

    /// On a full 2^k x 2^k lattice of points, each node in the order is a
    /// unit step from the one before it: the defining property of the curve.
    #[test]
    fn a_square_lattice_is_walked_in_unit_steps() {
        for k in 1..=5 {
            let side = 1usize << k;
            // Row by row, as files often list a grid; side - 1 spans the
            // box, so the lattice cells are multiples of the same step.
            let positions: Vec<Point> = (0..side * side)
                .map(|i| Point::new((i % side) as f64, (i / side) as f64))
                .collect();
            let order = hilbert_order(&positions);
            let mut seen = vec![false; order.len()];
            for &i in &order {
                assert!(!std::mem::replace(&mut seen[i as usize], true));
            }
            assert!(seen.iter().all(|&s| s));
            for pair in order.windows(2) {
                let (a, b) = (positions[pair[0] as usize], positions[pair[1] as usize]);
                assert_eq!((a - b).length_2(), 1.0, "side {side}: {a:?} -> {b:?}");
            }
        }
    }

    #[test]
    fn coincident_and_single_nodes_keep_file_order() {
        let p = Point::new(1e15, -1e15);
        assert_eq!(hilbert_order(&[p, p, p]), vec![0, 1, 2]);
        assert_eq!(hilbert_order(&[p]), vec![0]);
        assert!(hilbert_order(&[]).is_empty());
    }
}
