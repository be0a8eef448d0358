//! Computing clearances with a progress bar on stderr, shown only when stderr
//! is a terminal and the map is large enough to wait for; and choosing
//! whose clearances a search takes (a sphere's or a walking agent's).

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

use clearway::{Clearances, Dimension, Map, TightSpots};

use super::dimension::Shown;
use super::radius::CheckedRadius;

/// Maps with fewer edges and nodes than this finish before a bar is useful.
const WORTH_A_BAR: usize = 100_000;

/// Every clearance of `map`, with a progress bar when it is worth one.
pub fn compute_clearances<D: Dimension>(map: &Map<D>) -> Clearances<D> {
    let bar = Bar::for_map(map, map.edges().len() + map.nodes().len());
    Clearances::options()
        .progress(&|done| bar.advance(done))
        .compute(map)
}

/// Edges whose clearances [`compute_edge_values`] computes at once: the
/// block's witnesses are dropped once its values are taken.
const VALUES_BLOCK: usize = 1 << 13;

/// Every edge's clearance value, in order (infinity when nothing limits
/// it), exactly as [`Clearances::compute`] gives it, with a progress bar
/// when it is worth one: 8 bytes an edge held, where every edge's and
/// node's clearance with its witness takes 56 bytes each (72 in 3D). The
/// edges are computed a block at a time, each block on all cores.
pub fn compute_edge_values<D: Dimension>(map: &Map<D>) -> Vec<f64> {
    let bar = Bar::for_map(map, map.edges().len());
    let advance = |done| bar.advance(done);
    let count = map.edges().len();
    let mut values = Vec::with_capacity(count);
    for start in (0..count).step_by(VALUES_BLOCK) {
        let block = Clearances::options().progress(&advance).compute_part(
            map,
            start..(start + VALUES_BLOCK).min(count),
            0..0,
        );
        values.extend(block.edges().iter().map(|c| c.value));
    }
    values
}

/// The clearances a search uses for `checked`: the level's, or a walking
/// agent's own ([`clearway::walking::WalkingClearances::for_agent`]), whose
/// value for an edge it cannot stand on or climb is 0. `None` (no agent
/// given): the level's.
pub fn clearances_for<D: Shown>(map: &Map<D>, checked: Option<&CheckedRadius>) -> Clearances<D> {
    match checked.and_then(|c| Some((c.walking?, c.agent_radius))) {
        Some((walking, radius)) => D::walking_clearances(map, walking, radius).0,
        None => compute_clearances(map),
    }
}

/// The edges and nodes blocked at some radius up to `max_radius`
/// ([`ClearanceOptions::tight_spots`](clearway::ClearanceOptions::tight_spots)), with a progress bar when it is worth one.
pub fn compute_tight_spots<D: Dimension>(map: &Map<D>, max_radius: f64) -> TightSpots<D> {
    let bar = Bar::for_map(map, map.edges().len() + map.nodes().len());
    Clearances::options()
        .within(max_radius)
        .progress(&|done| bar.advance(done))
        .tight_spots(map)
}

/// A progress bar over `work` items of clearance, or nothing when it is
/// not worth one (a small map, one without obstacles, `--quiet`, stderr
/// not a terminal). Cleared when dropped.
pub struct Bar(Option<ProgressBar>);

impl Bar {
    /// The bar for `work` items of `map`'s clearances.
    pub fn for_map<D: Dimension>(map: &Map<D>, work: usize) -> Bar {
        if work < WORTH_A_BAR
            || map.obstacles().is_empty()
            || super::conventions::quiet()
            || !std::io::stderr().is_terminal()
        {
            return Bar::hidden();
        }
        Bar::shown(work, "clearance")
    }

    /// A bar over the `pairs` routes of `route --pairs` on `map`, when
    /// they are worth one: many pairs, or a large map (where each route may
    /// take a while), with stderr a terminal and not `--quiet`. Not when
    /// the answers go to the terminal too: their lines, streamed as they
    /// come, show the progress, and a bar would break them up.
    pub fn for_routes<D: Dimension>(map: &Map<D>, pairs: usize) -> Bar {
        let size = map.edges().len() + map.nodes().len();
        if pairs < 2
            || (size < WORTH_A_BAR && pairs < WORTH_A_BAR)
            || super::conventions::quiet()
            || !std::io::stderr().is_terminal()
            || std::io::stdout().is_terminal()
        {
            return Bar::hidden();
        }
        Bar::shown(pairs, "routes")
    }

    /// A bar over `work` items, led by `message`.
    fn shown(work: usize, message: &'static str) -> Bar {
        let bar = ProgressBar::new(work as u64).with_message(message);
        if let Ok(style) = ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({eta} left)")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        Bar(Some(bar))
    }

    /// No bar.
    pub fn hidden() -> Bar {
        Bar(None)
    }

    /// `done` more items are finished.
    pub fn advance(&self, done: usize) {
        if let Some(bar) = &self.0 {
            bar.inc(done as u64);
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}
