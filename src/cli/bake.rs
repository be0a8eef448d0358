//! `clearway bake`: write the map with every edge's clearance stored in it.

use super::args::{BakeArgs, ReportFormat};
use super::conventions::{self, note};
use super::input::Level;
use super::output::Destination;
use super::progress::compute_clearances;
use super::{Failure, Outcome};
use clearway::timings::Timings;

pub fn run(args: &BakeArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    let level = Level::read(&args.map, timings)?;
    let destination = Destination::choose(&args.map.map, &args.output)?;
    conventions::json_summary_needs_stdout(args.format, &destination)?;
    let clearances = timings.time("clearance", || compute_clearances(&level.map));
    timings.time("output", || {
        destination.write(&level.map.baked(&clearances).to_ron_string())
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
