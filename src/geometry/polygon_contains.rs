//! Point in solid polygon, by the even-odd rule.

use super::{Point, Polygon};

/// Whether `p` lies inside `polygon` or on its boundary (even-odd rule).
pub fn polygon_contains(polygon: &Polygon, p: Point) -> bool {
    let _ = (polygon, p);
    unimplemented!("geometry helper")
}
