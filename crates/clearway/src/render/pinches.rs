//! The pinch points layer: where each blocked edge comes closest to its
//! obstacle, with the words for its label (the radius that fits) and the
//! spots around it where that label may go, clear of obstacles first. The
//! labels are placed with the others ([`super::labels`]).

use std::collections::HashMap;

use super::drawer::{Anchor, Drawer, Style, TextStyle};
use super::flatten::{Flatten, MapOf};
use super::frame::Frame;
use super::labels::{Wanted, label_box};
use super::palette;
use super::scene::{LABEL_FONT, LABELLED_PINCHES, Picture};
use super::text;
use crate::geometry::{Point, Segment};

/// Where one or more blocked edges are pinched, in picture pixels: edges
/// pinched at the same place by the same obstacle share it.
pub(super) struct Pinch {
    /// The pinch point on the edges.
    at: Point,
    /// The obstacle's point that pinches them.
    by: Point,
    obstacle: usize,
    value: f64,
    edges: Vec<usize>,
}

impl<D: Flatten> Picture<'_, D> {
    /// The pinch points of the edges blocked for radius `r`.
    pub(super) fn pinches(&self, frame: &Frame, r: f64) -> Vec<Pinch> {
        let mut pinches: Vec<Pinch> = Vec::new();
        let mut seen: HashMap<(i64, i64, i64, i64), usize> = HashMap::new();
        for e in self.clearances.blocked_edges(r) {
            let i = e.get();
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
                Some(&k) => pinches[k].edges.push(i),
                None => {
                    seen.insert(key, pinches.len());
                    pinches.push(Pinch {
                        at: p,
                        by: q,
                        obstacle: w.obstacle,
                        value: c.value,
                        edges: vec![i],
                    });
                }
            }
        }
        pinches
    }

    pub(super) fn draw_pinches(&self, drawer: &mut impl Drawer, frame: &Frame, r: f64) {
        let map = self.map;
        if self.clearances.blocked_edges(r).next().is_none() {
            return;
        }
        drawer.layer("pinch points");
        let pinches = self.pinches(frame, r);
        let ring = Style::stroke(palette::BLOCKED, 2.0);
        let line = Style::stroke(palette::BLOCKED, 1.5);
        if pinches.len() > LABELLED_PINCHES {
            let lines: Vec<[Point; 2]> = pinches.iter().map(|p| [p.at, p.by]).collect();
            let at: Vec<Point> = pinches.iter().map(|p| p.at).collect();
            drawer.segments(&lines, &line, None);
            drawer.dots(
                &at,
                2.5,
                &Style::fill(palette::BLOCKED),
                Some("pinch points"),
            );
            return;
        }
        for pinch in &pinches {
            let kind = D::kind(&map.obstacles()[pinch.obstacle]);
            let noun = if pinch.edges.len() == 1 {
                "edge"
            } else {
                "edges"
            };
            let relation = if pinch.value < r {
                "<"
            } else {
                "touches it at"
            };
            let title = format!(
                "pinch point of {noun} {}: {kind} #{} leaves clearance {} {relation} radius {}",
                text::list(&pinch.edges, 12),
                pinch.obstacle,
                text::human_judged(pinch.value, r, false),
                text::given(r)
            );
            drawer.polyline(&[pinch.at, pinch.by], &line, None);
            drawer.circle(pinch.by, 2.0, &Style::fill(palette::BLOCKED), None);
            drawer.circle(pinch.at, 6.0, &ring, Some(&title));
        }
    }

    /// The labels of the pinch points for radius `r` (none above
    /// [`LABELLED_PINCHES`]), each with its spots, best first.
    pub(super) fn pinch_labels(&self, frame: &Frame, r: f64) -> Vec<Wanted> {
        let pinches = self.pinches(frame, r);
        if pinches.len() > LABELLED_PINCHES {
            return Vec::new();
        }
        let style = TextStyle {
            size: LABEL_FONT,
            color: palette::BLOCKED,
            anchor: Anchor::Start,
            bold: true,
            halo: true,
        };
        pinches
            .iter()
            .map(|pinch| {
                let noun = if pinch.edges.len() == 1 {
                    "edge"
                } else {
                    "edges"
                };
                let label = if pinch.value > 0.0 {
                    format!(
                        "{noun} {}: fits r ≤ {}",
                        text::list(&pinch.edges, 3),
                        text::short_apart(pinch.value, r)
                    )
                } else {
                    // Clearance 0 admits no agent, radius 0 included.
                    format!("{noun} {}: fits no agent", text::list(&pinch.edges, 3))
                };
                let spots = self.label_spots(frame, pinch.at, pinch.at - pinch.by, &label, &style);
                Wanted {
                    of: pinch.at,
                    text: label,
                    spots,
                }
            })
            .collect()
    }

    /// The spots around picture point `p` where a label may go: a few
    /// around it (`away` first), each costing the obstacles its box crosses.
    pub(super) fn label_spots(
        &self,
        frame: &Frame,
        p: Point,
        away: Point,
        label: &str,
        style: &TextStyle,
    ) -> Vec<(Point, TextStyle, usize)> {
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
        candidates
            .into_iter()
            .map(spot)
            .map(|s| {
                let crossed = crossings(&s);
                (s.0, s.1, crossed)
            })
            .collect()
    }
}
