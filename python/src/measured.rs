//! A level of one dimension and its clearances, computed once on first
//! use (on every core, without the GIL), and the queries over them.

use std::sync::OnceLock;

use clearway::node_names::NodeNames;
use clearway::{Agent, Clearance, Clearances, EdgeIdx, Map, NodeIdx, Router, TightSpots};
use clearway_format::wire::MapFile;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyList;
use rayon::prelude::*;

use crate::arrays::{matrix, vector};
use crate::dims::Dim;
use crate::guard::detached;
use crate::nodes;
use crate::radius::{self, Chosen};
use crate::results::{CheckResult, Route, Witnesses};

/// A level of dimension `D` and, once asked for, its clearances.
pub struct Measured<D: Dim> {
    /// The level.
    pub map: Map<D>,
    clearances: OnceLock<Clearances<D>>,
}

impl<D: Dim> Measured<D>
where
    for<'a> clearway_format::wire::ObstacleEntry: From<&'a D::Obstacle>,
    for<'a> MapFile: From<&'a Map<D>>,
{
    /// A level whose clearances are not computed yet.
    pub fn new(map: Map<D>) -> Measured<D> {
        Measured {
            map,
            clearances: OnceLock::new(),
        }
    }

    /// The clearances, computed on the first call with the GIL released.
    pub fn clearances(&self, py: Python<'_>) -> PyResult<&Clearances<D>> {
        if let Some(c) = self.clearances.get() {
            return Ok(c);
        }
        detached(py, "computing clearances", || {
            self.clearances
                .get_or_init(|| Clearances::compute(&self.map))
        })
    }

    /// Node positions, `(n, D::N)`.
    pub fn positions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut out = Vec::with_capacity(self.map.nodes().len() * D::N);
        self.map
            .nodes()
            .iter()
            .for_each(|n| D::push(n.pos, &mut out));
        Ok(matrix(py, out, D::N)?.into_any())
    }

    /// Node ids, uint64.
    pub fn node_ids<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        vector(py, self.map.nodes().iter().map(|n| n.id).collect())
    }

    /// Node names (`None` for a node without one).
    pub fn node_names(&self) -> Vec<Option<String>> {
        self.map.nodes().iter().map(|n| n.name.clone()).collect()
    }

    /// Edges as `(m, 2)` node indices.
    pub fn edges<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let out = self
            .map
            .edges()
            .iter()
            .flat_map(|e| [e.from.get() as i64, e.to.get() as i64])
            .collect();
        Ok(matrix(py, out, 2)?.into_any())
    }

    /// One float per edge: `f(edge)`, NaN for `None`.
    pub fn edge_column<'py>(
        &self,
        py: Python<'py>,
        f: impl Fn(&clearway::Edge) -> Option<f64>,
    ) -> Bound<'py, PyArray1<f64>> {
        vector(
            py,
            self.map
                .edges()
                .iter()
                .map(|e| f(e).unwrap_or(f64::NAN))
                .collect(),
        )
    }

    /// One bool per edge.
    pub fn edge_flags<'py>(
        &self,
        py: Python<'py>,
        f: impl Fn(&clearway::Edge) -> bool,
    ) -> Bound<'py, PyArray1<bool>> {
        vector(py, self.map.edges().iter().map(f).collect())
    }

    /// The obstacles as `(kind, array)` pairs.
    pub fn obstacles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let entries: Vec<_> = self.map.obstacles().iter().map(Into::into).collect();
        crate::obstacles::to_py(py, &entries)
    }

    /// The level as RON text, as `clearway` writes levels.
    pub fn to_ron(&self) -> String {
        self.map.to_ron_string()
    }

    /// Every edge's clearance.
    pub fn edge_clearances<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let c = self.clearances(py)?;
        Ok(vector(py, c.edges().iter().map(|c| c.value).collect()))
    }

    /// Every node's clearance.
    pub fn node_clearances<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let c = self.clearances(py)?;
        Ok(vector(py, c.nodes().iter().map(|c| c.value).collect()))
    }

    /// Every edge's and node's witness.
    pub fn witnesses(&self, py: Python<'_>) -> PyResult<Witnesses> {
        let c = self.clearances(py)?;
        let (edge_obstacles, edge_points, edge_obstacle_points) =
            witness_arrays::<D>(py, c.edges())?;
        let (node_obstacles, node_points, node_obstacle_points) =
            witness_arrays::<D>(py, c.nodes())?;
        Ok(Witnesses {
            edge_obstacles,
            edge_points,
            edge_obstacle_points,
            node_obstacles,
            node_points,
            node_obstacle_points,
        })
    }

    /// The check for one radius, or a list for every profile.
    pub fn check<'py>(
        &self,
        py: Python<'py>,
        radius: Option<f64>,
        agent: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let every = radius.is_none() && agent.is_none();
        let radii = radius::one_or_every(self.map.agents(), radius, agent)?;
        let c = self.clearances(py)?;
        let largest = radii.iter().map(|r| r.radius).fold(0.0, f64::max);
        let spots = TightSpots::from_clearances(&self.map, c, largest);
        let stale: Vec<i64> = spots
            .stale_bakes()
            .iter()
            .map(|s| s.edge.get() as i64)
            .collect();
        let edges_closed = self.map.edges().iter().filter(|e| e.closed).count();
        let results = radii
            .into_iter()
            .map(|r| {
                let blocked_edges: Vec<i64> = spots
                    .blocked_edges(r.radius)
                    .map(|(i, _)| i.get() as i64)
                    .collect();
                let blocked_nodes: Vec<i64> = spots
                    .blocked_nodes(r.radius)
                    .map(|(i, _)| i.get() as i64)
                    .collect();
                Py::new(
                    py,
                    CheckResult {
                        agent: r.agent,
                        radius: r.radius,
                        blocked_edges: vector(py, blocked_edges).unbind(),
                        blocked_nodes: vector(py, blocked_nodes).unbind(),
                        stale_bakes: vector(py, stale.clone()).unbind(),
                        edges_checked: self.map.edges().len(),
                        edges_closed,
                    },
                )
            })
            .collect::<PyResult<Vec<_>>>()?;
        if every {
            Ok(PyList::new(py, results)?.into_any())
        } else {
            Ok(results
                .into_iter()
                .next()
                .expect("one radius")
                .into_bound(py)
                .into_any())
        }
    }

    /// The node index an argument names.
    pub fn node(&self, given: &Bound<'_, PyAny>, what: &str) -> PyResult<NodeIdx> {
        nodes::resolve(&self.map, given, what)
    }

    /// The profile `agent` names, whose area costs and forbidden areas a
    /// route honours (`None` for a bare radius).
    fn profile(&self, chosen: &Chosen) -> Option<&Agent> {
        chosen
            .agent
            .as_deref()
            .and_then(|name| self.map.agents().iter().find(|a| a.name == name))
    }

    /// The cheapest route an agent of the chosen radius fits along; for a
    /// profile, by its area costs and never through an area it forbids (as
    /// `clearway route --agent`).
    pub fn route(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
        radius: Option<f64>,
        agent: Option<&str>,
    ) -> PyResult<Route> {
        let (start, goal) = (self.node(a, "a")?, self.node(b, "b")?);
        let chosen = radius::required(self.map.agents(), radius, agent)?;
        let (radius, profile) = (chosen.radius, self.profile(&chosen));
        let c = self.clearances(py)?;
        let found = detached(py, "routing", || {
            let mut router = Router::new(&self.map, c);
            match profile {
                Some(agent) => router.route_for(start, goal, agent),
                None => router.route(start, goal, radius),
            }
        })?;
        route_result(
            py,
            |n| self.map.nodes()[n.get()].id,
            c,
            found.as_ref(),
            radius,
        )
    }

    /// The widest route: the largest agent that gets from `a` to `b`; for
    /// a profile, never through an area it forbids and the cheapest by its
    /// area costs (as `clearway widest --agent`).
    pub fn widest(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
        agent: Option<&str>,
    ) -> PyResult<Route> {
        let (start, goal) = (self.node(a, "a")?, self.node(b, "b")?);
        let chosen = radius::given(self.map.agents(), None, agent)?;
        let profile = chosen.as_ref().and_then(|c| self.profile(c));
        let c = self.clearances(py)?;
        let found = detached(py, "finding the widest route", || {
            let mut router = Router::new(&self.map, c);
            match profile {
                Some(agent) => router.widest_route_for(start, goal, agent),
                None => router.widest_route(start, goal),
            }
        })?;
        match found {
            Some(w) => route_result(
                py,
                |n| self.map.nodes()[n.get()].id,
                c,
                Some(&w.route),
                w.widest_radius,
            ),
            None => route_result(py, |n| self.map.nodes()[n.get()].id, c, None, f64::NAN),
        }
    }

    /// The lengths of the routes between many pairs of nodes (ids, or
    /// names as `route` reads them); for a profile, by its area costs.
    pub fn route_pairs<'py>(
        &self,
        py: Python<'py>,
        pairs: &Bound<'py, PyAny>,
        radius: Option<f64>,
        agent: Option<&str>,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let chosen = radius::required(self.map.agents(), radius, agent)?;
        let (radius, profile) = (chosen.radius, self.profile(&chosen));
        let ends = nodes::resolve_pairs(&self.map, pairs, || NodeNames::new(&self.map))?;
        let c = self.clearances(py)?;
        let map = &self.map;
        let length = move |router: &mut Router<'_, D>, (a, b): (NodeIdx, NodeIdx)| {
            match profile {
                Some(agent) => router.route_for(a, b, agent),
                None => router.route(a, b, radius),
            }
            .map_or(f64::NAN, |r| r.length)
        };
        let lengths = detached(py, "routing pairs", || {
            let mut router = Router::new(map, c).with_widest_table();
            if ends.len() < 256 {
                return ends
                    .iter()
                    .map(|&pair| length(&mut router, pair))
                    .collect::<Vec<f64>>();
            }
            // Many pairs: on every core, one router (with its own scratch
            // memory) per piece of work.
            ends.par_iter()
                .with_min_len(128)
                .map_init(|| Router::new(map, c), |router, &pair| length(router, pair))
                .collect()
        })?;
        Ok(vector(py, lengths))
    }

    /// The level without the edges too tight for the chosen radius.
    pub fn pruned(
        &self,
        py: Python<'_>,
        radius: Option<f64>,
        agent: Option<&str>,
    ) -> PyResult<Map<D>> {
        let Chosen { radius, .. } = radius::required(self.map.agents(), radius, agent)?;
        let c = self.clearances(py)?;
        detached(py, "pruning", || self.map.pruned(c, radius))
    }

    /// The level with every edge's clearance baked in.
    pub fn baked(&self, py: Python<'_>) -> PyResult<Map<D>> {
        let c = self.clearances(py)?;
        detached(py, "baking", || self.map.baked(c))
    }

    /// The picture of the level as SVG text.
    pub fn svg(
        &self,
        py: Python<'_>,
        radius: Option<f64>,
        agent: Option<&str>,
        title: Option<&str>,
        route: Option<(&Bound<'_, PyAny>, &Bound<'_, PyAny>)>,
    ) -> PyResult<String> {
        let chosen = radius::given(self.map.agents(), radius, agent)?;
        let ends = match route {
            Some((a, b)) => Some((self.node(a, "route[0]")?, self.node(b, "route[1]")?)),
            None => None,
        };
        let c = self.clearances(py)?;
        detached(py, "drawing", || {
            let mut picture = clearway::render::Picture::new(&self.map, c);
            if let Some(chosen) = &chosen {
                picture = match &chosen.agent {
                    Some(name) => picture.agent(name, chosen.radius),
                    None => picture.agent_radius(chosen.radius),
                };
                if let Some((a, b)) = ends {
                    let found = Router::new(&self.map, c).route(a, b, chosen.radius);
                    picture = picture.route(a, b, found);
                }
            }
            if let Some(title) = title {
                picture = picture.title(title);
            }
            picture.to_svg()
        })
    }
}

/// A `Route` record from a route found (or not) at `radius`.
pub fn route_result<D: Dim>(
    py: Python<'_>,
    id_of: impl Fn(NodeIdx) -> u64,
    c: &Clearances<D>,
    found: Option<&clearway::Route>,
    radius: f64,
) -> PyResult<Route> {
    let Some(r) = found else {
        return Ok(Route {
            found: false,
            length: f64::NAN,
            cost: f64::NAN,
            radius,
            nodes: vector(py, Vec::<u64>::new()).unbind(),
            node_indices: vector(py, Vec::<i64>::new()).unbind(),
            edges: vector(py, Vec::<i64>::new()).unbind(),
            bottleneck: None,
            min_clearance: f64::NAN,
        });
    };
    Ok(Route {
        found: true,
        length: r.length,
        cost: r.cost,
        radius,
        nodes: vector(py, r.nodes.iter().map(|&n| id_of(n)).collect()).unbind(),
        node_indices: vector(py, r.nodes.iter().map(|n| n.get() as i64).collect()).unbind(),
        edges: vector(
            py,
            r.edges.iter().map(|e: &EdgeIdx| e.get() as i64).collect(),
        )
        .unbind(),
        bottleneck: r.bottleneck_edge(c).map(EdgeIdx::get),
        min_clearance: r.min_clearance,
    })
}

/// The witness arrays of a list of clearances: obstacle index (-1 for
/// none), pinch point, obstacle point (NaN rows for none).
#[allow(clippy::type_complexity)]
pub fn witness_arrays<D: Dim>(
    py: Python<'_>,
    clearances: &[Clearance<D::Point>],
) -> PyResult<(
    Py<PyArray1<i64>>,
    Py<numpy::PyArray2<f64>>,
    Py<numpy::PyArray2<f64>>,
)> {
    let mut obstacles = Vec::with_capacity(clearances.len());
    let mut at = Vec::with_capacity(clearances.len() * D::N);
    let mut near = Vec::with_capacity(clearances.len() * D::N);
    for c in clearances {
        match c.witness {
            Some(w) => {
                obstacles.push(w.obstacle as i64);
                D::push(w.edge_point, &mut at);
                D::push(w.obstacle_point, &mut near);
            }
            None => {
                obstacles.push(-1);
                at.extend(std::iter::repeat_n(f64::NAN, D::N));
                near.extend(std::iter::repeat_n(f64::NAN, D::N));
            }
        }
    }
    Ok((
        vector(py, obstacles).unbind(),
        matrix(py, at, D::N)?.unbind(),
        matrix(py, near, D::N)?.unbind(),
    ))
}
