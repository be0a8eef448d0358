//! Merging solid cells into rectangles, so that a 1000 x 1000 grid becomes a
//! few thousand obstacles rather than a million squares.
//!
//! The merge cannot change a clearance: the rectangles cover exactly the
//! solid cells, and the distance to a union of shapes is the least distance
//! to any of them (the tests compare it with one square per cell).

use super::Grid;
use crate::geometry::Point;

/// A rectangle of cells: columns `col .. col + width`, rows `row .. row + height`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellRect {
    /// The leftmost column.
    pub col: usize,
    /// The top row.
    pub row: usize,
    /// How many columns.
    pub width: usize,
    /// How many rows.
    pub height: usize,
}

impl CellRect {
    /// The rectangle's corners in level coordinates, counter-clockwise from
    /// the bottom-left, for a grid `grid_height` rows high with cells of side
    /// `cell_size` laid out as [`super::grid_map`] lays them (y up, row 0 at
    /// the top).
    pub(crate) fn corners(&self, grid_height: usize, cell_size: f64) -> [Point; 4] {
        let s = cell_size;
        let (x0, x1) = (self.col as f64 * s, (self.col + self.width) as f64 * s);
        let (y0, y1) = (
            (grid_height - self.row - self.height) as f64 * s,
            (grid_height - self.row) as f64 * s,
        );
        [
            Point::new(x0, y0),
            Point::new(x1, y0),
            Point::new(x1, y1),
            Point::new(x0, y1),
        ]
    }
}

impl Grid {
    twin_pub! {
        /// The solid cells as disjoint rectangles that cover exactly them.
        ///
        /// Greedy, in row-major order: from each solid cell not yet covered, the
        /// run of solid cells to its right, then as many rows below as have the
        /// same run solid and uncovered. Deterministic; not always the fewest
        /// rectangles, but a run of walls or a room of rock is one rectangle.
        ///
        /// ```
        /// use clearway::grid::{CellRect, Grid};
        /// let grid = Grid::from_rows(&["##.", "##.", "..#"], |c| c == '#').unwrap();
        /// assert_eq!(grid.solid_rectangles(), [
        ///     CellRect { col: 0, row: 0, width: 2, height: 2 },
        ///     CellRect { col: 2, row: 2, width: 1, height: 1 },
        /// ]);
        /// ```
        fn solid_rectangles(&self) -> Vec<CellRect> {
            let (w, h) = (self.width, self.height);
            let mut covered = vec![false; w * h];
            let free = |covered: &[bool], col: usize, row: usize| {
                !self.solid[row * w + col] || covered[row * w + col]
            };
            let mut out = Vec::new();
            for row in 0..h {
                let mut col = 0;
                while col < w {
                    if free(&covered, col, row) {
                        col += 1;
                        continue;
                    }
                    let mut end = col + 1;
                    while end < w && !free(&covered, end, row) {
                        end += 1;
                    }
                    let mut bottom = row + 1;
                    while bottom < h && (col..end).all(|c| !free(&covered, c, bottom)) {
                        bottom += 1;
                    }
                    for r in row..bottom {
                        covered[r * w + col..r * w + end].fill(true);
                    }
                    out.push(CellRect {
                        col,
                        row,
                        width: end - col,
                        height: bottom - row,
                    });
                    col = end;
                }
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The rectangles are disjoint and cover exactly the solid cells.
        #[test]
        fn rectangles_cover_exactly_the_solid_cells(
            w in 1usize..12, h in 1usize..12, bits in proptest::collection::vec(any::<bool>(), 144)
        ) {
            let mut grid = Grid::new(w, h);
            for row in 0..h {
                for col in 0..w {
                    grid.set_solid(col, row, bits[row * 12 + col]);
                }
            }
            let mut count = vec![0u32; w * h];
            for r in grid.solid_rectangles() {
                prop_assert!(r.width > 0 && r.height > 0);
                for row in r.row..r.row + r.height {
                    for col in r.col..r.col + r.width {
                        count[row * w + col] += 1;
                    }
                }
            }
            for row in 0..h {
                for col in 0..w {
                    prop_assert_eq!(count[row * w + col], u32::from(grid.is_solid(col, row)));
                }
            }
        }
    }

    #[test]
    fn a_full_grid_is_one_rectangle() {
        let grid = Grid::from_rows(&["###"; 4], |_| true).unwrap();
        assert_eq!(
            grid.solid_rectangles(),
            [CellRect {
                col: 0,
                row: 0,
                width: 3,
                height: 4
            }]
        );
        assert!(Grid::new(5, 5).solid_rectangles().is_empty());
    }

    /// Corners counter-clockwise from the bottom-left, y up.
    #[test]
    fn corners_are_in_level_coordinates() {
        let r = CellRect {
            col: 1,
            row: 0,
            width: 2,
            height: 1,
        };
        let c = r.corners(3, 1.0);
        assert_eq!((c[0].x, c[0].y, c[2].x, c[2].y), (1.0, 2.0, 3.0, 3.0));
    }
}
