//! What a walking agent is: its height, the step it climbs and the slope
//! it walks, beside the radius every agent has.

use crate::geometry::{Point3, Segment};

/// The body of a walking agent (3D levels only): an upright capsule whose
/// waypoints are at its feet. The body is every point within the agent's
/// radius of the vertical segment from `feet + climb + radius` to
/// `feet + height - radius`: the floor it stands on and any step lower
/// than `climb` never touch it, a beam lower than `height` above its feet
/// does.
///
/// ```
/// use clearway::walking::Walking;
/// let soldier = Walking { height: 1.8, climb: 0.4, max_slope: 40.0 };
/// // The widest body of that height and climb: (1.8 - 0.4) / 2.
/// assert_eq!(soldier.widest_body(), 0.7);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Walking {
    /// The agent's height above its feet, > 0 and >= `climb + 2 * radius`.
    pub height: f64,
    /// The highest step the agent climbs, > 0: the body starts this far
    /// above the feet, and ground this far below the feet holds it.
    pub climb: f64,
    /// The steepest edge the agent walks, in degrees above the horizontal,
    /// in (0, 90]; 90 when the profile names none.
    pub max_slope: f64,
}

impl Walking {
    /// The largest radius a body of this height and climb can have: at
    /// `(height - climb) / 2` its core is a single point above each foot
    /// position. A walking clearance never exceeds it.
    pub fn widest_body(&self) -> f64 {
        (self.height - self.climb) / 2.0
    }

    /// The core of the body of radius `radius` swept along `feet` (the
    /// edge's segment; a node is a zero-length one): the vertical
    /// parallelogram between `climb + radius` and `height - radius` above
    /// it, as its four corners `[a low, b low, b high, a high]`. The body
    /// is the points within `radius` of it. `radius` must be at most
    /// [`Walking::widest_body`], where low and high meet.
    pub(crate) fn core(&self, feet: Segment<Point3>, radius: f64) -> [Point3; 4] {
        let low = self.climb + radius;
        // At the widest body both ends are the same height; computed apart
        // they could cross by an ulp.
        let high = (self.height - radius).max(low);
        let up = |p: Point3, dz: f64| Point3::new(p.x, p.y, p.z + dz);
        [
            up(feet.a, low),
            up(feet.b, low),
            up(feet.b, high),
            up(feet.a, high),
        ]
    }

    /// The angle of `feet` above the horizontal, in degrees: 0 for a level
    /// edge or a node, 90 for a vertical edge.
    pub fn slope(feet: Segment<Point3>) -> f64 {
        let d = feet.b - feet.a;
        let run = d.x.hypot(d.y);
        if run == 0.0 && d.z == 0.0 {
            0.0
        } else {
            d.z.abs().atan2(run).to_degrees()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64, z: f64) -> Point3 {
        Point3::new(x, y, z)
    }

    #[test]
    fn the_core_stands_between_climb_and_height() {
        let w = Walking {
            height: 2.0,
            climb: 0.5,
            max_slope: 90.0,
        };
        let core = w.core(Segment::new(p(0.0, 0.0, 1.0), p(4.0, 0.0, 1.0)), 0.25);
        // low = 0.5 + 0.25 above z = 1, high = 2 - 0.25 above it.
        assert_eq!(core[0], p(0.0, 0.0, 1.75));
        assert_eq!(core[1], p(4.0, 0.0, 1.75));
        assert_eq!(core[2], p(4.0, 0.0, 2.75));
        assert_eq!(core[3], p(0.0, 0.0, 2.75));
        // At the widest body (0.75) the core is the segment at 1 + 1.25.
        let thin = w.core(Segment::new(p(0.0, 0.0, 1.0), p(4.0, 0.0, 1.0)), 0.75);
        assert_eq!(thin[0].z, 2.25);
        assert_eq!(thin[3].z, 2.25);
    }

    #[test]
    fn slopes_in_degrees() {
        let s = |dz: f64| Walking::slope(Segment::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, dz)));
        assert_eq!(s(0.0), 0.0);
        assert!((s(1.0) - 45.0).abs() < 1e-12);
        // tan 30° = 1/sqrt(3).
        assert!((s(1.0 / 3f64.sqrt()) - 30.0).abs() < 1e-12);
        assert_eq!(
            Walking::slope(Segment::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 2.0))),
            90.0
        );
        assert_eq!(
            Walking::slope(Segment::new(p(1.0, 1.0, 1.0), p(1.0, 1.0, 1.0))),
            0.0
        );
        // Downhill is as steep as uphill.
        assert_eq!(s(-1.0), s(1.0));
    }
}
