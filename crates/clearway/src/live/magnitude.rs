//! The largest coordinate magnitude of a live level, which sets its slack
//! (see `clearance/slack.rs`), kept as things come and go.
//!
//! Only the largest value matters, so the tracker keeps it and how many
//! things have it: adding is a comparison; removing one of the things at
//! the largest value, when it was the last, asks for a new scan of the
//! level (rare: the level's outermost thing removed).

/// The largest magnitude and how many things have it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Magnitude {
    largest: f64,
    count: usize,
}

impl Magnitude {
    /// The largest of `magnitudes` (0 for none).
    pub fn new(magnitudes: impl Iterator<Item = f64>) -> Magnitude {
        let mut m = Magnitude {
            largest: 0.0,
            count: 0,
        };
        for x in magnitudes {
            m.add(x);
        }
        m
    }

    /// The largest magnitude.
    pub fn largest(&self) -> f64 {
        self.largest
    }

    /// Something of magnitude `x` came.
    pub fn add(&mut self, x: f64) {
        if x > self.largest {
            self.largest = x;
            self.count = 1;
        } else if x == self.largest {
            self.count += 1;
        }
    }

    /// Something of magnitude `x` went. Returns `false` when it was the
    /// last at the largest value: the caller scans the level again
    /// ([`Magnitude::new`]).
    #[must_use]
    pub fn remove(&mut self, x: f64) -> bool {
        if x == self.largest && x > 0.0 {
            self.count -= 1;
            return self.count > 0;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_is_kept_until_the_last_of_it_goes() {
        let mut m = Magnitude::new([3.0, 7.0, 7.0, 1.0].into_iter());
        assert_eq!(m.largest(), 7.0);
        assert!(m.remove(1.0));
        assert!(m.remove(7.0));
        assert_eq!(m.largest(), 7.0);
        m.add(2.0);
        assert!(!m.remove(7.0), "the last 7 went: scan again");
        m.add(9.0);
        assert_eq!(m.largest(), 9.0);
        assert_eq!(Magnitude::new(std::iter::empty()).largest(), 0.0);
    }
}
