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
//! let map = Map::from_ron_str(r#"Map(
//!     agents: [(name: "soldier", radius: 0.4), (name: "tank", radius: 1.5)],
//!     nodes: [(id: 0, pos: (0.0, 0.0)), (id: 1, pos: (10.0, 0.0))],
//!     edges: [(from: 0, to: 1)],
//!     obstacles: [Circle(center: (5.0, 2.0), radius: 1.0)],
//! )"#, "level.ron")?;
//! let clearances = Clearances::compute(&map);
//! assert_eq!(clearances.edge(EdgeIdx::new(0)).value, 1.0);
//! let blocked: Vec<_> = map.agents().iter().filter(|a| !clearances.edge_admits(EdgeIdx::new(0), a.radius)).collect();
//! assert_eq!(blocked[0].name, "tank");
//! # Ok::<(), clearway::map::LoadError>(())
//! ```
//!
//! To check a level against radii up to some largest one, [`TightSpots`]
//! keeps only the edges and nodes that are too tight, with their clearances
//! and witnesses, in memory that grows with what it finds rather than with
//! the level.

#![deny(missing_docs)]

pub mod atomic_write;
pub mod bake;
pub mod clearance;
pub mod dimension;
pub mod geometry;
pub mod grid;
mod hilbert;
pub mod indices;
pub mod level_diff;
pub mod link;
pub mod map;
mod morton;
pub mod numbers;
pub mod obj;
pub mod obstacle;
pub mod obstacle3;
pub mod obstacle_index;
use clearway_format::par;
pub mod phases;
pub mod prune;
pub mod quote;
mod radix_sort;
#[cfg(feature = "render")]
pub mod render;
mod ron_writer;
pub mod route;
#[cfg(feature = "tiled")]
pub mod tiled;
pub mod utf16;

pub use clearance::{Clearance, Clearances, TightSpots, Witness};
pub use dimension::{Dimension, Plane, Space};
pub use indices::{EdgeIdx, NodeIdx};
pub use map::{Agent, Edge, LoadError, LoadErrorKind, Location, Map, Node};
pub use obstacle::{Obstacle, ObstacleKind};
pub use obstacle3::Obstacle3;
pub use phases::Phases;
pub use prune::PruneReport;
pub use route::{Route, Router, WidestRoute, route, widest_route};
