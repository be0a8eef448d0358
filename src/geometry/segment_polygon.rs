//! Segment to solid polygon.

use super::{Polygon, Segment, Separation};

/// The separation between an edge and a solid polygon (even-odd rule).
pub fn segment_to_polygon(edge: Segment, polygon: &Polygon) -> Separation {
    let _ = (edge, polygon);
    unimplemented!("geometry helper")
}
