//! The geometry kernel: exact predicates and closest-point distances.
//!
//! Every query takes the *edge* (a segment; a node is a zero-length one) first
//! and an obstacle shape second, and returns a [`Separation`]: the distance
//! and the two closest points. Distances are never NaN and never negative.
//!
//! The queries here are the plane's (the default [`Dimension`](crate::Dimension),
//! [`Plane`](crate::Plane)); their 3D twins, under the same names, are in
//! the module `space` (as `space::segment_to_segment`), one file per pair
//! of shapes.

/// Re-exports distance kernels: public with the feature `test-twins` (for
/// the tests and fuzz targets that check them against exact twins), to the
/// crate only without it (a game asks `Clearances` instead).
macro_rules! kernels {
    ($($module:ident::$item:ident),* $(,)?) => {
        $(
            #[cfg(feature = "test-twins")]
            pub use $module::$item;
            #[cfg(not(feature = "test-twins"))]
            pub(crate) use $module::$item;
        )*
    };
}

mod orientation;
mod point;
mod point3;
mod point_segment;
mod polygon_contains;
mod precise;
pub(crate) mod segment_circle;
mod segment_polygon;
mod segment_segment;
mod separation;
mod shapes;
#[cfg(test)]
pub(crate) mod shorthand;
mod small_grid;
mod solids;
// The distance kernels (segment to point, circle, polygon, segment; in
// `space`, their 3D twins): what `Clearances` is built from, public only
// for the tests and fuzz targets that check them against exact twins
// (feature `test-twins`); a game asks `Clearances` instead.
#[cfg(feature = "test-twins")]
pub mod space;
#[cfg(not(feature = "test-twins"))]
pub(crate) mod space;

#[cfg(feature = "test-twins")]
pub use orientation::{Orientation, orientation};
pub use point::Point;
#[cfg(feature = "test-twins")]
pub use point_segment::closest_point_on_segment;
pub use point3::Point3;
kernels!(
    point_segment::segment_to_point,
    polygon_contains::polygon_contains,
    segment_circle::segment_to_circle,
    segment_polygon::segment_to_polygon,
    segment_segment::segment_to_segment,
    segment_segment::segments_intersect,
);
pub use separation::Separation;
pub(crate) use shapes::count_distinct;
pub use shapes::{Circle, Polygon, Segment};
pub(crate) use small_grid::on_small_grid;
#[cfg(test)]
pub(crate) use small_grid::tile_coordinates;
pub use solids::{AxisBox, Mesh, Sphere, Triangle};
#[cfg(test)]
pub(crate) use solids::{cube_mesh, triangles_with_edges_near_their_planes};
