//! What a save changed, as changes to the live level: the saved file
//! compared with the live level's copy of the file before it.
//!
//! The live level numbers obstacles, edges and nodes its own way (an added
//! one gets the next number, a removed one's number is never given
//! again), so the file's indices are kept beside it ([`LiveIndices`]).
//! Obstacles need care: two obstacles at the same distance from an edge
//! tie, and the tie goes to the lower index, so the live clearances equal
//! a fresh check of the file only while the file's obstacles stand at
//! increasing live indices. The comparison keeps them so:
//! - the obstacles the old and the new file share at their start keep
//!   their places, and so do those they share at their end when the file
//!   did not grow;
//! - in between, the new file's obstacles take the old ones' places in
//!   turn (reshaped where they differ), the old ones left over are
//!   removed, and new ones beyond the old count are added (they get the
//!   next, larger, indices).
//!
//! So an obstacle edited, appended or deleted costs itself; one inserted
//! in the middle reshapes every obstacle after it.
//!
//! Edges are matched by what they are (their end ids, direction, cost and
//! baked clearance), in file order: an edge only closed or opened is
//! closed or opened; another change is a removal and an addition. Nodes
//! are matched by id: a new id is added, a missing one removed with its
//! edges. A node that moved, or an id that comes back after it was
//! removed, cannot be said as a change: the level is checked whole again.

use std::collections::{HashMap, HashSet, VecDeque};

use clearway::live::{Change, LiveLevel};
use clearway::{Dimension, Edge, EdgeIdx, Map, NodeIdx};

/// Where the file's obstacles, edges and nodes stand in the live level:
/// entry `k` is the live index of the file's `k`-th.
#[derive(Clone, Debug)]
pub struct LiveIndices {
    /// Strictly increasing, so that ties go as in the file.
    pub obstacles: Vec<usize>,
    /// The file's edges.
    pub edges: Vec<EdgeIdx>,
    /// The file's nodes.
    pub nodes: Vec<NodeIdx>,
    /// The ids of the nodes removed from the live level: the live level
    /// does not give them again.
    removed_ids: HashSet<u64>,
}

impl LiveIndices {
    /// The indices of a live level just made from `map`: the file's own.
    pub fn of<D: Dimension>(map: &Map<D>) -> LiveIndices {
        LiveIndices {
            obstacles: (0..map.obstacles().len()).collect(),
            edges: (0..map.edges().len()).map(EdgeIdx::new).collect(),
            nodes: (0..map.nodes().len()).map(NodeIdx::new).collect(),
            removed_ids: HashSet::new(),
        }
    }
}

/// What to do with a save.
pub enum Plan<D: Dimension> {
    /// Apply these changes; the file then stands at these indices.
    Apply(Vec<Change<D>>, LiveIndices),
    /// Check the whole level again, for this reason.
    Recheck(String),
}

/// The changes that make `live` (whose copy of the old file stands at
/// `was`) the level `new` describes.
pub fn plan<D: Dimension>(live: &LiveLevel<D>, was: &LiveIndices, new: &Map<D>) -> Plan<D> {
    let mut changes = Vec::new();
    let obstacles = obstacle_changes(live, &was.obstacles, new.obstacles(), &mut changes);
    let nodes = match node_changes(live, was, new, &mut changes) {
        Ok(nodes) => nodes,
        Err(why) => return Plan::Recheck(why),
    };
    let edges = edge_changes(live, was, new, (&nodes.at, &nodes.gone), &mut changes);
    Plan::Apply(
        changes,
        LiveIndices {
            obstacles,
            edges,
            nodes: nodes.at,
            removed_ids: nodes.removed_ids,
        },
    )
}

/// Obstacle changes, as the module comment says; returns where the new
/// file's obstacles stand.
fn obstacle_changes<D: Dimension>(
    live: &LiveLevel<D>,
    was: &[usize],
    new: &[D::Obstacle],
    changes: &mut Vec<Change<D>>,
) -> Vec<usize> {
    let same = |old: usize, k: usize| live.obstacle(was[old]) == Some(&new[k]);
    let (old_n, new_n) = (was.len(), new.len());
    let prefix = (0..old_n.min(new_n)).take_while(|&k| same(k, k)).count();
    // Kept at the end: only when the file did not grow (a file that grew
    // in the middle needs larger indices than the old end's).
    let suffix = if new_n <= old_n {
        (0..new_n - prefix)
            .take_while(|&j| same(old_n - 1 - j, new_n - 1 - j))
            .count()
    } else {
        0
    };
    let mut at = Vec::with_capacity(new_n);
    at.extend_from_slice(&was[..prefix]);
    let mut added = Vec::new();
    let middle_end = old_n - suffix;
    for k in prefix..new_n - suffix {
        // The new file's k-th takes the old file's k-th place, if any.
        if k < middle_end {
            let i = was[k];
            if !same(k, k) {
                changes.push(Change::ReplaceObstacle {
                    obstacle: i,
                    with: new[k].clone(),
                });
            }
            at.push(i);
        } else {
            at.push(live.obstacle_slots() + added.len());
            added.push(Change::AddObstacle(new[k].clone()));
        }
    }
    // Left over in the middle (none when the file grew).
    let removed = was[(new_n - suffix).min(middle_end)..middle_end]
        .iter()
        .map(|&i| Change::RemoveObstacle(i));
    at.extend_from_slice(&was[old_n - suffix..]);
    changes.extend(removed);
    changes.extend(added);
    at
}

/// What the node changes leave.
struct NodePlan {
    /// Where the new file's nodes stand.
    at: Vec<NodeIdx>,
    /// The live nodes removed.
    gone: HashSet<NodeIdx>,
    /// The ids removed so far, these included.
    removed_ids: HashSet<u64>,
}

/// Node changes: new ids added, missing ids removed (with their edges);
/// or why the change cannot be made (a node moved, or an id came back).
fn node_changes<D: Dimension>(
    live: &LiveLevel<D>,
    was: &LiveIndices,
    new: &Map<D>,
    changes: &mut Vec<Change<D>>,
) -> Result<NodePlan, String> {
    let mut at = Vec::with_capacity(new.nodes().len());
    let mut next = live.node_slots();
    let mut added = Vec::new();
    for node in new.nodes() {
        match live.node_index(node.id) {
            Some(n) => {
                let old = live.node(n).expect("a live node");
                if old.pos != node.pos {
                    return Err(format!("node {} moved", node.id));
                }
                at.push(n);
            }
            None if was.removed_ids.contains(&node.id) => {
                return Err(format!("node {} came back", node.id));
            }
            None => {
                at.push(NodeIdx::new(next));
                next += 1;
                added.push(Change::AddNode(node.clone()));
            }
        }
    }
    let mut gone = HashSet::new();
    let mut removed_ids = was.removed_ids.clone();
    for &n in &was.nodes {
        let id = live.node(n).expect("a live node").id;
        if new.node_index(id).is_none() {
            gone.insert(n);
            removed_ids.insert(id);
        }
    }
    changes.extend(added);
    let mut gone_in_order: Vec<NodeIdx> = gone.iter().copied().collect();
    gone_in_order.sort();
    changes.extend(gone_in_order.into_iter().map(Change::RemoveNode));
    Ok(NodePlan {
        at,
        gone,
        removed_ids,
    })
}

/// What an edge is, for matching: its end ids, direction, cost and baked
/// clearance (the numbers by their bits).
type EdgeKey = (u64, u64, bool, Option<u64>, Option<u64>);

fn key(from: u64, to: u64, e: &Edge) -> EdgeKey {
    (
        from,
        to,
        e.one_way,
        e.cost.map(f64::to_bits),
        e.clearance.map(f64::to_bits),
    )
}

/// Edge changes: the new file's edges matched to the old's by what they
/// are, in file order; closed or opened where only that changed, the rest
/// removed and added. Edges at a removed node go with it. Returns where
/// the new file's edges stand.
fn edge_changes<D: Dimension>(
    live: &LiveLevel<D>,
    was: &LiveIndices,
    new: &Map<D>,
    (nodes, gone): (&[NodeIdx], &HashSet<NodeIdx>),
    changes: &mut Vec<Change<D>>,
) -> Vec<EdgeIdx> {
    let id = |n: NodeIdx| live.node(n).expect("a live node").id;
    let mut old: HashMap<EdgeKey, VecDeque<EdgeIdx>> = HashMap::new();
    for &e in &was.edges {
        let edge = live.edge(e).expect("a live edge");
        if gone.contains(&edge.from) || gone.contains(&edge.to) {
            continue;
        }
        old.entry(key(id(edge.from), id(edge.to), edge))
            .or_default()
            .push_back(e);
    }
    let mut at = Vec::with_capacity(new.edges().len());
    let mut toggled = Vec::new();
    let mut added = Vec::new();
    let mut next = live.edge_slots();
    for edge in new.edges() {
        let ids = (new.nodes()[edge.from].id, new.nodes()[edge.to].id);
        let matched = old
            .get_mut(&key(ids.0, ids.1, edge))
            .and_then(VecDeque::pop_front);
        match matched {
            Some(e) => {
                if live.is_closed(e) != edge.closed {
                    toggled.push(if edge.closed {
                        Change::CloseEdge(e)
                    } else {
                        Change::OpenEdge(e)
                    });
                }
                at.push(e);
            }
            None => {
                at.push(EdgeIdx::new(next));
                next += 1;
                added.push(Change::AddEdge(Edge {
                    from: nodes[edge.from.get()],
                    to: nodes[edge.to.get()],
                    ..edge.clone()
                }));
            }
        }
    }
    let mut removed: Vec<EdgeIdx> = old.into_values().flatten().collect();
    removed.sort();
    // Removed before the nodes go (their edges with them), added after
    // the new nodes came: node changes sit between.
    let first_node_change = changes
        .iter()
        .position(|c| matches!(c, Change::AddNode(_) | Change::RemoveNode(_)))
        .unwrap_or(changes.len());
    changes.splice(
        first_node_change..first_node_change,
        removed.into_iter().map(Change::RemoveEdge),
    );
    changes.extend(toggled);
    changes.extend(added);
    at
}

#[cfg(test)]
mod tests {
    use clearway::Clearances;

    use super::*;

    /// A level on a square of four nodes with these point obstacles.
    fn level(points: &[(i32, i32)], nodes: &str, edges: &str) -> Map {
        let obstacles: Vec<String> = points
            .iter()
            .map(|(x, y)| format!("Point(({x}, {y}))"))
            .collect();
        let text = format!(
            "(nodes: [{nodes}], edges: [{edges}], obstacles: [{}])",
            obstacles.join(", ")
        );
        Map::loader().read_str(&text, "level.ron").unwrap()
    }

    const NODES: &str = "(id: 1, pos: (0, 0)), (id: 2, pos: (10, 0)), (id: 3, pos: (10, 10))";
    const EDGES: &str = "(from: 1, to: 2), (from: 2, to: 3)";

    /// Applies the plan from `old` to `new`, checks the kept clearances
    /// against a fresh check of `new`, and returns the changes made.
    fn replan(old: &Map, new: &Map) -> Vec<String> {
        let fresh_old = Map::loader()
            .read_str(&old.to_ron_string(), "old.ron")
            .unwrap();
        let mut live = LiveLevel::new(fresh_old);
        let at = LiveIndices::of(old);
        let Plan::Apply(changes, at) = plan(&live, &at, new) else {
            panic!("a plan of changes");
        };
        let said: Vec<String> = changes.iter().map(|c| format!("{c:?}")).collect();
        live.apply_all(changes).unwrap();
        assert!(at.obstacles.windows(2).all(|w| w[0] < w[1]), "{at:?}");
        assert_eq!(
            live.reordered(live.clearances(), &at.edges, &at.nodes),
            Clearances::compute(new)
        );
        said
    }

    fn names(said: &[String]) -> Vec<&str> {
        said.iter()
            .map(|c| c.split(['(', ' ']).next().unwrap())
            .collect()
    }

    #[test]
    fn an_obstacle_deleted_from_the_middle_is_removed_alone() {
        let old = level(&[(5, 1), (5, 2), (5, 3), (5, 4)], NODES, EDGES);
        let new = level(&[(5, 1), (5, 4)], NODES, EDGES);
        assert_eq!(
            names(&replan(&old, &new)),
            ["RemoveObstacle", "RemoveObstacle"]
        );
    }

    #[test]
    fn an_obstacle_appended_is_added_and_one_edited_reshaped() {
        let old = level(&[(5, 1), (5, 2)], NODES, EDGES);
        let new = level(&[(5, 1), (6, 2), (5, 3)], NODES, EDGES);
        assert_eq!(
            names(&replan(&old, &new)),
            ["ReplaceObstacle", "AddObstacle"]
        );
    }

    /// Inserted before another: the one after it takes the next one's
    /// place, and the last is added, so that indices keep the file's
    /// order. The two points tie for the first edge, and the first in the
    /// file must win, as in a fresh check (kept at its index and the new
    /// one added, the old point would).
    #[test]
    fn an_obstacle_inserted_before_another_keeps_the_file_order() {
        let old = level(&[(5, -2)], NODES, EDGES);
        let new = level(&[(5, 2), (5, -2)], NODES, EDGES);
        assert_eq!(
            names(&replan(&old, &new)),
            ["ReplaceObstacle", "AddObstacle"]
        );
    }

    #[test]
    fn nodes_and_edges_are_matched_by_id_and_by_what_they_are() {
        let old = level(&[(5, 1)], NODES, EDGES);
        let nodes = "(id: 3, pos: (10, 10)), (id: 2, pos: (10, 0)), (id: 4, pos: (0, 10))";
        let edges = "(from: 2, to: 3), (from: 3, to: 4), (from: 2, to: 4, one_way: true)";
        let new = level(&[(5, 1)], nodes, edges);
        assert_eq!(
            names(&replan(&old, &new)),
            ["AddNode", "RemoveNode", "AddEdge", "AddEdge"]
        );
    }

    #[test]
    fn a_node_moved_checks_the_whole_level() {
        let old = level(&[(5, 1)], NODES, EDGES);
        let new = level(&[(5, 1)], &NODES.replace("(10, 10)", "(10, 9)"), EDGES);
        let live = LiveLevel::new(level(&[(5, 1)], NODES, EDGES));
        match plan(&live, &LiveIndices::of(&old), &new) {
            Plan::Recheck(why) => assert_eq!(why, "node 3 moved"),
            Plan::Apply(..) => panic!("no change says a node moved"),
        }
    }
}
