//! The 3D example levels in maps/ tell the story their comments tell: which
//! edges block which agent, with the key clearances worked out by hand; and
//! the generator's 3D levels (`synth`, kinds building and terrain) pass the
//! 3D checks and have the clearances their layout promises.
//!
//! The clearances are computed by brute force with the 3D kernels
//! (`Obstacle3::separation_from` over every obstacle), from the level read
//! with the public wire types and the OBJ import, independently of the
//! engine's index.

use clearway::Obstacle3;
use clearway::geometry::{AxisBox, Mesh, Point3, Segment, Sphere, Triangle};
use clearway_format::wire::{self, ObstacleEntry, Position};
use clearway_synth::{self as synth, Kind, Params};

/// A 3D level as the kernels see it: agents, node positions by id, edges
/// as node ids, obstacles.
struct Level {
    agents: Vec<(String, f64)>,
    nodes: Vec<(u64, Point3)>,
    edges: Vec<(u64, u64)>,
    obstacles: Vec<Obstacle3>,
}

fn point(p: Position) -> Point3 {
    match p {
        Position::Space(x, y, z) => Point3::new(x, y, z),
        Position::Plane(..) => panic!("a 2D position in a 3D example level"),
    }
}

fn obstacle(entry: ObstacleEntry) -> Obstacle3 {
    match entry {
        ObstacleEntry::Point(p) => Obstacle3::Point(point(p)),
        ObstacleEntry::Sphere { center, radius } => Obstacle3::Sphere(Sphere {
            center: point(center),
            radius,
        }),
        ObstacleEntry::Segment { from, to } => {
            Obstacle3::Segment(Segment::new(point(from), point(to)))
        }
        ObstacleEntry::Triangle(c) => Obstacle3::Triangle(Triangle {
            corners: [point(c[0]), point(c[1]), point(c[2])],
        }),
        ObstacleEntry::Box { min, max } => Obstacle3::Box(AxisBox {
            min: point(min),
            max: point(max),
        }),
        ObstacleEntry::Mesh {
            vertices,
            triangles,
            solid,
        } => {
            let triangles = triangles
                .iter()
                .map(|&(i, j, k)| [i as u32, j as u32, k as u32])
                .collect();
            let vertices = vertices.into_iter().map(point).collect();
            Obstacle3::Mesh(Mesh::new(vertices, triangles, solid).expect("indices in range"))
        }
        ObstacleEntry::Circle { .. } | ObstacleEntry::Polygon(_) => {
            panic!("a 2D obstacle in a 3D example level")
        }
    }
}

fn load(path: &str) -> Level {
    let text = std::fs::read_to_string(path).unwrap();
    assert_valid_3d(&text, path);
    read(&text, path)
}

/// The level in `text`, read with the wire types.
fn read(text: &str, name: &str) -> Level {
    let file = wire::from_str(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    Level {
        agents: file
            .agents
            .iter()
            .map(|a| (a.name.clone(), a.radius))
            .collect(),
        nodes: file.nodes.iter().map(|n| (n.id, point(n.pos))).collect(),
        edges: file.edges.iter().map(|e| (e.from, e.to)).collect(),
        obstacles: file.obstacles.into_iter().map(obstacle).collect(),
    }
}

/// Asserts that `text` passes every check of the map loader as a 3D level.
/// Until the 3D engine lands, a reader of flat levels says so with its
/// `ThreeDimensional` error, which it gives only to a level that validated
/// as 3D (every other problem is reported first).
fn assert_valid_3d(text: &str, name: &str) {
    match clearway::map::Level::loader().read_str(text, name) {
        Ok(level) => assert_eq!(level.dimensions(), 3, "{name} was read as a flat level"),
        Err(e) => panic!("{name}: {e}"),
    }
}

impl Level {
    fn pos(&self, id: u64) -> Point3 {
        self.nodes.iter().find(|n| n.0 == id).expect("node id").1
    }

    /// The edge's segment.
    fn segment(&self, edge: (u64, u64)) -> Segment<Point3> {
        Segment::new(self.pos(edge.0), self.pos(edge.1))
    }

    /// The clearance of an edge and the obstacle that sets it: brute force.
    fn clearance(&self, edge: (u64, u64)) -> (f64, usize) {
        let segment = self.segment(edge);
        self.obstacles
            .iter()
            .enumerate()
            .map(|(k, o)| (o.separation_from(segment).distance, k))
            .fold((f64::INFINITY, usize::MAX), |best, c| {
                if c.0 < best.0 { c } else { best }
            })
    }

    /// The edges (as node id pairs) the agent cannot travel: clearance < r
    /// (or 0).
    fn blocked(&self, agent: &str) -> Vec<(u64, u64)> {
        let r = self.agents.iter().find(|a| a.0 == agent).expect("agent").1;
        self.edges
            .iter()
            .copied()
            .filter(|&e| {
                let c = self.clearance(e).0;
                c == 0.0 || c < r
            })
            .collect()
    }

    fn clearance_of(&self, from: u64, to: u64) -> f64 {
        self.clearance((from, to)).0
    }
}

fn assert_near(actual: f64, expected: f64, what: &str) {
    assert!(
        (actual - expected).abs() < 1e-9,
        "{what}: clearance {actual}, expected {expected}"
    );
}

#[test]
fn two_storey_walker_passes_everywhere_and_the_duct_and_door_block_the_big_agents() {
    let level = load("../../maps/two_storey.ron");
    assert_eq!((level.nodes.len(), level.edges.len()), (23, 23));
    assert_eq!(level.blocked("walker"), []);
    // The duct's underside is at z = 4.5 and the landing edges run at the
    // upper floor's 3.2 + 0.9 = 4.1: 4.5 - 4.1 = 0.4 < 0.5.
    assert_eq!(level.blocked("tall"), [(13, 14), (16, 17)]);
    // The office door is 1.2 wide (x 5.4 to 6.6) and edge 3-6 runs down its
    // middle (x = 6.0): 0.6 < 0.65.
    assert_eq!(level.blocked("robot"), [(3, 6), (13, 14), (16, 17)]);
    let duct = level.obstacles.len() - 1;
    for (from, to) in [(13, 14), (16, 17)] {
        assert_near(level.clearance_of(from, to), 0.4, "under the duct");
        assert_eq!(level.clearance((from, to)).1, duct, "the duct sets it");
    }
    assert_near(level.clearance_of(3, 6), 0.6, "the office door");
    // The stair nodes are 0.9 above the nosings, which lie on one line of
    // slope 0.2 / 0.3: the edges are 0.9 * 0.3 / sqrt(0.13) from them.
    let stairs = 0.9 * 0.3 / 0.13f64.sqrt();
    assert_near(stairs, 0.748_845_264_904, "the worked figure");
    for (from, to) in [(9, 10), (10, 11), (11, 12), (12, 13)] {
        assert!((level.clearance_of(from, to) - stairs).abs() < 1e-6);
    }
    // The bedroom doors are 1.6 wide: 0.8; the front door 1.5 wide: 0.75.
    assert_near(level.clearance_of(20, 21), 0.8, "the west bedroom door");
    assert_near(level.clearance_of(18, 22), 0.8, "the east bedroom door");
    assert_near(level.clearance_of(0, 1), 0.75, "the front door");
    // Walking along the floor, nothing is closer than the floor itself.
    assert_near(level.clearance_of(7, 8), 0.9, "the office floor");
}

#[test]
fn drone_canyon_micro_flies_everywhere_and_the_canyon_blocks_the_bigger_drones() {
    let mut level = load("../../maps/drone_canyon.ron");
    assert_eq!((level.nodes.len(), level.edges.len()), (20, 23));
    let points = level
        .obstacles
        .iter()
        .filter(|o| matches!(o, Obstacle3::Point(_)));
    assert_eq!(points.count(), 401);
    let obj = clearway::obj::load_obj("../../maps/drone_canyon.obj").unwrap();
    let (meshes, _) = obj.into_obstacles();
    assert_eq!(meshes.len(), 6);
    level.obstacles.extend(meshes);
    assert_eq!(level.blocked("micro"), []);
    // The balloon: edge 16-17 runs along x = 80, 1.95 from its centre, so
    // 1.95 - 1.5 = 0.45. The canopy: the twig at (72, 44, 8.65) is 0.35
    // below the flyway (x = 72, z = 9), every other point at least 0.6 away.
    assert_eq!(level.blocked("quad"), [(16, 17), (18, 19)]);
    assert_near(level.clearance_of(16, 17), 0.45, "the balloon");
    assert_eq!(level.clearance((16, 17)).1, 0, "the balloon sets it");
    assert_near(level.clearance_of(18, 19), 0.35, "the canopy");
    assert_eq!(level.clearance((18, 19)).1, 3, "the twig sets it");
    // Heavy: the arch squeeze (z = 12.5, under the facet from
    // (44.834, 12.472) to (50, 13.5): 5.166 / sqrt(5.166^2 + 1.028^2)), the
    // tower pass (x = 28.4, the face at x = 27.772), the landing (z = 38,
    // the platform's top at 37).
    assert_eq!(
        level.blocked("heavy"),
        [(8, 9), (11, 12), (15, 14), (16, 17), (18, 19)]
    );
    let arch = 5.166 / (5.166f64 * 5.166 + 1.028 * 1.028).sqrt();
    assert_near(level.clearance_of(8, 9), arch, "the arch squeeze");
    assert_near(level.clearance_of(11, 12), 28.4 - 27.772, "the tower pass");
    assert_near(level.clearance_of(15, 14), 1.0, "the landing");
    // Under the arch on the low route there is room to spare.
    assert!(level.clearance_of(3, 4) > 2.0);
}

/// Every edge's clearance, by brute force.
fn clearances(level: &Level) -> Vec<f64> {
    level.edges.iter().map(|&e| level.clearance(e).0).collect()
}

#[test]
fn generated_buildings_load_as_3d_and_only_doors_crates_and_stairs_come_close() {
    for seed in [1, 2] {
        let params = Params::new(Kind::Building, 600).with_seed(seed);
        let text = synth::map_string(&params);
        assert_valid_3d(&text, "building.ron");
        let mut summary = synth::write_map(&params, std::io::sink()).unwrap();
        summary.bytes = 0;
        let level = read(&text, "building.ron");
        assert_eq!(
            (level.nodes.len(), level.edges.len(), level.obstacles.len()),
            (summary.nodes, summary.edges, summary.obstacles)
        );
        assert!(summary.edges.abs_diff(600) < 200, "{summary:?}");
        assert!(summary.triangles.abs_diff(600) < 12, "{summary:?}");
        let meshes = level
            .obstacles
            .iter()
            .filter(|o| matches!(o, Obstacle3::Mesh(_)));
        assert!(meshes.count() > 40);
        // Nothing crosses a wall, a slab or a crate: the floor is 0.9 below
        // every edge, the walls' faces 0.8 beside the outer lattice lines;
        // doors (0.45 to 1.0), crates (0.35 to 0.9) and the stairs (0.9
        // under a slope of 3.2 in 6: 0.794) come closer.
        let c = clearances(&level);
        assert!(
            c.iter().all(|&v| v > 0.35 - 1e-9 && v <= 0.9 + 1e-9),
            "{c:?}"
        );
        let stairs = 0.9 * 6.0 / (36.0f64 + 3.2 * 3.2).sqrt();
        assert!(c.iter().any(|&v| (v - stairs).abs() < 1e-9));
        let blocked = |r: f64| c.iter().filter(|&&v| v < r).count();
        assert!(blocked(0.3) == 0 && 0 < blocked(0.5) && blocked(0.5) < blocked(0.75));
        assert!(
            blocked(0.75) < c.len() / 2,
            "{} of {}",
            blocked(0.75),
            c.len()
        );
        assert_eq!(synth::map_string(&params), text, "same params, same bytes");
    }
}

#[test]
fn generated_terrain_loads_as_3d_with_hills_through_the_low_lattice() {
    let params = Params {
        obstacles_per_edge: 2.0,
        triangles: 2000,
        ..Params::new(Kind::Terrain, 400).with_seed(3)
    };
    let text = synth::map_string(&params);
    assert_valid_3d(&text, "terrain.ron");
    let summary = synth::write_map(&params, std::io::sink()).unwrap();
    let level = read(&text, "terrain.ron");
    assert_eq!(
        (level.nodes.len(), level.edges.len(), level.obstacles.len()),
        (summary.nodes, summary.edges, summary.obstacles)
    );
    assert_eq!(summary.triangles, 2 * 32 * 32);
    let triangles: usize = level
        .obstacles
        .iter()
        .map(|o| match o {
            Obstacle3::Mesh(m) => m.triangle_indices().len(),
            _ => 0,
        })
        .sum();
    assert_eq!(triangles, summary.triangles);
    // Hill tops cross some low edges; the top altitude (34) is clear of the
    // terrain (20 at most) and most edges keep 1.6 from every point.
    let c = clearances(&level);
    let crossing = c.iter().filter(|&&v| v == 0.0).count();
    assert!(
        crossing > 0 && crossing < c.len() / 3,
        "{crossing} of {}",
        c.len()
    );
    let top: Vec<f64> = level
        .edges
        .iter()
        .zip(&c)
        .filter(|(e, _)| level.pos(e.0).z == 34.0 && level.pos(e.1).z == 34.0)
        .map(|(_, &v)| v)
        .collect();
    assert!(!top.is_empty() && top.iter().all(|&v| v > 0.0));
    let wide = c.iter().filter(|&&v| v >= 1.6).count();
    assert!(wide > c.len() / 2, "{wide} of {}", c.len());
    assert_eq!(synth::map_string(&params), text, "same params, same bytes");
}
