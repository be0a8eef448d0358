//! The edges and nodes a walking agent of some radius up to a bound cannot
//! pass: what `check` reports, found by a body search bounded by that
//! radius rather than by the widest body.
//!
//! A body clearance at least the bound admits every radius up to it, and
//! needs no more than "nothing pinches below the bound": the search looks
//! only at parts that near, and stops at the bound. Only the spots that
//! may block (too steep, a stretch without ground, a pinch below the
//! bound) are then measured whole, exactly as [`WalkingClearances`]
//! measures them, so every value reported is the one it reports.

use std::cmp::Ordering;
use std::ops::RangeInclusive;

use super::runs::{PartsNear, measure_in_runs};
use super::{Blocked, Footing, Walking, WalkingSpot, blocked, spot_in, spot_within};
use crate::dimension::Space;
use crate::geometry::{Point3, Segment};
use crate::indices::{EdgeIdx, NodeIdx};
use crate::map::Map;
use crate::obstacle_index::NearPart;

/// The spots of one walking profile that an agent of some radius in a
/// range cannot pass, each measured whole (its body clearance and
/// witness, its ground, its slope) as
/// [`WalkingClearances`](super::WalkingClearances) measures it, in map
/// order.
///
/// Where most of a level admits the agent, this is a fraction of the work
/// of measuring every spot whole: the body's search around each edge
/// reaches only the range's largest radius from it, not the widest body
/// the profile allows. What `clearway check --agent` uses.
///
/// ```
/// use clearway::walking::{WalkingClearances, WalkingTightSpots};
/// use clearway::{EdgeIdx, Level, NodeIdx};
/// // A floor, and a pillar 0.5 beside the middle of the edge.
/// let Level::Space(level) = Level::loader().read_str(r#"Map(
///     agents: [(name: "soldier", radius: 0.4, height: 1.8, climb: 0.35)],
///     nodes: [(id: 0, pos: (0.0, 0.0, 0.0)), (id: 1, pos: (10.0, 0.0, 0.0))],
///     edges: [(from: 0, to: 1)],
///     obstacles: [
///         Box(min: (-1.0, -2.0, -1.0), max: (11.0, 2.0, 0.0)),
///         Box(min: (4.5, 0.5, 0.0), max: (5.5, 1.5, 3.0)),
///     ],
/// )"#, "pillar.ron")? else { panic!("a 3D level") };
/// let soldier = level.agents()[0].walking.unwrap();
/// let tight = WalkingTightSpots::compute(&level, soldier, 0.4..=0.6);
/// // The body clearance is 0.5: radius 0.6 is blocked, 0.4 is not.
/// assert_eq!(tight.blocked_edges(0.6).count(), 1);
/// assert_eq!(tight.blocked_edges(0.4).count(), 0);
/// let (edge, spot, _) = tight.blocked_edges(0.6).next().unwrap();
/// let whole = WalkingClearances::compute(&level, soldier);
/// assert_eq!(spot, whole.edge(edge));
/// assert_eq!(spot.body.value, 0.5);
/// # Ok::<(), clearway::LoadError>(())
/// ```
#[derive(Clone, Debug)]
pub struct WalkingTightSpots {
    walking: Walking,
    radii: RangeInclusive<f64>,
    slack: f64,
    edges: Vec<(EdgeIdx, WalkingSpot)>,
    nodes: Vec<(NodeIdx, WalkingSpot)>,
}

impl WalkingTightSpots {
    /// Finds every edge and node of `map` that an agent of profile
    /// `walking` and some radius in `radii` cannot pass, on every core. A
    /// largest radius that is not a positive radius below
    /// [`Walking::widest_body`] (0, NaN, or wider) bounds nothing: every
    /// spot is then measured whole, and the answer is the same.
    pub fn compute<'m>(
        map: &'m Map<Space>,
        walking: Walking,
        radii: RangeInclusive<f64>,
    ) -> WalkingTightSpots {
        let (min_radius, max_radius) = (*radii.start(), *radii.end());
        let bound = (max_radius > 0.0 && max_radius < walking.widest_body()).then_some(max_radius);
        let slack = map.slack();
        // Each task keeps its list of parts, and the surfaces that held up
        // its last spot, from one spot to the next; runs of neighbours
        // share one walk of the index.
        let keep = |feet: Segment<Point3>,
                    parts_near: PartsNear<'_, 'm>,
                    near: &mut Vec<NearPart<'m>>,
                    footing: &mut Footing,
                    node: bool| {
            if let Some(bound) = bound {
                let quick = spot_within(parts_near, &walking, feet, bound, near, footing);
                // The body clearance is the bound where nothing pinches
                // below it: every radius up to the bound fits the body.
                let may_block = quick.slope > walking.max_slope
                    || blocks_on_ground(&quick, min_radius, node)
                    || quick.body.value < bound;
                if !may_block {
                    return None;
                }
                // A body that touches (0) is the whole measure's spot
                // already: the first part in (bound, key) order that
                // touches is the witness of both (every part that can
                // touch has bound 0, so the bounded search has it too),
                // the ground's box and the slope are the same. Measuring
                // it again would redo every part at bound 0 (an edge
                // through a wall or a floor meets many).
                if quick.body.value == 0.0 {
                    return Some(quick);
                }
            }
            let spot = spot_in(parts_near, &walking, feet, near, footing);
            let may_block = blocked(&walking, &spot, max_radius, slack, node).is_some()
                || blocks_on_ground(&spot, min_radius, node);
            may_block.then_some(spot)
        };
        let edges = measure_in_runs(
            map,
            &walking,
            map.edges().len(),
            |e| map.edge_segment(EdgeIdx::new(e)),
            |e, feet, parts_near, near, footing| {
                Some((
                    EdgeIdx::new(e),
                    keep(feet, parts_near, near, footing, false)?,
                ))
            },
        );
        let nodes = measure_in_runs(
            map,
            &walking,
            map.nodes().len(),
            |n| map.node_segment(NodeIdx::new(n)),
            |n, feet, parts_near, near, footing| {
                Some((
                    NodeIdx::new(n),
                    keep(feet, parts_near, near, footing, true)?,
                ))
            },
        );
        WalkingTightSpots {
            walking,
            radii,
            slack,
            edges,
            nodes,
        }
    }

    /// The profile measured for.
    pub fn walking(&self) -> &Walking {
        &self.walking
    }

    /// The edges that do not admit an agent of this profile with radius
    /// `agent_radius`, each with its spot and why, in map order: those
    /// for which [`WalkingClearances::edge_blocked`](super::WalkingClearances::edge_blocked)
    /// is not `None`.
    ///
    /// # Panics
    /// When `agent_radius` is outside the radii searched for (what blocks
    /// it was not looked for).
    pub fn blocked_edges(
        &self,
        agent_radius: f64,
    ) -> impl Iterator<Item = (EdgeIdx, &WalkingSpot, Blocked)> + '_ {
        self.assert_decides(agent_radius);
        self.edges
            .iter()
            .filter_map(move |(e, spot)| Some((*e, spot, self.blocked(spot, agent_radius, false)?)))
    }

    /// The nodes that do not admit the agent, as [`Self::blocked_edges`].
    ///
    /// # Panics
    /// As [`Self::blocked_edges`].
    pub fn blocked_nodes(
        &self,
        agent_radius: f64,
    ) -> impl Iterator<Item = (NodeIdx, &WalkingSpot, Blocked)> + '_ {
        self.assert_decides(agent_radius);
        self.nodes
            .iter()
            .filter_map(move |(n, spot)| Some((*n, spot, self.blocked(spot, agent_radius, true)?)))
    }

    fn blocked(&self, spot: &WalkingSpot, agent_radius: f64, node: bool) -> Option<Blocked> {
        blocked(&self.walking, spot, agent_radius, self.slack, node)
    }

    fn assert_decides(&self, agent_radius: f64) {
        assert!(
            self.radii.contains(&agent_radius) || self.radii.end().is_nan(),
            "walking tight spots of radii {:?} cannot decide radius {agent_radius}",
            self.radii
        );
    }
}

/// Whether the ground under `spot` blocks an agent of some radius at
/// least `min_radius`: a node with a point unheld blocks every radius, an
/// edge's stretch without ground every radius up to its length (a wider
/// agent steps over more). The rest of the verdict (the body, the slope)
/// blocks the largest radius whenever it blocks any.
fn blocks_on_ground(spot: &WalkingSpot, min_radius: f64, node: bool) -> bool {
    spot.ground
        .is_some_and(|gap| node || gap.length.partial_cmp(&min_radius) != Some(Ordering::Less))
}
