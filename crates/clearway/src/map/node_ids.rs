//! Node indices by node id, with no table at all for ids that count
//! 0, 1, 2, ... in file order.

use std::collections::HashMap;

use super::Node;
use crate::par::prelude::*;

/// A table of node indices by node id, hashed by foldhash and seeded per
/// process: a million-edge level looks up two ids per edge, and the
/// standard SipHash made those lookups most of the edges' validation.
pub(crate) type NodesById = HashMap<u64, usize, foldhash::fast::RandomState>;

/// Where each node id is in a map's nodes (ids are unique).
///
/// Generated levels and the networks `grid` builds number their nodes 0,
/// 1, 2, ... in file order. Their ids are their indices, so they need no
/// table: building one was the one step of validation left on one core,
/// and the table is kept as long as the map.
#[derive(Clone, Debug)]
pub(crate) enum NodeIds {
    /// Node `i` has id `i`, for each of this many nodes.
    Counted(usize),
    /// Any other ids.
    Hashed(NodesById),
}

impl NodeIds {
    /// The ids of `nodes`, which must be unique.
    pub(crate) fn of<P: Sync>(nodes: &[Node<P>]) -> NodeIds {
        if ids_count_up(nodes, |n| n.id) {
            NodeIds::Counted(nodes.len())
        } else {
            NodeIds::Hashed(nodes.iter().enumerate().map(|(i, n)| (n.id, i)).collect())
        }
    }

    /// The index in `nodes` (the nodes these are the ids of) of the node
    /// whose id is `id`.
    ///
    /// Hashed ids look at the node at index `id` first: when it has that
    /// id, it is the one (ids are unique). Levels that count up from 0 but
    /// for a gap or a few moved nodes then find most ends without hashing.
    pub(crate) fn index<P>(&self, id: u64, nodes: &[Node<P>]) -> Option<usize> {
        let at_index = usize::try_from(id).ok();
        match self {
            NodeIds::Counted(count) => at_index.filter(|&i| i < *count),
            NodeIds::Hashed(by_id) => match at_index.and_then(|i| Some((i, nodes.get(i)?))) {
                Some((i, node)) if node.id == id => Some(i),
                _ => by_id.get(&id).copied(),
            },
        }
    }

    /// Adds node `index` (the next index), whose id `id` is not in the
    /// table. Counted ids stay counted while the new id is the index.
    pub(crate) fn push(&mut self, id: u64, index: usize) {
        if let NodeIds::Counted(count) = self {
            if usize::try_from(id) == Ok(*count) && index == *count {
                *count += 1;
                return;
            }
            *self = NodeIds::Hashed((0..*count).map(|i| (i as u64, i)).collect());
        }
        if let NodeIds::Hashed(by_id) = self {
            by_id.insert(id, index);
        }
    }
}

/// Whether the id of each item (by `id`) is its index: 0, 1, 2, ...
/// Checked on every core.
pub(crate) fn ids_count_up<T: Sync>(items: &[T], id: impl Fn(&T) -> u64 + Sync) -> bool {
    items
        .par_iter()
        .enumerate()
        .all(|(i, item)| u64::try_from(i).is_ok_and(|i| id(item) == i))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::geometry::Point;

    fn nodes(ids: &[u64]) -> Vec<Node> {
        ids.iter()
            .map(|&id| Node {
                id,
                pos: Point::new(0.0, 0.0),
                name: None,
            })
            .collect()
    }

    proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(300))]

        /// The twin of both lookups: the first node with the id, found by
        /// a linear search. Unique ids that count up from 0, count up but
        /// for a few nodes swapped or an id raised, or are anything.
        #[test]
        fn index_is_the_linear_searchs(
            len in 0usize..60,
            how in 0u8..3,
            moves in prop::collection::vec((0usize..60, 0usize..60), 0..3),
            any_ids in prop::collection::hash_set(any::<u64>(), 0..60),
            asked in prop::collection::vec(prop_oneof![0u64..80, any::<u64>()], 0..40),
        ) {
            let mut ids: Vec<u64> = match how {
                2 => any_ids.into_iter().collect(),
                _ => (0..len as u64).collect(),
            };
            if how == 1 && !ids.is_empty() {
                for &(a, b) in &moves {
                    let (a, b) = (a % ids.len(), b % ids.len());
                    ids.swap(a, b);
                }
                // Raised past every other id: still unique.
                let last = ids.len() - 1;
                ids[last] += 1000;
            }
            let nodes = nodes(&ids);
            let node_ids = NodeIds::of(&nodes);
            prop_assert_eq!(
                matches!(node_ids, NodeIds::Counted(_)),
                ids.iter().enumerate().all(|(i, &id)| id == i as u64)
            );
            for &id in ids.iter().chain(&asked) {
                prop_assert_eq!(
                    node_ids.index(id, &nodes),
                    nodes.iter().position(|n| n.id == id)
                );
            }
        }
    }

    #[test]
    fn counted_ids_need_no_table() {
        let counted = nodes(&[0, 1, 2]);
        assert!(matches!(NodeIds::of(&counted), NodeIds::Counted(3)));
        // Node 1 is missing: 2 is at index 1.
        let gap = nodes(&[0, 2, 3]);
        let ids = NodeIds::of(&gap);
        assert!(matches!(ids, NodeIds::Hashed(_)));
        assert_eq!(ids.index(2, &gap), Some(1));
        assert_eq!(ids.index(1, &gap), None);
        assert!(matches!(NodeIds::of::<Point>(&[]), NodeIds::Counted(0)));
    }
}
