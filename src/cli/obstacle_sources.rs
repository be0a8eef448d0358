//! Where the obstacles `--obstacles` adds to a map came from, whatever the
//! file they came from (a Tiled map, `tiled_input`, or an OBJ file,
//! `obj_input`): obstacle `first + k` came from `sources[k]`.

use std::fmt::Display;
use std::path::Path;

use clearway::map::ExtraObstacleError;

use super::Failure;
use super::timings::Timings;

/// The map with the obstacles of every file appended, in order: each file
/// read by `read_one` (its obstacles, and where each came from), all of
/// them given at once to `append` (`Map::with_extra_obstacles` on a map
/// with `first` obstacles of its own), the whole timed as `phase`. One
/// helper for `--obstacles level.tmx` and `--obstacles level.obj`, so that
/// the map is validated and indexed once whatever the format.
pub fn append_files<'p, O, M, S: Display>(
    first: usize,
    files: impl Iterator<Item = &'p Path>,
    mut read_one: impl FnMut(&Path) -> Result<(Vec<O>, Vec<S>), Failure>,
    append: impl FnOnce(Vec<O>) -> Result<M, ExtraObstacleError>,
    phase: &'static str,
    timings: &mut Timings,
) -> Result<(M, ObstacleSources<S>), Failure> {
    let start = std::time::Instant::now();
    let (mut obstacles, mut sources) = (Vec::new(), Vec::new());
    for path in files {
        let (more, more_sources) = read_one(path)?;
        obstacles.extend(more);
        sources.extend(more_sources);
    }
    let appended = ObstacleSources::append(first, append(obstacles), sources)?;
    timings.record(phase, start.elapsed());
    Ok(appended)
}

/// The sources of the obstacles that follow the map's own: obstacle
/// `first + k` came from `sources[k]`.
#[derive(Debug)]
pub struct ObstacleSources<S> {
    first: usize,
    sources: Vec<S>,
}

impl<S> Default for ObstacleSources<S> {
    fn default() -> Self {
        ObstacleSources {
            first: 0,
            sources: Vec::new(),
        }
    }
}

impl<S: Display> ObstacleSources<S> {
    /// The map `appended` gives (a map with the obstacles from `sources`
    /// appended after its own `first`), with where they came from:
    /// `sources[k]` for obstacle `first + k`. An obstacle the map refused
    /// is named by its source in the error.
    pub fn append<M>(
        first: usize,
        appended: Result<M, ExtraObstacleError>,
        sources: Vec<S>,
    ) -> Result<(M, Self), Failure> {
        let map = appended.map_err(|e| {
            Failure::Io(format!(
                "{}: {e}",
                sources
                    .get(e.index)
                    .map_or_else(String::new, ToString::to_string)
            ))
        })?;
        Ok((map, ObstacleSources { first, sources }))
    }

    /// Where obstacle `obstacle` came from (as `level.tmx object 12`);
    /// `None` for the map's own.
    pub fn source(&self, obstacle: usize) -> Option<String> {
        self.get(obstacle).map(ToString::to_string)
    }
}

impl<S> ObstacleSources<S> {
    /// The source of obstacle `obstacle`; `None` for the map's own.
    pub fn get(&self, obstacle: usize) -> Option<&S> {
        self.sources.get(self.position(obstacle)?)
    }

    /// Where obstacle `obstacle` stands among the added ones; `None` for
    /// the map's own.
    pub fn position(&self, obstacle: usize) -> Option<usize> {
        obstacle.checked_sub(self.first)
    }

    /// The index of the first added obstacle in the map.
    pub fn first(&self) -> usize {
        self.first
    }

    /// The sources, one per added obstacle.
    pub fn sources(&self) -> &[S] {
        &self.sources
    }

    /// How many obstacles were added.
    pub fn count(&self) -> usize {
        self.sources.len()
    }
}
