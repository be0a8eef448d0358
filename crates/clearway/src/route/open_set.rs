//! A* 's open set: the nodes waiting to be expanded, best first, at most
//! once each. A plain binary heap would take a second entry for a node
//! whenever a cheaper way to it turns up and skip the stale one when it
//! surfaces; on jittered grids a third of its pops were such stale entries.
//! Here each slot knows where its entry sits, so a cheaper way updates the
//! entry in place. The heap has four children a node, half the levels of a
//! binary one, which suits a queue that is mostly popped and sifted down.

use std::cmp::Ordering;

/// A node waiting to be expanded, with the cost `g` it was reached at and
/// its estimate `f = g + h`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Open {
    pub f: f64,
    pub g: f64,
    /// The node's slot.
    pub node: u32,
    /// What breaks ties of `f` and `g`, lowest first: A* puts the map node
    /// here, so that its routes do not depend on the slot order.
    pub tie: u32,
}

impl Eq for Open {}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Open {
    /// The open set (like `BinaryHeap`) pops the greatest, so the order is
    /// reversed: the
    /// smallest `f` first; among equal `f` the largest `g` (the node nearer
    /// the goal, which saves expanding ties on grids); then the lowest
    /// `tie`, so that the search is deterministic.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .f
            .total_cmp(&self.f)
            .then(self.g.total_cmp(&other.g))
            .then(other.tie.cmp(&self.tie))
    }
}

/// "Not in the heap" in the position table.
const ABSENT: u32 = u32::MAX;

/// How many children a heap node has.
const ARITY: usize = 4;

/// The open set of one search, reusable across searches.
#[derive(Debug, Default)]
pub(crate) struct OpenSet {
    /// The entries, best first at index 0; each is better than or equal to
    /// its children (in [`Open`]'s order, where "greater" pops first).
    heap: Vec<Open>,
    /// Where each slot's entry is in `heap`, or [`ABSENT`].
    position: Vec<u32>,
}

impl OpenSet {
    /// Sizes the table for `n` slots, all absent.
    pub fn ready(&mut self, n: usize) {
        if self.position.len() != n {
            self.position = vec![ABSENT; n];
        }
    }

    /// Puts `entry` in the set, replacing the entry of the same slot if
    /// there is one.
    pub fn insert(&mut self, entry: Open) {
        let slot = entry.node as usize;
        let at = self.position[slot];
        if at == ABSENT {
            self.heap.push(entry);
            self.sift_up(self.heap.len() - 1);
        } else {
            let at = at as usize;
            // A cheaper way has a smaller or equal `f`, but on equal `f` its
            // smaller `g` ranks it lower: it may have to move either way.
            let better = entry > self.heap[at];
            self.heap[at] = entry;
            if better {
                self.sift_up(at);
            } else {
                self.sift_down(at);
            }
        }
    }

    /// Asks the cache for the line that says where `slot`'s entry is.
    #[inline]
    pub fn prefetch(&self, slot: usize) {
        prefetch_index::prefetch_index(&self.position, slot);
    }

    /// Takes out the best entry.
    pub fn pop(&mut self) -> Option<Open> {
        let last = self.heap.pop()?;
        let best = if self.heap.is_empty() {
            last
        } else {
            let best = std::mem::replace(&mut self.heap[0], last);
            self.sift_down(0);
            best
        };
        self.position[best.node as usize] = ABSENT;
        Some(best)
    }

    /// Empties the set, putting the slots still in it back to absent.
    pub fn clear(&mut self) {
        for entry in &self.heap {
            self.position[entry.node as usize] = ABSENT;
        }
        self.heap.clear();
    }

    /// Moves the entry at `i` up past every parent it beats. The entry is
    /// held aside and the parents it passes move down into the hole, so each
    /// level costs one move and one position write.
    fn sift_up(&mut self, mut i: usize) {
        let moving = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / ARITY;
            if moving <= self.heap[parent] {
                break;
            }
            self.place(i, self.heap[parent]);
            i = parent;
        }
        self.place(i, moving);
    }

    /// Moves the entry at `i` down below every child that beats it, the same
    /// way.
    fn sift_down(&mut self, mut i: usize) {
        let moving = self.heap[i];
        let len = self.heap.len();
        loop {
            let first = ARITY * i + 1;
            if first >= len {
                break;
            }
            let mut best = first;
            for child in first + 1..(first + ARITY).min(len) {
                if self.heap[child] > self.heap[best] {
                    best = child;
                }
            }
            if self.heap[best] <= moving {
                break;
            }
            self.place(i, self.heap[best]);
            i = best;
        }
        self.place(i, moving);
    }

    /// Puts `entry` at index `i` of the heap and records where it is.
    #[inline]
    fn place(&mut self, i: usize, entry: Open) {
        self.heap[i] = entry;
        self.position[entry.node as usize] = i as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn entry(f: f64, g: f64, node: u32) -> Open {
        Open {
            f,
            g,
            node,
            tie: node,
        }
    }

    /// The heap's shape: every entry at least as good as its children (in
    /// [`Open`]'s order, "greater" pops first), and the position table
    /// naming exactly the entries in the heap, where they are.
    fn check_invariant(set: &OpenSet) -> Result<(), TestCaseError> {
        for (i, e) in set.heap.iter().enumerate() {
            prop_assert_eq!(set.position[e.node as usize], i as u32);
            for child in ARITY * i + 1..(ARITY * i + 1 + ARITY).min(set.heap.len()) {
                prop_assert!(set.heap[child] <= *e, "child {} beats parent {}", child, i);
            }
        }
        let placed = set.position.iter().filter(|&&p| p != ABSENT).count();
        prop_assert_eq!(placed, set.heap.len());
        Ok(())
    }

    proptest! {
        /// Any sequence of inserts (some replacing) and pops against a
        /// sorted list of the live entries: the twin a heap must match. A
        /// quarter of the steps pop, so that the heap grows several levels
        /// deep (up to 64 entries); its shape is checked after every step.
        #[test]
        fn pops_match_a_sorted_list(
            ops in proptest::collection::vec((0u32..64, 0u8..16, 0u8..8, 0u8..4), 0..400)
        ) {
            let mut set = OpenSet::default();
            set.ready(64);
            let mut live: Vec<Open> = Vec::new();
            for (node, f, g, step) in ops {
                if step == 0 {
                    // The greatest under Open's order pops first.
                    live.sort();
                    let expected = live.pop();
                    prop_assert_eq!(set.pop(), expected);
                } else {
                    let e = entry(f64::from(f), f64::from(g), node);
                    live.retain(|x| x.node != node);
                    live.push(entry(e.f, e.g, node));
                    set.insert(e);
                }
                check_invariant(&set)?;
            }
            live.sort();
            while let Some(expected) = live.pop() {
                prop_assert_eq!(set.pop(), Some(expected));
                check_invariant(&set)?;
            }
            prop_assert_eq!(set.pop(), None);
            prop_assert!(set.position.iter().all(|&p| p == ABSENT));
        }
    }

    #[test]
    fn clear_forgets_every_entry() {
        let mut set = OpenSet::default();
        set.ready(4);
        for n in 0..4 {
            set.insert(entry(f64::from(n), 0.0, n));
        }
        assert_eq!(set.pop().map(|e| e.node), Some(0));
        set.clear();
        assert_eq!(set.pop(), None);
        assert!(set.position.iter().all(|&p| p == ABSENT));
        // Reinserting after a clear starts from nothing.
        set.insert(entry(5.0, 0.0, 3));
        assert_eq!(set.pop().map(|e| e.node), Some(3));
    }
}
