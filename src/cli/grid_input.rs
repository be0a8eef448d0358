//! Reading the grid named on the command line of `clearway grid`: a Moving
//! AI map, by default; a Tiled map (`.tmx`) by its extension.

use std::path::Path;

use super::timings::Timings;
use clearway::grid::{Grid, parse_movingai_bytes_with_areas};
use clearway::tiled::{self, TiledOptions};

use super::Failure;
use super::args::GridArgs;
use super::file_kind::{grid_hint, with_hint};
use super::input::read_input;
use super::tiled_input;

/// The grid at `path` (`-` reads a Moving AI map from standard input).
/// `.tmx` files are Tiled maps; every other file is read as a Moving AI
/// map, whose header says so or fails with a located error.
pub fn read_grid(path: &Path, args: &GridArgs, timings: &mut Timings) -> Result<Grid, Failure> {
    let is_tmx = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("tmx"));
    if is_tmx {
        if !args.solid.is_empty() {
            return Err(Failure::Usage(format!(
                "--solid picks terrain of a Moving AI map; `{}` is a Tiled map",
                path.display()
            )));
        }
        return read_tile_layer(path, args, timings);
    }
    for (option, given) in [
        ("--layer", args.layer.is_some()),
        ("--solid-property", args.solid_property.is_some()),
        ("--area-property", args.area_property.is_some()),
    ] {
        if given {
            return Err(Failure::Usage(format!(
                "{option} picks tiles of a Tiled map (.tmx); `{}` is read as a Moving AI map",
                path.display()
            )));
        }
    }
    let start = std::time::Instant::now();
    let (bytes, source_name) = read_input(path, "grid", 0)?;
    timings.record("read", start.elapsed());
    let grid = timings
        .time("parse", || {
            parse_movingai_bytes_with_areas(&bytes, &source_name, &args.solid)
        })
        .map_err(|e| match grid_hint(path, &bytes[..bytes.len().min(4096)]) {
            Some(hint) => Failure::Located(with_hint(&e.to_string(), &hint)),
            None => Failure::from(e),
        })?;
    Ok(grid)
}

/// The solid cells of a Tiled map's tile layer (`--layer`, else the only
/// tile layer with solid tiles): a cell is solid when its tile has a
/// collision shape or a true `--solid-property`; a free cell has the area
/// its tile's string `--area-property` names.
fn read_tile_layer(path: &Path, args: &GridArgs, timings: &mut Timings) -> Result<Grid, Failure> {
    let options = TiledOptions {
        layer: args.layer.clone(),
        solid_property: args.solid_property.clone(),
        area_property: args.area_property.clone(),
        ..TiledOptions::default()
    };
    let tiles = timings.time("parse", || tiled::tile_layer_grid(path, &options));
    tiles.map(|t| t.grid).map_err(tiled_input::failure)
}
