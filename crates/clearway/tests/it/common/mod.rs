#![allow(dead_code)]
#[allow(unused_imports)]
pub use clearway_test_support::{
    exact, exact_obstacle, exact_obstacle3, exact_walking, exact3, octile, random_map,
};
