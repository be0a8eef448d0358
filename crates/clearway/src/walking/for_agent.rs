//! One walking agent's clearances in the form every search takes.
//!
//! Routes, widest routes, pruning, pictures and diffs all read a
//! [`Clearances`]: one value per edge and node, admitted by the rule of
//! [`admits`](crate::admits). A walking agent's verdict has two more parts
//! (the ground under it, the slope), both decided for its own radius, so
//! for one agent they fold into the value: an edge it cannot stand on or
//! climb is 0, every other edge keeps its body clearance. Then
//! `clearances.edge_admits(e, radius)` is exactly
//! [`WalkingClearances::edge_blocked`] being `None`, and every search
//! written for spheres answers for the walking agent.

use super::{WalkingClearances, WalkingSpot};
use crate::clearance::{Clearance, Clearances};
use crate::dimension::Space;
use crate::geometry::{Point3, Segment};
use crate::indices::{EdgeIdx, NodeIdx};
use crate::map::Map;

impl WalkingClearances {
    /// The clearances of an agent of this profile with radius `radius`:
    /// each edge's and node's body clearance, or 0 (without a witness)
    /// where it is too steep or lacks ground for that radius. The largest
    /// radius a widest route finds is then the largest body of this height
    /// and climb that can walk it, its ground and slopes judged for
    /// `radius`.
    ///
    /// ```
    /// use clearway::walking::WalkingClearances;
    /// use clearway::{EdgeIdx, Level, Router, NodeIdx};
    /// // Two floors with a gap of 0.5 between them: a bot of radius 0.3
    /// // falls in; the same body at radius 0.6 would step over it.
    /// let Level::Space(level) = Level::loader().read_str(r#"Map(
    ///     agents: [(name: "bot", radius: 0.3, height: 1.0, climb: 0.2)],
    ///     nodes: [(id: 0, pos: (0.0, 0.0, 0.0)), (id: 1, pos: (10.0, 0.0, 0.0))],
    ///     edges: [(from: 0, to: 1)],
    ///     obstacles: [
    ///         Box(min: (-1.0, -2.0, -1.0), max: (4.75, 2.0, 0.0)),
    ///         Box(min: (5.25, -2.0, -1.0), max: (11.0, 2.0, 0.0)),
    ///     ],
    /// )"#, "gap.ron")? else { panic!("a 3D level") };
    /// let bot = &level.agents()[0];
    /// let walk = WalkingClearances::compute(&level, bot.walking.unwrap());
    /// let for_bot = walk.for_agent(&level, bot.radius);
    /// assert_eq!(for_bot.edge(EdgeIdx::new(0)).value, 0.0);
    /// assert!(Router::new(&level, &for_bot)
    ///     .route(NodeIdx::new(0), NodeIdx::new(1), bot.radius)
    ///     .is_none());
    /// // The body alone would fit: nothing is above the floors.
    /// assert_eq!(walk.edge(EdgeIdx::new(0)).body.value, 0.4);
    /// assert!(walk.for_agent(&level, 0.6).edge(EdgeIdx::new(0)).value > 0.0);
    /// # Ok::<(), clearway::LoadError>(())
    /// ```
    pub fn for_agent(&self, map: &Map<Space>, radius: f64) -> Clearances<Space> {
        let fold = |spot: &WalkingSpot, footing_ok: bool| -> Clearance<Point3> {
            if footing_ok {
                spot.body
            } else {
                Clearance {
                    value: 0.0,
                    witness: None,
                }
            }
        };
        let edges = (0..map.edges().len())
            .map(|e| {
                let spot = self.edge(EdgeIdx::new(e));
                fold(spot, self.footing_ok(spot, radius, false))
            })
            .collect();
        let nodes = (0..map.nodes().len())
            .map(|n| {
                let spot = self.node(NodeIdx::new(n));
                fold(spot, self.footing_ok(spot, radius, true))
            })
            .collect();
        Clearances::from_parts(edges, nodes, map.slack())
    }

    /// The stretches without ground that block an agent of this profile
    /// with radius `radius` (at least `radius` long; every node's, whose
    /// stretch is its point), each as the segment of its edge it spans:
    /// what a picture draws.
    pub fn ground_gaps(&self, map: &Map<Space>, radius: f64) -> Vec<Segment<Point3>> {
        let edges = (0..map.edges().len()).filter_map(|e| {
            let e = EdgeIdx::new(e);
            let gap = self.edge(e).ground.filter(|g| g.length >= radius)?;
            let feet = map.edge_segment(e);
            // From where the stretch starts, its length along the edge.
            let along = if gap.of > 0.0 {
                gap.length / gap.of
            } else {
                0.0
            };
            Some(Segment::new(gap.from, gap.from + (feet.b - feet.a) * along))
        });
        let nodes = (0..map.nodes().len()).filter_map(|n| {
            let gap = self.node(NodeIdx::new(n)).ground?;
            Some(Segment::new(gap.from, gap.from))
        });
        edges.chain(nodes).collect()
    }

    /// Whether the agent can stand on and climb `spot` at `radius`: not
    /// too steep, and no stretch without ground it cannot step over (a
    /// node needs ground under its point).
    fn footing_ok(&self, spot: &WalkingSpot, radius: f64, node: bool) -> bool {
        spot.slope <= self.walking().max_slope
            && match spot.ground {
                Some(gap) => !node && gap.length < radius,
                None => true,
            }
    }
}
