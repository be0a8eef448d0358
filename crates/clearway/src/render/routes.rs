//! The routes layer. Routes are data handed to the picture
//! ([`super::PictureOptions::route`], `widest`): the caller searches them (one
//! [`crate::Router`] for both), the picture only draws them and says in the
//! legend when there was none. They are drawn over every other shape of the
//! level, each on a white halo, so that a route over dense edges, nodes and
//! pinch points stays visible.

use super::drawer::{Drawer, Style};
use super::flatten::Flatten;
use super::frame::Frame;
use super::options::ShownRoute;
use super::palette;
use super::scene::{Metrics, Picture};
use super::text::{self, human};
use crate::geometry::Point;
use crate::map::Map;
use crate::route::Route;

/// The width of the white halo on each side of a route, in pixels.
const HALO: f64 = 2.5;

impl<D: Flatten> Picture<'_, D> {
    pub(super) fn draw_routes(&self, drawer: &mut impl Drawer, frame: &Frame, metrics: &Metrics) {
        if self.options.route.is_none() && self.options.widest.is_none() {
            return;
        }
        drawer.layer("routes");
        let map = self.map;
        let width = (metrics.edge_width * 2.6).max(4.0);
        if let Some(ShownRoute {
            start,
            goal,
            found: Some(w),
        }) = &self.options.widest
        {
            let title = format!(
                "widest route from {} to {}: fits radius up to {}; {}",
                text::node_title(&map.nodes()[*start]),
                text::node_title(&map.nodes()[*goal]),
                human(w.widest_radius),
                route_words(map, &w.route)
            );
            let style = Style::stroke(palette::WIDEST, width * 1.5).with_opacity(0.45);
            self.draw_route(drawer, (frame, metrics), &w.route, &style, &title);
        }
        if let Some(ShownRoute {
            start,
            goal,
            found: Some(r),
        }) = &self.options.route
        {
            let title = format!(
                "route from {} to {} for radius {}: {}",
                text::node_title(&map.nodes()[*start]),
                text::node_title(&map.nodes()[*goal]),
                text::given(self.options.agent_radius.unwrap_or(0.0)),
                route_words(map, r)
            );
            let style = Style::stroke(palette::ROUTE, width).with_opacity(0.85);
            self.draw_route(drawer, (frame, metrics), r, &style, &title);
        }
    }

    pub(super) fn draw_route(
        &self,
        drawer: &mut impl Drawer,
        (frame, metrics): (&Frame, &Metrics),
        r: &Route,
        style: &Style,
        title: &str,
    ) {
        let points: Vec<Point> = r
            .nodes
            .iter()
            .map(|&n| frame.to_picture(self.at(self.map.nodes()[n].pos)))
            .collect();
        let halo =
            Style::stroke(palette::BACKGROUND, style.stroke_width + HALO * 2.0).with_opacity(0.85);
        drawer.polyline(&points, &halo, None);
        drawer.polyline(&points, style, Some(title));
        // The nodes it passes, which it covers, again on top of it: small,
        // filled as the nodes are (by height in 3D).
        if !metrics.large && points.len() > 2 {
            let bands = self.height_bands();
            let dot = (style.stroke_width * 0.3).clamp(1.5, 3.0);
            let passed = r.nodes.iter().zip(&points).skip(1).take(points.len() - 2);
            for (&n, &p) in passed {
                drawer.circle(p, dot, &self.node_style(n.get(), bands.as_ref()), None);
            }
        }
        let color = style.stroke.unwrap_or(palette::ROUTE);
        if let (Some(first), Some(last)) = (points.first(), points.last()) {
            let end = Style::fill(color).outlined(palette::BACKGROUND, 1.5);
            drawer.circle(*first, 7.0, &end, Some(title));
            drawer.circle(*last, 7.0, &end, Some(title));
        }
    }
}

/// `length 30.2, cost 34, 5 edges, via 100 -> 101 -> 110`.
pub(super) fn route_words<D: Flatten>(map: &Map<D>, r: &Route) -> String {
    let ids: Vec<String> = r
        .nodes
        .iter()
        .map(|&n| map.nodes()[n].id.to_string())
        .collect();
    format!(
        "length {}, cost {}, {} edges: {}",
        human(r.length),
        human(r.cost),
        r.edges.len(),
        ids.join(" -> ")
    )
}
