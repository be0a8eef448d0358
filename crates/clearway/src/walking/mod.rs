//! Walking agents: agents with a height, a step they climb and a slope
//! they walk, in 3D levels.
//!
//! An agent profile with a `height` is a walking agent ([`Walking`]); one
//! without is a sphere, measured by [`Clearances`](crate::Clearances) as
//! ever. A walking agent's waypoints are at its feet, and an edge admits it
//! when three things hold:
//!
//! - its **body** (an upright capsule, see [`Walking`]) swept along the
//!   edge touches no obstacle: the edge's walking clearance for that
//!   height and climb (the largest radius whose body fits, at most
//!   [`Walking::widest_body`]) is > 0 and at least the agent's radius,
//!   under the rule [`crate::admits`] states;
//! - there is **ground** under it: no stretch of the edge as long as the
//!   agent's radius, or longer, lacks a surface within `climb` of the feet
//!   (a node needs ground under its point);
//! - it is **not too steep**: its angle above the horizontal is at most the
//!   profile's `max_slope`.
//!
//! [`WalkingClearances`] measures every edge and node of a level for one
//! profile's height and climb; the radius and the slope are then
//! comparisons, as for spheres.
//!
//! ```
//! use clearway::walking::{WalkingClearances, Blocked};
//! use clearway::{EdgeIdx, Level};
//! // A floor, a beam 1.6 above it across the corridor, and a soldier
//! // 1.8 tall: the beam is below the top of his head.
//! let Level::Space(level) = Level::loader().read_str(r#"Map(
//!     agents: [(name: "soldier", radius: 0.4, height: 1.8, climb: 0.35),
//!              (name: "bot", radius: 0.3, height: 1.0, climb: 0.2)],
//!     nodes: [(id: 0, pos: (0.0, 0.0, 0.0)), (id: 1, pos: (10.0, 0.0, 0.0))],
//!     edges: [(from: 0, to: 1)],
//!     obstacles: [
//!         Box(min: (-1.0, -2.0, -1.0), max: (11.0, 2.0, 0.0)),
//!         Segment(from: (5.0, -2.0, 1.6), to: (5.0, 2.0, 1.6)),
//!     ],
//! )"#, "beam.ron")? else { panic!("a 3D level") };
//! let soldier = level.agents()[0].walking.unwrap();
//! let walk = WalkingClearances::compute(&level, soldier);
//! assert_eq!(walk.edge(EdgeIdx::new(0)).body.value, 0.0);
//! // The bot, 1 tall, passes under it: its body tops out at 1.0, 0.6 below
//! // the beam, and its widest body is (1 - 0.2) / 2 = 0.4.
//! let bot = &level.agents()[1];
//! let walk = WalkingClearances::compute(&level, bot.walking.unwrap());
//! assert_eq!(walk.edge(EdgeIdx::new(0)).body.value, 0.4);
//! assert_eq!(walk.edge_blocked(&level, EdgeIdx::new(0), bot.radius), None);
//! # Ok::<(), clearway::LoadError>(())
//! ```

mod body;
mod footing;
mod for_agent;
mod ground;
mod local;
mod profile;
mod runs;
mod sweep;
mod tight;

pub(crate) use footing::Footing;
pub use ground::GroundGap;
pub use profile::Walking;
use runs::{PartsNear, measure_in_runs};
pub use tight::WalkingTightSpots;

use crate::clearance::{Clearance, admits};
use crate::dimension::Space;
use crate::geometry::{Point3, Segment};
use crate::indices::{EdgeIdx, NodeIdx};
use crate::map::Map;
use crate::obstacle_index::NearPart;

/// What a walking agent meets on one edge or node, for one profile's
/// height and climb.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WalkingSpot {
    /// The largest radius whose body fits, at most
    /// [`Walking::widest_body`], and the obstacle that pinches it (`None`
    /// when nothing does below the widest body). The witness's edge point
    /// is the point of the body's core nearest the obstacle.
    pub body: Clearance<Point3>,
    /// The longest stretch with no ground under it, if any.
    pub ground: Option<GroundGap>,
    /// The angle above the horizontal, in degrees (0 for a node).
    pub slope: f64,
}

/// Why an edge or node does not admit a walking agent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Blocked {
    /// The body touches an obstacle: the walking clearance (with its
    /// witness) is 0 or below the radius.
    Body(Clearance<Point3>),
    /// A stretch at least as long as the radius has no ground under it.
    NoGround(GroundGap),
    /// The edge is steeper than the profile's `max_slope` (degrees).
    TooSteep(f64),
}

/// Every edge's and node's [`WalkingSpot`] for one walking profile.
#[derive(Clone, Debug)]
pub struct WalkingClearances {
    walking: Walking,
    edges: Vec<WalkingSpot>,
    nodes: Vec<WalkingSpot>,
}

impl WalkingClearances {
    /// Measures every edge and node of `map` for `walking`, on every core.
    pub fn compute<'m>(map: &'m Map<Space>, walking: Walking) -> WalkingClearances {
        // Each task keeps its list of parts, and the surfaces that held up
        // its last spot, from one spot to the next; runs of neighbours
        // share one walk of the index.
        let spot = |_,
                    feet,
                    parts_near: PartsNear<'_, 'm>,
                    near: &mut Vec<NearPart<'m>>,
                    footing: &mut Footing| {
            Some(spot_in(parts_near, &walking, feet, near, footing))
        };
        let edges = measure_in_runs(
            map,
            &walking,
            map.edges().len(),
            |e| map.edge_segment(EdgeIdx::new(e)),
            spot,
        );
        let nodes = measure_in_runs(
            map,
            &walking,
            map.nodes().len(),
            |n| map.node_segment(NodeIdx::new(n)),
            spot,
        );
        WalkingClearances {
            walking,
            edges,
            nodes,
        }
    }

    /// Spots measured elsewhere (a live level's), for `walking`.
    pub(crate) fn from_spots(
        walking: Walking,
        edges: Vec<WalkingSpot>,
        nodes: Vec<WalkingSpot>,
    ) -> WalkingClearances {
        WalkingClearances {
            walking,
            edges,
            nodes,
        }
    }

    /// The edges' and nodes' spots, for a live level to keep current.
    pub(crate) fn spots_mut(&mut self) -> (&mut Vec<WalkingSpot>, &mut Vec<WalkingSpot>) {
        (&mut self.edges, &mut self.nodes)
    }

    /// Why `spot` (a node's when `node`) does not admit an agent of this
    /// profile with radius `radius` under slack `slack`, as
    /// [`Self::edge_blocked`] says; for a level whose slack is its own (a
    /// live level's).
    pub(crate) fn spot_blocked(
        &self,
        spot: &WalkingSpot,
        radius: f64,
        slack: f64,
        node: bool,
    ) -> Option<Blocked> {
        blocked(&self.walking, spot, radius, slack, node)
    }

    /// The profile measured for.
    pub fn walking(&self) -> &Walking {
        &self.walking
    }

    /// One edge's spot.
    pub fn edge(&self, e: EdgeIdx) -> &WalkingSpot {
        &self.edges[e.get()]
    }

    /// One node's spot.
    pub fn node(&self, n: NodeIdx) -> &WalkingSpot {
        &self.nodes[n.get()]
    }

    /// Why edge `e` does not admit an agent of this profile with radius
    /// `radius`, or `None` when it does: too steep first, then the body,
    /// then the ground. `map` gives the slack ([`Map::slack`]).
    pub fn edge_blocked(&self, map: &Map<Space>, e: EdgeIdx, radius: f64) -> Option<Blocked> {
        blocked(&self.walking, self.edge(e), radius, map.slack(), false)
    }

    twin_pub! {
        /// Why node `n` does not admit the agent, as [`Self::edge_blocked`]:
        /// its body, or no ground under it.
        fn node_blocked(&self, map: &Map<Space>, n: NodeIdx, radius: f64) -> Option<Blocked> {
            blocked(&self.walking, self.node(n), radius, map.slack(), true)
        }
    }
}

/// A box as its lower and upper corners.
pub(crate) type Corners = (Point3, Point3);

/// One spot of `feet` for `walking`: what [`WalkingClearances::compute`]
/// measures, from the parts `parts_near(from, cutoff, within, out)` offers
/// as [`ObstacleIndex::parts_near_box`](crate::obstacle_index::ObstacleIndex)
/// does (the map's index, or a live level's obstacles).
///
/// One search serves the body and the ground: the parts meeting the box
/// around both regions, their bounds measured from the core's box. Where
/// the surfaces `footing` kept from the last spot hold up the whole of
/// `feet`, the ground is proved and the search reaches around the body
/// only; otherwise `footing` keeps this spot's widest surfaces.
pub(crate) fn spot_in<'a>(
    parts_near: impl Fn(Corners, f64, Corners, &mut Vec<NearPart<'a>>),
    walking: &Walking,
    feet: Segment<Point3>,
    near: &mut Vec<NearPart<'a>>,
    footing: &mut Footing,
) -> WalkingSpot {
    spot_within(
        parts_near,
        walking,
        feet,
        walking.widest_body(),
        near,
        footing,
    )
}

/// [`spot_in`] with the body's search bounded by `widest` (at most the
/// profile's widest body): the body clearance is exact below `widest`, and
/// `widest` itself where nothing pinches below it.
pub(crate) fn spot_within<'a>(
    parts_near: impl Fn(Corners, f64, Corners, &mut Vec<NearPart<'a>>),
    walking: &Walking,
    feet: Segment<Point3>,
    widest: f64,
    near: &mut Vec<NearPart<'a>>,
    footing: &mut Footing,
) -> WalkingSpot {
    let region = body::body_region(walking, feet, widest);
    near.clear();
    let ground = if footing.holds_up(walking, feet) {
        // The body keeps only the parts meeting its region within
        // `widest`: the same whether searched for alone or with the
        // ground's.
        parts_near(region.core, widest, region.region, near);
        None
    } else {
        let (gl, gu) = ground::ground_box(walking, feet);
        let (bl, bu) = region.region;
        let around = (
            Point3::new(gl.x.min(bl.x), gl.y.min(bl.y), gl.z.min(bl.z)),
            Point3::new(gu.x.max(bu.x), gu.y.max(bu.y), gu.z.max(bu.z)),
        );
        parts_near(region.core, f64::INFINITY, around, near);
        footing.keep_from(walking, feet, near);
        ground::ground_from_parts(walking, feet, near)
    };
    WalkingSpot {
        ground,
        body: body::body_from_parts(walking, feet, widest, near),
        slope: Walking::slope(feet),
    }
}

/// The verdict for one spot. [`WalkingClearances::for_agent`] folds the
/// same footing rule (slope and ground) into a clearance of 0.
fn blocked(
    walking: &Walking,
    spot: &WalkingSpot,
    radius: f64,
    slack: f64,
    node: bool,
) -> Option<Blocked> {
    if spot.slope > walking.max_slope {
        return Some(Blocked::TooSteep(spot.slope));
    }
    if !admits(spot.body.value, radius, slack) {
        return Some(Blocked::Body(spot.body));
    }
    match spot.ground {
        Some(gap) if node || gap.length >= radius => Some(Blocked::NoGround(gap)),
        _ => None,
    }
}
