//! How long each phase of a load took (parse, validate),
//! reported to whoever asks: the loader only measures, the caller decides
//! what to keep (`clearway --timings` adds the phases up and prints them).

use std::time::{Duration, Instant};

/// Receives the duration of each phase of a load, in the order they ran.
///
/// `()` ignores them; a `Vec` keeps every one:
///
/// ```
/// use clearway::{Map, Phases};
/// let mut phases: Vec<(&'static str, std::time::Duration)> = Vec::new();
/// let text = b"Map(nodes: [(id: 0, pos: (0, 0))])";
/// Map::loader().phases(&mut phases).read_bytes(text, "level.ron")?;
/// assert!(phases.iter().any(|(phase, _)| *phase == "parse"));
/// # Ok::<(), clearway::LoadError>(())
/// ```
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

/// Keeps no time.
impl Phases for () {
    fn record(&mut self, _phase: &'static str, _took: Duration) {}
}

/// Keeps every phase in the order it first ran; a phase that runs again
/// (the parse reads a large level in parts) adds up.
impl Phases for Vec<(&'static str, Duration)> {
    fn record(&mut self, phase: &'static str, took: Duration) {
        match self.iter_mut().find(|(name, _)| *name == phase) {
            Some((_, total)) => *total += took,
            None => self.push((phase, took)),
        }
    }
}
