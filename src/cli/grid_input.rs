//! Reading the grid named on the command line of `clearway grid`: a Moving
//! AI map, by default; a Tiled map (`.tmx`) by its extension.

use std::io::Read;
use std::path::Path;

use clearway::grid::{Grid, parse_movingai_bytes};
use clearway::timings::Timings;

use super::Failure;
use super::args::GridArgs;

/// The grid at `path` (`-` reads a Moving AI map from standard input).
/// `.tmx` files are Tiled maps; every other file is read as a Moving AI
/// map, whose header says so or fails with a located error.
pub fn read_grid(path: &Path, args: &GridArgs, timings: &mut Timings) -> Result<Grid, Failure> {
    let is_tmx = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("tmx"));
    if is_tmx {
        return Err(Failure::Usage(format!(
            "`{}`: Tiled tile layers cannot be read yet; give a Moving AI map (.map)",
            path.display()
        )));
    }
    for (option, given) in [
        ("--layer", args.layer.is_some()),
        ("--solid-property", args.solid_property.is_some()),
    ] {
        if given {
            return Err(Failure::Usage(format!(
                "{option} picks tiles of a Tiled map (.tmx); `{}` is read as a Moving AI map",
                path.display()
            )));
        }
    }
    let start = std::time::Instant::now();
    let (bytes, source_name) = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::Io(format!("cannot read the grid from standard input: {e}")))?;
        (bytes, "<stdin>".to_owned())
    } else {
        let bytes = std::fs::read(path)
            .map_err(|e| Failure::Io(format!("cannot read grid `{}`: {e}", path.display())))?;
        (bytes, path.display().to_string())
    };
    timings.record("read", start.elapsed());
    let grid = timings.time("parse", || parse_movingai_bytes(&bytes, &source_name))?;
    Ok(grid)
}
