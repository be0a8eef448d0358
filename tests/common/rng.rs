//! The tests' seeded generator, so a seeded level or sequence is the same on
//! every machine. (`src/synth/rng.rs` has the library's own, for its level
//! generators; the tests keep this one so that they need nothing of `synth`.)

/// SplitMix64 (Steele, Lea and Flood, 2014): 64 bits of state.
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1), with 53 random bits.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next_f64()
    }

    /// In `0..n` (`n > 0`), by the remainder (a bias below n / 2^64).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}
