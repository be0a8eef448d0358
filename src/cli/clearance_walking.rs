//! `clearway clearance --agent NAME` for a walking agent: each edge's
//! walking clearance for the profile's height and climb, its slope, and
//! the longest stretch of it without ground, in map order.

use std::io::{self, Write};

use serde::Serialize;

use clearway::walking::{WalkingClearances, WalkingSpot};
use clearway::{EdgeIdx, NodeIdx, Space};

use super::args::{ClearanceArgs, TableFormat};
use super::check::{WalkingProfile, blame};
use super::dimension::Shown;
use super::input::{AnyLevel, Level};
use super::node_names::{closed_note, edge_ref};
use super::numbers::{human, human_point};
use super::rows::{EdgeRow, GapRow, NodeRow, WalkingRow};
use super::timings::Timings;
use super::{Failure, Outcome, stream_stdout};

/// The table for the walking agent `name` of `level`.
pub fn table(
    args: &ClearanceArgs,
    level: AnyLevel,
    name: &str,
    timings: &mut Timings,
) -> Result<Outcome, Failure> {
    let quoted = clearway_text::quote::capped(name);
    let level = match level {
        AnyLevel::Space(level) => level,
        AnyLevel::Plane(_) => {
            return Err(Failure::Usage(format!(
                "--agent `{quoted}`: a 2D level's agents are discs, whose clearance is the table without --agent"
            )));
        }
    };
    let Some(agent) = level.map.agents().iter().find(|a| a.name == name) else {
        return Err(Failure::Usage(format!(
            "no agent named `{quoted}` in the map"
        )));
    };
    let Some(walking) = agent.walking else {
        return Err(Failure::Usage(format!(
            "agent `{quoted}` is a sphere: its clearance is every sphere's, the table without --agent"
        )));
    };
    let walk = timings.time("clearance", || {
        WalkingClearances::compute(&level.map, walking)
    });
    let start = std::time::Instant::now();
    stream_stdout(|out| match args.format {
        TableFormat::Json => {
            serde_json::to_writer(&mut *out, &json(&level, &walk, name))?;
            writeln!(out)
        }
        TableFormat::Csv => csv(out, &level, &walk),
        TableFormat::Text => text(out, &level, &walk),
    })?;
    timings.record("output", start.elapsed());
    Ok(Outcome::Pass)
}

/// The slope and the ground of a spot, for a row.
fn extras(spot: &WalkingSpot) -> WalkingRow {
    WalkingRow {
        blocked_by: None,
        slope: spot.slope,
        no_ground: spot.ground.map(|g| GapRow {
            length: g.length,
            from: Space::coordinates(g.from),
        }),
    }
}

#[derive(Serialize)]
struct Table {
    agent: String,
    walking: WalkingProfile,
    edges: Vec<EdgeRow>,
    nodes: Vec<NodeRow>,
}

fn json(level: &Level<Space>, walk: &WalkingClearances, name: &str) -> Table {
    let map = &level.map;
    Table {
        agent: name.to_owned(),
        walking: WalkingProfile::of(walk.walking()),
        edges: (0..map.edges().len())
            .map(EdgeIdx::new)
            .map(|e| {
                let spot = walk.edge(e);
                let mut row = EdgeRow::new(map, e, &spot.body).citing(level, &spot.body);
                row.walking = Some(extras(spot));
                row
            })
            .collect(),
        nodes: (0..map.nodes().len())
            .map(NodeIdx::new)
            .map(|n| {
                let spot = walk.node(n);
                let mut row = NodeRow::new(map, n, &spot.body).citing(level, &spot.body);
                row.walking = Some(extras(spot));
                row
            })
            .collect(),
    }
}

/// `edge 9 (9 -> 10): walking clearance 0.4954163, box #17 (line 79)
/// pinches at ..., obstacle at ...; slope 33.7°; no ground under ...`.
fn text(out: &mut dyn Write, level: &Level<Space>, walk: &WalkingClearances) -> io::Result<()> {
    let map = &level.map;
    for e in (0..map.edges().len()).map(EdgeIdx::new) {
        let spot = walk.edge(e);
        let value = human(spot.body.value);
        let pinch = match spot.body.witness {
            Some(_) => blame(level, &spot.body).replacen(": ", ", ", 1),
            None => " (the widest body: nothing pinches it)".to_owned(),
        };
        write!(
            out,
            "{}{}: walking clearance {value}{pinch}; slope {:.1}°",
            edge_ref(map, e),
            closed_note(map, e),
            spot.slope
        )?;
        if let Some(gap) = spot.ground {
            write!(
                out,
                "; no ground under {} of {} units, from {}",
                human(gap.length),
                human(gap.of),
                human_point::<Space>(gap.from)
            )?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// Edges only, full precision; empty cells for none.
fn csv(out: &mut dyn Write, level: &Level<Space>, walk: &WalkingClearances) -> io::Result<()> {
    let map = &level.map;
    writeln!(
        out,
        "edge,from,to,walking_clearance,obstacle,slope,no_ground_length,no_ground_x,no_ground_y,no_ground_z"
    )?;
    for e in (0..map.edges().len()).map(EdgeIdx::new) {
        let spot = walk.edge(e);
        let edge = &map.edges()[e];
        let gap = match spot.ground {
            Some(g) => format!("{},{},{},{}", g.length, g.from.x, g.from.y, g.from.z),
            None => ",,,".to_owned(),
        };
        writeln!(
            out,
            "{e},{},{},{},{},{},{gap}",
            map.nodes()[edge.from].id,
            map.nodes()[edge.to].id,
            spot.body.value,
            spot.body
                .witness
                .map(|w| w.obstacle.to_string())
                .unwrap_or_default(),
            spot.slope,
        )?;
    }
    Ok(())
}
