//! `clearway clearance`: every edge's clearance, in map order.
//!
//! The table is streamed to stdout row by row: on a million-edge level,
//! building it in memory first would cost more than the map itself.

use std::io::{self, Write};

use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::timings::Timings;
use clearway::{Clearances, EdgeIdx, Map, NodeIdx};

use super::dimension::Shown;

use super::args::{ClearanceArgs, TableFormat};
use super::conventions;
use super::input::{AnyLevel, Level};
use super::node_names::edge_ref;
use super::numbers::{human, human_coordinates};
use super::progress::compute_clearances;
use super::rows::{EdgeRow, NodeRow};
use super::{Failure, Outcome, stream_stdout};

pub fn run(args: &ClearanceArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    let level = if args.format == TableFormat::Text {
        AnyLevel::read_citing_lines(&args.map, timings)?
    } else {
        AnyLevel::read(&args.map, timings)?
    };
    match level {
        AnyLevel::Plane(level) => table(args, level, timings),
        AnyLevel::Space(level) => table(args, level, timings),
    }
}

/// The table of a level of either dimension.
fn table<D: Shown>(
    args: &ClearanceArgs,
    level: Level<D>,
    timings: &mut Timings,
) -> Result<Outcome, Failure> {
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
struct Table<'a, D: Shown> {
    map: &'a Map<D>,
    clearances: &'a Clearances<D>,
}

impl<D: Shown> Table<'_, D> {
    fn edge_rows(&self) -> impl Iterator<Item = EdgeRow> + '_ {
        EdgeIdx::all(self.map.edges().len())
            .map(|i| EdgeRow::new(self.map, i, self.clearances.edge(i)))
    }

    fn node_rows(&self) -> impl Iterator<Item = NodeRow> + '_ {
        NodeIdx::all(self.map.nodes().len())
            .map(|i| NodeRow::new(self.map, i, self.clearances.node(i)))
    }
}

/// `{"edges": [...], "nodes": [...]}`.
impl<D: Shown> Serialize for Table<'_, D> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut table = serializer.serialize_struct("Table", 2)?;
        table.serialize_field("edges", &EdgeRows(self))?;
        table.serialize_field("nodes", &NodeRows(self))?;
        table.end()
    }
}

/// The `edges` array, serialized straight from the iterator.
struct EdgeRows<'a, D: Shown>(&'a Table<'a, D>);

impl<D: Shown> Serialize for EdgeRows<'_, D> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.edge_rows())
    }
}

/// The `nodes` array, serialized straight from the iterator.
struct NodeRows<'a, D: Shown>(&'a Table<'a, D>);

impl<D: Shown> Serialize for NodeRows<'_, D> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.node_rows())
    }
}

/// Edges only, full precision; empty cells for `null`. A 3D level's
/// points have a `z` column each after `x` and `y`.
fn csv<D: Shown>(out: &mut dyn Write, table: &Table<'_, D>) -> io::Result<()> {
    let cell = |v: Option<f64>| v.map(|x| x.to_string()).unwrap_or_default();
    let axes =
        |prefix: &str| -> String { D::AXES.iter().map(|a| format!(",{prefix}_{a}")).collect() };
    writeln!(
        out,
        "edge,from,to,clearance,obstacle{}{}",
        axes("edge"),
        axes("obstacle")
    )?;
    let point = |p: Option<super::dimension::Coordinates>| -> String {
        (0..D::AXES.len())
            .map(|i| format!(",{}", cell(p.map(|p| p.as_slice()[i]))))
            .collect()
    };
    for r in table.edge_rows() {
        writeln!(
            out,
            "{},{},{},{},{}{}{}",
            r.edge,
            r.from,
            r.to,
            cell(r.clearance),
            r.obstacle.map(|o| o.to_string()).unwrap_or_default(),
            point(r.edge_point),
            point(r.obstacle_point),
        )?;
    }
    Ok(())
}

fn text<D: Shown>(out: &mut dyn Write, level: &Level<D>, table: &Table<'_, D>) -> io::Result<()> {
    for r in table.edge_rows() {
        let value = r.clearance.map_or_else(|| "inf".into(), human);
        write!(out, "{}: clearance {value}", edge_ref(&level.map, r.edge))?;
        if let (Some(o), Some(p)) = (r.obstacle, r.edge_point) {
            let kind = D::kind(&level.map.obstacles()[o]);
            let origin = level
                .obstacle_origin(o)
                .map(|origin| format!(" ({origin})"))
                .unwrap_or_default();
            write!(
                out,
                ", {kind} #{o}{origin} pinches at {}",
                human_coordinates(p)
            )?;
        }
        writeln!(out)?;
    }
    Ok(())
}
