//! A router: the routing table of one map and its clearances, built once and
//! then queried any number of times.

use super::astar::{self, Scratch};
use super::cheapest::Route;
use super::goal_bound::{GoalBound, NoEstimate};
use super::landmarks::Landmarks;
use super::network::RouteNetwork;
use super::widest::{self, WidestRoute};
use crate::clearance::Clearances;
use crate::map::Map;

/// Answers route queries on one map for agents of any radius.
///
/// Building one reads every edge once (a table of 20 bytes per direction of
/// travel, plus 28 per node, with the nodes renumbered along a Hilbert curve
/// so that a search's neighbourhood is close in memory); each query then
/// costs only what it explores, and reuses the router's working memory (28
/// bytes per node, allocated by the first query, plus up to 28 per node a
/// query reaches, kept for the next). The free functions
/// [`route`](super::route) and [`widest_route`](super::widest_route) build a
/// router per call: keep one when asking more than one question.
///
/// ```
/// use clearway::{Clearances, Map, route::Router};
/// let map = Map::from_ron_str(r#"(
///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (5, 5))],
///     edges: [(from: 0, to: 1), (from: 0, to: 2), (from: 2, to: 1)],
///     obstacles: [Point((5, 1))],
/// )"#, "doc.ron").unwrap();
/// let clearances = Clearances::compute(&map);
/// let mut router = Router::new(&map, &clearances);
/// // The direct edge passes 1.0 from the rock.
/// assert_eq!(router.route(0, 1, 0.5).unwrap().nodes, vec![0, 1]);
/// assert_eq!(router.route(0, 1, 2.0).unwrap().nodes, vec![0, 2, 1]);
/// // The way round passes sqrt(8) from it: (5,1) to the line y = x.
/// assert!((router.widest_route(0, 1).unwrap().widest_radius - 8f64.sqrt()).abs() < 1e-12);
/// ```
#[derive(Debug)]
pub struct Router<'m> {
    map: &'m Map,
    clearances: &'m Clearances,
    network: RouteNetwork,
    /// Lower bounds from landmarks, when asked for: one table per radius,
    /// by ascending radius. A query reads the last table whose radius is at
    /// or below its own.
    landmarks: Vec<Landmarks>,
    /// The factor that keeps the straight-line estimate admissible.
    scale: f64,
    scratch: Scratch,
}

impl<'m> Router<'m> {
    /// The router for `map`, whose clearances are `clearances`.
    pub fn new(map: &'m Map, clearances: &'m Clearances) -> Router<'m> {
        Router {
            map,
            clearances,
            network: RouteNetwork::new(map, clearances),
            landmarks: Vec::new(),
            scale: heuristic_scale(map),
            scratch: Scratch::default(),
        }
    }

    /// A router that also precomputes the costs from and to `count`
    /// landmarks (nodes far apart, chosen by farthest-point selection), so
    /// that A* can bound the cost to the goal by the triangle inequality as
    /// well as by the straight line. The routes are as cheap as without
    /// them; the searches expand far fewer nodes on large levels.
    ///
    /// The price, paid once: a one-to-all search per landmark (two when
    /// some edge is one-way) and `4 * count` bytes per node (twice that
    /// with one-way edges: the costs are kept as `f32`, rounded safely).
    /// Each query reads the 6 landmarks that bound best at its start, so
    /// more landmarks cost memory, not time per node; 16 is a good count
    /// for many queries on one large map. The bounds hold for every radius,
    /// so one router serves every agent ([`Router::with_landmarks_for`]
    /// bounds the routes of given agents more tightly). No landmarks are
    /// kept when some route cost exceeds 1e38, beyond what an `f32` holds
    /// safely.
    ///
    /// ```
    /// use clearway::{Clearances, Map, route::Router};
    /// let map = Map::from_ron_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (5, 5))],
    ///     edges: [(from: 0, to: 1), (from: 0, to: 2), (from: 2, to: 1)],
    ///     obstacles: [Point((5, 1))],
    /// )"#, "doc.ron").unwrap();
    /// let clearances = Clearances::compute(&map);
    /// let mut plain = Router::new(&map, &clearances);
    /// let mut guided = Router::with_landmarks(&map, &clearances, 2);
    /// assert_eq!(guided.route(0, 1, 2.0), plain.route(0, 1, 2.0));
    /// ```
    pub fn with_landmarks(map: &'m Map, clearances: &'m Clearances, count: usize) -> Router<'m> {
        Router::with_landmark_tables(map, clearances, count, vec![f64::NEG_INFINITY])
    }

    /// A router with landmarks for known agents: one table of `count`
    /// landmarks per radius in `agent_radii` (NaN ones are skipped), each
    /// computed over only the edges that admit its radius. A query for
    /// radius r reads the table of the largest listed radius at or below r,
    /// and the straight line alone when r is below them all.
    ///
    /// On levels where many edges are too tight for an agent, the landmark
    /// costs over every edge ([`Router::with_landmarks`]) take those edges
    /// as short cuts, and the bound falls further below the agent's real
    /// cost the longer the route. A table for the agent's own radius has no
    /// such gap: A* expands fewer nodes, and a goal that the table's
    /// landmarks cannot reach, but the start can, is seen to be out of
    /// reach without a search. Each table costs what
    /// [`Router::with_landmarks`]' one does. List the smallest radius you
    /// will route for (0 admits every edge) to give every query a table.
    ///
    /// ```
    /// use clearway::{Clearances, Map, route::Router};
    /// // A line 0-1-2 whose middle edge passes 0.5 from a rock, and a third
    /// // node 3 beside it.
    /// let map = Map::from_ron_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (20, 0)),
    ///             (id: 3, pos: (20, 10))],
    ///     edges: [(from: 0, to: 1), (from: 1, to: 2), (from: 2, to: 3)],
    ///     obstacles: [Point((15, 0.5))],
    /// )"#, "doc.ron").unwrap();
    /// let clearances = Clearances::compute(&map);
    /// let mut router = Router::with_landmarks_for(&map, &clearances, 2, &[0.0, 1.0]);
    /// let mut plain = Router::new(&map, &clearances);
    /// for radius in [0.0, 0.4, 1.0, 2.0] {
    ///     assert_eq!(router.route(0, 3, radius), plain.route(0, 3, radius));
    /// }
    /// // An agent of radius 1 cannot pass the rock.
    /// assert_eq!(router.route(0, 3, 1.0), None);
    /// ```
    pub fn with_landmarks_for(
        map: &'m Map,
        clearances: &'m Clearances,
        count: usize,
        agent_radii: &[f64],
    ) -> Router<'m> {
        let radii = agent_radii
            .iter()
            .copied()
            .filter(|r| !r.is_nan())
            .collect();
        Router::with_landmark_tables(map, clearances, count, radii)
    }

    /// A router with one table of `count` landmarks per radius in `radii`
    /// (none NaN).
    fn with_landmark_tables(
        map: &'m Map,
        clearances: &'m Clearances,
        count: usize,
        mut radii: Vec<f64>,
    ) -> Router<'m> {
        let mut router = Router::new(map, clearances);
        let reverse = map
            .edges()
            .iter()
            .any(|e| e.one_way)
            .then(|| router.network.reversed(map, clearances));
        radii.sort_by(f64::total_cmp);
        // (-0.0 and 0.0 admit the same edges.)
        radii.dedup_by(|a, b| a == b);
        router.landmarks = radii
            .into_iter()
            .map(|r| Landmarks::choose(&router.network, reverse.as_ref(), clearances, r, count))
            .collect();
        router
    }

    /// How many landmarks the router has in its largest table (0 for
    /// [`Router::new`]).
    pub fn landmark_count(&self) -> usize {
        self.landmarks
            .iter()
            .map(Landmarks::count)
            .max()
            .unwrap_or(0)
    }

    /// The cheapest route from node `start` to node `goal` (indices into
    /// [`Map::nodes`]) using only edges whose clearance admits
    /// `agent_radius`, honouring one-way edges and explicit costs. `None`
    /// when there is none.
    ///
    /// A* with the straight-line distance as its estimate, scaled down when
    /// some explicit cost is cheaper than its edge's length so that the
    /// estimate never overstates; when some edge of positive length is
    /// free, the landmark bounds alone (plain Dijkstra without landmarks).
    /// Between parallel edges of equal cost, the one of lowest index. A NaN
    /// radius fits no edge: `None`.
    ///
    /// # Panics
    /// When `start` or `goal` is not a node index of the map.
    pub fn route(&mut self, start: usize, goal: usize, agent_radius: f64) -> Option<Route> {
        self.search(start, goal, agent_radius, true)
    }

    /// The same search with no estimate at all: Dijkstra. The twin that A*
    /// is tested against.
    ///
    /// # Panics
    /// When `start` or `goal` is not a node index of the map.
    pub fn route_dijkstra(
        &mut self,
        start: usize,
        goal: usize,
        agent_radius: f64,
    ) -> Option<Route> {
        self.search(start, goal, agent_radius, false)
    }

    /// The widest route from node `start` to node `goal`: the largest agent
    /// radius that can make the trip, and the cheapest route at that radius.
    /// `None` when `goal` cannot be reached at any radius. See
    /// [`widest_route`](super::widest_route).
    ///
    /// # Panics
    /// When `start` or `goal` is not a node index of the map.
    pub fn widest_route(&mut self, start: usize, goal: usize) -> Option<WidestRoute> {
        let (from, to) = (self.network.slot(start), self.network.slot(goal));
        let widest_radius = widest::widest_radius(&self.network, self.clearances, from, to)?;
        // Every edge of a widest route admits `widest_radius`, so a route for it exists.
        let route = self.route(start, goal, widest_radius)?;
        let bottleneck_edge = route.bottleneck_edge(self.clearances);
        Some(WidestRoute {
            widest_radius,
            route,
            bottleneck_edge,
        })
    }

    /// The search: A* when `guided`, with the straight-line and landmark
    /// bounds; plain Dijkstra (no estimate at all) when not.
    fn search(
        &mut self,
        start: usize,
        goal: usize,
        agent_radius: f64,
        guided: bool,
    ) -> Option<Route> {
        if agent_radius.is_nan() {
            return None;
        }
        let Router {
            network,
            clearances,
            landmarks,
            scale,
            scratch,
            ..
        } = self;
        let (start, goal) = (network.slot(start), network.slot(goal));
        let (nodes, edges) = if guided {
            // The tables are by ascending radius: the last one at or below
            // the agent's counts only edges the agent's own edges are among.
            let table = landmarks.iter().rev().find(|l| l.radius() <= agent_radius);
            let estimate = GoalBound::new(network, *scale, table, start, goal);
            astar::cheapest_path(
                network,
                clearances,
                scratch,
                start,
                goal,
                agent_radius,
                &estimate,
            )
        } else {
            astar::cheapest_path(
                network,
                clearances,
                scratch,
                start,
                goal,
                agent_radius,
                &NoEstimate,
            )
        }?;
        Some(Route::along(self.map, self.clearances, nodes, edges))
    }
}

/// The factor that keeps the straight-line estimate admissible: the map's
/// smallest cost per unit length (at most 1; 0, plain Dijkstra, when an edge
/// of positive length is free), a hair under, so that rounding in summed
/// lengths never makes the estimate overstate (the hair covers its last-bit
/// difference from the lengths summed into costs). With 0 only the
/// landmarks are left, whose costs count free edges as free.
fn heuristic_scale(map: &Map) -> f64 {
    map.min_cost_per_length() * (1.0 - 1e-12)
}
