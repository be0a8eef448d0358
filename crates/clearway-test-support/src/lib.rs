//! Test helpers shared by the clearway library's tests and the command
//! line's tests: the exact rational twin of the geometry kernel and its
//! adaptor to loaded obstacles, random levels for property tests and their
//! configurations, and an independent octile Dijkstra over grids. The fuzz
//! targets (`fuzz/`) depend on it for the twin and its adaptor.

#![allow(missing_docs, dead_code)]

pub mod exact;
pub mod exact3;
pub mod exact_obstacle;
pub mod exact_obstacle3;
pub mod exact_walking;
pub mod octile;
pub mod proptest_config;
pub mod random_map;
