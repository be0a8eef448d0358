//! The geometry kernel: exact predicates and closest-point distances.
//!
//! Every query takes the *edge* (a segment; a node is a zero-length one) first
//! and an obstacle shape second, and returns a [`Separation`]: the distance
//! and the two closest points. Distances are never NaN and never negative.

mod box_edge_bound;
mod fast3;
mod mesh_contains;
mod orientation;
mod point;
mod point3;
mod point_segment;
mod point_segment3;
mod polygon_contains;
mod precise;
mod precise3;
mod predicates3;
mod segment_box;
mod segment_circle;
mod segment_mesh;
mod segment_polygon;
mod segment_segment;
mod segment_segment3;
mod segment_sphere;
mod segment_triangle;
mod separation;
mod shapes;
mod small_grid;
mod solids;

pub use mesh_contains::mesh_contains;
pub use orientation::{Orientation, orientation};
pub use point::Point;
pub use point_segment::{closest_point_on_segment, segment_to_point};
pub use point_segment3::{closest_point_on_segment3, segment3_to_point};
pub use point3::Point3;
pub use polygon_contains::polygon_contains;
pub use segment_box::segment3_to_box;
pub use segment_circle::segment_to_circle;
pub use segment_mesh::segment3_to_mesh;
pub use segment_polygon::segment_to_polygon;
pub use segment_segment::{segment_to_segment, segments_intersect};
pub use segment_segment3::segment3_to_segment3;
pub use segment_sphere::segment3_to_sphere;
pub use segment_triangle::segment3_to_triangle;
pub use separation::Separation;
pub(crate) use shapes::count_distinct;
pub use shapes::{Circle, Polygon, Segment};
pub(crate) use small_grid::on_small_grid;
#[cfg(test)]
pub(crate) use small_grid::tile_coordinates;
pub use solids::{AxisBox, Mesh, Sphere, Triangle};
#[cfg(test)]
pub(crate) use solids::{cube_mesh, triangles_with_edges_near_their_planes};
