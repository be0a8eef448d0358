#![allow(dead_code)]
pub mod cli;
pub mod files;
pub mod levels;
pub mod run;
#[allow(unused_imports)]
pub use clearway_test_support::{
    exact, exact_obstacle, exact_obstacle3, exact3, octile, random_map,
};
/// The seeded generator: the one `clearway-synth` makes its levels with.
pub mod rng {
    #[allow(unused_imports)]
    pub use clearway_synth::SplitMix64;
}
