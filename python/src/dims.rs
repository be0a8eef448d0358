//! The two dimensions of a level, as numpy sees them: a position is a row
//! of 2 or 3 float64s; and what walking agents (3D only) need of them.

use clearway::geometry::{Point, Point3};
use clearway::render::{Flatten, ShownWalking};
use clearway::walking::{Walking, WalkingClearances};
use clearway::{Clearances, Map, Plane, Space};

/// What the bindings need of a dimension beyond the library's own traits:
/// how its points become array rows and back.
pub trait Dim: Flatten + Send + Sync + 'static {
    /// Coordinates per position.
    const N: usize;
    /// Appends `p`'s coordinates to `out`.
    fn push(p: Self::Point, out: &mut Vec<f64>);
    /// The point of one array row of `N` coordinates.
    fn point(row: &[f64]) -> Self::Point;
    /// A map of this dimension as a level of either.
    fn level(map: Map<Self>) -> crate::level::Inner;
    /// What a walking profile meets on every edge and node; `None` for a
    /// flat level, whose agents never walk (the loader refuses a height).
    fn walking(map: &Map<Self>, walking: Walking) -> Option<WalkingClearances>;
    /// The clearances of a walking agent of `radius` measured by `walk`
    /// ([`WalkingClearances::for_agent`]): every search written for
    /// spheres then answers for it.
    fn for_agent(map: &Map<Self>, walk: &WalkingClearances, radius: f64) -> Clearances<Self>;
    /// The walking agent's height and the stretches without ground that
    /// block it at `radius`, for a picture to draw, as `clearway render
    /// --agent`; `None` on a flat level.
    fn show_walking(
        map: &Map<Self>,
        walk: &WalkingClearances,
        radius: f64,
    ) -> Option<ShownWalking<Self::Point>>;
}

impl Dim for Plane {
    const N: usize = 2;
    fn push(p: Point, out: &mut Vec<f64>) {
        out.extend([p.x, p.y]);
    }
    fn point(row: &[f64]) -> Point {
        Point::new(row[0], row[1])
    }
    fn level(map: Map<Plane>) -> crate::level::Inner {
        crate::level::Inner::Plane(crate::measured::Measured::new(map))
    }
    fn walking(_: &Map<Plane>, _: Walking) -> Option<WalkingClearances> {
        None
    }
    /// Never asked (no flat level has a walking agent): the discs'
    /// clearances, as the command line answers.
    fn for_agent(map: &Map<Plane>, _: &WalkingClearances, _: f64) -> Clearances<Plane> {
        Clearances::compute(map)
    }
    fn show_walking(_: &Map<Plane>, _: &WalkingClearances, _: f64) -> Option<ShownWalking<Point>> {
        None
    }
}

impl Dim for Space {
    const N: usize = 3;
    fn push(p: Point3, out: &mut Vec<f64>) {
        out.extend([p.x, p.y, p.z]);
    }
    fn point(row: &[f64]) -> Point3 {
        Point3::new(row[0], row[1], row[2])
    }
    fn level(map: Map<Space>) -> crate::level::Inner {
        crate::level::Inner::Space(crate::measured::Measured::new(map))
    }
    fn walking(map: &Map<Space>, walking: Walking) -> Option<WalkingClearances> {
        Some(WalkingClearances::compute(map, walking))
    }
    fn for_agent(map: &Map<Space>, walk: &WalkingClearances, radius: f64) -> Clearances<Space> {
        walk.for_agent(map, radius)
    }
    fn show_walking(
        map: &Map<Space>,
        walk: &WalkingClearances,
        radius: f64,
    ) -> Option<ShownWalking<Point3>> {
        Some(ShownWalking {
            height: walk.walking().height,
            gaps: walk.ground_gaps(map, radius),
        })
    }
}
