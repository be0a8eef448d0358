//! `clearway bake`: write the map with every edge's clearance stored in it.

use super::args::{BakeArgs, ReportFormat};
use super::conventions::{self, kept_until_exit, note};
use super::dimension::Shown;
use super::input::{AnyLevel, Level, on_level};
use super::output::{self, Destination};
use super::progress::{compute_clearances, compute_edge_values};
use super::timings::Timings;
use super::{Failure, Outcome};
use clearway_format::wire::MapFile;
use clearway_format::{EdgeEdit, StreamedEdit};

pub fn run(args: &BakeArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    on_level!(AnyLevel::read_keeping_text(&args.map, timings)?, |level| {
        bake(args, kept_until_exit(level), timings)
    })
}

/// The bake of a level of either dimension.
fn bake<D: Shown>(
    args: &BakeArgs,
    level: &mut Level<D>,
    timings: &mut Timings,
) -> Result<Outcome, Failure>
where
    for<'a> MapFile: From<&'a clearway::Map<D>>,
{
    let destination = Destination::choose(&args.map, &args.output)?;
    conventions::json_summary_needs_stdout(args.format, &destination)?;
    // Only the values baked are held, 8 bytes an edge, not every edge's
    // and node's clearance with its witness (56 bytes each).
    let values = timings.time("clearance", || BakedValues(compute_edge_values(&level.map)));
    // Measured: the R-tree's memory goes before the text is read again.
    level.map.free_obstacle_index();
    let level = &*level;
    timings.time("output", || {
        let input = level.source_text()?;
        let input = input.as_deref();
        // The edit written as it is made: the text between the edited
        // spans copied, not held a second time with the edit and its result.
        let edit = |i: usize| EdgeEdit::bake(level.map.edges()[i].clearance, values.get(i));
        let streamed = input.and_then(|text| StreamedEdit::new(text, values.len(), edit));
        if let Some(edit) = streamed {
            return destination.write_with(|out| edit.write_to(out));
        }
        // The text cannot be edited as it is written (or there is none):
        // the library's whole edit, from every clearance, decides.
        let clearances = kept_until_exit(compute_clearances(&level.map));
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
    let bounded = values.bounded();
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

/// The clearance baked into every edge, in order: `None` (unbounded) kept
/// as infinity, so that a value takes 8 bytes.
struct BakedValues(Vec<f64>);

impl BakedValues {
    /// How many edges there are.
    fn len(&self) -> usize {
        self.0.len()
    }

    /// Edge `i`'s value: `None` when nothing limits it.
    fn get(&self, i: usize) -> Option<f64> {
        let value = self.0[i];
        value.is_finite().then_some(value)
    }

    /// How many edges something limits.
    fn bounded(&self) -> usize {
        self.0.iter().filter(|v| v.is_finite()).count()
    }
}
