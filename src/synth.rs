//! Seeded synthetic levels for benchmarks and examples.
//!
//! [`write_map`] streams a level straight to RON text (so a 350 MB level
//! never has to sit in memory as text), and [`map_string`] returns it as a
//! `String`. The same [`Params`] (seed included) always give the same bytes.
//! [`write_map_and_json`] writes the same level as RON and, from the same
//! generation pass, as JSON for tools outside Rust.
//!
//! Four layouts ([`Kind`]): a jittered grid of trails, a random geometric
//! graph, corridors between walled rooms, and tile levels. On the first
//! three, obstacles are scattered between the edges: most keep a margin (1.6
//! units on the grid and the geometric graph, whose edges are about 10 long;
//! 1.2 in the 4-wide corridors) from every edge, a few near misses come
//! closer, and none touches an edge. So clearances vary, and a few edges are
//! blocked for typical agent radii while most are not. Tile levels have no
//! scattered obstacles: their solid cells, merged into rectangles, are the
//! obstacles, and many diagonals touch them.
//!
//! Positions are rounded to 1/1000 of a unit, node ids run from 0, no edge
//! is a self-loop and every polygon has 3 to 6 distinct vertices: every
//! level loads with [`Map::from_ron_str`](crate::Map::from_ron_str).

use std::io::{self, Write};
use std::str::FromStr;

use crate::geometry::Point;
use crate::map::Agent;

mod json;
mod network;
mod rng;
mod scatter;
mod tiles;

pub use rng::SplitMix64;
use scatter::Shape;

/// The layout of the path network.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A lattice of nodes 10 units apart, each moved up to 2 units each way,
    /// with edges to the right and upper neighbours and a diagonal in a
    /// quarter of the cells: about 2.25 edges per node.
    Grid,
    /// A random geometric graph: nodes uniform in a square, joined when
    /// closer than 10 units; mean degree 6.
    Geometric,
    /// Corridors 4 wide on a 20-unit pitch with nodes every 5 units along
    /// their centre lines, and in every block a walled room entered through a
    /// door gap 1 to 3.6 wide by an edge to the room's centre. The room walls
    /// count towards the obstacles (posts 2 apart with [`Mix::Points`]).
    Corridors,
    /// A tile level: caves and rooms on a grid of unit cells, the solid cells
    /// merged into axis-aligned rectangles (the only obstacles: the mix and
    /// the obstacles per edge are ignored), an 8-connected network of the
    /// free cells laid out as `clearway grid` lays it out. Many walls sit at
    /// exactly equal distances from many edges, and diagonals touch corners.
    Tiles,
}

/// Which obstacle shapes to scatter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mix {
    /// Only `Point` obstacles.
    Points,
    /// 40% points, 25% circles (radius 0.2 to 1.2), 20% walls (1 to 5 long)
    /// and 15% small polygons (3 to 6 vertices, up to 1.5 across).
    Mixed,
}

impl FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "grid" => Ok(Kind::Grid),
            "geometric" => Ok(Kind::Geometric),
            "corridors" => Ok(Kind::Corridors),
            "tiles" => Ok(Kind::Tiles),
            _ => Err(format!(
                "unknown kind `{s}` (grid, geometric, corridors, tiles)"
            )),
        }
    }
}

impl FromStr for Mix {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "points" => Ok(Mix::Points),
            "mixed" => Ok(Mix::Mixed),
            _ => Err(format!("unknown mix `{s}` (points, mixed)")),
        }
    }
}

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// The layout.
    pub kind: Kind,
    /// The number of edges wanted; the layout rounds it (to whole rows of a
    /// grid, say), so the level has about this many, within a few percent.
    pub edges: usize,
    /// Obstacles per edge (default 5), walls of the layout included.
    pub obstacles_per_edge: f64,
    /// The obstacle shapes (default [`Mix::Points`]).
    pub mix: Mix,
    /// The seed (default 1).
    pub seed: u64,
    /// The agent profiles written into the level (default: scout 0.4,
    /// soldier 0.8, tank 1.5). Names are written with Rust string escapes,
    /// so keep them to printable ASCII.
    pub agents: Vec<Agent>,
}

impl Params {
    /// The defaults for a level of this kind with about `edges` edges.
    pub fn new(kind: Kind, edges: usize) -> Params {
        let agent = |name: &str, radius| Agent {
            name: name.to_string(),
            radius,
        };
        Params {
            kind,
            edges,
            obstacles_per_edge: 5.0,
            mix: Mix::Points,
            seed: 1,
            agents: vec![
                agent("scout", 0.4),
                agent("soldier", 0.8),
                agent("tank", 1.5),
            ],
        }
    }

    /// The same, with this obstacle mix.
    pub fn with_mix(mut self, mix: Mix) -> Params {
        self.mix = mix;
        self
    }

    /// The same, with this seed.
    pub fn with_seed(mut self, seed: u64) -> Params {
        self.seed = seed;
        self
    }
}

/// What [`write_map`] wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The number of nodes.
    pub nodes: usize,
    /// The number of edges.
    pub edges: usize,
    /// The number of obstacles.
    pub obstacles: usize,
    /// The number of bytes of RON text.
    pub bytes: u64,
}

/// Writes the level `params` describe to `out`, as RON text, and says how
/// big it came out. The text is streamed through a buffer; only the network
/// (nodes and edges) is held in memory, never the text or the obstacles.
///
/// # Errors
/// Any error writing to `out`.
///
/// ```
/// use clearway::synth::{self, Kind, Mix, Params};
/// use clearway::{Clearances, Map};
/// let params = Params::new(Kind::Grid, 500).with_mix(Mix::Mixed).with_seed(7);
/// let mut text = Vec::new();
/// let summary = synth::write_map(&params, &mut text)?;
/// assert_eq!(summary.bytes as usize, text.len());
/// let map = Map::from_ron_str(std::str::from_utf8(&text).unwrap(), "synth.ron").unwrap();
/// assert_eq!((map.edges().len(), map.obstacles().len()), (summary.edges, summary.obstacles));
/// assert!(summary.edges.abs_diff(500) < 50 && summary.obstacles == 5 * summary.edges);
/// // Most edges admit the soldier, and not quite all.
/// let c = Clearances::compute(&map);
/// let blocked = c.blocked_edges(0.8).count();
/// assert!(blocked > 0 && blocked < summary.edges / 4);
/// // Same seed, same level.
/// assert_eq!(synth::map_string(&params).into_bytes(), text);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_map(params: &Params, out: impl Write) -> io::Result<Summary> {
    generate(params, out, None::<&mut io::Sink>)
}

/// Writes the level `params` describe twice from one generation pass: as RON
/// to `ron` (byte for byte what [`write_map`] writes) and as JSON to `json`,
/// for tools outside Rust. Returns the RON summary and the JSON size in bytes.
///
/// The JSON holds the same f64 values (both are written in Rust's shortest
/// round-trip form):
///
/// ```text
/// {"agents": [{"name": "scout", "radius": 0.4}, ...],
///  "nodes": [[id, x, y], ...],
///  "edges": [[from, to, one_way, cost_or_null], ...],
///  "obstacles": {"points": [[x, y], ...], "circles": [[x, y, r], ...],
///                "segments": [[x1, y1, x2, y2], ...],
///                "polygons": [[[x, y], ...], ...]},
///  "obstacle_kinds": "PPCSG..."}
/// ```
///
/// Obstacles are grouped by kind, each group in file order; `obstacle_kinds`
/// has one letter per obstacle in file order (`P`oint, `C`ircle,
/// `S`egment, poly`G`on), so the k-th letter's rank among its kind locates
/// obstacle k of the RON file. The obstacle groups are spooled to temporary
/// files while the RON is written, so memory stays bounded as for
/// [`write_map`].
///
/// # Errors
/// Any error writing to `ron` or `json`, or creating a temporary file.
///
/// ```
/// use clearway::synth::{self, Kind, Mix, Params};
/// let params = Params::new(Kind::Grid, 200).with_mix(Mix::Mixed);
/// let (mut ron, mut json) = (Vec::new(), Vec::new());
/// let (summary, json_bytes) = synth::write_map_and_json(&params, &mut ron, &mut json)?;
/// assert_eq!(ron, synth::map_string(&params).into_bytes());
/// assert_eq!(json_bytes as usize, json.len());
/// let json: serde_json::Value = serde_json::from_slice(&json).unwrap();
/// assert_eq!(json["edges"].as_array().unwrap().len(), summary.edges);
/// assert_eq!(json["obstacle_kinds"].as_str().unwrap().len(), summary.obstacles);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_map_and_json(
    params: &Params,
    ron: impl Write,
    json: impl Write,
) -> io::Result<(Summary, u64)> {
    let mut json = Counting {
        inner: io::BufWriter::with_capacity(1 << 16, json),
        bytes: 0,
    };
    let summary = generate(params, ron, Some(&mut json))?;
    Ok((summary, json.bytes))
}

/// [`write_map`], and the JSON twin when `json` is given.
fn generate<J: Write>(params: &Params, out: impl Write, json: Option<J>) -> io::Result<Summary> {
    let mut rng = SplitMix64::new(params.seed);
    let net = network::build(params.kind, params.edges, &mut rng);
    let mut json = match json {
        Some(j) => Some(json::JsonLevel::start(j, params, &net)?),
        None => None,
    };
    let mut w = Counting {
        inner: io::BufWriter::with_capacity(1 << 16, out),
        bytes: 0,
    };
    let kind = format!("{:?}", params.kind).to_lowercase();
    let mix = format!("{:?}", params.mix).to_lowercase();
    writeln!(
        w,
        "// clearway::synth: kind {kind}, mix {mix}, {} edges wanted, {} obstacles per edge, seed {}.",
        params.edges, params.obstacles_per_edge, params.seed
    )?;
    writeln!(w, "Map(")?;
    if !params.agents.is_empty() {
        writeln!(w, "    agents: [")?;
        for a in &params.agents {
            writeln!(w, "        (name: {:?}, radius: {:?}),", a.name, a.radius)?;
        }
        writeln!(w, "    ],")?;
    }
    writeln!(w, "    nodes: [")?;
    for (id, p) in net.nodes.iter().enumerate() {
        writeln!(w, "        (id: {id}, pos: ({:?}, {:?})),", p.x, p.y)?;
    }
    writeln!(w, "    ],\n    edges: [")?;
    for (from, to) in &net.edges {
        writeln!(w, "        (from: {from}, to: {to}),")?;
    }
    writeln!(w, "    ],\n    obstacles: [")?;
    let wanted = (params.obstacles_per_edge.max(0.0) * net.edges.len() as f64).round() as usize;
    let mut obstacles = 0;
    for &(a, b) in &net.walls {
        if params.mix == Mix::Points {
            // Posts about 2 apart along the wall, ends included.
            let posts = (a.distance_to(b) / 2.0).ceil().max(1.0) as usize;
            for k in 0..posts {
                let t = k as f64 / posts as f64;
                let x = quantize(a.x + (b.x - a.x) * t);
                let y = quantize(a.y + (b.y - a.y) * t);
                writeln!(w, "        Point(({x:?}, {y:?})),")?;
                if let Some(j) = json.as_mut() {
                    j.shape(&Shape::Point(Point::new(x, y)))?;
                }
            }
            obstacles += posts;
        } else {
            let wall = Shape::Wall(a, b);
            write_shape(&mut w, &wall)?;
            if let Some(j) = json.as_mut() {
                j.shape(&wall)?;
            }
            obstacles += 1;
        }
    }
    for block in &net.blocks {
        let mut corners = [Point::new(0.0, 0.0); 6];
        corners[..4].copy_from_slice(block);
        let shape = Shape::Polygon(corners, 4);
        write_shape(&mut w, &shape)?;
        if let Some(j) = json.as_mut() {
            j.shape(&shape)?;
        }
        obstacles += 1;
    }
    let clutter = if params.kind == Kind::Tiles {
        0
    } else {
        wanted.saturating_sub(obstacles)
    };
    scatter::scatter(&net, params.mix, clutter, &mut rng, |shape| {
        write_shape(&mut w, shape)?;
        match json.as_mut() {
            Some(j) => j.shape(shape),
            None => Ok(()),
        }
    })?;
    obstacles += clutter;
    writeln!(w, "    ],\n)")?;
    w.flush()?;
    if let Some(j) = json {
        j.finish()?;
    }
    Ok(Summary {
        nodes: net.nodes.len(),
        edges: net.edges.len(),
        obstacles,
        bytes: w.bytes,
    })
}

/// The grid of the tile level `params` describe (for [`Kind::Tiles`]; the
/// same cells whatever the kind), as a Moving AI map (`.map` text, `@` for
/// solid cells): the input `clearway grid` turns back into the same network.
///
/// ```
/// use clearway::synth::{self, Kind, Params};
/// let params = Params::new(Kind::Tiles, 2000).with_seed(5);
/// let text = synth::movingai_string(&params);
/// let grid = clearway::grid::parse_movingai(&text, "tiles.map").unwrap();
/// assert!(grid.solid_count() > 0 && grid.width() == grid.height());
/// ```
pub fn movingai_string(params: &Params) -> String {
    let grid = tiles::tile_grid(params.edges, &mut SplitMix64::new(params.seed));
    let mut text = format!(
        "type octile\nheight {}\nwidth {}\nmap\n",
        grid.height(),
        grid.width()
    );
    for row in 0..grid.height() {
        text.extend((0..grid.width()).map(|col| if grid.is_solid(col, row) { '@' } else { '.' }));
        text.push('\n');
    }
    text
}

/// The level `params` describe, as RON text.
pub fn map_string(params: &Params) -> String {
    let mut text = Vec::new();
    write_map(params, &mut text).expect("writing to a Vec cannot fail");
    String::from_utf8(text).expect("the generator writes UTF-8")
}

fn write_shape(w: &mut impl Write, shape: &Shape) -> io::Result<()> {
    match shape {
        Shape::Point(p) => writeln!(w, "        Point(({:?}, {:?})),", p.x, p.y),
        Shape::Circle(c, r) => writeln!(
            w,
            "        Circle(center: ({:?}, {:?}), radius: {r:?}),",
            c.x, c.y
        ),
        Shape::Wall(a, b) => writeln!(
            w,
            "        Segment(from: ({:?}, {:?}), to: ({:?}, {:?})),",
            a.x, a.y, b.x, b.y
        ),
        Shape::Polygon(v, n) => {
            write!(w, "        Polygon([")?;
            for (k, p) in v[..*n].iter().enumerate() {
                let sep = if k == 0 { "" } else { ", " };
                write!(w, "{sep}({:?}, {:?})", p.x, p.y)?;
            }
            writeln!(w, "]),")
        }
    }
}

/// Rounds a coordinate to 1/1000: shorter text, and the same value read back.
fn quantize(v: f64) -> f64 {
    let q = (v * 1000.0).round() / 1000.0;
    if q == 0.0 { 0.0 } else { q }
}

/// A writer that counts what passes through it.
struct Counting<W: Write> {
    inner: W,
    bytes: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
