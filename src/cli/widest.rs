//! `clearway widest`: the largest agent that can get from A to B.

use std::fmt::Write as _;

use serde::Serialize;

use clearway::{Clearances, Dimension, Map, NodeIdx, Router, WidestRoute};

use super::args::{ReportFormat, WidestArgs};
use super::conventions::{json_text, kept_until_exit};
use super::dimension::Shown;
use super::input::{AnyLevel, Level, on_level};
use super::node_names::{edge_ref, node_ref, node_ref_by_id};
use super::numbers::{human, human_at_most};
use super::progress::clearances_for;
use super::radius::resolve_given;
use super::timings::Timings;
use super::{Failure, Outcome, write_stdout};

/// The widest route as JSON: `found` says whether B can be reached at all,
/// `unbounded` whether the radius is unlimited (then `widest_radius` is
/// `null`, which otherwise means not found).
#[derive(Debug, Serialize)]
pub struct WidestReport {
    found: bool,
    unbounded: bool,
    widest_radius: Option<f64>,
    path: Vec<u64>,
    /// The names of the nodes of `path` (`null` for a node without one).
    path_names: Vec<Option<String>>,
    bottleneck_edge: Option<clearway::EdgeIdx>,
}

pub fn run(args: &WidestArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    on_level!(AnyLevel::read(&args.map, timings)?, |level| widest(
        args,
        kept_until_exit(level),
        timings
    ))
}

/// The widest route through a level of either dimension.
fn widest<D: Shown>(
    args: &WidestArgs,
    level: &Level<D>,
    timings: &mut Timings,
) -> Result<Outcome, Failure> {
    let map = &level.map;
    let (start, goal) = args.ends.resolve(map)?;
    let choice = super::args::RadiusChoice {
        radius: None,
        agent: args.agent.clone(),
    };
    let checked = resolve_given(&choice, map)?;
    let agent = checked.as_ref().and_then(|c| c.profile(map));
    // A walking agent's widest radius is the widest body of its height and
    // climb, over the edges it can stand on and climb at its own radius.
    let clearances =
        kept_until_exit(timings.time("clearance", || clearances_for(map, checked.as_ref())));
    let mut router = Router::new(map, clearances);
    let widest = match agent {
        Some(agent) => router.widest_route(start, goal, Some(agent)),
        None => router.widest_route(start, goal, None),
    };
    let report = WidestReport::new(map, widest.as_ref());
    let output_start = std::time::Instant::now();
    let output = match args.format {
        ReportFormat::Json => json_text(&report)?,
        ReportFormat::Text => text(map, clearances, widest.as_ref(), &report, (start, goal)),
    };
    write_stdout(&output)?;
    timings.record("output", output_start.elapsed());
    Ok(Outcome::passed_if(report.found))
}

impl WidestReport {
    /// The report of the widest route, when B can be reached at all.
    pub fn new<D: Dimension>(map: &Map<D>, widest: Option<&WidestRoute>) -> WidestReport {
        WidestReport {
            found: widest.is_some(),
            unbounded: widest.is_some_and(|w| w.widest_radius.is_infinite()),
            widest_radius: widest
                .and_then(|w| w.widest_radius.is_finite().then_some(w.widest_radius)),
            path: widest
                .map(|w| w.route.nodes.iter().map(|&n| map.nodes()[n].id).collect())
                .unwrap_or_default(),
            path_names: widest
                .map(|w| {
                    w.route
                        .nodes
                        .iter()
                        .map(|&n| map.nodes()[n].name.clone())
                        .collect()
                })
                .unwrap_or_default(),
            bottleneck_edge: widest.and_then(|w| w.bottleneck_edge),
        }
    }

    /// Whether B can be reached.
    pub fn found(&self) -> bool {
        self.found
    }
}

/// The text report: the widest radius, the route and its bottleneck, or
/// that B cannot be reached.
pub fn text<D: Dimension>(
    map: &Map<D>,
    clearances: &Clearances<D>,
    widest: Option<&WidestRoute>,
    report: &WidestReport,
    (start, goal): (NodeIdx, NodeIdx),
) -> String {
    let mut out = String::new();
    let (from, to) = (node_ref(map, start), node_ref(map, goal));
    if report.found {
        let radius = report
            .widest_radius
            .map_or_else(|| "unbounded".into(), |w| human_at_most(w, map.slack()));
        let _ = writeln!(out, "widest radius from {from} to {to}: {radius}");
        let path: Vec<String> = report
            .path
            .iter()
            .map(|&id| node_ref_by_id(map, id))
            .collect();
        let _ = writeln!(out, "route: {}", path.join(" -> "));
        if let (Some(w), [node]) = (widest, report.path.as_slice()) {
            // A route of one node: the node's own clearance bounds it.
            if w.widest_radius.is_finite() {
                let _ = writeln!(
                    out,
                    "bottleneck: node {}, clearance {}",
                    node_ref_by_id(map, *node),
                    human(w.widest_radius)
                );
            }
        }
        if let Some(e) = report.bottleneck_edge {
            let _ = writeln!(
                out,
                "bottleneck: {}, clearance {}",
                edge_ref(map, e),
                human(clearances.edge(e).value)
            );
        }
    } else {
        let _ = writeln!(out, "{to} cannot be reached from {from} at any radius");
        out.push_str(&super::route::closed_edges_note(map));
    }
    out
}
