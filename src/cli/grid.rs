//! `clearway grid`: make a level from a grid map.

use super::timings::Timings;
use clearway::Agent;
use clearway::grid::{Connectivity, GridError, GridLevelText, GridOptions};

use super::args::{Connect, GridArgs, ReportFormat};
use super::conventions::{self, kept_until_exit, note};
use super::counted::counted;
use super::grid_input::read_grid;
use super::numbers::human;
use super::output::Destination;
use super::{Failure, Outcome};

pub fn run(args: &GridArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    let destination = Destination::new_level(&args.grid, &args.output, "grid")?;
    conventions::json_summary_needs_stdout(args.format, &destination)?;
    let agents = agents(&args.agents)?;
    let grid = kept_until_exit(read_grid(&args.grid, args, timings)?);
    if grid.solid_count() == 0 && is_tmx(&args.grid) {
        eprintln!(
            "warning: no cell of the tile layer of `{}` is solid: draw collision shapes on its \
             tiles in Tiled's tileset editor, or name a bool tile property with --solid-property",
            args.grid.display()
        );
    }
    if let Some(name) = &args.area_property {
        let any_area =
            (0..grid.height()).any(|r| (0..grid.width()).any(|c| grid.area(c, r).is_some()));
        if !any_area {
            eprintln!(
                "warning: no free cell of `{}` has a tile with the string property `{name}`: \
                 the level has no areas (is the property on the tiles of the layer read?)",
                args.grid.display()
            );
        }
    }
    let options = GridOptions {
        connect: match args.connect {
            Connect::Four => Connectivity::Four,
            Connect::Eight => Connectivity::Eight,
        },
        cell_size: args.cell_size,
        agents,
    };
    let level = timings
        .time("grid", || GridLevelText::new(grid, &options))
        .map_err(|e: GridError| Failure::Usage(e.to_string()))?;
    let connect = match args.connect {
        Connect::Four => 4,
        Connect::Eight => 8,
    };
    // The level is written as it is made, never held: the text of a
    // 2000 x 2000 grid is 0.78 GB, its grid 4 MB.
    timings.time("output", || {
        destination.write_with(|out| {
            writeln!(
                out,
                "// clearway grid: {}, {connect}-connected, cell size {}",
                printable(&args.grid.display().to_string()),
                human(args.cell_size)
            )?;
            level.write(out)
        })
    })?;
    let counts = level.counts();
    let components = counts.components;
    let (width, height) = (grid.width(), grid.height());
    let solid = grid.solid_count();
    if args.format == ReportFormat::Json {
        let summary = serde_json::json!({
            "width": width,
            "height": height,
            "cells": width * height,
            "free_cells": width * height - solid,
            "solid_cells": solid,
            "connect": connect,
            "cell_size": args.cell_size,
            "nodes": counts.nodes,
            "edges": counts.edges,
            "obstacles": counts.obstacles,
            "components": components,
        });
        conventions::write_json(&summary)?;
        return Ok(Outcome::Pass);
    }
    note!(
        "{width} x {height} cells, {} free: wrote {}, {} ({connect}-connected), \
         obstacles: {} from {}; connected components: {components}",
        width * height - solid,
        counted(counts.nodes, "node"),
        counted(counts.edges, "edge"),
        counted(counts.obstacles, "rectangle"),
        counted(solid, "solid cell"),
    );
    Ok(Outcome::Pass)
}

/// The `--agent` profiles, refusing a name given twice.
fn agents(given: &[(String, f64)]) -> Result<Vec<Agent>, Failure> {
    let mut agents: Vec<Agent> = Vec::with_capacity(given.len());
    for (name, radius) in given {
        if agents.iter().any(|a| a.name == *name) {
            return Err(Failure::Usage(format!(
                "--agent `{name}` is given twice; agent names must be unique"
            )));
        }
        agents.push(Agent::new(name.clone(), *radius));
    }
    Ok(agents)
}

/// `text` fit for a one-line comment: control characters (a line break in
/// a file name) become `?`.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

/// Whether the grid is read from a Tiled map.
fn is_tmx(path: &std::path::Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("tmx"))
}
