//! Which agent radii a command checks: `--radius`, `--agent`, or every profile.

use clearway::walking::Walking;
use clearway::{Agent, Dimension, Map};

use super::Failure;
use super::args::RadiusChoice;

/// One radius to check, and the agent profile it came from, if any.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedRadius {
    /// The agent profile's name, when the radius came from one.
    pub agent: Option<String>,
    /// The agent radius.
    pub agent_radius: f64,
    /// The profile's height, climb and slope when it is a walking agent.
    pub walking: Option<Walking>,
}

impl CheckedRadius {
    /// The agent profile the radius came from, whose costs and forbidden
    /// areas a route honours; `None` for a radius given alone.
    pub fn profile<'m, D: Dimension>(&self, map: &'m Map<D>) -> Option<&'m Agent> {
        let name = self.agent.as_ref()?;
        map.agents().iter().find(|a| &a.name == name)
    }
}

/// What the user asked for, against the map's agent profiles.
pub enum Radii {
    /// `--radius` or `--agent`: one radius.
    One(CheckedRadius),
    /// Neither: every agent profile of the map, in file order.
    EveryProfile(Vec<CheckedRadius>),
}

impl Radii {
    /// All the radii to check.
    pub fn all(&self) -> Vec<CheckedRadius> {
        match self {
            Radii::One(r) => vec![r.clone()],
            Radii::EveryProfile(all) => all.clone(),
        }
    }
}

/// Resolves the choice; with neither option, every profile (at least one).
pub fn resolve<D: Dimension>(choice: &RadiusChoice, map: &Map<D>) -> Result<Radii, Failure> {
    if let Some(r) = resolve_given(choice, map)? {
        return Ok(Radii::One(r));
    }
    if map.agents().is_empty() {
        return Err(Failure::Usage(
            "no --radius or --agent given, and the map has no agent profiles to check".into(),
        ));
    }
    Ok(Radii::EveryProfile(
        map.agents()
            .iter()
            .map(|a| CheckedRadius {
                agent: Some(a.name.clone()),
                agent_radius: a.radius,
                walking: a.walking,
            })
            .collect(),
    ))
}

/// Resolves a choice that must name one radius (`--radius` or `--agent`).
pub fn resolve_required<D: Dimension>(
    choice: &RadiusChoice,
    map: &Map<D>,
) -> Result<CheckedRadius, Failure> {
    resolve_given(choice, map)?
        .ok_or_else(|| Failure::Usage("give the agent size with --radius R or --agent NAME".into()))
}

/// Refuses a walking agent where a command measures spheres only
/// (`link`): a sphere's answer for it would be wrong.
pub fn spheres_only(checked: &CheckedRadius) -> Result<(), Failure> {
    match (&checked.agent, checked.walking) {
        (Some(name), Some(w)) => Err(Failure::Usage(format!(
            "agent `{}` is a walking agent (height {}): this command measures spheres only so far (give --radius {} to treat it as a sphere of its radius)",
            clearway_text::quote::capped(name),
            w.height,
            checked.agent_radius,
        ))),
        _ => Ok(()),
    }
}

/// Resolves `--radius` or `--agent`, if either is given.
pub fn resolve_given<D: Dimension>(
    choice: &RadiusChoice,
    map: &Map<D>,
) -> Result<Option<CheckedRadius>, Failure> {
    if let Some(agent_radius) = choice.radius {
        return Ok(Some(CheckedRadius {
            agent: None,
            agent_radius,
            walking: None,
        }));
    }
    let Some(name) = &choice.agent else {
        return Ok(None);
    };
    match map.agents().iter().find(|a| &a.name == name) {
        Some(a) => Ok(Some(CheckedRadius {
            agent: Some(a.name.clone()),
            agent_radius: a.radius,
            walking: a.walking,
        })),
        None => {
            let known: Vec<String> = map
                .agents()
                .iter()
                .map(|a| format!("`{}`", clearway_text::quote::capped(&a.name)))
                .collect();
            let known = if known.is_empty() {
                "the map has no agent profiles".to_string()
            } else {
                format!(
                    "the map's agents are {}",
                    clearway_text::quote::capped_list(&known)
                )
            };
            Err(Failure::Usage(format!(
                "no agent named `{}`: {known}",
                clearway_text::quote::capped(name)
            )))
        }
    }
}
