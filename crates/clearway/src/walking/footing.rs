//! The surfaces that held up the last spots a worker measured: a proof of
//! ground for the next spot without searching for it.
//!
//! Consecutive edges of a level mostly stand on the same floor. Where the
//! surfaces kept from the last search hold up the whole of the next edge
//! (the union of their intervals covers it), its ground is proved, and the
//! index needs searching only around the body, not around the ground
//! (the floor, and what stands on it below the body: most of the parts a
//! spot's search meets).
//!
//! The proof is exact, and gives the answer a full search gives: a kept
//! surface that holds up any of the edge has its box meet the ground's box
//! ([`ground_box`]), which is checked as the full search checks it, so a
//! full search would meet it too, and its interval is computed by the same
//! arithmetic; more intervals than a covering few cover still. Which
//! surfaces are kept (and so which worker measured what before) changes
//! only the work, never the answer.

use super::ground::{Surface, ground_box};
use super::profile::Walking;
use crate::geometry::{Point3, Segment};
use crate::obstacle_index::{NearPart, meets};

/// How many surfaces are kept: the floors of two rooms an edge joins, and
/// a ramp's or a step's.
const KEPT: usize = 4;

/// A kept surface: its part's box (as the index offers it) and the
/// surface.
type Kept = ((Point3, Point3), Surface);

/// The surfaces one worker keeps from one spot to the next.
#[derive(Clone, Debug, Default)]
pub(crate) struct Footing {
    kept: Vec<Kept>,
}

impl Footing {
    /// Whether the kept surfaces hold up the whole of `feet` within
    /// `walking.climb`: then the ground under it is `None`, as
    /// [`ground_from_parts`](super::ground::ground_from_parts) finds from
    /// any search around it.
    pub(crate) fn holds_up(&self, walking: &Walking, feet: Segment<Point3>) -> bool {
        if self.kept.is_empty() {
            return false;
        }
        let around = ground_box(walking, feet);
        let node = feet.a == feet.b;
        let mut held = [(0.0, 0.0); KEPT];
        let mut count = 0;
        for (envelope, surface) in &self.kept {
            if !meets(envelope.0, envelope.1, around) {
                continue;
            }
            // As the full search keeps them: a single point of an edge
            // (a ridge it crosses) holds nothing up.
            if let Some((lo, hi)) = surface.holds(feet, walking.climb)
                && (node || lo < hi)
            {
                held[count] = (lo, hi);
                count += 1;
            }
        }
        let held = &mut held[..count];
        held.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
        // Covered from 0 to 1 without a gap (a node: any surface holds its
        // point, whose interval is the whole range).
        let mut reached = 0.0f64;
        for &(lo, hi) in held.iter() {
            if lo > reached {
                return false;
            }
            reached = reached.max(hi);
        }
        count > 0 && (node || reached >= 1.0)
    }

    /// Keeps, of the surfaces among `near` whose box meets the ground's
    /// box of `feet`, the widest in plan (a room's floor before what
    /// stands on it), in place of the surfaces kept so far.
    pub(crate) fn keep_from(
        &mut self,
        walking: &Walking,
        feet: Segment<Point3>,
        near: &[NearPart<'_>],
    ) {
        let around = ground_box(walking, feet);
        self.kept.clear();
        let plan = |(l, u): (Point3, Point3)| (u.x - l.x) * (u.y - l.y);
        for part in near {
            if !meets(part.envelope.0, part.envelope.1, around) {
                continue;
            }
            let Some(surface) = Surface::of(&part.shape) else {
                continue;
            };
            let area = plan(part.envelope);
            if self.kept.len() < KEPT {
                self.kept.push((part.envelope, surface));
            } else if let Some(least) =
                (0..KEPT).min_by(|&i, &j| plan(self.kept[i].0).total_cmp(&plan(self.kept[j].0)))
                && plan(self.kept[least].0) < area
            {
                self.kept[least] = (part.envelope, surface);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{WalkingClearances, spot_in};
    use super::*;
    use crate::indices::{EdgeIdx, NodeIdx};
    use crate::{Level, Map, Space};

    /// A storey of floor tiles at two heights, some missing, ramps,
    /// furniture and beams, and a walk over it, far from the origin or
    /// not.
    fn storey(seed: u64, tiles: usize, steps: usize, at: f64) -> Map<Space> {
        let mut x = seed | 1;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as f64 / (1u64 << 53) as f64
        };
        let p = |x: f64, y: f64, z: f64| format!("({:?}, {:?}, {:?})", x + at, y + at, z + at);
        let mut obstacles = Vec::new();
        let height = |i: usize, j: usize| ((i * 7 + j * 3) % 4) as f64 * 0.125;
        for i in 0..tiles {
            for j in 0..tiles {
                if next() < 0.1 {
                    continue;
                }
                let (x, y, z) = (i as f64 * 2.0, j as f64 * 2.0, height(i, j));
                obstacles.push(format!(
                    "Box(min: {}, max: {})",
                    p(x, y, z - 0.2),
                    p(x + 2.0, y + 2.0, z)
                ));
                if next() < 0.3 {
                    let (fx, fy) = (x + next() * 1.5, y + next() * 1.5);
                    obstacles.push(format!(
                        "Box(min: {}, max: {})",
                        p(fx, fy, z),
                        p(fx + 0.5, fy + 0.5, z + next())
                    ));
                }
                if next() < 0.2 {
                    obstacles.push(format!(
                        "Triangle([{}, {}, {}])",
                        p(x, y, z),
                        p(x + 2.0, y, z + next()),
                        p(x, y + 2.0, z + next() * 0.5)
                    ));
                }
                if next() < 0.1 {
                    obstacles.push(format!(
                        "Segment(from: {}, to: {})",
                        p(x, y + next() * 2.0, z + 1.5),
                        p(x + 2.0, y + next() * 2.0, z + 1.5)
                    ));
                }
            }
        }
        let side = tiles as f64 * 2.0;
        let mut nodes = Vec::new();
        let (mut x, mut y) = (side / 2.0, side / 2.0);
        for id in 0..steps {
            // A walk: each step up to 1.5 along each axis, within the
            // storey, so that consecutive edges share their floor.
            x = (x + (next() - 0.5) * 3.0).clamp(0.0, side - 1e-3);
            y = (y + (next() - 0.5) * 3.0).clamp(0.0, side - 1e-3);
            let z = height((x / 2.0) as usize, (y / 2.0) as usize) + (next() * 4.0).floor() * 0.1;
            nodes.push(format!("(id: {id}, pos: {})", p(x, y, z)));
        }
        let edges: Vec<String> = (1..steps)
            .map(|i| format!("(from: {}, to: {i})", i - 1))
            .collect();
        let text = format!(
            "Map(agents: [(name: \"w\", radius: 0.2, height: 1.8, climb: 0.3)], nodes: [{}], edges: [{}], obstacles: [{}])",
            nodes.join(", "),
            edges.join(", "),
            obstacles.join(", ")
        );
        match Level::loader().read_str(&text, "storey.ron") {
            Ok(Level::Space(map)) => map,
            other => panic!("a 3D level: {other:?}"),
        }
    }

    /// Spots measured one after the other, the ground proved from the
    /// surfaces kept where it can be, are those measured each with nothing
    /// kept (a search around the ground every time), bit for bit.
    #[test]
    fn kept_surfaces_change_no_spot() {
        for (seed, tiles, steps, at) in
            [(3, 6, 300, 0.0), (5, 4, 200, 1e6), (9, 8, 400, -1e7 - 0.5)]
        {
            let map = storey(seed, tiles, steps, at);
            let walking = map.agents()[0].walking.expect("a walking agent");
            let measured = WalkingClearances::compute(&map, walking);
            let index = map.obstacle_index();
            let obstacles = map.obstacles();
            let parts_near = |from, cutoff, within, out: &mut Vec<_>| {
                index.parts_near_box(obstacles, from, cutoff, within, out)
            };
            let mut near = Vec::new();
            let mut kept = Footing::default();
            let (mut proved, mut held) = (0, 0);
            for (e, _) in map.edges().iter().enumerate() {
                let feet = map.edge_segment(EdgeIdx::new(e));
                let alone = spot_in(
                    parts_near,
                    &walking,
                    feet,
                    &mut near,
                    &mut Footing::default(),
                );
                assert_eq!(
                    measured.edge(EdgeIdx::new(e)),
                    &alone,
                    "edge {e}, seed {seed}"
                );
                // And one after the other on this thread, counting the
                // proofs, so that the test shows it exercises them.
                proved += usize::from(kept.holds_up(&walking, feet));
                let after = spot_in(parts_near, &walking, feet, &mut near, &mut kept);
                assert_eq!(after, alone, "edge {e}, seed {seed}, in turn");
                held += usize::from(alone.ground.is_none());
            }
            for (n, node) in map.nodes().iter().enumerate() {
                let feet = Segment::new(node.pos, node.pos);
                let alone = spot_in(
                    parts_near,
                    &walking,
                    feet,
                    &mut near,
                    &mut Footing::default(),
                );
                assert_eq!(
                    measured.node(NodeIdx::new(n)),
                    &alone,
                    "node {n}, seed {seed}"
                );
            }
            assert!(
                proved > 0 && proved < held,
                "seed {seed}: {proved} proved of {held} held up"
            );
        }
    }
}
