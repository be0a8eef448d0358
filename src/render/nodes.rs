//! The nodes layer: each node with its clearance in its title, and node
//! labels where they do not crowd.

use super::drawer::{Anchor, Drawer, Style, TextStyle};
use super::flatten::Flatten;
use super::frame::Frame;
use super::heights::HeightBands;
use super::palette;
use super::scene::{LABEL_FONT, Metrics, Picture};
use super::text::{self, human};
use crate::geometry::Point;

impl<D: Flatten> Picture<'_, D> {
    /// The height bands of a 3D level's nodes; `None` in 2D.
    pub(super) fn height_bands(&self) -> Option<HeightBands> {
        let up = self.up;
        let heights: Option<Vec<f64>> = self
            .map
            .nodes()
            .iter()
            .map(|n| D::height(n.pos, up))
            .collect();
        HeightBands::of(heights?)
    }

    pub(super) fn draw_nodes(&self, drawer: &mut impl Drawer, frame: &Frame, metrics: &Metrics) {
        drawer.layer("nodes");
        let map = self.map;
        let radius = (metrics.edge_width * 1.2).clamp(2.5, 4.5);
        let normal = Style::fill(palette::BACKGROUND).outlined(palette::INK, 1.2);
        let blocked = Style::fill(palette::BLOCKED).outlined(palette::INK, 1.2);
        let bands = self.height_bands();
        for (i, node) in map.nodes().iter().enumerate() {
            let c = self.clearances.node(i);
            let clearance = match self.agent_radius {
                Some(r) => text::human_apart(c.value, r),
                None => human(c.value),
            };
            let mut title = format!("{}: clearance {clearance}", text::node_title(node));
            let is_blocked = self.agent_radius.is_some_and(|r| !c.admits(r));
            if is_blocked {
                let r = self.agent_radius.unwrap_or(0.0);
                let relation = if c.value < r {
                    "<"
                } else {
                    "touches an obstacle at"
                };
                title.push_str(&format!(" {relation} radius {}: blocked", text::given(r)));
            }
            title.push_str(&format!(" at {}", D::words(node.pos)));
            let banded;
            let style = match (&bands, D::height(node.pos, self.up)) {
                _ if is_blocked => &blocked,
                (Some(bands), Some(h)) => {
                    banded = Style::fill(bands.color(bands.band(h))).outlined(palette::INK, 1.2);
                    &banded
                }
                _ => &normal,
            };
            drawer.circle(
                frame.to_picture(self.at(node.pos)),
                radius,
                style,
                Some(&title),
            );
        }
        if !metrics.labels {
            return;
        }
        let style = TextStyle {
            size: LABEL_FONT,
            color: palette::INK,
            anchor: Anchor::Start,
            bold: false,
            halo: true,
        };
        for node in map.nodes() {
            let p = frame.to_picture(self.at(node.pos));
            drawer.text(
                Point::new(p.x + radius + 2.0, p.y - radius - 2.0),
                &text::node_label(node),
                &style,
            );
        }
    }
}
