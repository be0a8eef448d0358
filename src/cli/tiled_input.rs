//! `--obstacles level.tmx`: adding a Tiled map's objects to the map read,
//! and remembering where each came from for reports.

use std::io::Read;
use std::path::Path;

use super::timings::Timings;
use clearway::Map;
use clearway::tiled::{self, TiledError, TiledObstacles, TiledOptions, TiledOrigin, TiledSource};

use super::Failure;
use super::args::{TiledArgs, TiledOriginArg};
use super::bounded_read;
use super::obstacle_sources::{self, ObstacleSources};
use super::tiled_placement;

/// The sources of the obstacles from Tiled (`level.tmx object 12`).
pub type TiledObstacleSources = ObstacleSources<TiledSource>;

impl ObstacleSources<TiledSource> {
    /// Warns on stderr when the obstacles from Tiled lie nowhere near the
    /// map's nodes: the usual sign of a wrong origin corner or scale.
    pub fn warn_if_off_the_network(&self, map: &clearway::Map, args: Option<&TiledArgs>) {
        let (Some(first), Some(args)) = (self.sources().first(), args) else {
            return;
        };
        let imported = map.obstacles().get(self.first()..).unwrap_or_default();
        if tiled_placement::misses_network(map.nodes(), imported) {
            let origin = match args.options.tiled_origin {
                TiledOriginArg::BottomLeft => "bottom-left",
                TiledOriginArg::TopLeft => "top-left",
            };
            warn_once(format!(
                "warning: {}: none of its {} obstacles comes near the path network; \
                 is --tiled-origin ({origin}) or --pixels-per-unit ({}) wrong?",
                first.file,
                imported.len(),
                super::numbers::human(args.options.pixels_per_unit)
            ));
        }
    }
}

/// Prints a warning on stderr unless this run printed it already: `diff`
/// reads the same `.tmx` (or `.obj`) for both levels.
pub fn warn_once(warning: String) {
    static PRINTED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut printed = PRINTED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !printed.contains(&warning) {
        eprintln!("{warning}");
        printed.push(warning);
    }
}

/// The library's options for the command line's.
pub fn options(args: &TiledArgs) -> TiledOptions {
    TiledOptions {
        layer: args.options.layer.clone(),
        pixels_per_unit: args.options.pixels_per_unit,
        origin: match args.options.tiled_origin {
            TiledOriginArg::BottomLeft => TiledOrigin::BottomLeft,
            TiledOriginArg::TopLeft => TiledOrigin::TopLeft,
        },
        ellipse_sides: args.options.ellipse_sides,
        solid_property: args.options.solid_property.clone(),
        area_property: None,
    }
}

/// `map` with the obstacles of `args`' files appended, in order (the map
/// itself when there are none), before it is indexed, so the R-tree is built
/// once. `map_path` is where the map came from, to refuse reading standard
/// input twice. Warnings (skipped objects) go to stderr.
pub fn add(
    map: Map,
    map_path: &Path,
    args: Option<&TiledArgs>,
    timings: &mut Timings,
) -> Result<(Map, TiledObstacleSources), Failure> {
    let Some(args) = args.filter(|a| a.files().next().is_some()) else {
        return Ok((map, TiledObstacleSources::default()));
    };
    let read = |tmx: &Path| {
        let TiledObstacles {
            obstacles,
            sources,
            warnings,
        } = read_one(tmx, map_path, args)?;
        for warning in warnings {
            warn_once(warning.to_string());
        }
        Ok((obstacles, sources))
    };
    obstacle_sources::append_files(
        map.obstacles().len(),
        args.files(),
        read,
        |obstacles| map.with_extra_obstacles(obstacles),
        "tiled",
        timings,
    )
}

/// The obstacles of one Tiled map.
fn read_one(tmx: &Path, map_path: &Path, args: &TiledArgs) -> Result<TiledObstacles, Failure> {
    let options = options(args);
    if tmx.as_os_str() == "-" {
        if map_path.as_os_str() == "-" {
            return Err(Failure::Usage(
                "cannot read both the map and --obstacles from standard input: \
                 name one of them by its path"
                    .into(),
            ));
        }
        let bytes = stdin_tmx()?;
        tiled::obstacles_from_tmx_bytes(bytes, "<stdin>", &options)
    } else {
        let name = tmx.display().to_string();
        let file = std::fs::File::open(tmx).and_then(|f| Ok((f.metadata()?, f)));
        match file {
            // A pipe, FIFO or device may never end: read it here, within
            // the limit, rather than let the XML reader take it all.
            Ok((metadata, file)) if bounded_read::is_unbounded(&metadata) && !metadata.is_dir() => {
                let bytes = read_tmx(file, true, &name)?;
                tiled::obstacles_from_tmx_bytes(&bytes, &name, &options)
            }
            _ => tiled::load_obstacles(tmx, &options),
        }
    }
    .map_err(failure)
}

/// The Tiled map on standard input, read once: `diff --obstacles -` uses it
/// for both levels.
fn stdin_tmx() -> Result<&'static [u8], Failure> {
    static STDIN_TMX: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    if let Some(bytes) = STDIN_TMX.get() {
        return Ok(bytes);
    }
    let bytes = read_tmx(
        std::io::stdin().lock(),
        bounded_read::stdin_is_unbounded(),
        "<stdin>",
    )?;
    Ok(STDIN_TMX.get_or_init(|| bytes))
}

/// The bytes of a Tiled map that may never end (standard input, a FIFO),
/// refused at its first binary byte or past `--max-input-size`.
fn read_tmx(reader: impl Read, limited: bool, name: &str) -> Result<Vec<u8>, Failure> {
    let what = format!("Tiled map `{name}`");
    let mut bytes = Vec::new();
    let binary = bounded_read::read_text(reader, &mut bytes, limited)
        .map_err(|e| super::input::read_failure(e, &what))?;
    if clearway_text::utf16::looks_like_utf16(&bytes) {
        return Err(Failure::Io(format!(
            "cannot read {what}: it is UTF-16 text; clearway reads UTF-8: {}",
            clearway_text::utf16::CONVERT
        )));
    }
    match binary {
        None => Ok(bytes),
        Some(bad) => {
            let (line, column) = bounded_read::line_and_column(&bytes, bad.offset);
            Err(Failure::Io(format!(
                "cannot read {what}: it is not XML text: byte 0x{:02X} at line {line}, \
                 column {column} (byte {}) is {}",
                bad.byte,
                bad.offset,
                if bad.byte.is_ascii() {
                    "a control byte"
                } else {
                    "not valid UTF-8"
                }
            )))
        }
    }
}

/// Every Tiled error is exit 2: the options and layer choice are usage, the
/// rest bad input.
pub fn failure(e: TiledError) -> Failure {
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
