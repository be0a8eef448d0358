//! Test helpers shared by the clearway library's tests and the command
//! line's tests: the exact rational twin of the geometry kernel and its
//! adaptor to loaded obstacles, random levels for property tests, and an
//! independent octile Dijkstra over grids. (The fuzz targets include the
//! twin and its adaptor by path.)

#![allow(missing_docs, dead_code)]

pub mod exact;
pub mod exact3;
pub mod exact_obstacle;
pub mod exact_obstacle3;
pub mod octile;
pub mod random_map;
