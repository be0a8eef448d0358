//! Wall-clock time per phase of a run (parse, validate, R-tree,
//! clearance, output), for `--timings` and for finding where time goes.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// The phases of a run, in the order they happened.
#[derive(Clone, Debug, Default)]
pub struct Timings {
    phases: Vec<(&'static str, Duration)>,
    /// Lines printed after the phases: what a command measured besides
    /// them (`update`: the time per event).
    notes: Vec<String>,
}

impl Timings {
    /// Runs `work`, recording how long it took under `phase`.
    pub fn time<T>(&mut self, phase: &'static str, work: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let result = work();
        self.record(phase, start.elapsed());
        result
    }

    /// Records a phase timed elsewhere; a phase recorded twice adds up.
    pub fn record(&mut self, phase: &'static str, took: Duration) {
        match self.phases.iter_mut().find(|(name, _)| *name == phase) {
            Some((_, total)) => *total += took,
            None => self.phases.push((phase, took)),
        }
    }

    /// Adds a line to print after the phases.
    pub fn note(&mut self, line: String) {
        self.notes.push(line);
    }

    /// Every phase and its duration, in order.
    #[cfg(test)]
    pub fn phases(&self) -> &[(&'static str, Duration)] {
        &self.phases
    }

    /// One line per phase and a total, milliseconds aligned:
    /// `parse        812.4 ms`.
    pub fn report(&self) -> String {
        let mut out = String::new();
        let total: Duration = self.phases.iter().map(|(_, d)| *d).sum();
        for (name, took) in self.phases.iter().chain([&("total", total)]) {
            let _ = writeln!(out, "{name:<10} {:>10.1} ms", took.as_secs_f64() * 1e3);
        }
        for line in &self.notes {
            let _ = writeln!(out, "{line}");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::Timings;
    use std::time::Duration;

    #[test]
    fn a_timed_phase_is_recorded_and_a_repeated_one_adds_up() {
        let mut timings = Timings::default();
        let sum = timings.time("add", || 2 + 2);
        assert_eq!(sum, 4);
        assert_eq!(timings.phases()[0].0, "add");
        timings.record("parse", Duration::from_millis(2));
        timings.record("parse", Duration::from_millis(3));
        assert_eq!(timings.phases()[1], ("parse", Duration::from_millis(5)));
        assert!(timings.report().starts_with("add "));
    }
}
