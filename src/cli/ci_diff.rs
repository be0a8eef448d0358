//! `diff`'s verdict as a [`CiReport`]: a suite per radius with a case per
//! edge of NEW, failing where the change blocks the edge. The findings point
//! into NEW, the file under review. A resized agent profile's suite is
//! named with both radii: `soldier (radius 0.4 -> 1.2)`.

use crate::cli::level_diff::{ChangeKind, LevelDiff};
use clearway::{Clearance, EdgeIdx};

use super::check::{blame, fails};
use super::ci_check::{agent_suffix, radius_name};
use super::ci_report::{
    CaseEdges, CiReport, NEWLY_BLOCKED_EDGE, Rule, Suite, edge_case, edge_finding,
};
use super::diff::{numbers, radius_text};
use super::dimension::Shown;
use super::input::Level;
use super::numbers::given;

/// The rules `diff` reports.
static RULES: [&Rule; 1] = [&NEWLY_BLOCKED_EDGE];

/// What `diff` found, for the CI formats. `file` is NEW as named on the
/// command line (`None` for standard input); `summary` is the text report's
/// summary line; `clearance_of(k, edge)` gives NEW's clearance of `edge`
/// for radius `k` (a walking agent's is its own), with its witness.
pub fn report<'a, D: Shown>(
    diff: &LevelDiff,
    new: &'a Level<D>,
    clearance_of: &dyn Fn(usize, EdgeIdx) -> Clearance<D::Point>,
    file: Option<String>,
    summary: String,
) -> CiReport<'a> {
    let map = &new.map;
    let suites = diff
        .radii
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let who = radius_name(r.agent.as_deref(), &radius_text(r));
            let mut agent = agent_suffix(r.agent.as_deref());
            if r.resized() {
                // ` (soldier)` becomes ` (soldier, resized from 0.4)`.
                agent.insert_str(
                    agent.len() - 1,
                    &format!(", resized from {}", given(r.old_radius)),
                );
            }
            let failures = diff
                .changes
                .iter()
                .filter(|c| c.kind == ChangeKind::Blocked && c.radius == Some(k))
                .filter_map(|c| Some((c.new?.edge, c)))
                .map(|(i, c)| {
                    let (old, now) = numbers(
                        c.old,
                        c.new,
                        Some((r.old_radius, r.agent_radius)),
                        (true, false),
                    );
                    edge_finding(
                        new,
                        &NEWLY_BLOCKED_EDGE,
                        i,
                        format!("edge {i} newly blocked for {who}"),
                        format_args!(
                            "clearance {old} -> {now} {}{}: the change blocks it{}",
                            fails(c.new.map(|s| s.clearance), r.agent_radius),
                            agent,
                            blame(new, &clearance_of(k, i)),
                        ),
                    )
                })
                .collect();
            Suite::new(who, CaseEdges::Every(map.edges().len()), failures)
        })
        .collect();
    CiReport {
        command: "diff",
        file,
        rules: &RULES,
        suites,
        unranked: None,
        summary,
        case_of: Box::new(|i| edge_case(new, i)),
    }
}
