//! The largest coordinate magnitude of a live level, which sets its slack
//! (see `clearance/slack.rs`), kept as things come and go.
//!
//! Only the largest value matters, but when the thing that has it goes,
//! the next largest is needed: the tracker keeps the [`KEPT`] largest
//! distinct values with how many things have each, and a floor that every
//! value left out is at most. Adding and removing are a search among those
//! few; only when every kept value has gone while something lay below the
//! floor does the caller scan the level again (a scan of a 5M-point level
//! took 30 to 45 ms, which the outermost point moved made at every move).

/// How many of the largest distinct magnitudes are kept.
const KEPT: usize = 32;

/// The largest magnitudes and how many things have each.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Magnitude {
    /// The largest magnitudes, ascending, each above `floor`, with how many
    /// things have it; at most [`KEPT`].
    top: Vec<(f64, usize)>,
    /// Every magnitude not in `top` is at most this.
    floor: f64,
}

impl Magnitude {
    /// The largest of `magnitudes` (0 for none).
    pub fn new(magnitudes: impl Iterator<Item = f64>) -> Magnitude {
        let mut m = Magnitude {
            top: Vec::with_capacity(KEPT + 1),
            floor: 0.0,
        };
        for x in magnitudes {
            m.add(x);
        }
        m
    }

    /// The largest magnitude.
    pub fn largest(&self) -> f64 {
        self.top.last().map_or(self.floor, |&(x, _)| x)
    }

    /// Something of magnitude `x` came.
    pub fn add(&mut self, x: f64) {
        if x <= self.floor {
            return;
        }
        match self.top.binary_search_by(|&(y, _)| y.total_cmp(&x)) {
            Ok(at) => self.top[at].1 += 1,
            Err(at) => {
                self.top.insert(at, (x, 1));
                if self.top.len() > KEPT {
                    // The smallest kept value is left out: the floor.
                    self.floor = self.top.remove(0).0;
                }
            }
        }
    }

    /// Something of magnitude `x` went. Returns `false` when the largest
    /// is no longer known (every kept value went, and something may lie
    /// below the floor): the caller scans the level again
    /// ([`Magnitude::new`]).
    #[must_use]
    pub fn remove(&mut self, x: f64) -> bool {
        if x <= self.floor {
            return true;
        }
        if let Ok(at) = self.top.binary_search_by(|&(y, _)| y.total_cmp(&x)) {
            self.top[at].1 -= 1;
            if self.top[at].1 == 0 {
                self.top.remove(at);
            }
        }
        !(self.top.is_empty() && self.floor > 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_largest_takes_over_until_none_is_kept() {
        let mut m = Magnitude::new([3.0, 7.0, 7.0, 1.0].into_iter());
        assert_eq!(m.largest(), 7.0);
        assert!(m.remove(1.0));
        assert!(m.remove(7.0));
        assert_eq!(m.largest(), 7.0);
        m.add(2.0);
        assert!(m.remove(7.0), "3 is kept: no scan");
        assert_eq!(m.largest(), 3.0);
        m.add(9.0);
        assert_eq!(m.largest(), 9.0);
        assert_eq!(Magnitude::new(std::iter::empty()).largest(), 0.0);
        // Ten more values than are kept: the ten smallest lie below the
        // floor, so once every kept one has gone the level is scanned.
        let count = KEPT + 10;
        let mut m = Magnitude::new((1..=count).map(|v| v as f64));
        for v in (11..=count).rev() {
            assert_eq!(m.largest(), v as f64);
            let known = m.remove(v as f64);
            assert_eq!(known, v > 11, "{v}");
        }
        assert_eq!(Magnitude::new((1..=10).map(|v| v as f64)).largest(), 10.0);
    }

    /// Against its twin, the largest of a list of every live magnitude:
    /// seeded random adds and removes over more distinct values than are
    /// kept, scanning again whenever `remove` asks to.
    #[test]
    fn the_largest_is_the_largest_of_every_live_magnitude() {
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut scans = 0;
        for _ in 0..200 {
            let mut live: Vec<f64> = (0..next() % 100).map(|_| (next() % 60) as f64).collect();
            let mut m = Magnitude::new(live.iter().copied());
            for _ in 0..500 {
                if live.is_empty() || next() % 2 == 0 {
                    let x = (next() % 60) as f64 * 0.5;
                    live.push(x);
                    m.add(x);
                } else {
                    let x = live.swap_remove(next() as usize % live.len());
                    if !m.remove(x) {
                        scans += 1;
                        m = Magnitude::new(live.iter().copied());
                    }
                }
                assert_eq!(m.largest(), live.iter().copied().fold(0.0, f64::max));
            }
        }
        assert!(scans > 0, "the scan path was never taken");
    }

    #[test]
    fn a_value_below_the_floor_changes_nothing() {
        let mut m = Magnitude::new((1..=KEPT + 1).map(|v| v as f64));
        assert!(m.remove(1.0), "below the floor: not kept");
        m.add(0.5);
        assert_eq!(m.largest(), (KEPT + 1) as f64);
        // Zeros only: the largest is 0, and removing one needs no scan.
        let mut zeros = Magnitude::new([0.0, 0.0].into_iter());
        assert!(zeros.remove(0.0));
        assert_eq!(zeros.largest(), 0.0);
    }
}
