//! Level coordinates (y up) to picture coordinates (pixels, y down): the one
//! place the picture's transform lives.

use crate::geometry::Point;
use crate::map::Map;
use crate::obstacle::Obstacle;

/// A box in level coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// The lower-left corner.
    pub min: Point,
    /// The upper-right corner.
    pub max: Point,
}

impl Bounds {
    twin_pub! {
        /// The smallest box around every node and obstacle of a map; `None` for
        /// a map with neither.
        fn of_map(map: &Map) -> Option<Bounds> {
            let mut bounds: Option<Bounds> = None;
            let mut add = |p: Point, pad: f64| {
                let lo = Point::new(p.x - pad, p.y - pad);
                let hi = Point::new(p.x + pad, p.y + pad);
                bounds = Some(match bounds {
                    None => Bounds { min: lo, max: hi },
                    Some(b) => Bounds {
                        min: Point::new(b.min.x.min(lo.x), b.min.y.min(lo.y)),
                        max: Point::new(b.max.x.max(hi.x), b.max.y.max(hi.y)),
                    },
                });
            };
            for n in map.nodes() {
                add(n.pos, 0.0);
            }
            for o in map.obstacles() {
                match o {
                    Obstacle::Point(p) => add(*p, 0.0),
                    Obstacle::Circle(c) => add(c.center, c.radius),
                    Obstacle::Segment(s) => {
                        add(s.a, 0.0);
                        add(s.b, 0.0);
                    }
                    Obstacle::Polygon(poly) => poly.vertices().iter().for_each(|&v| add(v, 0.0)),
                }
            }
            bounds
        }
    }

    twin_pub! {
        /// The square reaching `margin` from `center` each way.
        fn around(center: Point, margin: f64) -> Bounds {
            Bounds {
                min: center,
                max: center,
            }
            .padded(margin)
        }
    }

    /// The box grown by `pad` on every side.
    pub(crate) fn padded(self, pad: f64) -> Bounds {
        Bounds {
            min: Point::new(self.min.x - pad, self.min.y - pad),
            max: Point::new(self.max.x + pad, self.max.y + pad),
        }
    }

    /// Whether the two boxes share a point (their borders included): a view
    /// that overlaps no part of the level shows nothing of it.
    pub(crate) fn overlaps(&self, other: &Bounds) -> bool {
        self.min.x <= other.max.x
            && other.min.x <= self.max.x
            && self.min.y <= other.max.y
            && other.min.y <= self.max.y
    }

    /// Width and height.
    pub(crate) fn size(&self) -> (f64, f64) {
        (self.max.x - self.min.x, self.max.y - self.min.y)
    }
}

/// The map from level coordinates to picture pixels: a uniform scale, y
/// flipped so that up in the level is up in the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    bounds: Bounds,
    scale: f64,
    origin: Point,
}

impl Frame {
    /// Fits `bounds` so that its longer side is `long_side` pixels, its
    /// upper-left corner at `origin` (pixels). A box with no extent gets
    /// one level unit per `long_side` pixels.
    pub fn fit(bounds: Bounds, long_side: f64, origin: Point) -> Frame {
        let (w, h) = bounds.size();
        let extent = w.max(h);
        let scale = if extent > 0.0 && extent.is_finite() {
            long_side / extent
        } else {
            long_side
        };
        Frame {
            bounds,
            scale,
            origin,
        }
    }

    /// Pixels per level unit.
    pub fn scale(&self) -> f64 {
        self.scale
    }

    /// The size of the fitted box in pixels.
    pub fn size(&self) -> (f64, f64) {
        let (w, h) = self.bounds.size();
        (w * self.scale, h * self.scale)
    }

    /// The fitted box in the picture: its upper-left and lower-right
    /// corners, pixels.
    pub(super) fn area(&self) -> [Point; 2] {
        let (w, h) = self.size();
        [
            self.origin,
            Point::new(self.origin.x + w, self.origin.y + h),
        ]
    }

    /// Where a level point lands in the picture.
    pub fn to_picture(self, p: Point) -> Point {
        Point::new(
            self.origin.x + (p.x - self.bounds.min.x) * self.scale,
            self.origin.y + (self.bounds.max.y - p.y) * self.scale,
        )
    }

    /// The level point shown at a picture point.
    pub fn to_level(self, p: Point) -> Point {
        Point::new(
            self.bounds.min.x + (p.x - self.origin.x) / self.scale,
            self.bounds.max.y - (p.y - self.origin.y) / self.scale,
        )
    }

    /// A level length in pixels.
    pub fn length(&self, level_length: f64) -> f64 {
        level_length * self.scale
    }
}

#[cfg(test)]
mod tests {
    use super::{Bounds, Frame};
    use crate::geometry::Point;

    /// Boxes that share only a corner overlap; boxes apart do not.
    #[test]
    fn boxes_overlap_when_they_share_a_point() {
        let level = Bounds {
            min: Point::new(0.0, 0.0),
            max: Point::new(10.0, 5.0),
        };
        assert!(level.overlaps(&Bounds::around(Point::new(11.0, 6.0), 1.0)));
        assert!(!level.overlaps(&Bounds::around(Point::new(20.0, 2.0), 1.0)));
    }

    /// The level's bottom-left lands at the bottom-left of the picture, y
    /// flipped, and the way back is exact.
    #[test]
    fn a_frame_flips_y_and_maps_back() {
        let bounds = Bounds {
            min: Point::new(0.0, 0.0),
            max: Point::new(10.0, 5.0),
        };
        let frame = Frame::fit(bounds, 100.0, Point::new(20.0, 20.0));
        assert_eq!(
            frame.to_picture(Point::new(0.0, 0.0)),
            Point::new(20.0, 70.0)
        );
        assert_eq!(
            frame.to_picture(Point::new(10.0, 5.0)),
            Point::new(120.0, 20.0)
        );
        assert_eq!(
            frame.to_level(Point::new(120.0, 20.0)),
            Point::new(10.0, 5.0)
        );
    }
}
