//! The 3D exact twin (`exact3.rs`) applied to clearway's own 3D obstacles:
//! their coordinates read out as plain tuples, then measured by the twin,
//! which shares no code with `src/`. Used by the fuzz targets (by path,
//! `fuzz/src/lib.rs`).

use clearway::Obstacle3;
use clearway::geometry::{Point3, Segment};

use super::exact::sqrt_to_f64;
use super::exact3::{
    P3, point_segment_distance_2, segment_box_distance_2, segment_mesh_distance_2,
    segment_segment_distance_2, segment_triangle_distance_2,
};

/// A point as a plain tuple.
pub fn tup3(p: Point3) -> P3 {
    (p.x, p.y, p.z)
}

/// A plain tuple as a point.
pub fn pt3(p: P3) -> Point3 {
    Point3::new(p.0, p.1, p.2)
}

/// Two plain tuples as a segment.
pub fn seg3(a: P3, b: P3) -> Segment<Point3> {
    Segment::new(pt3(a), pt3(b))
}

/// The exact clearance between segment a-b and a loaded 3D obstacle (the
/// square root rounded to f64; infinite for a mesh with no triangles), and
/// whether the shapes meet: the exact squared distance is 0, or for a
/// sphere the centre's squared distance is at most the squared radius (its
/// clearance is the rounded centre distance minus the radius, floored at 0).
pub fn exact_segment_obstacle3_distance(a: P3, b: P3, o: &Obstacle3) -> (f64, bool) {
    let d2 = match o {
        Obstacle3::Point(p) => point_segment_distance_2(tup3(*p), a, b),
        Obstacle3::Sphere(s) => {
            let c2 = point_segment_distance_2(tup3(s.center), a, b);
            let r = super::exact::rat(s.radius);
            let meets = c2 <= &r * &r;
            return ((sqrt_to_f64(&c2) - s.radius).max(0.0), meets);
        }
        Obstacle3::Segment(w) => segment_segment_distance_2(a, b, tup3(w.a), tup3(w.b)),
        Obstacle3::Triangle(t) => segment_triangle_distance_2(a, b, t.corners.map(tup3)),
        Obstacle3::Box(x) => segment_box_distance_2(a, b, tup3(x.min), tup3(x.max)),
        Obstacle3::Mesh(m) => {
            let vertices: Vec<P3> = m.vertices().iter().map(|&v| tup3(v)).collect();
            match segment_mesh_distance_2(a, b, &vertices, m.triangle_indices(), m.is_solid()) {
                Some(d2) => d2,
                None => return (f64::INFINITY, false),
            }
        }
    };
    (sqrt_to_f64(&d2), num_traits::Zero::is_zero(&d2))
}
