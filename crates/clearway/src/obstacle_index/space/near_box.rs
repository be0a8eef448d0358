//! The parts of a 3D index near a box, with a lower bound on their
//! distance: how walking clearances find what may pinch a body swept along
//! an edge (a vertical parallelogram, not a segment), and what may hold
//! its feet up.

use super::super::ObstacleIndex;
use super::super::bucket::{Bucket, Store};
use super::super::nearest::collect_buckets_where;
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
    /// Every part whose box meets the box `within` (touching counts) and
    /// comes within `cutoff` of the box `from`, appended to `out` in no
    /// particular order, with its bound measured from `from`. The tree is
    /// searched for `within` alone.
    ///
    /// A body swept along an edge grows sideways with its radius but never
    /// below its feet plus climb nor above its feet plus height: `within`
    /// is that region (with the ground under the feet), so the floors and
    /// ceilings a box grown on every side would meet are not visited.
    pub(crate) fn parts_near_box<'a>(
        &'a self,
        obstacles: &'a [Obstacle3],
        from: (Point3, Point3),
        cutoff: f64,
        within: (Point3, Point3),
        out: &mut Vec<NearPart<'a>>,
    ) {
        let mut buckets = Vec::new();
        self.buckets_meeting(within, usize::MAX, &mut buckets);
        self.parts_in(buckets, obstacles, from, cutoff, within, out);
    }

    /// Appends to `out` the buckets whose box meets `around` (touching
    /// counts), in the order of the tree's walk, unless there are more than
    /// `most` of them: then `false`. A part's box is inside its bucket's,
    /// so no other bucket holds a part that meets `around`.
    pub(super) fn buckets_meeting<'i>(
        &'i self,
        around: (Point3, Point3),
        most: usize,
        out: &mut Vec<&'i Bucket<Point3>>,
    ) -> bool {
        collect_buckets_where::<Space>(&self.trees, |l, u| meets(l, u, around), most, out)
    }

    /// What [`Self::parts_near_box`] appends, from `buckets`: those of them
    /// that meet `within` must be every bucket that meets it, in the
    /// order of the tree's walk (the others are skipped).
    pub(super) fn parts_in<'a>(
        &'a self,
        buckets: impl IntoIterator<Item = &'a Bucket<Point3>>,
        obstacles: &'a [Obstacle3],
        (lower, upper): (Point3, Point3),
        cutoff: f64,
        within: (Point3, Point3),
        out: &mut Vec<NearPart<'a>>,
    ) {
        // Whether a part's box meets `within`: comparisons only, exact.
        let meets = |l: Point3, u: Point3| meets(l, u, within);
        // The bounds are within a few ulps of the boxes' true distance; the
        // cut is as generous, and the bound handed on a little lower. Only
        // the parts that meet `within` are measured (most of a bucket's do
        // not).
        let bound_of = |l: Point3, u: Point3| {
            box_box_distance_2(lower, upper, l, u).sqrt() * (1.0 - 8.0 * f64::EPSILON)
        };
        for bucket in buckets {
            if !meets(bucket.lower, bucket.upper) {
                continue;
            }
            let run = bucket.first as usize..bucket.first as usize + usize::from(bucket.len);
            match bucket.store {
                Store::Points => {
                    for part in &self.parts.points[run] {
                        if !meets(part.p, part.p) {
                            continue;
                        }
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
                        if !meets(envelope.lower(), envelope.upper()) {
                            continue;
                        }
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

/// Whether the box `l..u` meets the box `within` (touching counts):
/// comparisons only, exact.
pub(crate) fn meets(l: Point3, u: Point3, (wl, wu): (Point3, Point3)) -> bool {
    l.x <= wu.x && wl.x <= u.x && l.y <= wu.y && wl.y <= u.y && l.z <= wu.z && wl.z <= u.z
}
