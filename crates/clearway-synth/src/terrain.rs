//! Open terrain (3D): a heightfield as a few mesh tiles, a point cloud in
//! the air, and a lattice of drone waypoints at three altitudes above.
//!
//! Layout, metres, z up: waypoints 10 apart on an `n` x `n` grid at
//! altitudes 14, 24 and 34, each joined to its neighbours along x, y and z
//! (about 8 edges per grid position). The terrain, from -10 to 10 n on x and
//! y, is a smooth seeded heightfield from 0 to 20 high, cut into square
//! cells of two triangles each (as many as asked for) and written as tiles
//! of at most 128 x 128 cells, one non-solid `Mesh` per tile. Hill tops
//! reach through the lowest altitude, so some low edges cross the terrain
//! (clearance 0). The points keep at least 1.6 from every edge, but one in
//! ten may come closer (a near miss), so a few edges are tight.

use std::f64::consts::TAU;
use std::io::{self, Write};

use super::rng::SplitMix64;
use super::{Params, Summary, quantize};

/// The waypoint spacing, the altitudes, the terrain's height.
const SPACING: f64 = 10.0;
const ALTITUDES: [f64; 3] = [14.0, 24.0, 34.0];
const HEIGHT: f64 = 20.0;
/// The most cells a mesh tile has along each side.
const TILE: usize = 128;
/// How far the points keep from the edges, and the share that may not.
const MARGIN: f64 = 1.6;
const NEAR_MISSES: f64 = 0.1;

/// A smooth height field: two products of sines with seeded wavelengths
/// and phases, scaled to `0..HEIGHT`.
struct Heights {
    waves: [(f64, f64, f64, f64); 2],
}

impl Heights {
    fn new(rng: &mut SplitMix64) -> Heights {
        let mut wave = || {
            (
                TAU / rng.range(60.0, 180.0),
                rng.range(0.0, TAU),
                TAU / rng.range(60.0, 180.0),
                rng.range(0.0, TAU),
            )
        };
        Heights {
            waves: [wave(), wave()],
        }
    }

    fn at(&self, x: f64, y: f64) -> f64 {
        let sum: f64 = self
            .waves
            .iter()
            .map(|&(kx, px, ky, py)| (kx * x + px).sin() * (ky * y + py).sin())
            .sum();
        quantize(HEIGHT * (0.5 + sum / 4.0))
    }
}

/// The distance from `p` to the nearest lattice edge (`p` inside the
/// lattice's horizontal extent).
fn lattice_distance(p: [f64; 3]) -> f64 {
    let near = |v: f64| v - (v / SPACING).round() * SPACING;
    let (dx, dy) = (near(p[0]), near(p[1]));
    let (lo, hi) = (ALTITUDES[0], ALTITUDES[ALTITUDES.len() - 1]);
    let dz = ALTITUDES
        .iter()
        .map(|a| (p[2] - a).abs())
        .fold(f64::INFINITY, f64::min);
    // Lines along x (offsets dy, dz), along y (dx, dz), vertical (dx, dy,
    // and how far p is beyond the lowest or highest altitude).
    let beyond = (lo - p[2]).max(p[2] - hi).max(0.0);
    dy.hypot(dz)
        .min(dx.hypot(dz))
        .min(dx.hypot(dy).hypot(beyond))
}

/// Writes the terrain level to `w`, after the header comment.
pub(super) fn write(params: &Params, w: &mut impl Write) -> io::Result<Summary> {
    // n x n positions have 8 n^2 - 6 n edges.
    let n = ((6.0 + (36.0 + 32.0 * params.edges as f64).sqrt()) / 16.0).round() as usize;
    let n = n.max(2);
    let mut rng = SplitMix64::new(params.seed);
    let heights = Heights::new(&mut rng);
    let cells = (((params.triangles.max(2) / 2) as f64).sqrt().round() as usize).max(1);
    let (low, extent) = (-SPACING, (n as f64 + 1.0) * SPACING);
    let cell = extent / cells as f64;
    writeln!(
        w,
        "// {n} x {n} waypoints 10 m apart at altitudes 14, 24 and 34 m; terrain of {cells} x {cells} cells {cell:.3} m square, 0 to 20 m high."
    )?;
    let id = |i: usize, j: usize, k: usize| {
        u32::try_from((k * n + j) * n + i).expect("fewer than 2^32 nodes")
    };
    let mut nodes = Vec::with_capacity(n * n * ALTITUDES.len());
    for &z in &ALTITUDES {
        for j in 0..n {
            for i in 0..n {
                nodes.push([i as f64 * SPACING, j as f64 * SPACING, z]);
            }
        }
    }
    let mut edges = Vec::with_capacity(n * n * 8);
    for k in 0..ALTITUDES.len() {
        for j in 0..n {
            for i in 0..n {
                if i + 1 < n {
                    edges.push((id(i, j, k), id(i + 1, j, k)));
                }
                if j + 1 < n {
                    edges.push((id(i, j, k), id(i, j + 1, k)));
                }
                if k + 1 < ALTITUDES.len() {
                    edges.push((id(i, j, k), id(i, j, k + 1)));
                }
            }
        }
    }
    super::write_network3(w, &params.agents, &nodes, &edges)?;
    let (node_count, edge_count) = (nodes.len(), edges.len());
    drop((nodes, edges));
    let mut obstacles = 0;
    let tiles = cells.div_ceil(TILE);
    let mut vertices = Vec::new();
    let mut triangles = Vec::new();
    for tj in 0..tiles {
        for ti in 0..tiles {
            let (c0, c1) = (ti * TILE, ((ti + 1) * TILE).min(cells));
            let (r0, r1) = (tj * TILE, ((tj + 1) * TILE).min(cells));
            let width = (c1 - c0 + 1) as u32;
            vertices.clear();
            triangles.clear();
            for r in r0..=r1 {
                for c in c0..=c1 {
                    let x = quantize(low + c as f64 * cell);
                    let y = quantize(low + r as f64 * cell);
                    vertices.push([x, y, heights.at(x, y)]);
                }
            }
            for r in 0..(r1 - r0) as u32 {
                for c in 0..(c1 - c0) as u32 {
                    let v = r * width + c;
                    triangles.push([v, v + 1, v + width + 1]);
                    triangles.push([v, v + width + 1, v + width]);
                }
            }
            super::write_mesh(w, &vertices, &triangles, false)?;
            obstacles += 1;
        }
    }
    let span = (n - 1) as f64 * SPACING;
    let points = (params.obstacles_per_edge.max(0.0) * edge_count as f64).round() as usize;
    for _ in 0..points {
        let near_miss = rng.chance(NEAR_MISSES);
        let p = loop {
            let p = [
                quantize(rng.range(0.0, span)),
                quantize(rng.range(0.0, span)),
                quantize(rng.range(ALTITUDES[0] - 4.0, ALTITUDES[2] + 4.0)),
            ];
            let d = lattice_distance(p);
            if d > 0.0 && (near_miss || d >= MARGIN) {
                break p;
            }
        };
        writeln!(w, "        Point(({:?}, {:?}, {:?})),", p[0], p[1], p[2])?;
        obstacles += 1;
    }
    Ok(Summary {
        nodes: node_count,
        edges: edge_count,
        obstacles,
        triangles: 2 * cells * cells,
        bytes: 0,
    })
}
