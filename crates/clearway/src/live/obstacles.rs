//! A live level's obstacles: the map's own, searched through the map's
//! R-tree, and those added or reshaped since, in a small R-tree of their
//! own that changes with them.
//!
//! Every obstacle keeps its index for life (removed ones are never reused),
//! so the tie rule, the lowest index at equal distance, picks what a fresh
//! computation over the level as it stands picks: that level lists the live
//! obstacles in index order.
//!
//! The map's R-tree is bulk loaded once and never changed: an obstacle
//! removed or reshaped since is *retired* from it (its parts are passed
//! over by the search, see `ObstacleIndex::nearest_among_alive`); a
//! reshaped one lives on, under the same index, in the tree of changed
//! obstacles. The nearest obstacle to an edge is the nearer of the two
//! searches' answers, the lower index on a tie: the minimum over every live
//! obstacle by (distance, index), which is what the full index finds.

use std::collections::HashMap;

use rstar::{AABB, Envelope, RTree, RTreeObject};

use crate::dimension::Dimension;
use crate::geometry::{Segment, Separation};
use crate::map::Map;
use crate::obstacle_index::{Nearest, TreeParams};

/// An item in one of a live level's R-trees: its index (an obstacle's, an
/// edge's or a node's) and its box.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Boxed<P: rstar::Point> {
    pub id: u32,
    pub envelope: AABB<P>,
}

impl<P: rstar::Point> RTreeObject for Boxed<P> {
    type Envelope = AABB<P>;

    fn envelope(&self) -> AABB<P> {
        self.envelope.clone()
    }
}

/// The obstacles of a live level, by index: the map's (`0..base`), then
/// those added since.
#[derive(Debug)]
pub(super) struct LiveObstacles<D: Dimension> {
    /// How many obstacles the map had: indices below are the map's.
    base: usize,
    /// The map's obstacles still searched through its R-tree: neither
    /// removed nor reshaped.
    in_base: Vec<bool>,
    /// The shapes of obstacles added or reshaped since, by index; a
    /// removed one has none.
    changed: HashMap<u32, D::Obstacle>,
    /// The changed obstacles' boxes (those with any: a mesh without
    /// triangles is nowhere).
    tree: RTree<Boxed<D::Point>, TreeParams>,
    /// The next index to give.
    next: usize,
    /// How many obstacles are live.
    live: usize,
    /// How many of the map's obstacles are no longer searched through its
    /// R-tree.
    retired: usize,
}

impl<D: Dimension> LiveObstacles<D> {
    /// The map's obstacles, every one live.
    pub fn new(map: &Map<D>) -> LiveObstacles<D> {
        let base = map.obstacles().len();
        LiveObstacles {
            base,
            in_base: vec![true; base],
            changed: HashMap::new(),
            tree: RTree::new_with_params(),
            next: base,
            live: base,
            retired: 0,
        }
    }

    /// How many obstacles are live.
    pub fn live_count(&self) -> usize {
        self.live
    }

    /// How many indices have been given: the next added obstacle's.
    pub fn slots(&self) -> usize {
        self.next
    }

    /// Obstacle `i`'s shape, `None` when it was removed or never was.
    pub fn get<'a>(&'a self, map: &'a Map<D>, i: usize) -> Option<&'a D::Obstacle> {
        if i < self.base && self.in_base[i] {
            return map.obstacles().get(i);
        }
        self.changed.get(&u32::try_from(i).ok()?)
    }

    /// Every live obstacle with its index, in index order.
    pub fn iter<'a>(
        &'a self,
        map: &'a Map<D>,
    ) -> impl Iterator<Item = (usize, &'a D::Obstacle)> + 'a {
        (0..self.next).filter_map(move |i| self.get(map, i).map(|o| (i, o)))
    }

    /// Whether obstacle `i` is one of the map's, searched through its
    /// R-tree (not removed, not reshaped).
    pub fn in_base(&self, i: usize) -> bool {
        i < self.base && self.in_base[i]
    }

    /// Whether some of the map's obstacles are no longer searched through
    /// its R-tree.
    pub fn any_retired(&self) -> bool {
        self.retired > 0
    }

    /// The obstacles added or reshaped since the map loaded, with their
    /// indices, in no particular order.
    pub fn changed(&self) -> impl Iterator<Item = (usize, &D::Obstacle)> + '_ {
        self.changed.iter().map(|(&i, o)| (i as usize, o))
    }

    /// The indices of the obstacles added or reshaped since whose boxes
    /// meet `envelope`.
    pub fn changed_near(&self, envelope: AABB<D::Point>) -> impl Iterator<Item = usize> + '_ {
        self.tree
            .locate_in_envelope_intersecting(envelope)
            .map(|c| c.id as usize)
    }

    /// Adds an obstacle under the next index, which it returns.
    pub fn add(&mut self, obstacle: D::Obstacle) -> usize {
        let i = self.next;
        self.next += 1;
        self.live += 1;
        self.put(i, obstacle);
        i
    }

    /// Removes obstacle `i` (live), returning its shape.
    pub fn remove(&mut self, map: &Map<D>, i: usize) -> D::Obstacle {
        self.live -= 1;
        self.take(map, i)
    }

    /// Gives obstacle `i` (live) a new shape, returning the old one.
    pub fn replace(&mut self, map: &Map<D>, i: usize, obstacle: D::Obstacle) -> D::Obstacle {
        let old = self.take(map, i);
        self.put(i, obstacle);
        old
    }

    /// Takes obstacle `i` (live) out of whichever tree holds it.
    fn take(&mut self, map: &Map<D>, i: usize) -> D::Obstacle {
        if i < self.base && self.in_base[i] {
            self.in_base[i] = false;
            self.retired += 1;
            return map.obstacles()[i].clone();
        }
        let key = i as u32;
        let old = self.changed.remove(&key).expect("a live obstacle");
        if let Some(envelope) = envelope_of::<D>(&old) {
            self.tree.remove(&Boxed { id: key, envelope });
        }
        old
    }

    /// Puts `obstacle` under index `i` in the tree of changed obstacles.
    fn put(&mut self, i: usize, obstacle: D::Obstacle) {
        let key = u32::try_from(i).expect("fewer than 2^32 obstacles");
        if let Some(envelope) = envelope_of::<D>(&obstacle) {
            self.tree.insert(Boxed { id: key, envelope });
        }
        self.changed.insert(key, obstacle);
    }

    /// The live obstacle nearest to `edge` when it is within `cutoff`
    /// (infinity: any), as the index over the level as it stands finds it:
    /// the lowest index on a tie. `None` when none is that near.
    pub fn nearest(
        &self,
        map: &Map<D>,
        edge: Segment<D::Point>,
        cutoff: f64,
    ) -> Option<Nearest<D::Point>> {
        let in_base = &self.in_base;
        let index = map.obstacle_index();
        let from_base = if self.base == 0 {
            None
        } else if self.retired == 0 {
            // Nothing retired: the search without the lookup per part.
            index.nearest_among_alive(map.obstacles(), edge, cutoff, |_| true)
        } else {
            index.nearest_among_alive(map.obstacles(), edge, cutoff, |i| in_base[i as usize])
        };
        let mut best = from_base;
        if self.tree.size() == 0 {
            return best;
        }
        // Only a changed obstacle whose box is within the best distance so
        // far (and the cutoff) may win or tie.
        let reach = best.map_or(cutoff, |b| b.separation.distance.min(cutoff));
        let mut consider = |c: &Boxed<D::Point>| {
            let shape = &self.changed[&c.id];
            let separation = D::separation(shape, edge);
            if separation.distance <= cutoff && beats(&separation, c.id as usize, best.as_ref()) {
                best = Some(Nearest {
                    obstacle: c.id as usize,
                    separation,
                });
            }
        };
        if reach == f64::INFINITY {
            self.tree.iter().for_each(&mut consider);
        } else {
            let around = grown::<D>(segment_envelope::<D>(edge), reach, D::scale(edge));
            self.tree
                .locate_in_envelope_intersecting(around)
                .for_each(&mut consider);
        }
        best
    }
}

/// Whether a separation from obstacle `obstacle` beats the best so far by
/// the tie rule: nearer, or as near with a lower index. An obstacle that is
/// nowhere (infinitely far) never counts.
pub(super) fn beats<P>(
    separation: &Separation<P>,
    obstacle: usize,
    best: Option<&Nearest<P>>,
) -> bool {
    if separation.distance == f64::INFINITY {
        return false;
    }
    match best {
        None => true,
        Some(b) => match separation.distance.total_cmp(&b.separation.distance) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Equal => obstacle < b.obstacle,
            std::cmp::Ordering::Greater => false,
        },
    }
}

/// The box around an obstacle: the union of its parts' boxes as the index
/// cuts it; `None` for an obstacle with no parts (a mesh without
/// triangles), which is nowhere.
pub(super) fn envelope_of<D: Dimension>(obstacle: &D::Obstacle) -> Option<AABB<D::Point>> {
    let mut envelope = D::point_obstacle(obstacle).map(AABB::from_point);
    for piece in D::pieces(obstacle) {
        let part = D::part_envelope(&D::piece(0, obstacle, piece));
        envelope = Some(match envelope {
            Some(e) => e.merged(&part),
            None => part,
        });
    }
    envelope
}

/// The box around a segment.
pub(super) fn segment_envelope<D: Dimension>(edge: Segment<D::Point>) -> AABB<D::Point> {
    let (lower, upper) = D::segment_bounds(edge);
    AABB::from_corners(lower, upper)
}

/// `envelope` grown by `by` on every side, and by a little more: enough to
/// hold every point whose distance to what the box bounds is computed as at
/// most `by`, whatever the rounding of that computation (a relative 1e-9
/// of the distance and of `scale`, the coordinates' magnitude, far above
/// the few units in the last place it may be off by). Too large a box only
/// costs a measure more.
pub(super) fn grown<D: Dimension>(envelope: AABB<D::Point>, by: f64, scale: f64) -> AABB<D::Point> {
    use rstar::Point as _;
    let margin = by + 1e-9 * (by + scale) + f64::MIN_POSITIVE;
    let (lower, upper) = (envelope.lower(), envelope.upper());
    AABB::from_corners(
        D::Point::generate(|axis| lower.nth(axis) - margin),
        D::Point::generate(|axis| upper.nth(axis) + margin),
    )
}
