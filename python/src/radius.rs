//! Which agent radius a call means: `radius=`, `agent=` (a profile of the
//! level), or, for `check`, every profile. A walking agent's name means
//! the walking agent (as `--agent` does on the command line); a radius is
//! always a sphere's.

use clearway::Agent;
use clearway::walking::Walking;
use pyo3::PyResult;
use pyo3::exceptions::PyValueError;

/// A radius to use, and the profile it came from.
#[derive(Clone, Debug)]
pub struct Chosen {
    /// The agent profile's name, when the radius came from one.
    pub agent: Option<String>,
    /// The radius.
    pub radius: f64,
    /// The profile's index among the level's agents, when it came from one.
    pub index: Option<usize>,
    /// The profile's height, climb and slope when it is a walking agent.
    pub walking: Option<Walking>,
}

/// The radius `radius` or `agent` gives; `None` when neither is given.
pub fn given(
    agents: &[Agent],
    radius: Option<f64>,
    agent: Option<&str>,
) -> PyResult<Option<Chosen>> {
    match (radius, agent) {
        (Some(_), Some(_)) => Err(PyValueError::new_err("give radius= or agent=, not both")),
        (Some(r), None) => {
            if !r.is_finite() || r < 0.0 {
                return Err(PyValueError::new_err(format!(
                    "radius must be a finite number >= 0, not {r}"
                )));
            }
            Ok(Some(Chosen {
                agent: None,
                radius: r,
                index: None,
                walking: None,
            }))
        }
        (None, Some(name)) => match agents.iter().position(|a| a.name == name) {
            Some(i) => Ok(Some(profile(agents, i))),
            None => {
                let known: Vec<String> = agents.iter().map(|a| format!("`{}`", a.name)).collect();
                let known = if known.is_empty() {
                    "the level has no agent profiles".to_string()
                } else {
                    format!("the level's agents are {}", known.join(", "))
                };
                Err(PyValueError::new_err(format!(
                    "no agent named `{name}`: {known}"
                )))
            }
        },
        (None, None) => Ok(None),
    }
}

/// Agent profile `i` of `agents`.
fn profile(agents: &[Agent], i: usize) -> Chosen {
    Chosen {
        agent: Some(agents[i].name.clone()),
        radius: agents[i].radius,
        index: Some(i),
        walking: agents[i].walking,
    }
}

/// The radius `radius` or `agent` gives, which must be one of them.
pub fn required(agents: &[Agent], radius: Option<f64>, agent: Option<&str>) -> PyResult<Chosen> {
    given(agents, radius, agent)?
        .ok_or_else(|| PyValueError::new_err("give the agent size: radius=R or agent=NAME"))
}

/// The radius `radius` or `agent` gives, or, with neither, every agent
/// profile of the level (at least one), as `clearway check` does.
pub fn one_or_every(
    agents: &[Agent],
    radius: Option<f64>,
    agent: Option<&str>,
) -> PyResult<Vec<Chosen>> {
    if let Some(one) = given(agents, radius, agent)? {
        return Ok(vec![one]);
    }
    if agents.is_empty() {
        return Err(PyValueError::new_err(
            "no radius= or agent= given, and the level has no agent profiles to check",
        ));
    }
    Ok((0..agents.len()).map(|i| profile(agents, i)).collect())
}
