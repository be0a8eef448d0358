//! Writing a map back out as RON, in the format the loader reads.

use super::Map;
use super::wire::MapFile;
use crate::dimension::Dimension;

impl<D: Dimension> Map<D>
where
    for<'a> MapFile: From<&'a Map<D>>,
{
    /// The map as RON text that loads back into an equal map: agents, nodes,
    /// edges and obstacles in order, with ids, names, `one_way`, `closed`, `cost` and
    /// baked `clearance` kept. Numbers are written so they parse back to the
    /// same bits; a 3D map's positions have three coordinates. Comments in
    /// the original file are not kept
    /// ([`Map::baked_text`] and [`Map::pruned_text`] keep them).
    ///
    /// ```
    /// use clearway::Map;
    /// let map = Map::loader().read_str("(nodes: [(id: 4, pos: (0.1, 2))])", "a.ron").unwrap();
    /// let text = map.to_ron_string();
    /// assert!(text.starts_with("Map("));
    /// let again = Map::loader().read_str(&text, "b.ron").unwrap();
    /// assert_eq!(again.nodes(), map.nodes());
    /// ```
    pub fn to_ron_string(&self) -> String {
        clearway_format::write(&MapFile::from(self))
    }

    /// As [`Map::to_ron_string`], with only the first `own` obstacles: the
    /// ones after them were added from elsewhere
    /// ([`Map::with_extra_obstacles`], `--obstacles level.tmx`) and belong
    /// to their own file.
    ///
    /// ```
    /// use clearway::{Map, Obstacle, geometry::Point};
    /// let map = Map::loader().read_str("(nodes: [], obstacles: [Point((1, 2))])", "a.ron").unwrap();
    /// let map = map.with_extra_obstacles(vec![Obstacle::Point(Point::new(7.0, 7.0))]).unwrap();
    /// let text = map.to_ron_string_with_obstacles(1);
    /// assert!(text.contains("Point((1.0, 2.0))") && !text.contains("7.0"));
    /// ```
    pub fn to_ron_string_with_obstacles(&self, own: usize) -> String {
        let mut file = MapFile::from(self);
        file.obstacles.truncate(own);
        clearway_format::write(&file)
    }
}

#[cfg(test)]
mod tests {
    use crate::map::Level;

    /// A 3D level is written with three coordinates per position and every
    /// 3D obstacle, and loads back into an equal map; extra obstacles are
    /// left out as in 2D.
    #[test]
    fn a_3d_level_is_written_back_and_loads_again() {
        let text = "(agents: [(name: \"drone\", radius: 0.5)],
            nodes: [(id: 1, pos: (0, 0, 1), name: \"a\"), (id: 2, pos: (10, 0, -0.0))],
            edges: [(from: 1, to: 2, one_way: true, cost: 3, clearance: 1.5), (from: 2, to: 1, closed: true)],
            obstacles: [Point((1, 2, 3)), Sphere(center: (5, 0, 3.5), radius: 1),
                Segment(from: (0, 0, 0), to: (1, 1, 1)), Triangle([(0, 0, 0), (1, 0, 0), (0, 1, 0.1)]),
                Box(min: (-1, -1, -1), max: (1, 1, 1)),
                Mesh(vertices: [(0, 0, 0), (1, 0, 0), (0, 1, 0)], triangles: [(0, 1, 2)], solid: true)])";
        let Level::Space(map) = Level::loader().read_str(text, "a.ron").unwrap() else {
            panic!("a 3D level")
        };
        let written = map.to_ron_string();
        assert!(
            written.contains("(id: 2, pos: (10.0, 0.0, -0.0))"),
            "{written}"
        );
        let Level::Space(again) = Level::loader().read_str(&written, "b.ron").unwrap() else {
            panic!("written as a 3D level: {written}")
        };
        assert_eq!(again.agents(), map.agents());
        assert_eq!(again.nodes(), map.nodes());
        assert_eq!(again.edges(), map.edges());
        assert_eq!(again.obstacles(), map.obstacles());
        let own = map.to_ron_string_with_obstacles(2);
        assert!(own.contains("Sphere") && !own.contains("Box"), "{own}");
    }
}
