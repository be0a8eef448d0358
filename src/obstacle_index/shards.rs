//! Cutting the obstacle parts into spatial shards, so that the R-tree can
//! be bulk loaded on every core: rstar builds one tree on one thread.
//!
//! The cuts are median splits on alternating axes (a kd-tree's top levels),
//! so the shards' boxes barely overlap and the search, which starts with
//! every shard's root in its queue, prunes all but the near ones at once.

use rstar::{Envelope, Point as _, RTreeObject};

use super::part::ObstaclePart;

/// Below this many parts per shard, a single tree builds faster than the
/// split costs.
pub(crate) const PARTS_PER_SHARD_AT_LEAST: usize = 64 * 1024;

/// At most this many shards (three levels of cuts): enough for the cores we
/// run on, few enough that every query pays next to nothing for them.
const MAX_SHARD_LEVELS: u32 = 3;

/// Splits `parts` into 1, 2, 4 or 8 shards of nearly equal size, each of at
/// least `min_parts` parts.
pub(crate) fn into_shards(parts: Vec<ObstaclePart>, min_parts: usize) -> Vec<Vec<ObstaclePart>> {
    let mut levels = 0;
    while levels < MAX_SHARD_LEVELS && parts.len() >> (levels + 1) >= min_parts {
        levels += 1;
    }
    let mut shards = vec![parts];
    for level in 0..levels {
        let axis = (level % 2) as usize;
        shards = shards
            .into_iter()
            .flat_map(|shard| split_at_median(shard, axis))
            .collect();
    }
    shards
}

/// Halves `parts` at the median of their boxes' centres along `axis`.
fn split_at_median(mut parts: Vec<ObstaclePart>, axis: usize) -> [Vec<ObstaclePart>; 2] {
    let middle = parts.len() / 2;
    let centre = |p: &ObstaclePart| p.envelope().center().nth(axis);
    parts.select_nth_unstable_by(middle, |a, b| centre(a).total_cmp(&centre(b)));
    let upper = parts.split_off(middle);
    parts.shrink_to_fit();
    [parts, upper]
}
