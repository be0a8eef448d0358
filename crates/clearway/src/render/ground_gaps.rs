//! A walking agent in the picture: its height named beside its radius,
//! and the stretches of edges with no ground under its feet drawn over the
//! edges they break ([`super::ShownWalking`]).

use super::drawer::{Drawer, Style};
use super::flatten::Flatten;
use super::frame::Frame;
use super::palette;
use super::scene::Picture;

/// How a stretch without ground is drawn: a short dash over the edge, in
/// the blocked colour, thicker than the edge so it reads without colour.
pub(super) fn gap_style() -> Style {
    Style::stroke(palette::BLOCKED, 4.0).dashed(2.0, 2.0)
}

impl<'a, D: Flatten> Picture<'a, D> {
    pub(super) fn draw_ground_gaps(&self, drawer: &mut impl Drawer, frame: &Frame) {
        let Some(walking) = &self.options.walking else {
            return;
        };
        if walking.gaps.is_empty() {
            return;
        }
        drawer.layer("no ground");
        let lines: Vec<_> = walking
            .gaps
            .iter()
            .map(|g| {
                [
                    frame.to_picture(self.at(g.a)),
                    frame.to_picture(self.at(g.b)),
                ]
            })
            .collect();
        drawer.segments(&lines, &gap_style(), Some("no ground under the feet"));
    }
}
