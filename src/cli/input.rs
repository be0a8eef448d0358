//! Reading the map named on the command line (a path, or `-` for stdin).

use std::cell::OnceCell;
use std::io::Read;
use std::path::Path;

use clearway::Map;
use clearway::timings::Timings;

use super::Failure;

/// A loaded map, with its source text kept for reports that cite lines.
pub struct Level {
    /// The validated map.
    pub map: Map,
    text: Vec<u8>,
    obstacle_lines: OnceCell<Vec<usize>>,
}

impl Level {
    /// Reads and loads the map at `path`; `-` reads standard input.
    pub fn read(path: &Path, timings: &mut Timings) -> Result<Level, Failure> {
        let start = std::time::Instant::now();
        let (bytes, source_name) = if path.as_os_str() == "-" {
            let mut bytes = Vec::new();
            std::io::stdin()
                .lock()
                .read_to_end(&mut bytes)
                .map_err(|e| {
                    Failure::Io(format!("cannot read the map from standard input: {e}"))
                })?;
            (bytes, "<stdin>".to_string())
        } else {
            let bytes = std::fs::read(path)
                .map_err(|e| Failure::Io(format!("cannot read map `{}`: {e}", path.display())))?;
            (bytes, path.display().to_string())
        };
        timings.record("read", start.elapsed());
        let map = Map::from_ron_bytes_timed(&bytes, &source_name, timings)?;
        Ok(Level {
            map,
            text: bytes,
            obstacle_lines: OnceCell::new(),
        })
    }

    /// The 1-based line on which obstacle `i` starts in the source.
    pub fn obstacle_line(&self, i: usize) -> Option<usize> {
        self.obstacle_lines
            .get_or_init(|| {
                std::str::from_utf8(&self.text)
                    .ok()
                    .and_then(|text| clearway::map::list_item_lines(text, "obstacles"))
                    .unwrap_or_default()
            })
            .get(i)
            .copied()
    }
}
