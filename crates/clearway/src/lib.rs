//! clearway: can an agent of radius r travel along each edge of a path
//! network without touching an obstacle?
//!
//! A level ([`Map`]) is a path network of nodes and straight edges, plus
//! obstacles (points, circles, wall segments, polygons). The clearance of an
//! edge is the distance from its segment to the nearest obstacle: the largest
//! agent radius that can travel it. From clearances, clearway checks levels,
//! prunes or bakes edges, and plans routes for agents of any size.
//!
//! ```
//! use clearway::{Clearances, EdgeIdx, Map};
//! let map = Map::loader().read_str(r#"Map(
//!     agents: [(name: "soldier", radius: 0.4), (name: "tank", radius: 1.5)],
//!     nodes: [(id: 0, pos: (0.0, 0.0)), (id: 1, pos: (10.0, 0.0))],
//!     edges: [(from: 0, to: 1)],
//!     obstacles: [Circle(center: (5.0, 2.0), radius: 1.0)],
//! )"#, "level.ron")?;
//! let clearances = Clearances::compute(&map);
//! assert_eq!(clearances.edge(EdgeIdx::new(0)).value, 1.0);
//! let blocked: Vec<_> = map.agents().iter().filter(|a| !clearances.edge(EdgeIdx::new(0)).admits(a.radius, map.slack())).collect();
//! assert_eq!(blocked[0].name, "tank");
//! # Ok::<(), clearway::LoadError>(())
//! ```
//!
//! A level is read by [`Map::loader`], which reads a file, bytes or text,
//! cites where each obstacle and edge is and
//! reports how long each phase took; [`Level::loader`] reads a level of
//! either dimension (flat, or 3D with [`Obstacle3`] obstacles).
//!
//! [`Clearances::compute`] measures every edge and node;
//! [`Clearances::options`] computes only what decides the radii up to a
//! largest one, or reports progress. To check a level against radii up to
//! some largest one, [`TightSpots`] (`Clearances::options().within(r)
//! .tight_spots(&map)`) keeps only the edges and nodes that are
//! too tight, with their clearances and witnesses, in memory that grows
//! with what it finds rather than with the level. [`Map::pruned`] and
//! [`Map::baked`] write the network an agent can use, or every edge's
//! clearance, back into the level; a [`Router`] plans routes for an agent
//! of any radius. What is asked for an agent takes an [`AgentOrRadius`]:
//! a radius (`2.0`), or a profile from the level (`&map.agents()[0]`),
//! whose forbidden areas and area costs count too. A level that changes
//! at run time (doors, crates, walls destroyed, a pillar dragged in an
//! editor) is a [`live::LiveLevel`]: each
//! change costs what is near it, and every clearance stays what a fresh
//! computation would give.
//!
//! The optional parts are modules: [`geometry`] (points, segments and the
//! distances between shapes), [`grid`] (levels from tile grids), [`obj`]
//! (3D obstacles from OBJ meshes), `render` (pictures, feature `render`)
//! and `tiled` (Tiled maps, feature `tiled`).

#![deny(missing_docs)]

/// Declares a method public with the feature `test-twins`, for the tests,
/// benchmarks and fuzz targets that look into it, and crate-private
/// without it: a game has no use for it.
macro_rules! twin_pub {
    ($(#[$attr:meta])* fn $($rest:tt)*) => {
        #[cfg(feature = "test-twins")]
        $(#[$attr])* pub fn $($rest)*
        #[cfg(not(feature = "test-twins"))]
        $(#[$attr])*
        #[allow(dead_code)]
        pub(crate) fn $($rest)*
    };
}

mod agent_or_radius;
mod bake;
mod clearance;
mod diagnostic;
mod dimension;
pub mod geometry;
pub mod grid;
mod hilbert;
mod indices;
pub mod link;
pub mod live;
pub mod map;
mod morton;
pub mod obj;
mod obstacle;
mod obstacle3;
mod obstacle_index;
use clearway_format::par;
mod phases;
mod prune;
mod radix_sort;
#[cfg(feature = "render")]
pub mod render;
mod route;
#[cfg(feature = "tiled")]
pub mod tiled;
pub mod walking;

pub use agent_or_radius::AgentOrRadius;
pub use clearance::{
    Clearance, ClearanceOptions, Clearances, StaleBake, TightSpots, Witness, admits,
};
pub use clearway_format::citations::Cite;
pub use dimension::{Dimension, Plane, Space};
pub use indices::{EdgeIdx, NodeIdx};
pub use map::{Agent, Citations, Edge, Level, LoadError, LoadErrorKind, Loader, Map, Node};
pub use obstacle::{Obstacle, ObstacleKind};
#[cfg(feature = "test-twins")]
pub use obstacle_index::SearchStats;
pub use obstacle_index::{Nearest, ObstacleIndex};
pub use obstacle3::Obstacle3;
pub use prune::PruneReport;
pub use route::{Route, Router, WidestRoute};
