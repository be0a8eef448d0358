//! The live clearances in another order: the order of a file that lists
//! the live edges and nodes its own way, such as the level saved again
//! after the changes were made to it (`clearway watch`).

use super::LiveLevel;
use crate::clearance::{Clearance, Clearances};
use crate::dimension::Dimension;
use crate::indices::{EdgeIdx, NodeIdx};

impl<D: Dimension> LiveLevel<D> {
    /// `source`, clearances indexed as the live level is
    /// ([`LiveLevel::clearances`], or a walking agent's
    /// [`LiveLevel::walking_fold`]), for the live edges `edges` and nodes
    /// `nodes`, in that order, as [`Clearances::compute`] (or
    /// [`WalkingClearances::for_agent`](crate::walking::WalkingClearances::for_agent))
    /// gives them on a map that lists those edges and nodes in that order
    /// and the live obstacles in index order: each witness names its
    /// obstacle by its place among the live obstacles, not by its live
    /// index. Nothing is measured; the clearances are copied.
    ///
    /// A caller that keeps its file's obstacles at increasing live indices
    /// gets its file's obstacle numbers in the witnesses, and so the
    /// clearances of its file, bit for bit, without computing them.
    ///
    /// ```
    /// use clearway::live::{Change, LiveLevel};
    /// use clearway::{Clearances, EdgeIdx, Map, NodeIdx};
    /// let map = Map::loader().read_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0))],
    ///     edges: [(from: 0, to: 1)],
    ///     obstacles: [Point((5, 8)), Point((5, 3))],
    /// )"#, "doc.ron")?;
    /// let mut level = LiveLevel::new(map);
    /// level.apply(Change::RemoveObstacle(0))?;
    /// // The level as saved again: the edge, both nodes the other way round,
    /// // and the one rock left, now obstacle 0.
    /// let saved = Map::loader().read_str(r#"(
    ///     nodes: [(id: 1, pos: (10, 0)), (id: 0, pos: (0, 0))],
    ///     edges: [(from: 0, to: 1)],
    ///     obstacles: [Point((5, 3))],
    /// )"#, "doc.ron")?;
    /// let (edges, nodes) = ([EdgeIdx::new(0)], [NodeIdx::new(1), NodeIdx::new(0)]);
    /// let kept = level.reordered(level.clearances(), &edges, &nodes);
    /// assert_eq!(kept, Clearances::compute(&saved));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// When an edge or node given was removed, or never was, or `source`
    /// is not indexed as the live level is.
    pub fn reordered(
        &self,
        source: &Clearances<D>,
        edges: &[EdgeIdx],
        nodes: &[NodeIdx],
    ) -> Clearances<D> {
        let mut place = vec![usize::MAX; self.obstacle_slots()];
        for (k, (i, _)) in self.obstacles().enumerate() {
            place[i] = k;
        }
        let renumbered = |c: &Clearance<D::Point>| {
            let mut c = *c;
            if let Some(w) = c.witness.as_mut() {
                w.obstacle = place[w.obstacle];
            }
            c
        };
        let edges = edges
            .iter()
            .map(|&e| {
                assert!(self.edge(e).is_some(), "edge {} is not live", e.get());
                renumbered(source.edge(e))
            })
            .collect();
        let nodes = nodes
            .iter()
            .map(|&n| {
                assert!(self.node(n).is_some(), "node {} is not live", n.get());
                renumbered(source.node(n))
            })
            .collect();
        Clearances::from_parts(edges, nodes, source.slack())
    }
}
