//! `diff`'s verdict as a [`CiReport`]: a suite per radius with a case per
//! edge of NEW, failing where the change blocks the edge. The findings point
//! into NEW, the file under review.

use std::collections::HashMap;

use clearway::level_diff::{ChangeKind, EdgeChange, LevelDiff};
use clearway::{Clearances, EdgeIdx};

use super::check::{blame, fails};
use super::ci_check::radius_name;
use super::ci_report::{Case, CiReport, Finding, NEWLY_BLOCKED_EDGE, Rule, Suite, edge_name};
use super::diff::numbers;
use super::dimension::Shown;
use super::input::Level;

/// The rules `diff` reports.
static RULES: [&Rule; 1] = [&NEWLY_BLOCKED_EDGE];

/// What `diff` found, for the CI formats. `file` is NEW as named on the
/// command line (`None` for standard input); `summary` is the text report's
/// summary line.
pub fn report<D: Shown>(
    diff: &LevelDiff,
    new: &Level<D>,
    new_clearances: &Clearances<D>,
    file: Option<String>,
    summary: String,
) -> CiReport {
    // (radius, edge of NEW) -> the change that blocks it.
    let blocked: HashMap<(usize, EdgeIdx), &EdgeChange> = diff
        .changes
        .iter()
        .filter(|c| c.kind == ChangeKind::Blocked)
        .filter_map(|c| Some(((c.radius?, c.new?.edge), c)))
        .collect();
    let map = &new.map;
    let suites = diff
        .radii
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let who = radius_name(r.agent.as_deref(), r.agent_radius);
            let cases = EdgeIdx::all(map.edges().len())
                .map(|i| {
                    let name = edge_name(map, i);
                    let location = new.edge_location(i.get());
                    let failure = blocked.get(&(k, i)).map(|c| {
                        let (old, now) = numbers(c.old, c.new, Some(r.agent_radius));
                        let agent = r
                            .agent
                            .as_ref()
                            .map(|a| format!(" ({})", clearway::quote::capped(a)));
                        Finding {
                            rule: &NEWLY_BLOCKED_EDGE,
                            title: format!("edge {i} newly blocked for {who}"),
                            message: format!(
                                "{name}: clearance {old} -> {now} {}{}: \
                                 the change blocks it{}",
                                fails(c.new.map(|s| s.clearance), r.agent_radius),
                                agent.unwrap_or_default(),
                                blame(new, new_clearances.edge(i), true),
                            ),
                            location,
                        }
                    });
                    Case {
                        name,
                        location,
                        failure,
                    }
                })
                .collect();
            Suite { name: who, cases }
        })
        .collect();
    CiReport {
        command: "diff",
        file,
        rules: &RULES,
        suites,
        unranked: None,
        summary,
    }
}
