//! `clearway prune`: write the map without the edges too tight for an agent.

use clearway::PruneReport;

use super::args::{PruneArgs, ReportFormat};
use super::conventions::{self, kept_until_exit, note};
use super::dimension::Shown;
use super::input::{AnyLevel, Level, on_level};
use super::node_names::node_ref;
use super::numbers::given;
use super::output::{self, Destination};
use super::progress::clearances_for;
use super::radius::resolve_required;
use super::timings::Timings;
use super::{Failure, Outcome};
use clearway_format::wire::MapFile;

/// How many cut-off nodes the text summary names before "… and N more".
const CUT_OFF_LISTED: usize = 20;

pub fn run(args: &PruneArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    on_level!(AnyLevel::read_keeping_text(&args.map, timings)?, |level| {
        prune(args, kept_until_exit(level), timings)
    })
}

/// The pruning of a level of either dimension.
fn prune<D: Shown>(
    args: &PruneArgs,
    level: &Level<D>,
    timings: &mut Timings,
) -> Result<Outcome, Failure>
where
    for<'a> MapFile: From<&'a clearway::Map<D>>,
{
    let checked = resolve_required(&args.radius, &level.map)?;
    let destination = Destination::choose(&args.map, &args.output)?;
    conventions::json_summary_needs_stdout(args.format, &destination)?;
    let clearances =
        kept_until_exit(timings.time("clearance", || clearances_for(&level.map, Some(&checked))));
    // An agent's forbidden areas go too; a radius alone forbids none.
    let agent = checked.profile(&level.map);
    let report = match agent {
        Some(agent) => PruneReport::new(&level.map, clearances, agent),
        None => PruneReport::new(&level.map, clearances, checked.agent_radius),
    };
    timings.time("output", || {
        let input = level.source_text();
        let radius = checked.agent_radius;
        // The edit written as it is made (a radius alone: an agent's
        // areas are checked on the edges kept first).
        let streamed = match (agent, input) {
            (None, Some(text)) => level.map.pruned_text_streamed(text, clearances, radius),
            _ => None,
        };
        if let Some(edit) = streamed {
            return destination.write_with(|out| edit.write_to(out));
        }
        let text = output::edited_or_written(
            input,
            input.and_then(|text| match agent {
                Some(agent) => level.map.pruned_text(text, clearances, agent),
                None => level.map.pruned_text(text, clearances, radius),
            }),
            || {
                let pruned = match agent {
                    Some(agent) => level.map.pruned(clearances, agent),
                    None => level.map.pruned(clearances, radius),
                };
                pruned.to_ron_string_with_obstacles(level.own_obstacles())
            },
        );
        destination.write(&text)
    })?;

    let who = match &checked.agent {
        Some(name) => format!(
            "{} (radius {})",
            clearway_text::quote::capped(name),
            given(checked.agent_radius)
        ),
        None => format!("radius {}", given(checked.agent_radius)),
    };
    if args.format == ReportFormat::Json {
        let map = &level.map;
        let edge_ids = |&i: &clearway::EdgeIdx| {
            let e = &map.edges()[i];
            serde_json::json!({"edge": i, "from": map.nodes()[e.from].id, "to": map.nodes()[e.to].id})
        };
        let mut summary = serde_json::json!({
            "agent": checked.agent,
            "radius": checked.agent_radius,
            "edges": map.edges().len(),
            "pruned_edges": report.pruned_edges.iter().map(edge_ids).collect::<Vec<_>>(),
            "components_before": report.components_before,
            "components_after": report.components_after,
            "cut_off_nodes": report.cut_off_nodes.iter().map(|&i| map.nodes()[i].id).collect::<Vec<_>>(),
        });
        // Only for a map with areas, so that other maps' summaries read as
        // before: the edges of the areas the agent forbids, apart from the
        // ones too tight.
        if !map.areas().is_empty() {
            summary["forbidden_edges"] = report
                .forbidden_edges
                .iter()
                .map(edge_ids)
                .collect::<Vec<_>>()
                .into();
        }
        conventions::write_json(&summary)?;
        return Ok(Outcome::Pass);
    }
    // The edges of forbidden areas are counted apart, and only when there
    // are some: the line reads as before for other maps.
    let forbidden = match report.forbidden_edges.len() {
        0 => String::new(),
        1 => ", and 1 more of an area it may not use".to_owned(),
        n => format!(", and {n} more of areas it may not use"),
    };
    note!(
        "pruned {} of {} edges for {who}{forbidden}; connected components: {} before, {} after",
        report.pruned_edges.len(),
        level.map.edges().len(),
        report.components_before,
        report.components_after,
    );
    if !report.cut_off_nodes.is_empty() {
        // A large level can cut off thousands: the text names the first
        // few, and JSON lists them all.
        let count = report.cut_off_nodes.len();
        let mut nodes: Vec<String> = report
            .cut_off_nodes
            .iter()
            .take(CUT_OFF_LISTED)
            .map(|&i| node_ref(&level.map, i))
            .collect();
        if count > CUT_OFF_LISTED {
            nodes.push(format!(
                "… and {} more (--format json lists them all)",
                count - CUT_OFF_LISTED
            ));
        }
        note!(
            "cut off from the rest: {count} node(s): {}",
            nodes.join(", ")
        );
    }
    Ok(Outcome::Pass)
}
