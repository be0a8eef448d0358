//! The walking clearance of one edge: the largest radius whose body,
//! swept along the edge, stays clear of every obstacle.
//!
//! With `D(r)` the distance from the swept core of radius `r` to an
//! obstacle, the body of radius `r` is clear when `D(r) >= r` (and
//! `D(r) > 0`). A larger radius shortens the core by `r` at each end, so
//! `D` never falls, and it grows no faster than `r` (the core moves by at
//! most the change in `r`): `D(r) - r` never rises, and the radii that fit
//! are an interval `[0, c]`. Per obstacle, `c_o` is found from below:
//! `D(0) <= c_o` (as `D(r) >= D(0)`), the step `r -> D(r)` never passes
//! `c_o` (as `D(r) <= D(c_o) = c_o`), and bisection keeps a bracket around
//! it. The edge's clearance is the least `c_o`, at most the widest body of
//! the profile. The index offers candidates by the distance between their
//! boxes and the core's at radius 0, a lower bound on `D(0)` and so on
//! `c_o`: once it passes the least `c_o` so far, no later candidate can
//! win.

use super::local::Local;
use super::profile::Walking;
use super::sweep::Sweep;
use crate::clearance::{Clearance, Witness};
use crate::geometry::{Point3, Segment, Separation};
use crate::obstacle_index::{NearPart, NearShape, box_box_distance_2, meets};

/// The largest `r` in `[0, widest]` with `distance(r) >= r`, for a
/// `distance` that never falls and grows no faster than `r`, given
/// `distance(0)` as `at_zero`: to the last representable radius, as far as
/// the computed distances are monotone.
pub(crate) fn largest_fitting(distance: impl Fn(f64) -> f64, at_zero: f64, widest: f64) -> f64 {
    // 0, or NaN: the thinnest body touches.
    if at_zero.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return 0.0;
    }
    if distance(widest) >= widest {
        return widest;
    }
    // distance(lo) >= lo: lo = distance(0) is at most the answer.
    let (mut lo, mut hi) = (at_zero.min(widest), widest);
    let mut at_lo = distance(lo);
    if at_lo < lo {
        // Only by rounding: the computed distance fell. Start from 0.
        lo = 0.0;
        at_lo = at_zero;
    }
    let mut step = 0u32;
    loop {
        let next_up = lo.next_up();
        if hi <= next_up {
            return lo;
        }
        // Mostly the step r -> distance(r), which lands on the answer at
        // once where the obstacle is beside the body (distance constant),
        // and otherwise approaches it from below; every third try halves
        // the bracket, so that the search ends even where it crawls.
        step += 1;
        let r = if at_lo == lo {
            // The step stands still: the answer is lo unless the distance
            // climbs as fast as r just above it.
            if step == 1 {
                next_up
            } else {
                lo + (hi - lo) / 2.0
            }
        } else if step % 3 == 0 || at_lo >= hi {
            lo + (hi - lo) / 2.0
        } else {
            at_lo
        };
        if !(r > lo && r < hi) {
            return lo;
        }
        let at = distance(r);
        if at >= r {
            lo = r;
            at_lo = at;
        } else {
            hi = r;
        }
    }
}

/// Where the parts that may pinch a body swept along `feet` lie: the
/// core's box at radius 0 (the index's bounds are measured from it), and
/// the region a body of any radius up to `widest` fills (the profile's
/// widest body, or less for a search bounded by an agent's radius), grown
/// by a margin well above the rounding.
///
/// Every body of radius r <= widest lies within r of the core at 0 (the
/// core only shortens as r grows), and between the feet plus climb and the
/// feet plus height (the core's ends are r inside those). So only parts
/// meeting that region can pinch: the floor under the feet and the ceiling
/// over the head are not searched.
pub(crate) fn body_region(walking: &Walking, feet: Segment<Point3>, widest: f64) -> BodyRegion {
    let rounding = rounding(walking, feet);
    let core = Sweep::new(walking.core(feet, 0.0)).bounds();
    let (lower, upper) = core;
    let margin = 4.0 * rounding;
    let side = widest + margin;
    BodyRegion {
        core,
        region: (
            Point3::new(lower.x - side, lower.y - side, lower.z - margin),
            Point3::new(upper.x + side, upper.y + side, upper.z + margin),
        ),
    }
}

/// See [`body_region`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct BodyRegion {
    /// The core's box at radius 0.
    pub core: (Point3, Point3),
    /// The region bodies of every radius up to `widest` fill.
    pub region: (Point3, Point3),
}

/// How far the core's corners, computed where the edge is, may be off.
fn rounding(walking: &Walking, feet: Segment<Point3>) -> f64 {
    8.0 * f64::EPSILON
        * [feet.a, feet.b]
            .iter()
            .map(|p| p.x.abs().max(p.y.abs()).max(p.z.abs() + walking.height))
            .fold(0.0, f64::max)
}

/// The walking clearance of `feet` (an edge's segment, or a node's point
/// as a zero-length one) for the body `walking`: the least over the
/// obstacles of the radius where they pinch, at most `widest` (with no
/// witness then). `widest` is [`Walking::widest_body`] for the clearance
/// itself; a smaller one bounds the search, and then a value below it is
/// a pinch below it and the value `widest` says that nothing pinches
/// below it. Ties go to the lower (obstacle, piece), as in the index's
/// search.
///
/// It is found from the parts found near the core (their bounds
/// measured from [`body_region`]'s core box): those of `near` whose box
/// meets the region and whose bound is at most `widest` are kept, the
/// others dropped.
pub(crate) fn body_from_parts(
    walking: &Walking,
    feet: Segment<Point3>,
    widest: f64,
    near: &mut Vec<NearPart<'_>>,
) -> Clearance<Point3> {
    let region = body_region(walking, feet, widest).region;
    near.retain(|part| part.bound <= widest && meets(part.envelope.0, part.envelope.1, region));
    let rounding = rounding(walking, feet);
    // Measured from a local origin (see `local.rs`), so that the core's
    // corners keep their precision far from the world's origin.
    let origin = Local::origin(feet);
    let world_feet = feet;
    let feet = origin.segment(feet);
    let sweep = |r: f64| Sweep::new(walking.core(feet, r));
    near.sort_unstable_by(|a, b| {
        a.bound
            .total_cmp(&b.bound)
            .then((a.obstacle, a.piece).cmp(&(b.obstacle, b.piece)))
    });
    let mut best = Clearance {
        value: widest,
        witness: None,
    };
    let mut best_key = (u32::MAX, u32::MAX);
    for part in near.iter() {
        if part.bound > best.value {
            break;
        }
        let key = (part.obstacle, part.piece);
        let shape = origin.shape(&part.shape);
        let distance = |r: f64| {
            sweep(r)
                .to_part(&shape, &origin)
                .map_or(f64::INFINITY, |s| s.distance)
        };
        // A part that touches the thinnest body pinches to 0, even where
        // its distance keeps pace with the radius (a step exactly `climb`
        // high touches the body's bottom at every radius): the radii that
        // fit are [0, c] only when the thinnest body fits.
        // Measured once, and kept: a touching part's witness is this very
        // separation, and the search below starts from its distance.
        let at_zero = (part.bound == 0.0).then(|| sweep(0.0).to_part(&shape, &origin));
        let distance_at_zero = || match at_zero {
            Some(s) => s.map_or(f64::INFINITY, |s| s.distance),
            None => distance(0.0),
        };
        let touches = at_zero.is_some() && distance_at_zero() == 0.0;
        // The core at the best radius so far is shorter than at 0: a part
        // whose box is at least that radius from the core's box there
        // cannot pinch harder (most of a building's floors and ceilings,
        // which every edge's query meets). The box distance is taken a few
        // ulps low, as the index's bound is.
        let beyond = || {
            let (lower, upper) = Sweep::new(walking.core(world_feet, best.value)).bounds();
            let (l, u) = part.envelope;
            let gap = box_box_distance_2(lower, upper, l, u).sqrt() * (1.0 - 8.0 * f64::EPSILON);
            gap - rounding >= best.value
        };
        let root = if touches {
            0.0
        } else if best.witness.is_none_or(|_| key > best_key) && beyond() {
            continue;
        } else if distance(best.value) < best.value {
            largest_fitting(distance, distance_at_zero(), best.value)
        } else if best.witness.is_some() && key < best_key && best.value > 0.0 && {
            // As good as the best so far, or better by less than the last
            // representable step: a tie the lower key wins.
            let up = best.value.next_up();
            distance(up) < up
        } {
            best.value
        } else {
            continue;
        };
        if root == best.value && key > best_key {
            continue;
        }
        let separation = match at_zero {
            Some(s) if touches => s,
            _ => sweep(root).to_part(&shape, &origin),
        };
        let Some(s) = separation else {
            continue;
        };
        best = pinched(root, part, origin.back(s));
        best_key = key;
        // Touching: every later part has a higher (bound, key), so at
        // best it touches too and loses the tie.
        if best.value == 0.0 {
            break;
        }
    }
    best
}

/// The clearance `root`, pinched by `part` at `s`.
fn pinched(root: f64, part: &NearPart<'_>, s: Separation<Point3>) -> Clearance<Point3> {
    debug_assert!(!matches!(part.shape, NearShape::Inside(_)) || root == 0.0);
    Clearance {
        value: root,
        witness: Some(Witness {
            obstacle: part.obstacle as usize,
            edge_point: s.edge_point,
            obstacle_point: s.obstacle_point,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dimension::Space;
    use crate::obstacle_index::ObstacleIndex;
    use crate::obstacle_index::tests_3d::scatter3;
    use crate::obstacle3::Obstacle3;

    /// The walking clearance of `feet` (an edge's segment, or a node's point
    /// as a zero-length one) for the body `walking`: the least over the
    /// obstacles of the radius where they pinch, at most
    /// [`Walking::widest_body`] (with no witness then). Ties go to the lower
    /// (obstacle, piece), as in the index's search.
    fn body_clearance<'a>(
        index: &'a ObstacleIndex<Space>,
        obstacles: &'a [Obstacle3],
        walking: &Walking,
        feet: Segment<Point3>,
        near: &mut Vec<NearPart<'a>>,
    ) -> Clearance<Point3> {
        let widest = walking.widest_body();
        let BodyRegion { core, region } = body_region(walking, feet, widest);
        near.clear();
        index.parts_near_box(obstacles, core, widest, region, near);
        body_from_parts(walking, feet, widest, near)
    }

    /// The slow twin: every obstacle measured whole, each one's radius
    /// found over the whole range, the least kept.
    fn brute_force(obstacles: &[Obstacle3], walking: &Walking, feet: Segment<Point3>) -> f64 {
        let origin = Local::origin(feet);
        let local = origin.segment(feet);
        let back = origin.point(Point3::new(0.0, 0.0, 0.0));
        let widest = walking.widest_body();
        obstacles
            .iter()
            .map(|o| {
                let o = o.translated(back).expect("3D obstacles always move");
                let d = |r: f64| Sweep::new(walking.core(local, r)).to_obstacle(&o).distance;
                // At least its distance at radius 0: beyond the widest
                // body, it never pinches.
                let at_zero = d(0.0);
                if at_zero >= widest {
                    widest
                } else {
                    largest_fitting(d, at_zero, widest)
                }
            })
            .fold(widest, f64::min)
    }

    #[test]
    fn the_index_finds_what_measuring_every_obstacle_finds() {
        for (seed, offset) in [(1u64, 0.0), (7, 1e6), (11, -1e7)] {
            let obstacles: Vec<Obstacle3> = scatter3(200, seed)
                .iter()
                .map(|o| o.translated(Point3::new(offset, offset, offset)).unwrap())
                .collect();
            let index = ObstacleIndex::<Space>::build(&obstacles);
            let mut near = Vec::new();
            let walkers = [
                Walking {
                    height: 1.8,
                    climb: 0.4,
                    max_slope: 90.0,
                },
                Walking {
                    height: 6.0,
                    climb: 0.5,
                    max_slope: 90.0,
                },
            ];
            let mut x = seed;
            let mut next = || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 11) as f64 / (1u64 << 53) as f64 * 100.0 + offset
            };
            for _ in 0..25 {
                let a = Point3::new(next(), next(), next());
                let b = a + Point3::new(next() - offset - 50.0, next() - offset - 50.0, 1.0) * 0.1;
                for feet in [Segment::new(a, b), Segment::new(a, a)] {
                    for w in &walkers {
                        let fast = body_clearance(&index, &obstacles, w, feet, &mut near);
                        let slow = brute_force(&obstacles, w, feet);

                        assert!(
                            (fast.value - slow).abs() <= 1e-12 * slow.max(1e-300),
                            "{feet:?} {w:?}: index {fast:?}, every obstacle {slow}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_constant_distance_is_its_own_answer() {
        assert_eq!(largest_fitting(|_| 0.3, 0.3, 1.0), 0.3);
        assert_eq!(largest_fitting(|_| 2.0, 2.0, 1.0), 1.0);
        assert_eq!(largest_fitting(|_| 0.0, 0.0, 1.0), 0.0);
    }

    #[test]
    fn a_distance_that_grows_meets_the_radius_where_it_should() {
        // D(r) = 0.2 + r / 2 meets r at 0.4.
        let r = largest_fitting(|r| 0.2 + r / 2.0, 0.2, 1.0);
        assert!((r - 0.4).abs() <= 1e-15, "{r}");
        // D(r) = 0.1 + 0.999 r: meets r at 100, beyond the widest 1.
        assert_eq!(largest_fitting(|r| 0.1 + 0.999 * r, 0.1, 1.0), 1.0);
        // D(r) = 0.001 + 0.999 r meets r at 1, the widest itself.
        let r = largest_fitting(|r| 0.001 + 0.999 * r, 0.001, 2.0);
        assert!((r - 1.0).abs() <= 1e-12, "{r}");
        // A kink: D = 0.5 up to r = 0.25, then 0.25 + r: never below r.
        assert_eq!(
            largest_fitting(|r| if r < 0.25 { 0.5 } else { 0.25 + r }, 0.5, 1.0),
            1.0
        );
        // D = min(0.6, 0.3 + r): 0.6 from r = 0.3 on, meets r at 0.6.
        assert_eq!(largest_fitting(|r| (0.3 + r).min(0.6), 0.3, 1.0), 0.6);
    }
}
