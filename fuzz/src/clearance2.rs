//! The `clearance` target on flat levels: the clearance engine on small
//! arbitrary maps, written as RON and loaded through the real loader,
//! checked against its twins:
//!
//! * the R-tree search (`Clearances::compute`) gives exactly what measuring
//!   every obstacle (`Clearances::compute_brute_force`) gives: values,
//!   obstacles and witness points;
//! * no clearance is NaN or negative;
//! * every edge and node clearance matches the exact rational value to 1e-9
//!   of the map's coordinate scale (its largest coordinate magnitude), and
//!   without circles is 0 exactly when the exact value is 0.

use super::exact_obstacle::{exact_segment_obstacle_distance, tup};
use super::{Frame, LIMIT, Local, LocalPoint, Offset, edges_between, level_text, list, near_point};
use arbitrary::{Arbitrary, Unstructured};
use clearway::geometry::Point;
use clearway::{Clearances, EdgeIdx, Map, NodeIdx, Obstacle};

type P = (f64, f64);

#[derive(Arbitrary, Debug)]
enum Obs {
    Point(LocalPoint),
    Circle(LocalPoint, Local),
    Segment(LocalPoint, LocalPoint),
    Polygon(Vec<LocalPoint>),
    /// A point on (or a few ulps off) edge `e` at parameter t.
    NearEdge(u8, u16, i8),
    /// A wall from near edge `e` to a point.
    WallFromEdge(u8, u16, i8, LocalPoint),
}

/// A flat input.
#[derive(Debug)]
pub struct Input {
    /// The level's RON text.
    pub text: String,
}

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let frame = Frame {
            offset: Offset::arbitrary(u)?.value(),
            clamp: true,
        };
        let nodes: Vec<P> = list::<LocalPoint>(u, 2, 8)?
            .into_iter()
            .map(|p| frame.at(p))
            .collect();
        let n = nodes.len();
        let edges = edges_between(list(u, 0, 12)?, n);
        let obstacles: Vec<Obs> = list(u, 0, 8)?;
        let p = |(x, y): P| format!("({x:?}, {y:?})");
        let on_edge = |e: u8, t: u16, dy: i8| -> P {
            if edges.is_empty() {
                return nodes[0];
            }
            let (f, to) = edges[usize::from(e) % edges.len()];
            let (x, y) = near_point(nodes[f], nodes[to], t, dy);
            (x.clamp(-LIMIT, LIMIT), y.clamp(-LIMIT, LIMIT))
        };
        let mut lines = Vec::new();
        for o in &obstacles {
            let line = match o {
                Obs::Point(q) => format!("Point({})", p(frame.at(*q))),
                Obs::Circle(c, r) => {
                    format!(
                        "Circle(center: {}, radius: {:?})",
                        p(frame.at(*c)),
                        r.value().abs()
                    )
                }
                Obs::Segment(a, b) => {
                    format!(
                        "Segment(from: {}, to: {})",
                        p(frame.at(*a)),
                        p(frame.at(*b))
                    )
                }
                Obs::Polygon(vs) => {
                    let vs: Vec<P> = vs.iter().take(8).map(|&v| frame.at(v)).collect();
                    let mut distinct: Vec<P> = Vec::new();
                    for v in &vs {
                        if !distinct.contains(v) {
                            distinct.push(*v);
                        }
                    }
                    if distinct.len() < 3 {
                        continue;
                    }
                    let vs: Vec<String> = vs.into_iter().map(p).collect();
                    format!("Polygon([{}])", vs.join(", "))
                }
                Obs::NearEdge(e, t, dy) => format!("Point({})", p(on_edge(*e, *t, *dy))),
                Obs::WallFromEdge(e, t, dy, to) => format!(
                    "Segment(from: {}, to: {})",
                    p(on_edge(*e, *t, *dy)),
                    p(frame.at(*to))
                ),
            };
            lines.push(line);
        }
        let nodes: Vec<String> = nodes.into_iter().map(p).collect();
        let text = level_text(&nodes, &edges, &lines);
        Ok(Input { text })
    }
}

/// The checks on one flat input.
pub fn check(input: Input) {
    let map = match Map::loader().read_str(&input.text, "fuzz.ron") {
        Ok(map) => map,
        Err(e) => panic!("a valid map failed to load: {e}\n{}", input.text),
    };
    let fast = Clearances::compute(&map);
    let slow = Clearances::compute_brute_force(&map);
    assert_eq!(fast, slow, "R-tree vs brute force\n{}", input.text);
    // The coordinate scale: the largest coordinate magnitude in the map.
    let mut scale = 0.0_f64;
    let mut grow = |p: Point| scale = scale.max(p.x.abs()).max(p.y.abs());
    for n in map.nodes() {
        grow(n.pos);
    }
    for o in map.obstacles() {
        match o {
            Obstacle::Point(q) => grow(*q),
            Obstacle::Circle(c) => grow(c.center),
            Obstacle::Segment(s) => {
                grow(s.a);
                grow(s.b);
            }
            Obstacle::Polygon(poly) => poly.vertices().iter().for_each(|&v| grow(v)),
        }
    }
    // Subnormal results carry only a few bits: allow their rounding.
    let slack = 1e-9 * scale + 1e-300;
    let has_circle = map
        .obstacles()
        .iter()
        .any(|o| matches!(o, Obstacle::Circle(_)));
    let queries = (0..map.edges().len())
        .map(|i| {
            (
                map.edge_segment(EdgeIdx::new(i)),
                fast.edge(EdgeIdx::new(i)),
            )
        })
        .chain(map.nodes().iter().enumerate().map(|(i, n)| {
            (
                clearway::geometry::Segment::new(n.pos, n.pos),
                fast.node(NodeIdx::new(i)),
            )
        }));
    for (segment, got) in queries {
        assert!(!got.value.is_nan() && got.value >= 0.0, "{got:?}");
        if map.obstacles().is_empty() {
            assert_eq!(got.value, f64::INFINITY);
            continue;
        }
        let (a, b) = (tup(segment.a), tup(segment.b));
        let (exact, touching) = map
            .obstacles()
            .iter()
            .map(|o| exact_segment_obstacle_distance(a, b, o))
            .fold((f64::INFINITY, false), |(d, t), (e, u)| (d.min(e), t || u));
        let got = got.value;
        assert!(
            (got - exact).abs() <= slack,
            "{segment:?}: got {got}, exact {exact}, scale {scale}\n{}",
            input.text
        );
        if !has_circle {
            assert_eq!(
                got == 0.0,
                touching,
                "{segment:?}: got {got}, exact {exact}\n{}",
                input.text
            );
            if exact >= 1e-290 {
                assert!(
                    (got - exact).abs() <= 1e-12 * exact,
                    "{segment:?}: got {got}, exact {exact}"
                );
            }
        }
    }
}
