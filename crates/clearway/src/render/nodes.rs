//! The nodes layer: each node with its clearance in its title, and node
//! labels where they do not crowd.

use std::collections::HashMap;

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
        // A 3D level's nodes lowest first, so that an upper storey's node
        // sits over the one below it; a 2D level's in file order.
        let mut order: Vec<usize> = (0..map.nodes().len()).collect();
        if bands.is_some() {
            let up = self.up;
            let height = |i: usize| D::height(map.nodes()[i].pos, up).unwrap_or(0.0);
            order.sort_by(|&a, &b| height(a).total_cmp(&height(b)));
        }
        let mut stacked: HashMap<(i64, i64), i32> = HashMap::new();
        for &i in &order {
            let node = &map.nodes()[i];
            let c = &self.clearances.nodes()[i];
            let slack = self.clearances.slack();
            let clearance = match self.agent_radius {
                Some(r) => text::human_judged(c.value, r, c.admits(r, slack)),
                None => human(c.value),
            };
            let mut title = format!("{}: clearance {clearance}", text::node_title(node));
            let is_blocked = self.agent_radius.is_some_and(|r| !c.admits(r, slack));
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
            let p = frame.to_picture(self.at(node.pos));
            // A node drawn over one below it is smaller, so that the one
            // below shows as a ring around it.
            let below = match bands {
                Some(_) => {
                    let count = stacked
                        .entry((p.x.round() as i64, p.y.round() as i64))
                        .or_insert(0);
                    *count += 1;
                    *count - 1
                }
                None => 0,
            };
            let r = if below == 0 {
                radius
            } else {
                radius * 0.6_f64.powi(below.min(2))
            };
            drawer.circle(p, r, style, Some(&title));
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
        if bands.is_none() {
            for node in map.nodes() {
                let p = frame.to_picture(self.at(node.pos));
                drawer.text(
                    Point::new(p.x + radius + 2.0, p.y - radius - 2.0),
                    &text::node_label(node),
                    &style,
                );
            }
            return;
        }
        // Nodes stacked above one another (storeys, a stairwell) share one
        // label, lowest first: `hall / attic`.
        let mut stacks: Vec<(Point, Vec<String>)> = Vec::new();
        let mut at: HashMap<(i64, i64), usize> = HashMap::new();
        for &i in &order {
            let node = &map.nodes()[i];
            let p = frame.to_picture(self.at(node.pos));
            let key = (p.x.round() as i64, p.y.round() as i64);
            match at.get(&key) {
                Some(&k) => stacks[k].1.push(text::node_label(node)),
                None => {
                    at.insert(key, stacks.len());
                    stacks.push((p, vec![text::node_label(node)]));
                }
            }
        }
        for (p, labels) in &stacks {
            drawer.text(
                Point::new(p.x + radius + 2.0, p.y - radius - 2.0),
                &labels.join(" / "),
                &style,
            );
        }
    }
}
