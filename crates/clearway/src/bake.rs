//! Baking: storing every edge's clearance in the map itself, so a game can
//! filter edges by any radius at run time without obstacles or an R-tree.

use crate::clearance::Clearances;
use crate::dimension::Dimension;
use crate::indices::EdgeIdx;
use crate::map::{EdgeEdit, Map, edit_edges};

/// Baked values within this relative difference of the recomputed clearance
/// are current: the clearance itself is only promised to 1e-9 relative.
pub const STALE_TOLERANCE: f64 = 1e-9;

impl<D: Dimension> Map<D> {
    /// The map with every edge's `clearance` set from `clearances`; an edge
    /// that nothing limits gets none (absent means unbounded).
    ///
    /// ```
    /// use clearway::{Clearances, Map};
    /// let map = Map::from_ron_str(r#"(
    ///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0))],
    ///     edges: [(from: 0, to: 1)],
    ///     obstacles: [Point((5, 1))],
    /// )"#, "doc.ron").unwrap();
    /// let baked = map.baked(&Clearances::compute(&map));
    /// assert_eq!(baked.edges()[0].clearance, Some(1.0));
    /// ```
    pub fn baked(&self, clearances: &Clearances<D>) -> Map<D> {
        let edges = self
            .edges()
            .iter()
            .zip(clearances.edges())
            .map(|(e, c)| {
                let mut e = e.clone();
                e.clearance = c.finite_value();
                e
            })
            .collect();
        self.with_edges(edges)
    }

    /// `text`, the map file this map was loaded from, baked as
    /// [`Map::baked`] bakes the map, with every other byte (comments,
    /// layout) kept: a changed clearance is written into its edge, an
    /// unchanged one is left alone. `None` when the text cannot be edited
    /// safely ([`edit_edges`]); write [`Map::baked`] anew then.
    ///
    /// ```
    /// use clearway::{Clearances, Map};
    /// let text = "// A rock by the road.\n(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0))],\n edges: [(from: 0, to: 1)], obstacles: [Point((5, 1))])";
    /// let map = Map::from_ron_str(text, "doc.ron").unwrap();
    /// let baked = map.baked_text(text, &Clearances::compute(&map)).unwrap();
    /// assert!(baked.starts_with("// A rock by the road.\n"));
    /// assert!(baked.contains("edges: [(from: 0, to: 1, clearance: 1.0)]"));
    /// ```
    pub fn baked_text(&self, text: &str, clearances: &Clearances<D>) -> Option<String> {
        let edits: Vec<EdgeEdit> = self
            .edges()
            .iter()
            .zip(clearances.edges())
            .map(|(e, c)| {
                let new = c.finite_value();
                if e.clearance.map(f64::to_bits) == new.map(f64::to_bits) {
                    EdgeEdit::Keep
                } else {
                    EdgeEdit::SetClearance(new)
                }
            })
            .collect();
        edit_edges(text, &edits)
    }
}

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

/// The edges whose baked clearance differs from the recomputed one by more
/// than [`STALE_TOLERANCE`], relative. A map without obstacles has nothing
/// to recompute from, so it has no stale bakes.
///
/// ```
/// use clearway::{Clearances, Map, bake::stale_bakes};
/// let map = Map::from_ron_str(r#"(
///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0))],
///     edges: [(from: 0, to: 1, clearance: 2.0)],
///     obstacles: [Point((5, 1))],
/// )"#, "doc.ron").unwrap();
/// let stale = stale_bakes(&map, &Clearances::compute(&map));
/// assert_eq!(stale.len(), 1);
/// assert_eq!((stale[0].baked, stale[0].recomputed), (2.0, 1.0));
/// ```
pub fn stale_bakes<D: Dimension>(map: &Map<D>, clearances: &Clearances<D>) -> Vec<StaleBake> {
    if map.obstacles().is_empty() {
        return Vec::new();
    }
    map.edges()
        .iter()
        .zip(clearances.edges())
        .enumerate()
        .filter_map(|(edge, (e, c))| StaleBake::of(EdgeIdx::new(edge), e.clearance?, c.value))
        .collect()
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
