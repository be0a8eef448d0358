//! The engine's 3D instance: [`Space`] as a [`Dimension`]. The search, the
//! buckets and the shards are the 2D engine's own code, compiled for
//! [`Point3`]; what is here is only what differs: the 3D parts
//! (`part.rs`), the bounds the search prunes tree nodes with (segment to a
//! node's box, `node_bound.rs`) and triangles with (`triangle_bound.rs`),
//! the 3D kernel ([`crate::geometry::space`]) and a Morton curve.

mod box_neighbourhood;
mod near_box;
mod node_bound;
mod part;
mod triangle_bound;

pub(crate) use box_neighbourhood::BoxNeighbourhood;
pub(crate) use near_box::{NearPart, NearShape, meets};

use rstar::AABB;

use crate::dimension::{Dimension, ObstacleOf, Space};
use crate::geometry::{Point3, Segment, Separation, space};
use crate::morton::MortonGrid;
use crate::obstacle3::Obstacle3;
use node_bound::{box_box_distance_2, point_segment_2, segment_box_distance_2};
use part::ObstaclePart;

impl ObstacleOf for Obstacle3 {
    type Dimension = Space;
}

impl Dimension for Space {
    type Point = Point3;
    type Obstacle = Obstacle3;
    type Part = ObstaclePart;
    type Curve = MortonGrid;
    type Narrow = [f32; 3];

    const HINTED: bool = true;

    #[inline(always)]
    fn distance(a: Point3, b: Point3) -> f64 {
        a.distance_to(b)
    }

    #[inline(always)]
    fn length_2(v: Point3) -> f64 {
        v.length_2()
    }

    fn curve_around(points: impl IntoIterator<Item = Point3>) -> Option<MortonGrid> {
        MortonGrid::around(points)
    }

    #[inline(always)]
    fn curve_key(curve: &MortonGrid, p: Point3) -> u64 {
        curve.key(p)
    }

    fn separation(obstacle: &Obstacle3, edge: Segment<Point3>) -> Separation<Point3> {
        obstacle.separation_from(edge)
    }

    #[inline(always)]
    fn point_obstacle(obstacle: &Obstacle3) -> Option<Point3> {
        match obstacle {
            Obstacle3::Point(p) => Some(*p),
            _ => None,
        }
    }

    fn pieces(obstacle: &Obstacle3) -> impl Iterator<Item = u32> {
        ObstaclePart::pieces(obstacle)
    }

    #[inline(always)]
    fn piece(index: u32, obstacle: &Obstacle3, piece: u32) -> ObstaclePart {
        ObstaclePart::piece(index, obstacle, piece)
    }

    #[inline(always)]
    fn part_key(part: &ObstaclePart) -> (u32, u32) {
        (part.obstacle, part.piece)
    }

    #[inline(always)]
    fn part_envelope(part: &ObstaclePart) -> AABB<Point3> {
        part.envelope()
    }

    #[inline(always)]
    fn part_quick_2(part: &ObstaclePart, edge: Segment<Point3>) -> f64 {
        part.quick_distance_2(edge)
    }

    #[inline(always)]
    fn part_separation(
        part: &ObstaclePart,
        edge: Segment<Point3>,
        obstacles: &[Obstacle3],
        _may_win: impl Fn(f64) -> bool,
    ) -> Option<Separation<Point3>> {
        part.separation_from(edge, obstacles)
    }

    #[inline(always)]
    fn point_quick_2(p: Point3, edge: Segment<Point3>) -> f64 {
        point_segment_2(p, edge)
    }

    #[inline(always)]
    fn point_separation(edge: Segment<Point3>, p: Point3) -> Separation<Point3> {
        space::segment_to_point(edge, p)
    }

    #[inline(always)]
    fn segment_box_2(edge: Segment<Point3>, lower: Point3, upper: Point3) -> f64 {
        segment_box_distance_2(edge, lower, upper)
    }

    #[inline(always)]
    fn box_box_2(a_lower: Point3, a_upper: Point3, b_lower: Point3, b_upper: Point3) -> f64 {
        box_box_distance_2(a_lower, a_upper, b_lower, b_upper)
    }

    #[inline(always)]
    fn segment_bounds(edge: Segment<Point3>) -> (Point3, Point3) {
        let (a, b) = (edge.a, edge.b);
        (
            Point3::new(a.x.min(b.x), a.y.min(b.y), a.z.min(b.z)),
            Point3::new(a.x.max(b.x), a.y.max(b.y), a.z.max(b.z)),
        )
    }

    #[inline(always)]
    fn scale(edge: Segment<Point3>) -> f64 {
        let (a, b) = (edge.a, edge.b);
        [a.x, a.y, a.z, b.x, b.y, b.z]
            .into_iter()
            .fold(0.0_f64, |m, c| m.max(c.abs()))
    }

    fn point_magnitude(p: Point3) -> f64 {
        p.x.abs().max(p.y.abs()).max(p.z.abs())
    }

    fn obstacle_magnitude(obstacle: &Obstacle3) -> f64 {
        let most = |points: &[Point3]| {
            points
                .iter()
                .map(|&p| Space::point_magnitude(p))
                .fold(0.0, f64::max)
        };
        match obstacle {
            Obstacle3::Point(p) => Space::point_magnitude(*p),
            Obstacle3::Sphere(s) => Space::point_magnitude(s.center) + s.radius,
            Obstacle3::Segment(s) => most(&[s.a, s.b]),
            Obstacle3::Triangle(t) => most(&t.corners),
            Obstacle3::Box(b) => most(&[b.min, b.max]),
            Obstacle3::Mesh(m) => most(m.vertices()),
        }
    }

    fn translated(obstacle: &Obstacle3, by: Point3) -> Option<Obstacle3> {
        obstacle.translated(by)
    }

    fn obstacle_numbers(obstacle: &Obstacle3) -> Vec<f64> {
        obstacle.numbers()
    }

    fn obstacle_problem(obstacle: &Obstacle3) -> Option<String> {
        obstacle.problem()
    }

    fn obstacle_from_wire(
        entry: clearway_format::wire::ObstacleEntry,
        index: usize,
    ) -> Result<Obstacle3, crate::map::ObstacleEntryError> {
        crate::map::solid_obstacle_from_wire(entry, index)
    }
}
