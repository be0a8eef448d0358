//! A live level taking changes (`clearway::live::LiveLevel`), timed one
//! event at a time: `std::time::Instant` around each `LiveLevel::apply`,
//! and the median, 99th percentile and maximum of each kind of event
//! printed (criterion prints neither percentiles nor maxima, hence
//! `harness = false`).
//!
//! On the 1M-edge grid of 5M points (`LIVE_GRID`, the `g1m-points` level of
//! docs/PERFORMANCE.md), seeded, so every run applies the same events:
//!
//! * a point added at a random place, a map point moved by up to 1 on each
//!   axis, a map point removed;
//! * a circle of radius 0.5 to 2 added, moved, removed (the ones added);
//! * a wall segment 10 long at a random angle added, moved, removed;
//! * an edge closed, then opened again;
//! * a node added beside a node with an edge to it, that edge removed, that
//!   node removed;
//! * routes for r = 0.8 between random nodes, each asked right after a
//!   change (a circle added), against the same queries on a router built
//!   afresh on the level as it then stands
//!   (`Router::new(&map, &Clearances::compute(&map))`), and the same
//!   queries asked again of the live level with no change between, each
//!   query of the fresh router and of the live level one after the other
//!   (the first route after the node and edge changes, which builds the
//!   route table, is timed apart, on a `[setup]` line).
//!
//! On the 1M-edge 3D building (`LIVE_BUILDING`): a crate (a 1 m box) added
//! on the floor within 2 m of a random node, moved, removed; a point added
//! there, moved, removed; an edge closed and opened; nodes and edges added
//! and removed; routes as on the grid, for its walker (r = 0.3).
//!
//! Each event is also marked preempted when the thread waited for a CPU
//! while it ran (`/proc/thread-self/schedstat`, read outside the timed
//! span): on a shared machine those make the maxima, so the tables give
//! the median, p99 and maximum of the events not preempted beside those of
//! all.
//!
//! A level whose variable is unset or whose file is absent is skipped with
//! a message. `LIVE_EVENTS` sets the events of each kind (2,000), `LIVE_ROUTES`
//! the route queries (200; 0 asks none).
//!
//! With `LIVE_MEMORY=LEVEL` it only loads that level, builds the live
//! level and prints the process's peak resident memory (`VmHWM`), then
//! again after a first route query (which builds the route table): compare
//! with `/usr/bin/time -v target/release/clearway clearance LEVEL --format json`.
//!
//! Run: `LIVE_GRID=g1m-points.ron LIVE_BUILDING=building.ron cargo bench --bench live`.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use clearway::geometry::{AxisBox, Circle, Point, Point3, Segment};
use clearway::live::{Change, ChangeReport, LiveLevel};
use clearway::map::Level;
use clearway::{
    Clearances, Dimension, Edge, EdgeIdx, Map, Node, NodeIdx, Obstacle, Obstacle3, Router, Space,
};
use clearway_synth::SplitMix64;

/// The agent radius routes are asked for on the grid: the synthetic maps'
/// soldier.
const RADIUS: f64 = 0.8;
/// On the building: its walker (its doors are too narrow for 0.8).
const WALKER: f64 = 0.3;

fn main() {
    if let Ok(path) = std::env::var("LIVE_MEMORY") {
        memory(Path::new(&path));
        return;
    }
    let events = count("LIVE_EVENTS", 2_000);
    let routes = count("LIVE_ROUTES", 200);
    match level_path("LIVE_GRID") {
        Some(path) => grid(&path, events, routes),
        None => eprintln!("[skip] the grid: set LIVE_GRID to the g1m-points level"),
    }
    match level_path("LIVE_BUILDING") {
        Some(path) => building(&path, events, routes),
        None => eprintln!("[skip] the building: set LIVE_BUILDING to the building level"),
    }
}

fn count(var: &str, default: usize) -> usize {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The level file a variable names, if it is set and the file is there.
fn level_path(var: &str) -> Option<std::path::PathBuf> {
    let path = std::path::PathBuf::from(std::env::var_os(var)?);
    if path.is_file() {
        Some(path)
    } else {
        eprintln!("[skip] {var}={}: no such file", path.display());
        None
    }
}

fn load(path: &Path) -> Level {
    let started = Instant::now();
    let level = Level::loader()
        .read_file(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    eprintln!(
        "[setup] {} loaded in {:.2} s",
        path.display(),
        started.elapsed().as_secs_f64()
    );
    level
}

/// The process's peak resident memory so far, from `/proc/self/status`.
fn peak_rss() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l["VmHWM:".len()..].trim().to_string())
        })
        .unwrap_or_else(|| "unknown (no /proc/self/status)".to_string())
}

fn memory(path: &Path) {
    fn build<D: Dimension>(map: Map<D>) {
        let started = Instant::now();
        let mut live = LiveLevel::new(map);
        eprintln!(
            "[memory] live level built in {:.2} s",
            started.elapsed().as_secs_f64()
        );
        println!("peak RSS after LiveLevel::new: {}", peak_rss());
        let last = NodeIdx::new(live.node_slots() - 1);
        black_box(live.route(NodeIdx::new(0), last, RADIUS));
        println!("peak RSS after a first route: {}", peak_rss());
    }
    match load(path) {
        Level::Plane(map) => build(map),
        Level::Space(map) => build(map),
    }
}

/// How long this thread has waited for a CPU so far (the second field of
/// `/proc/thread-self/schedstat`, in ns; 0 where there is none).
fn run_queue_wait() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0)
}

/// `f`, timed, and whether the thread waited for a CPU meanwhile (taken
/// off it by the scheduler: on a shared machine, what makes the maxima).
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration, bool) {
    let waited = run_queue_wait();
    let started = Instant::now();
    let out = f();
    let time = started.elapsed();
    (out, time, run_queue_wait() > waited)
}

/// One kind of event's times, whether each was preempted, and how many
/// clearances each changed.
#[derive(Default)]
struct Timed {
    times: Vec<Duration>,
    preempted: Vec<bool>,
    changed: usize,
}

impl Timed {
    fn push(&mut self, time: Duration, preempted: bool) {
        self.times.push(time);
        self.preempted.push(preempted);
    }

    fn print(&self, level: &str, kind: &str) {
        let all = Stats::of(self.times.clone());
        let calm = Stats::of(
            self.times
                .iter()
                .zip(&self.preempted)
                .filter(|&(_, &p)| !p)
                .map(|(&t, _)| t)
                .collect(),
        );
        let n = self.times.len();
        println!(
            "| {level} | {kind} | {n} | {} | {} | {} | {} | {:.1} | {} | {} | {} | {} |",
            us(all.median),
            us(all.p99),
            us(all.max),
            us(all.mean),
            self.changed as f64 / n as f64,
            n - calm.n,
            us(calm.median),
            us(calm.p99),
            us(calm.max),
        );
    }
}

/// A duration in µs, as the tables print it.
fn us(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 100.0 {
        format!("{us:.1} µs")
    } else {
        format!("{us:.0} µs")
    }
}

/// The median, 99th percentile, maximum and mean of some times.
struct Stats {
    n: usize,
    median: Duration,
    p99: Duration,
    max: Duration,
    mean: Duration,
}

impl Stats {
    fn of(mut t: Vec<Duration>) -> Stats {
        t.sort();
        let n = t.len();
        if n == 0 {
            let zero = Duration::ZERO;
            return Stats {
                n,
                median: zero,
                p99: zero,
                max: zero,
                mean: zero,
            };
        }
        // The q-quantile: the smallest time at least q of them are at or below.
        let p = |q: f64| t[((n as f64 * q).ceil() as usize).clamp(1, n) - 1];
        Stats {
            n,
            median: p(0.5),
            p99: p(0.99),
            max: t[n - 1],
            mean: t.iter().sum::<Duration>() / n as u32,
        }
    }
}

fn header() {
    println!(
        "| level | event | events | median | p99 | max | mean | clearances changed per event \
         | preempted | median, not preempted | p99, not preempted | max, not preempted |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
}

/// Applies each change, timing `LiveLevel::apply` alone; returns the times
/// and each change's report.
fn apply_all<D: Dimension>(
    live: &mut LiveLevel<D>,
    changes: Vec<Change<D>>,
) -> (Timed, Vec<ChangeReport<D>>) {
    let mut out = Timed::default();
    let mut reports = Vec::with_capacity(changes.len());
    for change in changes {
        let (report, time, preempted) = timed(|| live.apply(change));
        out.push(time, preempted);
        let report = report.expect("the bench's changes are valid");
        out.changed += report.edges.len() + report.nodes.len();
        reports.push(report);
    }
    (out, reports)
}

/// The obstacle index each add was given.
fn added<D: Dimension>(reports: &[ChangeReport<D>]) -> Vec<usize> {
    reports
        .iter()
        .map(|r| r.added_obstacle.expect("an obstacle was added"))
        .collect()
}

/// Adds `shapes`, moves each by `by(rng)`, removes them; prints the three.
fn add_move_remove<D: Dimension>(
    live: &mut LiveLevel<D>,
    level: &str,
    kind: &str,
    shapes: Vec<D::Obstacle>,
    mut by: impl FnMut() -> D::Point,
) {
    let (timed, reports) = apply_all(live, shapes.into_iter().map(Change::AddObstacle).collect());
    timed.print(level, &format!("add {kind}"));
    let indices = added(&reports);
    let moves = indices
        .iter()
        .map(|&obstacle| Change::MoveObstacle { obstacle, by: by() })
        .collect();
    apply_all(live, moves)
        .0
        .print(level, &format!("move {kind}"));
    let removes = indices.into_iter().map(Change::RemoveObstacle).collect();
    apply_all(live, removes)
        .0
        .print(level, &format!("remove {kind}"));
}

/// `n` distinct indices below `slots`, seeded.
fn distinct(rng: &mut SplitMix64, n: usize, slots: usize) -> Vec<usize> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(n);
    while out.len() < n.min(slots) {
        let i = rng.below(slots);
        if seen.insert(i) {
            out.push(i);
        }
    }
    out
}

/// Closes `n` random edges, then opens them again.
fn close_open<D: Dimension>(live: &mut LiveLevel<D>, level: &str, rng: &mut SplitMix64, n: usize) {
    let edges: Vec<EdgeIdx> = distinct(rng, n, live.edge_slots())
        .into_iter()
        .map(EdgeIdx::new)
        .filter(|&e| live.edge(e).is_some() && !live.is_closed(e))
        .collect();
    let close = edges.iter().map(|&e| Change::CloseEdge(e)).collect();
    apply_all(live, close).0.print(level, "close an edge");
    let open = edges.iter().map(|&e| Change::OpenEdge(e)).collect();
    apply_all(live, open).0.print(level, "open an edge");
}

/// Adds a node beside each of `n` random nodes (`beside` gives its
/// position) with an edge to it, removes those edges, then those nodes.
fn nodes_and_edges<D: Dimension>(
    live: &mut LiveLevel<D>,
    level: &str,
    rng: &mut SplitMix64,
    n: usize,
    mut beside: impl FnMut(D::Point) -> D::Point,
) {
    let near: Vec<NodeIdx> = distinct(rng, n, live.node_slots())
        .into_iter()
        .map(NodeIdx::new)
        .filter(|&v| live.node(v).is_some())
        .collect();
    let first_id = 1
        + (0..live.node_slots())
            .filter_map(|v| live.node(NodeIdx::new(v)).map(|node| node.id))
            .max()
            .unwrap_or(0);
    let nodes = near
        .iter()
        .zip(first_id..)
        .map(|(&v, id)| {
            Change::AddNode(Node {
                id,
                pos: beside(live.node(v).expect("live").pos),
                name: None,
            })
        })
        .collect();
    let (timed, reports) = apply_all(live, nodes);
    timed.print(level, "add a node");
    let new_nodes: Vec<NodeIdx> = reports
        .iter()
        .map(|r| r.added_node.expect("added"))
        .collect();
    let edges = near
        .iter()
        .zip(&new_nodes)
        .map(|(&from, &to)| {
            Change::AddEdge(Edge {
                from,
                to,
                one_way: false,
                cost: None,
                clearance: None,
                closed: false,
                area: None,
            })
        })
        .collect();
    let (timed, reports) = apply_all(live, edges);
    timed.print(level, "add an edge");
    let removes = reports
        .iter()
        .map(|r| Change::RemoveEdge(r.added_edge.expect("added")))
        .collect();
    apply_all(live, removes).0.print(level, "remove an edge");
    let removes = new_nodes.into_iter().map(Change::RemoveNode).collect();
    apply_all(live, removes).0.print(level, "remove a node");
}

/// Routes for r = 0.8 between `n` random pairs of nodes, each right after
/// a change from `change`; then the same queries on a router built afresh
/// on the level as it then stands, and again on the live level with no
/// change between. Checks that the live and fresh routes cost the same.
fn routes<D: Dimension>(
    live: &mut LiveLevel<D>,
    level: &str,
    rng: &mut SplitMix64,
    n: usize,
    radius: f64,
    mut change: impl FnMut(&mut SplitMix64) -> Change<D>,
) {
    if n == 0 {
        return;
    }
    let nodes: Vec<NodeIdx> = (0..live.node_slots())
        .map(NodeIdx::new)
        .filter(|&v| live.node(v).is_some())
        .collect();
    let queries: Vec<(NodeIdx, NodeIdx)> = (0..n)
        .map(|_| (nodes[rng.below(nodes.len())], nodes[rng.below(nodes.len())]))
        .collect();
    // The first route after a change to the network's shape (the nodes
    // and edges above) builds the route table: timed apart.
    let started = Instant::now();
    black_box(live.route(queries[0].0, queries[0].1, radius));
    eprintln!(
        "[setup] {level}: first route, building the route table: {:.1} ms",
        started.elapsed().as_secs_f64() * 1e3
    );
    let mut after_change = Timed::default();
    let mut found = 0;
    for &(s, g) in &queries {
        live.apply(change(rng)).expect("a valid change");
        let (route, time, preempted) = timed(|| live.route(s, g, radius));
        after_change.push(time, preempted);
        found += usize::from(route.is_some());
    }
    // The fresh router numbers nodes without the removed ones.
    let renumber: Vec<usize> = {
        let mut at = vec![usize::MAX; live.node_slots()];
        for (k, v) in nodes.iter().enumerate() {
            at[v.get()] = k;
        }
        at
    };
    let started = Instant::now();
    let map = live.to_map();
    let clearances = Clearances::compute(&map);
    let mut router = Router::new(&map, &clearances);
    eprintln!(
        "[setup] {level}: fresh map, clearances and router in {:.2} s",
        started.elapsed().as_secs_f64()
    );
    // The same query of both, one after the other, in turn first: so the
    // machine's load drifting during the run weighs on both alike.
    let (mut fresh, mut again) = (Timed::default(), Timed::default());
    let (mut fresh_costs, mut live_costs) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for (k, &(s, g)) in queries.iter().enumerate() {
        let (fs, fg) = (
            NodeIdx::new(renumber[s.get()]),
            NodeIdx::new(renumber[g.get()]),
        );
        for turn in [k % 2, 1 - k % 2] {
            if turn == 0 {
                let (cost, time, preempted) =
                    timed(|| router.route(fs, fg, radius).map(|r| r.cost));
                fresh.push(time, preempted);
                fresh_costs.push(cost);
            } else {
                let (cost, time, preempted) = timed(|| live.route(s, g, radius).map(|r| r.cost));
                again.push(time, preempted);
                live_costs.push(cost);
            }
        }
    }
    assert_eq!(
        live_costs, fresh_costs,
        "the live level and a fresh router route alike"
    );
    eprintln!(
        "[check] {level}: {found} of {n} routed for r = {radius}; live and fresh routes cost the same"
    );
    let kind = |what: &str| format!("route r = {radius}, {what}");
    after_change.print(level, &kind("after a change (live)"));
    fresh.print(level, &kind("fresh router"));
    again.print(level, &kind("no change between (live)"));
}

fn grid(path: &Path, events: usize, routes_n: usize) {
    let Level::Plane(map) = load(path) else {
        panic!("{}: not a flat level", path.display());
    };
    let (lo, hi) = map.nodes().iter().fold(
        (
            Point::new(f64::MAX, f64::MAX),
            Point::new(f64::MIN, f64::MIN),
        ),
        |(lo, hi), n| {
            (
                Point::new(lo.x.min(n.pos.x), lo.y.min(n.pos.y)),
                Point::new(hi.x.max(n.pos.x), hi.y.max(n.pos.y)),
            )
        },
    );
    let map_obstacles = map.obstacles().len();
    let started = Instant::now();
    let mut live = LiveLevel::new(map);
    eprintln!(
        "[setup] grid: live level built in {:.2} s",
        started.elapsed().as_secs_f64()
    );
    let level = "grid 1M";
    let mut rng = SplitMix64::new(35);
    let anywhere = |rng: &mut SplitMix64| Point::new(rng.range(lo.x, hi.x), rng.range(lo.y, hi.y));
    let nudge = |rng: &mut SplitMix64| Point::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
    header();

    // Points: new ones added; the map's own moved and removed.
    let adds = (0..events)
        .map(|_| Change::AddObstacle(Obstacle::Point(anywhere(&mut rng))))
        .collect();
    apply_all(&mut live, adds).0.print(level, "add a point");
    let picked = distinct(&mut rng, 2 * events, map_obstacles);
    let moves = picked[..events]
        .iter()
        .map(|&obstacle| Change::MoveObstacle {
            obstacle,
            by: nudge(&mut rng),
        })
        .collect();
    apply_all(&mut live, moves)
        .0
        .print(level, "move a map point");
    let removes = picked[events..]
        .iter()
        .map(|&i| Change::RemoveObstacle(i))
        .collect();
    apply_all(&mut live, removes)
        .0
        .print(level, "remove a map point");

    let circles = (0..events)
        .map(|_| {
            Obstacle::Circle(Circle {
                center: anywhere(&mut rng),
                radius: rng.range(0.5, 2.0),
            })
        })
        .collect();
    let mut nudges = SplitMix64::new(36);
    add_move_remove(&mut live, level, "a circle", circles, || nudge(&mut nudges));

    let walls = (0..events)
        .map(|_| {
            let a = anywhere(&mut rng);
            let angle = rng.range(0.0, std::f64::consts::TAU);
            let b = Point::new(a.x + 10.0 * angle.cos(), a.y + 10.0 * angle.sin());
            Obstacle::Segment(Segment::new(a, b))
        })
        .collect();
    add_move_remove(&mut live, level, "a 10-long wall", walls, || {
        nudge(&mut nudges)
    });

    close_open(&mut live, level, &mut rng, events);
    nodes_and_edges(&mut live, level, &mut rng, events / 4, |p| {
        Point::new(p.x + 0.25, p.y + 0.25)
    });
    routes(&mut live, level, &mut rng, routes_n, RADIUS, |rng| {
        Change::AddObstacle(Obstacle::Circle(Circle {
            center: anywhere(rng),
            radius: rng.range(0.5, 2.0),
        }))
    });
}

fn building(path: &Path, events: usize, routes_n: usize) {
    let Level::Space(map) = load(path) else {
        panic!("{}: not a 3D level", path.display());
    };
    let positions: Vec<Point3> = map.nodes().iter().map(|n| n.pos).collect();
    let started = Instant::now();
    let mut live: LiveLevel<Space> = LiveLevel::new(map);
    eprintln!(
        "[setup] building: live level built in {:.2} s",
        started.elapsed().as_secs_f64()
    );
    let level = "building 1M";
    let mut rng = SplitMix64::new(35);
    // A place within 2 m of a random node, at its height (the waypoints
    // are 0.9 m above the floor).
    let beside_node = |rng: &mut SplitMix64| {
        let p = positions[rng.below(positions.len())];
        Point3::new(p.x + rng.range(-2.0, 2.0), p.y + rng.range(-2.0, 2.0), p.z)
    };
    let crate_at = |p: Point3| {
        Obstacle3::Box(AxisBox {
            min: Point3::new(p.x - 0.5, p.y - 0.5, p.z - 0.9),
            max: Point3::new(p.x + 0.5, p.y + 0.5, p.z + 0.1),
        })
    };
    header();
    let crates = (0..events)
        .map(|_| crate_at(beside_node(&mut rng)))
        .collect();
    let mut nudges = SplitMix64::new(36);
    add_move_remove(&mut live, level, "a 1 m crate", crates, || {
        Point3::new(nudges.range(-1.0, 1.0), nudges.range(-1.0, 1.0), 0.0)
    });
    let points = (0..events)
        .map(|_| Obstacle3::Point(beside_node(&mut rng)))
        .collect();
    add_move_remove(&mut live, level, "a point", points, || {
        Point3::new(nudges.range(-1.0, 1.0), nudges.range(-1.0, 1.0), 0.0)
    });
    close_open(&mut live, level, &mut rng, events);
    nodes_and_edges(&mut live, level, &mut rng, events / 4, |p| {
        Point3::new(p.x + 0.25, p.y + 0.25, p.z)
    });
    routes(&mut live, level, &mut rng, routes_n, WALKER, |rng| {
        Change::AddObstacle(crate_at(beside_node(rng)))
    });
}
