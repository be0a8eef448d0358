//! The `clearance` target on levels with height: the clearance engine on
//! small arbitrary 3D maps (points, spheres, walls, triangles, boxes, solid
//! and hollow meshes, some placed on or a few ulps off the edges), written
//! as RON and loaded through the real loader (`Level`), checked as the flat
//! half (`clearance2.rs`) checks 2D levels:
//!
//! * the 3D index search (`Clearances::<Space>::compute`) gives exactly what
//!   measuring every obstacle (`compute_brute_force`) gives: values,
//!   obstacles and witness points;
//! * no clearance is NaN or negative;
//! * every edge and node clearance matches the exact rational value
//!   (`exact_obstacle3.rs`) to 1e-9 of the map's coordinate scale (its
//!   largest coordinate magnitude), and without spheres is 0 exactly when
//!   the exact value is 0, and within 1e-9 relative.

use arbitrary::{Arbitrary, Unstructured};
use clearway::geometry::{Point3, Segment};
use clearway::map::Level;
use clearway::{Clearances, EdgeIdx, NodeIdx, Obstacle3};

use super::exact_obstacle3::{exact_segment_obstacle3_distance, tup3};
use super::{
    Frame, LIMIT, Local, LocalPoint3, Offset, edges_between, level_text, list, near_point3,
};

type P3 = (f64, f64, f64);

#[derive(Arbitrary, Debug)]
enum Obs {
    Point(LocalPoint3),
    Sphere(LocalPoint3, Local),
    Segment(LocalPoint3, LocalPoint3),
    Triangle([LocalPoint3; 3]),
    Box(LocalPoint3, LocalPoint3),
    /// A closed octahedron around a point, 1/4 to 4 along each axis.
    Octahedron(LocalPoint3, [u8; 6], bool),
    /// A hollow triangle soup over up to 8 vertices.
    Soup(Vec<LocalPoint3>, Vec<(u8, u8, u8)>),
    /// A point on (or a few ulps off) edge `e` at parameter t.
    NearEdge(u8, u16, u8, i8),
    /// A wall from near edge `e` to a point.
    WallFromEdge(u8, u16, u8, i8, LocalPoint3),
    /// A box from near edge `e` to a point.
    BoxFromEdge(u8, u16, u8, i8, LocalPoint3),
}

/// A level with height, as RON text.
#[derive(Debug)]
pub struct Input {
    /// The level's RON text.
    pub text: String,
}

fn clamp3(p: P3) -> P3 {
    (
        p.0.clamp(-LIMIT, LIMIT),
        p.1.clamp(-LIMIT, LIMIT),
        p.2.clamp(-LIMIT, LIMIT),
    )
}

fn p(q: P3) -> String {
    format!("({:?}, {:?}, {:?})", q.0, q.1, q.2)
}

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let frame = Frame {
            offset: Offset::arbitrary(u)?.value(),
            clamp: true,
        };
        let nodes: Vec<P3> = list::<LocalPoint3>(u, 2, 8)?
            .into_iter()
            .map(|p| frame.at3(p))
            .collect();
        let n = nodes.len();
        let edges = edges_between(list(u, 0, 12)?, n);
        let obstacles: Vec<Obs> = list(u, 0, 8)?;
        let on_edge = |e: u8, t: u16, axis: u8, ulps: i8| -> P3 {
            if edges.is_empty() {
                return nodes[0];
            }
            let (f, to) = edges[usize::from(e) % edges.len()];
            clamp3(near_point3(nodes[f], nodes[to], t, axis, ulps))
        };
        let boxed = |a: P3, b: P3| {
            let lo = (a.0.min(b.0), a.1.min(b.1), a.2.min(b.2));
            let hi = (a.0.max(b.0), a.1.max(b.1), a.2.max(b.2));
            format!("Box(min: {}, max: {})", p(lo), p(hi))
        };
        let mut lines = Vec::new();
        for o in &obstacles {
            let line = match o {
                Obs::Point(q) => format!("Point({})", p(frame.at3(*q))),
                Obs::Sphere(c, r) => format!(
                    "Sphere(center: {}, radius: {:?})",
                    p(frame.at3(*c)),
                    r.value().abs()
                ),
                Obs::Segment(a, b) => format!(
                    "Segment(from: {}, to: {})",
                    p(frame.at3(*a)),
                    p(frame.at3(*b))
                ),
                Obs::Triangle(t) => {
                    let t = t.map(|c| p(frame.at3(c)));
                    format!("Triangle([{}])", t.join(", "))
                }
                Obs::Box(a, b) => boxed(frame.at3(*a), frame.at3(*b)),
                Obs::Octahedron(c, radii, solid) => {
                    let c = frame.at3(*c);
                    let r = radii.map(|r| f64::from(r % 16 + 1) / 4.0);
                    let vs = [
                        (c.0 - r[0], c.1, c.2),
                        (c.0 + r[1], c.1, c.2),
                        (c.0, c.1 - r[2], c.2),
                        (c.0, c.1 + r[3], c.2),
                        (c.0, c.1, c.2 - r[4]),
                        (c.0, c.1, c.2 + r[5]),
                    ]
                    .map(|v| p(clamp3(v)));
                    let mut ts = Vec::new();
                    for x in [0, 1] {
                        for y in [2, 3] {
                            for z in [4, 5] {
                                ts.push(format!("({x}, {y}, {z})"));
                            }
                        }
                    }
                    format!(
                        "Mesh(vertices: [{}], triangles: [{}], solid: {solid})",
                        vs.join(", "),
                        ts.join(", ")
                    )
                }
                Obs::Soup(vs, ts) => {
                    let vs: Vec<String> = vs.iter().take(8).map(|&v| p(frame.at3(v))).collect();
                    if vs.is_empty() {
                        continue;
                    }
                    let k = vs.len();
                    let ts: Vec<String> = ts
                        .iter()
                        .take(8)
                        .map(|&(i, j, l)| {
                            let i = usize::from(i) % k;
                            let j = usize::from(j) % k;
                            let l = usize::from(l) % k;
                            format!("({i}, {j}, {l})")
                        })
                        .collect();
                    format!(
                        "Mesh(vertices: [{}], triangles: [{}])",
                        vs.join(", "),
                        ts.join(", ")
                    )
                }
                Obs::NearEdge(e, t, axis, ulps) => {
                    format!("Point({})", p(on_edge(*e, *t, *axis, *ulps)))
                }
                Obs::WallFromEdge(e, t, axis, ulps, to) => format!(
                    "Segment(from: {}, to: {})",
                    p(on_edge(*e, *t, *axis, *ulps)),
                    p(frame.at3(*to))
                ),
                Obs::BoxFromEdge(e, t, axis, ulps, to) => {
                    boxed(on_edge(*e, *t, *axis, *ulps), frame.at3(*to))
                }
            };
            lines.push(line);
        }
        let nodes: Vec<String> = nodes.into_iter().map(p).collect();
        let text = level_text(&nodes, &edges, &lines);
        Ok(Input { text })
    }
}

/// The checks on one level with height.
pub fn check(input: Input) {
    let map = match Level::loader().read_str(&input.text, "fuzz.ron") {
        Ok(Level::Space(map)) => map,
        Ok(Level::Plane(_)) => panic!("a 3D map loaded flat\n{}", input.text),
        Err(e) => panic!("a valid map failed to load: {e}\n{}", input.text),
    };
    let fast = Clearances::compute(&map);
    let slow = Clearances::compute_brute_force(&map);
    assert_eq!(fast, slow, "3D index vs brute force\n{}", input.text);
    // The coordinate scale: the largest coordinate magnitude in the map.
    let mut scale = 0.0_f64;
    let mut grow = |q: Point3| scale = scale.max(q.x.abs()).max(q.y.abs()).max(q.z.abs());
    for n in map.nodes() {
        grow(n.pos);
    }
    for o in map.obstacles() {
        match o {
            Obstacle3::Point(q) => grow(*q),
            Obstacle3::Sphere(s) => grow(s.center),
            Obstacle3::Segment(s) => {
                grow(s.a);
                grow(s.b);
            }
            Obstacle3::Triangle(t) => t.corners.iter().for_each(|&c| grow(c)),
            Obstacle3::Box(b) => {
                grow(b.min);
                grow(b.max);
            }
            Obstacle3::Mesh(m) => m.vertices().iter().for_each(|&v| grow(v)),
        }
    }
    // Subnormal results carry only a few bits: allow their rounding.
    let slack = 1e-9 * scale + 1e-300;
    let has_sphere = map
        .obstacles()
        .iter()
        .any(|o| matches!(o, Obstacle3::Sphere(_)));
    let queries = (0..map.edges().len())
        .map(|i| {
            (
                map.edge_segment(EdgeIdx::new(i)),
                fast.edge(EdgeIdx::new(i)),
            )
        })
        .chain(
            map.nodes()
                .iter()
                .enumerate()
                .map(|(i, n)| (Segment::new(n.pos, n.pos), fast.node(NodeIdx::new(i)))),
        );
    for (segment, got) in queries {
        assert!(!got.value.is_nan() && got.value >= 0.0, "{got:?}");
        let (a, b) = (tup3(segment.a), tup3(segment.b));
        let (exact, touching) = map
            .obstacles()
            .iter()
            .map(|o| exact_segment_obstacle3_distance(a, b, o))
            .fold((f64::INFINITY, false), |(d, t), (e, u)| (d.min(e), t || u));
        let got = got.value;
        if exact.is_infinite() {
            assert!(
                got.is_infinite(),
                "{segment:?}: got {got}, nothing limits it"
            );
            continue;
        }
        assert!(
            (got - exact).abs() <= slack,
            "{segment:?}: got {got}, exact {exact}, scale {scale}\n{}",
            input.text
        );
        if !has_sphere {
            assert_eq!(
                got == 0.0,
                touching,
                "{segment:?}: got {got}, exact {exact}\n{}",
                input.text
            );
            if exact >= 1e-290 {
                assert!(
                    (got - exact).abs() <= 1e-9 * exact,
                    "{segment:?}: got {got}, exact {exact}\n{}",
                    input.text
                );
            }
        }
    }
}
