//! Who a question is asked for: a radius alone, or an agent profile.

use crate::map::Agent;

/// Who a prune, a route or a report is for: an agent of some radius
/// alone, or an agent profile from the level, whose areas count too (the
/// areas it forbids are never used, and the costs it names multiply its
/// edges' costs). Methods take `impl Into<AgentOrRadius>`, so a radius
/// (`2.0`) or a profile (`&map.agents()[0]`) is passed as it is.
///
/// ```
/// use clearway::{Agent, Clearances, Map};
/// let map = Map::loader().read_str(r#"(
///     agents: [(name: "cat", radius: 0.5, forbid: ["water"])],
///     nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), (id: 2, pos: (0, 10))],
///     edges: [(from: 0, to: 1, area: "water"), (from: 0, to: 2)],
/// )"#, "doc.ron").unwrap();
/// let clearances = Clearances::compute(&map);
/// // A radius of 0.5 may swim; the cat, of the same radius, may not.
/// assert_eq!(map.pruned(&clearances, 0.5).edges().len(), 2);
/// assert_eq!(map.pruned(&clearances, &map.agents()[0]).edges().len(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AgentOrRadius<'a> {
    /// An agent of this radius, which may use every area at its own cost.
    Radius(f64),
    /// This agent profile: its radius, and the areas it forbids or pays
    /// more (or less) for.
    Agent(&'a Agent),
}

impl<'a> AgentOrRadius<'a> {
    /// The agent's radius.
    pub(crate) fn radius(self) -> f64 {
        match self {
            AgentOrRadius::Radius(r) => r,
            AgentOrRadius::Agent(agent) => agent.radius,
        }
    }
}

impl From<f64> for AgentOrRadius<'_> {
    fn from(radius: f64) -> Self {
        AgentOrRadius::Radius(radius)
    }
}

impl<'a> From<&'a Agent> for AgentOrRadius<'a> {
    fn from(agent: &'a Agent) -> Self {
        AgentOrRadius::Agent(agent)
    }
}
