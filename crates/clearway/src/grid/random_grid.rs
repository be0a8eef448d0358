//! Random small grids for the grid module's property tests.

use proptest::prelude::*;

use super::Grid;

/// A grid of 0 to 6 cells each way, each cell solid or free at random.
pub fn random_grid() -> impl Strategy<Value = Grid> {
    (
        0usize..7,
        0usize..7,
        proptest::collection::vec(any::<bool>(), 49),
    )
        .prop_map(|(w, h, bits)| {
            let mut grid = Grid::new(w, h);
            for row in 0..h {
                for col in 0..w {
                    grid.set_solid(col, row, bits[row * 7 + col]);
                }
            }
            grid
        })
}
