#![allow(dead_code)]
pub mod cli;
pub mod exact;
pub mod exact3;
pub mod octile;
pub mod random_map;
