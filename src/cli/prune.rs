//! `clearway prune`: write the map without the edges too tight for an agent.

use clearway::PruneReport;

use super::args::{PruneArgs, ReportFormat};
use super::conventions::{self, kept_until_exit, note};
use super::dimension::Shown;
use super::input::{AnyLevel, Level, on_level};
use super::node_names::node_ref;
use super::numbers::given;
use super::output::{self, Destination};
use super::progress::{clearances_for, compute_tight_spots};
use super::radius::{CheckedRadius, resolve_required};
use super::timings::Timings;
use super::{Failure, Outcome};
use clearway_format::wire::MapFile;
use clearway_format::{EdgeEdit, StreamedEdit};

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
    level: &mut Level<D>,
    timings: &mut Timings,
) -> Result<Outcome, Failure>
where
    for<'a> MapFile: From<&'a clearway::Map<D>>,
{
    let checked = resolve_required(&args.radius, &level.map)?;
    let destination = Destination::choose(&args.map, &args.output)?;
    conventions::json_summary_needs_stdout(args.format, &destination)?;
    let radius = checked.agent_radius;
    // For a radius alone, on a level without areas, whose text can be
    // edited as it is written: only the tight spots are held, not every
    // edge's and node's clearance.
    let for_radius = checked.profile(&level.map).is_none();
    let streamed = if for_radius && level.map.areas().is_empty() && level.keeps_text() {
        let spots =
            kept_until_exit(timings.time("clearance", || compute_tight_spots(&level.map, radius)));
        let report = PruneReport::from_tight_spots(&level.map, spots, radius);
        // Measured: the R-tree's memory goes before the text is read
        // again.
        level.map.free_obstacle_index();
        let pruned = &report.pruned_edges;
        let edit = |i: usize| match pruned.binary_search(&clearway::EdgeIdx::new(i)) {
            Ok(_) => EdgeEdit::Remove,
            Err(_) => EdgeEdit::Keep,
        };
        let written = timings.time("output", || {
            let Some(text) = level.source_text()? else {
                return Ok(false);
            };
            match StreamedEdit::new(&text, level.map.edges().len(), edit) {
                Some(edit) => destination
                    .write_with(|out| edit.write_to(out))
                    .map(|()| true),
                None => Ok(false),
            }
        })?;
        written.then_some(report)
    } else {
        None
    };
    let report = match streamed {
        Some(report) => report,
        None => whole_edit(level, &checked, &destination, timings)?,
    };

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

/// Prunes the level through every clearance, the library's edit of the
/// whole text (or the map written anew), and writes it: for an agent
/// profile, a level with areas, or a text that cannot be edited as it is
/// written.
fn whole_edit<D: Shown>(
    level: &Level<D>,
    checked: &CheckedRadius,
    destination: &Destination,
    timings: &mut Timings,
) -> Result<PruneReport, Failure>
where
    for<'a> MapFile: From<&'a clearway::Map<D>>,
{
    let clearances =
        kept_until_exit(timings.time("clearance", || clearances_for(&level.map, Some(checked))));
    // An agent's forbidden areas go too; a radius alone forbids none.
    let agent = checked.profile(&level.map);
    let report = match agent {
        Some(agent) => PruneReport::new(&level.map, clearances, agent),
        None => PruneReport::new(&level.map, clearances, checked.agent_radius),
    };
    timings.time("output", || {
        let input = level.source_text()?;
        let input = input.as_deref();
        let radius = checked.agent_radius;
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
    Ok(report)
}
