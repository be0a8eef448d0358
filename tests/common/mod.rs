#![allow(dead_code)]
pub mod exact;
pub mod random_map;
