//! The level's *slack*: how far below a radius a clearance may fall and
//! still admit it.
//!
//! Coordinates are written as decimals and stored in binary, so a door
//! drawn 1.8 wide between walls at x = 30 and x = 31.8 measures
//! 0.8999999999999986 from its middle, not 0.9: the decimal 30.9 is off by
//! up to half a unit in the last place of its binary form, and the distance
//! inherits that. A designer's 0.9 agent
//! must fit that door; a strict comparison would turn it away.
//!
//! The rule: on a level whose largest coordinate magnitude is M (over every
//! node position and every obstacle coordinate, a circle's or sphere's
//! centre plus its radius), the slack is τ = M · 2^-50, four units in the
//! last place of M (the spacing of `f64` values near M is at most
//! M · 2^-52). A clearance c admits radius r when c > 0 and c ≥ r − τ,
//! computed in `f64` as written. Clearance 0 still admits nothing, radius 0
//! included; a clearance c > 0 admits every radius up to c, and the few
//! units in the last place above it that the level's own decimals cannot
//! tell from c. Every command, the router, pruning, the diff and the
//! pictures apply this one rule ([`super::admits`]).
//!
//! Why the largest coordinate of the whole level, not of the shapes near
//! each edge: the rounding of a pinch depends on every vertex that shapes
//! it (a long wall's far end tilts it), one number is simple to state and
//! to check by hand, and at M = 1e6 it is still under 1e-9, far below any
//! size a game gives an agent.

use crate::dimension::Dimension;

/// 2^-50: four units in the last place of a number, relative to it.
const ULPS_4: f64 = 1.0 / (1u64 << 50) as f64;

/// The slack of a level whose largest coordinate magnitude is `magnitude`:
/// `magnitude · 2^-50` (0 for an empty level): for a level whose
/// coordinates reach 32.7, four units in the last place of 32.7
/// (ulp(32.7) = 2^-47 ≈ 7.1e-15; 32.7 · 2^-50 ≈ 2.9e-14).
pub(crate) fn slack_for_magnitude(magnitude: f64) -> f64 {
    magnitude * ULPS_4
}

/// The largest coordinate magnitude of a level: over its node positions
/// and every obstacle's coordinates (see the module doc).
pub(crate) fn level_magnitude<D: Dimension>(
    positions: impl IntoIterator<Item = D::Point>,
    obstacles: &[D::Obstacle],
) -> f64 {
    let nodes = positions
        .into_iter()
        .map(D::point_magnitude)
        .fold(0.0_f64, f64::max);
    obstacles
        .iter()
        .map(D::obstacle_magnitude)
        .fold(nodes, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Map;

    /// The door of the module doc: walls at x = 30 and x = 31.8, an edge
    /// down its middle at x = 30.9. The decimals measure 0.9; binary
    /// measures a hair less, and the slack admits 0.9 all the same.
    #[test]
    fn a_decimal_door_admits_its_decimal_radius() {
        let map = Map::loader().read_str(
            "(nodes: [(id: 0, pos: (30.9, 0.0)), (id: 1, pos: (30.9, 10.0))], \
              edges: [(from: 0, to: 1)], \
              obstacles: [Segment(from: (30.0, -5.0), to: (30.0, 15.0)), Segment(from: (31.8, -5.0), to: (31.8, 15.0))])",
            "test.ron",
        )
        .unwrap();
        let c = crate::Clearances::compute(&map);
        let value = c.edges()[0].value;
        // 30.9 - 30 in binary is 0.8999999999999986 (31.8 - 30.9 is
        // 0.9000000000000021): the strict rule turns 0.9 away.
        assert!(value < 0.9, "{value:e}");
        assert!(!crate::clearance::admits(value, 0.9, 0.0));
        // M = 31.8 (the second wall), τ = 31.8 · 2^-50 ≈ 2.8e-14 > 0.9 - value
        // ≈ 1.4e-15.
        assert_eq!(value, 0.8999999999999986);
        assert_eq!(map.slack(), 31.8 / 2f64.powi(50));
        assert!(0.9 - value < map.slack());
        assert!(c.edge_admits(crate::EdgeIdx::new(0), 0.9));
        // A radius that differs from the clearance by more than the slack is
        // still turned away: 0.9 + 1e-12.
        assert!(!c.edge_admits(crate::EdgeIdx::new(0), 0.9 + 1e-12));
    }

    #[test]
    fn the_magnitude_counts_nodes_and_every_obstacle_coordinate() {
        // A circle's reach is its centre plus its radius: |-3| + 4 = 7 > 5.
        let map = Map::loader()
            .read_str(
                "(nodes: [(id: 0, pos: (1.0, -5.0))], edges: [], \
              obstacles: [Circle(center: (0.0, -3.0), radius: 4.0)])",
                "test.ron",
            )
            .unwrap();
        assert_eq!(map.slack(), slack_for_magnitude(7.0));
        let empty = Map::loader()
            .read_str("(nodes: [], edges: [])", "test.ron")
            .unwrap();
        assert_eq!(empty.slack(), 0.0);
        assert_eq!(slack_for_magnitude(32.7), 32.7 / 2f64.powi(50));
        assert_eq!(slack_for_magnitude(0.0), 0.0);
    }
}
