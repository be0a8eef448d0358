//! The pinch points layer: where each blocked edge comes closest to its
//! obstacle, labelled with the radius that fits, the label placed clear of
//! obstacles.

use crate::indices::EdgeIdx;
use std::collections::HashMap;

use super::drawer::{Anchor, Drawer, Style, TextStyle};
use super::flatten::{Flatten, MapOf};
use super::frame::Frame;
use super::legend::text_width;
use super::palette;
use super::scene::{LABEL_FONT, LABELLED_PINCHES, Picture};
use super::text;
use crate::geometry::{Point, Segment};

impl<D: Flatten> Picture<'_, D> {
    pub(super) fn draw_pinches(&self, drawer: &mut impl Drawer, frame: &Frame, r: f64) {
        let map = self.map;
        let blocked: Vec<usize> = self.clearances.blocked_edges(r).map(EdgeIdx::get).collect();
        if blocked.is_empty() {
            return;
        }
        drawer.layer("pinch points");
        // Edges pinched at the same place by the same obstacle share a marker.
        let mut pinches: Vec<(Point, Point, usize, f64, Vec<usize>)> = Vec::new();
        let mut seen: HashMap<(i64, i64, i64, i64), usize> = HashMap::new();
        for &i in &blocked {
            let c = &self.clearances.edges()[i];
            let Some(w) = c.witness else { continue };
            let (p, q) = (
                frame.to_picture(self.at(w.edge_point)),
                frame.to_picture(self.at(w.obstacle_point)),
            );
            let key = (
                p.x.round() as i64,
                p.y.round() as i64,
                q.x.round() as i64,
                q.y.round() as i64,
            );
            match seen.get(&key) {
                Some(&k) => pinches[k].4.push(i),
                None => {
                    seen.insert(key, pinches.len());
                    pinches.push((p, q, w.obstacle, c.value, vec![i]));
                }
            }
        }
        let ring = Style::stroke(palette::BLOCKED, 2.0);
        let line = Style::stroke(palette::BLOCKED, 1.5);
        if pinches.len() > LABELLED_PINCHES {
            let lines: Vec<[Point; 2]> = pinches.iter().map(|p| [p.0, p.1]).collect();
            let at: Vec<Point> = pinches.iter().map(|p| p.0).collect();
            drawer.segments(&lines, &line, None);
            drawer.dots(
                &at,
                2.5,
                &Style::fill(palette::BLOCKED),
                Some("pinch points"),
            );
            return;
        }
        let label_style = TextStyle {
            size: LABEL_FONT,
            color: palette::BLOCKED,
            anchor: Anchor::Start,
            bold: true,
            halo: true,
        };
        for (p, q, obstacle, value, edges) in &pinches {
            let kind = D::kind(&map.obstacles()[*obstacle]);
            let noun = if edges.len() == 1 { "edge" } else { "edges" };
            let relation = if *value < r { "<" } else { "touches it at" };
            let title = format!(
                "pinch point of {noun} {}: {kind} #{obstacle} leaves clearance {} {relation} radius {}",
                text::list(edges, 12),
                text::human_judged(*value, r, false),
                text::given(r)
            );
            drawer.polyline(&[*p, *q], &line, None);
            drawer.circle(*q, 2.0, &Style::fill(palette::BLOCKED), None);
            drawer.circle(*p, 6.0, &ring, Some(&title));
            let away = *p - *q;
            let label = if *value > 0.0 {
                format!(
                    "{noun} {}: fits r ≤ {}",
                    text::list(edges, 3),
                    text::short_apart(*value, r)
                )
            } else {
                // Clearance 0 admits no agent, radius 0 included.
                format!("{noun} {}: fits no agent", text::list(edges, 3))
            };
            let (at, style) = self.label_spot(frame, *p, away, &label, &label_style);
            drawer.text(at, &label, &style);
        }
    }

    /// Where to write a label next to picture point `p`: the first of a few
    /// spots around it (`away` first) whose box crosses no obstacle.
    pub(super) fn label_spot(
        &self,
        frame: &Frame,
        p: Point,
        away: Point,
        label: &str,
        style: &TextStyle,
    ) -> (Point, TextStyle) {
        let d = std::f64::consts::FRAC_1_SQRT_2;
        // Node labels sit up and right of their nodes: try that spot late.
        let mut candidates = vec![
            Point::new(d, d),
            Point::new(-d, -d),
            Point::new(-d, d),
            Point::new(d, -d),
            Point::new(1.0, 0.0),
            Point::new(-1.0, 0.0),
            Point::new(0.0, -1.0),
            Point::new(0.0, 1.0),
        ];
        if away.length() > 0.5 {
            candidates.insert(0, away * (1.0 / away.length()));
        }
        let spot = |dir: Point| {
            let anchor = if dir.x > 0.3 {
                Anchor::Start
            } else if dir.x < -0.3 {
                Anchor::End
            } else {
                Anchor::Middle
            };
            let middle = p.y + dir.y * (14.0 + style.size * 0.5);
            let at = Point::new(p.x + dir.x * 14.0, middle + style.size * 0.35);
            (
                at,
                TextStyle {
                    anchor,
                    ..style.clone()
                },
            )
        };
        let crossings = |(at, style): &(Point, TextStyle)| {
            let b = label_box(*at, label, style).map(|c| frame.to_level(c));
            let sides = [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (1, 3)];
            sides
                .iter()
                .filter(|&&(i, j)| match D::map_of(self.map) {
                    MapOf::Plane(map) => map
                        .obstacle_index()
                        .nearest_to_segment(map.obstacles(), Segment::new(b[i], b[j]))
                        .is_some_and(|n| n.separation.distance == 0.0),
                    // Seen from above, a label lies over some floor almost
                    // everywhere: it goes away from its obstacle.
                    MapOf::Space(_) => false,
                })
                .count()
        };
        let spots: Vec<(Point, TextStyle)> = candidates.into_iter().map(spot).collect();
        let best = spots
            .iter()
            .enumerate()
            .min_by_key(|(i, s)| (crossings(s), *i))
            .map_or(0, |(i, _)| i);
        spots[best].clone()
    }
}

/// A box behind a label written at `at` in `style`.
pub(super) fn label_box(at: Point, label: &str, style: &TextStyle) -> [Point; 4] {
    let width = text_width(label, style.size) * if style.bold { 1.08 } else { 1.0 };
    let left = match style.anchor {
        Anchor::Start => at.x,
        Anchor::Middle => at.x - width / 2.0,
        Anchor::End => at.x - width,
    } - 3.0;
    let right = left + width + 6.0;
    let (top, bottom) = (at.y - style.size - 1.0, at.y + style.size * 0.3 + 1.0);
    [
        Point::new(left, top),
        Point::new(right, top),
        Point::new(right, bottom),
        Point::new(left, bottom),
    ]
}
