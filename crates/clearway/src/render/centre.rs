//! The ring around the node a view is centred on (`--around NODE`), so that
//! the eye finds the node asked about among its neighbours.

use super::drawer::{Drawer, Style};
use super::flatten::Flatten;
use super::frame::Frame;
use super::palette;
use super::scene::{Metrics, Picture};
use super::text;

impl<D: Flatten> Picture<'_, D> {
    /// The ring's words, in its title and the legend.
    pub(super) fn centre_words(&self) -> Option<String> {
        let node = &self.map.nodes()[self.options.centre?];
        Some(format!("{}: centre of the view", text::node_title(node)))
    }

    pub(super) fn draw_centre(&self, drawer: &mut impl Drawer, frame: &Frame, metrics: &Metrics) {
        let (Some(i), Some(words)) = (self.options.centre, self.centre_words()) else {
            return;
        };
        drawer.layer("centre");
        let p = frame.to_picture(self.at(self.map.nodes()[i].pos));
        // Clear of the node's own disc, with a white halo under the ring.
        let r = metrics.node_radius() + 9.0;
        drawer.circle(p, r, &Style::stroke(palette::BACKGROUND, 5.0), None);
        drawer.circle(p, r, &centre_ring(), Some(&words));
    }
}

/// The ring's line, here and in the legend.
pub(super) fn centre_ring() -> Style {
    Style::stroke(palette::INK, 2.5)
}
