//! A level of one dimension and its clearances, computed once on first
//! use (on every core, without the GIL), and the queries over them. A
//! walking agent's clearances are its own, computed once per profile.

use std::sync::{Arc, OnceLock};

use clearway::render::{Picture, PictureOptions, ShownRoute};
use clearway::walking::{WalkingClearances, WalkingSpot};
use clearway::{Agent, Clearance, Clearances, EdgeIdx, Map, NodeIdx, Router, TightSpots};
use clearway_format::wire::MapFile;
use clearway_node_names::NodeNames;
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use rayon::prelude::*;

use crate::arrays::{matrix, vector};
use crate::dims::Dim;
use crate::guard::detached;
use crate::nodes;
use crate::radius::{self, Chosen};
use crate::results::{CheckResult, Route, WalkingClearances as WalkingArrays, Witnesses};

/// From how many pairs `route_pairs` routes on every core, with landmarks:
/// their one-to-all searches cost a few dozen routes.
const MANY_PAIRS: usize = 256;

/// The landmarks `route_pairs` computes for many pairs (16: a query reads
/// the 6 that bound best; more cost memory, not time per node).
const LANDMARKS: usize = 16;

/// A level of dimension `D` and, once asked for, its clearances.
pub struct Measured<D: Dim> {
    /// The level.
    pub map: Map<D>,
    clearances: OnceLock<Clearances<D>>,
    /// Per agent profile (in the level's order), once asked for: what a
    /// walking profile meets, shared by the profiles of the same height,
    /// climb and slope (measuring is the costly part).
    walks: Vec<OnceLock<Arc<WalkingClearances>>>,
    /// Per agent profile, once asked for: a walking agent's clearances at
    /// its own radius, the form every search takes.
    walkers: Vec<OnceLock<Clearances<D>>>,
}

impl<D: Dim> Measured<D>
where
    for<'a> clearway_format::wire::ObstacleEntry: From<&'a D::Obstacle>,
    for<'a> MapFile: From<&'a Map<D>>,
{
    /// A level whose clearances are not computed yet.
    pub fn new(map: Map<D>) -> Measured<D> {
        let agents = map.agents().len();
        Measured {
            map,
            clearances: OnceLock::new(),
            walks: (0..agents).map(|_| OnceLock::new()).collect(),
            walkers: (0..agents).map(|_| OnceLock::new()).collect(),
        }
    }

    /// What the walking agent profile `i` meets on every edge and node,
    /// measured on the first call (GIL released) or taken from a profile of
    /// the same body measured before.
    pub fn walk(&self, py: Python<'_>, i: usize) -> PyResult<&WalkingClearances> {
        if let Some(w) = self.walks[i].get() {
            return Ok(w);
        }
        let Some(walking) = self.map.agents()[i].walking else {
            return Err(PyValueError::new_err(format!(
                "agent `{}` is a sphere, not a walking agent: its clearances are edge_clearances() and node_clearances()",
                self.map.agents()[i].name
            )));
        };
        let same = self
            .map
            .agents()
            .iter()
            .zip(&self.walks)
            .find_map(|(a, w)| {
                w.get()
                    .filter(|_| a.walking == Some(walking))
                    .map(Arc::clone)
            });
        if let Some(same) = same {
            return Ok(self.walks[i].get_or_init(|| same));
        }
        let measured = detached(py, "measuring a walking agent", || {
            D::walking(&self.map, walking)
        })?
        .ok_or_else(|| PyValueError::new_err("a flat level's agents never walk"))?;
        Ok(self.walks[i].get_or_init(|| Arc::new(measured)))
    }

    /// The clearances the chosen agent is judged by: a walking agent's own
    /// (its body, and 0 where it cannot stand or climb at its radius), or
    /// every sphere's.
    pub fn clearances_for(&self, py: Python<'_>, chosen: &Chosen) -> PyResult<&Clearances<D>> {
        let Some(i) = chosen.index.filter(|_| chosen.walking.is_some()) else {
            return self.clearances(py);
        };
        if let Some(c) = self.walkers[i].get() {
            return Ok(c);
        }
        let walk = self.walk(py, i)?;
        detached(py, "folding a walking agent's clearances", || {
            self.walkers[i].get_or_init(|| D::for_agent(&self.map, walk, chosen.radius))
        })
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
        // The spheres' tight spots (walking agents are measured apart), and
        // the stale bakes, which are every radius's failure.
        let spheres: Vec<f64> = radii
            .iter()
            .filter(|r| r.walking.is_none())
            .map(|r| r.radius)
            .collect();
        let baked = self.map.edges().iter().any(|e| e.clearance.is_some());
        let spots = if spheres.is_empty() && !baked {
            None
        } else {
            let largest = spheres.iter().copied().fold(0.0, f64::max);
            Some(TightSpots::from_clearances(
                &self.map,
                self.clearances(py)?,
                largest,
            ))
        };
        let stale: Vec<i64> = spots.as_ref().map_or_else(Vec::new, |spots| {
            spots
                .stale_bakes()
                .iter()
                .map(|s| s.edge.get() as i64)
                .collect()
        });
        let edges_closed = self.map.edges().iter().filter(|e| e.closed).count();
        let results = radii
            .into_iter()
            .map(|r| {
                let (blocked_edges, blocked_nodes) = match (&spots, r.walking) {
                    (Some(spots), None) => (
                        spots
                            .blocked_edges(r.radius)
                            .map(|(i, _)| i.get() as i64)
                            .collect(),
                        spots
                            .blocked_nodes(r.radius)
                            .map(|(i, _)| i.get() as i64)
                            .collect(),
                    ),
                    _ => self.walking_blocked(py, &r)?,
                };
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

    /// The edges and nodes that do not admit the walking agent `chosen`:
    /// those its own clearances do not admit, which are those
    /// [`WalkingClearances::edge_blocked`] names (what `clearway check
    /// --agent` reports).
    fn walking_blocked(&self, py: Python<'_>, chosen: &Chosen) -> PyResult<(Vec<i64>, Vec<i64>)> {
        let c = self.clearances_for(py, chosen)?;
        let edges = (0..self.map.edges().len())
            .filter(|&e| !c.edge(EdgeIdx::new(e)).admits(chosen.radius, c.slack()))
            .map(|e| e as i64)
            .collect();
        let nodes = (0..self.map.nodes().len())
            .filter(|&n| !c.node(NodeIdx::new(n)).admits(chosen.radius, c.slack()))
            .map(|n| n as i64)
            .collect();
        Ok((edges, nodes))
    }

    /// What the walking agent `agent` meets on every edge and node, as
    /// arrays.
    pub fn walking_arrays(&self, py: Python<'_>, agent: &str) -> PyResult<WalkingArrays> {
        let chosen = radius::required(self.map.agents(), None, Some(agent))?;
        let i = chosen.index.expect("an agent profile");
        let walk = self.walk(py, i)?;
        let c = self.clearances_for(py, &chosen)?;
        let walking = *walk.walking();
        let edges: Vec<&WalkingSpot> = (0..self.map.edges().len())
            .map(|e| walk.edge(EdgeIdx::new(e)))
            .collect();
        let nodes: Vec<&WalkingSpot> = (0..self.map.nodes().len())
            .map(|n| walk.node(NodeIdx::new(n)))
            .collect();
        let body = |spots: &[&WalkingSpot]| {
            vector(py, spots.iter().map(|s| s.body.value).collect()).unbind()
        };
        let obstacles = |spots: &[&WalkingSpot]| {
            vector(
                py,
                spots
                    .iter()
                    .map(|s| s.body.witness.map_or(-1, |w| w.obstacle as i64))
                    .collect(),
            )
            .unbind()
        };
        let no_ground = |spots: &[&WalkingSpot]| {
            vector(
                py,
                spots
                    .iter()
                    .map(|s| s.ground.map_or(f64::NAN, |g| g.length))
                    .collect(),
            )
            .unbind()
        };
        let values =
            |cs: &[Clearance<D::Point>]| vector(py, cs.iter().map(|c| c.value).collect()).unbind();
        Ok(WalkingArrays {
            agent: agent.to_owned(),
            radius: chosen.radius,
            height: walking.height,
            climb: walking.climb,
            max_slope: walking.max_slope,
            edge_body: body(&edges),
            edge_obstacles: obstacles(&edges),
            edge_no_ground: no_ground(&edges),
            edge_slopes: vector(py, edges.iter().map(|s| s.slope).collect()).unbind(),
            edge_clearances: values(c.edges()),
            node_body: body(&nodes),
            node_obstacles: obstacles(&nodes),
            node_no_ground: no_ground(&nodes),
            node_clearances: values(c.nodes()),
        })
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
        let c = self.clearances_for(py, &chosen)?;
        let found = detached(py, "routing", || {
            let mut router = Router::new(&self.map, c);
            match profile {
                Some(agent) => router.route(start, goal, agent),
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
        // A walking agent's widest radius is the widest body of its height
        // and climb, over the edges it can stand on and climb at its own
        // radius (as `clearway widest --agent`).
        let c = match &chosen {
            Some(chosen) => self.clearances_for(py, chosen)?,
            None => self.clearances(py)?,
        };
        let found = detached(py, "finding the widest route", || {
            let mut router = Router::new(&self.map, c);
            match profile {
                Some(agent) => router.widest_route(start, goal, Some(agent)),
                None => router.widest_route(start, goal, None),
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
        let c = self.clearances_for(py, &chosen)?;
        let map = &self.map;
        let length = move |router: &mut Router<'_, D>, (a, b): (NodeIdx, NodeIdx)| {
            match profile {
                Some(agent) => router.route(a, b, agent),
                None => router.route(a, b, radius),
            }
            .map_or(f64::NAN, |r| r.length)
        };
        let lengths = detached(py, "routing pairs", || {
            if ends.len() < MANY_PAIRS {
                let mut router = Router::new(map, c).with_widest_table();
                return ends
                    .iter()
                    .map(|&pair| length(&mut router, pair))
                    .collect::<Vec<f64>>();
            }
            // Many pairs: landmarks for the agent's radius (A* then expands
            // a fraction of the nodes it would), and on every core, one
            // fork of the router (its tables shared, its working memory
            // its own) per piece of work.
            let router = Router::with_landmarks(map, c, LANDMARKS, &[radius]).with_widest_table();
            let pieces = 4 * rayon::current_num_threads();
            let piece = ends.len().div_ceil(pieces).max(64);
            ends.par_chunks(piece)
                .flat_map_iter(|piece| {
                    let mut router = router.fork();
                    piece
                        .iter()
                        .map(|&pair| length(&mut router, pair))
                        .collect::<Vec<f64>>()
                })
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
        let chosen = radius::required(self.map.agents(), radius, agent)?;
        let c = self.clearances_for(py, &chosen)?;
        detached(py, "pruning", || self.map.pruned(c, chosen.radius))
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
        html: bool,
    ) -> PyResult<String> {
        let chosen = radius::given(self.map.agents(), radius, agent)?;
        // The viewer page judges spheres only, as `clearway render -o
        // level.html` does.
        if let (
            true,
            Some(Chosen {
                agent: Some(name),
                walking: Some(_),
                ..
            }),
        ) = (html, &chosen)
        {
            return Err(PyValueError::new_err(format!(
                "render: agent `{name}` is a walking agent: the viewer page shows spheres only; draw it as SVG or PNG"
            )));
        }
        let ends = match route {
            Some((a, b)) => Some((self.node(a, "route[0]")?, self.node(b, "route[1]")?)),
            None => None,
        };
        // A walking agent's edges are coloured by its own clearances, and
        // the stretches without ground that block it drawn (as `clearway
        // render --agent`).
        let (c, walk) = match &chosen {
            Some(chosen) => (
                self.clearances_for(py, chosen)?,
                match (chosen.index, chosen.walking) {
                    (Some(i), Some(_)) => Some(self.walk(py, i)?),
                    _ => None,
                },
            ),
            None => (self.clearances(py)?, None),
        };
        detached(py, "drawing", || {
            let mut options = PictureOptions {
                title: title.map(str::to_string),
                ..PictureOptions::default()
            };
            if let Some(chosen) = &chosen {
                options.agent_radius = Some(chosen.radius);
                options.agent_name = chosen.agent.clone();
                if let Some(walk) = walk {
                    options.walking = D::show_walking(&self.map, walk, chosen.radius);
                }
                if let Some((a, b)) = ends {
                    let found = Router::new(&self.map, c).route(a, b, chosen.radius);
                    options.route = Some(ShownRoute {
                        start: a,
                        goal: b,
                        found,
                    });
                }
            }
            let picture = Picture::new(&self.map, c, options);
            if html {
                picture.to_html(|_| None)
            } else {
                picture.to_svg()
            }
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
