//! `clearway clearance`: every edge's clearance, in map order.
//!
//! The table is streamed to stdout row by row: on a million-edge level,
//! building it in memory first would cost more than the map itself.

use std::io::{self, Write};

use serde::ser::{Serialize, SerializeStruct, Serializer};

use clearway::timings::Timings;
use clearway::{Clearances, Map};

use super::args::{ClearanceArgs, TableFormat};
use super::conventions;
use super::input::Level;
use super::node_names::edge_ref;
use super::numbers::{human, human_point};
use super::progress::compute_clearances;
use super::rows::{EdgeRow, NodeRow};
use super::{Failure, Outcome, stream_stdout};

pub fn run(args: &ClearanceArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    let level = if args.format == TableFormat::Text {
        Level::read_citing_lines(&args.map, timings)?
    } else {
        Level::read(&args.map, timings)?
    };
    let map = &level.map;
    let clearances = timings.time("clearance", || compute_clearances(map));
    let table = Table {
        map,
        clearances: &clearances,
    };
    let output_start = std::time::Instant::now();
    stream_stdout(|out| match args.format {
        TableFormat::Json => {
            serde_json::to_writer(&mut *out, &table)?;
            writeln!(out)
        }
        TableFormat::Csv => csv(out, &table),
        TableFormat::Text => text(out, &level, &table),
    })?;
    timings.record("output", output_start.elapsed());
    conventions::keep_until_exit((level, clearances));
    Ok(Outcome::Pass)
}

/// Every edge's and node's row, made one at a time as they are written.
struct Table<'a> {
    map: &'a Map,
    clearances: &'a Clearances,
}

impl Table<'_> {
    fn edge_rows(&self) -> impl Iterator<Item = EdgeRow> + '_ {
        (0..self.map.edges().len()).map(|i| EdgeRow::new(self.map, i, self.clearances.edge(i)))
    }

    fn node_rows(&self) -> impl Iterator<Item = NodeRow> + '_ {
        (0..self.map.nodes().len()).map(|i| NodeRow::new(self.map, i, self.clearances.node(i)))
    }
}

/// `{"edges": [...], "nodes": [...]}`.
impl Serialize for Table<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut table = serializer.serialize_struct("Table", 2)?;
        table.serialize_field("edges", &EdgeRows(self))?;
        table.serialize_field("nodes", &NodeRows(self))?;
        table.end()
    }
}

/// The `edges` array, serialized straight from the iterator.
struct EdgeRows<'a>(&'a Table<'a>);

impl Serialize for EdgeRows<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.edge_rows())
    }
}

/// The `nodes` array, serialized straight from the iterator.
struct NodeRows<'a>(&'a Table<'a>);

impl Serialize for NodeRows<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.node_rows())
    }
}

/// Edges only, full precision; empty cells for `null`.
fn csv(out: &mut dyn Write, table: &Table<'_>) -> io::Result<()> {
    let cell = |v: Option<f64>| v.map(|x| x.to_string()).unwrap_or_default();
    writeln!(
        out,
        "edge,from,to,clearance,obstacle,edge_x,edge_y,obstacle_x,obstacle_y"
    )?;
    for r in table.edge_rows() {
        writeln!(
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
        )?;
    }
    Ok(())
}

fn text(out: &mut dyn Write, level: &Level, table: &Table<'_>) -> io::Result<()> {
    for r in table.edge_rows() {
        let value = r.clearance.map_or_else(|| "inf".into(), human);
        write!(out, "{}: clearance {value}", edge_ref(&level.map, r.edge))?;
        if let (Some(o), Some(p)) = (r.obstacle, r.edge_point) {
            let kind = level.map.obstacles()[o].kind();
            let origin = level
                .obstacle_origin(o)
                .map(|origin| format!(" ({origin})"))
                .unwrap_or_default();
            write!(
                out,
                ", {kind} #{o}{origin} pinches at {}",
                human_point(p.into())
            )?;
        }
        writeln!(out)?;
    }
    Ok(())
}
