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

/// A small 3D level (#15), shipped as `maps/level3d.ron` for the README's
/// examples, its clearances worked out by hand. The agents'
/// centres are at z = 1, over a floor slab whose top is at z = -2 (3 below
/// every node at z = 1). Nodes: 1 "a" (0, 0, 1), 2 "b" (10, 0, 1), 3 "c"
/// (10, 10, 1), 4 "d" (0, 10, 1), 5 "up" (0, 10, 5) straight above "d".
///
/// | edge | nodes | set by | clearance, pinch (edge point; obstacle point) |
/// |---|---|---|---|
/// | 0 | a -> b | sphere #1, centre (5, 0, 3.5), radius 1 | 3.5 - 1 - 1 = 1.5 at (5, 0, 1); (5, 0, 2.5) |
/// | 1 | b -> c | triangle #2 in the plane y = 5, its nearest side x = 12 | 2 at (10, 5, 1); (12, 5, 1) |
/// | 2 | c -> d | solid mesh #3, a tetrahedron whose tip (5, 12.5, 1) points at it | 2.5 at (5, 10, 1); (5, 12.5, 1) |
/// | 3 | d -> up | point #4 at (0, 8.5, 4.5) | 10 - 8.5 = 1.5 at (0, 10, 4.5); (0, 8.5, 4.5) |
/// | 4 | a -> d | segment #5, upright at (-1.75, 5) from z = -1 to 4 | 1.75 at (0, 5, 1); (-1.75, 5, 1) |
///
/// Every other obstacle is farther from each edge (the floor is 3 below the
/// flat edges and the bottom of edge 3). Nodes: every one 3 from the floor
/// (box #0), except "up", sqrt(1.5² + 0.5²) = sqrt(2.5) = 1.581139 from the
/// point. The profile `drone` (radius 1.6) is blocked by edges 0 and 3 and
/// node "up".
pub const LEVEL_3D: &str = include_str!("../../../maps/level3d.ron");

/// An OBJ file for [`LEVEL_3D`], shipped as `maps/level.obj`: the object
/// `arch`, one triangle whose
/// lowest corner (0, 5, 2) hangs 1 above edge 4 (a -> d) at (0, 5, 1) and
/// every other point of which is higher: it sets edge 4's clearance to 1
/// and no other (it is 4 or more from the rest).
pub const ARCH_OBJ: &str = include_str!("../../../maps/level.obj");
