//! Segment to segment.

use super::{Segment, Separation};

/// Whether two closed segments share at least one point (exact).
pub fn segments_intersect(s: Segment, t: Segment) -> bool {
    let _ = (s, t);
    unimplemented!("geometry helper")
}

/// The separation between an edge and a wall segment.
pub fn segment_to_segment(edge: Segment, wall: Segment) -> Separation {
    let _ = (edge, wall);
    unimplemented!("geometry helper")
}
