//! The one rule for closed edges: a closed edge's *routing clearance* is 0.
//!
//! Clearance 0 already admits no agent, radius 0 included
//! ([`crate::clearance::admits`]), so every search (cheapest, widest, the
//! widest table, the landmark tables, the exact fallback on a tie of
//! clearance floors) honours a closed edge by reading its clearance here
//! rather than from [`Clearances`] directly. The clearance itself stays
//! what was measured: `check`, `clearance` and `bake` report it, and an
//! edge opened again routes as if it had never been closed.

use crate::clearance::Clearances;
use crate::dimension::Dimension;
use crate::indices::EdgeIdx;
use crate::map::Map;

/// The clearance routing judges edge `edge` of `map` by: 0 when the edge is
/// [closed](crate::Edge::closed), its measured clearance otherwise.
///
/// # Panics
/// When `edge` is not an edge index of the map.
pub fn usable_clearance<D: Dimension>(
    map: &Map<D>,
    clearances: &Clearances<D>,
    edge: EdgeIdx,
) -> f64 {
    usable(map.edges()[edge].closed, clearances.edge(edge).value)
}

/// The rule itself, for readers that hold the closed flag apart from the
/// map ([`ClosedEdges`]).
fn usable(closed: bool, clearance: f64) -> f64 {
    if closed { 0.0 } else { clearance }
}

/// Which edges of a map are closed, one bit per edge, for the route
/// network's exact reads (which have the clearances but not the map); no
/// memory at all when no edge is closed, as in most levels.
#[derive(Clone, Debug, Default)]
pub(crate) struct ClosedEdges {
    bits: Vec<u64>,
}

impl ClosedEdges {
    /// The closed edges of `map`.
    pub fn of<D: Dimension>(map: &Map<D>) -> ClosedEdges {
        let edges = map.edges();
        if !edges.iter().any(|e| e.closed) {
            return ClosedEdges::default();
        }
        let mut bits = vec![0u64; edges.len().div_ceil(64)];
        for (i, e) in edges.iter().enumerate() {
            bits[i / 64] |= u64::from(e.closed) << (i % 64);
        }
        ClosedEdges { bits }
    }

    /// Marks edge `edge` closed or open (a live level's door).
    pub fn set(&mut self, edge: usize, closed: bool) {
        if edge / 64 >= self.bits.len() {
            if !closed {
                return;
            }
            self.bits.resize(edge / 64 + 1, 0);
        }
        let bit = 1u64 << (edge % 64);
        if closed {
            self.bits[edge / 64] |= bit;
        } else {
            self.bits[edge / 64] &= !bit;
        }
    }

    /// Whether edge `edge` is closed.
    fn contains(&self, edge: usize) -> bool {
        self.bits
            .get(edge / 64)
            .is_some_and(|word| word >> (edge % 64) & 1 == 1)
    }

    /// Edge `edge`'s routing clearance, as [`usable_clearance`] gives it.
    #[inline]
    pub fn clearance<D: Dimension>(&self, clearances: &Clearances<D>, edge: usize) -> f64 {
        usable(self.contains(edge), clearances.edges()[edge].value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A closed edge keeps its measured clearance, but routing judges it 0.
    #[test]
    fn a_closed_edge_is_measured_but_unusable() {
        let map = Map::loader()
            .read_str(
                "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0))], \
                 edges: [(from: 0, to: 1), (from: 1, to: 0, closed: true)], \
                 obstacles: [Point((5, 2))])",
                "door.ron",
            )
            .unwrap();
        let clearances = crate::Clearances::compute(&map);
        let (open, door) = (EdgeIdx::new(0), EdgeIdx::new(1));
        assert_eq!(clearances.edge(door).value, 2.0); // still measured
        assert_eq!(usable_clearance(&map, &clearances, open), 2.0);
        assert_eq!(usable_clearance(&map, &clearances, door), 0.0); // but shut
    }

    /// The bit set agrees with the map's flags across word boundaries.
    #[test]
    fn the_bits_are_the_flags() {
        let nodes: String = (0..2)
            .map(|i| format!("(id: {i}, pos: ({i}, 0)),"))
            .collect();
        let edges: String = (0..150)
            .map(|i| format!("(from: 0, to: 1, closed: {}),", i % 7 == 3 || i == 64))
            .collect();
        let text = format!("(nodes: [{nodes}], edges: [{edges}])");
        let map = Map::loader().read_str(&text, "doors.ron").unwrap();
        let clearances = Clearances::compute(&map);
        let closed = ClosedEdges::of(&map);
        for i in 0..150 {
            let expected = if map.edges()[i].closed {
                0.0
            } else {
                f64::INFINITY
            };
            assert_eq!(closed.clearance(&clearances, i), expected, "edge {i}");
            let via_map = usable_clearance(&map, &clearances, EdgeIdx::new(i));
            assert_eq!(via_map, expected, "edge {i}");
        }
        assert!(map.edges()[64].closed && !map.edges()[65].closed);
        let open = Map::loader()
            .read_str(
                "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))], edges: [(from: 0, to: 1)])",
                "open.ron",
            )
            .unwrap();
        assert!(ClosedEdges::of(&open).bits.is_empty());
    }
}
