//! The connected parts of a grid's level that an agent can travel between:
//! components joined by edges that admit some radius.
//!
//! A diagonal between two free cells whose side cells are not both free
//! passes exactly through a corner of a solid cell (`.@` over `@.`, or one
//! solid side cell): its clearance is 0, no agent of any radius > 0 takes
//! it, so it joins nothing. Every other edge of [`grid_map`](super::grid_map)
//! keeps at least a little clearance: an orthogonal edge stays inside its two
//! free cells, a diagonal inside its four free cells, and the nearest solid
//! cell's boundary is a positive distance away.

use super::level::{Cell, later_neighbours};
use super::{Connectivity, Grid};

/// How many connected components the level of `grid` has, counting only
/// edges that admit some agent radius (clearance > 0): two cells touching
/// only across a blocked corner are apart. A grid without free cells has 0.
pub(super) fn passable_components(grid: &Grid, connect: Connectivity) -> usize {
    let w = grid.width();
    let mut parent: Vec<usize> = (0..w * grid.height()).collect();
    // Each join of two sets takes one component away.
    let mut components = w * grid.height() - grid.solid_count();
    for row in 0..grid.height() {
        for col in 0..w {
            if grid.is_solid(col, row) {
                continue;
            }
            for other in later_neighbours(grid, connect, (col, row)) {
                if admits_some_radius(grid, (col, row), other) {
                    let (a, b) = (
                        root(&mut parent, row * w + col),
                        root(&mut parent, other.1 * w + other.0),
                    );
                    if a != b {
                        parent[a.max(b)] = a.min(b);
                        components -= 1;
                    }
                }
            }
        }
    }
    components
}

/// Whether the edge between neighbouring free cells `a` and `b` keeps some
/// clearance: it is orthogonal, or both cells its diagonal passes between
/// are free.
fn admits_some_radius(grid: &Grid, a: Cell, b: Cell) -> bool {
    a.0 == b.0 || a.1 == b.1 || (!grid.is_solid(a.0, b.1) && !grid.is_solid(b.0, a.1))
}

/// The root of `cell`'s set, halving the path on the way.
fn root(parent: &mut [usize], mut cell: usize) -> usize {
    while parent[cell] != cell {
        parent[cell] = parent[parent[cell]];
        cell = parent[cell];
    }
    cell
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Clearances;
    use crate::grid::random_grid::random_grid;
    use crate::grid::{GridOptions, grid_map};
    use proptest::prelude::*;

    /// The components of the level's graph with only the edges whose
    /// computed clearance is > 0, by a plain flood fill.
    fn twin(grid: &Grid, connect: Connectivity) -> usize {
        let map = grid_map(grid, &GridOptions::new(connect)).unwrap();
        let clearances = Clearances::compute(&map);
        let n = map.nodes().len();
        let mut adjacent = vec![Vec::new(); n];
        for (e, edge) in map.edges().iter().enumerate() {
            if clearances.edges()[e].value > 0.0 {
                adjacent[edge.from.get()].push(edge.to.get());
                adjacent[edge.to.get()].push(edge.from.get());
            }
        }
        let mut seen = vec![false; n];
        let mut components = 0;
        for start in 0..n {
            if seen[start] {
                continue;
            }
            components += 1;
            seen[start] = true;
            let mut stack = vec![start];
            while let Some(node) = stack.pop() {
                for &next in &adjacent[node] {
                    if !seen[next] {
                        seen[next] = true;
                        stack.push(next);
                    }
                }
            }
        }
        components
    }

    proptest! {
        /// On random grids, the count is the one the computed clearances
        /// give.
        #[test]
        fn components_are_those_of_edges_with_clearance(
            grid in random_grid(),
            eight in any::<bool>(),
        ) {
            let connect = if eight { Connectivity::Eight } else { Connectivity::Four };
            prop_assert_eq!(passable_components(&grid, connect), twin(&grid, connect));
        }
    }

    /// `@.` over `.@` (the other diagonal) also parts its two free cells;
    /// a single solid side cell blocks the diagonal too.
    #[test]
    fn blocked_corners_part_cells() {
        // . @      cells 0 and 3 free; the diagonal 0-3 touches the corner
        // @ .      of both solid cells: 2 components.
        // @ .      cells 1 and 2 free: 2 components.
        // . @
        for rows in [[".@", "@."], ["@.", ".@"]] {
            let grid = Grid::from_rows(&rows, |c| c == '@').unwrap();
            assert_eq!(passable_components(&grid, Connectivity::Eight), 2);
        }
        // . .      the diagonal from (0, 0) to (1, 1) passes the corner of
        // @ .      the solid cell, but (1, 0) joins them: 1 component.
        let grid = Grid::from_rows(&["..", "@."], |c| c == '@').unwrap();
        assert_eq!(passable_components(&grid, Connectivity::Eight), 1);
        assert_eq!(passable_components(&Grid::new(0, 0), Connectivity::Four), 0);
    }

    /// Two free cells joined only by a diagonal across the corner where the
    /// two solid cells meet are apart: no agent passes it.
    #[test]
    fn a_blocked_corner_joins_nothing() {
        let grid = Grid::from_rows(&[".@", "@."], |c| c == '@').unwrap();
        assert_eq!(passable_components(&grid, Connectivity::Eight), 2);
        let open = Grid::from_rows(&["..", ".."], |c| c == '@').unwrap();
        assert_eq!(passable_components(&open, Connectivity::Eight), 1);
    }
}
