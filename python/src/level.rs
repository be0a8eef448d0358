//! `clearway.Level`: a level of either dimension, its clearances computed
//! once, on first use.

use std::path::PathBuf;

use clearway::{Plane, Space};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::dims::Dim;
use crate::errors::load_error;
use crate::measured::Measured;
use crate::results::{Route, Witnesses};

/// A level of either dimension.
pub enum Inner {
    /// A flat level.
    Plane(Measured<Plane>),
    /// A level with height.
    Space(Measured<Space>),
}

/// Runs `$body` with `$m` bound to the level's `Measured` of its dimension.
macro_rules! each {
    ($inner:expr, $m:ident => $body:expr) => {
        match $inner {
            Inner::Plane($m) => $body,
            Inner::Space($m) => $body,
        }
    };
}

/// A level: a path network (nodes and straight edges), obstacles and agent
/// profiles, flat (2D) or with height (3D).
///
/// Make one with ``clearway.load``, ``clearway.loads``, ``clearway.grid`` or
/// ``Level.from_arrays``. A level does not change: ``prune`` and ``bake``
/// return new levels, and ``live()`` a ``LiveLevel`` that does change.
///
/// Clearances are computed on first use (``edge_clearances``, ``check``,
/// ``route``...) on every core with the GIL released, then kept; a level
/// may be used from several Python threads at once.
///
/// Nodes are named in arguments by their id as the level writes it (an
/// ``int``), or by a string read as the command line reads ``--from``: an
/// id, a node name, ``"id:7"`` or ``"name:gate"``. Edges, nodes and
/// obstacles in results are indices into the level's arrays.
#[pyclass(name = "Level", module = "clearway", frozen)]
pub struct PyLevel {
    pub(crate) inner: Inner,
}

impl PyLevel {
    /// A level of either dimension.
    pub fn of(level: clearway::Level) -> PyLevel {
        PyLevel {
            inner: match level {
                clearway::Level::Plane(map) => Plane::level(map),
                clearway::Level::Space(map) => Space::level(map),
            },
        }
    }

    /// The level as map-file (RON) text.
    pub fn to_ron_text(&self) -> String {
        each!(&self.inner, m => m.to_ron())
    }
}

#[pymethods]
impl PyLevel {
    /// Builds a level from numpy arrays, validated exactly as a map file is.
    ///
    /// positions: ``(n, 2)`` or ``(n, 3)`` float64 node positions (2D or 3D).
    /// edges: ``(m, 2)`` integer rows of node indices (rows of ``positions``).
    /// obstacles: ``None``, a dict ``{kind: array}`` (obstacles numbered in
    ///   the dict's order) or a list of ``(kind, array)`` pairs. Kinds:
    ///   ``"points"`` ``(k, 2|3)``, ``"circles"`` ``(k, 3)`` centre and
    ///   radius, ``"segments"`` ``(k, 4|6)`` two ends, ``"polygons"`` a list
    ///   of ``(v, 2)`` arrays, ``"spheres"`` ``(k, 4)``, ``"boxes"``
    ///   ``(k, 6)`` min then max, ``"triangles"`` ``(k, 9)``, ``"meshes"`` a
    ///   list of ``(vertices (v, 3), faces (f, 3)[, solid])``.
    /// agents: ``{name: radius}`` or a list of ``(name, radius)`` pairs.
    /// one_way, closed: ``(m,)`` bools per edge. cost: ``(m,)`` float64
    ///   explicit traversal costs; NaN marks an edge without one (it costs
    ///   its length, as an edge without ``cost:`` in a map file, and
    ///   ``costs()`` reads it back as NaN).
    /// names: ``n`` node names (``None`` for a node without one).
    /// ids: ``(n,)`` node ids (default ``0..n``).
    ///
    /// Raises ``ValueError`` naming the bad value (NaN (but in ``cost``) or
    /// infinite numbers,
    /// negative radii, an edge index that is not a node, a self-loop,
    /// duplicate ids...) and ``TypeError`` for arrays of the wrong type.
    /// The level is the one the same map file would give, bit for bit.
    #[staticmethod]
    #[pyo3(signature = (positions, edges, obstacles=None, agents=None, one_way=None, cost=None, names=None, ids=None, closed=None))]
    #[allow(clippy::too_many_arguments)]
    fn from_arrays(
        py: Python<'_>,
        positions: &Bound<'_, PyAny>,
        edges: &Bound<'_, PyAny>,
        obstacles: Option<&Bound<'_, PyAny>>,
        agents: Option<&Bound<'_, PyAny>>,
        one_way: Option<&Bound<'_, PyAny>>,
        cost: Option<&Bound<'_, PyAny>>,
        names: Option<Vec<Option<String>>>,
        ids: Option<&Bound<'_, PyAny>>,
        closed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyLevel> {
        let arrays = crate::from_arrays::Arrays {
            positions,
            edges,
            obstacles,
            agents,
            one_way,
            cost,
            names,
            ids,
            closed,
        };
        crate::from_arrays::level(py, arrays).map(PyLevel::of)
    }

    /// 2 for a flat level, 3 for a level with height.
    #[getter]
    fn dimensions(&self) -> usize {
        each!(&self.inner, m => m_dims(m))
    }

    /// The number of nodes.
    #[getter]
    fn node_count(&self) -> usize {
        each!(&self.inner, m => m.map.nodes().len())
    }

    /// The number of edges.
    #[getter]
    fn edge_count(&self) -> usize {
        each!(&self.inner, m => m.map.edges().len())
    }

    /// The number of obstacles.
    #[getter]
    fn obstacle_count(&self) -> usize {
        each!(&self.inner, m => m.map.obstacles().len())
    }

    /// The agent profiles: ``{name: radius}`` in the level's order (walking
    /// agents too: ``walking_agents`` has their bodies).
    #[getter]
    fn agents<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let agents = PyDict::new(py);
        for a in each!(&self.inner, m => m.map.agents()) {
            agents.set_item(&a.name, a.radius)?;
        }
        Ok(agents)
    }

    /// The slack: how far below a radius a clearance may fall and still
    /// admit it (absorbs the rounding of decimal coordinates).
    #[getter]
    fn slack(&self) -> f64 {
        each!(&self.inner, m => m.map.slack())
    }

    /// Node positions, ``(n, 2)`` or ``(n, 3)`` float64.
    fn positions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        each!(&self.inner, m => m.positions(py))
    }

    /// Node ids as the level writes them, ``(n,)`` uint64.
    fn node_ids<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        each!(&self.inner, m => m.node_ids(py))
    }

    /// Node names, ``None`` for a node without one.
    fn node_names(&self) -> Vec<Option<String>> {
        each!(&self.inner, m => m.node_names())
    }

    /// The index of the node an id or name refers to.
    fn node_index(&self, node: &Bound<'_, PyAny>) -> PyResult<usize> {
        each!(&self.inner, m => m.node(node, "node").map(|i| i.get()))
    }

    /// Edges as ``(m, 2)`` int64 rows of node indices (from, to).
    fn edges<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        each!(&self.inner, m => m.edges(py))
    }

    /// Whether each edge is one-way, ``(m,)`` bool.
    fn one_way<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        each!(&self.inner, m => m.edge_flags(py, |e| e.one_way))
    }

    /// Whether each edge is closed, ``(m,)`` bool.
    fn closed<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        each!(&self.inner, m => m.edge_flags(py, |e| e.closed))
    }

    /// Each edge's explicit cost, NaN where it has none, ``(m,)`` float64.
    fn costs<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        each!(&self.inner, m => m.edge_column(py, |e| e.cost))
    }

    /// Each edge's baked clearance, NaN where it has none, ``(m,)`` float64.
    fn baked_clearances<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        each!(&self.inner, m => m.edge_column(py, |e| e.clearance))
    }

    /// The obstacles as a list of ``(kind, array)`` pairs in order (a run
    /// of one kind in one pair), as ``from_arrays`` takes them.
    fn obstacles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        each!(&self.inner, m => m.obstacles(py))
    }

    /// Every edge's clearance (the largest agent radius that can travel
    /// it), ``(m,)`` float64; ``inf`` where no obstacle limits it.
    fn edge_clearances<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        each!(&self.inner, m => m.edge_clearances(py))
    }

    /// Every node's clearance, ``(n,)`` float64.
    fn node_clearances<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        each!(&self.inner, m => m.node_clearances(py))
    }

    /// What sets each clearance: obstacle indices (-1 for none) and pinch
    /// points, as a ``Witnesses`` record of arrays.
    fn witnesses(&self, py: Python<'_>) -> PyResult<Witnesses> {
        each!(&self.inner, m => m.witnesses(py))
    }

    /// The walking agent profiles: ``{name: (height, climb, max_slope)}``
    /// for each profile with a height, in the level's order (empty for a
    /// level whose agents are all spheres).
    #[getter]
    fn walking_agents<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let agents = PyDict::new(py);
        for a in each!(&self.inner, m => m.map.agents()) {
            if let Some(w) = a.walking {
                agents.set_item(&a.name, (w.height, w.climb, w.max_slope))?;
            }
        }
        Ok(agents)
    }

    /// What the walking agent ``agent`` meets on every edge and node, as a
    /// ``WalkingClearances`` record of arrays: its body's clearance, the
    /// ground under it, the slopes, and the clearances every search judges
    /// it by. Measured once per profile (GIL released) and kept.
    /// ``ValueError`` for an agent that is not a walking agent.
    fn walking_clearances(
        &self,
        py: Python<'_>,
        agent: &str,
    ) -> PyResult<crate::results::WalkingClearances> {
        each!(&self.inner, m => m.walking_arrays(py, agent))
    }

    /// Checks the level for an agent: ``radius=R`` or ``agent=NAME`` gives
    /// one ``CheckResult``. With neither, every agent profile of the level
    /// is checked, as ``clearway check`` does: a list of ``CheckResult``,
    /// one per profile in the level's order (``ValueError`` when the level
    /// has none). A walking agent is judged by its own clearances (its
    /// body, the ground under it, the slopes: ``walking_clearances``), as
    /// ``clearway check --agent`` judges it; ``radius=`` is a sphere's.
    #[pyo3(signature = (radius=None, agent=None))]
    fn check<'py>(
        &self,
        py: Python<'py>,
        radius: Option<f64>,
        agent: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        each!(&self.inner, m => m.check(py, radius, agent))
    }

    /// The cheapest route from node ``a`` to node ``b`` for an agent of
    /// ``radius`` (or the profile ``agent``, whose area costs multiply its
    /// edges' costs and whose forbidden areas are never entered, as
    /// ``clearway route --agent``; a walking agent only where it walks):
    /// a ``Route``, whose ``found`` is false when there is none.
    #[pyo3(signature = (a, b, radius=None, agent=None))]
    fn route(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
        radius: Option<f64>,
        agent: Option<&str>,
    ) -> PyResult<Route> {
        each!(&self.inner, m => m.route(py, a, b, radius, agent))
    }

    /// The widest route from ``a`` to ``b``: ``radius`` is the largest
    /// agent radius that gets through, and the route the cheapest at it.
    /// With ``agent``, the profile's forbidden areas are never entered and
    /// the route is the cheapest by its area costs, as ``clearway widest
    /// --agent`` finds it (its radius is not read; for a walking agent the
    /// widest body of its height that walks there, its ground and slopes
    /// judged at its own radius).
    #[pyo3(signature = (a, b, agent=None))]
    fn widest(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
        agent: Option<&str>,
    ) -> PyResult<Route> {
        each!(&self.inner, m => m.widest(py, a, b, agent))
    }

    /// The lengths of the cheapest routes between many pairs of nodes,
    /// ``pairs`` a ``(k, 2)`` integer array of node ids, or rows of ids and
    /// names (strings, read as ``route`` reads them): ``(k,)`` float64, NaN
    /// where there is no route. With ``agent``, the profile's area costs
    /// and forbidden areas apply, as in ``route`` (a walking agent only
    /// where it walks). Computed in Rust, GIL released; from 256 pairs on
    /// every core, with 16 landmarks for the radius computed first (a few
    /// dozen routes' work, which makes each route expand far fewer nodes).
    #[pyo3(signature = (pairs, radius=None, agent=None))]
    fn route_pairs<'py>(
        &self,
        py: Python<'py>,
        pairs: &Bound<'py, PyAny>,
        radius: Option<f64>,
        agent: Option<&str>,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        each!(&self.inner, m => m.route_pairs(py, pairs, radius, agent))
    }

    /// The level without the edges too tight for ``radius`` (or ``agent``;
    /// for a walking agent, those it cannot walk), as ``clearway prune``
    /// makes it.
    #[pyo3(signature = (radius=None, agent=None))]
    fn prune(&self, py: Python<'_>, radius: Option<f64>, agent: Option<&str>) -> PyResult<PyLevel> {
        Ok(PyLevel {
            inner: each!(&self.inner, m => Dim::level(m.pruned(py, radius, agent)?)),
        })
    }

    /// The level with every edge's clearance written into it, as
    /// ``clearway bake`` makes it.
    fn bake(&self, py: Python<'_>) -> PyResult<PyLevel> {
        Ok(PyLevel {
            inner: each!(&self.inner, m => Dim::level(m.baked(py)?)),
        })
    }

    /// The level as map-file (RON) text.
    fn to_ron(&self) -> String {
        each!(&self.inner, m => m.to_ron())
    }

    /// Writes the level to ``path`` as a map file (RON), atomically: the
    /// file is whole or untouched, never half written.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        let text = self.to_ron();
        crate::files::write_atomically(py, &path, text.as_bytes())
    }

    /// Draws the level to ``path``: SVG, PNG or the viewer's HTML page
    /// (``.html``: pan, zoom, pick a radius, hover an edge, click a route;
    /// spheres only) by its extension. Edges are
    /// coloured by clearance; with ``radius`` (or ``agent``), against that
    /// radius, and with ``route=(a, b)`` also the route an agent of that
    /// radius takes (a walking ``agent``: coloured by its own clearances,
    /// the stretches without ground that block it drawn). A 3D level is
    /// seen from above.
    #[pyo3(signature = (path, radius=None, agent=None, title=None, route=None))]
    fn render(
        &self,
        py: Python<'_>,
        path: PathBuf,
        radius: Option<f64>,
        agent: Option<&str>,
        title: Option<&str>,
        route: Option<(Bound<'_, PyAny>, Bound<'_, PyAny>)>,
    ) -> PyResult<()> {
        let format = crate::files::picture_format(&path)?;
        if route.is_some() && radius.is_none() && agent.is_none() {
            return Err(PyValueError::new_err("route= needs radius= or agent="));
        }
        let ends = route.as_ref().map(|(a, b)| (a, b));
        let html = matches!(format, crate::files::Picture::Html);
        let svg = each!(&self.inner, m => m.svg(py, radius, agent, title, ends, html))?;
        crate::files::write_picture(py, &path, &svg, format)
    }

    /// A ``LiveLevel``: a copy of this level that changes (obstacles added,
    /// removed, moved; edges closed and opened), its clearances kept exact.
    fn live(&self, py: Python<'_>) -> PyResult<crate::live::PyLiveLevel> {
        crate::live::PyLiveLevel::of(py, self)
    }

    fn __repr__(&self) -> String {
        format!(
            "<clearway.Level {}D: {} nodes, {} edges, {} obstacles, {} agents>",
            self.dimensions(),
            self.node_count(),
            self.edge_count(),
            self.obstacle_count(),
            each!(&self.inner, m => m.map.agents().len())
        )
    }
}

fn m_dims<D: Dim>(_: &Measured<D>) -> usize {
    D::N
}

/// Loads a map file (RON), with the obstacles of `obstacles` files added.
pub fn load(
    py: Python<'_>,
    path: PathBuf,
    obstacles: Vec<PathBuf>,
    tiled: &clearway::tiled::TiledOptions,
) -> PyResult<PyLevel> {
    let level = py
        .detach(|| clearway::Level::loader().read_file(&path))
        .map_err(|e| load_error(py, &e))?;
    let level = crate::extra::add(py, level, &path, &obstacles, tiled)?;
    Ok(PyLevel::of(level))
}

/// Reads a map from RON text.
pub fn loads(py: Python<'_>, text: &str, name: &str) -> PyResult<PyLevel> {
    let level = py
        .detach(|| clearway::Level::loader().read_str(text, name))
        .map_err(|e| load_error(py, &e))?;
    Ok(PyLevel::of(level))
}
