//! The areas of the edges (#30): a thin ink line along each edge that has
//! one, dashed in a pattern of its area's own (it reads without colour, and
//! is not text, so it never crowds the labels), and a legend entry per area
//! with its pattern.

use super::drawer::{Drawer, Style};
use super::flatten::Flatten;
use super::frame::Frame;
use super::legend::Key;
use super::palette;
use super::scene::{Metrics, Picture};
use crate::indices::EdgeIdx;

/// The pattern of the area at `index` among a map's sorted areas: dashes
/// of 1, 3, 5 or 7 pixels, with gaps of 2 to 5 as the index grows past
/// each four, so that eight or more areas still differ.
pub(super) fn area_style(index: usize) -> Style {
    let dash = 1.0 + 2.0 * (index % 4) as f64;
    let gap = 2.0 + ((index / 4) % 4) as f64;
    Style::stroke(palette::INK, 1.0).dashed(dash, gap)
}

impl<D: Flatten> Picture<'_, D> {
    /// One legend entry per area an edge carries: its pattern, its name and
    /// how many edges have it. None on a level without areas.
    pub(super) fn area_keys(&self) -> Vec<Key> {
        self.area_keys_by_index()
            .into_iter()
            .map(|(_, style, words)| Key::Line(style, words))
            .collect()
    }

    /// The areas some edge is in, by index: each one's line style and its
    /// legend's words (the HTML page draws and lists them as the picture does).
    pub(super) fn area_keys_by_index(&self) -> Vec<(usize, Style, String)> {
        let map = self.map;
        let mut counts = vec![0usize; map.areas().len()];
        for e in map.edges() {
            if let Some(a) = e.area {
                counts[a.index()] += 1;
            }
        }
        (map.areas().iter().zip(counts).enumerate())
            .filter(|&(_, (_, count))| count > 0)
            .map(|(i, (name, count))| {
                (
                    i,
                    area_style(i),
                    format!("area {:?} ({count})", clearway_text::quote::capped(name)),
                )
            })
            .collect()
    }

    /// The pattern of its area along each edge that has one. Nothing at
    /// all, not even the layer, on a level without areas, and nothing on a
    /// large level (the legend still names the areas).
    pub(super) fn draw_areas(&self, drawer: &mut impl Drawer, frame: &Frame, metrics: &Metrics) {
        let map = self.map;
        if map.areas().is_empty() || metrics.large {
            return;
        }
        drawer.layer("areas");
        for (i, e) in map.edges().iter().enumerate() {
            let Some(area) = e.area else {
                continue;
            };
            let s = map.edge_segment(EdgeIdx::new(i));
            let (a, b) = (
                frame.to_picture(self.at(s.a)),
                frame.to_picture(self.at(s.b)),
            );
            drawer.polyline(&[a, b], &area_style(area.index()), None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first sixteen areas have sixteen different patterns.
    #[test]
    fn patterns_differ() {
        let patterns: Vec<String> = (0..16).map(|i| format!("{:?}", area_style(i))).collect();
        for (i, p) in patterns.iter().enumerate() {
            assert!(!patterns[..i].contains(p), "{i}");
        }
    }
}
