//! `check`'s verdict as a [`CiReport`]: a suite per radius with a case per
//! edge, failing where the edge is blocked; a suite of baked clearances
//! failing where the bake is stale.

use clearway::bake::StaleBake;
use clearway::{EdgeIdx, TightSpots};

use super::check::{blame, plain_clearance, too_tight};
use super::ci_report::{BLOCKED_EDGE, Case, CiReport, Finding, Rule, STALE_BAKE, Suite, edge_name};
use super::dimension::Shown;
use super::input::Level;
use super::numbers::{given, human};
use super::radius::CheckedRadius;

/// The rules `check` reports.
static RULES: [&Rule; 2] = [&BLOCKED_EDGE, &STALE_BAKE];

/// What `check` found, for the CI formats. `file` is the map as named on
/// the command line (`None` for standard input); `summary` is the text
/// report's summary lines.
pub fn report<D: Shown>(
    level: &Level<D>,
    spots: &TightSpots<D>,
    radii: &[CheckedRadius],
    file: Option<String>,
    summary: String,
) -> CiReport {
    let suites = radii
        .iter()
        .map(|r| radius_suite(level, spots, r))
        .collect();
    let baked = level.map.edges().iter().any(|e| e.clearance.is_some());
    CiReport {
        command: "check",
        file,
        rules: &RULES,
        suites,
        unranked: baked.then(|| bake_suite(level, spots.stale_bakes())),
        summary,
    }
}

/// `tank (radius 1.5)`, or `radius 1.5` without a profile: the radius as
/// given, the name cut as the text report cuts it.
pub fn radius_name(agent: Option<&str>, radius: f64) -> String {
    match agent {
        Some(name) => format!(
            "{} (radius {})",
            clearway::quote::capped(name),
            given(radius)
        ),
        None => format!("radius {}", given(radius)),
    }
}

fn radius_suite<D: Shown>(level: &Level<D>, spots: &TightSpots<D>, r: &CheckedRadius) -> Suite {
    let map = &level.map;
    let mut blocked = vec![None; map.edges().len()];
    for (i, clearance) in spots.blocked_edges(r.agent_radius) {
        blocked[*i] = Some(clearance);
    }
    let who = radius_name(r.agent.as_deref(), r.agent_radius);
    let cases = EdgeIdx::all(map.edges().len())
        .map(|i| {
            let name = edge_name(map, i);
            let location = level.edge_location(i.get());
            let failure = blocked[i].map(|clearance| Finding {
                rule: &BLOCKED_EDGE,
                title: format!("edge {i} blocked for {who}"),
                message: format!(
                    "{name}: {}{}{}",
                    too_tight(clearance.finite_value(), r.agent_radius),
                    r.agent
                        .as_ref()
                        .map(|a| format!(" ({})", clearway::quote::capped(a)))
                        .unwrap_or_default(),
                    blame(level, clearance, true),
                ),
                location,
            });
            Case {
                name,
                location,
                failure,
            }
        })
        .collect();
    Suite { name: who, cases }
}

/// A case per edge with a baked clearance, failing when it is stale.
fn bake_suite<D: Shown>(level: &Level<D>, stale: &[StaleBake]) -> Suite {
    let map = &level.map;
    let mut stale_by_edge = vec![None; map.edges().len()];
    for s in stale {
        stale_by_edge[s.edge] = Some(s);
    }
    let cases = map
        .edges()
        .iter()
        .enumerate()
        .filter(|(_, e)| e.clearance.is_some())
        .map(|(i, _)| {
            let name = edge_name(map, EdgeIdx::new(i));
            let location = level.edge_location(i);
            let failure = stale_by_edge[i].map(|s| Finding {
                rule: &STALE_BAKE,
                title: format!("stale baked clearance on edge {i}"),
                message: format!(
                    "{name}: baked clearance {}, the obstacles now give {}",
                    human(s.baked),
                    plain_clearance(s.recomputed.is_finite().then_some(s.recomputed)),
                ),
                location,
            });
            Case {
                name,
                location,
                failure,
            }
        })
        .collect();
    Suite {
        name: "baked clearances".into(),
        cases,
    }
}
