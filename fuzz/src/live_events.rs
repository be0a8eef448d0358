//! The `live_events` target: a live level (`clearway::live::LiveLevel`)
//! taking an arbitrary sequence of changes of every kind, checked after
//! each against a fresh computation on the level as it stands:
//!
//! * every live edge's and node's clearance and witness is bit for bit what
//!   `Clearances::compute(&level.to_map())` gives, with the indices mapped
//!   (the map leaves removed obstacles, edges and nodes out, so the later
//!   ones' indices are smaller there), and so is the slack;
//! * a refused change changes no clearance, and a change naming only live
//!   things with valid numbers is not refused.
//!
//! The level is the `clearance` target's (flat or with height, as the first
//! byte says), loaded through the real loader; the shapes the events add
//! are the obstacles of a second such level, so the two targets share one
//! generator.

use arbitrary::{Arbitrary, Unstructured};
use clearway::geometry::{Point, Point3};
use clearway::live::{Change, LiveLevel};
use clearway::map::Level;
use clearway::{
    Clearance, Clearances, Dimension, Edge, EdgeIdx, Map, Node, NodeIdx, Obstacle, Obstacle3,
    Plane, Space,
};

use super::{LIMIT, LocalPoint3, clearance2, clearance3, list};

/// One event; its numbers pick among the level's obstacles, edges and
/// nodes as they stand, removed ones and one past the last included (so
/// some changes are refused).
#[derive(Arbitrary, Clone, Copy, Debug)]
pub enum Event {
    /// Adds shape `k` of the pool.
    Add(u8),
    Remove(u8),
    /// Gives an obstacle shape `k` of the pool.
    Replace(u8, u8),
    /// Moves an obstacle (a flat level ignores the third coordinate).
    Move(u8, LocalPoint3),
    /// Adds a point right on a node.
    OnNode(u8),
    Close(u8),
    Open(u8),
    /// Adds a node a displacement away from a node.
    AddNode(u8, LocalPoint3),
    RemoveNode(u8),
    /// Adds an edge (one-way or not) between two nodes.
    AddEdge(u8, u8, bool),
    RemoveEdge(u8),
}

impl Event {
    /// The event's kind, as the seeds' coverage counts it.
    pub fn kind(self) -> &'static str {
        match self {
            Event::Add(_) => "add",
            Event::Remove(_) => "remove",
            Event::Replace(..) => "replace",
            Event::Move(..) => "move",
            Event::OnNode(_) => "on node",
            Event::Close(_) => "close",
            Event::Open(_) => "open",
            Event::AddNode(..) => "add node",
            Event::RemoveNode(_) => "remove node",
            Event::AddEdge(..) => "add edge",
            Event::RemoveEdge(_) => "remove edge",
        }
    }
}

/// A level, the shapes to add, and the events.
#[derive(Debug)]
pub struct Events<L> {
    level: L,
    pool: L,
    events: Vec<Event>,
}

/// An input of either dimension.
#[derive(Debug)]
pub enum Input {
    Plane(Events<clearance2::Input>),
    Space(Events<clearance3::Input>),
}

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        fn events<'a, L: Arbitrary<'a>>(u: &mut Unstructured<'a>) -> arbitrary::Result<Events<L>> {
            Ok(Events {
                level: L::arbitrary(u)?,
                pool: L::arbitrary(u)?,
                events: list(u, 1, 24)?,
            })
        }
        Ok(if bool::arbitrary(u)? {
            Input::Space(events(u)?)
        } else {
            Input::Plane(events(u)?)
        })
    }
}

/// What a dimension adds to [`Dimension`] for the events.
pub trait Twin: Dimension {
    /// A point obstacle.
    fn point(p: Self::Point) -> Self::Obstacle;
    /// The point `by` away from `p` (a flat one ignores `by`'s third
    /// coordinate), clamped into the loader's range.
    fn moved(p: Self::Point, by: LocalPoint3) -> Self::Point;
}

/// `v + by`, clamped into the loader's range; `v` when that is not finite.
fn shift(v: f64, by: super::Local) -> f64 {
    let w = v + by.value();
    if w.is_finite() {
        w.clamp(-LIMIT, LIMIT)
    } else {
        v
    }
}

impl Twin for Plane {
    fn point(p: Point) -> Obstacle {
        Obstacle::Point(p)
    }
    fn moved(p: Point, by: LocalPoint3) -> Point {
        Point::new(shift(p.x, by.0), shift(p.y, by.1))
    }
}

impl Twin for Space {
    fn point(p: Point3) -> Obstacle3 {
        Obstacle3::Point(p)
    }
    fn moved(p: Point3, by: LocalPoint3) -> Point3 {
        Point3::new(shift(p.x, by.0), shift(p.y, by.1), shift(p.z, by.2))
    }
}

/// The checks on one input; returns the kinds of the changes applied (not
/// refused), in order.
pub fn check(input: Input) -> Vec<&'static str> {
    match input {
        Input::Plane(e) => {
            let load = |text: &str| match Map::loader().read_str(text, "fuzz.ron") {
                Ok(map) => map,
                Err(e) => panic!("a valid map failed to load: {e}\n{text}"),
            };
            run(load(&e.level.text), load(&e.pool.text), &e.events)
        }
        Input::Space(e) => {
            let load = |text: &str| match Level::loader().read_str(text, "fuzz.ron") {
                Ok(Level::Space(map)) => map,
                Ok(Level::Plane(_)) => panic!("a 3D map loaded flat\n{text}"),
                Err(e) => panic!("a valid map failed to load: {e}\n{text}"),
            };
            run(load(&e.level.text), load(&e.pool.text), &e.events)
        }
    }
}

/// Index `k` among `slots`, one past the last included.
fn pick(k: u8, slots: usize) -> usize {
    usize::from(k) % (slots + 1)
}

fn run<D: Twin>(map: Map<D>, pool: Map<D>, events: &[Event]) -> Vec<&'static str> {
    let pool = pool.obstacles().to_vec();
    let mut live = LiveLevel::new(map);
    compare(&live, "the level as loaded");
    let mut next_id = (0..live.node_slots())
        .filter_map(|n| live.node(NodeIdx::new(n)).map(|node| node.id + 1))
        .max()
        .unwrap_or(0);
    let mut applied = Vec::new();
    for (step, &event) in events.iter().enumerate() {
        let obstacle = |k| pick(k, live.obstacle_slots());
        let edge = |k| EdgeIdx::new(pick(k, live.edge_slots()));
        let node = |k| NodeIdx::new(pick(k, live.node_slots()));
        let live_obstacle = |i: usize| live.obstacle(i).is_some();
        let live_edge = |e: EdgeIdx| live.edge(e).is_some();
        let live_node = |n: NodeIdx| live.node(n).is_some();
        // The change, and whether it must be taken.
        let (change, valid) = match event {
            Event::Add(_) | Event::Replace(..) if pool.is_empty() => continue,
            Event::Add(k) => (
                Change::AddObstacle(pool[usize::from(k) % pool.len()].clone()),
                true,
            ),
            Event::Remove(k) => {
                let i = obstacle(k);
                (Change::RemoveObstacle(i), live_obstacle(i))
            }
            Event::Replace(k, s) => {
                let i = obstacle(k);
                let with = pool[usize::from(s) % pool.len()].clone();
                (
                    Change::ReplaceObstacle { obstacle: i, with },
                    live_obstacle(i),
                )
            }
            Event::Move(k, by) => {
                let i = obstacle(k);
                let by = D::moved(D::Point::default(), by);
                // Moving far may leave the loader's range: then refused.
                (Change::MoveObstacle { obstacle: i, by }, false)
            }
            Event::OnNode(k) => {
                let Some(n) = live.node(node(k)) else {
                    continue;
                };
                (Change::AddObstacle(D::point(n.pos)), true)
            }
            Event::Close(k) => {
                let e = edge(k);
                (Change::CloseEdge(e), live_edge(e))
            }
            Event::Open(k) => {
                let e = edge(k);
                (Change::OpenEdge(e), live_edge(e))
            }
            Event::AddNode(k, by) => {
                let Some(n) = live.node(node(k)) else {
                    continue;
                };
                let pos = D::moved(n.pos, by);
                next_id += 1;
                let node = Node {
                    id: next_id,
                    pos,
                    name: None,
                };
                (Change::AddNode(node), true)
            }
            Event::RemoveNode(k) => {
                let n = node(k);
                (Change::RemoveNode(n), live_node(n))
            }
            Event::AddEdge(a, b, one_way) => {
                let (from, to) = (node(a), node(b));
                let edge = Edge {
                    from,
                    to,
                    one_way,
                    cost: None,
                    clearance: None,
                    closed: false,
                    area: None,
                };
                (
                    Change::AddEdge(edge),
                    live_node(from) && live_node(to) && from != to,
                )
            }
            Event::RemoveEdge(k) => {
                let e = edge(k);
                (Change::RemoveEdge(e), live_edge(e))
            }
        };
        let what = format!("event {step} ({event:?}): {change:?}");
        let before = live.clearances().clone();
        match live.apply(change) {
            Ok(_) => applied.push(event.kind()),
            Err(e) => {
                assert!(!valid, "{what} was refused: {e}");
                assert!(
                    &before == live.clearances(),
                    "{what} was refused ({e}) but changed clearances"
                );
            }
        }
        compare(&live, &what);
    }
    applied
}

/// Checks the live clearances, witnesses and slack against
/// `Clearances::compute` on the level as it stands.
fn compare<D: Dimension>(live: &LiveLevel<D>, what: &str) {
    let map = live.to_map();
    let fresh = Clearances::compute(&map);
    assert_eq!(
        live.clearances().slack().to_bits(),
        fresh.slack().to_bits(),
        "after {what}: slack"
    );
    // The live index of each of the map's obstacles, edges and nodes.
    let obstacle_of: Vec<usize> = live.obstacles().map(|(i, _)| i).collect();
    let edge_of: Vec<usize> = (0..live.edge_slots())
        .filter(|&e| live.edge(EdgeIdx::new(e)).is_some())
        .collect();
    let node_of: Vec<usize> = (0..live.node_slots())
        .filter(|&n| live.node(NodeIdx::new(n)).is_some())
        .collect();
    assert_eq!(edge_of.len(), fresh.edges().len(), "after {what}: edges");
    assert_eq!(node_of.len(), fresh.nodes().len(), "after {what}: nodes");
    let same = |item: &str, mine: &Clearance<D::Point>, theirs: &Clearance<D::Point>| {
        let mut theirs = *theirs;
        if let Some(w) = theirs.witness.as_mut() {
            w.obstacle = obstacle_of[w.obstacle];
        }
        assert!(
            mine.value.to_bits() == theirs.value.to_bits() && mine.witness == theirs.witness,
            "after {what}: {item}: live {mine:?}, fresh {theirs:?}\n{map:?}"
        );
    };
    for (k, &e) in edge_of.iter().enumerate() {
        same(
            &format!("edge {e}"),
            &live.clearances().edges()[e],
            &fresh.edges()[k],
        );
    }
    for (k, &n) in node_of.iter().enumerate() {
        same(
            &format!("node {n}"),
            &live.clearances().nodes()[n],
            &fresh.nodes()[k],
        );
    }
}
