//! The obstacles as the HTML page draws them: the picture's own obstacles
//! layer ([`Picture::draw_obstacles`]), caught by a [`Drawer`] that keeps
//! each shape in level units on the picture's plane. The page draws the
//! same shapes in the same colours as the SVG and PNG, at any zoom.

use super::drawer::{Color, Drawer, Style, TextStyle};
use super::frame::Frame;
use super::packed::{Packed, json_string};
use crate::geometry::Point;

/// What a shape is, as the page's `shapeKinds` numbers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ShapeKind {
    Polygon = 0,
    Polyline = 1,
    Circle = 2,
}

/// The obstacle shapes, in drawing order.
#[derive(Debug)]
pub(super) struct ShapeCollector {
    frame: Frame,
    /// The distinct styles, as `(fill, stroke, width, dash, even-odd)`.
    styles: Vec<Style>,
    /// Per shape: kind, style, first coordinate pair, pair count.
    records: Vec<u32>,
    /// Level-unit coordinates: x, y pairs; a circle is its centre, then
    /// (radius, 0).
    coords: Vec<f64>,
}

impl ShapeCollector {
    /// A collector that takes picture points back to the level by `frame`.
    pub fn new(frame: Frame) -> ShapeCollector {
        ShapeCollector {
            frame,
            styles: Vec::new(),
            records: Vec::new(),
            coords: Vec::new(),
        }
    }

    /// How many shapes were caught.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.records.len() / 4
    }

    fn style_index(&mut self, style: &Style) -> u32 {
        let at = self.styles.iter().position(|s| s == style);
        let i = at.unwrap_or_else(|| {
            self.styles.push(style.clone());
            self.styles.len() - 1
        });
        i as u32
    }

    fn add(&mut self, kind: ShapeKind, points: &[Point], style: &Style) {
        let style = self.style_index(style);
        let first = (self.coords.len() / 2) as u32;
        for p in points {
            let level = self.frame.to_level(*p);
            self.coords.extend([level.x, level.y]);
        }
        self.records
            .extend([kind as u32, style, first, points.len() as u32]);
    }

    /// Packs the shapes as the arrays `shapes` and `shapeXY`; the styles as
    /// JSON (colours as `#rrggbb`, widths in pixels at the page's first
    /// zoom, which is the picture's).
    pub fn pack(&self, packed: &mut Packed) -> String {
        packed.u32s("shapes", self.records.iter().copied());
        packed.f64s("shapeXY", self.coords.iter().copied());
        let color = |c: Option<Color>| {
            c.map_or("null".to_string(), |c| {
                json_string(&format!("#{:02x}{:02x}{:02x}", c.r, c.g, c.b))
            })
        };
        let styles: Vec<String> = self
            .styles
            .iter()
            .map(|s| {
                let dash = s
                    .dash
                    .map_or("null".to_string(), |(d, g)| format!("[{d},{g}]"));
                format!(
                    "{{\"fill\":{},\"stroke\":{},\"width\":{},\"dash\":{dash},\"opacity\":{},\"round\":{},\"evenOdd\":{}}}",
                    color(s.fill),
                    color(s.stroke),
                    finite(s.stroke_width),
                    finite(s.opacity),
                    s.round,
                    s.even_odd
                )
            })
            .collect();
        format!("[{}]", styles.join(","))
    }
}

/// A style number as JSON: JSON has no infinity nor NaN.
fn finite(x: f64) -> f64 {
    if x.is_finite() { x } else { 0.0 }
}

impl Drawer for ShapeCollector {
    fn begin(&mut self, _width: f64, _height: f64) {}

    fn polygon(&mut self, points: &[Point], style: &Style, _title: Option<&str>) {
        self.add(ShapeKind::Polygon, points, style);
    }

    fn polyline(&mut self, points: &[Point], style: &Style, _title: Option<&str>) {
        self.add(ShapeKind::Polyline, points, style);
    }

    fn circle(&mut self, center: Point, radius: f64, style: &Style, _title: Option<&str>) {
        // The radius as a second point: (radius in level units, 0) after
        // the centre, kept apart from the frame's shift.
        let style_index = self.style_index(style);
        let first = (self.coords.len() / 2) as u32;
        let c = self.frame.to_level(center);
        self.coords
            .extend([c.x, c.y, radius / self.frame.scale(), 0.0]);
        self.records
            .extend([ShapeKind::Circle as u32, style_index, first, 2]);
    }

    fn text(&mut self, _at: Point, _text: &str, _style: &TextStyle) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::frame::Bounds;
    use crate::render::palette;

    fn frame() -> Frame {
        let bounds = Bounds {
            min: Point::new(0.0, 0.0),
            max: Point::new(10.0, 5.0),
        };
        // 10 pixels per level unit, the upper-left corner at (20, 30).
        Frame::fit(bounds, 100.0, Point::new(20.0, 30.0))
    }

    #[test]
    fn shapes_come_back_in_level_units() {
        let f = frame();
        let mut c = ShapeCollector::new(f);
        let solid = Style::fill(palette::OBSTACLE);
        c.polygon(
            &[
                f.to_picture(Point::new(1.0, 1.0)),
                f.to_picture(Point::new(2.0, 1.0)),
                f.to_picture(Point::new(2.0, 3.0)),
            ],
            &solid,
            None,
        );
        c.circle(f.to_picture(Point::new(5.0, 2.5)), 15.0, &solid, None);
        let wall = Style::stroke(palette::WALL, 3.0);
        c.polyline(
            &[
                f.to_picture(Point::new(0.0, 0.0)),
                f.to_picture(Point::new(10.0, 5.0)),
            ],
            &wall,
            None,
        );
        assert_eq!(c.len(), 3);
        assert_eq!(c.records, [0, 0, 0, 3, 2, 0, 3, 2, 1, 1, 5, 2]);
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        let expected = [
            1.0, 1.0, 2.0, 1.0, 2.0, 3.0, 5.0, 2.5, 1.5, 0.0, 0.0, 0.0, 10.0, 5.0,
        ];
        assert_eq!(c.coords.len(), expected.len());
        for (got, want) in c.coords.iter().zip(expected) {
            assert!(close(*got, want), "{got} != {want}");
        }
        let mut packed = Packed::default();
        let styles = c.pack(&mut packed);
        assert_eq!(packed.arrays.len(), 2);
        assert!(styles.starts_with("[{\"fill\":\"#4a4a4a\",\"stroke\":null"));
        assert!(styles.contains("\"stroke\":\"#303030\",\"width\":3"));
    }
}
