//! `clearway route`: the cheapest route for an agent of a given size.

use std::fmt::Write as _;

use serde::Serialize;

use clearway::{Dimension, EdgeIdx, Map, NodeIdx, Route, Router, WidestRoute};

use super::args::{ReportFormat, RouteArgs};
use super::conventions::{json_text, kept_until_exit};
use super::dimension::Shown;
use super::input::{AnyLevel, Level, on_level};
use super::node_names::{edge_ref, node_ref, node_ref_by_id};
use super::numbers::{given, human, human_at_most};
use super::progress::clearances_for;
use super::radius::resolve_required;
use super::route_pairs;
use super::timings::Timings;
use super::{Failure, Outcome, write_stdout};

/// The route as JSON. A number that JSON cannot hold (unbounded) is `null`
/// with its `*_unbounded` flag true; `null` with the flag false means there
/// is no such value (no route found, B unreachable).
#[derive(Debug, Serialize)]
pub struct RouteReport {
    found: bool,
    path: Vec<u64>,
    /// The names of the nodes of `path` (`null` for a node without one).
    path_names: Vec<Option<String>>,
    length: Option<f64>,
    cost: Option<f64>,
    min_clearance: Option<f64>,
    /// Whether the route found is limited by no obstacle.
    min_clearance_unbounded: bool,
    /// Whether B can be reached at any radius.
    reachable: bool,
    widest_radius: Option<f64>,
    /// Whether the widest route is limited by no obstacle.
    widest_unbounded: bool,
    /// The edge that limits the widest route (not part of the route asked for).
    widest_bottleneck_edge: Option<EdgeIdx>,
}

pub fn run(args: &RouteArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    let Some(ends) = &args.ends else {
        return match &args.pairs {
            Some(pairs) => route_pairs::run(args, pairs, timings),
            None => Err(Failure::Usage("give --from and --to, or --pairs".into())),
        };
    };
    on_level!(AnyLevel::read(&args.map, timings)?, |level| route(
        args,
        ends,
        kept_until_exit(level),
        timings
    ))
}

/// The route through a level of either dimension.
fn route<D: Shown>(
    args: &RouteArgs,
    ends: &super::args::Ends,
    level: &'static Level<D>,
    timings: &mut Timings,
) -> Result<Outcome, Failure> {
    let map = &level.map;
    let checked = resolve_required(&args.radius, map)?;
    let (start, goal) = ends.resolve(map)?;
    let clearances =
        kept_until_exit(timings.time("clearance", || clearances_for(map, Some(&checked))));
    let router = kept_until_exit(Router::new(map, clearances));
    // An agent's costs and forbidden areas apply; a radius alone, none.
    let (found, widest) = match checked.profile(map) {
        Some(agent) => (
            router.route(start, goal, agent),
            router.widest_route(start, goal, Some(agent)),
        ),
        None => (
            router.route(start, goal, checked.agent_radius),
            router.widest_route(start, goal, None),
        ),
    };

    let report = RouteReport::new(map, found.as_ref(), widest.as_ref());
    let output_start = std::time::Instant::now();
    let output = match args.format {
        ReportFormat::Json => json_text(&report)?,
        ReportFormat::Text => text(
            map,
            found.as_ref(),
            widest.as_ref(),
            checked.agent_radius,
            (start, goal),
        ),
    };
    write_stdout(&output)?;
    timings.record("output", output_start.elapsed());
    Ok(Outcome::passed_if(report.found))
}

impl RouteReport {
    /// The report of the route found (if any) and the widest route (if B
    /// can be reached at all).
    pub fn new<D: Dimension>(
        map: &Map<D>,
        found: Option<&Route>,
        widest: Option<&WidestRoute>,
    ) -> RouteReport {
        RouteReport {
            found: found.is_some(),
            path: found.map(|r| path_ids(map, r)).unwrap_or_default(),
            path_names: found
                .map(|r| {
                    r.nodes
                        .iter()
                        .map(|&n| map.nodes()[n].name.clone())
                        .collect()
                })
                .unwrap_or_default(),
            length: found.map(|r| r.length),
            cost: found.map(|r| r.cost),
            min_clearance: found
                .and_then(|r| r.min_clearance.is_finite().then_some(r.min_clearance)),
            min_clearance_unbounded: found.is_some_and(|r| r.min_clearance.is_infinite()),
            reachable: widest.is_some(),
            widest_radius: widest
                .and_then(|w| w.widest_radius.is_finite().then_some(w.widest_radius)),
            widest_unbounded: widest.is_some_and(|w| w.widest_radius.is_infinite()),
            widest_bottleneck_edge: widest.and_then(|w| w.bottleneck_edge),
        }
    }
}

/// The node ids along a route.
fn path_ids<D: Dimension>(map: &Map<D>, route: &Route) -> Vec<u64> {
    route.nodes.iter().map(|&n| map.nodes()[n].id).collect()
}

/// The text report: the route found, or why there is none. `widest` is
/// read only when no route was found. Nodes are named as every report names
/// them: `110 "west_door"`.
pub fn text<D: Dimension>(
    map: &Map<D>,
    found: Option<&Route>,
    widest: Option<&WidestRoute>,
    agent_radius: f64,
    (start, goal): (NodeIdx, NodeIdx),
) -> String {
    let mut out = String::new();
    let (from, to) = (node_ref(map, start), node_ref(map, goal));
    if let Some(route) = found {
        let path: Vec<String> = path_ids(map, route)
            .iter()
            .map(|&id| node_ref_by_id(map, id))
            .collect();
        let _ = writeln!(out, "route: {}", path.join(" -> "));
        let _ = writeln!(
            out,
            "length {}, cost {}, narrowest clearance {}",
            human(route.length),
            human(route.cost),
            if route.min_clearance.is_finite() {
                human(route.min_clearance)
            } else {
                "unbounded".into()
            },
        );
        return out;
    }
    let _ = writeln!(
        out,
        "no route from {from} to {to} for radius {}",
        given(agent_radius)
    );
    match widest {
        Some(w) => {
            let _ = write!(
                out,
                "the widest agent that can go has radius {}",
                human_at_most(w.widest_radius, map.slack())
            );
            if let Some(e) = w.bottleneck_edge {
                let _ = write!(out, "; bottleneck: {}", edge_ref(map, e));
            } else if let [node] = w.route.nodes.as_slice() {
                // A route of one node: the node's own clearance bounds it.
                let _ = write!(out, "; bottleneck: node {}", node_ref(map, *node));
            }
            out.push('\n');
        }
        None => {
            let _ = writeln!(out, "{to} cannot be reached from {from} at any radius");
        }
    }
    out.push_str(&closed_edges_note(map));
    out
}

/// A line for a report of no route on a level with closed edges, which no
/// agent may use, so that a shut door is not mistaken for a wall: `note: 2
/// closed edges are unusable for every agent`. Empty when no edge is
/// closed.
pub fn closed_edges_note<D: Dimension>(map: &Map<D>) -> String {
    match map.edges().iter().filter(|e| e.closed).count() {
        0 => String::new(),
        1 => "note: 1 closed edge is unusable for every agent\n".into(),
        n => format!("note: {n} closed edges are unusable for every agent\n"),
    }
}
