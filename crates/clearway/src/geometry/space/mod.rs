//! The 3D kernel: the distance queries for levels in [`Space`](crate::Space),
//! one file per pair of shapes as for the plane (`geometry/segment_*.rs`),
//! with the same names: `space::segment_to_segment` is the 3D twin of
//! `geometry::segment_to_segment`. The kernels are public only for the
//! tests and fuzz targets (feature `test-twins`); a game asks `Clearances`
//! or `WalkingClearances` instead.
//!
//! Every query takes the edge (a [`Segment<Point3>`](super::Segment)) first
//! and the obstacle shape second, and returns a [`Separation<Point3>`](super::Separation).
//! The shape types themselves ([`Point3`](super::Point3), [`Sphere`](super::Sphere),
//! [`AxisBox`](super::AxisBox), [`Triangle`](super::Triangle), [`Mesh`](super::Mesh))
//! sit beside the 2D ones in [`crate::geometry`].
//!
//! Why a module of its own rather than one source for both dimensions: the
//! 2D kernels round as they always have (byte-identical outputs) and the 3D
//! ones need other predicates (four-point orientation, coplanar cases) and
//! other accurate products (`precise.rs`, `fast.rs`); what they share (the
//! exact sums of `geometry/precise.rs`, the 2D orientation used on the
//! coordinate projections) they call from the plane's modules.

mod box_edge_bound;
mod fast;
mod mesh_contains;
mod point_segment;
mod precise;
mod predicates;
mod segment_box;
mod segment_mesh;
mod segment_segment;
mod segment_sphere;
mod segment_triangle;
#[cfg(test)]
pub(crate) mod shorthand;

#[cfg(feature = "test-twins")]
pub use point_segment::closest_point_on_segment;
kernels!(
    mesh_contains::mesh_contains,
    point_segment::segment_to_point,
    segment_box::segment_to_box,
    segment_mesh::segment_to_mesh,
    segment_segment::segment_to_segment,
    segment_sphere::segment_to_sphere,
    segment_triangle::segment_to_triangle,
);
