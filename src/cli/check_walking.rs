//! `check` for walking agents: each walking profile's edges and nodes
//! measured by [`WalkingTightSpots`] (the body swept along the edge, the
//! ground under it, its slope), reported beside the spheres' verdicts in
//! every format.

use std::fmt::Write as _;

use clearway::walking::{Blocked, Walking, WalkingSpot, WalkingTightSpots};
use clearway::{EdgeIdx, NodeIdx, Space};

use super::check::{RadiusReport, StaleRow, WalkingProfile, blame, too_tight};
use super::ci_check::{agent_suffix, radius_name};
use super::ci_report::{BLOCKED_EDGE, CaseEdges, Suite, edge_finding};
use super::dimension::Shown;
use super::input::Level;
use super::node_names::{closed_note, edge_ref, node_ref};
use super::numbers::{given, human, human_point};
use super::radius::CheckedRadius;
use super::rows::{EdgeRow, GapRow, NodeRow, WalkingRow};

/// One walking agent's verdict: its JSON report, the text lines of what is
/// blocked (the summary line is `check`'s), and its CI suite.
pub(super) struct WalkingVerdict {
    pub report: RadiusReport,
    pub lines: String,
    pub suite: Suite,
}

/// The verdict for each of `radii` that is a walking agent (`None` for
/// the spheres), each walking profile searched once, for the radii
/// checked with it.
pub(super) fn verdicts(
    level: &Level<Space>,
    radii: &[CheckedRadius],
    stale: &[StaleRow],
) -> Vec<Option<WalkingVerdict>> {
    let mut profiles: Vec<(Walking, f64, f64)> = Vec::new();
    for r in radii {
        let Some(walking) = r.walking else { continue };
        let radius = r.agent_radius;
        match profiles.iter_mut().find(|(w, _, _)| *w == walking) {
            Some((_, least, widest)) => {
                *least = least.min(radius);
                *widest = widest.max(radius);
            }
            None => profiles.push((walking, radius, radius)),
        }
    }
    let measured: Vec<WalkingTightSpots> = profiles
        .into_iter()
        .map(|(walking, least, widest)| {
            WalkingTightSpots::compute(&level.map, walking, least..=widest)
        })
        .collect();
    radii
        .iter()
        .map(|r| {
            let walking = r.walking?;
            let tight = measured.iter().find(|t| *t.walking() == walking)?;
            Some(verdict(level, tight, r, stale.to_vec()))
        })
        .collect()
}

/// Why a spot is blocked, in words: `walking clearance 0.3 < radius 0.4:
/// box #2 (line 9) pinches at ...`, `no ground under 3.2 of 10 units,
/// from (3, 0, 0)`, `too steep: 52.3° > 40°`.
fn because(level: &Level<Space>, blocked: &Blocked, walking: &Walking, radius: f64) -> String {
    match blocked {
        Blocked::Body(c) => format!(
            "walking {}{}",
            too_tight(c.finite_value(), radius),
            blame(level, c)
        ),
        Blocked::NoGround(gap) if gap.of == 0.0 => {
            format!("no ground under it at {}", human_point::<Space>(gap.from))
        }
        Blocked::NoGround(gap) => format!(
            "no ground under {} of {} units, from {}",
            human(gap.length),
            human(gap.of),
            human_point::<Space>(gap.from)
        ),
        Blocked::TooSteep(slope) => {
            format!("too steep: {:.1}° > {}°", slope, given(walking.max_slope))
        }
    }
}

/// The JSON extras of a blocked row.
fn row_of(blocked: &Blocked, slope: f64) -> WalkingRow {
    WalkingRow {
        blocked_by: Some(match blocked {
            Blocked::Body(_) => "body",
            Blocked::NoGround(_) => "ground",
            Blocked::TooSteep(_) => "slope",
        }),
        slope,
        no_ground: match blocked {
            Blocked::NoGround(gap) => Some(GapRow {
                length: gap.length,
                from: Space::coordinates(gap.from),
            }),
            _ => None,
        },
    }
}

fn verdict(
    level: &Level<Space>,
    tight: &WalkingTightSpots,
    r: &CheckedRadius,
    stale_bakes: Vec<StaleRow>,
) -> WalkingVerdict {
    let map = &level.map;
    let walking = *tight.walking();
    let radius = r.agent_radius;
    let edges: Vec<(EdgeIdx, &WalkingSpot, Blocked)> = tight.blocked_edges(radius).collect();
    let nodes: Vec<(NodeIdx, &WalkingSpot, Blocked)> = tight.blocked_nodes(radius).collect();
    let mut lines = String::new();
    for (e, _, blocked) in &edges {
        let _ = writeln!(
            lines,
            "blocked: {}{}: {}",
            edge_ref(map, *e),
            closed_note(map, *e),
            because(level, blocked, &walking, radius)
        );
    }
    for (n, _, blocked) in &nodes {
        let _ = writeln!(
            lines,
            "blocked: node {}: {}",
            node_ref(map, *n),
            because(level, blocked, &walking, radius)
        );
    }
    let who = radius_name(r.agent.as_deref(), &given(radius));
    let agent = agent_suffix(r.agent.as_deref());
    let failures = edges
        .iter()
        .map(|(e, _, blocked)| {
            edge_finding(
                level,
                &BLOCKED_EDGE,
                *e,
                format!("edge {e} blocked for {who}"),
                format_args!("{}{agent}", because(level, blocked, &walking, radius)),
            )
        })
        .collect();
    let suite = Suite::new(who, CaseEdges::Every(map.edges().len()), failures);
    let report = RadiusReport {
        agent: r.agent.clone(),
        radius,
        walking: Some(WalkingProfile::of(&walking)),
        edges_checked: map.edges().len(),
        edges_closed: map.edges().iter().filter(|e| e.closed).count(),
        edges_forbidden: r.profile(map).map_or(0, |agent| {
            (0..map.edges().len())
                .map(EdgeIdx::new)
                .filter(|&e| map.forbids(agent, e))
                .count()
        }),
        blocked: edges
            .iter()
            .map(|(e, spot, blocked)| {
                let body = &spot.body;
                let mut row = EdgeRow::new(map, *e, body).citing(level, body);
                row.walking = Some(row_of(blocked, spot.slope));
                row
            })
            .collect(),
        blocked_nodes: nodes
            .iter()
            .map(|(n, spot, blocked)| {
                let body = &spot.body;
                let mut row = NodeRow::new(map, *n, body).citing(level, body);
                row.walking = Some(row_of(blocked, 0.0));
                row
            })
            .collect(),
        stale_bakes,
    };
    WalkingVerdict {
        report,
        lines,
        suite,
    }
}
