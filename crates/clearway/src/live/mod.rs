//! A level that changes: obstacles added, removed, reshaped and moved,
//! edges closed and opened, edges and nodes added and removed, with every
//! clearance kept exact at the cost of what is near each change.
//!
//! The rule it keeps: after any sequence of changes, every clearance and
//! witness is bit for bit what [`Clearances::compute`] gives on the level
//! as it stands ([`LiveLevel::to_map`]), ties included. It holds because a
//! clearance is the least, by (distance, obstacle index), of one exact
//! measure per obstacle, the same measure whichever way it is found:
//! - an added obstacle (the largest index yet) can only lower the
//!   clearances it is strictly nearer than, and it can only be nearer than
//!   a clearance c to an edge whose box grown by c meets its own box (see
//!   `reach.rs`): those edges are measured against it, no others;
//! - a removed obstacle changes only the clearances it was the witness of:
//!   those are searched again, over the obstacles left;
//! - a reshaped or moved obstacle keeps its index: the clearances it was
//!   the witness of are searched again, the others measured against its
//!   new shape as an added one's are (its index may now win a tie).
//!
//! Obstacles are searched through the map's R-tree, which is never
//! rebuilt, and a small R-tree of the obstacles added or reshaped since
//! (see `obstacles.rs`).

use crate::agent_or_radius::AgentOrRadius;
use crate::clearance::{Clearance, Clearances};
use crate::dimension::{Dimension, Plane, Space};
use crate::geometry::Segment;
use crate::indices::{EdgeIdx, NodeIdx};
use crate::map::{Agent, Edge, Map, Node};
use crate::route::{Route, RouteNetwork, Router, Scratch, WidestRoute};
use crate::walking::{Walking, WalkingClearances};

mod apply;
mod change;
mod magnitude;
mod obstacles;
mod packed;
mod reach;
mod report;
mod view;
mod walkers;

pub use apply::BatchError;
pub use change::{Change, ChangeError};
pub use report::{ChangeReport, ClearanceChange, SpotChange, WalkingChanges};

use magnitude::Magnitude;
use obstacles::LiveObstacles;
use reach::Reach;
use walkers::Walkers;

/// A level that changes, its clearances kept exact after every change.
///
/// Built from a loaded [`Map`]; then each [`Change`] (an obstacle added,
/// removed, reshaped or moved, an edge closed or opened, an edge or node
/// added or removed) costs what is near it, and returns what it changed
/// ([`ChangeReport`]): the clearances, and for each agent the edges it
/// blocked or opened. Routes asked after a change answer for the level as
/// it stands.
///
/// ```
/// use clearway::live::{Change, LiveLevel};
/// use clearway::geometry::{Circle, Point};
/// use clearway::{Clearances, EdgeIdx, Map, NodeIdx, Obstacle};
/// let map = Map::loader().read_str(r#"(
///     agents: [(name: "crate pusher", radius: 1.0)],
///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (5, 5))],
///     edges: [(from: 0, to: 1), (from: 0, to: 2), (from: 2, to: 1)],
///     obstacles: [Point((5, 8))],
/// )"#, "doc.ron")?;
/// let mut level = LiveLevel::new(map);
/// assert_eq!(level.clearances().edge(EdgeIdx::new(0)).value, 8.0);
/// // A crate 1.5 from the direct edge: tighter than 8, so it is the new witness.
/// let crate_at = Obstacle::Circle(Circle { center: Point::new(5.0, 2.0), radius: 0.5 });
/// let report = level.apply(Change::AddObstacle(crate_at))?;
/// assert_eq!(report.added_obstacle, Some(1));
/// assert_eq!(report.edges[0].now.value, 1.5);
/// assert_eq!(level.clearances().edge(EdgeIdx::new(0)).witness.unwrap().obstacle, 1);
/// // Still wide enough for the agent; closing the edge blocks it.
/// let report = level.apply(Change::CloseEdge(EdgeIdx::new(0)))?;
/// assert_eq!(report.blocked[0], [EdgeIdx::new(0)]);
/// let route = level.route(NodeIdx::new(0), NodeIdx::new(1), 1.0).unwrap();
/// assert_eq!(route.nodes, [0, 2, 1].map(NodeIdx::new));
/// // The same as computing afresh on the level as it stands.
/// let fresh = level.to_map();
/// assert_eq!(&Clearances::compute(&fresh), level.clearances());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Generic over the [`Dimension`]: `LiveLevel` for a flat level,
/// `LiveLevel<Space>` for a level with height.
#[derive(Debug)]
pub struct LiveLevel<D: Dimension = Plane> {
    /// The nodes, edges and agents (removed ones kept, flagged here), and
    /// the obstacles as loaded with their R-tree.
    map: Map<D>,
    obstacles: LiveObstacles<D>,
    clearances: Clearances<D>,
    /// The edges and nodes, each in its box grown by its clearance.
    reach: Reach<D>,
    /// Edges closed by [`Change::CloseEdge`] (or in the map).
    closed: Vec<bool>,
    removed_edges: Vec<bool>,
    removed_nodes: Vec<bool>,
    /// Each node's edges (removed ones included), built by the first
    /// removal of a node and kept current since.
    incident: Option<Vec<Vec<u32>>>,
    magnitude: Magnitude,
    agents: Vec<Agent>,
    /// The route table, built by the first route query after a change to
    /// the network's shape, patched in place by clearance changes.
    network: Option<(RouteNetwork<D>, Vec<[u32; 2]>)>,
    scratch: Scratch,
    /// The walking profiles followed, with their spots (a level with
    /// height only).
    walkers: Walkers,
}

impl<D: Dimension> LiveLevel<D> {
    /// The live level of `map`: every clearance computed (on all cores),
    /// and the map's agent profiles as the agents reports speak of.
    pub fn new(map: Map<D>) -> LiveLevel<D> {
        let clearances = Clearances::compute(&map);
        let reach = Reach::new(
            (0..map.edges().len()).map(|i| {
                (
                    map.edge_segment(EdgeIdx::new(i)),
                    clearances.edges()[i].value,
                )
            }),
            map.nodes()
                .iter()
                .zip(clearances.nodes())
                .map(|(n, c)| (Segment::new(n.pos, n.pos), c.value)),
        );
        let obstacles = LiveObstacles::new(&map);
        let magnitude = Magnitude::new(
            map.nodes()
                .iter()
                .map(|n| D::point_magnitude(n.pos))
                .chain(map.obstacles().iter().map(D::obstacle_magnitude)),
        );
        LiveLevel {
            closed: map.edges().iter().map(|e| e.closed).collect(),
            removed_edges: vec![false; map.edges().len()],
            removed_nodes: vec![false; map.nodes().len()],
            incident: None,
            agents: map.agents().to_vec(),
            map,
            obstacles,
            clearances,
            reach,
            magnitude,
            network: None,
            scratch: Scratch::default(),
            walkers: Walkers::default(),
        }
        .following_walkers()
    }

    /// Follows the walking profiles of the agents reports speak of (on a
    /// level with height: a flat level has no walking agents).
    fn following_walkers(mut self) -> LiveLevel<D> {
        let profiles: Vec<_> = self.agents.iter().filter_map(|a| a.walking).collect();
        if let Some(level) = self.as_space() {
            for walking in profiles {
                level.follow(walking);
            }
        }
        self
    }

    /// This level, when it is a level with height.
    fn as_space(&mut self) -> Option<&mut LiveLevel<Space>> {
        (self as &mut dyn std::any::Any).downcast_mut()
    }

    /// This level, when it is a level with height.
    fn as_space_ref(&self) -> Option<&LiveLevel<Space>> {
        (self as &dyn std::any::Any).downcast_ref()
    }

    /// The spots of the walking profile `walking` on the level as it
    /// stands, as [`WalkingClearances::compute`] gives them on
    /// [`LiveLevel::to_map`], bit for bit, indexed by the live level's edge
    /// and node indices (the entries of removed ones are what they were
    /// when removed). `None` unless the profile is followed: one of
    /// [`LiveLevel::agents`]', on a level with height.
    pub fn walking(&self, walking: &Walking) -> Option<&WalkingClearances> {
        let level = self.as_space_ref()?;
        let p = level.walkers.position(walking)?;
        Some(&level.walkers.followed[p].clearances)
    }

    /// Keeps the spots of the walking profile `walking` from now on (see
    /// [`LiveLevel::walking`]), measured over the level as it stands
    /// ([`LiveLevel::set_agents`] follows each walking profile it is
    /// given). Does nothing on a flat level.
    fn follow_walking(&mut self, walking: Walking) {
        if let Some(level) = self.as_space() {
            level.follow(walking);
        }
    }

    /// The clearances of walking agent `agent` on the level as it stands:
    /// its profile's spots folded at its radius, as
    /// [`WalkingClearances::for_agent`] folds them (what `check --agent`
    /// and every search judge a walking agent by), under the level's
    /// slack, indexed as [`LiveLevel::clearances`] is. `None` for a
    /// sphere, or when its profile is not followed (a flat level follows
    /// none).
    pub fn walking_fold(&self, agent: &Agent) -> Option<Clearances<D>> {
        let fold = self
            .as_space_ref()?
            .fold_for(&agent.walking?, agent.radius)?;
        // A level with height: D is Space.
        let fold: Box<dyn std::any::Any> = Box::new(fold);
        fold.downcast::<Clearances<D>>().ok().map(|f| *f)
    }

    /// The agents whose blocked and passable edges reports list: the map's
    /// profiles unless [`LiveLevel::set_agents`] said otherwise. A walking
    /// agent's (on a level with height) are judged by its walking verdict,
    /// its profile's spots kept current (see [`LiveLevel::walking`]).
    pub fn agents(&self) -> &[Agent] {
        &self.agents
    }

    /// Sets the agents reports speak of (for instance one radius given on
    /// the command line instead of the map's profiles), and follows the
    /// walking profiles among them (measured over the level as it stands).
    pub fn set_agents(&mut self, agents: Vec<Agent>) {
        self.agents = agents;
        let profiles: Vec<_> = self.agents.iter().filter_map(|a| a.walking).collect();
        for walking in profiles {
            self.follow_walking(walking);
        }
    }

    /// Every edge's and node's clearance, as [`Clearances::compute`] gives
    /// them on the level as it stands, indexed by the live level's edge and
    /// node indices. The entries of removed edges and nodes are what they
    /// were when removed.
    pub fn clearances(&self) -> &Clearances<D> {
        &self.clearances
    }

    /// Obstacle `i`'s shape; `None` when it was removed or never was.
    pub fn obstacle(&self, i: usize) -> Option<&D::Obstacle> {
        self.obstacles.get(&self.map, i)
    }

    /// Every live obstacle with its index, in index order.
    pub fn obstacles(&self) -> impl Iterator<Item = (usize, &D::Obstacle)> + '_ {
        self.obstacles.iter(&self.map)
    }

    /// How many obstacle indices have been given: the index the next added
    /// obstacle gets.
    pub fn obstacle_slots(&self) -> usize {
        self.obstacles.slots()
    }

    /// Edge `e`; `None` when it was removed or never was.
    pub fn edge(&self, e: EdgeIdx) -> Option<&Edge> {
        let i = e.get();
        (i < self.removed_edges.len() && !self.removed_edges[i]).then(|| &self.map.edges()[i])
    }

    /// How many edge indices have been given.
    pub fn edge_slots(&self) -> usize {
        self.removed_edges.len()
    }

    /// Whether edge `e` is closed.
    pub fn is_closed(&self, e: EdgeIdx) -> bool {
        self.closed.get(e.get()).copied().unwrap_or(false)
    }

    /// Node `n`; `None` when it was removed or never was.
    pub fn node(&self, n: NodeIdx) -> Option<&Node<D::Point>> {
        let i = n.get();
        (i < self.removed_nodes.len() && !self.removed_nodes[i]).then(|| &self.map.nodes()[i])
    }

    /// How many node indices have been given.
    pub fn node_slots(&self) -> usize {
        self.removed_nodes.len()
    }

    /// The index of the live node with this id.
    pub fn node_index(&self, id: u64) -> Option<NodeIdx> {
        self.map
            .node_index(id)
            .filter(|n| !self.removed_nodes[n.get()])
    }

    /// The cheapest route from `start` to `goal` for `who` (a radius, or
    /// an agent profile) on the level as it stands, as [`Router::route`]
    /// finds it on a fresh router: for a profile, each edge's cost times
    /// the agent's multiplier for the edge's area, never an edge of an area
    /// it forbids, and a walking agent's over its folded clearances
    /// ([`LiveLevel::walking_fold`]), as `route --agent` routes it. `None`
    /// when there is none, or when either node was removed.
    ///
    /// # Panics
    /// When `start` or `goal` is not a node index of the level.
    pub fn route<'w>(
        &mut self,
        start: NodeIdx,
        goal: NodeIdx,
        who: impl Into<AgentOrRadius<'w>>,
    ) -> Option<Route> {
        match who.into() {
            AgentOrRadius::Radius(agent_radius) => {
                if self.removed_nodes[start.get()] || self.removed_nodes[goal.get()] {
                    return None;
                }
                self.with_router(|router| router.route(start, goal, agent_radius))
            }
            AgentOrRadius::Agent(agent) => self.query_for(start, goal, agent, |router| {
                router.route(start, goal, agent)
            }),
        }
    }

    /// The widest route from `start` to `goal` on the level as it stands,
    /// as [`Router::widest_route`] finds it on a fresh router: for an
    /// `agent` profile, never through a forbidden area, the cheapest at the
    /// widest radius by the agent's costs.
    ///
    /// # Panics
    /// When `start` or `goal` is not a node index of the level.
    pub fn widest_route(
        &mut self,
        start: NodeIdx,
        goal: NodeIdx,
        agent: Option<&Agent>,
    ) -> Option<WidestRoute> {
        match agent {
            None => {
                if self.removed_nodes[start.get()] || self.removed_nodes[goal.get()] {
                    return None;
                }
                self.with_router(|router| router.widest_route(start, goal, None))
            }
            Some(agent) => self.query_for(start, goal, agent, |router| {
                router.widest_route(start, goal, Some(agent))
            }),
        }
    }

    /// Runs `query` for `agent` between `start` and `goal`: nothing when
    /// either was removed; on a router over the agent's folded walking
    /// clearances for a walking agent, or on the live router.
    fn query_for<T>(
        &mut self,
        start: NodeIdx,
        goal: NodeIdx,
        agent: &Agent,
        query: impl FnOnce(&mut Router<'_, D>) -> Option<T>,
    ) -> Option<T> {
        if self.removed_nodes[start.get()] || self.removed_nodes[goal.get()] {
            return None;
        }
        if let Some(fold) = self.walking_fold(agent) {
            return query(&mut Router::new(&self.map, &fold));
        }
        self.with_router(query)
    }

    /// Runs `query` on a router over the live network, built if a change
    /// to the network's shape dropped it.
    fn with_router<T>(&mut self, query: impl FnOnce(&mut Router<'_, D>) -> T) -> T {
        let (network, arcs) = match self.network.take() {
            Some(built) => built,
            None => {
                let network = RouteNetwork::new(&self.map, &self.clearances);
                let arcs = network.arcs_of_edges(self.map.edges().len());
                (network, arcs)
            }
        };
        let scratch = std::mem::take(&mut self.scratch);
        let mut router = Router::with_network(&self.map, &self.clearances, network, scratch);
        let answer = query(&mut router);
        let (network, scratch) = router.into_network();
        self.network = Some((network, arcs));
        self.scratch = scratch;
        answer
    }

    /// The level as it stands, as a map: the live nodes, edges (closed ones
    /// closed) and obstacles, each in index order. Removed ones are left
    /// out, so the indices after the first removed one are smaller in the
    /// map than in the live level (the order is the same, and so is every
    /// tie). [`Clearances::compute`] on it gives the live clearances.
    pub fn to_map(&self) -> Map<D> {
        let mut node_at = vec![NodeIdx::new(0); self.removed_nodes.len()];
        let mut nodes = Vec::new();
        for (i, node) in self.map.nodes().iter().enumerate() {
            if !self.removed_nodes[i] {
                node_at[i] = NodeIdx::new(nodes.len());
                nodes.push(node.clone());
            }
        }
        let edges = (0..self.removed_edges.len())
            .filter(|&i| !self.removed_edges[i])
            .map(|i| {
                let e = &self.map.edges()[i];
                Edge {
                    from: node_at[e.from.get()],
                    to: node_at[e.to.get()],
                    closed: self.closed[i],
                    ..e.clone()
                }
            })
            .collect();
        let obstacles = self.obstacles().map(|(_, o)| o.clone()).collect();
        Map::from_validated(self.map.agents().to_vec(), nodes, edges, obstacles)
            .with_areas(self.map.areas().to_vec())
    }

    /// The straight segment edge `i` runs along.
    fn edge_segment(&self, i: usize) -> Segment<D::Point> {
        self.map.edge_segment(EdgeIdx::new(i))
    }

    /// Node `i` as a zero-length segment.
    fn node_segment(&self, i: usize) -> Segment<D::Point> {
        let p = self.map.nodes()[i].pos;
        Segment::new(p, p)
    }

    /// The clearance of `segment` searched afresh over the live obstacles;
    /// `baked` when the level has none (an edge's baked clearance, as
    /// loading takes it). `bound` is a clearance the answer is thought to
    /// be within (infinity: none): the search looks no farther, and looks
    /// again without it when nothing is that near, so the answer is the
    /// same whatever the bound.
    fn search(
        &self,
        segment: Segment<D::Point>,
        baked: Option<f64>,
        bound: f64,
    ) -> Clearance<D::Point> {
        if self.obstacles.live_count() == 0 {
            return baked.map_or(Clearance::unbounded(), |value| Clearance {
                value,
                witness: None,
            });
        }
        let mut found = self.obstacles.nearest(&self.map, segment, bound);
        if found.is_none() && bound < f64::INFINITY {
            found = self.obstacles.nearest(&self.map, segment, f64::INFINITY);
        }
        Clearance::from_nearest(found)
    }
}
