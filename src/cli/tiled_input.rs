//! `--obstacles level.tmx`: adding a Tiled map's objects to the map read,
//! and remembering where each came from for reports.

use std::io::Read;
use std::path::Path;

use clearway::map::ValidatedMap;
use clearway::tiled::{self, TiledError, TiledObstacles, TiledOptions, TiledOrigin, TiledSource};
use clearway::timings::Timings;

use super::Failure;
use super::args::{TiledArgs, TiledOriginArg};

/// The sources of the obstacles that follow the map's own: obstacle
/// `first + k` came from `sources[k]`.
#[derive(Debug, Default)]
pub struct TiledObstacleSources {
    first: usize,
    sources: Vec<TiledSource>,
}

impl TiledObstacleSources {
    /// `level.tmx object 12` for an obstacle from Tiled; `None` for the map's
    /// own.
    pub fn source(&self, obstacle: usize) -> Option<String> {
        let k = obstacle.checked_sub(self.first)?;
        self.sources.get(k).map(ToString::to_string)
    }

    /// How many obstacles came from Tiled.
    pub fn count(&self) -> usize {
        self.sources.len()
    }
}

/// The library's options for the command line's.
pub fn options(args: &TiledArgs) -> TiledOptions {
    TiledOptions {
        layer: args.layer.clone(),
        pixels_per_unit: args.pixels_per_unit,
        origin: match args.tiled_origin {
            TiledOriginArg::BottomLeft => TiledOrigin::BottomLeft,
            TiledOriginArg::TopLeft => TiledOrigin::TopLeft,
        },
        ellipse_sides: args.ellipse_sides,
        solid_property: args.solid_property.clone(),
    }
}

/// `map` with the obstacles of `args.obstacles` appended (the map itself
/// when there are none), before it is indexed, so the R-tree is built once. `map_path` is where the map came from, to refuse
/// reading standard input twice. Warnings (skipped objects) go to stderr.
pub fn add(
    map: ValidatedMap,
    map_path: &Path,
    args: Option<&TiledArgs>,
    timings: &mut Timings,
) -> Result<(ValidatedMap, TiledObstacleSources), Failure> {
    let Some((tmx, args)) = args.and_then(|a| Some((a.obstacles.as_deref()?, a))) else {
        return Ok((map, TiledObstacleSources::default()));
    };
    let start = std::time::Instant::now();
    let options = options(args);
    let import = if tmx.as_os_str() == "-" {
        if map_path.as_os_str() == "-" {
            return Err(Failure::Usage(
                "the map and --obstacles cannot both be read from standard input".into(),
            ));
        }
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|e| {
                Failure::Io(format!(
                    "cannot read the Tiled map from standard input: {e}"
                ))
            })?;
        tiled::obstacles_from_tmx_bytes(&bytes, "<stdin>", &options)
    } else {
        tiled::load_obstacles(tmx, &options)
    }
    .map_err(failure)?;
    let TiledObstacles {
        obstacles,
        sources,
        warnings,
    } = import;
    for warning in &warnings {
        eprintln!("{warning}");
    }
    let first = map.obstacle_count();
    let map = map.with_extra_obstacles(obstacles).map_err(|e| {
        Failure::Io(format!(
            "{}: {e}",
            sources
                .get(e.index)
                .map_or_else(String::new, ToString::to_string)
        ))
    })?;
    timings.record("tiled", start.elapsed());
    Ok((map, TiledObstacleSources { first, sources }))
}

/// Every Tiled error is exit 2: the options and layer choice are usage, the
/// rest bad input.
fn failure(e: TiledError) -> Failure {
    match e {
        TiledError::Option(_)
        | TiledError::NoObjectLayer { .. }
        | TiledError::SeveralObjectLayers { .. }
        | TiledError::UnknownLayer { .. }
        | TiledError::AmbiguousLayer { .. }
        | TiledError::NotAnObjectLayer { .. }
        | TiledError::NotOrthogonal { .. } => Failure::Usage(e.to_string()),
        _ => Failure::Io(e.to_string()),
    }
}
