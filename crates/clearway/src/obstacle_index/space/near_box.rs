//! The parts of a 3D index near a box, with a lower bound on their
//! distance: how walking clearances find what may pinch a body swept along
//! an edge (a vertical parallelogram, not a segment), and what may hold
//! its feet up.

use rstar::AABB;

use super::super::ObstacleIndex;
use super::super::bucket::Store;
use super::super::nearest::collect_near_buckets;
use super::part::PartShape;
use crate::dimension::Space;
use crate::geometry::{AxisBox, Mesh, Point3, Segment, Sphere, Triangle};
pub(crate) use crate::obstacle_index::quick_bounds::box_box_distance_2;
use crate::obstacle3::Obstacle3;

/// The shape of a part found near a box.
#[derive(Clone, Copy, Debug)]
pub(crate) enum NearShape<'a> {
    /// A point obstacle.
    Point(Point3),
    /// A solid ball.
    Sphere(Sphere),
    /// A wall or beam.
    Segment(Segment<Point3>),
    /// A triangle obstacle, or one triangle of a mesh.
    Triangle(Triangle),
    /// A solid box.
    Box(AxisBox),
    /// The inside of a solid mesh (its triangles are parts of their own).
    Inside(&'a Mesh),
}

/// One part found near a box.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NearPart<'a> {
    /// The obstacle's index in the map.
    pub obstacle: u32,
    /// Which piece of it (as the index numbers them; a mesh's inside is the
    /// highest).
    pub piece: u32,
    /// A lower bound on the distance from the box to the part: the
    /// distance between their boxes, less a few ulps.
    pub bound: f64,
    /// The part's own box, lower and upper corners.
    pub envelope: (Point3, Point3),
    /// The part.
    pub shape: NearShape<'a>,
}

impl ObstacleIndex<Space> {
    /// Every part whose box comes within `cutoff` of the box `lower..upper`
    /// (touching counts), appended to `out` in no particular order. A part
    /// of an obstacle `alive` refuses is left out.
    pub(crate) fn parts_near_box<'a>(
        &'a self,
        obstacles: &'a [Obstacle3],
        (lower, upper): (Point3, Point3),
        cutoff: f64,
        out: &mut Vec<NearPart<'a>>,
    ) {
        let around = AABB::from_corners(lower, upper);
        let mut buckets = Vec::new();
        collect_near_buckets::<Space>(&self.trees, &around, cutoff, usize::MAX, &mut buckets);
        // The bounds are within a few ulps of the boxes' true distance; the
        // cut is as generous, and the bound handed on a little lower.
        let bound_of = |l: Point3, u: Point3| {
            box_box_distance_2(lower, upper, l, u).sqrt() * (1.0 - 8.0 * f64::EPSILON)
        };
        for bucket in buckets {
            let run = bucket.first as usize..bucket.first as usize + usize::from(bucket.len);
            match bucket.store {
                Store::Points => {
                    for part in &self.parts.points[run] {
                        let bound = bound_of(part.p, part.p);
                        if bound <= cutoff {
                            out.push(NearPart {
                                obstacle: part.obstacle,
                                piece: 0,
                                bound,
                                envelope: (part.p, part.p),
                                shape: NearShape::Point(part.p),
                            });
                        }
                    }
                }
                Store::Others => {
                    for part in &self.parts.others[run] {
                        let envelope = part.envelope();
                        let bound = bound_of(envelope.lower(), envelope.upper());
                        if bound > cutoff {
                            continue;
                        }
                        let shape = match part.shape {
                            PartShape::Sphere(s) => NearShape::Sphere(s),
                            PartShape::Segment(s) => NearShape::Segment(s),
                            PartShape::Triangle(t) => NearShape::Triangle(t),
                            PartShape::Box(b) => NearShape::Box(b),
                            PartShape::Interior { .. } => {
                                match obstacles.get(part.obstacle as usize) {
                                    Some(Obstacle3::Mesh(mesh)) => NearShape::Inside(mesh),
                                    _ => continue,
                                }
                            }
                        };
                        out.push(NearPart {
                            obstacle: part.obstacle,
                            piece: part.piece,
                            bound,
                            envelope: (envelope.lower(), envelope.upper()),
                            shape,
                        });
                    }
                }
            }
        }
    }
}
