//! `clearway clearance`: every edge's clearance, in map order.
//!
//! The table is streamed to stdout row by row, and its clearances are
//! computed a block at a time on another thread, the next block while the
//! rows of the last are written: on a large level,
//! building the table in memory first would cost more than the map itself,
//! and holding every clearance at once (56 bytes an edge and a node) as
//! much as the file on a tile level.

use std::io::{self, IsTerminal, Write};
use std::ops::Range;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::timings::Timings;
use clearway::{Clearance, Clearances, EdgeIdx, Map, NodeIdx};

use super::dimension::Shown;

use super::args::{ClearanceArgs, TableFormat};
use super::check::pinch_points;
use super::clearance_walking;
use super::conventions;
use super::input::{AnyLevel, Level};
use super::node_names::{closed_note, edge_ref};
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
    match (level, &args.agent) {
        (level, Some(name)) => clearance_walking::table(args, level, name, timings),
        (AnyLevel::Plane(level), None) => table(args, level, timings),
        (AnyLevel::Space(level), None) => table(args, level, timings),
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
    let lists = match args.format {
        TableFormat::Json => Lists::EdgesAndNodes,
        TableFormat::Csv | TableFormat::Text => Lists::Edges,
    };
    // A bar on the terminal the table is written to would break its lines.
    let bar = match io::stdout().is_terminal() {
        true => Bar::hidden(),
        false => Bar::for_map(map, lists.work(map)),
    };
    let start = Instant::now();
    let (written, computing) = with_table(map, Some(&level), BLOCK, lists, &bar, |table| {
        stream_stdout(|out| match args.format {
            TableFormat::Json => {
                serde_json::to_writer(&mut *out, table)?;
                writeln!(out)
            }
            TableFormat::Csv => csv(out, table),
            TableFormat::Text => text(out, &level, table),
        })
    });
    written?;
    // The computing overlaps the writing: `output` is what the writing
    // added to it.
    timings.record("clearance", computing);
    timings.record("output", start.elapsed().saturating_sub(computing));
    conventions::keep_until_exit(level);
    Ok(Outcome::Pass)
}

/// Which rows a table has.
#[derive(Clone, Copy)]
enum Lists {
    /// An edge's row each.
    Edges,
    /// An edge's row each, then a node's.
    EdgesAndNodes,
}

impl Lists {
    /// How many node rows the table has.
    fn nodes<D: Shown>(self, map: &Map<D>) -> usize {
        match self {
            Lists::Edges => 0,
            Lists::EdgesAndNodes => map.nodes().len(),
        }
    }

    /// How many clearances the table computes.
    fn work<D: Shown>(self, map: &Map<D>) -> usize {
        map.edges().len() + self.nodes(map)
    }
}

/// Runs `write` on the table of `lists`, whose clearances are computed a
/// block at a time on another thread (and rayon's pool), the next block
/// while the rows of the last are written: the writer works on one core,
/// and both have work while it does. Returns what `write` returned and the
/// time spent computing.
///
/// At most two blocks are held: the one being written and the one
/// computed after it.
fn with_table<D: Shown, R>(
    map: &Map<D>,
    level: Option<&Level<D>>,
    block: usize,
    lists: Lists,
    bar: &Bar,
    write: impl FnOnce(&Table<'_, D>) -> R,
) -> (R, Duration) {
    std::thread::scope(|scope| {
        let (sender, blocks) = mpsc::sync_channel(0);
        let computer = scope.spawn(move || {
            let mut computing = Duration::ZERO;
            let work = starts(map.edges().len(), block)
                .map(|range| (range, true))
                .chain(starts(lists.nodes(map), block).map(|range| (range, false)));
            for (range, edge) in work {
                let began = Instant::now();
                let clearances = match edge {
                    true => Clearances::options().compute_part(map, range.clone(), 0..0),
                    false => Clearances::options().compute_part(map, 0..0, range.clone()),
                };
                computing += began.elapsed();
                bar.advance(range.len());
                // The writer has stopped (standard output closed): stop.
                if sender.send(clearances).is_err() {
                    break;
                }
            }
            computing
        });
        let table = Table {
            map,
            level,
            block,
            blocks,
        };
        let written = write(&table);
        // Dropped before the computer is joined, so that a computer still
        // waiting to hand a block over is told to stop.
        drop(table);
        // The computer only panics where the computing would have.
        let computing = computer
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        (written, computing)
    })
}

/// The blocks of `0..count`, in order.
fn starts(count: usize, block: usize) -> impl Iterator<Item = Range<usize>> {
    (0..count)
        .step_by(block)
        .map(move |start| start..(start + block).min(count))
}

/// Every edge's and node's row, made one at a time as they are written,
/// their clearances handed over a block at a time by [`with_table`]'s
/// computer.
struct Table<'a, D: Shown> {
    map: &'a Map<D>,
    /// The level, when its OBJ triangles are to be cited in the rows.
    level: Option<&'a Level<D>>,
    /// How many clearances are computed together.
    block: usize,
    /// The computed blocks, edges first and then (for JSON) nodes.
    blocks: Receiver<Clearances<D>>,
}

impl<D: Shown> Table<'_, D> {
    fn edge_rows(&self) -> impl Iterator<Item = EdgeRow> + '_ {
        self.in_blocks(self.map.edges().len(), Clearances::edges)
            .map(|(i, c)| {
                let row = EdgeRow::new(self.map, EdgeIdx::new(i), &c);
                match self.level {
                    Some(level) => row.citing(level, &c),
                    None => row,
                }
            })
    }

    fn node_rows(&self) -> impl Iterator<Item = NodeRow> + '_ {
        self.in_blocks(self.map.nodes().len(), Clearances::nodes)
            .map(|(i, c)| {
                let row = NodeRow::new(self.map, NodeIdx::new(i), &c);
                match self.level {
                    Some(level) => row.citing(level, &c),
                    None => row,
                }
            })
    }

    /// Items 0..count with their clearances, each block of them taken from
    /// the computer when the first of them is reached.
    /// The rows' clearances, `of` each block (its edges or its nodes).
    fn in_blocks(
        &self,
        count: usize,
        of: fn(&Clearances<D>) -> &[Clearance<D::Point>],
    ) -> impl Iterator<Item = (usize, Clearance<D::Point>)> + '_ {
        let mut starts = starts(count, self.block);
        let (mut items, mut block, mut next) = (0..0, None, 0);
        std::iter::from_fn(move || {
            loop {
                if let Some(b) = &block
                    && let Some(i) = items.next()
                {
                    let c = of(b)[next];
                    next += 1;
                    return Some((i, c));
                }
                // The written block is freed before the next is taken, so
                // that no more than two are held: this one and the one the
                // computer works on.
                block = None;
                items = starts.next()?;
                // The computer hands over every block the rows reach; if
                // it panicked instead, so does the writer, with the table
                // cut short, never closed as if it were whole.
                let b = self.blocks.recv().expect("the clearance computer stopped");
                debug_assert_eq!(of(&b).len(), items.len());
                (block, next) = (Some(b), 0);
            }
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
    // A `closed` column last, only when some edge is closed: the tables
    // of other levels are as they were.
    let closed = table.map.edges().iter().any(|e| e.closed);
    // An `area` column after it, only on a map with areas, for the same
    // reason; empty for an edge without one.
    let areas = !table.map.areas().is_empty();
    writeln!(
        out,
        "edge,from,to,clearance,obstacle{}{}{}{}",
        axes("edge"),
        axes("obstacle"),
        if closed { ",closed" } else { "" },
        if areas { ",area" } else { "" }
    )?;
    let point = |p: Option<super::dimension::Coordinates>| -> String {
        (0..D::AXES.len())
            .map(|i| format!(",{}", cell(p.map(|p| p.as_slice()[i]))))
            .collect()
    };
    for r in table.edge_rows() {
        let area = match &r.area {
            Some(area) => format!(",{}", csv_field(area.as_deref().unwrap_or_default())),
            None => String::new(),
        };
        writeln!(
            out,
            "{},{},{},{},{}{}{}{}{area}",
            r.edge,
            r.from,
            r.to,
            cell(r.clearance),
            r.obstacle.map(|o| o.to_string()).unwrap_or_default(),
            point(r.edge_point),
            point(r.obstacle_point),
            match (closed, r.closed) {
                (false, _) => "",
                (true, false) => ",false",
                (true, true) => ",true",
            },
        )?;
    }
    Ok(())
}

/// A CSV cell for free text (an area's name): quoted, its quotes doubled,
/// when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// A line per edge. On a map with areas each line names the edge's area
/// before its clearance (`area "water"`, `area none`), as the CSV has a
/// column; the lines of other maps are as they were.
fn text<D: Shown>(out: &mut dyn Write, level: &Level<D>, table: &Table<'_, D>) -> io::Result<()> {
    let areas = !level.map.areas().is_empty();
    for (i, c) in table.in_blocks(level.map.edges().len(), Clearances::edges) {
        let r = EdgeRow::new(&level.map, EdgeIdx::new(i), &c);
        let value = r.clearance.map_or_else(|| "inf".into(), human);
        let area = match level.map.edge_area(r.edge) {
            _ if !areas => String::new(),
            Some(area) => format!("area {:?}, ", clearway_text::quote::capped(area)),
            None => "area none, ".to_owned(),
        };
        write!(
            out,
            "{}{}: {area}clearance {value}",
            edge_ref(&level.map, r.edge),
            closed_note(&level.map, r.edge)
        )?;
        if let (Some(w), Some(p), Some(q)) = (c.witness, r.edge_point, r.obstacle_point) {
            let o = w.obstacle;
            let kind = D::kind(&level.map.obstacles()[o]);
            let origin = level
                .obstacle_cited(o, w.obstacle_point)
                .map(|origin| format!(" ({origin})"))
                .unwrap_or_default();
            let points = pinch_points(human_coordinates(p), human_coordinates(q));
            write!(out, ", {kind} #{o}{origin}{points}")?;
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

    fn grid() -> Map {
        let params = clearway_synth::Params::new(clearway_synth::Kind::Grid, 40)
            .with_mix(clearway_synth::Mix::Mixed)
            .with_seed(5);
        Map::loader()
            .read_str(&clearway_synth::map_string(&params), "grid.ron")
            .unwrap()
    }

    /// Rows computed a block of 3 at a time (blocks that cut the edges and
    /// nodes unevenly) on the computer's thread are the rows of every
    /// clearance computed at once.
    #[test]
    fn rows_in_blocks_are_the_rows_of_every_clearance() {
        let map = grid();
        assert!(map.edges().len() % 3 != 0 && map.nodes().len() > 3);
        let every = Clearances::compute(&map);
        let edges = (0..map.edges().len())
            .map(EdgeIdx::new)
            .map(|i| EdgeRow::new(&map, i, every.edge(i)));
        let nodes = (0..map.nodes().len())
            .map(NodeIdx::new)
            .map(|i| NodeRow::new(&map, i, every.node(i)));
        let lists = Lists::EdgesAndNodes;
        let ((edge_rows, node_rows), computing) =
            with_table(&map, None, 3, lists, &Bar::hidden(), |t| {
                (json(t.edge_rows()), json(t.node_rows()))
            });
        assert_eq!(edge_rows, json(edges));
        assert_eq!(node_rows, json(nodes));
        assert!(computing > Duration::ZERO);
    }

    /// A writer that stops early (standard output closed) stops the
    /// computer: the table returns (the computer, waiting to hand over its
    /// next block, is told to stop rather than left waiting).
    #[test]
    fn a_writer_that_stops_stops_the_computer() {
        let map = grid();
        let every = Clearances::compute(&map);
        let first = json(
            (0..4)
                .map(EdgeIdx::new)
                .map(|i| EdgeRow::new(&map, i, every.edge(i))),
        );
        for lists in [Lists::Edges, Lists::EdgesAndNodes] {
            let (rows, _) = with_table(&map, None, 3, lists, &Bar::hidden(), |t| {
                json(t.edge_rows().take(4))
            });
            assert_eq!(rows, first);
        }
    }
}
