//! The command line, as clap reads it. Values are checked further (agents
//! exist, radii are finite) once the map is loaded, in [`super::radius`].

use std::path::{Path, PathBuf};

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Which agent radii can travel each edge of a path network.
#[derive(Debug, Parser)]
#[command(
    name = "clearway",
    version,
    about,
    after_help = "Exit codes: 0 success (every checked edge passable; a route found; \
                  a diff that blocks nothing), 1 an edge is blocked (or no route exists, \
                  or a diff newly blocks an edge), 2 bad input or bad usage.\n\
                  Reports go to stdout, messages to stderr; NO_COLOR is honoured."
)]
pub struct Cli {
    /// Print the time each phase took (read, parse, validate, graph, R-tree,
    /// clearance, router, routes, output) to stderr.
    #[arg(long, global = true)]
    pub timings: bool,
    /// Print only errors and warnings to stderr: no summaries of what `prune`
    /// and `bake` wrote, no progress bar. Reports on stdout are unchanged.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// The most bytes read from input that is not a regular file (standard
    /// input from a pipe, a FIFO, a device): a number of bytes, or with a
    /// unit K, M, G or T (powers of 1024). Regular files have no limit.
    #[arg(
        long,
        global = true,
        value_name = "SIZE",
        default_value = "1G",
        value_parser = super::bounded_read::parse_size,
        allow_hyphen_values = true
    )]
    pub max_input_size: u64,
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
    /// Write the map with new two-way edges between every two nodes at most
    /// --max-length apart that an agent can travel between and that no edge
    /// joins yet.
    Link(LinkArgs),
    /// The cheapest route for an agent from one node to another.
    ///
    /// Exit 0 when a route exists, 1 when none does for this radius. With
    /// --pairs: exit 0 when every pair has one, 1 when some pair has none.
    #[command(
        override_usage = "clearway route [OPTIONS] <MAP> --from <NODE> --to <NODE>\n       \
                          clearway route [OPTIONS] <MAP> --pairs <FILE>"
    )]
    Route(RouteArgs),
    /// The largest agent that can get from one node to another, and its route.
    ///
    /// Exit 0 when the goal can be reached, 1 when it cannot at any radius.
    Widest(WidestArgs),
    /// Compare two versions of a level edge by edge: which edges became
    /// blocked or unblocked, were added or removed, or changed clearance,
    /// and which agent profiles were added, removed or resized. A profile is
    /// checked at its radius in OLD on OLD and its radius in NEW on NEW.
    ///
    /// Exit 0 when the change blocks no edge for a checked radius, 1 when it
    /// does, 2 on bad input.
    Diff(DiffArgs),
    /// Check the level, then check it again each time the map or the
    /// --obstacles file is saved, printing what the save changed as `diff`
    /// does: edges newly blocked or unblocked, clearances changed.
    ///
    /// The changes are applied to the level kept in memory, not computed
    /// afresh: a save costs what it changed (a node moved re-checks the
    /// whole level). A save that does not load prints its error and keeps
    /// the last level that did. Runs until Ctrl-C, then exits 0; exit 2 if
    /// the level does not load at the start.
    Watch(WatchArgs),
    /// Apply changes to a level one by one (obstacles added, removed,
    /// replaced and moved; edges closed and opened), its clearances kept
    /// exact, and answer the routes asked between them: one report per
    /// event, in order.
    ///
    /// The events are JSON objects, one a line: `{"add": OBSTACLE}`,
    /// `{"remove": N}`, `{"replace": N, "with": OBSTACLE}`, `{"move": N,
    /// "by": [DX, DY]}`, `{"close": E}`, `{"open": E}`, `{"route": {"from":
    /// A, "to": B}}`, `{"widest": {"from": A, "to": B}}` (see the guide).
    /// Exit 0 when every event applied and every route asked was found, 1
    /// when a route was not, 2 on bad input: the events before the bad one
    /// are applied and reported, and -o writes nothing.
    Update(UpdateArgs),
    /// Print a shell completion script to stdout.
    Completions(CompletionsArgs),
    /// Print the man page (roff) to stdout, or write one page per command.
    Man(ManArgs),
    /// Draw the map: obstacles, edges coloured by clearance, pinch points,
    /// routes. Writes SVG or PNG, by the output's extension.
    ///
    /// Exit 0 when the picture is written, 2 on bad input or a failed write.
    Render(RenderArgs),
    /// Make a level from a grid map: a node at the centre of every free cell,
    /// edges between neighbouring free cells, the solid cells merged into
    /// rectangles.
    ///
    /// Cell (col, row), row 0 at the top, becomes node `row * width + col`
    /// at ((col + 0.5) * S, (height - row - 0.5) * S): y points up. Exit 0
    /// when the level is written, 2 on bad input.
    Grid(GridArgs),
}

/// The map to read.
#[derive(Debug, Args)]
pub struct MapArg {
    /// The map file (RON); `-` reads standard input.
    #[arg(value_name = "MAP")]
    pub map: PathBuf,
    /// Obstacles from a Tiled map or an OBJ file.
    #[command(flatten)]
    pub tiled: TiledArgs,
}

/// Which radius to check: one given, one agent's, or every agent's.
#[derive(Debug, Args)]
#[group(multiple = false)]
pub struct RadiusChoice {
    /// The agent radius to check (finite, >= 0).
    #[arg(long, value_name = "R", value_parser = parse_radius, allow_hyphen_values = true)]
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
    /// The output format: text and JSON, or a CI format (GitHub Actions
    /// annotations, JUnit XML, SARIF 2.1.0).
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    pub format: CheckFormat,
    /// Print only one line per radius checked, not a line per blocked edge
    /// (text only).
    #[arg(long)]
    pub summary: bool,
    /// Also draw the map to OUT (`.svg` or `.png`), as `clearway render`
    /// does, against the radius checked; when checking every agent profile,
    /// against the largest agent's radius. Written whether or not the check
    /// passes, so that a failing CI job can keep it as an artifact.
    #[arg(long, value_name = "OUT")]
    pub render: Option<PathBuf>,
    /// With --render, for a 3D level: the axis that points up, which the
    /// picture looks down along (default z), as `render --up` takes it. A
    /// usage error on a 2D level.
    #[arg(long, value_name = "AXIS", requires = "render")]
    pub up: Option<UpAxis>,
}

/// `clearway render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The map.
    #[command(flatten)]
    pub map: MapArg,
    /// The agent size to colour edges against; with neither option, edges
    /// are coloured by clearance on a continuous scale.
    #[command(flatten)]
    pub radius: RadiusChoice,
    /// Draw the cheapest route from node A to node B (ids, or unique names)
    /// for the agent (radius 0 without one).
    #[arg(long, num_args = 2, value_names = ["A", "B"], allow_hyphen_values = true)]
    pub route: Option<Vec<String>>,
    /// Draw the widest route from node A to node B: the one the largest agent
    /// can take.
    #[arg(long, num_args = 2, value_names = ["A", "B"], allow_hyphen_values = true)]
    pub widest: Option<Vec<String>>,
    /// The picture to write (atomically): `.svg`, `.png`, or `.html` (an
    /// interactive viewer, one self-contained page), by extension; `-`
    /// writes SVG to standard output.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: PathBuf,
    /// The picture's width in pixels (1 to 10000): the PNG's, the SVG's
    /// `width`. The whole picture is scaled, legend and all; alone, the
    /// height follows; with --height, the picture is centred in that box.
    #[arg(long, value_name = "W", value_parser = parse_pixels, allow_negative_numbers = true)]
    pub width: Option<u32>,
    /// The picture's height in pixels (1 to 10000); see --width.
    #[arg(long, value_name = "H", value_parser = parse_pixels, allow_negative_numbers = true)]
    pub height: Option<u32>,
    /// Show only the part of the level around NODE (an id, or a unique
    /// name), --margin level units each way, the node ringed; what lies
    /// beyond is clipped.
    #[arg(
        long,
        value_name = "NODE",
        requires = "margin",
        conflicts_with = "region"
    )]
    pub around: Option<String>,
    /// With --around: how far the view reaches from the node each way, in
    /// level units (> 0).
    #[arg(long, value_name = "M", requires = "around", value_parser = parse_margin, allow_negative_numbers = true)]
    pub margin: Option<f64>,
    /// Show only this box of the level, in level units: the lower-left
    /// corner X0,Y0 and the upper-right X1,Y1; what lies beyond is clipped.
    #[arg(long, value_name = "X0,Y0,X1,Y1", value_parser = parse_region, allow_hyphen_values = true)]
    pub region: Option<Region>,
    /// For a 3D level: the axis that points up, which the picture looks
    /// down along (default z). With `y`, the picture's right is +x and its
    /// up is -z: the view from above of a right-handed y-up level, not a
    /// mirror image. A usage error on a 2D level.
    #[arg(long, value_name = "AXIS")]
    pub up: Option<UpAxis>,
}

/// The up axis of a 3D level (`render --up`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum UpAxis {
    /// z points up: the picture shows x across and y up.
    Z,
    /// y points up: the picture shows x across and -z up.
    Y,
}

/// A box of the level given on the command line (`--region`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Region {
    /// The lower-left corner.
    pub min: (f64, f64),
    /// The upper-right corner.
    pub max: (f64, f64),
}

/// The largest picture side `--width`/`--height` take, in pixels.
pub const MAX_PIXELS: u32 = 10_000;

/// Parses a picture side: a whole number of pixels, 1 to [`MAX_PIXELS`].
fn parse_pixels(text: &str) -> Result<u32, String> {
    let out_of_range = || format!("`{text}`: a picture side must be 1 to {MAX_PIXELS} pixels");
    let value: i64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number of pixels"))?;
    u32::try_from(value)
        .ok()
        .filter(|v| (1..=MAX_PIXELS).contains(v))
        .ok_or_else(out_of_range)
}

/// Parses `--margin`: a finite number > 0.
fn parse_margin(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if !(value.is_finite() && value > 0.0) {
        return Err(format!(
            "`{text}`: a margin must be a finite number of level units > 0"
        ));
    }
    Ok(value)
}

/// Parses `--region X0,Y0,X1,Y1`: four finite numbers, X0 < X1 and Y0 < Y1.
fn parse_region(text: &str) -> Result<Region, String> {
    let numbers: Vec<f64> = text
        .split(',')
        .map(|part| part.trim().parse::<f64>().ok().filter(|v| v.is_finite()))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("`{text}` is not four finite numbers X0,Y0,X1,Y1"))?;
    let [x0, y0, x1, y1] = numbers[..] else {
        return Err(format!("`{text}` is not four numbers X0,Y0,X1,Y1"));
    };
    if !(x0 < x1 && y0 < y1) {
        return Err(format!(
            "`{text}`: the lower-left corner X0,Y0 must be below and left of X1,Y1"
        ));
    }
    Ok(Region {
        min: (x0, y0),
        max: (x1, y1),
    })
}

/// `clearway clearance`.
#[derive(Debug, Args)]
pub struct ClearanceArgs {
    /// The map.
    #[command(flatten)]
    pub map: MapArg,
    /// A walking agent profile of the map (3D): its walking clearance per
    /// edge (the largest radius whose body fits, for its height and climb),
    /// with the edge's slope and the longest stretch without ground. A
    /// sphere's clearance is the table without this option.
    #[arg(long, value_name = "NAME")]
    pub agent: Option<String>,
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
    /// The summary: text on stderr, or JSON on stdout (not with `-o -`).
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
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
    /// The summary: text on stderr, or JSON on stdout (not with `-o -`).
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// `clearway link`.
#[derive(Debug, Args)]
pub struct LinkArgs {
    /// The map.
    #[command(flatten)]
    pub map: MapArg,
    /// The longest link (finite, >= 0): nodes at most D apart are linked,
    /// D itself included (the straight-line distance; in 3D with height).
    #[arg(long, value_name = "D", value_parser = parse_max_length, allow_negative_numbers = true)]
    pub max_length: f64,
    /// The agent size every link must admit (required).
    #[command(flatten)]
    pub radius: RadiusChoice,
    /// At most K new links per node (K >= 1): the nearest first, ties
    /// broken by the other node's id.
    #[arg(long, value_name = "K", value_parser = parse_max_links, allow_negative_numbers = true)]
    pub max_links: Option<usize>,
    /// Where to write.
    #[command(flatten)]
    pub output: OutputArgs,
    /// The summary: text on stderr, or JSON on stdout (not with `-o -`).
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// Parses `--max-length`: a finite number >= 0 (`-0` counts as 0).
fn parse_max_length(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if !value.is_finite() || value < 0.0 {
        return Err(format!(
            "`{text}`: the longest link must be a finite length >= 0"
        ));
    }
    Ok(value + 0.0)
}

/// Parses `--max-links`: a whole number >= 1.
fn parse_max_links(text: &str) -> Result<usize, String> {
    let value: i128 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number"))?;
    usize::try_from(value)
        .ok()
        .filter(|&k| k >= 1)
        .ok_or_else(|| format!("`{text}`: the links per node must be a whole number >= 1"))
}

/// The two ends of a route.
#[derive(Debug, Args)]
pub struct Ends {
    /// The start node: its id, or its name (which must be unique); `id:N` or
    /// `name:TEXT` when a name is also another node's id.
    #[arg(long, value_name = "NODE", allow_hyphen_values = true)]
    pub from: String,
    /// The goal node: its id, or its name (which must be unique).
    #[arg(long, value_name = "NODE", allow_hyphen_values = true)]
    pub to: String,
}

/// `clearway route`.
#[derive(Debug, Args)]
pub struct RouteArgs {
    /// The map.
    #[command(flatten)]
    pub map: MapArg,
    /// Start and goal (or --pairs).
    #[command(flatten)]
    pub ends: Option<Ends>,
    /// Route every `FROM TO` pair of FILE (one a line, `#` comments, a name
    /// with spaces in double quotes) with one load: one result a line, in
    /// input order (JSON Lines with `--format json`); `-` reads standard
    /// input. A Moving AI scenario file (`.scen`) routes its cells (node
    /// `y * width + x` of a `clearway grid` level), with each scenario's
    /// optimal length beside ours.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["from", "to"],
        required_unless_present_any = ["from", "to"]
    )]
    pub pairs: Option<PathBuf>,
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
    /// The agent profile (from the map's `agents`) whose forbidden areas
    /// the route never crosses, and whose costs by area choose among the
    /// widest routes.
    #[arg(long, value_name = "NAME")]
    pub agent: Option<String>,
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

/// Formats for `check` and `diff`: the report formats, and formats that CI
/// systems show as annotations, test reports and code-scanning results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// Lines for people.
    Text,
    /// One JSON document on stdout.
    Json,
    /// GitHub Actions workflow commands: an `::error` per blocked edge.
    Github,
    /// JUnit XML: a test suite per radius, a test case per edge.
    Junit,
    /// SARIF 2.1.0, for code scanning: a result per blocked edge.
    Sarif,
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

/// Parses a tolerance: a finite number >= 0.
fn parse_tolerance(text: &str) -> Result<f64, String> {
    parse_radius(text).map_err(|e| e.replace("a radius", "a tolerance"))
}

/// Parses `--ellipse-sides`: a whole number from 3 to 100 000.
fn parse_ellipse_sides(text: &str) -> Result<u32, String> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (3..=100_000).contains(n))
        .ok_or_else(|| format!("`{text}` is not a number of sides from 3 to 100000"))
}

/// The help heading of `--obstacles` and the Tiled options.
const TILED: &str = "Obstacles from a Tiled map (2D) or an OBJ file (3D)";

/// Obstacles from a Tiled map or an OBJ file, added after the map's own.
#[derive(Clone, Debug, Default, Args)]
pub struct TiledArgs {
    /// Add this file's obstacles to the map's: for a flat level, the objects
    /// of an object layer, or the solid tiles of a tile layer, of a Tiled
    /// map (.tmx); for a 3D level, the objects and groups of a Wavefront OBJ
    /// file (.obj), a mesh each. `-` reads standard input (as OBJ for a 3D
    /// level, as Tiled for a flat one).
    #[arg(long, help_heading = TILED, value_name = "FILE")]
    pub obstacles: Option<PathBuf>,
    /// Further obstacles files, read after `obstacles` in this order: `watch`
    /// takes `--obstacles` more than once (see [`WatchMapArg`]).
    #[arg(skip)]
    pub more_obstacles: Vec<PathBuf>,
    /// How to read them.
    #[command(flatten)]
    pub options: TiledOptionArgs,
}

impl TiledArgs {
    /// Every obstacles file, in the order their obstacles are appended.
    pub fn files(&self) -> impl Iterator<Item = &Path> {
        self.obstacles
            .iter()
            .chain(&self.more_obstacles)
            .map(PathBuf::as_path)
    }
}

/// How `--obstacles` files are read: the Tiled options.
#[derive(Clone, Debug, Default, Args)]
pub struct TiledOptionArgs {
    /// Tiled maps only: the object, tile or group layer to read, by name or
    /// by path (`group/layer`); default: the map's only object layer or tile
    /// layer with solid tiles.
    #[arg(long, help_heading = TILED, value_name = "NAME", requires = "obstacles")]
    pub layer: Option<String>,
    /// Tiled maps only: Tiled pixels per map unit.
    #[arg(long, help_heading = TILED, value_name = "PPU", default_value_t = 1.0, value_parser = parse_pixels_per_unit, allow_hyphen_values = true)]
    pub pixels_per_unit: f64,
    /// Tiled maps only: which corner of the map is the origin; y points up
    /// either way.
    #[arg(long, help_heading = TILED, value_enum, value_name = "CORNER", default_value_t = TiledOriginArg::BottomLeft)]
    pub tiled_origin: TiledOriginArg,
    /// Tiled maps only: sides of the polygon that encloses a non-circular
    /// ellipse.
    #[arg(long, help_heading = TILED, value_name = "N", default_value_t = 32, value_parser = parse_ellipse_sides, allow_hyphen_values = true)]
    pub ellipse_sides: u32,
    /// Tiled maps only: tiles whose boolean property NAME is true are solid,
    /// their whole cell (besides tiles with collision shapes).
    #[arg(long, help_heading = TILED, value_name = "NAME", requires = "obstacles")]
    pub solid_property: Option<String>,
}

/// `--tiled-origin`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum TiledOriginArg {
    /// y = (map height in px - y_px) / ppu: the map lies at y >= 0.
    #[default]
    BottomLeft,
    /// y = -y_px / ppu: the map lies at y <= 0.
    TopLeft,
}

/// `clearway diff`.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The level before the change (RON); `-` reads standard input.
    #[arg(value_name = "OLD")]
    pub old: PathBuf,
    /// The level after the change (RON); `-` reads standard input.
    #[arg(value_name = "NEW")]
    pub new: PathBuf,
    /// The radius to check; with neither option, every agent profile of NEW
    /// (none: only clearance changes are reported).
    #[command(flatten)]
    pub radius: RadiusChoice,
    /// Report a clearance change only when it exceeds this many units (and
    /// the relative tolerance).
    #[arg(long, value_name = "T", default_value_t = 0.0, value_parser = parse_tolerance, allow_hyphen_values = true)]
    pub tolerance: f64,
    /// Report a clearance change only when it exceeds this fraction of the
    /// larger clearance (and the absolute tolerance).
    #[arg(long, value_name = "F", default_value_t = 1e-9, value_parser = parse_tolerance, allow_hyphen_values = true)]
    pub relative_tolerance: f64,
    /// The output format: text and JSON, or a CI format reporting the edges
    /// the change blocks, located in NEW (GitHub Actions annotations, JUnit
    /// XML, SARIF 2.1.0).
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    pub format: CheckFormat,
    /// Print only the summary line, not a line per change (text only).
    #[arg(long)]
    pub summary: bool,
    /// Obstacles from a Tiled map or an OBJ file, added to both levels.
    #[command(flatten)]
    pub tiled: TiledArgs,
    /// The Tiled map (.tmx) or OBJ file (.obj) to use for OLD instead of
    /// --obstacles (to review a change to it).
    #[arg(long, value_name = "FILE", help_heading = TILED)]
    pub old_obstacles: Option<PathBuf>,
}

/// `clearway watch`.
#[derive(Debug, Args)]
pub struct WatchArgs {
    /// The map and its obstacles files (files: standard input cannot be
    /// watched).
    #[command(flatten)]
    pub map: WatchMapArg,
    /// The radius; with neither option, every agent profile in the map as
    /// it is at each save (none: only clearance changes are reported).
    #[command(flatten)]
    pub radius: RadiusChoice,
    /// The output format: text, or JSON Lines (one object per check).
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
    /// After each save, compute every clearance afresh too and fail (exit
    /// 2) unless the kept ones are the same, bit for bit: for tests.
    #[arg(long, hide = true)]
    pub verify: bool,
}

/// `watch`'s map: as [`MapArg`], with any number of obstacles files, each
/// watched for saves (a level's crates in one file, its walls in another).
#[derive(Debug, Args)]
pub struct WatchMapArg {
    /// The map file (RON).
    #[arg(value_name = "MAP")]
    pub map: PathBuf,
    /// Add this file's obstacles to the map's, as for `check`; give it more
    /// than once to add several files' obstacles, in the order given (a
    /// Tiled map or OBJ file each, as the level's dimension asks).
    #[arg(long, help_heading = TILED, value_name = "FILE", action = clap::ArgAction::Append)]
    pub obstacles: Vec<PathBuf>,
    /// How to read them.
    #[command(flatten)]
    pub options: TiledOptionArgs,
}

impl WatchMapArg {
    /// The map and every obstacles file, as the loader takes them.
    pub fn to_map_arg(&self) -> MapArg {
        let mut files = self.obstacles.iter().cloned();
        MapArg {
            map: self.map.clone(),
            tiled: TiledArgs {
                obstacles: files.next(),
                more_obstacles: files.collect(),
                options: self.options.clone(),
            },
        }
    }
}

/// `clearway update`.
#[derive(Debug, Args)]
pub struct UpdateArgs {
    /// The map file (RON); `-` reads standard input.
    #[arg(value_name = "MAP")]
    pub map: PathBuf,
    /// The events, one JSON object a line (JSON Lines; blank lines and
    /// lines starting with `#` are skipped); `-` reads standard input.
    #[arg(long, value_name = "FILE")]
    pub events: PathBuf,
    /// The agent size the reports and the routes are for; with neither
    /// option, the reports speak of every agent profile of the map, and a
    /// route event gives its own `radius` or `agent`.
    #[command(flatten)]
    pub radius: RadiusChoice,
    /// Write the level as it stands after the last event to OUT (RON,
    /// atomically; never over the map or the events file), when every
    /// event applied.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// The output format: a line (or a short block) of text per event, or
    /// one JSON object a line (JSON Lines).
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// `clearway grid`.
#[derive(Debug, Args)]
pub struct GridArgs {
    /// The grid: a Moving AI map (`.map`: `type octile`, `height`, `width`,
    /// `map`, then the rows; `.` and `G` are free, swamp `S` and water `W`
    /// free with areas `swamp` and `water`); `-` reads one from standard
    /// input.
    #[arg(value_name = "GRID")]
    pub grid: PathBuf,
    /// The level to write (RON, atomically); `-` writes to standard output.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: PathBuf,
    /// Join each cell to its 4 orthogonal neighbours, or to all 8 (a
    /// diagonal past a solid corner touches it: clearance 0).
    #[arg(long, value_enum, value_name = "4|8", default_value_t = Connect::Eight)]
    pub connect: Connect,
    /// The side of one cell in level units (finite, > 0).
    #[arg(long, value_name = "S", default_value_t = 1.0, value_parser = parse_cell_size, allow_negative_numbers = true)]
    pub cell_size: f64,
    /// An agent profile to write into the level (repeatable; names unique,
    /// radius finite and >= 0).
    #[arg(long = "agent", value_name = "NAME=RADIUS", value_parser = parse_agent)]
    pub agents: Vec<(String, f64)>,
    /// The tile layer to read (Tiled maps only).
    #[arg(long, value_name = "NAME")]
    pub layer: Option<String>,
    /// A tile is solid when it has this boolean property set (Tiled maps
    /// only).
    #[arg(long, value_name = "NAME")]
    pub solid_property: Option<String>,
    /// A free cell whose tile has this string property has that area
    /// (`water`); between two areas an edge takes the one whose tile has the
    /// lower global id (Tiled maps only).
    #[arg(long, value_name = "NAME")]
    pub area_property: Option<String>,
    /// Moving AI terrain to read as solid rather than as an area: `S`
    /// (swamp), `W` (water) or both (`SW`). `--solid W` reads water as
    /// before areas; swamp then has area `swamp` (cost 1 unless an agent
    /// says otherwise).
    #[arg(long, value_name = "TERRAIN", default_value = "", hide_default_value = true, value_parser = parse_solid_terrain)]
    pub solid: String,
    /// The summary: text on stderr, or JSON on stdout (not with `-o -`).
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

/// `--solid`: letters of Moving AI terrain that has an area (`S`, `W`).
fn parse_solid_terrain(text: &str) -> Result<String, String> {
    match text.chars().find(|c| !matches!(c, 'S' | 'W')) {
        Some(c) => Err(format!(
            "`{c}` is not terrain with an area: give `S` (swamp), `W` (water) or both"
        )),
        None => Ok(text.to_owned()),
    }
}

/// `--connect`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Connect {
    /// The orthogonal neighbours.
    #[value(name = "4")]
    Four,
    /// The orthogonal and the diagonal neighbours.
    #[value(name = "8")]
    Eight,
}

/// Parses `--cell-size`: a finite number > 0.
fn parse_cell_size(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if !(value.is_finite() && value > 0.0) {
        return Err(format!("`{text}`: a cell size must be finite and > 0"));
    }
    Ok(value)
}

/// Parses `--agent NAME=RADIUS`: a name that is not empty, and a radius as
/// `--radius` takes it.
fn parse_agent(text: &str) -> Result<(String, f64), String> {
    let Some((name, radius)) = text.rsplit_once('=') else {
        return Err(format!("`{text}` is not NAME=RADIUS"));
    };
    if name.trim().is_empty() {
        return Err(format!("`{text}`: the agent needs a name before `=`"));
    }
    let radius = parse_radius(radius).map_err(|e| format!("agent `{name}`: {e}"))?;
    Ok((name.to_owned(), radius))
}

/// `clearway completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// `clearway man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write `clearway.1` and one `clearway-COMMAND.1` per command into this
    /// folder instead of printing `clearway.1`.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Parses a scale: a finite number > 0.
fn parse_pixels_per_unit(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if !(value.is_finite() && value > 0.0) {
        return Err(format!("`{text}` must be finite and > 0"));
    }
    Ok(value)
}
