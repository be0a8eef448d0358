//! Scattering obstacles between the edges of a network.
//!
//! Candidates are drawn uniformly over the level. One that would come within
//! the network's margin of an edge is usually rejected, and kept only with a
//! small probability: so most edges stay clear for typical agents while a
//! few get a rock close by. One that would touch an edge is always rejected.

use super::network::{Buckets, Network};
use super::rng::SplitMix64;
use super::{Mix, quantize};
use clearway::geometry::Point;

/// The chance that a candidate within the margin of an edge is kept.
const NEAR_MISS: f64 = 0.01;
/// Gives up on a candidate after this many draws (a level that is all edges).
const MAX_TRIES: usize = 64;
/// Obstacles are drawn tile by tile; a tile is this many spacings across.
const TILE: f64 = 32.0;

/// One obstacle, ready to write.
pub(super) enum Shape {
    Point(Point),
    Circle(Point, f64),
    Wall(Point, Point),
    /// A polygon's vertices (the first `.1` of the array).
    Polygon([Point; 6], usize),
}

/// The edges bucketed by the cells their boxes cover, for the margin test.
struct EdgeIndex<'n> {
    net: &'n Network,
    lower: Point,
    cell: f64,
    cols: usize,
    rows: usize,
    buckets: Buckets,
}

impl<'n> EdgeIndex<'n> {
    fn new(net: &'n Network, lower: Point, upper: Point) -> Self {
        let cell = net.spacing;
        let cols = (((upper.x - lower.x) / cell).ceil() as usize).max(1);
        let rows = (((upper.y - lower.y) / cell).ceil() as usize).max(1);
        let mut index = EdgeIndex {
            net,
            lower,
            cell,
            cols,
            rows,
            buckets: Buckets::build(0, std::iter::empty::<std::iter::Empty<usize>>()),
        };
        let boxes = net.edges.iter().map(|&(a, b)| {
            let (a, b) = (net.nodes[a as usize], net.nodes[b as usize]);
            let lo = Point::new(a.x.min(b.x), a.y.min(b.y));
            let hi = Point::new(a.x.max(b.x), a.y.max(b.y));
            index.cells(lo, hi)
        });
        let buckets = Buckets::build(cols * rows, boxes);
        index.buckets = buckets;
        index
    }

    /// The cells the box `[lo, hi]` overlaps.
    fn cells(&self, lo: Point, hi: Point) -> impl Iterator<Item = usize> + Clone + use<> {
        let clamp = |v: f64, n: usize| (v.max(0.0) as usize).min(n - 1);
        let (c0, c1) = (
            clamp((lo.x - self.lower.x) / self.cell, self.cols),
            clamp((hi.x - self.lower.x) / self.cell, self.cols),
        );
        let (r0, r1) = (
            clamp((lo.y - self.lower.y) / self.cell, self.rows),
            clamp((hi.y - self.lower.y) / self.cell, self.rows),
        );
        let cols = self.cols;
        (r0..=r1).flat_map(move |r| (c0..=c1).map(move |c| r * cols + c))
    }

    /// Whether a shape centred at `p`, held within `extent` of it, may go
    /// there: it must not touch an edge, and only a near miss (`near_ok`)
    /// may come within `margin` of one.
    fn allows(&self, p: Point, extent: f64, margin: f64, near_ok: bool) -> bool {
        let reach = margin + extent;
        let lo = Point::new(p.x - reach, p.y - reach);
        let hi = Point::new(p.x + reach, p.y + reach);
        for c in self.cells(lo, hi) {
            for &e in self.buckets.get(c) {
                let (a, b) = self.net.edges[e as usize];
                let d_2 = distance_2(p, self.net.nodes[a as usize], self.net.nodes[b as usize]);
                if d_2 <= reach * reach && (!near_ok || d_2 < extent * extent) {
                    return false;
                }
            }
        }
        true
    }
}

/// The squared distance from `p` to the segment `ab`, in plain floating
/// point: this only decides where rocks go, so the exact kernel is not needed.
fn distance_2(p: Point, a: Point, b: Point) -> f64 {
    let (ab, ap) = (b - a, p - a);
    let len_2 = ab.x * ab.x + ab.y * ab.y;
    let t = if len_2 > 0.0 {
        ((ap.x * ab.x + ap.y * ab.y) / len_2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let off = ap - ab * t;
    off.x * off.x + off.y * off.y
}

/// Draws `count` obstacles over the network's area and hands each to `emit`.
pub(super) fn scatter<E>(
    net: &Network,
    mix: Mix,
    count: usize,
    rng: &mut SplitMix64,
    mut emit: impl FnMut(&Shape) -> Result<(), E>,
) -> Result<(), E> {
    let mut lower = Point::new(f64::INFINITY, f64::INFINITY);
    let mut upper = Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY);
    for p in &net.nodes {
        lower = Point::new(lower.x.min(p.x), lower.y.min(p.y));
        upper = Point::new(upper.x.max(p.x), upper.y.max(p.y));
    }
    let pad = net.spacing / 2.0;
    let (lower, upper) = (
        Point::new(lower.x - pad, lower.y - pad),
        Point::new(upper.x + pad, upper.y + pad),
    );
    let index = EdgeIndex::new(net, lower, upper);
    // Tile by tile, each its share of the obstacles: the edge index is then
    // read tile by tile, from cache, rather than at random (4x slower at 1M
    // edges). Tiles are of equal area, so the density stays uniform.
    let tile = TILE * net.spacing;
    let tiles_x = (((upper.x - lower.x) / tile).ceil() as usize).max(1);
    let tiles_y = (((upper.y - lower.y) / tile).ceil() as usize).max(1);
    let (w, h) = (
        (upper.x - lower.x) / tiles_x as f64,
        (upper.y - lower.y) / tiles_y as f64,
    );
    let tiles = tiles_x * tiles_y;
    let share = |t: usize| (count as u128 * t as u128 / tiles as u128) as usize;
    for t in 0..tiles {
        let lo = Point::new(
            lower.x + (t % tiles_x) as f64 * w,
            lower.y + (t / tiles_x) as f64 * h,
        );
        let hi = Point::new(lo.x + w, lo.y + h);
        for _ in share(t)..share(t + 1) {
            let mut shape = draw(mix, lo, hi, rng);
            for _ in 0..MAX_TRIES {
                let (center, extent) = shape.bounds();
                if index.allows(center, extent, net.margin, rng.chance(NEAR_MISS)) {
                    break;
                }
                shape = draw(mix, lo, hi, rng);
            }
            emit(&shape)?;
        }
    }
    Ok(())
}

/// One random obstacle in `[lower, upper]`: for [`Mix::Mixed`], 40% points,
/// 25% circles, 20% walls, 15% polygons of 3 to 6 vertices.
fn draw(mix: Mix, lower: Point, upper: Point, rng: &mut SplitMix64) -> Shape {
    let c = Point::new(rng.range(lower.x, upper.x), rng.range(lower.y, upper.y));
    let at = |x: f64, y: f64| Point::new(quantize(x), quantize(y));
    let roll = match mix {
        Mix::Points => 0.0,
        Mix::Mixed => rng.next_f64(),
    };
    if roll < 0.40 {
        Shape::Point(at(c.x, c.y))
    } else if roll < 0.65 {
        Shape::Circle(at(c.x, c.y), quantize(rng.range(0.2, 1.2)))
    } else if roll < 0.85 {
        let half = rng.range(0.5, 2.5);
        let angle = rng.range(0.0, std::f64::consts::TAU);
        let (dx, dy) = (half * angle.cos(), half * angle.sin());
        Shape::Wall(at(c.x - dx, c.y - dy), at(c.x + dx, c.y + dy))
    } else {
        let n = 3 + rng.below(4);
        let radius = rng.range(0.4, 1.5);
        let start = rng.range(0.0, std::f64::consts::TAU);
        let mut vertices = [Point::default(); 6];
        for (k, v) in vertices.iter_mut().enumerate().take(n) {
            // Angles at least 0.4 of a sector apart and radii at least half
            // the radius: distinct vertices, a simple star-shaped outline.
            let angle = start + (k as f64 + rng.range(0.0, 0.6)) * std::f64::consts::TAU / n as f64;
            let r = radius * rng.range(0.5, 1.0);
            *v = at(c.x + r * angle.cos(), c.y + r * angle.sin());
        }
        Shape::Polygon(vertices, n)
    }
}

impl Shape {
    /// A centre and a radius around it that holds the whole shape.
    fn bounds(&self) -> (Point, f64) {
        match *self {
            Shape::Point(p) => (p, 0.0),
            Shape::Circle(c, r) => (c, r),
            Shape::Wall(a, b) => {
                let c = Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
                (c, c.distance_to(a) + 1e-9)
            }
            Shape::Polygon(ref v, n) => {
                let n_f = n as f64;
                let c = Point::new(
                    v[..n].iter().map(|p| p.x).sum::<f64>() / n_f,
                    v[..n].iter().map(|p| p.y).sum::<f64>() / n_f,
                );
                let r = v[..n].iter().map(|p| p.distance_to(c)).fold(0.0, f64::max);
                (c, r + 1e-9)
            }
        }
    }
}
