//! `clearway clearance`: every edge's clearance, in map order.
//!
//! The table is streamed to stdout row by row, and its clearances are
//! computed a block at a time as the rows reach them: on a large level,
//! building the table in memory first would cost more than the map itself,
//! and holding every clearance at once (56 bytes an edge and a node) as
//! much as the file on a tile level.

use std::cell::Cell;
use std::io::{self, IsTerminal, Write};
use std::ops::Range;
use std::time::{Duration, Instant};

use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::timings::Timings;
use clearway::{Clearance, Clearances, EdgeIdx, Map, NodeIdx};

use super::dimension::Shown;

use super::args::{ClearanceArgs, TableFormat};
use super::conventions;
use super::input::{AnyLevel, Level};
use super::node_names::edge_ref;
use super::numbers::{human, human_coordinates};
use super::progress::Bar;
use super::rows::{EdgeRow, NodeRow};
use super::{Failure, Outcome, stream_stdout};

/// Edges (or nodes) whose clearances are computed together, on all cores,
/// before their rows are written: 3.7 MB of clearances.
const BLOCK: usize = 1 << 16;

pub fn run(args: &ClearanceArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    let level = if args.format == TableFormat::Text {
        AnyLevel::read_citing_obstacles(&args.map, timings)?
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
    // Only the JSON table has a row per node.
    let work = match args.format {
        TableFormat::Json => map.edges().len() + map.nodes().len(),
        TableFormat::Csv | TableFormat::Text => map.edges().len(),
    };
    // A bar on the terminal the table is written to would break its lines.
    let bar = match io::stdout().is_terminal() {
        true => Bar::hidden(),
        false => Bar::for_map(map, work),
    };
    let table = Table::new(map, BLOCK, bar);
    let start = Instant::now();
    stream_stdout(|out| match args.format {
        TableFormat::Json => {
            serde_json::to_writer(&mut *out, &table)?;
            writeln!(out)
        }
        TableFormat::Csv => csv(out, &table),
        TableFormat::Text => text(out, &level, &table),
    })?;
    let computing = table.computing.get();
    timings.record("clearance", computing);
    timings.record("output", start.elapsed().saturating_sub(computing));
    drop(table);
    conventions::keep_until_exit(level);
    Ok(Outcome::Pass)
}

/// Every edge's and node's row, made one at a time as they are written,
/// their clearances computed a block at a time.
struct Table<'a, D: Shown> {
    map: &'a Map<D>,
    /// How many clearances are computed together.
    block: usize,
    bar: Bar,
    /// The time spent computing clearances so far.
    computing: Cell<Duration>,
}

impl<'a, D: Shown> Table<'a, D> {
    fn new(map: &'a Map<D>, block: usize, bar: Bar) -> Table<'a, D> {
        Table {
            map,
            block,
            bar,
            computing: Cell::new(Duration::ZERO),
        }
    }

    fn edge_rows(&self) -> impl Iterator<Item = EdgeRow> + '_ {
        self.in_blocks(self.map.edges().len(), |edges| {
            Clearances::compute_edges(self.map, edges)
        })
        .map(|(i, c)| EdgeRow::new(self.map, EdgeIdx::new(i), &c))
    }

    fn node_rows(&self) -> impl Iterator<Item = NodeRow> + '_ {
        self.in_blocks(self.map.nodes().len(), |nodes| {
            Clearances::compute_nodes(self.map, nodes)
        })
        .map(|(i, c)| NodeRow::new(self.map, NodeIdx::new(i), &c))
    }

    /// Items 0..count with their clearances, each block of them computed
    /// by `compute` when the first of them is reached.
    fn in_blocks<'s>(
        &'s self,
        count: usize,
        compute: impl Fn(Range<usize>) -> Vec<Clearance<D::Point>> + 's,
    ) -> impl Iterator<Item = (usize, Clearance<D::Point>)> + 's {
        (0..count).step_by(self.block).flat_map(move |start| {
            let block = start..(start + self.block).min(count);
            let began = Instant::now();
            let clearances = compute(block.clone());
            self.computing.set(self.computing.get() + began.elapsed());
            self.bar.advance(block.len());
            block.zip(clearances)
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    fn json<R: Serialize>(rows: impl Iterator<Item = R>) -> String {
        serde_json::to_string(&rows.collect::<Vec<R>>()).unwrap()
    }

    /// Rows computed a block of 3 at a time (blocks that cut the edges and
    /// nodes unevenly) are the rows of every clearance computed at once.
    #[test]
    fn rows_in_blocks_are_the_rows_of_every_clearance() {
        let params = clearway_synth::Params::new(clearway_synth::Kind::Grid, 40)
            .with_mix(clearway_synth::Mix::Mixed)
            .with_seed(5);
        let map = Map::from_ron_str(&clearway_synth::map_string(&params), "grid.ron").unwrap();
        assert!(map.edges().len() % 3 != 0 && map.nodes().len() > 3);
        let every = Clearances::compute(&map);
        let table = Table::new(&map, 3, Bar::hidden());
        let edges = EdgeIdx::all(map.edges().len()).map(|i| EdgeRow::new(&map, i, every.edge(i)));
        assert_eq!(json(table.edge_rows()), json(edges));
        let nodes = NodeIdx::all(map.nodes().len()).map(|i| NodeRow::new(&map, i, every.node(i)));
        assert_eq!(json(table.node_rows()), json(nodes));
        assert!(table.computing.get() > Duration::ZERO);
    }
}
