//! Applying changes to a live level: what each kind of change measures,
//! and the record of what it changed.

use std::collections::BTreeMap;

use rstar::Envelope as _;

use crate::par::prelude::*;

use super::LiveLevel;
use super::Space;
use super::change::{Change, ChangeError, check_numbers, check_obstacle};
use super::magnitude::Magnitude;
use super::obstacles::{beats, envelope_of};
use super::reach::{Items, Near};
use super::report::{ChangeReport, ClearanceChange};
use super::walkers::{Kind, SpotsBefore, corners};
use crate::clearance::{Clearance, admits, slack_for_magnitude};
use crate::dimension::Dimension;
use crate::geometry::{Segment, Separation};
use crate::indices::{EdgeIdx, NodeIdx};
use crate::map::{Edge, Node};
use crate::obstacle_index::Nearest;

/// Candidates measured on all cores when there are at least this many (a
/// box dropped over a whole room); fewer are measured in turn, where
/// handing them out would cost more than it saves.
const PARALLEL_AT: usize = 256;

/// An edge as it was before the first change of a batch that touched it.
#[derive(Clone, Copy, Debug)]
struct EdgeBefore<P> {
    clearance: Clearance<P>,
    usable: bool,
}

/// What a batch of changes touched, as it was before: compared with the
/// level after, it gives the [`ChangeReport`].
#[derive(Debug)]
pub(super) struct Before<P> {
    edges: BTreeMap<usize, EdgeBefore<P>>,
    nodes: BTreeMap<usize, Clearance<P>>,
    /// The slack before the batch.
    slack: f64,
    /// Whether the slack changed: then every edge's status is compared.
    all_edges: bool,
    report_extras: Extras,
    /// The walking spots touched, per followed profile.
    walking: Vec<SpotsBefore>,
}

/// What a report says beyond the clearances.
#[derive(Debug, Default)]
struct Extras {
    added_obstacle: Option<usize>,
    added_node: Option<NodeIdx>,
    added_edge: Option<EdgeIdx>,
    removed_edges: Vec<EdgeIdx>,
    /// Edges added by the batch: not usable before it.
    new_edges: Vec<usize>,
}

/// A batch of changes stopped by a refused one: the changes before it were
/// applied, the refused one changed nothing.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("change {index}: {error}")]
pub struct BatchError<D: Dimension = crate::Plane> {
    /// The refused change's place in the batch, from 0.
    pub index: usize,
    /// Why it was refused.
    pub error: ChangeError,
    /// What the changes before it did.
    pub applied: Box<ChangeReport<D>>,
}

impl<D: Dimension> LiveLevel<D> {
    /// Applies one change, and says what it changed; a refused change
    /// changes nothing.
    pub fn apply(&mut self, change: Change<D>) -> Result<ChangeReport<D>, ChangeError> {
        let mut before = self.before();
        self.apply_one(change, &mut before)?;
        Ok(self.report(before))
    }

    /// Applies a batch of changes (a frame's worth) in order, and says what
    /// they changed together: each clearance from before the first to
    /// after the last. Stops at the first refused change, after applying
    /// those before it.
    pub fn apply_all(
        &mut self,
        changes: impl IntoIterator<Item = Change<D>>,
    ) -> Result<ChangeReport<D>, BatchError<D>> {
        let mut before = self.before();
        for (index, change) in changes.into_iter().enumerate() {
            if let Err(error) = self.apply_one(change, &mut before) {
                return Err(BatchError {
                    index,
                    error,
                    applied: Box::new(self.report(before)),
                });
            }
        }
        Ok(self.report(before))
    }

    /// Nothing touched yet.
    fn before(&self) -> Before<D::Point> {
        Before {
            edges: BTreeMap::new(),
            nodes: BTreeMap::new(),
            slack: self.clearances.slack(),
            all_edges: false,
            report_extras: Extras::default(),
            walking: Vec::new(),
        }
    }

    fn apply_one(
        &mut self,
        change: Change<D>,
        before: &mut Before<D::Point>,
    ) -> Result<(), ChangeError> {
        match change {
            Change::AddObstacle(obstacle) => {
                check_obstacle::<D>(&obstacle)?;
                let i = self.add_obstacle(obstacle, before);
                before.report_extras.added_obstacle = Some(i);
            }
            Change::RemoveObstacle(i) => {
                self.live_obstacle(i)?;
                self.remove_obstacle(i, before);
            }
            Change::ReplaceObstacle { obstacle, with } => {
                self.live_obstacle(obstacle)?;
                check_obstacle::<D>(&with)?;
                self.replace_obstacle(obstacle, with, before);
            }
            Change::MoveObstacle { obstacle, by } => {
                let old = self.live_obstacle(obstacle)?;
                let moved = D::translated(old, by).ok_or_else(|| {
                    ChangeError::Invalid(format!(
                        "moving obstacle {obstacle} by {by:?} merges its vertices"
                    ))
                })?;
                check_obstacle::<D>(&moved)?;
                self.replace_obstacle(obstacle, moved, before);
            }
            Change::CloseEdge(e) => {
                self.live_edge(e)?;
                self.set_closed(e.get(), true, before);
            }
            Change::OpenEdge(e) => {
                self.live_edge(e)?;
                self.set_closed(e.get(), false, before);
            }
            Change::AddNode(node) => {
                let n = self.add_node(node, before)?;
                before.report_extras.added_node = Some(n);
            }
            Change::RemoveNode(n) => {
                self.live_node(n)?;
                self.remove_node(n.get(), before);
            }
            Change::AddEdge(edge) => {
                let e = self.add_edge(edge, before)?;
                before.report_extras.added_edge = Some(e);
            }
            Change::RemoveEdge(e) => {
                self.live_edge(e)?;
                self.remove_edge(e.get(), before);
            }
        }
        Ok(())
    }

    /// Obstacle `i`, or why it cannot be changed.
    fn live_obstacle(&self, i: usize) -> Result<&D::Obstacle, ChangeError> {
        if i >= self.obstacles.slots() {
            return Err(ChangeError::UnknownObstacle {
                index: i,
                last: self.obstacles.slots().checked_sub(1),
            });
        }
        self.obstacle(i).ok_or(ChangeError::RemovedObstacle(i))
    }

    /// Checks that edge `e` is live.
    fn live_edge(&self, e: EdgeIdx) -> Result<(), ChangeError> {
        match self.removed_edges.get(e.get()) {
            None => Err(ChangeError::UnknownEdge {
                index: e.get(),
                last: self.removed_edges.len().checked_sub(1),
            }),
            Some(true) => Err(ChangeError::RemovedEdge(e.get())),
            Some(false) => Ok(()),
        }
    }

    /// Checks that node `n` is live.
    fn live_node(&self, n: NodeIdx) -> Result<(), ChangeError> {
        match self.removed_nodes.get(n.get()) {
            None => Err(ChangeError::UnknownNode {
                index: n.get(),
                last: self.removed_nodes.len().checked_sub(1),
            }),
            Some(true) => Err(ChangeError::RemovedNode(n.get())),
            Some(false) => Ok(()),
        }
    }

    // ---- obstacles -------------------------------------------------------

    fn add_obstacle(&mut self, obstacle: D::Obstacle, before: &mut Before<D::Point>) -> usize {
        let first = self.obstacles.live_count() == 0;
        self.magnitude.add(D::obstacle_magnitude(&obstacle));
        let envelope = envelope_of::<D>(&obstacle);
        let i = self.obstacles.add(obstacle);
        self.walk(|level| level.walk_obstacle(i, None, &mut before.walking));
        if first {
            // The level had no obstacles: its edges took their baked
            // clearances, which now give way to measures.
            self.recompute_everything(before);
        } else if let Some(envelope) = envelope {
            for (items, candidates) in self.live_near(&envelope).nodes_first() {
                self.lower_among(items, i, &candidates, before);
            }
        }
        self.settle_slack(before);
        i
    }

    fn remove_obstacle(&mut self, i: usize, before: &mut Before<D::Point>) {
        let old = self.obstacles.remove(&self.map, i);
        let old_box = envelope_of::<D>(&old).map(|e| corners(&e));
        self.walk(|level| level.walk_obstacle(i, old_box, &mut before.walking));
        if !self.magnitude.remove(D::obstacle_magnitude(&old)) {
            self.rescan_magnitude();
        }
        if self.obstacles.live_count() == 0 {
            self.recompute_everything(before);
        } else if let Some(envelope) = envelope_of::<D>(&old) {
            // Every item it was the witness of has its grown box meet its
            // box: the witness point is on the obstacle, within the
            // clearance of the item. Nodes first: their clearances bound
            // their edges' searches.
            for (items, mut witnessed) in self.live_near(&envelope).nodes_first() {
                let clearances = self.clearances_of(items);
                witnessed.retain(|&k| clearances_witness(clearances, k) == Some(i));
                self.research(items, &witnessed, None, before);
            }
        }
        self.settle_slack(before);
    }

    fn replace_obstacle(&mut self, i: usize, with: D::Obstacle, before: &mut Before<D::Point>) {
        let new_envelope = envelope_of::<D>(&with);
        let new_magnitude = D::obstacle_magnitude(&with);
        let old = self.obstacles.replace(&self.map, i, with);
        let old_box = envelope_of::<D>(&old).map(|e| corners(&e));
        self.walk(|level| level.walk_obstacle(i, old_box, &mut before.walking));
        self.magnitude.add(new_magnitude);
        if !self.magnitude.remove(D::obstacle_magnitude(&old)) {
            self.rescan_magnitude();
        }
        // One query over both shapes' boxes (a move is usually short, so
        // they overlap): what the obstacle was the witness of is searched
        // again, its new shape included; what it was not is measured
        // against its new shape, as an added obstacle is (an item near only
        // the old shape is measured for nothing, and keeps its clearance).
        let around = match (envelope_of::<D>(&old), new_envelope) {
            (Some(a), Some(b)) => Some(a.merged(&b)),
            (a, b) => a.or(b),
        };
        let Some(around) = around else {
            // Nowhere before and after (meshes without triangles).
            return;
        };
        // Nodes first: their clearances bound their edges' searches.
        for (items, near) in self.live_near(&around).nodes_first() {
            let clearances = self.clearances_of(items);
            let (witnessed, others): (Vec<usize>, Vec<usize>) = near
                .into_iter()
                .partition(|&k| clearances_witness(clearances, k) == Some(i));
            if new_envelope.is_some() {
                self.lower_among(items, i, &others, before);
            }
            // The obstacle in its new shape is live: no clearance it was
            // the witness of is farther than it now is.
            let within = new_envelope.is_some().then_some(i);
            self.research(items, &witnessed, within, before);
        }
        self.settle_slack(before);
    }

    /// The live edges and nodes whose grown box meets `envelope`: one walk
    /// down the reach tree for both.
    fn live_near(&self, envelope: &rstar::AABB<D::Point>) -> Near {
        let mut near = self.reach.near(envelope);
        near.edges.retain(|&k| !self.removed_edges[k]);
        near.nodes.retain(|&k| !self.removed_nodes[k]);
        near
    }

    /// Measures obstacle `i` against each of `candidates`, and makes it the
    /// witness of those it beats by the tie rule.
    fn lower_among(
        &mut self,
        items: Items,
        i: usize,
        candidates: &[usize],
        before: &mut Before<D::Point>,
    ) {
        let obstacle = self.obstacle(i).expect("a live obstacle");
        let measure = |&k: &usize| {
            let separation = D::separation(obstacle, self.segment(items, k));
            let current = as_nearest(&self.clearances_of(items)[k]);
            beats(&separation, i, current.as_ref()).then_some((k, separation))
        };
        let winners: Vec<(usize, Separation<D::Point>)> = if candidates.len() >= PARALLEL_AT {
            candidates.par_iter().filter_map(measure).collect()
        } else {
            candidates.iter().filter_map(measure).collect()
        };
        for (k, separation) in winners {
            self.set_clearance(items, k, Clearance::from_separation(i, separation), before);
        }
    }

    /// Searches the clearance of each of `which` afresh; `within`, a live
    /// obstacle, bounds each search by its distance to the item (the
    /// answer is no farther than any live obstacle).
    fn research(
        &mut self,
        items: Items,
        which: &[usize],
        within: Option<usize>,
        before: &mut Before<D::Point>,
    ) {
        let search = |&k: &usize| {
            let bound = within.map_or(f64::INFINITY, |i| {
                let obstacle = self.obstacle(i).expect("a live obstacle");
                D::separation(obstacle, self.segment(items, k)).distance
            });
            (k, self.fresh(items, k, bound))
        };
        let found: Vec<(usize, Clearance<D::Point>)> = if which.len() >= PARALLEL_AT {
            which.par_iter().map(search).collect()
        } else {
            which.iter().map(search).collect()
        };
        for (k, clearance) in found {
            self.set_clearance(items, k, clearance, before);
        }
    }

    /// The clearance of item `k` searched afresh. An edge's search is
    /// bounded by its end nodes' clearances (the nodes lie on the edge, so
    /// no edge is wider than its ends): with nodes searched first, a bounded
    /// walk in place of a search for the nearest from nothing (see
    /// [`LiveLevel::search`], which gives the same answer either way).
    /// `bound` is a further bound (infinity: none), the distance to a live
    /// obstacle.
    fn fresh(&self, items: Items, k: usize, bound: f64) -> Clearance<D::Point> {
        let (baked, ends) = match items {
            Items::Edges => {
                let edge = &self.map.edges()[k];
                let nodes = self.clearances.nodes();
                let ends = nodes[edge.from.get()].value.min(nodes[edge.to.get()].value);
                (edge.clearance, ends)
            }
            Items::Nodes => (None, f64::INFINITY),
        };
        self.search(self.segment(items, k), baked, bound.min(ends))
    }

    /// Searches every live edge and node afresh: when the level gains its
    /// first obstacle or loses its last, every clearance changes.
    fn recompute_everything(&mut self, before: &mut Before<D::Point>) {
        // Nodes first: their clearances bound their edges' searches.
        for items in [Items::Nodes, Items::Edges] {
            let all: Vec<usize> = (0..self.slots(items))
                .filter(|&k| self.is_live(items, k))
                .collect();
            self.research(items, &all, None, before);
        }
    }

    /// Sets item `k`'s clearance, remembering what it was, and grows its
    /// box in the reach tree if it no longer holds it.
    fn set_clearance(
        &mut self,
        items: Items,
        k: usize,
        clearance: Clearance<D::Point>,
        before: &mut Before<D::Point>,
    ) {
        self.touch(items, k, before);
        let segment = self.segment(items, k);
        match items {
            Items::Edges => {
                self.clearances.edges_mut()[k] = clearance;
                self.reach.update(Items::Edges, k, segment, clearance.value);
                self.patch_route_table(k);
            }
            Items::Nodes => {
                self.clearances.nodes_mut()[k] = clearance;
                self.reach.update(Items::Nodes, k, segment, clearance.value);
            }
        }
    }

    /// Remembers item `k` as it is, if this batch has not touched it yet.
    fn touch(&self, items: Items, k: usize, before: &mut Before<D::Point>) {
        match items {
            Items::Edges => {
                let state = EdgeBefore {
                    clearance: self.clearances.edges()[k],
                    usable: self.is_live(Items::Edges, k) && !self.closed[k],
                };
                before.edges.entry(k).or_insert(state);
            }
            Items::Nodes => {
                before.nodes.entry(k).or_insert(self.clearances.nodes()[k]);
            }
        }
    }

    // ---- the slack ---------------------------------------------------------

    /// Finds the largest magnitude again, over every live node and obstacle.
    fn rescan_magnitude(&mut self) {
        let nodes = (0..self.removed_nodes.len())
            .filter(|&n| !self.removed_nodes[n])
            .map(|n| D::point_magnitude(self.map.nodes()[n].pos));
        let obstacles = self
            .obstacles
            .iter(&self.map)
            .map(|(_, o)| D::obstacle_magnitude(o));
        self.magnitude = Magnitude::new(nodes.chain(obstacles).collect::<Vec<_>>().into_iter());
    }

    /// Sets the slack from the largest magnitude; when it changed, every
    /// edge's status is compared in the report.
    fn settle_slack(&mut self, before: &mut Before<D::Point>) {
        let slack = slack_for_magnitude(self.magnitude.largest());
        if slack != self.clearances.slack() {
            self.clearances.set_slack(slack);
            before.all_edges = true;
        }
    }

    // ---- edges and nodes -----------------------------------------------------

    fn set_closed(&mut self, e: usize, closed: bool, before: &mut Before<D::Point>) {
        if self.closed[e] == closed {
            return;
        }
        self.touch(Items::Edges, e, before);
        self.closed[e] = closed;
        self.map.edge_mut(e).closed = closed;
        self.patch_route_table(e);
    }

    fn add_node(
        &mut self,
        node: Node<D::Point>,
        before: &mut Before<D::Point>,
    ) -> Result<NodeIdx, ChangeError> {
        use rstar::Point as _;
        let coordinates: Vec<f64> = (0..<D::Point as rstar::Point>::DIMENSIONS)
            .map(|axis| node.pos.nth(axis))
            .collect();
        check_numbers(&coordinates)?;
        if self.map.node_index(node.id).is_some() {
            return Err(ChangeError::DuplicateNodeId(node.id));
        }
        let n = self.removed_nodes.len();
        let segment = Segment::new(node.pos, node.pos);
        self.magnitude.add(D::point_magnitude(node.pos));
        self.map.push_node(node);
        self.removed_nodes.push(false);
        if let Some(incident) = &mut self.incident {
            incident.push(Vec::new());
        }
        let clearance = self.search(segment, None, f64::INFINITY);
        self.clearances.nodes_mut().push(clearance);
        self.reach.insert(Items::Nodes, n, segment, clearance.value);
        self.walk(|level| level.walk_added(Kind::Nodes, n));
        self.network = None;
        self.settle_slack(before);
        Ok(NodeIdx::new(n))
    }

    fn remove_node(&mut self, n: usize, before: &mut Before<D::Point>) {
        let edges = self.map.edges();
        let node_count = self.removed_nodes.len();
        let incident = self.incident.get_or_insert_with(|| {
            let mut at = vec![Vec::new(); node_count];
            for (e, edge) in edges.iter().enumerate() {
                at[edge.from.get()].push(e as u32);
                at[edge.to.get()].push(e as u32);
            }
            at
        });
        let at_node: Vec<usize> = incident[n]
            .iter()
            .map(|&e| e as usize)
            .filter(|&e| !self.removed_edges[e])
            .collect();
        for e in at_node {
            self.remove_edge(e, before);
        }
        let segment = self.node_segment(n);
        self.reach.remove(Items::Nodes, n, segment);
        self.walk(|level| level.walk_removed(Kind::Nodes, n));
        self.removed_nodes[n] = true;
        if !self.magnitude.remove(D::point_magnitude(segment.a)) {
            self.rescan_magnitude();
        }
        self.network = None;
        self.settle_slack(before);
    }

    fn add_edge(
        &mut self,
        edge: Edge,
        before: &mut Before<D::Point>,
    ) -> Result<EdgeIdx, ChangeError> {
        self.live_node(edge.from)?;
        self.live_node(edge.to)?;
        if edge.from == edge.to {
            return Err(ChangeError::Invalid(format!(
                "the edge starts and ends at node {}: an edge joins two nodes",
                edge.from.get()
            )));
        }
        for (value, what) in [(edge.cost, "cost"), (edge.clearance, "clearance")] {
            if let Some(x) = value {
                if !(x.is_finite() && x >= 0.0) {
                    return Err(ChangeError::Invalid(format!(
                        "the edge's {what} {x} is not a finite number >= 0"
                    )));
                }
            }
        }
        if let Some(area) = edge.area.filter(|a| a.index() >= self.map.areas().len()) {
            return Err(ChangeError::Invalid(format!(
                "the edge's area {} is not one of the level's {} areas",
                area.index(),
                self.map.areas().len()
            )));
        }
        let e = self.removed_edges.len();
        let closed = edge.closed;
        if let Some(incident) = &mut self.incident {
            incident[edge.from.get()].push(e as u32);
            incident[edge.to.get()].push(e as u32);
        }
        self.map.push_edge(edge);
        self.removed_edges.push(false);
        self.closed.push(closed);
        let segment = self.edge_segment(e);
        let clearance = self.fresh(Items::Edges, e, f64::INFINITY);
        self.clearances.edges_mut().push(clearance);
        self.reach.insert(Items::Edges, e, segment, clearance.value);
        self.walk(|level| level.walk_added(Kind::Edges, e));
        before.report_extras.new_edges.push(e);
        self.network = None;
        Ok(EdgeIdx::new(e))
    }

    fn remove_edge(&mut self, e: usize, before: &mut Before<D::Point>) {
        self.touch(Items::Edges, e, before);
        let segment = self.edge_segment(e);
        self.reach.remove(Items::Edges, e, segment);
        self.removed_edges[e] = true;
        self.walk(|level| level.walk_removed(Kind::Edges, e));
        // Routes pass it over as they pass a closed edge.
        self.map.edge_mut(e).closed = true;
        before.report_extras.removed_edges.push(EdgeIdx::new(e));
        self.network = None;
    }

    /// Keeps the route table's copy of edge `e`'s clearance (and whether it
    /// is closed) as it is now.
    fn patch_route_table(&mut self, e: usize) {
        if let Some((network, arcs)) = &mut self.network {
            network.set_edge(e, arcs, &self.map, &self.clearances);
        }
    }

    /// Runs `keep` on this level when it follows walking profiles (a level
    /// with height), to keep their spots current.
    fn walk(&mut self, keep: impl FnOnce(&mut LiveLevel<Space>)) {
        if self.walkers.followed.is_empty() {
            return;
        }
        if let Some(level) = self.as_space() {
            keep(level);
        }
    }

    // ---- items ---------------------------------------------------------------

    fn clearances_of(&self, items: Items) -> &[Clearance<D::Point>] {
        match items {
            Items::Edges => self.clearances.edges(),
            Items::Nodes => self.clearances.nodes(),
        }
    }

    fn slots(&self, items: Items) -> usize {
        match items {
            Items::Edges => self.removed_edges.len(),
            Items::Nodes => self.removed_nodes.len(),
        }
    }

    fn is_live(&self, items: Items, k: usize) -> bool {
        match items {
            Items::Edges => !self.removed_edges[k],
            Items::Nodes => !self.removed_nodes[k],
        }
    }

    fn segment(&self, items: Items, k: usize) -> Segment<D::Point> {
        match items {
            Items::Edges => self.edge_segment(k),
            Items::Nodes => self.node_segment(k),
        }
    }

    // ---- the report ------------------------------------------------------------

    /// What changed since `before`.
    fn report(&self, before: Before<D::Point>) -> ChangeReport<D> {
        let mut report = ChangeReport::empty(self.agents.len());
        for (&k, was) in &before.edges {
            let now = self.clearances.edges()[k];
            // An edge added by the batch was not there before; a removed
            // one is reported as removed.
            let added = before.report_extras.new_edges.contains(&k);
            if self.is_live(Items::Edges, k) && !added && was.clearance != now {
                report.edges.push(ClearanceChange {
                    index: EdgeIdx::new(k),
                    was: was.clearance,
                    now,
                });
            }
        }
        for (&k, &was) in &before.nodes {
            let now = self.clearances.nodes()[k];
            if self.is_live(Items::Nodes, k) && was != now {
                report.nodes.push(ClearanceChange {
                    index: NodeIdx::new(k),
                    was,
                    now,
                });
            }
        }
        let slack = self.clearances.slack();
        let usable_now = |k: usize, r: f64| {
            self.is_live(Items::Edges, k)
                && !self.closed[k]
                && admits(self.clearances.edges()[k].value, r, slack)
        };
        let new_edges = &before.report_extras.new_edges;
        let usable_before = |k: usize, r: f64| match before.edges.get(&k) {
            _ if new_edges.contains(&k) => false,
            Some(b) => b.usable && admits(b.clearance.value, r, before.slack),
            None => {
                self.is_live(Items::Edges, k)
                    && !self.closed[k]
                    && admits(self.clearances.edges()[k].value, r, before.slack)
            }
        };
        let mut touched: Vec<usize> = before.edges.keys().copied().collect();
        touched.extend(new_edges.iter().copied());
        if before.all_edges {
            // The slack moved: an edge this batch did not touch keeps its
            // clearance and state, so it changes status for a sphere only
            // if its clearance lies between what the two slacks admit.
            // (Walking agents' edges are all compared below; listing more
            // here only compares more.)
            let flips = |c: f64| {
                self.agents.iter().any(|agent| {
                    admits(c, agent.radius, before.slack) != admits(c, agent.radius, slack)
                })
            };
            touched.extend(
                self.clearances
                    .edges()
                    .iter()
                    .enumerate()
                    .filter(|&(k, c)| flips(c.value) && self.is_live(Items::Edges, k))
                    .map(|(k, _)| k),
            );
        }
        touched.sort_unstable();
        touched.dedup();
        let walkers = &self.walkers;
        for (a, agent) in self.agents.iter().enumerate() {
            let profile = agent.walking.and_then(|w| walkers.position(&w));
            if let Some(p) = profile {
                // A walking agent: its verdict on its spots, before and
                // after; the edges whose spot changed are touched too.
                let r = agent.radius;
                let mut touched = touched.clone();
                if before.all_edges {
                    // Its verdict is on its spots: every edge is compared.
                    touched = (0..self.removed_edges.len()).collect();
                } else if let Some(spots) = before.walking.get(p) {
                    touched.extend(spots.edges.keys().copied());
                    touched.sort_unstable();
                    touched.dedup();
                }
                let followed = &walkers.followed[p].clearances;
                for &k in &touched {
                    let open_before = match before.edges.get(&k) {
                        _ if new_edges.contains(&k) => false,
                        Some(b) => b.usable,
                        None => self.is_live(Items::Edges, k) && !self.closed[k],
                    };
                    let was = open_before
                        && walkers.admits(
                            p,
                            walkers.edge_before(&before.walking, p, k),
                            r,
                            before.slack,
                        );
                    let open_now = self.is_live(Items::Edges, k) && !self.closed[k];
                    let now =
                        open_now && walkers.admits(p, followed.edge(EdgeIdx::new(k)), r, slack);
                    match (was, now) {
                        (true, false) => report.blocked[a].push(EdgeIdx::new(k)),
                        (false, true) => report.passable[a].push(EdgeIdx::new(k)),
                        _ => {}
                    }
                }
                continue;
            }
            for &k in &touched {
                match (usable_before(k, agent.radius), usable_now(k, agent.radius)) {
                    (true, false) => report.blocked[a].push(EdgeIdx::new(k)),
                    (false, true) => report.passable[a].push(EdgeIdx::new(k)),
                    _ => {}
                }
            }
        }
        report.walking = walkers.changes(
            &before.walking,
            |k| self.is_live(Items::Edges, k),
            |k| self.is_live(Items::Nodes, k),
            |k| new_edges.contains(&k),
        );
        if before.slack != slack {
            report.slack = Some((before.slack, slack));
        }
        let extras = before.report_extras;
        report.added_obstacle = extras.added_obstacle;
        report.added_node = extras.added_node;
        report.added_edge = extras.added_edge;
        report.removed_edges = extras.removed_edges;
        report
    }
}

/// The obstacle that witnesses clearance `k` of `clearances`.
fn clearances_witness<P>(clearances: &[Clearance<P>], k: usize) -> Option<usize> {
    clearances[k].witness.as_ref().map(|w| w.obstacle)
}

/// A clearance as the nearest obstacle the tie rule compares against;
/// `None` when nothing limits it.
fn as_nearest<P: Copy>(c: &Clearance<P>) -> Option<Nearest<P>> {
    c.witness.map(|w| Nearest {
        obstacle: w.obstacle,
        separation: Separation {
            distance: c.value,
            edge_point: w.edge_point,
            obstacle_point: w.obstacle_point,
        },
    })
}
