//! A packed R-tree: boxes laid out once, sorted by position (sort-tile-
//! recursive), in flat arrays; a box can be taken out, never put in.
//!
//! The reach tree holds every edge and node of the level, and almost all of
//! them keep their box for life (only a clearance that grows takes its box
//! out). An R-tree that can change (rstar's) keeps each box in a node slot
//! as large as an inner node (48 bytes for a 28-byte box in 3D) and walks
//! down through a stack of every child it has not yet tested; here a box
//! takes its own size, the leaves of one parent lie side by side, and the
//! walk tests each child before going down. A box taken out is made empty
//! (NaN corners, which meet nothing): its parents' boxes stay as they were,
//! which holds it still and so only tests more.

use rstar::Point;

/// How many children a node has (the last of a level may have fewer).
const FANOUT: usize = 16;

/// A box in single precision: its lower and upper corners. NaN corners
/// make an empty box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Bounds<N> {
    pub lower: N,
    pub upper: N,
}

impl<N: Point<Scalar = f32> + Copy> Bounds<N> {
    /// Whether the two boxes meet (touching counts); an empty box meets
    /// nothing.
    #[inline]
    fn meets(&self, other: &Bounds<N>) -> bool {
        (0..N::DIMENSIONS).all(|axis| {
            self.lower.nth(axis) <= other.upper.nth(axis)
                && self.upper.nth(axis) >= other.lower.nth(axis)
        })
    }

    /// Whether `other` lies wholly inside this box (touching counts); an
    /// empty box holds nothing and lies in nothing. A node's box is the
    /// union of its children's, so it holds every leaf under it: taking a
    /// leaf out need go down only the nodes that hold its box.
    #[inline]
    fn contains(&self, other: &Bounds<N>) -> bool {
        (0..N::DIMENSIONS).all(|axis| {
            self.lower.nth(axis) <= other.lower.nth(axis)
                && self.upper.nth(axis) >= other.upper.nth(axis)
        })
    }

    /// The box that meets nothing.
    fn empty() -> Bounds<N> {
        Bounds {
            lower: N::generate(|_| f32::NAN),
            upper: N::generate(|_| f32::NAN),
        }
    }

    /// The smallest box holding every box of `all` (at least one).
    fn around<'a>(mut all: impl Iterator<Item = &'a Bounds<N>>) -> Bounds<N>
    where
        N: 'a,
    {
        let first = *all.next().expect("a node has a child");
        all.fold(first, |b, c| Bounds {
            lower: N::generate(|axis| b.lower.nth(axis).min(c.lower.nth(axis))),
            upper: N::generate(|axis| b.upper.nth(axis).max(c.upper.nth(axis))),
        })
    }

    /// Twice the centre on `axis`: the key the layout sorts by.
    fn centre_2(&self, axis: usize) -> f32 {
        self.lower.nth(axis) + self.upper.nth(axis)
    }
}

/// Boxes with ids, packed (see the module's doc).
#[derive(Debug)]
pub(super) struct Packed<N> {
    /// The ids and boxes, each run of [`FANOUT`] near together.
    leaves: Vec<(u32, Bounds<N>)>,
    /// The nodes' boxes, level by level from the one above the leaves:
    /// node `j` of a level holds children `j * FANOUT ..` of the level
    /// below (the leaves, for the first). The last level has one node
    /// (none when there are no leaves).
    levels: Vec<Vec<Bounds<N>>>,
}

impl<N: Point<Scalar = f32> + Copy> Packed<N> {
    /// The packed tree of `leaves` (ids and non-empty boxes).
    pub fn new(mut leaves: Vec<(u32, Bounds<N>)>) -> Packed<N> {
        leaves.shrink_to_fit();
        tile(&mut leaves, 0);
        let mut levels: Vec<Vec<Bounds<N>>> = Vec::new();
        let mut level: Vec<Bounds<N>> = leaves
            .chunks(FANOUT)
            .map(|run| Bounds::around(run.iter().map(|(_, b)| b)))
            .collect();
        while level.len() > 1 {
            let above = level
                .chunks(FANOUT)
                .map(|run| Bounds::around(run.iter()))
                .collect();
            levels.push(level);
            level = above;
        }
        if !level.is_empty() {
            levels.push(level);
        }
        Packed { leaves, levels }
    }

    /// Calls `found` with the id of every box that meets `query`, in no
    /// particular order.
    pub fn for_each_meeting(&self, query: &Bounds<N>, found: &mut impl FnMut(u32)) {
        let Some(top) = self.levels.len().checked_sub(1) else {
            return;
        };
        for (j, node) in self.levels[top].iter().enumerate() {
            if node.meets(query) {
                self.visit(top, j, query, found);
            }
        }
    }

    /// Node `j` of level `level`, whose box meets `query`: its children.
    fn visit(&self, level: usize, j: usize, query: &Bounds<N>, found: &mut impl FnMut(u32)) {
        let first = j * FANOUT;
        if level == 0 {
            let last = (first + FANOUT).min(self.leaves.len());
            for (id, bounds) in &self.leaves[first..last] {
                if bounds.meets(query) {
                    found(*id);
                }
            }
        } else {
            let below = &self.levels[level - 1];
            let last = (first + FANOUT).min(below.len());
            for (c, bounds) in below[first..last].iter().enumerate() {
                if bounds.meets(query) {
                    self.visit(level - 1, first + c, query, found);
                }
            }
        }
    }

    /// Takes out the box of `id`, which is `bounds` as it was put in;
    /// false when it is not here (taken out before, or never in).
    pub fn take_out(&mut self, id: u32, bounds: &Bounds<N>) -> bool {
        let Some(top) = self.levels.len().checked_sub(1) else {
            return false;
        };
        let at = (0..self.levels[top].len())
            .filter(|&j| self.levels[top][j].contains(bounds))
            .find_map(|j| self.find(top, j, id, bounds));
        match at {
            Some(at) => {
                self.leaves[at].1 = Bounds::empty();
                true
            }
            None => false,
        }
    }

    /// Where under node `j` of level `level` (whose box holds `bounds`)
    /// the leaf of `id` with box `bounds` is.
    fn find(&self, level: usize, j: usize, id: u32, bounds: &Bounds<N>) -> Option<usize> {
        let first = j * FANOUT;
        if level == 0 {
            let last = (first + FANOUT).min(self.leaves.len());
            return (first..last).find(|&at| self.leaves[at] == (id, *bounds));
        }
        let below = &self.levels[level - 1];
        let last = (first + FANOUT).min(below.len());
        (first..last)
            .filter(|&c| below[c].contains(bounds))
            .find_map(|c| self.find(level - 1, c, id, bounds))
    }
}

/// Sorts `leaves` so that each run of [`FANOUT`] is near together: by
/// centre on `axis` into slabs, each slab by the next axis, and so on
/// (sort-tile-recursive).
fn tile<N: Point<Scalar = f32> + Copy>(leaves: &mut [(u32, Bounds<N>)], axis: usize) {
    leaves.sort_unstable_by(|a, b| a.1.centre_2(axis).total_cmp(&b.1.centre_2(axis)));
    let axes_left = N::DIMENSIONS - axis;
    if axes_left == 1 {
        return;
    }
    let runs = leaves.len().div_ceil(FANOUT);
    let slabs = ((runs as f64).powf(1.0 / axes_left as f64).ceil() as usize).max(1);
    let slab = runs.div_ceil(slabs).max(1) * FANOUT;
    for part in leaves.chunks_mut(slab) {
        tile(part, axis + 1);
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn bounds(c: [f32; 3], size: [f32; 3]) -> Bounds<[f32; 3]> {
        Bounds {
            lower: c,
            upper: [c[0] + size[0], c[1] + size[1], c[2] + size[2]],
        }
    }

    fn corner() -> impl Strategy<Value = [f32; 3]> {
        [-100f32..100.0, -100f32..100.0, -100f32..100.0]
    }

    fn size() -> impl Strategy<Value = [f32; 3]> {
        [0f32..20.0, 0f32..20.0, 0f32..20.0]
    }

    proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(200))]

        /// The twin: every box tested against the query. Trees of a single
        /// node and of several levels; some boxes taken out (a second time
        /// too, which finds nothing), and boxes that were never in (an id
        /// not in the tree, or a leaf's id with another box, here moved
        /// by `shift`) taken out after those, which find nothing either.
        #[test]
        fn finds_what_testing_every_box_finds(
            boxes in prop::collection::vec((corner(), size()), 0..1200),
            queries in prop::collection::vec((corner(), size()), 1..20),
            out in prop::collection::vec(any::<prop::sample::Index>(), 0..60),
            strangers in prop::collection::vec(
                (any::<prop::sample::Index>(), corner(), size(), -1f32..1.0),
                0..20,
            ),
        ) {
            let leaves: Vec<(u32, Bounds<[f32; 3]>)> = (0..)
                .zip(&boxes)
                .map(|(i, &(c, s))| (i, bounds(c, s)))
                .collect();
            let mut packed = Packed::new(leaves.clone());
            let mut live = vec![true; leaves.len()];
            if !leaves.is_empty() {
                for index in &out {
                    let k = index.index(leaves.len());
                    prop_assert_eq!(packed.take_out(leaves[k].0, &leaves[k].1), live[k]);
                    live[k] = false;
                }
            }
            let stranger_ids = leaves.len() as u32..;
            for ((index, c, s, shift), id) in strangers.iter().zip(stranger_ids) {
                prop_assert!(!packed.take_out(id, &bounds(*c, *s)));
                if !leaves.is_empty() && *shift != 0.0 {
                    let (id, b) = leaves[index.index(leaves.len())];
                    let moved = Bounds {
                        lower: b.lower.map(|x| x + shift),
                        upper: b.upper.map(|x| x + shift),
                    };
                    if moved != b {
                        prop_assert!(!packed.take_out(id, &moved));
                    }
                }
            }
            for &(c, s) in &queries {
                let query = bounds(c, s);
                let mut found = Vec::new();
                packed.for_each_meeting(&query, &mut |id| found.push(id));
                found.sort_unstable();
                let expected: Vec<u32> = leaves
                    .iter()
                    .zip(&live)
                    .filter(|&(&(_, b), &l)| l && b.meets(&query))
                    .map(|(&(id, _), _)| id)
                    .collect();
                prop_assert_eq!(found, expected);
            }
        }
    }

    #[test]
    fn an_empty_tree_finds_nothing() {
        let mut packed: Packed<[f32; 2]> = Packed::new(Vec::new());
        let query = Bounds {
            lower: [0.0, 0.0],
            upper: [1.0, 1.0],
        };
        packed.for_each_meeting(&query, &mut |_| panic!("nothing is in it"));
        assert!(!packed.take_out(0, &query));
    }
}
