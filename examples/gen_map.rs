//! Writes a seeded synthetic level (see `clearway_synth`) as RON.
//!
//! ```text
//! cargo run --release --example gen_map -- --kind grid --edges 1000000 \
//!     --obstacles-per-edge 5 --mix points --seed 1 -o big.ron
//! ```
//!
//! 3D levels (`--kind building`, `--kind terrain`) take their size in
//! triangles apart from their edges, so that the performance target's level
//! of 1M edges and 1M triangles is:
//!
//! ```text
//! cargo run --release --example gen_map -- --kind terrain --edges 1000000 \
//!     --triangles 1000000 --obstacles-per-edge 1 -o terrain.ron
//! ```
//!
//! `-o -` writes to standard output. The size and the counts go to stderr.
//!
//! `--movingai FILE` (with `--kind tiles`) also writes the tile level's grid
//! as a Moving AI map, the input of `clearway grid`.
//!
//! `--json FILE` also writes the same level as JSON (see
//! `clearway_synth::write_map_and_json`), from the same generation pass, for
//! the shapely/networkx peer in `benches/peer/`.

use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use clearway_synth::{self as synth, Kind, Mix, Params};

/// Generate a synthetic clearway level.
#[derive(Debug, Parser)]
struct Args {
    /// The layout: grid, geometric, corridors or tiles (tiles ignores the
    /// mix and the obstacles per edge: its solid cells are the obstacles);
    /// building or terrain for a 3D level (both ignore the mix; building
    /// also the obstacles per edge, terrain's obstacles per edge are points).
    #[arg(long, default_value = "grid", value_parser = parse_kind)]
    kind: Kind,
    /// About how many edges.
    #[arg(long, default_value_t = 10_000)]
    edges: usize,
    /// Obstacles per edge (walls of the layout included).
    #[arg(long, default_value_t = 5.0)]
    obstacles_per_edge: f64,
    /// The obstacle mix: points or mixed.
    #[arg(long, default_value = "points", value_parser = parse_mix)]
    mix: Mix,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// About how many triangles in a 3D level's meshes (default: as many as
    /// edges).
    #[arg(long)]
    triangles: Option<usize>,
    /// Where to write the level; `-` for standard output.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    output: PathBuf,
    /// Also write the same level as JSON to this file.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// With `--kind tiles`: also write its grid as a Moving AI map (`.map`),
    /// which `clearway grid` turns back into the same network.
    #[arg(long, value_name = "FILE")]
    movingai: Option<PathBuf>,
}

fn parse_kind(s: &str) -> Result<Kind, String> {
    s.parse()
}

fn parse_mix(s: &str) -> Result<Mix, String> {
    s.parse()
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut params = Params::new(args.kind, args.edges)
        .with_mix(args.mix)
        .with_seed(args.seed);
    params.obstacles_per_edge = args.obstacles_per_edge;
    if let Some(triangles) = args.triangles {
        params.triangles = triangles;
    }
    if args.kind.is_3d() && args.json.is_some() {
        eprintln!("gen_map: --json writes flat levels only, not --kind building or terrain");
        return ExitCode::from(2);
    }
    if let Some(path) = &args.movingai {
        if args.kind != Kind::Tiles {
            eprintln!("gen_map: --movingai needs --kind tiles");
            return ExitCode::from(2);
        }
        if let Err(e) = std::fs::write(path, synth::movingai_string(&params)) {
            eprintln!("gen_map: cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    let started = Instant::now();
    let mut json_bytes = None;
    let result = match &args.json {
        Some(json) => File::create(json).and_then(|j| {
            let (s, bytes) = if args.output.as_os_str() == "-" {
                synth::write_map_and_json(&params, io::stdout().lock(), j)?
            } else {
                synth::write_map_and_json(&params, File::create(&args.output)?, j)?
            };
            json_bytes = Some(bytes);
            Ok(s)
        }),
        None if args.output.as_os_str() == "-" => synth::write_map(&params, io::stdout().lock()),
        None => File::create(&args.output).and_then(|f| synth::write_map(&params, f)),
    };
    match result {
        Ok(s) => {
            if let (Some(json), Some(bytes)) = (&args.json, json_bytes) {
                eprintln!(
                    "{}: {} bytes ({:.1} MB) of JSON, the same level",
                    json.display(),
                    bytes,
                    bytes as f64 / 1e6
                );
            }
            let triangles = if args.kind.is_3d() {
                format!(", {} triangles", s.triangles)
            } else {
                String::new()
            };
            eprintln!(
                "{}: {} bytes ({:.1} MB), {} nodes, {} edges, {} obstacles{triangles}, in {:.2} s",
                args.output.display(),
                s.bytes,
                s.bytes as f64 / 1e6,
                s.nodes,
                s.edges,
                s.obstacles,
                started.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            let _ = writeln!(
                io::stderr(),
                "gen_map: cannot write {}: {e}",
                args.output.display()
            );
            ExitCode::from(2)
        }
    }
}
