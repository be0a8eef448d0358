//! One engine for 2D and 3D levels: the [`Dimension`] a map lives in.
//!
//! A level is flat ([`Plane`], positions [`Point`](crate::geometry::Point),
//! obstacles [`Obstacle`](crate::Obstacle)) or has height ([`Space`],
//! positions [`Point3`](crate::geometry::Point3), obstacles
//! [`Obstacle3`](crate::Obstacle3)). The map, the obstacle index and its
//! best-first search, the clearances and the route searches are written once,
//! generic over the dimension: `Map<D: Dimension = Plane>`,
//! `ObstacleIndex<D = Plane>`, `Clearances<D = Plane>`, `Router<'m, D = Plane>`.
//! What differs between the two is small and sits behind this trait: the
//! point type, the obstacles and how they are cut into indexed parts, the
//! exact and the quick distances, the box bounds the search prunes with, and
//! the space-filling curve the buckets follow.
//!
//! Why generic rather than one 3D engine with the plane at z = 0: 2D results
//! must stay byte-identical and 2D must not get slower. A 3D kernel fed
//! z = 0 would round differently (a third term in every sum, other
//! predicates), would carry a third coordinate through every part, bucket
//! and box (a third more memory), and the 2D polygon (even-odd interior)
//! has no 3D twin. Generic code is compiled once per dimension
//! (monomorphised): the 2D instance calls the very 2D functions it called
//! before, inlined, with no dynamic dispatch and no branch on the dimension
//! in any per-part loop. The default type parameter keeps every 2D name
//! (`Map`, `Clearances`, `Segment`, `Nearest`, ...) meaning what it meant.
//!
//! ```
//! use clearway::Space;
//! use clearway::geometry::{Point3, Segment, Sphere};
//! use clearway::ObstacleIndex;
//! use clearway::Obstacle3;
//! let obstacles = vec![Obstacle3::Sphere(Sphere { center: Point3::new(5.0, 0.0, 3.0), radius: 1.0 })];
//! let index: ObstacleIndex<Space> = ObstacleIndex::build(&obstacles);
//! let edge = Segment::new(Point3::new(0.0, 0.0, 0.0), Point3::new(10.0, 0.0, 0.0));
//! assert_eq!(index.nearest_to_segment(&obstacles, edge).unwrap().separation.distance, 2.0);
//! ```

use std::fmt::Debug;
use std::ops::Sub;

use rstar::AABB;

use crate::geometry::{Segment, Separation};

/// The dimension a level lives in: [`Plane`] or [`Space`]. Sealed: the
/// engine is written for these two.
///
/// The items marked hidden are the engine's per-dimension kernel (how
/// obstacles are cut into index parts and measured); they are not part of
/// the supported API.
pub trait Dimension:
    sealed::Sealed + Copy + Debug + Default + PartialEq + Send + Sync + 'static
{
    /// A position: [`Point`](crate::geometry::Point) or
    /// [`Point3`](crate::geometry::Point3).
    type Point: Copy
        + Debug
        + Default
        + PartialEq
        + Send
        + Sync
        + Sub<Output = Self::Point>
        + rstar::Point<Scalar = f64>;
    /// An obstacle: [`Obstacle`](crate::Obstacle) or
    /// [`Obstacle3`](crate::Obstacle3).
    type Obstacle: Clone + Debug + PartialEq + Send + Sync;

    #[doc(hidden)]
    /// One indexed piece of an obstacle other than a point.
    type Part: Clone + Debug + Send + Sync;
    #[doc(hidden)]
    /// The space-filling curve over a box that orders buckets and nodes.
    type Curve: Copy + Debug + Send + Sync;
    #[doc(hidden)]
    /// A position in single precision, for boxes that only filter (a live
    /// level's reach tree): half the bytes, rounded outward.
    type Narrow: Copy + Debug + PartialEq + Send + Sync + rstar::Point<Scalar = f32>;

    #[doc(hidden)]
    /// Whether the clearance loop starts each edge's search from the
    /// previous edge's nearest part: worth it where an exact measure is
    /// cheap next to the tree walk it shortens (3D), not in 2D, whose
    /// figures stay as they were.
    const HINTED: bool;

    #[doc(hidden)]
    /// The Euclidean distance between two positions (as `Segment::length`).
    fn distance(a: Self::Point, b: Self::Point) -> f64;
    #[doc(hidden)]
    /// The squared length of a displacement.
    fn length_2(v: Self::Point) -> f64;
    #[doc(hidden)]
    /// The curve over the box around `points`; `None` when there are none.
    fn curve_around(points: impl IntoIterator<Item = Self::Point>) -> Option<Self::Curve>;
    #[doc(hidden)]
    /// A position's key along the curve.
    fn curve_key(curve: &Self::Curve, p: Self::Point) -> u64;

    #[doc(hidden)]
    /// The exact separation from `edge` to `obstacle`, measured directly:
    /// the brute-force twin of the index.
    fn separation(obstacle: &Self::Obstacle, edge: Segment<Self::Point>)
    -> Separation<Self::Point>;
    #[doc(hidden)]
    /// The position of a point obstacle; `None` for every other kind.
    fn point_obstacle(obstacle: &Self::Obstacle) -> Option<Self::Point>;
    #[doc(hidden)]
    /// The piece numbers of an obstacle other than a point, in cutting order.
    fn pieces(obstacle: &Self::Obstacle) -> impl Iterator<Item = u32>;
    #[doc(hidden)]
    /// Piece `piece` of `obstacle`, number `index` in the map.
    fn piece(index: u32, obstacle: &Self::Obstacle, piece: u32) -> Self::Part;
    #[doc(hidden)]
    /// A part's (obstacle, piece) key, which breaks ties.
    fn part_key(part: &Self::Part) -> (u32, u32);
    #[doc(hidden)]
    /// The box around a part.
    fn part_envelope(part: &Self::Part) -> AABB<Self::Point>;
    #[doc(hidden)]
    /// A fast approximation of the squared distance from `edge` to a part,
    /// never above the exact one beyond the search's slack.
    fn part_quick_2(part: &Self::Part, edge: Segment<Self::Point>) -> f64;
    #[doc(hidden)]
    /// The exact separation from `edge` to a part, or `None` for an interior
    /// part the edge is not inside. `may_win` says whether a squared
    /// distance may still win against the search's best, for a part that
    /// is measured piece by piece (a polygon indexed whole in the plane).
    fn part_separation(
        part: &Self::Part,
        edge: Segment<Self::Point>,
        obstacles: &[Self::Obstacle],
        may_win: impl Fn(f64) -> bool,
    ) -> Option<Separation<Self::Point>>;
    #[doc(hidden)]
    /// The quick squared distance from a point obstacle to `edge`.
    fn point_quick_2(p: Self::Point, edge: Segment<Self::Point>) -> f64;
    #[doc(hidden)]
    /// The exact separation from `edge` to a point obstacle.
    fn point_separation(edge: Segment<Self::Point>, p: Self::Point) -> Separation<Self::Point>;
    #[doc(hidden)]
    /// A lower bound on the squared distance from `edge` (the segment) to
    /// the closed box `[lower, upper]`.
    fn segment_box_2(edge: Segment<Self::Point>, lower: Self::Point, upper: Self::Point) -> f64;
    #[doc(hidden)]
    /// The squared distance between two closed boxes.
    fn box_box_2(
        a_lower: Self::Point,
        a_upper: Self::Point,
        b_lower: Self::Point,
        b_upper: Self::Point,
    ) -> f64;
    #[doc(hidden)]
    /// The box around a segment, as (lower, upper) corners.
    fn segment_bounds(edge: Segment<Self::Point>) -> (Self::Point, Self::Point);
    #[doc(hidden)]
    /// The largest absolute coordinate of a segment: the scale of the
    /// search's floating-point slack.
    fn scale(edge: Segment<Self::Point>) -> f64;
    #[doc(hidden)]
    /// The largest absolute coordinate of a position.
    fn point_magnitude(p: Self::Point) -> f64;
    #[doc(hidden)]
    /// The largest absolute coordinate of an obstacle (a circle's or
    /// sphere's centre plus its radius): what sets a level's slack.
    fn obstacle_magnitude(obstacle: &Self::Obstacle) -> f64;
    #[doc(hidden)]
    /// The obstacle moved by `by`; `None` when it degenerates.
    fn translated(obstacle: &Self::Obstacle, by: Self::Point) -> Option<Self::Obstacle>;
    #[doc(hidden)]
    /// Every coordinate of the obstacle (not a circle's or sphere's
    /// radius), for validation.
    fn obstacle_numbers(obstacle: &Self::Obstacle) -> Vec<f64>;
    #[doc(hidden)]
    /// What is wrong with an obstacle whose coordinates are valid, as the
    /// loader would say it: a radius that is not a finite number >= 0, a
    /// box inside out.
    fn obstacle_problem(obstacle: &Self::Obstacle) -> Option<String>;
    #[doc(hidden)]
    /// The obstacle a wire entry describes, validated as the loader
    /// validates obstacle `index` (see [`crate::map::obstacle_from_wire`]).
    fn obstacle_from_wire(
        entry: clearway_format::wire::ObstacleEntry,
        index: usize,
    ) -> Result<Self::Obstacle, crate::map::ObstacleEntryError>;
}

/// The obstacle type of a dimension, named from the obstacle: what lets
/// `ObstacleIndex::build(&obstacles)` tell a 2D index from a 3D one by the
/// obstacles it is given.
pub trait ObstacleOf: Sized {
    /// The dimension whose obstacles these are.
    type Dimension: Dimension<Obstacle = Self>;
}

impl ObstacleOf for crate::Obstacle {
    type Dimension = Plane;
}

/// Flat levels: positions are [`Point`](crate::geometry::Point), obstacles
/// [`Obstacle`](crate::Obstacle). The default dimension everywhere.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Plane;

/// Levels with height: positions are [`Point3`](crate::geometry::Point3),
/// obstacles [`Obstacle3`](crate::Obstacle3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Space;

mod sealed {
    /// Only [`Plane`](super::Plane) and [`Space`](super::Space) are
    /// dimensions.
    pub trait Sealed {}
    impl Sealed for super::Plane {}
    impl Sealed for super::Space {}
}
