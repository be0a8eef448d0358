//! Searches for the parts near many boxes that lie close together (the
//! walking bodies of consecutive edges), sharing one walk of the tree.
//!
//! What [`Neighbourhood`](crate::obstacle_index::Neighbourhood) does for
//! the sphere check, for [`ObstacleIndex::parts_near_box`]: the buckets
//! meeting the box around a whole run of spots are gathered once, and
//! each spot then tests only those, by the very test its own walk would
//! have opened them by (a bucket's box meeting the spot's region). A leaf
//! the walk reaches meets the region, and one that meets it is inside
//! ancestors that meet it too, so the buckets are the walk's, in the walk's
//! order: the parts found, and their order, are the same.

use super::super::ObstacleIndex;
use super::super::bucket::Bucket;
use super::near_box::NearPart;
use crate::dimension::Space;
use crate::geometry::Point3;
use crate::obstacle3::Obstacle3;

/// A box as its lower and upper corners.
type Corners = (Point3, Point3);

/// The buckets meeting one box, gathered for the spots inside it; reused
/// from one box to the next (it keeps its list's allocation).
pub(crate) struct BoxNeighbourhood<'i> {
    index: &'i ObstacleIndex<Space>,
    /// The box the buckets were gathered around; `None` when there is no
    /// gathered list to use (nothing gathered yet, or too many buckets).
    around: Option<Corners>,
    buckets: Vec<&'i Bucket<Point3>>,
}

impl<'i> BoxNeighbourhood<'i> {
    /// An empty neighbourhood in `index`: until [`Self::gather`], every
    /// search walks the tree.
    pub(crate) fn new(index: &'i ObstacleIndex<Space>) -> Self {
        BoxNeighbourhood {
            index,
            around: None,
            buckets: Vec::new(),
        }
    }

    /// Gathers the buckets that meet the box `around`, unless there are
    /// more than `most` of them: then searches walk the tree, and this
    /// returns `false`.
    pub(crate) fn gather(&mut self, around: Corners, most: usize) -> bool {
        self.buckets.clear();
        self.around = None;
        if self.index.buckets_meeting(around, most, &mut self.buckets) {
            self.around = Some(around);
            true
        } else {
            self.buckets.clear();
            false
        }
    }

    /// What [`ObstacleIndex::parts_near_box`] appends for these arguments,
    /// in its order: from the gathered buckets when `within` lies inside
    /// the gathered box, by a walk of the tree otherwise.
    pub(crate) fn parts_near_box(
        &self,
        obstacles: &'i [Obstacle3],
        from: Corners,
        cutoff: f64,
        within: Corners,
        out: &mut Vec<NearPart<'i>>,
    ) {
        match self.around {
            Some(around) if contains(around, within) => self.index.parts_in(
                self.buckets.iter().copied(),
                obstacles,
                from,
                cutoff,
                within,
                out,
            ),
            _ => self
                .index
                .parts_near_box(obstacles, from, cutoff, within, out),
        }
    }
}

/// Whether the box `outer` holds the box `inner` (comparisons only).
fn contains((ol, ou): Corners, (il, iu): Corners) -> bool {
    ol.x <= il.x && ol.y <= il.y && ol.z <= il.z && iu.x <= ou.x && iu.y <= ou.y && iu.z <= ou.z
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::obstacle_index::tests_3d::scatter3;

    /// The parts as a comparable list: (obstacle, piece, bound bits), in
    /// order.
    fn keys(parts: &[NearPart<'_>]) -> Vec<(u32, u32, u64)> {
        parts
            .iter()
            .map(|p| (p.obstacle, p.piece, p.bound.to_bits()))
            .collect()
    }

    /// Boxes inside the gathered one get the walk's parts in the walk's
    /// order; boxes reaching outside it, and a neighbourhood that gathered
    /// too many, walk the tree (and so answer as it too).
    #[test]
    fn shared_searches_find_what_the_walk_finds() {
        // One tree, and shards of at least 4 buckets (several trees, walked
        // in turn).
        for (seed, offset, shard) in [(3u64, 0.0, usize::MAX), (5, 1e6, 4)] {
            let obstacles: Vec<Obstacle3> = scatter3(300, seed)
                .iter()
                .map(|o| o.translated(Point3::new(offset, offset, offset)).unwrap())
                .collect();
            let index = ObstacleIndex::<Space>::build_sharded(&obstacles, shard);
            let mut x = seed;
            let mut next = move || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 11) as f64 / (1u64 << 53) as f64
            };
            let mut hood = BoxNeighbourhood::new(&index);
            let (mut shared, mut found) = (0, 0);
            for round in 0..40 {
                let corner = |next: &mut dyn FnMut() -> f64| {
                    Point3::new(
                        next() * 80.0 + offset,
                        next() * 80.0 + offset,
                        next() * 80.0 + offset,
                    )
                };
                let lower = corner(&mut next);
                let size = next() * 30.0;
                let extent = Point3::new(size, size * next(), size * next());
                let upper = lower + extent;
                let most = if round % 5 == 0 { 2 } else { usize::MAX };
                let gathered = hood.gather((lower, upper), most);
                for _ in 0..8 {
                    // Mostly inside the gathered box, sometimes reaching out.
                    let reach = if next() < 0.8 { 1.0 } else { 1.5 };
                    let at = |u: f64, v: f64, w: f64| {
                        lower + Point3::new(u * extent.x, v * extent.y, w * extent.z) * reach
                    };
                    let (a, b) = (at(next(), next(), next()), at(next(), next(), next()));
                    let within = (
                        Point3::new(a.x.min(b.x), a.y.min(b.y), a.z.min(b.z)),
                        Point3::new(a.x.max(b.x), a.y.max(b.y), a.z.max(b.z)),
                    );
                    let from = (within.0 + Point3::new(1.0, 1.0, 1.0), within.1);
                    for cutoff in [0.0, 2.0, f64::INFINITY] {
                        let mut walked = Vec::new();
                        index.parts_near_box(&obstacles, from, cutoff, within, &mut walked);
                        let mut near = Vec::new();
                        hood.parts_near_box(&obstacles, from, cutoff, within, &mut near);
                        assert_eq!(keys(&near), keys(&walked), "seed {seed}, round {round}");
                        found += walked.len();
                    }
                    shared += usize::from(gathered && contains((lower, upper), within));
                }
            }
            assert!(shared > 50 && found > 100, "{shared} shared, {found} found");
        }
    }
}
