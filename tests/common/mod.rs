#![allow(dead_code)]
pub mod cli;
pub mod exact;
pub mod octile;
pub mod random_map;
