//! A level of either dimension, as read from a file whose nodes decide
//! whether it is flat or has height.

use super::Map;
use crate::dimension::Space;

/// A validated level: flat (`pos: (x, y)`) or 3D (`pos: (x, y, z)`), as its
/// first node says (see `docs/MAP_FORMAT.md`). Tools that take any level
/// load a `Level` ([`Level::loader`]) and run the same generic code on
/// either map; code that knows its levels are flat uses [`Map::loader`].
///
/// ```
/// use clearway::{Clearances, Level};
/// let level = Level::loader().read_str(
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
    twin_pub! {
        /// The number of coordinates of every position: 2 or 3.
        fn dimensions(&self) -> usize {
            match self {
                Level::Plane(_) => 2,
                Level::Space(_) => 3,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_level_reads_as_the_2d_loader_reads_it() {
        let text = "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (3, 4))], edges: [(from: 0, to: 1)], obstacles: [Point((1, 1))])";
        let Level::Plane(map) = Level::loader().read_str(text, "x").unwrap() else {
            panic!("flat")
        };
        let direct = Map::loader().read_str(text, "x").unwrap();
        assert_eq!(map.nodes(), direct.nodes());
        assert_eq!(map.edges(), direct.edges());
        assert_eq!(map.obstacles(), direct.obstacles());
    }

    #[test]
    fn errors_are_the_loaders_errors() {
        let err = Level::loader()
            .read_str(
                "(nodes: [(id: 0, pos: (0, 0, 0)), (id: 1, pos: (1, 1))])",
                "x.ron",
            )
            .unwrap_err();
        assert_eq!(err.kind(), crate::map::LoadErrorKind::MixedDimensions);
        let mut timings = Vec::new();
        let level = Level::loader()
            .phases(&mut |phase, took| timings.push((phase, took)))
            .read_bytes(b"(nodes: [(id: 0, pos: (0, 0, 0))])", "x")
            .unwrap();
        assert_eq!(level.dimensions(), 3);
    }
}
