#![allow(dead_code)]
pub mod exact3;
#[allow(unused_imports)]
pub use clearway_test_support::{exact, exact_obstacle, octile, random_map};
