//! The legend below the map: the caption, the scale bar, and one key per
//! thing drawn (verdicts or the clearance ramp, pinch points, outlines,
//! arrows, obstacles, nodes, routes), laid out in rows.

use super::centre::centre_ring;
use super::drawer::{Anchor, Color, Drawer, Style, TextStyle};
use super::edges::{ramp_top, verdict_words};
use super::flatten::Flatten;
use super::flatten::MapOf;
use super::footprints;
use super::layout::Layout;
use super::palette::{self, Verdict};
use super::scene::{LABEL_FONT, LARGE_MAP_EDGES, LEGEND_FONT, MARGIN, Picture, ROW, TITLE_FONT};
use super::text::{self, short};
use crate::geometry::Point;
use crate::indices::NodeIdx;

/// One entry of the legend: a sample and its words.
pub(super) enum Key {
    Line(Style, String),
    Ramp(f64),
    Dot(Style, String),
    Pinch(String),
    Arrow(String),
    /// The bar across a closed edge.
    Closed(String),
    Swatch(Style, String),
    /// Words without a sample (labels left out).
    Note(String),
}

impl Key {
    pub(super) fn width(&self) -> f64 {
        let words = match self {
            Key::Line(_, t)
            | Key::Dot(_, t)
            | Key::Pinch(t)
            | Key::Arrow(t)
            | Key::Closed(t)
            | Key::Swatch(_, t) => t.as_str(),
            Key::Ramp(_) => return 420.0,
            Key::Note(t) => return text_width(t, LEGEND_FONT) + 22.0,
        };
        30.0 + text_width(words, LEGEND_FONT) + 22.0
    }
}

impl<D: Flatten> Picture<'_, D> {
    pub(super) fn legend_keys(&self) -> Vec<Key> {
        let mut keys = Vec::new();
        // The map's patterns, at a width whose dashes and dots show in a
        // 24-pixel sample.
        let width = 2.0;
        match self.options.agent_radius {
            Some(r) => {
                for v in [Verdict::Blocked, Verdict::Tight, Verdict::Clear] {
                    // At radius 0 nothing is tight: clearance 0 blocks and
                    // any more is clear.
                    if v == Verdict::Tight && r <= 0.0 {
                        continue;
                    }
                    let count = self
                        .clearances
                        .edges()
                        .iter()
                        .filter(|c| Verdict::of(c.value, r, self.clearances.slack()) == v)
                        .count();
                    keys.push(Key::Line(
                        palette::verdict_line(v, width),
                        format!("{} ({count})", verdict_words(v, r)),
                    ));
                }
                if self.clearances.blocked_edges(r).next().is_some() {
                    keys.push(Key::Pinch("pinch point".into()));
                    if r > 0.0 {
                        keys.push(Key::Line(
                            Style::stroke(palette::BLOCKED, 1.2).dashed(5.0, 3.0),
                            format!("agent outline ({})", self.agent_size(r)),
                        ));
                    }
                }
                if let Some(w) = self.options.walking.as_ref().filter(|w| !w.gaps.is_empty()) {
                    keys.push(Key::Line(
                        super::ground_gaps::gap_style(),
                        format!("no ground under the feet ({})", w.gaps.len()),
                    ));
                }
            }
            None => keys.push(Key::Ramp(ramp_top(self.clearances))),
        }
        if self.map.edges().iter().any(|e| e.one_way) {
            keys.push(Key::Arrow("one-way".into()));
        }
        let closed = self.map.edges().iter().filter(|e| e.closed).count();
        if closed > 0 {
            keys.push(Key::Closed(format!("closed ({closed})")));
        }
        keys.extend(self.area_keys());
        let bands = self.height_bands();
        let axis = self.options.up.name();
        match D::map_of(self.map) {
            MapOf::Plane(map) if !map.obstacles().is_empty() => {
                keys.push(Key::Swatch(
                    Style::fill(palette::OBSTACLE),
                    "obstacle".into(),
                ));
            }
            MapOf::Space(map) if !map.obstacles().is_empty() => {
                let tallest = footprints::tallest(&footprints::pieces(map, self.options.up));
                keys.push(Key::Swatch(
                    footprints::area_style(0.0),
                    format!(
                        "flat obstacle (floor, ramp up to {}°)",
                        short(footprints::WALKABLE_SLOPE)
                    ),
                ));
                keys.push(Key::Swatch(
                    footprints::area_style(1.0),
                    format!(
                        "tall obstacle ({} high): darker = taller, drawn over flatter",
                        short(tallest)
                    ),
                ));
            }
            _ => {}
        }
        if self.map.edges().len() <= LARGE_MAP_EDGES {
            match &bands {
                None => keys.push(Key::Dot(
                    Style::fill(palette::BACKGROUND).outlined(palette::INK, 1.2),
                    "node".into(),
                )),
                Some(bands) => {
                    for b in 0..bands.len() {
                        let first = if b == 0 { "node at " } else { "" };
                        keys.push(Key::Dot(
                            Style::fill(bands.color(b)).outlined(palette::INK, 1.2),
                            format!("{first}{}", bands.words(b, axis)),
                        ));
                    }
                }
            }
            if let Some(r) = self.options.agent_radius
                && self.clearances.blocked_nodes(r).next().is_some()
            {
                keys.push(Key::Dot(
                    Style::fill(palette::BLOCKED).outlined(palette::INK, 1.2),
                    "blocked node".into(),
                ));
            }
        }
        if let Some(words) = self.centre_words() {
            keys.push(Key::Dot(centre_ring(), words));
        }
        let map = self.map;
        let ends = |a: NodeIdx, b: NodeIdx| {
            format!(
                "{} to {}",
                text::node_label(&map.nodes()[a]),
                text::node_label(&map.nodes()[b])
            )
        };
        if let Some(w) = &self.options.widest {
            let words = match &w.found {
                Some(found) => format!(
                    "widest route {}: fits r ≤ {}",
                    ends(w.start, w.goal),
                    short(found.widest_radius)
                ),
                None => format!("no route {} at any radius", ends(w.start, w.goal)),
            };
            keys.push(Key::Line(
                Style::stroke(palette::WIDEST, 6.0).with_opacity(0.45),
                words,
            ));
        }
        if let Some(route) = &self.options.route {
            let r = self.options.agent_radius.unwrap_or(0.0);
            let words = match &route.found {
                Some(found) => {
                    format!(
                        "route {}, length {}",
                        ends(route.start, route.goal),
                        short(found.length)
                    )
                }
                None => format!(
                    "no route {} for radius {}",
                    ends(route.start, route.goal),
                    text::given(r)
                ),
            };
            keys.push(Key::Line(
                Style::stroke(palette::ROUTE, 4.0).with_opacity(0.85),
                words,
            ));
        }
        keys
    }

    /// `radius R`, and `, height H` for a walking agent.
    fn agent_size(&self, r: f64) -> String {
        match &self.options.walking {
            Some(w) => format!(
                "radius {}, height {}",
                text::given(r),
                text::given(w.height)
            ),
            None => format!("radius {}", text::given(r)),
        }
    }

    pub(super) fn draw_legend(&self, drawer: &mut impl Drawer, layout: &Layout, keys: &[Key]) {
        drawer.layer("legend");
        let left = MARGIN;
        let right = layout.width - MARGIN;
        let top = layout.legend_top;
        // A rule between the map and the legend.
        drawer.polyline(
            &[Point::new(left, top - 6.0), Point::new(right, top - 6.0)],
            &Style::stroke(Color::hex(0xd0d0d0), 1.0),
            None,
        );
        let baseline = top + 16.0;
        let mut caption = self.options.title.clone().unwrap_or_default();
        let who = match (&self.options.agent_name, self.options.agent_radius) {
            (Some(name), Some(r)) => {
                format!(
                    "{} ({})",
                    clearway_text::quote::capped(name),
                    self.agent_size(r)
                )
            }
            (None, Some(r)) => format!("agent radius {}", text::given(r)),
            _ => "edge clearance: the largest agent radius that fits".to_string(),
        };
        if !caption.is_empty() {
            caption.push_str(" · ");
        }
        caption.push_str(&who);
        if let Some(r) = self.options.agent_radius {
            let blocked = self.clearances.blocked_edges(r).count();
            caption.push_str(&format!(
                " · {blocked} of {} edges blocked",
                self.map.edges().len()
            ));
        }
        drawer.text(
            Point::new(left, baseline),
            &caption,
            &TextStyle {
                size: TITLE_FONT,
                color: palette::INK,
                anchor: Anchor::Start,
                bold: true,
                halo: false,
            },
        );
        self.draw_scale_bar(drawer, &layout.frame, Point::new(right, baseline));
        let words = TextStyle {
            size: LEGEND_FONT,
            color: palette::INK,
            anchor: Anchor::Start,
            bold: false,
            halo: false,
        };
        for (row, items) in legend_rows(keys, layout.width).iter().enumerate() {
            let y = baseline + ROW * (row as f64 + 1.0);
            let mut x = left;
            for &k in items {
                let key = &keys[k];
                let mid = y - LEGEND_FONT * 0.35;
                match key {
                    Key::Line(style, t) => {
                        drawer.polyline(
                            &[Point::new(x, mid), Point::new(x + 24.0, mid)],
                            style,
                            None,
                        );
                        drawer.text(Point::new(x + 30.0, y), t, &words);
                    }
                    Key::Dot(style, t) => {
                        drawer.circle(Point::new(x + 12.0, mid), 4.0, style, None);
                        drawer.text(Point::new(x + 30.0, y), t, &words);
                    }
                    Key::Swatch(style, t) => {
                        drawer.polygon(&square(Point::new(x + 12.0, mid), 7.0), style, None);
                        drawer.text(Point::new(x + 30.0, y), t, &words);
                    }
                    Key::Pinch(t) => {
                        let p = Point::new(x + 8.0, mid);
                        let q = Point::new(x + 22.0, mid);
                        drawer.polyline(&[p, q], &Style::stroke(palette::BLOCKED, 1.5), None);
                        drawer.circle(q, 2.0, &Style::fill(palette::BLOCKED), None);
                        drawer.circle(
                            p,
                            5.0,
                            &Style::fill(palette::BACKGROUND).outlined(palette::BLOCKED, 2.0),
                            None,
                        );
                        drawer.text(Point::new(x + 30.0, y), t, &words);
                    }
                    Key::Arrow(t) => {
                        drawer.polyline(
                            &[Point::new(x, mid), Point::new(x + 24.0, mid)],
                            &Style::stroke(palette::MUTED, 3.0),
                            None,
                        );
                        drawer.polygon(
                            &[
                                Point::new(x + 17.0, mid),
                                Point::new(x + 7.0, mid - 5.0),
                                Point::new(x + 7.0, mid + 5.0),
                            ],
                            &Style::fill(palette::INK),
                            None,
                        );
                        drawer.text(Point::new(x + 30.0, y), t, &words);
                    }
                    Key::Closed(t) => {
                        drawer.polyline(
                            &[Point::new(x, mid), Point::new(x + 24.0, mid)],
                            &Style::stroke(palette::MUTED, 3.0),
                            None,
                        );
                        drawer.polyline(
                            &[
                                Point::new(x + 12.0, mid - 7.0),
                                Point::new(x + 12.0, mid + 7.0),
                            ],
                            &Style::stroke(palette::INK, 4.5),
                            None,
                        );
                        drawer.text(Point::new(x + 30.0, y), t, &words);
                    }
                    Key::Ramp(top) => self.draw_ramp_key(drawer, Point::new(x, y), *top, &words),
                    Key::Note(t) => drawer.text(
                        Point::new(x, y),
                        t,
                        &TextStyle {
                            color: palette::MUTED,
                            ..words.clone()
                        },
                    ),
                }
                x += key.width();
            }
        }
    }

    pub(super) fn draw_ramp_key(
        &self,
        drawer: &mut impl Drawer,
        at: Point,
        top: f64,
        words: &TextStyle,
    ) {
        let (x, y) = (at.x, at.y);
        let mid = y - LEGEND_FONT * 0.35;
        if top <= 0.0 || !top.is_finite() {
            drawer.polyline(
                &[Point::new(x, mid), Point::new(x + 24.0, mid)],
                &Style::stroke(palette::ramp(1.0), 3.0),
                None,
            );
            drawer.text(
                Point::new(x + 30.0, y),
                "no obstacles: every edge unbounded",
                words,
            );
            return;
        }
        drawer.text(Point::new(x, y), "clearance", words);
        let bar_left = x + 72.0;
        let bar_width = 220.0;
        let steps = 44;
        let step = bar_width / steps as f64;
        for s in 0..steps {
            let t = (s as f64 + 0.5) / steps as f64;
            let x0 = bar_left + step * s as f64;
            drawer.polygon(
                &[
                    Point::new(x0, mid - 5.0),
                    Point::new(x0 + step + 0.3, mid - 5.0),
                    Point::new(x0 + step + 0.3, mid + 5.0),
                    Point::new(x0, mid + 5.0),
                ],
                &Style::fill(palette::ramp(t)),
                None,
            );
        }
        let small = TextStyle {
            size: LABEL_FONT,
            anchor: Anchor::Middle,
            ..words.clone()
        };
        for (t, label) in [
            (0.0, "0".to_string()),
            (0.5, short(top / 2.0)),
            (1.0, short(top)),
        ] {
            drawer.text(
                Point::new(bar_left + bar_width * t, mid + 17.0),
                &label,
                &small,
            );
        }
        drawer.text(
            Point::new(bar_left + bar_width + 10.0, y),
            "narrow → wide",
            words,
        );
    }
}

/// Lays the keys out in rows that fit the picture's width.
pub(super) fn legend_rows(keys: &[Key], width: f64) -> Vec<Vec<usize>> {
    let available = width - 2.0 * MARGIN;
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut used = f64::INFINITY;
    for (i, key) in keys.iter().enumerate() {
        let w = key.width();
        if used + w > available {
            rows.push(Vec::new());
            used = 0.0;
        }
        if let Some(row) = rows.last_mut() {
            row.push(i);
        }
        used += w;
    }
    rows
}

/// A square around `c`, `half` pixels each way.
pub(super) fn square(c: Point, half: f64) -> [Point; 4] {
    [
        Point::new(c.x - half, c.y - half),
        Point::new(c.x + half, c.y - half),
        Point::new(c.x + half, c.y + half),
        Point::new(c.x - half, c.y + half),
    ]
}

/// An estimate of a text's width in pixels (DejaVu Sans averages ~0.6 em).
pub(super) fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.56
}
