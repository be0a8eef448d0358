//! A grid's level written as RON text as it is made, never held whole: a
//! 2000 x 2000 open grid is 4 million nodes and 16 million edges, 0.78 GB of
//! text, where the grid itself is 4 MB.

use std::io::{self, Write};

use crate::map::wire::{AgentEntry, EdgeEntry, NodeEntry, ObstacleEntry};
use crate::map::{MapTextWriter, Node};
use crate::obstacle::Obstacle;

use super::components::passable_components;
use super::level::{Cell, checked_obstacles, later_neighbours, node_id, node_pos};
use super::{Grid, GridError, GridOptions};

/// The level of a grid, checked and ready to write: the text is byte for
/// byte [`grid_map`](super::grid_map)'s level's
/// [`to_ron_string`](crate::Map::to_ron_string), written a line at a time.
///
/// ```
/// use clearway::grid::{Connectivity, Grid, GridLevelText, GridOptions, grid_map};
/// let grid = Grid::from_rows(&["..", ".@"], |c| c == '@').unwrap();
/// let options = GridOptions::new(Connectivity::Eight);
/// let mut text = Vec::new();
/// let level = GridLevelText::new(&grid, &options).unwrap();
/// level.write(&mut text).unwrap();
/// let counts = level.counts();
/// assert_eq!((counts.nodes, counts.edges, counts.obstacles), (3, 3, 1));
/// assert_eq!(counts.components, 1);
/// assert_eq!(text, grid_map(&grid, &options).unwrap().to_ron_string().into_bytes());
/// ```
pub struct GridLevelText<'g> {
    grid: &'g Grid,
    options: &'g GridOptions,
    obstacles: Vec<Obstacle>,
}

/// How many of each thing [`GridLevelText::write`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridLevelCounts {
    /// Nodes: the free cells.
    pub nodes: usize,
    /// Edges between neighbouring free cells.
    pub edges: usize,
    /// Rectangles of solid cells.
    pub obstacles: usize,
    /// Connected components an agent can travel between: joined only by
    /// edges that admit some radius (clearance > 0), so two cells touching
    /// across a blocked corner are apart. 0 for a grid without free cells.
    pub components: usize,
}

impl<'g> GridLevelText<'g> {
    /// Checks `options` for `grid` as [`grid_map`](super::grid_map) does,
    /// before anything is written.
    ///
    /// # Errors
    /// As [`grid_map`](super::grid_map).
    pub fn new(grid: &'g Grid, options: &'g GridOptions) -> Result<GridLevelText<'g>, GridError> {
        let obstacles = checked_obstacles(grid, options)?;
        Ok(GridLevelText {
            grid,
            options,
            obstacles,
        })
    }

    /// Writes the level's RON text to `out` (buffer it: every element is a
    /// few small writes) and flushes it.
    ///
    /// # Errors
    /// When writing fails.
    pub fn write<W: Write>(&self, out: W) -> io::Result<()> {
        let (grid, options) = (self.grid, self.options);
        let mut writer = MapTextWriter::new(out)?;
        writer.list("agents", options.agents.iter().map(AgentEntry::from), false)?;
        writer.list(
            "nodes",
            free_cells(grid).map(|cell| {
                NodeEntry::from(&Node {
                    id: node_id(grid, cell),
                    pos: node_pos(grid, options.cell_size, cell),
                    name: None,
                })
            }),
            true,
        )?;
        writer.list(
            "edges",
            free_cells(grid).flat_map(|cell| {
                later_neighbours(grid, options.connect, cell).map(move |other| EdgeEntry {
                    area: grid.edge_area(cell, other).map(str::to_owned),
                    from: node_id(grid, cell),
                    to: node_id(grid, other),
                    one_way: false,
                    closed: false,
                    cost: None,
                    clearance: None,
                })
            }),
            false,
        )?;
        writer.list(
            "obstacles",
            self.obstacles.iter().map(ObstacleEntry::from),
            false,
        )?;
        writer.finish()?;
        Ok(())
    }

    /// How many nodes, edges, obstacles and passable components the level
    /// has, without writing it.
    pub fn counts(&self) -> GridLevelCounts {
        let grid = self.grid;
        GridLevelCounts {
            nodes: free_cells(grid).count(),
            edges: free_cells(grid)
                .map(|cell| later_neighbours(grid, self.options.connect, cell).count())
                .sum(),
            obstacles: self.obstacles.len(),
            components: passable_components(grid, self.options.connect),
        }
    }
}

/// The free cells in row-major order (node id order).
fn free_cells(grid: &Grid) -> impl Iterator<Item = Cell> + '_ {
    (0..grid.height())
        .flat_map(move |row| (0..grid.width()).map(move |col| (col, row)))
        .filter(|&(col, row)| !grid.is_solid(col, row))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Agent;
    use crate::grid::random_grid::random_grid;
    use crate::grid::{Connectivity, grid_map};
    use proptest::prelude::*;

    proptest! {
        /// On random grids, connectivities, cell sizes and agents, the
        /// streamed text is the whole-map writer's, byte for byte.
        #[test]
        fn the_text_is_grid_maps(
            grid in random_grid(),
            eight in any::<bool>(),
            cell_size in prop_oneof![Just(1.0), Just(0.1), Just(3.0), 0.001f64..100.0],
            agents in 0usize..3,
        ) {
            let connect = if eight { Connectivity::Eight } else { Connectivity::Four };
            let options = GridOptions {
                connect,
                cell_size,
                agents: (0..agents)
                    .map(|i| Agent::new(format!("agent {i}"), 0.25 * i as f64))
                    .collect(),
            };
            let map = grid_map(&grid, &options).unwrap();
            let mut text = Vec::new();
            let level = GridLevelText::new(&grid, &options).unwrap();
            level.write(&mut text).unwrap();
            let counts = level.counts();
            prop_assert_eq!(String::from_utf8(text).unwrap(), map.to_ron_string());
            prop_assert_eq!(
                (counts.nodes, counts.edges, counts.obstacles),
                (map.nodes().len(), map.edges().len(), map.obstacles().len())
            );
        }
    }

    /// Bad options are refused before anything is written, as by `grid_map`.
    #[test]
    fn bad_options_are_grid_maps_errors() {
        let grid = Grid::new(2, 2);
        let mut options = GridOptions::new(Connectivity::Four);
        options.cell_size = -1.0;
        assert_eq!(
            GridLevelText::new(&grid, &options).err(),
            grid_map(&grid, &options).err()
        );
    }
}
