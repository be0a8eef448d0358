//! The path networks: a jittered grid, a random geometric graph, corridors.

use super::rng::SplitMix64;
use super::{Kind, quantize};
use clearway::geometry::Point;

/// A generated path network, plus the fixed walls of its layout (corridors).
pub(super) struct Network {
    pub nodes: Vec<Point>,
    pub edges: Vec<(u32, u32)>,
    /// Walls that belong to the layout itself, as (from, to).
    pub walls: Vec<(Point, Point)>,
    /// Solid blocks of the layout (tile levels), as rectangles' corners.
    pub blocks: Vec<[Point; 4]>,
    /// Scattered obstacles keep at least this far from every edge, except
    /// for the few "near misses" that make some edges tight.
    pub margin: f64,
    /// The typical edge length: the bucket size for the scatter's index.
    pub spacing: f64,
}

impl Network {
    /// A network of nodes and edges in the open: no walls or blocks of its
    /// own, scattered obstacles kept 1.6 from its edges, edges about
    /// `SPACING` long.
    fn open(nodes: Vec<Point>, edges: Vec<(u32, u32)>) -> Network {
        Network {
            nodes,
            edges,
            walls: Vec::new(),
            blocks: Vec::new(),
            margin: 1.6,
            spacing: SPACING,
        }
    }
}

/// The distance between neighbouring grid nodes and the geometric graph's
/// connection radius.
const SPACING: f64 = 10.0;
/// How far (each way) a grid node may move from its lattice position.
const JITTER: f64 = 2.0;
/// The share of grid cells that get a diagonal edge.
const DIAGONALS: f64 = 0.25;
/// The mean degree of the random geometric graph.
const GEOMETRIC_DEGREE: f64 = 6.0;
/// Corridors: the pitch between corridor centre lines, the corridor width,
/// and the step between nodes along a centre line.
const PITCH: f64 = 20.0;
const WIDTH: f64 = 4.0;
const STEP: f64 = 5.0;

pub(super) fn build(kind: Kind, edges: usize, rng: &mut SplitMix64) -> Network {
    let edges = edges.max(1);
    match kind {
        Kind::Grid => grid(edges, rng),
        Kind::Geometric => geometric(edges, rng),
        Kind::Corridors => corridors(edges, rng),
        Kind::Tiles => super::tiles::tiles(edges, rng),
        Kind::Building | Kind::Terrain => unreachable!("3D kinds have their own writers"),
    }
}

fn point(x: f64, y: f64) -> Point {
    Point::new(quantize(x), quantize(y))
}

fn index(i: usize) -> u32 {
    u32::try_from(i).expect("fewer than 2^32 nodes")
}

/// A `cols` x `rows` lattice (about 2.25 edges per node), jittered.
fn grid(target: usize, rng: &mut SplitMix64) -> Network {
    let per_node = 2.0 + DIAGONALS;
    let cols = ((target as f64 / per_node).sqrt().ceil() as usize).max(2);
    let rows = ((target as f64 / (per_node * cols as f64)).ceil() as usize).max(2);
    let id = |c: usize, r: usize| index(r * cols + c);
    let mut nodes = Vec::with_capacity(cols * rows);
    for r in 0..rows {
        for c in 0..cols {
            nodes.push(point(
                c as f64 * SPACING + rng.range(-JITTER, JITTER),
                r as f64 * SPACING + rng.range(-JITTER, JITTER),
            ));
        }
    }
    let mut edges = Vec::with_capacity(target + cols);
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                edges.push((id(c, r), id(c + 1, r)));
            }
            if r + 1 < rows {
                edges.push((id(c, r), id(c, r + 1)));
            }
            if c + 1 < cols && r + 1 < rows && rng.chance(DIAGONALS) {
                if rng.chance(0.5) {
                    edges.push((id(c, r), id(c + 1, r + 1)));
                } else {
                    edges.push((id(c + 1, r), id(c, r + 1)));
                }
            }
        }
    }
    Network::open(nodes, edges)
}

/// Nodes uniform in a square, joined when closer than `SPACING`; the square
/// is sized so that the mean degree is `GEOMETRIC_DEGREE`. Pairs are found
/// through a bucket grid of cell `SPACING`, so 1M edges take well under a second.
fn geometric(target: usize, rng: &mut SplitMix64) -> Network {
    let n = ((2.0 * target as f64 / GEOMETRIC_DEGREE).ceil() as usize).max(2);
    let side = (n as f64 * std::f64::consts::PI * SPACING * SPACING / GEOMETRIC_DEGREE).sqrt();
    let cells = ((side / SPACING).ceil() as usize).max(1);
    let nodes: Vec<Point> = (0..n)
        .map(|_| point(rng.range(0.0, side), rng.range(0.0, side)))
        .collect();
    let cell_of = |p: Point| {
        let c = ((p.x / SPACING) as usize).min(cells - 1);
        let r = ((p.y / SPACING) as usize).min(cells - 1);
        (c, r)
    };
    let buckets = Buckets::build(
        cells * cells,
        nodes.iter().map(|&p| {
            let (c, r) = cell_of(p);
            std::iter::once(r * cells + c)
        }),
    );
    let mut edges = Vec::with_capacity(target + target / 10);
    for (i, &p) in nodes.iter().enumerate() {
        let (c, r) = cell_of(p);
        for rr in r.saturating_sub(1)..=(r + 1).min(cells - 1) {
            for cc in c.saturating_sub(1)..=(c + 1).min(cells - 1) {
                for &j in buckets.get(rr * cells + cc) {
                    let j = j as usize;
                    if j > i && nodes[j] != p && nodes[j].distance_to(p) < SPACING {
                        edges.push((index(i), index(j)));
                    }
                }
            }
        }
    }
    Network::open(nodes, edges)
}

/// A city-block layout: corridors of width `WIDTH` on a `PITCH` grid, nodes
/// every `STEP` along their centre lines, and in every block a walled room
/// whose one door (a gap of random width in its south wall) an edge passes
/// through to the room's centre. About 9 edges per block.
fn corridors(target: usize, rng: &mut SplitMix64) -> Network {
    let steps = (PITCH / STEP) as usize; // nodes per pitch along a line
    let blocks = ((target as f64 / (2 * steps + 1) as f64).sqrt().ceil() as usize).max(1);
    let lines = blocks + 1;
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    let mut walls = Vec::new();
    // Intersections first: node (i, j) is number j * lines + i.
    for j in 0..lines {
        for i in 0..lines {
            nodes.push(point(i as f64 * PITCH, j as f64 * PITCH));
        }
    }
    let crossing = |i: usize, j: usize| index(j * lines + i);
    let add_line = |nodes: &mut Vec<Point>, edges: &mut Vec<(u32, u32)>, from: u32, to: u32| {
        // Intermediate nodes between two intersections; returns them.
        let (a, b) = (nodes[from as usize], nodes[to as usize]);
        let mut prev = from;
        let mut inner = Vec::with_capacity(steps - 1);
        for s in 1..steps {
            let t = s as f64 / steps as f64;
            nodes.push(point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t));
            let here = index(nodes.len() - 1);
            edges.push((prev, here));
            inner.push(here);
            prev = here;
        }
        edges.push((prev, to));
        inner
    };
    for j in 0..lines {
        for i in 0..lines {
            if i + 1 < lines {
                let inner = add_line(&mut nodes, &mut edges, crossing(i, j), crossing(i + 1, j));
                if j + 1 < lines {
                    // The room north of this stretch, entered from its middle node.
                    let door = inner[inner.len() / 2];
                    let door_x = nodes[door as usize].x;
                    let (x0, y0) = (
                        i as f64 * PITCH + WIDTH / 2.0,
                        j as f64 * PITCH + WIDTH / 2.0,
                    );
                    let (x1, y1) = (x0 + PITCH - WIDTH, y0 + PITCH - WIDTH);
                    nodes.push(point(door_x, (y0 + y1) / 2.0));
                    edges.push((door, index(nodes.len() - 1)));
                    let gap = rng.range(1.0, 3.6) / 2.0;
                    room_walls(&mut walls, (x0, y0), (x1, y1), (door_x - gap, door_x + gap));
                }
            }
            if j + 1 < lines {
                add_line(&mut nodes, &mut edges, crossing(i, j), crossing(i, j + 1));
            }
        }
    }
    Network {
        nodes,
        edges,
        walls,
        blocks: Vec::new(),
        margin: 1.2,
        spacing: STEP.max(WIDTH),
    }
}

/// The four walls of a room, each cut into pieces of about 4 units, with a
/// door gap `[door.0, door.1]` in the south wall.
fn room_walls(
    walls: &mut Vec<(Point, Point)>,
    lower: (f64, f64),
    upper: (f64, f64),
    door: (f64, f64),
) {
    let (x0, y0) = lower;
    let (x1, y1) = upper;
    let mut run = |from: (f64, f64), to: (f64, f64)| {
        let len = (to.0 - from.0).hypot(to.1 - from.1);
        let pieces = ((len / 4.0).round() as usize).max(1);
        for k in 0..pieces {
            let t0 = k as f64 / pieces as f64;
            let t1 = (k + 1) as f64 / pieces as f64;
            let at = |t: f64| point(from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t);
            walls.push((at(t0), at(t1)));
        }
    };
    run((x0, y0), (door.0, y0));
    run((door.1, y0), (x1, y0));
    run((x1, y0), (x1, y1));
    run((x1, y1), (x0, y1));
    run((x0, y1), (x0, y0));
}

/// Items bucketed by cell, in compressed rows (one allocation, not one per cell).
pub(super) struct Buckets {
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Buckets {
    /// Buckets item `k` (numbered in iteration order) into every cell its
    /// iterator names.
    pub(super) fn build<I, C>(cells: usize, cells_of: I) -> Buckets
    where
        I: Iterator<Item = C> + Clone,
        C: Iterator<Item = usize>,
    {
        let mut start = vec![0u32; cells + 1];
        for cs in cells_of.clone() {
            for c in cs {
                start[c + 1] += 1;
            }
        }
        for c in 0..cells {
            start[c + 1] += start[c];
        }
        let mut fill = start.clone();
        let mut items = vec![0u32; start[cells] as usize];
        for (k, cs) in cells_of.enumerate() {
            for c in cs {
                items[fill[c] as usize] = index(k);
                fill[c] += 1;
            }
        }
        Buckets { start, items }
    }

    /// The items in cell `c`.
    pub(super) fn get(&self, c: usize) -> &[u32] {
        &self.items[self.start[c] as usize..self.start[c + 1] as usize]
    }
}
