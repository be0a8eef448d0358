//! A game that depends on the clearway library alone. Its `build.rs` pruned
//! the level once per agent profile; at run time each agent loads its own
//! network and plans routes on it, with no clearance left to check.

use std::error::Error;

use clearway::{Clearances, Map, NodeIdx, Router};

include!(concat!(env!("OUT_DIR"), "/levels.rs"));

fn main() -> Result<(), Box<dyn Error>> {
    for &(agent, radius, text) in LEVELS {
        let map = Map::loader().read_str(text, agent)?;
        let clearances = Clearances::compute(&map);
        let mut router = Router::new(&map, &clearances);
        let (from, to) = (node(&map, 100)?, node(&map, 125)?);
        match router.route(from, to, radius) {
            Some(route) => println!(
                "{agent} (radius {radius}): {} edges; west_end -> hangar in {} steps, length {:.2}",
                map.edges().len(),
                route.edges.len(),
                route.length
            ),
            None => println!(
                "{agent} (radius {radius}): {} edges; no way from west_end to hangar",
                map.edges().len()
            ),
        }
    }
    Ok(())
}

/// The index of the node with this id.
fn node(map: &Map, id: u64) -> Result<NodeIdx, String> {
    map.node_index(id).ok_or_else(|| format!("no node {id}"))
}
