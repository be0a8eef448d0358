//! Level texts that several test files run the binary on.

/// A row of 4000 nodes 1 apart along y = 0 and a rock `rock_y` above node
/// 0: edge i has clearance sqrt(i^2 + rock_y^2) < 4001, so `--radius 5000`
/// blocks all 3999 and the report is far larger than a pipe's buffer.
pub fn big_map(rock_y: f64) -> String {
    let mut text = String::from("Map(nodes: [");
    for i in 0..4000 {
        text.push_str(&format!("(id: {i}, pos: ({i}, 0)),"));
    }
    text.push_str("], edges: [");
    for i in 0..3999 {
        text.push_str(&format!("(from: {i}, to: {}),", i + 1));
    }
    text.push_str(&format!("], obstacles: [Point((0, {rock_y}))])"));
    text
}
