//! What changed between two versions of a level: edge by edge, which edges
//! became blocked or unblocked for the radii checked, which were added or
//! removed, and which clearances moved by more than a tolerance.
//!
//! Edges are matched by their end node ids and their occurrence, not by their
//! index: the second edge from node 3 to node 7 in the old file is matched
//! with the second edge from 3 to 7 in the new one, so inserting an edge
//! shifts nothing.
//!
//! ```
//! use clearway::level_diff::{ChangeKind, DiffOptions, DiffRadius, LevelDiff};
//! use clearway::{Clearances, Map};
//! let old = Map::from_ron_str("(nodes: [(id: 1, pos: (0, 0)), (id: 2, pos: (10, 0))],
//!     edges: [(from: 1, to: 2)], obstacles: [Point((5, 2))])", "old.ron")?;
//! let new = Map::from_ron_str("(nodes: [(id: 1, pos: (0, 0)), (id: 2, pos: (10, 0))],
//!     edges: [(from: 1, to: 2)], obstacles: [Point((5, 1))])", "new.ron")?;
//! let tank = DiffRadius { agent: Some("tank".into()), agent_radius: 1.5 };
//! let diff = LevelDiff::compute(
//!     (&old, &Clearances::compute(&old)),
//!     (&new, &Clearances::compute(&new)),
//!     &[tank],
//!     &DiffOptions::default(),
//! );
//! assert_eq!(diff.changes.len(), 1);
//! assert_eq!(diff.changes[0].kind, ChangeKind::Blocked);
//! assert_eq!(diff.newly_blocked(), 1);
//! # Ok::<(), clearway::map::LoadError>(())
//! ```

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Serialize;

use crate::clearance::Clearances;
use crate::map::Map;

/// When two clearances count as different.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DiffOptions {
    /// Changes up to this many units are not reported; default 0.
    pub absolute_tolerance: f64,
    /// Changes up to this fraction of the larger clearance are not reported;
    /// default 1e-9, the precision clearances are computed to.
    pub relative_tolerance: f64,
}

impl Default for DiffOptions {
    fn default() -> Self {
        DiffOptions {
            absolute_tolerance: 0.0,
            relative_tolerance: 1e-9,
        }
    }
}

impl DiffOptions {
    /// Whether `old` and `new` differ by more than the tolerance: by more
    /// than both the absolute tolerance and the relative tolerance times the
    /// larger of the two. Unbounded equals unbounded.
    pub fn differ(&self, old: f64, new: f64) -> bool {
        if old == new {
            return false;
        }
        if old.is_infinite() || new.is_infinite() {
            return true;
        }
        let allowed = self
            .absolute_tolerance
            .max(self.relative_tolerance * old.abs().max(new.abs()));
        (new - old).abs() > allowed
    }
}

/// A radius the diff checks, and the agent profile it came from, if any.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiffRadius {
    /// The agent profile's name.
    pub agent: Option<String>,
    /// The radius.
    #[serde(rename = "radius")]
    pub agent_radius: f64,
}

/// What happened to an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChangeKind {
    /// The edge admits a checked radius no longer (or is new and does not
    /// admit it): the change breaks something.
    Blocked,
    /// The edge admits a checked radius it did not admit before.
    Unblocked,
    /// The edge is only in the new level.
    Added,
    /// The edge is only in the old level.
    Removed,
    /// The clearance moved by more than the tolerance without crossing a
    /// checked radius.
    Changed,
}

impl ChangeKind {
    /// The word used in reports: `blocked`, `unblocked`, `added`, `removed`,
    /// `changed`.
    pub fn name(self) -> &'static str {
        match self {
            ChangeKind::Blocked => "blocked",
            ChangeKind::Unblocked => "unblocked",
            ChangeKind::Added => "added",
            ChangeKind::Removed => "removed",
            ChangeKind::Changed => "changed",
        }
    }
}

/// One version of an edge: its index in that level, and its clearance.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EdgeSide {
    /// The edge's index in that level's file.
    pub edge: usize,
    /// Its clearance; `f64::INFINITY` (`null` in JSON) when unbounded.
    #[serde(serialize_with = "finite_or_null")]
    pub clearance: f64,
}

/// One change: an edge, and for blocked and unblocked edges the radius.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EdgeChange {
    /// What happened.
    pub kind: ChangeKind,
    /// The `from` node's id.
    pub from: u64,
    /// The `to` node's id.
    pub to: u64,
    /// Which of the edges from `from` to `to` this is, counting from 0 in
    /// file order (parallel edges are allowed).
    pub occurrence: usize,
    /// The edge in the old level; `None` when added.
    pub old: Option<EdgeSide>,
    /// The edge in the new level; `None` when removed.
    pub new: Option<EdgeSide>,
    /// For `blocked` and `unblocked`: the index in [`LevelDiff::radii`] of
    /// the radius.
    pub radius: Option<usize>,
}

/// Every change between two versions of a level, sorted: blocked, unblocked,
/// added, removed, changed; within a kind by from id, to id, occurrence and
/// radius.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LevelDiff {
    /// The radii checked, in the order given.
    pub radii: Vec<DiffRadius>,
    /// The changes.
    pub changes: Vec<EdgeChange>,
}

/// Where each edge is, by (from id, to id, occurrence).
type EdgeKeys = BTreeMap<(u64, u64, usize), usize>;

fn edge_keys(map: &Map) -> EdgeKeys {
    let mut seen: HashMap<(u64, u64), usize> = HashMap::new();
    let mut keys = BTreeMap::new();
    for (i, e) in map.edges().iter().enumerate() {
        let pair = (map.nodes()[e.from].id, map.nodes()[e.to].id);
        let occurrence = seen.entry(pair).or_insert(0);
        keys.insert((pair.0, pair.1, *occurrence), i);
        *occurrence += 1;
    }
    keys
}

impl LevelDiff {
    /// Compares two levels, each with its clearances, for the radii given
    /// (none: only additions, removals and changed clearances).
    pub fn compute(
        old: (&Map, &Clearances),
        new: (&Map, &Clearances),
        radii: &[DiffRadius],
        options: &DiffOptions,
    ) -> LevelDiff {
        let (old_keys, new_keys) = (edge_keys(old.0), edge_keys(new.0));
        let all: BTreeSet<(u64, u64, usize)> =
            old_keys.keys().chain(new_keys.keys()).copied().collect();
        let mut changes = Vec::new();
        for key in all {
            let side = |keys: &EdgeKeys, clearances: &Clearances| {
                keys.get(&key).map(|&edge| EdgeSide {
                    edge,
                    clearance: clearances.edge(edge).value,
                })
            };
            let (o, n) = (side(&old_keys, old.1), side(&new_keys, new.1));
            let change = |kind, radius| EdgeChange {
                kind,
                from: key.0,
                to: key.1,
                occurrence: key.2,
                old: o,
                new: n,
                radius,
            };
            let admits = |s: Option<EdgeSide>, r: f64| s.map(|s| s.clearance >= r);
            let mut crossed = false;
            for (i, r) in radii.iter().enumerate() {
                let (was, is) = (admits(o, r.agent_radius), admits(n, r.agent_radius));
                match (was, is) {
                    (Some(true) | None, Some(false)) => {
                        changes.push(change(ChangeKind::Blocked, Some(i)));
                        crossed = true;
                    }
                    (Some(false), Some(true)) => {
                        changes.push(change(ChangeKind::Unblocked, Some(i)));
                        crossed = true;
                    }
                    _ => {}
                }
            }
            match (o, n) {
                (None, Some(_)) => changes.push(change(ChangeKind::Added, None)),
                (Some(_), None) => changes.push(change(ChangeKind::Removed, None)),
                (Some(a), Some(b)) if !crossed && options.differ(a.clearance, b.clearance) => {
                    changes.push(change(ChangeKind::Changed, None));
                }
                _ => {}
            }
        }
        changes.sort_by_key(|c| (c.kind, c.from, c.to, c.occurrence, c.radius));
        LevelDiff {
            radii: radii.to_vec(),
            changes,
        }
    }

    /// How many (edge, radius) pairs the change blocks: edges that admitted
    /// a checked radius and no longer do, and new edges that do not admit it.
    pub fn newly_blocked(&self) -> usize {
        self.count(ChangeKind::Blocked)
    }

    /// How many changes are of this kind.
    pub fn count(&self, kind: ChangeKind) -> usize {
        self.changes.iter().filter(|c| c.kind == kind).count()
    }
}

fn finite_or_null<S: serde::Serializer>(value: &f64, s: S) -> Result<S::Ok, S::Error> {
    if value.is_finite() {
        s.serialize_f64(*value)
    } else {
        s.serialize_none()
    }
}
