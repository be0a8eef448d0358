//! The engine's 2D instance: [`Plane`] as a [`Dimension`], each item the 2D
//! function the engine called before it was generic, so that the
//! monomorphised 2D engine is the same code as the 2D-only one was.
//!
//! The 2D parts are in `part.rs`, the quick distances the search prunes
//! parts with in `quick_distance.rs`, and the bounds it prunes tree nodes
//! with (segment to a node's box) in `node_bound.rs`.

mod node_bound;
pub(super) mod part;
mod quick_distance;

use rstar::{AABB, RTreeObject};

use crate::dimension::{Dimension, Plane};
use crate::geometry::{Point, Segment, Separation, segment_to_point};
use crate::hilbert::HilbertGrid;
use crate::obstacle::Obstacle;
use node_bound::{box_box_distance_2, segment_box_distance_2};
use part::ObstaclePart;

impl Dimension for Plane {
    type Point = Point;
    type Obstacle = Obstacle;
    type Part = ObstaclePart;
    type Curve = HilbertGrid;
    type Narrow = [f32; 2];

    const HINTED: bool = false;

    #[inline(always)]
    fn distance(a: Point, b: Point) -> f64 {
        a.distance_to(b)
    }

    #[inline(always)]
    fn length_2(v: Point) -> f64 {
        v.length_2()
    }

    fn curve_around(points: impl IntoIterator<Item = Point>) -> Option<HilbertGrid> {
        HilbertGrid::around(points)
    }

    #[inline(always)]
    fn curve_key(curve: &HilbertGrid, p: Point) -> u64 {
        curve.key(p)
    }

    fn separation(obstacle: &Obstacle, edge: Segment) -> Separation {
        obstacle.separation_from(edge)
    }

    #[inline(always)]
    fn point_obstacle(obstacle: &Obstacle) -> Option<Point> {
        match obstacle {
            Obstacle::Point(p) => Some(*p),
            _ => None,
        }
    }

    fn pieces(obstacle: &Obstacle) -> impl Iterator<Item = u32> {
        ObstaclePart::pieces(obstacle)
    }

    #[inline(always)]
    fn piece(index: u32, obstacle: &Obstacle, piece: u32) -> ObstaclePart {
        ObstaclePart::piece(index, obstacle, piece)
    }

    #[inline(always)]
    fn part_key(part: &ObstaclePart) -> (u32, u32) {
        (part.obstacle, part.piece)
    }

    #[inline(always)]
    fn part_envelope(part: &ObstaclePart) -> AABB<Point> {
        part.envelope()
    }

    #[inline(always)]
    fn part_quick_2(part: &ObstaclePart, edge: Segment) -> f64 {
        part.quick_distance_2(edge)
    }

    #[inline(always)]
    fn part_separation(
        part: &ObstaclePart,
        edge: Segment,
        obstacles: &[Obstacle],
        may_win: impl Fn(f64) -> bool,
    ) -> Option<Separation> {
        part.separation_from(edge, obstacles, may_win)
    }

    #[inline(always)]
    fn point_quick_2(p: Point, edge: Segment) -> f64 {
        quick_distance::point_segment_2(p, edge)
    }

    #[inline(always)]
    fn point_separation(edge: Segment, p: Point) -> Separation {
        segment_to_point(edge, p)
    }

    #[inline(always)]
    fn segment_box_2(edge: Segment, lower: Point, upper: Point) -> f64 {
        segment_box_distance_2(edge, lower, upper)
    }

    #[inline(always)]
    fn box_box_2(a_lower: Point, a_upper: Point, b_lower: Point, b_upper: Point) -> f64 {
        box_box_distance_2(a_lower, a_upper, b_lower, b_upper)
    }

    #[inline(always)]
    fn segment_bounds(edge: Segment) -> (Point, Point) {
        (
            Point::new(edge.a.x.min(edge.b.x), edge.a.y.min(edge.b.y)),
            Point::new(edge.a.x.max(edge.b.x), edge.a.y.max(edge.b.y)),
        )
    }

    #[inline(always)]
    fn scale(edge: Segment) -> f64 {
        [edge.a.x, edge.a.y, edge.b.x, edge.b.y]
            .into_iter()
            .fold(0.0_f64, |m, c| m.max(c.abs()))
    }

    fn point_magnitude(p: Point) -> f64 {
        p.x.abs().max(p.y.abs())
    }

    fn obstacle_magnitude(obstacle: &Obstacle) -> f64 {
        let most = |points: &[Point]| {
            points
                .iter()
                .map(|&p| Plane::point_magnitude(p))
                .fold(0.0, f64::max)
        };
        match obstacle {
            Obstacle::Point(p) => Plane::point_magnitude(*p),
            Obstacle::Circle(c) => Plane::point_magnitude(c.center) + c.radius,
            Obstacle::Segment(s) => most(&[s.a, s.b]),
            Obstacle::Polygon(p) => most(p.vertices()),
        }
    }

    fn translated(obstacle: &Obstacle, by: Point) -> Option<Obstacle> {
        obstacle.translated(by)
    }

    fn obstacle_numbers(obstacle: &Obstacle) -> Vec<f64> {
        obstacle.numbers()
    }

    fn obstacle_problem(obstacle: &Obstacle) -> Option<String> {
        obstacle.problem()
    }

    fn obstacle_from_wire(
        entry: clearway_format::wire::ObstacleEntry,
        index: usize,
    ) -> Result<Obstacle, crate::map::ObstacleEntryError> {
        crate::map::flat_obstacle_from_wire(entry, index)
    }
}
