#![allow(dead_code)]
pub mod exact;
pub mod octile;
pub mod random_map;
