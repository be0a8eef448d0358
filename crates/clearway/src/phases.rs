//! How long each phase of a load took (parse, validate),
//! reported to whoever asks: the loader only measures, the caller decides
//! what to keep (`clearway --timings` adds the phases up and prints them).

use std::time::{Duration, Instant};

/// Receives the duration of each phase of a load, in the order they ran:
/// the closure given to [`Loader::phases`](crate::Loader::phases). Public
/// in a private module, for the sealed trait that reads levels.
pub trait Phases {
    /// Records that `phase` took `took`.
    fn record(&mut self, phase: &'static str, took: Duration);
}

impl dyn Phases + '_ {
    /// Runs `work`, recording how long it took under `phase`.
    pub(crate) fn time<T>(&mut self, phase: &'static str, work: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let result = work();
        self.record(phase, start.elapsed());
        result
    }
}

/// A closure told each phase and how long it took.
impl<F: FnMut(&'static str, Duration)> Phases for F {
    fn record(&mut self, phase: &'static str, took: Duration) {
        self(phase, took);
    }
}

/// Keeps no time (the crate's own tests, and a loader told nothing).
impl Phases for () {
    fn record(&mut self, _phase: &'static str, _took: Duration) {}
}
