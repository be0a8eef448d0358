//! The picture of a level: what it shows (built by [`Picture`]'s
//! methods) and the order its layers are drawn in. Each layer, the layout
//! and the legend are in files of their own beside this one; everything
//! here speaks to a [`Drawer`], nothing knows about SVG.

use super::drawer::{Drawer, Style};
use super::flatten::Flatten;
use super::frame::Frame;
use super::labels::{self, Labels, dropped_words};
use super::layout::Layout;
use super::legend::Key;
use super::options::PictureOptions;
use super::palette;
use crate::clearance::Clearances;
use crate::dimension::Plane;
use crate::geometry::Point;
use crate::indices::EdgeIdx;
use crate::map::Map;

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
pub(super) const LABELLED_PINCHES: usize = 60;
/// Above this many blocked edges, their agent outlines are left out.
pub(super) const MAX_CAPSULES: usize = 2_000;

pub(super) const MARGIN: f64 = 24.0;
pub(super) const MIN_WIDTH: f64 = 820.0;
pub(super) const LEGEND_GAP: f64 = 14.0;
pub(super) const ROW: f64 = 24.0;
pub(super) const LEGEND_FONT: f64 = 13.0;
pub(super) const LABEL_FONT: f64 = 11.0;
pub(super) const TITLE_FONT: f64 = 15.0;

/// A picture of a level: its obstacles, its edges coloured by clearance, and
/// optionally an agent radius and routes. Build it, then write it with
/// [`Picture::to_svg`], [`Picture::to_png`] or [`Picture::to_html`].
///
/// With an agent radius, edges are red where blocked (each marked at its
/// pinch point, with the agent's outline along it), orange where the agent
/// fits with less than one radius to spare, green elsewhere. Without one,
/// edges are coloured by clearance on a continuous scale, red narrow to blue
/// wide.
///
/// ```
/// use clearway::{Clearances, Map};
/// use clearway::render::{Picture, PictureOptions};
/// let map = Map::loader().read_str(r#"Map(
///     nodes: [(id: 0, pos: (0.0, 0.0)), (id: 1, pos: (10.0, 0.0))],
///     edges: [(from: 0, to: 1)],
///     obstacles: [Circle(center: (5.0, 2.0), radius: 1.0)],
/// )"#, "level.ron")?;
/// let clearances = Clearances::compute(&map);
/// let options = PictureOptions { agent_radius: Some(1.5), ..PictureOptions::default() };
/// let svg = Picture::new(&map, &clearances, options).to_svg();
/// assert!(svg.starts_with("<?xml"));
/// assert!(svg.contains("edge 0 (0 -&gt; 1): clearance 1 &lt; radius 1.5: blocked"));
/// # Ok::<(), clearway::map::LoadError>(())
/// ```
///
/// A 3D level (`Picture<Space>`) is seen from above along its up axis
/// ([`PictureOptions::up`](super::PictureOptions::up)): obstacles as their footprints shaded by their height,
/// nodes filled by their height, heights in every title; edges are coloured
/// as in 2D.
#[derive(Clone, Debug)]
pub struct Picture<'a, D: Flatten = Plane> {
    pub(super) map: &'a Map<D>,
    pub(super) clearances: &'a Clearances<D>,
    pub(super) options: PictureOptions<D::Point>,
}

/// Computed once per drawing: sizes that depend on the map's density.
pub(super) struct Metrics {
    pub(super) edge_width: f64,
    pub(super) large: bool,
    pub(super) many_obstacles: bool,
    pub(super) labels: bool,
}

impl Metrics {
    /// The radius of a node's disc, in pixels.
    pub(super) fn node_radius(&self) -> f64 {
        (self.edge_width * 1.2).clamp(2.5, 4.5)
    }
}

impl<'a, D: Flatten> Picture<'a, D> {
    /// A picture of `map` with its `clearances`, showing what `options`
    /// asks for besides.
    pub fn new(
        map: &'a Map<D>,
        clearances: &'a Clearances<D>,
        options: PictureOptions<D::Point>,
    ) -> Picture<'a, D> {
        Picture {
            map,
            clearances,
            options,
        }
    }

    /// Where a level position is drawn, in level units on the picture's
    /// plane.
    pub(super) fn at(&self, p: D::Point) -> Point {
        D::flat(p, self.options.up)
    }

    /// The picture as an SVG document.
    pub fn to_svg(&self) -> String {
        let mut svg = super::SvgWriter::new();
        self.draw_on(&mut svg);
        svg.finish()
    }

    /// The picture as a PNG: the SVG, rasterised by resvg.
    ///
    /// # Errors
    /// When rasterising fails (see [`super::PngError`]).
    pub fn to_png(&self) -> Result<Vec<u8>, super::PngError> {
        super::svg_to_png(&self.to_svg())
    }

    /// Draws the picture, back to front, on a drawer: for the tests that
    /// ask what was drawn (feature `test-twins`).
    #[cfg(any(test, feature = "test-twins"))]
    pub fn draw(&self, drawer: &mut impl Drawer) {
        self.draw_on(drawer);
    }

    /// Draws the picture, back to front.
    pub(crate) fn draw_on(&self, drawer: &mut impl Drawer) {
        let (keys, layout, metrics, labels) = self.plan();
        drawer.begin(layout.width, layout.height);
        if let Some((w, h)) = layout.output {
            drawer.output_size(w, h);
        }
        self.notes(drawer, &metrics, labels.dropped);
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
        self.draw_closed(drawer, &layout.frame, &metrics);
        self.draw_areas(drawer, &layout.frame, &metrics);
        if let Some(r) = self.options.agent_radius {
            self.draw_capsules(drawer, &layout.frame, &metrics, r);
        }
        self.draw_ground_gaps(drawer, &layout.frame);
        if !metrics.large {
            self.draw_nodes(drawer, &layout.frame, &metrics);
        }
        // Routes over every shape of the level, so that one over dense edges
        // stays visible; only the small markers of the verdicts (pinch
        // points), the view's centre and the labels over them.
        self.draw_routes(drawer, &layout.frame, &metrics);
        if let Some(r) = self.options.agent_radius {
            self.draw_pinches(drawer, &layout.frame, r);
        }
        self.draw_centre(drawer, &layout.frame, &metrics);
        draw_labels(drawer, &labels);
        if layout.clip.is_some() {
            drawer.clip(None);
        }
        self.draw_legend(drawer, &layout, &keys);
    }

    /// What a drawing works out before its first shape: the legend's
    /// keys, where things go, the sizes, and the labels placed. When labels
    /// are left out, the legend says how many, which may take a row: the
    /// layout is worked out again, and the labels with it (the map area
    /// only moves, so the same labels fit).
    pub(super) fn plan(&self) -> (Vec<Key>, Layout, Metrics, Labels) {
        let mut keys = self.legend_keys();
        let mut layout = self.layout_with(&keys);
        let mut metrics = self.metrics(&layout.frame);
        let mut labels = self.labels(&layout, &metrics);
        if labels.dropped > 0 {
            keys.push(Key::Note(dropped_words(labels.dropped)));
            layout = self.layout_with(&keys);
            metrics = self.metrics(&layout.frame);
            labels = self.labels(&layout, &metrics);
            if let Some(Key::Note(words)) = keys.last_mut() {
                *words = dropped_words(labels.dropped);
            }
        }
        (keys, layout, metrics, labels)
    }

    /// The pinch point labels, then the node labels, placed clear of one
    /// another within the map area (grown by the margin around it; the
    /// view's clip when the picture shows part of the level).
    fn labels(&self, layout: &Layout, metrics: &Metrics) -> Labels {
        let frame = &layout.frame;
        let mut wanted = match self.options.agent_radius {
            Some(r) => self.pinch_labels(frame, r),
            None => Vec::new(),
        };
        wanted.extend(self.node_labels(frame, metrics));
        let area = layout.clip.unwrap_or_else(|| {
            let [lo, hi] = frame.area();
            [
                Point::new(lo.x - MARGIN, lo.y - MARGIN),
                Point::new(hi.x + MARGIN, hi.y + LEGEND_GAP - 6.0),
            ]
        });
        let discs: Vec<(Point, f64)> = if metrics.large {
            Vec::new()
        } else {
            let radius = metrics.node_radius();
            let at = |n: &crate::map::Node<D::Point>| frame.to_picture(self.at(n.pos));
            self.map.nodes().iter().map(|n| (at(n), radius)).collect()
        };
        labels::place(wanted, area, &discs)
    }

    pub(super) fn metrics(&self, frame: &Frame) -> Metrics {
        let mut lengths: Vec<f64> = (0..self.map.edges().len())
            .map(|i| {
                frame.length(D::drawn_length(
                    self.map.edge_segment(EdgeIdx::new(i)),
                    self.options.up,
                ))
            })
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
}

/// The labels layer, over everything else of the level.
fn draw_labels(drawer: &mut impl Drawer, labels: &Labels) {
    if labels.placed.is_empty() {
        return;
    }
    drawer.layer("labels");
    for label in &labels.placed {
        drawer.text(label.at, &label.text, &label.style);
    }
}
