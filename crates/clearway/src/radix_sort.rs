//! A stable sort by a `u64` key, digit by digit from the least significant
//! (an LSD radix sort): the obstacle index sorts every part by its curve key
//! before it cuts them into buckets, and a comparison sort of those keys was
//! a fifth of building the index on mixed levels.
//!
//! A Hilbert key has 32 significant bits, so three passes of 11-bit digits
//! sort it; a Morton key has 63, six passes. Digits that every item shares
//! are skipped.

/// Bits in a digit: 2048 counters, which stay in the first-level cache.
const DIGIT_BITS: u32 = 11;

/// Below this many items a comparison sort is as fast.
const RADIX_AT_LEAST: usize = 256;

/// Sorts `items` by `key`, keeping items with equal keys in the order they
/// came in: the same order as `items.sort_by_key(key)`. Uses a second
/// vector as long as `items` while it runs.
pub(crate) fn sort_stable_by_key<T: Copy>(items: &mut Vec<T>, key: impl Fn(&T) -> u64) {
    if items.len() < RADIX_AT_LEAST {
        items.sort_by_key(key);
        return;
    }
    let significant = items.iter().fold(0, |all, item| all | key(item));
    let bits = u64::BITS - significant.leading_zeros();
    let passes = bits.div_ceil(DIGIT_BITS) as usize;
    let digit = |item: &T, pass: usize| {
        ((key(item) >> (pass as u32 * DIGIT_BITS)) & ((1 << DIGIT_BITS) - 1)) as usize
    };
    // Every pass's counts, from one read of the keys.
    let mut counts = vec![[0usize; 1 << DIGIT_BITS]; passes];
    for item in items.iter() {
        for (pass, counts) in counts.iter_mut().enumerate() {
            counts[digit(item, pass)] += 1;
        }
    }
    let mut scratch = vec![items[0]; items.len()];
    for (pass, counts) in counts.iter().enumerate() {
        if counts.contains(&items.len()) {
            continue;
        }
        // Where each digit's run starts in the output.
        let mut next = [0usize; 1 << DIGIT_BITS];
        let mut start = 0;
        for (next, count) in next.iter_mut().zip(counts) {
            *next = start;
            start += count;
        }
        for item in items.iter() {
            let d = digit(item, pass);
            scratch[next[d]] = *item;
            next[d] += 1;
        }
        std::mem::swap(items, &mut scratch);
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(300))]

        /// The twin: the standard library's stable sort. Keys drawn from a
        /// few values (many ties, whose order must be kept), from 32 bits
        /// (a Hilbert key) and from 63 (a Morton key), on lists shorter and
        /// longer than the comparison-sort cutoff.
        #[test]
        fn sorts_as_the_stable_comparison_sort_does(
            keys in prop::collection::vec(any::<u64>(), 0..3000),
            bits in prop::sample::select(vec![2u32, 11, 12, 32, 63, 64]),
        ) {
            let mask = if bits == 64 { u64::MAX } else { (1 << bits) - 1 };
            let mut items: Vec<(u64, u32)> = (0..)
                .zip(&keys)
                .map(|(i, &k)| (k & mask, i))
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|item| item.0);
            sort_stable_by_key(&mut items, |item| item.0);
            prop_assert_eq!(items, expected);
        }
    }

    #[test]
    fn equal_keys_and_short_lists() {
        let mut same: Vec<(u64, u32)> = (0..1000).map(|i| (7, i)).collect();
        let expected = same.clone();
        sort_stable_by_key(&mut same, |item| item.0);
        assert_eq!(same, expected);
        let mut empty: Vec<u64> = Vec::new();
        sort_stable_by_key(&mut empty, |&k| k);
        assert!(empty.is_empty());
        // Descending keys from 8997 to 0, across digit boundaries (2048).
        let mut down: Vec<u64> = (0..3000).rev().map(|k| k * 3).collect();
        sort_stable_by_key(&mut down, |&k| k);
        assert!(down.windows(2).all(|w| w[0] < w[1]));
    }
}
