//! Ground underfoot: whether a walking agent has something to stand on
//! all along an edge.
//!
//! A point of the edge is held up when a surface lies within `climb` of
//! the feet, below or above (an agent steps down onto it, or up onto it
//! without the body touching it): the top of a box, or a triangle (alone
//! or of a mesh) that is not vertical. Each such surface holds up an
//! interval of the edge: where the edge's plan lies over the surface's plan
//! (a convex clip), and where the height between them is within `climb`
//! (the height of a plane above a line is affine along it). The edge is
//! held up where the union of those intervals is; the stretches between
//! are the gaps. Points, segments and balls hold nothing up, and neither
//! does a surface under a single point of an edge (a ridge it crosses).

use super::profile::Walking;
use crate::geometry::{AxisBox, Point3, Segment, Triangle};
use crate::obstacle_index::{NearPart, NearShape, meets};

/// The longest stretch of an edge with no ground under it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GroundGap {
    /// How long the stretch is, along the edge.
    pub length: f64,
    /// How long the edge is (0 for a node without ground).
    pub of: f64,
    /// Where the stretch starts, on the edge.
    pub from: Point3,
}

/// An interval `[lo, hi]` of the edge's parameter `t` (0 at `a`, 1 at
/// `b`), or empty.
pub(crate) type Interval = Option<(f64, f64)>;

/// Keeps of `[lo, hi]` the `t` with `alpha + beta * t >= 0`.
fn keep_nonnegative((lo, hi): (f64, f64), alpha: f64, beta: f64) -> Interval {
    if beta == 0.0 {
        return (alpha >= 0.0).then_some((lo, hi));
    }
    let t = -alpha / beta;
    let (lo, hi) = if beta > 0.0 {
        (lo.max(t), hi)
    } else {
        (lo, hi.min(t))
    };
    (lo <= hi).then_some((lo, hi))
}

/// Keeps of `range` the `t` with `|u + v * t| <= climb`.
fn keep_within(range: (f64, f64), u: f64, v: f64, climb: f64) -> Interval {
    let range = keep_nonnegative(range, climb - u, -v)?;
    keep_nonnegative(range, climb + u, v)
}

/// Where a triangle holds up `feet`, within `climb`. Offsets are taken
/// from the triangle's first corner, so that large coordinates cancel
/// before anything is multiplied.
fn under_triangle(feet: Segment<Point3>, t: Triangle, climb: f64) -> Interval {
    let [c0, c1, c2] = t.corners;
    let (e1, e2) = (c1 - c0, c2 - c0);
    let area = e1.x * e2.y - e1.y * e2.x;
    if area == 0.0 || !area.is_finite() {
        // Vertical (or degenerate): no one stands on a wall.
        return None;
    }
    let sign = area.signum();
    let a = feet.a - c0;
    let d = feet.b - feet.a;
    let mut range = Some((0.0, 1.0));
    let corners = [Point3::default(), e1, e2];
    for i in 0..3 {
        let (p, q) = (corners[i], corners[(i + 1) % 3]);
        let side = q - p;
        // cross(side, a + t d - p) * sign >= 0: inside, on the left of a
        // counter-clockwise side.
        let alpha = sign * (side.x * (a.y - p.y) - side.y * (a.x - p.x));
        let beta = sign * (side.x * d.y - side.y * d.x);
        range = keep_nonnegative(range?, alpha, beta);
    }
    // The plane's height over (x, y), relative to c0: z = gx x + gy y,
    // from the two sides (Cramer's rule).
    let gx = (e1.z * e2.y - e2.z * e1.y) / area;
    let gy = (e2.z * e1.x - e1.z * e2.x) / area;
    // The plane's height less the feet's, along the edge: u + v t.
    let u = gx * a.x + gy * a.y - a.z;
    let v = gx * d.x + gy * d.y - d.z;
    keep_within(range?, u, v, climb)
}

/// Where a box's top holds up `feet`, within `climb`.
fn under_box(feet: Segment<Point3>, b: AxisBox, climb: f64) -> Interval {
    let d = feet.b - feet.a;
    let mut range = Some((0.0, 1.0));
    for (start, step, lo, hi) in [
        (feet.a.x, d.x, b.min.x, b.max.x),
        (feet.a.y, d.y, b.min.y, b.max.y),
    ] {
        range = keep_nonnegative(range?, start - lo, step);
        range = keep_nonnegative(range?, hi - start, -step);
    }
    keep_within(range?, b.max.z - feet.a.z, -d.z, climb)
}

/// What may hold up feet: a box's top, or a triangle that is not
/// vertical (points, segments and balls hold nothing up).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Surface {
    /// A solid box: its top.
    Box(AxisBox),
    /// A triangle, alone or of a mesh.
    Triangle(Triangle),
}

impl Surface {
    /// The surface of a part, if it has one.
    pub(crate) fn of(shape: &NearShape<'_>) -> Option<Surface> {
        match *shape {
            NearShape::Triangle(t) => Some(Surface::Triangle(t)),
            NearShape::Box(b) => Some(Surface::Box(b)),
            _ => None,
        }
    }

    /// Where it holds up `feet`, within `climb`.
    pub(crate) fn holds(self, feet: Segment<Point3>, climb: f64) -> Interval {
        match self {
            Surface::Triangle(t) => under_triangle(feet, t, climb),
            Surface::Box(b) => under_box(feet, b, climb),
        }
    }
}

/// The box a surface holding up `feet` meets: the plan of the feet,
/// `climb` below and above them.
pub(crate) fn ground_box(walking: &Walking, feet: Segment<Point3>) -> (Point3, Point3) {
    let (a, b) = (feet.a, feet.b);
    (
        Point3::new(a.x.min(b.x), a.y.min(b.y), a.z.min(b.z) - walking.climb),
        Point3::new(a.x.max(b.x), a.y.max(b.y), a.z.max(b.z) + walking.climb),
    )
}

/// The longest stretch of `feet` with no ground within `walking.climb`,
/// or `None` when it is held up all along (for a node: when its point is).
/// Stretches of length 0 (where two surfaces meet) are not gaps. The
/// surfaces are those of `near` whose box meets [`ground_box`]; the others
/// are passed over.
pub(crate) fn ground_from_parts(
    walking: &Walking,
    feet: Segment<Point3>,
    near: &[NearPart<'_>],
) -> Option<GroundGap> {
    let (a, b) = (feet.a, feet.b);
    let around = ground_box(walking, feet);
    let mut held: Vec<(f64, f64)> = near
        .iter()
        .filter(|part| meets(part.envelope.0, part.envelope.1, around))
        .filter_map(|part| Surface::of(&part.shape)?.holds(feet, walking.climb))
        .collect();
    let length = feet.length();
    let node = a == b;
    // A surface that holds up a single point of an edge (a ridge it
    // crosses) is no ground to walk on.
    if !node {
        held.retain(|(lo, hi)| lo < hi);
    }
    held.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
    // Sweep from t = 0: `reached` is how far the ground goes unbroken.
    let mut reached = 0.0f64;
    let mut longest: Option<(f64, f64)> = None;
    let mut gap = |from: f64, to: f64| {
        if to > from && longest.is_none_or(|(f, t)| to - from > t - f) {
            longest = Some((from, to));
        }
    };
    let mut started = false;
    for (lo, hi) in held {
        if !started {
            if lo > 0.0 {
                gap(0.0, lo);
            }
            started = true;
        } else if lo > reached {
            gap(reached, lo);
        }
        reached = reached.max(hi);
    }
    if !started {
        return Some(GroundGap {
            length,
            of: length,
            from: a,
        });
    }
    if reached < 1.0 && !node {
        gap(reached, 1.0);
    }
    longest.map(|(from, to)| GroundGap {
        length: (to - from) * length,
        of: length,
        from: a + (b - a) * from,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64, z: f64) -> Point3 {
        Point3::new(x, y, z)
    }

    #[test]
    fn a_ramp_holds_up_an_edge_that_follows_it() {
        // A ramp rising 1 in 2 along x, from (0,_,0) to (4,_,2).
        let ramp = Triangle {
            corners: [p(0.0, -1.0, 0.0), p(4.0, -1.0, 2.0), p(0.0, 1.0, 0.0)],
        };
        let feet = Segment::new(p(0.0, -0.5, 0.0), p(2.0, -0.5, 1.0));
        assert_eq!(under_triangle(feet, ramp, 0.25), Some((0.0, 1.0)));
        // Level at z = 0 it leaves the ramp where the ramp is 0.25 above:
        // at x = 0.5, t = 0.25.
        let level = Segment::new(p(0.0, -0.5, 0.0), p(2.0, -0.5, 0.0));
        assert_eq!(under_triangle(level, ramp, 0.25), Some((0.0, 0.25)));
    }

    #[test]
    fn a_box_top_holds_up_what_walks_on_it() {
        let floor = AxisBox {
            min: p(0.0, 0.0, -1.0),
            max: p(4.0, 4.0, 0.0),
        };
        // From x = -2 to 6 at y = 2, z = 0.1: over the box for x in [0, 4],
        // t in [0.25, 0.75].
        let feet = Segment::new(p(-2.0, 2.0, 0.1), p(6.0, 2.0, 0.1));
        assert_eq!(under_box(feet, floor, 0.3), Some((0.25, 0.75)));
        // 0.5 above, with a climb of 0.3: too high to be held.
        let high = Segment::new(p(-2.0, 2.0, 0.5), p(6.0, 2.0, 0.5));
        assert_eq!(under_box(high, floor, 0.3), None);
    }

    #[test]
    fn walls_hold_nothing_up() {
        let wall = Triangle {
            corners: [p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), p(0.0, 0.0, 3.0)],
        };
        let feet = Segment::new(p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0));
        assert_eq!(under_triangle(feet, wall, 1.0), None);
    }
}
