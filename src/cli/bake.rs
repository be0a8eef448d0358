//! `clearway bake`: write the map with every edge's clearance stored in it.

use super::args::{BakeArgs, ReportFormat};
use super::conventions::{self, kept_until_exit, note};
use super::dimension::Shown;
use super::input::{AnyLevel, Level, on_level};
use super::output::{self, Destination};
use super::progress::compute_clearances;
use super::timings::Timings;
use super::{Failure, Outcome};
use clearway_format::wire::MapFile;

pub fn run(args: &BakeArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    on_level!(AnyLevel::read_keeping_text(&args.map, timings)?, |level| {
        bake(args, kept_until_exit(level), timings)
    })
}

/// The bake of a level of either dimension.
fn bake<D: Shown>(
    args: &BakeArgs,
    level: &Level<D>,
    timings: &mut Timings,
) -> Result<Outcome, Failure>
where
    for<'a> MapFile: From<&'a clearway::Map<D>>,
{
    let destination = Destination::choose(&args.map, &args.output)?;
    conventions::json_summary_needs_stdout(args.format, &destination)?;
    let clearances = kept_until_exit(timings.time("clearance", || compute_clearances(&level.map)));
    timings.time("output", || {
        let input = level.source_text();
        // The edit written as it is made: the text between the edited
        // spans copied, not held a second time with the edit and its result.
        if let Some(edit) = input.and_then(|text| level.map.baked_text_streamed(text, clearances)) {
            return destination.write_with(|out| edit.write_to(out));
        }
        let text = output::edited_or_written(
            input,
            input.and_then(|text| level.map.baked_text(text, clearances)),
            || {
                let baked = level.map.baked(clearances);
                baked.to_ron_string_with_obstacles(level.own_obstacles())
            },
        );
        destination.write(&text)
    })?;
    let bounded = clearances
        .edges()
        .iter()
        .filter(|c| !c.is_unbounded())
        .count();
    if args.format == ReportFormat::Json {
        let summary = serde_json::json!({"edges": level.map.edges().len(), "baked": bounded});
        conventions::write_json(&summary)?;
        return Ok(Outcome::Pass);
    }
    note!(
        "baked the clearance of {bounded} of {} edges",
        level.map.edges().len()
    );
    Ok(Outcome::Pass)
}
