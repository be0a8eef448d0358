//! What queries return: plain records whose arrays are numpy arrays.

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;

/// The verdict of `Level.check` for one agent radius.
///
/// ``blocked_edges`` are the indices of the edges too tight for the radius
/// (a clearance below it, or 0, which touches an obstacle), including
/// closed edges that are too tight; ``blocked_nodes`` the indices of the
/// nodes too tight; ``stale_bakes`` the edges whose baked clearance no
/// longer matches the obstacles. ``ok`` is what ``clearway check`` passes
/// on: no blocked edge and no stale bake (a blocked node alone does not
/// fail a check, as on the command line).
#[pyclass(module = "clearway", frozen, get_all)]
pub struct CheckResult {
    /// The agent profile's name, or ``None`` for a plain radius.
    pub agent: Option<String>,
    /// The radius checked.
    pub radius: f64,
    /// Indices of the blocked edges, ascending (int64).
    pub blocked_edges: Py<PyArray1<i64>>,
    /// Indices of the blocked nodes, ascending (int64).
    pub blocked_nodes: Py<PyArray1<i64>>,
    /// Indices of the edges whose baked clearance is stale (int64).
    pub stale_bakes: Py<PyArray1<i64>>,
    /// How many edges were checked (every edge of the level).
    pub edges_checked: usize,
    /// How many of them are closed.
    pub edges_closed: usize,
}

#[pymethods]
impl CheckResult {
    /// Whether the check passes: no blocked edge and no stale bake.
    #[getter]
    fn ok(&self, py: Python<'_>) -> bool {
        self.blocked_edges.bind(py).len() == 0 && self.stale_bakes.bind(py).len() == 0
    }

    /// How many edges are blocked.
    #[getter]
    fn blocked_edge_count(&self, py: Python<'_>) -> usize {
        self.blocked_edges.bind(py).len()
    }

    /// How many nodes are blocked.
    #[getter]
    fn blocked_node_count(&self, py: Python<'_>) -> usize {
        self.blocked_nodes.bind(py).len()
    }

    fn __bool__(&self, py: Python<'_>) -> bool {
        self.ok(py)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let who = match &self.agent {
            Some(name) => format!("agent={name:?}, radius={}", self.radius),
            None => format!("radius={}", self.radius),
        };
        format!(
            "CheckResult({who}, ok={}, blocked_edges={} of {}, blocked_nodes={})",
            if self.ok(py) { "True" } else { "False" },
            self.blocked_edge_count(py),
            self.edges_checked,
            self.blocked_node_count(py)
        )
    }
}

/// A route, or the absence of one (``found`` is false; ``length`` and
/// ``cost`` are NaN and the arrays empty).
///
/// ``nodes`` are the node ids along the route as the level writes them
/// (uint64), ``node_indices`` their positions in the level's node arrays,
/// ``edges`` the edge indices travelled. ``radius`` is the agent radius
/// the route is for (for a widest route: the widest radius that gets
/// through), ``bottleneck`` the index of the tightest edge on it (``None``
/// for a route of one node), ``min_clearance`` that edge's clearance.
#[pyclass(module = "clearway", frozen, get_all)]
pub struct Route {
    /// Whether a route was found.
    pub found: bool,
    /// The route's length (NaN when none was found).
    pub length: f64,
    /// The route's cost: the length, or the edges' explicit costs (NaN when
    /// none was found).
    pub cost: f64,
    /// The agent radius the route is for.
    pub radius: f64,
    /// The node ids along the route (uint64).
    pub nodes: Py<PyArray1<u64>>,
    /// The nodes' indices (int64).
    pub node_indices: Py<PyArray1<i64>>,
    /// The edges' indices (int64).
    pub edges: Py<PyArray1<i64>>,
    /// The index of the tightest edge, if the route has an edge.
    pub bottleneck: Option<usize>,
    /// The smallest clearance along the route (inf for a route without
    /// edges or obstacles; NaN when none was found).
    pub min_clearance: f64,
}

#[pymethods]
impl Route {
    fn __bool__(&self) -> bool {
        self.found
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.nodes.bind(py).len()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        if !self.found {
            return format!("Route(found=False, radius={})", self.radius);
        }
        let ids: Vec<String> = self
            .nodes
            .bind(py)
            .to_vec()
            .unwrap_or_default()
            .iter()
            .map(u64::to_string)
            .collect();
        format!(
            "Route(found=True, length={}, radius={}, nodes=[{}])",
            self.length,
            self.radius,
            ids.join(", ")
        )
    }
}

/// What sets each clearance: the obstacle and where it pinches.
///
/// For edges: ``edge_obstacles[i]`` is the index of the obstacle nearest
/// edge ``i`` (-1 when none limits it), ``edge_points[i]`` the pinch point
/// on the edge and ``edge_obstacle_points[i]`` the obstacle's nearest
/// point (rows of NaN when there is no obstacle). The same for nodes,
/// whose pinch point is the node itself.
#[pyclass(module = "clearway", frozen, get_all)]
pub struct Witnesses {
    /// Per edge: the witness obstacle's index, or -1 (int64).
    pub edge_obstacles: Py<PyArray1<i64>>,
    /// Per edge: the pinch point on the edge, ``(m, 2|3)``.
    pub edge_points: Py<PyArray2<f64>>,
    /// Per edge: the obstacle's nearest point, ``(m, 2|3)``.
    pub edge_obstacle_points: Py<PyArray2<f64>>,
    /// Per node: the witness obstacle's index, or -1 (int64).
    pub node_obstacles: Py<PyArray1<i64>>,
    /// Per node: the node's position where an obstacle limits it, ``(n, 2|3)``.
    pub node_points: Py<PyArray2<f64>>,
    /// Per node: the obstacle's nearest point, ``(n, 2|3)``.
    pub node_obstacle_points: Py<PyArray2<f64>>,
}

#[pymethods]
impl Witnesses {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Witnesses({} edges, {} nodes)",
            self.edge_obstacles.bind(py).len(),
            self.node_obstacles.bind(py).len()
        )
    }
}

/// What a walking agent meets on every edge and node
/// (``Level.walking_clearances``), as arrays.
///
/// A walking agent (a profile with a ``height``, 3D levels) admits an edge
/// when its body swept along it touches nothing (``edge_body``, its
/// walking clearance: the largest radius whose body of this height and
/// climb fits, at most the widest body the profile has), there is ground
/// under it (no stretch without ground as long as its radius:
/// ``edge_no_ground``), and it is not too steep (``edge_slopes`` at most
/// ``max_slope``). ``edge_clearances`` folds the three for the agent's own
/// radius: the body clearance, or 0 where it cannot stand or climb. It is
/// what ``check``, ``route``, ``widest``, ``route_pairs`` and ``prune``
/// judge the agent by (``clearway clearance --agent`` prints the parts).
#[pyclass(module = "clearway", frozen, get_all)]
pub struct WalkingClearances {
    /// The agent profile's name.
    pub agent: String,
    /// Its radius.
    pub radius: f64,
    /// Its height (feet to the top of its head).
    pub height: f64,
    /// The step it climbs.
    pub climb: f64,
    /// The steepest slope it walks, in degrees.
    pub max_slope: f64,
    /// Per edge: the body's walking clearance (float64).
    pub edge_body: Py<PyArray1<f64>>,
    /// Per edge: the obstacle that pinches the body, or -1 (int64).
    pub edge_obstacles: Py<PyArray1<i64>>,
    /// Per edge: the longest stretch without ground under it, NaN where
    /// there is ground all along (float64).
    pub edge_no_ground: Py<PyArray1<f64>>,
    /// Per edge: its angle above the horizontal, in degrees (float64).
    pub edge_slopes: Py<PyArray1<f64>>,
    /// Per edge: the clearance the agent is judged by at its own radius,
    /// 0 where it cannot stand or climb (float64).
    pub edge_clearances: Py<PyArray1<f64>>,
    /// Per node: the body's clearance standing there (float64).
    pub node_body: Py<PyArray1<f64>>,
    /// Per node: the obstacle that pinches the body, or -1 (int64).
    pub node_obstacles: Py<PyArray1<i64>>,
    /// Per node: 0 where there is no ground under it, NaN where there is
    /// (float64).
    pub node_no_ground: Py<PyArray1<f64>>,
    /// Per node: the clearance the agent is judged by, 0 where it cannot
    /// stand (float64).
    pub node_clearances: Py<PyArray1<f64>>,
}

#[pymethods]
impl WalkingClearances {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "WalkingClearances(agent={:?}, radius={}, height={}, {} edges, {} nodes)",
            self.agent,
            self.radius,
            self.height,
            self.edge_body.bind(py).len(),
            self.node_body.bind(py).len()
        )
    }
}
