//! The SVG writer: a [`Drawer`] that writes compact, deterministic SVG.
//!
//! Styles become CSS classes (`s0`, `s1`, ... in order of first use), so an
//! element carries only its geometry and its title. Coordinates are written
//! in tenths of a pixel, trailing zeros trimmed, so that the same picture is
//! the same bytes on every machine.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::drawer::{Anchor, Drawer, Style, TextStyle};
use crate::geometry::Point;
use clearway_text::xml::{XmlWhitespace, escape_xml, xml_char};

/// The font stack texts ask for: the PNG is drawn in the built-in DejaVu Sans
/// ([`super::Fonts`]); a browser uses the first of these it has.
pub const FONT_FAMILY: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";

/// Writes the shapes it is given as one SVG document.
///
/// ```
/// use clearway::geometry::Point;
/// use clearway::render::{Color, Drawer, Style, SvgWriter};
/// let mut svg = SvgWriter::new();
/// svg.begin(100.0, 50.0);
/// svg.circle(Point::new(10.0, 20.0), 3.0, &Style::fill(Color::hex(0xff0000)), Some("a dot"));
/// let text = svg.finish();
/// assert!(text.contains(r#"<circle class="s0" cx="10" cy="20" r="3"><title>a dot</title></circle>"#));
/// assert!(text.contains(".s0{fill:#ff0000;stroke:none}"));
/// ```
#[derive(Debug, Default)]
pub struct SvgWriter {
    width: f64,
    height: f64,
    classes: Vec<String>,
    class_of: HashMap<String, usize>,
    notes: Vec<String>,
    body: String,
    in_layer: bool,
    /// The size the document is shown at, when not its own.
    output: Option<(f64, f64)>,
    /// The clip path of the layers now started (`clipN`), if any.
    clip: Option<String>,
    clips: usize,
}

impl SvgWriter {
    /// An empty writer; call [`Drawer::begin`] first.
    pub fn new() -> SvgWriter {
        SvgWriter::default()
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        if self.in_layer {
            self.body.push_str("</g>\n");
        }
        let mut out = String::with_capacity(self.body.len() + 4096);
        let (w, h) = (num(self.width), num(self.height));
        let (shown_w, shown_h) = match self.output {
            Some((sw, sh)) => (num(sw), num(sh)),
            None => (w.clone(), h.clone()),
        };
        let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{shown_w}" height="{shown_h}" viewBox="0 0 {w} {h}" font-family="{FONT_FAMILY}">"#
        );
        for note in &self.notes {
            let _ = writeln!(out, "<!-- {} -->", comment_text(note));
        }
        out.push_str("<style>\n");
        for (i, css) in self.classes.iter().enumerate() {
            let _ = writeln!(out, ".s{i}{{{css}}}");
        }
        out.push_str("</style>\n");
        out.push_str(&self.body);
        out.push_str("</svg>\n");
        out
    }

    /// The class name for a CSS declaration list, made on first use.
    fn class(&mut self, css: String) -> usize {
        if let Some(&i) = self.class_of.get(&css) {
            return i;
        }
        let i = self.classes.len();
        self.classes.push(css.clone());
        self.class_of.insert(css, i);
        i
    }

    /// Writes `<tag class="sN" attrs` then the title (if any) and the end.
    fn element(&mut self, tag: &str, class: usize, attrs: &str, title: Option<&str>) {
        let _ = write!(self.body, r#"<{tag} class="s{class}" {attrs}"#);
        match title {
            Some(t) => {
                let _ = writeln!(self.body, "><title>{}</title></{tag}>", escape(t));
            }
            None => self.body.push_str("/>\n"),
        }
    }
}

impl Drawer for SvgWriter {
    fn begin(&mut self, width: f64, height: f64) {
        self.width = width;
        self.height = height;
    }

    fn polygon(&mut self, points: &[Point], style: &Style, title: Option<&str>) {
        let class = self.class(style_css(style));
        let attrs = format!(r#"points="{}""#, point_list(points));
        self.element("polygon", class, &attrs, title);
    }

    fn polyline(&mut self, points: &[Point], style: &Style, title: Option<&str>) {
        let class = self.class(style_css(style));
        let attrs = format!(r#"points="{}""#, point_list(points));
        self.element("polyline", class, &attrs, title);
    }

    fn circle(&mut self, center: Point, radius: f64, style: &Style, title: Option<&str>) {
        let class = self.class(style_css(style));
        let attrs = format!(
            r#"cx="{}" cy="{}" r="{}""#,
            num(center.x),
            num(center.y),
            num(radius)
        );
        self.element("circle", class, &attrs, title);
    }

    fn text(&mut self, at: Point, text: &str, style: &TextStyle) {
        let class = self.class(text_css(style));
        let _ = writeln!(
            self.body,
            r#"<text class="s{class}" x="{}" y="{}">{}</text>"#,
            num(at.x),
            num(at.y),
            escape(text)
        );
    }

    fn layer(&mut self, name: &str) {
        if self.in_layer {
            self.body.push_str("</g>\n");
        }
        match &self.clip {
            Some(clip) => {
                let _ = writeln!(
                    self.body,
                    r#"<g id="{}" clip-path="url(#{clip})">"#,
                    escape(name)
                );
            }
            None => {
                let _ = writeln!(self.body, r#"<g id="{}">"#, escape(name));
            }
        }
        self.in_layer = true;
    }

    fn output_size(&mut self, width: f64, height: f64) {
        self.output = Some((width, height));
    }

    fn clip(&mut self, area: Option<[Point; 2]>) {
        let Some([a, b]) = area else {
            self.clip = None;
            return;
        };
        let id = format!("clip{}", self.clips);
        self.clips += 1;
        let _ = writeln!(
            self.body,
            r#"<clipPath id="{id}"><rect x="{}" y="{}" width="{}" height="{}"/></clipPath>"#,
            num(a.x),
            num(a.y),
            num(b.x - a.x),
            num(b.y - a.y)
        );
        self.clip = Some(id);
    }

    fn note(&mut self, text: &str) {
        self.notes.push(text.to_string());
    }

    /// One `<path>` of `m dx dy l dx dy` pieces, every move relative to the
    /// end of the previous piece (short numbers: large maps stay small).
    fn segments(&mut self, segments: &[[Point; 2]], style: &Style, title: Option<&str>) {
        if segments.is_empty() {
            return;
        }
        let class = self.class(style_css(style));
        let mut d = String::with_capacity(segments.len() * 16);
        let mut pen = (0, 0);
        for [a, b] in segments {
            let (ax, ay) = (tenths(a.x), tenths(a.y));
            let (bx, by) = (tenths(b.x), tenths(b.y));
            d.push('m');
            push_pair(&mut d, ax - pen.0, ay - pen.1);
            d.push('l');
            push_pair(&mut d, bx - ax, by - ay);
            pen = (bx, by);
        }
        self.element("path", class, &format!(r#"d="{d}""#), title);
    }

    /// One `<path>` of zero-length pieces with round caps as wide as a dot,
    /// sorted and without repeats.
    fn dots(&mut self, centers: &[Point], radius: f64, style: &Style, title: Option<&str>) {
        if centers.is_empty() {
            return;
        }
        let color = style.fill.or(style.stroke).unwrap_or(super::palette::INK);
        let mut as_stroke = Style::stroke(color, 2.0 * radius);
        as_stroke.opacity = style.opacity;
        let class = self.class(style_css(&as_stroke));
        // Same-looking dots in any order: row by row, so that the relative
        // moves are short, and each once.
        let mut at: Vec<(i64, i64)> = centers.iter().map(|c| (tenths(c.y), tenths(c.x))).collect();
        at.sort_unstable();
        at.dedup();
        let mut d = String::with_capacity(at.len() * 10);
        let mut pen = (0, 0);
        for (y, x) in at {
            d.push('m');
            push_pair(&mut d, x - pen.0, y - pen.1);
            d.push_str("h0");
            pen = (x, y);
        }
        self.element("path", class, &format!(r#"d="{d}""#), title);
    }
}

/// A style as CSS declarations.
fn style_css(style: &Style) -> String {
    let mut css = String::new();
    match style.fill {
        Some(c) => {
            let _ = write!(css, "fill:{}", c.to_css());
        }
        None => css.push_str("fill:none"),
    }
    if style.even_odd {
        css.push_str(";fill-rule:evenodd");
    }
    match style.stroke {
        Some(c) => {
            let _ = write!(
                css,
                ";stroke:{};stroke-width:{}",
                c.to_css(),
                num(style.stroke_width)
            );
            if style.round {
                css.push_str(";stroke-linecap:round;stroke-linejoin:round");
            }
            if let Some((dash, gap)) = style.dash {
                let _ = write!(css, ";stroke-dasharray:{} {}", num(dash), num(gap));
            }
        }
        None => css.push_str(";stroke:none"),
    }
    if style.opacity < 1.0 {
        let _ = write!(css, ";opacity:{}", fixed(style.opacity, 2));
    }
    css
}

/// A text style as CSS declarations.
fn text_css(style: &TextStyle) -> String {
    let mut css = format!(
        "font-size:{}px;fill:{}",
        num(style.size),
        style.color.to_css()
    );
    match style.anchor {
        Anchor::Start => {}
        Anchor::Middle => css.push_str(";text-anchor:middle"),
        Anchor::End => css.push_str(";text-anchor:end"),
    }
    if style.bold {
        css.push_str(";font-weight:bold");
    }
    if style.halo {
        css.push_str(";paint-order:stroke;stroke:#ffffff;stroke-width:3;stroke-linejoin:round");
    }
    css
}

/// `x,y x,y ...`
fn point_list(points: &[Point]) -> String {
    let mut out = String::with_capacity(points.len() * 12);
    for (i, p) in points.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{},{}", num(p.x), num(p.y));
    }
    out
}

/// Two path numbers in tenths, separated by a space, or by nothing before a
/// minus sign.
fn push_pair(d: &mut String, x: i64, y: i64) {
    d.push_str(&fmt_tenths(x));
    if y >= 0 {
        d.push(' ');
    }
    d.push_str(&fmt_tenths(y));
}

/// A picture coordinate in whole tenths of a pixel.
fn tenths(x: f64) -> i64 {
    (x * 10.0).round() as i64
}

/// Whole tenths as a decimal: `12.3`, `12`, `-0.5`.
fn fmt_tenths(t: i64) -> String {
    let sign = if t < 0 { "-" } else { "" };
    let a = t.unsigned_abs();
    if a % 10 == 0 {
        format!("{sign}{}", a / 10)
    } else {
        format!("{sign}{}.{}", a / 10, a % 10)
    }
}

/// A picture number to a tenth of a pixel, trailing zeros trimmed.
pub(crate) fn num(x: f64) -> String {
    fmt_tenths(tenths(x))
}

/// A number with `decimals` digits, trailing zeros trimmed.
fn fixed(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        &s
    };
    if s == "-0" { "0".into() } else { s.into() }
}

/// Escapes text for XML content and attribute values ([`escape_xml`]).
fn escape(text: &str) -> String {
    escape_xml(text, XmlWhitespace::Kept)
}

/// The text of an XML comment: XML forbids `--` inside one (and a `-` just
/// before the closing `-->`, which the space the writer adds prevents), so a
/// space goes between two hyphens, and every run of them is broken up.
fn comment_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut after_hyphen = false;
    for c in text.chars() {
        if c == '-' && after_hyphen {
            out.push(' ');
        }
        after_hyphen = c == '-';
        out.push(xml_char(c));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{comment_text, escape, fixed, num};

    #[test]
    fn numbers_are_tenths_with_trailing_zeros_trimmed() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.34), "12.3");
        assert_eq!(num(-0.04), "0");
        assert_eq!(num(-0.46), "-0.5");
        assert_eq!(fixed(0.5, 2), "0.5");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a < b & \"c\""), "a &lt; b &amp; &quot;c&quot;");
        assert_eq!(escape("bell\u{7}"), "bell\u{fffd}");
    }

    /// The old escaping replaced `--` by `- -`, which turns `---` into
    /// `- --`: still invalid XML.
    #[test]
    fn no_name_puts_a_double_hyphen_in_a_comment() {
        assert_eq!(comment_text("a--b"), "a- -b");
        assert_eq!(comment_text("---"), "- - -");
        assert_eq!(comment_text("----->"), "- - - - ->");
        assert_eq!(comment_text("x\u{1}"), "x\u{fffd}");
        proptest::proptest!(|(name in "[-a >!]{0,12}")| {
            let comment = format!("<!-- {} -->", comment_text(&name));
            let inside = &comment[4..comment.len() - 3];
            proptest::prop_assert!(!inside.contains("--"), "{comment}");
            proptest::prop_assert!(!inside.ends_with('-'), "{comment}");
            proptest::prop_assert_eq!(inside.replace(' ', ""), name.replace(' ', ""));
        });
    }
}
