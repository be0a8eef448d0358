//! Walking agents in a live level: each walking profile's spots (body
//! clearance with its witness, ground gap, slope; see
//! [`WalkingClearances`]) kept bit for bit what
//! [`WalkingClearances::compute`] gives on the level as it stands.
//!
//! A spot is measured from the parts the obstacle index offers in one box
//! (see [`spot_in`]): around the body's region (the feet's box grown
//! sideways by the widest body, from `climb` above the feet to `height`)
//! and the ground's (the feet's box, `climb` below and above). Every such
//! part lies in the feet's box grown by the widest body, from `climb`
//! below the lowest feet to `height` above the highest: the item's *reach
//! box*. An obstacle whose box misses it is not even
//! offered, so adding, removing, reshaping or moving it leaves the spot as
//! it is, bit for bit; a change to an obstacle measures again exactly the
//! spots whose reach box its old or new box meets (an R-tree of the reach
//! boxes finds them, as `reach.rs` does for spheres).
//!
//! A spot is measured again over the live obstacles: the parts the map's
//! index offers, less those of removed or reshaped obstacles, and the
//! parts of each added or reshaped obstacle from an index of its own,
//! renamed to the obstacle's index. The same parts with the same bounds
//! and the same (obstacle, piece) order as a fresh index over the level as
//! it stands offers, so the same measure, ties included.
//!
//! The reach box is the widest body's, not the body's at its current
//! clearance: it never changes with the spot, and it holds every part the
//! measure looks at, not only those that pinch (a part that pinched on the
//! way to the witness narrows the search's bracket, and so may move the
//! answer's last bit).

use std::collections::{BTreeMap, HashMap};

use rstar::{AABB, RTree};

use super::LiveLevel;
use super::obstacles::{Boxed, envelope_of, grown};
use super::report::{SpotChange, WalkingChanges};
use crate::dimension::{Dimension, Space};
use crate::geometry::{Point3, Segment};
use crate::indices::{EdgeIdx, NodeIdx};
use crate::obstacle_index::{NearPart, ObstacleIndex, TreeParams};
use crate::obstacle3::Obstacle3;
use crate::par::prelude::*;
use crate::walking::{Corners, Footing, Walking, WalkingClearances, WalkingSpot, spot_in};

/// Measured on all cores when at least this many spots are (a box dropped
/// over a whole room).
const PARALLEL_AT: usize = 64;

/// Edges or nodes, for the walking spots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Edges,
    Nodes,
}

/// The walking profiles a live level follows, and what it needs to measure
/// them over its obstacles.
#[derive(Debug, Default)]
pub(super) struct Walkers {
    /// One per distinct profile, in the order first followed.
    pub followed: Vec<Followed>,
    /// Each obstacle added or reshaped since the map loaded, indexed alone;
    /// kept only while some profile is followed.
    singles: HashMap<u32, Single>,
}

/// One obstacle with an index of its own.
#[derive(Debug)]
struct Single {
    index: ObstacleIndex<Space>,
    obstacle: Vec<Obstacle3>,
}

impl Single {
    fn new(obstacle: &Obstacle3) -> Single {
        let obstacle = vec![obstacle.clone()];
        Single {
            index: ObstacleIndex::build(&obstacle),
            obstacle,
        }
    }
}

/// One followed profile: its spots, and the reach boxes of its edges and
/// nodes.
#[derive(Debug)]
pub(super) struct Followed {
    pub clearances: WalkingClearances,
    edge_reach: WalkReach,
    node_reach: WalkReach,
}

/// The spots a batch of changes touched, as they were before it, for one
/// profile.
#[derive(Clone, Debug, Default)]
pub(super) struct SpotsBefore {
    pub edges: BTreeMap<usize, WalkingSpot>,
    pub nodes: BTreeMap<usize, WalkingSpot>,
}

/// The reach boxes of a profile's edges (or nodes), in an R-tree; each
/// item's box is remembered so that it can be taken out.
#[derive(Debug, Default)]
struct WalkReach {
    tree: RTree<Boxed<Point3>, TreeParams>,
    boxes: Vec<Option<AABB<Point3>>>,
}

impl WalkReach {
    /// The tree over the live items among `feet`.
    fn new(walking: &Walking, feet: impl Iterator<Item = Option<Segment<Point3>>>) -> WalkReach {
        let boxes: Vec<Option<AABB<Point3>>> =
            feet.map(|f| f.map(|f| reach_box(walking, f))).collect();
        let entries = boxes
            .iter()
            .enumerate()
            .filter_map(|(i, b)| {
                b.map(|envelope| Boxed {
                    id: i as u32,
                    envelope,
                })
            })
            .collect();
        WalkReach {
            tree: RTree::bulk_load_with_params(entries),
            boxes,
        }
    }

    fn insert(&mut self, i: usize, walking: &Walking, feet: Segment<Point3>) {
        if i >= self.boxes.len() {
            self.boxes.resize(i + 1, None);
        }
        let envelope = reach_box(walking, feet);
        self.tree.insert(Boxed {
            id: u32::try_from(i).expect("fewer than 2^32 items"),
            envelope,
        });
        self.boxes[i] = Some(envelope);
    }

    fn remove(&mut self, i: usize) {
        if let Some(envelope) = self.boxes.get_mut(i).and_then(Option::take) {
            self.tree.remove(&Boxed {
                id: i as u32,
                envelope,
            });
        }
    }

    fn near(&self, envelope: AABB<Point3>, out: &mut Vec<usize>) {
        out.extend(
            self.tree
                .locate_in_envelope_intersecting(envelope)
                .map(|b| b.id as usize),
        );
    }
}

/// The box that holds every part a spot of `feet` is measured from (see
/// the module's comment), with room for rounding.
fn reach_box(walking: &Walking, feet: Segment<Point3>) -> AABB<Point3> {
    let (a, b) = (feet.a, feet.b);
    let lower = Point3::new(a.x.min(b.x), a.y.min(b.y), a.z.min(b.z) - walking.climb);
    let upper = Point3::new(a.x.max(b.x), a.y.max(b.y), a.z.max(b.z) + walking.height);
    let scale = Space::scale(feet) + walking.height + walking.climb;
    grown::<Space>(
        AABB::from_corners(lower, upper),
        walking.widest_body(),
        scale,
    )
}

/// A box's corners as three coordinates each (a flat level's third is 0):
/// how generic code hands an obstacle's old box to the walking spots.
pub(super) fn corners<P: rstar::Point<Scalar = f64>>(envelope: &AABB<P>) -> [[f64; 3]; 2] {
    let (l, u) = (envelope.lower(), envelope.upper());
    let at = |p: &P, axis: usize| {
        if axis < P::DIMENSIONS {
            p.nth(axis)
        } else {
            0.0
        }
    };
    [
        [at(&l, 0), at(&l, 1), at(&l, 2)],
        [at(&u, 0), at(&u, 1), at(&u, 2)],
    ]
}

/// Whether two spots are the same, bit for bit.
fn same_spot(a: &WalkingSpot, b: &WalkingSpot) -> bool {
    a.body.value.to_bits() == b.body.value.to_bits()
        && a.body.witness == b.body.witness
        && a.ground == b.ground
        && a.slope.to_bits() == b.slope.to_bits()
}

impl LiveLevel<Space> {
    /// The parts of the live obstacles near a box, as an index over the
    /// level as it stands offers them (see the module's comment).
    fn live_parts_near<'a>(
        &'a self,
    ) -> impl Fn(Corners, f64, Corners, &mut Vec<NearPart<'a>>) + 'a {
        let map = &self.map;
        let obstacles = &self.obstacles;
        let singles = &self.walkers.singles;
        move |from, cutoff, within, out| {
            let start = out.len();
            map.obstacle_index()
                .parts_near_box(map.obstacles(), from, cutoff, within, out);
            if obstacles.any_retired() {
                let mut offered = out.split_off(start);
                offered.retain(|p| obstacles.in_base(p.obstacle as usize));
                out.append(&mut offered);
            }
            // Every part offered meets `within`: the changed obstacles whose
            // box meets it (with room for rounding) are all that can add one.
            let scale = Space::scale(Segment::new(within.0, within.1));
            let envelope = grown::<Space>(AABB::from_corners(within.0, within.1), 0.0, scale);
            for i in obstacles.changed_near(envelope) {
                let single = &singles[&(i as u32)];
                let first = out.len();
                single
                    .index
                    .parts_near_box(&single.obstacle, from, cutoff, within, out);
                for part in &mut out[first..] {
                    part.obstacle = i as u32;
                }
            }
        }
    }

    /// The spot of `feet` for `walking` over the live obstacles.
    fn live_spot(&self, walking: &Walking, feet: Segment<Point3>) -> WalkingSpot {
        // Nothing kept: the search reaches around the ground too, as the
        // reach boxes assume.
        let mut near = Vec::new();
        spot_in(
            self.live_parts_near(),
            walking,
            feet,
            &mut near,
            &mut Footing::default(),
        )
    }

    fn feet(&self, kind: Kind, k: usize) -> Segment<Point3> {
        match kind {
            Kind::Edges => self.edge_segment(k),
            Kind::Nodes => self.node_segment(k),
        }
    }

    fn live_item(&self, kind: Kind, k: usize) -> bool {
        match kind {
            Kind::Edges => !self.removed_edges[k],
            Kind::Nodes => !self.removed_nodes[k],
        }
    }

    /// Starts following `walking`'s spots, unless it is followed already:
    /// every edge and node measured over the live obstacles (removed ones
    /// too, as they stood when removed).
    pub(super) fn follow(&mut self, walking: Walking) {
        if self.walkers.position(&walking).is_some() {
            return;
        }
        if self.walkers.followed.is_empty() {
            let singles = self
                .obstacles
                .changed()
                .map(|(i, o)| (i as u32, Single::new(o)))
                .collect();
            self.walkers.singles = singles;
        }
        let clearances = if self.obstacles.slots() == self.map.obstacles().len()
            && !self.obstacles.any_retired()
            && self.edge_slots() == self.map.edges().len()
        {
            // Nothing changed yet: the map as loaded.
            WalkingClearances::compute(&self.map, walking)
        } else {
            let measure = |kind: Kind, count: usize| -> Vec<WalkingSpot> {
                (0..count)
                    .into_par_iter()
                    .map(|k| self.live_spot(&walking, self.feet(kind, k)))
                    .collect()
            };
            WalkingClearances::from_spots(
                walking,
                measure(Kind::Edges, self.edge_slots()),
                measure(Kind::Nodes, self.node_slots()),
            )
        };
        let reach = |kind: Kind, count: usize| {
            WalkReach::new(
                &walking,
                (0..count).map(|k| self.live_item(kind, k).then(|| self.feet(kind, k))),
            )
        };
        let followed = Followed {
            clearances,
            edge_reach: reach(Kind::Edges, self.edge_slots()),
            node_reach: reach(Kind::Nodes, self.node_slots()),
        };
        self.walkers.followed.push(followed);
    }

    /// Obstacle `i` was added, removed, reshaped or moved; its box was
    /// `old` (none when it was added, or was nowhere). Measures again every
    /// spot whose reach box its old or new box meets.
    pub(super) fn walk_obstacle(
        &mut self,
        i: usize,
        old: Option<[[f64; 3]; 2]>,
        before: &mut Vec<SpotsBefore>,
    ) {
        let key = u32::try_from(i).expect("fewer than 2^32 obstacles");
        self.walkers.singles.remove(&key);
        let now = self.obstacle(i).cloned();
        if let Some(shape) = &now {
            if !self.obstacles.in_base(i) {
                self.walkers.singles.insert(key, Single::new(shape));
            }
        }
        let mut boxes: Vec<AABB<Point3>> = Vec::new();
        if let Some([l, u]) = old {
            boxes.push(AABB::from_corners(
                Point3::new(l[0], l[1], l[2]),
                Point3::new(u[0], u[1], u[2]),
            ));
        }
        if let Some(envelope) = now.as_ref().and_then(envelope_of::<Space>) {
            boxes.push(envelope);
        }
        for p in 0..self.walkers.followed.len() {
            for kind in [Kind::Edges, Kind::Nodes] {
                let mut near = Vec::new();
                let followed = &self.walkers.followed[p];
                let reach = match kind {
                    Kind::Edges => &followed.edge_reach,
                    Kind::Nodes => &followed.node_reach,
                };
                for b in &boxes {
                    reach.near(*b, &mut near);
                }
                near.sort_unstable();
                near.dedup();
                near.retain(|&k| self.live_item(kind, k));
                self.remeasure(p, kind, &near, before);
            }
        }
    }

    /// Measures the spots `which` of profile `p` again, remembering what
    /// they were.
    fn remeasure(&mut self, p: usize, kind: Kind, which: &[usize], before: &mut Vec<SpotsBefore>) {
        let walking = *self.walkers.followed[p].clearances.walking();
        let measure = |&k: &usize| (k, self.live_spot(&walking, self.feet(kind, k)));
        let found: Vec<(usize, WalkingSpot)> = if which.len() >= PARALLEL_AT {
            which.par_iter().map(measure).collect()
        } else {
            which.iter().map(measure).collect()
        };
        if before.len() <= p {
            before.resize(p + 1, SpotsBefore::default());
        }
        let (edges, nodes) = self.walkers.followed[p].clearances.spots_mut();
        let (spots, was) = match kind {
            Kind::Edges => (edges, &mut before[p].edges),
            Kind::Nodes => (nodes, &mut before[p].nodes),
        };
        for (k, spot) in found {
            if !same_spot(&spots[k], &spot) {
                was.entry(k).or_insert(spots[k]);
                spots[k] = spot;
            }
        }
    }

    /// Item `k` (an edge or a node) was added: measured for every followed
    /// profile, and put in its reach tree.
    pub(super) fn walk_added(&mut self, kind: Kind, k: usize) {
        let feet = self.feet(kind, k);
        for p in 0..self.walkers.followed.len() {
            let walking = *self.walkers.followed[p].clearances.walking();
            let spot = self.live_spot(&walking, feet);
            let followed = &mut self.walkers.followed[p];
            let (edges, nodes) = followed.clearances.spots_mut();
            let (spots, reach) = match kind {
                Kind::Edges => (edges, &mut followed.edge_reach),
                Kind::Nodes => (nodes, &mut followed.node_reach),
            };
            debug_assert_eq!(spots.len(), k);
            spots.push(spot);
            reach.insert(k, &walking, feet);
        }
    }

    /// Item `k` was removed: out of every reach tree (its spot stays as it
    /// was).
    pub(super) fn walk_removed(&mut self, kind: Kind, k: usize) {
        for followed in &mut self.walkers.followed {
            match kind {
                Kind::Edges => followed.edge_reach.remove(k),
                Kind::Nodes => followed.node_reach.remove(k),
            }
        }
    }

    /// The clearances of a walking agent of profile `walking` and radius
    /// `agent_radius` on the level as it stands: its spots folded as
    /// [`WalkingClearances::for_agent`] folds them, under the live slack;
    /// `None` when the profile is not followed.
    pub(super) fn fold_for(
        &self,
        walking: &Walking,
        agent_radius: f64,
    ) -> Option<crate::Clearances<Space>> {
        let p = self.walkers.position(walking)?;
        let mut fold = self.walkers.followed[p]
            .clearances
            .for_agent(&self.map, agent_radius);
        fold.set_slack(self.clearances.slack());
        Some(fold)
    }
}

impl Walkers {
    /// The index of the followed profile `walking`, if it is followed.
    pub fn position(&self, walking: &Walking) -> Option<usize> {
        self.followed
            .iter()
            .position(|f| f.clearances.walking() == walking)
    }

    /// Whether an agent of followed profile `p` and radius `agent_radius`
    /// may use an edge with spot `spot` under `slack`: not too steep, its
    /// body fits, ground under it (whether the edge is live and open is
    /// the caller's).
    pub fn admits(&self, p: usize, spot: &WalkingSpot, agent_radius: f64, slack: f64) -> bool {
        self.followed[p]
            .clearances
            .spot_blocked(spot, agent_radius, slack, false)
            .is_none()
    }

    /// Edge `k`'s spot for followed profile `p` before a batch: as
    /// remembered, or as it is when the batch did not touch it.
    pub fn edge_before<'a>(
        &'a self,
        before: &'a [SpotsBefore],
        p: usize,
        k: usize,
    ) -> &'a WalkingSpot {
        before
            .get(p)
            .and_then(|b| b.edges.get(&k))
            .unwrap_or_else(|| self.followed[p].clearances.edge(EdgeIdx::new(k)))
    }

    /// The spots a batch changed, per followed profile: those of items
    /// live after it (`live_edge`, `live_node`) and not added by it
    /// (`added_edge`), whose spot differs from before, bit for bit.
    pub fn changes(
        &self,
        before: &[SpotsBefore],
        live_edge: impl Fn(usize) -> bool,
        live_node: impl Fn(usize) -> bool,
        added_edge: impl Fn(usize) -> bool,
    ) -> Vec<WalkingChanges> {
        let empty = SpotsBefore::default();
        self.followed
            .iter()
            .enumerate()
            .map(|(p, f)| {
                let was = before.get(p).unwrap_or(&empty);
                let edges = was
                    .edges
                    .iter()
                    .filter(|&(&k, _)| live_edge(k) && !added_edge(k))
                    .map(|(&k, was)| SpotChange {
                        index: EdgeIdx::new(k),
                        was: *was,
                        now: *f.clearances.edge(EdgeIdx::new(k)),
                    })
                    .filter(|c| !same_spot(&c.was, &c.now))
                    .collect();
                let nodes = was
                    .nodes
                    .iter()
                    .filter(|&(&k, _)| live_node(k))
                    .map(|(&k, was)| SpotChange {
                        index: NodeIdx::new(k),
                        was: *was,
                        now: *f.clearances.node(NodeIdx::new(k)),
                    })
                    .filter(|c| !same_spot(&c.was, &c.now))
                    .collect();
                WalkingChanges {
                    walking: *f.clearances.walking(),
                    edges,
                    nodes,
                }
            })
            .collect()
    }
}
