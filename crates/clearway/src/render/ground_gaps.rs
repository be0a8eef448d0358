//! A walking agent in the picture: its height named beside its radius,
//! and the stretches of edges with no ground under its feet drawn over the
//! edges they break ([`Picture::walking`]).

use super::drawer::{Drawer, Style};
use super::flatten::Flatten;
use super::frame::Frame;
use super::palette;
use super::scene::Picture;
use crate::geometry::Segment;

/// What a picture knows of a walking agent: its height, and where it
/// would fall.
#[derive(Clone, Debug)]
pub(super) struct WalkingShown<P> {
    pub(super) height: f64,
    /// The stretches without ground, each on its edge.
    pub(super) gaps: Vec<Segment<P>>,
}

/// How a stretch without ground is drawn: a short dash over the edge, in
/// the blocked colour, thicker than the edge so it reads without colour.
pub(super) fn gap_style() -> Style {
    Style::stroke(palette::BLOCKED, 4.0).dashed(2.0, 2.0)
}

impl<'a, D: Flatten> Picture<'a, D> {
    /// Names the agent a walking agent of this `height`, and draws `gaps`:
    /// the stretches of its edges with no ground under its feet
    /// ([`crate::walking::GroundGap`], from its start for its length along
    /// the edge). The edges' colours come from the clearances the picture
    /// was made with: a walking agent's are
    /// [`WalkingClearances::for_agent`](crate::walking::WalkingClearances::for_agent).
    pub fn walking(mut self, height: f64, gaps: Vec<Segment<D::Point>>) -> Picture<'a, D> {
        self.walking = Some(WalkingShown { height, gaps });
        self
    }

    pub(super) fn draw_ground_gaps(&self, drawer: &mut impl Drawer, frame: &Frame) {
        let Some(walking) = &self.walking else { return };
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
