//! The checks of a walking agent's profile: `height`, `climb` and
//! `max_slope`, which make an agent profile a walking agent in a 3D level.

use clearway_format::locate::DocPath;

use super::validate::{Quantity, ValidationError, length};
use super::wire::AgentEntry;
use crate::walking::Walking;

/// What is wrong with a walking profile, and where.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ProfileProblem {
    /// Where the bad value is (or the profile, for a missing one).
    pub path: DocPath,
    /// The message.
    pub message: String,
    /// The label under the bad value.
    pub label: String,
}

/// The walking part of agent profile `i`, `None` for a sphere; `flat` for
/// a 2D level, whose agents are discs.
pub(crate) fn walking(
    i: usize,
    entry: &AgentEntry,
    radius: f64,
    flat: bool,
) -> Result<Option<Walking>, ValidationError> {
    let at = |field: &'static str| DocPath::item("agents", i).field(field);
    let name = clearway_text::quote::capped(&entry.name);
    let problem = |path: DocPath, message: String, label: &str| {
        ValidationError::AgentProfile(Box::new(ProfileProblem {
            path,
            message,
            label: label.to_owned(),
        }))
    };
    let given = [
        ("height", entry.height),
        ("climb", entry.climb),
        ("max_slope", entry.max_slope),
    ];
    if flat {
        if let Some((field, _)) = given.iter().find(|(_, v)| v.is_some()) {
            return Err(problem(
                at(field),
                format!(
                    "agent {name:?} has `{field}` in a 2D level: only a 3D level's agents walk (a 2D agent is a disc of its radius)"
                ),
                "walking agents are 3D only",
            ));
        }
        return Ok(None);
    }
    let Some(height) = entry.height else {
        if let Some((field, _)) = given[1..].iter().find(|(_, v)| v.is_some()) {
            return Err(problem(
                at(field),
                format!(
                    "agent {name:?} has `{field}` but no `height`: only a walking agent (one with a height) has a climb and a slope"
                ),
                "needs a `height`",
            ));
        }
        return Ok(None);
    };
    let height = length(height, || at("height"), Quantity::Height)?;
    let Some(climb) = entry.climb else {
        return Err(problem(
            DocPath::item("agents", i),
            format!(
                "agent {name:?} has a `height` but no `climb`: a walking agent needs the highest step it climbs, e.g. `climb: 0.35`"
            ),
            "no `climb`",
        ));
    };
    let climb = length(climb, || at("climb"), Quantity::Height)?;
    if climb == 0.0 {
        return Err(problem(
            at("climb"),
            format!(
                "agent {name:?} has `climb: 0`: its body would reach down to its feet and touch the floor it stands on; give the highest step it climbs (> 0)"
            ),
            "must be > 0",
        ));
    }
    let needed = climb + 2.0 * radius;
    // Strictly above the climb even for a radius of 0: a body with no
    // height at all would have no room to fit, and a clearance of 0 must
    // mean blocked.
    if height < needed || height <= climb {
        return Err(problem(
            at("height"),
            format!(
                "agent {name:?} has height {height}, below climb {climb} + 2 x radius {radius} = {needed}: its body would not fit between the step it climbs and its head; raise `height` to at least {needed}, or lower `climb` or `radius`"
            ),
            "shorter than climb + 2 x radius",
        ));
    }
    let max_slope = match entry.max_slope {
        None => 90.0,
        Some(slope) => {
            let slope = length(slope, || at("max_slope"), Quantity::Angle)?;
            if !(slope > 0.0 && slope <= 90.0) {
                return Err(problem(
                    at("max_slope"),
                    format!(
                        "agent {name:?} has `max_slope: {slope}`: the steepest slope it walks is an angle in degrees above 0 and at most 90"
                    ),
                    "not in (0, 90]",
                ));
            }
            slope
        }
    };
    Ok(Some(Walking {
        height,
        climb,
        max_slope,
    }))
}
