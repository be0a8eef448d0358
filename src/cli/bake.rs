//! `clearway bake`: write the map with every edge's clearance stored in it.

use clearway::Clearances;

use super::args::BakeArgs;
use super::input::Level;
use super::output::Destination;
use super::{Failure, Outcome};

pub fn run(args: &BakeArgs) -> Result<Outcome, Failure> {
    let level = Level::read(&args.map.map)?;
    let destination = Destination::choose(&args.map.map, &args.output)?;
    let clearances = Clearances::compute(&level.map);
    destination.write(&level.map.baked(&clearances).to_ron_string())?;
    let bounded = clearances
        .edges()
        .iter()
        .filter(|c| !c.is_unbounded())
        .count();
    eprintln!(
        "baked the clearance of {bounded} of {} edges",
        level.map.edges().len()
    );
    Ok(Outcome::Pass)
}
