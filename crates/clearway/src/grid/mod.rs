//! Levels from grids: tile maps whose cells are free or solid.
//!
//! Most 2D games define collision with tiles, and pathfinding benchmarks use
//! plain grid maps (the Moving AI format,
//! [`parse_movingai_bytes_with_areas`]). A [`Grid`] is
//! turned into a level by [`grid_map`]: a node at the centre of every free
//! cell, edges between neighbouring free cells, and the solid cells merged
//! into few rectangles ([`Grid::solid_rectangles`]).
//!
//! The layout is a contract (see `docs/MAP_FORMAT.md`): cell (col, row) of a
//! grid `width` x `height`, row 0 at the top, becomes node id
//! `row * width + col` at `((col + 0.5) * s, (height - row - 0.5) * s)` for a
//! cell size `s`: y points up, as in Tiled's bottom-left convention.
//!
//! ```
//! use clearway::grid::{Connectivity, Grid, GridOptions, grid_map};
//! use clearway::Clearances;
//! // . . .
//! // . @ .      one solid cell in the middle
//! // . . .
//! let mut grid = Grid::new(3, 3);
//! grid.set_solid(1, 1, true);
//! let map = grid_map(&grid, &GridOptions::new(Connectivity::Eight)).unwrap();
//! assert_eq!(map.nodes().len(), 8);
//! assert_eq!(map.nodes()[0].id, 0); // cell (0, 0), the top-left
//! assert_eq!((map.nodes()[0].pos.x, map.nodes()[0].pos.y), (0.5, 2.5));
//! // 8 orthogonal edges around the ring, and 4 diagonals that each pass a
//! // corner of the solid cell: those touch it, so their clearance is 0.
//! assert_eq!(map.edges().len(), 12);
//! let clearances = Clearances::compute(&map);
//! let touching = (0..12).filter(|&e| clearances.edges()[e].value == 0.0).count();
//! assert_eq!(touching, 4);
//! ```

mod areas;
mod components;
mod level;
mod level_text;
mod movingai;
#[cfg(test)]
mod random_grid;
mod rectangles;

pub use level::{Connectivity, GridError, GridOptions, grid_map};
pub use level_text::GridLevelText;
#[cfg(feature = "test-twins")]
pub use movingai::parse_movingai;
pub use movingai::parse_movingai_bytes_with_areas;
#[cfg(feature = "test-twins")]
pub use rectangles::CellRect;

/// A rectangular grid of cells, each free or solid. Row 0 is the top row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    width: usize,
    height: usize,
    solid: Vec<bool>,
    /// Each cell's area, 1 + its index in `area_names`, 0 for none; empty
    /// while no cell has one.
    cell_area: Vec<u16>,
    /// The areas' names, in the order first given.
    area_names: Vec<String>,
}

impl Grid {
    /// A grid of free cells.
    pub fn new(width: usize, height: usize) -> Grid {
        Grid {
            width,
            height,
            solid: vec![false; width * height],
            cell_area: Vec::new(),
            area_names: Vec::new(),
        }
    }

    twin_pub! {
        /// A grid from rows of characters, top row first; `solid` says which
        /// characters are solid. `None` when the rows differ in length.
        fn from_rows(rows: &[&str], solid: impl Fn(char) -> bool) -> Option<Grid> {
            let width = rows.first().map_or(0, |r| r.chars().count());
            let mut grid = Grid::new(width, rows.len());
            for (row, text) in rows.iter().enumerate() {
                if text.chars().count() != width {
                    return None;
                }
                for (col, c) in text.chars().enumerate() {
                    grid.set_solid(col, row, solid(c));
                }
            }
            Some(grid)
        }
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether cell (col, row) is solid; cells outside the grid are not.
    pub fn is_solid(&self, col: usize, row: usize) -> bool {
        col < self.width && row < self.height && self.solid[row * self.width + col]
    }

    /// Marks cell (col, row) solid or free.
    ///
    /// # Panics
    /// When the cell is outside the grid.
    pub fn set_solid(&mut self, col: usize, row: usize, solid: bool) {
        assert!(
            col < self.width && row < self.height,
            "cell outside the grid"
        );
        self.solid[row * self.width + col] = solid;
    }

    /// How many cells are solid.
    pub fn solid_count(&self) -> usize {
        self.solid.iter().filter(|&&s| s).count()
    }
}
