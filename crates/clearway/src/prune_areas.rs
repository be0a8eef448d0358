//! Pruning for an agent: the edges too tight for its radius, and those of
//! the areas it forbids (#30).

use crate::Agent;
use crate::clearance::Clearances;
use crate::dimension::Dimension;
use crate::indices::EdgeIdx;
use crate::map::{EdgeEdit, Map};

impl<D: Dimension> Map<D> {
    /// The map without the edges `agent` may not use: those whose
    /// clearance is below its radius ([`Map::pruned`]) and those of the
    /// areas it forbids. What is left is as [`Map::pruned`] leaves it.
    ///
    /// ```
    /// use clearway::{Clearances, Map};
    /// let map = Map::loader().read_str(r#"(
    ///     agents: [(name: "cat", radius: 0.5, forbid: ["water"])],
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (0, 10))],
    ///     edges: [(from: 0, to: 1, area: "water"), (from: 0, to: 2)],
    /// )"#, "doc.ron").unwrap();
    /// let pruned = map.pruned_for(&Clearances::compute(&map), &map.agents()[0]);
    /// assert_eq!(pruned.edges().len(), 1);
    /// // No edge has the water now: the cat's `forbid` names nothing.
    /// assert!(pruned.areas().is_empty() && pruned.agents()[0].forbid.is_empty());
    /// ```
    pub fn pruned_for(&self, clearances: &Clearances<D>, agent: &Agent) -> Map<D> {
        let edges = (0..self.edges().len())
            .filter(|&i| usable_by(self, clearances, agent, i))
            .map(|i| self.edges()[i].clone())
            .collect();
        self.with_edges(edges).with_only_carried_areas()
    }

    /// `text`, the map file this map was loaded from, without the edges
    /// [`Map::pruned_for`] removes, every other byte kept; `None` as for
    /// [`Map::pruned_text`].
    pub fn pruned_text_for(
        &self,
        text: &str,
        clearances: &Clearances<D>,
        agent: &Agent,
    ) -> Option<String> {
        let edits: Vec<EdgeEdit> = (0..self.edges().len())
            .map(|i| {
                if usable_by(self, clearances, agent, i) {
                    EdgeEdit::Keep
                } else {
                    EdgeEdit::Remove
                }
            })
            .collect();
        self.edited_text(text, &edits)
    }
}

/// Whether `agent` fits edge `i` and may use its area.
fn usable_by<D: Dimension>(
    map: &Map<D>,
    clearances: &Clearances<D>,
    agent: &Agent,
    i: usize,
) -> bool {
    let e = EdgeIdx::new(i);
    clearances.edge_admits(e, agent.radius) && !map.forbids(agent, e)
}
