//! `clearway.LiveLevel`: a level that changes at run time, its clearances
//! kept exact after every change at the cost of what is near it.

use clearway::live::{Change, ChangeReport, LiveLevel};
use clearway::{Dimension, EdgeIdx, NodeIdx, Plane, Space};
use clearway_node_names::NodeLookup;
use numpy::PyArray1;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::arrays::{f64_rows, vector};
use crate::dims::Dim;
use crate::guard::detached;
use crate::level::PyLevel;
use crate::measured::{route_result, witness_arrays};
use crate::nodes;
use crate::radius::{self, Chosen};
use crate::results::{Route, Witnesses};

/// A live level of either dimension.
enum Live {
    Plane(LiveLevel<Plane>),
    Space(LiveLevel<Space>),
}

macro_rules! each_live {
    ($live:expr, $l:ident => $body:expr) => {
        match $live {
            Live::Plane($l) => $body,
            Live::Space($l) => $body,
        }
    };
}

/// A live level's nodes, for naming them as a level's are named: its
/// slots come and go, so names are found by a pass over the live ones.
struct LiveNodes<'l, D: Dim>(&'l LiveLevel<D>);

impl<D: Dim> NodeLookup for LiveNodes<'_, D> {
    fn index_of(&self, id: u64) -> Option<NodeIdx> {
        self.0.node_index(id)
    }
    fn id_of(&self, node: NodeIdx) -> u64 {
        self.0.node(node).map_or(0, |n| n.id)
    }
    fn named(&self, name: &str) -> Vec<NodeIdx> {
        (0..self.0.node_slots())
            .map(NodeIdx::new)
            .filter(|&i| {
                self.0
                    .node(i)
                    .is_some_and(|n| n.name.as_deref() == Some(name))
            })
            .collect()
    }
}

/// A level that changes: obstacles added, removed, reshaped and moved,
/// edges closed and opened. After every change each clearance is exactly
/// what computing the level afresh would give, at the cost of what is
/// near the change.
///
/// Each change returns a ``LiveChange``: the edges and nodes whose
/// clearance changed (indices, with the values before and after) and, per
/// agent profile, the edges it can no longer use and those it now can.
/// Obstacles, edges and nodes keep their indices; an added obstacle gets
/// the next index. Made by ``Level.live()``.
#[pyclass(name = "LiveLevel", module = "clearway")]
pub struct PyLiveLevel {
    live: Live,
}

impl PyLiveLevel {
    /// A live copy of `level`.
    pub fn of(py: Python<'_>, level: &PyLevel) -> PyResult<PyLiveLevel> {
        // A copy of the level through its exact text (the writer's numbers
        // read back bit for bit): a `Map` is not `Clone`.
        let text = level.to_ron_text();
        let copy = py
            .detach(|| clearway::Level::loader().read_str(&text, "<live>"))
            .map_err(|e| crate::errors::load_error(py, &e))?;
        let live = detached(py, "building a live level", || match copy {
            clearway::Level::Plane(map) => Live::Plane(LiveLevel::new(map)),
            clearway::Level::Space(map) => Live::Space(LiveLevel::new(map)),
        })?;
        Ok(PyLiveLevel { live })
    }

    fn apply(&mut self, py: Python<'_>, change: AnyChange) -> PyResult<LiveChange> {
        match (&mut self.live, change) {
            (Live::Plane(l), AnyChange::Plane(c)) => apply(py, l, c),
            (Live::Space(l), AnyChange::Space(c)) => apply(py, l, c),
            _ => Err(PyValueError::new_err("a change of the other dimension")),
        }
    }
}

/// A change of either dimension.
enum AnyChange {
    Plane(Change<Plane>),
    Space(Change<Space>),
}

fn apply<D: Dim>(py: Python<'_>, live: &mut LiveLevel<D>, change: Change<D>) -> PyResult<LiveChange>
where
    Change<D>: Send,
    ChangeReport<D>: Send,
{
    let report = detached(py, "changing a live level", || live.apply(change))?
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    LiveChange::of(py, live, &report)
}

/// One obstacle of kind `kind` given as one row (or, for polygons and
/// meshes, one item), validated as the loader validates obstacle `index`.
fn obstacle<D: Dim>(kind: &str, data: &Bound<'_, PyAny>, index: usize) -> PyResult<D::Obstacle> {
    let py = data.py();
    let list = if matches!(kind, "polygon" | "polygons" | "mesh" | "meshes") {
        pyo3::types::PyList::new(py, [data])?.into_any()
    } else {
        py.import("numpy")?
            .call_method1("asarray", (data,))?
            .call_method1("reshape", ((1i64, -1i64),))?
    };
    let entries = crate::obstacles::of_kind(kind, &list)?;
    let [entry] = <[_; 1]>::try_from(entries)
        .map_err(|_| PyValueError::new_err("expected exactly one obstacle"))?;
    clearway::map::obstacle_from_wire::<D>(entry, index)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

fn edge(e: i64) -> PyResult<EdgeIdx> {
    usize::try_from(e)
        .ok()
        .filter(|&e| u32::try_from(e).is_ok())
        .map(EdgeIdx::new)
        .ok_or_else(|| PyIndexError::new_err(format!("edge {e}: not an edge index")))
}

fn obstacle_index(i: i64) -> PyResult<usize> {
    usize::try_from(i)
        .map_err(|_| PyIndexError::new_err(format!("obstacle {i}: not an obstacle index")))
}

#[pymethods]
impl PyLiveLevel {
    /// 2 for a flat level, 3 for a level with height.
    #[getter]
    fn dimensions(&self) -> usize {
        each_live!(&self.live, l => dims(l))
    }

    /// Adds an obstacle of ``kind`` (``"point"``, ``"circle"``,
    /// ``"segment"``, ``"polygon"``, ``"sphere"``, ``"box"``,
    /// ``"triangle"``, ``"mesh"``) given as one row of that kind's array in
    /// ``Level.from_arrays`` (a polygon: its ``(v, 2)`` vertices; a mesh:
    /// ``(vertices, faces[, solid])``). It gets the next obstacle index
    /// (``LiveChange.added_obstacle``).
    fn add_obstacle(
        &mut self,
        py: Python<'_>,
        kind: &str,
        data: &Bound<'_, PyAny>,
    ) -> PyResult<LiveChange> {
        let change = match &self.live {
            Live::Plane(l) => AnyChange::Plane(Change::AddObstacle(obstacle::<Plane>(
                kind,
                data,
                l.obstacle_slots(),
            )?)),
            Live::Space(l) => AnyChange::Space(Change::AddObstacle(obstacle::<Space>(
                kind,
                data,
                l.obstacle_slots(),
            )?)),
        };
        self.apply(py, change)
    }

    /// Removes obstacle ``index``.
    fn remove_obstacle(&mut self, py: Python<'_>, index: i64) -> PyResult<LiveChange> {
        let i = obstacle_index(index)?;
        let change = match &self.live {
            Live::Plane(_) => AnyChange::Plane(Change::RemoveObstacle(i)),
            Live::Space(_) => AnyChange::Space(Change::RemoveObstacle(i)),
        };
        self.apply(py, change)
    }

    /// Gives obstacle ``index`` another shape (any kind, as in
    /// ``add_obstacle``); it keeps its index.
    fn replace_obstacle(
        &mut self,
        py: Python<'_>,
        index: i64,
        kind: &str,
        data: &Bound<'_, PyAny>,
    ) -> PyResult<LiveChange> {
        let i = obstacle_index(index)?;
        let change = match &self.live {
            Live::Plane(_) => AnyChange::Plane(Change::ReplaceObstacle {
                obstacle: i,
                with: obstacle::<Plane>(kind, data, i)?,
            }),
            Live::Space(_) => AnyChange::Space(Change::ReplaceObstacle {
                obstacle: i,
                with: obstacle::<Space>(kind, data, i)?,
            }),
        };
        self.apply(py, change)
    }

    /// Moves obstacle ``index`` by the displacement ``by`` (2 or 3 numbers).
    fn move_obstacle(
        &mut self,
        py: Python<'_>,
        index: i64,
        by: &Bound<'_, PyAny>,
    ) -> PyResult<LiveChange> {
        let i = obstacle_index(index)?;
        let by = by
            .py()
            .import("numpy")?
            .call_method1("reshape", (by, (1i64, -1i64)))?;
        let change = match &self.live {
            Live::Plane(_) => {
                let (v, _) = f64_rows(&by, "by", &[2])?;
                AnyChange::Plane(Change::MoveObstacle {
                    obstacle: i,
                    by: Plane::point(&v),
                })
            }
            Live::Space(_) => {
                let (v, _) = f64_rows(&by, "by", &[3])?;
                AnyChange::Space(Change::MoveObstacle {
                    obstacle: i,
                    by: Space::point(&v),
                })
            }
        };
        self.apply(py, change)
    }

    /// Closes edge ``index`` (a door shut): no agent may use it; its
    /// clearance is kept.
    fn close_edge(&mut self, py: Python<'_>, index: i64) -> PyResult<LiveChange> {
        let e = edge(index)?;
        let change = match &self.live {
            Live::Plane(_) => AnyChange::Plane(Change::CloseEdge(e)),
            Live::Space(_) => AnyChange::Space(Change::CloseEdge(e)),
        };
        self.apply(py, change)
    }

    /// Opens edge ``index`` again.
    fn open_edge(&mut self, py: Python<'_>, index: i64) -> PyResult<LiveChange> {
        let e = edge(index)?;
        let change = match &self.live {
            Live::Plane(_) => AnyChange::Plane(Change::OpenEdge(e)),
            Live::Space(_) => AnyChange::Space(Change::OpenEdge(e)),
        };
        self.apply(py, change)
    }

    /// Every edge's clearance now, ``(m,)`` float64.
    fn edge_clearances<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        each_live!(&self.live, l => vector(py, l.clearances().edges().iter().map(|c| c.value).collect()))
    }

    /// Every node's clearance now, ``(n,)`` float64.
    fn node_clearances<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        each_live!(&self.live, l => vector(py, l.clearances().nodes().iter().map(|c| c.value).collect()))
    }

    /// What sets each clearance now (see ``Level.witnesses``).
    fn witnesses(&self, py: Python<'_>) -> PyResult<Witnesses> {
        each_live!(&self.live, l => live_witnesses(py, l))
    }

    /// Which edges are closed now, ``(m,)`` bool.
    fn closed<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        each_live!(&self.live, l => vector(py, (0..l.edge_slots()).map(|e| l.is_closed(EdgeIdx::new(e))).collect()))
    }

    /// The cheapest route from ``a`` to ``b`` on the level as it stands.
    ///
    /// ``agent=`` routes as that agent of the level: its area costs and
    /// forbidden areas, and a walking agent's body, ground and slope, kept
    /// current as the level changes. ``radius=`` is a sphere's.
    #[pyo3(signature = (a, b, radius=None, agent=None))]
    fn route(
        &mut self,
        py: Python<'_>,
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
        radius: Option<f64>,
        agent: Option<&str>,
    ) -> PyResult<Route> {
        each_live!(&mut self.live, l => live_route(py, l, a, b, radius, agent))
    }

    /// The widest route from ``a`` to ``b`` on the level as it stands.
    fn widest(
        &mut self,
        py: Python<'_>,
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
    ) -> PyResult<Route> {
        each_live!(&mut self.live, l => live_widest(py, l, a, b))
    }

    /// The level as it stands, as a ``Level``.
    fn to_level(&self, py: Python<'_>) -> PyResult<PyLevel> {
        Ok(match &self.live {
            Live::Plane(l) => PyLevel {
                inner: Plane::level(detached(py, "copying a live level", || l.to_map())?),
            },
            Live::Space(l) => PyLevel {
                inner: Space::level(detached(py, "copying a live level", || l.to_map())?),
            },
        })
    }

    fn __repr__(&self) -> String {
        each_live!(&self.live, l => format!(
            "<clearway.LiveLevel {}D: {} obstacles, {} edges>",
            dims(l),
            l.obstacles().count(),
            l.edge_slots()
        ))
    }
}

fn dims<D: Dim>(_: &LiveLevel<D>) -> usize {
    D::N
}

fn live_witnesses<D: Dim>(py: Python<'_>, l: &LiveLevel<D>) -> PyResult<Witnesses> {
    let c = l.clearances();
    let (edge_obstacles, edge_points, edge_obstacle_points) = witness_arrays::<D>(py, c.edges())?;
    let (node_obstacles, node_points, node_obstacle_points) = witness_arrays::<D>(py, c.nodes())?;
    Ok(Witnesses {
        edge_obstacles,
        edge_points,
        edge_obstacle_points,
        node_obstacles,
        node_points,
        node_obstacle_points,
    })
}

fn live_route<D: Dim>(
    py: Python<'_>,
    l: &mut LiveLevel<D>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    radius: Option<f64>,
    agent: Option<&str>,
) -> PyResult<Route> {
    let (start, goal) = {
        let nodes = LiveNodes(&*l);
        (
            nodes::resolve(&nodes, a, "a")?,
            nodes::resolve(&nodes, b, "b")?,
        )
    };
    let Chosen { radius, index, .. } = radius::required(l.agents(), radius, agent)?;
    // An agent of the level routes as `clearway update`'s route events do:
    // its area costs, and a walking agent over its folded clearances.
    let profile = index.map(|i| l.agents()[i].clone());
    let found = detached(py, "routing", || match &profile {
        Some(agent) => l.route(start, goal, agent),
        None => l.route(start, goal, radius),
    })?;
    let fold = profile.as_ref().and_then(|a| l.walking_fold(a));
    route_result(
        py,
        |n| l.node(n).map_or(0, |n| n.id),
        fold.as_ref().unwrap_or(l.clearances()),
        found.as_ref(),
        radius,
    )
}

fn live_widest<D: Dim>(
    py: Python<'_>,
    l: &mut LiveLevel<D>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
) -> PyResult<Route> {
    let (start, goal) = {
        let nodes = LiveNodes(&*l);
        (
            nodes::resolve(&nodes, a, "a")?,
            nodes::resolve(&nodes, b, "b")?,
        )
    };
    let found = detached(py, "finding the widest route", || {
        l.widest_route(start, goal, None)
    })?;
    let id_of = |n: NodeIdx| l.node(n).map_or(0, |n| n.id);
    match found {
        Some(w) => route_result(py, id_of, l.clearances(), Some(&w.route), w.widest_radius),
        None => route_result(py, id_of, l.clearances(), None, f64::NAN),
    }
}

/// What one change did to a ``LiveLevel``.
///
/// ``edges``: indices of the edges whose clearance (or its witness)
/// changed, with ``edges_was`` and ``edges_now`` their clearances before
/// and after; the same for ``nodes``. ``blocked`` and ``passable`` map
/// each agent profile's name to the edges it could use before and cannot
/// now, and the other way round. ``added_obstacle`` is the index an added
/// obstacle was given.
#[pyclass(module = "clearway", frozen, get_all)]
pub struct LiveChange {
    /// Edges whose clearance or witness changed (int64).
    pub edges: Py<PyArray1<i64>>,
    /// Their clearances before the change.
    pub edges_was: Py<PyArray1<f64>>,
    /// Their clearances after it.
    pub edges_now: Py<PyArray1<f64>>,
    /// Nodes whose clearance or witness changed (int64).
    pub nodes: Py<PyArray1<i64>>,
    /// Their clearances before the change.
    pub nodes_was: Py<PyArray1<f64>>,
    /// Their clearances after it.
    pub nodes_now: Py<PyArray1<f64>>,
    /// Per agent name: the edges it can no longer use (int64).
    pub blocked: Py<PyDict>,
    /// Per agent name: the edges it can use now and could not before.
    pub passable: Py<PyDict>,
    /// The index an added obstacle was given.
    pub added_obstacle: Option<usize>,
}

impl LiveChange {
    fn of<D: Dimension>(
        py: Python<'_>,
        live: &LiveLevel<D>,
        r: &ChangeReport<D>,
    ) -> PyResult<LiveChange> {
        let per_agent = |lists: &[Vec<EdgeIdx>]| -> PyResult<Py<PyDict>> {
            let dict = PyDict::new(py);
            for (agent, edges) in live.agents().iter().zip(lists) {
                dict.set_item(
                    &agent.name,
                    vector(py, edges.iter().map(|e| e.get() as i64).collect()),
                )?;
            }
            Ok(dict.unbind())
        };
        Ok(LiveChange {
            edges: vector(py, r.edges.iter().map(|c| c.index.get() as i64).collect()).unbind(),
            edges_was: vector(py, r.edges.iter().map(|c| c.was.value).collect()).unbind(),
            edges_now: vector(py, r.edges.iter().map(|c| c.now.value).collect()).unbind(),
            nodes: vector(py, r.nodes.iter().map(|c| c.index.get() as i64).collect()).unbind(),
            nodes_was: vector(py, r.nodes.iter().map(|c| c.was.value).collect()).unbind(),
            nodes_now: vector(py, r.nodes.iter().map(|c| c.now.value).collect()).unbind(),
            blocked: per_agent(&r.blocked)?,
            passable: per_agent(&r.passable)?,
            added_obstacle: r.added_obstacle,
        })
    }
}

#[pymethods]
impl LiveChange {
    fn __repr__(&self, py: Python<'_>) -> String {
        use numpy::PyUntypedArrayMethods;
        format!(
            "LiveChange({} edges, {} nodes changed, added_obstacle={:?})",
            self.edges.bind(py).len(),
            self.nodes.bind(py).len(),
            self.added_obstacle
        )
    }
}
