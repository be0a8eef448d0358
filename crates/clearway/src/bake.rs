//! Baking: storing every edge's clearance in the map itself, so a game can
//! filter edges by any radius at run time without obstacles or an R-tree.

use crate::clearance::Clearances;
use crate::dimension::Dimension;
use crate::map::{EdgeEdit, Map, edit_edges};

impl<D: Dimension> Map<D> {
    /// The map with every edge's `clearance` set from `clearances`; an edge
    /// that nothing limits gets none (absent means unbounded).
    ///
    /// ```
    /// use clearway::{Clearances, Map};
    /// let map = Map::loader().read_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0))],
    ///     edges: [(from: 0, to: 1)],
    ///     obstacles: [Point((5, 1))],
    /// )"#, "doc.ron").unwrap();
    /// let baked = map.baked(&Clearances::compute(&map));
    /// assert_eq!(baked.edges()[0].clearance, Some(1.0));
    /// ```
    pub fn baked(&self, clearances: &Clearances<D>) -> Map<D> {
        let edges = self
            .edges()
            .iter()
            .zip(clearances.edges())
            .map(|(e, c)| {
                let mut e = e.clone();
                e.clearance = c.finite_value();
                e
            })
            .collect();
        self.with_edges(edges)
    }

    /// `text`, the map file this map was loaded from, baked as
    /// [`Map::baked`] bakes the map, with every other byte (comments,
    /// layout) kept: a changed clearance is written into its edge, an
    /// unchanged one is left alone. `None` when the text cannot be edited
    /// safely ([`edit_edges`]); write [`Map::baked`] anew then.
    ///
    /// ```
    /// use clearway::{Clearances, Map};
    /// let text = "// A rock by the road.\n(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0))],\n edges: [(from: 0, to: 1)], obstacles: [Point((5, 1))])";
    /// let map = Map::loader().read_str(text, "doc.ron").unwrap();
    /// let baked = map.baked_text(text, &Clearances::compute(&map)).unwrap();
    /// assert!(baked.starts_with("// A rock by the road.\n"));
    /// assert!(baked.contains("edges: [(from: 0, to: 1, clearance: 1.0)]"));
    /// ```
    pub fn baked_text(&self, text: &str, clearances: &Clearances<D>) -> Option<String> {
        let edits: Vec<EdgeEdit> = (0..self.edges().len())
            .map(self.bake_edit(clearances))
            .collect();
        edit_edges(text, &edits)
    }

    /// What baking does to edge `i`: its clearance set, or left alone when
    /// the text already holds the same value.
    fn bake_edit<'a>(&'a self, clearances: &'a Clearances<D>) -> impl Fn(usize) -> EdgeEdit + 'a {
        move |i| {
            EdgeEdit::bake(
                self.edges()[i].clearance,
                clearances.edges()[i].finite_value(),
            )
        }
    }
}
