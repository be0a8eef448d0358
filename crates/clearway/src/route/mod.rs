//! Radius-aware routes: the cheapest route an agent fits along, and the
//! widest route (the largest agent that can get from A to B at all).

mod area_costs;
mod astar;
mod cheapest;
mod clearance_floor;
mod goal_bound;
mod landmarks;
mod network;
mod node_order;
mod open_set;
mod router;
#[cfg(test)]
mod tests_3d;
mod usable;
mod widest;
mod widest_tree;

pub(crate) use astar::Scratch;
pub use cheapest::Route;
pub(crate) use network::RouteNetwork;
// The viewer page steers its searches by the same estimate.
pub use router::Router;
#[cfg(feature = "render")]
pub(crate) use router::heuristic_scale;
// ... and weighs the edges as the searches do: each edge's cost, and an
// agent's multipliers by area.
#[cfg(feature = "render")]
pub(crate) use area_costs::AreaCosts;
#[cfg(feature = "render")]
pub(crate) use cheapest::edge_cost;
pub use widest::WidestRoute;
