//! The command line's integration tests, as one test binary (one link of
//! the library and the CLI's dependencies, not one per file): a module per
//! area, the shared helpers in `common` (running the binary and asserting
//! on its output in one line: `common::run`). Snapshots live in
//! `tests/it/snapshots/`, named `it__MODULE__NAME.snap`.

mod common;

mod areas;
mod bad_inputs;
mod ci_formats;
mod cli_3d;
mod cli_check;
mod cli_conventions;
mod cli_edit_and_route;
mod cli_grid;
mod cli_inputs;
mod cli_messages;
mod cli_outputs;
mod cli_route_pairs;
mod cli_verdicts;
mod cli_walking;
mod closed_edges;
mod determinism;
mod diff;
mod link;
mod readme_examples;
mod render;
mod render_3d;
mod render_html;
mod tiled;
mod tiled_tiles;
mod update;
mod watch;
