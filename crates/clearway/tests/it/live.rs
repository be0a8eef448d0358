//! The live level against its twin: after every change of a random
//! sequence, on random 2D and 3D levels, the live clearances, witnesses,
//! slack, reported changes, blocked and passable edges, and routes equal
//! those of a fresh computation on the level as it stands.

use std::collections::BTreeMap;

use clearway::geometry::{
    AxisBox, Circle, Mesh, Point, Point3, Polygon, Segment, Sphere, Triangle,
};
use clearway::live::{Change, ChangeError, ChangeReport, LiveLevel};
use clearway::{
    Agent, Clearance, Clearances, Dimension, Edge, EdgeIdx, Map, Node, NodeIdx, Obstacle,
    Obstacle3, Router, Space, admits,
};
use clearway_test_support::random_map::{RandomObstacle, random_map};
use proptest::prelude::*;

/// One step of a random sequence, its numbers resolved against the level
/// as it stands when it is applied (an index picks among the live ones).
#[derive(Clone, Debug)]
enum Step<O> {
    Add(O),
    Remove(usize),
    /// Removes the obstacle that is the witness of the most edges.
    RemoveBusiest,
    Replace(usize, O),
    Move(usize, f64, f64, f64),
    /// A point obstacle right on a node.
    OnNode(usize),
    /// A big square (a box in 3D) over a whole room: many edges at once.
    Cover(f64, f64, f64),
    Close(usize),
    Open(usize),
    AddNode(f64, f64, f64),
    RemoveNode(usize),
    AddEdge(usize, usize, bool),
    RemoveEdge(usize),
}

fn steps<O: std::fmt::Debug + Clone + 'static>(
    obstacle: BoxedStrategy<O>,
) -> impl Strategy<Value = Vec<Step<O>>> {
    let any_index = any::<usize>();
    let coordinate = || prop_oneof![(0i32..=20).prop_map(|v| f64::from(v) * 5.0), 0.0..100.0f64];
    let step = prop_oneof![
        4 => obstacle.clone().prop_map(Step::Add),
        2 => any_index.prop_map(Step::Remove),
        1 => Just(Step::RemoveBusiest),
        1 => (any_index, obstacle).prop_map(|(i, o)| Step::Replace(i, o)),
        2 => (any_index, -10.0..10.0f64, -10.0..10.0f64, -3.0..3.0f64)
            .prop_map(|(i, x, y, z)| Step::Move(i, x, y, z)),
        1 => any_index.prop_map(Step::OnNode),
        1 => (0.0..100.0f64, 0.0..100.0f64, 10.0..60.0f64).prop_map(|(x, y, size)| Step::Cover(x, y, size)),
        2 => any_index.prop_map(Step::Close),
        1 => any_index.prop_map(Step::Open),
        1 => (coordinate(), coordinate(), 0.0..10.0f64).prop_map(|(x, y, z)| Step::AddNode(x, y, z)),
        1 => any_index.prop_map(Step::RemoveNode),
        1 => (any_index, any_index, any::<bool>()).prop_map(|(a, b, w)| Step::AddEdge(a, b, w)),
        1 => any_index.prop_map(Step::RemoveEdge),
    ];
    prop::collection::vec(step, 1..14)
}

/// What a dimension's test needs: making its obstacles and points from the
/// random numbers.
trait Twin: Dimension {
    type Random: std::fmt::Debug + Clone;
    fn obstacle(random: &Self::Random) -> Option<Self::Obstacle>;
    fn point_at(p: Self::Point) -> Self::Obstacle;
    /// A square (a box from z = 0 to 10 in 3D) from (x, y), `size` across.
    fn cover(x: f64, y: f64, size: f64) -> Self::Obstacle;
    fn point(x: f64, y: f64, z: f64) -> Self::Point;
}

impl Twin for clearway::Plane {
    type Random = RandomObstacle;
    fn obstacle(random: &RandomObstacle) -> Option<Obstacle> {
        let p = |(x, y): (f64, f64)| Point::new(x, y);
        Some(match random {
            RandomObstacle::Point(q) => Obstacle::Point(p(*q)),
            RandomObstacle::Circle(c, r) => Obstacle::Circle(Circle {
                center: p(*c),
                radius: *r,
            }),
            RandomObstacle::Segment(a, b) => Obstacle::Segment(Segment::new(p(*a), p(*b))),
            RandomObstacle::Polygon(v) => {
                Obstacle::Polygon(Polygon::new(v.iter().map(|&q| p(q)).collect())?)
            }
        })
    }
    fn point_at(p: Point) -> Obstacle {
        Obstacle::Point(p)
    }
    fn cover(x: f64, y: f64, size: f64) -> Obstacle {
        let corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)];
        Obstacle::Polygon(Polygon::new(corners.map(|(a, b)| Point::new(a, b)).to_vec()).unwrap())
    }
    fn point(x: f64, y: f64, _: f64) -> Point {
        Point::new(x, y)
    }
}

/// A random 3D obstacle: its kind and numbers.
#[derive(Clone, Debug)]
struct Random3 {
    kind: u8,
    a: (f64, f64, f64),
    b: (f64, f64, f64),
    c: (f64, f64, f64),
    r: f64,
}

impl Twin for Space {
    type Random = Random3;
    fn obstacle(o: &Random3) -> Option<Obstacle3> {
        let p = |(x, y, z): (f64, f64, f64)| Point3::new(x, y, z);
        let (a, b, c) = (p(o.a), p(o.b), p(o.c));
        Some(match o.kind % 6 {
            0 => Obstacle3::Point(a),
            1 => Obstacle3::Sphere(Sphere {
                center: a,
                radius: o.r,
            }),
            2 => Obstacle3::Segment(Segment::new(a, b)),
            3 => Obstacle3::Triangle(Triangle { corners: [a, b, c] }),
            4 => Obstacle3::Box(AxisBox {
                min: Point3::new(a.x.min(b.x), a.y.min(b.y), a.z.min(b.z)),
                max: Point3::new(a.x.max(b.x), a.y.max(b.y), a.z.max(b.z)),
            }),
            _ => {
                // A closed tetrahedron, solid.
                let d = Point3::new(a.x, a.y, a.z + o.r + 1.0);
                Obstacle3::Mesh(
                    Mesh::new(
                        vec![a, b, c, d],
                        vec![[0, 1, 2], [0, 1, 3], [1, 2, 3], [0, 2, 3]],
                        true,
                    )
                    .ok()?,
                )
            }
        })
    }
    fn point_at(p: Point3) -> Obstacle3 {
        Obstacle3::Point(p)
    }
    fn cover(x: f64, y: f64, size: f64) -> Obstacle3 {
        Obstacle3::Box(AxisBox {
            min: Point3::new(x, y, 0.0),
            max: Point3::new(x + size, y + size, 10.0),
        })
    }
    fn point(x: f64, y: f64, z: f64) -> Point3 {
        Point3::new(x, y, z)
    }
}

fn random3() -> BoxedStrategy<Random3> {
    let c = || prop_oneof![(0i32..=20).prop_map(|v| f64::from(v) * 5.0), 0.0..100.0f64];
    let p = move || (c(), c(), prop_oneof![Just(0.0), 0.0..10.0f64]);
    (0u8..6, p(), p(), p(), prop_oneof![Just(0.0), 0.0..8.0f64])
        .prop_map(|(kind, a, b, c, r)| Random3 { kind, a, b, c, r })
        .boxed()
}

/// A random 2D obstacle: the first of a random map's.
fn random_obstacle2() -> BoxedStrategy<RandomObstacle> {
    random_map(3, 4)
        .prop_filter_map("an obstacle", |m| m.obstacles.into_iter().next())
        .boxed()
}

/// A random 3D level as RON.
fn random_level3() -> impl Strategy<Value = String> {
    let c = || prop_oneof![(0i32..=20).prop_map(|v| f64::from(v) * 5.0), 0.0..100.0f64];
    (
        prop::collection::vec((c(), c(), 0.0..10.0f64), 2..12),
        prop::collection::vec(random3(), 0..8),
    )
        .prop_flat_map(|(nodes, obstacles)| {
            let n = nodes.len();
            let edge = (0..n, 1..n, any::<bool>()).prop_map(move |(a, s, w)| (a, (a + s) % n, w));
            (
                Just(nodes),
                prop::collection::vec(edge, 0..3 * n),
                Just(obstacles),
            )
        })
        .prop_map(|(nodes, edges, obstacles)| {
            let mut text = String::from("Map(nodes: [");
            for (i, (x, y, z)) in nodes.iter().enumerate() {
                text += &format!("(id: {i}, pos: ({x:?}, {y:?}, {z:?})),");
            }
            text += "], edges: [";
            for (k, (a, b, w)) in edges.into_iter().enumerate() {
                let area = match k % 4 {
                    0 => "",
                    1 => ", area: \"mud\"",
                    2 => ", area: \"water\"",
                    _ => ", area: \"road\"",
                };
                text += &format!("(from: {a}, to: {b}, one_way: {w}{area}),");
            }
            text += "], obstacles: [";
            let p = |(x, y, z): (f64, f64, f64)| format!("({x:?}, {y:?}, {z:?})");
            for o in obstacles.iter().filter(|o| o.kind % 6 < 5) {
                text += &match o.kind % 6 {
                    0 => format!("Point({})", p(o.a)),
                    1 => format!("Sphere(center: {}, radius: {:?})", p(o.a), o.r),
                    2 => format!("Segment(from: {}, to: {})", p(o.a), p(o.b)),
                    3 => format!("Triangle([{}, {}, {}])", p(o.a), p(o.b), p(o.c)),
                    _ => {
                        let lo = (o.a.0.min(o.b.0), o.a.1.min(o.b.1), o.a.2.min(o.b.2));
                        let hi = (o.a.0.max(o.b.0), o.a.1.max(o.b.1), o.a.2.max(o.b.2));
                        format!("Box(min: {}, max: {})", p(lo), p(hi))
                    }
                };
                text += ",";
            }
            text += "])";
            text
        })
}

/// A random level's text (`random_map`'s, an edge a line) with its edges
/// in the areas mud, water and road in turn, and every fourth in none.
fn with_areas(text: &str) -> String {
    let mut k = 0;
    text.lines()
        .map(|line| {
            if !line.starts_with("    (from: ") {
                return format!("{line}\n");
            }
            k += 1;
            let area = [
                "",
                ", area: \"mud\"",
                ", area: \"water\"",
                ", area: \"road\"",
            ][k % 4];
            let edge = line.strip_suffix("),").expect("an edge line");
            format!("{edge}{area}),\n")
        })
        .collect()
}

/// The live level's view of the fresh computation on the level as it
/// stands: each live edge's and node's fresh clearance, by live index,
/// with witnesses named by live obstacle index.
struct Fresh<D: Dimension> {
    map: Map<D>,
    clearances: Clearances<D>,
    edges: BTreeMap<usize, Clearance<D::Point>>,
    nodes: BTreeMap<usize, Clearance<D::Point>>,
    /// Live edge index of each fresh edge, and live node of each fresh node.
    edge_of: Vec<usize>,
    node_of: Vec<usize>,
}

fn fresh<D: Dimension>(live: &LiveLevel<D>) -> Fresh<D> {
    let map = live.to_map();
    let clearances = Clearances::compute(&map);
    let obstacle_of: Vec<usize> = live.obstacles().map(|(i, _)| i).collect();
    let relabel = |c: &Clearance<D::Point>| {
        let mut c = *c;
        if let Some(w) = c.witness.as_mut() {
            w.obstacle = obstacle_of[w.obstacle];
        }
        c
    };
    let edge_of: Vec<usize> = (0..live.edge_slots())
        .filter(|&e| live.edge(EdgeIdx::new(e)).is_some())
        .collect();
    let node_of: Vec<usize> = (0..live.node_slots())
        .filter(|&n| live.node(NodeIdx::new(n)).is_some())
        .collect();
    Fresh {
        edges: edge_of
            .iter()
            .zip(clearances.edges())
            .map(|(&e, c)| (e, relabel(c)))
            .collect(),
        nodes: node_of
            .iter()
            .zip(clearances.nodes())
            .map(|(&n, c)| (n, relabel(c)))
            .collect(),
        map,
        clearances,
        edge_of,
        node_of,
    }
}

/// Whether agent radius `r` may use live edge `e` by the fresh state.
fn usable<D: Dimension>(fresh: &Fresh<D>, e: usize, r: f64) -> bool {
    let Some(k) = fresh.edge_of.iter().position(|&x| x == e) else {
        return false;
    };
    let edge = &fresh.map.edges()[k];
    !edge.closed
        && admits(
            fresh.clearances.edges()[k].value,
            r,
            fresh.clearances.slack(),
        )
}

fn same_clearance<P: PartialEq + std::fmt::Debug>(a: &Clearance<P>, b: &Clearance<P>) -> bool {
    a.value.to_bits() == b.value.to_bits() && a.witness == b.witness
}

/// Checks the live level against the fresh computation, and the report
/// against the change between the fresh computations before and after.
fn check<D: Dimension>(
    live: &mut LiveLevel<D>,
    was: &Fresh<D>,
    report: &ChangeReport<D>,
) -> Result<Fresh<D>, TestCaseError> {
    let now = fresh(live);
    prop_assert_eq!(
        live.clearances().slack().to_bits(),
        now.clearances.slack().to_bits()
    );
    // The live clearances in the fresh map's order are the fresh ones.
    let in_order = live.reordered(
        live.clearances(),
        &now.edge_of
            .iter()
            .map(|&e| EdgeIdx::new(e))
            .collect::<Vec<_>>(),
        &now.node_of
            .iter()
            .map(|&n| NodeIdx::new(n))
            .collect::<Vec<_>>(),
    );
    prop_assert_eq!(&in_order, &now.clearances);
    for (&e, c) in &now.edges {
        let l = live.clearances().edges()[e];
        prop_assert!(
            same_clearance(&l, c),
            "edge {}: live {:?}, fresh {:?}",
            e,
            l,
            c
        );
    }
    for (&n, c) in &now.nodes {
        let l = live.clearances().nodes()[n];
        prop_assert!(
            same_clearance(&l, c),
            "node {}: live {:?}, fresh {:?}",
            n,
            l,
            c
        );
    }
    // The reported clearance changes: the edges and nodes live before and
    // after whose fresh clearance differs.
    let changed = |before: &BTreeMap<usize, Clearance<D::Point>>,
                   after: &BTreeMap<usize, Clearance<D::Point>>| {
        after
            .iter()
            .filter_map(|(k, c)| {
                let b = before.get(k)?;
                (!same_clearance(b, c)).then_some(*k)
            })
            .collect::<Vec<usize>>()
    };
    let reported: Vec<usize> = report.edges.iter().map(|c| c.index.get()).collect();
    prop_assert_eq!(reported, changed(&was.edges, &now.edges));
    let reported: Vec<usize> = report.nodes.iter().map(|c| c.index.get()).collect();
    prop_assert_eq!(reported, changed(&was.nodes, &now.nodes));
    // Blocked and passable, for each agent.
    let slots = live.edge_slots();
    for (a, agent) in live.agents().iter().enumerate() {
        let r = agent.radius;
        let blocked: Vec<usize> = (0..slots)
            .filter(|&e| usable(was, e, r) && !usable(&now, e, r))
            .collect();
        let passable: Vec<usize> = (0..slots)
            .filter(|&e| !usable(was, e, r) && usable(&now, e, r))
            .collect();
        let got: Vec<usize> = report.blocked[a].iter().map(|e| e.get()).collect();
        prop_assert_eq!(got, blocked, "blocked for {}", r);
        let got: Vec<usize> = report.passable[a].iter().map(|e| e.get()).collect();
        prop_assert_eq!(got, passable, "passable for {}", r);
    }
    // Routes: a few pairs at each agent's radius, and the widest.
    let mut router = Router::new(&now.map, &now.clearances);
    let count = now.node_of.len();
    for (s, g) in [(0, count.saturating_sub(1)), (count / 2, 0), (1, count / 3)] {
        if s >= count || g >= count {
            continue;
        }
        let (ls, lg) = (NodeIdx::new(now.node_of[s]), NodeIdx::new(now.node_of[g]));
        let (fs, fg) = (NodeIdx::new(s), NodeIdx::new(g));
        for agent in live.agents().to_vec() {
            let mine = live.route(ls, lg, agent.radius);
            let theirs = router.route(fs, fg, agent.radius);
            prop_assert_eq!(
                mine.map(|r| (
                    r.nodes.iter().map(|n| n.get()).collect::<Vec<_>>(),
                    r.cost.to_bits()
                )),
                theirs.map(|r| (
                    r.nodes
                        .iter()
                        .map(|n| now.node_of[n.get()])
                        .collect::<Vec<_>>(),
                    r.cost.to_bits()
                ))
            );
        }
        // By each agent's area costs and forbidden areas too.
        for agent in live.agents().to_vec() {
            let mine = live.route(ls, lg, &agent);
            let theirs = router.route(fs, fg, &agent);
            prop_assert_eq!(
                mine.map(|r| (
                    r.nodes.iter().map(|n| n.get()).collect::<Vec<_>>(),
                    r.cost.to_bits()
                )),
                theirs.map(|r| (
                    r.nodes
                        .iter()
                        .map(|n| now.node_of[n.get()])
                        .collect::<Vec<_>>(),
                    r.cost.to_bits()
                )),
                "route for {}",
                agent.name
            );
            let mine = live.widest_route(ls, lg, Some(&agent));
            let theirs = router.widest_route(fs, fg, Some(&agent));
            prop_assert_eq!(
                mine.map(|w| (
                    w.widest_radius.to_bits(),
                    w.route.nodes.iter().map(|n| n.get()).collect::<Vec<_>>(),
                    w.route.cost.to_bits()
                )),
                theirs.map(|w| (
                    w.widest_radius.to_bits(),
                    w.route
                        .nodes
                        .iter()
                        .map(|n| now.node_of[n.get()])
                        .collect::<Vec<_>>(),
                    w.route.cost.to_bits()
                )),
                "widest route for {}",
                agent.name
            );
        }
        let mine = live.widest_route(ls, lg, None);
        let theirs = router.widest_route(fs, fg, None);
        prop_assert_eq!(
            mine.map(|w| (
                w.widest_radius.to_bits(),
                w.route.nodes.iter().map(|n| n.get()).collect::<Vec<_>>()
            )),
            theirs.map(|w| (
                w.widest_radius.to_bits(),
                w.route
                    .nodes
                    .iter()
                    .map(|n| now.node_of[n.get()])
                    .collect::<Vec<_>>()
            ))
        );
    }
    drop(router);
    Ok(now)
}

/// The `k`-th live one of `slots` (by `live`), wrapping; `None` when none is.
fn pick(k: usize, slots: usize, live: impl Fn(usize) -> bool) -> Option<usize> {
    let all: Vec<usize> = (0..slots).filter(|&i| live(i)).collect();
    (!all.is_empty()).then(|| all[k % all.len()])
}

/// Turns a step into a change on the level as it stands (`None`: nothing
/// to apply it to).
fn change<D: Twin>(live: &LiveLevel<D>, step: &Step<D::Random>, serial: u64) -> Option<Change<D>> {
    let obstacle = |k| pick(k, live.obstacle_slots(), |i| live.obstacle(i).is_some());
    let edge = |k| {
        pick(k, live.edge_slots(), |e| {
            live.edge(EdgeIdx::new(e)).is_some()
        })
    };
    let node = |k| {
        pick(k, live.node_slots(), |n| {
            live.node(NodeIdx::new(n)).is_some()
        })
    };
    Some(match step {
        Step::Add(o) => Change::AddObstacle(D::obstacle(o)?),
        Step::Remove(k) => Change::RemoveObstacle(obstacle(*k)?),
        Step::RemoveBusiest => {
            let mut count = BTreeMap::new();
            for c in live.clearances().edges() {
                if let Some(w) = c.witness {
                    *count.entry(w.obstacle).or_insert(0) += 1;
                }
            }
            let busiest = count
                .into_iter()
                .max_by_key(|&(i, n)| (n, std::cmp::Reverse(i)))?
                .0;
            live.obstacle(busiest)?;
            Change::RemoveObstacle(busiest)
        }
        Step::Replace(k, o) => Change::ReplaceObstacle {
            obstacle: obstacle(*k)?,
            with: D::obstacle(o)?,
        },
        Step::Move(k, x, y, z) => Change::MoveObstacle {
            obstacle: obstacle(*k)?,
            by: D::point(*x, *y, *z),
        },
        Step::Cover(x, y, size) => Change::AddObstacle(D::cover(*x, *y, *size)),
        Step::OnNode(k) => {
            Change::AddObstacle(D::point_at(live.node(NodeIdx::new(node(*k)?))?.pos))
        }
        Step::Close(k) => Change::CloseEdge(EdgeIdx::new(edge(*k)?)),
        Step::Open(k) => {
            let closed = pick(*k, live.edge_slots(), |e| {
                live.edge(EdgeIdx::new(e)).is_some() && live.is_closed(EdgeIdx::new(e))
            })?;
            Change::OpenEdge(EdgeIdx::new(closed))
        }
        Step::AddNode(x, y, z) => Change::AddNode(Node {
            id: 1_000_000 + serial,
            pos: D::point(*x, *y, *z),
            name: None,
        }),
        Step::RemoveNode(k) => Change::RemoveNode(NodeIdx::new(node(*k)?)),
        Step::AddEdge(a, b, one_way) => {
            let (a, b) = (node(*a)?, node(*b)?);
            if a == b {
                return None;
            }
            let mut e = Edge::two_way(NodeIdx::new(a), NodeIdx::new(b));
            e.one_way = *one_way;
            Change::AddEdge(e)
        }
        Step::RemoveEdge(k) => Change::RemoveEdge(EdgeIdx::new(edge(*k)?)),
    })
}

fn run<D: Twin>(map: Map<D>, steps: &[Step<D::Random>]) -> Result<(), TestCaseError> {
    let mut live = LiveLevel::new(map);
    // Plain radii, and two agents with costs by area (see `with_areas`):
    // one that finds mud dear and roads cheap and never swims, one that
    // swims at a premium.
    let mut agents: Vec<Agent> = [0.0, 0.5, 2.0, 5.0]
        .iter()
        .map(|&radius| Agent::new(format!("r{radius}"), radius))
        .collect();
    agents.push(Agent {
        costs: [("mud".to_string(), 3.0), ("road".to_string(), 0.5)].into(),
        forbid: vec!["water".to_string()],
        ..Agent::new("walker", 0.5)
    });
    agents.push(Agent {
        costs: [("water".to_string(), 1.5)].into(),
        ..Agent::new("swimmer", 0.0)
    });
    live.set_agents(agents);
    let mut was = fresh(&live);
    for (serial, step) in steps.iter().enumerate() {
        let Some(change) = change(&live, step, serial as u64) else {
            continue;
        };
        let report = live
            .apply(change.clone())
            .map_err(|e| TestCaseError::fail(format!("{change:?} refused: {e}")))?;
        was = check(&mut live, &was, &report)
            .map_err(|e| TestCaseError::fail(format!("after {change:?}: {e}")))?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(clearway_test_support::proptest_config::config(96))]

    /// 2D: every clearance, witness, report and route after every change
    /// equals a fresh computation's.
    #[test]
    fn live_2d_levels_match_a_fresh_computation(
        level in random_map(14, 10),
        steps in steps(random_obstacle2()),
    ) {
        let map = Map::loader()
            .read_str(&with_areas(&level.to_ron()), "random.ron")
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        run(map, &steps)?;
    }

    /// 3D: the same, with spheres, boxes, triangles and solid meshes.
    #[test]
    fn live_3d_levels_match_a_fresh_computation(
        text in random_level3(),
        steps in steps(random3()),
    ) {
        let map = match clearway::Level::loader().read_str(&text, "random3.ron") {
            Ok(clearway::Level::Space(map)) => map,
            other => return Err(TestCaseError::fail(format!("{other:?}"))),
        };
        run(map, &steps)?;
    }
}

/// A batch's report is the net change: each clearance from before the
/// first change to after the last, and an obstacle added and removed in
/// one batch changes nothing.
#[test]
fn a_batch_reports_the_net_change() {
    let map = Map::loader()
        .read_str(
            "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0))], edges: [(from: 0, to: 1)], \
              obstacles: [Point((5, 4))])",
            "batch.ron",
        )
        .unwrap();
    let mut live = LiveLevel::new(map);
    let rock = Obstacle::Point(Point::new(5.0, 1.0));
    let report = live
        .apply_all([Change::AddObstacle(rock), Change::RemoveObstacle(1)])
        .unwrap();
    assert!(
        report.edges.is_empty() && report.nodes.is_empty(),
        "{report:?}"
    );
    assert_eq!(live.clearances().edges()[0].value, 4.0);
    // A refused change stops the batch; those before it stay applied.
    let err = live
        .apply_all([
            Change::AddObstacle(Obstacle::Point(Point::new(5.0, 2.0))),
            Change::RemoveObstacle(1),
        ])
        .unwrap_err();
    assert_eq!(err.index, 1);
    assert_eq!(err.error, ChangeError::RemovedObstacle(1));
    assert_eq!(err.applied.edges[0].now.value, 2.0);
    assert_eq!(live.clearances().edges()[0].value, 2.0);
}

/// A far obstacle moves the level's slack: an edge the change did not
/// touch, whose clearance lies just below an agent's radius, opens for it
/// and closes again when the obstacle goes; an edge well clear of the
/// radius is not listed.
#[test]
fn the_slack_moved_by_a_far_obstacle_opens_an_untouched_edge() {
    let map = Map::loader()
        .read_str(
            "(agents: [(name: \"tight\", radius: 1.0000002), (name: \"small\", radius: 0.5)], \
              nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (0, 10))], \
              edges: [(from: 0, to: 1), (from: 0, to: 2)], obstacles: [Point((5, 1))])",
            "slack.ron",
        )
        .unwrap();
    let mut live = LiveLevel::new(map);
    assert_eq!(live.clearances().edges()[0].value, 1.0);
    let far = Obstacle::Point(Point::new(1e9, 0.0));
    let report = live.apply(Change::AddObstacle(far)).unwrap();
    assert!(report.slack.is_some(), "{report:?}");
    assert!(report.edges.is_empty(), "{report:?}");
    assert_eq!(report.passable, [vec![EdgeIdx::new(0)], vec![]]);
    assert_eq!(report.blocked, [vec![], vec![]]);
    let report = live.apply(Change::RemoveObstacle(1)).unwrap();
    assert_eq!(report.blocked, [vec![EdgeIdx::new(0)], vec![]]);
    assert_eq!(report.passable, [vec![], vec![]]);
}

/// Bad changes are refused with a message saying what is wrong, and change
/// nothing.
#[test]
fn bad_changes_are_refused_and_change_nothing() {
    let map = Map::loader()
        .read_str(
            "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0))], edges: [(from: 0, to: 1)], \
              obstacles: [Point((5, 4))])",
            "bad.ron",
        )
        .unwrap();
    let mut live = LiveLevel::new(map);
    let before = live.clearances().clone();
    let nan = Obstacle::Point(Point::new(f64::NAN, 1.0));
    let cases: Vec<(Change, &str)> = vec![
        (
            Change::RemoveObstacle(7),
            "there is no obstacle 7: the level's obstacles are numbered 0 to 0",
        ),
        (Change::AddObstacle(nan), "the number NaN is not finite"),
        (
            Change::AddObstacle(Obstacle::Circle(Circle {
                center: Point::new(1.0, 1.0),
                radius: -1.0,
            })),
            "the circle's radius -1 is not a finite number >= 0",
        ),
        (
            Change::MoveObstacle {
                obstacle: 0,
                by: Point::new(f64::INFINITY, 0.0),
            },
            "not finite",
        ),
        (
            Change::MoveObstacle {
                obstacle: 0,
                by: Point::new(2e15, 0.0),
            },
            "beyond ±1e15",
        ),
        (Change::CloseEdge(EdgeIdx::new(3)), "there is no edge 3"),
        (Change::RemoveNode(NodeIdx::new(2)), "there is no node 2"),
        (
            Change::AddNode(Node {
                id: 1,
                pos: Point::new(3.0, 3.0),
                name: None,
            }),
            "node id 1 is already used",
        ),
        (
            Change::AddEdge(Edge::two_way(NodeIdx::new(1), NodeIdx::new(1))),
            "starts and ends at node 1",
        ),
    ];
    for (change, message) in cases {
        let err = live.apply(change.clone()).unwrap_err();
        assert!(err.to_string().contains(message), "{change:?}: {err}");
        assert_eq!(live.clearances(), &before, "{change:?} changed something");
    }
    live.apply(Change::RemoveObstacle(0)).unwrap();
    assert_eq!(
        live.apply(Change::RemoveObstacle(0)).unwrap_err(),
        ChangeError::RemovedObstacle(0)
    );
}

/// The level's last obstacle removed, edges take their baked clearances
/// again, as loading a level without obstacles does; the first one added
/// replaces them with measures.
#[test]
fn baked_clearances_come_back_with_no_obstacles() {
    let map = Map::loader()
        .read_str(
            "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0))], \
              edges: [(from: 0, to: 1, clearance: 1.25)])",
            "baked.ron",
        )
        .unwrap();
    let mut live = LiveLevel::new(map);
    assert_eq!(live.clearances().edges()[0].value, 1.25);
    let report = live
        .apply(Change::AddObstacle(Obstacle::Point(Point::new(5.0, 3.0))))
        .unwrap();
    assert_eq!(report.edges[0].now.value, 3.0);
    let report = live.apply(Change::RemoveObstacle(0)).unwrap();
    assert_eq!(report.edges[0].now.value, 1.25);
    assert!(report.edges[0].now.witness.is_none());
    assert_eq!(live.clearances(), &Clearances::compute(&live.to_map()));
}

/// A rock at (5, 4) over the edge (0,0)-(10,0), moved up by 2: the edge's
/// clearance is 6, its witness still obstacle 0 at (5, 6); moved down by 5
/// it sits 1 below the edge's middle.
#[test]
fn a_moved_obstacle_keeps_its_index_and_its_new_place_counts() {
    let map = Map::loader()
        .read_str(
            "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0))], edges: [(from: 0, to: 1)], \
              obstacles: [Point((5, 4))])",
            "moved.ron",
        )
        .unwrap();
    let mut live = LiveLevel::new(map);
    let up = Change::MoveObstacle {
        obstacle: 0,
        by: Point::new(0.0, 2.0),
    };
    let report = live.apply(up).unwrap();
    assert_eq!(
        (report.edges[0].was.value, report.edges[0].now.value),
        (4.0, 6.0)
    );
    let witness = live.clearances().edges()[0].witness.unwrap();
    assert_eq!(
        (witness.obstacle, witness.obstacle_point),
        (0, Point::new(5.0, 6.0))
    );
    live.apply(Change::MoveObstacle {
        obstacle: 0,
        by: Point::new(0.0, -7.0),
    })
    .unwrap();
    assert_eq!(live.clearances().edges()[0].value, 1.0);
    assert_eq!(
        live.obstacle(0),
        Some(&Obstacle::Point(Point::new(5.0, -1.0)))
    );
}
