//! Walking agents in a live level (#30 with #35) against their twin: after
//! every change of a random sequence, on random walking levels (the
//! generator of `walking_routes.rs`: waypoints on floors with a gap, steps,
//! ramps, cliffs, beams and blocks), each walking profile's live spots
//! equal a fresh [`WalkingClearances::compute`] on the level as it stands
//! bit for bit, the reported blocked and passable edges of each walking
//! agent equal the change of its fresh verdicts, the reported spot changes
//! equal the difference of consecutive fresh spots, and routes equal a
//! fresh router's over the fresh fold.

use clearway::geometry::{AxisBox, Mesh, Point3, Segment, Sphere, Triangle};
use clearway::live::{Change, ChangeReport, LiveLevel};
use clearway::walking::{Walking, WalkingClearances, WalkingSpot};
use clearway::{Agent, Edge, EdgeIdx, Level, Map, Node, NodeIdx, Obstacle3, Router, Space};
use proptest::prelude::*;

use crate::walking_routes::random_level;

/// A random obstacle at the scale of the walking levels (coordinates on a
/// quarter grid, so that steps exactly `climb` high and boxes just touching
/// a body come up).
#[derive(Clone, Debug)]
struct RandomObstacle {
    kind: u8,
    a: (i32, i32, i32),
    b: (i32, i32, i32),
    c: (i32, i32, i32),
}

fn obstacle(o: &RandomObstacle) -> Option<Obstacle3> {
    let p = |(x, y, z): (i32, i32, i32)| {
        Point3::new(
            f64::from(x) * 0.25,
            f64::from(y) * 0.25,
            f64::from(z) * 0.25,
        )
    };
    let (a, b, c) = (p(o.a), p(o.b), p(o.c));
    let lo = Point3::new(a.x.min(b.x), a.y.min(b.y), a.z.min(b.z));
    let hi = Point3::new(a.x.max(b.x), a.y.max(b.y), a.z.max(b.z));
    Some(match o.kind % 8 {
        0 => Obstacle3::Point(a),
        1 => Obstacle3::Sphere(Sphere {
            center: a,
            radius: f64::from(o.c.0.rem_euclid(4)) * 0.25,
        }),
        // A beam.
        2 => Obstacle3::Segment(Segment::new(a, Point3::new(b.x, b.y, a.z))),
        // A sloped or level surface to stand on.
        3 => Obstacle3::Triangle(Triangle { corners: [a, b, c] }),
        4 | 5 => Obstacle3::Box(AxisBox { min: lo, max: hi }),
        // A slab of floor.
        6 => Obstacle3::Box(AxisBox {
            min: Point3::new(lo.x, lo.y, lo.z - 0.5),
            max: Point3::new(hi.x + 1.0, hi.y + 1.0, lo.z),
        }),
        _ => {
            let d = Point3::new(a.x, a.y, a.z + 1.0);
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

fn random_obstacle() -> BoxedStrategy<RandomObstacle> {
    let p = || (-4i32..=24, -4i32..=24, -2i32..=10);
    (0u8..8, p(), p(), p())
        .prop_map(|(kind, a, b, c)| RandomObstacle { kind, a, b, c })
        .boxed()
}

/// One step, its numbers resolved against the level as it stands.
#[derive(Clone, Debug)]
enum Step {
    Add(RandomObstacle),
    Remove(usize),
    Replace(usize, RandomObstacle),
    Move(usize, i32, i32, i32),
    Close(usize),
    Open(usize),
    AddNode(i32, i32, i32),
    RemoveNode(usize),
    AddEdge(usize, usize),
    RemoveEdge(usize),
    /// Reports start to speak of one more walking agent (its profile
    /// measured over the level as it stands).
    Follow,
}

fn steps() -> impl Strategy<Value = Vec<Step>> {
    let k = any::<usize>();
    let step = prop_oneof![
        4 => random_obstacle().prop_map(Step::Add),
        3 => k.prop_map(Step::Remove),
        1 => (k, random_obstacle()).prop_map(|(i, o)| Step::Replace(i, o)),
        3 => (k, -4i32..=4, -4i32..=4, -2i32..=2).prop_map(|(i, x, y, z)| Step::Move(i, x, y, z)),
        1 => k.prop_map(Step::Close),
        1 => k.prop_map(Step::Open),
        1 => (0i32..=16, 0i32..=16, 0i32..=4).prop_map(|(x, y, z)| Step::AddNode(x, y, z)),
        1 => k.prop_map(Step::RemoveNode),
        1 => (k, k).prop_map(|(a, b)| Step::AddEdge(a, b)),
        1 => k.prop_map(Step::RemoveEdge),
        1 => Just(Step::Follow),
    ];
    prop::collection::vec(step, 1..14)
}

/// The `k`-th live one of `slots`, wrapping.
fn pick(k: usize, slots: usize, live: impl Fn(usize) -> bool) -> Option<usize> {
    let all: Vec<usize> = (0..slots).filter(|&i| live(i)).collect();
    (!all.is_empty()).then(|| all[k % all.len()])
}

fn change(live: &LiveLevel<Space>, step: &Step, serial: u64) -> Option<Change<Space>> {
    let obstacle_at = |k| pick(k, live.obstacle_slots(), |i| live.obstacle(i).is_some());
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
    let q = |v: i32| f64::from(v) * 0.25;
    Some(match step {
        Step::Add(o) => Change::AddObstacle(obstacle(o)?),
        Step::Remove(k) => Change::RemoveObstacle(obstacle_at(*k)?),
        Step::Replace(k, o) => Change::ReplaceObstacle {
            obstacle: obstacle_at(*k)?,
            with: obstacle(o)?,
        },
        Step::Move(k, x, y, z) => Change::MoveObstacle {
            obstacle: obstacle_at(*k)?,
            by: Point3::new(q(*x), q(*y), q(*z)),
        },
        Step::Close(k) => Change::CloseEdge(EdgeIdx::new(edge(*k)?)),
        Step::Open(k) => Change::OpenEdge(EdgeIdx::new(pick(*k, live.edge_slots(), |e| {
            live.edge(EdgeIdx::new(e)).is_some() && live.is_closed(EdgeIdx::new(e))
        })?)),
        Step::AddNode(x, y, z) => Change::AddNode(Node {
            id: 1_000_000 + serial,
            pos: Point3::new(q(*x), q(*y), q(*z)),
            name: None,
        }),
        Step::RemoveNode(k) => Change::RemoveNode(NodeIdx::new(node(*k)?)),
        Step::AddEdge(a, b) => {
            let (a, b) = (node(*a)?, node(*b)?);
            if a == b {
                return None;
            }
            Change::AddEdge(Edge::two_way(NodeIdx::new(a), NodeIdx::new(b)))
        }
        Step::RemoveEdge(k) => Change::RemoveEdge(EdgeIdx::new(edge(*k)?)),
        Step::Follow => return None,
    })
}

/// A fresh computation on the level as it stands, by live index.
struct Fresh {
    map: Map<Space>,
    /// Each walking agent's fresh spots, in `agents` order.
    spots: Vec<WalkingClearances>,
    /// Live edge (node) index of each fresh edge (node).
    edge_of: Vec<usize>,
    node_of: Vec<usize>,
    obstacle_of: Vec<usize>,
}

impl Fresh {
    fn of(live: &LiveLevel<Space>, agents: &[Agent]) -> Fresh {
        let map = live.to_map();
        let spots = agents
            .iter()
            .map(|a| WalkingClearances::compute(&map, a.walking.expect("a walker")))
            .collect();
        Fresh {
            spots,
            edge_of: (0..live.edge_slots())
                .filter(|&e| live.edge(EdgeIdx::new(e)).is_some())
                .collect(),
            node_of: (0..live.node_slots())
                .filter(|&n| live.node(NodeIdx::new(n)).is_some())
                .collect(),
            obstacle_of: live.obstacles().map(|(i, _)| i).collect(),
            map,
        }
    }

    /// Agent `a`'s fresh spot of live edge `e` (or node), its witness
    /// renamed to the live obstacle index.
    fn spot(&self, a: usize, e: usize, node: bool) -> Option<WalkingSpot> {
        let of = if node { &self.node_of } else { &self.edge_of };
        let k = of.iter().position(|&x| x == e)?;
        let mut spot = if node {
            *self.spots[a].node(NodeIdx::new(k))
        } else {
            *self.spots[a].edge(EdgeIdx::new(k))
        };
        if let Some(w) = spot.body.witness.as_mut() {
            w.obstacle = self.obstacle_of[w.obstacle];
        }
        Some(spot)
    }

    /// Whether walking agent `a` of radius `r` may use live edge `e`.
    fn usable(&self, a: usize, e: usize, r: f64) -> bool {
        let Some(k) = self.edge_of.iter().position(|&x| x == e) else {
            return false;
        };
        !self.map.edges()[k].closed
            && self.spots[a]
                .edge_blocked(&self.map, EdgeIdx::new(k), r)
                .is_none()
    }
}

fn same(a: &WalkingSpot, b: &WalkingSpot) -> bool {
    a.body.value.to_bits() == b.body.value.to_bits()
        && a.body.witness == b.body.witness
        && a.ground == b.ground
        && a.slope.to_bits() == b.slope.to_bits()
}

/// The walking agents the reports speak of, with their place there.
fn walkers(live: &LiveLevel<Space>) -> Vec<(usize, Agent)> {
    live.agents()
        .iter()
        .enumerate()
        .filter(|(_, a)| a.walking.is_some())
        .map(|(i, a)| (i, a.clone()))
        .collect()
}

fn check(
    live: &mut LiveLevel<Space>,
    was: &Fresh,
    report: &ChangeReport<Space>,
) -> Result<Fresh, TestCaseError> {
    let agents = walkers(live);
    let plain: Vec<Agent> = agents.iter().map(|(_, a)| a.clone()).collect();
    let now = Fresh::of(live, &plain);
    prop_assert_eq!(
        live.clearances().slack().to_bits(),
        now.map.slack().to_bits()
    );
    for (a, (place, agent)) in agents.iter().enumerate() {
        let walking = agent.walking.unwrap();
        let spots = live
            .walking(&walking)
            .ok_or_else(|| TestCaseError::fail("a walking agent's profile is followed"))?;
        for (kind, of) in [(false, &now.edge_of), (true, &now.node_of)] {
            for &k in of {
                let mine = if kind {
                    spots.node(NodeIdx::new(k))
                } else {
                    spots.edge(EdgeIdx::new(k))
                };
                let theirs = now.spot(a, k, kind).unwrap();
                prop_assert!(
                    same(mine, &theirs),
                    "{} {} {}: live {:?}, fresh {:?}",
                    agent.name,
                    if kind { "node" } else { "edge" },
                    k,
                    mine,
                    theirs
                );
            }
        }
        // Blocked and passable: the change of the fresh verdicts.
        let r = agent.radius;
        let slots = live.edge_slots();
        let blocked: Vec<usize> = (0..slots)
            .filter(|&e| was.usable(a, e, r) && !now.usable(a, e, r))
            .collect();
        let passable: Vec<usize> = (0..slots)
            .filter(|&e| !was.usable(a, e, r) && now.usable(a, e, r))
            .collect();
        let got: Vec<usize> = report.blocked[*place].iter().map(|e| e.get()).collect();
        prop_assert_eq!(got, blocked, "blocked for {}", &agent.name);
        let got: Vec<usize> = report.passable[*place].iter().map(|e| e.get()).collect();
        prop_assert_eq!(got, passable, "passable for {}", &agent.name);
        // The reported spot changes: live before and after, and different.
        // (A profile followed since the last change has no 'before' here.)
        if a < was.spots.len() {
            let changes = report
                .walking
                .iter()
                .find(|w| w.walking == walking)
                .ok_or_else(|| TestCaseError::fail("a report per followed profile"))?;
            for (node, reported) in [
                (
                    false,
                    changes
                        .edges
                        .iter()
                        .map(|c| c.index.get())
                        .collect::<Vec<_>>(),
                ),
                (true, changes.nodes.iter().map(|c| c.index.get()).collect()),
            ] {
                let of = if node { &now.node_of } else { &now.edge_of };
                let expected: Vec<usize> = of
                    .iter()
                    .copied()
                    .filter(|&k| match (was.spot(a, k, node), now.spot(a, k, node)) {
                        (Some(b), Some(n)) => !same(&b, &n),
                        _ => false,
                    })
                    .collect();
                prop_assert_eq!(reported, expected, "spot changes of {}", &agent.name);
            }
        }
        // Routes and widest routes: a fresh router over the fresh fold.
        let fold = now.spots[a].for_agent(&now.map, r);
        let mut router = Router::new(&now.map, &fold);
        let count = now.node_of.len();
        for (s, g) in [(0, count.saturating_sub(1)), (count / 2, 0), (1, count / 3)] {
            if s >= count || g >= count {
                continue;
            }
            let (ls, lg) = (NodeIdx::new(now.node_of[s]), NodeIdx::new(now.node_of[g]));
            let mine = live.route(ls, lg, agent);
            let theirs = router.route(NodeIdx::new(s), NodeIdx::new(g), agent);
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
                &agent.name
            );
            let mine = live.widest_route(ls, lg, Some(agent));
            let theirs = router.widest_route(NodeIdx::new(s), NodeIdx::new(g), Some(agent));
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
                )),
                "widest route for {}",
                &agent.name
            );
        }
    }
    Ok(now)
}

/// A bot: short, climbs little, steep slopes.
fn bot() -> Agent {
    Agent {
        walking: Some(Walking {
            height: 1.0,
            climb: 0.2,
            max_slope: 30.0,
        }),
        ..Agent::new("bot", 0.2)
    }
}

fn run(text: &str, steps: &[Step]) -> Result<(), TestCaseError> {
    let map = match Level::loader().read_str(text, "walk.ron") {
        Ok(Level::Space(map)) => map,
        other => return Err(TestCaseError::fail(format!("{other:?}"))),
    };
    // The map's walker "w", and a sphere beside it.
    let mut live = LiveLevel::new(map);
    let mut agents = live.agents().to_vec();
    agents.push(Agent::new("drone", 0.3));
    live.set_agents(agents);
    let plain = |live: &LiveLevel<Space>| -> Vec<Agent> {
        walkers(live).into_iter().map(|(_, a)| a).collect()
    };
    let mut was = Fresh::of(&live, &plain(&live));
    for (serial, step) in steps.iter().enumerate() {
        if let Step::Follow = step {
            if !live.agents().iter().any(|a| a.name == "bot") {
                let mut agents = live.agents().to_vec();
                agents.push(bot());
                live.set_agents(agents);
                was = Fresh::of(&live, &plain(&live));
            }
            continue;
        }
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
    #![proptest_config(clearway_test_support::proptest_config::config(40))]

    /// Every walking spot, walking verdict, reported change and route after
    /// every change equals a fresh computation's.
    #[test]
    fn live_walking_spots_match_a_fresh_computation(
        level in random_level(),
        steps in steps(),
    ) {
        run(&level.text, &steps)?;
    }
}

/// A batch: the spots from before its first change to after its last; a
/// floor taken away and put back changes nothing.
#[test]
fn a_floor_removed_and_put_back_in_one_batch_changes_nothing() {
    let text = r#"Map(
        agents: [(name: "soldier", radius: 0.4, height: 1.8, climb: 0.35, max_slope: 40.0)],
        nodes: [(id: 0, pos: (0.0, 0.0, 0.0)), (id: 1, pos: (10.0, 0.0, 0.0))],
        edges: [(from: 0, to: 1)],
        obstacles: [Box(min: (-1.0, -2.0, -1.0), max: (11.0, 2.0, 0.0))],
    )"#;
    let Ok(Level::Space(map)) = Level::loader().read_str(text, "floor.ron") else {
        panic!("a 3D level")
    };
    let floor = map.obstacles()[0].clone();
    let mut live = LiveLevel::new(map);
    let report = live
        .apply_all([
            Change::RemoveObstacle(0),
            Change::AddObstacle(floor.clone()),
        ])
        .unwrap();
    assert!(report.blocked[0].is_empty() && report.passable[0].is_empty());
    assert!(report.walking[0].edges.is_empty());
    // Taken away alone, the floor blocks the soldier's edge: no ground.
    let report = live.apply(Change::RemoveObstacle(1)).unwrap();
    assert_eq!(report.blocked[0], [EdgeIdx::new(0)]);
    let change = &report.walking[0].edges[0];
    assert_eq!(change.was.ground, None);
    assert_eq!(change.now.ground.map(|g| g.length), Some(10.0));
}
