//! The distance from the core of a walking body, swept along an edge, to
//! each kind of obstacle: the kernel of walking clearances.
//!
//! The swept core is a vertical parallelogram (a segment when the edge is
//! vertical or a node, or at the widest body), measured as two triangles
//! with the exact 3D kernel of [`crate::geometry::space`]. Between the
//! parallelogram `Q` and a convex shape the closest pair (or a common
//! point) always involves a side of one of them: a side of `Q` against the
//! shape, or a side of the shape (an edge of a box or triangle, the segment
//! itself, a point) against `Q`'s two triangles. So the distance to a
//! triangle is the least of `Q`'s four sides to the triangle and the
//! triangle's three sides to `Q`; to a box, `Q`'s sides to the solid box and
//! the box's twelve edges to `Q`; and they meet exactly when one of those
//! meets, which the kernel decides exactly. A solid mesh is its triangles,
//! plus its inside: a `Q` that meets none of them lies wholly inside or
//! wholly outside, and one corner tells which.

use super::local::Local;
use crate::geometry::Mesh;
use crate::geometry::segment_circle::outside_ball;
use crate::geometry::space::{mesh_contains, segment_to_box, segment_to_triangle};
use crate::geometry::{AxisBox, Point3, Segment, Separation, Sphere, Triangle};
use crate::obstacle_index::NearShape;
#[cfg(test)]
use crate::obstacle3::Obstacle3;

/// The core of a body swept along an edge: corners `[a low, b low, b high,
/// a high]` (see [`Walking::core`](super::Walking)).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sweep {
    corners: [Point3; 4],
}

impl Sweep {
    /// The sweep with these corners.
    pub(crate) fn new(corners: [Point3; 4]) -> Sweep {
        Sweep { corners }
    }

    /// Its two triangles, `(a low, b low, b high)` then `(a low, b high, a
    /// high)`.
    fn triangles(&self) -> [Triangle; 2] {
        let [c0, c1, c2, c3] = self.corners;
        [
            Triangle {
                corners: [c0, c1, c2],
            },
            Triangle {
                corners: [c0, c2, c3],
            },
        ]
    }

    /// Its four sides, around from `a low`.
    fn sides(&self) -> [Segment<Point3>; 4] {
        let [c0, c1, c2, c3] = self.corners;
        [
            Segment::new(c0, c1),
            Segment::new(c1, c2),
            Segment::new(c2, c3),
            Segment::new(c3, c0),
        ]
    }

    /// The box around it.
    pub(crate) fn bounds(&self) -> (Point3, Point3) {
        let [c0, ..] = self.corners;
        self.corners[1..].iter().fold((c0, c0), |(lo, hi), p| {
            (
                Point3::new(lo.x.min(p.x), lo.y.min(p.y), lo.z.min(p.z)),
                Point3::new(hi.x.max(p.x), hi.y.max(p.y), hi.z.max(p.z)),
            )
        })
    }

    /// A segment of an obstacle (a point is a zero-length one) against the
    /// two triangles: the first strictly nearest.
    pub(crate) fn to_segment(self, s: Segment<Point3>) -> Separation<Point3> {
        nearest(
            self.triangles()
                .into_iter()
                .map(|t| flip(segment_to_triangle(s, t))),
        )
    }

    /// A point obstacle.
    pub(crate) fn to_point(self, p: Point3) -> Separation<Point3> {
        self.to_segment(Segment::new(p, p))
    }

    /// A solid ball: the distance to its centre less its radius, floored at
    /// 0, as [`segment_to_sphere`](crate::geometry::space::segment_to_sphere)
    /// measures it from an edge.
    pub(crate) fn to_sphere(self, ball: Sphere) -> Separation<Point3> {
        let centre = self.to_point(ball.center);
        outside_ball(
            centre.distance,
            centre.edge_point,
            ball.center,
            ball.radius,
            Point3::is_finite,
        )
    }

    /// A triangle (a surface): the sweep's sides to it, then its sides to
    /// the sweep.
    pub(crate) fn to_triangle(self, t: Triangle) -> Separation<Point3> {
        let [c0, c1, c2] = t.corners;
        let mine = self
            .sides()
            .into_iter()
            .map(|side| segment_to_triangle(side, t));
        let theirs = [
            Segment::new(c0, c1),
            Segment::new(c1, c2),
            Segment::new(c2, c0),
        ]
        .into_iter()
        .map(|side| self.to_segment(side));
        nearest(mine.chain(theirs))
    }

    /// A solid box: the sweep's sides to it, then its twelve edges to the
    /// sweep.
    pub(crate) fn to_box(self, b: AxisBox) -> Separation<Point3> {
        let mine = self.sides().into_iter().map(|side| segment_to_box(side, b));
        let theirs = box_edges(b).into_iter().map(|edge| self.to_segment(edge));
        nearest(mine.chain(theirs))
    }

    /// Whether a corner of the sweep lies in a solid mesh (see the module
    /// doc: with no triangle met, that decides whether the sweep is inside),
    /// the sweep measured from `origin` and the mesh where it is.
    pub(crate) fn inside(&self, mesh: &Mesh, origin: &Local) -> Option<Separation<Point3>> {
        let c0 = self.corners[0];
        let world = origin.point_back(c0);
        (mesh.is_solid() && mesh_contains(mesh, world)).then_some(Separation {
            distance: 0.0,
            edge_point: c0,
            obstacle_point: c0,
        })
    }

    /// A mesh, whole: its triangles, and its inside when it is solid;
    /// infinitely far for a mesh without triangles. (The index hands
    /// meshes over triangle by triangle; this is for the tests' twin.)
    #[cfg(test)]
    pub(crate) fn to_mesh(self, mesh: &Mesh) -> Separation<Point3> {
        let mut best: Option<Separation<Point3>> = None;
        for t in mesh.triangles() {
            let s = self.to_triangle(t);
            if s.distance == 0.0 {
                return s;
            }
            if best.is_none_or(|b| s.distance < b.distance) {
                best = Some(s);
            }
        }
        match best {
            None => Separation {
                distance: f64::INFINITY,
                edge_point: self.corners[0],
                obstacle_point: self.corners[0],
            },
            Some(b) => self.inside(mesh, &Local::WORLD).unwrap_or(b),
        }
    }

    /// A part the index found near the sweep; `None` for the inside of a
    /// solid mesh that does not hold the sweep's corner (its triangles
    /// measure the sweep then).
    pub(crate) fn to_part(
        self,
        shape: &NearShape<'_>,
        origin: &Local,
    ) -> Option<Separation<Point3>> {
        Some(match *shape {
            NearShape::Point(p) => self.to_point(p),
            NearShape::Sphere(s) => self.to_sphere(s),
            NearShape::Segment(s) => self.to_segment(s),
            NearShape::Triangle(t) => self.to_triangle(t),
            NearShape::Box(b) => self.to_box(b),
            NearShape::Inside(mesh) => return self.inside(mesh, origin),
        })
    }

    /// Any obstacle, whole (the direct computation the index is tested
    /// against).
    #[cfg(test)]
    pub(crate) fn to_obstacle(self, obstacle: &Obstacle3) -> Separation<Point3> {
        match obstacle {
            Obstacle3::Point(p) => self.to_point(*p),
            Obstacle3::Sphere(s) => self.to_sphere(*s),
            Obstacle3::Segment(s) => self.to_segment(*s),
            Obstacle3::Triangle(t) => self.to_triangle(*t),
            Obstacle3::Box(b) => self.to_box(*b),
            Obstacle3::Mesh(m) => self.to_mesh(m),
        }
    }
}

/// A separation measured from the obstacle's side, turned to the sweep's.
fn flip(s: Separation<Point3>) -> Separation<Point3> {
    Separation {
        distance: s.distance,
        edge_point: s.obstacle_point,
        obstacle_point: s.edge_point,
    }
}

/// The first strictly least of `candidates` (never empty), measured
/// lazily: once one is at distance 0 no later one can be strictly less
/// (distances are never negative), so the rest are not measured. A body
/// through a lintel or a wall is decided by the first side that meets it,
/// not by all sixteen of a box, and the witness is the one measuring every
/// candidate gives.
fn nearest(candidates: impl IntoIterator<Item = Separation<Point3>>) -> Separation<Point3> {
    let mut candidates = candidates.into_iter();
    let mut best = candidates.next().expect("at least one candidate");
    while best.distance != 0.0 {
        let Some(s) = candidates.next() else { break };
        if s.distance < best.distance {
            best = s;
        }
    }
    best
}

/// The twelve edges of a box: four along x, four along y, four along z.
fn box_edges(b: AxisBox) -> [Segment<Point3>; 12] {
    let (lo, hi) = (b.min, b.max);
    let at = |x: bool, y: bool, z: bool| {
        Point3::new(
            if x { hi.x } else { lo.x },
            if y { hi.y } else { lo.y },
            if z { hi.z } else { lo.z },
        )
    };
    let mut edges = [Segment::new(lo, lo); 12];
    let mut k = 0;
    for (u, v) in [(false, false), (true, false), (false, true), (true, true)] {
        edges[k] = Segment::new(at(false, u, v), at(true, u, v));
        edges[k + 1] = Segment::new(at(u, false, v), at(u, true, v));
        edges[k + 2] = Segment::new(at(u, v, false), at(u, v, true));
        k += 3;
    }
    edges
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64, z: f64) -> Point3 {
        Point3::new(x, y, z)
    }

    /// The core of a body of height 2, climb 0.5 and radius 0.25 walking
    /// along x from (0,0,0) to (4,0,0): the rectangle x in [0,4], y = 0,
    /// z in [0.75, 1.75].
    fn walk() -> Sweep {
        Sweep::new([
            p(0.0, 0.0, 0.75),
            p(4.0, 0.0, 0.75),
            p(4.0, 0.0, 1.75),
            p(0.0, 0.0, 1.75),
        ])
    }

    #[test]
    fn points_beside_above_and_beyond() {
        // Beside the middle: 3 from (2,0,1).
        let s = walk().to_point(p(2.0, 3.0, 1.0));
        assert_eq!((s.distance, s.edge_point), (3.0, p(2.0, 0.0, 1.0)));
        // Above: 2.25 - 1.75 = 0.5 from the top side.
        assert_eq!(walk().to_point(p(1.0, 0.0, 2.25)).distance, 0.5);
        // Beyond the end and above: (1, 0, 0.25) from the corner (4,0,1.75).
        let d = walk().to_point(p(5.0, 0.0, 2.0)).distance;
        assert!((d - (1.0f64 + 0.0625).sqrt()).abs() < 1e-15);
        // On the core: 0.
        assert_eq!(walk().to_point(p(3.0, 0.0, 1.0)).distance, 0.0);
    }

    #[test]
    fn a_beam_across_and_a_ball() {
        // A beam across the walk at height 2.5, over x = 1: 2.5 - 1.75.
        let beam = Segment::new(p(1.0, -5.0, 2.5), p(1.0, 5.0, 2.5));
        assert_eq!(walk().to_segment(beam).distance, 0.75);
        // Lowered to 1.5 it passes through the core.
        let low = Segment::new(p(1.0, -5.0, 1.5), p(1.0, 5.0, 1.5));
        assert_eq!(walk().to_segment(low).distance, 0.0);
        // A ball of radius 1 centred 3 to the side: 3 - 1.
        let ball = Sphere {
            center: p(2.0, 3.0, 1.0),
            radius: 1.0,
        };
        let s = walk().to_sphere(ball);
        assert_eq!((s.distance, s.obstacle_point), (2.0, p(2.0, 2.0, 1.0)));
    }

    #[test]
    fn boxes_at_the_side_top_and_bottom() {
        let side = AxisBox {
            min: p(1.0, 0.5, 0.0),
            max: p(2.0, 1.5, 3.0),
        };
        assert_eq!(walk().to_box(side).distance, 0.5);
        // A slab whose underside is 0.25 above the core's top.
        let top = AxisBox {
            min: p(-1.0, -1.0, 2.0),
            max: p(5.0, 1.0, 2.5),
        };
        assert_eq!(walk().to_box(top).distance, 0.25);
        // A floor whose top is 0.75 below the core's bottom (the feet).
        let floor = AxisBox {
            min: p(-1.0, -1.0, -1.0),
            max: p(5.0, 1.0, 0.0),
        };
        assert_eq!(walk().to_box(floor).distance, 0.75);
        // A box around the whole walk: inside is 0.
        let around = AxisBox {
            min: p(-1.0, -1.0, -1.0),
            max: p(5.0, 1.0, 3.0),
        };
        assert_eq!(walk().to_box(around).distance, 0.0);
        // A thin box the core passes through without a side of it
        // touching: a box edge pierces the core.
        let pin = AxisBox {
            min: p(1.0, -1.0, 1.0),
            max: p(1.5, 1.0, 1.25),
        };
        assert_eq!(walk().to_box(pin).distance, 0.0);
    }

    #[test]
    fn triangles_and_meshes() {
        // A triangle hanging in the core's plane beyond its end: 1 away.
        let t = Triangle {
            corners: [p(5.0, 0.0, 1.0), p(6.0, 0.0, 1.0), p(5.5, 0.0, 1.5)],
        };
        assert_eq!(walk().to_triangle(t).distance, 1.0);
        // A triangle crossing the core's interior, its corners off it.
        let across = Triangle {
            corners: [p(2.0, -1.0, 1.2), p(2.0, 1.0, 1.2), p(2.0, 0.0, 5.0)],
        };
        assert_eq!(walk().to_triangle(across).distance, 0.0);
        // A solid cube (as a closed mesh) around the whole core: no face
        // meets it, and its corner is inside.
        let v = vec![
            p(-1.0, -1.0, -1.0),
            p(5.0, -1.0, -1.0),
            p(5.0, 1.0, -1.0),
            p(-1.0, 1.0, -1.0),
            p(-1.0, -1.0, 3.0),
            p(5.0, -1.0, 3.0),
            p(5.0, 1.0, 3.0),
            p(-1.0, 1.0, 3.0),
        ];
        let faces = vec![
            [0, 2, 1],
            [0, 3, 2],
            [4, 5, 6],
            [4, 6, 7],
            [0, 1, 5],
            [0, 5, 4],
            [1, 2, 6],
            [1, 6, 5],
            [2, 3, 7],
            [2, 7, 6],
            [3, 0, 4],
            [3, 4, 7],
        ];
        let solid = Mesh::new(v.clone(), faces.clone(), true).unwrap();
        assert_eq!(walk().to_mesh(&solid).distance, 0.0);
        // The same faces as a hollow shell: 1.75 to the floor face
        // (z = -1), 1.25 to the roof (z = 3), 1 to the faces at y = ±1 and
        // at x = -1 and 5: 1.
        let shell = Mesh::new(v, faces, false).unwrap();
        assert_eq!(walk().to_mesh(&shell).distance, 1.0);
    }

    #[test]
    fn a_degenerate_sweep_is_its_segment() {
        // A node's core: the vertical segment (1,1,0.75)-(1,1,1.75).
        let node = Sweep::new([
            p(1.0, 1.0, 0.75),
            p(1.0, 1.0, 0.75),
            p(1.0, 1.0, 1.75),
            p(1.0, 1.0, 1.75),
        ]);
        assert_eq!(node.to_point(p(4.0, 5.0, 1.0)).distance, 5.0);
        assert_eq!(node.to_point(p(1.0, 1.0, 3.75)).distance, 2.0);
    }
}
