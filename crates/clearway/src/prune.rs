//! Pruning: the map without the edges too tight for an agent, and what that
//! does to the network's connectivity.

use petgraph::unionfind::UnionFind;

use crate::clearance::Clearances;
use crate::dimension::Dimension;
use crate::indices::{EdgeIdx, NodeIdx};
use crate::map::{EdgeEdit, Map, edit_edges};

impl<D: Dimension> Map<D> {
    /// The map without the edges whose clearance is below `agent_radius`.
    /// Nodes, obstacles, agents and the kept edges stay as they are, in order.
    /// A closed edge is judged by its clearance like any other, and kept
    /// closed: a door may open again.
    ///
    /// ```
    /// use clearway::{Clearances, Map};
    /// let map = Map::loader().read_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (0, 10))],
    ///     edges: [(from: 0, to: 1), (from: 0, to: 2)],
    ///     obstacles: [Point((5, 1))],
    /// )"#, "doc.ron").unwrap();
    /// let clearances = Clearances::compute(&map);
    /// let pruned = map.pruned(&clearances, 2.0);
    /// assert_eq!(pruned.edges().len(), 1); // 0 -> 1 passes 1.0 from the rock
    /// assert_eq!(pruned.edges()[0].to.get(), 2);
    /// ```
    pub fn pruned(&self, clearances: &Clearances<D>, agent_radius: f64) -> Map<D> {
        let edges = self
            .edges()
            .iter()
            .zip(clearances.edges())
            .filter(|(_, c)| c.admits(agent_radius, clearances.slack()))
            .map(|(e, _)| e.clone())
            .collect();
        self.with_edges(edges)
    }

    /// `text`, the map file this map was loaded from, without the edges
    /// [`Map::pruned`] removes, and with every other byte (comments, layout)
    /// kept. `None` when the text cannot be edited safely ([`edit_edges`]);
    /// write [`Map::pruned`] anew then.
    ///
    /// ```
    /// use clearway::{Clearances, Map};
    /// let text = "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (0, 10))],\n edges: [\n  (from: 0, to: 1), // by the rock\n  (from: 0, to: 2),\n ],\n obstacles: [Point((5, 1))])";
    /// let map = Map::loader().read_str(text, "doc.ron").unwrap();
    /// let pruned = map.pruned_text(text, &Clearances::compute(&map), 2.0).unwrap();
    /// assert!(pruned.contains("edges: [\n  // by the rock\n  (from: 0, to: 2),\n ]"));
    /// ```
    pub fn pruned_text(
        &self,
        text: &str,
        clearances: &Clearances<D>,
        agent_radius: f64,
    ) -> Option<String> {
        let edits: Vec<EdgeEdit> = clearances
            .edges()
            .iter()
            .map(|c| {
                if c.admits(agent_radius, clearances.slack()) {
                    EdgeEdit::Keep
                } else {
                    EdgeEdit::Remove
                }
            })
            .collect();
        edit_edges(text, &edits)
    }
}

/// What pruning for one radius removes, and what it cuts off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PruneReport {
    /// The removed edges, as indices into the original map's edges.
    pub pruned_edges: Vec<EdgeIdx>,
    /// Connected components before pruning (edges taken as two-way).
    pub components_before: usize,
    /// Connected components after pruning.
    pub components_after: usize,
    /// Nodes (indices into [`Map::nodes`]) cut off from the rest: when a
    /// component falls apart, every piece but its largest.
    pub cut_off_nodes: Vec<NodeIdx>,
}

impl PruneReport {
    /// Works out what pruning `map` for `agent_radius` removes and cuts off.
    pub fn new<D: Dimension>(
        map: &Map<D>,
        clearances: &Clearances<D>,
        agent_radius: f64,
    ) -> PruneReport {
        let pruned_edges: Vec<EdgeIdx> = clearances.blocked_edges(agent_radius).collect();
        let before = components(map, |_| true);
        let after = components(map, |e| {
            clearances.edge_admits(EdgeIdx::new(e), agent_radius)
        });
        PruneReport {
            components_before: count_roots(&before),
            components_after: count_roots(&after),
            cut_off_nodes: cut_off(&before, &after),
            pruned_edges,
        }
    }
}

/// The component label (a representative node) of every node, using only
/// the edges `keep` accepts.
fn components<D: Dimension>(map: &Map<D>, keep: impl Fn(usize) -> bool) -> Vec<usize> {
    let mut sets = UnionFind::new(map.nodes().len());
    for (i, e) in map.edges().iter().enumerate() {
        if keep(i) {
            sets.union(e.from.get(), e.to.get());
        }
    }
    sets.into_labeling()
}

fn count_roots(labels: &[usize]) -> usize {
    labels.iter().enumerate().filter(|&(i, &l)| i == l).count()
}

/// The nodes outside the largest piece of their old component (on a tie, the
/// piece holding the lowest-numbered node is kept as "the rest").
fn cut_off(before: &[usize], after: &[usize]) -> Vec<NodeIdx> {
    let n = before.len();
    let mut piece_size = vec![0usize; n];
    for &piece in after {
        piece_size[piece] += 1;
    }
    // For every old component, its main piece: the largest, lowest first.
    let mut main_piece: Vec<Option<usize>> = vec![None; n];
    for node in 0..n {
        let (old, piece) = (before[node], after[node]);
        let better = match main_piece[old] {
            None => true,
            Some(current) => piece_size[piece] > piece_size[current],
        };
        if better {
            main_piece[old] = Some(piece);
        }
    }
    (0..n)
        .filter(|&node| main_piece[before[node]] != Some(after[node]))
        .map(NodeIdx::new)
        .collect()
}
