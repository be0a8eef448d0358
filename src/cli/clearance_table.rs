//! `clearway clearance`: every edge's clearance, in map order.

use std::fmt::Write as _;

use serde::Serialize;

use super::args::{ClearanceArgs, TableFormat};
use super::input::Level;
use super::numbers::{human, human_point};
use super::progress::compute_clearances;
use super::rows::{EdgeRow, NodeRow};
use super::{Failure, Outcome, write_stdout};
use clearway::timings::Timings;

#[derive(Debug, Serialize)]
struct Table {
    edges: Vec<EdgeRow>,
    nodes: Vec<NodeRow>,
}

pub fn run(args: &ClearanceArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    let level = Level::read(&args.map, timings)?;
    let map = &level.map;
    let clearances = timings.time("clearance", || compute_clearances(map));
    let table = Table {
        edges: (0..map.edges().len())
            .map(|i| EdgeRow::new(map, i, clearances.edge(i)))
            .collect(),
        nodes: (0..map.nodes().len())
            .map(|i| NodeRow::new(map, i, clearances.node(i)))
            .collect(),
    };
    let output_start = std::time::Instant::now();
    let output = match args.format {
        TableFormat::Json => {
            serde_json::to_string(&table)
                .map_err(|e| Failure::Io(format!("cannot write JSON: {e}")))?
                + "\n"
        }
        TableFormat::Csv => csv(&table),
        TableFormat::Text => text(&level, &table),
    };
    write_stdout(&output)?;
    timings.record("output", output_start.elapsed());
    Ok(Outcome::Pass)
}

/// Edges only, full precision; empty cells for `null`.
fn csv(table: &Table) -> String {
    let cell = |v: Option<f64>| v.map(|x| x.to_string()).unwrap_or_default();
    let mut out =
        String::from("edge,from,to,clearance,obstacle,edge_x,edge_y,obstacle_x,obstacle_y\n");
    for r in &table.edges {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{}",
            r.edge,
            r.from,
            r.to,
            cell(r.clearance),
            r.obstacle.map(|o| o.to_string()).unwrap_or_default(),
            cell(r.edge_point.map(|p| p[0])),
            cell(r.edge_point.map(|p| p[1])),
            cell(r.obstacle_point.map(|p| p[0])),
            cell(r.obstacle_point.map(|p| p[1])),
        );
    }
    out
}

fn text(level: &Level, table: &Table) -> String {
    let mut out = String::new();
    for r in &table.edges {
        let value = r.clearance.map_or_else(|| "inf".into(), human);
        let _ = write!(
            out,
            "edge {} ({} -> {}): clearance {value}",
            r.edge, r.from, r.to
        );
        if let (Some(o), Some(p)) = (r.obstacle, r.edge_point) {
            let kind = level.map.obstacles()[o].kind();
            let line = level
                .obstacle_origin(o)
                .map(|origin| format!(" ({origin})"))
                .unwrap_or_default();
            let _ = write!(
                out,
                ", {kind} #{o}{line} pinches at {}",
                human_point(p.into())
            );
        }
        out.push('\n');
    }
    out
}
