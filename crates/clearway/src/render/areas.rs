//! The areas of the edges (#30): a small letter tag on each edge that has
//! one, in ink (it reads without colour), and a legend entry per area that
//! says which letter is which area.

use super::drawer::{Anchor, Drawer, TextStyle};
use super::flatten::Flatten;
use super::frame::Frame;
use super::legend::Key;
use super::palette;
use super::scene::{LABEL_FONT, Metrics, Picture};
use crate::indices::EdgeIdx;

/// A tag per area of `areas` (sorted names): the first letter of its name,
/// upper case, or the next letter of the name that no earlier area took,
/// or, failing that, its number from 1.
pub(super) fn area_tags(areas: &[String]) -> Vec<String> {
    let mut tags: Vec<String> = Vec::with_capacity(areas.len());
    for (i, name) in areas.iter().enumerate() {
        let tag = name
            .chars()
            .filter(|c| c.is_alphanumeric())
            .map(|c| c.to_uppercase().collect::<String>())
            .find(|t| !tags.contains(t))
            .unwrap_or_else(|| (i + 1).to_string());
        tags.push(tag);
    }
    tags
}

impl<D: Flatten> Picture<'_, D> {
    /// One legend entry per area: its tag, its name and how many edges
    /// have it. None on a level without areas.
    pub(super) fn area_keys(&self) -> Vec<Key> {
        let map = self.map;
        let tags = area_tags(map.areas());
        let mut counts = vec![0usize; map.areas().len()];
        for e in map.edges() {
            if let Some(a) = e.area {
                counts[a.index()] += 1;
            }
        }
        (map.areas().iter().zip(&tags).zip(counts))
            .filter(|&(_, count)| count > 0)
            .map(|((name, tag), count)| {
                Key::Note(format!(
                    "{tag} = area {:?} ({count})",
                    clearway_text::quote::capped(name)
                ))
            })
            .collect()
    }

    /// A tag a third of the way along each edge with an area (the middle
    /// holds a closed edge's bar or a one-way arrow). Nothing at all, not
    /// even the layer, on a level without areas, and no tags on a large
    /// level (the legend still names the areas).
    pub(super) fn draw_areas(&self, drawer: &mut impl Drawer, frame: &Frame, metrics: &Metrics) {
        let map = self.map;
        if map.areas().is_empty() || metrics.large {
            return;
        }
        drawer.layer("areas");
        let tags = area_tags(map.areas());
        let style = TextStyle {
            size: LABEL_FONT,
            color: palette::INK,
            anchor: Anchor::Middle,
            bold: true,
            halo: true,
        };
        for (i, e) in map.edges().iter().enumerate() {
            let Some(area) = e.area else {
                continue;
            };
            let s = map.edge_segment(EdgeIdx::new(i));
            let (a, b) = (
                frame.to_picture(self.at(s.a)),
                frame.to_picture(self.at(s.b)),
            );
            let at = a + (b - a) * (1.0 / 3.0);
            // The anchor is on the baseline: down a third of the size to
            // centre the letter on the edge.
            let at = crate::geometry::Point::new(at.x, at.y + LABEL_FONT / 3.0);
            drawer.text(at, &tags[area.index()], &style);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_letters_that_differ() {
        let names = ["swamp", "sand", "s", "water"].map(String::from);
        assert_eq!(area_tags(&names), ["S", "A", "3", "W"]);
    }
}
