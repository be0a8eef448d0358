//! The library's integration tests, as one test binary (one link of the
//! library and its test dependencies, not one per file): a module per area,
//! the shared twins and generators from `clearway-test-support` through
//! `common`.

mod common;

mod area_costs;
mod clearance;
// Tiled maps among the example levels: with the `tiled` feature only.
#[cfg(feature = "tiled")]
mod edit_in_text;
mod example_levels_3d;
mod fuzz_targets;
mod geometry;
mod geometry3d;
mod grid;
mod live;
mod live_walking;
mod load_errors;
mod obj;
mod precision;
mod regressions;
mod routes;
mod walking;
mod walking_routes;
mod walking_tight;
