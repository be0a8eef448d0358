//! Exact orientation of three points.

use super::Point;

/// Which way three points turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    /// `c` lies to the left of the directed line `a -> b`.
    CounterClockwise,
    /// `c` lies to the right of the directed line `a -> b`.
    Clockwise,
    /// The three points lie on one line.
    Collinear,
}

/// The exact orientation of `c` relative to the directed line `a -> b`.
pub fn orientation(a: Point, b: Point, c: Point) -> Orientation {
    let _ = (a, b, c);
    unimplemented!("geometry helper")
}
