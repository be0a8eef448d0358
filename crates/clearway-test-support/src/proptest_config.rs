//! The property tests' configurations, in one place: how many cases, and
//! no failure file (a failing case is printed, and the seeded ones come
//! back on every run).

use proptest::test_runner::{Config, RngSeed};

/// `cases` random cases, no failure file.
pub fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// `cases` cases from a fixed `seed`: the same cases on every run.
pub fn seeded(cases: u32, seed: u64) -> Config {
    Config {
        rng_seed: RngSeed::Fixed(seed),
        ..config(cases)
    }
}

/// [`seeded`], for strategies that filter many inputs out (tile-like
/// coordinates): up to 2^20 rejections in all.
pub fn seeded_filtered(cases: u32, seed: u64) -> Config {
    Config {
        max_global_rejects: 1 << 20,
        ..seeded(cases, seed)
    }
}
