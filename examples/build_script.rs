//! What a game's `build.rs` does with clearway: for every level in a folder,
//! bake the clearances once, prune the network once per agent profile, and
//! fail the build with a readable message when an edge is blocked.
//!
//! A real `build.rs` has no arguments: it reads `levels/` and writes into
//! `OUT_DIR`. This example takes both as arguments so it can be run as is:
//!
//! ```text
//! cargo run --example build_script -- maps target/levels              # fails: tanks do not fit
//! cargo run --example build_script -- maps target/levels --prune      # prunes instead
//! ```
//!
//! In `build.rs`, the body of `main` below is the same with
//! `let (levels, out) = (Path::new("levels"), PathBuf::from(env::var("OUT_DIR")?));`
//! plus `println!("cargo::rerun-if-changed=levels");`.
//!
//! A level whose obstacles are drawn in Tiled (`maps/tiled_yard.ron`) sits
//! beside its map with the same stem (`maps/tiled_yard.tmx`): the example
//! reads its layer `collision`, one tile to a unit, as
//! `clearway check maps/tiled_yard.ron --obstacles maps/tiled_yard.tmx
//! --layer collision --pixels-per-unit 16` does. The outputs keep the level's
//! own text (comments included) and never copy the Tiled obstacles into it.
//! A level with no obstacles at all is an error: it would check nothing.

use std::error::Error;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clearway::tiled::{TiledOptions, load_obstacles};
use clearway::{Clearances, EdgeIdx, Map};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let prune_blocked = args.iter().any(|a| a == "--prune");
    let paths: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let [levels, out] = paths.as_slice() else {
        eprintln!("usage: build_script LEVELS_DIR OUT_DIR [--prune]");
        return ExitCode::from(2);
    };
    match build_levels(Path::new(levels), Path::new(out), prune_blocked) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // In build.rs, this message is what the developer sees under
            // "failed to run custom build command".
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// Bakes and prunes every `*.ron` level in `levels` into `out`.
///
/// # Errors
/// A level that does not load (the message has file:line:col and a snippet),
/// an edge too tight for an agent (unless `prune_blocked`), or a failed write.
fn build_levels(levels: &Path, out: &Path, prune_blocked: bool) -> Result<(), Box<dyn Error>> {
    std::fs::create_dir_all(out)?;
    let mut problems = String::new();
    for path in level_files(levels)? {
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
        let map = Map::loader().read_str(&text, &path.display().to_string())?;
        let own = map.obstacles().len();
        let map = with_tiled_obstacles(map, &path)?;
        if map.obstacles().is_empty() {
            return Err(format!(
                "{}: the level has no obstacles, and no `.tmx` beside it: there is nothing to check",
                path.display()
            )
            .into());
        }
        let clearances = Clearances::compute(&map);
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("level");

        // One baked copy: the game filters edges by any radius at run time.
        // The level's own text with the clearances written in; never the
        // Tiled obstacles, which stay in their own file.
        let baked = map
            .baked_text(&text, &clearances)
            .unwrap_or_else(|| map.baked(&clearances).to_ron_string_with_obstacles(own));
        std::fs::write(out.join(format!("{stem}.baked.ron")), baked.as_bytes())?;

        // One pruned network per agent profile.
        for agent in map.agents() {
            let blocked: Vec<EdgeIdx> = clearances.blocked_edges(agent.radius).collect();
            if !blocked.is_empty() && !prune_blocked {
                for &e in &blocked {
                    let edge = &map.edges()[e];
                    let c = clearances.edge(e);
                    let _ = writeln!(
                        problems,
                        "{}: edge {e} ({} -> {}) is too tight for {} (radius {}): clearance {:.3}{}",
                        path.display(),
                        map.nodes()[edge.from].id,
                        map.nodes()[edge.to].id,
                        agent.name,
                        agent.radius,
                        c.value,
                        c.witness
                            .map(|w| format!(
                                ", obstacle #{} pinches at ({:.3}, {:.3})",
                                w.obstacle, w.edge_point.x, w.edge_point.y
                            ))
                            .unwrap_or_default(),
                    );
                }
                continue;
            }
            let pruned = map
                .pruned_text(&text, &clearances, agent.radius)
                .unwrap_or_else(|| {
                    map.pruned(&clearances, agent.radius)
                        .to_ron_string_with_obstacles(own)
                });
            std::fs::write(
                out.join(format!("{stem}.{}.ron", agent.name)),
                pruned.as_bytes(),
            )?;
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("some level edges are too tight for their agents:\n{problems}(move the obstacles, or build with --prune to drop those edges)").into())
    }
}

/// `map` with the obstacles of the Tiled map beside `level` (same stem,
/// `.tmx`), if there is one: its layer `collision`, one tile to a unit.
fn with_tiled_obstacles(map: Map, level: &Path) -> Result<Map, Box<dyn Error>> {
    let tmx = level.with_extension("tmx");
    if !tmx.is_file() {
        return Ok(map);
    }
    let tile_width = tiled::Loader::new()
        .load_tmx_map(&tmx)
        .map_err(|e| format!("cannot read `{}`: {e}", tmx.display()))?
        .tile_width;
    let options = TiledOptions {
        layer: Some("collision".into()),
        pixels_per_unit: f64::from(tile_width),
        ..TiledOptions::default()
    };
    let tiled = load_obstacles(&tmx, &options)?;
    Ok(map.with_extra_obstacles(tiled.obstacles)?)
}

/// The `*.ron` files in `dir`, sorted, so builds are reproducible.
fn level_files(dir: &Path) -> Result<Vec<PathBuf>, Box<dyn Error>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read the levels folder `{}`: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|ext| ext == "ron"))
        .collect();
    files.sort();
    Ok(files)
}
