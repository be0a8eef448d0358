//! Pruning: the map without the edges too tight for an agent, and what that
//! does to the network's connectivity.

use petgraph::unionfind::UnionFind;

use crate::agent_or_radius::AgentOrRadius;
use crate::clearance::{Clearances, TightSpots};
use crate::dimension::Dimension;
use crate::indices::{EdgeIdx, NodeIdx};
use crate::map::{EdgeEdit, Map, edit_edges};

impl<D: Dimension> Map<D> {
    /// The map without the edges `who` may not use: those whose clearance
    /// is below its radius and, for an agent profile, those of the areas it
    /// forbids. `who` is a radius (`2.0`) or a profile (`&map.agents()[0]`).
    /// Nodes, obstacles, agents and the kept edges stay as they are, in order.
    /// A closed edge is judged by its clearance like any other, and kept
    /// closed: a door may open again. An [area](crate::Edge::area) no kept
    /// edge carries is dropped from the agents' costs and forbidden areas
    /// (it names nothing any more).
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
    ///
    /// An agent profile's forbidden areas go too:
    ///
    /// ```
    /// use clearway::{Clearances, Map};
    /// let map = Map::loader().read_str(r#"(
    ///     agents: [(name: "cat", radius: 0.5, forbid: ["water"])],
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (0, 10))],
    ///     edges: [(from: 0, to: 1, area: "water"), (from: 0, to: 2)],
    /// )"#, "doc.ron").unwrap();
    /// let pruned = map.pruned(&Clearances::compute(&map), &map.agents()[0]);
    /// assert_eq!(pruned.edges().len(), 1);
    /// // No edge has the water now: the cat's `forbid` names nothing.
    /// assert!(pruned.areas().is_empty() && pruned.agents()[0].forbid.is_empty());
    /// ```
    pub fn pruned<'w>(
        &self,
        clearances: &Clearances<D>,
        who: impl Into<AgentOrRadius<'w>>,
    ) -> Map<D> {
        let who = who.into();
        let edges = (0..self.edges().len())
            .filter(|&i| usable_by(self, clearances, who, i))
            .map(|i| self.edges()[i].clone())
            .collect();
        self.with_edges(edges).with_only_carried_areas()
    }

    /// `text`, the map file this map was loaded from, without the edges
    /// [`Map::pruned`] removes for `who`, and with every other byte
    /// (comments, layout) kept. `None` when the text cannot be edited safely ([`edit_edges`]),
    /// or when an area would be left on no edge (the agents naming it must
    /// be written anew); write [`Map::pruned`] anew then.
    ///
    /// ```
    /// use clearway::{Clearances, Map};
    /// let text = "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (0, 10))],\n edges: [\n  (from: 0, to: 1), // by the rock\n  (from: 0, to: 2),\n ],\n obstacles: [Point((5, 1))])";
    /// let map = Map::loader().read_str(text, "doc.ron").unwrap();
    /// let pruned = map.pruned_text(text, &Clearances::compute(&map), 2.0).unwrap();
    /// assert!(pruned.contains("edges: [\n  // by the rock\n  (from: 0, to: 2),\n ]"));
    /// ```
    pub fn pruned_text<'w>(
        &self,
        text: &str,
        clearances: &Clearances<D>,
        who: impl Into<AgentOrRadius<'w>>,
    ) -> Option<String> {
        let who = who.into();
        let edits: Vec<EdgeEdit> = (0..self.edges().len())
            .map(|i| {
                if usable_by(self, clearances, who, i) {
                    EdgeEdit::Keep
                } else {
                    EdgeEdit::Remove
                }
            })
            .collect();
        self.edited_text(text, &edits)
    }

    /// `text` with `edits`, when the edges kept leave no area on no edge.
    pub(crate) fn edited_text(&self, text: &str, edits: &[EdgeEdit]) -> Option<String> {
        if !self.areas().is_empty() {
            let kept = (0..edits.len())
                .filter(|&i| edits[i] != EdgeEdit::Remove)
                .map(|i| self.edges()[i].clone())
                .collect();
            if self.with_edges(kept).has_vanished_areas() {
                return None;
            }
        }
        edit_edges(text, edits)
    }
}

/// What pruning for one agent (a radius, or a profile) removes, and what
/// it cuts off.
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
    /// The edges removed because the agent forbids their area, and not
    /// already in `pruned_edges` (too tight): empty when pruning for a
    /// radius alone.
    pub forbidden_edges: Vec<EdgeIdx>,
}

impl PruneReport {
    /// Works out what pruning `map` for `who` removes and cuts off: the
    /// edges too tight for its radius and, for an agent profile, apart
    /// from them those of the areas it forbids ([`Map::pruned`]).
    ///
    /// ```
    /// use clearway::{Clearances, Map, PruneReport};
    /// let map = Map::loader().read_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (20, 0))],
    ///     edges: [(from: 0, to: 1), (from: 1, to: 2)],
    ///     obstacles: [Point((15, 1))],
    /// )"#, "doc.ron").unwrap();
    /// let report = PruneReport::new(&map, &Clearances::compute(&map), 2.0);
    /// assert_eq!(report.pruned_edges.len(), 1);
    /// assert_eq!((report.components_before, report.components_after), (1, 2));
    /// ```
    pub fn new<'w, D: Dimension>(
        map: &Map<D>,
        clearances: &Clearances<D>,
        who: impl Into<AgentOrRadius<'w>>,
    ) -> PruneReport {
        let who = who.into();
        let radius = who.radius();
        let forbidden_edges: Vec<EdgeIdx> = match who {
            AgentOrRadius::Radius(_) => Vec::new(),
            AgentOrRadius::Agent(agent) => (0..map.edges().len())
                .map(EdgeIdx::new)
                .filter(|&e| map.forbids(agent, e) && clearances.edge_admits(e, radius))
                .collect(),
        };
        PruneReport::judged(
            map,
            clearances.blocked_edges(radius).collect(),
            forbidden_edges,
            |e| usable_by(map, clearances, who, e),
        )
    }

    /// What pruning `map` for a radius removes and cuts off, judged from
    /// its tight spots rather than every clearance: the same report as
    /// [`PruneReport::new`] gives for that radius, in memory that grows
    /// with what is too tight.
    ///
    /// ```
    /// use clearway::{Clearances, Map, PruneReport};
    /// let map = Map::loader().read_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (20, 0))],
    ///     edges: [(from: 0, to: 1), (from: 1, to: 2)],
    ///     obstacles: [Point((15, 1))],
    /// )"#, "doc.ron").unwrap();
    /// let spots = Clearances::options().within(2.0).tight_spots(&map);
    /// let report = PruneReport::from_tight_spots(&map, &spots, 2.0);
    /// assert_eq!(report, PruneReport::new(&map, &Clearances::compute(&map), 2.0));
    /// ```
    ///
    /// # Panics
    /// When `spots` were searched for radii below `radius`.
    pub fn from_tight_spots<D: Dimension>(
        map: &Map<D>,
        spots: &TightSpots<D>,
        radius: f64,
    ) -> PruneReport {
        let mut blocked: Vec<EdgeIdx> = spots.blocked_edges(radius).map(|&(e, _)| e).collect();
        blocked.sort_unstable();
        let usable = |i: usize| blocked.binary_search(&EdgeIdx::new(i)).is_err();
        PruneReport::judged(map, blocked.clone(), Vec::new(), usable)
    }

    /// The report of a pruning that removes `pruned_edges` (too tight) and
    /// `forbidden_edges` (of forbidden areas), `usable` saying which edges
    /// are kept.
    fn judged<D: Dimension>(
        map: &Map<D>,
        pruned_edges: Vec<EdgeIdx>,
        forbidden_edges: Vec<EdgeIdx>,
        usable: impl Fn(usize) -> bool,
    ) -> PruneReport {
        let before = components(map, |_| true);
        let after = components(map, usable);
        PruneReport {
            components_before: count_roots(&before),
            components_after: count_roots(&after),
            cut_off_nodes: cut_off(&before, &after),
            pruned_edges,
            forbidden_edges,
        }
    }
}

/// Whether `who` fits edge `i` and, for an agent profile, may use its
/// area.
fn usable_by<D: Dimension>(
    map: &Map<D>,
    clearances: &Clearances<D>,
    who: AgentOrRadius<'_>,
    i: usize,
) -> bool {
    let e = EdgeIdx::new(i);
    clearances.edge_admits(e, who.radius())
        && match who {
            AgentOrRadius::Radius(_) => true,
            AgentOrRadius::Agent(agent) => !map.forbids(agent, e),
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
