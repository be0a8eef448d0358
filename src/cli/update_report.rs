//! What `clearway update` prints for a change: the clearances it changed
//! and, for each agent, the edges it blocked or made passable; one JSON
//! object a line, or a short block of text.

use std::fmt::Write as _;

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use clearway::live::ChangeReport;
use clearway::{Clearance, Dimension, EdgeIdx, Map};

use super::counted::counted;
use super::node_names::{edge_ref, node_ref};
use super::numbers::human;

/// How many edges or nodes a text block lists of each kind before
/// "… and N more".
const LISTED: usize = 10;

/// One change's JSON line.
#[derive(Serialize)]
pub struct ChangeLine<'a> {
    /// The event's place among the events, from 0.
    event: usize,
    /// Its line in the events file, from 1.
    line: usize,
    /// The index an added obstacle got.
    #[serde(skip_serializing_if = "Option::is_none")]
    obstacle: Option<usize>,
    changed_edges: Vec<EdgeChange>,
    changed_nodes: Vec<NodeChange>,
    blocked: ByAgent<'a>,
    passable: ByAgent<'a>,
}

/// An edge whose clearance (or witness) changed.
#[derive(Serialize)]
struct EdgeChange {
    edge: EdgeIdx,
    from: u64,
    to: u64,
    was: Option<f64>,
    clearance: Option<f64>,
    /// The obstacle that sets the clearance now.
    obstacle: Option<usize>,
}

/// A node whose clearance (or witness) changed.
#[derive(Serialize)]
struct NodeChange {
    id: u64,
    was: Option<f64>,
    clearance: Option<f64>,
    obstacle: Option<usize>,
}

/// Edges per agent, as a JSON object in the agents' order.
struct ByAgent<'a>(Vec<(&'a str, &'a [EdgeIdx])>);

impl Serialize for ByAgent<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (agent, edges) in &self.0 {
            map.serialize_entry(agent, edges)?;
        }
        map.end()
    }
}

/// A clearance's value as JSON holds it: `null` when unbounded.
fn finite(clearance: &Clearance<impl Copy>) -> Option<f64> {
    clearance.value.is_finite().then_some(clearance.value)
}

impl<'a> ChangeLine<'a> {
    /// The line of the change at `event` (from 0), on `line` of the events
    /// file, that did `report`. `map` names the nodes (the live level's
    /// nodes and edges, which no event changes); `agents` are the names
    /// `report.blocked` and `report.passable` follow.
    pub fn new<D: Dimension>(
        (event, line): (usize, usize),
        map: &Map<D>,
        report: &'a ChangeReport<D>,
        agents: &'a [String],
    ) -> ChangeLine<'a> {
        let by_agent = |lists: &'a [Vec<EdgeIdx>]| {
            ByAgent(
                agents
                    .iter()
                    .zip(lists)
                    .map(|(a, l)| (a.as_str(), l.as_slice()))
                    .collect(),
            )
        };
        ChangeLine {
            event,
            line,
            obstacle: report.added_obstacle,
            changed_edges: report
                .edges
                .iter()
                .map(|c| {
                    let e = &map.edges()[c.index];
                    EdgeChange {
                        edge: c.index,
                        from: map.nodes()[e.from].id,
                        to: map.nodes()[e.to].id,
                        was: finite(&c.was),
                        clearance: finite(&c.now),
                        obstacle: c.now.witness.map(|w| w.obstacle),
                    }
                })
                .collect(),
            changed_nodes: report
                .nodes
                .iter()
                .map(|c| NodeChange {
                    id: map.nodes()[c.index].id,
                    was: finite(&c.was),
                    clearance: finite(&c.now),
                    obstacle: c.now.witness.map(|w| w.obstacle),
                })
                .collect(),
            blocked: by_agent(&report.blocked),
            passable: by_agent(&report.passable),
        }
    }
}

/// The text of a change: `line L: WHAT: N edges changed clearance`, then
/// an indented line per clearance changed and per agent whose edges it
/// blocked or made passable (the first few of each).
pub fn text<D: Dimension>(
    line: usize,
    what: &str,
    map: &Map<D>,
    report: &ChangeReport<D>,
    agents: &[String],
) -> String {
    let (edges, nodes) = (report.edges.len(), report.nodes.len());
    let changed = match (edges, nodes) {
        (0, 0) => "no clearance changed".to_string(),
        (e, 0) => format!("{} changed clearance", counted(e, "edge")),
        (0, n) => format!("{} changed clearance", counted(n, "node")),
        (e, n) => format!(
            "{} and {} changed clearance",
            counted(e, "edge"),
            counted(n, "node")
        ),
    };
    let mut out = format!("line {line}: {what}: {changed}\n");
    let value = |c: &Clearance<D::Point>| {
        if c.value.is_finite() {
            human(c.value)
        } else {
            "unbounded".to_string()
        }
    };
    let listed = |out: &mut String, lines: Vec<String>| {
        let count = lines.len();
        for l in lines.into_iter().take(LISTED) {
            let _ = writeln!(out, "  {l}");
        }
        if count > LISTED {
            let _ = writeln!(
                out,
                "  … and {} more (--format json lists them all)",
                count - LISTED
            );
        }
    };
    let edge_lines = report
        .edges
        .iter()
        .map(|c| {
            format!(
                "{}: clearance {} -> {}",
                edge_ref(map, c.index),
                value(&c.was),
                value(&c.now)
            )
        })
        .collect();
    listed(&mut out, edge_lines);
    let node_lines = report
        .nodes
        .iter()
        .map(|c| {
            format!(
                "node {}: clearance {} -> {}",
                node_ref(map, c.index),
                value(&c.was),
                value(&c.now)
            )
        })
        .collect();
    listed(&mut out, node_lines);
    for (status, lists) in [("blocked", &report.blocked), ("passable", &report.passable)] {
        for (agent, edges) in agents.iter().zip(lists.iter()) {
            if edges.is_empty() {
                continue;
            }
            let shown: Vec<String> = edges
                .iter()
                .take(LISTED)
                .map(|&e| edge_ref(map, e))
                .collect();
            let more = match edges.len().saturating_sub(LISTED) {
                0 => String::new(),
                n => format!(", … and {n} more"),
            };
            let _ = writeln!(out, "  {status} for {agent}: {}{more}", shown.join(", "));
        }
    }
    out
}
