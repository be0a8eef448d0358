//! Stale bakes: edges whose baked clearance no longer matches what their
//! obstacles give.

use super::Clearances;
use crate::dimension::Dimension;
use crate::indices::EdgeIdx;
use crate::map::Map;

/// Baked values within this relative difference of the recomputed clearance
/// are current: the clearance itself is only promised to 1e-9 relative.
const STALE_TOLERANCE: f64 = 1e-9;

/// An edge whose baked clearance no longer matches its obstacles.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StaleBake {
    /// The edge's index.
    pub edge: EdgeIdx,
    /// The value written in the map.
    pub baked: f64,
    /// The value the obstacles give now (`f64::INFINITY` when unbounded).
    pub recomputed: f64,
}

impl<D: Dimension> Clearances<D> {
    /// The edges of `map` whose baked clearance differs from these (the
    /// ones its obstacles give now) by more than 1e-9, relative, which is
    /// all a clearance is promised to. A map without obstacles has nothing
    /// to recompute from, so it has no stale bakes.
    ///
    /// ```
    /// use clearway::{Clearances, Map};
    /// let map = Map::loader().read_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0))],
    ///     edges: [(from: 0, to: 1, clearance: 2.0)],
    ///     obstacles: [Point((5, 1))],
    /// )"#, "doc.ron").unwrap();
    /// let stale = Clearances::compute(&map).stale_bakes(&map);
    /// assert_eq!(stale.len(), 1);
    /// assert_eq!((stale[0].baked, stale[0].recomputed), (2.0, 1.0));
    /// ```
    pub fn stale_bakes(&self, map: &Map<D>) -> Vec<StaleBake> {
        if map.obstacles().is_empty() {
            return Vec::new();
        }
        map.edges()
            .iter()
            .zip(self.edges())
            .enumerate()
            .filter_map(|(edge, (e, c))| StaleBake::of(EdgeIdx::new(edge), e.clearance?, c.value))
            .collect()
    }
}

impl StaleBake {
    /// The stale bake of `edge`, when `baked` differs from `recomputed` by
    /// more than [`STALE_TOLERANCE`], relative.
    pub(crate) fn of(edge: EdgeIdx, baked: f64, recomputed: f64) -> Option<StaleBake> {
        let differs =
            (baked - recomputed).abs() > STALE_TOLERANCE * baked.abs().max(recomputed.abs());
        differs.then_some(StaleBake {
            edge,
            baked,
            recomputed,
        })
    }
}
