//! The edges layer, the one-way arrows and the closed-edge bars: edges
//! coloured by verdict against the agent radius, or by clearance on the
//! continuous scale.

use super::drawer::{Color, Drawer, Style};
use super::flatten::Flatten;
use super::frame::Frame;
use super::palette::{self, Verdict};
use super::scale_bar::nice_length;
use super::scene::{Metrics, Picture};
use super::text::{self, human, short};
use crate::clearance::{Clearance, Clearances};
use crate::geometry::Point;
use crate::indices::EdgeIdx;
use crate::map::Edge;

impl<D: Flatten> Picture<'_, D> {
    /// The colour of an edge, and the group it is drawn in (higher on top).
    pub(super) fn edge_color<P>(
        &self,
        clearance: &Clearance<P>,
        max_clearance: f64,
    ) -> (Color, usize) {
        match self.options.agent_radius {
            Some(r) => {
                let verdict = Verdict::of(clearance.value, r, self.clearances.slack());
                (verdict.color(), verdict as usize)
            }
            None => {
                let t = if clearance.value.is_finite() && max_clearance > 0.0 {
                    clearance.value / max_clearance
                } else {
                    1.0
                };
                let bucket =
                    ((t * palette::RAMP_BUCKETS as f64) as usize).min(palette::RAMP_BUCKETS - 1);
                // Tighter edges are drawn later, on top.
                (palette::ramp(t), palette::RAMP_BUCKETS - 1 - bucket)
            }
        }
    }

    /// An edge's line: with a radius, its verdict's colour and pattern; else
    /// its colour on the continuous scale.
    pub(super) fn edge_style(&self, (color, group): (Color, usize), metrics: &Metrics) -> Style {
        match self.options.agent_radius {
            Some(_) => palette::verdict_line(group_verdict(group), metrics.edge_width),
            None => Style::stroke(color, metrics.edge_width),
        }
    }

    pub(super) fn draw_edges(&self, drawer: &mut impl Drawer, frame: &Frame, metrics: &Metrics) {
        drawer.layer("edges");
        let map = self.map;
        let max_clearance = ramp_top(self.clearances);
        let colored: Vec<(Color, usize)> = self
            .clearances
            .edges()
            .iter()
            .map(|c| self.edge_color(c, max_clearance))
            .collect();
        let mut order: Vec<usize> = (0..map.edges().len()).collect();
        order.sort_by_key(|&i| colored[i].1);
        if metrics.large {
            let mut start = 0;
            while start < order.len() {
                let group = colored[order[start]].1;
                let end = start
                    + order[start..]
                        .iter()
                        .take_while(|&&i| colored[i].1 == group)
                        .count();
                let color = colored[order[start]].0;
                let segments: Vec<[Point; 2]> = order[start..end]
                    .iter()
                    .map(|&i| {
                        let s = map.edge_segment(EdgeIdx::new(i));
                        [
                            frame.to_picture(self.at(s.a)),
                            frame.to_picture(self.at(s.b)),
                        ]
                    })
                    .collect();
                let title = format!(
                    "{} edges: {}",
                    end - start,
                    self.group_words(colored[order[start]], max_clearance)
                );
                // Ramp buckets share a colour per bucket: use the bucket's middle.
                let color = match self.options.agent_radius {
                    Some(_) => color,
                    None => {
                        let bucket = palette::RAMP_BUCKETS - 1 - group;
                        palette::ramp((bucket as f64 + 0.5) / palette::RAMP_BUCKETS as f64)
                    }
                };
                drawer.segments(
                    &segments,
                    &self.edge_style((color, group), metrics),
                    Some(&title),
                );
                start = end;
            }
            return;
        }
        for &i in &order {
            let s = map.edge_segment(EdgeIdx::new(i));
            let title = self.edge_title(i);
            drawer.polyline(
                &[
                    frame.to_picture(self.at(s.a)),
                    frame.to_picture(self.at(s.b)),
                ],
                &self.edge_style(colored[i], metrics),
                Some(&title),
            );
        }
    }

    /// Words for a group of edges in a large map.
    pub(super) fn group_words(&self, (_, group): (Color, usize), max_clearance: f64) -> String {
        match self.options.agent_radius {
            Some(r) => verdict_words(group_verdict(group), r),
            None => {
                let bucket = palette::RAMP_BUCKETS - 1 - group;
                let step = max_clearance / palette::RAMP_BUCKETS as f64;
                format!(
                    "clearance {} to {}",
                    short(step * bucket as f64),
                    short(step * (bucket + 1) as f64)
                )
            }
        }
    }

    pub(super) fn edge_title(&self, i: usize) -> String {
        let map = self.map;
        let c = &self.clearances.edges()[i];
        let e = &map.edges()[i];
        let slack = self.clearances.slack();
        let clearance = match self.options.agent_radius {
            Some(r) => text::human_judged(c.value, r, c.admits(r, slack)),
            None => human(c.value),
        };
        let mut title = format!("{}: clearance {clearance}", text::edge_name(map, i));
        if let Some(r) = self.options.agent_radius {
            let verdict = Verdict::of(c.value, r, slack);
            let relation = if verdict != Verdict::Blocked {
                ">="
            } else if c.value < r {
                "<"
            } else {
                // Clearance 0 at radius 0: touching blocks every agent.
                "touches an obstacle at"
            };
            let words = match verdict {
                Verdict::Blocked => "blocked",
                Verdict::Tight => "tight",
                Verdict::Clear => "clear",
            };
            title.push_str(&format!(" {relation} radius {}: {words}", text::given(r)));
        }
        match c.witness {
            Some(w) => {
                let kind = D::kind(&map.obstacles()[w.obstacle]);
                title.push_str(&format!(
                    "; {kind} #{} pinches at {}",
                    w.obstacle,
                    D::words(w.edge_point)
                ));
            }
            None if c.value.is_finite() => title.push_str(" (baked)"),
            None => {}
        }
        let s = map.edge_segment(EdgeIdx::new(i));
        if let (Some(a), Some(b)) = (
            D::height(s.a, self.options.up),
            D::height(s.b, self.options.up),
        ) {
            title.push_str(&format!(
                "; {} {} to {}",
                self.options.up.name(),
                human(a),
                human(b)
            ));
        }
        if e.one_way {
            title.push_str("; one-way");
        }
        if e.closed {
            title.push_str("; closed: unusable for every agent");
        }
        if let Some(cost) = e.cost {
            title.push_str(&format!("; cost {}", human(cost)));
        }
        title
    }

    pub(super) fn draw_arrows(&self, drawer: &mut impl Drawer, frame: &Frame, metrics: &Metrics) {
        if !self.map.edges().iter().any(|e| e.one_way) {
            return;
        }
        drawer.layer("one-way");
        let style = Style::fill(palette::INK);
        for m in self.edge_marks(frame, metrics, |e| e.one_way, 8.0, "one-way") {
            let tip = m.a + (m.b - m.a) * 0.5 + m.along * (m.size * 0.5);
            let back = tip - m.along * m.size;
            drawer.polygon(
                &[
                    tip,
                    back + m.across * (m.size * 0.5),
                    back - m.across * (m.size * 0.5),
                ],
                &style,
                m.title.as_deref(),
            );
        }
    }

    /// A bar across each closed edge, like a shut gate: the edge keeps its
    /// verdict's colour and pattern (its clearance is measured all the
    /// same), and the bar, in ink and thicker than any edge, reads without
    /// colour. Across the middle, or a quarter of the way along a one-way
    /// edge, whose arrow holds the middle. Nothing at all, not even the
    /// layer, on a level without closed edges.
    pub(super) fn draw_closed(&self, drawer: &mut impl Drawer, frame: &Frame, metrics: &Metrics) {
        if !self.map.edges().iter().any(|e| e.closed) {
            return;
        }
        drawer.layer("closed");
        let style = Style::stroke(palette::INK, metrics.edge_width * 2.0 + 2.0);
        for m in self.edge_marks(frame, metrics, |e| e.closed, 4.0, "closed") {
            let at = m.a + (m.b - m.a) * if m.one_way { 0.25 } else { 0.5 };
            let half = m.across * m.size;
            drawer.polyline(&[at - half, at + half], &style, m.title.as_deref());
        }
    }

    /// The edges `marked` picks that are drawn at least `shortest` long, as
    /// the arrows and bars mark them; each mark's hover title names the edge
    /// and says `what` (no titles on large pictures).
    fn edge_marks<'p>(
        &'p self,
        frame: &'p Frame,
        metrics: &'p Metrics,
        marked: impl Fn(&Edge) -> bool + 'p,
        shortest: f64,
        what: &'p str,
    ) -> impl Iterator<Item = EdgeMark> + 'p {
        let map = self.map;
        map.edges()
            .iter()
            .enumerate()
            .filter(move |(_, e)| marked(e))
            .filter_map(move |(i, e)| {
                let s = map.edge_segment(EdgeIdx::new(i));
                let (a, b) = (
                    frame.to_picture(self.at(s.a)),
                    frame.to_picture(self.at(s.b)),
                );
                let length = a.distance_to(b);
                if length < shortest {
                    return None;
                }
                let along = (b - a) * (1.0 / length);
                Some(EdgeMark {
                    a,
                    b,
                    along,
                    across: Point::new(-along.y, along.x),
                    size: (metrics.edge_width * 3.0 + 6.0).min(length * 0.4),
                    one_way: e.one_way,
                    title: (!metrics.large).then(|| format!("{}: {what}", text::edge_name(map, i))),
                })
            })
    }
}

/// Where a mark goes on an edge in the picture: its ends, its unit
/// direction and the unit normal to its left, the mark's size, and the
/// mark's hover title.
struct EdgeMark {
    a: Point,
    b: Point,
    along: Point,
    across: Point,
    size: f64,
    one_way: bool,
    title: Option<String>,
}

/// The verdict of an edge group drawn against a radius (its `Verdict as
/// usize`).
pub(super) fn group_verdict(group: usize) -> Verdict {
    match group {
        0 => Verdict::Clear,
        1 => Verdict::Tight,
        _ => Verdict::Blocked,
    }
}

/// The words for a verdict in the legend.
pub(super) fn verdict_words(v: Verdict, r: f64) -> String {
    match v {
        // Clearance 0 blocks every agent, radius 0 included.
        Verdict::Blocked if r <= 0.0 => "blocked: clearance 0".to_string(),
        Verdict::Clear if r <= 0.0 => "clear: clearance > 0".to_string(),
        // The radius as given (and twice it, exact in binary), never rounded
        // to read as a clearance on the other side of it.
        Verdict::Blocked => format!("blocked: clearance < {}", text::given(r)),
        Verdict::Tight => format!(
            "tight: clearance {} to {}",
            text::given(r),
            text::given(2.0 * r)
        ),
        Verdict::Clear => format!("clear: clearance ≥ {}", text::given(2.0 * r)),
    }
}

/// The top of the continuous scale: the largest finite edge clearance,
/// rounded up to a round number.
pub(super) fn ramp_top<D: crate::dimension::Dimension>(clearances: &Clearances<D>) -> f64 {
    let top = clearances
        .edges()
        .iter()
        .map(|c| c.value)
        .filter(|v| v.is_finite())
        .fold(0.0, f64::max);
    if top <= 0.0 {
        return top;
    }
    let step = nice_length(top / 4.0);
    (top / step).ceil() * step
}
