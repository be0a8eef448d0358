//! Random map texts for tests: the one generator the format's twin tests
//! (the chunked parse, the citations, the edge editor) and the loader's
//! tests in `clearway` write their levels with.

use proptest::prelude::*;

pub use crate::chunked_parse::every_chunk_read_fast;

/// A flat level that uses every field of the file and the corner cases of
/// its numbers (the largest id, -0.0, 1e15, a zero-length segment, two
/// equal edges): what the wire types' and the conversions' round trips read.
pub const FLAT_LEVEL: &str = r#"Map(
    agents: [(name: "soldier", radius: 0.4), (name: "tank", radius: -0.0)],
    nodes: [
        (id: 7, pos: (0.0, -0.0)),
        (id: 18446744073709551615, pos: (10.0, 0.0), name: "gate"),
        (id: 2, pos: (1e15, 8.5)),
    ],
    edges: [
        (from: 18446744073709551615, to: 7),
        (from: 18446744073709551615, to: 2, one_way: true, clearance: 0.5),
        (from: 7, to: 2, cost: 30.0),
        (from: 7, to: 2, cost: 30.0),
        (from: 2, to: 7, closed: true),
    ],
    obstacles: [
        Polygon([(12.0, 1.0), (14.0, 1.0), (14.0, 3.0), (12.5, 2.0)]),
        Point((4.0, 0.3)),
        Segment(from: (2.0, -3.0), to: (2.0, -3.0)),
        Circle(center: (7.0, 4.0), radius: 0.75),
    ],
)"#;

/// Trivia to put between tokens: spaces, and comments that hold the
/// characters a careless cutter would cut at.
const TRIVIA: [&str; 9] = [
    "",
    " ",
    "\n    ",
    "\t\r\n",
    " // a line comment, with ] and ) and \" in it\n",
    "/* a block comment, ] */",
    "/* nested /* comments, ] */ still , inside ) */",
    "//\n",
    " /**/ ",
];

/// Node names written as RON strings, normal or raw, holding commas,
/// brackets, quotes, comment openers and non-ASCII text.
const NAMES: [&str; 10] = [
    r#""gate""#,
    r#""a, b""#,
    r#""x], (y""#,
    r#""quote \" , ] still inside""#,
    r#""/* not a comment""#,
    r#""// nor this""#,
    r##"r#"raw ", ] string"#"##,
    r#"r"raw, plain""#,
    r#""ünïcödé, ( [ {""#,
    r#""back\\slash""#,
];

/// A random map file, written with random layout: trivia everywhere,
/// optional struct names, fields in any order, `Some(..)` wrappers and
/// trailing commas. (The edge editor's tests use it too.)
pub fn map_text() -> impl Strategy<Value = String> {
    let picks = prop::collection::vec(any::<u16>(), 40..400);
    (picks, 0usize..12, 0usize..12, 0usize..12, any::<bool>()).prop_map(
        |(picks, nodes, edges, obstacles, named)| {
            let mut w = Writer {
                picks,
                next: 0,
                space: false,
            };
            w.map(nodes, edges, obstacles, named)
        },
    )
}

/// As [`map_text`], a 3D level: positions `(x, y, z)` and the 3D
/// obstacles (`Sphere`, `Triangle`, `Box`, `Mesh` with or without
/// `solid`, and `Point`, `Segment`).
pub fn map_text_3d() -> impl Strategy<Value = String> {
    let picks = prop::collection::vec(any::<u16>(), 40..400);
    (picks, 0usize..12, 0usize..12, 0usize..12, any::<bool>()).prop_map(
        |(picks, nodes, edges, obstacles, named)| {
            let mut w = Writer {
                picks,
                next: 0,
                space: true,
            };
            w.map(nodes, edges, obstacles, named)
        },
    )
}

/// Writes a map text from a stream of random choices.
struct Writer {
    picks: Vec<u16>,
    next: usize,
    /// Whether to write a 3D level.
    space: bool,
}

impl Writer {
    fn pick(&mut self, n: usize) -> usize {
        let pick = self.picks[self.next % self.picks.len()];
        self.next += 1;
        usize::from(pick) % n
    }

    fn trivia(&mut self) -> &'static str {
        // Mostly plain spaces, so that lists do get cut.
        if self.pick(3) == 0 {
            TRIVIA[self.pick(TRIVIA.len())]
        } else {
            [" ", "\n        "][self.pick(2)]
        }
    }

    fn number(&mut self) -> String {
        ["0", "1.5", "-2.25", "1e3", "7", "0.1", "-0.0", "12345.678"][self.pick(8)].to_owned()
    }

    fn position(&mut self) -> String {
        let (x, y) = (self.number(), self.number());
        let (a, b, c) = (self.trivia(), self.trivia(), self.trivia());
        if self.space {
            let (z, d) = (self.number(), self.trivia());
            return format!("({a}{x},{b}{y},{d}{z}{c})");
        }
        format!("({a}{x},{b}{y}{c})")
    }

    /// A struct body from fields in a random order, with an optional
    /// trailing comma.
    fn fields(&mut self, mut fields: Vec<String>) -> String {
        for i in (1..fields.len()).rev() {
            let j = self.pick(i + 1);
            fields.swap(i, j);
        }
        let mut body = String::new();
        for (i, field) in fields.iter().enumerate() {
            if i > 0 {
                body.push(',');
            }
            body.push_str(self.trivia());
            body.push_str(field);
        }
        if self.pick(2) == 0 {
            body.push(',');
        }
        body.push_str(self.trivia());
        body
    }

    fn optional(&mut self, value: String) -> String {
        if self.pick(2) == 0 {
            format!("Some({value})")
        } else {
            value
        }
    }

    fn node(&mut self, id: usize) -> String {
        let pos = self.position();
        let mut fields = vec![format!("id: {id}"), format!("pos: {pos}")];
        if self.pick(2) == 0 {
            let name = NAMES[self.pick(NAMES.len())].to_owned();
            fields.push(format!("name:{}{}", self.trivia(), self.optional(name)));
        }
        let prefix = ["", "Node"][self.pick(2)];
        format!("{prefix}({})", self.fields(fields))
    }

    fn edge(&mut self, nodes: usize) -> String {
        let mut fields = vec![
            format!("from: {}", self.pick(nodes.max(1))),
            format!("to: {}", self.pick(nodes.max(1))),
        ];
        if self.pick(2) == 0 {
            fields.push(format!("one_way: {}", ["true", "false"][self.pick(2)]));
        }
        if self.pick(4) == 0 {
            fields.push(format!("closed: {}", ["true", "false"][self.pick(2)]));
        }
        if self.pick(2) == 0 {
            let cost = self.number().trim_start_matches('-').to_owned();
            let cost = self.optional(cost);
            fields.push(format!("cost: {cost}"));
        }
        if self.pick(3) == 0 {
            let clearance = self.number().trim_start_matches('-').to_owned();
            let clearance = self.optional(clearance);
            fields.push(format!("clearance:{}{clearance}", self.trivia()));
        }
        let prefix = ["", "Edge"][self.pick(2)];
        format!("{prefix}({})", self.fields(fields))
    }

    fn obstacle(&mut self) -> String {
        if self.space {
            return self.obstacle_3d();
        }
        match self.pick(4) {
            0 => format!("Point({})", self.position()),
            1 => {
                let fields = vec![
                    format!("center: {}", self.position()),
                    format!("radius: {}", self.number()),
                ];
                format!("Circle({})", self.fields(fields))
            }
            2 => {
                let fields = vec![
                    format!("from: {}", self.position()),
                    format!("to: {}", self.position()),
                ];
                format!("Segment{}({})", self.trivia(), self.fields(fields))
            }
            _ => {
                let vertices: Vec<String> =
                    (0..3 + self.pick(3)).map(|_| self.position()).collect();
                format!("Polygon([{}])", self.fields(vertices))
            }
        }
    }

    fn obstacle_3d(&mut self) -> String {
        match self.pick(6) {
            0 => format!("Point({})", self.position()),
            1 => {
                let fields = vec![
                    format!("center: {}", self.position()),
                    format!("radius: {}", self.number()),
                ];
                format!("Sphere({})", self.fields(fields))
            }
            2 => {
                let fields = vec![
                    format!("from: {}", self.position()),
                    format!("to: {}", self.position()),
                ];
                format!("Segment{}({})", self.trivia(), self.fields(fields))
            }
            3 => {
                let corners: Vec<String> = (0..3).map(|_| self.position()).collect();
                format!("Triangle([{}])", self.fields(corners))
            }
            4 => {
                let fields = vec![
                    format!("min: {}", self.position()),
                    format!("max: {}", self.position()),
                ];
                format!("Box({})", self.fields(fields))
            }
            _ => {
                let vertices: Vec<String> = (0..self.pick(5)).map(|_| self.position()).collect();
                let triangles: Vec<String> = (0..self.pick(4))
                    .map(|_| {
                        let (i, j, k) = (self.pick(6), self.pick(6), self.pick(6));
                        format!("({i},{}{j}, {k})", self.trivia())
                    })
                    .collect();
                let mut fields = vec![
                    format!("vertices: {}", self.list(vertices)),
                    format!("triangles:{}{}", self.trivia(), self.list(triangles)),
                ];
                if self.pick(2) == 0 {
                    fields.push(format!("solid: {}", ["true", "false"][self.pick(2)]));
                }
                format!("Mesh({})", self.fields(fields))
            }
        }
    }

    fn list(&mut self, items: Vec<String>) -> String {
        if items.is_empty() {
            return format!("[{}]", self.trivia());
        }
        format!("[{}]", self.fields(items))
    }

    fn map(&mut self, nodes: usize, edges: usize, obstacles: usize, named: bool) -> String {
        let node_list: Vec<String> = (0..nodes).map(|id| self.node(id)).collect();
        let edge_list: Vec<String> = (0..edges).map(|_| self.edge(nodes)).collect();
        let obstacle_list: Vec<String> = (0..obstacles).map(|_| self.obstacle()).collect();
        let mut fields = vec![
            format!("nodes: {}", self.list(node_list)),
            format!("edges:{}{}", self.trivia(), self.list(edge_list)),
            format!("obstacles: {}", self.list(obstacle_list)),
        ];
        if self.pick(2) == 0 {
            fields.push("agents: [(name: \"tank\", radius: 1.5)]".to_owned());
        }
        let (before, after) = (self.trivia(), self.trivia());
        let name = if named { "Map" } else { "" };
        format!("{before}{name}({}){after}", self.fields(fields))
    }
}
