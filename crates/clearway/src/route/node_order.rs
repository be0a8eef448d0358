//! The order the route searches keep nodes in: along a Hilbert curve over
//! their positions, so that nodes near each other on the level are near
//! each other in memory. A search explores a region of the level; in this
//! order the region's nodes, their arcs and their scores share cache lines
//! and pages, where in file order (often row by row) each step to the next
//! row lands a whole row away.

use crate::dimension::Dimension;

/// The nodes (indices into `positions`) in the dimension's curve order
/// (Hilbert in the plane), ties in index order.
pub(crate) fn hilbert_order<D: Dimension>(positions: &[D::Point]) -> Vec<u32> {
    let Some(grid) = D::curve_around(positions.iter().copied()) else {
        return Vec::new();
    };
    let mut keyed: Vec<(u64, u32)> = (0u32..)
        .zip(positions)
        .map(|(i, &p)| (D::curve_key(&grid, p), i))
        .collect();
    keyed.sort_unstable();
    keyed.into_iter().map(|(_, i)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dimension::Plane;
    use crate::geometry::Point;

    /// Row by row in, curve order out: on a 4 x 4 lattice every step is to
    /// a neighbour, and every node appears once.
    #[test]
    fn a_lattice_comes_out_in_unit_steps() {
        let positions: Vec<Point> = (0..16)
            .map(|i| Point::new(f64::from(i % 4), f64::from(i / 4)))
            .collect();
        let order = hilbert_order::<Plane>(&positions);
        let mut seen = order.clone();
        seen.sort_unstable();
        assert_eq!(seen, (0..16).collect::<Vec<u32>>());
        for pair in order.windows(2) {
            let (a, b) = (positions[pair[0] as usize], positions[pair[1] as usize]);
            assert_eq!((a - b).length_2(), 1.0);
        }
    }

    #[test]
    fn coincident_and_single_nodes_keep_file_order() {
        let p = Point::new(1e15, -1e15);
        assert_eq!(hilbert_order::<Plane>(&[p, p, p]), vec![0, 1, 2]);
        assert_eq!(hilbert_order::<Plane>(&[p]), vec![0]);
        assert!(hilbert_order::<Plane>(&[]).is_empty());
    }
}
