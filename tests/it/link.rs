//! `clearway link` and `clearway::link`: the R-tree search against its
//! brute-force twin (every pair of nodes, every obstacle) on random levels,
//! and the command end to end: the text it writes, its report, exit codes,
//! nothing written on bad input, idempotence.

use crate::common::cli::{RunExt, clearway, stderr, stdout};
use crate::common::files::files_in;

use std::collections::HashMap;

use crate::common::random_map::{RandomMap, random_map};
use clearway::Dimension;
use clearway::admits;
use clearway::geometry::Segment;
use clearway::link::{LinkRule, links};
use clearway::map::Level;
use clearway::{Clearances, EdgeIdx, Map, NodeIdx};
use clearway_format::{EdgeAppend, append_edges};
use proptest::prelude::*;
use serde_json::{Value, json};

/// The links of `rule`, found the slow way: every ordered pair of nodes,
/// the exact distance test, every obstacle measured directly (no index), in
/// the level's own dimension. As (from id, to id).
fn brute_force<D: Dimension>(map: &Map<D>, rule: &LinkRule) -> Vec<(u64, u64)> {
    let nodes = map.nodes();
    let joined = |a: usize, b: usize| {
        map.edges().iter().any(|e| {
            (e.from, e.to) == (NodeIdx::new(a), NodeIdx::new(b))
                || (e.from, e.to) == (NodeIdx::new(b), NodeIdx::new(a))
        })
    };
    let mut candidates: Vec<(f64, u64, u64)> = Vec::new();
    for a in 0..nodes.len() {
        for b in 0..nodes.len() {
            if a == b || nodes[a].id > nodes[b].id || joined(a, b) {
                continue;
            }
            let length = D::distance(nodes[a].pos, nodes[b].pos);
            let near_enough = length <= rule.max_length;
            if !near_enough {
                continue;
            }
            let segment = Segment::new(nodes[a].pos, nodes[b].pos);
            let clearance = map
                .obstacles()
                .iter()
                .map(|o| D::separation(o, segment).distance)
                .fold(f64::INFINITY, f64::min);
            if admits(clearance, rule.agent_radius, map.slack()) {
                candidates.push((length, nodes[a].id, nodes[b].id));
            }
        }
    }
    let mut kept: Vec<(u64, u64)> = match rule.max_links {
        None => candidates.iter().map(|&(_, a, b)| (a, b)).collect(),
        Some(k) => {
            // Take the least remaining candidate again and again.
            let mut count: HashMap<u64, usize> = HashMap::new();
            let mut kept = Vec::new();
            while !candidates.is_empty() {
                let mut best = 0;
                for i in 1..candidates.len() {
                    let (l, a, b) = candidates[i];
                    let (bl, ba, bb) = candidates[best];
                    if l < bl || (l == bl && (a, b) < (ba, bb)) {
                        best = i;
                    }
                }
                let (_, a, b) = candidates.remove(best);
                if count.get(&a).copied().unwrap_or(0) < k
                    && count.get(&b).copied().unwrap_or(0) < k
                {
                    *count.entry(a).or_default() += 1;
                    *count.entry(b).or_default() += 1;
                    kept.push((a, b));
                }
            }
            kept
        }
    };
    kept.sort();
    kept
}

fn ids<D: Dimension>(map: &Map<D>, found: &[clearway::link::Link]) -> Vec<(u64, u64)> {
    found
        .iter()
        .map(|l| (map.nodes()[l.from].id, map.nodes()[l.to].id))
        .collect()
}

/// `text`, the file `map` was loaded from, with `found` appended to its
/// edges as `clearway link` appends them (`None`: not editable).
fn linked_text<D: Dimension>(
    map: &Map<D>,
    text: &str,
    found: &[clearway::link::Link],
) -> Option<String> {
    let added: Vec<EdgeAppend> = ids(map, found)
        .into_iter()
        .map(|(from, to)| EdgeAppend { from, to })
        .collect();
    append_edges(text, map.edges().len(), &added)
}

/// `text` with every node id `n` (after `id: `, `from: `, `to: `) written
/// as `1000 - n`, so that the order of ids is the reverse of file order.
fn reverse_ids(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = ["id: ", "from: ", "to: "]
        .iter()
        .filter_map(|p| rest.find(p).map(|i| (i, p.len())))
        .min()
    {
        let (i, len) = at;
        out.push_str(&rest[..i + len]);
        rest = &rest[i + len..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            let n: u64 = rest[..digits].parse().unwrap();
            out.push_str(&(1000 - n).to_string());
            rest = &rest[digits..];
        }
    }
    out.push_str(rest);
    out
}

/// A random level, some of its nodes repeated at the same position (links
/// of length 0), its ids in file order or reversed.
fn level() -> impl Strategy<Value = String> {
    (
        random_map(14, 8),
        prop::collection::vec(any::<prop::sample::Index>(), 0..3),
        any::<bool>(),
    )
        .prop_map(|(map, twins, reversed)| {
            let mut nodes = map.nodes.clone();
            for t in twins {
                nodes.push(map.nodes[t.index(map.nodes.len())]);
            }
            let text = RandomMap { nodes, ..map }.to_ron();
            if reversed { reverse_ids(&text) } else { text }
        })
}

fn rule() -> impl Strategy<Value = LinkRule> {
    (
        prop_oneof![
            Just(0.0),
            Just(5.0),
            Just(5f64.hypot(5.0)),
            Just(10.0),
            Just(25.0),
            Just(f64::INFINITY),
            0.0..40.0f64
        ],
        prop_oneof![Just(0.0), Just(0.5), Just(2.0), 0.0..5.0f64],
        prop::option::of(1usize..4),
    )
        .prop_map(|(max_length, agent_radius, max_links)| LinkRule {
            max_length,
            agent_radius,
            max_links,
        })
}

proptest! {
    #![proptest_config(clearway_test_support::proptest_config::config(300))]

    /// On random 3D levels the links are their brute-force twin's, with 3D
    /// lengths; every link admits the radius as `check` measures it in the
    /// linked level; linking again adds nothing; the edited text loads back
    /// with the new edges.
    #[test]
    fn links_in_3d_equal_their_brute_force_twin(text in level3d(), rule in rule()) {
        let level = Level::loader().read_str(&text, "random3d.ron");
        prop_assume!(level.is_ok(), "{:?}", level.err());
        let Ok(Level::Space(map)) = level else {
            return Err(TestCaseError::fail(format!("not a 3D level: {text}")));
        };
        let found = links(&map, &rule);
        prop_assert_eq!(ids(&map, &found), brute_force(&map, &rule), "{}", text);
        let linked = map.linked(&found);
        let clearances = Clearances::compute(&linked);
        for (k, l) in found.iter().enumerate() {
            prop_assert_eq!(l.length, map.nodes()[l.from].pos.distance_to(map.nodes()[l.to].pos));
            let edge = EdgeIdx::new(map.edges().len() + k);
            prop_assert!(clearances.edge(edge).admits(rule.agent_radius, clearances.slack()), "{:?}: {}", l, text);
        }
        if rule.max_links.is_none() {
            prop_assert_eq!(links(&linked, &rule), vec![]);
        }
        let edited = linked_text(&map, &text, &found).expect("the random level's text is editable");
        let Ok(Level::Space(reloaded)) = Level::loader().read_str(&edited, "linked.ron") else {
            return Err(TestCaseError::fail(format!("the linked text: {edited}")));
        };
        prop_assert_eq!(reloaded.edges(), linked.edges());
    }

    #[test]
    fn links_equal_their_brute_force_twin(text in level(), rule in rule()) {
        let map = Map::loader().read_str(&text, "random.ron").unwrap();
        let found = links(&map, &rule);
        prop_assert_eq!(ids(&map, &found), brute_force(&map, &rule), "{}", text);
        for l in &found {
            prop_assert_eq!(l.length, map.nodes()[l.from].pos.distance_to(map.nodes()[l.to].pos));
        }
    }

    /// What `--max-links` promises, stated without the greedy order: a
    /// candidate is left out exactly when one of its nodes already has K
    /// links, all nearer than it (or as near, with smaller ids).
    #[test]
    fn max_links_keeps_the_nearest_links_of_every_node(text in level(), rule in rule()) {
        let map = Map::loader().read_str(&text, "random.ron").unwrap();
        let Some(k) = rule.max_links else { return Ok(()); };
        let all = links(&map, &LinkRule { max_links: None, ..rule });
        let kept = links(&map, &rule);
        let id = |i: usize| map.nodes()[i].id;
        let key = |l: &clearway::link::Link| (l.length, id(l.from.get()), id(l.to.get()));
        let before = |a: &clearway::link::Link, b: &clearway::link::Link| {
            let (ka, kb) = (key(a), key(b));
            ka.0 < kb.0 || (ka.0 == kb.0 && (ka.1, ka.2) < (kb.1, kb.2))
        };
        for node in 0..map.nodes().len() {
            let count = kept.iter().filter(|l| l.from == NodeIdx::new(node) || l.to == NodeIdx::new(node)).count();
            prop_assert!(count <= k);
        }
        for c in &all {
            let is_kept = kept.contains(c);
            let full = |node: usize| {
                let mine: Vec<_> = kept.iter().filter(|l| l.from == NodeIdx::new(node) || l.to == NodeIdx::new(node)).collect();
                mine.len() == k && mine.iter().all(|l| before(l, c))
            };
            prop_assert_eq!(is_kept, !(full(c.from.get()) || full(c.to.get())), "{:?}", c);
        }
    }

    /// Every link admits the radius in the linked map, as `check` measures
    /// it; a link of length 0 has its node's clearance. Linking again adds
    /// nothing (without `max_links`, which counts one run's links only).
    #[test]
    fn the_linked_map_admits_every_link_and_links_to_nothing_more(text in level(), rule in rule()) {
        let map = Map::loader().read_str(&text, "random.ron").unwrap();
        let found = links(&map, &rule);
        let linked = map.linked(&found);
        prop_assert_eq!(linked.edges().len(), map.edges().len() + found.len());
        let clearances = Clearances::compute(&linked);
        for (k, l) in found.iter().enumerate() {
            let edge = EdgeIdx::new(map.edges().len() + k);
            let c = clearances.edge(edge);
            prop_assert!(clearances.edge(edge).admits(rule.agent_radius, clearances.slack()));
            if l.length == 0.0 {
                prop_assert_eq!(c.value, clearances.node(l.from).value);
            }
        }
        if rule.max_links.is_none() {
            prop_assert_eq!(links(&linked, &rule), vec![]);
        }
        let text = linked_text(&map, &text, &found).expect("the random level's text is editable");
        let reloaded = Map::loader().read_str(&text, "linked.ron").unwrap();
        prop_assert_eq!(reloaded.edges(), linked.edges());
    }
}

/// A position of a random 3D level: halves from 0 to 10 across, 0 to 4 up.
fn position3() -> impl Strategy<Value = String> {
    (0..21u32, 0..21u32, 0..9u32).prop_map(|(x, y, z)| {
        format!(
            "({}, {}, {})",
            f64::from(x) / 2.0,
            f64::from(y) / 2.0,
            f64::from(z) / 2.0
        )
    })
}

/// A random 3D obstacle of every kind but a mesh (an OBJ's meshes go
/// through the same index: `cli_3d` and the clearance twins test them).
fn obstacle3() -> impl Strategy<Value = String> {
    prop_oneof![
        position3().prop_map(|p| format!("Point({p})")),
        (position3(), 1..8u32)
            .prop_map(|(c, r)| format!("Sphere(center: {c}, radius: {})", f64::from(r) / 4.0)),
        (position3(), position3()).prop_map(|(a, b)| format!("Segment(from: {a}, to: {b})")),
        (position3(), position3(), position3())
            .prop_map(|(a, b, c)| format!("Triangle([{a}, {b}, {c}])")),
        ((0..18u32, 0..18u32, 0..7u32), (1..4u32, 1..4u32, 1..3u32)).prop_map(
            |((x, y, z), (w, d, h))| {
                format!(
                    "Box(min: ({x}, {y}, {z}), max: ({}, {}, {}))",
                    x + w,
                    y + d,
                    z + h
                )
            }
        ),
    ]
}

/// A random 3D level: 1 to 11 nodes (some at the same position, when the
/// draw repeats one), a few edges, up to 6 obstacles; ids in file order or
/// reversed.
fn level3d() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(position3(), 1..12),
        prop::collection::vec(
            (any::<prop::sample::Index>(), any::<prop::sample::Index>()),
            0..5,
        ),
        prop::collection::vec(obstacle3(), 0..6),
        any::<bool>(),
    )
        .prop_map(|(positions, edges, obstacles, reversed)| {
            let id = |i: usize| if reversed { 100 - i } else { i };
            let nodes: Vec<String> = positions
                .iter()
                .enumerate()
                .map(|(i, p)| format!("(id: {}, pos: {p})", id(i)))
                .collect();
            let edges: Vec<String> = edges
                .iter()
                .filter(|_| !positions.is_empty())
                .map(|(a, b)| (a.index(positions.len()), b.index(positions.len())))
                .filter(|(a, b)| a != b)
                .map(|(a, b)| format!("(from: {}, to: {})", id(a), id(b)))
                .collect();
            format!(
                "(\n    nodes: [{}],\n    edges: [{}],\n    obstacles: [{}],\n)\n",
                nodes.join(", "),
                edges.join(", "),
                obstacles.join(", ")
            )
        })
}

#[test]
fn nodes_exactly_max_length_apart_are_linked_and_a_hair_more_are_not() {
    let map = Map::loader()
        .read_str(
            "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (3, 4)), (id: 2, pos: (3, 4))])",
            "exact.ron",
        )
        .unwrap();
    let rule = |max_length| LinkRule {
        max_length,
        agent_radius: 0.0,
        max_links: None,
    };
    assert_eq!(
        ids(&map, &links(&map, &rule(5.0))),
        [(0, 1), (0, 2), (1, 2)]
    );
    assert_eq!(ids(&map, &links(&map, &rule(5f64.next_down()))), [(1, 2)]);
    assert_eq!(ids(&map, &links(&map, &rule(0.0))), [(1, 2)]);
    assert_eq!(ids(&map, &links(&map, &rule(-1.0))), []);
    assert_eq!(ids(&map, &links(&map, &rule(f64::NAN))), []);
}

/// A yard of four posts and a far node, one rock:
///
/// ```text
///                          3 (8,3)
///              rock (6,1)  |
///   0 (0,0) --> 1 (4,0)    2 (8,0)         9 (30,30)
/// ```
///
/// Within 5: 0-1 (4, already joined, one way), 1-2 (4), 2-3 (3) and 1-3
/// (exactly 5). Their clearances from the rock: 1-2 runs along y = 0, 1
/// below it; 2-3 runs along x = 8, 2 right of it; 1-3 lies on 3x - 4y = 12,
/// |18 - 4 - 12| / 5 = 0.4 from it.
const YARD: &str = "// The yard: posts, a rock.
Map(
    agents: [(name: \"rat\", radius: 0.2), (name: \"cart\", radius: 1.0)],
    nodes: [
        (id: 0, pos: (0, 0)),
        (id: 1, pos: (4, 0)),
        (id: 2, pos: (8, 0)),
        (id: 3, pos: (8, 3)),
        (id: 9, pos: (30, 30), name: \"far\"),
    ],
    edges: [
        (from: 1, to: 0, one_way: true), // joined, one way
    ],
    obstacles: [Point((6, 1))], // the rock
)
";

fn yard() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("yard.ron");
    std::fs::write(&path, YARD).expect("write map");
    (dir, path)
}

fn yard_with(lines: &str) -> String {
    YARD.replace(
        "// joined, one way\n",
        &format!("// joined, one way\n{lines}"),
    )
}

#[test]
fn link_appends_the_new_edges_in_the_maps_own_text() {
    let (dir, map) = yard();
    let out = dir.path().join("linked.ron");
    clearway()
        .arg("link")
        .arg(&map)
        .args(["--max-length", "5", "--agent", "rat", "-o"])
        .arg(&out)
        .run()
        .exit(0)
        .stdout_is("")
        .stderr_is(
            "added 3 links for rat (radius 0.2) (nodes at most 5 apart): 1 edge before, 4 after; \
         connected components: 4 before, 2 after\n",
        );
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        written,
        yard_with(
            "        (from: 1, to: 2),\n        (from: 1, to: 3),\n        (from: 2, to: 3),\n"
        )
    );
    assert_eq!(std::fs::read_to_string(&map).unwrap(), YARD);
    // The result loads and passes a check at the radius it was linked for.
    clearway()
        .arg("check")
        .arg(&out)
        .args(["--agent", "rat"])
        .assert()
        .code(0);
    // Linking the result again adds nothing and changes no byte.
    let again = dir.path().join("again.ron");
    clearway()
        .arg("link")
        .arg(&out)
        .args(["--max-length", "5", "--agent", "rat", "-o"])
        .arg(&again)
        .run()
        .exit(0)
        .stderr_starts_with("added 0 links");
    assert_eq!(std::fs::read_to_string(&again).unwrap(), written);
}

#[test]
fn link_radius_length_and_max_links_choose_the_links() {
    let (_dir, map) = yard();
    let linked = |args: &[&str]| {
        let run = clearway()
            .arg("link")
            .arg(&map)
            .args(args)
            .args(["-o", "-"])
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(0), "{args:?}");
        stdout(&run)
    };
    // The cart (radius 1) fits 1-2 (clearance exactly 1) but not 1-3 (0.4).
    assert_eq!(
        linked(&["--max-length", "5", "--agent", "cart"]),
        yard_with("        (from: 1, to: 2),\n        (from: 2, to: 3),\n")
    );
    // 1-3 is exactly 5 long: a hair less leaves it out.
    assert_eq!(
        linked(&["--max-length", "4.99", "--radius", "0.2"]),
        yard_with("        (from: 1, to: 2),\n        (from: 2, to: 3),\n")
    );
    // One link per node, nearest first: 2-3 (3) fills nodes 2 and 3.
    assert_eq!(
        linked(&["--max-length", "5", "--radius", "0.2", "--max-links", "1"]),
        yard_with("        (from: 2, to: 3),\n")
    );
    assert_eq!(linked(&["--max-length", "2", "--radius", "0.2"]), YARD);
}

#[test]
fn link_json_summary() {
    let (dir, map) = yard();
    let run = clearway()
        .arg("link")
        .arg(&map)
        .args(["--max-length", "5", "--radius", "0.2", "--max-links", "2"])
        .args(["--format", "json", "-o"])
        .arg(dir.path().join("out.ron"))
        .run()
        .exit(0)
        .stderr_is("");
    let summary: Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(
        summary,
        json!({
            "agent": null,
            "radius": 0.2,
            "max_length": 5.0,
            "max_links": 2,
            "edges": 1,
            "links": [
                {"edge": 1, "from": 1, "to": 2, "length": 4.0},
                {"edge": 2, "from": 1, "to": 3, "length": 5.0},
                {"edge": 3, "from": 2, "to": 3, "length": 3.0},
            ],
            "components_before": 4,
            "components_after": 2,
        })
    );
}

#[test]
fn link_in_place_replaces_the_map_and_only_then() {
    let (dir, map) = yard();
    clearway()
        .arg("link")
        .arg(&map)
        .args(["--max-length", "5", "--agent", "cart", "-o"])
        .arg(&map)
        .run()
        .exit(2)
        .stderr_has("--in-place");
    assert_eq!(std::fs::read_to_string(&map).unwrap(), YARD);
    clearway()
        .arg("link")
        .arg(&map)
        .args(["--max-length", "5", "--agent", "cart", "--in-place", "-q"])
        .assert()
        .code(0)
        .stderr("");
    assert_eq!(
        std::fs::read_to_string(&map).unwrap(),
        yard_with("        (from: 1, to: 2),\n        (from: 2, to: 3),\n")
    );
    assert_eq!(files_in(dir.path()), ["yard.ron"]);
}

#[test]
fn link_bad_input_exits_2_and_writes_nothing() {
    let (dir, map) = yard();
    let out = dir.path().join("out.ron");
    let cases: [(&[&str], &str); 12] = [
        (
            &["--max-length", "-1", "--radius", "1"],
            "finite length >= 0",
        ),
        (
            &["--max-length", "nan", "--radius", "1"],
            "finite length >= 0",
        ),
        (
            &["--max-length", "inf", "--radius", "1"],
            "finite length >= 0",
        ),
        (&["--max-length", "far", "--radius", "1"], "not a number"),
        (&["--radius", "1"], "--max-length"),
        (&["--max-length", "5"], "--radius R or --agent NAME"),
        (
            &["--max-length", "5", "--agent", "tank"],
            "no agent named `tank`",
        ),
        (&["--max-length", "5", "--radius", "-1"], "negative"),
        (
            &["--max-length", "5", "--radius", "1", "--max-links", "0"],
            ">= 1",
        ),
        (
            &["--max-length", "5", "--radius", "1", "--max-links", "-2"],
            ">= 1",
        ),
        (
            &["--max-length", "5", "--radius", "1", "--max-links", "1.5"],
            "whole number",
        ),
        (
            &["--max-length", "5", "--radius", "1", "--radius", "2"],
            "--radius",
        ),
    ];
    for (args, message) in cases {
        let run = clearway()
            .arg("link")
            .arg(&map)
            .args(args)
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        let stderr = stderr(&run);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(files_in(dir.path()), ["yard.ron"], "{args:?}");
    }
    // JSON needs standard output to itself.
    clearway()
        .arg("link")
        .arg(&map)
        .args([
            "--max-length",
            "5",
            "--radius",
            "1",
            "--format",
            "json",
            "-o",
            "-",
        ])
        .assert()
        .code(2)
        .stdout("");
    // A map that does not load: located, nothing written.
    let broken = dir.path().join("broken.ron");
    std::fs::write(
        &broken,
        "(nodes: [(id: 0, pos: (0, 0)), (id: 0, pos: (1, 0))])",
    )
    .unwrap();
    clearway()
        .arg("link")
        .arg(&broken)
        .args(["--max-length", "5", "--radius", "1", "-o"])
        .arg(&out)
        .run()
        .exit(2)
        .stderr_has("broken.ron:1:");
    assert_eq!(files_in(dir.path()), ["broken.ron", "yard.ron"]);
}

#[test]
fn link_builds_a_network_for_a_map_of_nodes_only() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("posts.ron");
    let text = "// Posts only: clearway draws the edges.\n(\n    nodes: [\n        (id: 0, pos: (0, 0)),\n        (id: 1, pos: (2, 0)),\n        (id: 2, pos: (2, 2)),\n    ],\n    obstacles: [Circle(center: (0.9, 1.1), radius: 0.5)],\n)\n";
    std::fs::write(&map, text).unwrap();
    // 0-2 (length 2.83) passes 0.14 from the circle's edge, too close.
    clearway()
        .arg("link")
        .arg(&map)
        .args(["--max-length", "3", "--radius", "0.25", "-o", "-"])
        .assert()
        .code(0)
        .stdout(text.replace(
            "    obstacles: [Circle(center: (0.9, 1.1), radius: 0.5)],\n",
            "    obstacles: [Circle(center: (0.9, 1.1), radius: 0.5)],\n    edges: [\n        (from: 0, to: 1),\n        (from: 1, to: 2),\n    ],\n",
        ))
        .stderr(
            "added 2 links for radius 0.25 (nodes at most 3 apart): 0 edges before, 2 after; \
             connected components: 3 before, 1 after\n",
        );
}

#[test]
fn a_map_that_cannot_be_edited_is_written_anew_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("attr.ron");
    std::fs::write(
        &map,
        "#![enable(implicit_some)]\n// a comment\n(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))])\n",
    )
    .unwrap();
    let run = clearway()
        .arg("link")
        .arg(&map)
        .args(["--max-length", "1", "--radius", "0", "-o", "-"])
        .run()
        .exit(0)
        .stderr_has("without its comments");
    let linked = Map::loader().read_str(&stdout(&run), "out.ron").unwrap();
    assert_eq!(linked.edges().len(), 1);
    assert!(!linked.edges()[0].one_way);
}

/// `link` on a 3D level: lengths and clearances in 3D, obstacles from an
/// OBJ file (`--obstacles`) counted but not written into the level.
#[test]
fn link_works_on_3d_levels_and_their_obj_obstacles() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("ball.ron");
    // A ball of radius 1 hangs at (0, 1.5, 2) beside three nodes in the
    // plane y = 0:
    // - 1-2, (0, 0, 0) to (0, 0, 4), length 4, passes 1.5 - 1 = 0.5 from it;
    // - 1-3, (0, 0, 0) to (3, 0, 4), length 5: its point nearest the centre
    //   is (0.96, 0, 1.28), 1.2 from (0, 0, 2), so it passes
    //   hypot(1.5, 1.2) - 1 = 0.92 from the ball;
    // - 2-3, (0, 0, 4) to (3, 0, 4), length 3, passes hypot(1.5, 2) - 1 = 1.5.
    let text = "// A ball over three posts.\n(\n    nodes: [\n        (id: 1, pos: (0, 0, 0)),\n        (id: 2, pos: (0, 0, 4)),\n        (id: 3, pos: (3, 0, 4)),\n    ],\n    obstacles: [Sphere(center: (0, 1.5, 2), radius: 1)],\n)\n";
    std::fs::write(&map, text).unwrap();
    let with_edges = |edges: &str| {
        text.replace(
            "radius: 1)],\n",
            &format!("radius: 1)],\n    edges: [\n{edges}    ],\n"),
        )
    };
    // Radius 1 admits 2-3 only; 0.5 admits all three (1-2 exactly).
    clearway()
        .arg("link")
        .arg(&map)
        .args(["--max-length", "5", "--radius", "1", "-o", "-"])
        .assert()
        .code(0)
        .stdout(with_edges("        (from: 2, to: 3),\n"))
        .stderr(
            "added 1 link for radius 1 (nodes at most 5 apart): 0 edges before, 1 after; \
             connected components: 3 before, 2 after\n",
        );
    clearway()
        .arg("link")
        .arg(&map)
        .args(["--max-length", "5", "--radius", "0.5", "-o", "-"])
        .assert()
        .code(0)
        .stdout(with_edges(
            "        (from: 1, to: 2),\n        (from: 1, to: 3),\n        (from: 2, to: 3),\n",
        ));
    // A 4.9 limit leaves out 1-3 (length 5); JSON gives the 3D lengths.
    let run = clearway()
        .arg("link")
        .arg(&map)
        .args(["--max-length", "4.9", "--radius", "0.5", "-o"])
        .arg(dir.path().join("linked.ron"))
        .args(["--format", "json"])
        .run()
        .exit(0);
    let json: Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(
        json["links"],
        json!([
            {"edge": 0, "from": 1, "to": 2, "length": 4.0},
            {"edge": 1, "from": 2, "to": 3, "length": 3.0},
        ])
    );
    // A wall in the plane x = 1.5 (an OBJ triangle over y -5..5, z 0..10)
    // cuts 1-3 at (1.5, 0, 2) and 2-3 at (1.5, 0, 4): clearance 0. 1-2 is
    // 1.5 from it and still 0.5 from the ball.
    let obj = dir.path().join("wall.obj");
    std::fs::write(&obj, "o wall\nv 1.5 -5 0\nv 1.5 5 0\nv 1.5 0 10\nf 1 2 3\n").unwrap();
    clearway()
        .arg("link")
        .arg(&map)
        .arg("--obstacles")
        .arg(&obj)
        .args(["--max-length", "5", "--radius", "0.5", "-o", "-"])
        .assert()
        .code(0)
        .stdout(with_edges("        (from: 1, to: 2),\n"));
}
