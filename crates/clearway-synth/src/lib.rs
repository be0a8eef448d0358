//! Seeded synthetic levels for benchmarks and examples.
//!
//! [`write_map`] streams a level straight to RON text (so a 350 MB level
//! never has to sit in memory as text), and [`map_string`] returns it as a
//! `String`. The same [`Params`] (seed included) always give the same bytes.
//! [`write_map_and_json`] writes the same level as RON and, from the same
//! generation pass, as JSON for tools outside Rust.
//!
//! Six layouts ([`Kind`]): a jittered grid of trails, a random geometric
//! graph, corridors between walled rooms, and tile levels, all flat; and
//! two 3D ones, multi-storey buildings and open terrain under a lattice of
//! drone waypoints, whose size in triangles is set apart from their edges
//! ([`Params::triangles`]). On the first
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
//! flat level loads with [`Map::loader`](clearway::Map::loader),
//! and every 3D one passes the same checks as a 3D level.

use std::io::{self, Write};
use std::str::FromStr;

use clearway::geometry::Point;
use clearway::map::Agent;

mod building;
mod json;
mod network;
mod rng;
mod scatter;
mod terrain;
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
    /// A 3D multi-storey building, metres, z up: floors of 8 m rooms with
    /// `Box` slabs and walls, a door in each inner wall (0.9 to 2 wide, so
    /// the edge through it has clearance 0.45 to 1), a 4 x 4 lattice of
    /// waypoints per room 0.9 above the floor, stairs (a ramp `Mesh` under
    /// them) from each floor to the next, and crates (solid `Mesh`es of 12
    /// triangles, as many as [`Params::triangles`] allows) near the lattice
    /// edges. About 28 edges per room; the mix and the obstacles per edge
    /// are ignored.
    Building,
    /// 3D open terrain, metres, z up: a lattice of drone waypoints 10 apart
    /// at altitudes 14, 24 and 34 (about 8 edges per position), over a
    /// heightfield 0 to 20 high whose hill tops reach the lowest altitude,
    /// written as non-solid `Mesh` tiles of [`Params::triangles`] triangles
    /// in all, and a cloud of `Point`s ([`Params::obstacles_per_edge`] per
    /// edge) in the air, most at least 1.6 from every edge.
    Terrain,
}

impl Kind {
    /// Whether levels of this kind are 3D.
    pub fn is_3d(self) -> bool {
        matches!(self, Kind::Building | Kind::Terrain)
    }
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
            "building" => Ok(Kind::Building),
            "terrain" => Ok(Kind::Terrain),
            _ => Err(format!(
                "unknown kind `{s}` (grid, geometric, corridors, tiles, building, terrain)"
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
    /// The number of triangles wanted in a 3D level (default: as many as
    /// `edges`), within a few percent; flat kinds ignore it.
    pub triangles: usize,
    /// The agent profiles written into the level (default: scout 0.4,
    /// soldier 0.8, tank 1.5; walker 0.3, robot 0.5, cart 0.75 in a
    /// building; micro 0.15, quad 0.5, heavy 1.2 over terrain). Names are written with Rust string escapes,
    /// so keep them to printable ASCII.
    pub agents: Vec<Agent>,
}

impl Params {
    /// The defaults for a level of this kind with about `edges` edges.
    pub fn new(kind: Kind, edges: usize) -> Params {
        let agent = |name: &str, radius| Agent {
            name: name.to_string(),
            radius,
            ..Agent::default()
        };
        let agents = match kind {
            Kind::Building => [("walker", 0.3), ("robot", 0.5), ("cart", 0.75)],
            Kind::Terrain => [("micro", 0.15), ("quad", 0.5), ("heavy", 1.2)],
            _ => [("scout", 0.4), ("soldier", 0.8), ("tank", 1.5)],
        };
        Params {
            kind,
            edges,
            obstacles_per_edge: 5.0,
            mix: Mix::Points,
            seed: 1,
            triangles: edges,
            agents: agents.iter().map(|&(n, r)| agent(n, r)).collect(),
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
    /// The number of triangles (in meshes; 0 in a flat level).
    pub triangles: usize,
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
/// use clearway_synth::{self as synth, Kind, Mix, Params};
/// use clearway::{Clearances, Map};
/// let params = Params::new(Kind::Grid, 500).with_mix(Mix::Mixed).with_seed(7);
/// let mut text = Vec::new();
/// let summary = synth::write_map(&params, &mut text)?;
/// assert_eq!(summary.bytes as usize, text.len());
/// let map = Map::loader().read_str(std::str::from_utf8(&text).unwrap(), "synth.ron").unwrap();
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
/// Any error writing to `ron` or `json`, or creating a temporary file;
/// [`io::ErrorKind::InvalidInput`] for a 3D kind (the JSON twin is flat).
///
/// ```
/// use clearway_synth::{self as synth, Kind, Mix, Params};
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
    if params.kind.is_3d() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the JSON twin is written for flat levels only",
        ));
    }
    let mut json = Counting {
        inner: io::BufWriter::with_capacity(1 << 16, json),
        bytes: 0,
    };
    let summary = generate(params, ron, Some(&mut json))?;
    Ok((summary, json.bytes))
}

/// [`write_map`], and the JSON twin when `json` is given.
fn generate<J: Write>(params: &Params, out: impl Write, json: Option<J>) -> io::Result<Summary> {
    if params.kind.is_3d() {
        return generate_3d(params, out);
    }
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
        "// clearway_synth: kind {kind}, mix {mix}, {} edges wanted, {} obstacles per edge, seed {}.",
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
        triangles: 0,
        bytes: w.bytes,
    })
}

/// [`write_map`] for the 3D kinds.
fn generate_3d(params: &Params, out: impl Write) -> io::Result<Summary> {
    let mut w = Counting {
        inner: io::BufWriter::with_capacity(1 << 16, out),
        bytes: 0,
    };
    let kind = format!("{:?}", params.kind).to_lowercase();
    writeln!(
        w,
        "// clearway_synth: kind {kind}, {} edges wanted, {} triangles wanted, {} obstacles per edge, seed {}.",
        params.edges, params.triangles, params.obstacles_per_edge, params.seed
    )?;
    let summary = match params.kind {
        Kind::Building => building::write(params, &mut w)?,
        _ => terrain::write(params, &mut w)?,
    };
    writeln!(w, "    ],\n)")?;
    w.flush()?;
    Ok(Summary {
        bytes: w.bytes,
        ..summary
    })
}

/// Writes a 3D level's agents, nodes and edges, and opens its obstacles.
fn write_network3(
    w: &mut impl Write,
    agents: &[Agent],
    nodes: &[[f64; 3]],
    edges: &[(u32, u32)],
) -> io::Result<()> {
    writeln!(w, "Map(")?;
    if !agents.is_empty() {
        writeln!(w, "    agents: [")?;
        for a in agents {
            writeln!(w, "        (name: {:?}, radius: {:?}),", a.name, a.radius)?;
        }
        writeln!(w, "    ],")?;
    }
    writeln!(w, "    nodes: [")?;
    for (id, p) in nodes.iter().enumerate() {
        writeln!(
            w,
            "        (id: {id}, pos: ({:?}, {:?}, {:?})),",
            p[0], p[1], p[2]
        )?;
    }
    writeln!(w, "    ],\n    edges: [")?;
    for (from, to) in edges {
        writeln!(w, "        (from: {from}, to: {to}),")?;
    }
    writeln!(w, "    ],\n    obstacles: [")
}

/// Writes `Box(min: .., max: ..)`, its corners rounded.
fn write_box(w: &mut impl Write, min: [f64; 3], max: [f64; 3]) -> io::Result<()> {
    let [a, b, c] = min.map(quantize);
    let [d, e, f] = max.map(quantize);
    writeln!(
        w,
        "        Box(min: ({a:?}, {b:?}, {c:?}), max: ({d:?}, {e:?}, {f:?})),"
    )
}

/// Writes `Mesh(vertices: [..], triangles: [..], solid: ..)`, its vertices
/// rounded.
fn write_mesh(
    w: &mut impl Write,
    vertices: &[[f64; 3]],
    triangles: &[[u32; 3]],
    solid: bool,
) -> io::Result<()> {
    writeln!(w, "        Mesh(\n            vertices: [")?;
    for v in vertices {
        let [x, y, z] = v.map(quantize);
        writeln!(w, "                ({x:?}, {y:?}, {z:?}),")?;
    }
    writeln!(w, "            ],\n            triangles: [")?;
    for [i, j, k] in triangles {
        writeln!(w, "                ({i}, {j}, {k}),")?;
    }
    writeln!(w, "            ],\n            solid: {solid},\n        ),")
}

/// Writes the closed box `min`..`max` as a solid mesh of 12 triangles,
/// wound outwards.
fn write_closed_box(w: &mut impl Write, min: [f64; 3], max: [f64; 3]) -> io::Result<()> {
    // Corner k has x from bit 0, y from bit 1, z from bit 2.
    let corner = |k: u32| {
        let pick = |bit: u32, axis: usize| if k & bit == 0 { min[axis] } else { max[axis] };
        [pick(1, 0), pick(2, 1), pick(4, 2)]
    };
    let vertices: Vec<[f64; 3]> = (0..8).map(corner).collect();
    let triangles = [
        [0, 2, 1],
        [1, 2, 3], // z = min, facing down
        [4, 5, 6],
        [5, 7, 6], // z = max, facing up
        [0, 1, 4],
        [1, 5, 4], // y = min
        [2, 6, 3],
        [3, 6, 7], // y = max
        [0, 4, 2],
        [2, 4, 6], // x = min
        [1, 3, 5],
        [3, 7, 5], // x = max
    ];
    write_mesh(w, &vertices, &triangles, true)
}

/// The grid of the tile level `params` describe (for [`Kind::Tiles`]; the
/// same cells whatever the kind), as a Moving AI map (`.map` text, `@` for
/// solid cells): the input `clearway grid` turns back into the same network.
///
/// ```
/// use clearway_synth::{self as synth, Kind, Params};
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
