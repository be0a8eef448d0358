//! Computing clearances with a progress bar on stderr, shown only when stderr
//! is a terminal and the map is large enough to wait for.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

use clearway::{Clearances, Dimension, Map};

/// Maps with fewer edges and nodes than this finish before a bar is useful.
const WORTH_A_BAR: usize = 100_000;

/// Every clearance of `map`, with a progress bar when it is worth one.
pub fn compute_clearances<D: Dimension>(map: &Map<D>) -> Clearances<D> {
    with_bar(map, |progress| {
        Clearances::compute_with_progress(map, progress)
    })
}

/// The clearances that decide every radius up to `max_radius`
/// ([`Clearances::compute_within`]), with a progress bar when it is worth one.
pub fn compute_clearances_within(map: &Map, max_radius: f64) -> Clearances {
    with_bar(map, |progress| {
        Clearances::compute_within_with_progress(map, max_radius, progress)
    })
}

/// Runs `compute` with a progress callback: a bar on a terminal for a large
/// map, nothing otherwise.
fn with_bar<D: Dimension>(
    map: &Map<D>,
    compute: impl FnOnce(&(dyn Fn(usize) + Sync)) -> Clearances<D>,
) -> Clearances<D> {
    let work = map.edges().len() + map.nodes().len();
    if work < WORTH_A_BAR
        || map.obstacles().is_empty()
        || super::conventions::quiet()
        || !std::io::stderr().is_terminal()
    {
        return compute(&|_| {});
    }
    let bar = ProgressBar::new(work as u64).with_message("clearance");
    if let Ok(style) = ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({eta} left)") {
        bar.set_style(style.progress_chars("=> "));
    }
    let clearances = compute(&|done| bar.inc(done as u64));
    bar.finish_and_clear();
    clearances
}
