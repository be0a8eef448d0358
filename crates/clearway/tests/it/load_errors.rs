//! Every class of bad map input gets a located, readable error (never a
//! panic), and the good inputs the format allows all load.
//!
//! Each error test pins the kind, the message and the exact line:column,
//! counted by hand from the input (1-based, columns in chars).

use clearway::map::{LoadError, LoadErrorKind};
use clearway::{Map, NodeIdx};

fn load_err(text: &str) -> LoadError {
    match Map::loader().read_str(text, "maps/x.ron") {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(e) => e,
    }
}

fn load_ok(text: &str) -> Map {
    match Map::loader().read_str(text, "maps/x.ron") {
        Ok(map) => map,
        Err(e) => panic!("expected the map to load, got:\n{e}"),
    }
}

fn at(err: &LoadError) -> Option<(usize, usize)> {
    err.location().map(|l| (l.line, l.column))
}

/// Asserts kind, headline and location in one go.
#[track_caller]
fn check(err: &LoadError, kind: LoadErrorKind, message: &str, line: usize, column: usize) {
    assert_eq!(err.kind(), kind, "{err}");
    assert_eq!(err.message(), message, "{err}");
    assert_eq!(at(err), Some((line, column)), "{err}");
    let rendered = err.to_string();
    assert!(
        rendered.starts_with(&format!("error: {message}\n")),
        "{rendered}"
    );
    assert!(
        rendered.contains(&format!("--> maps/x.ron:{line}:{column}\n")),
        "{rendered}"
    );
}

/// Two nodes and an edge: a base the error cases below extend.
fn with_obstacles(obstacles: &str) -> String {
    format!(
        "Map(\n    nodes: [(id: 0, pos: (0.0, 0.0)), (id: 1, pos: (1.0, 0.0))],\n    obstacles: [\n{obstacles}\n    ],\n)\n"
    )
}

// ---------------------------------------------------------------- syntax

#[test]
fn truncated_file_is_a_syntax_error_at_the_end() {
    let text = "Map(\n    nodes: [\n        (id: 0, pos: (0.0, 0.0)),\n";
    let err = load_err(text);
    assert_eq!(err.kind(), LoadErrorKind::Syntax);
    assert!(err.message().starts_with("unexpected end of file"), "{err}");
    assert_eq!(at(&err), Some((4, 1)));
    assert!(err.to_string().contains("the file ends here"), "{err}");
}

#[test]
fn wrong_type_is_located_at_the_value() {
    let text = "Map(\n    nodes: [\n        (id: 0, pos: (0.0, \"up\")),\n    ],\n)";
    //                                       col 28 ^
    check(
        &load_err(text),
        LoadErrorKind::WrongType,
        "expected a number",
        3,
        28,
    );
}

#[test]
fn unknown_top_level_field() {
    let text = "Map(\n    nodes: [],\n    zones: [],\n)";
    check(
        &load_err(text),
        LoadErrorKind::UnknownField,
        "unknown field `zones` in `Map`, expected one of `agents`, `nodes`, `edges`, `obstacles`",
        3,
        5,
    );
}

#[test]
fn unknown_field_in_a_node() {
    let text = "(\n  nodes: [\n    (id: 0, pos: (0, 0), label: \"a\"),\n  ],\n)";
    check(
        &load_err(text),
        LoadErrorKind::UnknownField,
        "unknown field `label` in `Node`, expected one of `id`, `pos`, `name`",
        3,
        26,
    );
}

#[test]
fn unknown_field_in_an_obstacle() {
    let text = with_obstacles("        Circle(center: (0.0, 5.0), radius: 1.0, height: 2.0),");
    check(
        &load_err(&text),
        LoadErrorKind::UnknownField,
        "unknown field `height` in `Circle`, expected `center` or `radius`",
        4,
        49,
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let deep = format!("Map(nodes: {}{})", "[".repeat(100_000), "]".repeat(100_000));
    check(
        &load_err(&deep),
        LoadErrorKind::WrongType,
        "expected a `Node` (written `(..)` or `Node(..)`)",
        1,
        13,
    );
    let deep_parens = format!("Map(nodes: [{}", "(".repeat(100_000));
    assert_eq!(load_err(&deep_parens).kind(), LoadErrorKind::Syntax);
    let deep_some = format!(
        "(nodes: [(id: 0, pos: (0, 0), name: {}\"a\"{})])",
        "Some(".repeat(100_000),
        ")".repeat(100_000)
    );
    check(
        &load_err(&deep_some),
        LoadErrorKind::WrongType,
        "expected a string",
        1,
        42,
    );
}

// ------------------------------------------------------- empty and binary

#[test]
fn empty_file() {
    let err = load_err("");
    check(&err, LoadErrorKind::Empty, "the map is empty", 1, 1);
}

#[test]
fn empty_file_renders_without_trailing_spaces() {
    assert_eq!(
        load_err("").to_string(),
        "error: the map is empty\n  --> maps/x.ron:1:1\n   |\n 1 |\n   | ^ expected `Map(..)`"
    );
}

#[test]
fn byte_order_mark_is_ignored() {
    let map = Map::loader()
        .read_bytes(b"\xEF\xBB\xBF(nodes: [(id: 0, pos: (0, 0))])", "bom.ron")
        .unwrap();
    assert_eq!(map.nodes().len(), 1);
    let err = load_err("\u{feff}(nodes: [(id: 0, pos: (0, NaN))])");
    assert_eq!(at(&err), Some((1, 27)));
}

#[test]
fn whitespace_and_comments_only_file() {
    let err = load_err("\n  // nothing here\n  /* nor /* here */ */\n\t\n");
    check(
        &err,
        LoadErrorKind::Empty,
        "the map is empty: it holds only whitespace and comments",
        1,
        1,
    );
}

#[test]
fn binary_file_with_a_nul_byte() {
    let bytes = b"Map(\n    nodes: [\x00\x01\x02],\n)";
    let err = Map::loader().read_bytes(bytes, "maps/x.ron").unwrap_err();
    check(
        &err,
        LoadErrorKind::Binary,
        "the map is a binary file, not RON text: it holds the control byte 0x00",
        2,
        13,
    );
    // The same check guards text handed over as a &str.
    let err = load_err("(nodes: [])\u{7}");
    assert_eq!(err.kind(), LoadErrorKind::Binary);
    assert_eq!(at(&err), Some((1, 12)));
}

#[test]
fn non_utf8_file() {
    let bytes =
        b"Map(\n    nodes: [\n        (id: 0, pos: (0.0, 0.0), name: \"caf\xFF\"),\n    ],\n)";
    let err = Map::loader().read_bytes(bytes, "maps/x.ron").unwrap_err();
    check(
        &err,
        LoadErrorKind::NotUtf8,
        "the map is not UTF-8 text: byte 0xFF is not valid UTF-8",
        3,
        44,
    );
}

#[test]
fn the_first_bad_byte_wins() {
    // A NUL on line 1 comes before the 0xFF on line 2.
    let err = Map::loader()
        .read_bytes(b"(\x00\n\xFF", "b.ron")
        .unwrap_err();
    assert_eq!(err.kind(), LoadErrorKind::Binary);
    assert_eq!(at(&err), Some((1, 2)));
    let err = Map::loader()
        .read_bytes(b"(\xFF\n\x00", "b.ron")
        .unwrap_err();
    assert_eq!(err.kind(), LoadErrorKind::NotUtf8);
    assert_eq!(at(&err), Some((1, 2)));
}

// -------------------------------------------------------------- files

#[test]
fn missing_file_names_its_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-such-map.ron");
    let err = Map::loader().read_file(&path).unwrap_err();
    assert_eq!(err.kind(), LoadErrorKind::Io);
    assert_eq!(err.location(), None);
    assert_eq!(err.source_name(), path.display().to_string());
    let message = err.to_string();
    assert!(
        message.starts_with(&format!("error: cannot read map `{}`: ", path.display())),
        "{message}"
    );
    assert!(std::error::Error::source(&err).is_some());
}

#[test]
fn a_directory_is_not_a_map() {
    let dir = tempfile::tempdir().unwrap();
    let err = Map::loader().read_file(dir.path()).unwrap_err();
    assert_eq!(err.kind(), LoadErrorKind::Io);
    assert_eq!(
        err.to_string(),
        format!(
            "error: cannot read map `{}`: it is a directory, not a file",
            dir.path().display()
        )
    );
}

#[test]
fn load_reads_a_file_and_names_it_in_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.ron");
    std::fs::write(&path, "(nodes: [(id: 0, pos: (0, 0))])").unwrap();
    assert_eq!(Map::loader().read_file(&path).unwrap().nodes().len(), 1);
    std::fs::write(
        &path,
        "(nodes: [(id: 0, pos: (0, 0)), (id: 0, pos: (1, 0))])",
    )
    .unwrap();
    let err = Map::loader().read_file(&path).unwrap_err();
    assert_eq!(err.source_name(), path.display().to_string());
    assert!(
        err.to_string()
            .contains(&format!("--> {}:1:37", path.display())),
        "{err}"
    );
}

#[test]
fn huge_one_line_map_gives_a_short_message() {
    let mut text = String::from("(nodes: [");
    let mut id = 0u64;
    while text.len() < 10_000_000 {
        text.push_str(&format!("(id:{id},pos:({id}.5,-{id}.25)),"));
        id += 1;
    }
    text.push_str(&format!("(id:{},pos:(0,NaN))])", id - 1));
    let err = load_err(&text);
    assert_eq!(err.kind(), LoadErrorKind::DuplicateNodeId);
    let loc = err.location().unwrap();
    assert_eq!(loc.line, 1);
    let last = text.rfind("(id:").unwrap();
    assert_eq!(loc.column, last + 5); // all ASCII: column = byte offset + 1
    let rendered = err.to_string();
    assert!(
        rendered.len() < 2048,
        "{} bytes:\n{rendered}",
        rendered.len()
    );
    assert!(rendered.contains('…'), "{rendered}");
    assert_eq!(rendered.lines().count(), 6, "{rendered}");

    // A syntax error near the end of the same line, too.
    text.truncate(text.len() - 2);
    let err = load_err(&text);
    assert_eq!(err.kind(), LoadErrorKind::Syntax);
    assert!(err.to_string().len() < 2048, "{err}");
}

// ------------------------------------------------------- the network

#[test]
fn duplicate_node_id_names_both() {
    let text = "Map(\n    nodes: [\n        (id: 3, pos: (0.0, 0.0)),\n        (id: 4, pos: (1.0, 0.0)),\n        (id: 3, pos: (1.0, 2.0)),\n    ],\n)";
    let err = load_err(text);
    check(
        &err,
        LoadErrorKind::DuplicateNodeId,
        "duplicate node id 3",
        5,
        14,
    );
    let related = err.related_location().map(|l| (l.line, l.column));
    assert_eq!(related, Some((3, 14)));
    assert_eq!(
        err.to_string(),
        "error: duplicate node id 3\n  --> maps/x.ron:5:14\n   |\n 5 |         (id: 3, pos: (1.0, 2.0)),\n   |              ^ node id 3 is defined again here\n   = note: first defined at maps/x.ron:3:14"
    );
}

#[test]
fn edge_naming_an_unknown_node() {
    let text = "(\n  nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))],\n  edges: [\n    (from: 0, to: 1),\n    (to: 7, from: 1),\n  ],\n)";
    let err = load_err(text);
    check(
        &err,
        LoadErrorKind::UnknownNode,
        "edge 1 names unknown node 7 in `to`",
        5,
        10,
    );
    assert!(err.to_string().contains("^ no node has id 7"), "{err}");
}

#[test]
fn self_loop_edge() {
    let text = "(\n  nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))],\n  edges: [(from: 1, to: 0), (from: 1, to: 1)],\n)";
    check(
        &load_err(text),
        LoadErrorKind::SelfLoop,
        "edge 1 is a self-loop: it goes from node 1 to itself",
        3,
        43,
    );
}

// ------------------------------------------------------------- numbers

#[test]
fn nan_coordinate() {
    let text = "(\n  nodes: [\n    (id: 0, pos: (0, 0)),\n    (id: 1, pos: (2.5, NaN)),\n  ],\n)";
    check(
        &load_err(text),
        LoadErrorKind::NonFinite,
        "`nodes[1].pos.1` is NaN: every coordinate must be finite",
        4,
        24,
    );
}

#[test]
fn infinite_coordinate() {
    let text = with_obstacles("        Segment(from: (0.0, 1.0), to: (-inf, 1.0)),");
    check(
        &load_err(&text),
        LoadErrorKind::NonFinite,
        "`obstacles[0].to.0` is infinite: every coordinate must be finite",
        4,
        40,
    );
}

#[test]
fn overflowing_literal_is_infinite() {
    let text = with_obstacles("        Point((1.0, 1.0)),\n        Point((1e400, 1.0)),");
    let err = load_err(&text);
    check(
        &err,
        LoadErrorKind::NonFinite,
        "`obstacles[1].0.0` is infinite: every coordinate must be finite",
        5,
        16,
    );
    assert!(
        err.to_string()
            .contains("\n   |                ^^^^^ infinite number"),
        "{err}"
    );
}

#[test]
fn negative_circle_radius() {
    let text = with_obstacles("        Circle(center: (0.0, 5.0), radius: -0.5),");
    check(
        &load_err(&text),
        LoadErrorKind::Negative,
        "`obstacles[0].radius` is negative (-0.5): a radius must be >= 0",
        4,
        44,
    );
}

#[test]
fn negative_agent_radius() {
    let text = "(\n  agents: [(name: \"soldier\", radius: 0.4), (radius: -1, name: \"ghost\")],\n  nodes: [],\n)";
    check(
        &load_err(text),
        LoadErrorKind::Negative,
        "`agents[1].radius` is negative (-1.0): a radius must be >= 0",
        2,
        53,
    );
}

#[test]
fn negative_cost() {
    let text = "(\n  nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))],\n  edges: [(from: 0, to: 1, cost: Some(-3.0))],\n)";
    check(
        &load_err(text),
        LoadErrorKind::Negative,
        "`edges[0].cost` is negative (-3.0): a cost must be >= 0",
        3,
        39,
    );
}

#[test]
fn negative_baked_clearance() {
    let text = "(\n  nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))],\n  edges: [(from: 0, to: 1, clearance: -0.25)],\n)";
    check(
        &load_err(text),
        LoadErrorKind::Negative,
        "`edges[0].clearance` is negative (-0.25): a clearance must be >= 0",
        3,
        39,
    );
}

#[test]
fn nan_cost_and_clearance() {
    let text = "(\n  nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))],\n  edges: [(from: 0, to: 1, cost: NaN)],\n)";
    check(
        &load_err(text),
        LoadErrorKind::NonFinite,
        "`edges[0].cost` is NaN: every cost must be finite",
        3,
        34,
    );
    let text = "(\n  nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))],\n  edges: [(from: 0, to: 1, clearance: inf)],\n)";
    check(
        &load_err(text),
        LoadErrorKind::NonFinite,
        "`edges[0].clearance` is infinite: every clearance must be finite",
        3,
        39,
    );
}

#[test]
fn coordinate_out_of_range() {
    let text = "(\n  nodes: [\n    (id: 0, pos: (0, 0)),\n    (id: 1, pos: (-2e15, 0)),\n  ],\n)";
    let err = load_err(text);
    check(
        &err,
        LoadErrorKind::OutOfRange,
        "`nodes[1].pos.0` is -2e15, out of range: coordinates must lie within ±1e15",
        4,
        19,
    );
    // The limit itself is fine.
    load_ok("(nodes: [(id: 0, pos: (1e15, -1e15))])");
}

#[test]
fn node_id_too_large() {
    let text = "(nodes: [(id: 18446744073709551616, pos: (0, 0))])";
    check(
        &load_err(text),
        LoadErrorKind::OutOfRange,
        "integer out of range: node ids run from 0 to 18446744073709551615",
        1,
        15,
    );
}

// ------------------------------------------------------------ polygons

#[test]
fn polygon_with_two_vertices() {
    let text =
        with_obstacles("        Point((9.0, 9.0)),\n        Polygon([(0.0, 5.0), (1.0, 5.0)]),");
    let err = load_err(&text);
    check(
        &err,
        LoadErrorKind::DegeneratePolygon,
        "obstacle 1 (polygon) has 2 distinct vertices: a polygon needs at least 3",
        5,
        9,
    );
    assert!(
        err.to_string()
            .contains("^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ fewer than 3 distinct vertices"),
        "{err}"
    );
}

#[test]
fn polygon_with_three_vertices_two_equal() {
    let text = with_obstacles("        Polygon([(0.0, 5.0), (1.0, 5.0), (0.0, 5.0)]),");
    check(
        &load_err(&text),
        LoadErrorKind::DegeneratePolygon,
        "obstacle 0 (polygon) has 2 distinct vertices: a polygon needs at least 3",
        4,
        9,
    );
}

#[test]
fn polygon_of_three_with_repeated_closing_vertex() {
    let text = with_obstacles(
        "        Polygon([\n            (0.0, 5.0),\n            (1.0, 5.0),\n            (0.0, 5.0),\n        ]),",
    );
    check(
        &load_err(&text),
        LoadErrorKind::DegeneratePolygon,
        "obstacle 0 (polygon) has 2 distinct vertices: a polygon needs at least 3",
        4,
        9,
    );
}

#[test]
fn polygon_vertex_not_finite() {
    let text = with_obstacles("        Polygon([(0.0, 5.0), (1.0, 5.0), (0.5, NaN)]),");
    check(
        &load_err(&text),
        LoadErrorKind::NonFinite,
        "`obstacles[0].0[2].1` is NaN: every coordinate must be finite",
        4,
        48,
    );
}

// -------------------------------------------------------------- agents

#[test]
fn duplicate_agent_name_names_both() {
    let text = "(\n  agents: [\n    (name: \"tank\", radius: 1.5),\n    (name: \"scout\", radius: 0.3),\n    (radius: 2.0, name: \"tank\"),\n  ],\n  nodes: [],\n)";
    let err = load_err(text);
    check(
        &err,
        LoadErrorKind::DuplicateAgentName,
        "duplicate agent name \"tank\"",
        5,
        25,
    );
    assert_eq!(
        err.related_location().map(|l| (l.line, l.column)),
        Some((3, 12))
    );
    assert!(
        err.to_string()
            .ends_with("= note: first defined at maps/x.ron:3:12"),
        "{err}"
    );
}

// ------------------------------------------------------ what must load

const EXAMPLE: &str = r#"// maps/example.ron
Map(
    // Optional: agent profiles that `check` validates when no --radius is given.
    agents: [
        (name: "soldier", radius: 0.4),
        (name: "tank", radius: 1.5),
    ],
    nodes: [
        (id: 0, pos: (0.0, 0.0)),
        (id: 1, pos: (10.0, 0.0), name: "gate"),
        (id: 2, pos: (10.0, 8.0)),
    ],
    edges: [
        (from: 0, to: 1),                 // two-way by default
        (from: 1, to: 2, one_way: true),  // from -> to only
        (from: 0, to: 2, cost: 30.0),     // explicit traversal cost; default is the length
    ],
    obstacles: [
        Point((4.0, 0.3)),
        Circle(center: (7.0, 4.0), radius: 0.75),
        Segment(from: (2.0, -3.0), to: (2.0, -1.0)),
        Polygon([(12.0, 1.0), (14.0, 1.0), (14.0, 3.0)]),
    ],
)
"#;

#[test]
fn the_format_example_loads() {
    let map = load_ok(EXAMPLE);
    assert_eq!(map.agents().len(), 2);
    assert_eq!(map.nodes().len(), 3);
    assert_eq!(map.edges().len(), 3);
    assert_eq!(map.obstacles().len(), 4);
    assert_eq!(map.agents()[1].name, "tank");
    assert_eq!(map.nodes()[1].name.as_deref(), Some("gate"));
    assert!(map.edges()[1].one_way);
    assert_eq!(map.edges()[2].cost, Some(30.0));
}

#[test]
fn names_bare_or_in_some() {
    let map = load_ok(
        "(nodes: [(id: 0, pos: (0, 0), name: \"gate\"), (id: 1, pos: (1, 0), name: Some(\"gate\")), (id: 2, pos: (2, 0), name: None)])",
    );
    let names: Vec<_> = map.nodes().iter().map(|n| n.name.as_deref()).collect();
    assert_eq!(names, [Some("gate"), Some("gate"), None]);
}

#[test]
fn integers_and_exponents_for_floats() {
    let map = load_ok(
        "(agents: [(name: \"a\", radius: 2)], nodes: [(id: 0, pos: (0, -3)), (id: 1, pos: (1.5e3, 1_000))], edges: [(from: 0, to: 1, cost: 7, clearance: 0)])",
    );
    assert_eq!(map.nodes()[1].pos.x, 1500.0);
    assert_eq!(map.nodes()[1].pos.y, 1000.0);
    assert_eq!(map.nodes()[0].pos.y, -3.0);
    assert_eq!(map.agents()[0].radius, 2.0);
    assert_eq!(map.edges()[0].cost, Some(7.0));
    assert_eq!(map.edges()[0].clearance, Some(0.0));
}

#[test]
fn negative_zero_is_zero() {
    let map = load_ok(
        "(agents: [(name: \"a\", radius: -0.0)], nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))], edges: [(from: 0, to: 1, cost: -0.0, clearance: -0.0)], obstacles: [Circle(center: (0, 0), radius: -0.0)])",
    );
    assert_eq!(map.agents()[0].radius, 0.0);
    assert_eq!(map.edges()[0].cost, Some(0.0));
}

#[test]
fn comments_and_trailing_commas() {
    let map = load_ok(
        "/* header /* nested */ */\n#![enable(implicit_some)]\nMap( // the map\n  nodes: [\n    (id: 0, pos: (0, 0),), // trailing\n    (id: 1, /* inline */ pos: (1, 0,), name: \"a // not a comment\",),\n  ],\n  edges: [(from: 0, to: 1,),],\n  obstacles: [Polygon([(0, 5), (1, 5), (0, 6),],),],\n)\n// end\n",
    );
    assert_eq!(map.nodes()[1].name.as_deref(), Some("a // not a comment"));
    assert_eq!(map.edges().len(), 1);
    assert_eq!(map.obstacles().len(), 1);
}

#[test]
fn agents_edges_and_obstacles_may_be_omitted() {
    let map = load_ok("(nodes: [])");
    assert!(map.agents().is_empty() && map.edges().is_empty() && map.obstacles().is_empty());
}

#[test]
fn the_outer_name_is_optional_and_fields_come_in_any_order() {
    let text = "(obstacles: [Circle(radius: 1, center: (5, 5))], edges: [(to: 0, one_way: true, from: 1)], nodes: [(pos: (0, 0), id: 0), (name: \"b\", pos: (1, 0), id: 1)], agents: [(radius: 1, name: \"x\")])";
    let map = load_ok(text);
    assert_eq!(map.edges()[0].from, NodeIdx::new(1));
    assert!(map.edges()[0].one_way);
    let named = load_ok(&format!("Map{text}"));
    assert_eq!(named.nodes(), map.nodes());
    let inner_names = load_ok(
        "Map(nodes: [Node(id: 0, pos: (0, 0)), Node(id: 1, pos: (1, 0))], edges: [Edge(from: 0, to: 1)], agents: [Agent(name: \"a\", radius: 1)])",
    );
    assert_eq!(inner_names.edges().len(), 1);
    let err = load_err("Map(nodes: [Nod(id: 0, pos: (0, 0))])");
    check(
        &err,
        LoadErrorKind::Syntax,
        "expected struct `Node`, found `Nod`",
        1,
        13,
    );
}

#[test]
fn largest_node_id() {
    let map = load_ok(
        "(nodes: [(id: 18446744073709551615, pos: (0, 0)), (id: 0, pos: (1, 0))], edges: [(from: 18446744073709551615, to: 0)])",
    );
    assert_eq!(map.nodes()[0].id, u64::MAX);
    assert_eq!(map.node_index(u64::MAX), Some(NodeIdx::new(0)));
}

#[test]
fn from_bytes_accepts_utf8_text() {
    let map = Map::loader()
        .read_bytes(
            "(nodes: [(id: 0, pos: (0, 0), name: \"café\")])".as_bytes(),
            "b",
        )
        .unwrap();
    assert_eq!(map.nodes()[0].name.as_deref(), Some("café"));
}

#[test]
fn columns_count_chars_not_bytes() {
    let text = "(nodes: [(id: 0, pos: (0, 0), name: \"ça\"), (id: 0, pos: (1, 0))])";
    let err = load_err(text);
    // `(nodes: [(id: 0, pos: (0, 0), name: "ça"), (id: ` is 48 chars, 49 bytes.
    assert_eq!(at(&err), Some((1, 49)));
}

// ------------------------------------------------------------ robustness

/// Every prefix of the example, and the example with any one char removed
/// or doubled, either loads or fails with a located error: never a panic.
#[test]
fn mangled_examples_fail_cleanly() {
    let cuts = EXAMPLE.char_indices().map(|(i, _)| i);
    for i in cuts {
        let next = EXAMPLE[i..].chars().next().map_or(0, char::len_utf8);
        let variants = [
            EXAMPLE[..i].to_owned(),
            format!("{}{}", &EXAMPLE[..i], &EXAMPLE[i + next..]),
            format!("{}{}", &EXAMPLE[..i + next], &EXAMPLE[i..]),
        ];
        for text in variants {
            if let Err(err) = Map::loader().read_str(&text, "m.ron") {
                assert!(err.location().is_some(), "unlocated:\n{err}\n---\n{text}");
                assert!(err.to_string().len() < 1000, "{err}");
            }
        }
    }
}

#[test]
fn node_ids_in_any_ron_integer_form_are_the_same_numbers() {
    // MAP_FORMAT.md: ids may be written in decimal, hex, octal or binary, with
    // `_` separators; 0x1F, 0o37 and 31 name one node.
    let map = load_ok(
        "(nodes: [(id: 0x1F, pos: (0, 0)), (id: 0b10, pos: (1, 0)), (id: 1_000, pos: (2, 0))],
          edges: [(from: 0o37, to: 2), (from: 0x2, to: 1000)], obstacles: [])",
    );
    let ids: Vec<u64> = map.nodes().iter().map(|n| n.id).collect();
    assert_eq!(ids, [31, 2, 1000]);
    let ends: Vec<(u64, u64)> = map
        .edges()
        .iter()
        .map(|e| (map.nodes()[e.from].id, map.nodes()[e.to].id))
        .collect();
    assert_eq!(ends, [(31, 2), (2, 1000)]);
    let err = load_err(
        "(nodes: [(id: 0x1F, pos: (0, 0)), (id: 31, pos: (1, 0))], edges: [], obstacles: [])",
    );
    assert!(err.to_string().contains("31"), "{err}");
}

/// `closed` reads as `one_way` does: a bool, false when left out; any
/// other value is the loader's located error, on its value.
#[test]
fn closed_is_a_bool_with_a_located_error() {
    let map = load_ok(
        "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))], \
         edges: [(from: 0, to: 1, closed: true), (from: 1, to: 0), Edge(closed: false, from: 0, to: 1)])",
    );
    let closed: Vec<bool> = map.edges().iter().map(|e| e.closed).collect();
    assert_eq!(closed, [true, false, false]);
    let err = load_err(
        "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))],\n edges: [(from: 0, to: 1, closed: 3)])",
    );
    check(
        &err,
        LoadErrorKind::WrongType,
        "expected `true` or `false`",
        2,
        35,
    );
}
