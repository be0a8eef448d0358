//! A router: the routing table of one map and its clearances, built once and
//! then queried any number of times.

use std::sync::Arc;

use super::area_costs::{AreaCosts, Plain};
use super::astar::{self, Scratch};
use super::cheapest::Route;
use super::goal_bound::GoalBound;
use super::landmarks::Landmarks;
use super::network::RouteNetwork;
use super::usable::usable_clearance;
use super::widest::{self, WidestRoute};
use super::widest_tree::WidestTree;
use crate::agent_or_radius::AgentOrRadius;
use crate::clearance::{Clearances, admits, effective_radius};
use crate::dimension::{Dimension, Plane};
use crate::indices::{EdgeIdx, NodeIdx};
use crate::map::{Agent, Map};

/// Answers route queries on one map for agents of any radius.
///
/// Building one reads every edge once (a table of 20 bytes per direction of
/// travel, plus 28 per node, with the nodes renumbered along a Hilbert curve
/// so that a search's neighbourhood is close in memory); each query then
/// costs only what it explores, and reuses the router's working memory (28
/// bytes per node, allocated by the first query, plus up to 28 per node a
/// query reaches, kept for the next). Building one is a pass over every
/// edge: keep one when asking more than one question.
///
/// ```
/// use clearway::{Clearances, Map, Router};
/// let map = Map::loader().read_str(r#"(
///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (5, 5))],
///     edges: [(from: 0, to: 1), (from: 0, to: 2), (from: 2, to: 1)],
///     obstacles: [Point((5, 1))],
/// )"#, "doc.ron").unwrap();
/// let clearances = Clearances::compute(&map);
/// let mut router = Router::new(&map, &clearances);
/// // The direct edge passes 1.0 from the rock.
/// assert_eq!(router.route(clearway::NodeIdx::new(0), clearway::NodeIdx::new(1), 0.5).unwrap().nodes, [0, 1].map(clearway::NodeIdx::new));
/// assert_eq!(router.route(clearway::NodeIdx::new(0), clearway::NodeIdx::new(1), 2.0).unwrap().nodes, [0, 2, 1].map(clearway::NodeIdx::new));
/// // The way round passes sqrt(8) from it: (5,1) to the line y = x.
/// assert!((router.widest_route(clearway::NodeIdx::new(0), clearway::NodeIdx::new(1), None).unwrap().widest_radius - 8f64.sqrt()).abs() < 1e-12);
/// ```
///
/// Generic over the [`Dimension`]: `Router` on a flat map,
/// `Router<Space>` on a map with height, where A*'s straight-line
/// estimate is the 3D distance.
#[derive(Debug)]
pub struct Router<'m, D: Dimension = Plane> {
    map: &'m Map<D>,
    clearances: &'m Clearances<D>,
    network: RouteNetwork<D>,
    /// Lower bounds from landmarks, when asked for: one table per radius,
    /// by ascending radius. A query reads the last table whose radius is at
    /// or below its own.
    /// Shared by the router's [forks](Router::fork).
    landmarks: Arc<Vec<Landmarks>>,
    /// The factor that keeps the straight-line estimate admissible.
    scale: f64,
    /// The widest radius between any two nodes, when asked for and every
    /// edge is two-way.
    /// Shared by the router's forks.
    widest_tree: Option<Arc<WidestTree>>,
    scratch: Scratch,
}

impl<'m, D: Dimension> Router<'m, D> {
    /// The router for `map`, whose clearances are `clearances`. It reads
    /// which edges are [closed](crate::Edge::closed) now: a map whose
    /// edges open or close needs a new router.
    pub fn new(map: &'m Map<D>, clearances: &'m Clearances<D>) -> Router<'m, D> {
        Router {
            map,
            clearances,
            network: RouteNetwork::new(map, clearances),
            landmarks: Arc::default(),
            scale: heuristic_scale(map),
            widest_tree: None,
            scratch: Scratch::default(),
        }
    }

    /// A router over a route table built before for this map and its
    /// clearances (and kept current since), with working memory to reuse:
    /// a live level's router, made for each query without building the
    /// table again.
    pub(crate) fn with_network(
        map: &'m Map<D>,
        clearances: &'m Clearances<D>,
        network: RouteNetwork<D>,
        scratch: Scratch,
    ) -> Router<'m, D> {
        Router {
            map,
            clearances,
            network,
            landmarks: Arc::default(),
            scale: heuristic_scale(map),
            widest_tree: None,
            scratch,
        }
    }

    /// The route table and working memory, to keep for the next query.
    pub(crate) fn into_network(self) -> (RouteNetwork<D>, Scratch) {
        (self.network, self.scratch)
    }

    /// The router, with a table for many queries: the widest radius between
    /// any two nodes, read in a few dozen steps. [`Router::widest_route`]
    /// then needs no bottleneck search (which may settle most of a large
    /// level before it reaches a goal behind a narrow door), and
    /// [`Router::route`] knows a goal out of reach for the agent (every
    /// route to it has an edge too tight) without searching the whole part
    /// of the level the agent can reach. The answers are the same as
    /// without it.
    ///
    /// The price, paid once: a sort of the edges by clearance, and about
    /// `8 * log2(2n)` bytes per node for `n` nodes. Only for networks whose
    /// edges are all two-way (the table relies on every route being
    /// travelled both ways): with a one-way edge, the router is returned as
    /// it is.
    ///
    /// ```
    /// use clearway::{Clearances, Map, NodeIdx, Router};
    /// // A path 0-1-2 whose second edge passes 0.5 from a rock.
    /// let map = Map::loader().read_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (20, 0))],
    ///     edges: [(from: 0, to: 1), (from: 1, to: 2)],
    ///     obstacles: [Point((15, 0.5))],
    /// )"#, "doc.ron").unwrap();
    /// let clearances = Clearances::compute(&map);
    /// let mut router = Router::new(&map, &clearances).with_widest_table();
    /// let (start, goal) = (NodeIdx::new(0), NodeIdx::new(2));
    /// assert_eq!(router.widest_route(start, goal, None).unwrap().widest_radius, 0.5);
    /// // Out of reach for radius 1, known without a search.
    /// assert_eq!(router.route(start, goal, 1.0), None);
    /// assert_eq!(router.last_expanded(), 0);
    /// ```
    #[must_use]
    pub fn with_widest_table(mut self) -> Router<'m, D> {
        self.widest_tree = WidestTree::new(self.map, self.clearances).map(Arc::new);
        self
    }

    /// A router that answers as this one does, for another thread: the
    /// same route table (copied: 20 bytes per direction of travel and 28
    /// per node), the same landmarks and widest table (shared, not copied
    /// or computed again), and working memory of its own. Many queries on
    /// every core take one fork per thread, the tables paid for once.
    ///
    /// ```
    /// use clearway::{Clearances, Map, NodeIdx, Router};
    /// let map = Map::loader().read_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (5, 5))],
    ///     edges: [(from: 0, to: 1), (from: 0, to: 2), (from: 2, to: 1)],
    ///     obstacles: [Point((5, 1))],
    /// )"#, "doc.ron").unwrap();
    /// let clearances = Clearances::compute(&map);
    /// let router = Router::with_landmarks(&map, &clearances, 2, &[2.0]).with_widest_table();
    /// let (a, b) = (NodeIdx::new(0), NodeIdx::new(1));
    /// let routes: Vec<_> = std::thread::scope(|s| {
    ///     let forks: Vec<_> = (0..2).map(|_| router.fork()).collect();
    ///     let runs: Vec<_> = forks.into_iter().map(|mut f| s.spawn(move || f.route(a, b, 2.0))).collect();
    ///     runs.into_iter().map(|r| r.join().unwrap()).collect()
    /// });
    /// assert!(routes.iter().all(|r| r.as_ref().unwrap().nodes == [0, 2, 1].map(NodeIdx::new)));
    /// ```
    pub fn fork(&self) -> Router<'m, D> {
        Router {
            map: self.map,
            clearances: self.clearances,
            network: self.network.clone(),
            landmarks: Arc::clone(&self.landmarks),
            scale: self.scale,
            widest_tree: self.widest_tree.clone(),
            scratch: Scratch::default(),
        }
    }

    /// A router that also precomputes the costs from and to `count`
    /// landmarks (nodes far apart, chosen by farthest-point selection), so
    /// that A* can bound the cost to the goal by the triangle inequality as
    /// well as by the straight line. The routes are as cheap as without
    /// them; the searches expand far fewer nodes on large levels.
    ///
    /// One table of `count` landmarks per radius or agent profile in
    /// `agents` (NaN radii are skipped), each computed over only the edges
    /// that admit its radius. `&[0.0]` gives one table over every edge an agent can
    /// use, which bounds the routes of every radius; the radii of the
    /// agents a game routes bound their routes more tightly. A table
    /// serves every radius that admits the same edges as its own: its
    /// radius is first lowered to the least of those (just above the
    /// largest edge clearance below it; -∞, every edge, when there is
    /// none; a radius of 0 or less counts as the least positive one, since
    /// clearance 0 admits no agent), so radii with no clearance between
    /// them share one table. A query for radius r reads the table of the
    /// largest such radius at or below r, and the straight line alone when
    /// r is below them all (list 0 to give every query a table: no
    /// clearance is below 0).
    ///
    /// On levels where many edges are too tight for an agent, the landmark
    /// costs over every edge take those edges as short cuts, and the bound
    /// falls further below the agent's real cost the longer the route. A
    /// table for the agent's own radius has no such gap: A* expands fewer
    /// nodes; and when the table's landmarks reach the start but not the
    /// goal (or the goal reaches them and the start does not), the goal is
    /// out of reach without a search.
    ///
    /// The price, paid once per table: a one-to-all search per landmark
    /// (two when some edge is one-way), a pass over the edges to find the
    /// part of the network its seed is in, and `4 * count` bytes per node
    /// (twice that with one-way edges: the costs are kept as `f32`,
    /// rounded safely). Each query reads the 6 landmarks that bound best
    /// at its start, so more landmarks cost memory, not time per node; 16
    /// is a good count for many queries on one large map. No landmarks are
    /// kept when some route cost exceeds 1e38, beyond what an `f32` holds
    /// safely.
    ///
    /// A profile that pays by area ([`Router::route`] for a profile) gets
    /// a table of its own costs: each edge's cost times its multiplier, and
    /// no edge of an area it forbids. Its routes then have bounds as tight
    /// as a plain agent's, where the plain tables' bounds must be scaled
    /// down by its smallest multiplier (below 1 they guide much less). Such
    /// a table serves the profiles with the same multipliers and forbidden
    /// areas at its radius or above; other profiles read the plain tables
    /// (a profile without costs is its radius).
    ///
    /// ```
    /// use clearway::{Agent, Clearances, Map, NodeIdx, Router};
    /// // A path 0-1-2-3 whose middle edge passes 0.5 from a rock; the last
    /// // leg turns up.
    /// let map = Map::loader().read_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (20, 0)),
    ///             (id: 3, pos: (20, 10))],
    ///     edges: [(from: 0, to: 1), (from: 1, to: 2), (from: 2, to: 3)],
    ///     obstacles: [Point((15, 0.5))],
    /// )"#, "doc.ron").unwrap();
    /// let clearances = Clearances::compute(&map);
    /// let mut every_edge = Router::with_landmarks(&map, &clearances, 2, &[0.0]);
    /// let mut router = Router::with_landmarks(&map, &clearances, 2, &[0.0, 1.0]);
    /// let mut plain = Router::new(&map, &clearances);
    /// let (start, goal) = (NodeIdx::new(0), NodeIdx::new(3));
    /// for radius in [0.0, 0.4, 1.0, 2.0] {
    ///     assert_eq!(router.route(start, goal, radius), plain.route(start, goal, radius));
    ///     assert_eq!(every_edge.route(start, goal, radius), plain.route(start, goal, radius));
    /// }
    /// // An agent of radius 1 cannot pass the rock.
    /// assert_eq!(router.route(start, goal, 1.0), None);
    ///
    /// // Straight across the mud (length 10), or round it by road (7.07 + 7.07).
    /// let map = Map::loader().read_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (5, 5))],
    ///     edges: [(from: 0, to: 1, area: "mud"), (from: 0, to: 2, area: "road"),
    ///             (from: 2, to: 1, area: "road")],
    /// )"#, "mud.ron").unwrap();
    /// let clearances = Clearances::compute(&map);
    /// let car = Agent {
    ///     name: "car".into(),
    ///     costs: [("mud".into(), 3.0), ("road".into(), 0.5)].into(),
    ///     ..Agent::default()
    /// };
    /// let mut router = Router::with_landmarks(&map, &clearances, 2, &[&car]);
    /// let mut plain = Router::new(&map, &clearances);
    /// let (a, b) = (NodeIdx::new(0), NodeIdx::new(1));
    /// assert_eq!(router.route(a, b, &car), plain.route(a, b, &car));
    /// assert_eq!(router.route(a, b, &car).unwrap().nodes, [0, 2, 1].map(NodeIdx::new));
    /// ```
    pub fn with_landmarks<'w, W: Into<AgentOrRadius<'w>> + Copy>(
        map: &'m Map<D>,
        clearances: &'m Clearances<D>,
        count: usize,
        agents: &[W],
    ) -> Router<'m, D> {
        let tables = agents
            .iter()
            .map(|&who| match who.into() {
                AgentOrRadius::Radius(r) => (r, None),
                AgentOrRadius::Agent(agent) => (agent.radius, AreaCosts::of(map, agent)),
            })
            .filter(|(r, _)| !r.is_nan())
            .collect();
        Router::with_landmark_tables(map, clearances, count, tables)
    }

    /// A router with one table of `count` landmarks per radius and costs
    /// in `tables` (no radius NaN; `None` for the plain costs).
    fn with_landmark_tables(
        map: &'m Map<D>,
        clearances: &'m Clearances<D>,
        count: usize,
        mut tables: Vec<(f64, Option<AreaCosts>)>,
    ) -> Router<'m, D> {
        let mut router = Router::new(map, clearances);
        let reverse = map
            .edges()
            .iter()
            .any(|e| e.one_way)
            .then(|| router.network.reversed(map, clearances));
        for (r, _) in &mut tables {
            *r = least_radius_admitting_the_same(
                effective_radius(*r, clearances.slack()),
                map,
                clearances,
            );
        }
        tables.sort_by(|a, b| a.0.total_cmp(&b.0));
        // Each (radius, costs) once, the first of the equal ones kept.
        let mut unique: Vec<(f64, Option<AreaCosts>)> = Vec::with_capacity(tables.len());
        for table in tables {
            if !unique.contains(&table) {
                unique.push(table);
            }
        }
        router.landmarks = Arc::new(
            unique
                .into_iter()
                .map(|(r, costs)| {
                    Landmarks::choose(
                        &router.network,
                        reverse.as_ref(),
                        clearances,
                        r,
                        count,
                        costs.as_ref(),
                    )
                })
                .collect(),
        );
        router
    }

    twin_pub! {
        /// How many nodes the router's last search expanded (took from its open
        /// set), the goal included: the work a query did, for comparing
        /// landmark tables on a level. 0 before the first query, and for a
        /// query whose goal the landmarks prove out of reach. A widest-route
        /// query counts its final cheapest-route search.
        ///
        /// ```
        /// use clearway::{Clearances, Map, Router};
        /// let map = Map::loader().read_str(
        ///     "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0)), (id: 2, pos: (2, 0))], \
        ///      edges: [(from: 0, to: 1), (from: 1, to: 2)])",
        ///     "line.ron",
        /// ).unwrap();
        /// let clearances = Clearances::compute(&map);
        /// let mut router = Router::new(&map, &clearances);
        /// router.route(clearway::NodeIdx::new(0), clearway::NodeIdx::new(2), 0.0).unwrap();
        /// // Node 0, then 1, then the goal.
        /// assert_eq!(router.last_expanded(), 3);
        /// ```
        fn last_expanded(&self) -> usize {
            self.scratch.expanded
        }
    }

    twin_pub! {
        /// How many landmarks the router has in its largest table (0 for
        /// [`Router::new`]).
        fn landmark_count(&self) -> usize {
            self.landmarks
                .iter()
                .map(Landmarks::count)
                .max()
                .unwrap_or(0)
        }
    }

    /// The cheapest route from node `start` to node `goal` (indices into
    /// [`Map::nodes`]) for `who`, a radius (`2.0`) or an agent profile
    /// (`&map.agents()[0]`): using only edges whose clearance admits its
    /// radius, honouring one-way edges and explicit costs, and never a
    /// closed edge (`usable_clearance`). `None` when there is none.
    ///
    /// For a profile, each edge's cost is also multiplied by the agent's
    /// multiplier for the edge's [area](crate::Edge::area) (1.0 for an
    /// area it does not name), and an edge of an area it forbids is never
    /// used. A profile without costs and forbidden areas routes exactly as
    /// its radius does; names the map's edges do not carry change nothing.
    ///
    /// A* with the straight-line distance as its estimate, scaled down when
    /// some explicit cost is cheaper than its edge's length so that the
    /// estimate never overstates; when some edge of positive length is
    /// free, the landmark bounds alone (plain Dijkstra without landmarks).
    /// Between parallel edges of equal cost, the one of lowest index. A NaN
    /// radius fits no edge: `None`.
    ///
    /// ```
    /// use clearway::{Agent, Clearances, Map, NodeIdx, Router};
    /// // Straight across the pond (length 10), or round it (7 + 7 = 14).
    /// let map = Map::loader().read_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (5, 4.8989794855663561))],
    ///     edges: [(from: 0, to: 1, area: "water"), (from: 0, to: 2), (from: 2, to: 1)],
    /// )"#, "doc.ron").unwrap();
    /// let clearances = Clearances::compute(&map);
    /// let mut router = Router::new(&map, &clearances);
    /// let (a, b) = (NodeIdx::new(0), NodeIdx::new(1));
    /// assert_eq!(router.route(a, b, 0.0).unwrap().cost, 10.0); // a radius alone swims
    /// let swimmer = Agent { name: "swimmer".into(), costs: [("water".into(), 1.3)].into(), ..Agent::default() };
    /// assert_eq!(router.route(a, b, &swimmer).unwrap().cost, 13.0); // 10 x 1.3 < 14
    /// let walker = Agent { name: "walker".into(), costs: [("water".into(), 1.5)].into(), ..Agent::default() };
    /// assert_eq!(router.route(a, b, &walker).unwrap().nodes, [0, 2, 1].map(NodeIdx::new)); // 15 > 14
    /// let cat = Agent { name: "cat".into(), forbid: vec!["water".into()], ..Agent::default() };
    /// assert_eq!(router.route(a, b, &cat).unwrap().nodes.len(), 3);
    /// ```
    ///
    /// # Panics
    /// When `start` or `goal` is not a node index of the map.
    pub fn route<'w>(
        &mut self,
        start: NodeIdx,
        goal: NodeIdx,
        who: impl Into<AgentOrRadius<'w>>,
    ) -> Option<Route> {
        let slack = self.clearances.slack();
        match who.into() {
            AgentOrRadius::Radius(agent_radius) => {
                self.search(start, goal, agent_radius, slack, true, None)
            }
            AgentOrRadius::Agent(agent) => {
                let costs = AreaCosts::of(self.map, agent);
                self.search(start, goal, agent.radius, slack, true, costs.as_ref())
            }
        }
    }

    /// The same search with no estimate at all: Dijkstra. The twin that A*
    /// is tested and benchmarked against (feature `test-twins`).
    ///
    /// # Panics
    /// When `start` or `goal` is not a node index of the map.
    #[cfg(any(test, feature = "test-twins"))]
    pub fn route_dijkstra(
        &mut self,
        start: NodeIdx,
        goal: NodeIdx,
        agent_radius: f64,
    ) -> Option<Route> {
        let slack = self.clearances.slack();
        self.search(start, goal, agent_radius, slack, false, None)
    }

    /// The widest route from node `start` to node `goal` (indices into
    /// [`Map::nodes`]): the largest agent radius that can make the trip,
    /// and the cheapest route at that radius, honouring one-way edges, and
    /// never through a closed edge (`usable_clearance`). `None` when `goal`
    /// cannot be reached at any radius.
    ///
    /// The radius is exact: it is one of the edges' clearances (or unbounded),
    /// the same value a sweep over every clearance as a threshold would find.
    /// A route with no edges (`start == goal`) is bounded by that node's
    /// clearance. Clearance 0 admits no agent: when every route (or the one
    /// node) touches an obstacle, no radius fits and the answer is `None`.
    ///
    /// ```
    /// use clearway::{Clearances, Map, NodeIdx, Router};
    /// let map = Map::loader().read_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (5, 5))],
    ///     edges: [(from: 0, to: 1), (from: 0, to: 2), (from: 2, to: 1)],
    ///     obstacles: [Point((5, 1))],
    /// )"#, "doc.ron").unwrap();
    /// let clearances = Clearances::compute(&map);
    /// let w = Router::new(&map, &clearances).widest_route(NodeIdx::new(0), NodeIdx::new(1), None).unwrap();
    /// assert_eq!(w.route.nodes, [0, 2, 1].map(NodeIdx::new));
    /// assert!((w.widest_radius - 8f64.sqrt()).abs() < 1e-12); // (5,1) to the line y = x
    /// ```
    ///
    /// With an `agent` profile, never through an edge of an area the agent
    /// forbids, and the cheapest route at the widest radius by the agent's
    /// costs (as [`Router::route`] for the profile); its radius is not
    /// read.
    ///
    /// # Panics
    /// When `start` or `goal` is not a node index of the map.
    pub fn widest_route(
        &mut self,
        start: NodeIdx,
        goal: NodeIdx,
        agent: Option<&Agent>,
    ) -> Option<WidestRoute> {
        let costs = agent.and_then(|agent| AreaCosts::of(self.map, agent));
        self.widest(start, goal, costs.as_ref())
    }

    /// The widest route, for an agent's `costs` when given.
    fn widest(
        &mut self,
        start: NodeIdx,
        goal: NodeIdx,
        costs: Option<&AreaCosts>,
    ) -> Option<WidestRoute> {
        let widest_radius = if start == goal {
            // A route of one node: the node's own clearance bounds it.
            self.clearances.node(start).value
        } else if let (Some(tree), None) = (&self.widest_tree, costs) {
            tree.widest(start.get(), goal.get())?
        } else {
            let (from, to) = (
                self.network.slot(start.get()),
                self.network.slot(goal.get()),
            );
            match costs {
                None => widest::widest_radius(&self.network, self.clearances, from, to, &Plain)?,
                Some(costs) => {
                    let weight = costs.over(&self.network);
                    widest::widest_radius(&self.network, self.clearances, from, to, &weight)?
                }
            }
        };
        if widest_radius <= 0.0 {
            // Every route touches an obstacle (clearance 0): no radius fits.
            return None;
        }
        // Every edge of a widest route has a clearance of at least
        // `widest_radius`, so a route for it exists. The cheapest of those,
        // by the strict comparison (no slack): an edge within the slack
        // below `widest_radius` would admit the radius too, but then the
        // route's bottleneck would not be the clearance reported as its
        // widest radius.
        let route = self.search(start, goal, widest_radius, 0.0, true, costs)?;
        let bottleneck_edge = route.bottleneck_edge(self.clearances);
        Some(WidestRoute {
            widest_radius,
            route,
            bottleneck_edge,
        })
    }

    /// The search: A* when `guided`, with the straight-line and landmark
    /// bounds; plain Dijkstra (no estimate at all) when not. Edges admit
    /// `agent_radius` by [`crate::clearance::admits`] with `slack` (the
    /// level's, or 0 for the strict comparison). With `costs`, an agent's
    /// costs by area weigh the edges, and the bounds are scaled by its
    /// smallest multiplier (when below 1) so that they stay below its costs.
    fn search(
        &mut self,
        start: NodeIdx,
        goal: NodeIdx,
        agent_radius: f64,
        slack: f64,
        guided: bool,
        costs: Option<&AreaCosts>,
    ) -> Option<Route> {
        if agent_radius.is_nan() {
            return None;
        }
        if start == goal && !self.clearances.node(start).admits(agent_radius, slack) {
            // A route of one node: the node's own clearance bounds it.
            return None;
        }
        let out_of_reach = start != goal
            && self.widest_tree.as_ref().is_some_and(|tree| {
                !tree
                    .widest(start.get(), goal.get())
                    .is_some_and(|widest| admits(widest, agent_radius, slack))
            });
        if out_of_reach {
            // Every route to the goal has an edge too tight for the agent
            // (an edge admits a radius when its clearance does, with the
            // slack: so does a route when its bottleneck does).
            self.scratch.expanded = 0;
            return None;
        }
        // Clearance 0 admits no agent, radius 0 included: the searches
        // compare against the least radius that admits the same edges.
        let agent_radius = effective_radius(agent_radius, slack);
        let Router {
            network,
            clearances,
            landmarks,
            scale,
            scratch,
            ..
        } = self;
        let (start, goal) = (network.slot(start.get()), network.slot(goal.get()));
        let cost_scale = costs.map_or(1.0, AreaCosts::bound_scale);
        let estimate = guided.then(|| {
            // A table of the agent's own costs bounds them as they are; the
            // plain costs' bounds are scaled as the straight line is.
            let (table, landmark_scale) = match table_for(landmarks, agent_radius, costs) {
                Some(own) if costs.is_some() => (Some(own), 1.0),
                _ => (table_for(landmarks, agent_radius, None), cost_scale),
            };
            GoalBound::new(
                network,
                *scale,
                table,
                start,
                goal,
                cost_scale,
                landmark_scale,
            )
        });
        let (nodes, edges) = match costs {
            None => astar::cheapest_path(
                network,
                clearances,
                scratch,
                start,
                goal,
                agent_radius,
                &estimate,
                &Plain,
            )?,
            Some(costs) => astar::cheapest_path(
                network,
                clearances,
                scratch,
                start,
                goal,
                agent_radius,
                &estimate,
                &costs.over(network),
            )?,
        };
        Some(Route::along(self.map, self.clearances, nodes, edges, costs))
    }
}

/// The landmark table a query for `radius` reads, of `tables` (by ascending
/// radius) whose costs are `costs` (`None`: the plain ones): the last
/// whose radius is at or below it, since every edge that admits `radius`
/// admits the table's radius too, so the table's costs are lower bounds on
/// the agent's. Tables without landmarks (costs beyond the `f32` range)
/// are passed over.
fn table_for<'t>(
    tables: &'t [Landmarks],
    radius: f64,
    costs: Option<&AreaCosts>,
) -> Option<&'t Landmarks> {
    tables
        .iter()
        .rev()
        .find(|l| l.costs() == costs && l.radius() <= radius && l.count() > 0)
}

/// The least radius that admits the same edges as `radius` (not NaN): just
/// above the largest routing clearance below it, or -∞ when no clearance
/// is (an edge admits a radius when its clearance is at least the radius,
/// and between that clearance and `radius` there is no other). A closed
/// edge counts as clearance 0 ([`usable_clearance`]).
fn least_radius_admitting_the_same<D: Dimension>(
    radius: f64,
    map: &Map<D>,
    clearances: &Clearances<D>,
) -> f64 {
    (0..clearances.edges().len())
        .map(|e| usable_clearance(map, clearances, EdgeIdx::new(e)))
        .filter(|&c| c < radius)
        .max_by(f64::total_cmp)
        .map_or(f64::NEG_INFINITY, f64::next_up)
}

/// The factor that keeps the straight-line estimate admissible: the map's
/// smallest cost per unit length (at most 1; 0, plain Dijkstra, when an edge
/// of positive length is free), a hair under, so that rounding in summed
/// lengths never makes the estimate overstate (the hair covers its last-bit
/// difference from the lengths summed into costs). With 0 only the
/// landmarks are left, whose costs count free edges as free.
pub(crate) fn heuristic_scale<D: Dimension>(map: &Map<D>) -> f64 {
    map.min_cost_per_length() * (1.0 - 1e-12)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The path of [`Router::with_landmarks`]'s example: (0,0), (10,0),
    /// (20,0), (20,10), a rock at (15, 0.5). Edge clearances: 0-1
    /// sqrt(25.25) = 5.02 (to its end (10,0)), 1-2 0.5 (straight below the
    /// rock), 2-3 5.0 (from x = 15 to x = 20).
    fn rock_path() -> Map {
        Map::loader()
            .read_str(
                "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (20, 0)), \
             (id: 3, pos: (20, 10))], \
             edges: [(from: 0, to: 1), (from: 1, to: 2), (from: 2, to: 3)], \
             obstacles: [Point((15, 0.5))])",
                "rock.ron",
            )
            .unwrap()
    }

    /// [`rock_path`] with the rock moved onto edge 1-2 at (15, 0): its
    /// clearance is 0, and a second way round, 1-4-2 by (15, 5), passes the
    /// rock at 5 / sqrt(2) (it projects onto the middle of edges 3 and 4).
    fn rock_on_the_path() -> Map {
        Map::loader()
            .read_str(
                "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (20, 0)), \
             (id: 3, pos: (20, 10)), (id: 4, pos: (15, 5))], \
             edges: [(from: 0, to: 1), (from: 1, to: 2), (from: 2, to: 3), (from: 1, to: 4), \
             (from: 4, to: 2)], \
             obstacles: [Point((15, 0))])",
                "rock.ron",
            )
            .unwrap()
    }

    #[test]
    fn clearance_0_admits_no_agent_in_any_search() {
        let map = rock_on_the_path();
        let clearances = Clearances::compute(&map);
        assert_eq!(clearances.edge(EdgeIdx::new(1)).value, 0.0);
        let with_tables = Router::with_landmarks(&map, &clearances, 2, &[0.0]);
        for mut router in [Router::new(&map, &clearances), with_tables] {
            for r in [0.0, -1.0, 1e-300] {
                let route = router.route(NodeIdx::new(1), NodeIdx::new(2), r).unwrap();
                assert_eq!(route.nodes, [1, 4, 2].map(NodeIdx::new), "radius {r:e}");
                assert_eq!(
                    router
                        .route_dijkstra(NodeIdx::new(1), NodeIdx::new(2), r)
                        .unwrap()
                        .nodes,
                    [1, 4, 2].map(NodeIdx::new)
                );
            }
        }
        let mut router = Router::new(&map, &clearances);
        let widest = router
            .widest_route(NodeIdx::new(0), NodeIdx::new(2), None)
            .unwrap();
        assert_eq!(widest.route.nodes, [0, 1, 4, 2].map(NodeIdx::new));
        // Without the way round, every route crosses the rock: no radius fits.
        let map = Map::loader()
            .read_str(
                "(nodes: [(id: 0, pos: (10, 0)), (id: 1, pos: (20, 0))], \
             edges: [(from: 0, to: 1)], obstacles: [Point((15, 0))])",
                "rock.ron",
            )
            .unwrap();
        let clearances = Clearances::compute(&map);
        let mut router = Router::new(&map, &clearances);
        assert_eq!(
            router.widest_route(NodeIdx::new(0), NodeIdx::new(1), None),
            None
        );
        assert_eq!(router.route(NodeIdx::new(0), NodeIdx::new(1), 0.0), None);
    }

    #[test]
    fn a_route_from_a_node_to_itself_is_bounded_by_the_node() {
        let map = rock_on_the_path();
        let clearances = Clearances::compute(&map);
        let mut router = Router::new(&map, &clearances);
        // Node 4 at (15, 5) is 5 from the rock.
        let route = router.route(NodeIdx::new(4), NodeIdx::new(4), 5.0).unwrap();
        assert_eq!(
            (route.nodes.as_slice(), route.edges.len()),
            (&[NodeIdx::new(4)][..], 0)
        );
        assert_eq!(route.min_clearance, 5.0);
        // A radius within the level's slack above 5 still fits; one twice
        // the slack above it does not.
        let slack = map.slack();
        assert!(
            router
                .route(NodeIdx::new(4), NodeIdx::new(4), 5.0 + 0.5 * slack)
                .is_some()
        );
        assert_eq!(
            router.route(NodeIdx::new(4), NodeIdx::new(4), 5.0 + 2.0 * slack),
            None
        );
        let widest = router
            .widest_route(NodeIdx::new(4), NodeIdx::new(4), None)
            .unwrap();
        assert_eq!(widest.widest_radius, 5.0);
        assert_eq!(widest.bottleneck_edge, None);
        // A node on the rock: no route, at any radius.
        let on_rock = Map::loader()
            .read_str(
                "(nodes: [(id: 0, pos: (15, 0))], edges: [], obstacles: [Point((15, 0))])",
                "rock.ron",
            )
            .unwrap();
        let clearances = Clearances::compute(&on_rock);
        let mut router = Router::new(&on_rock, &clearances);
        assert_eq!(router.route(NodeIdx::new(0), NodeIdx::new(0), 0.0), None);
        assert_eq!(
            router.widest_route(NodeIdx::new(0), NodeIdx::new(0), None),
            None
        );
    }

    #[test]
    fn a_radius_is_lowered_to_the_least_that_admits_the_same_edges() {
        let map = rock_path();
        let clearances = Clearances::compute(&map);
        assert_eq!(clearances.edge(EdgeIdx::new(1)).value, 0.5);
        assert_eq!(clearances.edge(EdgeIdx::new(2)).value, 5.0);
        let least = |r| least_radius_admitting_the_same(r, &map, &clearances);
        // Nothing below 0.5: every edge, like -∞.
        for r in [f64::NEG_INFINITY, -1.0, -0.0, 0.0, 0.5] {
            assert_eq!(least(r), f64::NEG_INFINITY, "{r}");
        }
        // Above 0.5 and up to 5.0, the edges of clearance 5.0 and 5.02.
        for r in [0.5f64.next_up(), 1.0, 5.0] {
            assert_eq!(least(r), 0.5f64.next_up(), "{r}");
        }
        assert_eq!(least(5.0f64.next_up()), 5.0f64.next_up());
        let top = clearances.edge(EdgeIdx::new(0)).value;
        assert_eq!(least(f64::INFINITY), top.next_up());
    }

    #[test]
    fn tables_merge_and_a_query_reads_the_last_at_or_below_its_radius() {
        let map = rock_path();
        let clearances = Clearances::compute(&map);
        // 1.0 and 5.0 admit the same edges, as do 0, -0 and -∞; NaN is
        // skipped.
        let router = Router::with_landmarks(&map, &clearances, 2, &[5.0, 0.0, f64::NAN, 1.0, -0.0]);
        let radii: Vec<f64> = router.landmarks.iter().map(Landmarks::radius).collect();
        let above = 0.5f64.next_up();
        assert_eq!(radii, vec![f64::NEG_INFINITY, above]);
        let read = |r| table_for(&router.landmarks, r, None).map(Landmarks::radius);
        assert_eq!(read(-1.0), Some(f64::NEG_INFINITY));
        assert_eq!(read(0.5), Some(f64::NEG_INFINITY));
        assert_eq!(read(above), Some(above));
        assert_eq!(read(7.0), Some(above));
        // Below every table: none.
        let router = Router::with_landmarks(&map, &clearances, 2, &[1.0]);
        assert_eq!(
            table_for(&router.landmarks, 0.5, None).map(Landmarks::radius),
            None
        );
        assert_eq!(
            table_for(&router.landmarks, 0.6, None).map(Landmarks::radius),
            Some(above)
        );
        // A table without landmarks is passed over for the one below it.
        let network = &router.network;
        let tables = vec![
            Landmarks::choose(network, None, &clearances, f64::NEG_INFINITY, 2, None),
            Landmarks::choose(network, None, &clearances, above, 0, None),
        ];
        assert_eq!(
            table_for(&tables, 1.0, None).map(Landmarks::radius),
            Some(f64::NEG_INFINITY)
        );
    }

    /// A table's radius that is not an `f32` ties the `f32` floor of a
    /// clearance just above it, and then the exact clearance decides.
    #[test]
    fn a_table_reads_the_exact_clearance_when_the_floors_tie() {
        // The rock at the origin is exactly y from edge 0-1 along y = -y,
        // where y = 0.5 + 2^-40 (above 0.5 by far more than the level's
        // slack, 2^-50, and by far less than an f32 step, 2^-25), and 0.5
        // from edge 2-3 along y = 0.5: the two clearances share the f32
        // floor 0.5.
        let y = 0.5 + 2f64.powi(-40);
        let map = Map::loader()
            .read_str(
                &format!(
                    "(nodes: [(id: 0, pos: (-1, {:?})), (id: 1, pos: (1, {:?})), \
                 (id: 2, pos: (-1, 0.5)), (id: 3, pos: (1, 0.5))], \
                 edges: [(from: 0, to: 1), (from: 2, to: 3)], obstacles: [Point((0, 0))])",
                    -y, -y
                ),
                "tie.ron",
            )
            .unwrap();
        let clearances = Clearances::compute(&map);
        assert_eq!(
            (
                clearances.edge(EdgeIdx::new(0)).value,
                clearances.edge(EdgeIdx::new(1)).value
            ),
            (y, 0.5)
        );
        let mut router = Router::with_landmarks(&map, &clearances, 2, &[y]);
        // The radius y admits what y - slack does; the largest clearance
        // below that is 0.5, so the table's radius is the f64 just above
        // 0.5. It counts edge 0-1 (clearance y, decided exactly) and not 2-3:
        // seeded at node 0, its landmarks are nodes 1 and 0, and its bound
        // lets the route through. (Without edge 0-1 each node would be a
        // part of its own, one landmark, and node 1 proved out of reach.)
        assert_eq!(map.slack(), 2f64.powi(-50)); // the level reaches 1
        assert_eq!(router.landmarks[0].radius(), 0.5f64.next_up());
        assert_eq!(router.landmark_count(), 2);
        assert!(router.route(NodeIdx::new(0), NodeIdx::new(1), y).is_some());
        assert_eq!(
            router.route(NodeIdx::new(0), NodeIdx::new(1), y + 2.0 * map.slack()),
            None
        );
    }

    /// The straight line steers A* to the goal: with a start between the
    /// goal and two decoys, it expands the start and the goal only, where
    /// Dijkstra expands the decoys first.
    #[test]
    fn the_straight_line_steers_astar_past_the_decoys() {
        // Start 0 at the origin, goal 1 at (10, 0), decoys 2 at (-1, 0) and
        // 3 at (0, 1). From the start: the goal f = 10 + 0, decoy 2
        // f = 1 + 11, decoy 3 f = 1 + sqrt(101) = 11.05; by cost alone the
        // decoys (1) come before the goal (10).
        let map = Map::loader().read_str(
            "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (-1, 0)),              (id: 3, pos: (0, 1))],              edges: [(from: 0, to: 1), (from: 0, to: 2), (from: 0, to: 3)])",
            "decoys.ron",
        )
        .unwrap();
        let clearances = Clearances::compute(&map);
        let mut router = Router::new(&map, &clearances);
        assert_eq!(
            router
                .route(NodeIdx::new(0), NodeIdx::new(1), 0.0)
                .map(|r| r.cost),
            Some(10.0)
        );
        assert_eq!(router.last_expanded(), 2);
        assert_eq!(
            router
                .route_dijkstra(NodeIdx::new(0), NodeIdx::new(1), 0.0)
                .map(|r| r.cost),
            Some(10.0)
        );
        assert_eq!(router.last_expanded(), 4);
    }

    #[test]
    fn an_empty_map_takes_landmarks_and_keeps_none() {
        let map = Map::loader().read_str("(nodes: [])", "empty.ron").unwrap();
        let clearances = Clearances::compute(&map);
        assert_eq!(
            Router::with_landmarks(&map, &clearances, 4, &[0.0]).landmark_count(),
            0
        );
        let router = Router::with_landmarks(&map, &clearances, 4, &[0.0, 1.0]);
        assert_eq!(router.landmark_count(), 0);
    }

    /// Which table a query reads shows in its work: the agent's own table
    /// proves a cut-off goal out of reach before any node is expanded.
    #[test]
    fn the_agents_table_sees_a_cut_off_goal_without_a_search() {
        let map = rock_path();
        let clearances = Clearances::compute(&map);
        let mut every = Router::with_landmarks(&map, &clearances, 4, &[0.0]);
        assert_eq!(every.route(NodeIdx::new(0), NodeIdx::new(3), 1.0), None);
        // Nodes 0 and 1 are expanded before the search runs dry at the rock.
        assert_eq!(every.last_expanded(), 2);
        let mut agent = Router::with_landmarks(&map, &clearances, 4, &[0.0, 1.0]);
        assert_eq!(agent.route(NodeIdx::new(0), NodeIdx::new(3), 1.0), None);
        assert_eq!(agent.last_expanded(), 0);
        // Below the agent's radius the every-edge table is read, and the
        // route found: nodes 0, 1, 2, 3 expanded in order.
        assert!(agent.route(NodeIdx::new(0), NodeIdx::new(3), 0.4).is_some());
        assert_eq!(agent.last_expanded(), 4);
    }

    /// A door: 0-1 straight (clearance 4 below a rock at (5, 4)), or round
    /// by 2 at (5, 5), whose legs pass the rock at 1 / sqrt(2). The straight
    /// edge written `closed` as the text says.
    fn door(closed: &str) -> Map {
        Map::loader()
            .read_str(
                &format!(
                    "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (5, 5))], \
                     edges: [(from: 0, to: 1, closed: {closed}), (from: 0, to: 2), (from: 2, to: 1)], \
                     obstacles: [Point((5, 4))])"
                ),
                "door.ron",
            )
            .unwrap()
    }

    /// Every kind of router takes the way round a closed edge, at every
    /// radius, radius 0 included; its widest radius is the way round's; and
    /// the closed edge's clearance is still measured. Open, the same edge
    /// is the route.
    #[test]
    fn a_closed_edge_is_unusable_for_every_radius() {
        let (open, shut) = (door("false"), door("true"));
        let round = 0.5f64.sqrt();
        for (map, straight) in [(&open, true), (&shut, false)] {
            let clearances = Clearances::compute(map);
            assert_eq!(clearances.edge(EdgeIdx::new(0)).value, 4.0);
            let routers = [
                Router::new(map, &clearances),
                Router::new(map, &clearances).with_widest_table(),
                Router::with_landmarks(map, &clearances, 2, &[0.0]),
                Router::with_landmarks(map, &clearances, 2, &[0.0, 1.0, 4.0]),
            ];
            for mut router in routers {
                let (a, b) = (NodeIdx::new(0), NodeIdx::new(1));
                for radius in [-1.0, 0.0, 1e-300, 0.5] {
                    let nodes = router.route(a, b, radius).unwrap().nodes;
                    let expected: &[usize] = if straight { &[0, 1] } else { &[0, 2, 1] };
                    assert_eq!(
                        nodes,
                        expected
                            .iter()
                            .map(|&n| NodeIdx::new(n))
                            .collect::<Vec<_>>()
                    );
                    let back = router.route_dijkstra(b, a, radius).unwrap();
                    assert_eq!(back.nodes.len(), expected.len());
                }
                assert_eq!(router.route(a, b, 1.0).is_some(), straight);
                let widest = router.widest_route(a, b, None).unwrap();
                if straight {
                    assert_eq!(widest.widest_radius, 4.0);
                } else {
                    assert!((widest.widest_radius - round).abs() < 1e-12);
                    assert_eq!(widest.route.edges, [1, 2].map(EdgeIdx::new));
                }
            }
        }
        // With only the door between them, no route at all.
        let only = shut.with_edges(shut.edges()[..1].to_vec());
        let clearances = Clearances::compute(&only);
        for mut router in [
            Router::new(&only, &clearances),
            Router::new(&only, &clearances).with_widest_table(),
            Router::with_landmarks(&only, &clearances, 2, &[0.0]),
        ] {
            assert_eq!(router.route(NodeIdx::new(0), NodeIdx::new(1), 0.0), None);
            assert_eq!(
                router.widest_route(NodeIdx::new(1), NodeIdx::new(0), None),
                None
            );
        }
    }
}
