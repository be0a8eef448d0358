//! Tile-like levels: caves and rooms on a grid, the solid cells merged into
//! axis-aligned rectangles, an 8-connected network of the free cells.
//!
//! They are what a tile game's collision layer looks like to clearway: many
//! walls at exactly the same distance from many edges (cell centres are 0.5
//! from every wall beside them), diagonals that touch solid corners, and
//! rectangles that touch each other at corners. The map is cut into blocks
//! of `BLOCK` cells; each block is a cave (a random fill smoothed by a
//! cellular automaton) or a room (walls one cell thick, a door in each side,
//! a few pillars). The border is solid.

use super::network::Network;
use super::rng::SplitMix64;
use clearway::Obstacle;
use clearway::grid::{Connectivity, Grid, GridOptions, grid_map};

/// The side of a cave or room block, in cells.
const BLOCK: usize = 24;
/// The share of cave cells filled before smoothing.
const CAVE_FILL: f64 = 0.42;
/// Smoothing passes: a cave cell becomes solid with 5 or more solid cells
/// among the 9 around it (itself included).
const CAVE_STEPS: usize = 4;
/// About how many edges each cell of the map yields (measured on these
/// levels of 100k to 1M edges: about 90% of cells are free, with 4 edges each).
const EDGES_PER_CELL: f64 = 3.6;

/// A square grid of caves and rooms with about `target` edges between its
/// free cells.
pub(super) fn tile_grid(target: usize, rng: &mut SplitMix64) -> Grid {
    let side = ((target as f64 / EDGES_PER_CELL).sqrt().ceil() as usize).max(4);
    let mut grid = Grid::new(side, side);
    let mut cave = vec![false; side * side];
    for block_row in (0..side).step_by(BLOCK) {
        for block_col in (0..side).step_by(BLOCK) {
            let (rows, cols) = (
                block_row..(block_row + BLOCK).min(side),
                block_col..(block_col + BLOCK).min(side),
            );
            if rng.chance(0.5) {
                for row in rows {
                    for col in cols.clone() {
                        cave[row * side + col] = true;
                        grid.set_solid(col, row, rng.chance(CAVE_FILL));
                    }
                }
            } else {
                room(&mut grid, rows, cols, rng);
            }
        }
    }
    for _ in 0..CAVE_STEPS {
        smooth(&mut grid, &cave);
    }
    for i in 0..side {
        for (col, row) in [(i, 0), (i, side - 1), (0, i), (side - 1, i)] {
            grid.set_solid(col, row, true);
        }
    }
    grid
}

/// A room filling the block: walls on its sides with a door 2 to 4 cells
/// wide in each, and a few 2 x 2 pillars inside.
fn room(
    grid: &mut Grid,
    rows: std::ops::Range<usize>,
    cols: std::ops::Range<usize>,
    rng: &mut SplitMix64,
) {
    let (top, bottom) = (rows.start, rows.end - 1);
    let (left, right) = (cols.start, cols.end - 1);
    let mut door = |len: usize| {
        let width = 2 + rng.below(3);
        let at = 1 + rng.below(len.saturating_sub(width + 2).max(1));
        at..at + width
    };
    let (door_top, door_bottom) = (door(cols.len()), door(cols.len()));
    let (door_left, door_right) = (door(rows.len()), door(rows.len()));
    for (k, col) in cols.clone().enumerate() {
        grid.set_solid(col, top, !door_top.contains(&k));
        grid.set_solid(col, bottom, !door_bottom.contains(&k));
    }
    for (k, row) in rows.clone().enumerate() {
        grid.set_solid(left, row, !door_left.contains(&k));
        grid.set_solid(right, row, !door_right.contains(&k));
    }
    if rows.len() < 8 || cols.len() < 8 {
        return;
    }
    for _ in 0..rng.below(4) {
        let row = top + 2 + rng.below(rows.len() - 5);
        let col = left + 2 + rng.below(cols.len() - 5);
        for (c, r) in [
            (col, row),
            (col + 1, row),
            (col, row + 1),
            (col + 1, row + 1),
        ] {
            grid.set_solid(c, r, true);
        }
    }
}

/// One cellular-automaton pass over the cave cells.
fn smooth(grid: &mut Grid, cave: &[bool]) {
    let (w, h) = (grid.width(), grid.height());
    let before = grid.clone();
    for row in 0..h {
        for col in 0..w {
            if !cave[row * w + col] {
                continue;
            }
            let mut solid = 0;
            for r in row.saturating_sub(1)..=(row + 1).min(h - 1) {
                for c in col.saturating_sub(1)..=(col + 1).min(w - 1) {
                    solid += usize::from(before.is_solid(c, r));
                }
            }
            // Cells past the border count as solid.
            let inside =
                (row.min(1) + (h - 1 - row).min(1) + 1) * (col.min(1) + (w - 1 - col).min(1) + 1);
            solid += 9 - inside;
            grid.set_solid(col, row, solid >= 5);
        }
    }
}

/// The network of a tile grid as [`clearway::grid::grid_map`] lays it out
/// (cell size 1, y up, 8-connected): nodes at the free cells' centres, and
/// the merged solid rectangles as four-cornered blocks.
pub(super) fn tiles(target: usize, rng: &mut SplitMix64) -> Network {
    let grid = tile_grid(target, rng);
    let map = grid_map(&grid, &GridOptions::new(Connectivity::Eight))
        .expect("a tile grid of cell size 1 is a level");
    let nodes = map.nodes().iter().map(|n| n.pos).collect();
    let edges = map
        .edges()
        .iter()
        .map(|e| (index(e.from.get()), index(e.to.get())))
        .collect();
    let blocks = map
        .obstacles()
        .iter()
        .map(|o| match o {
            Obstacle::Polygon(p) => p
                .vertices()
                .try_into()
                .expect("a rectangle has four corners"),
            _ => unreachable!("a grid's obstacles are its solid rectangles"),
        })
        .collect();
    Network {
        nodes,
        edges,
        walls: Vec::new(),
        blocks,
        margin: 0.0,
        spacing: 1.0,
    }
}

fn index(i: usize) -> u32 {
    u32::try_from(i).expect("fewer than 2^32 nodes")
}

#[cfg(test)]
mod tests {
    use crate::{Kind, Params, map_string};
    use clearway::{Clearances, Map, Obstacle};

    /// A tile level loads, has about the edges asked for, only rectangles as
    /// obstacles, edges at exactly 0.5 from walls and diagonals touching
    /// corners, and the same seed gives the same bytes.
    #[test]
    fn tile_levels_are_tile_like() {
        let params = Params::new(Kind::Tiles, 20_000).with_seed(3);
        let text = map_string(&params);
        assert_eq!(text, map_string(&params));
        let map = Map::loader().read_str(&text, "tiles.ron").unwrap();
        let edges = map.edges().len();
        // Small levels have few blocks, so the cave share varies.
        assert!(edges.abs_diff(20_000) < 6000, "{edges} edges");
        assert!(
            map.obstacles()
                .iter()
                .all(|o| matches!(o, Obstacle::Polygon(p) if p.vertices().len() == 4))
        );
        let c = Clearances::compute(&map);
        let values: Vec<f64> = c.edges().iter().map(|e| e.value).collect();
        let half = values.iter().filter(|&&v| v == 0.5).count();
        let touching = values.iter().filter(|&&v| v == 0.0).count();
        assert!(half > edges / 10, "{half} edges at 0.5");
        assert!(touching > 0 && touching < edges / 10, "{touching} touching");
    }
}
