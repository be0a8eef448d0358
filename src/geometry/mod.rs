//! The geometry kernel: exact predicates and closest-point distances.
//!
//! Every query takes the *edge* (a segment; a node is a zero-length one) first
//! and an obstacle shape second, and returns a [`Separation`]: the distance
//! and the two closest points. Distances are never NaN and never negative.

mod orientation;
mod point;
mod point3;
mod point_segment;
mod polygon_contains;
mod precise;
mod segment_circle;
mod segment_polygon;
mod segment_segment;
mod separation;
mod shapes;
mod solids;

pub use orientation::{Orientation, orientation};
pub use point::Point;
pub use point_segment::{closest_point_on_segment, segment_to_point};
pub use point3::Point3;
pub use polygon_contains::polygon_contains;
pub use segment_circle::segment_to_circle;
pub use segment_polygon::segment_to_polygon;
pub use segment_segment::{segment_to_segment, segments_intersect};
pub use separation::Separation;
pub(crate) use shapes::count_distinct;
pub use shapes::{Circle, Polygon, Segment};
pub use solids::{AxisBox, Mesh, Sphere, Triangle};
