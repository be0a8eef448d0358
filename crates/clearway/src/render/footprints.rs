//! The obstacles layer of a 3D level: each obstacle seen from above, as its
//! footprint on the picture's plane (boxes as rectangles, spheres as discs,
//! triangles and mesh triangles as polygons, points as dots, segments as
//! lines), shaded by how tall it is and drawn flattest first.
//!
//! The shading rule: a footprint's grey goes from faint for a flat piece
//! (a floor slab, a ramp's surface) to dark for the tallest piece of the
//! level (a wall), by how high it stands over the tallest one's. A piece
//! stands its vertical extent (top minus bottom) high, except a sloping
//! triangle, which stands only what it climbs beyond a 45° slope over its
//! own footprint ([`WALKABLE_SLOPE`]): a ramp or a gentle hillside
//! (at most 45°) stands 0 and is shaded as a floor, however high it
//! climbs; a cliff at 60° stands 42% of its extent, an upright wall all of
//! it. Pieces are drawn by that height, then by their bottom: every floor
//! and ramp first (the upper storey's over the storey below, so a
//! stairwell's opening shows as the lighter gap in it), then the walls of
//! every storey over the floors. Drawn by height instead, an upper floor
//! would cover the walls of the storey below and a designer could not read
//! the ground floor's rooms. Area fills are a little see-through. A mesh is
//! shaded triangle by triangle: the floor of a building mesh is faint, its
//! walls dark.

use super::drawer::{Color, Drawer, Style};
use super::flatten::{Flatten, Up};
use super::frame::Frame;
use super::palette;
use super::scene::{MANY_OBSTACLES, Metrics, Picture};
use super::text::{self, human};
use crate::dimension::Space;
use crate::geometry::{Point, Point3, Triangle};
use crate::map::Map;
use crate::obstacle3::Obstacle3;

/// The least shade of dots and lines, which are thin: dark enough to see on
/// white even when flat.
const THIN_SHADE: f64 = 0.6;
/// The opacity of a footprint: what lies below shows through.
const SEE_THROUGH: f64 = 0.75;
/// The steepest slope (from the horizontal, in degrees) shaded as a floor:
/// Recast's default walkable slope. A triangle at most this steep is ground
/// an agent walks on, not an obstacle standing in its way.
pub(super) const WALKABLE_SLOPE: f64 = 45.0;

/// What a piece of an obstacle looks like from above, in level units on
/// the picture's plane.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Footprint {
    Dot(Point),
    Disc(Point, f64),
    Line(Point, Point),
    Area(Vec<Point>),
}

/// One drawn piece of an obstacle: a whole obstacle, or one triangle of a
/// mesh.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Piece {
    pub(super) obstacle: usize,
    /// The triangle of a mesh.
    pub(super) triangle: Option<usize>,
    pub(super) footprint: Footprint,
    pub(super) bottom: f64,
    pub(super) top: f64,
    /// How high it stands, for its shade and drawing order: its vertical
    /// extent, less for a sloping triangle (see the module's rule).
    pub(super) standing: f64,
}

/// Every piece of every obstacle, flattest first (by how high it stands,
/// then bottom, then file order).
pub(super) fn pieces(map: &Map<Space>, up: Up) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for (i, o) in map.obstacles().iter().enumerate() {
        let whole = |footprint, heights: &[f64]| {
            let bottom = heights.iter().copied().fold(f64::INFINITY, f64::min);
            let top = heights.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            Piece {
                obstacle: i,
                triangle: None,
                footprint,
                bottom,
                top,
                standing: top - bottom,
            }
        };
        match o {
            Obstacle3::Point(p) => {
                pieces.push(whole(Footprint::Dot(up.flat(*p)), &[up.height(*p)]))
            }
            Obstacle3::Sphere(s) => {
                let h = up.height(s.center);
                pieces.push(whole(
                    Footprint::Disc(up.flat(s.center), s.radius),
                    &[h - s.radius, h + s.radius],
                ));
            }
            Obstacle3::Segment(s) => pieces.push(whole(
                Footprint::Line(up.flat(s.a), up.flat(s.b)),
                &[up.height(s.a), up.height(s.b)],
            )),
            Obstacle3::Triangle(t) => {
                let (footprint, heights) = triangle(t, up);
                let piece = whole(footprint, &heights);
                pieces.push(Piece {
                    standing: standing(t, up, piece.top - piece.bottom),
                    ..piece
                });
            }
            Obstacle3::Box(b) => {
                // Seen along y, the box's max corner is drawn below its
                // min: the rectangle by its own lower and upper corners.
                let (p, q) = (up.flat(b.min), up.flat(b.max));
                let lo = Point::new(p.x.min(q.x), p.y.min(q.y));
                let hi = Point::new(p.x.max(q.x), p.y.max(q.y));
                let corners = vec![
                    Point::new(lo.x, lo.y),
                    Point::new(hi.x, lo.y),
                    Point::new(hi.x, hi.y),
                    Point::new(lo.x, hi.y),
                ];
                pieces.push(whole(
                    Footprint::Area(corners),
                    &[up.height(b.min), up.height(b.max)],
                ));
            }
            Obstacle3::Mesh(m) => {
                for (k, t) in m.triangles().enumerate() {
                    let (footprint, heights) = triangle(&t, up);
                    let piece = whole(footprint, &heights);
                    pieces.push(Piece {
                        triangle: Some(k),
                        standing: standing(&t, up, piece.top - piece.bottom),
                        ..piece
                    });
                }
            }
        }
    }
    pieces.sort_by(|a, b| {
        a.standing
            .total_cmp(&b.standing)
            .then(a.bottom.total_cmp(&b.bottom))
            .then(a.obstacle.cmp(&b.obstacle))
            .then(a.triangle.cmp(&b.triangle))
    });
    pieces
}

/// How high a triangle of vertical extent `extent` stands: what it climbs
/// beyond a [`WALKABLE_SLOPE`] slope over its footprint. A triangle sloping
/// at angle θ climbs `extent` over a run of `extent / tan θ`; a 45° slope
/// would climb the run itself, so it stands `extent · (1 − 1 / tan θ)`, and
/// 0 at 45° or less. An upright (or degenerate) triangle stands its extent.
fn standing(t: &Triangle, up: Up, extent: f64) -> f64 {
    let [a, b, c] = t.corners;
    let normal = (b - a).cross(c - a);
    let rise = up.height(normal).abs();
    let across = (normal.length_2() - rise * rise).max(0.0).sqrt();
    if across == 0.0 && rise == 0.0 {
        return extent;
    }
    // tan θ = across / rise for the slope θ of the surface from the
    // horizontal; 1 / tan θ = rise / across.
    let walkable = WALKABLE_SLOPE.to_radians().tan();
    if across <= rise * walkable {
        0.0
    } else {
        extent * (1.0 - rise * walkable / across)
    }
}

fn triangle(t: &Triangle, up: Up) -> (Footprint, [f64; 3]) {
    (
        Footprint::Area(t.corners.iter().map(|&c| up.flat(c)).collect()),
        t.corners.map(|c| up.height(c)),
    )
}

/// The box around an obstacle, as its lowest and highest corners.
pub(super) fn extent(o: &Obstacle3) -> (Point3, Point3) {
    let around = |points: &mut dyn Iterator<Item = Point3>| {
        let mut lo = Point3::new(f64::INFINITY, f64::INFINITY, f64::INFINITY);
        let mut hi = Point3::new(f64::NEG_INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY);
        for p in points {
            lo = Point3::new(lo.x.min(p.x), lo.y.min(p.y), lo.z.min(p.z));
            hi = Point3::new(hi.x.max(p.x), hi.y.max(p.y), hi.z.max(p.z));
        }
        (lo, hi)
    };
    match o {
        Obstacle3::Point(p) => (*p, *p),
        Obstacle3::Sphere(s) => {
            let r = Point3::new(s.radius, s.radius, s.radius);
            (s.center - r, s.center + r)
        }
        Obstacle3::Segment(s) => around(&mut [s.a, s.b].into_iter()),
        Obstacle3::Triangle(t) => around(&mut t.corners.into_iter()),
        Obstacle3::Box(b) => (b.min, b.max),
        // An empty mesh has no extent: its centre-less box is left out of
        // the bounds by the callers' min/max (infinite corners are skipped).
        Obstacle3::Mesh(m) => around(&mut m.vertices().iter().copied()),
    }
}

/// How high the tallest piece stands: the top of the shading scale.
pub(super) fn tallest(pieces: &[Piece]) -> f64 {
    pieces
        .iter()
        .map(|p| p.standing)
        .filter(|h| h.is_finite())
        .fold(0.0, f64::max)
}

/// The grey of a piece `t` of the way from flat (0) to the tallest (1).
pub(super) fn shade(t: f64) -> Color {
    palette::FLAT_OBSTACLE.mix(palette::WALL, t)
}

/// The style of an area footprint `t` of the way from flat to tall.
pub(super) fn area_style(t: f64) -> Style {
    let fill = shade(t);
    Style::fill(fill)
        .outlined(fill.mix(palette::INK, 0.4), 1.0)
        .with_opacity(SEE_THROUGH)
}

impl Piece {
    /// How far from flat (0) to the tallest piece (1) this one is.
    fn tallness(&self, tallest: f64) -> f64 {
        let h = self.standing;
        if tallest > 0.0 && h.is_finite() {
            (h / tallest).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }
}

impl<D: Flatten> Picture<'_, D> {
    pub(super) fn draw_footprints(
        &self,
        map: &Map<Space>,
        drawer: &mut impl Drawer,
        frame: &Frame,
        metrics: &Metrics,
    ) {
        drawer.layer("obstacles");
        let pieces = pieces(map, self.options.up);
        let tallest = tallest(&pieces);
        let titled = !metrics.many_obstacles && pieces.len() <= MANY_OBSTACLES;
        let blocks = if titled {
            self.blocked_by_obstacle()
        } else {
            Default::default()
        };
        let dot_radius = if metrics.large { 1.2 } else { 3.0 };
        let line_width = if metrics.large { 1.5 } else { 3.0 };
        let axis = self.options.up.name();
        // On a level with very many pieces, dots and lines go in one path per
        // shade (of eight), after the areas, as 2D draws its points and walls.
        const SHADES: usize = 8;
        let mut dots: Vec<Vec<Point>> = vec![Vec::new(); SHADES];
        let mut lines: Vec<Vec<[Point; 2]>> = vec![Vec::new(); SHADES];
        let step = |t: f64| ((t.max(THIN_SHADE) * SHADES as f64) as usize).min(SHADES - 1);
        for piece in &pieces {
            let t = piece.tallness(tallest);
            if !titled {
                match &piece.footprint {
                    Footprint::Dot(p) => {
                        dots[step(t)].push(frame.to_picture(*p));
                        continue;
                    }
                    Footprint::Line(a, b) => {
                        lines[step(t)].push([frame.to_picture(*a), frame.to_picture(*b)]);
                        continue;
                    }
                    Footprint::Disc(..) | Footprint::Area(_) => {}
                }
            }
            let title = titled.then(|| {
                let i = piece.obstacle;
                let o = &map.obstacles()[i];
                let mut title = format!("obstacle #{i}: {}", describe(o));
                if let Some(k) = piece.triangle {
                    title.push_str(&format!(", triangle {k}"));
                }
                title.push_str(&format!(
                    "; {axis} {} to {}",
                    human(piece.bottom),
                    human(piece.top)
                ));
                if let (Some(edges), Some(r)) = (blocks.get(&i), self.options.agent_radius) {
                    title.push_str(&text::blocks(edges, r));
                }
                title
            });
            let title = title.as_deref();
            match &piece.footprint {
                Footprint::Dot(p) => drawer.circle(
                    frame.to_picture(*p),
                    dot_radius,
                    &Style::fill(shade(t.max(THIN_SHADE))),
                    title,
                ),
                Footprint::Line(a, b) => drawer.polyline(
                    &[frame.to_picture(*a), frame.to_picture(*b)],
                    &Style::stroke(shade(t.max(THIN_SHADE)), line_width),
                    title,
                ),
                Footprint::Disc(c, r) => drawer.circle(
                    frame.to_picture(*c),
                    frame.length(*r).max(dot_radius),
                    &area_style(t),
                    title,
                ),
                Footprint::Area(corners) => {
                    let points: Vec<Point> = corners.iter().map(|&c| frame.to_picture(c)).collect();
                    drawer.polygon(&points, &area_style(t), title);
                }
            }
        }
        let middle = |k: usize| shade((k as f64 + 0.5) / SHADES as f64);
        for (k, walls) in lines.iter().enumerate().filter(|(_, l)| !l.is_empty()) {
            drawer.segments(
                walls,
                &Style::stroke(middle(k), line_width),
                Some("segment obstacles"),
            );
        }
        for (k, at) in dots.iter().enumerate().filter(|(_, d)| !d.is_empty()) {
            drawer.dots(
                at,
                dot_radius,
                &Style::fill(middle(k)),
                Some("point obstacles"),
            );
        }
    }
}

/// What a 3D obstacle is, for its title.
fn describe(o: &Obstacle3) -> String {
    let p = |p: Point3| text::point3(p);
    match o {
        Obstacle3::Point(at) => format!("point at {}", p(*at)),
        Obstacle3::Sphere(s) => format!("sphere at {}, radius {}", p(s.center), human(s.radius)),
        Obstacle3::Segment(s) => format!("segment from {} to {}", p(s.a), p(s.b)),
        Obstacle3::Triangle(t) => format!(
            "triangle {}, {}, {}",
            p(t.corners[0]),
            p(t.corners[1]),
            p(t.corners[2])
        ),
        Obstacle3::Box(b) => format!("box from {} to {}", p(b.min), p(b.max)),
        Obstacle3::Mesh(m) => format!(
            "{}mesh of {} triangles",
            if m.is_solid() { "solid " } else { "" },
            m.triangle_indices().len()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn very_many_points_go_in_one_path_per_shade() {
        let points: Vec<String> = (0..MANY_OBSTACLES + 1)
            .map(|i| format!("Point(({}, 0, {}))", i % 100, i % 2))
            .collect();
        let text = format!(
            "(nodes: [(id: 0, pos: (0, 5, 0))], obstacles: [Segment(from: (0, 1, 0), to: (9, 1, 3)), {}])",
            points.join(", ")
        );
        let crate::map::Level::Space(map) =
            crate::map::Level::loader().read_str(&text, "x").unwrap()
        else {
            panic!("3D")
        };
        let clearances = crate::Clearances::compute(&map);
        let mut recording = super::super::RecordingDrawer::default();
        Picture::new(&map, &clearances, Default::default()).draw(&mut recording);
        // Points are flat wherever they are: one path, in the eighth of the
        // scale that holds the thin shade (0.6);
        // the segment is the tallest piece: the darkest shade.
        let dots: Vec<_> = recording.titled("point obstacles").collect();
        assert_eq!(dots.len(), 1);
        assert_eq!(dots[0].style.as_ref().unwrap().fill, Some(shade(4.5 / 8.0)));
        let walls: Vec<_> = recording.titled("segment obstacles").collect();
        assert_eq!(walls.len(), 1);
        assert_eq!(
            walls[0].style.as_ref().unwrap().stroke,
            Some(shade(7.5 / 8.0))
        );
        assert_eq!(
            recording
                .titled("obstacle #1: point at (0, 0, 0); z 0 to 0")
                .count(),
            0
        );
    }

    #[test]
    fn pieces_are_drawn_flattest_first_and_meshes_triangle_by_triangle() {
        let level = crate::map::Level::loader()
            .read_str(
                "(nodes: [(id: 0, pos: (0, 0, 1))],
              obstacles: [
                Box(min: (0, 0, 3), max: (4, 4, 3.2)),
                Box(min: (0, 0, -0.2), max: (4, 4, 0)),
                Mesh(vertices: [(0, 0, 0), (1, 0, 0), (1, 0, 3), (0, 1, 0)],
                     triangles: [(0, 1, 2), (0, 1, 3)]),
              ])",
                "x.ron",
            )
            .unwrap();
        let crate::map::Level::Space(map) = level else {
            panic!("3D")
        };
        let order: Vec<(usize, Option<usize>)> = pieces(&map, Up::Z)
            .iter()
            .map(|p| (p.obstacle, p.triangle))
            .collect();
        assert_eq!(
            order,
            [(2, Some(1)), (1, None), (0, None), (2, Some(0))],
            "flat mesh triangle, floor, upper floor (both 0.2 thick, lower first), upright mesh triangle"
        );
    }
}
