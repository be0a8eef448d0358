//! The `geometry` target in space: the 3D kernel on an arbitrary edge and
//! one obstacle (point, sphere, wall, triangle, box, mesh), checked against
//! brute-force invariants and the exact rational twin (`exact3.rs`), as the
//! flat half (`geometry2.rs`) checks the 2D kernel:
//!
//! * never NaN, never negative, witness points never NaN;
//! * `Obstacle3::separation_from` is the kernel function for its shape;
//! * within the loader's coordinate range: 0 exactly when the twin's squared
//!   distance is 0, else within 1e-9 relative of the exact distance (spheres:
//!   the exact centre distance minus the radius, to 1e-9 of the larger);
//!   the witness points that far apart, the edge's on the edge; the same
//!   answer (0 alike, else within 1e-9) with the edge reversed, the wall
//!   reversed or swapped with the edge, the triangle's corners rotated; a
//!   point is a zero-length wall; a solid mesh contains the edge's ends
//!   exactly when the twin's crossing parity says so.
//!
//! Shapes are placed on, or a few ulps off, the edge (points, walls
//! crossing it, triangles around a point of it, boxes with a corner on it)
//! so that touches and near misses are common. Coordinates outside the
//! loader's range (up to f64::MAX, one input in eight) are fed for the
//! never-NaN checks.

use arbitrary::{Arbitrary, Unstructured};
use clearway::Obstacle3;
use clearway::geometry::{AxisBox, Mesh, Point3, Segment, Separation, Sphere, Triangle, space};
use num_rational::BigRational;
use num_traits::Zero;

use super::exact::{rat, sqrt_to_f64};
use super::exact_obstacle3::{pt3, seg3, tup3};
use super::exact3::{self, P3};
use super::{Frame, LIMIT, Local, LocalPoint3, Offset, list, magnitude3, near_point3};

/// One obstacle, relative to the frame or to the edge.
#[derive(Arbitrary, Debug)]
enum Shape {
    Point(LocalPoint3),
    /// A point on the edge at t, moved a few ulps along one axis.
    NearPoint {
        t: u16,
        axis: u8,
        ulps: i8,
    },
    Sphere(LocalPoint3, Local),
    Wall(LocalPoint3, LocalPoint3),
    /// A wall through a point on, or a few ulps off, the edge, running
    /// `half` either way from it: crossing, skew a hair apart, or along it.
    CrossingWall {
        t: u16,
        axis: u8,
        ulps: i8,
        half: LocalPoint3,
    },
    Triangle([LocalPoint3; 3]),
    /// A triangle whose corners sit around a point on (or a few ulps off)
    /// the edge: pierced, grazed at a side or corner, or just missed.
    TriangleAround {
        t: u16,
        axis: u8,
        ulps: i8,
        corners: [LocalPoint3; 3],
    },
    Box(LocalPoint3, LocalPoint3),
    /// A box from a point on (or a few ulps off) the edge to another point.
    BoxFromEdge {
        t: u16,
        axis: u8,
        ulps: i8,
        other: LocalPoint3,
    },
    /// A closed octahedron around a point, each of its six vertices 1/4 to
    /// 4 from it along an axis (a radius each), solid or hollow.
    Octahedron {
        centre: LocalPoint3,
        radii: [u8; 6],
        solid: bool,
    },
    /// A triangle soup (not closed, so hollow): 3 to 8 vertices, 1 to 8
    /// triangles naming them.
    Soup,
}

/// An edge in space and one obstacle.
#[derive(Debug)]
pub struct Input {
    frame: Frame,
    a: P3,
    b: P3,
    shape: Shape,
    soup: (Vec<P3>, Vec<[u32; 3]>),
}

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let offset = Offset::arbitrary(u)?;
        let clamp = u.ratio(7u8, 8u8)?;
        let frame = Frame {
            offset: offset.value(),
            clamp,
        };
        let a = frame.at3(LocalPoint3::arbitrary(u)?);
        let b = if u.ratio(1u8, 8u8)? {
            a
        } else {
            frame.at3(LocalPoint3::arbitrary(u)?)
        };
        let shape = Shape::arbitrary(u)?;
        let soup = if matches!(shape, Shape::Soup) {
            let vertices: Vec<P3> = list::<LocalPoint3>(u, 3, 8)?
                .into_iter()
                .map(|p| frame.at3(p))
                .collect();
            let n = vertices.len() as u32;
            let triangles = list::<(u8, u8, u8)>(u, 1, 8)?
                .into_iter()
                .map(|(i, j, k)| [u32::from(i) % n, u32::from(j) % n, u32::from(k) % n])
                .collect();
            (vertices, triangles)
        } else {
            (Vec::new(), Vec::new())
        };
        Ok(Input {
            frame,
            a,
            b,
            shape,
            soup,
        })
    }
}

impl Input {
    /// `p + k * v` with `v` a local vector (no offset), or `p` where that
    /// is not finite.
    fn step(&self, p: P3, v: LocalPoint3, k: f64) -> P3 {
        let q = (
            p.0 + k * v.0.value(),
            p.1 + k * v.1.value(),
            p.2 + k * v.2.value(),
        );
        let q = if q.0.is_finite() && q.1.is_finite() && q.2.is_finite() {
            q
        } else {
            p
        };
        if self.frame.clamp {
            (
                q.0.clamp(-LIMIT, LIMIT),
                q.1.clamp(-LIMIT, LIMIT),
                q.2.clamp(-LIMIT, LIMIT),
            )
        } else {
            q
        }
    }

    fn near(&self, t: u16, axis: u8, ulps: i8) -> P3 {
        let p = near_point3(self.a, self.b, t, axis, ulps);
        if self.frame.clamp {
            (
                p.0.clamp(-LIMIT, LIMIT),
                p.1.clamp(-LIMIT, LIMIT),
                p.2.clamp(-LIMIT, LIMIT),
            )
        } else {
            p
        }
    }
}

fn sane(s: &Separation<Point3>, what: &str) {
    assert!(
        !s.distance.is_nan() && s.distance >= 0.0,
        "{what}: distance {s:?}"
    );
    assert!(
        [s.edge_point, s.obstacle_point]
            .iter()
            .all(|p| !p.x.is_nan() && !p.y.is_nan() && !p.z.is_nan()),
        "{what}: witness {s:?}"
    );
}

/// The kernel against the exact squared distance: 0 exactly when it is 0,
/// else positive and (outside the subnormal range) within 1e-9 relative.
fn matches_exact(d: f64, exact_2: &BigRational, what: &str) {
    if exact_2.is_zero() {
        assert_eq!(d, 0.0, "{what}: the shapes meet, kernel says {d}");
    } else {
        let e = sqrt_to_f64(exact_2);
        assert!(d > 0.0, "{what}: exact distance {e} > 0, kernel says 0");
        if e >= 1e-290 {
            assert!((d - e).abs() <= 1e-9 * e, "{what}: kernel {d} vs exact {e}");
        }
    }
}

/// Two answers for the same pair of shapes: 0 alike, else within 1e-9.
fn agree(s: &Separation<Point3>, t: &Separation<Point3>, what: &str) {
    assert_eq!(
        s.distance == 0.0,
        t.distance == 0.0,
        "{what}: {s:?} vs {t:?}"
    );
    assert!(
        (s.distance - t.distance).abs() <= 1e-9 * s.distance.max(t.distance),
        "{what}: {s:?} vs {t:?}"
    );
}

/// The witness points are `distance` apart and the edge's lies on the
/// edge, to the rounding of coordinates of magnitude `scale`.
fn witnesses(s: &Separation<Point3>, edge: Segment<Point3>, scale: f64, what: &str) {
    let slack = 16.0 * f64::EPSILON * scale.max(1.0);
    let gap = (s.edge_point - s.obstacle_point).length();
    assert!(
        (gap - s.distance).abs() <= 1e-9 * s.distance + slack,
        "{what}: witness gap {gap} vs {s:?}"
    );
    let off = sqrt_to_f64(&exact3::point_segment_distance_2(
        tup3(s.edge_point),
        tup3(edge.a),
        tup3(edge.b),
    ));
    assert!(off <= slack, "{what}: edge point {off} off the edge: {s:?}");
}

/// The six vertices of an octahedron around `c` and its eight faces (a
/// closed surface: crossing parity needs no winding).
fn octahedron(input: &Input, c: P3, radii: [u8; 6]) -> (Vec<P3>, Vec<[u32; 3]>) {
    let r = radii.map(|r| f64::from(r % 16 + 1) / 4.0);
    let axis = |v: (f64, f64, f64), k: f64| {
        input.step(
            c,
            LocalPoint3(Local::Raw(v.0), Local::Raw(v.1), Local::Raw(v.2)),
            k,
        )
    };
    let vertices = vec![
        axis((-1.0, 0.0, 0.0), r[0]),
        axis((1.0, 0.0, 0.0), r[1]),
        axis((0.0, -1.0, 0.0), r[2]),
        axis((0.0, 1.0, 0.0), r[3]),
        axis((0.0, 0.0, -1.0), r[4]),
        axis((0.0, 0.0, 1.0), r[5]),
    ];
    let mut triangles = Vec::new();
    for x in [0u32, 1] {
        for y in [2u32, 3] {
            for z in [4u32, 5] {
                triangles.push([x, y, z]);
            }
        }
    }
    (vertices, triangles)
}

/// The checks on one input in space.
pub fn check(input: Input) {
    let (a, b) = (input.a, input.b);
    let edge = seg3(a, b);
    let mut points = vec![a, b];
    match input.shape {
        Shape::Point(_) | Shape::NearPoint { .. } => {
            let p = match input.shape {
                Shape::Point(p) => input.frame.at3(p),
                Shape::NearPoint { t, axis, ulps } => input.near(t, axis, ulps),
                _ => unreachable!(),
            };
            points.push(p);
            let s = space::segment_to_point(edge, pt3(p));
            sane(&s, "point");
            assert_eq!(Obstacle3::Point(pt3(p)).separation_from(edge), s);
            if magnitude3(&points) > LIMIT {
                return;
            }
            assert_eq!(s.obstacle_point, pt3(p));
            assert_eq!(s.edge_point, space::closest_point_on_segment(edge, pt3(p)));
            assert_eq!(
                s,
                space::segment_to_point(edge.reversed(), pt3(p)),
                "reversal"
            );
            matches_exact(
                s.distance,
                &exact3::point_segment_distance_2(p, a, b),
                "point",
            );
            witnesses(&s, edge, magnitude3(&points), "point");
            // A point is a zero-length wall.
            let w = space::segment_to_segment(edge, seg3(p, p));
            sane(&w, "point as wall");
            agree(&s, &w, "point as wall");
        }
        Shape::Sphere(c, r) => {
            let c = input.frame.at3(c);
            let radius = r.value().abs();
            points.push(c);
            let ball = Sphere {
                center: pt3(c),
                radius,
            };
            let s = space::segment_to_sphere(edge, ball);
            sane(&s, "sphere");
            assert_eq!(Obstacle3::Sphere(ball).separation_from(edge), s);
            if magnitude3(&points) > LIMIT {
                return;
            }
            let centre_2 = exact3::point_segment_distance_2(c, a, b);
            let centre = sqrt_to_f64(&centre_2);
            let expected = (centre - radius).max(0.0);
            // Subnormal distances carry only a few bits: allow their rounding.
            let tol = 1e-9 * centre.max(radius) + 1e-300;
            assert!(
                (s.distance - expected).abs() <= tol,
                "sphere: kernel {s:?} vs exact {expected} (centre {centre})"
            );
            if centre_2 <= rat(radius) * rat(radius) {
                assert!(s.distance <= tol, "sphere: meets, kernel {s:?}");
            }
            let r2 = space::segment_to_sphere(edge.reversed(), ball);
            assert!((r2.distance - s.distance).abs() <= tol, "sphere: reversal");
        }
        Shape::Wall(..) | Shape::CrossingWall { .. } => {
            let (c, d) = match input.shape {
                Shape::Wall(c, d) => (input.frame.at3(c), input.frame.at3(d)),
                Shape::CrossingWall {
                    t,
                    axis,
                    ulps,
                    half,
                } => {
                    let q = input.near(t, axis, ulps);
                    (input.step(q, half, -1.0), input.step(q, half, 1.0))
                }
                _ => unreachable!(),
            };
            points.extend([c, d]);
            let wall = seg3(c, d);
            let s = space::segment_to_segment(edge, wall);
            sane(&s, "wall");
            assert_eq!(Obstacle3::Segment(wall).separation_from(edge), s);
            let others = [
                (edge.reversed(), wall, "edge reversed"),
                (edge, wall.reversed(), "wall reversed"),
                (wall, edge, "swapped"),
                (wall.reversed(), edge.reversed(), "swapped, both reversed"),
            ];
            let others = others.map(|(e, w, what)| {
                let t = space::segment_to_segment(e, w);
                sane(&t, what);
                (t, what)
            });
            if magnitude3(&points) > LIMIT {
                return;
            }
            matches_exact(
                s.distance,
                &exact3::segment_segment_distance_2(a, b, c, d),
                "wall",
            );
            witnesses(&s, edge, magnitude3(&points), "wall");
            for (t, what) in &others {
                agree(&s, t, what);
            }
        }
        Shape::Triangle(..) | Shape::TriangleAround { .. } => {
            let corners = match input.shape {
                Shape::Triangle(t) => t.map(|c| input.frame.at3(c)),
                Shape::TriangleAround {
                    t,
                    axis,
                    ulps,
                    corners,
                } => {
                    let q = input.near(t, axis, ulps);
                    corners.map(|v| input.step(q, v, 1.0))
                }
                _ => unreachable!(),
            };
            points.extend(corners);
            let triangle = Triangle {
                corners: corners.map(pt3),
            };
            let s = space::segment_to_triangle(edge, triangle);
            sane(&s, "triangle");
            assert_eq!(Obstacle3::Triangle(triangle).separation_from(edge), s);
            let rotated = Triangle {
                corners: [corners[1], corners[2], corners[0]].map(pt3),
            };
            let others = [
                (
                    space::segment_to_triangle(edge.reversed(), triangle),
                    "edge reversed",
                ),
                (space::segment_to_triangle(edge, rotated), "corners rotated"),
            ];
            for (t, what) in &others {
                sane(t, what);
            }
            if magnitude3(&points) > LIMIT {
                return;
            }
            matches_exact(
                s.distance,
                &exact3::segment_triangle_distance_2(a, b, corners),
                "triangle",
            );
            witnesses(&s, edge, magnitude3(&points), "triangle");
            for (t, what) in &others {
                agree(&s, t, what);
            }
        }
        Shape::Box(..) | Shape::BoxFromEdge { .. } => {
            let (p, q) = match input.shape {
                Shape::Box(p, q) => (input.frame.at3(p), input.frame.at3(q)),
                Shape::BoxFromEdge {
                    t,
                    axis,
                    ulps,
                    other,
                } => (input.near(t, axis, ulps), input.frame.at3(other)),
                _ => unreachable!(),
            };
            let lo = (p.0.min(q.0), p.1.min(q.1), p.2.min(q.2));
            let hi = (p.0.max(q.0), p.1.max(q.1), p.2.max(q.2));
            points.extend([lo, hi]);
            let solid = AxisBox {
                min: pt3(lo),
                max: pt3(hi),
            };
            let s = space::segment_to_box(edge, solid);
            sane(&s, "box");
            assert_eq!(Obstacle3::Box(solid).separation_from(edge), s);
            let r = space::segment_to_box(edge.reversed(), solid);
            sane(&r, "box, edge reversed");
            if magnitude3(&points) > LIMIT {
                return;
            }
            let d2 = exact3::segment_box_distance_2(a, b, lo, hi);
            assert_eq!(
                exact3::segment_box_meet(a, b, lo, hi),
                d2.is_zero(),
                "the twin disagrees with itself"
            );
            matches_exact(s.distance, &d2, "box");
            witnesses(&s, edge, magnitude3(&points), "box");
            agree(&s, &r, "box, edge reversed");
        }
        Shape::Octahedron { .. } | Shape::Soup => {
            let (vertices, triangles, solid) = match input.shape {
                Shape::Octahedron {
                    centre,
                    radii,
                    solid,
                } => {
                    let (v, t) = octahedron(&input, input.frame.at3(centre), radii);
                    (v, t, solid)
                }
                _ => (input.soup.0.clone(), input.soup.1.clone(), false),
            };
            points.extend(vertices.iter().copied());
            let mesh = Mesh::new(
                vertices.iter().map(|&v| pt3(v)).collect(),
                triangles.clone(),
                solid,
            )
            .expect("indices in range");
            let s = space::segment_to_mesh(edge, &mesh);
            sane(&s, "mesh");
            let inside = [a, b].map(|p| space::mesh_contains(&mesh, pt3(p)));
            assert_eq!(Obstacle3::Mesh(mesh).separation_from(edge), s);
            if magnitude3(&points) > LIMIT {
                return;
            }
            if solid {
                for (p, inside) in [a, b].into_iter().zip(inside) {
                    assert_eq!(
                        inside,
                        exact3::point_in_mesh(p, &vertices, &triangles),
                        "mesh: contains {p:?}"
                    );
                }
            }
            let d2 = exact3::segment_mesh_distance_2(a, b, &vertices, &triangles, solid)
                .expect("a mesh with triangles");
            matches_exact(s.distance, &d2, "mesh");
            if s.distance > 0.0 {
                witnesses(&s, edge, magnitude3(&points), "mesh");
            }
        }
    }
}
