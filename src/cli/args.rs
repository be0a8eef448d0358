//! The command line, as clap reads it. Values are checked further (agents
//! exist, radii are finite) once the map is loaded, in [`super::radius`].

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Which agent radii can travel each edge of a path network.
#[derive(Debug, Parser)]
#[command(
    name = "clearway",
    version,
    about,
    after_help = "Exit codes: 0 success (every checked edge passable; a route found), \
                  1 an edge is blocked (or no route exists), 2 bad input or bad usage."
)]
pub struct Cli {
    /// Print the time each phase took (read, parse, validate, graph, R-tree,
    /// clearance, output) to stderr.
    #[arg(long, global = true)]
    pub timings: bool,
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check that every edge admits the agent radius (or every agent profile).
    ///
    /// Exit 0 when every edge is passable for every radius checked, 1 when any
    /// edge is blocked, 2 on bad input.
    Check(CheckArgs),
    /// Print every edge's clearance (the largest agent radius it admits).
    Clearance(ClearanceArgs),
    /// Write the map without the edges too tight for an agent.
    Prune(PruneArgs),
    /// Write the map with every edge's clearance stored in it.
    Bake(BakeArgs),
    /// The cheapest route for an agent from one node to another.
    ///
    /// Exit 0 when a route exists, 1 when none does for this radius.
    Route(RouteArgs),
    /// The largest agent that can get from one node to another, and its route.
    ///
    /// Exit 0 when the goal can be reached, 1 when it cannot at any radius.
    Widest(WidestArgs),
}

/// The map to read.
#[derive(Debug, Args)]
pub struct MapArg {
    /// The map file (RON); `-` reads standard input.
    #[arg(value_name = "MAP")]
    pub map: PathBuf,
}

/// Which radius to check: one given, one agent's, or every agent's.
#[derive(Debug, Args)]
#[group(multiple = false)]
pub struct RadiusChoice {
    /// The agent radius to check (finite, >= 0).
    #[arg(long, value_name = "R", value_parser = parse_radius, allow_negative_numbers = true)]
    pub radius: Option<f64>,
    /// The agent profile (from the map's `agents`) whose radius to check.
    #[arg(long, value_name = "NAME")]
    pub agent: Option<String>,
}

/// `clearway check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The map.
    #[command(flatten)]
    pub map: MapArg,
    /// The radius; with neither option, every agent profile in the map.
    #[command(flatten)]
    pub radius: RadiusChoice,
    /// The output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// `clearway clearance`.
#[derive(Debug, Args)]
pub struct ClearanceArgs {
    /// The map.
    #[command(flatten)]
    pub map: MapArg,
    /// The output format.
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    pub format: TableFormat,
}

/// Where a command writes a map.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// The file to write (atomically); `-` writes to standard output.
    #[arg(
        short = 'o',
        long = "output",
        value_name = "OUT",
        required_unless_present = "in_place"
    )]
    pub output: Option<PathBuf>,
    /// Allow writing over the input map (the default output then).
    #[arg(long)]
    pub in_place: bool,
}

/// `clearway prune`.
#[derive(Debug, Args)]
pub struct PruneArgs {
    /// The map.
    #[command(flatten)]
    pub map: MapArg,
    /// The agent size (required).
    #[command(flatten)]
    pub radius: RadiusChoice,
    /// Where to write.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `clearway bake`.
#[derive(Debug, Args)]
pub struct BakeArgs {
    /// The map.
    #[command(flatten)]
    pub map: MapArg,
    /// Where to write.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// The two ends of a route.
#[derive(Debug, Args)]
pub struct Ends {
    /// The start node: its id, or its name (which must be unique).
    #[arg(long, value_name = "NODE")]
    pub from: String,
    /// The goal node: its id, or its name (which must be unique).
    #[arg(long, value_name = "NODE")]
    pub to: String,
}

/// `clearway route`.
#[derive(Debug, Args)]
pub struct RouteArgs {
    /// The map.
    #[command(flatten)]
    pub map: MapArg,
    /// Start and goal.
    #[command(flatten)]
    pub ends: Ends,
    /// The agent size (required).
    #[command(flatten)]
    pub radius: RadiusChoice,
    /// The output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// `clearway widest`.
#[derive(Debug, Args)]
pub struct WidestArgs {
    /// The map.
    #[command(flatten)]
    pub map: MapArg,
    /// Start and goal.
    #[command(flatten)]
    pub ends: Ends,
    /// The output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// Formats for reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// Lines for people.
    Text,
    /// One JSON document on stdout.
    Json,
}

/// Formats for tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// Lines for people.
    Text,
    /// One JSON document on stdout.
    Json,
    /// Comma-separated values with a header row.
    Csv,
}

/// Parses a radius: a finite number >= 0 (`-0` counts as 0).
fn parse_radius(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if !value.is_finite() {
        return Err(format!("`{text}` is not finite"));
    }
    if value < 0.0 {
        return Err(format!("`{text}` is negative; a radius must be >= 0"));
    }
    Ok(value + 0.0)
}
