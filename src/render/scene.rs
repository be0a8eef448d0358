//! The picture of a level: what is drawn, where, in which colour and order.
//! Everything here speaks to a [`Drawer`]; nothing here knows about SVG.

use std::cell::OnceCell;
use std::collections::HashMap;

use super::drawer::{Anchor, Color, Drawer, Style, TextStyle};
use super::frame::{Bounds, Frame};
use super::palette::{self, Verdict};
use super::size::OutputSize;
use super::text::{self, human, short};
use crate::clearance::{Clearance, Clearances};
use crate::geometry::{Point, Segment};
use crate::map::Map;
use crate::obstacle::Obstacle;
use crate::route::{Route, Router, WidestRoute};

/// The long side of the map area, in pixels, unless told otherwise.
pub const DEFAULT_LONG_SIDE: f64 = 1200.0;
/// Above this many edges, edges are drawn as one path per colour, without
/// per-edge titles, and nodes are left out.
pub const LARGE_MAP_EDGES: usize = 20_000;
/// Above this many obstacles, obstacles are drawn without titles, points and
/// walls as one path each.
pub const MANY_OBSTACLES: usize = 20_000;
/// Node labels are written only for maps with at most this many nodes...
pub const LABEL_MAX_NODES: usize = 300;
/// ...and only when the median edge is at least this long on screen (pixels).
pub const LABEL_MIN_SPACING: f64 = 25.0;
/// Above this many pinch points, they are drawn without labels or titles.
const LABELLED_PINCHES: usize = 60;
/// Above this many blocked edges, their agent outlines are left out.
const MAX_CAPSULES: usize = 2_000;

const MARGIN: f64 = 24.0;
const MIN_WIDTH: f64 = 820.0;
const LEGEND_GAP: f64 = 14.0;
const ROW: f64 = 24.0;
const LEGEND_FONT: f64 = 13.0;
const LABEL_FONT: f64 = 11.0;
const TITLE_FONT: f64 = 15.0;

/// A picture of a level: its obstacles, its edges coloured by clearance, and
/// optionally an agent radius and routes. Build it, then [`Picture::draw`] it
/// on any [`Drawer`], or write it with [`Picture::to_svg`] or
/// [`Picture::to_png`].
///
/// With an agent radius, edges are red where blocked (each marked at its
/// pinch point, with the agent's outline along it), orange where the agent
/// fits with less than one radius to spare, green elsewhere. Without one,
/// edges are coloured by clearance on a continuous scale, red narrow to blue
/// wide.
///
/// ```
/// use clearway::{Clearances, Map};
/// use clearway::render::Picture;
/// let map = Map::from_ron_str(r#"Map(
///     nodes: [(id: 0, pos: (0.0, 0.0)), (id: 1, pos: (10.0, 0.0))],
///     edges: [(from: 0, to: 1)],
///     obstacles: [Circle(center: (5.0, 2.0), radius: 1.0)],
/// )"#, "level.ron")?;
/// let clearances = Clearances::compute(&map);
/// let svg = Picture::new(&map, &clearances).agent_radius(1.5).to_svg();
/// assert!(svg.starts_with("<?xml"));
/// assert!(svg.contains("edge 0 (0 -&gt; 1): clearance 1 &lt; radius 1.5: blocked"));
/// # Ok::<(), clearway::map::LoadError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Picture<'a> {
    map: &'a Map,
    clearances: &'a Clearances,
    agent_radius: Option<f64>,
    agent_name: Option<String>,
    route: Option<(usize, usize)>,
    widest: Option<(usize, usize)>,
    title: Option<String>,
    long_side: f64,
    /// The part of the level shown, when not all of it.
    view: Option<Bounds>,
    size: OutputSize,
    /// The routes asked for, found on first use with one router: the
    /// drawing and the legend (measured for the layout, then drawn) all
    /// read them. Emptied by the builder methods that change them.
    found: OnceCell<FoundRoutes>,
}

/// The widest and the cheapest route a picture shows, when asked for and
/// found.
#[derive(Clone, Debug, Default)]
struct FoundRoutes {
    widest: Option<WidestRoute>,
    route: Option<Route>,
}

/// Where the parts of a picture go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Level to picture coordinates.
    pub frame: Frame,
    /// The picture's width in pixels.
    pub width: f64,
    /// The picture's height in pixels.
    pub height: f64,
    /// Where the legend starts (pixels from the top).
    pub legend_top: f64,
    /// The size the picture is written at, in pixels, when asked for: the
    /// picture scaled uniformly from `width` x `height`.
    pub output: Option<(f64, f64)>,
    /// The map area (upper-left and lower-right corners, pixels) the
    /// drawing is clipped to when it shows part of the level.
    pub clip: Option<[Point; 2]>,
}

/// One entry of the legend: a sample and its words.
enum Key {
    Line(Style, String),
    Ramp(f64),
    Dot(Style, String),
    Pinch(String),
    Arrow(String),
    Swatch(Style, String),
}

impl Key {
    fn width(&self) -> f64 {
        let words = match self {
            Key::Line(_, t)
            | Key::Dot(_, t)
            | Key::Pinch(t)
            | Key::Arrow(t)
            | Key::Swatch(_, t) => t.as_str(),
            Key::Ramp(_) => return 420.0,
        };
        30.0 + text_width(words, LEGEND_FONT) + 22.0
    }
}

/// Computed once per drawing: sizes that depend on the map's density.
struct Metrics {
    edge_width: f64,
    large: bool,
    many_obstacles: bool,
    labels: bool,
}

impl<'a> Picture<'a> {
    /// A picture of `map` with its `clearances`, without an agent radius.
    pub fn new(map: &'a Map, clearances: &'a Clearances) -> Picture<'a> {
        Picture {
            map,
            clearances,
            agent_radius: None,
            agent_name: None,
            route: None,
            widest: None,
            title: None,
            long_side: DEFAULT_LONG_SIDE,
            view: None,
            size: OutputSize::default(),
            found: OnceCell::new(),
        }
    }

    /// Colours edges against this agent radius.
    pub fn agent_radius(mut self, agent_radius: f64) -> Picture<'a> {
        self.agent_radius = Some(agent_radius);
        self.found = OnceCell::new();
        self
    }

    /// Colours edges against a named agent profile's radius.
    pub fn agent(mut self, name: &str, agent_radius: f64) -> Picture<'a> {
        self.agent_name = Some(name.to_string());
        self.agent_radius = Some(agent_radius);
        self.found = OnceCell::new();
        self
    }

    /// Draws the cheapest route between two nodes (indices into
    /// [`Map::nodes`]) for the agent radius (0 without one).
    pub fn route(mut self, start: usize, goal: usize) -> Picture<'a> {
        self.route = Some((start, goal));
        self.found = OnceCell::new();
        self
    }

    /// Draws the widest route between two nodes (indices into [`Map::nodes`]).
    pub fn widest(mut self, start: usize, goal: usize) -> Picture<'a> {
        self.widest = Some((start, goal));
        self.found = OnceCell::new();
        self
    }

    /// A caption for the legend, such as the map's file name.
    pub fn title(mut self, title: &str) -> Picture<'a> {
        self.title = Some(title.to_string());
        self
    }

    /// The long side of the map area in pixels (default 1200).
    pub fn long_side(mut self, pixels: f64) -> Picture<'a> {
        self.long_side = pixels;
        self
    }

    /// Shows only this box of the level (`--around`, `--region`): it fills
    /// the map area, and what lies outside is clipped; the legend and the
    /// scale bar stay.
    pub fn view(mut self, bounds: Bounds) -> Picture<'a> {
        self.view = Some(bounds);
        self
    }

    /// Writes the picture at this size in pixels (`--width`, `--height`),
    /// scaled uniformly; see [`OutputSize::fit`].
    pub fn size(mut self, size: OutputSize) -> Picture<'a> {
        self.size = size;
        self
    }

    /// The picture as an SVG document.
    pub fn to_svg(&self) -> String {
        let mut svg = super::SvgWriter::new();
        self.draw(&mut svg);
        svg.finish()
    }

    /// The picture as a PNG: the SVG, rasterised by resvg.
    ///
    /// # Errors
    /// When rasterising fails (see [`super::PngError`]).
    pub fn to_png(&self) -> Result<Vec<u8>, super::PngError> {
        super::svg_to_png(&self.to_svg())
    }

    /// Where things go: the level-to-picture transform and the picture size.
    pub fn layout(&self) -> Layout {
        let keys = self.legend_keys();
        self.layout_with(&keys)
    }

    fn layout_with(&self, keys: &[Key]) -> Layout {
        let mut bounds = self
            .view
            .or_else(|| Bounds::of_map(self.map))
            .unwrap_or(Bounds {
                min: Point::new(0.0, 0.0),
                max: Point::new(0.0, 0.0),
            });
        let (w, h) = bounds.size();
        if w.max(h) == 0.0 {
            bounds = bounds.padded(1.0);
        }
        if let Some(r) = self.agent_radius
            && self.view.is_none()
        {
            // Agent outlines stick out of the edges by r.
            let (w, h) = bounds.size();
            bounds = bounds.padded(r.min(w.max(h) * 0.25));
        }
        let probe = Frame::fit(bounds, self.long_side, Point::new(0.0, 0.0));
        let (map_w, map_h) = probe.size();
        let width = (map_w + 2.0 * MARGIN).max(MIN_WIDTH).ceil();
        let origin = Point::new(((width - map_w) / 2.0).round(), MARGIN);
        let frame = Frame::fit(bounds, self.long_side, origin);
        let legend_top = MARGIN + map_h + LEGEND_GAP;
        let rows = legend_rows(keys, width).len().max(1) as f64;
        let height = (legend_top + ROW * (1.0 + rows) + 12.0).ceil();
        let mut layout = Layout {
            frame,
            width,
            height,
            legend_top,
            output: None,
            clip: None,
        };
        if let Some(((canvas_w, canvas_h), (out_w, out_h))) = self.size.fit((width, height)) {
            // The picture, centred on a canvas grown to the shape asked for.
            let down = ((canvas_h - height) / 2.0).round();
            let origin = Point::new(((canvas_w - map_w) / 2.0).round(), MARGIN + down);
            layout.frame = Frame::fit(bounds, self.long_side, origin);
            layout.width = canvas_w;
            layout.height = canvas_h;
            layout.legend_top += down;
            layout.output = Some((f64::from(out_w), f64::from(out_h)));
        }
        if self.view.is_some() {
            let corner = layout
                .frame
                .to_picture(Point::new(bounds.min.x, bounds.max.y));
            layout.clip = Some([corner, Point::new(corner.x + map_w, corner.y + map_h)]);
        }
        layout
    }

    /// Draws the picture, back to front.
    pub fn draw(&self, drawer: &mut impl Drawer) {
        let keys = self.legend_keys();
        let layout = self.layout_with(&keys);
        let metrics = self.metrics(&layout.frame);
        drawer.begin(layout.width, layout.height);
        if let Some((w, h)) = layout.output {
            drawer.output_size(w, h);
        }
        self.notes(drawer, &metrics);
        drawer.layer("background");
        let (w, h) = (layout.width, layout.height);
        drawer.polygon(
            &[
                Point::new(0.0, 0.0),
                Point::new(w, 0.0),
                Point::new(w, h),
                Point::new(0.0, h),
            ],
            &Style::fill(palette::BACKGROUND),
            None,
        );
        if layout.clip.is_some() {
            drawer.clip(layout.clip);
        }
        self.draw_obstacles(drawer, &layout.frame, &metrics);
        self.draw_edges(drawer, &layout.frame, &metrics);
        self.draw_arrows(drawer, &layout.frame, &metrics);
        if let Some(r) = self.agent_radius {
            self.draw_capsules(drawer, &layout.frame, &metrics, r);
        }
        self.draw_routes(drawer, &layout.frame, &metrics);
        if !metrics.large {
            self.draw_nodes(drawer, &layout.frame, &metrics);
        }
        if let Some(r) = self.agent_radius {
            self.draw_pinches(drawer, &layout.frame, r);
        }
        if layout.clip.is_some() {
            drawer.clip(None);
        }
        self.draw_legend(drawer, &layout, &keys);
    }

    fn metrics(&self, frame: &Frame) -> Metrics {
        let mut lengths: Vec<f64> = (0..self.map.edges().len())
            .map(|i| frame.length(self.map.edge_segment(i).length()))
            .collect();
        lengths.sort_by(f64::total_cmp);
        let median = lengths.get(lengths.len() / 2).copied().unwrap_or(100.0);
        let large = self.map.edges().len() > LARGE_MAP_EDGES;
        Metrics {
            edge_width: (median / 12.0).clamp(0.75, 3.5),
            large,
            many_obstacles: self.map.obstacles().len() > MANY_OBSTACLES,
            labels: !large
                && self.map.nodes().len() <= LABEL_MAX_NODES
                && median >= LABEL_MIN_SPACING,
        }
    }

    fn notes(&self, drawer: &mut impl Drawer, metrics: &Metrics) {
        let map = self.map;
        let radius = self.agent_radius.map_or_else(
            || "no agent radius".to_string(),
            |r| format!("agent radius {}", text::given(r)),
        );
        drawer.note(&format!(
            "clearway render: {} nodes, {} edges, {} obstacles; {radius}",
            map.nodes().len(),
            map.edges().len(),
            map.obstacles().len()
        ));
        if let Some(v) = self.view {
            drawer.note(&format!(
                "showing {} to {} of the level; shapes beyond it are clipped",
                text::point(v.min),
                text::point(v.max)
            ));
        }
        if metrics.large {
            drawer.note(&format!(
                "more than {LARGE_MAP_EDGES} edges: edges drawn as one path per colour without \
                 per-edge titles; nodes and node labels left out"
            ));
        } else if !metrics.labels {
            drawer.note(&format!(
                "node labels left out: more than {LABEL_MAX_NODES} nodes, or edges shorter than \
                 {LABEL_MIN_SPACING} px on screen"
            ));
        }
        if metrics.many_obstacles {
            drawer.note(&format!(
                "more than {MANY_OBSTACLES} obstacles: obstacles drawn without titles, points and \
                 walls as one path each"
            ));
        }
        if let Some(r) = self.agent_radius {
            let blocked = self.clearances.blocked_edges(r).count();
            if blocked > MAX_CAPSULES {
                drawer.note(&format!(
                    "{blocked} blocked edges: agent outlines left out (more than {MAX_CAPSULES})"
                ));
            }
            if blocked > LABELLED_PINCHES {
                drawer.note(&format!(
                    "{blocked} blocked edges: pinch points drawn without labels or titles"
                ));
            }
        }
    }

    /// Which edges each obstacle blocks, for the obstacles' titles.
    fn blocked_by_obstacle(&self) -> HashMap<usize, Vec<usize>> {
        let mut by: HashMap<usize, Vec<usize>> = HashMap::new();
        if let Some(r) = self.agent_radius {
            for e in self.clearances.blocked_edges(r) {
                if let Some(w) = self.clearances.edge(e).witness {
                    by.entry(w.obstacle).or_default().push(e);
                }
            }
        }
        by
    }

    fn draw_obstacles(&self, drawer: &mut impl Drawer, frame: &Frame, metrics: &Metrics) {
        drawer.layer("obstacles");
        let solid = Style::fill(palette::OBSTACLE);
        let wall = Style::stroke(palette::WALL, if metrics.large { 1.5 } else { 3.0 });
        let dot_radius = if metrics.large { 1.2 } else { 3.0 };
        if metrics.many_obstacles {
            let mut dots = Vec::new();
            let mut walls = Vec::new();
            for o in self.map.obstacles() {
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
        for (i, o) in self.map.obstacles().iter().enumerate() {
            let mut title = format!("obstacle #{i}: {}", describe(o));
            if let (Some(edges), Some(r)) = (blocks.get(&i), self.agent_radius) {
                let noun = if edges.len() == 1 { "edge" } else { "edges" };
                title.push_str(&format!(
                    "; blocks {noun} {} for radius {}",
                    text::list(edges, 12),
                    text::given(r)
                ));
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

    /// The colour of an edge, and the group it is drawn in (higher on top).
    fn edge_color(&self, clearance: &Clearance, max_clearance: f64) -> (Color, usize) {
        match self.agent_radius {
            Some(r) => {
                let verdict = Verdict::of(clearance.value, r);
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
    fn edge_style(&self, (color, group): (Color, usize), metrics: &Metrics) -> Style {
        match self.agent_radius {
            Some(_) => palette::verdict_line(group_verdict(group), metrics.edge_width),
            None => Style::stroke(color, metrics.edge_width),
        }
    }

    fn draw_edges(&self, drawer: &mut impl Drawer, frame: &Frame, metrics: &Metrics) {
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
                        let s = map.edge_segment(i);
                        [frame.to_picture(s.a), frame.to_picture(s.b)]
                    })
                    .collect();
                let title = format!(
                    "{} edges: {}",
                    end - start,
                    self.group_words(colored[order[start]], max_clearance)
                );
                // Ramp buckets share a colour per bucket: use the bucket's middle.
                let color = match self.agent_radius {
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
            let s = map.edge_segment(i);
            let title = self.edge_title(i);
            drawer.polyline(
                &[frame.to_picture(s.a), frame.to_picture(s.b)],
                &self.edge_style(colored[i], metrics),
                Some(&title),
            );
        }
    }

    /// Words for a group of edges in a large map.
    fn group_words(&self, (_, group): (Color, usize), max_clearance: f64) -> String {
        match self.agent_radius {
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

    fn edge_title(&self, i: usize) -> String {
        let map = self.map;
        let c = self.clearances.edge(i);
        let e = &map.edges()[i];
        let clearance = match self.agent_radius {
            Some(r) => text::human_apart(c.value, r),
            None => human(c.value),
        };
        let mut title = format!("{}: clearance {clearance}", text::edge_name(map, i));
        if let Some(r) = self.agent_radius {
            let verdict = Verdict::of(c.value, r);
            let relation = if c.value < r {
                "<"
            } else if verdict == Verdict::Blocked {
                // Clearance 0 at radius 0: touching blocks every agent.
                "touches an obstacle at"
            } else {
                ">="
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
                let kind = map.obstacles()[w.obstacle].kind();
                title.push_str(&format!(
                    "; {kind} #{} pinches at {}",
                    w.obstacle,
                    text::point(w.edge_point)
                ));
            }
            None if c.value.is_finite() => title.push_str(" (baked)"),
            None => {}
        }
        if e.one_way {
            title.push_str("; one-way");
        }
        if let Some(cost) = e.cost {
            title.push_str(&format!("; cost {}", human(cost)));
        }
        title
    }

    fn draw_arrows(&self, drawer: &mut impl Drawer, frame: &Frame, metrics: &Metrics) {
        let map = self.map;
        if !map.edges().iter().any(|e| e.one_way) {
            return;
        }
        drawer.layer("one-way");
        let style = Style::fill(palette::INK);
        for (i, e) in map.edges().iter().enumerate() {
            if !e.one_way {
                continue;
            }
            let s = map.edge_segment(i);
            let (a, b) = (frame.to_picture(s.a), frame.to_picture(s.b));
            let length = a.distance_to(b);
            if length < 8.0 {
                continue;
            }
            let size = (metrics.edge_width * 3.0 + 6.0).min(length * 0.4);
            let u = (b - a) * (1.0 / length);
            let n = Point::new(-u.y, u.x);
            let tip = a + (b - a) * 0.5 + u * (size * 0.5);
            let back = tip - u * size;
            let title = if metrics.large {
                None
            } else {
                Some(format!("{}: one-way", text::edge_name(map, i)))
            };
            drawer.polygon(
                &[tip, back + n * (size * 0.5), back - n * (size * 0.5)],
                &style,
                title.as_deref(),
            );
        }
    }

    fn draw_capsules(&self, drawer: &mut impl Drawer, frame: &Frame, metrics: &Metrics, r: f64) {
        let map = self.map;
        // An agent of radius 0 has no outline: a flat capsule would only
        // retrace the edge.
        if r <= 0.0 {
            return;
        }
        let blocked: Vec<usize> = self.clearances.blocked_edges(r).collect();
        if !blocked.is_empty() && blocked.len() <= MAX_CAPSULES {
            drawer.layer("agent outlines");
            let style = Style::stroke(palette::BLOCKED, 1.2).dashed(5.0, 3.0);
            for &i in &blocked {
                let s = map.edge_segment(i);
                let outline = capsule(
                    frame.to_picture(s.a),
                    frame.to_picture(s.b),
                    frame.length(r),
                );
                let title = (!metrics.large).then(|| {
                    format!(
                        "{}: outline of an agent of radius {} along it",
                        text::edge_name(map, i),
                        text::given(r)
                    )
                });
                drawer.polygon(&outline, &style, title.as_deref());
            }
        }
    }

    fn draw_pinches(&self, drawer: &mut impl Drawer, frame: &Frame, r: f64) {
        let map = self.map;
        let blocked: Vec<usize> = self.clearances.blocked_edges(r).collect();
        if blocked.is_empty() {
            return;
        }
        drawer.layer("pinch points");
        // Edges pinched at the same place by the same obstacle share a marker.
        let mut pinches: Vec<(Point, Point, usize, f64, Vec<usize>)> = Vec::new();
        let mut seen: HashMap<(i64, i64, i64, i64), usize> = HashMap::new();
        for &i in &blocked {
            let c = self.clearances.edge(i);
            let Some(w) = c.witness else { continue };
            let (p, q) = (
                frame.to_picture(w.edge_point),
                frame.to_picture(w.obstacle_point),
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
            let kind = map.obstacles()[*obstacle].kind();
            let noun = if edges.len() == 1 { "edge" } else { "edges" };
            let relation = if *value < r { "<" } else { "touches it at" };
            let title = format!(
                "pinch point of {noun} {}: {kind} #{obstacle} leaves clearance {} {relation} radius {}",
                text::list(edges, 12),
                text::human_apart(*value, r),
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
    fn label_spot(
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
                .filter(|&&(i, j)| {
                    self.map
                        .obstacle_index()
                        .nearest_to_segment(self.map.obstacles(), Segment::new(b[i], b[j]))
                        .is_some_and(|n| n.separation.distance == 0.0)
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

    /// The routes asked for, searched once per picture with one router.
    fn found_routes(&self) -> &FoundRoutes {
        self.found.get_or_init(|| {
            if self.route.is_none() && self.widest.is_none() {
                return FoundRoutes::default();
            }
            let mut router = Router::new(self.map, self.clearances);
            FoundRoutes {
                widest: self.widest.and_then(|(a, b)| router.widest_route(a, b)),
                route: self
                    .route
                    .and_then(|(a, b)| router.route(a, b, self.agent_radius.unwrap_or(0.0))),
            }
        })
    }

    fn draw_routes(&self, drawer: &mut impl Drawer, frame: &Frame, metrics: &Metrics) {
        if self.route.is_none() && self.widest.is_none() {
            return;
        }
        drawer.layer("routes");
        let map = self.map;
        let width = (metrics.edge_width * 2.6).max(4.0);
        let found = self.found_routes();
        if let Some((start, goal)) = self.widest
            && let Some(w) = &found.widest
        {
            let title = format!(
                "widest route from {} to {}: fits radius up to {}; {}",
                text::node_title(&map.nodes()[start]),
                text::node_title(&map.nodes()[goal]),
                human(w.widest_radius),
                route_words(map, &w.route)
            );
            let style = Style::stroke(palette::WIDEST, width * 1.5).with_opacity(0.45);
            self.draw_route(drawer, frame, &w.route, &style, &title);
        }
        if let Some((start, goal)) = self.route
            && let Some(r) = &found.route
        {
            let title = format!(
                "route from {} to {} for radius {}: {}",
                text::node_title(&map.nodes()[start]),
                text::node_title(&map.nodes()[goal]),
                text::given(self.agent_radius.unwrap_or(0.0)),
                route_words(map, r)
            );
            let style = Style::stroke(palette::ROUTE, width).with_opacity(0.6);
            self.draw_route(drawer, frame, r, &style, &title);
        }
    }

    fn draw_route(
        &self,
        drawer: &mut impl Drawer,
        frame: &Frame,
        r: &Route,
        style: &Style,
        title: &str,
    ) {
        let points: Vec<Point> = r
            .nodes
            .iter()
            .map(|&n| frame.to_picture(self.map.nodes()[n].pos))
            .collect();
        drawer.polyline(&points, style, Some(title));
        let color = style.stroke.unwrap_or(palette::ROUTE);
        if let (Some(first), Some(last)) = (points.first(), points.last()) {
            let end = Style::fill(color).outlined(palette::BACKGROUND, 1.5);
            drawer.circle(*first, 7.0, &end, Some(title));
            drawer.circle(*last, 7.0, &end, Some(title));
        }
    }

    fn draw_nodes(&self, drawer: &mut impl Drawer, frame: &Frame, metrics: &Metrics) {
        drawer.layer("nodes");
        let map = self.map;
        let radius = (metrics.edge_width * 1.2).clamp(2.5, 4.5);
        let normal = Style::fill(palette::BACKGROUND).outlined(palette::INK, 1.2);
        let blocked = Style::fill(palette::BLOCKED).outlined(palette::INK, 1.2);
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
            title.push_str(&format!(" at {}", text::point(node.pos)));
            let style = if is_blocked { &blocked } else { &normal };
            drawer.circle(frame.to_picture(node.pos), radius, style, Some(&title));
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
            let p = frame.to_picture(node.pos);
            drawer.text(
                Point::new(p.x + radius + 2.0, p.y - radius - 2.0),
                &text::node_label(node),
                &style,
            );
        }
    }

    fn legend_keys(&self) -> Vec<Key> {
        let mut keys = Vec::new();
        // The map's patterns, at a width whose dashes and dots show in a
        // 24-pixel sample.
        let width = 2.0;
        match self.agent_radius {
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
                        .filter(|c| Verdict::of(c.value, r) == v)
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
                            format!("agent outline (radius {})", text::given(r)),
                        ));
                    }
                }
            }
            None => keys.push(Key::Ramp(ramp_top(self.clearances))),
        }
        if self.map.edges().iter().any(|e| e.one_way) {
            keys.push(Key::Arrow("one-way".into()));
        }
        if !self.map.obstacles().is_empty() {
            keys.push(Key::Swatch(
                Style::fill(palette::OBSTACLE),
                "obstacle".into(),
            ));
        }
        if self.map.edges().len() <= LARGE_MAP_EDGES {
            keys.push(Key::Dot(
                Style::fill(palette::BACKGROUND).outlined(palette::INK, 1.2),
                "node".into(),
            ));
            if let Some(r) = self.agent_radius
                && self.clearances.blocked_nodes(r).next().is_some()
            {
                keys.push(Key::Dot(
                    Style::fill(palette::BLOCKED).outlined(palette::INK, 1.2),
                    "blocked node".into(),
                ));
            }
        }
        let map = self.map;
        let ends = |(a, b): (usize, usize)| {
            format!(
                "{} to {}",
                text::node_label(&map.nodes()[a]),
                text::node_label(&map.nodes()[b])
            )
        };
        if let Some(w) = self.widest {
            let words = match &self.found_routes().widest {
                Some(found) => format!(
                    "widest route {}: fits r ≤ {}",
                    ends(w),
                    short(found.widest_radius)
                ),
                None => format!("no route {} at any radius", ends(w)),
            };
            keys.push(Key::Line(
                Style::stroke(palette::WIDEST, 6.0).with_opacity(0.45),
                words,
            ));
        }
        if let Some(ends_given) = self.route {
            let r = self.agent_radius.unwrap_or(0.0);
            let words = match &self.found_routes().route {
                Some(found) => {
                    format!("route {}, length {}", ends(ends_given), short(found.length))
                }
                None => format!(
                    "no route {} for radius {}",
                    ends(ends_given),
                    text::given(r)
                ),
            };
            keys.push(Key::Line(
                Style::stroke(palette::ROUTE, 4.0).with_opacity(0.6),
                words,
            ));
        }
        keys
    }

    fn draw_legend(&self, drawer: &mut impl Drawer, layout: &Layout, keys: &[Key]) {
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
        let mut caption = self.title.clone().unwrap_or_default();
        let who = match (&self.agent_name, self.agent_radius) {
            (Some(name), Some(r)) => {
                format!("{} (radius {})", crate::quote::capped(name), text::given(r))
            }
            (None, Some(r)) => format!("agent radius {}", text::given(r)),
            _ => "edge clearance: the largest agent radius that fits".to_string(),
        };
        if !caption.is_empty() {
            caption.push_str(" · ");
        }
        caption.push_str(&who);
        if let Some(r) = self.agent_radius {
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
                    Key::Ramp(top) => self.draw_ramp_key(drawer, Point::new(x, y), *top, &words),
                }
                x += key.width();
            }
        }
    }

    fn draw_ramp_key(&self, drawer: &mut impl Drawer, at: Point, top: f64, words: &TextStyle) {
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

    /// A scale bar ending at `end` (its label's baseline), and the axes.
    fn draw_scale_bar(&self, drawer: &mut impl Drawer, frame: &Frame, end: Point) {
        let length = nice_length(120.0 / frame.scale());
        let pixels = frame.length(length);
        let y = end.y - 4.0;
        let (x1, x0) = (end.x, end.x - pixels);
        let ink = Style::stroke(palette::INK, 1.5);
        drawer.polyline(
            &[
                Point::new(x0, y - 5.0),
                Point::new(x0, y),
                Point::new(x1, y),
                Point::new(x1, y - 5.0),
            ],
            &ink,
            Some(&format!(
                "scale: {}",
                scale_label(length).replace("unit", "level unit")
            )),
        );
        let style = TextStyle {
            size: LEGEND_FONT,
            color: palette::INK,
            anchor: Anchor::Middle,
            bold: false,
            halo: false,
        };
        drawer.text(
            Point::new((x0 + x1) / 2.0, y - 4.0),
            &scale_label(length),
            &style,
        );
        // Axes: x to the right, y up, as in the level.
        let o = Point::new(x0 - 44.0, y);
        let arrow = Style::stroke(palette::MUTED, 1.2);
        drawer.polyline(&[o, Point::new(o.x + 18.0, o.y)], &arrow, None);
        drawer.polyline(&[o, Point::new(o.x, o.y - 18.0)], &arrow, None);
        let head = Style::fill(palette::MUTED);
        drawer.polygon(
            &[
                Point::new(o.x + 22.0, o.y),
                Point::new(o.x + 16.0, o.y - 3.0),
                Point::new(o.x + 16.0, o.y + 3.0),
            ],
            &head,
            None,
        );
        drawer.polygon(
            &[
                Point::new(o.x, o.y - 22.0),
                Point::new(o.x - 3.0, o.y - 16.0),
                Point::new(o.x + 3.0, o.y - 16.0),
            ],
            &head,
            None,
        );
        let small = TextStyle {
            size: LABEL_FONT,
            color: palette::MUTED,
            anchor: Anchor::Start,
            bold: false,
            halo: false,
        };
        drawer.text(Point::new(o.x + 25.0, o.y + 4.0), "x", &small);
        drawer.text(Point::new(o.x + 5.0, o.y - 16.0), "y", &small);
    }
}

/// Lays the keys out in rows that fit the picture's width.
fn legend_rows(keys: &[Key], width: f64) -> Vec<Vec<usize>> {
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

/// The verdict of an edge group drawn against a radius (its `Verdict as
/// usize`).
fn group_verdict(group: usize) -> Verdict {
    match group {
        0 => Verdict::Clear,
        1 => Verdict::Tight,
        _ => Verdict::Blocked,
    }
}

/// The words for a verdict in the legend.
fn verdict_words(v: Verdict, r: f64) -> String {
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

/// `length 30.2, cost 34, 5 edges, via 100 -> 101 -> 110`.
fn route_words(map: &Map, r: &Route) -> String {
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

/// What an obstacle is, for its title.
fn describe(o: &Obstacle) -> String {
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

/// The top of the continuous scale: the largest finite edge clearance,
/// rounded up to a round number.
fn ramp_top(clearances: &Clearances) -> f64 {
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

/// A round length (1, 2 or 5 times a power of ten) close to `about`.
fn nice_length(about: f64) -> f64 {
    if !(about.is_finite() && about > 0.0) {
        return 1.0;
    }
    let power = 10f64.powf(about.log10().floor());
    let m = about / power;
    let step = if m < 1.5 {
        1.0
    } else if m < 3.5 {
        2.0
    } else if m < 7.5 {
        5.0
    } else {
        10.0
    };
    step * power
}

/// The scale bar's label: `1 unit`, `50 units`, `0.002 units`, or in
/// exponent notation from a million on and below 0.001 (`2e14 units`).
fn scale_label(length: f64) -> String {
    let number = if (1e-3..1e6).contains(&length) {
        short(length)
    } else {
        let exponent = length.log10().floor();
        let mantissa = crate::numbers::significant(length / 10f64.powf(exponent), 3);
        // Rounding may give 10 (9.996e5): carry it into the exponent.
        if mantissa == "10" {
            format!("1e{}", exponent + 1.0)
        } else {
            format!("{mantissa}e{exponent}")
        }
    };
    let unit = if number == "1" { "unit" } else { "units" };
    format!("{number} {unit}")
}

/// A box behind a label written at `at` in `style`.
fn label_box(at: Point, label: &str, style: &TextStyle) -> [Point; 4] {
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

/// A square around `c`, `half` pixels each way.
fn square(c: Point, half: f64) -> [Point; 4] {
    [
        Point::new(c.x - half, c.y - half),
        Point::new(c.x + half, c.y - half),
        Point::new(c.x + half, c.y + half),
        Point::new(c.x - half, c.y + half),
    ]
}

/// The outline of a disc of radius `r` swept from `a` to `b` (a stadium),
/// in picture coordinates.
fn capsule(a: Point, b: Point, r: f64) -> Vec<Point> {
    const STEPS: usize = 12;
    let d = b - a;
    let length = d.length();
    let u = if length > 1e-9 {
        d * (1.0 / length)
    } else {
        Point::new(1.0, 0.0)
    };
    let n = Point::new(-u.y, u.x);
    let mut points = Vec::with_capacity(2 * STEPS + 2);
    // Around b from +n through +u to -n, then around a from -n through -u to +n.
    for (center, side) in [(b, 1.0), (a, -1.0)] {
        for k in 0..=STEPS {
            let angle = std::f64::consts::PI * k as f64 / STEPS as f64;
            let (sin, cos) = angle.sin_cos();
            let offset = (n * cos + u * sin) * (side * r);
            points.push(center + offset);
        }
    }
    points
}

/// An estimate of a text's width in pixels (DejaVu Sans averages ~0.6 em).
fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.56
}

/// Draws a circle or polygon obstacle filled (polygons by the even-odd rule);
/// a circle is never drawn smaller than a point obstacle's dot.
fn draw_area(
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

#[cfg(test)]
mod tests {
    use super::{capsule, nice_length};
    use crate::geometry::Point;

    #[test]
    fn scale_labels_are_short_and_agree_in_number() {
        assert_eq!(super::scale_label(1.0), "1 unit");
        assert_eq!(super::scale_label(50.0), "50 units");
        assert_eq!(super::scale_label(0.5), "0.5 units");
        assert_eq!(super::scale_label(0.002), "0.002 units");
        assert_eq!(super::scale_label(nice_length(2.3e14)), "2e14 units");
        assert_eq!(super::scale_label(nice_length(4e-7)), "5e-7 units");
        assert_eq!(super::scale_label(1e6), "1e6 units");
    }

    #[test]
    fn nice_lengths_are_one_two_or_five() {
        assert_eq!(nice_length(3.0), 2.0);
        assert_eq!(nice_length(12.0), 10.0);
        assert_eq!(nice_length(40.0), 50.0);
        assert_eq!(nice_length(0.8), 1.0);
    }

    #[test]
    fn capsule_stays_r_away_from_its_segment() {
        let (a, b) = (Point::new(0.0, 0.0), Point::new(10.0, 0.0));
        for p in capsule(a, b, 2.0) {
            let s = crate::geometry::segment_to_point(crate::geometry::Segment::new(a, b), p);
            assert!((s.distance - 2.0).abs() < 1e-9, "{p:?}");
        }
    }
}
