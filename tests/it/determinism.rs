//! Determinism: the same input gives byte-identical output across runs and
//! across thread counts.
//!
//! A seeded level of a few thousand edges (a jittered grid with diagonals,
//! one-way edges, costs, names, and obstacles of every kind, some of them
//! duplicated so that exact ties between obstacles occur) is run through
//! every command that writes something: RON (`prune`, `bake`), JSON
//! (`check`, `clearance`, `route`, `widest`), CSV and text (`clearance`,
//! `check`) and SVG (`render -o -`), with `RAYON_NUM_THREADS` = 1, 2 and 4,
//! and once more with 4.
//! Every run's stdout, stderr and exit code must equal the first run's.

use std::fmt::Write as _;
use std::path::Path;

use crate::common::rng::SplitMix64;
use assert_cmd::Command;
use clearway::{Clearances, Map};

/// To 1/1000, so that the level's numbers are short.
fn milli(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

/// Grid side: SIDE x SIDE nodes, about 2.25 * SIDE^2 edges.
const SIDE: usize = 40;

/// A level of 1,600 nodes and about 3,500 edges, with obstacles in the cells.
fn level() -> String {
    let mut rng = SplitMix64::new(0x00c1_ea7a_0d37);
    let id = |i: usize, j: usize| i * SIDE + j;
    let mut text = String::from(
        "Map(\n  agents: [(name: \"small\", radius: 0.3), (name: \"large\", radius: 1.4)],\n  nodes: [\n",
    );
    for i in 0..SIDE {
        for j in 0..SIDE {
            let x = i as f64 * 10.0 + milli(rng.range(-2.0, 2.0));
            let y = j as f64 * 10.0 + milli(rng.range(-2.0, 2.0));
            let name = if rng.below(50) == 0 {
                format!(", name: \"n{}\"", id(i, j))
            } else {
                String::new()
            };
            let _ = writeln!(text, "    (id: {}, pos: ({x:?}, {y:?}){name}),", id(i, j));
        }
    }
    text.push_str("  ],\n  edges: [\n");
    let edge = |text: &mut String, rng: &mut SplitMix64, a: usize, b: usize| {
        let mut extra = String::new();
        if rng.below(20) == 0 {
            extra.push_str(", one_way: true");
        }
        if rng.below(10) == 0 {
            let _ = write!(extra, ", cost: {:?}", milli(rng.range(5.0, 40.0)));
        }
        let _ = writeln!(text, "    (from: {a}, to: {b}{extra}),");
    };
    for i in 0..SIDE {
        for j in 0..SIDE {
            if i + 1 < SIDE {
                edge(&mut text, &mut rng, id(i, j), id(i + 1, j));
            }
            if j + 1 < SIDE {
                edge(&mut text, &mut rng, id(i, j), id(i, j + 1));
            }
            if i + 1 < SIDE && j + 1 < SIDE && rng.below(4) == 0 {
                edge(&mut text, &mut rng, id(i, j), id(i + 1, j + 1));
            }
        }
    }
    text.push_str("  ],\n  obstacles: [\n");
    for i in 0..SIDE - 1 {
        for j in 0..SIDE - 1 {
            if rng.below(3) != 0 {
                continue;
            }
            let cx = i as f64 * 10.0 + 5.0 + milli(rng.range(-1.5, 1.5));
            let cy = j as f64 * 10.0 + 5.0 + milli(rng.range(-1.5, 1.5));
            let p = |dx: f64, dy: f64| format!("({:?}, {:?})", cx + dx, cy + dy);
            let obstacle = match rng.below(4) {
                0 => format!("Point({})", p(0.0, 0.0)),
                1 => format!(
                    "Circle(center: {}, radius: {:?})",
                    p(0.0, 0.0),
                    milli(rng.range(0.2, 2.5))
                ),
                2 => {
                    let (dx, dy) = (milli(rng.range(-2.0, 2.0)), milli(rng.range(-2.0, 2.0)));
                    format!("Segment(from: {}, to: {})", p(-dx, -dy), p(dx, dy))
                }
                _ => {
                    let r = milli(rng.range(0.5, 2.0));
                    format!(
                        "Polygon([{}, {}, {}, {}])",
                        p(-r, -r),
                        p(r, -r),
                        p(0.0, 0.0),
                        p(-r, r)
                    )
                }
            };
            let _ = writeln!(text, "    {obstacle},");
            // Now and then the same obstacle twice: exact ties, which the
            // lowest index must win whatever thread measured it.
            if rng.below(8) == 0 {
                let _ = writeln!(text, "    {obstacle},");
            }
        }
    }
    text.push_str("  ],\n)\n");
    text
}

/// Runs the binary with `threads` rayon threads; returns (exit code, stdout, stderr).
fn run(dir: &Path, args: &[&str], threads: &str) -> (Option<i32>, Vec<u8>, Vec<u8>) {
    let output = Command::cargo_bin("clearway")
        .expect("built")
        .args(args)
        .current_dir(dir)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .expect("runs");
    (output.status.code(), output.stdout, output.stderr)
}

#[test]
fn the_level_is_a_few_thousand_edges() {
    let map = Map::loader()
        .read_str(&level(), "determinism.ron")
        .expect("the level loads");
    assert!(map.edges().len() > 3_000, "{} edges", map.edges().len());
    assert!(map.obstacles().len() > 400, "{}", map.obstacles().len());
    let clearances = Clearances::compute(&map);
    // Some edges are blocked for the large agent, most are not.
    let blocked = clearances.blocked_edges(1.4).count();
    assert!(blocked > 10 && blocked < map.edges().len() / 2, "{blocked}");
}

#[test]
fn every_output_is_byte_identical_across_runs_and_thread_counts() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("level.ron"), level()).expect("write level");
    let last = (SIDE * SIDE - 1).to_string();
    let commands: Vec<Vec<&str>> = vec![
        vec!["check", "level.ron", "--format", "json"],
        vec!["check", "level.ron", "--radius", "0.3", "--format", "json"],
        vec!["check", "level.ron"],
        vec!["clearance", "level.ron", "--format", "json"],
        vec!["clearance", "level.ron", "--format", "csv"],
        vec!["clearance", "level.ron"],
        vec!["prune", "level.ron", "--agent", "large", "-o", "-"],
        vec!["bake", "level.ron", "-o", "-"],
        vec![
            "link",
            "level.ron",
            "--max-length",
            "15",
            "--agent",
            "small",
            "-o",
            "-",
        ],
        vec![
            "link",
            "level.ron",
            "--max-length",
            "25",
            "--radius",
            "0.5",
            "--max-links",
            "3",
            "--format",
            "json",
            "-o",
            "linked.ron",
        ],
        vec![
            "route",
            "level.ron",
            "--from",
            "0",
            "--to",
            &last,
            "--radius",
            "0.3",
            "--format",
            "json",
        ],
        vec![
            "route",
            "level.ron",
            "--from",
            "0",
            "--to",
            &last,
            "--radius",
            "1.4",
            "--format",
            "json",
        ],
        vec![
            "widest",
            "level.ron",
            "--from",
            "0",
            "--to",
            &last,
            "--format",
            "json",
        ],
        vec!["render", "level.ron", "-o", "-"],
        vec![
            "render",
            "level.ron",
            "--agent",
            "large",
            "--route",
            "0",
            &last,
            "-o",
            "-",
        ],
    ];
    for args in &commands {
        let first = run(dir.path(), args, "1");
        assert!(
            matches!(first.0, Some(0 | 1)),
            "{args:?}: exit {:?}: {}",
            first.0,
            String::from_utf8_lossy(&first.2)
        );
        assert!(first.1.len() > 100, "{args:?}: little output");
        for threads in ["2", "4", "4"] {
            let again = run(dir.path(), args, threads);
            assert_eq!(
                again.0, first.0,
                "{args:?}: exit code with {threads} threads"
            );
            assert!(
                again.1 == first.1,
                "{args:?}: stdout differs with {threads} threads"
            );
            assert!(
                again.2 == first.2,
                "{args:?}: stderr differs with {threads} threads"
            );
        }
    }
    // Written files too: `bake -o FILE` gives the bytes `-o -` printed.
    let printed = run(dir.path(), &["bake", "level.ron", "-o", "-"], "3").1;
    for threads in ["1", "4"] {
        let out = format!("baked-{threads}.ron");
        let (code, _, stderr) = run(dir.path(), &["bake", "level.ron", "-o", &out], threads);
        assert_eq!(code, Some(0), "{}", String::from_utf8_lossy(&stderr));
        let written = std::fs::read(dir.path().join(&out)).expect("written");
        assert!(written == printed, "bake -o {out} differs from bake -o -");
    }
}

/// The library gives bit-identical clearances and RON in rayon pools of 1, 2
/// and 4 threads.
#[test]
fn library_results_do_not_depend_on_the_pool() {
    let map = Map::loader()
        .read_str(&level(), "determinism.ron")
        .expect("the level loads");
    let in_pool = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("pool");
        pool.install(|| {
            let c = Clearances::compute(&map);
            (
                format!("{c:?}"),
                map.baked(&c).to_ron_string(),
                map.pruned(&c, 1.4).to_ron_string(),
            )
        })
    };
    let one = in_pool(1);
    for threads in [2, 4] {
        let other = in_pool(threads);
        assert!(other.0 == one.0, "clearances differ with {threads} threads");
        assert!(other.1 == one.1, "baked RON differs with {threads} threads");
        assert!(
            other.2 == one.2,
            "pruned RON differs with {threads} threads"
        );
    }
    // And the brute-force twin, single-threaded, agrees with them.
    let brute = Clearances::compute_brute_force(&map);
    assert!(format!("{brute:?}") == one.0, "brute force differs");
}
