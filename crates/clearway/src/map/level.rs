//! A level of either dimension, as read from a file whose nodes decide
//! whether it is flat or has height.

use std::path::Path;

use super::Map;
use super::error::LoadError;
use super::load::{level_from_ron_bytes, level_from_ron_str, read_map_file};
use super::validate::ValidLevel;
use crate::dimension::Space;
use crate::phases::Phases;

/// A validated level: flat (`pos: (x, y)`) or 3D (`pos: (x, y, z)`), as its
/// first node says (see `docs/MAP_FORMAT.md`). Tools that take any level
/// load a `Level` and run the same generic code on either map; code that
/// knows its levels are flat keeps using [`Map::load`].
///
/// ```
/// use clearway::map::Level;
/// use clearway::Clearances;
/// let level = Level::from_ron_str(
///     "(nodes: [(id: 0, pos: (0, 0, 1)), (id: 1, pos: (10, 0, 1))],
///       edges: [(from: 0, to: 1)],
///       obstacles: [Box(min: (4, -1, 2.5), max: (6, 1, 3))])",
///     "level.ron",
/// )?;
/// let Level::Space(map) = level else { panic!("a 3D level") };
/// // The box's underside is at z = 2.5; the edge runs at z = 1.
/// assert_eq!(Clearances::compute(&map).edge(clearway::EdgeIdx::new(0)).value, 1.5);
/// # Ok::<(), clearway::LoadError>(())
/// ```
#[derive(Debug)]
pub enum Level {
    /// A flat level.
    Plane(Map),
    /// A level with height.
    Space(Map<Space>),
}

impl Level {
    /// Reads and validates the map file at `path`, of either dimension.
    ///
    /// # Errors
    ///
    /// As [`Map::load`], except that a 3D level is read rather than refused.
    pub fn load(path: impl AsRef<Path>) -> Result<Level, LoadError> {
        let (bytes, name) = read_map_file(path.as_ref())?;
        Level::from_ron_bytes(&bytes, &name)
    }

    /// Validates a level from raw bytes (UTF-8 RON text); nothing is indexed
    /// until first used.
    ///
    /// # Errors
    ///
    /// As [`Map::from_ron_bytes`], except that a 3D level is read.
    pub fn from_ron_bytes(bytes: &[u8], source_name: &str) -> Result<Level, LoadError> {
        let level = level_from_ron_bytes(bytes, source_name, &mut ())?;
        Ok(Level::from_valid(level, None))
    }

    /// As [`Level::from_ron_bytes`], recording the `parse`, `validate` and
    /// `R-tree` phases (the index is built now, to be timed apart).
    ///
    /// # Errors
    ///
    /// As [`Level::from_ron_bytes`].
    pub fn from_ron_bytes_timed(
        bytes: &[u8],
        source_name: &str,
        timings: &mut dyn Phases,
    ) -> Result<Level, LoadError> {
        let level = level_from_ron_bytes(bytes, source_name, timings)?;
        Ok(Level::from_valid(level, Some(timings)))
    }

    /// Parses and validates a level of either dimension from RON text.
    ///
    /// # Errors
    ///
    /// As [`Map::from_ron_str`], except that a 3D level is read.
    pub fn from_ron_str(text: &str, source_name: &str) -> Result<Level, LoadError> {
        Ok(Level::from_valid(
            level_from_ron_str(text, source_name)?,
            None,
        ))
    }

    /// The number of coordinates of every position: 2 or 3.
    pub fn dimensions(&self) -> usize {
        match self {
            Level::Plane(_) => 2,
            Level::Space(_) => 3,
        }
    }

    /// The map of validated parts, indexed now (and timed) when `timings`
    /// is given, else on first use.
    fn from_valid(level: ValidLevel, timings: Option<&mut dyn Phases>) -> Level {
        match (level, timings) {
            (ValidLevel::Plane(parts), Some(t)) => Level::Plane(Map::from_parts(parts, t)),
            (ValidLevel::Plane(parts), None) => Level::Plane(Map::from_valid_parts(parts)),
            (ValidLevel::Space(parts), Some(t)) => Level::Space(Map::from_parts(parts, t)),
            (ValidLevel::Space(parts), None) => Level::Space(Map::from_valid_parts(parts)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_level_reads_as_the_2d_loader_reads_it() {
        let text = "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (3, 4))], edges: [(from: 0, to: 1)], obstacles: [Point((1, 1))])";
        let Level::Plane(map) = Level::from_ron_str(text, "x").unwrap() else {
            panic!("flat")
        };
        let direct = Map::from_ron_str(text, "x").unwrap();
        assert_eq!(map.nodes(), direct.nodes());
        assert_eq!(map.edges(), direct.edges());
        assert_eq!(map.obstacles(), direct.obstacles());
    }

    #[test]
    fn errors_are_the_loaders_errors() {
        let err = Level::from_ron_str(
            "(nodes: [(id: 0, pos: (0, 0, 0)), (id: 1, pos: (1, 1))])",
            "x.ron",
        )
        .unwrap_err();
        assert_eq!(err.kind(), crate::map::LoadErrorKind::MixedDimensions);
        let mut timings: Vec<(&str, std::time::Duration)> = Vec::new();
        let level =
            Level::from_ron_bytes_timed(b"(nodes: [(id: 0, pos: (0, 0, 0))])", "x", &mut timings)
                .unwrap();
        assert_eq!(level.dimensions(), 3);
    }
}
