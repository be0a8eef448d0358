//! A level from a grid: nodes at free cells' centres, edges between
//! neighbouring free cells, the solid cells as merged rectangles.

use crate::geometry::{Point, Polygon};
use crate::indices::NodeIdx;
use crate::map::{Agent, AreaId, Edge, Map, Node};
use crate::obstacle::Obstacle;

use super::Grid;

/// Which neighbours of a cell its node is joined to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connectivity {
    /// The four orthogonal neighbours.
    Four,
    /// The orthogonal and the four diagonal neighbours. A diagonal edge is
    /// written whenever both of its end cells are free; one that passes a
    /// solid corner touches it, so its clearance is 0 and it is blocked for
    /// every agent. (That is the Moving AI rule: no corner cutting.)
    Eight,
}

/// How [`grid_map`] lays the level out.
#[derive(Clone, Debug, PartialEq)]
pub struct GridOptions {
    /// Which neighbours are joined.
    pub connect: Connectivity,
    /// The side of one cell in level units (1 by default).
    pub cell_size: f64,
    /// The level's agent profiles.
    pub agents: Vec<Agent>,
}

impl GridOptions {
    /// Cells of size 1, no agent profiles.
    pub fn new(connect: Connectivity) -> GridOptions {
        GridOptions {
            connect,
            cell_size: 1.0,
            agents: Vec::new(),
        }
    }
}

/// Why [`grid_map`] could not make a level.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GridError {
    /// The cell size is not a finite number > 0.
    #[error("the cell size must be a finite number > 0, not {0}")]
    CellSize(f64),
    /// The level would reach beyond the ±1e15 coordinates maps allow.
    #[error(
        "a grid of {width} x {height} cells of size {cell_size} reaches beyond the ±1e15 coordinates a map allows"
    )]
    TooLarge {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// The cell size asked for.
        cell_size: f64,
    },
    /// Two agent profiles share a name, or a radius is not finite and >= 0.
    #[error("agent `{0}`: names must be unique and radii finite and >= 0")]
    Agent(String),
}

/// The largest coordinate a map may hold (as the loader checks).
const MAX_COORDINATE: f64 = 1e15;

/// The level of a grid.
///
/// Cell (col, row) becomes node id `row * width + col` at
/// `((col + 0.5) * s, (height - row - 0.5) * s)`. Nodes are in id order;
/// each node's edges go to its east, south-west, south and south-east
/// neighbours in that order (ascending ids), two-way, without a cost (the
/// length is the cost). Obstacles are [`Grid::solid_rectangles`] as
/// counter-clockwise polygons, in that order.
///
/// # Errors
/// A cell size that is not finite and > 0, a level beyond ±1e15, or bad
/// agent profiles.
pub fn grid_map(grid: &Grid, options: &GridOptions) -> Result<Map, GridError> {
    let obstacles = checked_obstacles(grid, options)?;
    let (cells, pairs) = cell_network(grid, options.connect);
    let nodes = cells
        .iter()
        .map(|&cell| Node {
            id: node_id(grid, cell),
            pos: node_pos(grid, options.cell_size, cell),
            name: None,
        })
        .collect();
    // The areas the edges carry, sorted as a loaded map numbers them.
    let edge_area = |from: usize, to: usize| grid.edge_area(cells[from], cells[to]);
    let mut areas: Vec<String> = Vec::new();
    if grid.has_areas() {
        let carried: std::collections::BTreeSet<&str> = pairs
            .iter()
            .filter_map(|&(from, to)| edge_area(from, to))
            .collect();
        areas = carried.into_iter().map(str::to_owned).collect();
    }
    let edges = pairs
        .iter()
        .map(|&(from, to)| Edge {
            area: edge_area(from, to)
                .and_then(|a| areas.binary_search_by(|n| n.as_str().cmp(a)).ok())
                .map(AreaId::from_index),
            ..Edge::two_way(NodeIdx::new(from), NodeIdx::new(to))
        })
        .collect();
    Ok(Map::from_validated(options.agents.clone(), nodes, edges, obstacles).with_areas(areas))
}

/// Checks `options` for `grid` as [`grid_map`] does, and gives the level's
/// obstacles.
pub(super) fn checked_obstacles(
    grid: &Grid,
    options: &GridOptions,
) -> Result<Vec<Obstacle>, GridError> {
    let s = options.cell_size;
    if !(s.is_finite() && s > 0.0) {
        return Err(GridError::CellSize(s));
    }
    let (w, h) = (grid.width(), grid.height());
    if w.max(h) as f64 * s > MAX_COORDINATE {
        return Err(GridError::TooLarge {
            width: w,
            height: h,
            cell_size: s,
        });
    }
    let mut names = std::collections::HashSet::new();
    for agent in &options.agents {
        let radius_ok = agent.radius.is_finite() && agent.radius >= 0.0;
        if !radius_ok || !names.insert(&agent.name) {
            return Err(GridError::Agent(agent.name.clone()));
        }
    }
    grid.solid_rectangles()
        .into_iter()
        .map(|r| {
            // A cell size so small that corners round together gives no
            // polygon: say so rather than drop the cell.
            Polygon::new(r.corners(h, s).to_vec())
                .map(Obstacle::Polygon)
                .ok_or(GridError::CellSize(s))
        })
        .collect()
}

/// The node id of `cell`: `row * width + col`.
pub(super) fn node_id(grid: &Grid, (col, row): Cell) -> u64 {
    (row * grid.width() + col) as u64
}

/// The centre of `cell` in level coordinates, y up.
pub(super) fn node_pos(grid: &Grid, cell_size: f64, (col, row): Cell) -> Point {
    let s = cell_size;
    Point::new(
        (col as f64 + 0.5) * s,
        ((grid.height() - row) as f64 - 0.5) * s,
    )
}

/// The free neighbours of free `cell` that [`grid_map`] joins it to, in its
/// order: east, south-west, south, south-east (ascending ids).
pub(super) fn later_neighbours(
    grid: &Grid,
    connect: Connectivity,
    (col, row): Cell,
) -> impl Iterator<Item = Cell> + '_ {
    let (w, h) = (grid.width(), grid.height());
    let diagonal = connect == Connectivity::Eight;
    let below = row + 1 < h;
    [
        (col + 1 < w).then_some((col + 1, row)),
        (diagonal && below && col > 0).then_some((col.wrapping_sub(1), row + 1)),
        below.then_some((col, row + 1)),
        (diagonal && below && col + 1 < w).then_some((col + 1, row + 1)),
    ]
    .into_iter()
    .flatten()
    .filter(move |&(c, r)| !grid.is_solid(c, r))
}

/// A cell: (col, row).
pub type Cell = (usize, usize);

/// The free cells as (col, row) in row-major order, and the pairs of their
/// indices that [`grid_map`] joins by edges, in its order.
pub(super) fn cell_network(grid: &Grid, connect: Connectivity) -> (Vec<Cell>, Vec<(usize, usize)>) {
    let (w, h) = (grid.width(), grid.height());
    let free = |col: usize, row: usize| !grid.is_solid(col, row);
    let mut index = vec![usize::MAX; w * h];
    let mut cells = Vec::with_capacity(w * h - grid.solid_count());
    for row in 0..h {
        for col in 0..w {
            if free(col, row) {
                index[row * w + col] = cells.len();
                cells.push((col, row));
            }
        }
    }
    let diagonal = connect == Connectivity::Eight;
    let mut pairs = Vec::with_capacity(cells.len() * if diagonal { 4 } else { 2 });
    for (from, &cell) in cells.iter().enumerate() {
        for (c, r) in later_neighbours(grid, connect, cell) {
            pairs.push((from, index[r * w + c]));
        }
    }
    (cells, pairs)
}
