//! The exact twin of walking agents (`clearway::walking`): whether a body
//! of some radius, swept along an edge, clears every obstacle, and where an
//! edge has no ground under it, in arbitrary-precision rationals over every
//! obstacle (no index), sharing no code with `src/`.
//!
//! The swept core is the parallelogram between `climb + r` and
//! `height - r` above the edge. Its corners are rounded to `f64` as the
//! library rounds them (the twin measures the same core, exactly); the
//! distance to it is then exact. The core is the union of two triangles:
//! the distance to a point or a segment is the least to either; between
//! the core and a triangle or box (convex), the closest pair always
//! involves a side of one of them, so it is the least over the sides of
//! each against the other. Ground is found by barycentric coordinates
//! (the library clips by half-planes) and slabs, and the gaps between the
//! intervals are measured in rationals.

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use clearway::Obstacle3;
use clearway::geometry::{AxisBox, Mesh, Point3, Segment, Sphere, Triangle};
use clearway::walking::Walking;

use super::exact::rat;
use super::exact_obstacle3::{pt3, tup3};
use super::exact3::{P3, point_in_mesh, segment_box_distance_2, segment_triangle_distance_2};

type R = BigRational;

/// The local origin the library measures `a`-`b` from: on each axis, `a`'s
/// coordinate where it is beyond ±65536, else 0.
pub fn origin(a: P3) -> P3 {
    let at = |v: f64| if v.abs() >= 65536.0 { v } else { 0.0 };
    (at(a.0), at(a.1), at(a.2))
}

fn minus(p: P3, o: P3) -> P3 {
    (p.0 - o.0, p.1 - o.1, p.2 - o.2)
}

/// An obstacle moved by `-o` (exactly, for the levels the tests make: every
/// coordinate near one beyond ±65536 is within a factor of two of it).
pub fn moved(obstacle: &Obstacle3, o: P3) -> Obstacle3 {
    let m = |p: Point3| pt3(minus(tup3(p), o));
    match obstacle {
        Obstacle3::Point(p) => Obstacle3::Point(m(*p)),
        Obstacle3::Sphere(s) => Obstacle3::Sphere(Sphere {
            center: m(s.center),
            radius: s.radius,
        }),
        Obstacle3::Segment(s) => Obstacle3::Segment(Segment::new(m(s.a), m(s.b))),
        Obstacle3::Triangle(t) => Obstacle3::Triangle(Triangle {
            corners: t.corners.map(m),
        }),
        Obstacle3::Box(b) => Obstacle3::Box(AxisBox {
            min: m(b.min),
            max: m(b.max),
        }),
        Obstacle3::Mesh(mesh) => Obstacle3::Mesh(
            Mesh::new(
                mesh.vertices().iter().map(|&v| m(v)).collect(),
                mesh.triangle_indices().to_vec(),
                mesh.is_solid(),
            )
            .expect("the same indices"),
        ),
    }
}

/// The core's corners for radius `r` along `a`-`b` (already moved to the
/// local origin): `[a low, b low, b high, a high]`, rounded as the library
/// rounds them.
pub fn core(walking: &Walking, a: P3, b: P3, r: f64) -> [P3; 4] {
    let low = walking.climb + r;
    let high = (walking.height - r).max(low);
    [
        (a.0, a.1, a.2 + low),
        (b.0, b.1, b.2 + low),
        (b.0, b.1, b.2 + high),
        (a.0, a.1, a.2 + high),
    ]
}

fn triangles(c: &[P3; 4]) -> [[P3; 3]; 2] {
    [[c[0], c[1], c[2]], [c[0], c[2], c[3]]]
}

fn sides(c: &[P3; 4]) -> [(P3, P3); 4] {
    [(c[0], c[1]), (c[1], c[2]), (c[2], c[3]), (c[3], c[0])]
}

fn least(rs: impl IntoIterator<Item = R>) -> R {
    rs.into_iter()
        .reduce(|x, y| if y < x { y } else { x })
        .expect("at least one")
}

/// The squared distance from the core to a segment (a point: a zero-length
/// one).
fn to_segment(c: &[P3; 4], a: P3, b: P3) -> R {
    least(triangles(c).map(|t| segment_triangle_distance_2(a, b, t)))
}

fn to_triangle(c: &[P3; 4], t: [P3; 3]) -> R {
    let mine = sides(c).map(|(a, b)| segment_triangle_distance_2(a, b, t));
    let theirs = [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])].map(|(a, b)| to_segment(c, a, b));
    least(mine.into_iter().chain(theirs))
}

fn to_box(c: &[P3; 4], lo: P3, hi: P3) -> R {
    let mine = sides(c).map(|(a, b)| segment_box_distance_2(a, b, lo, hi));
    let pick = |k: u32| {
        (
            if k & 1 == 0 { lo.0 } else { hi.0 },
            if k & 2 == 0 { lo.1 } else { hi.1 },
            if k & 4 == 0 { lo.2 } else { hi.2 },
        )
    };
    // Box edges: corner pairs that differ in one bit.
    let mut theirs = Vec::new();
    for k in 0..8u32 {
        for bit in [1, 2, 4] {
            if k & bit == 0 {
                theirs.push(to_segment(c, pick(k), pick(k | bit)));
            }
        }
    }
    least(mine.into_iter().chain(theirs))
}

/// The exact squared distance from the core to `o` (to a sphere's centre)
/// and the sphere's radius (0 for the others); `None` for a mesh with no
/// triangles.
pub fn core_obstacle_2(c: &[P3; 4], o: &Obstacle3) -> Option<(R, f64)> {
    Some(match o {
        Obstacle3::Point(p) => (to_segment(c, tup3(*p), tup3(*p)), 0.0),
        Obstacle3::Sphere(s) => (to_segment(c, tup3(s.center), tup3(s.center)), s.radius),
        Obstacle3::Segment(s) => (to_segment(c, tup3(s.a), tup3(s.b)), 0.0),
        Obstacle3::Triangle(t) => (to_triangle(c, t.corners.map(tup3)), 0.0),
        Obstacle3::Box(b) => (to_box(c, tup3(b.min), tup3(b.max)), 0.0),
        Obstacle3::Mesh(m) => {
            let vertices: Vec<P3> = m.vertices().iter().map(|&v| tup3(v)).collect();
            let d = m
                .triangle_indices()
                .iter()
                .map(|t| to_triangle(c, t.map(|i| vertices[i as usize])))
                .reduce(|x, y| if y < x { y } else { x })?;
            if m.is_solid() && !d.is_zero() && point_in_mesh(c[0], &vertices, m.triangle_indices())
            {
                (R::zero(), 0.0)
            } else {
                (d, 0.0)
            }
        }
    })
}

/// Whether the body of radius `r` along `a`-`b` clears every obstacle:
/// the core is more than 0 and at least `r` from each (from a sphere's
/// surface).
pub fn body_fits(walking: &Walking, a: P3, b: P3, r: f64, obstacles: &[Obstacle3]) -> bool {
    let o = origin(a);
    let c = core(walking, minus(a, o), minus(b, o), r);
    obstacles
        .iter()
        .all(|x| match core_obstacle_2(&c, &moved(x, o)) {
            None => true,
            Some((d2, rs)) => {
                let reach = rat(r) + rat(rs);
                let rs = rat(rs);
                d2 > &rs * &rs && d2 >= &reach * &reach
            }
        })
}

/// The parameters `t` in `[0, 1]` of `a`-`b` held up by `o`, within
/// `climb` of the feet: an interval, exactly.
fn held_by(a: P3, b: P3, climb: &R, o: &Obstacle3) -> Vec<(R, R)> {
    let (ax, ay, az) = (rat(a.0), rat(a.1), rat(a.2));
    let (dx, dy, dz) = (rat(b.0) - &ax, rat(b.1) - &ay, rat(b.2) - &az);
    // Keeps of [lo, hi] the t with p + q t >= 0.
    let keep = |range: Option<(R, R)>, p: R, q: R| -> Option<(R, R)> {
        let (lo, hi) = range?;
        if q.is_zero() {
            return (!p.is_negative()).then_some((lo, hi));
        }
        let t = -p / &q;
        let (lo, hi) = if q.is_positive() {
            (if t > lo { t } else { lo }, hi)
        } else {
            (lo, if t < hi { t } else { hi })
        };
        (lo <= hi).then_some((lo, hi))
    };
    let unit = Some((R::zero(), R::one()));
    let triangle = |t: [P3; 3]| -> Option<(R, R)> {
        let [(x0, y0, z0), (x1, y1, z1), (x2, y2, z2)] = t.map(|p| (rat(p.0), rat(p.1), rat(p.2)));
        let det = (&x1 - &x0) * (&y2 - &y0) - (&x2 - &x0) * (&y1 - &y0);
        if det.is_zero() {
            return None;
        }
        // Barycentric coordinates of the plan point (x, y), affine in t:
        // l1 = ((x - x0)(y2 - y0) - (x2 - x0)(y - y0)) / det, and so on.
        let l1 = |x: &R, y: &R| ((x - &x0) * (&y2 - &y0) - (&x2 - &x0) * (y - &y0)) / &det;
        let l2 = |x: &R, y: &R| ((&x1 - &x0) * (y - &y0) - (x - &x0) * (&y1 - &y0)) / &det;
        let (bx, by) = (&ax + &dx, &ay + &dy);
        let (p1, q1) = (l1(&ax, &ay), l1(&bx, &by) - l1(&ax, &ay));
        let (p2, q2) = (l2(&ax, &ay), l2(&bx, &by) - l2(&ax, &ay));
        let (p0, q0) = (R::one() - &p1 - &p2, -(&q1) - &q2);
        let mut range = keep(unit.clone(), p0.clone(), q0.clone());
        range = keep(range, p1.clone(), q1.clone());
        range = keep(range, p2.clone(), q2.clone());
        // Height over the feet: l0 z0 + l1 z1 + l2 z2 - (az + t dz).
        let u = &p0 * &z0 + &p1 * &z1 + &p2 * &z2 - &az;
        let v = &q0 * &z0 + &q1 * &z1 + &q2 * &z2 - &dz;
        range = keep(range, climb - &u, -v.clone());
        keep(range, climb + &u, v)
    };
    match o {
        Obstacle3::Triangle(t) => triangle(t.corners.map(tup3)).into_iter().collect(),
        Obstacle3::Mesh(m) => m
            .triangles()
            .filter_map(|t| triangle(t.corners.map(tup3)))
            .collect(),
        Obstacle3::Box(bx) => {
            let (lo, hi) = (tup3(bx.min), tup3(bx.max));
            let mut range = unit.clone();
            for (start, step, l, h) in [(&ax, &dx, lo.0, hi.0), (&ay, &dy, lo.1, hi.1)] {
                range = keep(range, start - rat(l), step.clone());
                range = keep(range, rat(h) - start, -step.clone());
            }
            let u = rat(hi.2) - &az;
            range = keep(range, climb - &u, dz.clone());
            range = keep(range, climb + &u, -dz.clone());
            range.into_iter().collect()
        }
        _ => Vec::new(),
    }
}

/// The longest stretch of `a`-`b` (its parameter length, exactly) with no
/// ground within `climb`, and where it starts; `None` when it is held up
/// all along. A node (`a == b`) is held up or not at its point. Along an
/// edge, held stretches no longer than `sliver` (in the parameter) are
/// left out: with 0, only single points (a ridge crossed), as the library
/// does; with more, the slivers that rounding may make or unmake.
pub fn longest_gap(
    walking: &Walking,
    a: P3,
    b: P3,
    obstacles: &[Obstacle3],
    sliver: f64,
) -> Option<(R, R)> {
    let climb = rat(walking.climb);
    let node = a == b;
    let sliver = rat(sliver);
    let mut held: Vec<(R, R)> = obstacles
        .iter()
        .flat_map(|o| held_by(a, b, &climb, o))
        .filter(|(lo, hi)| node || hi - lo > sliver)
        .collect();
    held.sort_by(|x, y| x.0.cmp(&y.0));
    if held.is_empty() {
        return Some((R::one(), R::zero()));
    }
    let mut longest: Option<(R, R)> = None;
    let mut consider = |from: &R, to: &R| {
        let len = to - from;
        if len.is_positive() && longest.as_ref().is_none_or(|(l, _)| len > *l) {
            longest = Some((len, from.clone()));
        }
    };
    let mut reached = R::zero();
    consider(&R::zero(), &held[0].0);
    for (lo, hi) in &held {
        if *lo > reached {
            consider(&reached.clone(), lo);
        }
        if *hi > reached {
            reached = hi.clone();
        }
    }
    if !node {
        consider(&reached.clone(), &R::one());
    }
    longest
}
