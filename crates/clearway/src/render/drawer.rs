//! The drawing primitives a picture is made of, and a drawer that records
//! them for tests.
//!
//! Every coordinate handed to a [`Drawer`] is in *picture* units (pixels, y
//! down): the scene has already mapped level coordinates through its
//! [`Frame`](super::Frame). A drawer only decides how to write shapes down.

use crate::geometry::Point;

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Color {
    /// Red, 0 to 255.
    pub r: u8,
    /// Green, 0 to 255.
    pub g: u8,
    /// Blue, 0 to 255.
    pub b: u8,
}

impl Color {
    /// Makes a colour from its `0xRRGGBB` value.
    pub const fn hex(rgb: u32) -> Color {
        Color {
            r: (rgb >> 16) as u8,
            g: (rgb >> 8) as u8,
            b: rgb as u8,
        }
    }

    /// The colour as `#rrggbb`.
    ///
    /// ```
    /// assert_eq!(clearway::render::Color::hex(0xd62728).to_css(), "#d62728");
    /// ```
    pub fn to_css(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }

    /// The colour a fraction `t` (0 to 1) of the way from `self` to `other`.
    pub fn mix(self, other: Color, t: f64) -> Color {
        let t = t.clamp(0.0, 1.0);
        let channel =
            |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
        Color {
            r: channel(self.r, other.r),
            g: channel(self.g, other.g),
            b: channel(self.b, other.b),
        }
    }
}

/// How a shape is painted.
#[derive(Clone, Debug, PartialEq)]
pub struct Style {
    /// The fill colour; `None` leaves the inside empty.
    pub fill: Option<Color>,
    /// The outline colour; `None` draws no outline.
    pub stroke: Option<Color>,
    /// The outline width in pixels.
    pub stroke_width: f64,
    /// Dashes and gaps in pixels; `None` for a solid outline.
    pub dash: Option<(f64, f64)>,
    /// The opacity of the whole shape, 0 to 1.
    pub opacity: f64,
    /// Round caps and joins (for lines and walls), rather than square ones.
    pub round: bool,
    /// Fill by the even-odd rule (as the map format reads polygons), rather
    /// than non-zero.
    pub even_odd: bool,
}

impl Style {
    /// A filled shape without outline.
    pub fn fill(color: Color) -> Style {
        Style {
            fill: Some(color),
            stroke: None,
            stroke_width: 0.0,
            dash: None,
            opacity: 1.0,
            round: false,
            even_odd: false,
        }
    }

    /// An outline (or a line) without fill, with round caps and joins.
    pub fn stroke(color: Color, width: f64) -> Style {
        Style {
            fill: None,
            stroke: Some(color),
            stroke_width: width,
            dash: None,
            opacity: 1.0,
            round: true,
            even_odd: false,
        }
    }

    /// The same style with an outline added.
    pub fn outlined(mut self, color: Color, width: f64) -> Style {
        self.stroke = Some(color);
        self.stroke_width = width;
        self
    }

    /// The same style, dashed.
    pub fn dashed(mut self, dash: f64, gap: f64) -> Style {
        self.dash = Some((dash, gap));
        self
    }

    /// The same style at this opacity.
    pub fn with_opacity(mut self, opacity: f64) -> Style {
        self.opacity = opacity;
        self
    }

    /// The same style, filled by the even-odd rule.
    pub fn even_odd(mut self) -> Style {
        self.even_odd = true;
        self
    }
}

/// Where a text sits relative to its anchor point, horizontally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The text starts at the point.
    Start,
    /// The text is centred on the point.
    Middle,
    /// The text ends at the point.
    End,
}

/// How a text is written.
#[derive(Clone, Debug, PartialEq)]
pub struct TextStyle {
    /// The font size in pixels.
    pub size: f64,
    /// The text colour.
    pub color: Color,
    /// Horizontal alignment on the anchor point (which is on the baseline).
    pub anchor: Anchor,
    /// Bold type.
    pub bold: bool,
    /// A white halo behind the letters, to keep them legible over lines.
    pub halo: bool,
}

/// The primitives a picture is drawn with. The scene calls these in drawing
/// order (later shapes on top); an implementation writes them down.
///
/// Only the shape methods are required; layers, notes and the bulk
/// primitives have defaults built on them.
///
/// ```
/// use clearway::geometry::Point;
/// use clearway::render::{Drawer, Style, TextStyle};
///
/// /// Counts the shapes of a picture.
/// #[derive(Default)]
/// struct Counter(usize);
///
/// impl Drawer for Counter {
///     fn begin(&mut self, _width: f64, _height: f64) {}
///     fn polygon(&mut self, _: &[Point], _: &Style, _: Option<&str>) { self.0 += 1; }
///     fn polyline(&mut self, _: &[Point], _: &Style, _: Option<&str>) { self.0 += 1; }
///     fn circle(&mut self, _: Point, _: f64, _: &Style, _: Option<&str>) { self.0 += 1; }
///     fn text(&mut self, _: Point, _: &str, _: &TextStyle) { self.0 += 1; }
/// }
///
/// let map = clearway::Map::loader().read_str(
///     "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (4, 0))], edges: [(from: 0, to: 1)])",
///     "doc.ron",
/// ).unwrap();
/// let clearances = clearway::Clearances::compute(&map);
/// let mut counter = Counter::default();
/// clearway::render::Picture::new(&map, &clearances, Default::default()).draw(&mut counter);
/// assert!(counter.0 > 3);
/// ```
pub trait Drawer {
    /// Starts a picture of this size, in pixels. Called once, first.
    fn begin(&mut self, width: f64, height: f64);

    /// A closed, filled and/or outlined polygon.
    fn polygon(&mut self, points: &[Point], style: &Style, title: Option<&str>);

    /// An open line through the points.
    fn polyline(&mut self, points: &[Point], style: &Style, title: Option<&str>);

    /// A circle.
    fn circle(&mut self, center: Point, radius: f64, style: &Style, title: Option<&str>);

    /// A line of text; `at` is on its baseline.
    fn text(&mut self, at: Point, text: &str, style: &TextStyle);

    /// Starts a named layer (obstacles, edges, ...); it lasts until the next
    /// one. The default ignores layers.
    fn layer(&mut self, _name: &str) {}

    /// A remark about the picture, such as a simplification made for a large
    /// map. The default ignores it.
    fn note(&mut self, _text: &str) {}

    /// Writes the picture `width` x `height` pixels big, scaled uniformly
    /// from the size given to [`Drawer::begin`] (for `--width`/`--height`).
    /// The default ignores it.
    fn output_size(&mut self, _width: f64, _height: f64) {}

    /// Clips the layers started from now on to a rectangle (upper-left and
    /// lower-right corners), when the picture shows part of a level; `None`
    /// stops clipping. The default ignores it.
    fn clip(&mut self, _area: Option<[Point; 2]>) {}

    /// Many separate straight segments in one style, sharing one title. The
    /// default draws each as a polyline.
    fn segments(&mut self, segments: &[[Point; 2]], style: &Style, title: Option<&str>) {
        for s in segments {
            self.polyline(s, style, title);
        }
    }

    /// Many small discs of one radius and style, sharing one title. The
    /// default draws each as a circle.
    fn dots(&mut self, centers: &[Point], radius: f64, style: &Style, title: Option<&str>) {
        for &c in centers {
            self.circle(c, radius, style, title);
        }
    }
}

#[cfg(any(test, feature = "test-twins"))]
/// The kind of a recorded shape, with its geometry.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A closed polygon.
    Polygon(Vec<Point>),
    /// An open line.
    Polyline(Vec<Point>),
    /// A circle: centre and radius.
    Circle(Point, f64),
    /// Separate segments drawn as one.
    Segments(Vec<[Point; 2]>),
    /// Discs of one radius drawn as one.
    Dots(Vec<Point>, f64),
    /// A text and where it is.
    Text(Point, String),
}

#[cfg(any(test, feature = "test-twins"))]
/// One call to a [`Drawer`], as a [`RecordingDrawer`] keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct Recorded {
    /// The layer it was drawn in (`""` before the first layer).
    pub layer: String,
    /// What was drawn, and where (pixels, y down).
    pub shape: Shape,
    /// Its style; `None` for texts.
    pub style: Option<Style>,
    /// Its text style; `None` for shapes.
    pub text_style: Option<TextStyle>,
    /// Its hover title.
    pub title: Option<String>,
}

#[cfg(any(test, feature = "test-twins"))]
/// A drawer that keeps every call, for tests that ask what was drawn rather
/// than how it was written. It records bulk primitives as they come.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordingDrawer {
    /// The picture size given to [`Drawer::begin`].
    pub size: (f64, f64),
    /// Every shape and text, in drawing order.
    pub shapes: Vec<Recorded>,
    /// Every note.
    pub notes: Vec<String>,
    /// The size given to [`Drawer::output_size`], if any.
    pub output_size: Option<(f64, f64)>,
    /// The last clip rectangle given to [`Drawer::clip`], if any.
    pub clip_area: Option<[Point; 2]>,
    /// The layers started while clipping was on, in order.
    pub clipped_layers: Vec<String>,
    layer: String,
    clipping: bool,
}

#[cfg(any(test, feature = "test-twins"))]
impl RecordingDrawer {
    /// The shapes drawn in a layer, in drawing order.
    pub fn in_layer<'a>(&'a self, layer: &'a str) -> impl Iterator<Item = &'a Recorded> + 'a {
        self.shapes.iter().filter(move |s| s.layer == layer)
    }

    /// The shapes whose title contains `text`.
    pub fn titled<'a>(&'a self, text: &'a str) -> impl Iterator<Item = &'a Recorded> + 'a {
        self.shapes
            .iter()
            .filter(move |s| s.title.as_deref().is_some_and(|t| t.contains(text)))
    }

    /// Every text written, in order.
    pub fn texts(&self) -> Vec<&str> {
        self.shapes
            .iter()
            .filter_map(|s| match &s.shape {
                Shape::Text(_, t) => Some(t.as_str()),
                _ => None,
            })
            .collect()
    }

    fn push(&mut self, shape: Shape, style: &Style, title: Option<&str>) {
        self.shapes.push(Recorded {
            layer: self.layer.clone(),
            shape,
            style: Some(style.clone()),
            text_style: None,
            title: title.map(str::to_string),
        });
    }
}

#[cfg(any(test, feature = "test-twins"))]
impl Drawer for RecordingDrawer {
    fn begin(&mut self, width: f64, height: f64) {
        self.size = (width, height);
    }

    fn polygon(&mut self, points: &[Point], style: &Style, title: Option<&str>) {
        self.push(Shape::Polygon(points.to_vec()), style, title);
    }

    fn polyline(&mut self, points: &[Point], style: &Style, title: Option<&str>) {
        self.push(Shape::Polyline(points.to_vec()), style, title);
    }

    fn circle(&mut self, center: Point, radius: f64, style: &Style, title: Option<&str>) {
        self.push(Shape::Circle(center, radius), style, title);
    }

    fn text(&mut self, at: Point, text: &str, style: &TextStyle) {
        self.shapes.push(Recorded {
            layer: self.layer.clone(),
            shape: Shape::Text(at, text.to_string()),
            style: None,
            text_style: Some(style.clone()),
            title: None,
        });
    }

    fn layer(&mut self, name: &str) {
        self.layer = name.to_string();
        if self.clipping {
            self.clipped_layers.push(name.to_string());
        }
    }

    fn note(&mut self, text: &str) {
        self.notes.push(text.to_string());
    }

    fn output_size(&mut self, width: f64, height: f64) {
        self.output_size = Some((width, height));
    }

    fn clip(&mut self, area: Option<[Point; 2]>) {
        self.clipping = area.is_some();
        if area.is_some() {
            self.clip_area = area;
        }
    }

    fn segments(&mut self, segments: &[[Point; 2]], style: &Style, title: Option<&str>) {
        self.push(Shape::Segments(segments.to_vec()), style, title);
    }

    fn dots(&mut self, centers: &[Point], radius: f64, style: &Style, title: Option<&str>) {
        self.push(Shape::Dots(centers.to_vec(), radius), style, title);
    }
}
