//! Areas of grid cells: terrain an agent may pay more for or never enter
//! (a Moving AI map's swamp `S` and water `W`), which the edges of the
//! grid's level carry (#30).

use super::Grid;
use super::level::Cell;

impl Grid {
    twin_pub! {
        /// Gives cell (col, row) the area `area` (`None`: plain ground).
        ///
        /// ```
        /// use clearway::grid::Grid;
        /// let mut grid = Grid::new(2, 1);
        /// grid.set_area(1, 0, Some("water"));
        /// assert_eq!((grid.area(0, 0), grid.area(1, 0)), (None, Some("water")));
        /// ```
        ///
        /// # Panics
        /// When the cell is outside the grid, or the grid already names 65535
        /// other areas.
        fn set_area(&mut self, col: usize, row: usize, area: Option<&str>) {
            assert!(
                col < self.width && row < self.height,
                "cell outside the grid"
            );
            let code = match area {
                None => 0,
                Some(name) => match self.area_names.iter().position(|n| n == name) {
                    Some(i) => i + 1,
                    None => {
                        assert!(
                            self.area_names.len() < usize::from(u16::MAX),
                            "too many areas"
                        );
                        self.area_names.push(name.to_owned());
                        self.area_names.len()
                    }
                },
            };
            if self.cell_area.is_empty() {
                if code == 0 {
                    return;
                }
                self.cell_area = vec![0; self.width * self.height];
            }
            self.cell_area[row * self.width + col] = code as u16;
        }
    }

    /// The area of cell (col, row); `None` for plain ground and for cells
    /// outside the grid.
    pub fn area(&self, col: usize, row: usize) -> Option<&str> {
        if col >= self.width || row >= self.height {
            return None;
        }
        let code = *self.cell_area.get(row * self.width + col)?;
        let index = usize::from(code).checked_sub(1)?;
        self.area_names.get(index).map(String::as_str)
    }

    /// Whether some cell has an area.
    pub(crate) fn has_areas(&self) -> bool {
        !self.area_names.is_empty()
    }

    /// The area of the edge between cells `a` and `b`: the area of either
    /// end that has one; when both have one and they differ, the one the
    /// grid was given first (for a Moving AI map, water before swamp).
    pub(crate) fn edge_area(&self, a: Cell, b: Cell) -> Option<&str> {
        let code = |(col, row): Cell| {
            self.cell_area
                .get(row * self.width + col)
                .copied()
                .unwrap_or(0)
        };
        let (x, y) = (code(a), code(b));
        let first = match (x, y) {
            (0, c) | (c, 0) => c,
            (x, y) => x.min(y),
        };
        let index = usize::from(first).checked_sub(1)?;
        self.area_names.get(index).map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use crate::grid::parse_movingai_bytes_with_areas;
    use crate::grid::{Connectivity, GridLevelText, GridOptions, grid_map};
    use crate::{EdgeIdx, Map};

    /// `.SW` over `...`: the edges out of the swamp cell are swamp, out of
    /// the water cell water, and the one between them water.
    #[test]
    fn edges_take_their_cells_areas_water_first() {
        let text = b"type octile\nheight 2\nwidth 3\nmap\n.SW\n...\n";
        let grid = parse_movingai_bytes_with_areas(text, "pond.map", "").unwrap();
        let options = GridOptions::new(Connectivity::Eight);
        let map = grid_map(&grid, &options).unwrap();
        assert_eq!(map.areas(), ["swamp", "water"]);
        let area_between = |a: u64, b: u64| {
            let e = (0..map.edges().len())
                .find(|&e| {
                    let edge = &map.edges()[e];
                    let ids = (map.nodes()[edge.from].id, map.nodes()[edge.to].id);
                    ids == (a, b)
                })
                .unwrap();
            map.edge_area(EdgeIdx::new(e))
        };
        assert_eq!(area_between(0, 1), Some("swamp"));
        assert_eq!(area_between(1, 2), Some("water"));
        assert_eq!(area_between(0, 3), None);
        assert_eq!(area_between(2, 5), Some("water"));
        // The streamed text is the map's, and reads back as it.
        let mut written = Vec::new();
        GridLevelText::new(&grid, &options)
            .unwrap()
            .write(&mut written)
            .unwrap();
        let written = String::from_utf8(written).unwrap();
        assert_eq!(written, map.to_ron_string());
        let again = Map::loader().read_str(&written, "again.ron").unwrap();
        assert_eq!(again.edges(), map.edges());
        assert_eq!(again.areas(), map.areas());
    }
}
