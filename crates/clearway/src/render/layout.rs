//! Where the parts of a picture go: the map area fitted to the long side
//! (or the view asked for), the legend below it, the canvas grown to an
//! output size, the clip of a partial view.

use super::flatten::{Flatten, MapOf};
use super::frame::{Bounds, Frame};
use super::legend::{Key, legend_rows};
use super::scene::{LEGEND_GAP, MARGIN, MIN_WIDTH, Picture, ROW};
use crate::geometry::Point;

/// Where the parts of a picture go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Level to picture coordinates.
    pub frame: Frame,
    /// The picture's width in pixels.
    pub width: f64,
    /// The picture's height in pixels.
    pub height: f64,
    /// Where the legend starts (pixels from the top).
    pub legend_top: f64,
    /// The size the picture is written at, in pixels, when asked for: the
    /// picture scaled uniformly from `width` x `height`.
    pub output: Option<(f64, f64)>,
    /// The map area (upper-left and lower-right corners, pixels) the
    /// drawing is clipped to when it shows part of the level.
    pub clip: Option<[Point; 2]>,
}

impl<D: Flatten> Picture<'_, D> {
    /// The box around the whole level, as drawn (in the picture's plane:
    /// x, y; x, −z seen along y); `None` for a level with no node and no
    /// obstacle. A caller compares a view with it to warn that the view
    /// misses the level ([`Bounds::overlaps`]).
    pub fn level_bounds(&self) -> Option<Bounds> {
        match D::map_of(self.map) {
            MapOf::Plane(map) => Bounds::of_map(map),
            MapOf::Space(map) => super::flatten::bounds_3d(map, self.options.up),
        }
    }

    /// Where things go: the level-to-picture transform and the picture
    /// size, for the tests that check where things were drawn (feature
    /// `test-twins`).
    #[cfg(any(test, feature = "test-twins"))]
    pub fn layout(&self) -> Layout {
        self.plan().1
    }

    pub(super) fn layout_with(&self, keys: &[Key]) -> Layout {
        let mut bounds = self
            .options
            .view
            .or_else(|| self.level_bounds())
            .unwrap_or(Bounds {
                min: Point::new(0.0, 0.0),
                max: Point::new(0.0, 0.0),
            });
        let (w, h) = bounds.size();
        if w.max(h) == 0.0 {
            bounds = bounds.padded(1.0);
        }
        if let Some(r) = self.options.agent_radius
            && self.options.view.is_none()
        {
            // Agent outlines stick out of the edges by r.
            let (w, h) = bounds.size();
            bounds = bounds.padded(r.min(w.max(h) * 0.25));
        }
        let probe = Frame::fit(bounds, self.options.long_side, Point::new(0.0, 0.0));
        let (map_w, map_h) = probe.size();
        let width = (map_w + 2.0 * MARGIN).max(MIN_WIDTH).ceil();
        let origin = Point::new(((width - map_w) / 2.0).round(), MARGIN);
        let frame = Frame::fit(bounds, self.options.long_side, origin);
        let legend_top = MARGIN + map_h + LEGEND_GAP;
        let rows = legend_rows(keys, width).len().max(1) as f64;
        let height = (legend_top + ROW * (1.0 + rows) + 12.0).ceil();
        let mut layout = Layout {
            frame,
            width,
            height,
            legend_top,
            output: None,
            clip: None,
        };
        if let Some(((canvas_w, canvas_h), (out_w, out_h))) = self.options.size.fit((width, height))
        {
            // The picture, centred on a canvas grown to the shape asked for.
            let down = ((canvas_h - height) / 2.0).round();
            let origin = Point::new(((canvas_w - map_w) / 2.0).round(), MARGIN + down);
            layout.frame = Frame::fit(bounds, self.options.long_side, origin);
            layout.width = canvas_w;
            layout.height = canvas_h;
            layout.legend_top += down;
            layout.output = Some((f64::from(out_w), f64::from(out_h)));
        }
        if self.options.view.is_some() {
            let corner = layout
                .frame
                .to_picture(Point::new(bounds.min.x, bounds.max.y));
            layout.clip = Some([corner, Point::new(corner.x + map_w, corner.y + map_h)]);
        }
        layout
    }
}
