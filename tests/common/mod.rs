#![allow(dead_code)]
pub mod cli;
pub mod exact;
pub mod exact3;
pub mod exact_obstacle;
pub mod exact_obstacle3;
pub mod files;
pub mod levels;
pub mod octile;
pub mod random_map;
pub mod rng;
