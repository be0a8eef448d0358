//! Areas: the kind of ground an edge crosses (`area: "water"`), which an
//! agent's `costs` and `forbid` name.
//!
//! An edge keeps its area as a small number ([`AreaId`]) into the map's
//! list of area names ([`Map::areas`]), sorted, so that an edge stays as
//! small as before and a router reads a multiplier by index. The names are
//! gathered while the edges are validated (on every core, in any order),
//! then numbered in sorted order, so the same file always gives the same
//! numbers.

use std::collections::HashMap;
use std::sync::Mutex;

use super::validate::ValidationError;
use super::{Agent, Edge, Map};
use crate::dimension::Dimension;
use crate::indices::EdgeIdx;

/// An area of a map: an index into [`Map::areas`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AreaId(u16);

impl AreaId {
    /// The most areas a map may name: an edge keeps its area in 16 bits,
    /// and a router keeps one value of them for "no area".
    pub(crate) const MAX_AREAS: usize = u16::MAX as usize;

    /// The area at `index` of a map's sorted area names (fewer than
    /// [`AreaId::MAX_AREAS`]).
    pub(crate) fn from_index(index: usize) -> AreaId {
        debug_assert!(index < AreaId::MAX_AREAS);
        AreaId(index as u16)
    }

    /// The area's index in [`Map::areas`].
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The area names met while validating edges, each with the number it was
/// first given (in whatever order the edges were validated).
#[derive(Debug, Default)]
pub(crate) struct AreaNames {
    names: Mutex<HashMap<String, u16>>,
}

impl AreaNames {
    /// The number of area `name`; `None` when the map already names
    /// [`AreaId::MAX_AREAS`] others.
    pub fn intern(&self, name: &str) -> Option<AreaId> {
        let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&id) = names.get(name) {
            return Some(AreaId(id));
        }
        if names.len() >= AreaId::MAX_AREAS {
            return None;
        }
        let id = names.len() as u16;
        names.insert(name.to_owned(), id);
        Some(AreaId(id))
    }

    /// The names, sorted, with `edges` renumbered to match.
    pub fn finish(self, edges: &mut [Edge]) -> Vec<String> {
        let names = self.names.into_inner().unwrap_or_else(|e| e.into_inner());
        if names.is_empty() {
            return Vec::new();
        }
        let mut sorted: Vec<(String, u16)> = names.into_iter().collect();
        sorted.sort();
        let mut renumber = vec![0u16; sorted.len()];
        for (new, (_, old)) in sorted.iter().enumerate() {
            renumber[usize::from(*old)] = new as u16;
        }
        for edge in edges.iter_mut() {
            if let Some(AreaId(old)) = edge.area {
                edge.area = Some(AreaId(renumber[usize::from(old)]));
            }
        }
        sorted.into_iter().map(|(name, _)| name).collect()
    }
}

/// Checks every agent's `costs` and `forbid` against the areas the edges
/// carry (`areas`, sorted): each name must be one of them.
pub(crate) fn check_agent_areas(agents: &[Agent], areas: &[String]) -> Result<(), ValidationError> {
    let known = |name: &str| areas.binary_search_by(|a| a.as_str().cmp(name)).is_ok();
    for (agent, a) in agents.iter().enumerate() {
        if let Some(area) = a.costs.keys().find(|name| !known(name)) {
            return Err(ValidationError::UnknownArea {
                agent,
                forbid: None,
                area: area.clone(),
            });
        }
        if let Some((i, area)) = a.forbid.iter().enumerate().find(|(_, name)| !known(name)) {
            return Err(ValidationError::UnknownArea {
                agent,
                forbid: Some(i),
                area: area.clone(),
            });
        }
    }
    Ok(())
}

/// Checks one multiplier of agent `agent`'s `costs`: finite and > 0.
pub(crate) fn check_multiplier(
    agent: usize,
    area: &str,
    value: f64,
) -> Result<(), ValidationError> {
    if value.is_finite() && value > 0.0 {
        Ok(())
    } else {
        Err(ValidationError::BadMultiplier {
            agent,
            area: area.to_owned(),
            value,
        })
    }
}

impl<D: Dimension> Map<D> {
    /// The names of the areas the edges carry, sorted; an edge's
    /// [`Edge::area`] indexes it. Empty for a map without areas.
    pub fn areas(&self) -> &[String] {
        &self.areas
    }

    /// The name of edge `edge`'s area, if it has one.
    ///
    /// # Panics
    /// When `edge` is not an edge index of the map.
    pub fn edge_area(&self, edge: EdgeIdx) -> Option<&str> {
        self.edges[edge]
            .area
            .map(|id| self.areas[id.index()].as_str())
    }

    /// Whether some area of [`Map::areas`] is carried by no edge (after
    /// edges were removed): the map would not load again as written, since
    /// an agent may name it.
    pub(crate) fn has_vanished_areas(&self) -> bool {
        let mut carried = vec![false; self.areas.len()];
        for edge in &self.edges {
            if let Some(id) = edge.area {
                carried[id.index()] = true;
            }
        }
        carried.contains(&false)
    }

    /// The map without the areas no edge carries any more (after edges were
    /// removed), nor their names in the agents' costs and forbidden areas:
    /// those name nothing now, and a map naming them would not load again.
    pub(crate) fn with_only_carried_areas(mut self) -> Map<D> {
        if !self.has_vanished_areas() {
            return self;
        }
        let mut carried = vec![false; self.areas.len()];
        for edge in &self.edges {
            if let Some(id) = edge.area {
                carried[id.index()] = true;
            }
        }
        let mut renumber = vec![None; self.areas.len()];
        let mut kept = Vec::new();
        for (old, name) in std::mem::take(&mut self.areas).into_iter().enumerate() {
            if carried[old] {
                renumber[old] = Some(AreaId(kept.len() as u16));
                kept.push(name);
            }
        }
        for edge in &mut self.edges {
            edge.area = edge.area.and_then(|id| renumber[id.index()]);
        }
        let known = |name: &String| kept.binary_search(name).is_ok();
        for agent in &mut self.agents {
            agent.costs.retain(|name, _| known(name));
            agent.forbid.retain(known);
        }
        self.areas = kept;
        self
    }

    /// Whether `agent` may not use edge `edge`: its area is one the agent
    /// forbids.
    ///
    /// # Panics
    /// When `edge` is not an edge index of the map.
    pub fn forbids(&self, agent: &Agent, edge: EdgeIdx) -> bool {
        self.edge_area(edge)
            .is_some_and(|area| agent.forbid.iter().any(|f| f == area))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers follow the sorted names, whatever order they were met in.
    #[test]
    fn areas_are_numbered_in_sorted_order() {
        let names = AreaNames::default();
        let water = names.intern("water").unwrap();
        let lava = names.intern("lava").unwrap();
        assert_eq!(names.intern("water"), Some(water));
        let mut edges = vec![
            Edge {
                area: Some(water),
                ..Edge::two_way(crate::NodeIdx::new(0), crate::NodeIdx::new(1))
            },
            Edge {
                area: Some(lava),
                ..Edge::two_way(crate::NodeIdx::new(0), crate::NodeIdx::new(1))
            },
        ];
        assert_eq!(names.finish(&mut edges), ["lava", "water"]);
        assert_eq!(edges[0].area.map(AreaId::index), Some(1));
        assert_eq!(edges[1].area.map(AreaId::index), Some(0));
    }
}
