//! The scale bar and the axes at the right of the legend's caption.

use super::drawer::{Anchor, Drawer, Style, TextStyle};
use super::flatten::Flatten;
use super::frame::Frame;
use super::palette;
use super::scene::{LABEL_FONT, LEGEND_FONT, Picture};
use super::text::short;
use crate::geometry::Point;

impl<D: Flatten> Picture<'_, D> {
    /// A scale bar ending at `end` (its label's baseline), and the axes.
    pub(super) fn draw_scale_bar(&self, drawer: &mut impl Drawer, frame: &Frame, end: Point) {
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
        // Axes: x to the right, y up, as in the level (x and −z for a 3D
        // level seen along y).
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
        let [right, up] = D::picture_axes(self.options.up);
        drawer.text(Point::new(o.x + 25.0, o.y + 4.0), right, &small);
        drawer.text(Point::new(o.x + 5.0, o.y - 16.0), up, &small);
    }
}

/// A round length (1, 2 or 5 times a power of ten) close to `about`.
pub(super) fn nice_length(about: f64) -> f64 {
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
pub(super) fn scale_label(length: f64) -> String {
    let number = if (1e-3..1e6).contains(&length) {
        short(length)
    } else {
        let exponent = length.log10().floor();
        let mantissa = clearway_text::numbers::significant(length / 10f64.powf(exponent), 3);
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

#[cfg(test)]
mod tests {
    use super::nice_length;

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
}
