//! The agent outlines layer: the outline of an agent of the radius swept
//! along each blocked edge.

use super::drawer::{Drawer, Style};
use super::flatten::Flatten;
use super::frame::Frame;
use super::palette;
use super::scene::{MAX_CAPSULES, Metrics, Picture};
use super::text;
use crate::geometry::Point;
use crate::indices::EdgeIdx;

impl<D: Flatten> Picture<'_, D> {
    pub(super) fn draw_capsules(
        &self,
        drawer: &mut impl Drawer,
        frame: &Frame,
        metrics: &Metrics,
        r: f64,
    ) {
        let map = self.map;
        // An agent of radius 0 has no outline: a flat capsule would only
        // retrace the edge.
        if r <= 0.0 {
            return;
        }
        let blocked: Vec<usize> = self.clearances.blocked_edges(r).map(EdgeIdx::get).collect();
        if !blocked.is_empty() && blocked.len() <= MAX_CAPSULES {
            drawer.layer("agent outlines");
            let style = Style::stroke(palette::BLOCKED, 1.2).dashed(5.0, 3.0);
            for &i in &blocked {
                let s = map.edge_segment(EdgeIdx::new(i));
                let outline = capsule(
                    frame.to_picture(self.at(s.a)),
                    frame.to_picture(self.at(s.b)),
                    frame.length(r),
                );
                let title = (!metrics.large).then(|| {
                    format!(
                        "{}: outline of an agent of radius {} along it",
                        text::edge_name(map, i),
                        text::given(r)
                    )
                });
                drawer.polygon(&outline, &style, title.as_deref());
            }
        }
    }
}

/// The outline of a disc of radius `r` swept from `a` to `b` (a stadium),
/// in picture coordinates.
pub(super) fn capsule(a: Point, b: Point, r: f64) -> Vec<Point> {
    const STEPS: usize = 12;
    let d = b - a;
    let length = d.length();
    let u = if length > 1e-9 {
        d * (1.0 / length)
    } else {
        Point::new(1.0, 0.0)
    };
    let n = Point::new(-u.y, u.x);
    let mut points = Vec::with_capacity(2 * STEPS + 2);
    // Around b from +n through +u to -n, then around a from -n through -u to +n.
    for (center, side) in [(b, 1.0), (a, -1.0)] {
        for k in 0..=STEPS {
            let angle = std::f64::consts::PI * k as f64 / STEPS as f64;
            let (sin, cos) = angle.sin_cos();
            let offset = (n * cos + u * sin) * (side * r);
            points.push(center + offset);
        }
    }
    points
}

#[cfg(test)]
mod tests {
    use super::capsule;
    use crate::geometry::Point;

    #[test]
    fn capsule_stays_r_away_from_its_segment() {
        let (a, b) = (Point::new(0.0, 0.0), Point::new(10.0, 0.0));
        for p in capsule(a, b, 2.0) {
            let s = crate::geometry::segment_to_point(crate::geometry::Segment::new(a, b), p);
            assert!((s.distance - 2.0).abs() < 1e-9, "{p:?}");
        }
    }
}
