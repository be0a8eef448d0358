//! Cutting the buckets into spatial shards, so that the R-tree can be bulk
//! loaded on every core: rstar builds one tree on one thread.
//!
//! The cuts are median splits on the axes in turn (a kd-tree's top levels),
//! so the shards' boxes barely overlap and the search, which starts with
//! every shard's root in its queue, prunes all but the near ones at once.

use crate::par::prelude::*;
use rstar::{Envelope, RTreeObject};

use super::bucket::Bucket;

/// Below this many buckets per shard, a single tree builds faster than the
/// split costs.
pub(crate) const BUCKETS_PER_SHARD_AT_LEAST: usize = 16 * 1024;

/// At most this many shards (three levels of cuts): enough for the cores we
/// run on, few enough that every query pays next to nothing for them.
const MAX_SHARD_LEVELS: u32 = 3;

/// Splits `buckets` into 1, 2, 4 or 8 shards of nearly equal size, each of
/// at least `min_buckets` buckets.
pub(crate) fn into_shards<P: rstar::Point<Scalar = f64> + Copy + Send>(
    buckets: Vec<Bucket<P>>,
    min_buckets: usize,
) -> Vec<Vec<Bucket<P>>> {
    let mut levels = 0;
    while levels < MAX_SHARD_LEVELS && buckets.len() >> (levels + 1) >= min_buckets {
        levels += 1;
    }
    let mut shards = vec![buckets];
    for level in 0..levels {
        let axis = level as usize % P::DIMENSIONS;
        shards = shards
            .into_par_iter()
            .flat_map_iter(|shard| split_at_median(shard, axis))
            .collect();
    }
    shards
}

/// Halves `buckets` at the median of their boxes' centres along `axis`.
fn split_at_median<P: rstar::Point<Scalar = f64> + Copy>(
    mut buckets: Vec<Bucket<P>>,
    axis: usize,
) -> [Vec<Bucket<P>>; 2] {
    let middle = buckets.len() / 2;
    let centre = |b: &Bucket<P>| b.envelope().center().nth(axis);
    buckets.select_nth_unstable_by(middle, |a, b| centre(a).total_cmp(&centre(b)));
    let upper = buckets.split_off(middle);
    buckets.shrink_to_fit();
    [buckets, upper]
}
