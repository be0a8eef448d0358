//! The nodes layer: each node with its clearance in its title; and the
//! node labels, where they do not crowd, for the labels layer.

use std::collections::HashMap;

use super::drawer::{Anchor, Drawer, Style, TextStyle};
use super::flatten::Flatten;
use super::frame::Frame;
use super::heights::HeightBands;
use super::labels::Wanted;
use super::palette;
use super::scene::{LABEL_FONT, Metrics, Picture};
use super::text::{self, human};
use crate::geometry::Point;

impl<D: Flatten> Picture<'_, D> {
    /// The height bands of a 3D level's nodes; `None` in 2D.
    pub(super) fn height_bands(&self) -> Option<HeightBands> {
        let up = self.options.up;
        let heights: Option<Vec<f64>> = self
            .map
            .nodes()
            .iter()
            .map(|n| D::height(n.pos, up))
            .collect();
        HeightBands::of(heights?)
    }

    /// The order nodes are drawn and labelled in: a 3D level's lowest
    /// first, so that an upper storey's node sits over the one below it; a
    /// 2D level's in file order.
    fn node_order(&self) -> Vec<usize> {
        let map = self.map;
        let mut order: Vec<usize> = (0..map.nodes().len()).collect();
        if self.height_bands().is_some() {
            let up = self.options.up;
            let height = |i: usize| D::height(map.nodes()[i].pos, up).unwrap_or(0.0);
            order.sort_by(|&a, &b| height(a).total_cmp(&height(b)));
        }
        order
    }

    /// How node `i` is filled: red when blocked, else by its height band
    /// (`bands`, in 3D), else white; outlined in ink.
    pub(super) fn node_style(&self, i: usize, bands: Option<&HeightBands>) -> Style {
        let c = &self.clearances.nodes()[i];
        let fill = match (bands, D::height(self.map.nodes()[i].pos, self.options.up)) {
            _ if self
                .options
                .agent_radius
                .is_some_and(|r| !c.admits(r, self.clearances.slack())) =>
            {
                palette::BLOCKED
            }
            (Some(bands), Some(h)) => bands.color(bands.band(h)),
            _ => palette::BACKGROUND,
        };
        Style::fill(fill).outlined(palette::INK, 1.2)
    }

    pub(super) fn draw_nodes(&self, drawer: &mut impl Drawer, frame: &Frame, metrics: &Metrics) {
        drawer.layer("nodes");
        let map = self.map;
        let radius = metrics.node_radius();
        let bands = self.height_bands();
        let order = self.node_order();
        let mut stacked: HashMap<(i64, i64), i32> = HashMap::new();
        for &i in &order {
            let node = &map.nodes()[i];
            let c = &self.clearances.nodes()[i];
            let slack = self.clearances.slack();
            let clearance = match self.options.agent_radius {
                Some(r) => text::human_judged(c.value, r, c.admits(r, slack)),
                None => human(c.value),
            };
            let mut title = format!("{}: clearance {clearance}", text::node_title(node));
            let is_blocked = self
                .options
                .agent_radius
                .is_some_and(|r| !c.admits(r, slack));
            if is_blocked {
                let r = self.options.agent_radius.unwrap_or(0.0);
                let relation = if c.value < r {
                    "<"
                } else {
                    "touches an obstacle at"
                };
                title.push_str(&format!(" {relation} radius {}: blocked", text::given(r)));
            }
            title.push_str(&format!(" at {}", D::words(node.pos)));
            let style = self.node_style(i, bands.as_ref());
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
            drawer.circle(p, r, &style, Some(&title));
        }
    }

    /// The node labels, where they do not crowd ([`Metrics::labels`]): a
    /// node's name (else its id), or one label for the nodes stacked above
    /// one another, lowest first (`hall / attic`); each up and right of
    /// its node, else at the next free spot around it.
    pub(super) fn node_labels(&self, frame: &Frame, metrics: &Metrics) -> Vec<Wanted> {
        if !metrics.labels || metrics.large {
            return Vec::new();
        }
        let map = self.map;
        let radius = metrics.node_radius();
        let style = TextStyle {
            size: LABEL_FONT,
            color: palette::INK,
            anchor: Anchor::Start,
            bold: false,
            halo: true,
        };
        let order = self.node_order();
        // Nodes stacked above one another (storeys, a stairwell) share one
        // label; in 2D every node has its own.
        let stacking = self.height_bands().is_some();
        let mut stacks: Vec<(Point, Vec<String>)> = Vec::new();
        let mut at: HashMap<(i64, i64), usize> = HashMap::new();
        for &i in &order {
            let node = &map.nodes()[i];
            let p = frame.to_picture(self.at(node.pos));
            let key = (p.x.round() as i64, p.y.round() as i64);
            match at.get(&key) {
                Some(&k) if stacking => stacks[k].1.push(text::node_label(node)),
                _ => {
                    at.insert(key, stacks.len());
                    stacks.push((p, vec![text::node_label(node)]));
                }
            }
        }
        stacks
            .into_iter()
            .map(|(p, labels)| Wanted {
                of: p,
                text: labels.join(" / "),
                spots: node_spots(p, radius, &style),
            })
            .collect()
    }
}

/// The spots for a node's label, best first: up and right of the node,
/// down and right, up and left, down and left, right, left, above, below.
fn node_spots(p: Point, radius: f64, style: &TextStyle) -> Vec<(Point, TextStyle, usize)> {
    let d = radius + 2.0;
    // Baselines: above the node, the text ends d above it; below, it starts
    // d below it (a label's height is about 0.75 of its size above the
    // baseline); beside, it is centred on the node.
    let above = p.y - d;
    let below = p.y + d + style.size * 0.75;
    let beside = p.y + style.size * 0.35;
    let styled = |anchor| TextStyle {
        anchor,
        ..style.clone()
    };
    // Nodes have no obstacles to keep clear of: every spot costs the same.
    let free = 0;
    vec![
        (Point::new(p.x + d, above), styled(Anchor::Start), free),
        (Point::new(p.x + d, below), styled(Anchor::Start), free),
        (Point::new(p.x - d, above), styled(Anchor::End), free),
        (Point::new(p.x - d, below), styled(Anchor::End), free),
        (
            Point::new(p.x + d + 1.0, beside),
            styled(Anchor::Start),
            free,
        ),
        (Point::new(p.x - d - 1.0, beside), styled(Anchor::End), free),
        (Point::new(p.x, above - 1.0), styled(Anchor::Middle), free),
        (Point::new(p.x, below + 1.0), styled(Anchor::Middle), free),
    ]
}
