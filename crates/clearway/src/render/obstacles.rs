//! The obstacles layer: each obstacle with a title saying what it is and
//! which edges it blocks; on a level with very many, one path per kind.

use std::collections::HashMap;

use super::drawer::{Drawer, Style};
use super::flatten::{Flatten, MapOf};
use super::frame::Frame;
use super::palette;
use super::scene::{Metrics, Picture};
use super::text::{self, human};
use crate::geometry::Point;
use crate::map::Map;
use crate::obstacle::Obstacle;

impl<D: Flatten> Picture<'_, D> {
    /// Which edges each obstacle blocks, for the obstacles' titles.
    pub(super) fn blocked_by_obstacle(&self) -> HashMap<usize, Vec<usize>> {
        let mut by: HashMap<usize, Vec<usize>> = HashMap::new();
        if let Some(r) = self.options.agent_radius {
            for e in self.clearances.blocked_edges(r) {
                if let Some(w) = self.clearances.edge(e).witness {
                    by.entry(w.obstacle).or_default().push(e.get());
                }
            }
        }
        by
    }

    pub(super) fn draw_obstacles(
        &self,
        drawer: &mut impl Drawer,
        frame: &Frame,
        metrics: &Metrics,
    ) {
        match D::map_of(self.map) {
            MapOf::Plane(map) => self.draw_flat_obstacles(map, drawer, frame, metrics),
            MapOf::Space(map) => self.draw_footprints(map, drawer, frame, metrics),
        }
    }

    /// The obstacles of a 2D level, as they are.
    fn draw_flat_obstacles(
        &self,
        map: &Map,
        drawer: &mut impl Drawer,
        frame: &Frame,
        metrics: &Metrics,
    ) {
        drawer.layer("obstacles");
        let solid = Style::fill(palette::OBSTACLE);
        let wall = Style::stroke(palette::WALL, if metrics.large { 1.5 } else { 3.0 });
        let dot_radius = if metrics.large { 1.2 } else { 3.0 };
        if metrics.many_obstacles {
            let mut dots = Vec::new();
            let mut walls = Vec::new();
            for o in map.obstacles() {
                match o {
                    Obstacle::Point(p) => dots.push(frame.to_picture(*p)),
                    Obstacle::Segment(s) => {
                        walls.push([frame.to_picture(s.a), frame.to_picture(s.b)])
                    }
                    Obstacle::Circle(_) | Obstacle::Polygon(_) => {
                        draw_area(drawer, frame, o, &solid, dot_radius, None)
                    }
                }
            }
            drawer.segments(&walls, &wall, Some("walls"));
            drawer.dots(&dots, dot_radius, &solid, Some("point obstacles"));
            return;
        }
        let blocks = self.blocked_by_obstacle();
        for (i, o) in map.obstacles().iter().enumerate() {
            let mut title = format!("obstacle #{i}: {}", describe(o));
            if let (Some(edges), Some(r)) = (blocks.get(&i), self.options.agent_radius) {
                title.push_str(&text::blocks(edges, r));
            }
            let title = Some(title.as_str());
            match o {
                Obstacle::Point(p) => {
                    drawer.circle(frame.to_picture(*p), dot_radius, &solid, title)
                }
                Obstacle::Segment(s) => drawer.polyline(
                    &[frame.to_picture(s.a), frame.to_picture(s.b)],
                    &wall,
                    title,
                ),
                Obstacle::Circle(_) | Obstacle::Polygon(_) => {
                    draw_area(drawer, frame, o, &solid, dot_radius, title)
                }
            }
        }
    }
}

/// What an obstacle is, for its title.
pub(super) fn describe(o: &Obstacle) -> String {
    match o {
        Obstacle::Point(p) => format!("point at {}", text::point(*p)),
        Obstacle::Circle(c) => format!(
            "circle at {}, radius {}",
            text::point(c.center),
            human(c.radius)
        ),
        Obstacle::Segment(s) => {
            format!("segment from {} to {}", text::point(s.a), text::point(s.b))
        }
        Obstacle::Polygon(p) => format!("polygon of {} vertices", p.vertices().len()),
    }
}

/// Draws a circle or polygon obstacle filled (polygons by the even-odd rule);
/// a circle is never drawn smaller than a point obstacle's dot.
pub(super) fn draw_area(
    drawer: &mut impl Drawer,
    frame: &Frame,
    obstacle: &Obstacle,
    solid: &Style,
    dot_radius: f64,
    title: Option<&str>,
) {
    match obstacle {
        Obstacle::Circle(c) => drawer.circle(
            frame.to_picture(c.center),
            frame.length(c.radius).max(dot_radius),
            solid,
            title,
        ),
        Obstacle::Polygon(poly) => {
            let points: Vec<Point> = poly
                .vertices()
                .iter()
                .map(|&v| frame.to_picture(v))
                .collect();
            drawer.polygon(&points, &solid.clone().even_odd(), title);
        }
        Obstacle::Point(_) | Obstacle::Segment(_) => {}
    }
}
