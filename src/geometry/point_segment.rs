//! Point to segment: the clamped projection.

use super::{Point, Segment, Separation};

/// The point of `segment` closest to `p`.
pub fn closest_point_on_segment(p: Point, segment: Segment) -> Point {
    let _ = (p, segment);
    unimplemented!("geometry helper")
}

/// The separation between an edge and an obstacle point.
pub fn segment_to_point(edge: Segment, p: Point) -> Separation {
    let _ = (edge, p);
    unimplemented!("geometry helper")
}
