//! `check`'s verdict as a [`CiReport`]: a suite per radius with a case per
//! edge, failing where the edge is blocked; a suite of baked clearances
//! failing where the bake is stale.

use clearway::StaleBake;
use clearway::{EdgeIdx, TightSpots};

use super::check::{blame, plain_clearance, too_tight};
use super::ci_report::{
    BLOCKED_EDGE, CaseEdges, CiReport, Rule, STALE_BAKE, Suite, edge_case, edge_finding,
};
use super::dimension::Shown;
use super::input::Level;
use super::numbers::{given, human};
use super::radius::CheckedRadius;

/// The rules `check` reports.
static RULES: [&Rule; 2] = [&BLOCKED_EDGE, &STALE_BAKE];

/// What `check` found, for the CI formats. `file` is the map as named on
/// the command line (`None` for standard input); `summary` is the text
/// report's summary lines.
pub fn report<'a, D: Shown>(
    level: &'a Level<D>,
    spots: &TightSpots<D>,
    radii: &[CheckedRadius],
    made: Vec<Option<Suite>>,
    file: Option<String>,
    summary: String,
) -> CiReport<'a> {
    // A walking agent's suite comes made (`check_walking.rs`).
    let suites = radii
        .iter()
        .zip(made)
        .map(|(r, made)| made.unwrap_or_else(|| radius_suite(level, spots, r)))
        .collect();
    let baked = level.map.edges().iter().any(|e| e.clearance.is_some());
    CiReport {
        command: "check",
        file,
        rules: &RULES,
        suites,
        unranked: baked.then(|| bake_suite(level, spots.stale_bakes())),
        summary,
        case_of: Box::new(|i| edge_case(level, i)),
    }
}

/// ` (tank)` after a finding's message, or nothing without a profile: the
/// name cut as the text report cuts it.
pub fn agent_suffix(agent: Option<&str>) -> String {
    agent
        .map(|a| format!(" ({})", clearway_text::quote::capped(a)))
        .unwrap_or_default()
}

/// `tank (radius 1.5)`, or `radius 1.5` without a profile: the radius as
/// given (`radius` is its text: `diff` writes a resized profile's as
/// `0.4 -> 1.2`), the name cut as the text report cuts it.
pub fn radius_name(agent: Option<&str>, radius: &str) -> String {
    match agent {
        Some(name) => format!("{} (radius {radius})", clearway_text::quote::capped(name)),
        None => format!("radius {radius}"),
    }
}

/// A case per edge, failing where the edge is blocked for `r`.
fn radius_suite<D: Shown>(level: &Level<D>, spots: &TightSpots<D>, r: &CheckedRadius) -> Suite {
    let map = &level.map;
    let who = radius_name(r.agent.as_deref(), &given(r.agent_radius));
    let agent = agent_suffix(r.agent.as_deref());
    let failures = spots
        .blocked_edges(r.agent_radius)
        .map(|&(i, ref clearance)| {
            edge_finding(
                level,
                &BLOCKED_EDGE,
                i,
                format!("edge {i} blocked for {who}"),
                format_args!(
                    "{}{}{}",
                    too_tight(clearance.finite_value(), r.agent_radius),
                    agent,
                    blame(level, clearance),
                ),
            )
        })
        .collect();
    Suite::new(who, CaseEdges::Every(map.edges().len()), failures)
}

/// A case per edge with a baked clearance, failing when it is stale.
fn bake_suite<D: Shown>(level: &Level<D>, stale: &[StaleBake]) -> Suite {
    let map = &level.map;
    let baked = (0..map.edges().len())
        .map(EdgeIdx::new)
        .filter(|&i| map.edges()[i].clearance.is_some())
        .collect();
    let failures = stale
        .iter()
        .map(|s| {
            edge_finding(
                level,
                &STALE_BAKE,
                s.edge,
                format!("stale baked clearance on edge {}", s.edge),
                format_args!(
                    "baked clearance {}, the obstacles now give {}",
                    human(s.baked),
                    plain_clearance(s.recomputed.is_finite().then_some(s.recomputed)),
                ),
            )
        })
        .collect();
    Suite::new("baked clearances".into(), CaseEdges::These(baked), failures)
}
