//! Writing a map back out as RON, in the format the loader reads.

use ron::ser::PrettyConfig;

use crate::map::Map;
use crate::map::wire::{self, MapFile};

impl Map {
    /// The map as RON text that loads back into an equal map: agents, nodes,
    /// edges and obstacles in order, with ids, names, `one_way`, `cost` and
    /// baked `clearance` kept. Numbers are written so they parse back to the
    /// same bits. Comments in the original file are not kept.
    ///
    /// ```
    /// use clearway::Map;
    /// let map = Map::from_ron_str("(nodes: [(id: 4, pos: (0.1, 2))])", "a.ron").unwrap();
    /// let text = map.to_ron_string();
    /// assert!(text.starts_with("Map("));
    /// let again = Map::from_ron_str(&text, "b.ron").unwrap();
    /// assert_eq!(again.nodes(), map.nodes());
    /// ```
    pub fn to_ron_string(&self) -> String {
        let config = PrettyConfig::new()
            .struct_names(false)
            .depth_limit(2)
            .indentor("    ");
        let body = wire::options()
            .to_string_pretty(&MapFile::from(self), config)
            .unwrap_or_else(|e| unreachable!("the wire types always serialize: {e}"));
        format!("Map{body}\n")
    }
}
