//! Segment to solid disc.

use super::{Circle, Segment, Separation};

/// The separation between an edge and a solid disc.
pub fn segment_to_circle(edge: Segment, circle: Circle) -> Separation {
    let _ = (edge, circle);
    unimplemented!("geometry helper")
}
